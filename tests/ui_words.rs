//! Words, not identifiers: counts agree with their nouns, and what the umpire reads is
//! written in sentences, never as a key or a debug dump.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::Battle;
use gunbai::rules::sky::Sky;
use gunbai::ui::App;

/// A sky battle three entries in: initiative, an activation and its actions.
fn three_entries_in() -> Battle<Sky> {
    ui_support::sky_activated([1, 1])
}

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_with(dir, Box::new(three_entries_in()))
}

#[test]
fn one_of_anything_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    // Actions rolled 1 and 1: the higher is 1.
    h.get_by_label_contains("the clan has 1 action.");
    h.get_by_label_contains("(1 action left)");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.get_by_label("Took back 1 entry.");
    h.get_by_label("Battle log (2 entries)");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.get_by_label("Battle log (1 entry)");
}

#[test]
fn the_unit_details_say_its_formation_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_all_by_label_contains("Horse").next().unwrap().click();
    h.run();
    assert!(
        h.query_all_by_label_contains("stands wide").count()
            + h.query_all_by_label("a column").count()
            > 0,
        "a line or a column, in words"
    );
    assert_eq!(h.query_all_by_label_contains("Line(").count(), 0);
}

/// Every ruling an umpire can switch has a title and a sentence for each choice, and every
/// optional rule a title: the New battle dialog never falls back to a key.
#[test]
fn every_switchable_ruling_has_a_title_and_a_sentence_per_choice() {
    #[derive(serde::Deserialize)]
    struct Choices {
        #[serde(default)]
        rulings: std::collections::BTreeMap<String, gunbai::reference::Ruling>,
        #[serde(default)]
        optional: std::collections::BTreeMap<String, gunbai::reference::OptionalRule>,
    }
    for info in gunbai::rules::RULE_SETS {
        let text = gunbai::reference::text(info.key).unwrap();
        let choices: Choices = ron::from_str(text).unwrap();
        for (key, r) in choices.rulings.iter().filter(|(_, r)| r.options.len() > 1) {
            assert!(
                !r.title.is_empty(),
                "{}: ruling {key} has no title",
                info.key
            );
            assert_eq!(r.choices.len(), r.options.len(), "{}: {key}", info.key);
        }
        for (key, o) in &choices.optional {
            assert!(
                !o.title.is_empty(),
                "{}: optional {key} has no title",
                info.key
            );
        }
    }
}
