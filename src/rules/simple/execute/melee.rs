//! Melee, morale, the ninja, and what losses lead to (a Daimyo's death above all).

use super::fire::check_target;
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{FailCause, Fighter, MeleeOrder};
use crate::rules::simple::event::{Bout, Event};
use crate::rules::simple::numbers;
use crate::rules::simple::order::{self, Deed};
use crate::rules::simple::roster::{Troop, Weapon};
use crate::rules::simple::state::{Due, GroupRef, MoraleCause, Phase, Target, UnitRef};
use crate::rules::simple::tables::DaimyoKilled;

fn total(face: u32, mods: &[crate::engine::check::Modifier]) -> i64 {
    i64::from(face) + mods.iter().map(|m| m.value).sum::<i64>()
}

/// Refuses attackers that may not attack now.
fn check_attackers(ctx: &Ctx<'_>, order: &MeleeOrder) -> Result<(), CommandError> {
    let max = numbers::max_attackers(ctx.rules(), order);
    if order.attackers.is_empty() || order.attackers.len() > max {
        return Err(illegal(format!(
            "1 to {max} figures may attack one defending figure"
        )));
    }
    let acting = usize::from(ctx.state().acting);
    if ctx.state().sides[acting].army_retreating {
        return Err(illegal(
            "the army's Daimyo is dead: its units only fight when attacked",
        ));
    }
    for a in &order.attackers {
        let using = order
            .attackers
            .iter()
            .filter(|b| b.fighter == a.fighter)
            .count();
        match a.fighter {
            Fighter::Unit(u) => {
                let x = ctx.acting_unit(u)?;
                let done = order::attacks(&ctx.state().ledger, a.fighter);
                if done + using > x.alive as usize {
                    return Err(refuse(
                        format!(
                            "each attacking figure throws once in melee: {} has {} figures and {done} have attacked this turn",
                            x.spec.name, x.alive
                        ),
                        order::MELEE,
                    ));
                }
                if ctx.state().sides[acting].limits.samurai_idle
                    && numbers::is_samurai(x.spec.troop)
                {
                    return Err(illegal("the Daimyo's tea ceremony: Samurai must disengage"));
                }
            }
            Fighter::Daimyo(g) => {
                let grp = ctx
                    .state()
                    .group(g)
                    .ok_or_else(|| illegal("no such Daimyo"))?;
                if usize::from(grp.owner) != acting || !grp.daimyo.as_ref().is_some_and(|d| d.alive)
                {
                    return Err(illegal("only a living Daimyo of the acting side attacks"));
                }
                if using > 1 {
                    return Err(refuse(
                        "each attacking figure throws once in melee: the order lists the Daimyo twice",
                        order::MELEE,
                    ));
                }
                order::permits(&ctx.state().ledger, a.fighter, Deed::Melee)?;
            }
        }
    }
    Ok(())
}

pub(super) fn melee(ctx: &mut Ctx<'_>, order: &MeleeOrder) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Turn {
        return Err(illegal("the battle has not begun"));
    }
    ctx.nothing_due()?;
    check_attackers(ctx, order)?;
    fight(ctx, order, usize::from(ctx.state().acting))
}

/// Refuses a door fight when the defender does not hold that building.
fn check_door(ctx: &Ctx<'_>, order: &MeleeOrder) -> Result<(), CommandError> {
    let Some(s) = order.door else { return Ok(()) };
    let building = ctx
        .state()
        .structures
        .get(usize::from(s))
        .is_some_and(|st| st.kind.building());
    let holds = match order.defender {
        Target::Unit(u) => ctx.unit(u)?.structure == Some(s),
        Target::Daimyo(_) => false,
    };
    if building && holds {
        Ok(())
    } else {
        Err(illegal("the defender must be inside that building"))
    }
}

