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

/// A count says "1 hit" or "3 hits", never "3 hit(s)": in every log line of random play of
/// each rule set's demo, and on the screen the app shows at each step where the log grows
/// (its cards, badges, details and log).
#[test]
fn counts_in_the_log_and_on_screen_agree_with_their_nouns() {
    use egui_kittest::kittest::NodeT as _;
    use rand::SeedableRng as _;
    let lazy = |text: &str| text.contains("(s)") || text.contains("(es)");
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let dir = tempfile::tempdir().unwrap();
        let mut h =
            ui_support::app_launched(dir.path(), &["new", "--ruleset", key], (1400.0, 900.0));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut dice = gunbai::dice::RngDice::seeded(7);
        for step in 0..250 {
            let game = h.state_mut().game_mut().unwrap();
            if !game.random_step(&mut rng, &mut dice).unwrap() {
                break;
            }
            if step % 10 != 0 {
                continue;
            }
            h.run();
            let shown: Vec<String> = h
                .root()
                .children_recursive()
                .filter_map(|n| n.accesskit_node().label())
                .filter(|l| lazy(l))
                .collect();
            assert!(shown.is_empty(), "{key}, step {step}: {shown:?}");
        }
        let game = h.state().game().unwrap();
        let lines: Vec<&String> = game
            .log()
            .iter()
            .flat_map(|e| &e.lines)
            .filter(|l| lazy(l))
            .collect();
        assert!(lines.is_empty(), "{key}: {lines:?}");
    }
}
