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

/// A random command the umpire could give now (it may still be refused; the caller retries).
pub fn random_command(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    if state.ended {
        return None;
    }
    if !state.has_fighters(0) || !state.has_fighters(1) || state.turn > 30 {
        return Some(Command::EndBattle);
    }
    let checks = pending(rules, state);
    // Dues first: they block the stage card.
    if !state.due.is_empty() {
        let answers: Vec<Command> = checks
            .iter()
            .filter(|c| c.required && c.what != "Moving" && c.what != "Shooting and combat")
            .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
            .collect();
        return answers.choose(rng).cloned();
    }
    if rng.random_bool(0.7)
        && let Some(c) = from_a_form(rules, state, rng)
    {
        return Some(c);
    }
    Some(Command::EndStage)
}

/// A random form of a random figure of the contingent, filled in at random.
fn from_a_form(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    let f = *state.current_figures().choose(rng)?;
    let id = f.id();
    let all = forms(rules, state, &id);
    let form = all.choose(rng)?;
    let values: Vec<usize> = form
        .fields
        .iter()
        .map(|field| match field {
            Field::Choice { options, .. } => rng.random_range(0..options.len().max(1)),
            // Most situational factors are off on most tables.
            Field::Toggle { .. } => usize::from(rng.random_bool(0.15)),
        })
        .collect();
    plan(rules, state, &id, &form.key, &values)
        .ok()
        .map(|p| p.command)
}
