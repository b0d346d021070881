//! Shooting in the firing section, and defensive fire at a charger.

use super::{Ctx, cite, illegal, results, rule};
use crate::engine::error::CommandError;
use crate::rules::skirmish::command::Shot;
use crate::rules::skirmish::event::Event;
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::state::{FigureRef, Section, Wound};

/// Whether one figure may take part in a shot: an enemy target, a missile weapon and no arm
/// wound, the target within its weapon's long range, its rate of fire, and for defensive fire
/// a charger that started beyond half its close range.
fn check_shooter(
    ctx: &Ctx<'_>,
    shot: &Shot,
    s: FigureRef,
    defensive: bool,
    target_name: &str,
) -> Result<(), CommandError> {
    let target = shot.target;
    if s.side() == target.side() {
        return Err(illegal("figures shoot at the enemy"));
    }
    let f = ctx.fighting_figure(s)?;
    let name = f.spec.name.clone();
    if !f.spec.weapon.missile() {
        return Err(illegal(format!("{name} has no missile weapon")));
    }
    if f.count(Wound::Arm) > 0 {
        return Err(rule(
            cite::RESULTS,
            format!("{name} has an arm wound and cannot shoot"),
        ));
    }
    let weapon = f.spec.weapon;
    let Some((close, long)) = numbers::ranges(ctx.rules(), weapon) else {
        return Err(illegal(format!("{name} has no missile weapon")));
    };
    if numbers::band(ctx.rules(), weapon, shot.inches).is_none() {
        return Err(rule(
            cite::FIRE,
            format!(
                "{target_name} is {}\" away, beyond {name}'s {} range ({long}\")",
                shot.inches,
                weapon.name()
            ),
        ));
    }
    if let Err(r) = numbers::rate_of_fire(ctx.rules(), ctx.state(), s, weapon) {
        return Err(rule(
            r.citation,
            format!("{name} cannot shoot now: {}", r.reason),
        ));
    }
    if defensive {
        let charger = ctx.unit(target.unit())?;
        if charger.charging != Some(s.unit()) {
            return Err(rule(
                cite::FIRE,
                format!("{target_name}'s unit is not charging {name}'s unit this turn"),
            ));
        }
        if 2 * i64::from(shot.inches) <= close {
            return Err(rule(
                cite::FIRE,
                format!(
                    "the charger started {}\" away: {name} may shoot only at a charger \
                     that started more than half its {} close range ({}\") away",
                    shot.inches,
                    weapon.name(),
                    half(close)
                ),
            ));
        }
    }
    Ok(())
}

/// A volley (or a defensive fire): every shooter checked first, then each rolls its dice and
/// its hits land on the target.
pub(super) fn fire(ctx: &mut Ctx<'_>, shot: &Shot, defensive: bool) -> Result<(), CommandError> {
    let wanted = if defensive {
        Section::Movement
    } else {
        Section::Firing
    };
    if ctx.state().section != wanted {
        return Err(rule(
            cite::FIRE,
            if defensive {
                "defensive fire happens as the charge comes in, in the movement section"
            } else {
                "shooting happens in the firing section"
            },
        ));
    }
    let target = shot.target;
    let t = ctx.fighting_figure(target)?;
    let target_name = t.spec.name.clone();
    if shot.shooters.is_empty() {
        return Err(illegal("name at least one figure to shoot"));
    }
    let unit = shot.shooters[0].unit();
    for (u, role) in [(unit, "shoot"), (target.unit(), "be shot at")] {
        if !defensive && numbers::melee_bars_fire(ctx.rules(), ctx.state(), u) {
            return Err(rule(
                cite::FIRE,
                format!(
                    "{} is in melee: a unit in melee does not {role} (ruling fire_and_melee)",
                    ctx.state().unit_name(u)
                ),
            ));
        }
    }
    let mut seen = Vec::new();
    for &s in &shot.shooters {
        if s.unit() != unit {
            return Err(illegal(
                "a volley is one unit's figures: shoot with the other unit on its own",
            ));
        }
        if seen.contains(&s) {
            return Err(illegal(format!(
                "{} is named twice",
                ctx.state().figure_name(s)
            )));
        }
        seen.push(s);
        check_shooter(ctx, shot, s, defensive, &target_name)?;
    }
    for &s in &shot.shooters {
        if ctx.figure(target)?.dead {
            break;
        }
        let pool = numbers::fire(ctx.rules(), ctx.state(), s, target, shot.inches, shot.cover);
        let weapon = ctx.figure(s)?.spec.weapon;
        let faces = pool.roll(ctx)?;
        let hits = pool.count(&faces);
        ctx.emit(Event::Shot {
            shooter: s,
            target,
            weapon,
            faces,
            needed: pool.needed,
            hits,
            defensive,
        })?;
        results::land(ctx, target, hits)?;
    }
    Ok(())
}

/// Half a range in inches, as the text gives it (7.5", 6", 5").
pub fn half(inches: i64) -> String {
    if inches % 2 == 0 {
        format!("{}", inches / 2)
    } else {
        format!("{}.5", inches / 2)
    }
}
