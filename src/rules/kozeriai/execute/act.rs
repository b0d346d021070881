//! A figure's action in its contingent's moving stage (Actions, Moving Horses, Ki-Ai).

use super::super::command::Action;
use super::super::event::{Event, KiAiRoll};
use super::super::order;
use super::super::state::{Due, FigureRef, FigureState, Stage, TripCause};
use super::super::tables::MountedReload;
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;

/// Checks and records an action.
pub fn act(ctx: &mut Ctx<'_>, figure: FigureRef, action: &Action) -> Result<(), CommandError> {
    if *action == Action::BreakOff {
        return break_off(ctx, figure);
    }
    // A Ki-ai is resolved with the contingent's shooting and combat, once its movement is
    // done (Order of Movement; ruling `ki_ai_area`); every other action while it moves.
    let shout = matches!(action, Action::KiAi(_));
    match ctx.state().stage {
        Stage::Moving if shout => {
            return Err(refuse(
                "a Ki-ai is resolved with combat, once the contingent's movement is done",
                "kozeriai: Order of Movement",
            ));
        }
        Stage::Fighting if !shout => {
            return Err(illegal("actions are taken while the contingent moves"));
        }
        _ => {}
    }
    ctx.of_contingent(figure)?;
    let x = ctx.active(figure)?;
    order::may_act(ctx.rules(), x)?;
    allowed(ctx, figure, x, action)?;
    let reload: Vec<(String, u32)> = if action.reloads() {
        let r: Vec<_> = x
            .reload
            .iter()
            .map(|(w, n)| (w.clone(), n.saturating_sub(1)))
            .collect();
        if r.is_empty() {
            return Err(illegal(format!("{} has nothing to reload", x.spec.name)));
        }
        r
    } else {
        Vec::new()
    };
    ctx.emit(Event::Acted {
        figure,
        action: action.clone(),
    })?;
    for (weapon, left) in reload {
        ctx.emit(Event::Reloaded {
            figure,
            weapon,
            left,
        })?;
    }
    if let Action::KiAi(targets) = action {
        ki_ai(ctx, figure, targets)?;
    }
    // Jumping a low obstacle on foot: a trip roll (Tripping Over).
    if matches!(action, Action::Step { jump: true, .. }) && !ctx.figure(figure)?.mounted {
        ctx.require(Due::Trip(figure, TripCause::Jump))?;
    }
    Ok(())
}

