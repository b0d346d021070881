//! The melee section's cards: the bouts figures in contact must fight, paired as suggested
//! (the greatest opponents first).

use super::cards::bout_card;
use crate::engine::check::Check;
use crate::rules::skirmish::command::Command;
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::state::{FigureRef, State, UnitRef, pair};
use crate::rules::skirmish::tables::Rules;

/// A required card for each suggested bout of every melee.
pub(super) fn cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for &(a, b) in &state.engagements {
        let pairs = suggest(rules, state, a, b);
        for (x, y) in pairs {
            let mut card = bout_card(rules, state, x, y, [false, false]);
            card.why = format!(
                "{} and {} are in melee: every figure fights its bout; pairing suggested, \
                 greatest opponents first (the melee form fights any other)",
                state.unit_name(a),
                state.unit_name(b)
            );
            card.required = true;
            out.push(card);
        }
    }
    out
}

/// How great a figure is: leaders first, then by number of dice.
fn greatness(rules: &Rules, state: &State, f: FigureRef) -> (bool, i64) {
    state.figure(f).map_or((false, 0), |x| {
        (x.spec.leader, numbers::troop_dice(rules, x.spec.troop))
    })
}

/// The bouts suggested between two engaged units (ruling `greatest_opponent`), `a`'s figure
/// first in each pair: figures that have not fought yet pair off, greatest first; those left
/// over double up on the greatest enemies. Once every figure has fought, nothing is suggested.
pub fn suggest(
    rules: &Rules,
    state: &State,
    a: UnitRef,
    b: UnitRef,
) -> Vec<(FigureRef, FigureRef)> {
    let ranked = |u: UnitRef| {
        let mut figs = state.fighting(u);
        // Stable sort: the roster order breaks ties.
        figs.sort_by_key(|&f| std::cmp::Reverse(greatness(rules, state, f)));
        figs
    };
    let (all_x, all_y) = (ranked(a), ranked(b));
    if all_x.is_empty() || all_y.is_empty() {
        return Vec::new();
    }
    let unfought = |figs: &[FigureRef]| -> Vec<FigureRef> {
        figs.iter()
            .copied()
            .filter(|&f| !state.has_fought(f))
            .collect()
    };
    let (xs, ys) = (unfought(&all_x), unfought(&all_y));
    let mut pairs: Vec<(FigureRef, FigureRef)> =
        xs.iter().zip(&ys).map(|(x, y)| (*x, *y)).collect();
    let n = pairs.len();
    // Spare figures double up on the greatest enemies, in turn: those paired just now, or,
    // when every enemy has fought already, any of them.
    let (gx, gy) = if n > 0 {
        (&xs[..n], &ys[..n])
    } else {
        (&all_x[..], &all_y[..])
    };
    for (i, x) in xs.iter().enumerate().skip(n) {
        pairs.push((*x, gy[(i - n) % gy.len()]));
    }
    for (i, y) in ys.iter().enumerate().skip(n) {
        pairs.push((gx[(i - n) % gx.len()], *y));
    }
    pairs.retain(|(x, y)| !state.bouts.contains(&pair(*x, *y)));
    pairs
}
