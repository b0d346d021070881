//! Moving, firing, charging, melee, and the tests they trigger.

use super::{ACTIVATION, Ctx, acting_unit, owe_test, spend};
use crate::dice::{PoolRoll, SuccessCount};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::sky::event::{Event, MeleeRoll, Test};
use crate::rules::sky::numbers;
use crate::rules::sky::roster::Weapon;
use crate::rules::sky::state::{
    ActionKind, ChangeKind, Charge, ChargeStage, Due, RouteCause, UnitRef,
};
use crate::rules::sky::tables::{InjuryTrigger, MeleeTie, RouteTrigger, RoutingDefensiveFire};

fn illegal(reason: impl Into<String>) -> CommandError {
    CommandError::illegal(reason)
}

pub(super) fn move_unit(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    obstacle: bool,
) -> Result<(), CommandError> {
    let costs = &ctx.rules().t.action_costs;
    let mut parts = vec![(ActionKind::Move, costs.move_or_charge)];
    if obstacle {
        parts.push((ActionKind::CrossObstacle, costs.cross_obstacle));
    }
    let kinds: Vec<ActionKind> = parts.iter().map(|(k, _)| *k).collect();
    acting_unit(ctx, unit, &kinds)?;
    spend(ctx, unit, &parts)?;
    ctx.emit(Event::Moved { unit, obstacle })
}

pub(super) fn reload(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    acting_unit(ctx, unit, &[ActionKind::Reload])?;
    let u = ctx.unit(unit)?;
    if !u.spec.weapons.contains(&Weapon::Arquebus) {
        return Err(illegal(format!("{} has no arquebus", u.spec.name)));
    }
    if u.loaded {
        return Err(illegal(format!(
            "{}'s arquebuses are loaded already",
            u.spec.name
        )));
    }
    let cost = ctx.rules().t.action_costs.reload_arquebus;
    spend(ctx, unit, &[(ActionKind::Reload, cost)])?;
    ctx.emit(Event::Reloaded(unit))
}

/// Checks a unit can shoot this weapon now (loaded arquebus, a bow it carries).
fn can_shoot(
    ctx: &Ctx<'_>,
    unit: UnitRef,
    weapon: Weapon,
    target: UnitRef,
) -> Result<(), CommandError> {
    let u = ctx.unit(unit)?;
    if !weapon.fires() || !(u.spec.weapons.contains(&weapon)) {
        return Err(illegal(format!("{} has no {}", u.spec.name, weapon.name())));
    }
    if weapon == Weapon::Arquebus && !u.loaded {
        return Err(illegal(format!(
            "{}'s arquebuses are not loaded",
            u.spec.name
        )));
    }
    let t = ctx.unit(target)?;
    if t.removed || target.side() == unit.side() {
        return Err(illegal("the target must be an enemy unit on the table"));
    }
    Ok(())
}

pub(super) fn fire(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    weapon: Weapon,
    target: UnitRef,
    in_range: bool,
    cover: bool,
) -> Result<(), CommandError> {
    let kind = ActionKind::firing(weapon);
    acting_unit(ctx, unit, &[kind])?;
    can_shoot(ctx, unit, weapon, target)?;
    let cost = ctx.rules().t.action_costs.fire;
    spend(ctx, unit, &[(kind, cost)])?;
    shoot(ctx, unit, weapon, target, in_range, cover, false)
}

/// Resolves a volley (ordinary or defensive) and its consequences.
fn shoot(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    weapon: Weapon,
    target: UnitRef,
    in_range: bool,
    cover: bool,
    defensive: bool,
) -> Result<(), CommandError> {
    let pool = numbers::fire(ctx.rules(), ctx.unit(unit)?, weapon, ctx.unit(target)?);
    let faces = if in_range {
        ctx.roll_pool(pool.dice, pool.sides, SuccessCount::at_least(pool.needed))?
    } else {
        PoolRoll::default()
    };
    let hits = faces.successes(|f| f >= pool.needed);
    let cover = cover || ctx.unit(target)?.tedate;
    let counted = numbers::after_cover(ctx.rules(), hits, cover);
    ctx.emit(Event::Fired {
        unit,
        target,
        weapon,
        faces,
        needed: pool.needed,
        hits,
        counted,
        in_range,
        cover,
        defensive,
    })?;
    if weapon == Weapon::Arquebus {
        ctx.emit(Event::Unloaded(unit))?;
    }
    damage(ctx, target, counted, "lost a stand to fire").map(|_| ())
}

