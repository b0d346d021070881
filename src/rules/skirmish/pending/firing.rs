//! The firing section's cards: each unit with a ready shooter and someone to shoot at is
//! reminded that it could shoot. The card assumes nothing: who shoots, the target, the
//! distance measured and cover are the Shoot form's to ask, so no range or ground is
//! journalled that the umpire did not give.

use super::cards;
use crate::engine::check::Check;
use crate::rules::skirmish::actions::fire_targets;
use crate::rules::skirmish::command::Command;
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

/// The units a unit is in melee with, by name.
fn in_melee_with(state: &State, u: UnitRef) -> Vec<String> {
    state
        .units_of(1 - u.side())
        .into_iter()
        .filter(|&e| state.engaged(u, e))
        .map(|e| state.unit_name(e))
        .collect()
}

/// A card per unit that could shoot now: its ready shooters, each weapon's ranges from the
/// table, and (when it is in melee) that the ruling in force lets it shoot. Offered, with no
/// answer of its own: the unit's Shoot form asks the rest.
pub(super) fn cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for u in state.all_units() {
        if numbers::melee_bars_fire(rules, state, u)
            || fire_targets(rules, state, u, false).is_empty()
        {
            continue;
        }
        let groups = by_weapon(rules, state, u);
        if groups.is_empty() {
            continue;
        }
        let ready: Vec<String> = groups
            .iter()
            .map(|(w, figs)| format!("{} {}", figs.len(), w.name()))
            .collect();
        let mut card = cards::step(
            cards::unit_who(state, u),
            "Could shoot",
            format!(
                "{} ready: select {} and use its Shoot form, which asks who shoots, the target, the distance and cover",
                ready.join(", "),
                state.unit_name(u)
            ),
            FIRE,
            Vec::new(),
        );
        card.notes = groups
            .iter()
            .map(|(w, _)| {
                format!(
                    "{}: {} (reference: ranges_inches)",
                    w.name(),
                    numbers::range_words(rules, *w)
                )
            })
            .collect();
        let foes = in_melee_with(state, u);
        if !foes.is_empty() {
            card.notes.push(format!(
                "In melee with {}: it may still shoot (ruling fire_and_melee; the umpire may rule that units in melee do not).",
                foes.join(", ")
            ));
        }
        out.push(card);
    }
    out
}
