//! Applying Sky events: the only place the state changes.

pub mod refs;

use super::event::{Event, Test};
use super::state::{Phase, State, UnitRef, UnitState};
use crate::engine::ledger::Scope;
use crate::engine::ruleset::ApplyContext;
use crate::engine::view::RatingChange;

/// Applies one event. Errors only for events that cannot belong to this battle.
///
/// # Errors
/// A reference to a unit, clan or side the battle does not have.
// One arm per event: the whole of the state's mutation in one place, by design.
#[allow(clippy::too_many_lines)]
pub fn apply(state: &mut State, event: &Event, ctx: ApplyContext) -> Result<(), String> {
    refs::check(state, event)?;
    match event {
        Event::Initiative { first, .. } => state.first = *first,
        Event::Tested { test, passed, .. } => tested(state, *test, *passed)?,
        Event::PhaseBegins(phase) => {
            state.phase = *phase;
            if let Phase::Activation { .. } = phase {
                state.actions_left = None;
                state.ledger.begin(Scope::Activation);
            }
        }
        Event::TurnBegins(turn) => {
            if *turn != state.turn.saturating_add(1) {
                return Err(format!("turn {turn} does not follow turn {}", state.turn));
            }
            state.ledger.begin(Scope::Turn);
            state.turn = *turn;
            state.phase = Phase::Initiative;
            state.first = None;
            state.intervention = None;
            for side in &mut state.sides {
                side.general_turn = Default::default();
                for clan in &mut side.clans {
                    clan.tried = false;
                    clan.activated = false;
                }
            }
        }
        Event::InterventionOffered(clan) => state.intervention = Some(*clan),
        Event::InterventionClosed => state.intervention = None,
        Event::GeneralBarred(side) => side_mut(state, *side)?.general_turn.barred = true,
        Event::ActionsRolled { actions, .. } => state.actions_left = Some(*actions),
        Event::Required(_) | Event::Settled(_) | Event::Dropped(_) => {
            return Err("the engine applies changes to what is due".into());
        }
        Event::ActionTaken { unit, kind, cost } => {
            let left = state.actions_left.unwrap_or(0);
            state.actions_left = Some(
                left.checked_sub(*cost)
                    .ok_or("more actions than the clan had")?,
            );
            state.ledger.record(*unit, *kind, None);
        }
        Event::Fired { .. }
        | Event::InjuryRolled { .. }
        | Event::ImpetusSettled { .. }
        | Event::ChargeFailed(_)
        | Event::Melee(_) => {}
        // A unit that moves away is no longer in contact.
        Event::RoutMoved(unit)
        | Event::Moved { unit, .. }
        | Event::Fled(unit)
        | Event::Withdrew(unit) => {
            out_of_contact(state, *unit);
        }
        Event::Bound { unit, binding } => state.ledger.bind(*unit, *binding),
        Event::Released(unit) => state.ledger.release(*unit),
        Event::RouteOwed { unit, cause } => {
            let causes = &mut unit_mut(state, *unit)?.route_causes;
            if !causes.contains(cause) {
                causes.push(*cause);
            }
        }
        Event::ContactKept(a, b) => {
            if a.side() == b.side() {
                return Err("units of one side are never in contact as enemies".into());
            }
            if !state.in_contact_with(*a).contains(b) {
                state.contacts.push((*a, *b));
            }
        }
        Event::Removed { unit, .. } => {
            let u = unit_mut(state, *unit)?;
            u.removed = true;
            u.stands = 0;
            u.marked_hits = 0;
            // Tests still due for a unit that is gone are dropped by the engine.
            let unit = *unit;
            out_of_contact(state, unit);
            if let Some(c) = state
                .clan_mut(unit.clan())
                .filter(|c| c.attached_to == Some(unit.2))
            {
                c.attached_to = None;
            }
        }
        Event::Reloaded(unit) => unit_mut(state, *unit)?.loaded = true,
        Event::Unloaded(unit) => unit_mut(state, *unit)?.loaded = false,
        Event::Casualties {
            unit,
            stands_lost,
            marked,
            ..
        } => {
            let u = unit_mut(state, *unit)?;
            u.stands = u.stands.saturating_sub(*stands_lost);
            u.marked_hits = *marked;
        }
        Event::CountCorrected {
            unit,
            stands,
            marked,
        } => {
            let u = unit_mut(state, *unit)?;
            if *stands > u.spec.stands {
                return Err(format!(
                    "{} has {} stands at most",
                    u.spec.name, u.spec.stands
                ));
            }
            u.stands = *stands;
            u.marked_hits = *marked;
        }
        Event::Disordered { unit, .. } => unit_mut(state, *unit)?.disordered = true,
        Event::Reordered(unit) => unit_mut(state, *unit)?.disordered = false,
        Event::Routed(unit) => {
            unit_mut(state, *unit)?.routing = true;
            out_of_contact(state, *unit);
        }
        Event::Rallied(unit) => {
            let u = unit_mut(state, *unit)?;
            u.routing = false;
            u.disordered = true;
        }
        Event::TedateLost(unit) => unit_mut(state, *unit)?.tedate = false,
        Event::ChargeDeclared(charge) => {
            if charge.charger.side() == charge.target.side() {
                return Err("a unit charges an enemy".into());
            }
        }
        Event::CommandChanged {
            clan,
            side,
            kind,
            delta,
            reason,
        } => {
            let change = RatingChange {
                turn: state.turn,
                delta: *delta,
                reason: reason.clone(),
                at: ctx.at,
            };
            let leader = match clan {
                Some(c) => &mut state.clan_mut(*c).ok_or("no such clan")?.leader,
                None => &mut side_mut(state, *side)?.general,
            };
            leader.changes.push((*kind, change));
        }
        Event::SpiritRolled { unit, change, .. } => unit_mut(state, *unit)?.spirit = Some(*change),
        Event::ActivationEnded(_) => {
            state.ledger.begin(Scope::Activation);
            state.actions_left = None;
        }
        Event::Attached { clan, unit } => {
            let c = state.clan_mut(*clan).ok_or("no such clan")?;
            if unit.is_some_and(|u| usize::from(u) >= c.units.len()) {
                return Err("no such unit".into());
            }
            c.attached_to = *unit;
        }
        Event::FormationSet { unit, formation } => unit_mut(state, *unit)?.formation = *formation,
        Event::BattleEnded => state.ended = true,
    }
    Ok(())
}