/// Whether this figure may take this action now.
fn allowed(
    ctx: &Ctx<'_>,
    me: FigureRef,
    x: &FigureState,
    action: &Action,
) -> Result<(), CommandError> {
    let name = &x.spec.name;
    order::may_move(x, action)?;
    let m = &ctx.rules().t.movement;
    match action {
        Action::Step { .. } | Action::Dash(_) if x.mounted => Err(refuse(
            format!("{name} is mounted: give the horse an action"),
            "kozeriai: Moving Horses",
        )),
        Action::Step {
            step, aim: Some(t), ..
        } => {
            if !step.still() {
                return Err(illegal("aiming means standing still or turning"));
            }
            let shooter = x
                .spec
                .skills
                .keys()
                .any(|w| ctx.rules().weapon(w).is_some_and(|i| i.shoots().is_some()));
            if !shooter {
                return Err(illegal(format!("{name} has nothing to aim")));
            }
            match ctx.state().figure(*t) {
                Some(target) if t.side() != me.side() && !target.dead => Ok(()),
                _ => Err(illegal("aim at an enemy figure still alive")),
            }
        }
        Action::Dash(n) if !(m.dash_min..=m.dash_max).contains(n) => Err(refuse(
            format!("a dash is {} or {} hexes", m.dash_min, m.dash_max),
            "kozeriai: Actions",
        )),
        Action::StandUp if !x.lying => Err(illegal(format!("{name} is on its feet"))),
        Action::LieDown if x.lying => Err(illegal(format!("{name} is already down"))),
        Action::Mount if x.mounted || !x.spec.horse => {
            Err(illegal(format!("{name} has no horse to mount")))
        }
        Action::Mount if x.lying => Err(refuse(
            format!("{name} is on the ground: stand up first"),
            order::ACTIONS,
        )),
        Action::Dismount if !x.mounted => Err(illegal(format!("{name} is not mounted"))),
        Action::Ride(_) | Action::RideReload(_) if !x.mounted => {
            Err(illegal(format!("{name} is not mounted")))
        }
        Action::RideReload(r) if !order::rider_reloads(ctx.rules(), x, *r) => Err(refuse(
            match ctx.rules().rulings.mounted_reload {
                MountedReload::HorseStanding => {
                    "a rider reloads only while the horse stands: halt or turn on the spot"
                }
                MountedReload::ActivityUnchanged => {
                    "a rider reloads only while it keeps the horse's activity"
                }
            },
            order::ACTIONS,
        )),
        Action::Ride(r) | Action::RideReload(r) => {
            let change = r
                .speed()
                .hexes(ctx.rules())
                .abs_diff(x.speed.hexes(ctx.rules()));
            let most = ctx.rules().t.horses.max_speed_change;
            if change > most {
                Err(refuse(
                    format!(
                        "a horse changes speed by at most {most} hexes a phase: {} to {} is {change}",
                        x.speed.name(),
                        r.speed().name()
                    ),
                    "kozeriai: Moving Horses",
                ))
            } else if *r != x.activity && x.this_turn.blow {
                // A closing attack may come before the rider's own move (Closing Rule).
                Err(refuse(
                    format!(
                        "{name} has aimed an attacking blow this turn: the horse keeps its activity"
                    ),
                    order::HORSES,
                ))
            } else {
                Ok(())
            }
        }
        Action::KiAi(targets) => {
            if x.spec.ki_ai.is_none() {
                return Err(illegal(format!("{name} has no Ki-ai skill")));
            }
            if targets.is_empty() {
                return Err(illegal("name the figures in the Ki-ai's area"));
            }
            order::may_shout(x)
        }
        _ => Ok(()),
    }
}

/// The chance needed against one figure: the shouter's skill less the target's own Ki-ai.
pub fn ki_ai_needed(shouter: &FigureState, target: &FigureState) -> i64 {
    shouter.spec.ki_ai.unwrap_or(0) - target.spec.ki_ai.unwrap_or(0)
}

/// Every figure in the area rolls 1d10: at or under the needed score, a push back and 4
/// distractions (Ki-Ai).
fn ki_ai(ctx: &mut Ctx<'_>, shouter: FigureRef, targets: &[FigureRef]) -> Result<(), CommandError> {
    let mut rolls = Vec::new();
    for &t in targets {
        let (s, x) = (ctx.figure(shouter)?, ctx.figure(t)?);
        if t == shouter || x.dead {
            return Err(illegal(format!(
                "{} cannot be in the Ki-ai's area",
                x.spec.name
            )));
        }
        let needed = ki_ai_needed(s, x);
        let die = ctx.d10()?;
        rolls.push(KiAiRoll {
            target: t,
            die,
            needed,
            hit: i64::from(die) <= needed,
        });
    }
    let hits: Vec<FigureRef> = rolls.iter().filter(|r| r.hit).map(|r| r.target).collect();
    ctx.emit(Event::KiAi { shouter, rolls })?;
    let n = ctx.rules().t.special.ki_ai_distractions;
    for t in hits {
        ctx.hurt(t, 0, n)?;
        ctx.require(Due::PushedBack(t))?;
    }
    Ok(())
}

/// The winner of the last round of a grapple breaks off: it may always, so at once, at any
/// stage, without spending its action (Grappling; ruling `grapple_break_off`).
fn break_off(ctx: &mut Ctx<'_>, figure: FigureRef) -> Result<(), CommandError> {
    let x = ctx.active(figure)?;
    let name = &x.spec.name;
    if x.grappling.is_none() {
        return Err(illegal(format!("{name} is not grappling")));
    }
    if !x.won_grapple {
        return Err(refuse(
            format!("{name} did not win the last round of grappling: only its winner breaks off"),
            order::GRAPPLING,
        ));
    }
    ctx.emit(Event::Acted {
        figure,
        action: Action::BreakOff,
    })
}
