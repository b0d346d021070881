//! The typed view of `reference/daimyo.ron`, and the rules in force for one battle.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::reference::bounds::{amount, dice, distance, modifier, rating, sides};
use crate::reference::{Bound, Bounds, InForce, OptionalRule, Order, Roll, Ruling};

#[allow(missing_docs)]
mod raw {
    use super::Deserialize;

    #[derive(Debug, Deserialize)]
    pub struct Obedience {
        pub die: u32,
        pub target: i64,
        pub hatamoto_radius_cm: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Formation {
        pub line_min_wide: u32,
        pub line_max_deep: u32,
        pub column_min_deep: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Wheel {
        pub elite: i64,
        pub veteran: i64,
        pub seasoned: i64,
        pub raw: i64,
        pub disordered: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Turn {
        pub elite_veteran_quarters: i64,
        pub others_quarters: i64,
        pub disordered: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct FallBack {
        pub any_cm: i64,
        pub missile_halves: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Terrain {
        pub light_cm: i64,
        pub dense_foot: i64,
        pub dense_horse: i64,
        pub obstacle_foot_cm: i64,
        pub obstacle_horse_cm: i64,
        pub building_stands: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Column {
        pub good_going_cm: i64,
        pub road_times: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Charge {
        pub manoeuvre_halves: i64,
        pub straight_halves: i64,
        pub far_start_halves: i64,
        pub halt_short_cm: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Rout {
        pub dice: u32,
        pub sides: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Leaders {
        pub rating_min: i64,
        pub rating_max: i64,
        pub duel_die: u32,
        pub refusal: i64,
        pub duel_win: i64,
        pub refusal_retreat_cm: i64,
    }
}

pub use raw::*;

/// Every table of the Daimyo movement chapter, as the engine reads them.
#[allow(missing_docs)]
#[derive(Debug, Deserialize)]
pub struct DaimyoTables {
    pub obedience: Obedience,
    pub formation: Formation,
    pub wheel: Wheel,
    pub turn: Turn,
    pub fall_back: FallBack,
    pub terrain: Terrain,
    pub column: Column,
    pub charge: Charge,
    pub rout: Rout,
    pub leaders: Leaders,
    pub rulings: BTreeMap<String, Ruling>,
    pub optional: BTreeMap<String, OptionalRule>,
}

crate::reference_tables!(DaimyoTables, "daimyo", DaimyoRulings, BOUNDS);

/// A multiple of a distance or of a cost.
const TIMES: &str = "how many times a distance or cost counts";

/// The range of every number of the tables a house rule may change.
const BOUNDS: Bounds = Bounds {
    ranges: &[
        sides("obedience.die"),
        rating("obedience.target"),
        distance("*.*_cm"),
        Bound::new(
            "formation.*",
            1,
            48,
            "stands wide or deep (a unit has at most 48 stands)",
        ),
        Bound::new("wheel.*", 0, 10, TIMES),
        Bound::new("turn.*", 0, 10, TIMES),
        Bound::new(
            "fall_back.missile_halves",
            0,
            2,
            "halves of the normal move",
        ),
        Bound::new("terrain.dense_*", 1, 10, TIMES),
        Bound::new(
            "terrain.building_stands",
            1,
            48,
            "stands a building holds (a unit has at most 48)",
        ),
        Bound::new("column.road_times", 1, 10, TIMES),
        Bound::new("charge.*_halves", 0, 2, "halves of the charge allowance"),
        dice("rout.dice"),
        sides("rout.sides"),
        Bound::new("leaders.rating_*", 0, 100, "a leader's rating"),
        sides("leaders.duel_die"),
        modifier("leaders.refusal"),
        amount("leaders.duel_win"),
    ],
    orders: &[Order::at_most("leaders.rating_min", "leaders.rating_max")],
    rolls: &[Roll("{rout.dice}d{rout.sides}")],
};

/// The rules in force for one battle: the tables with house overrides, and chosen rulings.
pub type Rules = InForce<DaimyoTables>;

/// The rulings the daimyo code reads, each the option in force (see `reference/daimyo.ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct DaimyoRulings {
    /// The rating a unit without a Daimyo obeys with.
    pub leaderless_obedience: LeaderlessObedience,
    /// When a charge earns its straight-line bonus.
    pub charge_bonus: ChargeBonus,
    /// How a column's good-going bonus and its road move combine.
    pub column_road: ColumnRoad,
    /// When a charge may miss its target.
    pub charge_miss: ChargeMiss,
    /// Which targets test to receive a charge: the Charge list or the Charge Response.
    pub charged_tests: ChargedTests,
    /// How a unit that reformed this turn may meet a charge.
    pub reform_then_answer: ReformThenAnswer,
    /// What keeps a column off good going.
    pub column_good_going: ColumnGoodGoing,
}

/// Which targets test to receive a charge (ruling `charged_tests`): the chapter lists them
/// twice, and the lists differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargedTests {
    /// `charge_list` (lines 92-93): infantry, not elite or frenzied, in open terrain charged by
    /// cavalry; missile-armed ashigaru and peasants charged by anyone.
    ChargeList,
    /// `charge_response` (line 101): infantry, not elite or frenzied, charged by cavalry
    /// wherever they stand; any ashigaru and peasants charged by anyone.
    ChargeResponse,
}

/// How a unit that reformed this turn may meet a charge (ruling `reform_then_answer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReformThenAnswer {
    /// `answers_a_charge`: answering a charge is forced by combat: it may stand, fire,
    /// fall back and fire, or counter-charge.
    AnswersACharge,
    /// `stands_only`: it stands to receive the charge (wheeling or turning to face); firing,
    /// falling back and counter-charging are its own choice, which the reform forbids.
    StandsOnly,
}

/// What keeps a column off good going, so that it moves without its 3 cm (ruling
/// `column_good_going`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnGoodGoing {
    /// `light_or_dense`: a move through light or dense terrain; a linear obstacle is not
    /// ground, and the column keeps its 3 cm.
    LightOrDense,
    /// `any_bad_terrain`: light or dense terrain, or a linear obstacle crossed.
    AnyBadTerrain,
}

/// When a charge may miss its target (ruling `charge_miss`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeMiss {
    /// `fell_back_or_routs`: only a target that moved away (fell back, or routs) is missed.
    FellBackOrRouts,
    /// `umpire_says`: the umpire says whether any charge reached its target.
    UmpireSays,
}

/// How a column's good-going bonus and its road move combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnRoad {
    /// `road_doubles_the_move`: on a road, double the line move and no +3 cm.
    RoadDoublesTheMove,
    /// `road_doubles_with_bonus`: on a road, the line move plus 3 cm, doubled.
    RoadDoublesWithBonus,
}

/// The rating a unit without a Daimyo obeys with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderlessObedience {
    /// `rating_zero`.
    RatingZero,
    /// `general_rating`.
    GeneralRating,
}

/// When a charge earns its straight-line bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeBonus {
    /// `half_or_all_straight`.
    HalfOrAllStraight,
    /// `half_allowance`.
    HalfAllowance,
}
