//! Places on the table: buildings and their doors, ruined structures, captured guns,
//! fire and its smoke, the village and its peasants.

use super::melee::{clear_dues, fight};
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{Attacker, Facing, Fighter, Kindling, MeleeOrder};
use crate::rules::simple::event::Event;
use crate::rules::simple::numbers;
use crate::rules::simple::order::{FIRE, STRUCTURES};
use crate::rules::simple::roster::Weapon;
use crate::rules::simple::state::{
    Blaze, Cover, Due, NOBODY, State, Structure, Target, UnitRef, UnitState,
};

fn structure<'a>(ctx: &'a Ctx<'_>, s: u8) -> Result<&'a Structure, CommandError> {
    ctx.state()
        .structures
        .get(usize::from(s))
        .ok_or_else(|| illegal("there is no such structure"))
}

/// Figures of units other than `except` inside a building, and whether any is an enemy of `side`.
fn inside(state: &State, s: u8, except: UnitRef, side: usize) -> (u32, bool) {
    let mut figures = 0;
    let mut enemy = false;
    for u in state.units_in(s) {
        if u == except {
            continue;
        }
        figures += state.unit(u).map_or(0, |x| x.alive);
        enemy |= state.owner(u) != side;
    }
    (figures, enemy)
}

/// A unit goes into a building or fieldworks, behind a wall, or out again.
pub(super) fn occupy(ctx: &mut Ctx<'_>, u: UnitRef, to: Option<u8>) -> Result<(), CommandError> {
    let x = ctx.acting_unit(u)?;
    let (alive, from) = (x.alive, x.structure);
    if from == to {
        return Err(illegal("the unit is already there"));
    }
    let side = ctx.state().owner(u);
    let building = |ctx: &Ctx<'_>, s: Option<u8>| {
        s.and_then(|s| ctx.state().structures.get(usize::from(s)))
            .is_some_and(|st| st.kind.building())
    };
    if let Some(s) = to {
        let st = structure(ctx, s)?;
        if !st.standing() {
            return Err(refuse(
                format!(
                    "{} is brought down: unusable at 4 hits or less (a wall at 0)",
                    st.name
                ),
                STRUCTURES,
            ));
        }
        if st.kind.building() {
            let cap = ctx.rules().t.army.building_capacity;
            let (held, enemy) = inside(ctx.state(), s, u, side);
            if enemy && st.door_taken_by != Some(side as u8) {
                return Err(illegal(
                    "the enemy holds the building: kill a figure defending its door first",
                ));
            }
            if held + alive > cap {
                return Err(illegal(format!(
                    "a building holds {cap} figures: {held} are in it and this unit has {alive}"
                )));
            }
        }
    }
    // Going into or out of a building is a move, with its Formation Fail.
    if building(ctx, to) || building(ctx, from) {
        super::sequence::move_unit(
            ctx,
            u,
            crate::rules::simple::command::MoveKind::Building,
            None,
            None,
        )?;
    }
    ctx.emit(Event::Occupied {
        unit: u,
        structure: to,
    })
}

/// A structure reduced far enough: everyone in or behind it is removed.
pub(super) fn ruin(ctx: &mut Ctx<'_>, s: u8) -> Result<(), CommandError> {
    ctx.emit(Event::Ruined { structure: s })?;
    for u in ctx.state().units_in(s) {
        clear_dues(ctx, u)?;
        ctx.emit(Event::LeftField {
            unit: u,
            why: "caught in a ruined structure".into(),
        })?;
    }
    Ok(())
}

/// The captors' artillerymen man a captured gun.
pub(super) fn crew_gun(ctx: &mut Ctx<'_>, gun: UnitRef, crew: UnitRef) -> Result<(), CommandError> {
    let side = ctx.state().owner(crew);
    let c = ctx.acting_unit(crew)?;
    if c.spec.weapon != Weapon::Gun {
        return Err(illegal("only artillerymen can fire a captured gun"));
    }
    let figures = c.alive.min(ctx.rules().t.artillery.crew);
    let g = ctx.unit(gun)?;
    if g.spec.weapon != Weapon::Gun || g.captured_by != Some(side as u8) {
        return Err(illegal(
            "that is not a gun your side captured (killed artillerymen are never replaced)",
        ));
    }
    // A crew that goes whole to the captured gun leaves its own post (and the table) with it.
    ctx.emit(Event::GunCrewed {
        gun,
        crew,
        figures,
        side: side as u8,
    })
}

