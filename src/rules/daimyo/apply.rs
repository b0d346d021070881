//! Applying events: the only place the battle state changes.

use chrono::{DateTime, Utc};

use super::command::Response;
use super::event::Event;
use super::state::{Charge, ChargeStage, Leader, State, TurnFlags, Unit};
use crate::engine::view::RatingChange;

fn unit_mut(state: &mut State, u: usize) -> Result<&mut Unit, String> {
    state.units.get_mut(u).ok_or_else(|| format!("no unit {u}"))
}

fn leader_mut(state: &mut State, l: usize) -> Result<&mut Leader, String> {
    state
        .leaders
        .get_mut(l)
        .ok_or_else(|| format!("no leader {l}"))
}

fn charge_mut(state: &mut State) -> Result<&mut Charge, String> {
    state
        .charge_details
        .as_mut()
        .ok_or_else(|| "no charge is under way".to_owned())
}

fn rate(
    state: &mut State,
    leader: usize,
    delta: i64,
    why: String,
    at: DateTime<Utc>,
) -> Result<(), String> {
    let turn = state.turn;
    let l = state
        .leaders
        .get_mut(leader)
        .ok_or_else(|| format!("no leader {leader}"))?;
    if delta != 0 {
        l.rating += delta;
        l.history.push(RatingChange {
            turn,
            delta,
            reason: why,
            at,
        });
    }
    Ok(())
}

