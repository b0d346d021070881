//! Kozeriai, read passage by passage (`docs/rules/kozeriai.md`): a test for every rule the
//! reading found refereed wrongly or not asserted, named after its rule, driving the engine
//! with the faces a table would roll (a d10 read 0-9: the 0 face is typed as 10).
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

#[path = "../kozeriai_support/mod.rs"]
mod kozeriai_support;

mod causes;
mod clauses;
mod dues;
mod glossary;
mod mutants;
mod reading;
mod roster;
mod shooting;
mod weapons;
mod zones;

use gunbai::engine::{Battle, RuleSet as _};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::kozeriai::command::{Action, Step};
use gunbai::rules::kozeriai::state::{FigureRef, FigureState};
use gunbai::rules::kozeriai::{Army, Command, Event, Kozeriai};

pub use kozeriai_support::*;

const EAST: &str = r#"(
    name: "East",
    figures: [
        (name: "Taro", player: "P1", skills: {"Katana": 3, "Kyu": 4}, armour: Part),
        (name: "Kusa", player: "P1", skills: {"Kusarigama": 3, "Manrikigusari": 3, "Kawa-Nawa": 3, "Kumade": 2, "Feruzue": 3}),
        (name: "Yumi", player: "P1", skills: {"Kyu": 4, "Yari": 3}, horse: true),
        (name: "Sohei", player: "P1", skills: {"Bo": 3, "Sodegarami": 3, "Ono": 2}, ki_ai: 6),
        (name: "Kensei", player: "P1", skills: {"Katana": 6, "Kyu": 3, "Tanto": 2}, iaijutsu: 6, ni_ten: 5,
         heroic: true, stamina: 15, armour: Full),
    ],
)"#;

const WEST: &str = r#"(
    name: "West",
    figures: [
        (name: "Goro", player: "P2", skills: {"Katana": 3, "Naginata": 3}, armour: Armoured,
         yadomejutsu: {"Katana": 12, "Jujutsu": 9}, ni_ten: 4),
        (name: "Hachi", player: "P2", skills: {"Katana": 0, "Tanto": 1}),
        (name: "Jo", player: "P2", skills: {"Yari": 2}),
        (name: "Teppo", player: "P2", skills: {"Teppo": 3, "Katana": 0}),
    ],
)"#;

pub const TARO: FigureRef = FigureRef(0, 0);
pub const KUSA: FigureRef = FigureRef(0, 1);
pub const YUMI: FigureRef = FigureRef(0, 2);
pub const SOHEI: FigureRef = FigureRef(0, 3);
pub const KENSEI: FigureRef = FigureRef(0, 4);
pub const GORO: FigureRef = FigureRef(1, 0);
pub const HACHI: FigureRef = FigureRef(1, 1);
pub const JO: FigureRef = FigureRef(1, 2);
pub const TEPPO: FigureRef = FigureRef(1, 3);

pub fn army(file: &str, source: &str) -> Army {
    let text = RosterText {
        file: file.into(),
        source: source.into(),
    };
    Kozeriai::load_army(&text)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .army
}

pub fn battle_with(house: HouseRules) -> Battle<Kozeriai> {
    let armies = [army("east.ron", EAST), army("west.ron", WEST)];
    Battle::<Kozeriai>::start(armies, house, None).expect("battle starts")
}

pub fn battle() -> Battle<Kozeriai> {
    battle_with(HouseRules::default())
}

/// The house rules with one ruling switched to another of its options.
pub fn ruled(key: &str, option: &str) -> HouseRules {
    let mut house = HouseRules::default();
    house.rulings.insert(key.into(), option.into());
    house
}

pub fn act(b: &mut Battle<Kozeriai>, figure: FigureRef, action: Action) -> Vec<Event> {
    ok(b, Command::Act { figure, action }, &[])
}

pub fn step(step: Step) -> Action {
    Action::Step {
        step,
        reload: false,
        aim: None,
        jump: false,
    }
}

pub fn fig(b: &Battle<Kozeriai>, f: FigureRef) -> FigureState {
    b.state().figure(f).expect("figure").clone()
}

/// The log's sentences for the last command.
pub fn last_lines(b: &Battle<Kozeriai>) -> Vec<String> {
    b.log().last().map(|l| l.lines.clone()).unwrap_or_default()
}
