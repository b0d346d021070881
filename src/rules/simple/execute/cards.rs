//! The event deck, card by card: what a drawn card does at once, and the procedures some cards
//! start (the conch's retreat, the tea ceremony, the cavalry's advance, allies arriving, the
//! ninja).

use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{FailCause, MoveKind};
use crate::rules::simple::event::Event;
use crate::rules::simple::numbers;
use crate::rules::simple::order::EVENT_CARDS;
use crate::rules::simple::roster::{Koku, Troop, Weapon};
use crate::rules::simple::state::{Due, GroupRef, MoraleCause, State, Target, UnitRef};
use crate::rules::simple::tables::{MonkWeapon, WindLasts};

/// The acting Daimyo draws his card before his turn, then the start-of-turn tests fall due.
pub(super) fn draw_card(ctx: &mut Ctx<'_>, typed: Option<u8>) -> Result<(), CommandError> {
    let side = ctx.state().acting;
    ctx.settle(Due::DrawCard(side))?;
    let deck = ctx.rules().t.cards.deck;
    let spent = &ctx.state().spent;
    let card = match typed {
        // The pack holds each card once: one that came up already cannot come up again.
        Some(c) if spent.contains(&c) => {
            return Err(refuse(
                format!("card {c} is already drawn: the pack holds each card once"),
                EVENT_CARDS,
            ));
        }
        Some(c) if (1..=deck).contains(&u32::from(c)) => c,
        Some(c) => return Err(illegal(format!("card {c}: the deck runs 1 to {deck}"))),
        None => ctx
            .state()
            .deck
            .iter()
            .copied()
            .find(|c| !spent.contains(c))
            .ok_or_else(|| illegal("the pack is used up"))?,
    };
    ctx.emit(Event::CardDrawn {
        side,
        card,
        from_table: typed.is_some(),
    })?;
    card_effect(ctx, side, card)?;
    super::sequence::start_of_turn_tests(ctx)
}

/// What a card does once drawn: even numbers are blank.
fn card_effect(ctx: &mut Ctx<'_>, side: u8, card: u8) -> Result<(), CommandError> {
    let other = State::other(usize::from(side)) as u8;
    match card {
        1 => turncoat(ctx, side, Koku::K10000)?,
        5 => turncoat(ctx, side, Koku::K5000)?,
        3 | 23 | 25 | 27 => ctx.emit(Event::CardEffect { side, card })?,
        7 => {
            if let Some((u, _)) = ctx.state().ambush
                && ctx.state().unit(u).is_some_and(|x| x.in_ambush)
            {
                ctx.emit(Event::AmbushRevealed(u))?;
            }
        }
        9 => {
            ctx.emit(Event::CardEffect { side, card })?;
            ctx.require(Due::CardInstruction(side, card))?;
        }
        11 => tea_ceremony(ctx, side)?,
        13 | 15 => {
            let turns = match ctx.rules().rulings.wind_lasts {
                WindLasts::DrawersTurn => 1,
                WindLasts::TwoTurns => 2,
            };
            ctx.emit(Event::WindBlows(turns))?;
        }
        17 | 19 => ctx.require(Due::Arrival(side, card))?,
        21 if ctx
            .state()
            .group(GroupRef(other, 0))
            .and_then(|g| g.daimyo.as_ref())
            .is_some_and(|d| d.alive) =>
        {
            ctx.require(Due::Ninja(other))?;
        }
        29 => {
            ctx.emit(Event::CardEffect { side, card })?;
            let units = ctx.state().present_units_of(usize::from(side));
            cavalry_advance(ctx, &units)?;
        }
        _ => {}
    }
    Ok(())
}

/// Cards 1 and 5: the opponent's allied clan of that size changes sides, this turn.
fn turncoat(ctx: &mut Ctx<'_>, side: u8, koku: Koku) -> Result<(), CommandError> {
    let found = ctx.state().groups().into_iter().find(|&g| {
        ctx.state().group(g).is_some_and(|x| {
            x.owner != side && x.koku == Some(koku) && x.daimyo.as_ref().is_some_and(|d| d.alive)
        })
    });
    match found {
        Some(group) => ctx.emit(Event::Turncoat { group, to: side }),
        None => Ok(()),
    }
}

