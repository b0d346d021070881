//! Item 4: counts are journalled as counts, and every roll says whose dice it was, in the
//! journal, the log and the report.

use egui_kittest::kittest::Queryable as _;
use gunbai::dice::{RngDice, TableDice};
use gunbai::engine::journal::{Action, Rolled};
use gunbai::engine::{Battle, Dice};
use gunbai::rules::sky::state::UnitRef;
use gunbai::rules::sky::{Command, Event, Sky};

use super::common::{entries, journal, press, sky};
use super::ui_support;

/// The sky melee card, in a battle journalled in `dir`.
fn at_melee_journalled(dir: &std::path::Path) -> Box<dyn gunbai::engine::Game> {
    let mut game = ui_support::journalled(dir, "sky");
    let b = game.as_any_mut().downcast_mut::<Battle<Sky>>().unwrap();
    let table = |faces: &[u32]| Dice::Table(TableDice::new(faces.to_vec()));
    for (command, faces) in [
        (Command::RollInitiative, vec![6, 6, 1, 1]),
        (
            Command::TryActivation(gunbai::rules::sky::state::ClanRef(0, 0)),
            vec![1, 1],
        ),
        (Command::RollActions, vec![2, 6]),
        (Command::NoImpetus(UnitRef(0, 0, 0)), vec![]),
        (Command::NoImpetus(UnitRef(0, 0, 1)), vec![]),
        (
            Command::Charge {
                unit: UnitRef(0, 0, 0),
                target: UnitRef(1, 0, 2),
                cross_obstacle: false,
            },
            vec![],
        ),
        (Command::ChargerTest, vec![1, 1]),
        (Command::TargetTest, vec![1, 1]),
    ] {
        b.execute_with(command, table(&faces)).unwrap();
    }
    game
}

#[test]
fn counts_typed_at_the_table_are_journalled_as_counts_and_every_roll_says_whose_dice() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), at_melee_journalled(dir.path()));
    let before = entries(&h);
    let first = h.get_by_label("Side 1 hits of 20");
    first.focus();
    first.type_text("7");
    h.run();
    let second = h
        .get_all_by_label_contains("Side 2 hits of")
        .next()
        .unwrap();
    second.focus();
    second.type_text("3");
    h.run();
    press(&mut h, eframe::egui::Key::Enter, "");
    assert_eq!(entries(&h), before + 1);
    // The journal keeps the counts, and that the table rolled them; no faces were invented.
    let line = journal(&h).lines().last().unwrap().to_owned();
    assert!(line.contains("(dice:20,hits:7)"), "{line}");
    assert!(line.contains(",hits:3)"), "{line}");
    assert!(line.contains("rolled:Table"), "{line}");
    assert!(
        line.contains("counts:[7,3]"),
        "the counts are kept to run it again: {line}"
    );
    assert!(!line.contains("[6,6,6"), "no faces nobody rolled: {line}");
    let b = sky(&h);
    let Action::Command {
        events,
        dice,
        rolled,
        ..
    } = &b.entries().last().unwrap().action
    else {
        panic!("a command")
    };
    assert_eq!(rolled, &Rolled::Table);
    assert!(dice.is_empty(), "no faces nobody rolled: {dice:?}");
    let melee = events
        .iter()
        .find_map(|e| match e {
            Event::Melee(rolls) => Some(rolls.clone()),
            _ => None,
        })
        .unwrap();
    assert!(melee[0].faces.faces().is_none(), "a count, not faces");
    // The log says the table's dice, and never shows faces.
    let log = h.state().game().unwrap().log().last().unwrap().clone();
    assert_eq!(log.dice.words(), Some("table dice"));
    assert!(
        log.lines.iter().any(|l| l.contains("counted at the table")),
        "{:?}",
        log.lines
    );
    assert!(
        h.query_all_by_label("(table dice)").count() > 0,
        "the Result says whose dice"
    );
    // The report too.
    let report = gunbai::report::markdown(h.state().game().unwrap());
    assert!(report.contains("(table dice)"), "{report}");
    assert!(!report.contains("6 6 6"), "{report}");
}

#[test]
fn a_roll_of_the_apps_dice_says_so_in_the_journal_the_log_and_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = ui_support::journalled(dir.path(), "sky");
    game.answer(
        &game.checks()[0].key.clone(),
        0,
        game.version(),
        Dice::Roll(&mut RngDice::seeded(2)),
    )
    .unwrap();
    let line = std::fs::read_to_string(game.journal_path().unwrap()).unwrap();
    assert!(
        line.lines().last().unwrap().contains("rolled:App"),
        "{line}"
    );
    assert_eq!(game.log().last().unwrap().dice.words(), Some("app dice"));
    assert!(gunbai::report::html(game.as_ref()).contains("(app dice)"));
}

/// A line's body with its checksum written afresh, `)` closing it (format 2).
fn reseal(body: &str) -> String {
    format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()))
}

#[test]
fn a_journal_written_before_whose_dice_was_kept_still_opens_and_says_it_was_not_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), at_melee_journalled(dir.path()));
    press(&mut h, eframe::egui::Key::R, "r");
    let path = h.state().game().unwrap().journal_path().unwrap();
    let entries_now = entries(&h);
    drop(h);
    // The shape this build's predecessors wrote: no `rolled`, under a format 2 header.
    let text = std::fs::read_to_string(&path).unwrap();
    let old: Vec<String> = text
        .lines()
        .map(|line| {
            let Some(body) = line.strip_suffix(&line[line.rfind(",crc:").unwrap()..]) else {
                return line.to_owned();
            };
            let body = ["rolled:App", "rolled:Table", "rolled:Nothing"]
                .iter()
                .fold(body.to_owned(), |b, d| b.replace(&format!(",{d})"), ")"));
            if body.starts_with("(seq:") {
                reseal(&body)
            } else {
                let current = format!("(format:{},", gunbai::engine::journal::FORMAT_VERSION);
                reseal(&body.replacen(&current, "(format:2,", 1))
            }
        })
        .collect();
    assert!(!old.iter().any(|l| l.contains("rolled:")), "{old:?}");
    let old_path = dir.path().join("old.ron");
    std::fs::write(&old_path, old.join("\n") + "\n").unwrap();
    let (game, warnings) = gunbai::rules::open_journal(&old_path, false, false).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(game.log().len(), entries_now);
    assert_eq!(
        game.log().last().unwrap().dice,
        Rolled::Unrecorded,
        "old entries say their dice were not recorded"
    );
    assert!(gunbai::report::markdown(game.as_ref()).contains("(dice not recorded)"));
}
