//! Shared helpers for the Kozeriai rule tests: commands fed with the faces a table would roll,
//! stage changes, and the orders most tests build.

#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)] // Each test file uses its own share.

use gunbai::dice::TableDice;
use gunbai::engine::journal::Action as JournalAction;
use gunbai::engine::{Battle, BattleError, Dice};
use gunbai::reference::HouseRules;
use gunbai::rules::kozeriai::command::{
    ClashKind, ClashOrder, Fighter, ShotOrder, Situation, Visibility,
};
use gunbai::rules::kozeriai::state::{FigureRef, Stage};
use gunbai::rules::kozeriai::{Command, Event, Kozeriai};

pub fn with_optional(keys: &[&str]) -> HouseRules {
    let mut house = HouseRules::default();
    house.optional.extend(keys.iter().map(|k| (*k).to_owned()));
    house
}

/// The face to type for a die read `n` (0-9): the 0 face is typed as 10.
pub fn face(n: u32) -> u32 {
    if n == 0 { 10 } else { n }
}

pub fn run(b: &mut Battle<Kozeriai>, command: Command, reads: &[u32]) -> Result<(), BattleError> {
    let faces = reads.iter().map(|&r| face(r)).collect();
    b.execute_with(command, Dice::Table(TableDice::new(faces)))
        .map(|_| ())
}

pub fn ok(b: &mut Battle<Kozeriai>, command: Command, reads: &[u32]) -> Vec<Event> {
    if let Err(e) = run(b, command.clone(), reads) {
        panic!("{command:?} with {reads:?} refused: {e}");
    }
    match &b.entries().last().expect("an entry").action {
        JournalAction::Command { events, .. } => events.clone(),
        other => panic!("not a command entry: {other:?}"),
    }
}

pub fn refused(b: &mut Battle<Kozeriai>, command: Command, reads: &[u32]) -> String {
    match run(b, command.clone(), reads) {
        Ok(()) => panic!("{command:?} was allowed"),
        Err(e) => e.to_string(),
    }
}

/// Ends stages until the given contingent's stage.
pub fn at(b: &mut Battle<Kozeriai>, contingent: usize, stage: Stage) {
    while b.state().current != contingent || b.state().stage != stage {
        ok(b, Command::EndStage, &[]);
    }
}

/// Ends stages until the next turn begins.
pub fn next_turn(b: &mut Battle<Kozeriai>) {
    let turn = b.state().turn;
    while b.state().turn == turn {
        ok(b, Command::EndStage, &[]);
    }
}

pub fn fighter(figure: FigureRef, weapon: &str) -> Fighter {
    Fighter {
        figure,
        weapon: weapon.into(),
        ni_ten: false,
        iaijutsu: false,
        situation: Situation::default(),
    }
}

pub fn strike(a: FigureRef, aw: &str, d: FigureRef, dw: &str) -> ClashOrder {
    ClashOrder {
        attacker: fighter(a, aw),
        defender: fighter(d, dw),
        kind: ClashKind::Strike,
        both_strike: false,
        closing: false,
        moving: false,
        range: 1,
    }
}

pub fn shot(shooter: FigureRef, target: FigureRef, weapon: &str, range_hexes: u32) -> ShotOrder {
    ShotOrder {
        shooter,
        target,
        weapon: weapon.into(),
        range_hexes,
        visibility: Visibility::Clear,
        shot_at: false,
        rain: false,
        deflect: false,
        in_hand: None,
        earlier_arrows: 0,
    }
}

/// The modifiers of one side of a clash, as its card would list them: (reason, value).
pub fn modifier_values(
    rules: &gunbai::rules::kozeriai::Rules,
    state: &gunbai::rules::kozeriai::State,
    order: &ClashOrder,
    side: usize,
) -> Vec<(String, i64)> {
    gunbai::rules::kozeriai::numbers::clash::numbers(rules, state, order)
        .expect("clash numbers")
        .sides[side]
        .modifiers
        .iter()
        .map(|m| (m.reason.clone(), m.value))
        .collect()
}

pub fn has(mods: &[(String, i64)], reason: &str, value: i64) -> bool {
    mods.iter().any(|(r, v)| r.contains(reason) && *v == value)
}
