//! A plain sentence for every Simple Samurai event.

mod places;
pub mod words;

use super::command::{Fighter, Status};
use super::event::{Event, FireRoll};
use super::state::State;
use crate::engine::ruleset::Sentence;
use crate::engine::words::counted;
use words::{card_text, due_words, kindling, move_words};

fn faces(f: &[u32]) -> String {
    f.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn fired(state: &State, r: &FireRoll) -> String {
    let by = state.unit_name(r.unit);
    let kind = if r.volley { "a volley" } else { "fire" };
    let pairs = if r.pairs.is_empty() {
        String::new()
    } else {
        format!(
            " (dice added in pairs: no single d{} reaches {})",
            r.sides, r.needs
        )
    };
    format!(
        "{by} gives {kind} at {}: d{} rolls {} needing {}+{pairs}: {}; saves on d{} at {}+: {}; {} killed.",
        state.target_name(r.target),
        r.sides,
        faces(&r.faces),
        r.needs,
        counted(r.hits, "hit"),
        r.save_sides,
        r.save_on,
        if r.saves.is_empty() {
            "none rolled".into()
        } else {
            faces(&r.saves)
        },
        r.killed
    )
}

/// The sentence for an event, given the state just before it.
#[allow(clippy::too_many_lines)]
pub fn describe(state: &State, event: &Event) -> Sentence {
    let name = |u| state.unit_name(u);
    let side = |s: u8| {
        state
            .sides
            .get(usize::from(s))
            .map_or(String::new(), |x| x.name.clone())
    };
    let (text, units) = match event {
        Event::HomeRolled { faces: f, home } => (
            match home {
                Some(h) => format!(
                    "For Home: {} rolls {}; {} is the Home Daimyo and the other invades.",
                    side(0),
                    faces(f),
                    side(*h)
                ),
                None => format!(
                    "For Home: both Daimyo roll {}: a tie, roll again.",
                    faces(f)
                ),
            },
            vec![],
        ),
        Event::DeckShuffled { order, .. } => (
            format!("The {} event cards are shuffled.", order.len()),
            vec![],
        ),
        Event::TurnBegins { turn, side: s } => (
            format!("Sequence {turn}: {}'s turn begins.", side(*s)),
            vec![],
        ),
        Event::Required(d) => (format!("Required: {}.", due_words(state, d)), vec![]),
        // Carrying out a card's instruction is the umpire's word alone: the entry says so.
        Event::Settled(d @ super::state::Due::CardInstruction(..)) => (
            format!("Done at the table: {}.", due_words(state, d)),
            vec![],
        ),
        Event::Settled(_) | Event::Dropped(_) => (String::new(), vec![]),
        Event::CardDrawn {
            side: s,
            card,
            from_table,
        } => (
            format!(
                "{} draws card {card}{}: {}.",
                side(*s),
                if *from_table { " (table deck)" } else { "" },
                card_text(*card)
            ),
            vec![],
        ),
        Event::CardEffect { card, .. } => {
            (format!("In force this turn: {}.", card_text(*card)), vec![])
        }
        Event::WindBlows(t) => (
            format!("Ranges are halved for {}.", counted(*t, "turn")),
            vec![],
        ),
        Event::Turncoat { group, to } => (
            format!(
                "{} turns coat and now fights for {}.",
                state
                    .group(*group)
                    .map_or(String::new(), |g| g.name.clone()),
                side(*to)
            ),
            vec![],
        ),
        Event::AmbushRevealed(u) => (
            format!("{} is placed on the table from ambush.", name(*u)),
            vec![u.id()],
        ),
        Event::Arrived {
            side: s,
            name: n,
            square,
            faces: f,
            ..
        } => (
            format!(
                "{n} arrive for {} in square {square} (rolled {}).",
                side(*s),
                faces(f)
            ),
            vec![],
        ),
        Event::NinjaBout {
            against,
            ninja,
            sides,
            face,
            won,
        } => (
            format!(
                "The ninja rolls {ninja} against {}'s d{sides} {face}: {}.",
                state.target_name(*against),
                if *won {
                    "he kills"
                } else {
                    "he fails and is removed"
                }
            ),
            vec![],
        ),
        Event::AllyRolled {
            group,
            sides,
            face,
            acts,
        } => (
            format!(
                "{} rolls d{sides}: {face}: {}.",
                state
                    .group(*group)
                    .map_or(String::new(), |g| g.name.clone()),
                if *acts {
                    "it moves, fires and fights this turn"
                } else {
                    "it holds, fighting only if attacked"
                }
            ),
            vec![],
        ),
        Event::FormationTested {
            unit,
            sides,
            face,
            passed,
        } => (
            format!(
                "{} tests its Formation Fail on d{sides}: {face}, {}.",
                name(*unit),
                if *passed { "passed" } else { "failed" }
            ),
            vec![unit.id()],
        ),
        Event::FormationFailed { unit, cause } => (
            format!("{} has a Formation Fail ({}).", name(*unit), cause.words()),
            vec![unit.id()],
        ),
        Event::Moved { unit, kind } => (
            format!("{} moves{}.", name(*unit), move_words(*kind)),
            vec![unit.id()],
        ),
        Event::FormationChanged { unit, formation } => (
            format!("{} forms {}.", name(*unit), formation.name()),
            vec![unit.id()],
        ),
        Event::MovedAway(unit) => (
            format!(
                "{} moves away from the melee (not surrounded by 3 or 4 figures).",
                name(*unit)
            ),
            vec![unit.id()],
        ),
        Event::FormationChangeGoesOn {
            unit,
            formation,
            moves_left,
        } => (
            format!(
                "{} is still forming {}: {} more to finish the change.",
                name(*unit),
                formation.name(),
                counted(*moves_left, "move")
            ),
            vec![unit.id()],
        ),
        Event::StatusSet { unit, status } => (
            match status {
                Status::Cover(c) => format!("{} is in {}.", name(*unit), c.name()),
                Status::InMelee(b) => format!(
                    "{} is {}in melee.",
                    name(*unit),
                    if *b { "" } else { "no longer " }
                ),
                Status::Smoke(b) => format!(
                    "{} is {}in smoke.",
                    name(*unit),
                    if *b { "" } else { "no longer " }
                ),
                Status::FireSmoke(b) => format!(
                    "{} is {}under smoke from a fire{}.",
                    name(*unit),
                    if *b { "" } else { "no longer " },
                    if *b { " (soft cover)" } else { "" }
                ),
                Status::SeesRetreat(true) => format!(
                    "{} sees a friendly unit retreating (+1d10 against its morale).",
                    name(*unit)
                ),
                Status::SeesRetreat(false) => format!(
                    "{} sees no friendly unit retreating within reach (the umpire's word).",
                    name(*unit)
                ),
            },
            vec![unit.id()],
        ),
        Event::Fired(r) => (fired(state, r), vec![r.unit.id()]),
        Event::Killed { target, figures } => (
            format!(
                "{} loses {}.",
                state.target_name(*target),
                counted(*figures, "figure")
            ),
            vec![],
        ),
        Event::Melee { defender, bouts } => {
            let parts: Vec<String> = bouts
                .iter()
                .map(|b| {
                    let who = match b.attacker {
                        Fighter::Unit(u) => name(u),
                        Fighter::Daimyo(g) => state.daimyo_name(g),
                    };
                    format!(
                        "{who} {} against {}{}",
                        score(b.attacker_die, b.attacker_face, b.attacker_total),
                        score(b.defender_die, b.defender_face, b.defender_total),
                        if b.kills { ": killed" } else { "" }
                    )
                })
                .collect();
            (
                format!(
                    "Melee on a figure of {}: {}.",
                    state.target_name(*defender),
                    parts.join("; ")
                ),
                vec![],
            )
        }
        Event::MoraleTested {
            unit,
            cause,
            own_sides,
            own,
            against,
            passed,
        } => (
            format!(
                "{} tests morale ({}): {}d{own_sides} {} = {} against {}d10 {} = {}: {}.",
                name(*unit),
                cause.words(),
                own.len(),
                faces(own),
                own.iter().map(|f| u64::from(*f)).sum::<u64>(),
                against.len(),
                faces(against),
                against.iter().map(|f| u64::from(*f)).sum::<u64>(),
                if *passed { "carries on" } else { "fails" }
            ),
            vec![unit.id()],
        ),
        Event::Retreating { unit, moves } => (
            format!("{} retreats for {moves} moves.", name(*unit)),
            vec![unit.id()],
        ),
        Event::RetreatMoved(u) => (format!("{} makes a retreat move.", name(*u)), vec![u.id()]),
        Event::Rallied(u) => (format!("{} stops retreating.", name(*u)), vec![u.id()]),
        Event::LeftField { unit, why } => (
            format!("{} leaves the battlefield: {why}.", name(*unit)),
            vec![unit.id()],
        ),
        Event::DaimyoKilled(g) => (format!("{} is killed!", state.daimyo_name(*g)), vec![]),
        Event::ArmyRetreats(s) => (
            format!(
                "{}'s army retreats toward its base line: it may not advance, but fights if attacked.",
                side(*s)
            ),
            vec![],
        ),
        Event::Attached { group, unit } => (
            match unit {
                Some(i) => format!(
                    "{} joins {}.",
                    state.daimyo_name(*group),
                    name(super::state::UnitRef(group.0, group.1, *i))
                ),
                None => format!("{} stands alone.", state.daimyo_name(*group)),
            },
            vec![],
        ),
        Event::TurnEnded(s) => (format!("{}'s turn ends.", side(*s)), vec![]),
        Event::BattleEnded => ("The battle is over.".into(), vec![]),
        Event::TerrainRolled {
            count_face,
            squares,
        } => (
            format!(
                "Terrain: {}, suggested squares {}.",
                counted(*count_face, "piece"),
                faces(squares)
            ),
            vec![],
        ),
        Event::AmbushSet { unit, square } => (
            format!("{} lies in ambush in square {square}.", name(*unit)),
            vec![unit.id()],
        ),
        Event::RiverRolled { face, flow } => {
            (format!("The river rolls {face}: {flow} flowing."), vec![])
        }
        Event::RiverCrossed {
            unit,
            faces: f,
            drowned,
        } => (
            format!(
                "{} wades the river: {}; {drowned} drowned.",
                name(*unit),
                faces(f)
            ),
            vec![unit.id()],
        ),
        Event::WindRolled { faces: f, wind } => (format!("Wind: {}: {wind}.", faces(f)), vec![]),
        Event::FireLit { what, face, lit } => (
            format!(
                "Setting {} alight: {face}: {}.",
                kindling(*what),
                if *lit {
                    "it burns"
                } else {
                    "it does not catch"
                }
            ),
            vec![],
        ),
        Event::FireEscape {
            unit,
            faces: f,
            killed,
        } => (
            format!(
                "{} escapes the fire: {}; {killed} lost.",
                name(*unit),
                faces(f)
            ),
            vec![unit.id()],
        ),
        Event::StructureAdded(s) => (format!("{} stands with {} hits.", s.name, s.hits), vec![]),
        Event::Bombarded {
            gun,
            structure,
            faces: f,
            needs,
            hits,
            left,
            verdict,
        } => (
            format!(
                "{} bombards {}: {} needing {needs}+: {}, {left} left: {verdict}.",
                name(*gun),
                state
                    .structures
                    .get(usize::from(*structure))
                    .map_or("?", |s| s.name.as_str()),
                f.rolled(),
                counted(*hits, "hit")
            ),
            vec![gun.id()],
        ),
        Event::Realigned {
            gun,
            face,
            needed,
            ready,
            ..
        } => (
            format!(
                "{} realigns: d4 {face} for {needed} inches: {}.",
                name(*gun),
                if *ready {
                    "ready to fire"
                } else {
                    "finishes next move"
                }
            ),
            vec![gun.id()],
        ),
        Event::SentBack(u) => (
            format!(
                "Conch and drum: {} is sent back a full move, out of any melee or building.",
                name(*u)
            ),
            vec![u.id()],
        ),
        Event::Disengaged(u) => (
            format!(
                "Tea ceremony: {} disengages from the melee and moves back.",
                name(*u)
            ),
            vec![u.id()],
        ),
        Event::MoraleCalled { unit, cause } => (
            format!(
                "The opponent calls for a morale test of {}: it {}.",
                name(*unit),
                cause.words()
            ),
            vec![unit.id()],
        ),
        Event::GunCaptured { .. }
        | Event::GunCrewed { .. }
        | Event::Occupied { .. }
        | Event::DoorTaken { .. }
        | Event::Ruined { .. }
        | Event::BlazeStarted(_)
        | Event::FiresBurn { .. }
        | Event::BurntOut { .. }
        | Event::Engulfed(_)
        | Event::VillagersPlaced { .. } => places::describe(state, event),
    };
    Sentence::new(text, units)
}

/// What a due is, in a few words for the log.
pub fn due_name(state: &State, due: super::state::Due) -> Sentence {
    Sentence::new(due_words(state, &due), Vec::new())
}

/// A die's face and the score it made, with the modifiers between them: `d12 9 + 1 = 10`,
/// so every figure shown is one the roll gave.
fn score(die: u32, face: u32, total: i64) -> String {
    let modifier = total - i64::from(face);
    match modifier {
        0 => format!("d{die} {face} = {total}"),
        m if m > 0 => format!("d{die} {face} + {m} = {total}"),
        m => format!("d{die} {face} - {} = {total}", -m),
    }
}
