//! The typed view of `reference/skirmish.ron`, and the rules in force for one battle.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::reference::{InForce, OptionalRule, Ruling};

#[allow(missing_docs)]
mod raw {
    use super::Deserialize;

    #[derive(Debug, Deserialize)]
    pub struct UnitSizes {
        pub ashigaru_min: u32,
        pub ashigaru_max: u32,
        pub sohei_min: u32,
        pub sohei_max: u32,
        pub samurai_min: u32,
        pub samurai_max: u32,
        pub leaderless_min: u32,
        pub leaderless_max: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Coherency {
        pub leader: i64,
        pub ronin: i64,
        pub ninja: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Movement {
        pub foot: i64,
        pub ninja: i64,
        pub mounted: i64,
        pub obstacle: i64,
        pub charge: i64,
        pub ninja_charge: i64,
        pub leg_wound: i64,
        pub difficult_divisor: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Dice {
        pub ashigaru: i64,
        pub monk: i64,
        pub ninja: i64,
        pub ronin: i64,
        pub samurai: i64,
        pub hatamoto: i64,
        pub daimyo: i64,
        pub sides: u32,
        pub always_hits: u32,
        pub always_misses: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct MeleeHit {
        pub samurai_ronin_ninja: u32,
        pub others: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct FireHit {
        pub trained: u32,
        pub untrained: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Ranges {
        pub yumi_close: i64,
        pub yumi_long: i64,
        pub arquebus_close: i64,
        pub arquebus_long: i64,
        pub thrown_close: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct RateOfFire {
        pub yumi_shots_per_section: u32,
        pub thrown_shots_per_section: u32,
        pub arquebus_sections_per_shot: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct FireModifiers {
        pub cover: i64,
        pub armoured_or_ninja: i64,
        pub yumi_close: i64,
        pub arquebus_close: i64,
        pub firer_moved: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct MeleeModifiers {
        pub armoured_or_ninja: i64,
        pub defending_obstacle: i64,
        pub heavy_weapon: i64,
        pub charged: i64,
        pub mounted: i64,
        pub naginata_vs_mounted: i64,
        pub naginata_vs_foot: i64,
        pub arm_wound: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Results {
        pub sides: u32,
        pub dead_at_most: u32,
        pub leg_at_most: u32,
        pub arm_at_most: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct WoundsToKill {
        pub samurai: u32,
        pub hatamoto: u32,
        pub daimyo: u32,
        pub ronin: u32,
        pub ninja: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Morale {
        pub sides: u32,
        pub counts_at: u32,
        pub in_cover: i64,
        pub leader_alive: i64,
        pub leader_samurai: i64,
        pub in_open: i64,
        pub leader_dead: i64,
        pub under_ranged_attack: i64,
        pub rout_below: u32,
        pub carry_on_at: u32,
        pub half_lost_percent: u32,
        pub fleeing_friend_inches: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Precedence {
        pub dice: u32,
        pub sides: u32,
    }
}

pub use raw::*;

/// Every table of Samurai Skirmish, as the engine reads them.
#[allow(missing_docs)]
#[derive(Debug, Deserialize)]
pub struct SkirmishTables {
    pub unit_sizes: UnitSizes,
    pub coherency_inches: Coherency,
    pub movement_inches: Movement,
    pub dice: Dice,
    pub melee_hit: MeleeHit,
    pub fire_hit: FireHit,
    pub ranges_inches: Ranges,
    pub rate_of_fire: RateOfFire,
    pub fire_modifiers: FireModifiers,
    pub melee_modifiers: MeleeModifiers,
    pub results: Results,
    pub wounds_to_kill: WoundsToKill,
    pub morale: Morale,
    pub precedence: Precedence,
    pub rulings: BTreeMap<String, Ruling>,
    pub optional: BTreeMap<String, OptionalRule>,
}

crate::reference_tables!(SkirmishTables, "skirmish", SkirmishRulings);

/// The rules in force for one battle: the tables with house overrides, and chosen rulings.
pub type Rules = InForce<SkirmishTables>;

/// The rulings the skirmish code reads, each the option in force (see `reference/skirmish.ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct SkirmishRulings {
    /// What winning precedence gives.
    pub precedence: PrecedenceWinner,
    /// How parries cancel hits.
    pub parry: Parry,
    /// When hits are resolved.
    pub when_hits_resolve: WhenHitsResolve,
    /// What counts as half the unit lost for morale.
    pub half_lost: HalfLost,
    /// Whether a later good morale result ends an earlier hold.
    pub pass_ends_hold: PassEndsHold,
    /// When a morale test that has fallen due is taken.
    pub morale_when: MoraleWhen,
    /// Which units may try to rally.
    pub rally: Rally,
    /// When a unit may test for a fleeing friend passing it.
    pub fleeing_friend: FleeingFriend,
    /// Whether figures of units in melee shoot and are shot at in the firing section.
    pub fire_and_melee: FireAndMelee,
    /// What difficult ground halves.
    pub difficult_ground: DifficultGround,
}

/// What difficult ground halves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DifficultGround {
    /// `halve_last`: the whole move, worked out with its modifiers, is halved.
    HalveLast,
    /// `halve_the_base`: only the troop's own move is halved; the modifiers then apply whole.
    HalveTheBase,
}

/// Whether figures of units in melee shoot and are shot at in the firing section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireAndMelee {
    /// `may_shoot`: the text bars neither; being in melee changes nothing in the firing section.
    MayShoot,
    /// `not_in_melee`: a unit in melee neither shoots nor is shot at in the firing section
    /// (defensive fire at a charger, before contact, is not barred).
    NotInMelee,
}

/// When a morale test that has fallen due is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleWhen {
    /// `at_once`: before anything else happens.
    AtOnce,
    /// `before_section_ends`: play goes on; the section may not end until it is taken.
    BeforeSectionEnds,
}

/// Which units may try to rally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rally {
    /// `holding_units`: only a unit holding its ground after a morale test.
    HoldingUnits,
    /// `any_unit`: any unit that tests morale, when the umpire says it tries.
    AnyUnit,
}

/// When a unit may test for a fleeing friend passing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FleeingFriend {
    /// `after_a_friend_routs`: only in a turn a unit of its side routed.
    AfterAFriendRouts,
    /// `umpire_declares`: whenever the umpire says a fleeing friend passed.
    UmpireDeclares,
}

/// Whether a later good morale result ends an earlier hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassEndsHold {
    /// `ends_the_hold`.
    EndsTheHold,
    /// `hold_runs_its_turn`.
    HoldRunsItsTurn,
}

/// What winning precedence gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrecedenceWinner {
    /// `d6_high_chooses`.
    D6HighChooses,
    /// `d6_high_moves_first`.
    D6HighMovesFirst,
}

/// How parries cancel hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parry {
    /// `cancel_one_for_one`.
    CancelOneForOne,
    /// `all_hits_land`.
    AllHitsLand,
}

/// When hits are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WhenHitsResolve {
    /// `results_section`.
    ResultsSection,
    /// `at_once`.
    AtOnce,
}

/// What counts as half the unit lost for morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HalfLost {
    /// `half_this_turn`.
    HalfThisTurn,
    /// `half_of_starting`.
    HalfOfStarting,
}
