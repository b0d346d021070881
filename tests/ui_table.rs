//! The umpire's table from 1280×720 to 2560×1440: nothing cut at the small size, the large
//! one used, the scale remembered; and what an umpire glances at readable at arm's length.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::ui::App;

mod ui_support;

fn harness(dir: &std::path::Path, size: (f32, f32)) -> Harness<'static, App> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .build_eframe(move |cc| App::with_data_dir(cc, dir));
    h.run();
    h
}

#[test]
fn at_1280_by_720_the_battle_name_and_the_journals_state_are_inside_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path(), (1280.0, 720.0));
    for label in ["From the Sky we Came", "saved"] {
        let rect = h.get_by_label_contains(label).rect();
        assert!(
            rect.right() <= 1280.0 && rect.left() >= 0.0,
            "{label} is inside the window: {rect:?}"
        );
    }
    let roll = h.get_by_label("[R] Roll").rect();
    assert!(
        roll.bottom() <= 720.0,
        "the top card's Roll is on screen: {roll:?}"
    );
}

/// The top card's ways to settle it come right after its dice and odds, so at the smallest
/// size they are in view above the battle log.
#[test]
fn at_1280_by_720_the_top_cards_roll_and_table_faces_are_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path(), (1280.0, 720.0));
    let log = h.get_by_label_contains("Battle log (").rect();
    for label in ["[R] Roll", "Use faces"] {
        let rect = h.get_by_label(label).rect();
        assert!(
            rect.bottom() <= log.top(),
            "{label} ({rect:?}) is above the battle log ({log:?})"
        );
    }
}

#[test]
fn a_large_window_gives_the_queue_and_the_log_more_room() {
    let dir = tempfile::tempdir().unwrap();
    let small = harness(dir.path(), (1280.0, 720.0));
    let large = harness(dir.path(), (2560.0, 1440.0));
    let queue = |h: &Harness<'_, App>| h.get_by_label_contains("Required now (").rect().left();
    let log = |h: &Harness<'_, App>| h.get_by_label_contains("Battle log (").rect().top();
    // The queue's panel starts further from the right edge, and the log higher from the bottom.
    assert!(2560.0 - queue(&large) > 1.5 * (1280.0 - queue(&small)));
    assert!(1440.0 - log(&large) > 1.5 * (720.0 - log(&small)));
}

#[test]
fn ctrl_plus_scales_the_whole_ui_and_the_next_start_keeps_the_scale() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path(), (1400.0, 900.0));
        assert!((h.ctx.zoom_factor() - 1.0).abs() < 1e-3);
        h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
        h.run();
        assert!(h.ctx.zoom_factor() > 1.1, "{}", h.ctx.zoom_factor());
        // Forms still work at the new scale: a unit can be selected and its actions read.
        h.get_by_label("Nobushige's Horse").click();
        h.run();
        assert_eq!(
            h.get_all_by_label("Nobushige's Horse").count(),
            2,
            "in the roster and above its actions"
        );
    }
    let zoomed = harness(dir.path(), (1400.0, 900.0)).ctx.zoom_factor();
    assert!(zoomed > 1.1, "the scale is remembered: {zoomed}");
    let mut h = harness(dir.path(), (1400.0, 900.0));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    h.run();
    assert!(h.ctx.zoom_factor() < zoomed);
}

#[test]
fn each_units_strength_reads_as_a_bar_as_well_as_a_number() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path(), (1400.0, 900.0));
    h.get_by_role_and_label(
        egui::accesskit::Role::ProgressIndicator,
        "Nobushige's Horse: 4 of 4 stands",
    );
    h.get_by_label_contains("strength: 84 of 84");
}

#[test]
fn a_window_made_larger_gives_the_queue_its_share_of_the_room() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path(), (1280.0, 720.0));
    let queue = |h: &Harness<'_, App>| h.get_by_label_contains("Required now (").rect().left();
    let small = 1280.0 - queue(&h);
    h.set_size(egui::vec2(2560.0, 1440.0));
    h.run();
    let large = 2560.0 - queue(&h);
    assert!(large > 1.6 * small, "{small} then {large}");
}

#[test]
fn a_large_screen_starts_at_a_larger_scale_until_the_umpire_chooses_one() {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path(), (2560.0, 1440.0));
    assert!(
        (h.ctx.zoom_factor() - 1.5).abs() < 1e-3,
        "{}",
        h.ctx.zoom_factor()
    );
    drop(h);
    // The same screen picks the same scale; a laptop-sized one picks 1.
    let h = harness(dir.path(), (1280.0, 720.0));
    assert!(
        (h.ctx.zoom_factor() - 1.0).abs() < 1e-3,
        "{}",
        h.ctx.zoom_factor()
    );
    drop(h);
    // Once the umpire scales, the choice is kept whatever the screen.
    let mut h = harness(dir.path(), (2560.0, 1440.0));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    h.run();
    let chosen = h.ctx.zoom_factor();
    assert!(chosen < 1.5);
    drop(h);
    let h = harness(dir.path(), (2560.0, 1440.0));
    assert!(
        (h.ctx.zoom_factor() - chosen).abs() < 1e-3,
        "{}",
        h.ctx.zoom_factor()
    );
}

/// `gunbai new --ruleset KEY` at 1280×720, for every rule set: its demo battle is open, its
/// heading is inside the window, and the top card's first answer is on screen.
#[test]
fn every_rule_sets_demo_battle_opened_by_gunbai_new_fits_1280_by_720() {
    for info in gunbai::rules::RULE_SETS {
        let dir = tempfile::tempdir().unwrap();
        let h =
            ui_support::app_launched(dir.path(), &["new", "--ruleset", info.key], (1280.0, 720.0));
        let game = h.state().game().expect("started");
        assert_eq!(game.key(), info.key);
        let heading = h.get_by_label_contains(info.title).rect();
        assert!(
            heading.right() <= 1280.0 && heading.bottom() <= 720.0,
            "{}: the heading {heading:?} is inside the window",
            info.key
        );
        let checks = game.checks();
        let top = checks.first().expect("a check to answer first");
        let first = &top.answers[0];
        // A step that ends something takes E, the same key every turn; a required roll R.
        let label = if first.ends {
            format!("[E] {}", first.label)
        } else if top.required && top.roll_answer() == Some(0) {
            format!("[R] {}", first.label)
        } else {
            format!("[1] {}", first.label)
        };
        let rect = h.get_by_label(&label).rect();
        assert!(
            rect.right() <= 1280.0 && rect.bottom() <= 720.0,
            "{}: {label} {rect:?} is on screen",
            info.key
        );
    }
}

#[test]
fn the_scale_follows_the_window_not_the_monitor() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path(), (1400.0, 900.0));
    // On a 2560x1440 monitor, a 1400x900 window still reads at 1: its toolbar on one row
    // and its card whole.
    if let Some(v) = h.input_mut().viewports.get_mut(&egui::ViewportId::ROOT) {
        v.monitor_size = Some(egui::vec2(2560.0, 1440.0));
    }
    h.run();
    assert!(
        (h.ctx.zoom_factor() - 1.0).abs() < 1e-3,
        "a 1400x900 window reads at 1"
    );
    // Maximised on a large monitor: the window grows, and the scale with it.
    h.set_size(egui::vec2(2560.0, 1440.0));
    h.run();
    assert!(
        (h.ctx.zoom_factor() - 1.5).abs() < 1e-3,
        "{}",
        h.ctx.zoom_factor()
    );
}
