//! Every unit, clan and side an event names must exist in the battle before the event is
//! applied: a journal edited by hand is refused naming its line, never half-applied, and
//! nothing later (sentences, cards, the view) ever meets a reference that does not fit.

use crate::rules::sky::event::{Event, Test};
use crate::rules::sky::state::{ClanRef, Due, Phase, State, UnitRef};

fn unit(state: &State, u: UnitRef) -> Result<(), String> {
    state
        .unit(u)
        .map(|_| ())
        .ok_or_else(|| format!("no unit {}", u.id()))
}

fn clan(state: &State, c: ClanRef) -> Result<(), String> {
    state
        .clan(c)
        .map(|_| ())
        .ok_or_else(|| format!("no clan {}.{}", c.0, c.1))
}

fn side(state: &State, s: usize) -> Result<(), String> {
    if s < state.sides.len() {
        Ok(())
    } else {
        Err(format!("no side {s}"))
    }
}

fn phase(state: &State, p: Phase) -> Result<(), String> {
    match p {
        Phase::Rounds { side: s } => side(state, s),
        Phase::Activation { clan: c } => clan(state, c),
        Phase::Initiative | Phase::Morale | Phase::EndOfTurn => Ok(()),
    }
}

fn test(state: &State, t: Test) -> Result<(), String> {
    match t {
        Test::Activation { clan: c, .. } => clan(state, c),
        Test::Charge(u) | Test::Stand(u) | Test::Impetus(u) | Test::Route(u) => unit(state, u),
        Test::Morale { unit: u, .. } => unit(state, u),
    }
}

/// Checks a due's references.
pub fn due(state: &State, d: Due) -> Result<(), String> {
    match d {
        Due::Actions(c) => clan(state, c),
        Due::RoutMove(u)
        | Due::Impetus(u)
        | Due::ImpetusTest(u)
        | Due::ImpetusCharge(u)
        | Due::Route(u)
        | Due::Injury(u)
        | Due::Rally(u)
        | Due::Reorder(u)
        | Due::GeneralRetry(u, _)
        | Due::Spirit(u) => unit(state, u),
        Due::Charge(c) => unit(state, c.charger).and(unit(state, c.target)),
    }
}

/// Checks every reference in an event against the battle.
///
/// # Errors
/// The first unit, clan or side the battle does not have.
pub fn check(state: &State, event: &Event) -> Result<(), String> {
    match event {
        Event::Initiative { first, .. } => first.map_or(Ok(()), |s| side(state, s)),
        Event::Tested { test: t, .. } => test(state, *t),
        Event::PhaseBegins(p) => phase(state, *p),
        Event::InterventionOffered(c) | Event::ActivationEnded(c) => clan(state, *c),
        Event::GeneralBarred(s) => side(state, *s),
        Event::Required(d) | Event::Settled(d) | Event::Dropped(d) => due(state, *d),
        Event::ActionTaken { unit: u, .. }
        | Event::RoutMoved(u)
        | Event::Removed { unit: u, .. }
        | Event::ImpetusSettled { unit: u, .. }
        | Event::Moved { unit: u, .. }
        | Event::Reloaded(u)
        | Event::Unloaded(u)
        | Event::Casualties { unit: u, .. }
        | Event::CountCorrected { unit: u, .. }
        | Event::Disordered { unit: u, .. }
        | Event::Reordered(u)
        | Event::Routed(u)
        | Event::Rallied(u)
        | Event::TedateLost(u)
        | Event::ChargeFailed(u)
        | Event::Fled(u)
        | Event::Withdrew(u)
        | Event::InjuryRolled { unit: u, .. }
        | Event::SpiritRolled { unit: u, .. }
        | Event::FormationSet { unit: u, .. }
        | Event::Bound { unit: u, .. }
        | Event::Released(u)
        | Event::RouteOwed { unit: u, .. } => unit(state, *u),
        Event::Fired {
            unit: u, target, ..
        }
        | Event::ContactKept(u, target) => unit(state, *u).and(unit(state, *target)),
        Event::ChargeDeclared(c) => unit(state, c.charger).and(unit(state, c.target)),
        Event::Melee(rolls) => rolls.iter().try_for_each(|r| unit(state, r.unit)),
        Event::CommandChanged {
            clan: c, side: s, ..
        } => side(state, *s).and(c.map_or(Ok(()), |c| clan(state, c))),
        Event::Attached { clan: c, unit: u } => {
            clan(state, *c)?;
            match u {
                Some(i) => unit(state, UnitRef(c.0, c.1, *i)),
                None => Ok(()),
            }
        }
        Event::TurnBegins(_)
        | Event::InterventionClosed
        | Event::ActionsRolled { .. }
        | Event::BattleEnded => Ok(()),
    }
}
