//! What the umpire can ask for in a Sky battle.

use serde::{Deserialize, Serialize};

use super::roster::{Formation, Weapon};
use super::state::{ClanRef, MoraleKind, UnitRef};

/// A Sky command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Both Generals roll 2d6 + clans under control.
    RollInitiative,
    /// The side whose round it is tries to activate one of its clans.
    TryActivation(ClanRef),
    /// The General steps in for the clan that just missed (the umpire confirms line of sight).
    GeneralStepsIn,
    /// The General does not step in: the round passes.
    DeclineGeneral,
    /// The activated clan rolls its actions.
    RollActions,
    /// A routing unit has made its full move to the rear; `left_table` if it reached the edge.
    RoutMove {
        /// The unit.
        unit: UnitRef,
        /// It reached the table edge and is removed.
        left_table: bool,
    },
    /// A Samurai unit is not within charge distance of enemy Samurai.
    NoImpetus(UnitRef),
    /// A Samurai unit near enemy Samurai will charge them as the rules ask (with the Charge form).
    ImpetusObeyed(UnitRef),
    /// A Samurai unit driven by Bushi finds no enemy Samurai it can reach: it stays disordered.
    ImpetusBlocked(UnitRef),
    /// The umpire's decision: a Samurai unit near enemy Samurai is ordered to do something
    /// else, so it owes the Bushi test.
    ImpetusOrderedOtherwise(UnitRef),
    /// The Bushi test of a Samurai unit ordered to do something other than charge the enemy
    /// Samurai.
    ImpetusTest(UnitRef),
    /// Move (1 action), crossing an obstacle (+1).
    Move {
        /// The unit.
        unit: UnitRef,
        /// It crosses a wall or obstacle.
        cross_obstacle: bool,
    },
    /// Reload an arquebus (1 action).
    Reload(UnitRef),
    /// Fire bows or arquebus (0 actions).
    Fire {
        /// The firing unit.
        unit: UnitRef,
        /// The weapon used.
        weapon: Weapon,
        /// The target.
        target: UnitRef,
        /// The umpire measured it in range.
        in_range: bool,
        /// The target is in cover (building, castle wall); Tedate counts by itself.
        cover: bool,
    },
    /// Charge an enemy unit (1 action; none when Bushi drives Samurai at Samurai), over a
    /// wall or obstacle for one more.
    Charge {
        /// The charging unit.
        unit: UnitRef,
        /// The target.
        target: UnitRef,
        /// It crosses a wall or obstacle on the way.
        #[serde(default)]
        cross_obstacle: bool,
    },
    /// The charged unit fires at the charger.
    DefensiveFire {
        /// The weapon used.
        weapon: Weapon,
        /// In range.
        in_range: bool,
        /// The charger is in cover.
        cover: bool,
    },
    /// The charged unit does not fire.
    SkipDefensiveFire,
    /// The charger's Bushi test to contact.
    ChargerTest,
    /// The target's Bushi test to stand.
    TargetTest,
    /// After the target fled: whether the charger still contacts it.
    StillContacted(bool),
    /// Fight the melee.
    FightMelee,
    /// Units already in contact fight a melee (0 actions), without charging.
    Melee {
        /// The activated unit.
        unit: UnitRef,
        /// The enemy in contact.
        target: UnitRef,
    },
    /// A Route test.
    RouteTest(UnitRef),
    /// A Clan Leader's injury roll.
    InjuryRoll(UnitRef),
    /// The optional first-Bushi-test roll.
    SpiritRoll(UnitRef),
    /// The activated clan is done.
    EndActivation,
    /// A rally or re-order attempt.
    Morale {
        /// The unit.
        unit: UnitRef,
        /// Rally or re-order.
        kind: MoraleKind,
        /// The General tries after the Clan Leader failed.
        by_general: bool,
    },
    /// Do not try this rally, re-order or General's retry.
    SkipMorale(UnitRef),
    /// The Morale phase is done: roll call.
    EndMorale,
    /// Start the next turn.
    NextTurn,
    /// At the roll call, the umpire corrects a unit's count to what the table shows.
    CorrectCount {
        /// The unit.
        unit: UnitRef,
        /// Its stands on the table (none: it is gone).
        stands: u32,
        /// The hits marked on it.
        marked: u32,
    },
    /// Attach a Clan Leader to one of his units, or detach him (`None`).
    Attach {
        /// The clan.
        clan: ClanRef,
        /// The unit index in the clan, or none.
        unit: Option<u8>,
    },
    /// The umpire records a change of formation.
    SetFormation {
        /// The unit.
        unit: UnitRef,
        /// The new formation.
        formation: Formation,
    },
    /// The umpire declares the battle over.
    EndBattle,
}

impl Command {
    /// A short kind name for the log filter.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::RollInitiative => "initiative",
            Command::TryActivation(_)
            | Command::GeneralStepsIn
            | Command::DeclineGeneral
            | Command::RollActions => "activation",
            Command::RoutMove { .. } | Command::Move { .. } => "movement",
            Command::NoImpetus(_)
            | Command::ImpetusObeyed(_)
            | Command::ImpetusBlocked(_)
            | Command::ImpetusOrderedOtherwise(_)
            | Command::ImpetusTest(_) => "impetus",
            Command::Reload(_)
            | Command::Fire { .. }
            | Command::DefensiveFire { .. }
            | Command::SkipDefensiveFire => "fire",
            Command::Charge { .. }
            | Command::ChargerTest
            | Command::TargetTest
            | Command::StillContacted(_) => "charge",
            Command::FightMelee | Command::Melee { .. } => "melee",
            Command::RouteTest(_) | Command::InjuryRoll(_) | Command::SpiritRoll(_) => "test",
            Command::Morale { .. } | Command::SkipMorale(_) | Command::EndMorale => "morale",
            Command::EndActivation | Command::NextTurn | Command::EndBattle => "turn",
            Command::Attach { .. }
            | Command::SetFormation { .. }
            | Command::CorrectCount { .. } => "umpire",
        }
    }
}
