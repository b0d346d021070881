//! The Results section: hits resolved on the d12, wounds and deaths, and the morale tests a
//! death makes due.

use super::morale::tests_morale;
use super::{Ctx, cite, illegal, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::event::{Event, Outcome};
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::state::{FigureRef, Section, State, Trigger};
use crate::rules::skirmish::tables::Rules;
use crate::rules::skirmish::tables::{HalfLost, WhenHitsResolve};

/// Whether hits are resolved in this section (ruling `when_hits_resolve`).
pub fn resolving_now(rules: &Rules, section: Section) -> bool {
    section == Section::Results || rules.rulings.when_hits_resolve == WhenHitsResolve::AtOnce
}

/// Figures with hits still to resolve, in units still fighting.
pub fn owed(state: &State) -> Vec<FigureRef> {
    state
        .all_units()
        .into_iter()
        .flat_map(|u| state.fighting(u))
        .filter(|&f| state.figure(f).is_some_and(|x| x.pending_hits > 0))
        .collect()
}

/// Hits land on a figure; troops without a d12 roll die as soon as hits are resolved.
pub(super) fn land(ctx: &mut Ctx<'_>, figure: FigureRef, hits: u32) -> Result<(), CommandError> {
    if hits == 0 {
        return Ok(());
    }
    ctx.emit(Event::Hit { figure, hits })?;
    if resolving_now(ctx.rules(), ctx.state().section) {
        settle_plain_hits(ctx)?;
    }
    Ok(())
}

/// Kills every hit figure that does not roll the d12 (Ashigaru, Monks: ruling
/// `plain_troops_hit`).
pub(super) fn settle_plain_hits(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    for f in owed(ctx.state()) {
        let troop = ctx.figure(f)?.spec.troop;
        if numbers::wounds_to_kill(ctx.rules(), troop).is_none() {
            kill(ctx, f, format!("hit: a {} hit is dead", troop.name()))?;
        }
    }
    Ok(())
}

/// Rolls the 1d12 result of each hit on a Samurai, Ronin or Ninja (one die per hit), in the
/// section hits are resolved in (ruling `when_hits_resolve`).
pub(super) fn resolve(ctx: &mut Ctx<'_>, figure: FigureRef) -> Result<(), CommandError> {
    if !resolving_now(ctx.rules(), ctx.state().section) {
        return Err(rule(
            cite::RESULTS,
            "hits are resolved in the Results section",
        ));
    }
    let f = ctx.fighting_figure(figure)?;
    let (hits, troop, mut wounds) = (f.pending_hits, f.spec.troop, f.wounds.len() as u32);
    if hits == 0 {
        return Err(illegal(format!("{} has no hits to resolve", f.spec.name)));
    }
    let Some(kill_at) = numbers::wounds_to_kill(ctx.rules(), troop) else {
        return settle_plain_hits(ctx);
    };
    let faces = ctx.roll_n(hits, ctx.rules().t.results.sides)?;
    let mut outcomes = Vec::new();
    let mut dead = None;
    for &face in &faces {
        let o = if dead.is_some() {
            Outcome::NoEffect
        } else {
            numbers::outcome(ctx.rules(), face)
        };
        match o {
            Outcome::Dead => dead = Some(format!("rolled {face} on the d12: dead")),
            Outcome::Leg | Outcome::Arm => {
                wounds += 1;
                if wounds >= kill_at {
                    dead = Some(format!("{wounds} wounds: no longer able to fight"));
                }
            }
            Outcome::Lucky | Outcome::NoEffect => {}
        }
        outcomes.push(o);
    }
    ctx.emit(Event::Results {
        figure,
        faces,
        outcomes,
    })?;
    if let Some(why) = dead {
        kill(ctx, figure, why)?;
    }
    Ok(())
}

/// A figure dies; the morale tests its death triggers are required (optional rule).
fn kill(ctx: &mut Ctx<'_>, figure: FigureRef, why: String) -> Result<(), CommandError> {
    let unit = figure.unit();
    let u = ctx.unit(unit)?;
    let (start, before) = (u.alive_at_turn_start, u.alive());
    let leader = ctx.figure(figure)?.spec.leader;
    ctx.emit(Event::Died { figure, why })?;
    if !tests_morale(ctx.rules(), ctx.state(), unit) {
        return Ok(());
    }
    if leader {
        ctx.require_morale(unit, Trigger::LeaderLost)?;
    }
    let u = ctx.unit(unit)?;
    let (of, lost_before) = match ctx.rules().rulings.half_lost {
        HalfLost::HalfOfStarting => (u.figures.len() as u32, u.figures.len() as u32 - before),
        HalfLost::HalfThisTurn => (start, start.saturating_sub(before)),
    };
    // Losing `half_lost_percent` of the number (50%): the test is due as the loss reaches it.
    let pct = u64::from(ctx.rules().t.morale.half_lost_percent);
    let reached = |lost: u32| 100 * u64::from(lost) >= pct * u64::from(of);
    let crossed = !reached(lost_before) && reached(lost_before + 1);
    if crossed && u.on_table() {
        ctx.require_morale(unit, Trigger::HalfLost)?;
    }
    Ok(())
}
