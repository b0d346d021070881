//! Normal moves, falling back, reforming and rout moves, with the obedience test that comes
//! before any voluntary move out of command.

use super::leaders::{LEADERS, leader_move_left};
use super::{Ctx, illegal};
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::daimyo::command::{Crossed, PursuitEnd};
use crate::rules::daimyo::event::{Cause, Event};
use crate::rules::daimyo::numbers::{
    MovePlan, TurnMade, allowance, cm, costs, frontage_after_quarter_turn,
};
use crate::rules::daimyo::state::State;
use crate::rules::daimyo::tables::LeaderlessObedience;
use crate::rules::daimyo::tables::Rules;

/// Where the terrain rules come from.
const TERRAIN: &str = "daimyo: Terrain Effects";

/// The longest distance a command may carry, in cm: a whole table.
pub(super) const MAX_CM: i64 = 240;

/// The rating an obedience test adds for a unit (ruling `leaderless_obedience`).
pub fn obedience_rating(rules: &Rules, state: &State, unit: usize) -> i64 {
    match state.commander(unit).and_then(|l| state.leader(l)) {
        Some(l) => l.rating,
        None if rules.rulings.leaderless_obedience == LeaderlessObedience::GeneralRating => state
            .unit(unit)
            .and_then(|u| state.general(u.side))
            .and_then(|g| state.leader(g))
            .filter(|g| g.killed.is_none())
            .map_or(0, |g| g.rating),
        None => 0,
    }
}

/// The obedience test with this rating: 1d6 + rating, 6 or more moves.
pub fn obedience_test(rules: &Rules, rating: i64) -> Comparison {
    let o = &rules.t.obedience;
    Comparison::new(
        Expr::dice(1, o.die).offset(rating),
        CmpOp::Ge,
        Expr::constant(o.target),
    )
}

/// The chance an obedience test with this rating lets the unit move.
pub fn obedience_odds(rules: &Rules, rating: i64) -> f64 {
    obedience_test(rules, rating).probability()
}

/// Why a unit may not make a voluntary move now, if it may not.
pub(super) fn refuse_move(ctx: &Ctx<'_>, unit: usize) -> Result<(), CommandError> {
    let u = ctx.present(unit)?;
    match move_refusal(ctx.state(), unit) {
        Some(reason) => Err(illegal(format!("{} {reason}", u.spec.name))),
        None => Ok(()),
    }
}

/// Why a unit on the table may not make a voluntary move now, or `None` when it may.
pub fn move_refusal(state: &State, unit: usize) -> Option<&'static str> {
    let u = state.unit(unit)?;
    let reason = if u.routing {
        "is routing: it makes rout moves only"
    } else if u.in_melee {
        "is in melee"
    } else if u.turn.halted {
        "failed its obedience test and halts this turn"
    } else if u.turn.reformed {
        "reformed this turn: no other movement"
    } else if u.turn.penetrated {
        "may not move again this turn (interpenetration, or its move ended)"
    } else if u.turn.charged {
        "has charged this turn"
    } else if state.charge().is_some() || state.challenge().is_some() {
        "waits: the charge or challenge under way is settled first"
    } else if !state.may_act(unit) {
        "is not active: activate its clan first"
    } else {
        return None;
    };
    Some(reason)
}

/// Rolls obedience if the unit is out of command and has not yet obeyed this turn.
/// Returns whether the unit may go on.
pub(super) fn obey(
    ctx: &mut Ctx<'_>,
    unit: usize,
    out_of_command: bool,
) -> Result<bool, CommandError> {
    if !out_of_command || ctx.unit(unit)?.turn.obeyed {
        return Ok(true);
    }
    let rating = obedience_rating(ctx.rules(), ctx.state(), unit);
    let face = ctx.roll(ctx.rules().t.obedience.die)?;
    let passed = i64::from(face) + rating >= ctx.rules().t.obedience.target;
    ctx.emit(Event::Obedience {
        unit,
        face,
        rating,
        passed,
    })?;
    Ok(passed)
}

/// Moving after missile ashigaru passed through disorders the unit: any move, a charge or
/// a counter-charge included (Interpenetration).
pub(super) fn missile_catch(ctx: &mut Ctx<'_>, unit: usize) -> Result<(), CommandError> {
    if ctx.unit(unit)?.turn.missile_passed {
        ctx.disorder(unit, Cause::MovedAfterMissiles)?;
    }
    Ok(())
}

