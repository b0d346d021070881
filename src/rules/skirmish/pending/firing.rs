//! The firing section's cards: each unit's volley at the greatest enemy, in each range band.

use super::cards::{self, answer};
use crate::engine::check::Check;
use crate::rules::skirmish::command::{Command, Shot};
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::order::cite::FIRE;
use crate::rules::skirmish::roster::Weapon;
use crate::rules::skirmish::state::{FigureRef, State, UnitRef};
use crate::rules::skirmish::tables::Rules;

/// Shooters of a unit that can shoot now.
fn ready_in(rules: &Rules, state: &State, u: UnitRef) -> Vec<FigureRef> {
    state
        .fighting(u)
        .into_iter()
        .filter(|&f| numbers::ready(rules, state, f))
        .collect()
}

/// The greatest enemy figure still fighting in a unit: the default target.
fn greatest(state: &State, u: UnitRef) -> Option<FigureRef> {
    state.fighting(u).into_iter().next()
}

/// The ready shooters of a unit, grouped by weapon (roster order).
pub(super) fn by_weapon(rules: &Rules, state: &State, u: UnitRef) -> Vec<(Weapon, Vec<FigureRef>)> {
    let mut groups: Vec<(Weapon, Vec<FigureRef>)> = Vec::new();
    for f in ready_in(rules, state, u) {
        let Some(w) = state.figure(f).map(|x| x.spec.weapon) else {
            continue;
        };
        match groups.iter_mut().find(|(g, _)| *g == w) {
            Some((_, figs)) => figs.push(f),
            None => groups.push((w, vec![f])),
        }
    }
    groups
}

/// A volley card: every ready shooter of one weapon in a unit at the target, at the far edge of
/// one range band of that weapon (from the table), in the open. Its odds are those of the
/// whole volley its button fires.
fn volley_card(
    rules: &Rules,
    state: &State,
    weapon: Weapon,
    shooters: Vec<FigureRef>,
    target: FigureRef,
    band: numbers::Band,
) -> Option<Check<Command>> {
    let first = *shooters.first()?;
    let (close, long) = numbers::ranges(rules, weapon)?;
    let (inches, words) = match band {
        numbers::Band::Close => (close, format!("close range (0-{close}\")")),
        numbers::Band::Long if long > close => {
            (long, format!("long range ({}-{long}\")", close + 1))
        }
        numbers::Band::Long => return None,
    };
    let inches = u32::try_from(inches).ok()?;
    let pools: Vec<(String, numbers::Pool)> = shooters
        .iter()
        .map(|&s| {
            let name = format!("{} ({})", state.figure_name(s), weapon.name());
            (name, numbers::fire(rules, state, s, target, inches, false))
        })
        .collect();
    let who = match shooters.as_slice() {
        [one] => cards::figure_who(state, *one),
        _ => cards::unit_who(state, first.unit()),
    };
    let tname = state.figure_name(target);
    let why = format!(
        "{} has {} {} ready; {tname} within {words}, in the open",
        state.unit_name(first.unit()),
        shooters.len(),
        weapon.name()
    );
    let what = format!("Shooting at {}", words.split(' ').next().unwrap_or("close"));
    let mut card = cards::volley_card(who, &what, why, FIRE, &pools);
    numbers::first_hit_ends_volley(rules, state, target, &mut card.odds);
    card.notes.push(format!(
        "{}: {} (reference: ranges_inches). The Shoot form takes the measured distance, \
         cover and who shoots.",
        weapon.name(),
        numbers::range_words(rules, weapon)
    ));
    let label = match shooters.as_slice() {
        [_] => format!("Shoot at {tname} ({words})"),
        _ => format!("All {} shoot at {tname} ({words})", shooters.len()),
    };
    let shot = Shot {
        shooters,
        target,
        inches,
        cover: false,
    };
    card.answers = vec![answer(&label, Command::Fire(shot), true)];
    Some(card)
}

/// A volley card per unit, weapon and range band, at the greatest enemy figure.
pub(super) fn cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for u in state.all_units() {
        if numbers::melee_bars_fire(rules, state, u) {
            continue;
        }
        let Some(target) = state
            .units_of(1 - u.side())
            .into_iter()
            .find(|&e| !state.fighting(e).is_empty() && !numbers::melee_bars_fire(rules, state, e))
            .and_then(|e| greatest(state, e))
        else {
            continue;
        };
        for (weapon, shooters) in by_weapon(rules, state, u) {
            for band in [numbers::Band::Close, numbers::Band::Long] {
                out.extend(volley_card(
                    rules,
                    state,
                    weapon,
                    shooters.clone(),
                    target,
                    band,
                ));
            }
        }
    }
    out
}
