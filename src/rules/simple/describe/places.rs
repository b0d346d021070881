//! Sentences for the events of places: captured guns, buildings, fires, the village.

use crate::rules::simple::describe::words::kindling;
use crate::rules::simple::event::Event;
use crate::rules::simple::state::State;

fn structure_name(state: &State, s: u8) -> String {
    state
        .structures
        .get(usize::from(s))
        .map_or_else(|| format!("structure {s}"), |x| x.name.clone())
}

fn side_name(state: &State, s: u8) -> String {
    state
        .sides
        .get(usize::from(s))
        .map_or_else(|| "the villagers".to_owned(), |x| x.name.clone())
}

/// The sentence and the units it names, for an event of places.
// One arm per event, so each sentence reads whole.
#[allow(clippy::too_many_lines)]
pub fn describe(state: &State, event: &Event) -> (String, Vec<String>) {
    let name = |u| state.unit_name(u);
    match event {
        Event::GunCaptured { gun, by } => (
            format!(
                "{}'s last artilleryman falls: {} captures the gun.",
                name(*gun),
                side_name(state, *by)
            ),
            vec![gun.id()],
        ),
        Event::GunCrewed {
            gun,
            crew,
            figures,
            side,
        } => (
            format!(
                "{figures} artillerymen of {} man the captured {}; it fires for {} now.",
                name(*crew),
                name(*gun),
                side_name(state, *side)
            ),
            vec![gun.id(), crew.id()],
        ),
        Event::Occupied { unit, structure } => (
            match structure {
                Some(s) => format!(
                    "{} takes post in {}.",
                    name(*unit),
                    structure_name(state, *s)
                ),
                None => format!("{} comes out of its post.", name(*unit)),
            },
            vec![unit.id()],
        ),
        Event::DoorTaken { structure, side } => (
            format!(
                "The door of {} is won: {} may go in.",
                structure_name(state, *structure),
                side_name(state, *side)
            ),
            vec![],
        ),
        Event::Ruined { structure } => (
            format!(
                "{} is ruined: everyone in or behind it is removed.",
                structure_name(state, *structure)
            ),
            vec![],
        ),
        Event::BlazeStarted(b) => (
            format!(
                "{} is on fire{}.",
                kindling(b.what),
                b.structure.map_or(String::new(), |s| format!(
                    " at {}",
                    structure_name(state, s)
                ))
            ),
            vec![],
        ),
        Event::FiresBurn {
            spread_inches,
            drifts,
            ..
        } => (
            format!(
                "The sequence ends: every fire spreads {}{}.",
                crate::engine::words::counted(*spread_inches, "inch"),
                if *drifts {
                    " and its smoke drifts with the wind"
                } else {
                    "; with no wind the smoke hangs over it"
                }
            ),
            vec![],
        ),
        Event::BurntOut { blaze, wall } => (
            match wall {
                Some(w) => format!(
                    "The cart has burnt {} down: that section is passable.",
                    structure_name(state, *w)
                ),
                None => format!(
                    "{} has burnt out.",
                    state
                        .blazes
                        .get(usize::from(*blaze))
                        .map_or("The fire", |b| kindling(b.what))
                ),
            },
            vec![],
        ),
        Event::Engulfed(s) => (
            format!(
                "{} is wholly ablaze: anyone still inside dies; its smoke stops in 3 sequences.",
                structure_name(state, *s)
            ),
            vec![],
        ),
        Event::VillagersPlaced { figures, .. } => (
            format!(
                "The village holds {figures} peasants: they attack any unit that comes in and never leave it."
            ),
            vec![],
        ),
        _ => (String::new(), Vec::new()),
    }
}
