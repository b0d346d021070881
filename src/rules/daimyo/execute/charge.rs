//! Charges: declaration within reach, the tests the chapter requires (their results are the
//! umpire's, from the morale chapter the text lacks), the target's response, and contact.

use super::moves::{missile_catch, obey, refuse_move};
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::daimyo::command::{ChargePlan, Response, Run};
use crate::rules::daimyo::event::{Cause, Event};
use crate::rules::daimyo::numbers::{MovePlan, TurnMade, cm, costs, frontage_after_quarter_turn};
use crate::rules::daimyo::roster::{Quality, Troop};
use crate::rules::daimyo::state::{Charge, ChargeStage, Due, State};
use crate::rules::daimyo::tables::Rules;
use crate::rules::daimyo::tables::{ChargeBonus, ChargeMiss, ChargedTests, ReformThenAnswer};

/// A unit's charge allowance, in mm.
pub fn charge_allowance(state: &State, unit: usize) -> i64 {
    state
        .unit(unit)
        .map_or(0, |u| state.army_of(u).rate(u.spec.troop).charge * 10)
}

/// Missile-armed ashigaru and peasants test to charge; all others charge freely.
pub fn charger_tests(troop: Troop) -> bool {
    troop.missile() || troop.peasants()
}

/// Whether the target of a charge tests to receive it; never a unit already in melee. Under
/// the Charge list (ruling `charged_tests`): infantry (not elite or frenzied) in the open
/// charged by cavalry, or missile ashigaru or peasants charged by anyone. Under Charge
/// Response: infantry (not elite or frenzied) charged by cavalry wherever they stand, or any
/// ashigaru or peasants charged by anyone.
pub fn target_tests(
    rules: &Rules,
    state: &State,
    charger: usize,
    target: usize,
    in_open: bool,
) -> bool {
    let (Some(c), Some(t)) = (state.unit(charger), state.unit(target)) else {
        return false;
    };
    if t.in_melee {
        return false;
    }
    let by_the_list = rules.rulings.charged_tests == ChargedTests::ChargeList;
    let steady = t.spec.quality == Quality::Elite || t.spec.frenzied;
    let where_it_stands = in_open || !by_the_list;
    let infantry = !t.spec.troop.cavalry() && !steady && where_it_stands && c.spec.troop.cavalry();
    let ashigaru = if by_the_list {
        t.spec.troop.missile()
    } else {
        t.spec.troop.ashigaru()
    };
    infantry || ashigaru || t.spec.troop.peasants()
}

/// Whether the charge form must ask where the target stands: only where the answer can
/// change whether it tests (ruling `charged_tests`: the Charge list's infantry in the open
/// charged by cavalry).
pub fn asks_target_in_open(rules: &Rules, state: &State, charger: usize, target: usize) -> bool {
    target_tests(rules, state, charger, target, true)
        != target_tests(rules, state, charger, target, false)
}

/// Where the charge rules come from.
pub const CHARGE: &str = "daimyo: Charge";
/// Where the response rules come from.
pub const RESPONSE: &str = "daimyo: Charge Response";

/// What the wheel and turn at the start of a run cost a unit, in mm: as in a move, the wheel
/// counted by quality and order, the turn a part of the normal move.
pub fn manoeuvre_cost(rules: &Rules, state: &State, unit: usize, run: &Run) -> i64 {
    let Some(u) = state.unit(unit) else { return 0 };
    let plan = MovePlan {
        wheel_cm: run.wheel_cm,
        turn: run.turn,
        ..MovePlan::default()
    };
    costs(rules, state, u, &plan).iter().map(|l| l.mm).sum()
}

