//! What the umpire can ask for in a skirmish.

use serde::{Deserialize, Serialize};

use super::state::{FigureRef, Side, Trigger, UnitRef};

/// A volley: figures of one unit shooting at one enemy figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    /// The figures shooting (each rolls its own dice).
    pub shooters: Vec<FigureRef>,
    /// The figure shot at.
    pub target: FigureRef,
    /// The distance to the target in inches, as the umpire measured it; the band (close or
    /// long) comes from each shooter's weapon (`reference: ranges_inches`). In a defensive
    /// fire, the distance the charger started at.
    pub inches: u32,
    /// The target is in cover.
    pub cover: bool,
}

/// A volley as journals of format 1 recorded it: the range as a band (`close` or long)
/// where today's [`Shot`] records the inches the umpire measured. Read only from those
/// journals ([`super::older`]); today's rules cannot work it out again, so its entry is kept
/// as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BandShot {
    /// The figures shooting.
    pub shooters: Vec<FigureRef>,
    /// The figure shot at.
    pub target: FigureRef,
    /// Whether the umpire said the target was at close range (else long).
    pub close: bool,
    /// The target is in cover.
    pub cover: bool,
}

/// The ground a unit tests morale on (ruling `morale_ground`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ground {
    /// In the open: -2.
    Open,
    /// In cover: +1.
    Cover,
    /// Neither: no modifier.
    Neither,
}

/// A skirmish command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Both sides roll for precedence.
    RollPrecedence,
    /// The precedence winner says who moves first.
    MovesFirst(Side),
    /// A unit declares a charge on an enemy unit (before anyone moves).
    DeclareCharge {
        /// The charging unit.
        unit: UnitRef,
        /// Its target.
        target: UnitRef,
    },
    /// A unit has moved (the movement calculator records what it could do).
    Move {
        /// The unit.
        unit: UnitRef,
        /// Obstacles crossed (at most [`crate::rules::skirmish::numbers::most_obstacles`]).
        obstacles: u32,
        /// Through difficult ground (half move).
        difficult: bool,
        /// A charging unit reached its target: the two are in melee from now (the umpire
        /// says so; a declared charge alone puts nobody in melee).
        #[serde(default)]
        contact: bool,
        /// How far the unit's furthest-moving figure went, in whole inches, as the umpire
        /// measured it: refused beyond the most any of its figures may move. `None` only in
        /// journals written before the Move asked it.
        #[serde(default)]
        inches: Option<u32>,
    },
    /// The side that moves first has made all its moves: the other side moves now.
    MovesDone(Side),
    /// Charged figures shoot at a charger that started beyond half their close range.
    DefensiveFire(Shot),
    /// Shooting in the firing section.
    Fire(Shot),
    /// Two figures fight a bout.
    Melee {
        /// One figure.
        a: FigureRef,
        /// The other, of the enemy.
        b: FigureRef,
        /// Which of the two defends an obstacle.
        obstacle: [bool; 2],
    },
    /// The umpire says which of a suggested bout's two figures defends an obstacle (the other
    /// then rolls a die less): the first step of fighting the bout from its card, or a
    /// correction before the roll.
    BoutObstacles {
        /// One figure.
        a: FigureRef,
        /// The other, of the enemy.
        b: FigureRef,
        /// Whether `a`, then `b`, defends an obstacle.
        obstacle: [bool; 2],
    },
    /// Roll the 1d12 results for the hits on a figure.
    ResolveHits(FigureRef),
    /// The umpire declares a morale test the table shows (rally, fleeing friend).
    DeclareMorale {
        /// The unit.
        unit: UnitRef,
        /// Why.
        trigger: Trigger,
    },
    /// The umpire says the ground a unit takes its due morale test on: the first step of
    /// answering the test (or a correction of the ground said before the roll).
    MoraleGround {
        /// The unit.
        unit: UnitRef,
        /// Its ground.
        ground: Ground,
    },
    /// The unit's morale test, rolled on the ground the umpire said.
    MoraleTest {
        /// The unit.
        unit: UnitRef,
    },
    /// Two units are in contact (without a declared charge).
    Engage(UnitRef, UnitRef),
    /// Two units are no longer in contact.
    Disengage(UnitRef, UnitRef),
    /// The current section is done.
    EndSection,
    /// The umpire declares the battle over.
    EndBattle,
    /// A defensive fire recorded with its range as a band ([`BandShot`]): read only from a
    /// journal of format 1, and refused if run again.
    DefensiveFireInBand(BandShot),
    /// A fire recorded with its range as a band ([`BandShot`]): read only from a journal of
    /// format 1, and refused if run again.
    FireInBand(BandShot),
}

impl Command {
    /// A short kind name for the log filter.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::RollPrecedence | Command::MovesFirst(_) => "precedence",
            Command::DeclareCharge { .. } => "charge",
            Command::Move { .. } | Command::MovesDone(_) => "movement",
            Command::DefensiveFire(_)
            | Command::Fire(_)
            | Command::DefensiveFireInBand(_)
            | Command::FireInBand(_) => "fire",
            Command::Melee { .. }
            | Command::BoutObstacles { .. }
            | Command::Engage(..)
            | Command::Disengage(..) => "melee",
            Command::ResolveHits(_) => "results",
            Command::DeclareMorale { .. }
            | Command::MoraleGround { .. }
            | Command::MoraleTest { .. } => "morale",
            Command::EndSection | Command::EndBattle => "turn",
        }
    }
}
