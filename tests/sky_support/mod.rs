//! Shared helpers for the sky tests: the demo armies, commands with table faces, and the
//! opening every *when* test starts from.
#![allow(dead_code)]

use gunbai::dice::{RngDice, TableDice};
use gunbai::engine::{Battle, BattleError, Dice, RuleSet as _};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::sky::numbers;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ClanRef, Phase, UnitRef};
use gunbai::rules::sky::{Command, Sky};

pub const TAKEDA: ClanRef = ClanRef(0, 0);
pub const HORSE: UnitRef = UnitRef(0, 0, 0);
pub const SAMURAI: UnitRef = UnitRef(0, 0, 1);
pub const YARI: UnitRef = UnitRef(0, 0, 2);
pub const TEPPO: UnitRef = UnitRef(0, 0, 3);
pub const ENEMY_HORSE: UnitRef = UnitRef(1, 0, 0);
pub const ENEMY_SAMURAI: UnitRef = UnitRef(1, 0, 1);
pub const ENEMY_YARI: UnitRef = UnitRef(1, 0, 2);
pub const ENEMY_TEPPO: UnitRef = UnitRef(1, 0, 3);

pub fn army(file: &str, edit: impl Fn(String) -> String) -> gunbai::rules::sky::Army {
    let path = format!("{}/rosters/sky/{file}", env!("CARGO_MANIFEST_DIR"));
    let mut text = RosterText::read(std::path::Path::new(&path)).unwrap();
    text.source = edit(text.source);
    Sky::load_army(&text).expect("roster valid").army
}

pub fn battle_of(house: HouseRules, edit: impl Fn(String) -> String) -> Battle<Sky> {
    Battle::<Sky>::start(
        [army("takeda.ron", edit), army("uesugi.ron", |s| s)],
        house,
        None,
    )
    .unwrap()
}

pub fn run(
    b: &mut Battle<Sky>,
    command: Command,
    faces: &[u32],
) -> Result<Vec<String>, BattleError> {
    b.execute_with(command, Dice::Table(TableDice::new(faces.to_vec())))
        .map(|e| e.lines.clone())
}

pub fn ok(b: &mut Battle<Sky>, command: Command, faces: &[u32]) -> Vec<String> {
    match run(b, command.clone(), faces) {
        Ok(lines) => lines,
        Err(e) => panic!("{command:?} with {faces:?} refused: {e}"),
    }
}

/// The refusal of a command, which must be refused.
pub fn refused(b: &mut Battle<Sky>, command: Command) -> String {
    match run(b, command.clone(), &[]) {
        Ok(lines) => panic!("{command:?} was carried out: {lines:?}"),
        Err(e) => e.to_string(),
    }
}

/// Takeda takes the first round and activates its first clan with 6 actions.
pub fn rolled(house: HouseRules, edit: impl Fn(String) -> String) -> Battle<Sky> {
    let mut b = battle_of(house, edit);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    b
}

/// As [`rolled`], with both Samurai units answered "no enemy Samurai within charge distance".
pub fn activated() -> Battle<Sky> {
    activated_with(HouseRules::default())
}

/// Settles every required check with seeded dice, as the table would.
pub fn settle_required(b: &mut Battle<Sky>) {
    let mut dice = RngDice::seeded(9);
    for _ in 0..20 {
        let Some(card) = b.pending().into_iter().find(|c| c.required) else {
            return;
        };
        let Some(i) = card.roll_answer() else { return };
        b.execute(card.answers[i].command.clone(), &mut dice)
            .unwrap();
    }
}

pub fn charge(unit: UnitRef, target: UnitRef) -> Command {
    Command::Charge {
        unit,
        target,
        cross_obstacle: false,
    }
}

pub fn fire(unit: UnitRef, weapon: Weapon, target: UnitRef) -> Command {
    Command::Fire {
        unit,
        weapon,
        target,
        in_range: true,
        cover: false,
    }
}

/// Faces for a melee under way: every die of the charger shows `a`, every die of the target `b`.
pub fn melee_faces(b: &Battle<Sky>, charger_face: u32, target_face: u32) -> Vec<u32> {
    let c = b.state().charge().expect("a charge under way");
    let n = |u, t, charging| numbers::melee(b.rules(), b.state(), u, t, charging).dice as usize;
    let mut faces = vec![charger_face; n(c.charger, c.target, c.charging)];
    faces.extend(vec![target_face; n(c.target, c.charger, false)]);
    faces
}