/// The bouts of a melee on one figure, for the side attacking, and what they lead to.
pub(super) fn fight(
    ctx: &mut Ctx<'_>,
    order: &MeleeOrder,
    acting: usize,
) -> Result<(), CommandError> {
    check_target(ctx, acting, order.defender)?;
    check_door(ctx, order)?;
    let defender_die = match order.defender {
        Target::Unit(u) => numbers::fighter_die(ctx.rules(), ctx.state(), Fighter::Unit(u)),
        Target::Daimyo(g) => numbers::fighter_die(ctx.rules(), ctx.state(), Fighter::Daimyo(g)),
    };
    let mut bouts = Vec::new();
    for a in &order.attackers {
        let attacker_die = numbers::fighter_die(ctx.rules(), ctx.state(), a.fighter);
        let (am, dm) = numbers::melee_modifiers(ctx.rules(), ctx.state(), order, a);
        let attacker_face = ctx.roll(attacker_die)?;
        let defender_face = ctx.roll(defender_die)?;
        let (at, dt) = (total(attacker_face, &am), total(defender_face, &dm));
        let kills = at > dt;
        bouts.push(Bout {
            attacker: a.fighter,
            attacker_die,
            attacker_face,
            attacker_total: at,
            defender_die,
            defender_face,
            defender_total: dt,
            kills,
        });
        // The defending figure is dead: the remaining attackers do not throw.
        if kills {
            break;
        }
    }
    let killed = u32::from(bouts.iter().any(|b| b.kills));
    ctx.emit(Event::Melee {
        defender: order.defender,
        bouts: bouts.clone(),
    })?;
    let mut units: Vec<UnitRef> = bouts
        .iter()
        .filter_map(|b| numbers::unit_of(b.attacker))
        .collect();
    if let Target::Unit(u) = order.defender {
        units.push(u);
    }
    units.sort();
    units.dedup();
    for u in units {
        if ctx.unit(u)?.formation_fail {
            continue;
        }
        ctx.emit(Event::FormationFailed {
            unit: u,
            cause: FailCause::AfterMelee,
        })?;
    }
    after_losses(ctx, order.defender, killed, MoraleCause::MeleeLosses)?;
    if killed > 0 {
        captured(ctx, order, acting)?;
    }
    Ok(())
}

/// A gun's last artilleryman killed in melee gives the gun to the attackers; a figure
/// killed at a building's door opens it to them.
fn captured(ctx: &mut Ctx<'_>, order: &MeleeOrder, acting: usize) -> Result<(), CommandError> {
    let Target::Unit(u) = order.defender else {
        return Ok(());
    };
    let by = acting as u8;
    if let Some(structure) = order.door {
        ctx.emit(Event::DoorTaken {
            structure,
            side: by,
        })?;
    }
    let x = ctx.unit(u)?;
    if x.spec.weapon == Weapon::Gun && x.alive == 0 && by != crate::rules::simple::state::NOBODY {
        ctx.emit(Event::GunCaptured { gun: u, by })?;
    }
    Ok(())
}

/// Records losses and what they trigger: a morale test, or a Daimyo's death.
pub(super) fn after_losses(
    ctx: &mut Ctx<'_>,
    target: Target,
    killed: u32,
    cause: MoraleCause,
) -> Result<(), CommandError> {
    if killed == 0 {
        return Ok(());
    }
    match target {
        Target::Unit(u) => {
            ctx.emit(Event::Killed {
                target,
                figures: killed,
            })?;
            let x = ctx.unit(u)?;
            if x.alive > 0 && numbers::takes_morale(x) {
                ctx.require(Due::Morale(u, cause))?;
            }
            Ok(())
        }
        Target::Daimyo(g) => daimyo_killed(ctx, g),
    }
}

/// Settles whatever was due for a unit that is leaving the battle.
pub(super) fn clear_dues(ctx: &mut Ctx<'_>, u: UnitRef) -> Result<(), CommandError> {
    let dues: Vec<Due> = ctx
        .state()
        .due
        .iter()
        .filter(|d| {
            matches!(d, Due::Morale(x, _)
                | Due::FormationTest(x)
                | Due::RetreatMove(x)
                | Due::VillagersAttack(x)
                | Due::FireEscape(x) if *x == u)
        })
        .copied()
        .collect();
    for d in dues {
        ctx.emit(Event::Settled(d))?;
    }
    Ok(())
}

fn leave(ctx: &mut Ctx<'_>, u: UnitRef, why: &str) -> Result<(), CommandError> {
    clear_dues(ctx, u)?;
    ctx.emit(Event::LeftField {
        unit: u,
        why: why.to_owned(),
    })
}

/// A Daimyo is killed: his army retreats (ruling daimyo_killed), or his allied clan leaves.
pub(super) fn daimyo_killed(ctx: &mut Ctx<'_>, g: GroupRef) -> Result<(), CommandError> {
    ctx.emit(Event::DaimyoKilled(g))?;
    let owner = ctx
        .state()
        .group(g)
        .map_or(usize::from(g.0), |x| usize::from(x.owner));
    if g.1 == 0 {
        if ctx.rules().rulings.daimyo_killed == DaimyoKilled::OffTable {
            for u in ctx.state().present_units_of(owner) {
                leave(
                    ctx,
                    u,
                    "their Daimyo is dead: the army leaves the battlefield",
                )?;
            }
            return ctx.emit(Event::BattleEnded);
        }
        ctx.emit(Event::ArmyRetreats(owner as u8))?;
        return army_in_retreat(ctx, owner);
    }
    for u in ctx.state().present_units_of(owner) {
        if u.group() == g {
            leave(
                ctx,
                u,
                "their allied Daimyo is dead: the clan leaves the battlefield",
            )?;
        }
    }
    Ok(())
}

