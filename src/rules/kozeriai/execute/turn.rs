//! The turn: contingents move then fight in order; at the turn's end figures recover.

use super::super::event::Event;
use super::super::roster::Armour;
use super::super::state::{FigureRef, FigureState, Stage, State};
use super::super::tables::Rules;
use super::super::tables::{CombatTiming, ExhaustionArmour, ExhaustionWounds};
use super::Ctx;
use crate::engine::error::CommandError;

/// Ends the current stage, in the order of ruling `combat_timing`: each contingent moves and
/// then fights before the next moves; or every contingent moves, then each fights in turn.
/// The last stage of the turn ends it.
pub fn end_stage(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    match next_stage(ctx.rules(), ctx.state()) {
        Some((contingent, stage)) => ctx.emit(Event::StageBegins { contingent, stage }),
        None => {
            end_of_turn(ctx)?;
            let next = ctx.state().turn.saturating_add(1);
            ctx.emit(Event::TurnBegins(next))
        }
    }
}

/// The stage that follows the current one in this turn, if any (ruling `combat_timing`).
pub fn next_stage(rules: &Rules, state: &State) -> Option<(usize, Stage)> {
    let next = state.current.saturating_add(1);
    let more = next < state.contingents.len();
    match (rules.rulings.combat_timing, state.stage) {
        (CombatTiming::PerContingent, Stage::Moving) => Some((state.current, Stage::Fighting)),
        (CombatTiming::PerContingent, Stage::Fighting) if more => Some((next, Stage::Moving)),
        (CombatTiming::AfterAllMoved, stage) if more => Some((next, stage)),
        (CombatTiming::AfterAllMoved, Stage::Moving) => Some((0, Stage::Fighting)),
        _ => None,
    }
}

/// Recovery of distractions and, with Exhaustion, stamina spent and recovered.
fn end_of_turn(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    for f in ctx.state().all_figures() {
        let x = ctx.figure(f)?.clone();
        if x.dead {
            continue;
        }
        // Distractions recover one per complete move spent neither moving nor fighting
        // (standing up, lying down or opening a door is no movement: Actions).
        if x.distractions > 0 && !x.moved() && !x.this_turn.fought() {
            ctx.emit(Event::Recovered(f))?;
            let y = ctx.figure(f)?;
            if y.knocked_out && y.distractions <= y.distraction_capacity && !y.collapsed {
                ctx.emit(Event::CameRound(f))?;
            }
        }
        if x.stamina.is_some() {
            stamina(ctx, f, &x)?;
        }
    }
    Ok(())
}

/// Stamina spent and recovered in the turn, as (change, reasons) (Exhaustion).
pub fn stamina_change(rules: &Rules, x: &FigureState) -> (i64, Vec<String>) {
    let e = &rules.t.exhaustion;
    let t = &x.this_turn;
    let mut change = 0;
    let mut why = Vec::new();
    let mut add = |n: i64, what: String| {
        if n != 0 {
            change += n;
            why.push(format!("{n:+} {what}"));
        }
    };
    if t.hexes_on_foot > e.far_on_foot_hexes {
        add(
            -e.far_on_foot,
            format!("moved {} hexes on foot", t.hexes_on_foot),
        );
    }
    if t.jumped {
        add(-e.jump_or_climb, "jumped or climbed".into());
    }
    let fought = t.exchanges > 0;
    let full_always = rules.rulings.exhaustion_armour == ExhaustionArmour::FullEveryMove;
    match x.spec.armour {
        Armour::Full if full_always => add(-e.full_armour_fighting, "wore full armour".into()),
        Armour::Full if fought => add(-e.full_armour_fighting, "fought in full armour".into()),
        Armour::Part | Armour::Armoured if fought => {
            add(-e.armour_fighting, "fought in armour".into());
        }
        _ => {}
    }
    let wounds = if rules.rulings.exhaustion_wounds == ExhaustionWounds::EveryWoundCarried {
        x.wounds
    } else {
        t.wounds
    };
    add(
        -e.per_wound * i64::from(wounds),
        crate::engine::words::counted(wounds, "wound").to_string(),
    );
    add(
        -e.per_exchange * i64::from(t.exchanges),
        format!(
            "{} (attacks or defences)",
            crate::engine::words::counted(t.exchanges, "exchange")
        ),
    );
    if t.heavy {
        add(-e.heavy_weapon, "fought with a heavy weapon".into());
    }
    // Taking no action: not on a moving horse either.
    if !t.active && !x.moved() {
        add(e.rest, "rested".into());
        // `lying_still` counts the complete moves before this one.
        let lying_moves = x.lying_still.saturating_add(1);
        if x.lying && e.lying_moves > 0 && lying_moves.is_multiple_of(e.lying_moves) {
            add(e.lying_rest, format!("{lying_moves} moves lying down"));
        }
    }
    (change, why)
}

fn stamina(ctx: &mut Ctx<'_>, f: FigureRef, x: &FigureState) -> Result<(), CommandError> {
    let (change, why) = stamina_change(ctx.rules(), x);
    let limit = ctx.rules().stamina_total(x.spec.stamina);
    // Rest restores stamina up to the figure's own total, never beyond (ruling `exhaustion_rest`).
    let room = limit.saturating_sub(x.stamina.unwrap_or(0)).max(0);
    let change = if change > 0 { change.min(room) } else { change };
    if change != 0 {
        ctx.emit(Event::Stamina {
            figure: f,
            change,
            why: why.join(", "),
        })?;
    }
    let now = x.stamina.unwrap_or(0).saturating_add(change);
    if now < limit.saturating_neg() && !x.collapsed {
        ctx.emit(Event::Collapsed(f))?;
    } else if x.collapsed && now > 0 && !x.knocked_out {
        ctx.emit(Event::CameRound(f))?;
    }
    Ok(())
}