/// Hits on a unit: stands lost, marked hits, disorder, injury and Route tests.
fn damage(ctx: &mut Ctx<'_>, unit: UnitRef, hits: u32, why: &str) -> Result<u32, CommandError> {
    let u = ctx.unit(unit)?;
    if hits == 0 || u.removed {
        return Ok(0);
    }
    let (lost, marked) = numbers::stands_lost(ctx.rules(), u, hits);
    let left = u.stands - lost;
    let (start, was_disordered, routing) = (u.spec.stands, u.disordered, u.routing);
    ctx.emit(Event::Casualties {
        unit,
        hits,
        stands_lost: lost,
        marked,
    })?;
    let attached = ctx.state().leader_attached(unit);
    let injury = match ctx.rules().rulings.injury_trigger {
        InjuryTrigger::AnyHits => true,
        InjuryTrigger::StandLost => lost > 0,
    };
    if attached && injury {
        ctx.require(Due::Injury(unit))?;
    }
    if left == 0 {
        ctx.emit(Event::Removed {
            unit,
            why: "lost its last stand".into(),
        })?;
        return Ok(lost);
    }
    if lost > 0 && !was_disordered {
        ctx.emit(Event::Disordered {
            unit,
            why: why.into(),
        })?;
    }
    let trigger = match ctx.rules().rulings.route_trigger {
        RouteTrigger::StandLost => lost > 0,
        RouteTrigger::AnyHits => true,
    };
    if trigger && !routing && numbers::at_route_threshold(ctx.rules(), left, start) {
        owe_route(ctx, unit, RouteCause::Weakened { left, start })?;
    }
    Ok(lost)
}

/// A Route test falls due, with its cause for the card; one test answers both causes.
fn owe_route(ctx: &mut Ctx<'_>, unit: UnitRef, cause: RouteCause) -> Result<(), CommandError> {
    ctx.emit(Event::RouteOwed { unit, cause })?;
    owe_test(ctx, Due::Route(unit), unit, Test::Route(unit))
}

pub(super) fn charge(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    target: UnitRef,
    cross_obstacle: bool,
) -> Result<(), CommandError> {
    let driven_by_bushi = ctx.is_due(&Due::ImpetusCharge(unit));
    let committed = super::bound_to_charge(ctx, unit);
    let costs = &ctx.rules().t.action_costs;
    let charge_cost = if driven_by_bushi {
        costs.samurai_impetus_charge
    } else {
        costs.move_or_charge
    };
    let mut parts = vec![(ActionKind::Charge, charge_cost)];
    if cross_obstacle {
        parts.push((ActionKind::CrossObstacle, costs.cross_obstacle));
    }
    let kinds: Vec<ActionKind> = parts.iter().map(|(k, _)| *k).collect();
    acting_unit(ctx, unit, &kinds)?;
    let t = ctx.unit(target)?;
    if t.removed || target.side() == unit.side() {
        return Err(illegal("the target must be an enemy unit on the table"));
    }
    if (driven_by_bushi || committed) && !t.is_samurai() {
        return Err(refuse(
            "this charge must be at an enemy Samurai unit within charge distance",
            ACTIVATION,
        ));
    }
    if driven_by_bushi {
        ctx.settle(Due::ImpetusCharge(unit))?;
    }
    if committed {
        ctx.emit(Event::Released(unit))?;
    }
    spend(ctx, unit, &parts)?;
    if ctx.unit(unit)?.tedate {
        ctx.emit(Event::TedateLost(unit))?;
    }
    let t = ctx.unit(target)?;
    let facing = !t.routing
        || ctx.rules().rulings.routing_defensive_fire == RoutingDefensiveFire::RoutingMayFire;
    let can_fire = facing
        && (t.spec.weapons.contains(&Weapon::Bow)
            || (t.spec.weapons.contains(&Weapon::Arquebus) && t.loaded));
    let stage = if can_fire {
        ChargeStage::DefensiveFire
    } else {
        ChargeStage::ChargerTest
    };
    begin(
        ctx,
        Charge {
            charger: unit,
            target,
            stage,
            charging: true,
        },
    )
}

/// Declares a charge (or a melee between units in contact): its steps follow as dues.
fn begin(ctx: &mut Ctx<'_>, charge: Charge) -> Result<(), CommandError> {
    ctx.emit(Event::ChargeDeclared(charge))?;
    owe_step(ctx, charge)
}