/// Refuses a kindling the text does not allow: a building is fired by a Samurai unit, at a
/// building not already burning; a haystack stands on its own; a cart may be pushed against
/// a building or wall (ruling `who_sets_buildings_alight`).
fn check_kindling(
    ctx: &Ctx<'_>,
    what: Kindling,
    at: Option<u8>,
    by: Option<UnitRef>,
) -> Result<(), CommandError> {
    let building = matches!(what, Kindling::Building | Kindling::BuildingWhileBurning);
    if let Some(s) = at {
        let kind = structure(ctx, s)?.kind;
        if building && !kind.building() {
            return Err(illegal("that structure is not a building"));
        }
        if what == Kindling::Haystack {
            return Err(illegal("a haystack stands on its own"));
        }
        if ctx.state().burning(s) {
            return Err(illegal("it is already on fire"));
        }
    } else if building {
        return Err(illegal("name the building to be set alight"));
    }
    if what == Kindling::BuildingWhileBurning && !anything_burning(ctx.state()) {
        return Err(illegal("nothing is on fire yet: it needs 5 or 6"));
    }
    match by {
        Some(u) => {
            let x = ctx.acting_unit(u)?;
            if building && !numbers::is_samurai(x.spec.troop) {
                return Err(refuse("only Samurai set buildings alight", FIRE));
            }
        }
        None if building => return Err(refuse("only Samurai set buildings alight", FIRE)),
        None => {}
    }
    Ok(())
}

/// Whether anything burns now (a cart or haystack too).
fn anything_burning(state: &State) -> bool {
    state.blazes.iter().any(|b| !b.out)
}

/// Tries to set something alight; a cart against a building sets the building burning too.
/// Once anything burns a building catches on 3 or more, whatever the table declared: the
/// engine knows what burns.
pub(super) fn set_alight(
    ctx: &mut Ctx<'_>,
    what: Kindling,
    at: Option<u8>,
    by: Option<UnitRef>,
) -> Result<(), CommandError> {
    check_kindling(ctx, what, at, by)?;
    let what = match what {
        Kindling::Building if anything_burning(ctx.state()) => Kindling::BuildingWhileBurning,
        other => other,
    };
    let on = numbers::alight_on(ctx.rules(), what);
    let face = ctx.roll(ctx.rules().t.burning.die)?;
    let lit = face >= on;
    ctx.emit(Event::FireLit { what, face, lit })?;
    if !lit {
        return Ok(());
    }
    // What burns is the building, however it was lit.
    let what = match what {
        Kindling::BuildingWhileBurning => Kindling::Building,
        other => other,
    };
    let blaze = |what, structure| Blaze {
        what,
        structure,
        sequences: 0,
        spread_inches: 0,
        engulfed_since: None,
        smoke_cm: 0,
        out: false,
    };
    ctx.emit(Event::BlazeStarted(blaze(what, at)))?;
    let against_building = at
        .and_then(|s| ctx.state().structures.get(usize::from(s)))
        .is_some_and(|s| s.kind.building());
    if what == Kindling::Cart && against_building {
        ctx.emit(Event::BlazeStarted(blaze(Kindling::Building, at)))?;
    }
    Ok(())
}

/// The table reports a burning building wholly ablaze: those still inside die.
pub(super) fn engulfed(ctx: &mut Ctx<'_>, s: u8) -> Result<(), CommandError> {
    if !structure(ctx, s)?.kind.building() || !ctx.state().burning(s) {
        return Err(illegal("that is not a burning building"));
    }
    if ctx
        .state()
        .blazes
        .iter()
        .any(|b| b.structure == Some(s) && b.engulfed_since.is_some())
    {
        return Err(illegal("it is already wholly ablaze"));
    }
    ctx.emit(Event::Engulfed(s))?;
    for u in ctx.state().units_in(s) {
        clear_dues(ctx, u)?;
        let figures = ctx.unit(u)?.alive;
        ctx.emit(Event::Killed {
            target: Target::Unit(u),
            figures,
        })?;
    }
    Ok(())
}

/// The end of a sequence: fires spread and smoke drifts; carts and haystacks burn out
/// (a cart against a wooden wall burns its section down); those inside burning
/// buildings must get out through the flames.
pub(super) fn sequence_ends(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().blazes.iter().all(|b| b.out) {
        return Ok(());
    }
    let (b, s) = (&ctx.rules().t.burning, &ctx.rules().t.smoke);
    let drifts = ctx
        .state()
        .weather
        .as_deref()
        .is_some_and(|w| w.contains("drifts"));
    ctx.emit(Event::FiresBurn {
        spread_inches: b.spread_inches_per_sequence,
        smoke_cm_per_inch: s.travel_cm_per_sequence,
        smoke_stops_after: s.lasts_sequences,
        drifts,
    })?;
    let lasts = ctx.rules().t.burning.cart_burns_sequences;
    let done: Vec<(u8, Option<u8>)> = ctx
        .state()
        .blazes
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            !b.out && matches!(b.what, Kindling::Cart | Kindling::Haystack) && b.sequences >= lasts
        })
        .map(|(i, b)| {
            let wall = b.structure.filter(|&w| {
                ctx.state()
                    .structures
                    .get(usize::from(w))
                    .is_some_and(|st| st.kind.wooden_wall())
            });
            (i as u8, wall)
        })
        .collect();
    for (blaze, wall) in done {
        ctx.emit(Event::BurntOut { blaze, wall })?;
    }
    // The buildings on fire, in order, found in one pass over the blazes: a battle keeps
    // every blaze it lit, and asking each building about every one of them made a long
    // battle's end of turn grow with its length times its fires.
    let structures = ctx.state().structures.len();
    let mut burning: Vec<u8> = ctx
        .state()
        .blazes
        .iter()
        .filter(|b| !b.out)
        .filter_map(|b| b.structure)
        .filter(|&s| usize::from(s) < structures)
        .collect();
    burning.sort_unstable();
    burning.dedup();
    // Who is inside each, as `State::units_in` finds them, in one pass over the units for
    // each building, with no list of them made (a long battle's buildings burn at most ends
    // of turn); then required in that order: requiring changes only what is due.
    let state = ctx.state();
    let inside = |s: u8| {
        state
            .each_unit()
            .filter(move |(_, x)| x.present() && x.structure == Some(s))
            .map(|(u, _)| Due::FireEscape(u))
    };
    let dues: Vec<Due> = burning.into_iter().flat_map(inside).collect();
    for due in dues {
        ctx.require(due)?;
    }
    Ok(())
}

