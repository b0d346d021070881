//! Applying Simple Samurai events: the only place the state changes.

mod places;

use super::command::{Fighter, MoveKind, Status};
use super::describe::words::terrain_piece;
use super::event::Event;
use super::order::Deed;
use super::roster::{Troop, Weapon};
use super::state::{
    CardLimits, DaimyoState, GroupRef, GroupState, Phase, State, Target, UnitRef, UnitState,
    arriving_unit,
};
use super::tables::Rules;
use crate::engine::ledger::Scope;

fn unit(state: &mut State, u: UnitRef) -> Result<&mut UnitState, String> {
    state
        .unit_mut(u)
        .ok_or_else(|| format!("no unit {}", u.id()))
}

fn group(state: &mut State, g: GroupRef) -> Result<&mut GroupState, String> {
    state
        .group_mut(g)
        .ok_or_else(|| format!("no group {}", g.id()))
}

fn daimyo(state: &mut State, g: GroupRef) -> Result<&mut DaimyoState, String> {
    group(state, g)?
        .daimyo
        .as_mut()
        .ok_or_else(|| format!("group {} has no Daimyo", g.id()))
}

/// Applies one event.
///
/// # Errors
/// A reference to something the battle does not have.
pub fn apply(rules: &Rules, state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::HomeRolled { home, .. } => state.home = *home,
        Event::DeckShuffled { order, .. } => {
            state.deck.clone_from(order);
            state.spent.clear();
        }
        Event::TurnBegins { turn, side } => begin_turn(state, *turn, *side),
        Event::Required(_) | Event::Settled(_) | Event::Dropped(_) => {
            return Err("the engine applies changes to what is due".into());
        }
        Event::CardDrawn { card, .. } => state.spent.push(*card),
        Event::CardEffect { side, card } => card_effect(rules, state, *side, *card),
        Event::WindBlows(turns) => state.wind_turns = *turns,
        Event::AmbushRevealed(u) => unit(state, *u)?.in_ambush = false,
        Event::Turncoat { .. }
        | Event::MoraleCalled { .. }
        | Event::SentBack(_)
        | Event::Disengaged(_) => apply_cards(state, event)?,
        Event::Arrived {
            side,
            name,
            troop,
            weapon,
            ..
        } => arrived(rules, state, *side, name, *troop, *weapon)?,
        Event::NinjaBout { .. } | Event::FireLit { .. } => {}
        Event::TerrainRolled { squares, .. } => {
            state.terrain = squares
                .iter()
                .enumerate()
                .map(|(i, sq)| (terrain_piece(i).to_owned(), *sq))
                .collect();
        }
        Event::AllyRolled { group: g, acts, .. } => group(state, *g)?.acting = *acts,
        Event::FormationTested {
            unit: u, passed, ..
        } => {
            if *passed {
                unit(state, *u)?.formation_fail = false;
            }
        }
        Event::FormationFailed { unit: u, .. } => unit(state, *u)?.formation_fail = true,
        Event::Moved { unit: u, kind } => {
            moved(unit(state, *u)?, *kind);
            state.ledger.record(Fighter::Unit(*u), Deed::Move, None);
        }
        Event::FormationChanged { unit: u, formation } => {
            let x = unit(state, *u)?;
            x.formation = *formation;
            x.reforming = None;
            x.reformed = true;
        }
        Event::MovedAway(u) => unit(state, *u)?.melee_turns = 0,
        Event::FormationChangeGoesOn {
            unit: u,
            formation,
            moves_left,
        } => {
            unit(state, *u)?.reforming = Some(super::state::Reforming {
                to: *formation,
                moves_left: *moves_left,
            });
        }
        Event::StatusSet { unit: u, status } => status_set(state, *u, status)?,
        Event::Fired(roll) => fired(state, roll)?,
        Event::Killed { target, figures } => match target {
            Target::Unit(u) => {
                let x = unit(state, *u)?;
                x.alive = x.alive.saturating_sub(*figures);
            }
            Target::Daimyo(g) => daimyo(state, *g)?.alive = false,
        },
        Event::MoraleTested { unit: u, .. } => {
            let x = unit(state, *u)?;
            x.sees_retreat = false;
            x.retreat_told = false;
            x.cover_told = false;
        }
        _ => apply_late(rules, state, event)?,
    }
    Ok(())
}

/// The table's word on a unit's status. A cover told while its morale test or the villagers'
/// attack is due answers the card's question.
fn status_set(state: &mut State, u: UnitRef, status: &Status) -> Result<(), String> {
    let testing = state.due.iter().any(|d| {
        matches!(d, super::state::Due::Morale(v, _) | super::state::Due::VillagersAttack(v) if *v == u)
    });
    let x = unit(state, u)?;
    match status {
        Status::Cover(c) => {
            x.cover = *c;
            x.cover_told |= testing;
        }
        Status::InMelee(b) => x.melee_turns = if *b { 2 } else { 0 },
        Status::Smoke(b) => x.smoke = *b,
        Status::FireSmoke(b) => x.fire_smoke = *b,
        Status::SeesRetreat(b) => {
            x.sees_retreat = *b;
            x.retreat_told = true;
        }
    }
    Ok(())
}

