//! Applying the events of places: captured guns, buildings and their doors, fires, the
//! village. Kept apart from `apply.rs` so each file reads whole.

use crate::rules::simple::event::Event;
use crate::rules::simple::roster::{Troop, Weapon};
use crate::rules::simple::state::{GroupState, NOBODY, State, UnitRef, UnitState, arriving_unit};

fn unit(state: &mut State, u: UnitRef) -> Result<&mut UnitState, String> {
    state
        .unit_mut(u)
        .ok_or_else(|| format!("no unit {}", u.id()))
}

/// Applies one event of places.
///
/// # Errors
/// A reference to something the battle does not have.
pub fn apply(state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::GunCaptured { gun, by } => {
            let x = unit(state, *gun)?;
            x.captured_by = Some(*by);
            x.held_by = None;
        }
        Event::GunCrewed {
            gun,
            crew,
            figures,
            side,
        } => {
            let c = unit(state, *crew)?;
            c.alive = c.alive.saturating_sub(*figures);
            // A crew gone whole to the captured gun has left its own post.
            c.gone |= c.alive == 0;
            let x = unit(state, *gun)?;
            x.alive = *figures;
            x.held_by = Some(*side);
            x.captured_by = None;
            x.aim = None;
        }
        Event::Occupied { unit: u, structure } => unit(state, *u)?.structure = *structure,
        Event::DoorTaken { structure, side } => {
            structure_mut(state, *structure)?.door_taken_by = Some(*side);
        }
        Event::BlazeStarted(b) => state.blazes.push(b.clone()),
        Event::FiresBurn {
            spread_inches,
            smoke_cm_per_inch,
            smoke_stops_after,
            drifts,
        } => {
            for b in state.blazes.iter_mut().filter(|b| !b.out) {
                b.sequences += 1;
                b.spread_inches += spread_inches;
                let stopped = b
                    .engulfed_since
                    .is_some_and(|e| b.sequences.saturating_sub(e) >= *smoke_stops_after);
                b.smoke_cm = if stopped || !drifts {
                    0
                } else {
                    b.spread_inches * smoke_cm_per_inch
                };
            }
        }
        Event::BurntOut { blaze, wall } => {
            let b = state
                .blazes
                .get_mut(usize::from(*blaze))
                .ok_or("no such fire")?;
            b.out = true;
            b.smoke_cm = 0;
            if let Some(w) = wall {
                structure_mut(state, *w)?.hits = 0;
            }
        }
        Event::Engulfed(s) => {
            for b in state
                .blazes
                .iter_mut()
                .filter(|b| b.structure == Some(*s) && !b.out)
            {
                b.engulfed_since.get_or_insert(b.sequences);
            }
        }
        Event::VillagersPlaced { side, figures } => {
            let s = state.sides.get_mut(usize::from(*side)).ok_or("no side")?;
            s.groups.push(GroupState {
                name: "The village".into(),
                koku: None,
                owner: NOBODY,
                daimyo: None,
                units: vec![arriving_unit(
                    "Village peasants",
                    Troop::Peasant,
                    Weapon::Sword,
                    *figures,
                )],
                acting: false,
                village: true,
            });
        }
        // Its figures leave by their own events.
        Event::Ruined { structure } => structure_mut(state, *structure)?.ruined = true,
        _ => {}
    }
    Ok(())
}

fn structure_mut(
    state: &mut State,
    s: u8,
) -> Result<&mut crate::rules::simple::state::Structure, String> {
    state
        .structures
        .get_mut(usize::from(s))
        .ok_or_else(|| "no such structure".to_owned())
}
