//! Skirmish's *when*: what sides, units and figures did this section and turn, in the engine's
//! activity ledger, and the order rules stated against it (rate of fire, the side that moves
//! first finishing its moves, figures in contact fighting before the melee section ends); and
//! what is due, the rule that requires it, when nobody can answer it any more, and what may
//! happen while it is owed.

use serde::{Deserialize, Serialize};

use super::command::Command;
use super::state::{Due, FigureRef, Side, State, UnitRef};
use super::tables::{MoraleWhen, Rules};
use crate::engine::ledger::{Ledger, OrderRule, Scope};

/// The sections of the rules text that refusals and cards cite.
pub mod cite {
    /// The turn and its four sections, precedence.
    pub const SEQUENCE: &str = "skirmish: Sequence of play";
    /// Charges and moves.
    pub const MOVEMENT: &str = "skirmish: Movement Section";
    /// Ranges, rate of fire, defensive fire, missile modifiers.
    pub const FIRE: &str = "skirmish: Firing Section";
    /// Contact, pairing, bouts and parries.
    pub const MELEE: &str = "skirmish: Melee section";
    /// The 1d12 results and wounds.
    pub const RESULTS: &str = "skirmish: Results Section";
    /// The optional morale rules.
    pub const MORALE: &str = "skirmish: Morale (optional)";
    /// Dice, hit numbers and the one-die floor.
    pub const DICE: &str = "skirmish: Troop 'to hit' rolls";
}

/// The Firing Section.
pub const FIRE: &str = cite::FIRE;

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

/// Whether the side moving first has said it has made all its moves this movement section.
pub fn first_side_done(state: &State, first: Side) -> bool {
    state
        .ledger
        .has_done(Actor::side(first), Scope::Section, |d| {
            *d == Deed::DoneMoving
        })
}

/// Figures in melee that still owe their bout this section: every figure still fighting in a
/// unit in melee with an enemy that has someone left to fight (ruling `figures_in_contact`).
/// The melee section does not end before they have fought.
pub fn owing_bouts(state: &State) -> Vec<FigureRef> {
    let mut out = Vec::new();
    for &(a, b) in &state.engagements {
        if state.fighting(a).is_empty() || state.fighting(b).is_empty() {
            continue;
        }
        for f in state.fighting(a).into_iter().chain(state.fighting(b)) {
            if !state.has_fought(f) && !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// The rule that requires a due: every due is a morale test.
pub fn citation(_due: Due) -> &'static str {
    cite::MORALE
}

/// Why nobody can answer a due any more, if so: the unit routed (it has left the game), or it
/// has no figure left to test.
pub fn moot(state: &State, due: Due) -> Option<String> {
    match state.unit(due.unit()) {
        Some(u) if u.routed => Some(format!("{} has routed", u.name)),
        Some(u) if u.alive() == 0 => Some(format!("{} has no figure left", u.name)),
        Some(_) => None,
        None => Some(format!("there is no unit {}", due.unit().id())),
    }
}

/// What may happen while a morale test is owed without answering it (ruling `morale_when`):
/// nothing, when a test is taken at once; when it may wait, anything but ending the section.
pub fn interleaves(rules: &Rules, command: &Command) -> Option<&'static str> {
    match rules.rulings.morale_when {
        MoraleWhen::AtOnce => None,
        MoraleWhen::BeforeSectionEnds => (*command != Command::EndSection).then_some(cite::MORALE),
    }
}
