//! What each card's odds measure in the events its roll gives: the contract test reads these
//! to check every card's odds against its own roll.

use super::event::Event;
use super::state::State;
use super::tables::Rules;
use crate::engine::ruleset::Measure;

/// The measures of a roll's result the cards' odds speak of, read from its events: `passed`
/// (the last test), `first` (the side that takes the first round), `actions`, `hits` (dice
/// that hit in a volley), `stands lost`, `melee` (the sign of the charger's hits less the
/// target's), `injured`, and `spirit` (the first-Bushi roll's change).
pub fn measures(_rules: &Rules, _before: &State, events: &[Event]) -> Vec<Measure> {
    let mut measures = Vec::new();
    let mut stands = 0;
    for event in events {
        match event {
            Event::Tested { passed, .. } => measures.push(("passed", i64::from(*passed))),
            Event::Initiative {
                first: Some(side), ..
            } => measures.push(("first", i64::try_from(*side).unwrap_or(-1))),
            Event::ActionsRolled { actions, .. } => {
                measures.push(("actions", i64::from(*actions)));
            }
            Event::Fired { hits, .. } => measures.push(("hits", i64::from(*hits))),
            Event::Casualties { stands_lost, .. } => stands += i64::from(*stands_lost),
            Event::Melee([charger, target]) => {
                let margin = i64::from(charger.hits) - i64::from(target.hits);
                measures.push(("melee", margin.signum()));
            }
            Event::InjuryRolled { injured, .. } => {
                measures.push(("injured", i64::from(*injured)));
            }
            Event::SpiritRolled { change, .. } => measures.push(("spirit", *change)),
            _ => {}
        }
    }
    measures.push(("stands lost", stands));
    // The last reading of a measure is the result: a re-rolled tie, a later test.
    measures.reverse();
    measures
}
