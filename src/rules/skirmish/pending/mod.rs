//! The checks a skirmish requires (or offers) right now, as cards.

pub mod cards;
mod firing;
pub mod melee;
mod morale;
mod movement;

use cards::{answer, step};

use super::command::Command;
use super::execute::{owed, resolving_now};
use super::order::cite::SEQUENCE;
use super::state::{Section, State};
use super::tables::{MoraleWhen, Rules};
use crate::engine::check::Check;
use crate::engine::dues::answerable_now;

pub use morale::morale_card;

/// Every check due now, most urgent first: the morale tests owed; then, unless they are taken
/// at once (ruling `morale_when`), the section's own cards and the card that ends it.
pub fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    if state.ended {
        return Vec::new();
    }
    let mut out: Vec<Check<Command>> = answerable_now::<super::Skirmish>(state)
        .into_iter()
        .map(|d| morale_card(rules, state, d))
        .collect();
    if !out.is_empty() && rules.rulings.morale_when == MoraleWhen::AtOnce {
        return out;
    }
    if resolving_now(rules, state.section) {
        out.extend(
            owed(state)
                .into_iter()
                .filter_map(|f| cards::results_card(rules, state, f)),
        );
    }
    // Ending the firing section gives up every shot still offered: the end asks first,
    // naming who could still shoot.
    let mut unshot = Vec::new();
    match state.section {
        Section::Movement => out.extend(movement::cards(rules, state)),
        Section::Firing => {
            let could = firing::cards(rules, state);
            unshot = could.iter().map(|c| c.who.clone()).collect();
            out.extend(could);
        }
        Section::Melee => out.extend(melee::cards(rules, state)),
        Section::Results => {}
    }
    let lost = (!unshot.is_empty()).then(|| format!("Could still shoot: {}", unshot.join("; ")));
    out.push(end_card(state, lost));
    out
}

fn end_card(state: &State, lost: Option<String>) -> Check<Command> {
    let (label, why) = match state.section.next() {
        Some(next) => (
            format!("End {} section", state.section.name()),
            format!("then the {} section", next.name()),
        ),
        None => (
            format!("End turn {}", state.turn),
            format!("then turn {} begins with precedence", state.turn + 1),
        ),
    };
    let mut c = step(
        "Both sides".into(),
        &format!("{} section", state.section.name()),
        why,
        SEQUENCE,
        vec![
            answer(&label, Command::EndSection, false)
                .ending()
                .confirming(lost),
        ],
    );
    if state.section == Section::Results {
        c.notes = roll_call(state);
    }
    c
}

/// One line per unit: figures, wounds and status, to compare with the table.
fn roll_call(state: &State) -> Vec<String> {
    state
        .all_units()
        .into_iter()
        .filter_map(|u| {
            let x = state.unit(u)?;
            let side = &state.sides.get(u.side())?.name;
            let status = if x.routed {
                "routed".to_owned()
            } else if x.holding((state.turn.saturating_add(1), Section::Movement)) {
                "holding".to_owned()
            } else {
                "fighting".to_owned()
            };
            let wounded: Vec<String> = x
                .figures
                .iter()
                .filter(|f| !f.dead && !f.wounds.is_empty())
                .map(|f| format!("{} ({} wounds)", f.spec.name, f.wounds.len()))
                .collect();
            let wounded = if wounded.is_empty() {
                String::new()
            } else {
                format!("; wounded: {}", wounded.join(", "))
            };
            Some(format!(
                "{side} — {}: {}/{} alive, {status}{wounded}",
                x.name,
                x.alive(),
                x.figures.len()
            ))
        })
        .collect()
}
