//! The turn sequence: initiative, rounds, activation, morale, roll call.

use super::{ACTIVATION, Ctx, spirit_owed};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::sky::event::{Event, Test};
use crate::rules::sky::numbers;
use crate::rules::sky::state::{ActionKind, Binding};
use crate::rules::sky::state::{ClanRef, Due, MoraleKind, Phase, Side, UnitRef};
use crate::rules::sky::tables::RallyThenReorder;

fn illegal(reason: &str) -> CommandError {
    CommandError::illegal(reason)
}

/// Both Generals roll 2d6 + clans under control; a tie is rolled again at once (ruling
/// `initiative_tie`), so one command settles who takes the first round.
pub(super) fn initiative(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Initiative {
        return Err(illegal("initiative is rolled at the start of a turn"));
    }
    let t = &ctx.rules().t.initiative;
    let (dice, sides) = (t.dice, t.sides);
    let clans = [
        ctx.state().clans_under_control(0),
        ctx.state().clans_under_control(1),
    ]
    .map(|c| c as u32);
    let total = |f: &[u32], c: u32| f.iter().sum::<u32>() + c;
    // A tie has a chance of at most about 1 in 6: a hundred in a row does not happen.
    for _ in 0..100 {
        let a = ctx.roll_n(dice, sides)?;
        let b = ctx.roll_n(dice, sides)?;
        let (ta, tb) = (total(&a, clans[0]), total(&b, clans[1]));
        let first = match ta.cmp(&tb) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        ctx.emit(Event::Initiative {
            faces: [a, b],
            clans,
            first,
        })?;
        if let Some(side) = first {
            return next_round(ctx, side);
        }
    }
    Err(illegal("a hundred tied initiative rolls: roll again"))
}

/// Gives the round to `side` if it has clans to try, else to the other, else ends the rounds.
fn next_round(ctx: &mut Ctx<'_>, side: Side) -> Result<(), CommandError> {
    let phase = if ctx.state().has_untried(side) {
        Phase::Rounds { side }
    } else if ctx.state().has_untried(1 - side) {
        Phase::Rounds { side: 1 - side }
    } else {
        return begin_morale(ctx);
    };
    ctx.emit(Event::PhaseBegins(phase))
}

fn begin_morale(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    ctx.emit(Event::PhaseBegins(Phase::Morale))?;
    // Found before any is required (requiring one changes no unit), every turn's end: no
    // list of every unit made first.
    let owed: Vec<Due> = ctx
        .state()
        .units()
        .filter(|(_, u)| !u.removed)
        .filter_map(|(unit, u)| {
            if u.routing {
                Some(Due::Rally(unit))
            } else if u.disordered {
                Some(Due::Reorder(unit))
            } else {
                None
            }
        })
        .collect();
    for due in owed {
        ctx.require(due)?;
    }
    Ok(())
}

pub(super) fn try_activation(ctx: &mut Ctx<'_>, clan: ClanRef) -> Result<(), CommandError> {
    let Phase::Rounds { side } = ctx.state().phase else {
        return Err(illegal("clans are activated in the rounds of a turn"));
    };
    if ctx.state().intervention.is_some() {
        return Err(illegal("first decide whether the General steps in"));
    }
    if clan.side() != side {
        return Err(illegal("it is the other side's round"));
    }
    if !ctx.state().untried(side).contains(&clan) {
        return Err(illegal("that clan has already had its chance this turn"));
    }
    let numbers = numbers::command_roll(ctx.rules(), ctx.state(), side, Some(clan), true);
    if ctx.test(
        Test::Activation {
            clan,
            by_general: false,
        },
        &numbers,
    )? {
        return begin_activation(ctx, clan);
    }
    let g = ctx.state().sides[side].general_turn;
    if g.intervened || g.barred {
        next_round(ctx, 1 - side)
    } else {
        ctx.emit(Event::InterventionOffered(clan))
    }
}

fn begin_activation(ctx: &mut Ctx<'_>, clan: ClanRef) -> Result<(), CommandError> {
    ctx.emit(Event::PhaseBegins(Phase::Activation { clan }))?;
    ctx.require(Due::Actions(clan))
}

pub(super) fn general_steps_in(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let clan = ctx
        .state()
        .intervention
        .ok_or_else(|| illegal("no clan has just missed its activation"))?;
    let side = clan.side();
    let numbers = numbers::command_roll(ctx.rules(), ctx.state(), side, None, true);
    ctx.emit(Event::InterventionClosed)?;
    if ctx.test(
        Test::Activation {
            clan,
            by_general: true,
        },
        &numbers,
    )? {
        begin_activation(ctx, clan)
    } else {
        ctx.emit(Event::GeneralBarred(side))?;
        next_round(ctx, 1 - side)
    }
}

