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

/// Whether a figure has fought a bout this turn (one melee section a turn).
pub fn has_fought(state: &State, f: FigureRef) -> bool {
    state.bouts.iter().any(|(x, y)| *x == f || *y == f)
}

/// Figures in melee that still owe their bout this section: every figure still fighting in a
/// unit in melee with an enemy that has someone left to fight (ruling `figures_in_contact`).
pub fn owing_bouts(state: &State) -> Vec<FigureRef> {
    let mut out = Vec::new();
    for &(a, b) in &state.engagements {
        if state.fighting(a).is_empty() || state.fighting(b).is_empty() {
            continue;
        }
        for f in state.fighting(a).into_iter().chain(state.fighting(b)) {
            if !has_fought(state, f) && !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
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
            .filter(|&f| !has_fought(state, f))
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
