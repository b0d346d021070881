//! Morale (optional): the tests the umpire declares, checked against what the state knows, and
//! answering a due test: the ground said, then the roll.

use super::{Ctx, cite, illegal, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::command::Ground;
use crate::rules::skirmish::event::{Event, MoraleResult};
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::roster::UnitType;
use crate::rules::skirmish::state::{Due, State, Trigger, UnitRef};
use crate::rules::skirmish::tables::{FleeingFriend, PassEndsHold, Rally, Rules};

/// Whether a unit takes morale tests: the rule is on, it is not a Samurai unit (honour bound),
/// it fights on. A Samurai leading Monks or Ashigaru tests with them.
pub fn tests_morale(rules: &Rules, state: &State, unit: UnitRef) -> bool {
    rules.optional("morale")
        && state
            .unit(unit)
            .is_some_and(|u| u.kind != UnitType::Samurai && u.on_table())
}

/// Whether a unit of `unit`'s side (not itself) routed this turn: a fleeing friend that may have
/// passed it (ruling `fleeing_friend`).
fn friend_routed_this_turn(state: &State, unit: UnitRef) -> bool {
    state.units_of(unit.side()).into_iter().any(|f| {
        f != unit
            && state
                .unit(f)
                .is_some_and(|x| x.routed_turn == Some(state.turn))
    })
}

/// Why the umpire may not declare `trigger` for a unit now, if so, with the rule: what the
/// state knows is checked (a leader lost or half the unit fallen is never declared: the state
/// requires those tests itself).
fn refusal(rules: &Rules, state: &State, unit: UnitRef, trigger: Trigger) -> Option<String> {
    let u = state.unit(unit)?;
    if !rules.optional("morale") {
        return Some("morale is an optional rule not in play in this battle".into());
    }
    if !u.on_table() {
        return Some(format!("{} has left the game", u.name));
    }
    if u.kind == UnitType::Samurai {
        return Some("Samurai units are honour bound: they never test morale".into());
    }
    if state.owed_test(unit).is_some() {
        return Some(format!("{} already owes a morale test", u.name));
    }
    match trigger {
        Trigger::LeaderLost | Trigger::HalfLost => Some(format!(
            "a test for a unit that {} is required when it happens, never declared",
            trigger.words()
        )),
        Trigger::Rally => (rules.rulings.rally == Rally::HoldingUnits && !u.holding(state.now()))
            .then(|| {
                format!(
                    "{} is not holding its ground: only a holding unit has anything to rally from \
                 (ruling rally)",
                    u.name
                )
            }),
        Trigger::FleeingFriend if state.in_melee(unit) => Some(format!(
            "{} is in melee: only an unengaged unit tests when a fleeing friend passes",
            u.name
        )),
        Trigger::FleeingFriend => (rules.rulings.fleeing_friend
            == FleeingFriend::AfterAFriendRouts
            && !friend_routed_this_turn(state, unit))
        .then(|| {
            format!(
                "no unit of {}'s side has routed this turn: none has fled past it (ruling \
                 fleeing_friend)",
                u.name
            )
        }),
    }
}

/// The tests the umpire may declare for a unit now: what the action form offers and what
/// `DeclareMorale` accepts, from one list.
pub fn declarable(rules: &Rules, state: &State, unit: UnitRef) -> Vec<Trigger> {
    [Trigger::Rally, Trigger::FleeingFriend]
        .into_iter()
        .filter(|t| state.unit(unit).is_some() && refusal(rules, state, unit, *t).is_none())
        .collect()
}

/// The umpire declares a test the table shows: a unit trying to rally, or a fleeing friend
/// passing it.
pub(super) fn declare(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    trigger: Trigger,
) -> Result<(), CommandError> {
    ctx.unit(unit)?;
    if let Some(why) = refusal(ctx.rules(), ctx.state(), unit, trigger) {
        return Err(rule(cite::MORALE, why));
    }
    ctx.require_morale(unit, trigger)
}

/// The first step of answering a due test: the umpire says the unit's ground, which sets its
/// dice (ruling `morale_ground`); said again before the roll, it corrects the ground.
pub(super) fn say_ground(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    ground: Ground,
) -> Result<(), CommandError> {
    let Some(due) = ctx.state().owed_test(unit) else {
        return Err(illegal("no morale test is due for that unit"));
    };
    if due == Due::MoraleRoll(unit, due.trigger(), ground) {
        return Err(illegal("that is the ground already said"));
    }
    ctx.settle(due)?;
    ctx.require(Due::MoraleRoll(unit, due.trigger(), ground))
}

/// The test itself, rolled on the ground said: no 5+ routs the unit (removed from the game),
/// one holds its ground for a turn, two or more carry on (and end an earlier hold, ruling
/// `pass_ends_hold`).
pub(super) fn morale_test(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    let (due, ground) = match ctx.state().owed_test(unit) {
        Some(due @ Due::MoraleRoll(_, _, ground)) => (due, ground),
        Some(Due::Morale(..)) => {
            return Err(rule(
                cite::MORALE,
                "say the unit's ground first: it sets the dice (ruling morale_ground)",
            ));
        }
        None => return Err(illegal("no morale test is due for that unit")),
    };
    let pool = numbers::morale(ctx.rules(), ctx.state(), unit, ground);
    let faces = pool.roll(ctx)?;
    let successes = pool.count(&faces);
    let result = numbers::morale_result(ctx.rules(), successes);
    ctx.emit(Event::MoraleRolled {
        unit,
        faces,
        needed: pool.needed,
        successes,
        result,
    })?;
    ctx.settle(due)?;
    match result {
        MoraleResult::Rout => ctx.emit(Event::Routed(unit)),
        MoraleResult::Hold => ctx.emit(Event::Holding {
            unit,
            until: (ctx.state().turn.saturating_add(1), ctx.state().section),
        }),
        MoraleResult::CarryOn => {
            let now = ctx.state().now();
            let holding = ctx.state().unit(unit).is_some_and(|u| u.holding(now));
            if holding && ctx.rules().rulings.pass_ends_hold == PassEndsHold::EndsTheHold {
                ctx.emit(Event::HoldEnded(unit))
            } else {
                Ok(())
            }
        }
    }
}