pub(super) fn decline_general(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let clan = ctx
        .state()
        .intervention
        .ok_or_else(|| illegal("no clan has just missed its activation"))?;
    ctx.emit(Event::InterventionClosed)?;
    next_round(ctx, 1 - clan.side())
}

pub(super) fn roll_actions(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let Phase::Activation { clan } = ctx.state().phase else {
        return Err(illegal("actions are rolled for an activated clan"));
    };
    ctx.settle(Due::Actions(clan))?;
    let t = &ctx.rules().t.actions;
    let (dice, sides) = (t.dice, t.sides);
    let faces = ctx.roll_n(dice, sides)?;
    let actions = faces.iter().copied().max().unwrap_or(0);
    ctx.emit(Event::ActionsRolled { faces, actions })?;
    // First the clan's routing units fall back, then its Samurai answer any enemy Samurai near.
    for unit in ctx.state().units_of(clan) {
        if ctx
            .state()
            .unit(unit)
            .is_some_and(|u| !u.removed && u.routing)
        {
            ctx.require(Due::RoutMove(unit))?;
        }
    }
    for unit in ctx.state().units_of(clan) {
        if ctx
            .state()
            .unit(unit)
            .is_some_and(|u| u.in_good_standing() && u.is_samurai())
        {
            ctx.require(Due::Impetus(unit))?;
        }
    }
    Ok(())
}

pub(super) fn rout_move(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    left_table: bool,
) -> Result<(), CommandError> {
    ctx.settle(Due::RoutMove(unit))?;
    let cost = ctx.rules().t.action_costs.rout_move;
    super::spend(ctx, unit, &[(ActionKind::RoutMove, cost)])?;
    ctx.emit(Event::RoutMoved(unit))?;
    if left_table {
        ctx.emit(Event::Removed {
            unit,
            why: "routed off the table".into(),
        })?;
    }
    Ok(())
}

/// The umpire's answer for a Samurai unit near enemy Samurai: none is within charge
/// distance, or it will charge them, which binds it: that charge is its next action.
pub(super) fn no_impetus(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    will_charge: bool,
) -> Result<(), CommandError> {
    ctx.settle(Due::Impetus(unit))?;
    ctx.emit(Event::ImpetusSettled {
        unit,
        obeyed: will_charge,
    })?;
    if will_charge {
        ctx.emit(Event::Bound {
            unit,
            binding: Binding::ChargeSamurai,
        })?;
    }
    Ok(())
}

/// The umpire orders a Samurai unit near enemy Samurai to do something else (at once, or
/// after committing it to the charge): it owes the Bushi test, a card with its pool and odds.
pub(super) fn ordered_otherwise(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    if ctx.is_due(&Due::Impetus(unit)) {
        ctx.settle(Due::Impetus(unit))?;
    } else if super::bound_to_charge(ctx, unit) {
        ctx.emit(Event::Released(unit))?;
    } else {
        return Err(illegal(
            "only a Samurai unit near enemy Samurai, not yet handled or committed to charge them, is ordered otherwise",
        ));
    }
    super::owe_test(ctx, Due::ImpetusTest(unit), unit, Test::Impetus(unit))
}

pub(super) fn impetus_test(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    if spirit_owed(ctx.rules(), ctx.state(), unit, Test::Impetus(unit)) {
        return Err(illegal("make the first-Bushi-test roll first"));
    }
    ctx.settle(Due::ImpetusTest(unit))?;
    if ctx.bushi_test(Test::Impetus(unit), unit)? {
        // Their martial spirit overrides the order: charge the nearest enemy Samurai, disordered.
        ctx.emit(Event::Disordered {
            unit,
            why: "Bushi overrode the order: charging the enemy Samurai".into(),
        })?;
        ctx.require(Due::ImpetusCharge(unit))
    } else {
        ctx.emit(Event::ImpetusSettled { unit, obeyed: true })
    }
}

pub(super) fn spirit_roll(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    if !ctx.rules().optional("first_bushi_roll") {
        return Err(illegal(
            "the first-Bushi-test roll is an optional rule not in play",
        ));
    }
    if ctx.unit(unit)?.spirit.is_some() {
        return Err(illegal(
            "this unit has made its first-Bushi-test roll already",
        ));
    }
    ctx.settle(Due::Spirit(unit))?;
    let s = &ctx.rules().t.spirit;
    let (sides, low, high, change) = (s.sides, s.low_face, s.high_face, s.bushi_change);
    let face = ctx.roll_n(1, sides)?.first().copied().unwrap_or(0);
    let change = if face == low {
        -change
    } else if face == high {
        change
    } else {
        0
    };
    ctx.emit(Event::SpiritRolled { unit, face, change })
}

