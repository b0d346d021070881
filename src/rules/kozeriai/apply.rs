//! Applying Kozeriai events: the only place the state changes.

use super::command::{Action, ClashKind, Ride};
use super::event::{Event, FallResult, JumpResult};
use super::numbers::clash::chain_attack;
use super::state::{FigureRef, FigureState, Speed, State, TripCause, TurnRecord};
use super::tables::Rules;
use crate::rules::kozeriai::tables::ClosingAttack;

/// Applies one event. Errors only for events that cannot belong to this battle.
///
/// # Errors
/// A reference to a figure the battle does not have, or settling something not due.
pub fn apply(rules: &Rules, state: &mut State, event: &Event) -> Result<(), String> {
    let turn = state.turn;
    match event {
        Event::Acted { figure, action } => acted(state, *figure, action)?,
        Event::Reloaded {
            figure,
            weapon,
            left,
        } => {
            let f = fig(state, *figure)?;
            if *left == 0 {
                f.reload.remove(weapon);
            } else {
                f.reload.insert(weapon.clone(), *left);
            }
        }
        Event::Shot {
            order,
            reload,
            dice,
        } => {
            let t = fig(state, order.target)?;
            if dice.deflect.is_some() {
                t.this_turn.deflections = t.this_turn.deflections.saturating_add(1);
            }
            let f = fig(state, order.shooter)?;
            f.this_turn.actions = f.this_turn.actions.saturating_add(1);
            f.this_turn.active = true;
            f.this_turn.shot = true;
            f.aiming = None;
            if *reload > 0 {
                f.reload.insert(order.weapon.clone(), *reload);
            }
        }
        Event::Clash { order, dice } => {
            if dice.outcome.winner.is_some_and(|w| w > 1) {
                return Err("a clash's winner is the attacker (0) or the defender (1)".into());
            }
            let info = rules.weapon(&order.attacker.weapon);
            let chain = info.is_some_and(|i| chain_attack(rules, i, order.kind, order.range));
            let heavy = |w: &str| rules.weapon(w).is_some_and(|i| i.heavy);
            let counts =
                !(order.closing && rules.rulings.closing_attack == ClosingAttack::ExtraStroke);
            let a = fig(state, order.attacker.figure)?;
            a.this_turn.attacked |= counts && order.kind != ClashKind::TearFree;
            a.this_turn.blow |= !matches!(order.kind, ClashKind::TearFree | ClashKind::BodyCharge);
            a.this_turn.exchanges = a.this_turn.exchanges.saturating_add(1);
            a.this_turn.active = true;
            a.this_turn.heavy |= heavy(&order.attacker.weapon);
            if chain {
                a.last_chain = Some(turn);
                a.surprise_used.insert(order.attacker.weapon.clone());
            }
            if order.attacker.iaijutsu {
                a.surprise_used.insert("Iaijutsu".into());
            }
            let d = fig(state, order.defender.figure)?;
            if dice.outcome.entangled && dice.outcome.winner == Some(0) {
                d.entangled_by = Some(order.attacker.figure);
            }
            if order.kind == ClashKind::Grapple {
                // The winner of the round may always break off (Grappling).
                d.won_grapple = dice.outcome.winner == Some(1);
                fig(state, order.attacker.figure)?.won_grapple = dice.outcome.winner == Some(0);
            }
            let d = fig(state, order.defender.figure)?;
            d.this_turn.attacked |= order.both_strike;
            d.this_turn.blow |= order.both_strike;
            d.this_turn.exchanges = d.this_turn.exchanges.saturating_add(1);
            d.this_turn.active = true;
            d.this_turn.heavy |= heavy(&order.defender.weapon);
            if order.defender.iaijutsu {
                d.surprise_used.insert("Iaijutsu".into());
            }
        }
        _ => figure_event(state, event)?,
    }
    Ok(())
}