/// A Daimyo who joined or left a unit this turn, and the General who joined a unit that had
/// already moved, keep within their own maximum move, the moves they make with units included
/// (Leaders; ruling `leader_moves`).
fn leaders_keep_up(ctx: &Ctx<'_>, unit: usize, mm: i64) -> Result<(), CommandError> {
    let state = ctx.state();
    for l in state.attached_to(unit) {
        let Some(x) = state.leader(l) else { continue };
        if x.kept_to_his_move() {
            let left = leader_move_left(state, l);
            if mm > left {
                return Err(refuse(
                    format!(
                        "{} joined or left a unit this turn and has {} of his move left; \
                         leave the unit first",
                        x.name,
                        cm(left.max(0))
                    ),
                    LEADERS,
                ));
            }
        }
    }
    Ok(())
}

fn check_plan(plan: &MovePlan) -> Result<(), CommandError> {
    for d in [plan.open_cm, plan.dense_cm, plan.wheel_cm] {
        if !(0..=MAX_CM).contains(&d) {
            return Err(illegal(format!("distances are 0 to {MAX_CM} cm")));
        }
    }
    if plan.light_pieces > 10 || plan.obstacles > 10 {
        return Err(illegal("at most 10 pieces of terrain in one move"));
    }
    Ok(())
}

/// A normal move.
pub(super) fn normal_move(
    ctx: &mut Ctx<'_>,
    unit: usize,
    plan: &MovePlan,
    out_of_command: bool,
    through: Option<usize>,
) -> Result<(), CommandError> {
    check_plan(plan)?;
    refuse_move(ctx, unit)?;
    let u = ctx.unit(unit)?.clone();
    check_through(ctx, unit, through)?;
    let (allowed, _) = allowance(ctx.rules(), ctx.state(), &u, plan);
    let cost: i64 = costs(ctx.rules(), ctx.state(), &u, plan)
        .iter()
        .map(|l| l.mm)
        .sum();
    let capacity = ctx.rules().t.terrain.building_stands;
    if plan.building && u.stands > capacity {
        return Err(illegal(format!(
            "a building holds a unit of at most {capacity} stands; {} has {}",
            u.spec.name, u.stands
        )));
    }
    if plan.building && plan.dense_cm == 0 {
        return Err(refuse(
            "a building counts as dense terrain: enter the distance from its edge as the \
             distance in dense terrain",
            TERRAIN,
        ));
    }
    if cost == 0 && through.is_none() {
        return Err(illegal(
            "enter what the unit moved: a distance, wheel or turn",
        ));
    }
    let left = allowed - u.turn.spent_mm;
    if cost > left {
        return Err(illegal(format!(
            "{} needs {} of allowance and has {} left",
            u.spec.name,
            cm(cost),
            cm(left.max(0))
        )));
    }
    leaders_keep_up(ctx, unit, cost)?;
    if !obey(ctx, unit, out_of_command)? {
        return Ok(());
    }
    missile_catch(ctx, unit)?;
    ctx.emit(Event::Moved {
        unit,
        spent_mm: cost,
        ends_move: through.is_some(),
    })?;
    let faced = frontage_after_quarter_turn(&u);
    if plan.turn == TurnMade::Quarter && faced != u.wide {
        ctx.emit(Event::Faced { unit, wide: faced })?;
    }
    // A building is dense terrain by itself (Terrain Effects: villages).
    if (plan.dense_cm > 0 || plan.building) && !u.spec.troop.peasants() {
        ctx.disorder(unit, Cause::DenseTerrain)?;
    }
    if plan.obstacles > 0 {
        ctx.disorder(unit, Cause::LinearObstacle)?;
    }
    pass_through(ctx, unit, through)
}

/// Refuses a pass through anything but another friendly unit still in the game.
fn check_through(ctx: &Ctx<'_>, unit: usize, through: Option<usize>) -> Result<(), CommandError> {
    let Some(o) = through else { return Ok(()) };
    let side = ctx.unit(unit)?.side;
    let other = ctx.present(o)?;
    if o == unit || other.side != side {
        return Err(illegal(
            "a unit may only pass through another friendly unit",
        ));
    }
    Ok(())
}

