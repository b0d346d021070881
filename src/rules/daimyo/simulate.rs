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
    let values: Vec<usize> = form
        .fields
        .iter()
        .map(|f| match f {
            // Short distances are the common case, and keep most moves legal.
            Field::Choice { options, .. } => rng.random_range(0..options.len().clamp(1, 12)),
            Field::Toggle { .. } => usize::from(rng.random_bool(0.3)),
        })
        .collect();
    plan(rules, state, id, &form.key, &values)
        .ok()
        .map(|p| p.command)
}
