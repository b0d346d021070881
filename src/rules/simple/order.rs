//! Simple's *when*, in one place: the order of what figures and units do in a turn, stated
//! against the engine's activity ledger (each attacking figure throws once in melee a turn; a
//! unit fires, moves then melees, or melees, moves then fires); and for each kind of due the
//! rule that requires it, when nobody can answer it any more, what must be settled before it
//! and what may happen while it is owed.

use serde::{Deserialize, Serialize};

use super::command::{Command, Fighter, Status};
use super::numbers;
use super::state::{Due, GroupRef, State, UnitRef};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::engine::ledger::{Ledger, OrderRule, Scope};

/// The Event Cards section.
pub const EVENT_CARDS: &str = "simple: Event Cards";
/// The Allied Clans section.
pub const ALLIED_CLANS: &str = "simple: Allied Clans";
/// The Formation Fail section.
pub const FORMATION_FAIL: &str = "simple: Formation Fail";
/// The Morale section.
pub const MORALE: &str = "simple: Morale";
/// The Terrain section (the village).
pub const TERRAIN: &str = "simple: Terrain";
/// The passages on fire.
pub const FIRE: &str = "simple: Fire";
/// The passages on structures and their hits.
pub const STRUCTURES: &str = "simple: Firing at Soft/Hard Cover";

/// The rule that requires a due.
pub fn citation(due: Due) -> &'static str {
    match due {
        Due::DrawCard(_)
        | Due::CardInstruction(..)
        | Due::Arrival(..)
        | Due::Ninja(_)
        | Due::CavalryAdvance(_) => EVENT_CARDS,
        Due::AllyActivation(_) => ALLIED_CLANS,
        Due::FormationTest(_) => FORMATION_FAIL,
        Due::Morale(..) | Due::RetreatMove(_) => MORALE,
        Due::VillagersAttack(_) => TERRAIN,
        Due::FireEscape(_) => FIRE,
    }
}

/// Why nobody can answer a due any more, if so: its unit has left the table, or is no longer
/// in the state the due is about (a retreat move for a unit that rallied, a Formation Fail
/// test for a unit that has none); a Daimyo killed; nothing left to do what a card asks.
pub fn moot(state: &State, due: Due) -> Option<String> {
    let gone = |u: UnitRef| match state.unit(u) {
        Some(x) if x.present() => None,
        Some(x) => Some(format!("{} is not on the table", x.spec.name)),
        None => Some(format!("there is no unit {}", u.id())),
    };
    let unless = |u: UnitRef, holds: &dyn Fn(&super::state::UnitState) -> bool, words: &str| {
        gone(u).or_else(|| {
            state
                .unit(u)
                .filter(|x| !holds(x))
                .map(|x| format!("{} {words}", x.spec.name))
        })
    };
    let daimyo_dead = |g: GroupRef| {
        let alive = state
            .group(g)
            .and_then(|x| x.daimyo.as_ref())
            .is_some_and(|d| d.alive);
        (!alive).then(|| format!("{} is dead", state.daimyo_name(g)))
    };
    match due {
        Due::FormationTest(u) => unless(u, &|x| x.formation_fail, "has no Formation Fail"),
        Due::Morale(u, _) => unless(u, &numbers::takes_morale, "takes no morale test"),
        Due::RetreatMove(u) => unless(u, &|x| x.retreating(), "is no longer retreating"),
        Due::FireEscape(u) => gone(u).or_else(|| {
            let inside = state
                .unit(u)
                .and_then(|x| x.structure)
                .is_some_and(|s| state.burning(s));
            (!inside).then(|| format!("{} is not in a burning building", state.unit_name(u)))
        }),
        Due::VillagersAttack(u) => gone(u).or_else(|| match super::execute::village_unit(state) {
            None => Some("the village's peasants are gone".to_owned()),
            Some(v) => (numbers::villagers_yet_to_attack(state, v) == 0)
                .then(|| "each of the village's peasants has attacked this turn".to_owned()),
        }),
        Due::AllyActivation(g) => daimyo_dead(g),
        Due::Ninja(s) => daimyo_dead(GroupRef(s, 0)),
        Due::CavalryAdvance(u) => gone(u).or_else(|| super::execute::cannot_advance(state, u)),
        Due::CardInstruction(s, 9) => super::execute::nobody_to_send_back(state, s)
            .then(|| "no unit is left to send back".to_owned()),
        Due::DrawCard(_) | Due::CardInstruction(..) | Due::Arrival(..) => None,
    }
}

/// Whether `first`, while owed, must be settled before `then`: the event card is drawn before
/// anything else in a turn (Event Cards: before their turn begins); a cavalry unit sent forward
/// by card 29 tests its Formation Fail first (taken at the start of a move), and waits for its
/// allied clan's roll to act.
pub fn precedes(first: Due, then: Due) -> Option<&'static str> {
    match (first, then) {
        (Due::DrawCard(_), _) => Some(EVENT_CARDS),
        (Due::FormationTest(u), Due::CavalryAdvance(v)) if u == v => Some(FORMATION_FAIL),
        (Due::AllyActivation(g), Due::CavalryAdvance(v)) if v.group() == g => Some(ALLIED_CLANS),
        _ => None,
    }
}

