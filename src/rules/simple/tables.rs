//! The typed view of `reference/simple.ron`, and the rules in force for one battle.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::reference::bounds::{
    MAX_DICE, MAX_DISTANCE, MAX_SIDES, amount, dice_each, distance, divisor, face, modifier,
    rating, sides,
};
use crate::reference::{Bound, Bounds, InForce, OptionalRule, Order, Ruling};
use crate::roster::MAX_LISTED;

#[allow(missing_docs)]
mod raw {
    use super::Deserialize;

    #[derive(Debug, Deserialize)]
    pub struct TroopDice {
        pub peasant: u32,
        pub ashigaru: u32,
        pub ronin: u32,
        pub samurai_foot: u32,
        pub samurai_guard: u32,
        pub monks: u32,
        pub cavalry: u32,
        pub daimyo: u32,
        pub animals: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Sequence {
        pub home_die: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct FormationFail {
        pub pass_on: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Allies {
        pub die_10000_koku: u32,
        pub die_5000_koku: u32,
        pub acts_on: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Fire {
        pub die: u32,
        pub volley_die: u32,
        pub volley_min_figures: u32,
        pub sharpshooter_bonus: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct ToHit {
        pub line_open: u32,
        pub line_soft: u32,
        pub line_hard: u32,
        pub skirmish_open: u32,
        pub skirmish_soft: u32,
        pub skirmish_hard: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Saves {
        pub die: u32,
        pub animal_die: u32,
        pub ordinary: u32,
        pub ordinary_vs_fail: u32,
        pub guard: u32,
        pub guard_vs_fail: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Ranges {
        pub arquebus: u32,
        pub bow: u32,
        pub gun: u32,
        pub wind_divisor: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Artillery {
        pub crew: u32,
        pub realign_die: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Melee {
        pub soft_cover: i64,
        pub hard_cover: i64,
        pub defender_retreating: i64,
        pub flank: i64,
        pub rear: i64,
        pub spear_support: i64,
        pub spear_against_none: i64,
        pub pike_support: i64,
        pub pike_against_none: i64,
        pub formation_fail: i64,
        pub no_friendly_contact: i64,
        pub max_attackers: usize,
        pub max_attackers_touching_friend: usize,
    }
    #[derive(Debug, Deserialize)]
    pub struct Morale {
        pub dead_die: u32,
        pub formation_fail_dice: u32,
        pub friend_retreating_dice: u32,
        pub retreat_moves: u32,
        pub peasant_open: u32,
        pub peasant_soft: u32,
        pub peasant_hard: u32,
        pub ashigaru_open: u32,
        pub ashigaru_soft: u32,
        pub ashigaru_hard: u32,
        pub ronin_open: u32,
        pub ronin_soft: u32,
        pub ronin_hard: u32,
        pub friend_retreating_within_cm: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Cards {
        pub deck: u32,
        pub blank: u32,
        pub conch_units: u32,
        pub ninja_die: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Terrain {
        pub pieces_die: u32,
        pub squares: u32,
        pub ambush_squares: u32,
        pub reinforcement_die: u32,
        pub village_piece: u32,
        pub village_peasants: u32,
        pub board_width_cm: u32,
        pub board_depth_cm: u32,
        pub square_cm: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct River {
        pub die: u32,
        pub fast_up_to: u32,
        pub steady_up_to: u32,
        pub steady_foot_drown_up_to: u32,
        pub steady_cavalry_drown_up_to: u32,
        pub slow_foot_drown_up_to: u32,
        pub slow_cavalry_drown_up_to: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Burning {
        pub die: u32,
        pub cart_alight_on: u32,
        pub haystack_alight_on: u32,
        pub samurai_alight_on: u32,
        pub already_burning_alight_on: u32,
        pub escape_on: u32,
        pub spread_inches_per_sequence: u32,
        pub cart_burns_sequences: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Smoke {
        pub die: u32,
        pub wind_up_to: u32,
        pub direction_die: u32,
        pub travel_cm_per_sequence: u32,
        pub lasts_sequences: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Structures {
        pub stone_building: u32,
        pub wooden_building: u32,
        pub stone_linear_per_15cm: u32,
        pub wooden_linear_per_15cm: u32,
        pub fieldworks_per_15cm: u32,
        pub section_cm: u32,
        pub unusable_at: u32,
        pub soft_needs: u32,
        pub hard_needs: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Movement {
        pub infantry_standard: f64,
        pub infantry_road: f64,
        pub infantry_soft: f64,
        pub infantry_hard: f64,
        pub infantry_retreat: f64,
        pub cavalry_standard: f64,
        pub cavalry_road: f64,
        pub cavalry_soft: f64,
        pub cavalry_hard: f64,
        pub cavalry_retreat: f64,
        pub wagon_two_beasts: f64,
        pub wagon_one_beast: f64,
        pub wagon_pushed_one_figure: f64,
        pub wagon_pushed_per_extra_figure: f64,
        pub wagon_pushed_max_figures: u32,
        /// The animals that pull a wagon at the two-beast rate: a wagon unit's figures
        /// when its roster does not say.
        pub wagon_team: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Army {
        pub figures_per_unit: u32,
        pub basic_koku: u32,
        pub basic_ashigaru_units: usize,
        pub basic_samurai_foot_units: usize,
        pub basic_cavalry_units: usize,
        pub basic_guard_units: usize,
        pub basic_archer_units: usize,
        pub basic_arquebus_units: usize,
        pub basic_spear_units: usize,
        pub basic_pike_units: usize,
        pub guard_flagbearers: u32,
        pub arquebus_per_sharpshooter: u32,
        pub building_capacity: u32,
    }
}

pub use raw::*;

/// Every table of Simple Samurai Rules, as the engine reads them.
#[allow(missing_docs)]
#[derive(Debug, Deserialize)]
pub struct SimpleTables {
    pub troop_dice: TroopDice,
    pub sequence: Sequence,
    pub formation_fail: FormationFail,
    pub allies: Allies,
    pub fire: Fire,
    pub to_hit: ToHit,
    pub saves: Saves,
    pub ranges_cm: Ranges,
    pub artillery: Artillery,
    pub melee: Melee,
    pub morale: Morale,
    pub cards: Cards,
    pub terrain: Terrain,
    pub river: River,
    pub burning: Burning,
    pub smoke: Smoke,
    pub structures: Structures,
    pub movement_cm: Movement,
    pub army: Army,
    pub rulings: BTreeMap<String, Ruling>,
    pub optional: BTreeMap<String, OptionalRule>,
}

crate::reference_tables!(SimpleTables, "simple", SimpleRulings, BOUNDS);

/// A count of figures or units.
const FIGURES: &str = "figures or units (an army lists at most 250)";
/// How long something lasts.
const SEQUENCES: &str = "sequences or moves it lasts";
/// A structure's strength.
const STRENGTH: &str = "hits a structure takes";

/// The range of every number of the tables a house rule may change.
const BOUNDS: Bounds = Bounds {
    ranges: &[
        sides("troop_dice.*"),
        sides("*.die"),
        sides("*.*_die"),
        sides("*.die_*"),
        rating("formation_fail.pass_on"),
        rating("allies.acts_on"),
        Bound::new("fire.volley_min_figures", 1, MAX_LISTED as i64, FIGURES),
        amount("fire.sharpshooter_bonus"),
        rating("to_hit.*"),
        rating("saves.*"),
        divisor("ranges_cm.wind_divisor"),
        distance("ranges_cm.*"),
        Bound::new("artillery.crew", 1, MAX_LISTED as i64, FIGURES),
        Bound::new("melee.max_attackers*", 1, MAX_LISTED as i64, FIGURES),
        modifier("melee.*"),
        dice_each("morale.*_dice"),
        Bound::new("morale.retreat_moves", 1, 100, SEQUENCES),
        distance("morale.*_cm"),
        rating("morale.*"),
        Bound::new(
            "cards.deck",
            2,
            255,
            "cards in the event deck (numbered in a byte)",
        ),
        Bound::new("cards.blank", 0, 255, "blank cards in the deck"),
        Bound::new(
            "cards.conch_units",
            0,
            255,
            "units sent back (counted in a byte)",
        ),
        Bound::new(
            "terrain.squares",
            4,
            MAX_SIDES,
            "squares of the board (a die of that many faces, and two of half)",
        ),
        Bound::new(
            "terrain.ambush_squares",
            1,
            MAX_SIDES,
            "squares an ambush may be in",
        ),
        Bound::new(
            "terrain.village_piece",
            0,
            MAX_SIDES,
            "a face of the terrain die",
        ),
        Bound::new("terrain.village_peasants", 0, MAX_LISTED as i64, FIGURES),
        Bound::new("terrain.*_cm", 1, MAX_DISTANCE, "a distance"),
        Bound::new(
            "river.*_up_to",
            0,
            MAX_SIDES,
            "a face of the river die (0: none)",
        ),
        face("burning.*_on"),
        distance("burning.spread_inches_per_sequence"),
        Bound::new("burning.cart_burns_sequences", 1, 100, SEQUENCES),
        Bound::new(
            "smoke.wind_up_to",
            0,
            MAX_SIDES,
            "a face of the smoke die (0: none)",
        ),
        distance("smoke.travel_cm_per_sequence"),
        Bound::new("smoke.lasts_sequences", 1, 100, SEQUENCES),
        Bound::new("structures.unusable_at", 0, MAX_DICE, STRENGTH),
        rating("structures.*_needs"),
        Bound::new("structures.*", 1, MAX_DICE, STRENGTH),
        Bound::new("movement_cm.wagon_*_figures", 1, MAX_LISTED as i64, FIGURES),
        Bound::new("movement_cm.wagon_team", 1, MAX_LISTED as i64, FIGURES),
        distance("movement_cm.*"),
        Bound::new(
            "army.figures_per_unit",
            1,
            MAX_LISTED as i64 / 4,
            "figures in a unit (four units' worth at most 250)",
        ),
        Bound::new("army.basic_koku", 0, 10_000_000, "koku of an army"),
        Bound::new("army.*", 0, MAX_LISTED as i64, FIGURES),
    ],
    orders: &[
        Order::at_most("cards.blank", "cards.deck"),
        Order::at_most("terrain.village_piece", "terrain.pieces_die"),
        Order::at_most("terrain.ambush_squares", "terrain.squares"),
        Order::at_most("river.fast_up_to", "river.steady_up_to"),
        Order::at_most("river.*_up_to", "river.die"),
        Order::at_most("burning.*_on", "burning.die"),
        Order::at_most("smoke.wind_up_to", "smoke.die"),
    ],
    rolls: &[],
};

/// The rules in force for one battle: the tables with house overrides, and chosen rulings.
pub type Rules = InForce<SimpleTables>;

/// The rulings the simple code reads, each the option in force (see `reference/simple.ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct SimpleRulings {
    /// How two dice add up to a score needed.
    pub combined_score: CombinedScore,
    /// Where the army goes when its Daimyo dies.
    pub daimyo_killed: DaimyoKilled,
    /// Whether a naginata counts as a spear.
    pub naginata_is_spear: NaginataIsSpear,
    /// How long a wind card lasts.
    pub wind_lasts: WindLasts,
    /// How the reinforcement square is diced.
    pub reinforcement_square: ReinforcementSquare,
    /// How a lone Daimyo stands when fired at.
    pub daimyo_cover: DaimyoCover,
    /// What arriving allied Monks fight with.
    pub monk_weapon: MonkWeapon,
    /// Whether a defender turns to face a flank or rear attack.
    pub turn_to_face: TurnToFace,
    /// How many moves a change of formation takes when its furthest figure has further to
    /// go than one move.
    pub formation_change: FormationChange,
    /// Whether a turn without firing clears smoke that a turn of firing before it would renew.
    pub smoke_timing: SmokeTiming,
    /// When a unit may move through another friendly unit.
    pub pass_through: PassThrough,
    /// Whether 4 figures may set on any defender or only on a skirmisher.
    pub attackers_limit: AttackersLimit,
}

/// How many figures may attack one defending figure (Melee: up to 4 "if in skirmish", 3 when
/// he touches a friend).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackersLimit {
    /// `every_defender`: up to 4 on any defender, 3 when he touches a friendly figure.
    EveryDefender,
    /// `skirmish_order`: up to 4 only on a skirmisher (3 when he touches a friend); 3 on any
    /// other defender.
    SkirmishOrder,
}

/// When a unit may move through another friendly unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassThrough {
    /// When either is in skirmish order or is archers, who can form skirmish.
    EitherCanSkirmish,
    /// Only when either is in skirmish order.
    InSkirmishOrder,
}

/// Whether a turn without firing clears smoke that a turn of firing before it would renew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmokeTiming {
    /// A turn without firing clears the smoke.
    QuietTurnClears,
    /// A turn of firing renews the smoke over a unit that stays the next turn.
    FiringRenews,
}

/// How many moves a change of formation takes when its furthest figure has further to go
/// than one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FormationChange {
    /// One further move finishes it.
    OneFurtherMove,
    /// Each further move takes the furthest figure one move's distance until it arrives.
    MoveByMove,
}

/// Whether a defender turns to face a flank or rear attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnToFace {
    /// `unless_engaged`: he turns (no flank or rear bonus) unless in melee to his front.
    UnlessEngaged,
    /// `as_declared`: the attacker's flank or rear counts as the umpire declares it.
    AsDeclared,
}

/// How a lone Daimyo stands when fired at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DaimyoCover {
    /// `line_in_open`: a figure in line or column in the open (6 to hit).
    LineInOpen,
    /// `skirmish_in_open`: a lone figure counts as in skirmish, in the open (7 to hit).
    SkirmishInOpen,
}

/// What arriving allied Monks fight with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MonkWeapon {
    /// `naginata`: which counts as a spear under ruling `naginata_is_spear`.
    Naginata,
    /// `sword`: no weapon modifier.
    Sword,
}

/// How two dice add up to a score needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombinedScore {
    /// `pairs_reach`.
    PairsReach,
    /// `pairs_exact`.
    PairsExact,
}

/// Where the army goes when its Daimyo dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DaimyoKilled {
    /// `base_line`.
    BaseLine,
    /// `off_table`.
    OffTable,
}

/// Whether a naginata counts as a spear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NaginataIsSpear {
    /// `spear`.
    Spear,
    /// `no_modifier`.
    NoModifier,
}

/// How long a wind card lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WindLasts {
    /// `two_turns`.
    TwoTurns,
    /// `drawers_turn`.
    DrawersTurn,
}

/// How the reinforcement square is diced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReinforcementSquare {
    #[serde(rename = "d24")]
    /// `d24`.
    D24,
    #[serde(rename = "2d12")]
    /// `2d12`.
    TwoD12,
}