/// Card 11: the drawer's Samurai are idle this turn; those in melee disengage at once and
/// move back (ruling `tea_ceremony`), and the card waits for the table to move them.
fn tea_ceremony(ctx: &mut Ctx<'_>, side: u8) -> Result<(), CommandError> {
    ctx.emit(Event::CardEffect { side, card: 11 })?;
    let engaged: Vec<UnitRef> = ctx
        .state()
        .present_units_of(usize::from(side))
        .into_iter()
        .filter(|&u| {
            ctx.state()
                .unit(u)
                .is_some_and(|x| numbers::is_samurai(x.spec.troop) && x.in_melee())
        })
        .collect();
    for &u in &engaged {
        ctx.emit(Event::Disengaged(u))?;
    }
    if !engaged.is_empty() {
        ctx.require(Due::CardInstruction(side, 11))?;
    }
    Ok(())
}

/// Card 29: each of these units that is cavalry and can move owes its advance toward the
/// nearest enemy (ruling `cavalry_card`); a clan's cavalry once the clan has rolled to act.
pub(super) fn cavalry_advance(ctx: &mut Ctx<'_>, units: &[UnitRef]) -> Result<(), CommandError> {
    let side = ctx.state().acting;
    if !ctx
        .state()
        .sides
        .get(usize::from(side))
        .is_some_and(|s| s.limits.cavalry_charge)
    {
        return Ok(());
    }
    for &u in units {
        let cavalry = ctx.state().unit(u).is_some_and(|x| x.spec.troop.mounted());
        let acting = ctx.state().group(u.group()).is_some_and(|g| g.acting);
        if cavalry && acting {
            // `require` skips a unit that cannot advance (its due would be moot).
            ctx.require(Due::CavalryAdvance(u))?;
        }
    }
    Ok(())
}

/// Why a cavalry unit sent forward by card 29 cannot advance, if it cannot.
pub fn cannot_advance(state: &State, u: UnitRef) -> Option<String> {
    let x = state.unit(u)?;
    let name = &x.spec.name;
    let why = if !x.spec.troop.mounted() {
        "is not cavalry"
    } else if x.retreating() {
        "is retreating"
    } else if state
        .sides
        .get(state.owner(u))
        .is_some_and(|s| s.army_retreating)
    {
        "falls back with its army and may not advance"
    } else if x.in_melee() {
        "is already in melee"
    } else if state.group(u.group()).is_some_and(|g| !g.acting) {
        "belongs to an allied clan that holds this turn"
    } else if x.moved {
        "has moved this turn"
    } else {
        return None;
    };
    Some(format!("{name} {why}"))
}

/// Whether a unit may be sent back by card 9: the drawer's, on the table, not the foot
/// guard, not moved yet this turn.
pub fn may_be_sent_back(state: &State, side: u8, u: UnitRef) -> bool {
    state.owner(u) == usize::from(side)
        && state
            .unit(u)
            .is_some_and(|x| x.present() && x.spec.troop != Troop::SamuraiGuard && !x.moved)
}

/// Whether card 9 has nothing left to do: its units are all sent back, or none may be.
pub fn nobody_to_send_back(state: &State, side: u8) -> bool {
    let left = state
        .sides
        .get(usize::from(side))
        .map_or(0, |s| s.limits.send_back_left);
    left == 0
        || !state
            .present_units_of(usize::from(side))
            .into_iter()
            .any(|u| may_be_sent_back(state, side, u))
}

/// Card 9: the opponent sends one of the drawer's units back a full move (ruling
/// `conch_retreat`); the card stays due until its units are sent or none is left.
pub(super) fn send_back(ctx: &mut Ctx<'_>, u: UnitRef) -> Result<(), CommandError> {
    let side = u8::try_from(ctx.state().owner(u)).unwrap_or(u8::MAX);
    let due = Due::CardInstruction(side, 9);
    if !ctx.is_due(&due) {
        return Err(illegal("no conch and drum card is sending units back now"));
    }
    if !may_be_sent_back(ctx.state(), side, u) {
        return Err(refuse(
            format!(
                "{} cannot be sent back: the card takes units on the table, not the foot guard, each once",
                ctx.state().unit_name(u)
            ),
            EVENT_CARDS,
        ));
    }
    let in_building = ctx
        .unit(u)?
        .structure
        .and_then(|s| ctx.state().structures.get(usize::from(s)))
        .is_some_and(|s| s.kind.building());
    ctx.settle(due)?;
    ctx.emit(Event::SentBack(u))?;
    if in_building {
        ctx.emit(Event::FormationFailed {
            unit: u,
            cause: FailCause::Buildings,
        })?;
    }
    if !nobody_to_send_back(ctx.state(), side) {
        ctx.require(due)?;
    }
    Ok(())
}

