//! Words for cards, moves, kindling and what is due, shared by the log and the cards.

use crate::rules::simple::command::{Kindling, MoveKind};
use crate::rules::simple::state::{Due, State};

/// What a card does, in words.
pub fn card_text(card: u8) -> &'static str {
    match card {
        1 => "the opponent's 10,000 koku allied clan turns coat",
        3 => "the messengers relay the wrong orders: no movement except retreats",
        5 => "the opponent's 5,000 koku allied clan turns coat",
        7 => "the Home ambush is spotted",
        9 => {
            "conch and drum signal a premature retreat: the opponent sends units of the drawer's (not the foot guard) back one full move"
        }
        11 => {
            "the Daimyo's tea ceremony: Samurai neither move nor fire, and those in melee disengage and move back"
        }
        13 | 15 => "the wind swirls: firing ranges are halved",
        17 => "a unit of allied Monks arrives",
        19 => "a unit of allied Ronin arrives",
        21 => "a ninja attacks the opponent's Daimyo",
        23 | 25 => "the arquebus ammunition has run out: no arquebus fire",
        27 => "the arrow carriers are too far away: no archery",
        29 => "the cavalry moves its full move at the nearest enemy and melees if it reaches",
        _ => "blank",
    }
}

/// What is being set alight.
pub fn kindling(k: Kindling) -> &'static str {
    match k {
        Kindling::Cart => "a hay cart",
        Kindling::Haystack => "a haystack",
        Kindling::Building => "a building",
        Kindling::BuildingWhileBurning => "a building (fire already burning)",
    }
}

/// How a unit moved.
pub fn move_words(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Normal => "",
        MoveKind::CrossCover => " into cover",
        MoveKind::ClearOfCover => " clear of the cover",
        MoveKind::ChangeFormation(_) => ", changing formation",
        MoveKind::MountDismount => ", mounting or dismounting",
        MoveKind::Limber => ", limbering",
        MoveKind::Unlimber => ", unlimbering",
        MoveKind::Building => " into or out of a building",
        MoveKind::ThroughSkirmishers(_) => " through skirmishers",
        MoveKind::Back => " back toward its base line",
        MoveKind::IntoVillage => " into the village",
        MoveKind::OverCover => " over the cover and out the far side",
    }
}

/// What is due, in words.
pub fn due_words(state: &State, due: &Due) -> String {
    let side = |s: u8| {
        state
            .sides
            .get(usize::from(s))
            .map_or(String::new(), |x| x.name.clone())
    };
    match due {
        Due::DrawCard(s) => format!("{} draws an event card", side(*s)),
        Due::AllyActivation(g) => format!(
            "{} rolls to act",
            state.group(*g).map_or(String::new(), |x| x.name.clone())
        ),
        Due::FormationTest(u) => format!("{} tests its Formation Fail", state.unit_name(*u)),
        Due::Morale(u, c) => format!("{} tests morale ({})", state.unit_name(*u), c.words()),
        Due::RetreatMove(u) => format!("{} makes a retreat move", state.unit_name(*u)),
        Due::CardInstruction(s, c) => format!("{}: {}", side(*s), card_text(*c)),
        Due::Ninja(s) => format!("the ninja attacks {}'s Daimyo", side(*s)),
        Due::VillagersAttack(u) => format!(
            "the village's peasants attack {}, which came into the village",
            state.unit_name(*u)
        ),
        Due::FireEscape(u) => format!(
            "{} is inside a burning building and must get out through the flames",
            state.unit_name(*u)
        ),
        Due::Arrival(s, c) => format!("{}: {}; roll the square", side(*s), card_text(*c)),
        Due::CavalryAdvance(u) => format!(
            "{} advances its full move toward the nearest enemy (card 29)",
            state.unit_name(*u)
        ),
    }
}

/// The terrain pieces, in the order the Home Daimyo takes them.
const TERRAIN: [&str; 10] = [
    "broken ground (or rice field)",
    "hill",
    "village of 2 dwellings, with 5 peasants",
    "hill",
    "wood",
    "road through the village, edge to edge",
    "broken ground (or rice field)",
    "hill",
    "river edge to edge, with a ford and a bridge",
    "wood",
];

/// Whether the terrain placed has the river.
pub fn river_placed(terrain: &[(String, u32)]) -> bool {
    terrain.iter().any(|(piece, _)| piece.starts_with("river"))
}

/// The `i`th terrain piece (0-based).
pub fn terrain_piece(i: usize) -> &'static str {
    TERRAIN.get(i).copied().unwrap_or("terrain piece")
}