/// What may happen while `due` is owed without settling it: the umpire's word that the unit
/// about to test morale sees a friendly unit retreat (or not), or the cover it stands in,
/// which the morale card asks for, while morale tests are owed; and the cover of the figure the
/// village's peasants set on, which their card asks.
pub fn interleaves(due: Due, command: &Command) -> Option<&'static str> {
    match (due, command) {
        // Among the morale tests owed, any unit's word may come first (the command itself is
        // refused unless that unit has a test owed).
        (
            Due::Morale(..),
            Command::SetStatus {
                status: Status::SeesRetreat(_) | Status::Cover(_),
                ..
            },
        ) => Some(MORALE),
        // Where the figure the village's peasants set on fights, which their card asks.
        (
            Due::VillagersAttack(v),
            Command::SetStatus {
                unit,
                status: Status::Cover(_),
            },
        ) if v == *unit => Some(TERRAIN),
        _ => None,
    }
}

/// What a unit (or a Daimyo) did this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deed {
    /// Fired (or bombarded).
    Fire,
    /// Moved (a retreat move too).
    Move,
    /// One figure attacked in melee.
    Melee,
}

/// The ledger of a Simple Samurai turn: who did what, in order.
pub type SimpleLedger = Ledger<Fighter, Deed>;

/// The Melee section.
pub const MELEE: &str = "simple: Melee";
/// The Sequence section (a unit's turn: fire, move, melee or melee, move, fire).
pub const SEQUENCE: &str = "simple: Sequence";

/// A Daimyo is one figure: he attacks once in a turn.
pub const DAIMYO: &[OrderRule<Deed>] = &[OrderRule::AtMost {
    kind: |k| *k == Deed::Melee,
    n: 1,
    scope: Scope::Turn,
    words: "an attacking figure throws once in melee: the Daimyo has attacked this turn",
    citation: MELEE,
}];

/// A unit's turn: it fires once and moves once.
pub const UNIT: &[OrderRule<Deed>] = &[
    OrderRule::AtMost {
        kind: |k| *k == Deed::Fire,
        n: 1,
        scope: Scope::Turn,
        words: "a unit fires once in its turn",
        citation: SEQUENCE,
    },
    OrderRule::AtMost {
        kind: |k| *k == Deed::Move,
        n: 1,
        scope: Scope::Turn,
        words: "a unit moves once in its turn",
        citation: SEQUENCE,
    },
];

/// The two orders a unit's turn may take: fire, move, then melee; or melee, move, then fire.
const ORDERS: [[Deed; 3]; 2] = [
    [Deed::Fire, Deed::Move, Deed::Melee],
    [Deed::Melee, Deed::Move, Deed::Fire],
];

/// Whether `deeds` (with the same kind repeated as several figures attack) follows `order`.
fn follows(deeds: &[Deed], order: &[Deed; 3]) -> bool {
    let mut at = 0;
    for d in deeds {
        while at < order.len() && order[at] != *d {
            at += 1;
        }
        if at == order.len() {
            return false;
        }
    }
    true
}

/// Refuses a deed the ledger's order rules forbid: for a Daimyo, a second attack; for a unit,
/// a second fire or move, or a deed out of the order fire, move, melee (or melee, move, fire).
///
/// # Errors
/// The deed breaks a rule, with its citation.
pub fn permits(ledger: &SimpleLedger, actor: Fighter, deed: Deed) -> Result<(), CommandError> {
    let rules = match actor {
        Fighter::Daimyo(_) => DAIMYO,
        Fighter::Unit(_) => UNIT,
    };
    ledger
        .permits(actor, &deed, rules)
        .map_err(|r| refuse(r.reason, r.citation))?;
    if let Fighter::Unit(_) = actor {
        let mut deeds: Vec<Deed> = ledger.deeds_of(actor, Scope::Turn).copied().collect();
        deeds.push(deed);
        if !ORDERS.iter().any(|o| follows(&deeds, o)) {
            return Err(refuse(
                "a unit's turn goes fire, move, then melee, or melee, move, then fire",
                SEQUENCE,
            ));
        }
    }
    Ok(())
}

/// How many of a unit's figures (or a Daimyo) have attacked in melee this turn.
pub fn attacks(ledger: &SimpleLedger, actor: Fighter) -> usize {
    ledger.count(actor, Scope::Turn, |k| *k == Deed::Melee)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_follows_one_of_the_two_orders() {
        use Deed::{Fire, Melee, Move};
        assert!(follows(&[Fire, Move, Melee, Melee], &ORDERS[0]));
        assert!(follows(&[Melee, Melee, Fire], &ORDERS[1]));
        assert!(!ORDERS.iter().any(|o| follows(&[Move, Fire, Melee], o)));
        assert!(!ORDERS.iter().any(|o| follows(&[Fire, Melee, Move], o)));
        assert!(!ORDERS.iter().any(|o| follows(&[Melee, Move, Melee], o)));
    }
}
