//! The typed view of `reference/daimyo.ron`, and the rules in force for one battle.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::reference::{InForce, OptionalRule, Ruling};

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

crate::reference_tables!(DaimyoTables, "daimyo", DaimyoRulings);

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