/// Any move that passes through a friendly unit (a normal move, a fall back, a rout or a
/// pursuit): both are disordered, unless missile ashigaru pass a unit still this turn; the
/// unit passed may not move again this turn (Interpenetration).
fn pass_through(
    ctx: &mut Ctx<'_>,
    unit: usize,
    through: Option<usize>,
) -> Result<(), CommandError> {
    let Some(other) = through else { return Ok(()) };
    let still = !ctx.unit(other)?.turn.moved;
    let missile_exception = ctx.unit(unit)?.spec.troop.missile() && still;
    ctx.emit(Event::Interpenetrated {
        mover: unit,
        other,
        missile_exception,
    })?;
    if !missile_exception {
        ctx.disorder(unit, Cause::Interpenetration)?;
        ctx.disorder(other, Cause::Interpenetration)?;
    }
    Ok(())
}

/// The longest fall back a unit may make, in mm.
pub fn fall_back_limit(rules: &Rules, state: &State, unit: usize) -> i64 {
    let Some(u) = state.unit(unit) else { return 0 };
    let f = &rules.t.fall_back;
    if u.spec.troop.missile() {
        state.army_of(u).rate(u.spec.troop).normal * 10 * f.missile_halves / 2
    } else {
        f.any_cm * 10
    }
}

/// What a fall back of `cm_back` along `plan` spends, in mm: missile ashigaru pay terrain as
/// in a move; other troops fall back their 3 cm whatever the terrain (ruling
/// `fall_back_terrain`).
pub fn fall_back_cost(
    rules: &Rules,
    state: &State,
    unit: usize,
    cm_back: i64,
    plan: &MovePlan,
) -> i64 {
    match state.unit(unit) {
        Some(u) if u.spec.troop.missile() => {
            costs(rules, state, u, plan).iter().map(|l| l.mm).sum()
        }
        _ => cm_back * 10,
    }
}

/// A fall back: the unit's whole move this turn. `plan` splits the distance into what runs
/// outside and inside dense terrain, with the light terrain and obstacles on the way.
pub(super) fn fall_back(
    ctx: &mut Ctx<'_>,
    unit: usize,
    cm_back: i64,
    plan: &MovePlan,
    out_of_command: bool,
    through: Option<usize>,
) -> Result<(), CommandError> {
    refuse_move(ctx, unit)?;
    check_through(ctx, unit, through)?;
    let u = ctx.unit(unit)?.clone();
    if u.turn.moved {
        return Err(illegal(format!(
            "{} has already moved this turn",
            u.spec.name
        )));
    }
    if plan.open_cm < 0 || plan.dense_cm < 0 || plan.light_pieces > 10 || plan.obstacles > 10 {
        return Err(illegal(
            "the part in dense terrain is at most the whole distance; at most 10 pieces of terrain",
        ));
    }
    let limit = fall_back_limit(ctx.rules(), ctx.state(), unit);
    let spent = fall_back_cost(ctx.rules(), ctx.state(), unit, cm_back, plan);
    if cm_back <= 0 || cm_back > MAX_CM || spent > limit {
        return Err(refuse(
            format!(
                "a fall back is up to {}; this one needs {}",
                cm(limit),
                cm(spent.max(0))
            ),
            "daimyo: Falling Back",
        ));
    }
    leaders_keep_up(ctx, unit, spent)?;
    if !obey(ctx, unit, out_of_command)? {
        return Ok(());
    }
    missile_catch(ctx, unit)?;
    ctx.emit(Event::Moved {
        unit,
        spent_mm: spent,
        ends_move: true,
    })?;
    if plan.dense_cm > 0 && !u.spec.troop.peasants() {
        ctx.disorder(unit, Cause::DenseTerrain)?;
    }
    if plan.obstacles > 0 {
        ctx.disorder(unit, Cause::LinearObstacle)?;
    }
    pass_through(ctx, unit, through)
}

/// A reform: new formation and facing, good order restored, nothing else this turn.
pub(super) fn reform(
    ctx: &mut Ctx<'_>,
    unit: usize,
    wide: u32,
    out_of_command: bool,
) -> Result<(), CommandError> {
    refuse_move(ctx, unit)?;
    let u = ctx.unit(unit)?;
    if u.turn.moved || u.turn.fired {
        return Err(illegal(format!(
            "{} has moved or fired this turn: a reform must be all it does",
            u.spec.name
        )));
    }
    if wide == 0 || wide > u.stands {
        return Err(illegal(format!("1 to {} stands wide", u.stands)));
    }
    let disordered = u.disordered;
    if !obey(ctx, unit, out_of_command)? {
        return Ok(());
    }
    ctx.emit(Event::Reformed { unit, wide })?;
    if disordered {
        ctx.emit(Event::OrderRestored { unit })?;
    }
    Ok(())
}

