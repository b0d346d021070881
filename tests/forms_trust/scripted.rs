//! The forms random play of a demo never offers, each reached by a scripted state: engine
//! commands that build the situation its rule needs (a captured gun, a river waded, an ambush
//! sprung, a skirmish morale test to declare), so the screen test opens every kind.

use gunbai::dice::RngDice;
use gunbai::engine::{Battle, Dice, Game};
use gunbai::reference::HouseRules;
use gunbai::rules::simple::command::{Going, MoveKind};
use gunbai::rules::simple::state::UnitRef;
use gunbai::rules::simple::{Command, Simple};

use super::simple_support::{
    IMA_GUN, MATSUDAIRA, ODA_GUN, ODA_YARI, battle_with, battle_with_oda_gun, capture_imagawas_gun,
    ok, to_oda_turn, to_oda_turn_after_end,
};

/// A battle where a form of kind `kind` is offered to the unit with view id `id`.
pub struct Scripted {
    pub kind: &'static str,
    pub game: Box<dyn Game>,
    pub id: String,
}

/// Rule set `key`'s scripted states, one for each kind random play does not reach.
pub fn states(key: &str) -> Vec<Scripted> {
    match key {
        "simple" => vec![
            Scripted {
                kind: "crew_captured",
                game: Box::new(gun_captured()),
                id: ODA_GUN.id(),
            },
            Scripted {
                kind: "cross_river",
                game: Box::new(moved_into_a_river()),
                id: IMA_TEPPO.id(),
            },
            Scripted {
                kind: "spring",
                game: Box::new(ambush_in_homes_turn()),
                id: ODA_YARI.id(),
            },
        ],
        "skirmish" => vec![Scripted {
            kind: "morale",
            game: skirmish_with_morale(),
            id: gunbai::rules::skirmish::state::FigureRef(1, 2, 0).id(),
        }],
        _ => Vec::new(),
    }
}

const IMA_TEPPO: UnitRef = gunbai::rules::simple::state::UnitRef(1, 0, 3);

/// Oda's turn after its pike Samurai killed the last of Imagawa's gun crew (the gun is
/// Oda's captured gun), Oda fielding a gun of its own whose artillerymen may man it.
fn gun_captured() -> Battle<Simple> {
    let mut b = battle_with_oda_gun();
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    capture_imagawas_gun(&mut b);
    assert_eq!(b.state().unit(IMA_GUN).unwrap().captured_by, Some(0));
    b
}

/// Imagawa's first turn on a board with a steady river (nine terrain pieces, the river among
/// them), its Teppo moved 10 cm into it.
fn moved_into_a_river() -> Battle<Simple> {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    let mut terrain = vec![9];
    terrain.extend(1..=9);
    ok(&mut b, Command::RollTerrain, &terrain);
    ok(&mut b, Command::RollRiver, &[2]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .unwrap();
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(2) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let forward = Command::Move {
        unit: IMA_TEPPO,
        kind: MoveKind::Normal,
        distance_cm: 10,
        going: Going::Standard,
        surrounded: None,
    };
    ok(&mut b, forward, &[]);
    b
}

/// Oda (Home) hid its Yari in ambush before the battle; Imagawa played its first turn and
/// now it is Oda's, when the ambush may be sprung.
fn ambush_in_homes_turn() -> Battle<Simple> {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    let hide = Command::SetAmbush {
        unit: ODA_YARI,
        square: 12,
    };
    ok(&mut b, hide, &[]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .unwrap();
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(2) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    to_oda_turn(&mut b, [5, 5]);
    assert!(b.state().unit(ODA_YARI).unwrap().in_ambush);
    b
}

/// Skirmish's demo with the optional morale rule on and the umpire's ruling that any unit may
/// be declared to try to rally (`rally`: `any_unit`): the monks (their abbot selected) may be
/// declared to test.
fn skirmish_with_morale() -> Box<dyn Game> {
    let mut house = HouseRules::default();
    house.optional.insert("morale".into());
    house.rulings.insert("rally".into(), "any_unit".into());
    let rosters = gunbai::rules::demo_rosters("skirmish").unwrap();
    gunbai::rules::start_battle("skirmish", &rosters, house, None).unwrap()
}
