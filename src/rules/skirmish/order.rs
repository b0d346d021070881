//! What figures, units and sides did this section and turn, in the engine's activity ledger,
//! and the order rules stated against it: rate of fire per section, and the side that moves
//! first finishing its moves before the other side moves.

use serde::{Deserialize, Serialize};

use super::state::{FigureRef, Side, UnitRef};
use crate::engine::ledger::{Ledger, OrderRule, Scope};

/// Who did something: a side (moving), a unit, or a figure (shooting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    /// A side.
    Side(u8),
    /// A unit.
    Unit(UnitRef),
    /// A figure.
    Figure(FigureRef),
}

impl Actor {
    /// A side as an actor.
    pub fn side(side: Side) -> Self {
        Actor::Side(u8::try_from(side).unwrap_or(u8::MAX))
    }
}

/// What an actor did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deed {
    /// A unit (and its side) moved.
    Move,
    /// A figure shot.
    Shot,
    /// A side finished its moves.
    DoneMoving,
}

/// The skirmish's ledger.
pub type SkirmishLedger = Ledger<Actor, Deed>;

/// The Firing Section.
pub const FIRE: &str = "skirmish: Firing Section";

/// A figure's shots per section, as an order rule with the table's number.
pub fn shots_per_section(n: u32) -> [OrderRule<Deed>; 1] {
    [OrderRule::AtMost {
        kind: |d| *d == Deed::Shot,
        n: usize::try_from(n).unwrap_or(usize::MAX),
        scope: Scope::Section,
        words: "it has shot as often as its weapon's rate of fire allows this section",
        citation: FIRE,
    }]
}