fn tested(state: &mut State, test: Test, passed: bool) -> Result<(), String> {
    match test {
        Test::Activation { clan, by_general } => {
            let c = state.clan_mut(clan).ok_or("no such clan")?;
            c.tried = true;
            if passed {
                c.activated = true;
            }
            if by_general {
                side_mut(state, clan.side())?.general_turn.intervened = true;
            }
        }
        Test::Route(u) => unit_mut(state, u)?.route_causes.clear(),
        Test::Charge(u) | Test::Stand(u) | Test::Impetus(u) => {
            unit_mut(state, u)?;
        }
        Test::Morale { unit, .. } => {
            unit_mut(state, unit)?;
        }
    }
    Ok(())
}

/// A unit that moved away or left play is no longer in contact with anyone.
fn out_of_contact(state: &mut State, unit: UnitRef) {
    state.contacts.retain(|&(a, b)| a != unit && b != unit);
}

fn unit_mut(state: &mut State, u: super::state::UnitRef) -> Result<&mut UnitState, String> {
    state
        .unit_mut(u)
        .ok_or_else(|| format!("no unit {}", u.id()))
}

fn side_mut(state: &mut State, side: usize) -> Result<&mut super::state::SideState, String> {
    state
        .sides
        .get_mut(side)
        .ok_or_else(|| format!("no side {side}"))
}