/// What happens to one figure: wounds, falls, tables rolled, recovery; and the turn.
fn figure_event(state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::Acted { .. } | Event::Reloaded { .. } | Event::Shot { .. } | Event::Clash { .. } => {
        }
        Event::GrappleSplit { .. } | Event::KiAi { .. } => {}
        Event::Wounded { figure, wounds } => {
            let f = fig(state, *figure)?;
            f.wounds = f.wounds.saturating_add(*wounds);
            f.this_turn.wounds = f.this_turn.wounds.saturating_add(*wounds);
        }
        Event::Distracted {
            figure,
            distractions,
        } => {
            let f = fig(state, *figure)?;
            f.distractions = f.distractions.saturating_add(*distractions);
        }
        Event::Died(f) => died(state, *f)?,
        Event::KnockedOut(f) => {
            let x = fig(state, *f)?;
            x.knocked_out = true;
            down(x);
        }
        Event::Fell(f) | Event::Unhorsed(f) => down(fig(state, *f)?),
        Event::RanDown { rider, figure } => {
            fig(state, *figure)?;
            fig(state, *rider)?.this_turn.ran_down.push(*figure);
        }
        Event::Entangled(f) => fig(state, *f)?.entangled = true,
        Event::Freed(f) => {
            let x = fig(state, *f)?;
            x.entangled = false;
            x.entangled_by = None;
        }
        Event::Grappling(a, b) => {
            let turn = state.turn;
            fig(state, *b)?;
            fig(state, *a)?.may_grapple = Some((*b, turn));
            fig(state, *b)?.may_grapple = Some((*a, turn));
        }
        Event::Grappled(a, b) => {
            fig(state, *b)?;
            let x = fig(state, *a)?;
            x.grappling = Some(*b);
            x.may_grapple = None;
            let y = fig(state, *b)?;
            y.grappling = Some(*a);
            y.may_grapple = None;
        }
        Event::Tripped {
            figure,
            fell,
            cause,
            ..
        } => {
            let x = fig(state, *figure)?;
            x.this_turn.slipped |= *cause == TripCause::Slippery;
            // A jump recorded after a dash is a jump for Exhaustion too.
            x.this_turn.jumped |= *cause == TripCause::Jump;
            if *fell {
                down(x);
            }
        }
        Event::Jumped { figure, result, .. } => {
            let x = fig(state, *figure)?;
            x.this_turn.jumped = true;
            if *result != JumpResult::Cleared {
                halt(x);
            }
        }
        Event::FallRoll {
            attacker,
            defender,
            result,
            ..
        } => {
            if matches!(result, FallResult::Both | FallResult::Attacker) {
                down(fig(state, *attacker)?);
            }
            if matches!(result, FallResult::Both | FallResult::Defender) {
                down(fig(state, *defender)?);
            }
        }
        Event::Required(_) | Event::Settled(_) | Event::Dropped(_) => {
            return Err("the engine applies changes to what is due".into());
        }
        _ => turn_event(state, event)?,
    }
    Ok(())
}

/// A figure dies: its grapple, its offer to grapple and any chain it held are let go.
fn died(state: &mut State, f: FigureRef) -> Result<(), String> {
    let partner = fig(state, f)?.grappling.take();
    let offered = fig(state, f)?.may_grapple.take();
    if let Some((p, _)) = offered {
        fig(state, p)?.may_grapple = None;
    }
    let x = fig(state, f)?;
    x.dead = true;
    x.won_grapple = false;
    down(x);
    x.entangled = false;
    x.entangled_by = None;
    // A dead restrainer's weapon lets go of its victim.
    for side in &mut state.sides {
        for held in &mut side.figures {
            if held.entangled_by == Some(f) {
                held.entangled = false;
                held.entangled_by = None;
            }
        }
    }
    if let Some(p) = partner {
        let x = fig(state, p)?;
        x.grappling = None;
        x.won_grapple = false;
    }
    Ok(())
}

