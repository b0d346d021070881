//! Firing at troops, bombarding structures, realigning guns.

use super::melee::after_losses;
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{Fighter, FireOrder};
use crate::rules::simple::event::{Event, FireRoll};
use crate::rules::simple::numbers;
use crate::rules::simple::order::{self, Deed};
use crate::rules::simple::roster::Weapon;
use crate::rules::simple::state::{Cover, MoraleCause, Target, UnitRef};

/// Refuses a target that cannot be fired at (or fought) now.
pub(super) fn check_target(
    ctx: &Ctx<'_>,
    side: usize,
    target: Target,
) -> Result<u32, CommandError> {
    match target {
        Target::Unit(t) => {
            let x = ctx.unit(t)?;
            if ctx.state().owner(t) == side || !x.present() {
                return Err(illegal("the target must be an enemy unit on the table"));
            }
            Ok(x.alive)
        }
        Target::Daimyo(g) => {
            let grp = ctx
                .state()
                .group(g)
                .ok_or_else(|| illegal("no such Daimyo"))?;
            if usize::from(grp.owner) == side || !grp.daimyo.as_ref().is_some_and(|d| d.alive) {
                return Err(illegal("the target must be a living enemy Daimyo"));
            }
            if numbers::daimyo_shielded(ctx.state(), g) {
                return Err(illegal(
                    "the Daimyo is with a unit: he is a target only once its figures are killed",
                ));
            }
            Ok(1)
        }
    }
}

/// The Firing section.
const FIRING: &str = "simple: Firing";

/// Refuses cover the table gives a target that the state proves it has more of: inside a
/// building, or under smoke from a fire.
pub(super) fn check_cover(
    ctx: &Ctx<'_>,
    target: Target,
    told: Option<Cover>,
    citation: &str,
) -> Result<(), CommandError> {
    let (Target::Unit(u), Some(told)) = (target, told) else {
        return Ok(());
    };
    let least = ctx.state().least_cover(u);
    if told < least {
        return Err(refuse(
            format!(
                "{} is in {} at least (inside a building, or under smoke from a fire), not {}",
                ctx.state().unit_name(u),
                least.name(),
                told.name()
            ),
            citation,
        ));
    }
    Ok(())
}

/// Refuses fire the unit may not give now; returns its weapon.
fn may_fire(ctx: &Ctx<'_>, order: &FireOrder) -> Result<Weapon, CommandError> {
    let x = ctx.acting_unit(order.unit)?;
    let name = &x.spec.name;
    let weapon = x.spec.weapon;
    let limits = ctx.state().sides[ctx.state().owner(order.unit)].limits;
    if !weapon.fires() {
        return Err(illegal(format!("{name} has no missile weapon")));
    }
    if x.fired {
        return Err(illegal(format!("{name} has fired this turn")));
    }
    if x.smoke {
        return Err(illegal(format!(
            "{name} is in its own smoke and sees no target to its front"
        )));
    }
    if x.retreating() {
        return Err(illegal(format!("{name} is retreating")));
    }
    if (limits.no_arquebus && weapon == Weapon::Arquebus)
        || (limits.no_bow && weapon == Weapon::Bow)
    {
        return Err(illegal("a card forbids that weapon's fire this turn"));
    }
    if limits.samurai_idle && numbers::is_samurai(x.spec.troop) {
        return Err(illegal(
            "the Daimyo's tea ceremony: Samurai do not fire this turn",
        ));
    }
    if weapon == Weapon::Gun && (x.limbered || x.realigning) {
        return Err(illegal(format!("{name} is limbered or still realigning")));
    }
    if weapon == Weapon::Gun && x.aim.is_some_and(|a| a != order.target) {
        return Err(illegal(format!(
            "{name} is laid on another target: realign its barrel first (1d4 inches)"
        )));
    }
    if order.volley {
        let min = ctx.rules().t.fire.volley_min_figures;
        if weapon == Weapon::Gun {
            return Err(illegal("a gun cannot fire a volley"));
        }
        if x.formation_fail {
            return Err(illegal(format!(
                "{name} has a Formation Fail: no volley fire"
            )));
        }
        if x.alive < min {
            return Err(illegal(format!("a volley needs at least {min} figures")));
        }
        if x.moved {
            return Err(illegal(format!("{name} has moved: no volley fire")));
        }
    }
    order::permits(&ctx.state().ledger, Fighter::Unit(order.unit), Deed::Fire)?;
    let range = numbers::range_cm(ctx.rules(), ctx.state(), weapon).unwrap_or(0);
    if order.distance_cm > range {
        return Err(illegal(format!(
            "{} cm is out of range: {} reaches {range} cm{}",
            order.distance_cm,
            weapon.name(),
            if ctx.state().wind_turns > 0 {
                " (halved by the wind)"
            } else {
                ""
            }
        )));
    }
    Ok(weapon)
}

