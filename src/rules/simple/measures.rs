//! The measures of a roll's result that the cards' odds speak of, read from the events the
//! roll gave: the contract test checks every card's odds against them.

use super::event::Event;
use super::state::{State, Target};
use super::tables::Rules;
use crate::engine::ruleset::Measure;

/// `passed` (the last test), `acts` (an allied clan), `home` (the Home side), `first blank`
/// (the shuffled deck's first card), `village` (the terrain roll reaches it), `fast` (the river), `wind`,
/// `ninja won` (his first bout), `square` (an arrival), `killed` (figures and Daimyo
/// killed), `daimyo killed`, `hits` (on a structure), `ready` (a realigned gun) and `lit`.
pub fn measures(rules: &Rules, _before: &State, events: &[Event]) -> Vec<Measure> {
    let mut out = Vec::new();
    let mut killed = 0i64;
    let mut daimyo = 0;
    let mut ninja = None;
    for event in events {
        match event {
            Event::FormationTested { passed, .. } | Event::MoraleTested { passed, .. } => {
                out.push(("passed", i64::from(*passed)));
            }
            Event::AllyRolled { acts, .. } => out.push(("acts", i64::from(*acts))),
            Event::HomeRolled { home, .. } => {
                out.push(("home", home.map_or(-1, i64::from)));
            }
            Event::DeckShuffled { order, .. } => {
                let blank = order.first().is_some_and(|c| c % 2 == 0);
                out.push(("first blank", i64::from(blank)));
            }
            Event::TerrainRolled { count_face, .. } => {
                let village = *count_face >= rules.t.terrain.village_piece;
                out.push(("village", i64::from(village)));
            }
            Event::RiverRolled { flow, .. } => out.push(("fast", i64::from(flow == "fast"))),
            Event::WindRolled { wind, .. } => out.push(("wind", i64::from(wind != "no wind"))),
            Event::NinjaBout { won, .. } => {
                ninja.get_or_insert(i64::from(*won));
            }
            Event::Arrived { square, .. } => out.push(("square", i64::from(*square))),
            Event::Killed {
                target: Target::Unit(_),
                figures,
            } => killed += i64::from(*figures),
            Event::DaimyoKilled(_) => {
                killed += 1;
                daimyo = 1;
            }
            Event::FireEscape { killed: k, .. } | Event::RiverCrossed { drowned: k, .. } => {
                killed += i64::from(*k);
            }
            Event::Bombarded { hits, .. } => out.push(("hits", i64::from(*hits))),
            Event::Realigned { ready, .. } => out.push(("ready", i64::from(*ready))),
            Event::FireLit { lit, .. } => out.push(("lit", i64::from(*lit))),
            _ => {}
        }
    }
    if let Some(won) = ninja {
        out.push(("ninja won", won));
    }
    out.push(("killed", killed));
    out.push(("daimyo killed", daimyo));
    // The last reading of a measure is the result: a re-rolled tie, a later test.
    out.reverse();
    out
}