/// A rout move: the dice for the distance (read off the rule book's table), once a turn.
pub(super) fn rout(
    ctx: &mut Ctx<'_>,
    unit: usize,
    through: Option<usize>,
    ground: Crossed,
) -> Result<(), CommandError> {
    check_through(ctx, unit, through)?;
    let u = ctx.present(unit)?;
    if !u.routing {
        return Err(illegal(format!("{} is not routing", u.spec.name)));
    }
    if u.turn.moved {
        return Err(refuse(
            format!("{} has already moved this turn", u.spec.name),
            "daimyo: Movement; ruling rout_once",
        ));
    }
    let faces = move_dice(ctx)?;
    ctx.emit(Event::RoutMoved { unit, faces })?;
    crossed(ctx, unit, ground)?;
    pass_through(ctx, unit, through)
}

/// What the ground a diced move crossed does to it (Terrain Effects: dense terrain disorders
/// all but peasants, a linear obstacle every unit, in any move).
fn crossed(ctx: &mut Ctx<'_>, unit: usize, ground: Crossed) -> Result<(), CommandError> {
    let peasants = ctx.unit(unit)?.spec.troop.peasants();
    if ground.dense && !peasants {
        ctx.disorder(unit, Cause::DenseTerrain)?;
    }
    if ground.obstacle {
        ctx.disorder(unit, Cause::LinearObstacle)?;
    }
    Ok(())
}

/// The dice of a rout or pursuit move (Movement: diced with 1d6).
fn move_dice(ctx: &mut Ctx<'_>) -> Result<Vec<u32>, CommandError> {
    let r = &ctx.rules().t.rout;
    let (n, sides) = (r.dice, r.sides);
    ctx.roll_n(n, sides)
}

/// Why a unit may not make a pursuit move now, if it may not (ruling `pursuit`): one in
/// melee whose enemy broke pursues, once a turn; never a routing unit.
pub fn pursuit_refusal(state: &State, unit: usize) -> Option<String> {
    let u = state.unit(unit)?;
    let name = &u.spec.name;
    if let Some(why) = &u.removed {
        Some(format!("{name} is out of the game ({why})"))
    } else if u.routing {
        Some(format!("{name} is routing: it makes rout moves only"))
    } else if !u.in_melee {
        Some(format!("{name} is in no melee to pursue from"))
    } else if u.turn.pursued {
        Some(format!("{name} has already pursued this turn"))
    } else if state.charge().is_some() || state.challenge().is_some() {
        Some("settle the charge or challenge under way first".into())
    } else {
        None
    }
}

/// A pursuit move: the dice for the distance, as for a rout move; then where it ended, as the
/// table shows: in contact with an enemy unit (the melee goes on) or with none (it is over).
pub(super) fn pursue(
    ctx: &mut Ctx<'_>,
    unit: usize,
    (through, ground): (Option<usize>, Crossed),
    end: Option<PursuitEnd>,
) -> Result<(), CommandError> {
    ctx.present(unit)?;
    check_through(ctx, unit, through)?;
    if let Some(why) = pursuit_refusal(ctx.state(), unit) {
        return Err(refuse(why, "daimyo: Movement; Charge"));
    }
    if let Some(PursuitEnd::Contacts(enemy)) = end {
        let side = ctx.state().unit(unit).map_or(0, |u| u.side);
        if !ctx.state().on_table(1 - side.min(1)).any(|e| e == enemy) {
            return Err(refuse(
                "a pursuit reaches only an enemy unit on the table",
                "daimyo: Charge",
            ));
        }
    }
    let faces = move_dice(ctx)?;
    ctx.emit(Event::PursuitMoved { unit, faces })?;
    crossed(ctx, unit, ground)?;
    pass_through(ctx, unit, through)?;
    match end {
        // An older journal's pursuit: the pursuers stayed in melee, unasked.
        None => Ok(()),
        Some(PursuitEnd::NoContact) => ctx.emit(Event::MeleeEnded { unit }),
        Some(PursuitEnd::Contacts(enemy)) => ctx.emit(Event::PursuitContact { unit, enemy }),
    }
}
