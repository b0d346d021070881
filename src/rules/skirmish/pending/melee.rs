//! The melee section's cards: the bouts figures in contact must fight, paired as suggested
//! (the greatest opponents first).

use super::cards::bout_card;
use crate::engine::check::{Answer, Check};
use crate::rules::skirmish::command::Command;
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::state::{FigureRef, State, UnitRef, pair};
use crate::rules::skirmish::tables::Rules;

/// A required card for each suggested bout of every melee. Whether either figure defends an
/// obstacle is the table's to say, and the card asks it before the roll (Melee section: the
/// defender of an obstacle takes a die from his opponent).
pub(super) fn cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for &(a, b) in &state.engagements {
        let pairs = suggest(rules, state, a, b);
        for (x, y) in pairs {
            let said = state.obstacles_said(x, y);
            let mut card = bout_card(rules, state, x, y, said.unwrap_or([false, false]));
            card.why = format!(
                "{} and {} are in melee: every figure fights its bout; pairing suggested, \
                 greatest opponents first (the melee form fights any other)",
                state.unit_name(a),
                state.unit_name(b)
            );
            card.required = true;
            let others = obstacle_answers(state, x, y, said);
            if said.is_none() {
                // Nothing rolls until the umpire has said: the dice depend on it.
                card.target = "first say whether either figure defends an obstacle: it takes a \
                               die from the other"
                    .into();
                card.notes = OBSTACLES
                    .iter()
                    .map(|o| {
                        let (pa, pb) = (
                            numbers::melee(rules, state, x, y, o[1]),
                            numbers::melee(rules, state, y, x, o[0]),
                        );
                        format!(
                            "{}: {} {}, {} {}",
                            obstacle_words(state, x, y, *o),
                            state.figure_name(x),
                            pa.words(),
                            state.figure_name(y),
                            pb.words()
                        )
                    })
                    .collect();
                card.roll = None;
                card.odds.clear();
                card.modifiers.clear();
                card.answers = others;
            } else {
                card.answers.extend(others);
            }
            out.push(card);
        }
    }
    out
}

/// What may be said of a bout's obstacles: neither, the first, the second, or both defend one.
const OBSTACLES: [[bool; 2]; 4] = [[false, false], [true, false], [false, true], [true, true]];

/// The words of what was said of a bout's obstacles.
fn obstacle_words(state: &State, a: FigureRef, b: FigureRef, o: [bool; 2]) -> String {
    match o {
        [false, false] => "Neither defends an obstacle".into(),
        [true, false] => format!("{} defends an obstacle", state.figure_name(a)),
        [false, true] => format!("{} defends an obstacle", state.figure_name(b)),
        [true, true] => "Both defend an obstacle".into(),
    }
}

/// The card's decisions saying which figure defends an obstacle, but the one said already.
fn obstacle_answers(
    state: &State,
    a: FigureRef,
    b: FigureRef,
    said: Option<[bool; 2]>,
) -> Vec<Answer<Command>> {
    OBSTACLES
        .into_iter()
        .filter(|o| Some(*o) != said)
        .map(|obstacle| {
            Answer::decision(
                obstacle_words(state, a, b, obstacle),
                Command::BoutObstacles { a, b, obstacle },
            )
        })
        .collect()
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
