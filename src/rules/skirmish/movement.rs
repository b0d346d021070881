//! The movement calculator: how far a figure may move this turn, and why.

use super::cards::{step, unit_who};
use super::command::Command;
use super::roster::Troop;
use super::state::{FigureState, State, UnitRef, Wound};
use super::tables::Rules;
use crate::engine::check::Check;

/// How far a figure may move, in inches, with the reasons (the movement calculator).
pub fn move_allowance(
    rules: &Rules,
    f: &FigureState,
    charging: bool,
    obstacles: u32,
    difficult: bool,
) -> (f64, Vec<String>) {
    let m = &rules.t.movement_inches;
    let ninja = f.spec.troop == Troop::Ninja;
    let (base, what) = if f.spec.mounted {
        (m.mounted, "mounted")
    } else if ninja {
        (m.ninja, "Ninja")
    } else {
        (m.foot, "foot")
    };
    let mut parts = vec![format!("{what} {base}\"")];
    let mut inches = base;
    if ninja {
        if charging {
            inches += m.ninja_charge;
            parts.push(format!("charging {:+}\"", m.ninja_charge));
        }
        if obstacles > 0 || difficult {
            parts.push("Ninja ignore obstacles and difficult ground".into());
        }
    } else {
        if charging {
            inches += m.charge;
            parts.push(format!("charging {:+}\"", m.charge));
        }
        if obstacles > 0 {
            inches += m.obstacle * i64::from(obstacles);
            parts.push(format!(
                "{obstacles} obstacle(s) {:+}\"",
                m.obstacle * i64::from(obstacles)
            ));
        }
    }
    let legs = i64::from(f.count(Wound::Leg));
    if legs > 0 {
        inches += m.leg_wound * legs;
        parts.push(format!("leg wound x{legs} {:+}\"", m.leg_wound * legs));
    }
    let mut inches = inches.max(0) as f64;
    if difficult && !ninja {
        inches /= m.difficult_divisor.max(1) as f64;
        parts.push("difficult ground: half".into());
    }
    (inches, parts)
}

/// The movement calculator as a card (no dice): how far each figure of a unit may move
/// with these inputs, figures moving alike shown once.
pub fn move_card(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    charging: bool,
    obstacles: u32,
    difficult: bool,
) -> Check<Command> {
    let mut groups: Vec<(Vec<String>, String)> = Vec::new();
    for f in state.fighting(unit) {
        let Some(x) = state.figure(f) else { continue };
        let (inches, parts) = move_allowance(rules, x, charging, obstacles, difficult);
        let allowance = format!("{inches}\" ({})", parts.join(", "));
        match groups.iter_mut().find(|(_, a)| *a == allowance) {
            Some((names, _)) => names.push(x.spec.name.clone()),
            None => groups.push((vec![x.spec.name.clone()], allowance)),
        }
    }
    let what = if charging { "Charge move" } else { "Move" };
    let mut card = step(
        unit_who(state, unit),
        what,
        "the movement calculator: the most each figure may move".into(),
        "skirmish: Movement Section",
        Vec::new(),
    );
    card.notes = groups
        .into_iter()
        .map(|(names, allowance)| match names.as_slice() {
            [one] => format!("{one}: {allowance}"),
            [first, rest @ ..] => format!("{first} and {} more: {allowance}", rest.len()),
            [] => allowance,
        })
        .collect();
    card
}