/// Applies one event.
///
/// # Errors
/// An event naming a unit or leader the battle does not have, or out of its place.
#[allow(clippy::too_many_lines)] // one arm per event, each short
pub fn apply(state: &mut State, event: &Event, at: DateTime<Utc>) -> Result<(), String> {
    match event {
        Event::TurnBegan { turn } => {
            state.turn = *turn;
            state.active = None;
            for g in &mut state.groups {
                g.activated = false;
            }
            for u in &mut state.units {
                u.turn = TurnFlags::default();
            }
            for l in &mut state.leaders {
                l.moved_mm = 0;
                l.shifted = false;
                l.joined_moved = false;
                l.move_over = false;
            }
        }
        Event::Activated { group } => {
            let g = state
                .groups
                .get_mut(*group)
                .ok_or_else(|| format!("no group {group}"))?;
            g.activated = true;
            state.active = Some(*group);
        }
        Event::ActivationFinished { .. } => state.active = None,
        Event::Initiative { unit, .. } => unit_mut(state, *unit)?.turn.early = true,
        Event::Obedience { unit, passed, .. } => {
            let u = unit_mut(state, *unit)?;
            u.turn.obeyed = *passed;
            u.turn.halted = !*passed;
        }
        Event::Moved {
            unit,
            spent_mm,
            ends_move,
        } => {
            let u = unit_mut(state, *unit)?;
            u.turn.moved = true;
            u.turn.spent_mm += spent_mm;
            if *ends_move {
                u.turn.penetrated = true;
            }
            // A Daimyo moves with his unit, and that counts towards his own move this turn
            // (ruling `leader_moves`); the General's counts only with a unit that had moved
            // before he joined it.
            for l in &mut state.leaders {
                if l.attached == Some(*unit) && l.counts_unit_moves() {
                    l.moved_mm += spent_mm;
                }
            }
        }
        Event::Disordered { unit, .. } => unit_mut(state, *unit)?.disordered = true,
        Event::OrderRestored { unit } => unit_mut(state, *unit)?.disordered = false,
        Event::Interpenetrated {
            other,
            missile_exception,
            ..
        } => {
            let o = unit_mut(state, *other)?;
            // Ruling `missile_interpenetration`: a still unit passed by missile ashigaru may
            // still move, and is disordered if it does; any other passed unit may not.
            // A later pass never lifts an earlier ban: each pass only adds.
            o.turn.penetrated |= !*missile_exception;
            o.turn.missile_passed |= *missile_exception;
        }
        Event::Reformed { unit, wide } => {
            let u = unit_mut(state, *unit)?;
            if *wide == 0 || *wide > u.stands.max(1) {
                return Err(format!("{} cannot stand {wide} wide", u.spec.name));
            }
            u.wide = *wide;
            u.turn.reformed = true;
            u.turn.moved = true;
        }
        Event::Faced { unit, wide } => {
            let u = unit_mut(state, *unit)?;
            if *wide == 0 || *wide > u.stands.max(1) {
                return Err(format!("{} cannot stand {wide} wide", u.spec.name));
            }
            u.wide = *wide;
        }
        Event::RoutMoved { unit, .. } => unit_mut(state, *unit)?.turn.moved = true,
        Event::PursuitMoved { unit, .. } => unit_mut(state, *unit)?.turn.pursued = true,
        Event::ChargeDeclared {
            charger,
            target,
            stage,
            run,
            bonus,
            far,
            disorders,
            target_tests,
        } => {
            unit_mut(state, *target)?;
            unit_mut(state, *charger)?.turn.charged = true;
            state.charge_details = Some(Charge {
                charger: *charger,
                target: *target,
                stage: *stage,
                run: *run,
                bonus: *bonus,
                far: *far,
                disorders: *disorders,
                target_tests: *target_tests,
                target_failed: false,
                countered: false,
                counter_bonus: false,
                fell_back: false,
            });
        }
        Event::ChargeTest { passed, next, .. } => {
            let c = charge_mut(state)?;
            if c.stage == ChargeStage::TargetTest {
                c.target_failed = !*passed;
            }
            match next {
                Some(stage) => c.stage = *stage,
                None => state.charge_details = None,
            }
        }
        Event::Responded {
            unit,
            response,
            bonus,
        } => {
            let c = charge_mut(state)?;
            c.stage = ChargeStage::Outcome;
            let countered = matches!(response, Response::CounterCharge { .. });
            c.countered = countered;
            c.counter_bonus = countered && *bonus;
            c.fell_back = *response == Response::FallBackAndFire;
            let u = unit_mut(state, *unit)?;
            match response {
                Response::StandAndFire | Response::FallBackAndFire => u.turn.fired = true,
                Response::CounterCharge { run } => {
                    u.turn.charged = true;
                    u.turn.charged_cm += run_cm(run);
                }
                Response::Stand => {}
            }
        }
        Event::ChargeEnded { contact } => {
            let c = state
                .charge_details
                .take()
                .ok_or("no charge is under way")?;
            let charger = unit_mut(state, c.charger)?;
            charger.turn.moved = true;
            charger.turn.charged_cm += run_cm(&c.run);
            if *contact {
                unit_mut(state, c.charger)?.in_melee = true;
                unit_mut(state, c.target)?.in_melee = true;
            }
        }
        Event::Attached { leader, unit } => {
            let moved = unit_mut(state, *unit)?.turn.moved;
            let l = leader_mut(state, *leader)?;
            l.attached = Some(*unit);
            l.shifted = true;
            l.joined_moved = moved;
        }
        Event::Detached { leader } => {
            let l = leader_mut(state, *leader)?;
            l.attached = None;
            l.shifted = true;
            l.joined_moved = false;
        }
        Event::LeaderMoved { leader, mm } => {
            leader_mut(state, *leader)?.moved_mm += mm;
        }
        Event::Challenged {
            challenger,
            challenged,
        } => {
            leader_mut(state, *challenged)?;
            leader_mut(state, *challenger)?.move_over = true;
        }
        Event::Refused {
            leader,
            delta,
            retreat_mm,
        } => {
            leader_mut(state, *leader)?.moved_mm += retreat_mm;
            rate(state, *leader, *delta, "refused a challenge".into(), at)?;
        }
        Event::Duel { winner, delta, .. } => {
            rate(state, *winner, *delta, "won a duel".into(), at)?;
        }
        Event::LeaderKilled { leader, how } => {
            let l = state
                .leaders
                .get_mut(*leader)
                .ok_or_else(|| format!("no leader {leader}"))?;
            l.killed = Some(how.clone());
            l.attached = None;
        }
        Event::StandsLost { unit, stands } => {
            let u = unit_mut(state, *unit)?;
            u.stands = u.stands.saturating_sub(*stands);
            u.wide = u.wide.min(u.stands).max(1);
        }
        Event::Routing { unit, routing } => {
            let u = unit_mut(state, *unit)?;
            u.routing = *routing;
            if *routing {
                u.in_melee = false;
            }
        }
        Event::Fired { unit } => unit_mut(state, *unit)?.turn.fired = true,
        Event::MeleeEnded { unit } => unit_mut(state, *unit)?.in_melee = false,
        Event::PursuitContact { unit, enemy } => {
            unit_mut(state, *enemy)?;
            unit_mut(state, *unit)?.in_melee = true;
            unit_mut(state, *enemy)?.in_melee = true;
        }
        Event::Removed { unit, why } => {
            let u = unit_mut(state, *unit)?;
            u.removed = Some(why.clone());
            u.in_melee = false;
            for l in &mut state.leaders {
                if l.attached == Some(*unit) {
                    l.attached = None;
                }
            }
        }
        Event::BattleEnded => state.ended = true,
        // The engine keeps the queue of dues (`engine::exec::apply_event`).
        Event::Required(_) | Event::Settled(_) | Event::Dropped(_) => {
            return Err("the engine applies changes to what is due".into());
        }
    }
    Ok(())
}

/// The length of a charge's run as measured: the wheel at its start and the run itself.
fn run_cm(run: &crate::rules::daimyo::command::Run) -> i64 {
    run.wheel_cm + run.open_cm + run.dense_cm
}
