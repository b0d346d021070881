//! What happens in a skirmish: events carry every die face rolled.

use serde::{Deserialize, Serialize};

use crate::dice::PoolRoll;

use super::roster::Weapon;
use super::state::{Due, FigureRef, Section, Side, UnitRef};

/// What one d12 result did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Killed outright.
    Dead,
    /// A leg wound.
    Leg,
    /// An arm wound.
    Arm,
    /// Dodged: no effect.
    Lucky,
    /// Rolled for a figure already dead.
    NoEffect,
}

/// One figure's part of a bout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoutRoll {
    /// The figure.
    pub figure: FigureRef,
    /// Faces rolled, or the hits counted at the table.
    pub faces: PoolRoll,
    /// Each die hits at or over this.
    pub needed: u32,
    /// Hits scored.
    pub hits: u32,
    /// Hits that land after parries.
    pub landed: u32,
}

/// How the morale test came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleResult {
    /// No 5+: routs, removed from the game.
    Rout,
    /// One 5+: holds for a turn, parries only.
    Hold,
    /// Two or more: carries on.
    CarryOn,
}

/// A skirmish event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Both sides' precedence dice; the winner, or none on a tie.
    Precedence {
        /// Faces per side.
        faces: [Vec<u32>; 2],
        /// The higher roller.
        winner: Option<Side>,
    },
    /// Who moves first this turn.
    MovesFirst(Side),
    /// A charge was declared.
    ChargeDeclared {
        /// The charger.
        unit: UnitRef,
        /// Its target.
        target: UnitRef,
    },
    /// The side moving first has made all its moves.
    MovesDone(Side),
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitRef,
        /// Obstacles crossed.
        obstacles: u32,
        /// Through difficult ground.
        difficult: bool,
        /// How far its furthest-moving figure went, in inches (`None` in journals written
        /// before the Move asked it).
        #[serde(default)]
        inches: Option<u32>,
    },
    /// A figure shot.
    Shot {
        /// The shooter.
        shooter: FigureRef,
        /// The target.
        target: FigureRef,
        /// Its weapon.
        weapon: Weapon,
        /// Faces rolled, or the hits counted at the table.
        faces: PoolRoll,
        /// Each die hits at or over this.
        needed: u32,
        /// Hits scored.
        hits: u32,
        /// Defensive fire at a charger.
        defensive: bool,
    },
    /// The umpire said which of a bout's two figures defends an obstacle.
    BoutObstacles {
        /// One figure.
        a: FigureRef,
        /// The other.
        b: FigureRef,
        /// Whether `a`, then `b`, defends an obstacle.
        obstacle: [bool; 2],
    },
    /// Two figures fought a bout.
    Bout([BoutRoll; 2]),
    /// Hits landed on a figure, to be resolved.
    Hit {
        /// The figure.
        figure: FigureRef,
        /// How many.
        hits: u32,
    },
    /// The d12 results for a figure's hits.
    Results {
        /// The figure.
        figure: FigureRef,
        /// One face per hit.
        faces: Vec<u32>,
        /// What each did.
        outcomes: Vec<Outcome>,
    },
    /// A figure died.
    Died {
        /// The figure.
        figure: FigureRef,
        /// Why.
        why: String,
    },
    /// Something must be settled.
    Required(Due),
    /// It was settled.
    Settled(Due),
    /// Something due is no longer owed: its subject left play.
    Dropped(Due),
    /// A morale test.
    MoraleRolled {
        /// The unit.
        unit: UnitRef,
        /// Faces rolled, or the successes counted at the table.
        faces: PoolRoll,
        /// Each die counts at or over this.
        needed: u32,
        /// Dice that counted.
        successes: u32,
        /// The outcome.
        result: MoraleResult,
    },
    /// The unit routed and is removed from the game.
    Routed(UnitRef),
    /// The unit holds its ground for one turn (ruling `holding`).
    Holding {
        /// The unit.
        unit: UnitRef,
        /// The turn and section whose beginning ends the hold: the same section of the next
        /// turn.
        until: (u32, Section),
    },
    /// A later morale test let a holding unit continue as normal (ruling `pass_ends_hold`).
    HoldEnded(UnitRef),
    /// Two units are in melee.
    Engaged(UnitRef, UnitRef),
    /// Two units are no longer in melee.
    Disengaged(UnitRef, UnitRef),
    /// A section begins.
    SectionBegins(Section),
    /// A new turn begins.
    TurnBegins(u32),
    /// The umpire ended the battle.
    BattleEnded,
}
