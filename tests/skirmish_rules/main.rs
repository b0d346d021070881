//! Samurai Skirmish: one test per rule, named after it, driving the real engine with the
//! faces a table would roll. One module per section of the rules text; the helpers here.
#![allow(clippy::expect_used)] // Tests fail loudly; the lint guards user-supplied data elsewhere.

use gunbai::dice::TableDice;
use gunbai::engine::RuleSet as _;
use gunbai::engine::{Battle, BattleError, Dice};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::skirmish::command::{Ground, Shot};
use gunbai::rules::skirmish::numbers::move_allowance;
use gunbai::rules::skirmish::order::owing_bouts;
use gunbai::rules::skirmish::pending::melee::suggest;
use gunbai::rules::skirmish::state::{Due, FigureRef, Section, Trigger, UnitRef, Wound};
use gunbai::rules::skirmish::{Army, Command, Skirmish, numbers};

// Oda raiders (side 0) and the village defenders (side 1), as in rosters/skirmish/.
const BOWMEN: UnitRef = UnitRef(0, 0);
const TEPPO: UnitRef = UnitRef(0, 1);
const MAEDA: UnitRef = UnitRef(0, 2);
const RONIN: UnitRef = UnitRef(1, 0);
const NINJA: UnitRef = UnitRef(1, 1);
const MONKS: UnitRef = UnitRef(1, 2);
const KINOSHITA: FigureRef = FigureRef(0, 0, 0);
const BOWMAN: FigureRef = FigureRef(0, 0, 1);
const TEPPO_1: FigureRef = FigureRef(0, 1, 1);
const SPEARMAN: FigureRef = FigureRef(0, 1, 7);
const MAEDA_TOSHIIE: FigureRef = FigureRef(0, 2, 0);
const KAMBEI: FigureRef = FigureRef(1, 0, 0);
const HEIHACHI: FigureRef = FigureRef(1, 0, 3);
const NINJA_1: FigureRef = FigureRef(1, 1, 0);
const ABBOT: FigureRef = FigureRef(1, 2, 0);
const MONK_1: FigureRef = FigureRef(1, 2, 1);
const MALLET_MONK: FigureRef = FigureRef(1, 2, 5);

mod firing;
mod forms;
mod melee;
mod morale;
mod movement;
mod mutants;
mod play;
mod results;
mod roster;
mod sequence;

