//! Charges and moves: declared before anyone moves, the side moving first moving first.

use super::{Ctx, cite, illegal, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::event::Event;
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::order::first_side_done;
use crate::rules::skirmish::state::{Section, Side, UnitRef};

/// A unit declares a charge: before anyone moves, on an enemy unit still fighting. It puts
/// nobody in melee: the two are in melee once the charger's own move reaches (ruling
/// `charge_contact`).
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

/// A unit moves, once a turn, in its side's turn to move, no further than the most any of its
/// figures may (the movement calculator); a holding unit stays put.
pub(super) fn move_unit(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    (obstacles, difficult, inches): (u32, bool, Option<u32>),
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
    if let Some(inches) = inches {
        within_allowance(ctx, unit, (obstacles, difficult), inches)?;
    }
    ctx.emit(Event::Moved {
        unit,
        obstacles,
        difficult,
        inches,
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

/// A move of `inches` is refused when no figure of the unit may go that far: its troop's
/// move, the charge bonus, the obstacles crossed, leg wounds and difficult ground, as the
/// movement calculator gives them. A unit that stays put records no move.
fn within_allowance(
    ctx: &Ctx<'_>,
    unit: UnitRef,
    (obstacles, difficult): (u32, bool),
    inches: u32,
) -> Result<(), CommandError> {
    let name = ctx.state().unit_name(unit);
    if inches == 0 {
        return Err(rule(
            cite::MOVEMENT,
            format!(
                "a move of 0\": {name} stays put, and a unit that does not move records no move"
            ),
        ));
    }
    let charging = ctx.unit(unit)?.charging.is_some();
    let Some((most, figure, parts)) = numbers::furthest_move(
        ctx.rules(),
        ctx.state(),
        unit,
        charging,
        obstacles,
        difficult,
    ) else {
        return Err(illegal(format!("{name} has no figure to move")));
    };
    if most <= 0.0 {
        return Err(rule(
            cite::MOVEMENT,
            format!(
                "no figure of {name} can make this move: {} take every inch ({})",
                crate::engine::words::counted(obstacles, "obstacle"),
                parts.join(", ")
            ),
        ));
    }
    if f64::from(inches) > most {
        return Err(rule(
            cite::MOVEMENT,
            format!(
                "{inches}\" is further than any figure of {name} may move: the most is {most}\", \
                 {}'s ({})",
                ctx.state().figure_name(figure),
                parts.join(", ")
            ),
        ));
    }
    Ok(())
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
