//! The order of what figures and units do in a turn, stated against the engine's activity
//! ledger: each attacking figure throws once in melee a turn (Melee), and a unit fires, moves
//! then melees — or melees, moves then fires (Sequence).

use serde::{Deserialize, Serialize};

use super::command::Fighter;
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::engine::ledger::{Ledger, OrderRule, Scope};

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
