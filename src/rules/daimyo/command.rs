//! What the umpire asks of the Daimyo referee.

use serde::{Deserialize, Serialize};

use super::numbers::{MovePlan, TurnMade};

/// What a diced move (a rout or a pursuit) crossed: facts only the table shows, which the
/// umpire gives when he records the move (Terrain Effects).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crossed {
    /// It moved into dense terrain (it disorders all but peasants).
    pub dense: bool,
    /// It crossed a linear obstacle (it disorders).
    pub obstacle: bool,
}

/// Where a pursuit move ends (Charge: units come into contact only by charging or pursuing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PursuitEnd {
    /// It reaches no enemy: its melee is over.
    NoContact,
    /// It pursues into contact with this enemy unit: they fight on in melee.
    Contacts(usize),
}

/// How the target of a charge meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// Stands at the halt (it may wheel or turn to face, and then may not fire).
    Stand,
    /// Stands and fires at the chargers before contact (good-order missile troops).
    StandAndFire,
    /// Missile ashigaru fall back up to half a move and fire.
    FallBackAndFire,
    /// Charges the chargers, along the run the umpire measured (reach, manoeuvre, straight
    /// run and terrain are refereed as a charge's are).
    CounterCharge {
        /// Its path.
        run: Run,
    },
}

/// The path of a charge or counter-charge, as the umpire measured it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// Distance the wheeling flank travelled at the start, in cm (it counts as in a move).
    pub wheel_cm: i64,
    /// A turn made at the start (it costs as in a move).
    pub turn: TurnMade,
    /// The straight run outside dense terrain, in cm.
    pub open_cm: i64,
    /// The part of the run inside dense terrain, in cm.
    pub dense_cm: i64,
    /// Pieces of light terrain on the way.
    pub light_pieces: u32,
    /// Linear obstacles on the way.
    pub obstacles: u32,
}

/// What the umpire measured for a charge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargePlan {
    /// Distance the wheeling flank travelled at the start, in cm (it counts as in a move).
    pub wheel_cm: i64,
    /// A turn made at the start (it costs as in a move).
    pub turn: TurnMade,
    /// The straight run to the target outside dense terrain, in cm.
    pub open_cm: i64,
    /// The part of the run inside dense terrain, in cm.
    pub dense_cm: i64,
    /// Pieces of light terrain on the way.
    pub light_pieces: u32,
    /// Linear obstacles on the way.
    pub obstacles: u32,
    /// The target stands in open terrain (infantry charged by cavalry there test).
    pub target_in_open: bool,
    /// The charger is out of command: obedience first, as for any voluntary move.
    pub out_of_command: bool,
}

impl ChargePlan {
    /// The charge's path.
    pub fn run(&self) -> Run {
        Run {
            wheel_cm: self.wheel_cm,
            turn: self.turn,
            open_cm: self.open_cm,
            dense_cm: self.dense_cm,
            light_pieces: self.light_pieces,
            obstacles: self.obstacles,
        }
    }
}

