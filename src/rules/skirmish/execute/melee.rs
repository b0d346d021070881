//! Bouts between figures in melee: simultaneous, hits parried.

use super::{Ctx, cite, illegal, results, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::event::{BoutRoll, Event};
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::pending::melee::suggest;
use crate::rules::skirmish::state::{FigureRef, Section, pair};

/// The umpire says which of a bout's two figures defends an obstacle: two enemies in melee
/// that have not fought their bout this turn, in the melee section.
pub(super) fn say_obstacles(
    ctx: &mut Ctx<'_>,
    a: FigureRef,
    b: FigureRef,
    obstacle: [bool; 2],
) -> Result<(), CommandError> {
    may_fight(ctx, a, b)?;
    // Asked on the cards of the suggested bouts; the Melee bout form asks it of any other.
    let state = ctx.state();
    let suggested = state
        .engagements
        .iter()
        .any(|&(x, y)| suggest(ctx.rules(), state, x, y).contains(&(a, b)));
    if !suggested {
        return Err(illegal(
            "not a suggested bout: the Melee bout form says its obstacles as it fights it",
        ));
    }
    if ctx.state().obstacles_said(a, b) == Some(obstacle) {
        return Err(illegal("that is what was said already"));
    }
    ctx.emit(Event::BoutObstacles { a, b, obstacle })
}

/// Whether `a` and `b` may fight their bout now: the melee section, enemies both fighting, in
/// melee, and not yet fought this turn.
fn may_fight(ctx: &Ctx<'_>, a: FigureRef, b: FigureRef) -> Result<(), CommandError> {
    if ctx.state().section != Section::Melee {
        return Err(rule(cite::MELEE, "bouts are fought in the melee section"));
    }
    if a.side() == b.side() {
        return Err(illegal("a bout is between enemies"));
    }
    ctx.fighting_figure(a)?;
    ctx.fighting_figure(b)?;
    if !ctx.state().engaged(a.unit(), b.unit()) {
        return Err(illegal(format!(
            "{} and {} are not in melee (engage them first)",
            ctx.state().unit_name(a.unit()),
            ctx.state().unit_name(b.unit())
        )));
    }
    if ctx.state().bouts.contains(&pair(a, b)) {
        return Err(rule(
            cite::MELEE,
            "those two have fought their bout this turn",
        ));
    }
    Ok(())
}

/// Two figures fight their bout: both roll, hits parry (ruling `parry`; a holding unit only
/// parries), and what lands is marked after both have rolled.
pub(super) fn bout(
    ctx: &mut Ctx<'_>,
    a: FigureRef,
    b: FigureRef,
    obstacle: [bool; 2],
) -> Result<(), CommandError> {
    may_fight(ctx, a, b)?;
    let pools = [
        numbers::melee(ctx.rules(), ctx.state(), a, b, obstacle[1]),
        numbers::melee(ctx.rules(), ctx.state(), b, a, obstacle[0]),
    ];
    let faces = [pools[0].roll(ctx)?, pools[1].roll(ctx)?];
    let hits = [pools[0].count(&faces[0]), pools[1].count(&faces[1])];
    let now = ctx.state().now();
    let holding = [
        ctx.unit(a.unit())?.holding(now),
        ctx.unit(b.unit())?.holding(now),
    ];
    let landed = numbers::landed(ctx.rules(), hits, holding);
    let [fa, fb] = faces;
    let rolls = [
        BoutRoll {
            figure: a,
            faces: fa,
            needed: pools[0].needed,
            hits: hits[0],
            landed: landed[0],
        },
        BoutRoll {
            figure: b,
            faces: fb,
            needed: pools[1].needed,
            hits: hits[1],
            landed: landed[1],
        },
    ];
    ctx.emit(Event::Bout(rolls))?;
    // Simultaneous: both sides' hits land after both have rolled.
    results::land(ctx, b, landed[0])?;
    results::land(ctx, a, landed[1])?;
    Ok(())
}
