//! The typed view of `reference/sky.ron`, and the rules in force for one battle.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::reference::{InForce, OptionalRule, Ruling};

#[allow(missing_docs)]
mod raw {
    use super::Deserialize;

    #[derive(Debug, Deserialize)]
    pub struct Command {
        pub clan_leader: i64,
        pub general: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Bushi {
        pub samurai: i64,
        pub warrior_monks: i64,
        pub ashigaru: i64,
        pub peasants: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Organisation {
        pub cavalry_stands_min: u32,
        pub cavalry_stands_max: u32,
        pub infantry_stands_min: u32,
        pub infantry_stands_max: u32,
        pub line_width_min: u32,
        pub line_width_max: u32,
        pub clan_units_min: usize,
        pub clan_units_max: usize,
    }
    #[derive(Debug, Deserialize)]
    pub struct CommandRolls {
        pub dice: u32,
        pub sides: u32,
        /// The Command of a Clan Leader attached to a unit changes by this (a reduction).
        pub attached_leader_command: i64,
        /// The Command of the last side's leaders trying their clans changes by this.
        pub last_side_command: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Dice {
        pub dice: u32,
        pub sides: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Actions {
        pub dice: u32,
        pub sides: u32,
        pub keep_highest: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct ActionCosts {
        pub move_or_charge: u32,
        pub cross_obstacle: u32,
        pub reload_arquebus: u32,
        pub fire: u32,
        pub melee: u32,
        pub rout_move: u32,
        pub samurai_impetus_charge: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Movement {
        pub foot: i64,
        pub foot_charge_bonus: i64,
        pub mounted: i64,
        pub mounted_charge_bonus: i64,
        pub leader: i64,
        /// A unit carrying Tedate moves this much more (a reduction), in inches.
        pub tedate: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Ranges {
        pub foot_bow: i64,
        pub mounted_bow: i64,
        pub arquebus: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct FireDice {
        pub per_stand: u32,
        pub sides: u32,
        pub disordered_divisor: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct HitTarget {
        pub samurai: i64,
        pub armoured_ashigaru_or_monk: i64,
        pub unarmoured: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Casualties {
        pub hits_per_stand: u32,
        pub cover_divisor: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct MeleeDice {
        pub sides: u32,
        pub samurai: u32,
        pub warrior_monks: u32,
        pub ashigaru: u32,
        pub peasants: u32,
        pub mounted_bonus: u32,
        pub charging_bonus: u32,
        pub pole_arm_second_rank_bonus: u32,
        pub disordered_divisor: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct BushiTest {
        pub dice: u32,
        pub sides: u32,
        /// Added to the dice of a charge or stand test with a Clan Leader attached.
        pub attached_leader_dice: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct RouteTest {
        pub dice: u32,
        pub sides: u32,
        pub per_stand_lost: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Injury {
        pub sides: u32,
        pub injured_on: u32,
        /// What an injury changes the Clan Leader's Command by (a reduction).
        pub command_change: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Honor {
        pub command_gain: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Dishonor {
        /// What dishonor changes the Clan Leader's Command by (a reduction).
        pub command_change: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Spirit {
        pub sides: u32,
        pub low_face: u32,
        pub high_face: u32,
        pub bushi_change: i64,
    }
}

pub use raw::*;

/// Every table of From the Sky we Came, as the engine reads them.
#[allow(missing_docs)]
#[derive(Debug, Deserialize)]
pub struct SkyTables {
    pub command: Command,
    pub bushi: Bushi,
    pub organisation: Organisation,
    pub command_rolls: CommandRolls,
    pub initiative: Dice,
    pub actions: Actions,
    pub action_costs: ActionCosts,
    pub movement_inches: Movement,
    pub ranges_inches: Ranges,
    pub fire_dice: FireDice,
    pub hit_target: HitTarget,
    pub casualties: Casualties,
    pub melee_dice: MeleeDice,
    pub bushi_test: BushiTest,
    pub route_test: RouteTest,
    pub injury: Injury,
    pub honor: Honor,
    pub dishonor: Dishonor,
    pub spirit: Spirit,
    pub rulings: BTreeMap<String, Ruling>,
    pub optional: BTreeMap<String, OptionalRule>,
}

crate::reference_tables!(SkyTables, "sky", SkyRulings);

/// The rules in force for one battle: the tables with house overrides, and chosen rulings.
pub type Rules = InForce<SkyTables>;

/// The rulings the sky code reads, each the option in force (see `reference/sky.ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct SkyRulings {
    /// How a charge test passes against Bushi.
    pub charge_test_pass: ChargeTestPass,
    /// How halving hits for cover rounds.
    pub cover_rounding: CoverRounding,
    /// What equal hits in melee do.
    pub melee_tie: MeleeTie,
    /// How an attached leader fights.
    pub leader_in_melee: LeaderInMelee,
    /// What makes an attached leader test for injury.
    pub injury_trigger: InjuryTrigger,
    /// When a unit is weak enough to test for rout.
    pub route_threshold: RouteThreshold,
    /// Which Command rolls an attached leader lowers.
    pub attached_penalty: AttachedPenalty,
    /// Which tests the optional first-Bushi roll precedes.
    pub spirit_roll_scope: SpiritRollScope,
    /// What makes a weakened unit take a Route test.
    pub route_trigger: RouteTrigger,
    /// Whether a unit rallied in the Morale phase may also try to re-order in it.
    pub rally_then_reorder: RallyThenReorder,
    /// Whether a routing unit may shoot at a charger.
    pub routing_defensive_fire: RoutingDefensiveFire,
}

/// How a charge test passes against Bushi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeTestPass {
    /// `at_or_under`.
    AtOrUnder,
    /// `strictly_under`.
    StrictlyUnder,
}

/// How halving hits for cover rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoverRounding {
    /// `down`.
    Down,
    /// `up`.
    Up,
}

/// What equal hits in melee do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeleeTie {
    /// `neither_withdraws`.
    NeitherWithdraws,
    /// `both_withdraw`.
    BothWithdraw,
}

/// How an attached leader fights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderInMelee {
    /// `stand_with_unit_bonuses`.
    StandWithUnitBonuses,
    /// `samurai_dice_only`.
    SamuraiDiceOnly,
}

/// What makes an attached leader test for injury.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InjuryTrigger {
    /// `stand_lost`.
    StandLost,
    /// `any_hits`.
    AnyHits,
}

/// When a unit is weak enough to test for rout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteThreshold {
    /// `half_or_less`.
    HalfOrLess,
    /// `under_half`.
    UnderHalf,
}

/// Which Command rolls an attached leader lowers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttachedPenalty {
    /// `all_command_rolls`.
    AllCommandRolls,
    /// `activation_only`.
    ActivationOnly,
}

/// Which tests the optional first-Bushi roll precedes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpiritRollScope {
    /// `any_test_against_bushi`.
    AnyTestAgainstBushi,
    /// `bushi_tests_only`.
    BushiTestsOnly,
}

/// What makes a weakened unit take a Route test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteTrigger {
    /// `stand_lost`: a stand lost, leaving the unit at the threshold.
    StandLost,
    /// `any_hits`: any hits taken while at the threshold.
    AnyHits,
}

/// Whether a unit rallied in the Morale phase may also try to re-order in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RallyThenReorder {
    /// `one_attempt`: one attempt per unit per phase.
    OneAttempt,
    /// `may_reorder`: a rallied unit may then try to re-order.
    MayReorder,
}

/// Whether a routing unit may shoot at a charger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutingDefensiveFire {
    /// `not_when_routing`: it faces away, so it does not shoot.
    NotWhenRouting,
    /// `routing_may_fire`: it shoots like any unit with bows or loaded arquebuses.
    RoutingMayFire,
}