pub(super) fn end_activation(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let Phase::Activation { clan } = ctx.state().phase else {
        return Err(illegal("no clan is activated"));
    };
    if let Some((unit, _)) = ctx.state().ledger.bindings().next() {
        let name = ctx.state().unit_name(*unit);
        return Err(refuse(
            format!(
                "{name} was committed to charge the enemy Samurai: make that charge, or order it otherwise (Bushi test)"
            ),
            ACTIVATION,
        ));
    }
    ctx.emit(Event::ActivationEnded(clan))?;
    next_round(ctx, 1 - clan.side())
}

pub(super) fn morale(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    kind: MoraleKind,
    by_general: bool,
) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Morale {
        return Err(illegal("rally and re-order happen in the Morale phase"));
    }
    let due = if by_general {
        Due::GeneralRetry(unit, kind)
    } else if kind == MoraleKind::Rally {
        Due::Rally(unit)
    } else {
        Due::Reorder(unit)
    };
    ctx.settle(due)?;
    let side = unit.side();
    if by_general {
        let leader = ctx
            .state()
            .clan(unit.clan())
            .map(|c| c.leader.name.clone())
            .unwrap_or_default();
        let change = ctx.rules().t.dishonor.command_change;
        let what = numbers::morale_words(kind);
        ctx.emit(Event::CommandChanged {
            clan: Some(unit.clan()),
            side,
            kind: crate::rules::sky::state::ChangeKind::Dishonor,
            delta: change,
            reason: format!(
                "Dishonor: the General stepped in after {leader} failed to {what} {}",
                ctx.name(unit)
            ),
        })?;
    }
    let numbers = numbers::morale_roll(ctx.rules(), ctx.state(), unit, by_general);
    let passed = ctx.test(
        Test::Morale {
            unit,
            kind,
            by_general,
        },
        &numbers,
    )?;
    match (passed, kind) {
        (true, MoraleKind::Rally) => {
            ctx.emit(Event::Rallied(unit))?;
            if ctx.rules().rulings.rally_then_reorder == RallyThenReorder::MayReorder {
                ctx.require(Due::Reorder(unit))?;
            }
            Ok(())
        }
        (true, MoraleKind::Reorder) => ctx.emit(Event::Reordered(unit)),
        (false, _) if !by_general && general_may_retry(ctx, side) => {
            ctx.require(Due::GeneralRetry(unit, kind))
        }
        (false, _) => Ok(()),
    }
}

/// The General may retry a failed rally or re-order unless he tried an activation this turn.
fn general_may_retry(ctx: &Ctx<'_>, side: Side) -> bool {
    let g = ctx.state().sides[side].general_turn;
    !g.intervened && !g.barred
}

pub(super) fn skip_morale(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    let due = ctx
        .state()
        .due
        .iter()
        .copied()
        .find(|d| matches!(d, Due::Rally(u) | Due::Reorder(u) | Due::GeneralRetry(u, _) if *u == unit))
        .ok_or_else(|| illegal("no rally or re-order is open for that unit"))?;
    ctx.settle(due)
}

pub(super) fn end_morale(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Morale {
        return Err(illegal("not in the Morale phase"));
    }
    // Attempts not taken lapse; a test the rules require (Route, injury) must be rolled first.
    let open: Vec<Due> = ctx.state().due.iter().copied().collect();
    for due in open {
        match due {
            Due::Rally(_) | Due::Reorder(_) | Due::GeneralRetry(..) => ctx.settle(due)?,
            _ => return Err(illegal("roll the tests still required first")),
        }
    }
    ctx.emit(Event::PhaseBegins(Phase::EndOfTurn))
}

/// The roll call's correction: the table's count is the truth. A unit left with no stand is
/// gone from the table.
pub(super) fn correct_count(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    stands: u32,
    marked: u32,
) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::EndOfTurn {
        return Err(illegal(
            "counts are corrected at the roll call, at the end of a turn",
        ));
    }
    let u = ctx.unit(unit)?;
    if u.removed {
        return Err(illegal("that unit is no longer on the table"));
    }
    let per_stand = ctx.rules().t.casualties.hits_per_stand;
    if stands > u.spec.stands || marked >= per_stand {
        return Err(illegal(&format!(
            "{} has at most {} stands and {} hits marked",
            u.spec.name,
            u.spec.stands,
            per_stand.saturating_sub(1)
        )));
    }
    ctx.emit(Event::CountCorrected {
        unit,
        stands,
        marked,
    })?;
    if stands == 0 {
        ctx.emit(Event::Removed {
            unit,
            why: "none of its stands are on the table at the roll call".into(),
        })?;
    }
    Ok(())
}

pub(super) fn next_turn(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::EndOfTurn {
        return Err(illegal("the next turn starts after the roll call"));
    }
    let turn = ctx.state().turn.saturating_add(1);
    ctx.emit(Event::TurnBegins(turn))
}
