//! Shooting and defensive fire: who shoots, at whom, and the volley's preview.

use super::{Selected, enemy_units, figure_option};
use crate::engine::action::{ActionForm, ActionPlan, Bounds};
use crate::rules::skirmish::command::{Command, Shot};
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::pending::cards::{self, figure_who, unit_who};
use crate::rules::skirmish::roster::Weapon;
use crate::rules::skirmish::state::{FigureRef, State, UnitRef};
use crate::rules::skirmish::tables::Rules;

use crate::rules::skirmish::order::FIRE;

/// The longest range of a unit's ready shooters, in inches (the table's).
fn longest(rules: &Rules, state: &State, unit: UnitRef) -> u32 {
    state
        .fighting(unit)
        .into_iter()
        .filter(|&f| numbers::ready(rules, state, f))
        .filter_map(|f| state.figure(f))
        .filter_map(|f| numbers::ranges(rules, f.spec.weapon))
        .map(|(_, long)| u32::try_from(long).unwrap_or(0))
        .max()
        .unwrap_or(0)
}

/// Who may shoot: the selected figure alone, the unit's whole volley, then each other
/// ready shooter alone.
fn shooters(rules: &Rules, state: &State, sel: Selected) -> Vec<(String, Vec<FigureRef>)> {
    let ready: Vec<FigureRef> = state
        .fighting(sel.unit)
        .into_iter()
        .filter(|&f| numbers::ready(rules, state, f))
        .collect();
    let mine = sel.figure.filter(|f| ready.contains(f));
    let mut out = Vec::new();
    if let Some(f) = mine {
        out.push((state.figure_name(f), vec![f]));
    }
    if ready.len() > 1 || mine.is_none() && !ready.is_empty() {
        let words = format!("All {} ready in {}", ready.len(), state.unit_name(sel.unit));
        out.push((words, ready.clone()));
    }
    if ready.len() > 1 {
        for &f in ready.iter().filter(|&&f| Some(f) != mine) {
            out.push((state.figure_name(f), vec![f]));
        }
    }
    out
}

/// The figures a unit may shoot at: in a defensive fire, only those of units charging it;
/// otherwise those of units melee does not keep out of the shooting (ruling `fire_and_melee`).
pub(in crate::rules::skirmish) fn fire_targets(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    defensive: bool,
) -> Vec<FigureRef> {
    enemy_units(state, unit)
        .into_iter()
        .filter(|&e| {
            if defensive {
                state.unit(e).is_some_and(|x| x.charging == Some(unit))
            } else {
                !numbers::melee_bars_fire(rules, state, e)
            }
        })
        .flat_map(|e| state.fighting(e))
        .collect()
}

/// The shooting form, when the unit has a ready shooter and a target.
pub(super) fn form(
    rules: &Rules,
    state: &State,
    sel: Selected,
    defensive: bool,
) -> Option<ActionForm> {
    let who: Vec<String> = shooters(rules, state, sel)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    let whom: Vec<String> = fire_targets(rules, state, sel.unit, defensive)
        .into_iter()
        .map(|f| figure_option(state, f))
        .collect();
    let barred = !defensive && numbers::melee_bars_fire(rules, state, sel.unit);
    if who.is_empty() || whom.is_empty() || barred {
        return None;
    }
    let (key, label, note, distance) = if defensive {
        (
            "defensive_fire",
            "Defensive fire",
            "only at a charger that started more than half the weapon's close range away",
            "Charger started at",
        )
    } else {
        (
            "fire",
            "Shoot",
            "ranges and rate of fire from the table (reference: ranges_inches, rate_of_fire)",
            "Distance to target",
        )
    };
    // No shot reaches past the longest range among the unit's ready shooters: a distance
    // beyond it is refused on the field, never shortened.
    let longest = longest(rules, state, sel.unit);
    let reach = Bounds::up_to(
        usize::try_from(longest).unwrap_or(usize::MAX),
        format!("the longest range of its ready shooters, {longest}\" (skirmish: Firing Section)"),
    );
    let form = ActionForm::new(key, label, note)
        .choice("Who shoots", who)
        .choice("Target", whom)
        .number(distance, "\"", reach)
        .toggle("Target in cover");
    Some(form)
}

/// A shot or a defensive fire: the volley's pools as the preview.
pub(super) fn plan(
    rules: &Rules,
    state: &State,
    sel: Selected,
    defensive: bool,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let who = shooters(rules, state, sel);
    let (_, shooters) = who.get(value(0)).ok_or("pick who shoots")?;
    let target = *fire_targets(rules, state, sel.unit, defensive)
        .get(value(1))
        .ok_or("pick a target")?;
    let (inches, cover) = (u32::try_from(value(2)).unwrap_or(u32::MAX), value(3) == 1);
    let pools: Vec<_> = shooters
        .iter()
        .map(|&s| {
            let weapon = state.figure(s).map_or(Weapon::Hand, |f| f.spec.weapon);
            let band = match numbers::band(rules, weapon, inches) {
                Some(numbers::Band::Close) => "close",
                Some(numbers::Band::Long) => "long",
                None => {
                    let long = numbers::ranges(rules, weapon).map_or(0, |(_, l)| l);
                    return Err(format!(
                        "Out of range: {inches}\" is beyond {}'s {} range, {long}\" (skirmish: Firing Section)",
                        state.figure_name(s),
                        weapon.name()
                    ));
                }
            };
            let name = format!("{} ({}, {band})", state.figure_name(s), weapon.name());
            Ok((name, numbers::fire(rules, state, s, target, inches, cover)))
        })
        .collect::<Result<_, String>>()?;
    let who = match shooters.as_slice() {
        [one] => figure_who(state, *one),
        _ => unit_who(state, sel.unit),
    };
    let cover_words = if cover { ", in cover" } else { "" };
    let why = format!(
        "at {}, {inches}\" away{cover_words}",
        state.figure_name(target)
    );
    let what = if defensive {
        "Defensive fire"
    } else {
        "Shooting"
    };
    let mut card = cards::volley_card(who, what, why, FIRE, &pools);
    numbers::first_hit_ends_volley(rules, state, target, &mut card.odds);
    let shot = Shot {
        shooters: shooters.clone(),
        target,
        inches,
        cover,
    };
    let command = if defensive {
        Command::DefensiveFire(shot)
    } else {
        Command::Fire(shot)
    };
    Ok(ActionPlan {
        confirm: None,
        command,
        preview: Some(card),
    })
}
