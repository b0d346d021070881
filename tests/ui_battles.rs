//! The battles list: every journal in the data directory with its rule set, armies, times,
//! entries and state, to open, recover or remove (moved aside, never deleted).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::{self, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::ui::App;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_on(dir, Some(3))
}

#[test]
fn the_battles_list_opens_a_battle_and_removes_another_to_a_folder_aside() {
    let dir = tempfile::tempdir().unwrap();
    // Two battles played one entry each, in two sessions.
    let mut journals = Vec::new();
    for _ in 0..2 {
        let mut h = harness(dir.path());
        if h.query_by_label("Not now").is_some() {
            h.get_by_label("Not now").click();
            h.run();
        }
        h.key_press(Key::R);
        h.run();
        journals.push(h.state().game().unwrap().journal_path().unwrap());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut h = harness(dir.path());
    h.get_by_label("Not now").click();
    h.run();
    h.get_by_label("Journal…").click();
    h.run();
    // Both played battles, and the demo battle open now.
    h.get_by_label("Battles (3)");
    assert!(h.query_all_by_label("Takeda 武田 vs Uesugi 上杉").count() >= 3);
    h.get_by_label("in progress, open here");
    // Open the first battle from the list, no path typed: newest first, so the last row.
    assert_eq!(h.get_all_by_label("Open").count(), 3);
    let first = journals[0].clone();
    h.get_all_by_label("Open").nth(2).unwrap().click();
    h.run();
    let opened = h.state().game().unwrap().journal_path().unwrap();
    assert_eq!(opened, first, "the oldest row is the first battle");
    assert_eq!(h.state().game().unwrap().log().len(), 1);
    // The demo battle left without an entry is gone; the list reads afresh.
    h.get_by_label("Battles (2)");
    // Remove the second (the newest row): it moves to removed-battles/, nothing is deleted.
    h.get_all_by_label("Remove").next().unwrap().click();
    h.run();
    h.get_by_label_contains("Moved to");
    let removed = dir.path().join("removed-battles");
    assert_eq!(std::fs::read_dir(&removed).unwrap().count(), 1);
    assert!(journals.iter().filter(|j| j.exists()).count() == 1);
}

#[test]
fn a_stale_opened_message_clears_once_the_battle_moves_on() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.key_press(Key::R);
        h.run();
    }
    let mut h = harness(dir.path());
    h.get_by_label("Resume").click();
    h.run();
    assert!(h.state().banner().unwrap().starts_with("Opened"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().banner(), None);
}

#[test]
fn the_battles_list_says_whether_a_battle_was_ended_and_follows_undo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.key_press(Key::R);
    h.run();
    let state_shown = |h: &mut Harness<'static, App>| {
        h.get_by_label("Journal…").click();
        h.run();
        let ended = h.query_by_label("ended, open here").is_some();
        let going = h.query_by_label("in progress, open here").is_some();
        h.state_mut().close_journal_window();
        h.run();
        (ended, going)
    };
    assert_eq!(state_shown(&mut h), (false, true));
    h.get_by_label("End battle…").click();
    h.run();
    h.get_by_label("End the battle").click();
    h.run();
    assert_eq!(state_shown(&mut h), (true, false));
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(state_shown(&mut h), (false, true));
}

#[test]
fn a_listed_battle_exports_its_report_without_being_opened() {
    let dir = tempfile::tempdir().unwrap();
    let played = {
        let mut h = harness(dir.path());
        h.key_press(Key::R);
        h.run();
        h.state().game().unwrap().journal_path().unwrap()
    };
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut h = harness(dir.path());
    h.get_by_label("Not now").click();
    h.run();
    h.get_by_label("Journal…").click();
    h.run();
    // Newest first: the battle played before is the last row.
    h.get_all_by_label("Export").last().unwrap().click();
    h.run();
    h.get_by_label_contains("Wrote its report to");
    let reports: Vec<_> = std::fs::read_dir(dir.path().join("reports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(reports.len(), 1);
    let html = std::fs::read_to_string(&reports[0]).unwrap();
    assert!(html.contains("Takeda"), "the report is of the battle");
    assert_ne!(
        h.state().game().unwrap().journal_path().unwrap(),
        played,
        "exporting does not open it"
    );
}

#[test]
fn at_1280_by_720_the_journal_windows_buttons_lie_inside_the_window() {
    let dir = tempfile::tempdir().unwrap();
    // A battle of each rule set, one entry each, so none is discarded as empty.
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let mut h =
            ui_support::app_launched(dir.path(), &["new", "--ruleset", key], (1280.0, 720.0));
        {
            use rand::SeedableRng as _;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            let mut dice = gunbai::dice::RngDice::seeded(1);
            let game = h.state_mut().game_mut().unwrap();
            assert!(game.random_step(&mut rng, &mut dice).unwrap());
        }
        h.run();
        assert!(
            h.state().game().unwrap().entries() > 0,
            "{key}: one entry made"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
    if h.query_by_label("Not now").is_some() {
        h.get_by_label("Not now").click();
        h.run();
    }
    h.get_by_label("Journal…").click();
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
    for label in ["Open", "Recover", "Export", "Remove"] {
        let buttons: Vec<_> = h.get_all_by_label(label).map(|b| b.rect()).collect();
        assert!(buttons.len() >= 5, "{label}: a button per battle");
        for rect in &buttons {
            assert!(
                window.contains_rect(*rect),
                "{label} at {rect:?} is out of view: {buttons:?}"
            );
        }
    }
}
