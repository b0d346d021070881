//! The movement section's forms: declare a charge, move with the calculator's preview.

use super::{Selected, enemy_units, unit_names};
use crate::engine::action::{ActionForm, ActionPlan, Bounds};
use crate::engine::check::Check;
use crate::rules::skirmish::command::Command;
use crate::rules::skirmish::numbers::{self, move_allowance};
use crate::rules::skirmish::order::{cite, first_side_done};
use crate::rules::skirmish::pending::cards::{step, unit_who};
use crate::rules::skirmish::state::{State, UnitRef};
use crate::rules::skirmish::tables::Rules;

/// Declare a charge (before anyone moves), and move (in the side's turn to move).
pub(super) fn forms(rules: &Rules, state: &State, sel: Selected) -> Vec<ActionForm> {
    let mut out = Vec::new();
    let Some(u) = state.unit(sel.unit) else {
        return out;
    };
    let m = &rules.t.movement_inches;
    let enemies = enemy_units(state, sel.unit);
    let holding = u.holding(state.now());
    if !state.moves_begun && u.charging.is_none() && !holding && !enemies.is_empty() {
        out.push(
            ActionForm::new(
                "charge",
                "Declare charge",
                format!(
                    "before anyone moves; {:+}\" move (Ninja {:+}\"), {:+} die in melee with it",
                    m.charge, m.ninja_charge, rules.t.melee_modifiers.charged
                ),
            )
            .choice("Target unit", unit_names(state, &enemies)),
        );
    }
    // The side moving first makes all its moves, then the other side (Sequence of play).
    let turn_to_move = state
        .first
        .is_some_and(|first| first_side_done(state, first) != (sel.unit.side() == first));
    if !u.moved && !holding && turn_to_move {
        let most = usize::try_from(numbers::most_obstacles(rules)).unwrap_or(0);
        let mut form = ActionForm::new("move", "Move", "once a turn; the calculator shows how far")
            .number(
                "Obstacles crossed",
                "",
                Bounds::up_to(
                    most,
                    "no move is long enough to cross more (skirmish: Movement Section)",
                ),
            )
            .toggle("Through difficult ground (half move)");
        // The umpire says whether the charge reached: only then are the two in melee.
        if let Some(target) = u.charging {
            form = form.toggle(&format!("Reached {} (in melee)", state.unit_name(target)));
        }
        out.push(form);
    }
    out
}

/// A charge on the enemy unit picked, previewed by the calculator.
pub(super) fn charge(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let target = *enemy_units(state, unit)
        .get(values.first().copied().unwrap_or(0))
        .ok_or("pick an enemy unit")?;
    let mut card = move_card(rules, state, unit, true, 0, false);
    card.why = format!("declares a charge on {}", state.unit_name(target));
    Ok(ActionPlan {
        confirm: None,
        command: Command::DeclareCharge { unit, target },
        preview: Some(card),
    })
}

/// A move across so many obstacles, through difficult ground or not.
pub(super) fn move_plan(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let obstacles = u32::try_from(value(0))
        .ok()
        .filter(|n| *n <= numbers::most_obstacles(rules))
        .ok_or("pick how many obstacles")?;
    let difficult = value(1) == 1;
    let charging = state.unit(unit).is_some_and(|u| u.charging.is_some());
    Ok(ActionPlan {
        confirm: None,
        command: Command::Move {
            unit,
            obstacles,
            difficult,
            contact: charging && value(2) == 1,
        },
        preview: Some(move_card(
            rules, state, unit, charging, obstacles, difficult,
        )),
    })
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
        cite::MOVEMENT,
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