/// What a charge's or counter-charge's path costs a unit, in mm: the manoeuvre as in a move,
/// and the run with terrain penalised as for a move.
pub fn charge_cost(rules: &Rules, state: &State, unit: usize, run: &Run) -> i64 {
    let t = &rules.t.terrain;
    let horse = state.troop(unit).cavalry();
    let dense = if horse { t.dense_horse } else { t.dense_foot };
    let obstacle = if horse {
        t.obstacle_horse_cm
    } else {
        t.obstacle_foot_cm
    };
    manoeuvre_cost(rules, state, unit, run)
        + 10 * (run.open_cm
            + run.dense_cm * dense
            + i64::from(run.light_pieces) * t.light_cm
            + i64::from(run.obstacles) * obstacle)
}

/// Whether the run earns the charge bonus (ruling `charge_bonus`).
pub fn charge_bonus(rules: &Rules, allowance_mm: i64, run: &Run) -> bool {
    let straight = (run.open_cm + run.dense_cm) * 10;
    let half = allowance_mm * rules.t.charge.straight_halves / 2;
    let all_straight = run.wheel_cm == 0 && run.turn == TurnMade::None;
    straight >= half
        || (all_straight && rules.rulings.charge_bonus == ChargeBonus::HalfOrAllStraight)
}

/// Whether the charger starts over half its charge move away (`charge.far_start_halves`):
/// good-order missile troops may then fire at it.
pub fn starts_far(rules: &Rules, allowance_mm: i64, run: &Run) -> bool {
    (run.open_cm + run.dense_cm) * 10 * 2 > allowance_mm * rules.t.charge.far_start_halves
}

/// Why the path disorders the unit: light or dense terrain, or a linear obstacle.
pub fn charge_disorder(run: &Run) -> Option<Cause> {
    if run.dense_cm > 0 || run.light_pieces > 0 {
        Some(Cause::ChargeInTerrain)
    } else if run.obstacles > 0 {
        Some(Cause::LinearObstacle)
    } else {
        None
    }
}

/// Why a unit may not make this run as a charge or counter-charge, if it may not: cavalry
/// never through dense terrain, at most half the allowance spent manoeuvring, the whole path
/// within reach, and some distance run.
pub fn run_refusal(rules: &Rules, state: &State, unit: usize, run: &Run) -> Option<String> {
    let u = state.unit(unit)?;
    let troop = u.spec.troop;
    if [run.wheel_cm, run.open_cm, run.dense_cm]
        .iter()
        .any(|d| *d < 0)
        || run.light_pieces > 10
        || run.obstacles > 10
    {
        return Some("distances cannot be negative; at most 10 pieces of terrain".into());
    }
    if troop.cavalry() && run.dense_cm > 0 {
        return Some("cavalry may charge through light terrain only, not dense".into());
    }
    let allowed = charge_allowance(state, unit);
    let manoeuvre_limit = allowed * rules.t.charge.manoeuvre_halves / 2;
    if manoeuvre_cost(rules, state, unit, run) > manoeuvre_limit {
        return Some(format!(
            "at most {} of the charge may be spent wheeling or turning",
            cm(manoeuvre_limit)
        ));
    }
    let cost = charge_cost(rules, state, unit, run);
    if cost > allowed {
        return Some(format!(
            "out of reach: the run needs {} and {} has {}",
            cm(cost),
            u.spec.name,
            cm(allowed)
        ));
    }
    if run.open_cm + run.dense_cm == 0 {
        return Some("enter the distance to the target".into());
    }
    None
}

/// Declares a charge.
pub(super) fn declare(
    ctx: &mut Ctx<'_>,
    unit: usize,
    target: usize,
    plan: &ChargePlan,
) -> Result<(), CommandError> {
    refuse_move(ctx, unit)?;
    let u = ctx.unit(unit)?.clone();
    if u.turn.moved {
        return Err(illegal(format!(
            "{} has moved this turn: a charge is the whole of a unit's move",
            u.spec.name
        )));
    }
    let t = ctx.present(target)?;
    if t.side == u.side {
        return Err(illegal("a charge is made on an enemy unit"));
    }
    let troop = u.spec.troop;
    let run = plan.run();
    if let Some(why) = run_refusal(ctx.rules(), ctx.state(), unit, &run) {
        return Err(refuse(why, CHARGE));
    }
    let allowed = charge_allowance(ctx.state(), unit);
    if !obey(ctx, unit, plan.out_of_command)? {
        return Ok(());
    }
    let target_tests = target_tests(ctx.rules(), ctx.state(), unit, target, plan.target_in_open);
    let stage = if charger_tests(troop) {
        ChargeStage::ChargerTest
    } else if target_tests {
        ChargeStage::TargetTest
    } else {
        ChargeStage::Response
    };
    ctx.emit(Event::ChargeDeclared {
        charger: unit,
        target,
        stage,
        run,
        bonus: charge_bonus(ctx.rules(), allowed, &run),
        far: starts_far(ctx.rules(), allowed, &run),
        disorders: charge_disorder(&run),
        target_tests,
    })?;
    ctx.require(Due::Charge {
        charger: unit,
        target,
        stage,
    })
}

