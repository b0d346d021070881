//! Set-up helpers: terrain, ambush, river, wind, fire, structures.

use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::event::Event;
use crate::rules::simple::order::STRUCTURES;
use crate::rules::simple::roster::{Troop, Weapon};
use crate::rules::simple::state::{Phase, State, Structure, StructureKind, UnitRef};

/// The Rivers section.
const RIVERS: &str = "simple: Rivers";

pub(super) fn terrain(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Setup || !ctx.state().terrain.is_empty() {
        return Err(illegal("terrain is rolled once, before the battle"));
    }
    let t = &ctx.rules().t.terrain;
    let (die, squares) = (t.pieces_die, t.squares);
    if ctx.state().home.is_none() {
        return Err(illegal(
            "the Home Daimyo rolls for terrain: roll for Home first",
        ));
    }
    let count_face = ctx.roll(die)?;
    let squares = ctx.roll_n(count_face, squares)?;
    ctx.emit(Event::TerrainRolled {
        count_face,
        squares,
    })?;
    super::places::villagers(ctx, count_face)
}

pub(super) fn ambush(ctx: &mut Ctx<'_>, u: UnitRef, square: u32) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Setup {
        return Err(illegal("the ambush is set before the battle"));
    }
    let home = ctx
        .state()
        .home
        .ok_or_else(|| illegal("roll for the Home Daimyo first"))?;
    let x = ctx.unit(u)?;
    if u.side() != usize::from(home) {
        return Err(illegal("only the Home Daimyo sets an ambush"));
    }
    if x.spec.troop == Troop::SamuraiGuard {
        return Err(illegal("the guard unit cannot lie in ambush"));
    }
    let max = ctx.rules().t.terrain.ambush_squares;
    if !(1..=max).contains(&square) {
        return Err(illegal(format!("the ambush square is 1 to {max}")));
    }
    if ctx.state().ambush.is_some() {
        return Err(illegal("one unit lies in ambush at most"));
    }
    ctx.emit(Event::AmbushSet { unit: u, square })
}

pub(super) fn river(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if !crate::rules::simple::describe::words::river_placed(&ctx.state().terrain) {
        return Err(illegal(
            "no river was placed: the terrain roll did not reach it",
        ));
    }
    let r = &ctx.rules().t.river;
    let (fast, steady) = (r.fast_up_to, r.steady_up_to);
    let face = ctx.roll(r.die)?;
    let flow = if face <= fast {
        "fast"
    } else if face <= steady {
        "steady"
    } else {
        "slow"
    };
    ctx.emit(Event::RiverRolled {
        face,
        flow: flow.to_owned(),
    })
}

/// Whether a unit may roll for drowning now (ruling `crossing_rivers`): a foot or cavalry unit
/// of the acting side that has moved this turn and not yet rolled, across a river that may be
/// waded (steady or slow: a fast one is crossed only at fords and bridges).
pub fn may_wade(state: &State, u: UnitRef) -> bool {
    state.phase == Phase::Turn
        && matches!(state.river.as_deref(), Some("steady" | "slow"))
        && state.owner(u) == usize::from(state.acting)
        && state.unit(u).is_some_and(|x| {
            x.present()
                && x.moved
                && !x.waded
                && !matches!(x.spec.weapon, Weapon::Wagon | Weapon::Gun)
        })
}

/// A unit that moved into or across a river without bridge or ford rolls 1d6 a figure.
pub(super) fn cross_river(ctx: &mut Ctx<'_>, u: UnitRef) -> Result<(), CommandError> {
    let x = ctx.acting_unit(u)?;
    if matches!(x.spec.weapon, Weapon::Wagon | Weapon::Gun) {
        return Err(refuse(
            "a river is hard cover: wagons and guns cross only at bridges and fords",
            RIVERS,
        ));
    }
    if !x.moved || x.waded {
        return Err(refuse(
            format!(
                "{} rolls once a turn, after the move that took it into or across the river",
                x.spec.name
            ),
            RIVERS,
        ));
    }
    let r = &ctx.rules().t.river;
    let drown = match (
        ctx.state().river.as_deref(),
        ctx.unit(u)?.spec.troop.mounted(),
    ) {
        (Some("steady"), false) => r.steady_foot_drown_up_to,
        (Some("steady"), true) => r.steady_cavalry_drown_up_to,
        (Some("slow"), false) => r.slow_foot_drown_up_to,
        (Some("slow"), true) => r.slow_cavalry_drown_up_to,
        (Some(_), _) => return Err(illegal("a fast river is crossed only at fords and bridges")),
        (None, _) => return Err(illegal("roll the river's flow first")),
    };
    let die = r.die;
    let faces = ctx.roll_n(ctx.unit(u)?.alive, die)?;
    let drowned = faces.iter().filter(|&&f| f <= drown).count() as u32;
    ctx.emit(Event::RiverCrossed {
        unit: u,
        faces,
        drowned,
    })
}

pub(super) fn wind(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let s = &ctx.rules().t.smoke;
    let (up_to, dir) = (s.wind_up_to, s.direction_die);
    let mut faces = vec![ctx.roll(s.die)?];
    let wind = if faces[0] <= up_to {
        let d = ctx.roll(dir)?;
        faces.push(d);
        match d {
            1 => "smoke drifts north",
            2 => "smoke drifts south",
            3 => "smoke drifts west",
            _ => "smoke drifts east",
        }
        .to_owned()
    } else {
        "no wind".to_owned()
    };
    ctx.emit(Event::WindRolled { faces, wind })
}

pub(super) fn add_structure(
    ctx: &mut Ctx<'_>,
    name: &str,
    kind: StructureKind,
    sections: u32,
) -> Result<(), CommandError> {
    let s = &ctx.rules().t.structures;
    let most = ctx.rules().t.terrain.board_width_cm / s.section_cm.max(1);
    if kind.bridge() && !(1..=most).contains(&sections) {
        return Err(refuse(
            format!(
                "a bridge is 1 to {most} sections of {} cm long",
                s.section_cm
            ),
            STRUCTURES,
        ));
    }
    if !kind.bridge() && sections != 1 {
        return Err(refuse(
            format!(
                "a building, or {} cm of wall or fieldworks, is recorded one at a time",
                s.section_cm
            ),
            STRUCTURES,
        ));
    }
    let hits = match kind {
        StructureKind::StoneBuilding => s.stone_building,
        StructureKind::WoodenBuilding => s.wooden_building,
        StructureKind::StoneWall => s.stone_linear_per_15cm,
        StructureKind::WoodenBarricade | StructureKind::Fence => s.wooden_linear_per_15cm,
        StructureKind::Fieldworks => s.fieldworks_per_15cm,
        // Ruling bridges: the hits of a linear object of its material for each 15 cm.
        StructureKind::StoneBridge => s.stone_linear_per_15cm * sections,
        StructureKind::WoodenBridge => s.wooden_linear_per_15cm * sections,
    };
    if kind.bridge() && crate::rules::simple::numbers::ruined_at(ctx.rules(), kind, hits) {
        return Err(refuse(
            format!(
                "a {} of {} has {hits} hits: unusable from the start (4 or less); give its whole length",
                kind.words(),
                crate::engine::words::counted(sections, "section")
            ),
            STRUCTURES,
        ));
    }
    // Structures are numbered by a byte in commands and events.
    if ctx.state().structures.len() > usize::from(u8::MAX) {
        return Err(illegal("too many structures"));
    }
    ctx.emit(Event::StructureAdded(Structure {
        name: name.to_owned(),
        kind,
        hits,
        start_hits: hits,
        door_taken_by: None,
        ruined: false,
    }))
}
