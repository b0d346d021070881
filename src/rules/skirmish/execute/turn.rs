//! The turn: precedence, sections, contact between units.

use super::{Ctx, cite, illegal, results, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::event::Event;
use crate::rules::skirmish::order::owing_bouts;
use crate::rules::skirmish::state::{Section, Side, UnitRef};
use crate::rules::skirmish::tables::PrecedenceWinner;

/// Both sides roll for precedence, once, at the start of the movement section; a tie rolls
/// again (ruling `precedence`).
pub(super) fn precedence(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().section != Section::Movement
        || ctx.state().first.is_some()
        || ctx.state().precedence.is_some()
    {
        return Err(rule(
            cite::SEQUENCE,
            "precedence is rolled once, at the start of the movement section",
        ));
    }
    let p = &ctx.rules().t.precedence;
    let (n, sides) = (p.dice, p.sides);
    let faces = [ctx.roll_n(n, sides)?, ctx.roll_n(n, sides)?];
    let totals = [faces[0].iter().sum::<u32>(), faces[1].iter().sum::<u32>()];
    let winner = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    ctx.emit(Event::Precedence { faces, winner })?;
    if let Some(w) =
        winner.filter(|_| ctx.rules().rulings.precedence == PrecedenceWinner::D6HighMovesFirst)
    {
        ctx.emit(Event::MovesFirst(w))?;
    }
    Ok(())
}

/// The precedence winner says which side moves first.
pub(super) fn moves_first(ctx: &mut Ctx<'_>, side: Side) -> Result<(), CommandError> {
    if ctx.state().precedence.is_none()
        || ctx.state().first.is_some()
        || ctx.state().section != Section::Movement
    {
        return Err(rule(
            cite::SEQUENCE,
            "the precedence winner chooses once, after the roll",
        ));
    }
    if side > 1 {
        return Err(illegal("there are two sides: 0 and 1"));
    }
    ctx.emit(Event::MovesFirst(side))
}

/// Two enemy units come into contact (`on`) or part, as the umpire sees the table.
pub(super) fn engage(
    ctx: &mut Ctx<'_>,
    a: UnitRef,
    b: UnitRef,
    on: bool,
) -> Result<(), CommandError> {
    if a.side() == b.side() {
        return Err(illegal("only enemy units meet in melee"));
    }
    if on {
        ctx.fighting_unit(a)?;
        ctx.fighting_unit(b)?;
        if ctx.state().engaged(a, b) {
            return Err(illegal("those units are in melee already"));
        }
        ctx.emit(Event::Engaged(a, b))
    } else {
        if !ctx.state().engaged(a, b) {
            return Err(illegal("those units are not in melee"));
        }
        ctx.emit(Event::Disengaged(a, b))
    }
}

/// The section ends once nothing it owes is left: a morale test, the results of hits resolved
/// in it, and the bouts of figures in contact.
pub(super) fn end_section(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    // A test that may wait (ruling `morale_when`) is still taken before the section ends.
    if let Some(due) = ctx.state().due.first() {
        let what = crate::rules::skirmish::describe::due_name(ctx.state(), *due).text;
        return Err(rule(cite::MORALE, format!("take it first: {what}")));
    }
    let section = ctx.state().section;
    if section == Section::Movement && ctx.state().first.is_none() {
        return Err(rule(cite::SEQUENCE, "roll for precedence first"));
    }
    let owed = results::owed(ctx.state());
    if let Some(f) = owed
        .first()
        .filter(|_| results::resolving_now(ctx.rules(), section))
    {
        let name = ctx.state().figure_name(*f);
        return Err(illegal(format!(
            "roll the results for the hits on {name} first"
        )));
    }
    if section == Section::Melee
        && let Some(f) = owing_bouts(ctx.state()).first()
    {
        return Err(rule(
            cite::MELEE,
            format!(
                "{} is in melee and has not fought its bout: figures in contact must fight",
                ctx.state().figure_name(*f)
            ),
        ));
    }
    match section.next() {
        Some(next) => {
            ctx.emit(Event::SectionBegins(next))?;
            if next == Section::Results {
                results::settle_plain_hits(ctx)?;
            }
            Ok(())
        }
        None => ctx.emit(Event::TurnBegins(ctx.state().turn + 1)),
    }
}