/// Settles a card 29 advance when a unit moves toward the enemy.
pub(super) fn advanced(ctx: &mut Ctx<'_>, u: UnitRef, kind: MoveKind) -> Result<(), CommandError> {
    let forward = !matches!(
        kind,
        MoveKind::Back
            | MoveKind::ChangeFormation(_)
            | MoveKind::MountDismount
            | MoveKind::Limber
            | MoveKind::Unlimber
            | MoveKind::Building
    );
    if forward {
        ctx.settle_if_due(Due::CavalryAdvance(u))?;
    }
    Ok(())
}

/// The allied Monks or Ronin of a drawn card arrive in the square rolled.
pub(super) fn arrival(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let Some(Due::Arrival(side, card)) = ctx
        .state()
        .due
        .iter()
        .find(|d| matches!(d, Due::Arrival(..)))
        .copied()
    else {
        return Err(illegal("no allied unit is arriving"));
    };
    ctx.settle(Due::Arrival(side, card))?;
    let (count, sides) = numbers::arrival_dice(ctx.rules());
    let faces = ctx.roll_n(count, sides)?;
    let (name, troop, weapon) = if card == 17 {
        // Ruling monk_weapon: the text gives the Monks no weapon.
        let weapon = match ctx.rules().rulings.monk_weapon {
            MonkWeapon::Naginata => Weapon::Naginata,
            MonkWeapon::Sword => Weapon::Sword,
        };
        ("Allied Monks", Troop::Monks, weapon)
    } else {
        ("Allied Ronin", Troop::Ronin, Weapon::Sword)
    };
    ctx.emit(Event::Arrived {
        side,
        name: name.to_owned(),
        troop,
        weapon,
        square: faces.iter().sum(),
        faces,
    })
}

/// The table has done what a drawn card asked (the Samurai disengaged by the tea ceremony
/// moved back).
pub(super) fn card_done(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let due = ctx
        .state()
        .due
        .iter()
        .find(|d| matches!(d, Due::CardInstruction(_, c) if *c != 9))
        .copied()
        .ok_or_else(|| illegal("no card instruction is waiting"))?;
    ctx.settle(due)
}

/// Card 21: the ninja fights the figures around the opponent's Daimyo, then the Daimyo
/// (ruling `ninja`): the guards are those the card names, and no others.
pub(super) fn ninja(ctx: &mut Ctx<'_>, guards: &[UnitRef]) -> Result<(), CommandError> {
    let side = ctx
        .state()
        .due
        .iter()
        .find_map(|d| match d {
            Due::Ninja(s) => Some(*s),
            _ => None,
        })
        .ok_or_else(|| illegal("no ninja is abroad"))?;
    let around = numbers::ninja_guards(ctx.rules(), ctx.state(), side);
    if guards != around.as_slice() {
        return Err(refuse(
            format!(
                "the ninja fights the {} of the unit the Daimyo stands with, and no others",
                crate::engine::words::counted(around.len(), "figure")
            ),
            EVENT_CARDS,
        ));
    }
    ctx.settle(Due::Ninja(side))?;
    let ninja_die = ctx.rules().t.cards.ninja_die;
    for &g in guards {
        let sides = numbers::troop_die(ctx.rules(), ctx.unit(g)?.spec.troop);
        let ninja = ctx.roll(ninja_die)?;
        let face = ctx.roll(sides)?;
        let won = ninja > face;
        ctx.emit(Event::NinjaBout {
            against: Target::Unit(g),
            ninja,
            sides,
            face,
            won,
        })?;
        if !won {
            return Ok(());
        }
        super::melee::after_losses(ctx, Target::Unit(g), 1, MoraleCause::MeleeLosses)?;
    }
    let g = GroupRef(side, 0);
    let sides = ctx.rules().t.troop_dice.daimyo;
    let ninja = ctx.roll(ninja_die)?;
    let face = ctx.roll(sides)?;
    let won = ninja > face;
    ctx.emit(Event::NinjaBout {
        against: Target::Daimyo(g),
        ninja,
        sides,
        face,
        won,
    })?;
    if won {
        super::melee::daimyo_killed(ctx, g)
    } else {
        Ok(())
    }
}