/// An allied unit arriving from a card: a group of its own, acting, on its side.
fn arrived(
    rules: &Rules,
    state: &mut State,
    side: u8,
    name: &str,
    troop: Troop,
    weapon: Weapon,
) -> Result<(), String> {
    let s = state.sides.get_mut(usize::from(side)).ok_or("no side")?;
    s.groups.push(GroupState {
        name: name.to_owned(),
        koku: None,
        owner: side,
        daimyo: None,
        units: vec![arriving_unit(
            name,
            troop,
            weapon,
            rules.t.army.figures_per_unit,
        )],
        acting: true,
        village: false,
    });
    Ok(())
}

/// Retreats, departures, Daimyo, turn ends and set-up events.
fn apply_late(rules: &Rules, state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::Melee { defender, bouts } => {
            // Every figure named must exist before anything changes.
            for b in bouts {
                if let super::command::Fighter::Unit(u) = b.attacker {
                    unit(state, u)?;
                }
            }
            if let Target::Unit(u) = defender {
                unit(state, *u)?;
            }
            for b in bouts {
                if let super::command::Fighter::Unit(u) = b.attacker {
                    unit(state, u)?.melee_turns = 2;
                }
                let target = match defender {
                    Target::Unit(u) => Fighter::Unit(*u),
                    Target::Daimyo(g) => Fighter::Daimyo(*g),
                };
                state.ledger.record(b.attacker, Deed::Melee, Some(target));
            }
            if let Target::Unit(u) = defender {
                let x = unit(state, *u)?;
                x.melee_turns = 2;
                // The cover told for the villagers' attack served its fight.
                x.cover_told = false;
            }
        }
        Event::Retreating { unit: u, moves } => {
            let x = unit(state, *u)?;
            x.retreat_moves = *moves;
            x.formation_fail = true;
            // It retreats instead of finishing a change of formation.
            x.reforming = None;
        }
        Event::RetreatMoved(u) => {
            let x = unit(state, *u)?;
            x.retreat_moves = x.retreat_moves.saturating_sub(1);
            x.moved = true;
            // Moved back out of the fight: no longer in melee.
            x.melee_turns = 0;
            state.ledger.record(Fighter::Unit(*u), Deed::Move, None);
        }
        Event::Rallied(u) => unit(state, *u)?.retreat_moves = 0,
        Event::LeftField { unit: u, .. } => {
            let x = unit(state, *u)?;
            x.gone = true;
            x.retreat_moves = 0;
            x.structure = None;
        }
        Event::DaimyoKilled(g) => daimyo(state, *g)?.alive = false,
        Event::ArmyRetreats(side) => {
            state
                .sides
                .get_mut(usize::from(*side))
                .ok_or("no side")?
                .army_retreating = true;
        }
        Event::Attached { group: g, unit: u } => daimyo(state, *g)?.attached = *u,
        Event::TurnEnded(side) => end_turn(rules, state, *side),
        Event::BattleEnded => state.ended = true,
        Event::AmbushSet { unit: u, square } => {
            unit(state, *u)?.in_ambush = true;
            state.ambush = Some((*u, *square));
        }
        Event::RiverRolled { flow, .. } => state.river = Some(flow.clone()),
        Event::RiverCrossed {
            unit: u, drowned, ..
        } => {
            let x = unit(state, *u)?;
            x.alive = x.alive.saturating_sub(*drowned);
            x.waded = true;
        }
        Event::FireEscape {
            unit: u,
            killed: drowned,
            ..
        } => {
            let x = unit(state, *u)?;
            x.alive = x.alive.saturating_sub(*drowned);
        }
        Event::WindRolled { wind, .. } => state.weather = Some(wind.clone()),
        Event::StructureAdded(s) => state.structures.push(s.clone()),
        Event::Bombarded { .. } | Event::Realigned { .. } => guns(state, event)?,
        // Places: captured guns, buildings, fires, the village.
        _ => places::apply(state, event)?,
    }
    Ok(())
}

/// What the cards move: a clan changing sides, a unit sent back or disengaged, a test called.
fn apply_cards(state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::Turncoat { group: g, to } => {
            let grp = group(state, *g)?;
            grp.owner = *to;
            grp.acting = false;
            // It changes sides within its new owner's turn: what it did in the last turn
            // (its old owner's) does not bind it now.
            for u in &mut grp.units {
                fresh_turn(u);
            }
        }
        Event::MoraleCalled { unit: u, .. } => unit(state, *u)?.called = true,
        Event::SentBack(u) => {
            let owner = state.owner(*u);
            let x = unit(state, *u)?;
            x.structure = None;
            left_the_fight(x);
            state.ledger.record(Fighter::Unit(*u), Deed::Move, None);
            let s = state.sides.get_mut(owner).ok_or("no side")?;
            s.limits.send_back_left = s.limits.send_back_left.saturating_sub(1);
        }
        Event::Disengaged(u) => {
            left_the_fight(unit(state, *u)?);
            state.ledger.record(Fighter::Unit(*u), Deed::Move, None);
        }
        _ => {}
    }
    Ok(())
}

