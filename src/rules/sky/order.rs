//! Sky's *when*: the order of a unit's actions in an activation (Clan Activation), as rules
//! the engine's activity ledger enforces; and what is due, in what order, what may happen in
//! between, and when a due lapses, as the engine's queue of dues asks of a rule set.

use super::command::Command;
use super::state::{ActionKind, Binding, ChargeStage, Due, State, UnitRef};
use crate::engine::ledger::{OrderRule, Scope};

/// The section the order rules come from.
pub const ACTIVATION: &str = "sky: Clan Activation";
/// The charge procedure's numbered steps.
pub const CHARGE: &str = "sky: Charge and Bushi Test";
/// The optional first Bushi roll.
const SPIRIT: &str = "sky: Command and Bushi (optional)";

/// The rule that requires a due.
pub fn citation(due: Due) -> &'static str {
    match due {
        Due::Actions(_) => "sky: Turn Sequence",
        Due::RoutMove(_) | Due::Impetus(_) | Due::ImpetusTest(_) | Due::ImpetusCharge(_) => {
            ACTIVATION
        }
        Due::Route(_) => "sky: Route and Rally",
        Due::Injury(_) => "sky: Clan Leader Injury",
        Due::Rally(_) | Due::Reorder(_) | Due::GeneralRetry(..) => "sky: The Morale Phase",
        Due::Charge(_) => CHARGE,
        Due::Spirit(_) => SPIRIT,
    }
}

/// Why nobody can answer a due any more, if so: its unit has left the table, or is no longer
/// in the state the due is about (a rally for a unit no longer routing, a Samurai unit's
/// impetus when the enemy has no Samurai left on the table). A Clan Leader's
/// injury test stands even when the unit he was with is gone.
pub fn moot(state: &State, due: Due) -> Option<String> {
    let gone = |u: UnitRef| match state.unit(u) {
        Some(x) if x.removed => Some(format!("{} has left the table", x.spec.name)),
        Some(_) => None,
        None => Some(format!("there is no unit {}", u.id())),
    };
    let unless = |u: UnitRef, holds: fn(&super::state::UnitState) -> bool, words: &str| {
        gone(u).or_else(|| {
            state
                .unit(u)
                .filter(|x| !holds(x))
                .map(|x| format!("{} {words}", x.spec.name))
        })
    };
    match due {
        Due::RoutMove(u) | Due::Rally(u) => unless(u, |x| x.routing, "is no longer routing"),
        Due::Reorder(u) => unless(u, |x| x.disordered, "is no longer disordered"),
        Due::Impetus(u) | Due::ImpetusTest(u) | Due::ImpetusCharge(u) => {
            unless(u, |x| !x.routing, "is routing and takes no orders").or_else(|| {
                (!state.enemy_samurai_on_table(u)).then(|| {
                    format!(
                        "{} has no enemy Samurai left on the table",
                        state.unit_label(u)
                    )
                })
            })
        }
        Due::Route(u) => unless(u, |x| !x.routing, "is already routing"),
        Due::GeneralRetry(u, _) => gone(u),
        Due::Spirit(u) => unless(u, |x| x.spirit.is_none(), "has made its first Bushi roll"),
        Due::Charge(c) => gone(c.charger)
            .map(|why| format!("{why}: it makes no contact"))
            .or_else(|| unless(c.charger, |x| !x.routing, "is routing: its charge is over"))
            .or_else(|| gone(c.target).map(|why| format!("the target is gone: {why}"))),
        Due::Injury(_) | Due::Actions(_) => None,
    }
}

/// Whether `first` must be settled before `then`: the clan's routing units fall back before
/// its Samurai are handled (Clan Activation: first, second); a charge waits for every test its
/// own steps caused its two units (a Route test after defensive fire comes before the charge
/// test, ruling `charge_waits_for_its_tests`); and a charge under way is fought out before the
/// next Samurai unit is handled (one unit at a time).
pub fn precedes(first: Due, then: Due) -> Option<&'static str> {
    let samurai = |d: Due| {
        matches!(
            d,
            Due::Impetus(_) | Due::ImpetusTest(_) | Due::ImpetusCharge(_)
        )
    };
    match (first, then) {
        (Due::Spirit(u), Due::Route(t) | Due::ImpetusTest(t)) if u == t => Some(SPIRIT),
        (Due::Spirit(u), Due::Charge(c))
            if (c.stage == ChargeStage::ChargerTest && c.charger == u)
                || (c.stage == ChargeStage::TargetTest && c.target == u) =>
        {
            Some(SPIRIT)
        }
        (Due::RoutMove(_), t) if samurai(t) => Some(ACTIVATION),
        // The volley at step 2 causes these tests: they come after it, before what follows.
        (Due::Route(u) | Due::Injury(u), Due::Charge(c))
            if c.stage != ChargeStage::DefensiveFire && (u == c.charger || u == c.target) =>
        {
            Some(CHARGE)
        }
        (Due::Charge(_), t) if samurai(t) => Some(ACTIVATION),
        _ => None,
    }
}

/// What may happen while `due` is owed without settling it: the charge (or the change of
/// order) of a Samurai unit committed to charge the enemy Samurai while the clan's other
/// Samurai wait to be handled.
pub fn interleaves(state: &State, due: Due, command: &Command) -> Option<&'static str> {
    let bound = |u: UnitRef| state.ledger.binding(u) == Some(&Binding::ChargeSamurai);
    match (due, command) {
        (
            Due::Impetus(_) | Due::ImpetusTest(_) | Due::ImpetusCharge(_),
            Command::Charge { unit, .. } | Command::ImpetusOrderedOtherwise(unit),
        ) if bound(*unit) => Some(ACTIVATION),
        _ => None,
    }
}

/// How a unit's actions follow each other within its clan's activation.
pub const ORDER: &[OrderRule<ActionKind>] = &[
    // Perform all actions for one unit at a time.
    OrderRule::OneAtATime {
        scope: Scope::Activation,
        citation: ACTIVATION,
    },
    // Move, shoot and reload come first; melee, if a charge brought one, comes last.
    OrderRule::Ends {
        kind: |k| *k == ActionKind::Melee,
        scope: Scope::Activation,
        words: "melee comes last: a unit that has fought does nothing more this activation",
        citation: ACTIVATION,
    },
    OrderRule::Excludes {
        a: |k| *k == ActionKind::FireArquebus,
        b: |k| matches!(k, ActionKind::Move | ActionKind::Charge),
        scope: Scope::Activation,
        words: "a unit firing its arquebus may not move or charge in the same activation",
        citation: ACTIVATION,
    },
    OrderRule::Excludes {
        a: |k| *k == ActionKind::Move,
        b: |k| *k == ActionKind::Charge,
        scope: Scope::Activation,
        words: "a unit moves or charges, not both, in one activation",
        citation: ACTIVATION,
    },
    // Each type of action at most once, even those that cost nothing.
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Move,
        n: 1,
        scope: Scope::Activation,
        words: "a unit moves once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Charge,
        n: 1,
        scope: Scope::Activation,
        words: "a unit charges once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::CrossObstacle,
        n: 1,
        scope: Scope::Activation,
        words: "a unit crosses a wall or obstacle once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Reload,
        n: 1,
        scope: Scope::Activation,
        words: "a unit reloads once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| k.is_fire(),
        n: 1,
        scope: Scope::Activation,
        words: "a unit fires once per activation, with one weapon",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Melee,
        n: 1,
        scope: Scope::Activation,
        words: "a unit fights one melee per activation",
        citation: ACTIVATION,
    },
];
