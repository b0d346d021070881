//! What each card's odds measure in the roll's own events: the contract test reads these to
//! check every card's odds against what its roll gives.

use super::event::{Event, MoraleResult};
use super::state::State;
use super::tables::Rules;
use crate::engine::ruleset::Measure;

/// The measures of a roll's result the cards' odds speak of, read from its events:
/// `precedence` (the winning side, -1 on a tie), `hits` (dice that hit in a volley), `a lands`
/// and `b lands` (hits each figure of a bout lands after parries), `dead` (figures killed)
/// and `morale` (0 rout, 1 hold, 2 carry on).
pub fn measures(_rules: &Rules, _before: &State, events: &[Event]) -> Vec<Measure> {
    let mut out = Vec::new();
    let (mut hits, mut dead) = (0, 0);
    for event in events {
        match event {
            Event::Precedence { winner, .. } => out.push((
                "precedence",
                winner.map_or(-1, |w| i64::try_from(w).unwrap_or(-1)),
            )),
            Event::Shot { hits: h, .. } => hits += i64::from(*h),
            Event::Bout([a, b]) => {
                out.push(("a lands", i64::from(a.landed)));
                out.push(("b lands", i64::from(b.landed)));
            }
            Event::Died { .. } => dead += 1,
            Event::MoraleRolled { result, .. } => out.push((
                "morale",
                match result {
                    MoraleResult::Rout => 0,
                    MoraleResult::Hold => 1,
                    MoraleResult::CarryOn => 2,
                },
            )),
            _ => {}
        }
    }
    out.push(("hits", hits));
    out.push(("dead", dead));
    out
}
