//! The suggested pairing of figures in a melee: the greatest opponents first.

use super::state::{FigureRef, State, UnitRef, pair};
use super::tables::Rules;

/// How great a figure is: leaders first, then by number of dice.
fn greatness(rules: &Rules, state: &State, f: FigureRef) -> (bool, i64) {
    state.figure(f).map_or((false, 0), |x| {
        (
            x.spec.leader,
            super::numbers::troop_dice(rules, x.spec.troop),
        )
    })
}

/// The bouts suggested between two engaged units (ruling `greatest_opponent`), `a`'s figure
/// first in each pair; pairs that fought this turn are left out.
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
    let (xs, ys) = (ranked(a), ranked(b));
    if xs.is_empty() || ys.is_empty() {
        return Vec::new();
    }
    let mut pairs: Vec<(FigureRef, FigureRef)> =
        xs.iter().zip(&ys).map(|(x, y)| (*x, *y)).collect();
    // Spare figures double up on the greatest enemies, in turn.
    let n = pairs.len();
    for (i, x) in xs.iter().enumerate().skip(n) {
        pairs.push((*x, ys[(i - n) % n]));
    }
    for (i, y) in ys.iter().enumerate().skip(n) {
        pairs.push((xs[(i - n) % n], *y));
    }
    pairs.retain(|(x, y)| !state.bouts.contains(&pair(*x, *y)));
    pairs
}
