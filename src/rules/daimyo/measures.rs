//! The measures of a roll's result that the cards' odds speak of, read from the roll's own
//! events.

use super::event::Event;
use super::state::State;
use super::tables::Rules;
use crate::engine::ruleset::Measure;

/// The measure an obedience test sets: 1 when the unit may move.
pub const PASSED: &str = "passed";
/// The measure a duel sets: 1 when the challenger won.
pub const CHALLENGER_WON: &str = "challenger won";
/// The measure a rout or pursuit move sets: the score of its dice.
pub const SCORE: &str = "score";

/// The measures of a roll's result, read from its events: `passed` (an obedience test),
/// `challenger won` (a duel), `score` (a diced move).
pub fn measures(_rules: &Rules, _before: &State, events: &[Event]) -> Vec<Measure> {
    let mut out = Vec::new();
    for event in events {
        match event {
            Event::Obedience { passed, .. } => out.push((PASSED, i64::from(*passed))),
            Event::Duel {
                challenger, winner, ..
            } => out.push((CHALLENGER_WON, i64::from(winner == challenger))),
            Event::RoutMoved { faces, .. } | Event::PursuitMoved { faces, .. } => {
                out.push((SCORE, faces.iter().map(|f| i64::from(*f)).sum()));
            }
            _ => {}
        }
    }
    // The last reading of a measure is the result.
    out.reverse();
    out
}