/// Whether the table may report figures of a unit caught within an inch of a fire: the unit
/// is on the table and something burns.
pub fn may_be_caught_by_fire(state: &State, u: UnitRef) -> bool {
    state.phase == crate::rules::simple::state::Phase::Turn
        && anything_burning(state)
        && state.unit(u).is_some_and(|x| x.present())
}

/// Figures caught by fire roll to escape: every figure inside a burning building at the end
/// of a sequence (the due), or those the table finds within an inch of a fire. Out of a
/// building, the survivors get out.
pub(super) fn escape_fire(ctx: &mut Ctx<'_>, u: UnitRef, figures: u32) -> Result<(), CommandError> {
    let (alive, at) = (ctx.present_unit(u)?.alive, ctx.unit(u)?.structure);
    let due = ctx.state().due.contains(&Due::FireEscape(u));
    if due {
        if figures != alive {
            return Err(refuse(
                format!("every figure inside ({alive}) must get out through the flames"),
                FIRE,
            ));
        }
        ctx.settle(Due::FireEscape(u))?;
    } else if !may_be_caught_by_fire(ctx.state(), u) {
        return Err(illegal("nothing is burning"));
    }
    if figures == 0 || figures > alive {
        return Err(illegal(format!("1 to {alive} figures can be caught")));
    }
    let b = &ctx.rules().t.burning;
    let on = b.escape_on;
    let faces = ctx.roll_n(figures, b.die)?;
    let killed = faces.iter().filter(|&&f| f < on).count() as u32;
    ctx.emit(Event::FireEscape {
        unit: u,
        faces,
        killed,
    })?;
    if due && ctx.unit(u)?.alive > 0 && at.is_some() {
        ctx.emit(Event::Occupied {
            unit: u,
            structure: None,
        })?;
    }
    Ok(())
}

/// Places the village's peasants when the terrain includes the village.
pub(super) fn villagers(ctx: &mut Ctx<'_>, pieces: u32) -> Result<(), CommandError> {
    let t = &ctx.rules().t.terrain;
    let (piece, figures) = (t.village_piece, t.village_peasants);
    if pieces < piece {
        return Ok(());
    }
    let side = ctx
        .state()
        .home
        .ok_or_else(|| illegal("roll for the Home Daimyo first"))?;
    ctx.emit(Event::VillagersPlaced { side, figures })
}

/// The village's peasants, if they are still there.
pub fn village_unit(state: &State) -> Option<UnitRef> {
    // Only the village's group is looked into: this is asked at every Home turn's start.
    for (s, side) in state.sides.iter().enumerate() {
        for (g, group) in side.groups.iter().enumerate().filter(|(_, g)| g.village) {
            if let Some(i) = group.units.iter().position(UnitState::present) {
                return Some(UnitRef(s as u8, g as u8, i as u8));
            }
        }
    }
    None
}

/// The peasants attack one figure of a unit that came into the village, with as many
/// figures as may attack one defender.
pub(super) fn villagers_attack(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    told: Option<Cover>,
) -> Result<(), CommandError> {
    ctx.settle(Due::VillagersAttack(u))?;
    let Some(v) = village_unit(ctx.state()) else {
        return Ok(());
    };
    if !ctx.unit(u)?.present() {
        return Ok(());
    }
    let mut order = MeleeOrder {
        defender: Target::Unit(u),
        attackers: Vec::new(),
        defender_touches_friend: numbers::villager_target_touches_friend(ctx.state(), u, told),
        rear_support: None,
        in_building: false,
        door: None,
        defender_cover: told,
    };
    order.attackers = vec![Attacker {
        fighter: Fighter::Unit(v),
        facing: Facing::Front,
        touches_friend: true,
    }];
    let n = numbers::villagers_attacking(ctx.rules(), ctx.state(), v, &order) as usize;
    order.attackers = vec![
        Attacker {
            fighter: Fighter::Unit(v),
            facing: Facing::Front,
            touches_friend: true,
        };
        n
    ];
    fight(ctx, &order, usize::from(NOBODY))
}