/// Recovery at the turn's end, the stages and the turn.
fn turn_event(state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::Recovered(f) => {
            let x = fig(state, *f)?;
            x.distractions = x.distractions.saturating_sub(1);
        }
        Event::CameRound(f) => {
            let x = fig(state, *f)?;
            x.knocked_out = false;
            x.collapsed = false;
        }
        Event::Stamina { figure, change, .. } => {
            let x = fig(state, *figure)?;
            x.stamina = Some(x.stamina.unwrap_or(0).saturating_add(*change));
        }
        Event::Collapsed(f) => {
            let x = fig(state, *f)?;
            x.collapsed = true;
            down(x);
        }
        Event::StageBegins { contingent, stage } => {
            if *contingent >= state.contingents.len() {
                return Err(format!("no contingent {contingent}"));
            }
            state.current = *contingent;
            state.stage = *stage;
            // Yadomejutsu counts the missiles deflected in the same phase: a new stage is a
            // new phase.
            for side in &mut state.sides {
                for x in &mut side.figures {
                    x.this_turn.deflections = 0;
                }
            }
        }
        Event::TurnBegins(t) => {
            if Some(*t) != state.turn.checked_add(1) {
                return Err(format!("turn {t} does not follow turn {}", state.turn));
            }
            new_turn(state, *t);
        }
        Event::BattleEnded => state.ended = true,
        _ => {}
    }
    Ok(())
}

/// A figure's action: what it changes on the figure.
fn acted(state: &mut State, figure: FigureRef, action: &Action) -> Result<(), String> {
    if *action == Action::BreakOff {
        // The winner of a round breaks off without spending its action (Grappling).
        let f = fig(state, figure)?;
        f.won_grapple = false;
        if let Some(p) = f.grappling.take() {
            let partner = fig(state, p)?;
            partner.grappling = None;
            partner.won_grapple = false;
        }
        return Ok(());
    }
    let f = fig(state, figure)?;
    f.this_turn.actions = f.this_turn.actions.saturating_add(1);
    let quiet = matches!(action, Action::Step { step, .. } if step.still());
    f.this_turn.active |= !quiet;
    if !matches!(action, Action::Step { aim: Some(_), .. }) {
        f.aiming = None;
    }
    match action {
        Action::Step {
            step, aim, jump, ..
        } => {
            if !f.mounted {
                f.this_turn.hexes_on_foot = f.this_turn.hexes_on_foot.saturating_add(step.hexes());
            }
            f.this_turn.jumped |= *jump;
            if let Some(t) = aim {
                let turns = match f.aiming {
                    Some((old, n)) if old == *t => n.saturating_add(1),
                    _ => 1,
                };
                f.aiming = Some((*t, turns));
            }
        }
        Action::Dash(n) => {
            f.this_turn.hexes_on_foot = f.this_turn.hexes_on_foot.saturating_add(*n);
            f.this_turn.dashed = true;
        }
        Action::StandUp => f.lying = false,
        Action::LieDown => f.lying = true,
        Action::Mount => {
            f.mounted = true;
            halt(f);
        }
        Action::Dismount => {
            f.mounted = false;
            halt(f);
        }
        Action::Door => {}
        Action::Ride(r) | Action::RideReload(r) => {
            // Walking and sidestepping go at one speed but are two activities.
            if *r != f.activity {
                f.this_turn.changed_horse = true;
            }
            f.activity = *r;
            f.speed = r.speed();
        }
        Action::KiAi(_) => {
            f.this_turn.shouting = true;
            f.this_turn.attacked = true;
            // The shout is an attack, for Exhaustion too.
            f.this_turn.exchanges = f.this_turn.exchanges.saturating_add(1);
        }
        Action::BreakOff => {}
    }
    Ok(())
}

/// A figure on the ground: off its horse, if it rode one.
fn down(x: &mut FigureState) {
    x.lying = true;
    x.mounted = false;
    halt(x);
}

/// A horse standing still: halted by its rider, a refusal, or its rider's fall.
fn halt(x: &mut FigureState) {
    x.speed = Speed::Halt;
    x.activity = Ride::default();
}

fn new_turn(state: &mut State, turn: u32) {
    state.turn = turn;
    state.current = 0;
    state.stage = super::state::Stage::Moving;
    for side in &mut state.sides {
        for f in &mut side.figures {
            f.lying_still = if f.lying && !f.this_turn.active {
                f.lying_still.saturating_add(1)
            } else {
                0
            };
            f.this_turn = TurnRecord::default();
            if f.may_grapple_with(turn).is_none() {
                f.may_grapple = None;
            }
        }
    }
}

fn fig(state: &mut State, f: FigureRef) -> Result<&mut FigureState, String> {
    state
        .figure_mut(f)
        .ok_or_else(|| format!("no figure {}", f.id()))
}