pub(super) fn fire(ctx: &mut Ctx<'_>, order: &FireOrder) -> Result<(), CommandError> {
    may_fire(ctx, order)?;
    let side = ctx.state().owner(order.unit);
    let target_alive = check_target(ctx, side, order.target)?;
    check_cover(ctx, order.target, order.target_cover, FIRING)?;
    let firer = ctx.unit(order.unit)?.clone();
    let (sides, n, sharp) = numbers::fire_dice(ctx.rules(), &firer, order.volley);
    let faces = ctx.roll_n(n, sides)?;
    let bonus: Vec<u32> = (0..n)
        .map(|i| {
            if i < sharp {
                ctx.rules().t.fire.sharpshooter_bonus
            } else {
                0
            }
        })
        .collect();
    let (formation, cover) =
        numbers::target_stance(ctx.rules(), ctx.state(), order.target, order.target_cover);
    let needs = numbers::to_hit(ctx.rules(), formation, cover);
    let (hits, pairs) = numbers::count_hits(ctx.rules(), sides, &faces, &bonus, needs);
    let (save_sides, save_on, _) =
        numbers::save(ctx.rules(), ctx.state(), order.target, firer.formation_fail);
    let saves = ctx.roll_n(hits, save_sides)?;
    let saved = saves.iter().filter(|&&f| f >= save_on).count() as u32;
    let killed = (hits - saved).min(target_alive);
    ctx.emit(Event::Fired(Box::new(FireRoll {
        unit: order.unit,
        target: order.target,
        volley: order.volley,
        sides,
        faces,
        bonus,
        needs,
        pairs,
        hits,
        save_sides,
        save_on,
        saves,
        killed,
    })))?;
    after_losses(ctx, order.target, killed, MoraleCause::FireLosses)
}

pub(super) fn bombard(ctx: &mut Ctx<'_>, gun: UnitRef, structure: u8) -> Result<(), CommandError> {
    let x = ctx.acting_unit(gun)?;
    if x.spec.weapon != Weapon::Gun {
        return Err(illegal("only artillery guns reduce structures"));
    }
    if x.limbered || x.fired || x.realigning {
        return Err(illegal(
            "the gun is limbered, still realigning, or has fired this turn",
        ));
    }
    let crew = x.alive;
    order::permits(&ctx.state().ledger, Fighter::Unit(gun), Deed::Fire)?;
    let s = ctx
        .state()
        .structures
        .get(usize::from(structure))
        .ok_or_else(|| illegal("no such structure"))?;
    let needs = numbers::bombard_needs(ctx.rules(), s.kind);
    let (kind, linear, before, was_standing) = (s.kind, s.kind.linear(), s.hits, s.standing());
    let die = ctx.rules().t.fire.die;
    let faces = ctx.roll_pool(crew, die, crate::dice::SuccessCount::at_least(needs))?;
    let hits = faces.successes(|f| f >= needs);
    let left = before.saturating_sub(hits);
    let ruined = numbers::ruined_at(ctx.rules(), kind, left);
    let verdict = if !ruined {
        "standing"
    } else if linear {
        "destroyed and passable: figures behind it are removed"
    } else {
        "unusable: figures inside or on it are removed"
    };
    ctx.emit(Event::Bombarded {
        gun,
        structure,
        faces,
        needs,
        hits,
        left,
        verdict: verdict.to_owned(),
    })?;
    // Only the blow that brings it down removes those caught in it.
    if ruined && was_standing {
        super::places::ruin(ctx, structure)?;
    }
    Ok(())
}

pub(super) fn realign(
    ctx: &mut Ctx<'_>,
    gun: UnitRef,
    needed: u32,
    target: Option<Target>,
) -> Result<(), CommandError> {
    let x = ctx.acting_unit(gun)?;
    if x.spec.weapon != Weapon::Gun {
        return Err(illegal("only guns realign"));
    }
    if x.limbered || x.fired || x.realigning {
        return Err(illegal(
            "the gun is limbered, has fired, or is already realigning",
        ));
    }
    // Beyond the die's reach the gun cannot fire this turn whatever it rolls: one more inch
    // than the die stands for every longer travel.
    let die = ctx.rules().t.artillery.realign_die;
    if needed == 0 || needed > die + 1 {
        return Err(illegal(format!(
            "the barrel moves 1 to {die} inches, or {} for more than the die can give",
            die + 1
        )));
    }
    if let Some(t) = target {
        check_target(ctx, ctx.state().owner(gun), t)?;
    }
    let face = ctx.roll(die)?;
    ctx.emit(Event::Realigned {
        gun,
        face,
        needed,
        ready: face >= needed,
        target,
    })
}