fn demo(file: &str) -> Army {
    let path = format!("{}/rosters/skirmish/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = RosterText::read(std::path::Path::new(&path)).expect("demo roster readable");
    Skirmish::load_army(&text).expect("demo roster valid").army
}

fn custom(source: &str) -> Result<Army, Vec<String>> {
    let text = RosterText {
        file: "t.ron".into(),
        source: source.into(),
    };
    Skirmish::load_army(&text)
        .map(|l| l.army)
        .map_err(|e| e.iter().map(ToString::to_string).collect())
}

fn battle_with(house: HouseRules) -> Battle<Skirmish> {
    Battle::<Skirmish>::start(
        [demo("oda_raiders.ron"), demo("village_defenders.ron")],
        house,
        None,
    )
    .expect("battle starts")
}

fn battle() -> Battle<Skirmish> {
    battle_with(HouseRules::default())
}

fn morale_on() -> HouseRules {
    let mut house = HouseRules::default();
    house.optional.insert("morale".into());
    house
}

/// Morale on, and any unit may be declared to try to rally (ruling `rally`, switched to
/// `any_unit`): a test on demand, for the tests of morale's dice and results.
fn morale_at_will() -> HouseRules {
    let mut house = morale_on();
    house.rulings.insert("rally".into(), "any_unit".into());
    house
}

/// `unit` declares a charge on `target`.
fn charge(unit: UnitRef, target: UnitRef) -> Command {
    Command::DeclareCharge { unit, target }
}

/// The umpire declares a morale test for `unit`.
fn declare(unit: UnitRef, trigger: Trigger) -> Command {
    Command::DeclareMorale { unit, trigger }
}

/// Answers a unit's due morale test: says its ground, then rolls with these faces.
fn take_test(
    b: &mut Battle<Skirmish>,
    unit: UnitRef,
    ground: Ground,
    faces: &[u32],
) -> Vec<String> {
    let mut lines = ok(b, Command::MoraleGround { unit, ground }, &[]);
    lines.extend(ok(b, Command::MoraleTest { unit }, faces));
    lines
}

fn run(
    b: &mut Battle<Skirmish>,
    command: Command,
    faces: &[u32],
) -> Result<Vec<String>, BattleError> {
    b.execute_with(command, Dice::Table(TableDice::new(faces.to_vec())))
        .map(|e| e.lines.clone())
}

fn ok(b: &mut Battle<Skirmish>, command: Command, faces: &[u32]) -> Vec<String> {
    match run(b, command.clone(), faces) {
        Ok(lines) => lines,
        Err(e) => panic!("{command:?} with {faces:?} refused: {e}"),
    }
}

/// Oda wins precedence and moves first.
fn moving(b: &mut Battle<Skirmish>) {
    ok(b, Command::RollPrecedence, &[6, 1]);
    ok(b, Command::MovesFirst(0), &[]);
}

/// Advances to a section of turn 1.
fn at(b: &mut Battle<Skirmish>, section: Section) {
    if b.state().section == Section::Movement && b.state().first.is_none() {
        moving(b);
    }
    while b.state().section != section {
        if b.state().section == Section::Melee {
            // Figures in contact must fight: the rest of the bouts, every die a miss.
            fight_required_bouts(b);
        }
        ok(b, Command::EndSection, &[]);
    }
}

/// A shot at a target `inches` away: 10" is close range for every weapon, 20" long range
/// for a yumi or an arquebus and out of range for thrown weapons.
fn shot(shooters: &[FigureRef], target: FigureRef, inches: u32, cover: bool) -> Shot {
    Shot {
        shooters: shooters.to_vec(),
        target,
        inches,
        cover,
    }
}

fn bout(a: FigureRef, b: FigureRef) -> Command {
    Command::Melee {
        a,
        b,
        obstacle: [false, false],
    }
}

/// Kinoshita takes `hits` from Kambei in a bout (Kambei's 2 dice all hit, Kinoshita misses).
fn kinoshita_hit(b: &mut Battle<Skirmish>) {
    ok(b, Command::Engage(BOWMEN, RONIN), &[]);
    at(b, Section::Melee);
    ok(b, bout(KINOSHITA, KAMBEI), &[1, 1, 1, 1, 6, 6]);
    at(b, Section::Results);
}

/// Fights every required bout card with dice that all miss, the table saying first that
/// neither figure defends an obstacle.
fn fight_required_bouts(b: &mut Battle<Skirmish>) -> usize {
    let mut fought = 0;
    while let Some(card) = b
        .pending()
        .into_iter()
        .find(|c| c.required && c.what == "Melee bout")
    {
        if let Some(neither) = card
            .answers
            .iter()
            .find(|a| a.label == "Neither defends an obstacle")
        {
            ok(b, neither.command.clone(), &[]);
            continue;
        }
        let dice = card.roll.as_ref().map_or(0, |r| r.dice_count());
        let roll = card.answers.iter().find(|a| a.rolls).expect("a roll");
        ok(b, roll.command.clone(), &vec![1; dice as usize]);
        fought += 1;
        assert!(fought < 50, "bouts run out");
    }
    fought
}

/// A figure of the demo with these wounds.
fn wounded(
    b: &Battle<Skirmish>,
    f: FigureRef,
    wounds: &[Wound],
) -> gunbai::rules::skirmish::state::FigureState {
    let mut x = b.state().figure(f).expect("figure").clone();
    x.wounds = wounds.to_vec();
    x
}
