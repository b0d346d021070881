//! Melee, morale, the ninja, and what losses lead to (a Daimyo's death above all).

use super::fire::check_target;
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{FailCause, Fighter, MeleeOrder};
use crate::rules::simple::event::{Bout, Event};
use crate::rules::simple::numbers;
use crate::rules::simple::order::{self, Deed, MORALE};
use crate::rules::simple::roster::Weapon;
use crate::rules::simple::state::{Cover, Due, GroupRef, MoraleCause, Phase, Target, UnitRef};
use crate::rules::simple::tables::DaimyoKilled;

fn total(face: u32, mods: &[crate::engine::check::Modifier]) -> i64 {
    i64::from(face) + mods.iter().map(|m| m.value).sum::<i64>()
}

/// Refuses attackers that may not attack now.
fn check_attackers(ctx: &Ctx<'_>, order: &MeleeOrder) -> Result<(), CommandError> {
    let max = numbers::max_attackers(ctx.rules(), ctx.state(), order);
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
                if x.retreating() {
                    return Err(refuse(
                        format!("{} is retreating: it attacks no one", x.spec.name),
                        MORALE,
                    ));
                }
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
                if !grp.acting {
                    return Err(refuse(
                        "the allied clan did not roll to act this turn: it only fights if attacked",
                        "simple: Allied Clans",
                    ));
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
    check_attackers(ctx, order)?;
    fight(ctx, order, usize::from(ctx.state().acting))
}

/// Refuses a fight in or at a building the defender is not in: a fight inside needs him
/// inside, a fight at the door needs him holding that building (and is not inside).
fn check_door(ctx: &Ctx<'_>, order: &MeleeOrder) -> Result<(), CommandError> {
    let inside = |ctx: &Ctx<'_>| match order.defender {
        Target::Unit(u) => ctx
            .state()
            .unit(u)
            .and_then(|x| x.structure)
            .and_then(|s| ctx.state().structures.get(usize::from(s)))
            .is_some_and(|st| st.kind.building()),
        Target::Daimyo(_) => false,
    };
    if order.in_building && (order.door.is_some() || !inside(ctx)) {
        return Err(illegal(
            "a fight inside a building needs the defender inside one (a fight at its door is not inside)",
        ));
    }
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
    if order.door.is_some() && order.defender_cover.is_some_and(|c| c != Cover::Hard) {
        return Err(refuse(
            "the defender of a building's door is in hard cover",
            order::MELEE,
        ));
    }
    super::fire::check_cover(ctx, order.defender, order.defender_cover, order::MELEE)?;
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
    if killed > 0 {
        captured(ctx, order, acting)?;
    }
    after_losses(ctx, order.defender, killed, MoraleCause::MeleeLosses)
}

/// A gun's last artilleryman killed in melee gives the gun to the attackers; a figure
/// killed at a building's door opens it to them. (Before the figure is taken off.)
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
    // Taken as its last artilleryman falls, so the gun stays in play for its captors.
    let x = ctx.unit(u)?;
    if x.spec.weapon == Weapon::Gun && x.alive == 1 && by != crate::rules::simple::state::NOBODY {
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

pub(super) fn leave(ctx: &mut Ctx<'_>, u: UnitRef, why: &str) -> Result<(), CommandError> {
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