/// The charge under way, which a step needs.
fn under_way(ctx: &Ctx<'_>) -> Result<Charge, CommandError> {
    ctx.state()
        .charge()
        .cloned()
        .ok_or_else(|| illegal("no charge is under way"))
}

/// Settles the step just taken and requires the next, if the charge goes on.
fn step(ctx: &mut Ctx<'_>, c: &Charge, next: Option<ChargeStage>) -> Result<(), CommandError> {
    let due = |stage| Due::Charge {
        charger: c.charger,
        target: c.target,
        stage,
    };
    ctx.settle(due(c.stage))?;
    match next {
        Some(stage) => ctx.require(due(stage)),
        None => Ok(()),
    }
}

/// A 90° turn at the start of a run swaps the unit's frontage and depth, as in a move
/// (ruling `quarter_turn_frontage`).
fn face_after_turn(ctx: &mut Ctx<'_>, unit: usize, run: &Run) -> Result<(), CommandError> {
    let u = ctx.unit(unit)?;
    let wide = frontage_after_quarter_turn(u);
    if run.turn == TurnMade::Quarter && wide != u.wide {
        ctx.emit(Event::Faced { unit, wide })?;
    }
    Ok(())
}

/// Records a required test's result.
pub(super) fn test(ctx: &mut Ctx<'_>, passed: bool) -> Result<(), CommandError> {
    let c = under_way(ctx)?;
    let (unit, next) = match c.stage {
        ChargeStage::ChargerTest => {
            let next = if !passed {
                None
            } else if c.target_tests {
                Some(ChargeStage::TargetTest)
            } else {
                Some(ChargeStage::Response)
            };
            (c.charger, next)
        }
        ChargeStage::TargetTest => (c.target, Some(ChargeStage::Response)),
        _ => return Err(illegal("no test is due in this charge")),
    };
    ctx.emit(Event::ChargeTest { unit, passed, next })?;
    step(ctx, &c, next)
}

/// Why a target may not respond this way, if it may not.
///
/// A counter-charge with no run entered is only asked whether it may be made at all; with
/// its run, it is refereed as a charge (reach, manoeuvre, terrain).
pub fn response_refused(rules: &Rules, state: &State, response: Response) -> Option<String> {
    let c = state.charge()?;
    let (charger, target) = (state.unit(c.charger)?, state.unit(c.target)?);
    let name = &target.spec.name;
    let fires = || {
        if target.routing {
            Some(format!("{name} is routing: it only stands"))
        } else if !target.spec.troop.missile() {
            Some(format!("{name} is not missile-armed"))
        } else if target.disordered {
            Some(format!("{name} is disordered: only good-order troops fire"))
        } else if target.turn.fired {
            // A unit that reformed may still fire at chargers: answering a charge is forced
            // by combat (ruling `reform_then_answer`).
            Some(format!("{name} has fired this turn"))
        } else if !c.far {
            Some("the chargers started within half their charge move".into())
        } else {
            None
        }
    };
    // Ruling `reform_then_answer`: under `stands_only`, a unit that reformed only stands.
    if target.turn.reformed
        && rules.rulings.reform_then_answer == ReformThenAnswer::StandsOnly
        && response != Response::Stand
    {
        return Some(format!(
            "{name} reformed this turn: it only stands to receive the charge"
        ));
    }
    match response {
        Response::Stand => None,
        Response::StandAndFire => fires(),
        // Falling back is a move: a unit held in melee cannot make it.
        Response::FallBackAndFire if target.in_melee => Some(format!("{name} is in melee")),
        Response::FallBackAndFire => fires(),
        Response::CounterCharge { run } => {
            if target.routing {
                Some(format!("{name} is routing: it only stands"))
            } else if c.target_failed {
                Some(format!("{name} failed its test and may not counter-charge"))
            } else if !target.spec.troop.cavalry() && charger.spec.troop.cavalry() {
                Some("infantry may not counter-charge cavalry".into())
            } else if target.in_melee {
                Some(format!("{name} is in melee"))
            } else if run == Run::default() {
                // Offered on the card: the run itself is measured on the unit's form.
                None
            } else {
                run_refusal(rules, state, c.target, &run)
            }
        }
    }
}

