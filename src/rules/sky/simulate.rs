//! Random but legal umpire commands, for `simulate`: the engine's soak test.

use rand::Rng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;

use super::command::Command;
use super::pending::pending;
use super::roster::Weapon;
use super::state::{Phase, State, UnitRef};
use super::tables::Rules;

/// A random command the umpire could give now (it may still be refused; the caller retries).
pub fn random_command(rules: &Rules, state: &State, rng: &mut ChaCha8Rng) -> Option<Command> {
    if state.ended {
        return None;
    }
    let wiped = (0..2).any(|s| {
        state.clans_of(s).iter().all(|&c| {
            state
                .units_of(c)
                .iter()
                .all(|&u| state.unit(u).is_none_or(|u| u.removed))
        })
    });
    if wiped {
        return Some(Command::EndBattle);
    }
    if rng.random_ratio(1, 40) {
        let clans = state.clans_of(rng.random_range(0..2));
        let clan = *clans.choose(rng)?;
        let n = state.units_of(clan).len() as u8;
        let unit = if rng.random_bool(0.3) {
            None
        } else {
            Some(rng.random_range(0..n.max(1)))
        };
        return Some(Command::Attach { clan, unit });
    }
    let checks = pending(rules, state);
    let answers: Vec<Command> = checks
        .iter()
        .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
        .collect();
    if let Phase::Activation { clan } = state.phase {
        let quiet = state.due.is_empty() && state.charge.is_none();
        if quiet && state.actions_left.unwrap_or(0) > 0 && rng.random_bool(0.85) {
            return action(state, clan, rng).or_else(|| answers.choose(rng).cloned());
        }
    }
    // Prefer rolling over declining, so the battle moves on.
    let rolling: Vec<Command> = checks
        .iter()
        .filter_map(|c| {
            c.answers
                .iter()
                .find(|a| a.rolls)
                .map(|a| a.command.clone())
        })
        .collect();
    if !rolling.is_empty() && rng.random_bool(0.7) {
        return rolling.choose(rng).cloned();
    }
    answers.choose(rng).cloned()
}

fn action(state: &State, clan: super::state::ClanRef, rng: &mut ChaCha8Rng) -> Option<Command> {
    let mine: Vec<UnitRef> = state
        .units_of(clan)
        .into_iter()
        .filter(|&u| state.unit(u).is_some_and(|x| x.in_good_standing()))
        .collect();
    let unit = *mine.choose(rng)?;
    let u = state.unit(unit)?;
    let enemies: Vec<UnitRef> = state
        .all_units()
        .into_iter()
        .filter(|t| t.side() != unit.side() && state.unit(*t).is_some_and(|x| !x.removed))
        .collect();
    let target = *enemies.choose(rng)?;
    let weapons: Vec<Weapon> = u
        .spec
        .weapons
        .iter()
        .copied()
        .filter(|w| w.fires())
        .collect();
    Some(match rng.random_range(0..7) {
        0 => Command::Move {
            unit,
            cross_obstacle: rng.random_bool(0.2),
        },
        1 if !weapons.is_empty() => Command::Fire {
            unit,
            weapon: *weapons.choose(rng)?,
            target,
            in_range: rng.random_bool(0.8),
            cover: rng.random_bool(0.1),
        },
        2 if u.spec.weapons.contains(&Weapon::Arquebus) && !u.loaded => Command::Reload(unit),
        3 | 4 => Command::Charge { unit, target },
        5 => Command::Melee { unit, target },
        _ => Command::EndActivation,
    })
}
