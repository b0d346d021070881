//! Shooting, resolved in the contingent's fighting stage (Bows and Bullets).

use super::super::command::ShotOrder;
use super::super::event::{Event, ShotDice};
use super::super::numbers::grapple;
use super::super::numbers::shooting::{self, reload_turns};
use super::super::order::may_shoot;
use super::super::state::Stage;
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;

/// A shot: the figure's action for the turn (ruling `shooting_action`).
pub fn shoot(ctx: &mut Ctx<'_>, order: &ShotOrder) -> Result<(), CommandError> {
    if ctx.state().stage != Stage::Fighting {
        return Err(refuse(
            "shots are resolved in the contingent's fighting stage",
            "kozeriai: Order of Movement",
        ));
    }
    ctx.of_contingent(order.shooter)?;
    let x = ctx.active(order.shooter)?;
    may_shoot(x)?;
    if let Some(n) = x.reload.get(&order.weapon) {
        return Err(refuse(
            format!(
                "{} needs {} more to reload",
                order.weapon,
                crate::engine::words::counted(*n, "turn")
            ),
            "kozeriai: Preparation for shooting",
        ));
    }
    let target = ctx.figure(order.target)?;
    if target.dead || order.target.side() == order.shooter.side() {
        return Err(illegal("shoot at an enemy figure still alive"));
    }
    let n = shooting::numbers(ctx.rules(), ctx.state(), order).map_err(illegal)?;
    let skill = x.spec.skill(&order.weapon);
    let s = &ctx.rules().t.shooting;
    let mut dice = ShotDice {
        misfire: None,
        misfired: false,
        die: None,
        total: 0,
        needed: n.needed,
        hit: false,
        deflect: None,
        effect: None,
        wounds: 0,
    };
    if let Some(at_most) = n.misfire_at_most {
        let die = ctx.d10()?;
        dice.misfire = Some(die);
        dice.misfired = i64::from(die) <= at_most;
    }
    if !dice.misfired {
        let die = ctx.d10()?;
        dice.die = Some(die);
        dice.total = i64::from(die) + n.total();
        dice.hit = die != s.natural_miss && dice.total >= n.needed;
    }
    if dice.hit
        && let Some((skill, mods)) = &n.deflect
    {
        let faces = (0..ctx.rules().t.special.yadomejutsu_dice)
            .map(|_| ctx.d10())
            .collect::<Result<Vec<u32>, _>>()?;
        let sum = faces.iter().map(|&f| i64::from(f)).sum::<i64>()
            + mods.iter().map(|m| m.value).sum::<i64>();
        dice.deflect = Some((faces, sum <= *skill));
    }
    // A hit on a grappler falls on either grappler, 50:50 (Grappling; ruling `grapple_hits`).
    let mut falls_on = (order.target, &n.effect);
    let mut split = None;
    if dice.hit
        && let Some((partner, effect)) = &n.split
    {
        let die = ctx.d10()?;
        if !grapple::split_keeps_target(ctx.rules(), die) {
            falls_on = (*partner, effect);
        }
        split = Some(Event::GrappleSplit {
            die,
            falls_on: falls_on.0,
        });
    }
    if dice.hit && !dice.deflect.as_ref().is_some_and(|(_, ok)| *ok) {
        let die = ctx.d10()?;
        dice.effect = Some(die);
        let less: i64 = falls_on.1.iter().map(|m| m.value).sum();
        dice.wounds = u32::try_from((i64::from(die) + less).max(0)).unwrap_or(0);
    }
    // A misfired musket can try again next phase: it is still loaded.
    let reload = if dice.misfired {
        0
    } else {
        reload_turns(ctx.rules(), n.shoots, skill)
    };
    let (wounds, hit) = (dice.wounds, falls_on.0);
    ctx.emit(Event::Shot {
        order: order.clone(),
        dice,
        reload,
    })?;
    if let Some(e) = split {
        ctx.emit(e)?;
    }
    ctx.hurt(hit, wounds, 0)
}
