//! Applying skirmish events: the only place the state changes.

use super::event::{Event, Outcome};
use super::order::{Actor, Deed};
use super::state::{FigureRef, FigureState, State, UnitRef, UnitState, Wound, pair};
use crate::engine::ledger::Scope;

/// Applies one event. Errors only for events that cannot belong to this battle.
///
/// # Errors
/// A reference to a unit, figure or side the battle does not have.
pub fn apply(state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::Precedence { winner, .. } => state.precedence = winner.map(side).transpose()?,
        Event::MovesFirst(s) => state.first = Some(side(*s)?),
        Event::ChargeDeclared { unit, target } => {
            unit_mut(state, *target)?;
            unit_mut(state, *unit)?.charging = Some(*target);
        }
        Event::MovesDone(side) => {
            if *side > 1 {
                return Err(format!("no side {side}"));
            }
            state
                .ledger
                .record(Actor::side(*side), Deed::DoneMoving, None);
        }
        Event::Moved { unit, .. } => {
            unit_mut(state, *unit)?.moved = true;
            state.moves_begun = true;
            state.ledger.record(Actor::Unit(*unit), Deed::Move, None);
            state
                .ledger
                .record(Actor::side(unit.side()), Deed::Move, None);
        }
        Event::Shot {
            shooter, target, ..
        } => shot(state, *shooter, *target)?,
        Event::BoutObstacles { a, b, obstacle } => obstacles_said(state, *a, *b, *obstacle)?,
        Event::Bout(rolls) => {
            let key = pair(rolls[0].figure, rolls[1].figure);
            state.obstacles_said.retain(|(p, _)| *p != key);
            state.bouts.push(key);
        }
        Event::Hit { figure, hits } => hit(state, *figure, *hits)?,
        Event::Results {
            figure, outcomes, ..
        } => {
            let f = figure_mut(state, *figure)?;
            f.pending_hits = 0;
            for o in outcomes {
                match o {
                    Outcome::Leg => f.wounds.push(Wound::Leg),
                    Outcome::Arm => f.wounds.push(Wound::Arm),
                    Outcome::Dead | Outcome::Lucky | Outcome::NoEffect => {}
                }
            }
        }
        Event::Died { figure, .. } => {
            let f = figure_mut(state, *figure)?;
            f.dead = true;
            f.pending_hits = 0;
            // A unit with nobody left is out of every melee (ruling `charge_contact`).
            let unit = figure.unit();
            if state.unit(unit).is_some_and(|u| u.alive() == 0) {
                state.engagements.retain(|(a, b)| *a != unit && *b != unit);
            }
        }
        Event::Required(_) | Event::Settled(_) | Event::Dropped(_) => {
            return Err("the engine applies changes to what is due".into());
        }
        Event::MoraleRolled { unit, .. } => {
            unit_mut(state, *unit)?;
        }
        Event::Routed(unit) => {
            let turn = state.turn;
            let u = unit_mut(state, *unit)?;
            u.routed = true;
            u.routed_turn = Some(turn);
            let unit = *unit;
            state.engagements.retain(|(a, b)| *a != unit && *b != unit);
        }
        Event::Holding { unit, until } => unit_mut(state, *unit)?.holding_until = Some(*until),
        Event::HoldEnded(unit) => unit_mut(state, *unit)?.holding_until = None,
        Event::Engaged(a, b) => {
            unit_mut(state, *a)?;
            unit_mut(state, *b)?;
            let p = pair(*a, *b);
            if !state.engagements.contains(&p) {
                state.engagements.push(p);
            }
        }
        Event::Disengaged(a, b) => {
            let p = pair(*a, *b);
            state.engagements.retain(|e| *e != p);
        }
        Event::SectionBegins(section) => {
            if state.section.next() != Some(*section) {
                return Err(format!("the {} section does not follow", section.name()));
            }
            state.section = *section;
            state.obstacles_said.clear();
            state.ledger.begin(Scope::Section);
        }
        Event::TurnBegins(turn) => {
            if state.turn.checked_add(1) != Some(*turn) {
                return Err(format!("turn {turn} does not follow turn {}", state.turn));
            }
            new_turn(state, *turn);
        }
        Event::BattleEnded => state.ended = true,
    }
    Ok(())
}

/// What the umpire said of a bout's obstacles, kept in [`pair`] order until it is fought.
fn obstacles_said(
    state: &mut State,
    a: FigureRef,
    b: FigureRef,
    obstacle: [bool; 2],
) -> Result<(), String> {
    figure_mut(state, a)?;
    figure_mut(state, b)?;
    let key = pair(a, b);
    let said = if a <= b {
        obstacle
    } else {
        [obstacle[1], obstacle[0]]
    };
    state.obstacles_said.retain(|(p, _)| *p != key);
    state.obstacles_said.push((key, said));
    Ok(())
}

fn shot(state: &mut State, shooter: FigureRef, target: FigureRef) -> Result<(), String> {
    let (turn, section) = state.now();
    figure_mut(state, target)?;
    figure_mut(state, shooter)?.last_shot = Some((turn, section));
    unit_mut(state, target.unit())?.shot_at = true;
    state.ledger.record(
        Actor::Figure(shooter),
        Deed::Shot,
        Some(Actor::Figure(target)),
    );
    Ok(())
}

fn hit(state: &mut State, figure: FigureRef, hits: u32) -> Result<(), String> {
    let f = figure_mut(state, figure)?;
    f.pending_hits = f
        .pending_hits
        .checked_add(hits)
        .filter(|n| *n <= MAX_HITS)
        .ok_or_else(|| format!("{hits} more hits than any roll gives"))?;
    Ok(())
}

fn new_turn(state: &mut State, turn: u32) {
    state.turn = turn;
    state.section = super::state::Section::Movement;
    state.precedence = None;
    state.first = None;
    state.moves_begun = false;
    state.bouts.clear();
    state.obstacles_said.clear();
    state.ledger.begin(Scope::Turn);
    for side in &mut state.sides {
        for u in &mut side.units {
            u.charging = None;
            u.moved = false;
            u.shot_at = false;
            u.alive_at_turn_start = u.alive();
        }
    }
}

/// More hits waiting on one figure than any battle gives: a damaged or forged journal.
const MAX_HITS: u32 = 1000;

fn side(s: usize) -> Result<usize, String> {
    if s < 2 {
        Ok(s)
    } else {
        Err(format!("no side {s}"))
    }
}

fn unit_mut(state: &mut State, u: UnitRef) -> Result<&mut UnitState, String> {
    state
        .unit_mut(u)
        .ok_or_else(|| format!("no unit {}", u.id()))
}

fn figure_mut(state: &mut State, f: FigureRef) -> Result<&mut FigureState, String> {
    state
        .figure_mut(f)
        .ok_or_else(|| format!("no figure {}", f.id()))
}