/// Requires a charge's step; a Bushi test step comes after the tested unit's first Bushi roll
/// when that is owed. The engine does not require a step whose units have left.
fn owe_step(ctx: &mut Ctx<'_>, c: Charge) -> Result<(), CommandError> {
    match c.stage {
        ChargeStage::ChargerTest => {
            owe_test(ctx, Due::Charge(c), c.charger, Test::Charge(c.charger))
        }
        ChargeStage::TargetTest => owe_test(ctx, Due::Charge(c), c.target, Test::Stand(c.target)),
        _ => ctx.require(Due::Charge(c)),
    }
}

/// Units left in contact by a melee neither withdrew from fight again: no charge, no tests.
pub(super) fn melee_in_contact(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    target: UnitRef,
) -> Result<(), CommandError> {
    acting_unit(ctx, unit, &[ActionKind::Melee])?;
    if !ctx.state().in_contact_with(unit).contains(&target) {
        return Err(refuse(
            format!(
                "{} is not in contact with {}: only units left in contact by an earlier melee fight without a charge",
                ctx.name(unit),
                ctx.name(target)
            ),
            "sky: Melee Adjudication",
        ));
    }
    begin(
        ctx,
        Charge {
            charger: unit,
            target,
            stage: ChargeStage::Melee,
            charging: false,
        },
    )?;
    // No charge, no tests: the melee its form previews is fought at once.
    melee(ctx)
}

fn charge_at(ctx: &Ctx<'_>, stage: ChargeStage) -> Result<Charge, CommandError> {
    match ctx.state().charge() {
        Some(c) if c.stage == stage => Ok(c),
        Some(_) => Err(illegal("the charge is at another step")),
        None => Err(illegal("no charge is under way")),
    }
}

pub(super) fn defensive_fire(
    ctx: &mut Ctx<'_>,
    fire: Option<(Weapon, bool, bool)>,
) -> Result<(), CommandError> {
    let c = charge_at(ctx, ChargeStage::DefensiveFire)?;
    if let Some((weapon, _, cover)) = fire {
        can_shoot(ctx, c.target, weapon, c.charger)?;
        if cover {
            return Err(refuse(
                "a charging unit is moving to contact, not in cover (ruling `charger_in_cover`)",
                "sky: Firing Procedure",
            ));
        }
    }
    ctx.settle(Due::Charge(c))?;
    if let Some((weapon, in_range, cover)) = fire {
        shoot(ctx, c.target, weapon, c.charger, in_range, cover, true)?;
    }
    // Required after the volley, so the tests it caused come first; a charger the volley
    // destroyed makes no contact (the engine does not require what is moot).
    let stage = ChargeStage::ChargerTest;
    owe_step(ctx, Charge { stage, ..c })
}

pub(super) fn charger_test(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let c = charge_at(ctx, ChargeStage::ChargerTest)?;
    // Settled before the dice, so a test that comes first refuses it before any is rolled.
    ctx.settle(Due::Charge(c))?;
    let was_disordered = ctx.unit(c.charger)?.disordered;
    if ctx.bushi_test(Test::Charge(c.charger), c.charger)? {
        let stage = if was_disordered {
            ChargeStage::Melee
        } else {
            ChargeStage::TargetTest
        };
        return owe_step(ctx, Charge { stage, ..c });
    }
    ctx.emit(Event::ChargeFailed(c.charger))?;
    if !was_disordered {
        ctx.emit(Event::Disordered {
            unit: c.charger,
            why: "failed its charge test".into(),
        })?;
    } else {
        owe_route(ctx, c.charger, RouteCause::FailedChargeDisordered)?;
    }
    Ok(())
}

pub(super) fn target_test(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let c = charge_at(ctx, ChargeStage::TargetTest)?;
    ctx.settle(Due::Charge(c))?;
    if ctx.bushi_test(Test::Stand(c.target), c.target)? {
        let stage = ChargeStage::Melee;
        return owe_step(ctx, Charge { stage, ..c });
    }
    ctx.emit(Event::Fled(c.target))?;
    if !ctx.unit(c.target)?.disordered {
        ctx.emit(Event::Disordered {
            unit: c.target,
            why: "failed to stand against a charge".into(),
        })?;
    }
    let stage = ChargeStage::StillContacted;
    owe_step(ctx, Charge { stage, ..c })
}

pub(super) fn still_contacted(ctx: &mut Ctx<'_>, contacted: bool) -> Result<(), CommandError> {
    let c = charge_at(ctx, ChargeStage::StillContacted)?;
    ctx.settle(Due::Charge(c))?;
    if contacted {
        ctx.emit(Event::Removed {
            unit: c.target,
            why: "caught by the charge after failing to stand".into(),
        })?;
    }
    Ok(())
}

