//! Shared set-up for the Simple Samurai rule tests: the demo battle, commands fed with
//! table dice, and the turn changes most tests need.

#![allow(dead_code, clippy::expect_used)] // Each test file uses its own share of these helpers.

use gunbai::dice::{RngDice, TableDice};
use gunbai::engine::RuleSet as _;
use gunbai::engine::{Battle, BattleError, Dice};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::simple::command::{Attacker, Facing, Fighter, FireOrder, MeleeOrder};
use gunbai::rules::simple::state::{GroupRef, Target, UnitRef};
use gunbai::rules::simple::{Command, Simple};

// Oda (side 0) is Home in these tests; Imagawa (side 1) invades and plays first.
pub const ODA_TEPPO_1: UnitRef = UnitRef(0, 0, 2);
pub const ODA_TEPPO_2: UnitRef = UnitRef(0, 0, 3);
pub const ODA_YARI: UnitRef = UnitRef(0, 0, 4);
pub const ODA_ARCHERS_SKIRMISH: UnitRef = UnitRef(0, 0, 0);
pub const ODA_PIKE_SAMURAI: UnitRef = UnitRef(0, 0, 7);
pub const ODA_GUARD: UnitRef = UnitRef(0, 0, 11);
pub const IMA_TEPPO: UnitRef = UnitRef(1, 0, 3);
pub const IMA_ARCHERS: UnitRef = UnitRef(1, 0, 1);
pub const IMA_SWORD_SAMURAI: UnitRef = UnitRef(1, 0, 8);
pub const IMA_LEVIES: UnitRef = UnitRef(1, 0, 14);
pub const IMA_GUN: UnitRef = UnitRef(1, 0, 12);
pub const MATSUDAIRA: GroupRef = GroupRef(1, 1);
/// A gun added to the Oda army ([`battle_with_oda_gun`]): artillerymen to man what it captures.
pub const ODA_GUN: UnitRef = UnitRef(0, 0, 12);

