//! The app's windows driven through the real app: quick reference, report and export,
//! a damaged roster rejected, the dice tray, and resuming the last battle.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::ui::App;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_on(dir, Some(11))
}

#[test]
fn the_quick_reference_finds_the_arquebus() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.key_press_modifiers(Modifiers::COMMAND, Key::F);
    h.run();
    let search = h.get_by_label("Search");
    search.focus();
    search.type_text("arquebus");
    h.run();
    assert!(
        h.query_all_by_label("Arquebus").count() > 0,
        "the arquebus row is shown"
    );
    assert!(
        h.query_all_by_label("Ranges (inches)").count() > 0,
        "tables are named in words, units in brackets"
    );
    assert_eq!(
        h.query_all_by_label_contains("_").count(),
        0,
        "no snake_case"
    );
    assert!(
        h.query_all_by_label("Firing Procedure").count() > 0,
        "with its rule section"
    );
    assert!(
        h.query_by_label("Command and Bushi").is_none(),
        "rows without the word are hidden"
    );
}

#[test]
fn the_report_shows_charts_and_exports_markdown_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_all_by_label("[R] Roll").next().unwrap().click();
    h.run();
    h.get_by_label("Report").click();
    h.run();
    h.get_by_label("Strength of each side by turn");
    h.get_by_label("Losses per unit");
    h.get_by_label("Export Markdown").click();
    h.run();
    h.get_by_label("Export HTML").click();
    h.run();
    let reports: Vec<_> = std::fs::read_dir(dir.path().join("reports"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(
        reports
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "md"))
    );
    assert!(
        reports
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "html"))
    );
    assert!(h.query_all_by_label_contains("Wrote").count() > 0);
}

#[test]
fn a_damaged_roster_is_rejected_with_its_position_and_the_battle_stays() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(\n    name: \"Broken\",\n    general: (name: \"X\", command: 9),\n    clans: [ (name: 3) ],\n)\n").unwrap();
    let mut h = harness(dir.path());
    let before = h.state().game().unwrap().army_names();
    h.get_by_label("New battle…").click();
    h.run();
    h.get_by_label("Side 1 file").click();
    h.run();
    let path = h.get_by_label("Side 1 roster path");
    path.focus();
    path.type_text(&bad.display().to_string());
    h.run();
    // The button may sit below the house rules: click it through accessibility.
    h.get_by_label("Start the battle").click_accesskit();
    h.run();
    assert!(
        h.query_all_by_label_contains("bad.ron:4:").count() > 0,
        "the problem names file:line:col"
    );
    assert_eq!(
        h.state().game().unwrap().army_names(),
        before,
        "the battle in progress stays"
    );
}

#[test]
fn the_last_battle_is_offered_on_restart_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.get_all_by_label("[R] Roll").next().unwrap().click();
        h.run();
        assert_eq!(h.state().game().unwrap().log().len(), 1);
    }
    let mut h = harness(dir.path());
    assert_eq!(
        h.state().game().unwrap().log().len(),
        0,
        "a fresh demo battle"
    );
    h.get_by_label_contains("Resume your last battle?");
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(
        h.state().game().unwrap().log().len(),
        1,
        "the last battle is back"
    );
    // And it goes on being written: one more entry survives another restart (the top card
    // now offers a clan's activation roll, its first answer).
    h.get_all_by_label("[1] Roll").next().unwrap().click();
    h.run();
    drop(h);
    let mut h = harness(dir.path());
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(h.state().game().unwrap().log().len(), 2);
}

#[test]
fn the_dice_tray_shows_odds_and_rolls() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);
    h.run();
    let notation = h.get_by_label("Notation");
    notation.focus();
    notation.type_text("<=8");
    h.run();
    // The odds are worked out off the UI thread: wait for them.
    for _ in 0..200 {
        if h.query_all_by_label_contains("holds: 72.22%").count() > 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.run();
    }
    assert!(h.query_all_by_label_contains("holds: 72.22%").count() > 0);
    h.get_by_label("Roll it").click();
    h.run();
    assert!(
        h.query_all_by_label_contains(": [").count() > 0,
        "the free roll is in the history"
    );
}

#[test]
fn help_lists_the_shortcuts() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.key_press(Key::F1);
    h.run();
    h.get_by_label("Keyboard shortcuts");
    h.get_by_label("R or Space");
}

