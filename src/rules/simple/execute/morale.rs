//! Morale: the test that is due, and the opponent calling for one.

use super::melee::leave;
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::event::Event;
use crate::rules::simple::numbers;
use crate::rules::simple::order::MORALE;
use crate::rules::simple::roster::Troop;
use crate::rules::simple::state::{Cover, Due, MoraleCause, UnitRef};

/// A unit takes the morale test due: its living figures' dice against a d10 for each dead
/// figure, its Formation Fail and a friend seen retreating. A tie or better carries on; a
/// failure retreats 3 moves, or sends peasants into hiding.
pub(super) fn morale(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    told: Option<Cover>,
) -> Result<(), CommandError> {
    let Some(Due::Morale(_, cause)) = ctx
        .state()
        .due
        .iter()
        .find(|d| matches!(d, Due::Morale(x, _) if *x == u))
        .copied()
    else {
        return Err(illegal("no morale test is due for that unit"));
    };
    if super::morale_waits_on_retreat_answer(ctx.state(), u, cause) {
        let within = ctx.rules().t.morale.friend_retreating_within_cm;
        return Err(refuse(
            format!(
                "{}: first say whether it sees a friend retreat within {within} cm (the morale card asks)",
                ctx.state().unit_name(u)
            ),
            MORALE,
        ));
    }
    check_cover_told(ctx, u, told)?;
    ctx.settle(Due::Morale(u, cause))?;
    let x = ctx.unit(u)?;
    let sees = numbers::sees_friend_retreat(x, cause);
    let dice = numbers::morale(ctx.rules(), x, ctx.state().cover_of(u), sees);
    let own = ctx.roll_n(dice.own, dice.own_sides)?;
    let against = ctx.roll_n(dice.against, ctx.rules().t.morale.dead_die)?;
    let passed = own.iter().sum::<u32>() >= against.iter().sum::<u32>();
    let peasant = ctx.unit(u)?.spec.troop == Troop::Peasant;
    ctx.emit(Event::MoraleTested {
        unit: u,
        cause,
        own_sides: dice.own_sides,
        own,
        against,
        passed,
    })?;
    match (passed, peasant) {
        (true, _) if cause == MoraleCause::AfterRetreat => ctx.emit(Event::Rallied(u)),
        (true, _) => Ok(()),
        (false, true) => leave(ctx, u, "the peasants fail their morale and go into hiding"),
        (false, false) => {
            let moves = ctx.rules().t.morale.retreat_moves;
            ctx.emit(Event::Retreating { unit: u, moves })
        }
    }
}

/// Refuses a roll whose cover the card has not been told, or other than the one told (an
/// order without one, from an older journal, reads the unit's cover record as it did): a
/// morale test, the village's peasants' attack.
pub(super) fn check_cover_told(
    ctx: &Ctx<'_>,
    u: UnitRef,
    told: Option<Cover>,
) -> Result<(), CommandError> {
    let Some(c) = told else { return Ok(()) };
    let x = ctx.unit(u)?;
    let now = ctx.state().cover_of(u);
    if !x.cover_told {
        return Err(refuse(
            format!(
                "{}: first say where it stands (the card asks: its cover decides the dice)",
                x.spec.name
            ),
            MORALE,
        ));
    }
    if c != now {
        return Err(refuse(
            format!(
                "{} stands in {} as told, not {}",
                x.spec.name,
                now.name(),
                c.name()
            ),
            MORALE,
        ));
    }
    Ok(())
}

/// The opponent calls for a test on a trigger the state bears out, once a turn a unit
/// (ruling `morale_calls`); never of a unit still making its retreat moves (ruling
/// `retreat_permissions`).
pub(super) fn call_morale(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    cause: MoraleCause,
) -> Result<(), CommandError> {
    let x = ctx.present_unit(u)?;
    let name = x.spec.name.clone();
    if !numbers::takes_morale(x) {
        return Err(illegal(format!("{name} takes no morale test")));
    }
    if x.retreating() {
        return Err(refuse(
            format!("{name} is retreating: it tests again after its retreat moves"),
            MORALE,
        ));
    }
    if x.called {
        return Err(refuse(
            format!("{name} has been called for a test this turn"),
            MORALE,
        ));
    }
    let holds = match cause {
        MoraleCause::HalfStrength => numbers::half_strength(x),
        MoraleCause::FormationFail => x.formation_fail,
        MoraleCause::FriendRetreating => super::sees_a_friend_retreat(ctx.state(), u),
        MoraleCause::FireLosses | MoraleCause::MeleeLosses | MoraleCause::AfterRetreat => false,
    };
    if !holds {
        return Err(refuse(
            format!("{name} does not meet that trigger ({})", cause.words()),
            MORALE,
        ));
    }
    if ctx
        .state()
        .due
        .iter()
        .any(|d| matches!(d, Due::Morale(y, _) if *y == u))
    {
        return Err(illegal("a morale test is already due"));
    }
    ctx.emit(Event::MoraleCalled { unit: u, cause })?;
    ctx.require(Due::Morale(u, cause))
}
