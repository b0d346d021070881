//! Random but legal umpire commands, for `simulate`: the engine's soak test.

use rand::Rng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;

use super::actions::{forms, plan};
use super::command::Command;
use super::pending::pending;
use super::state::State;
use super::tables::Rules;
use crate::engine::action::Field;

/// The turn after which a random battle is called off.
const LAST_TURN: u32 = 12;

/// A random command the umpire could give now (it may still be refused; the caller retries).
pub fn random_command(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    if state.ended {
        return None;
    }
    if state.turn > LAST_TURN {
        return Some(Command::EndBattle);
    }
    let checks = pending(rules, state);
    if let Some(required) = checks.iter().find(|c| c.required) {
        return required.answers.choose(rng).map(|a| a.command.clone());
    }
    if rng.random_bool(0.6)
        && let Some(c) = random_order(rules, state, rng)
    {
        return Some(c);
    }
    let answers: Vec<Command> = checks
        .iter()
        .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
        .filter(|c| *c != Command::EndBattle)
        .collect();
    answers.choose(rng).cloned()
}

/// An order from a random unit's or leader's form, with random values.
fn random_order(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    let units = (0..state.units.len()).map(|u| format!("u{u}"));
    let leaders = (0..state.leaders.len()).map(|l| format!("l{l}"));
    let ids: Vec<String> = units.chain(leaders).collect();
    let id = ids.choose(rng)?;
    let forms = forms(rules, state, id);
    let form = forms.choose(rng)?;
    // Records and leaders caught by the enemy end units and leaders; keep them rare so random
    // battles last long enough to reach every procedure.
    if matches!(form.key.as_str(), "record" | "contacted") && rng.random_bool(0.85) {
        return None;
    }
    let values: Vec<usize> = form
        .fields
        .iter()
        .map(|f| match f {
            // Most measurements are nil or short (a move rarely wheels, turns and crosses
            // terrain at once); this keeps most random moves within their allowance.
            Field::Choice { options, .. } if rng.random_bool(0.5) && options.len() > 2 => 0,
            Field::Choice { options, .. } => rng.random_range(0..options.len().clamp(1, 12)),
            Field::Toggle { .. } => usize::from(rng.random_bool(0.3)),
        })
        .collect();
    plan(rules, state, id, &form.key, &values)
        .ok()
        .map(|p| p.command)
}
