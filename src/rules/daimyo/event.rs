//! What happened, with every die face, so replay never rolls.

use serde::{Deserialize, Serialize};

use super::command::{Response, Run};
use super::state::ChargeStage;

/// Why a unit became disordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    /// It moved into dense terrain.
    DenseTerrain,
    /// It charged or counter-charged in light or dense terrain.
    ChargeInTerrain,
    /// It crossed a linear obstacle.
    LinearObstacle,
    /// One unit passed through the other.
    Interpenetration,
    /// It moved after missile ashigaru passed through it.
    MovedAfterMissiles,
    /// The umpire, from a chapter the text lacks.
    Umpire,
}

impl Cause {
    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Cause::DenseTerrain => "moved into dense terrain",
            Cause::ChargeInTerrain => "charged in light or dense terrain",
            Cause::LinearObstacle => "crossed a linear obstacle",
            Cause::Interpenetration => "interpenetration",
            Cause::MovedAfterMissiles => "moved after missile ashigaru passed through it",
            Cause::Umpire => "the umpire's ruling",
        }
    }
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A new turn began; every unit's turn record is cleared.
    TurnBegan {
        /// Its number.
        turn: u32,
    },
    /// A group was activated.
    Activated {
        /// The group.
        group: usize,
    },
    /// The active group's activation ended.
    ActivationFinished {
        /// The group.
        group: usize,
    },
    /// The General activated his unit early.
    Initiative {
        /// The General.
        leader: usize,
        /// His unit.
        unit: usize,
    },
    /// An obedience test.
    Obedience {
        /// The unit.
        unit: usize,
        /// The die.
        face: u32,
        /// The rating added.
        rating: i64,
        /// 6 or more.
        passed: bool,
    },
    /// A unit spent allowance moving (normal move, fall back or reform).
    Moved {
        /// The unit.
        unit: usize,
        /// Allowance spent, in mm.
        spent_mm: i64,
        /// Its move ends here (halted on a friend's far side, reformed, fell back).
        ends_move: bool,
    },
    /// A unit became disordered.
    Disordered {
        /// The unit.
        unit: usize,
        /// Why.
        cause: Cause,
    },
    /// A unit regained good order.
    OrderRestored {
        /// The unit.
        unit: usize,
    },
    /// One unit passed through another.
    Interpenetrated {
        /// The mover.
        mover: usize,
        /// The unit passed through: it may not move again this turn.
        other: usize,
        /// Missile ashigaru passed a still unit: it stays in order unless it moves later.
        missile_exception: bool,
    },
    /// A unit changed formation.
    Reformed {
        /// The unit.
        unit: usize,
        /// New frontage.
        wide: u32,
    },
    /// A 90° turn: the unit's files become its ranks (column to line, or back).
    Faced {
        /// The unit.
        unit: usize,
        /// Stands in the new front rank.
        wide: u32,
    },
    /// A rout move's dice.
    RoutMoved {
        /// The unit.
        unit: usize,
        /// The faces.
        faces: Vec<u32>,
    },
    /// A pursuit move's dice.
    PursuitMoved {
        /// The unit.
        unit: usize,
        /// The faces.
        faces: Vec<u32>,
    },
    /// A pursuit move ended in contact with an enemy unit: both fight on in melee.
    PursuitContact {
        /// The pursuing unit.
        unit: usize,
        /// The enemy unit it reached.
        enemy: usize,
    },
    /// A charge was declared.
    ChargeDeclared {
        /// The charger.
        charger: usize,
        /// The target.
        target: usize,
        /// The first step still to settle.
        stage: ChargeStage,
        /// Its path, as measured.
        run: Run,
        /// Charge bonus earned.
        bonus: bool,
        /// The charger started over half its charge move away.
        far: bool,
        /// Why its path disorders it, if it does.
        disorders: Option<Cause>,
        /// The target must test to receive it.
        target_tests: bool,
    },
    /// A required charge test was recorded.
    ChargeTest {
        /// Who tested.
        unit: usize,
        /// Passed.
        passed: bool,
        /// The stage that follows, or none when the charge is off.
        next: Option<ChargeStage>,
    },
    /// The target's response.
    Responded {
        /// The target.
        unit: usize,
        /// Its choice.
        response: Response,
        /// A counter-charge earned the charge bonus (its last half ran straight).
        bonus: bool,
    },
    /// The charge ended.
    ChargeEnded {
        /// Contact: both units are in melee.
        contact: bool,
    },
    /// A leader joined a unit.
    Attached {
        /// The leader.
        leader: usize,
        /// The unit.
        unit: usize,
    },
    /// A leader left his unit.
    Detached {
        /// The leader.
        leader: usize,
    },
    /// A challenge was made.
    Challenged {
        /// Who.
        challenger: usize,
        /// Whom.
        challenged: usize,
    },
    /// A challenge was refused.
    Refused {
        /// The refuser.
        leader: usize,
        /// His rating change (0 for a General refusing a Daimyo).
        delta: i64,
        /// His retreat from the challenger, in mm (forced: it may exceed his move). Absent
        /// from journals written before the retreat was made (format 1): none was, as 0
        /// moves him nowhere.
        #[serde(default)]
        retreat_mm: i64,
    },
    /// A leader moved on his own (to a unit, into contact, or anywhere).
    LeaderMoved {
        /// The leader.
        leader: usize,
        /// How far, in mm.
        mm: i64,
    },
    /// A duel: every roll, ties included, challenger's face first.
    Duel {
        /// The challenger.
        challenger: usize,
        /// The challenged.
        challenged: usize,
        /// Each roll: (challenger's face, challenged's face).
        rolls: Vec<(u32, u32)>,
        /// The winner (the other dies).
        winner: usize,
        /// The winner's rating change (0 at the maximum).
        delta: i64,
    },
    /// A leader died.
    LeaderKilled {
        /// The leader.
        leader: usize,
        /// How.
        how: String,
    },
    /// Stands were lost.
    StandsLost {
        /// The unit.
        unit: usize,
        /// How many.
        stands: u32,
    },
    /// A unit routs or rallies.
    Routing {
        /// The unit.
        unit: usize,
        /// Routing now.
        routing: bool,
    },
    /// A unit fired.
    Fired {
        /// The unit.
        unit: usize,
    },
    /// A unit's melee ended.
    MeleeEnded {
        /// The unit.
        unit: usize,
    },
    /// A unit left the game.
    Removed {
        /// The unit.
        unit: usize,
        /// Why.
        why: String,
    },
    /// The battle ended.
    BattleEnded,
    /// Something must be settled before play goes on.
    Required(super::state::Due),
    /// It was settled.
    Settled(super::state::Due),
    /// Something due is no longer owed: nobody can answer it.
    Dropped(super::state::Due),
}