/// The target's response.
pub(super) fn respond(ctx: &mut Ctx<'_>, response: Response) -> Result<(), CommandError> {
    let c = under_way(ctx)?;
    if c.stage != ChargeStage::Response {
        return Err(illegal("the charge's tests come first"));
    }
    if let Some(why) = response_refused(ctx.rules(), ctx.state(), response) {
        return Err(refuse(why, RESPONSE));
    }
    let mut bonus = false;
    if let Response::CounterCharge { run } = response {
        if run == Run::default() {
            return Err(refuse(
                "measure the counter-charge's run on the unit's Counter-charge form",
                RESPONSE,
            ));
        }
        let allowed = charge_allowance(ctx.state(), c.target);
        bonus = charge_bonus(ctx.rules(), allowed, &run);
    }
    ctx.emit(Event::Responded {
        unit: c.target,
        response,
        bonus,
    })?;
    // Counter-charging or falling back is moving: after missile ashigaru passed, it disorders.
    if matches!(
        response,
        Response::CounterCharge { .. } | Response::FallBackAndFire
    ) {
        missile_catch(ctx, c.target)?;
    }
    if let Response::CounterCharge { run } = response {
        face_after_turn(ctx, c.target, &run)?;
        if let Some(cause) = charge_disorder(&run) {
            ctx.disorder(c.target, cause)?;
        }
    }
    step(ctx, &c, Some(ChargeStage::Outcome))
}

/// Why the charge may not miss its target, if it may not: a charge is declared within reach,
/// so only a target that moved away (fell back, or routs) escapes it (ruling `charge_miss`).
pub fn miss_refused(rules: &Rules, state: &State, c: &Charge) -> Option<String> {
    let routs = state.unit(c.target).is_some_and(|t| t.routing);
    let free = rules.rulings.charge_miss == ChargeMiss::UmpireSays;
    (!free && !c.fell_back && !routs).then(|| {
        format!(
            "{} stood to receive the charge: it is not out of reach",
            state.unit_name(c.target)
        )
    })
}

/// Contact, or the target got away.
pub(super) fn outcome(ctx: &mut Ctx<'_>, contact: bool) -> Result<(), CommandError> {
    let c = under_way(ctx)?;
    if c.stage != ChargeStage::Outcome {
        return Err(illegal("the target has not yet answered the charge"));
    }
    if c.countered && !contact {
        return Err(illegal("charge and counter-charge meet"));
    }
    if !contact && let Some(why) = miss_refused(ctx.rules(), ctx.state(), &c) {
        return Err(refuse(why, CHARGE));
    }
    // The charger has moved now (a charge called off by a failed test never moves).
    missile_catch(ctx, c.charger)?;
    face_after_turn(ctx, c.charger, &c.run)?;
    if let Some(cause) = c.disorders {
        ctx.disorder(c.charger, cause)?;
    }
    ctx.emit(Event::ChargeEnded { contact })?;
    step(ctx, &c, None)
}
