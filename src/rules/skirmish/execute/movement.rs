//! Charges and moves: declared before anyone moves, the side moving first moving first.

use super::{Ctx, cite, illegal, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::event::Event;
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::order::first_side_done;
use crate::rules::skirmish::state::{Section, Side, UnitRef};

/// A unit declares a charge: before anyone moves, on an enemy unit still fighting; it puts
/// both in melee (ruling `charge_contact`).
pub(super) fn declare_charge(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    target: UnitRef,
) -> Result<(), CommandError> {
    if ctx.state().section != Section::Movement || ctx.state().first.is_none() {
        return Err(rule(
            cite::MOVEMENT,
            "charges are declared in the movement section, after precedence",
        ));
    }
    if ctx.state().moves_begun {
        return Err(rule(
            cite::MOVEMENT,
            "charges must be declared before any movement is made",
        ));
    }
    if unit.side() == target.side() {
        return Err(illegal("a unit charges the enemy"));
    }
    let u = ctx.fighting_unit(unit)?;
    if u.holding(ctx.state().now()) {
        return Err(rule(
            cite::MORALE,
            format!(
                "{} is holding its ground (morale) and may not charge",
                u.name
            ),
        ));
    }
    if u.charging.is_some() {
        return Err(illegal(format!(
            "{} has already declared a charge this turn",
            u.name
        )));
    }
    ctx.fighting_unit(target)?;
    // Nobody has moved yet: the two are in melee only once the charger's move reaches.
    ctx.emit(Event::ChargeDeclared { unit, target })
}

/// A unit moves, once a turn, in its side's turn to move; a holding unit stays put.
pub(super) fn move_unit(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    (obstacles, difficult): (u32, bool),
    contact: bool,
) -> Result<(), CommandError> {
    if ctx.state().section != Section::Movement || ctx.state().first.is_none() {
        return Err(rule(
            cite::SEQUENCE,
            "units move in the movement section, after precedence",
        ));
    }
    let u = ctx.fighting_unit(unit)?;
    if u.holding(ctx.state().now()) {
        return Err(rule(
            cite::MORALE,
            format!("{} is holding its ground (morale)", u.name),
        ));
    }
    if u.moved {
        return Err(rule(
            cite::SEQUENCE,
            format!("{} has moved this turn", u.name),
        ));
    }
    let name = u.name.clone();
    let most = numbers::most_obstacles(ctx.rules());
    if obstacles > most {
        return Err(rule(
            cite::MOVEMENT,
            format!(
                "{obstacles} obstacles: crossing {most} already takes the longest charge's every \
                 inch"
            ),
        ));
    }
    if let Some(first) = ctx.state().first {
        let done = first_side_done(ctx.state(), first);
        if unit.side() == first && done {
            return Err(rule(
                cite::SEQUENCE,
                format!("{name}'s side has made its moves: the other side moves now"),
            ));
        }
        if unit.side() != first && !done {
            return Err(rule(
                cite::SEQUENCE,
                format!(
                    "{} won the move first: {name} moves once that side has made its moves",
                    ctx.state().sides[first].name
                ),
            ));
        }
    }
    let target = ctx.fighting_unit(unit)?.charging;
    ctx.emit(Event::Moved {
        unit,
        obstacles,
        difficult,
    })?;
    match (contact, target) {
        (false, _) => Ok(()),
        (true, None) => Err(illegal(format!(
            "{name} declared no charge: use Engage for units in contact"
        ))),
        (true, Some(target)) if ctx.state().engaged(unit, target) => Ok(()),
        (true, Some(target)) => {
            ctx.fighting_unit(target)?;
            ctx.emit(Event::Engaged(unit, target))
        }
    }
}

/// The side moving first has made all its moves: the other side moves now.
pub(super) fn moves_done(ctx: &mut Ctx<'_>, side: Side) -> Result<(), CommandError> {
    if ctx.state().section != Section::Movement {
        return Err(illegal("moves are made in the movement section"));
    }
    if ctx.state().first != Some(side) {
        return Err(rule(
            cite::SEQUENCE,
            "only the side moving first says it has made its moves",
        ));
    }
    if first_side_done(ctx.state(), side) {
        return Err(illegal("that side has already made its moves"));
    }
    ctx.emit(Event::MovesDone(side))
}