/// The army falls back in Retreat (ruling `army_retreat`): each unit has a Formation Fail
/// (Formation Fail: whilst in Retreat), and those that take morale tests must test, a current
/// Formation Fail being one of the text's triggers.
fn army_in_retreat(ctx: &mut Ctx<'_>, side: usize) -> Result<(), CommandError> {
    for u in ctx.state().present_units_of(side) {
        let x = ctx.unit(u)?;
        let (failed, tests) = (x.formation_fail, numbers::takes_morale(x));
        if !failed {
            ctx.emit(Event::FormationFailed {
                unit: u,
                cause: FailCause::Retreat,
            })?;
        }
        if tests
            && !ctx
                .state()
                .due
                .iter()
                .any(|d| matches!(d, Due::Morale(y, _) if *y == u))
        {
            ctx.require(Due::Morale(u, MoraleCause::FormationFail))?;
        }
    }
    Ok(())
}

pub(super) fn morale(ctx: &mut Ctx<'_>, u: UnitRef, friend: bool) -> Result<(), CommandError> {
    let due = ctx
        .state()
        .due
        .iter()
        .find(|d| matches!(d, Due::Morale(x, _) if *x == u))
        .copied()
        .ok_or_else(|| illegal("no morale test is due for that unit"))?;
    let Due::Morale(_, cause) = due else {
        return Err(illegal("no morale test is due"));
    };
    ctx.settle(due)?;
    let x = ctx.unit(u)?;
    let sees = friend || numbers::sees_friend_retreat(x, cause);
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

pub(super) fn call_morale(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    cause: MoraleCause,
) -> Result<(), CommandError> {
    let x = ctx.unit(u)?;
    if !x.present() || !numbers::takes_morale(x) {
        return Err(illegal(format!("{} takes no morale test", x.spec.name)));
    }
    let holds = match cause {
        MoraleCause::HalfStrength => numbers::half_strength(x),
        MoraleCause::FormationFail => x.formation_fail,
        MoraleCause::FriendRetreating => true,
        _ => false,
    };
    if !holds {
        return Err(illegal(format!(
            "{} does not meet that trigger",
            x.spec.name
        )));
    }
    if ctx
        .state()
        .due
        .iter()
        .any(|d| matches!(d, Due::Morale(y, _) if *y == u))
    {
        return Err(illegal("a morale test is already due"));
    }
    ctx.require(Due::Morale(u, cause))
}

pub(super) fn ninja(ctx: &mut Ctx<'_>, guards: &[UnitRef]) -> Result<(), CommandError> {
    let side = ctx
        .state()
        .due
        .iter()
        .find_map(|d| {
            if let Due::Ninja(s) = d {
                Some(*s)
            } else {
                None
            }
        })
        .ok_or_else(|| illegal("no ninja is abroad"))?;
    ctx.settle(Due::Ninja(side))?;
    for &g in guards {
        let x = ctx.unit(g)?;
        if ctx.state().owner(g) != usize::from(side) || !x.present() {
            return Err(illegal(
                "the guards must be the Daimyo's own figures on the table",
            ));
        }
        let sides = numbers::troop_die(ctx.rules(), x.spec.troop);
        let ninja = ctx.roll(ctx.rules().t.troop_dice.daimyo)?;
        let face = ctx.roll(sides)?;
        let won = ninja > face;
        ctx.emit(Event::NinjaBout {
            against: Target::Unit(g),
            ninja,
            sides,
            face,
            won,
        })?;
        if !won {
            return Ok(());
        }
        after_losses(ctx, Target::Unit(g), 1, MoraleCause::MeleeLosses)?;
    }
    let g = GroupRef(side, 0);
    let sides = ctx.rules().t.troop_dice.daimyo;
    let ninja = ctx.roll(sides)?;
    let face = ctx.roll(sides)?;
    let won = ninja > face;
    ctx.emit(Event::NinjaBout {
        against: Target::Daimyo(g),
        ninja,
        sides,
        face,
        won,
    })?;
    if won { daimyo_killed(ctx, g) } else { Ok(()) }
}
