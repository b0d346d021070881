//! The small tables rolled on the spot: tripping, horse jumps, falling after a body charge.

use super::super::command::Obstacle;
use super::super::event::{Event, FallResult, JumpResult};
use super::super::order;
use super::super::roster::Armour;
use super::super::state::{Due, FigureRef, Speed, TripCause};
use super::super::tables::{Jump, Rules};
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;

/// Trips at or under this on 1d10 (Tripping Over).
pub fn trip_needed(rules: &Rules, cause: TripCause, armour: Armour) -> i64 {
    let t = &rules.t.tripping;
    match cause {
        TripCause::Body => t.body,
        TripCause::Slippery => t.slippery,
        TripCause::Obstacle | TripCause::Entangled => t.obstacle_or_entangled,
        TripCause::Jump if armour == Armour::None => t.jump_unarmoured,
        TripCause::Jump => t.jump_armoured,
        TripCause::Uphill => t.uphill,
    }
}

/// The jump table's row for an obstacle.
pub fn jump_row(rules: &Rules, obstacle: Obstacle) -> &Jump {
    let j = &rules.t.horse_jumps;
    match obstacle {
        Obstacle::LowHedge => &j.low_hedge,
        Obstacle::HighHedge => &j.high_hedge,
        Obstacle::Barricade => &j.barricade,
        Obstacle::Gap1 => &j.gap_1,
        Obstacle::Gap2 => &j.gap_2,
        Obstacle::Gap3 => &j.gap_3,
    }
}

/// What a die does on the jump table.
pub fn jump_result(row: &Jump, die: i64) -> JumpResult {
    if row.thrown.is_some_and(|thrown| die <= thrown) {
        JumpResult::Thrown
    } else if die <= row.refuse {
        JumpResult::Refused
    } else {
        JumpResult::Cleared
    }
}

/// What a die does on the falling table (Body Charges).
pub fn fall_result(rules: &Rules, moving: bool, die: i64) -> FallResult {
    let f = &rules.t.falling;
    let row = if moving { &f.moving } else { &f.stationary };
    if die >= row.both {
        FallResult::Both
    } else if die >= row.defender {
        FallResult::Defender
    } else if die >= row.attacker {
        FallResult::Attacker
    } else {
        FallResult::Neither
    }
}

/// A figure dices for tripping: due, or recorded by the umpire for a cause the state cannot
/// see (a dash over a hedge). What it answers is settled first: the roll may put the figure on
/// the ground, and a due about a figure already down lapses ([`order::moot`]).
pub fn trip(ctx: &mut Ctx<'_>, figure: FigureRef, cause: TripCause) -> Result<(), CommandError> {
    let x = ctx.figure(figure)?;
    order::may_trip(x).map_err(|why| refuse(why, order::TRIPPING))?;
    let needed = trip_needed(ctx.rules(), cause, x.spec.armour);
    ctx.settle_if_due(Due::Trip(figure, cause))?;
    if TripCause::PUSHED.contains(&cause) {
        ctx.settle_if_due(Due::PushedBack(figure))?;
    }
    let die = ctx.d10()?;
    ctx.emit(Event::Tripped {
        figure,
        cause,
        die,
        needed,
        fell: i64::from(die) <= needed,
    })
}

/// The umpire says where a pushed-back figure ended: somewhere that trips makes the trip
/// roll due (Tripping Over).
pub fn pushed_into(
    ctx: &mut Ctx<'_>,
    figure: FigureRef,
    cause: TripCause,
) -> Result<(), CommandError> {
    let due = Due::PushedBack(figure);
    if !ctx.is_due(&due) {
        return Err(illegal("that figure has no push back to settle"));
    }
    if !TripCause::PUSHED.contains(&cause) {
        return Err(illegal(format!(
            "a push back does not end {}",
            cause.words()
        )));
    }
    let x = ctx.figure(figure)?;
    if x.mounted {
        return Err(refuse("tripping is for figures on foot", order::TRIPPING));
    }
    ctx.settle(due)?;
    ctx.require(Due::Trip(figure, cause))
}

/// A cantering or galloping horse jumps an obstacle.
pub fn jump(ctx: &mut Ctx<'_>, figure: FigureRef, obstacle: Obstacle) -> Result<(), CommandError> {
    let x = ctx.active(figure)?;
    if !x.mounted {
        return Err(illegal(format!("{} is not mounted", x.spec.name)));
    }
    // A collision between horses rolls the barricade-or-collision row at any speed
    // (ruling `horse_collision`).
    if x.speed < Speed::Canter && obstacle != Obstacle::Barricade {
        return Err(refuse(
            "only a cantering or galloping horse may jump",
            "kozeriai: Moving Horses",
        ));
    }
    let die = ctx.d10()?;
    let result = jump_result(jump_row(ctx.rules(), obstacle), i64::from(die));
    ctx.emit(Event::Jumped {
        figure,
        obstacle,
        die,
        result,
    })?;
    if result == JumpResult::Thrown {
        ctx.emit(Event::Unhorsed(figure))?;
    }
    Ok(())
}

/// The falling roll after a body charge went home.
pub fn fall(ctx: &mut Ctx<'_>, due: Due) -> Result<(), CommandError> {
    let Due::Fall {
        attacker,
        defender,
        moving,
    } = due
    else {
        return Err(illegal("that is not a falling roll"));
    };
    if !ctx.state().due.contains(&due) {
        return Err(illegal("no body charge is waiting for its falling roll"));
    }
    // Settled before the roll, which may put both on the ground and so make it lapse.
    ctx.settle(due)?;
    let die = ctx.d10()?;
    let result = fall_result(ctx.rules(), moving, i64::from(die));
    ctx.emit(Event::FallRoll {
        attacker,
        defender,
        die,
        result,
    })
}

/// A cantering or galloping horse knocks down a figure on foot (Collisions).
pub fn run_down(
    ctx: &mut Ctx<'_>,
    rider: FigureRef,
    figure: FigureRef,
) -> Result<(), CommandError> {
    let x = ctx.active(rider)?;
    if !x.mounted || x.speed < Speed::Canter {
        return Err(refuse(
            format!("{} is not on a cantering or galloping horse", x.spec.name),
            "kozeriai: Horses in Combat",
        ));
    }
    let y = ctx.figure(figure)?;
    if y.dead || y.mounted || y.lying || figure == rider {
        return Err(illegal(format!("{} is not standing on foot", y.spec.name)));
    }
    ctx.emit(Event::Fell(figure))?;
    ctx.emit(Event::RanDown { rider, figure })
}
