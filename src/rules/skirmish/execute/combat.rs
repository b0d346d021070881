//! Charges, moves, shooting and bouts.

use super::{Ctx, cite, illegal, results, rule};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::engine::ledger::Scope;
use crate::rules::skirmish::command::Shot;
use crate::rules::skirmish::event::{BoutRoll, Event};
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::order::{Actor, Deed, FIRE};
use crate::rules::skirmish::state::{Side, State};

const SEQUENCE: &str = "skirmish: Sequence of play";
use crate::rules::skirmish::state::{FigureRef, Section, UnitRef, Wound, pair};

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
    ctx.emit(Event::ChargeDeclared { unit, target })?;
    if !ctx.state().engaged(unit, target) {
        ctx.emit(Event::Engaged(unit, target))?;
    }
    Ok(())
}

pub(super) fn move_unit(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    obstacles: u32,
    difficult: bool,
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
    if let Some(first) = ctx.state().first {
        let done = first_side_done(ctx.state(), first);
        if unit.side() == first && done {
            return Err(refuse(
                format!("{name}'s side has made its moves: the other side moves now"),
                SEQUENCE,
            ));
        }
        if unit.side() != first && !done {
            return Err(refuse(
                format!(
                    "{} won the move first: {name} moves once that side has made its moves",
                    ctx.state().sides[first].name
                ),
                SEQUENCE,
            ));
        }
    }
    ctx.emit(Event::Moved {
        unit,
        obstacles,
        difficult,
    })
}

/// Whether the side moving first has said it has made all its moves this movement section.
pub fn first_side_done(state: &State, first: Side) -> bool {
    state
        .ledger
        .has_done(Actor::side(first), Scope::Section, |d| {
            *d == Deed::DoneMoving
        })
}

pub(super) fn moves_done(ctx: &mut Ctx<'_>, side: Side) -> Result<(), CommandError> {
    if ctx.state().section != Section::Movement {
        return Err(illegal("moves are made in the movement section"));
    }
    if ctx.state().first != Some(side) {
        return Err(refuse(
            "only the side moving first says it has made its moves",
            SEQUENCE,
        ));
    }
    if first_side_done(ctx.state(), side) {
        return Err(illegal("that side has already made its moves"));
    }
    ctx.emit(Event::MovesDone(side))
}

/// Whether one figure may take part in a shot: an enemy target, a missile weapon and no arm
/// wound, the target within its weapon's long range, its rate of fire, and for defensive fire
/// a charger that started beyond half its close range.
fn check_shooter(
    ctx: &Ctx<'_>,
    shot: &Shot,
    s: FigureRef,
    defensive: bool,
    target_name: &str,
) -> Result<(), CommandError> {
    let target = shot.target;
    if s.side() == target.side() {
        return Err(illegal("figures shoot at the enemy"));
    }
    let f = ctx.fighting_figure(s)?;
    let name = f.spec.name.clone();
    if !f.spec.weapon.missile() {
        return Err(illegal(format!("{name} has no missile weapon")));
    }
    if f.count(Wound::Arm) > 0 {
        return Err(rule(
            cite::RESULTS,
            format!("{name} has an arm wound and cannot shoot"),
        ));
    }
    let weapon = f.spec.weapon;
    let Some((close, long)) = numbers::ranges(ctx.rules(), weapon) else {
        return Err(illegal(format!("{name} has no missile weapon")));
    };
    if numbers::band(ctx.rules(), weapon, shot.inches).is_none() {
        return Err(refuse(
            format!(
                "{target_name} is {}\" away, beyond {name}'s {} range ({long}\")",
                shot.inches,
                weapon.name()
            ),
            FIRE,
        ));
    }
    if let Err(r) = numbers::rate_of_fire(ctx.rules(), ctx.state(), s, weapon) {
        return Err(refuse(
            format!("{name} cannot shoot now: {}", r.reason),
            r.citation,
        ));
    }
    if defensive {
        let charger = ctx.unit(target.unit())?;
        if charger.charging != Some(s.unit()) {
            return Err(rule(
                cite::FIRE,
                format!("{target_name}'s unit is not charging {name}'s unit this turn"),
            ));
        }
        if 2 * i64::from(shot.inches) <= close {
            return Err(refuse(
                format!(
                    "the charger started {}\" away: {name} may shoot only at a charger \
                     that started more than half its {} close range ({}\") away",
                    shot.inches,
                    weapon.name(),
                    half(close)
                ),
                FIRE,
            ));
        }
    }
    Ok(())
}

pub(super) fn fire(ctx: &mut Ctx<'_>, shot: &Shot, defensive: bool) -> Result<(), CommandError> {
    let wanted = if defensive {
        Section::Movement
    } else {
        Section::Firing
    };
    if ctx.state().section != wanted {
        return Err(rule(
            cite::FIRE,
            if defensive {
                "defensive fire happens as the charge comes in, in the movement section"
            } else {
                "shooting happens in the firing section"
            },
        ));
    }
    let target = shot.target;
    let t = ctx.fighting_figure(target)?;
    let target_name = t.spec.name.clone();
    if shot.shooters.is_empty() {
        return Err(illegal("name at least one figure to shoot"));
    }
    let mut seen = Vec::new();
    for &s in &shot.shooters {
        if seen.contains(&s) {
            return Err(illegal(format!(
                "{} is named twice",
                ctx.state().figure_name(s)
            )));
        }
        seen.push(s);
        check_shooter(ctx, shot, s, defensive, &target_name)?;
    }
    for &s in &shot.shooters {
        if ctx.figure(target)?.dead {
            break;
        }
        let pool = numbers::fire(ctx.rules(), ctx.state(), s, target, shot.inches, shot.cover);
        let weapon = ctx.figure(s)?.spec.weapon;
        let faces = ctx.roll_n(pool.dice, pool.sides)?;
        let hits = pool.count(&faces);
        ctx.emit(Event::Shot {
            shooter: s,
            target,
            weapon,
            faces,
            needed: pool.needed,
            hits,
            defensive,
        })?;
        results::land(ctx, target, hits)?;
    }
    Ok(())
}

/// Half a range in inches, as the text gives it (7.5", 6", 5").
pub fn half(inches: i64) -> String {
    if inches % 2 == 0 {
        format!("{}", inches / 2)
    } else {
        format!("{}.5", inches / 2)
    }
}

pub(super) fn bout(
    ctx: &mut Ctx<'_>,
    a: FigureRef,
    b: FigureRef,
    obstacle: [bool; 2],
) -> Result<(), CommandError> {
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
    let pools = [
        numbers::melee(ctx.rules(), ctx.state(), a, b, obstacle[1]),
        numbers::melee(ctx.rules(), ctx.state(), b, a, obstacle[0]),
    ];
    let faces = [
        ctx.roll_n(pools[0].dice, pools[0].sides)?,
        ctx.roll_n(pools[1].dice, pools[1].sides)?,
    ];
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
