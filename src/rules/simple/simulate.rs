//! Random but legal umpire commands, for `simulate`: the engine's soak test.

use rand::Rng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;

use super::command::{Attacker, Command, Facing, Fighter, FireOrder, MeleeOrder, MoveKind};
use super::pending::pending;
use super::state::{Phase, State, Target};
use super::tables::Rules;

/// A random command the umpire could give now (it may still be refused; the caller retries).
pub fn random_command(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    if state.ended {
        return None;
    }
    let wiped = (0..2).any(|s| state.present_units_of(s).is_empty());
    if (wiped || state.turn > 12) && state.phase == Phase::Turn {
        return Some(Command::EndBattle);
    }
    let checks = pending(rules, state);
    if state.phase == Phase::Setup || !state.due.is_empty() {
        let answers: Vec<Command> = checks
            .iter()
            .filter(|c| c.required)
            .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
            .collect();
        return answers.choose(rng).cloned();
    }
    let side = usize::from(state.acting);
    let mine = state.present_units_of(side);
    let theirs = state.present_units_of(State::other(side));
    let unit = *mine.choose(rng)?;
    let target = *theirs.choose(rng)?;
    Some(match rng.random_range(0..10) {
        0..=2 => Command::Fire(FireOrder {
            unit,
            target: Target::Unit(target),
            volley: rng.random_bool(0.3),
            distance_cm: rng.random_range(5..100),
        }),
        3..=5 => Command::Melee(MeleeOrder {
            defender: Target::Unit(target),
            attackers: vec![Attacker {
                fighter: Fighter::Unit(unit),
                facing: *[Facing::Front, Facing::Flank, Facing::Rear].choose(rng)?,
                touches_friend: rng.random_bool(0.5),
            }],
            defender_touches_friend: rng.random_bool(0.5),
            rear_support: None,
            in_building: false,
            door: None,
        }),
        6 => Command::Move {
            unit,
            kind: *[
                MoveKind::Normal,
                MoveKind::CrossCover,
                MoveKind::ClearOfCover,
                MoveKind::Back,
                MoveKind::IntoVillage,
            ]
            .choose(rng)?,
        },
        7 => checks
            .iter()
            .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
            .collect::<Vec<_>>()
            .choose(rng)
            .cloned()
            .unwrap_or(Command::EndTurn),
        _ => Command::EndTurn,
    })
}