/// A gun bombarding a structure or laid on a new target.
fn guns(state: &mut State, event: &Event) -> Result<(), String> {
    match event {
        Event::Bombarded {
            gun,
            structure,
            hits,
            ..
        } => {
            unit(state, *gun)?.fired = true;
            state.ledger.record(Fighter::Unit(*gun), Deed::Fire, None);
            let s = state
                .structures
                .get_mut(usize::from(*structure))
                .ok_or("no structure")?;
            s.hits = s.hits.saturating_sub(*hits);
        }
        Event::Realigned {
            gun, ready, target, ..
        } => {
            let x = unit(state, *gun)?;
            x.realigning = !ready;
            if target.is_some() {
                x.aim = *target;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A unit fired: what it did this turn, and where a gun is laid.
fn fired(state: &mut State, roll: &super::event::FireRoll) -> Result<(), String> {
    let target = match roll.target {
        Target::Unit(t) => Fighter::Unit(t),
        Target::Daimyo(g) => Fighter::Daimyo(g),
    };
    let x = unit(state, roll.unit)?;
    x.fired = true;
    x.volleyed = roll.volley;
    if x.spec.weapon == Weapon::Gun {
        x.realigning = false;
        x.aim = Some(roll.target);
    }
    state
        .ledger
        .record(Fighter::Unit(roll.unit), Deed::Fire, Some(target));
    Ok(())
}

/// A move forward clears the unit's own smoke; some kinds change what it is doing.
fn moved(x: &mut UnitState, kind: MoveKind) {
    x.moved = true;
    // A move forward takes the unit out of its smoke; a move back leaves it to its front.
    if kind != MoveKind::Back {
        x.smoke = false;
    }
    match kind {
        MoveKind::CrossCover => x.crossing = true,
        MoveKind::ClearOfCover => x.crossing = false,
        MoveKind::Limber => x.limbered = true,
        MoveKind::Unlimber => {
            // A gun unlimbered afresh is laid on whatever it fires at first.
            x.limbered = false;
            x.aim = None;
        }
        _ => {}
    }
}

fn begin_turn(state: &mut State, turn: u32, side: u8) {
    state.ledger.begin(Scope::Turn);
    state.phase = Phase::Turn;
    state.turn = turn;
    state.acting = side;
    if let Some(s) = state.sides.get_mut(usize::from(side)) {
        s.limits = CardLimits::default();
    }
    for s in &mut state.sides {
        for g in &mut s.groups {
            if g.owner == side {
                // An allied clan (a turncoat too) rolls afresh each turn of its owner.
                g.acting = g.koku.is_none();
            }
            let owner = g.owner;
            // A crewed captured gun acts in its captors' turns.
            for u in &mut g.units {
                u.called = false;
                if u.held_by.unwrap_or(owner) == side {
                    fresh_turn(u);
                }
            }
        }
    }
}

fn end_turn(rules: &Rules, state: &mut State, side: u8) {
    let renews = rules.rulings.smoke_timing == super::tables::SmokeTiming::FiringRenews;
    state.wind_turns = state.wind_turns.saturating_sub(1);
    for s in &mut state.sides {
        for g in &mut s.groups {
            for u in &mut g.units {
                u.melee_turns = u.melee_turns.saturating_sub(1);
            }
            let owner = g.owner;
            for u in g
                .units
                .iter_mut()
                .filter(|u| u.held_by.unwrap_or(owner) == side)
            {
                // Ruling smoke_timing: judged at the end of the unit's own turn. Smoke over
                // the unit stays only while it fires (or, as an option, is renewed by the
                // turn of firing before); a unit that fired in its last turn and stayed is
                // covered.
                u.smoke = if u.moved {
                    false
                } else if u.smoke && !renews {
                    u.fired
                } else {
                    u.fired_before || (u.smoke && u.fired)
                };
                u.fired_before = u.fired;
            }
        }
    }
}

/// What a unit did in its side's last turn, forgotten as a new turn of its side begins.
fn fresh_turn(u: &mut UnitState) {
    u.reformed = false;
    u.fired = false;
    u.moved = false;
    u.volleyed = false;
    u.realigning = false;
    u.waded = false;
}

/// A unit moved back out of a fight by a card: that is its move, and it is out of melee.
fn left_the_fight(x: &mut UnitState) {
    x.moved = true;
    x.melee_turns = 0;
}

fn card_effect(rules: &Rules, state: &mut State, side: u8, card: u8) {
    let Some(s) = state.sides.get_mut(usize::from(side)) else {
        return;
    };
    match card {
        3 => s.limits.no_move = true,
        9 => {
            s.limits.send_back_left = u8::try_from(rules.t.cards.conch_units).unwrap_or(u8::MAX);
        }
        11 => s.limits.samurai_idle = true,
        23 | 25 => s.limits.no_arquebus = true,
        27 => s.limits.no_bow = true,
        29 => s.limits.cavalry_charge = true,
        _ => {}
    }
}