/// Nobushige's Horse charges Kakizaki's Yari and wins outright: 20 hits take six of its
/// eight stands, and its Route test (at +6) fails: it routs.
pub fn enemy_yari_routed(house: HouseRules) -> Battle<Sky> {
    let mut b = rolled(house, |s| s);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let faces = melee_faces(&b, 6, 1);
    ok(&mut b, Command::FightMelee, &faces);
    ok(&mut b, Command::RouteTest(ENEMY_YARI), &[1, 1]);
    assert!(b.state().unit(ENEMY_YARI).unwrap().routing);
    b
}

/// Plays the rounds on, every clan missing its activation and no General stepping in, while
/// `more` holds and the rounds last.
pub fn miss_while(b: &mut Battle<Sky>, more: impl Fn(&Battle<Sky>) -> bool) {
    while more(b) {
        let Phase::Rounds { side } = b.state().phase else {
            return;
        };
        if b.state().intervention.is_some() {
            ok(b, Command::DeclineGeneral, &[]);
            continue;
        }
        let clan = b.state().untried(side)[0];
        ok(b, Command::TryActivation(clan), &[6, 6]);
    }
}

/// Plays the rounds out to the Morale phase, every clan missing its activation.
pub fn miss_to_morale(b: &mut Battle<Sky>) {
    miss_while(b, |_| true);
}

/// As [`rolled`], with both Samurai units answered "no enemy Samurai within charge distance".
pub fn activated_with(house: HouseRules) -> Battle<Sky> {
    let mut b = rolled(house, |s| s);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    b
}

/// House rules with ruling `key` set to `option` by name: a test of a ruling's option sets it,
/// the default too, so it stays a test of that option if the default changes.
pub fn ruled(key: &str, option: &str) -> HouseRules {
    let mut house = HouseRules::default();
    house.rulings.insert(key.into(), option.into());
    house
}

/// `house` with one hit to a stand (a house rule), so that each hit costs a stand.
pub fn one_hit_a_stand(mut house: HouseRules) -> HouseRules {
    house
        .overrides
        .insert("casualties.hits_per_stand".into(), 1);
    house
}

/// Takeda takes the first round and activates its first clan, whose actions roll `faces`;
/// its Samurai have no enemy Samurai near.
pub fn activated_rolling(faces: [u32; 2]) -> Battle<Sky> {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &faces);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    b
}

/// A plain move, over no obstacle.
pub fn step(unit: UnitRef) -> Command {
    Command::Move {
        unit,
        cross_obstacle: false,
    }
}

/// The note of the form `key` a unit is offered now.
pub fn form_note(b: &Battle<Sky>, unit: &str, key: &str) -> String {
    use gunbai::engine::Game as _;
    b.action_forms(unit)
        .into_iter()
        .find(|f| f.key == key)
        .unwrap_or_else(|| panic!("{unit} offers no {key} form"))
        .note
}

/// Nobushige's Horse charges Kakizaki's Yari and falters (12 fails its Bushi 9): disordered,
/// to re-order in the Morale phase; then its clan's activation ends and every clan left
/// misses, to the Morale phase.
pub fn horse_falters_to_morale(b: &mut Battle<Sky>) {
    ok(b, charge(HORSE, ENEMY_YARI), &[]);
    ok(b, Command::ChargerTest, &[6, 6]);
    ok(b, Command::EndActivation, &[]);
    miss_to_morale(b);
}

/// Kakizaki's Teppo shot down to three of its six stands by Nobushige's Teppo and Samurai
/// (house rules `house`): its Route test is due.
pub fn teppo_at_half(house: HouseRules) -> Battle<Sky> {
    let mut b = activated_with(house);
    ok(
        &mut b,
        fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
        &[4, 4, 4, 4, 4, 4],
    );
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 4, 1, 1, 1],
    );
    b
}

/// Turn 1 played out with every clan missing its activation; at its roll call the units
/// `gone` picks are found gone from the table; then turn 2 begins.
pub fn turn_two_without(gone: impl Fn(&gunbai::rules::sky::State) -> Vec<UnitRef>) -> Battle<Sky> {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    miss_to_morale(&mut b);
    ok(&mut b, Command::EndMorale, &[]);
    for unit in gone(b.state()) {
        let command = Command::CorrectCount {
            unit,
            stands: 0,
            marked: 0,
        };
        ok(&mut b, command, &[]);
    }
    ok(&mut b, Command::NextTurn, &[]);
    b
}

/// Kakizaki Kageie attached to his Teppo, which Nobushige's Samurai shoot at with `faces`.
pub fn leader_with_teppo_shot(house: HouseRules, faces: &[u32]) -> Battle<Sky> {
    let mut b = activated_with(house);
    let attach = Command::Attach {
        clan: ClanRef(1, 0),
        unit: Some(3),
    };
    ok(&mut b, attach, &[]);
    ok(&mut b, fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO), faces);
    b
}