pub fn army(file: &str) -> gunbai::rules::simple::Army {
    let path = format!("{}/rosters/simple/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = RosterText::read(std::path::Path::new(&path)).expect("demo roster readable");
    Simple::load_army(&text).expect("demo roster valid").army
}

pub fn battle_with(house: HouseRules) -> Battle<Simple> {
    Battle::<Simple>::start([army("oda.ron"), army("imagawa.ron")], house, None)
        .expect("battle starts")
}

pub fn run(b: &mut Battle<Simple>, c: Command, faces: &[u32]) -> Result<Vec<String>, BattleError> {
    b.execute_with(c, Dice::Table(TableDice::new(faces.to_vec())))
        .map(|e| e.lines.clone())
}

pub fn ok(b: &mut Battle<Simple>, c: Command, faces: &[u32]) -> Vec<String> {
    match run(b, c.clone(), faces) {
        Ok(lines) => lines,
        Err(e) => panic!("{c:?} with {faces:?} refused: {e}"),
    }
}

/// Oda Home, deck shuffled, Imagawa's first turn begun with a blank card and Matsudaira acting.
pub fn begun_with(house: HouseRules) -> Battle<Simple> {
    begun_from(battle_with(house))
}

/// The opening of [`begun_with`], from a battle just started.
pub fn begun_from(mut b: Battle<Simple>) -> Battle<Simple> {
    ok(&mut b, Command::RollForHome, &[9, 2]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffles");
    ok(&mut b, Command::BeginBattle, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    b
}

pub fn begun() -> Battle<Simple> {
    begun_with(HouseRules::default())
}

/// Changes an acting unit's formation, line to column or back: its whole move, and a
/// Formation Fail.
pub fn change_formation(b: &mut Battle<Simple>, unit: UnitRef) {
    use gunbai::rules::simple::command::{Going, MoveKind};
    use gunbai::rules::simple::roster::Formation;
    let to = match b.state().unit(unit).expect("unit").formation {
        Formation::Line => Formation::Column,
        _ => Formation::Line,
    };
    let change = Command::Move {
        unit,
        kind: MoveKind::ChangeFormation(to),
        distance_cm: 0,
        going: Going::Standard,
        surrounded: None,
    };
    ok(b, change, &[]);
}

/// Gives `unit` a Formation Fail by a change of formation ([`change_formation`]). In
/// Imagawa's turn a unit of Oda's changes in Oda's turn, and Imagawa's next turn begins (blank
/// cards, allies acting).
pub fn formation_fail(b: &mut Battle<Simple>, unit: UnitRef) {
    if b.state().owner(unit) == usize::from(b.state().acting) {
        change_formation(b, unit);
        return;
    }
    assert_eq!(
        (b.state().acting, unit.0),
        (1, 0),
        "Oda's unit in Imagawa's turn"
    );
    to_oda_turn(b, [5, 5]);
    change_formation(b, unit);
    ok(b, Command::EndTurn, &[]);
    draw_blank(b);
    ok(b, Command::AllyActivation(MATSUDAIRA), &[7]);
}

/// Ends Imagawa's turn and plays Oda's with a blank card, allies rolling the faces given.
pub fn to_oda_turn(b: &mut Battle<Simple>, ally_faces: [u32; 2]) {
    ok(b, Command::EndTurn, &[]);
    draw_blank(b);
    ok(b, Command::AllyActivation(GroupRef(0, 1)), &[ally_faces[0]]);
    ok(b, Command::AllyActivation(GroupRef(0, 2)), &[ally_faces[1]]);
}

pub fn fire(unit: UnitRef, target: UnitRef, volley: bool) -> Command {
    Command::Fire(FireOrder {
        unit,
        target: Target::Unit(target),
        volley,
        distance_cm: 20,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    })
}

/// A shot at 20 cm at a target the table sees in `cover`.
pub fn fire_in(
    unit: UnitRef,
    target: UnitRef,
    cover: gunbai::rules::simple::state::Cover,
) -> Command {
    Command::Fire(FireOrder {
        unit,
        target: Target::Unit(target),
        volley: false,
        distance_cm: 20,
        target_cover: Some(cover),
    })
}

pub fn alive(b: &Battle<Simple>, u: UnitRef) -> u32 {
    b.state().unit(u).expect("unit").alive
}

pub fn one_on_one(attacker: UnitRef, defender: UnitRef, facing: Facing) -> MeleeOrder {
    MeleeOrder {
        defender: Target::Unit(defender),
        attackers: vec![Attacker {
            fighter: Fighter::Unit(attacker),
            facing,
            touches_friend: true,
        }],
        defender_touches_friend: true,
        rear_support: None,
        in_building: false,
        door: None,
        defender_cover: Some(gunbai::rules::simple::state::Cover::Open),
    }
}

pub fn to_oda_turn_after_end(b: &mut Battle<Simple>) {
    draw_blank(b);
    ok(b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
}

/// A morale test that is due, with the faces given: the card's questions answered as the
/// table would (no friend seen retreating, the cover its record holds), then its roll.
pub fn morale(b: &mut Battle<Simple>, unit: UnitRef, faces: &[u32]) -> Vec<String> {
    // Where the card asks first whether a friend is seen retreating, the table says no: a test
    // of the friend's d10 answers it itself.
    let name = b.state().unit_name(unit);
    let told_no = Simple::pending(b.rules(), b.state())
        .into_iter()
        .filter(|c| c.what == "Morale test" && c.who == name)
        .flat_map(|c| c.answers)
        .find(|a| a.label.starts_with("Sees no friend retreat"));
    if let Some(answer) = told_no {
        ok(b, answer.command, &[]);
    }
    tell_recorded_cover(b, unit);
    let cover = Some(b.state().cover_of(unit));
    ok(b, Command::Morale { unit, cover }, faces)
}

/// Answers the morale card's question of where the unit stands with the cover it has on record
/// (the answer the card marks `recorded`), when the card asks it.
pub fn tell_recorded_cover(b: &mut Battle<Simple>, unit: UnitRef) {
    let name = b.state().unit_name(unit);
    let recorded = Simple::pending(b.rules(), b.state())
        .into_iter()
        .filter(|c| c.what == "Morale test" && c.who == name)
        .flat_map(|c| c.answers)
        .find(|a| a.label.starts_with("It stands") && a.label.ends_with(", recorded)"));
    if let Some(answer) = recorded {
        ok(b, answer.command, &[]);
    }
}

/// Where `target` stands among the options of the first choice of a unit's action form.
pub fn option_of(b: &Battle<Simple>, unit: UnitRef, form: &str, target: UnitRef) -> usize {
    use gunbai::engine::{Field, Game as _};
    let forms = b.action_forms(&unit.id());
    let form = forms.iter().find(|f| f.key == form).expect("the form");
    let Field::Choice { options, .. } = &form.fields[0] else {
        panic!("a choice comes first")
    };
    options
        .iter()
        .position(|o| *o == b.state().unit_name(target))
        .expect("the target is listed")
}

/// Imagawa's Teppo shoot a Daimyo of Oda's at 10 cm: one hit, and his save fails.
pub fn shoot_daimyo(b: &mut Battle<Simple>, group: GroupRef) {
    let at = Command::Fire(FireOrder {
        unit: IMA_TEPPO,
        target: Target::Daimyo(group),
        volley: false,
        distance_cm: 10,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    });
    ok(b, at, &[6, 1, 1, 1, 1, 1]);
}

/// Passes every morale test due: the living figures roll their highest face, the d10s 1s.
pub fn pass_morale_dues(b: &mut Battle<Simple>) {
    use gunbai::rules::simple::state::Due;
    while let Some(Due::Morale(u, cause)) = b
        .state()
        .due
        .iter()
        .find(|d| matches!(d, Due::Morale(..)))
        .copied()
    {
        let x = b.state().unit(u).expect("unit");
        let sees = gunbai::rules::simple::numbers::sees_friend_retreat(x, cause);
        let dice =
            gunbai::rules::simple::numbers::morale(b.rules(), x, b.state().cover_of(u), sees);
        let mut faces = vec![dice.own_sides; dice.own as usize];
        faces.extend(vec![1; dice.against as usize]);
        morale(b, u, &faces);
    }
}

/// Imagawa's first turn (as [`begun`]) with a gun added to Oda's army, which has none.
pub fn battle_with_oda_gun() -> Battle<Simple> {
    let path = format!("{}/rosters/simple/oda.ron", env!("CARGO_MANIFEST_DIR"));
    let mut text = RosterText::read(std::path::Path::new(&path)).expect("readable");
    let last = "flagbearers: 2),\n    ],\n    allies";
    assert!(text.source.contains(last), "the Oda roster's own units end");
    text.source = text.source.replacen(
        last,
        "flagbearers: 2),\n        (name: \"Oda Gun\", troop: Ashigaru, weapon: Gun),\n    ],\n    allies",
        1,
    );
    let oda = Simple::load_army(&text).expect("valid").army;
    let b = Battle::<Simple>::start([oda, army("imagawa.ron")], HouseRules::default(), None)
        .expect("starts");
    begun_from(b)
}

/// In Oda's turn, its pike Samurai kill Imagawa's three artillerymen one by one (the crew
/// hold their morale until the last falls): the gun is Oda's captured gun.
pub fn capture_imagawas_gun(b: &mut Battle<Simple>) {
    let attack = Command::Melee(one_on_one(ODA_PIKE_SAMURAI, IMA_GUN, Facing::Front));
    ok(b, attack.clone(), &[10, 1]);
    morale(b, IMA_GUN, &[6, 6, 1, 1]);
    ok(b, attack.clone(), &[10, 1]);
    morale(b, IMA_GUN, &[6, 1, 1, 1]);
    ok(b, attack, &[10, 1]);
}

/// Draws a blank card (an even number) still in the pack, typed as a table would: the pack
/// holds each card once.
pub fn draw_blank(b: &mut Battle<Simple>) -> Vec<String> {
    let card = (2..=30)
        .step_by(2)
        .find(|c| !b.state().spent.contains(c))
        .expect("a blank card left in the pack");
    ok(b, Command::DrawCard { card: Some(card) }, &[])
}