#[test]
fn every_rule_set_starts_from_its_demo_rosters_on_the_shared_screens() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    for info in gunbai::rules::RULE_SETS
        .iter()
        .filter(|r| gunbai::rules::demo_rosters(r.key).is_some())
    {
        h.get_by_label("New battle…").click();
        h.run();
        h.get_by_label("Rule set").click();
        h.run();
        h.get_all_by_label(info.title).last().unwrap().click();
        h.run();
        h.get_by_label("Start the battle").click();
        h.run();
        let game = h.state().game().unwrap();
        assert_eq!(game.key(), info.key);
        assert!(
            !game.checks().is_empty(),
            "{}: something is due at the start",
            info.key
        );
        assert!(h.query_all_by_label_contains("Required now (").count() > 0);
        // The first check can be settled with one key: R if it rolls, Shift+E if it is the
        // step that ends something (E alone asks first), else its number.
        let top = &h.state().game().unwrap().checks()[0];
        let roll = top.roll_answer().filter(|_| top.required);
        if top.answers.first().is_some_and(|a| a.ends) {
            h.key_press_modifiers(Modifiers::SHIFT, Key::E);
        } else {
            h.key_press(if roll.is_some() { Key::R } else { Key::Num1 });
        }
        h.run();
        assert_eq!(
            h.state().game().unwrap().log().len(),
            1,
            "{}: one key settles the top check",
            info.key
        );
    }
}

#[test]
fn save_as_copies_the_journal_and_a_damaged_journal_is_refused_without_losing_the_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_all_by_label("[R] Roll").next().unwrap().click();
    h.run();
    h.get_by_label("Journal…").click();
    h.run();
    let copy = dir.path().join("copies").join("kawanakajima.ron");
    let field = h.get_by_label("Save a copy as");
    field.focus();
    field.type_text(&copy.display().to_string());
    h.run();
    h.get_by_label("Save As").click();
    h.run();
    let original = h.state().game().unwrap().journal_path().unwrap();
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read(&original).unwrap()
    );

    for garbage in [
        "not a journal at all\n",
        "",
        "(format: 1)\n\u{0}\u{1}garbage",
    ] {
        let bad = dir.path().join("bad-journal.ron");
        std::fs::write(&bad, garbage).unwrap();
        let field = h.get_by_label("Journal to open");
        field.focus();
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        field.type_text(&bad.display().to_string());
        h.run();
        h.get_by_label("Open journal").click();
        h.run();
        assert!(
            h.query_all_by_label_contains("Could not open").count() > 0,
            "{garbage:?}: the error is shown"
        );
        assert_eq!(
            h.state().game().unwrap().journal_path().unwrap(),
            original,
            "the battle in progress stays"
        );
        assert_eq!(h.state().game().unwrap().log().len(), 1);
    }
}

#[test]
fn a_new_battle_records_the_optional_and_house_rules_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("New battle…").click();
    h.run();
    // Rules and rulings by title and plain sentence, not by their keys.
    assert_eq!(
        h.query_all_by_label_contains("_").count(),
        0,
        "no snake_case"
    );
    h.get_by_label("A first Bushi roll for each unit").click();
    h.run();
    h.get_by_label("Halving hits in cover").click();
    h.run();
    h.get_all_by_label("Round half the hits up")
        .last()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Start the battle").click_accesskit();
    h.run();
    let house = h.state().game().unwrap().house_rules().clone();
    assert!(house.optional.contains("first_bushi_roll"));
    assert_eq!(
        house.rulings.get("cover_rounding").map(String::as_str),
        Some("up")
    );
}

#[test]
fn the_theme_toggles_and_is_kept_for_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.get_by_label("Dark theme").click();
        h.run();
        assert!(h.ctx.global_style().visuals.dark_mode);
    }
    let h = harness(dir.path());
    h.get_by_label("Light theme");
    assert!(h.ctx.global_style().visuals.dark_mode);
}

/// A roster kept in the data directory's `rosters/<key>/` is offered by name beside the
/// demos, without typing its path, and starts a battle.
#[test]
fn a_saved_roster_is_picked_from_the_list_in_the_new_battle_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let rosters = dir.path().join("rosters").join("sky");
    std::fs::create_dir_all(&rosters).unwrap();
    let [takeda, _] = gunbai::rules::demo_rosters("sky").unwrap();
    let mine = takeda
        .source
        .replacen("name: \"Takeda", "name: \"Saved Takeda", 1);
    assert_ne!(mine, takeda.source, "the army's name is renamed");
    std::fs::write(rosters.join("my_takeda.ron"), mine).unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("New battle…").click();
    h.run();
    h.get_by_label("Side 1 saved my_takeda").click();
    h.run();
    h.get_by_label("Start the battle").click_accesskit();
    h.run();
    let names = h.state().game().unwrap().army_names();
    assert!(names[0].starts_with("Saved Takeda"), "{names:?}");
}