/// An umpire's command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Activates a clan (or the General's hatamoto) for this turn.
    Activate {
        /// The group.
        group: usize,
    },
    /// Ends the active group's activation.
    FinishActivation,
    /// The General activates the unit he is attached to before its clan.
    Initiative {
        /// The General.
        leader: usize,
    },
    /// A normal move, measured on the table; `out_of_command` asks for an obedience test.
    Move {
        /// The unit.
        unit: usize,
        /// What was measured.
        plan: MovePlan,
        /// Out of its Daimyo's radius (hatamoto: over 20 cm from the General).
        out_of_command: bool,
        /// A friendly unit it passes through.
        through: Option<usize>,
    },
    /// A fall back, in cm.
    FallBack {
        /// The unit.
        unit: usize,
        /// Distance.
        cm: i64,
        /// The part of it inside dense terrain (it disorders), in cm.
        dense_cm: i64,
        /// Pieces of light terrain passed through.
        light_pieces: u32,
        /// Linear obstacles crossed (they disorder).
        obstacles: u32,
        /// Out of command (as for a move).
        out_of_command: bool,
        /// A friendly unit it passes through (Interpenetration).
        #[serde(default)]
        through: Option<usize>,
    },
    /// Changes formation and facing.
    Reform {
        /// The unit.
        unit: usize,
        /// Stands in the new front rank.
        wide: u32,
        /// Out of command (as for a move).
        out_of_command: bool,
    },
    /// A rout move: dice the distance, free about turn.
    RoutMove {
        /// The unit.
        unit: usize,
        /// A friendly unit it flees through (Interpenetration).
        #[serde(default)]
        through: Option<usize>,
        /// What it crossed, as the umpire saw it on the table (Terrain Effects).
        #[serde(default)]
        ground: Crossed,
    },
    /// A pursuit move: dice the distance, as for a rout move.
    PursuitMove {
        /// The pursuing unit.
        unit: usize,
        /// A friendly unit it passes through (Interpenetration).
        #[serde(default)]
        through: Option<usize>,
        /// What it crossed, as the umpire saw it on the table (Terrain Effects).
        #[serde(default)]
        ground: Crossed,
        /// Whether it pursued into contact, as the table shows (Charge); none in older
        /// journals, whose pursuers stayed in melee unasked.
        #[serde(default)]
        end: Option<PursuitEnd>,
    },
    /// Declares a charge.
    Charge {
        /// The charger.
        unit: usize,
        /// The target.
        target: usize,
        /// What was measured.
        plan: ChargePlan,
    },
    /// Records the result of the morale test the charge now requires.
    ChargeTest {
        /// Passed.
        passed: bool,
    },
    /// The target's response.
    Respond {
        /// Its choice.
        response: Response,
    },
    /// Whether the charge reached its target.
    ChargeOutcome {
        /// Contact made.
        contact: bool,
    },
    /// A leader joins a unit.
    Attach {
        /// The leader.
        leader: usize,
        /// The unit.
        unit: usize,
        /// How far he moves to reach it, in cm. Absent from journals written before it was
        /// asked (format 1): those builds counted no leader's move, as 0 counts nothing.
        #[serde(default)]
        cm: i64,
    },
    /// An unattached leader moves on his own.
    LeaderMove {
        /// The leader.
        leader: usize,
        /// How far, in cm.
        cm: i64,
    },
    /// A leader leaves his unit.
    Detach {
        /// The leader.
        leader: usize,
    },
    /// An unattached leader challenges an enemy one.
    Challenge {
        /// Who challenges.
        challenger: usize,
        /// Whom.
        challenged: usize,
        /// How far the challenger moves into contact, in cm. Absent from journals written
        /// before it was asked (format 1): those builds counted no leader's move, as 0
        /// counts nothing.
        #[serde(default)]
        cm: i64,
    },
    /// The challenged leader's answer.
    AnswerChallenge {
        /// Accept and fight.
        accept: bool,
    },
    /// An enemy unit's move contacts an unattached leader: he dies.
    LeaderContacted {
        /// The leader.
        leader: usize,
        /// The enemy unit.
        unit: usize,
    },
    /// Records stands lost in combat (from chapters the text lacks).
    LoseStands {
        /// The unit.
        unit: usize,
        /// How many.
        stands: u32,
    },
    /// Records a rout or a rally.
    SetRouting {
        /// The unit.
        unit: usize,
        /// Routing now.
        routing: bool,
    },
    /// Records disorder from another chapter, or good order restored there.
    SetDisordered {
        /// The unit.
        unit: usize,
        /// Disordered now.
        disordered: bool,
    },
    /// Records that a unit fired.
    Fired {
        /// The unit.
        unit: usize,
    },
    /// Ends a unit's melee.
    EndMelee {
        /// The unit.
        unit: usize,
    },
    /// A stand crossed the table edge: the unit is removed.
    LeftTable {
        /// The unit.
        unit: usize,
    },
    /// Ends the turn.
    EndTurn,
    /// Ends the battle.
    EndBattle,
}

impl Command {
    /// A short kind for the log filter.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::Activate { .. } | Command::FinishActivation | Command::Initiative { .. } => {
                "activation"
            }
            Command::Move { .. }
            | Command::FallBack { .. }
            | Command::Reform { .. }
            | Command::RoutMove { .. }
            | Command::PursuitMove { .. } => "move",
            Command::Charge { .. }
            | Command::ChargeTest { .. }
            | Command::Respond { .. }
            | Command::ChargeOutcome { .. } => "charge",
            Command::Attach { .. }
            | Command::LeaderMove { .. }
            | Command::Detach { .. }
            | Command::Challenge { .. }
            | Command::AnswerChallenge { .. }
            | Command::LeaderContacted { .. } => "leader",
            Command::LoseStands { .. }
            | Command::SetRouting { .. }
            | Command::SetDisordered { .. }
            | Command::Fired { .. }
            | Command::EndMelee { .. }
            | Command::LeftTable { .. } => "record",
            Command::EndTurn | Command::EndBattle => "turn",
        }
    }
}