pub(super) fn melee(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let c = charge_at(ctx, ChargeStage::Melee)?;
    ctx.settle(Due::Charge(c))?;
    let units = [c.charger, c.target];
    let pools = [
        numbers::melee(ctx.rules(), ctx.state(), c.charger, c.target, c.charging),
        numbers::melee(ctx.rules(), ctx.state(), c.target, c.charger, false),
    ];
    let mut rolls = Vec::with_capacity(2);
    for (unit, pool) in units.iter().zip(&pools) {
        let faces = ctx.roll_pool(pool.dice, pool.sides, SuccessCount::at_least(pool.needed))?;
        let hits = faces.successes(|f| f >= pool.needed);
        rolls.push(MeleeRoll {
            unit: *unit,
            faces,
            needed: pool.needed,
            hits,
        });
    }
    let hits_on = [rolls[1].hits, rolls[0].hits];
    let rolls: [MeleeRoll; 2] = rolls
        .try_into()
        .map_err(|_| illegal("melee needs two sides"))?;
    ctx.emit(Event::Melee(rolls))?;
    let melee_cost = ctx.rules().t.action_costs.melee;
    ctx.emit(Event::ActionTaken {
        unit: c.charger,
        kind: ActionKind::Melee,
        cost: melee_cost,
    })?;
    for (unit, hits) in units.iter().zip(hits_on) {
        damage(ctx, *unit, hits, "lost a stand in melee")?;
    }
    let losers: Vec<usize> = match hits_on[0].cmp(&hits_on[1]) {
        std::cmp::Ordering::Greater => vec![0],
        std::cmp::Ordering::Less => vec![1],
        std::cmp::Ordering::Equal
            if ctx.rules().rulings.melee_tie == MeleeTie::BothWithdraw && hits_on[0] > 0 =>
        {
            vec![0, 1]
        }
        std::cmp::Ordering::Equal => vec![],
    };
    for &i in &losers {
        let unit = units[i];
        if ctx.unit(unit)?.removed {
            continue;
        }
        ctx.emit(Event::Withdrew(unit))?;
        owe_route(ctx, unit, RouteCause::LostMelee)?;
    }
    let standing = !ctx.unit(units[0])?.removed && !ctx.unit(units[1])?.removed;
    if losers.is_empty() && standing {
        ctx.emit(Event::ContactKept(units[0], units[1]))?;
    }
    if losers.len() == 1 {
        let winner = units[1 - losers[0]];
        if ctx.state().leader_attached(winner) && !ctx.unit(winner)?.removed {
            let gain = ctx.rules().t.honor.command_gain;
            let enemy = ctx.name(units[losers[0]]);
            ctx.emit(Event::CommandChanged {
                clan: Some(winner.clan()),
                side: winner.side(),
                kind: ChangeKind::Honor,
                delta: gain,
                reason: format!("Honor: won the melee against {enemy}"),
            })?;
        }
    }
    Ok(())
}

pub(super) fn route_test(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    if !ctx.state().due.contains(&Due::Route(unit)) {
        return Err(illegal("no Route test is due for that unit"));
    }
    ctx.settle(Due::Route(unit))?;
    let passed = ctx.bushi_test(Test::Route(unit), unit)?;
    if !passed {
        ctx.emit(Event::Routed(unit))?;
        if ctx.unit(unit)?.tedate {
            ctx.emit(Event::TedateLost(unit))?;
        }
    }
    Ok(())
}

pub(super) fn injury_roll(ctx: &mut Ctx<'_>, unit: UnitRef) -> Result<(), CommandError> {
    ctx.settle(Due::Injury(unit))?;
    let i = &ctx.rules().t.injury;
    let (sides, on, change) = (i.sides, i.injured_on, i.command_change);
    let face = ctx.roll_n(1, sides)?.first().copied().unwrap_or(0);
    let injured = face == on;
    ctx.emit(Event::InjuryRolled {
        unit,
        face,
        injured,
    })?;
    if injured {
        let name = ctx.name(unit);
        ctx.emit(Event::CommandChanged {
            clan: Some(unit.clan()),
            side: unit.side(),
            kind: ChangeKind::Injury,
            delta: change,
            reason: format!("Injury: wounded fighting with {name}"),
        })?;
    }
    Ok(())
}
