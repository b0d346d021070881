//! Random but legal umpire commands, for `simulate`: the engine's soak test.

use rand::Rng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;

use super::command::{Command, Shot};
use super::pending::pending;
use super::state::{Section, State, Trigger, UnitRef};
use super::tables::Rules;

/// A random command the umpire could give now (it may still be refused; the caller retries).
pub fn random_command(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    if state.ended {
        return None;
    }
    if !state.has_units(0) || !state.has_units(1) || state.turn > 30 {
        return Some(Command::EndBattle);
    }
    let checks = pending(rules, state);
    // Required checks first (morale, results), then the rest.
    let required: Vec<Command> = checks
        .iter()
        .filter(|c| c.required)
        .filter_map(|c| c.answers.choose(rng).map(|a| a.command.clone()))
        .collect();
    if !required.is_empty() && rng.random_bool(0.9) {
        return required.choose(rng).cloned();
    }
    if let Some(c) = rng
        .random_bool(0.3)
        .then(|| own_action(rules, state, rng))
        .flatten()
    {
        return Some(c);
    }
    let rolling: Vec<Command> = checks
        .iter()
        .flat_map(|c| {
            c.answers
                .iter()
                .filter(|a| a.rolls)
                .map(|a| a.command.clone())
        })
        .collect();
    if !rolling.is_empty() && rng.random_bool(0.75) {
        return rolling.choose(rng).cloned();
    }
    let all: Vec<Command> = checks
        .iter()
        .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
        .collect();
    all.choose(rng).cloned()
}

/// Something the umpire does with a form rather than a card.
fn own_action(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    let units: Vec<UnitRef> = state
        .all_units()
        .into_iter()
        .filter(|&u| !state.fighting(u).is_empty())
        .collect();
    let unit = *units.choose(rng)?;
    let enemies: Vec<UnitRef> = units
        .iter()
        .copied()
        .filter(|e| e.side() != unit.side())
        .collect();
    let enemy = *enemies.choose(rng)?;
    Some(match (state.section, rng.random_range(0..6)) {
        (Section::Movement, 0 | 1) => Command::DeclareCharge {
            unit,
            target: enemy,
        },
        (Section::Movement, _) => Command::Move {
            unit,
            obstacles: rng.random_range(0..2),
            difficult: rng.random_bool(0.2),
        },
        (Section::Firing, _) => {
            let shooters: Vec<_> = state
                .fighting(unit)
                .into_iter()
                .filter(|&f| super::numbers::ready(rules, state, f))
                .collect();
            let target = *state.fighting(enemy).choose(rng)?;
            Command::Fire(Shot {
                shooters,
                target,
                close: rng.random_bool(0.5),
                cover: rng.random_bool(0.3),
            })
        }
        (Section::Melee, 0) => Command::Engage(unit, enemy),
        (Section::Melee, 1) => Command::Disengage(unit, enemy),
        (Section::Melee, _) => {
            let (a, b) = (
                *state.fighting(unit).choose(rng)?,
                *state.fighting(enemy).choose(rng)?,
            );
            Command::Melee {
                a,
                b,
                obstacle: [rng.random_bool(0.1), rng.random_bool(0.1)],
            }
        }
        (Section::Results, _) => Command::DeclareMorale {
            unit,
            trigger: if rng.random_bool(0.5) {
                Trigger::Rally
            } else {
                Trigger::FleeingFriend
            },
        },
    })
}
