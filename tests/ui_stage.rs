//! The check at centre stage (issue 32): at every window size from 1280×720 up, at the scale
//! the app picks for it, the card the umpire must answer is whole and in view, for a card of
//! each rule set, and so are the Journal window's buttons; the panels keep the sizes the
//! umpire gave them; the log folds to one line.

#![allow(clippy::unwrap_used)]

mod ui_support;

use eframe::egui::{self, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT as _, Queryable as _};
use gunbai::engine::Check;
use gunbai::ui::App;

const RULE_SETS: [&str; 5] = ["sky", "daimyo", "kozeriai", "simple", "skirmish"];

/// Window sizes in pixels, and the scale the app picks for each.
const SIZES: [((f32, f32), f32); 4] = [
    ((1280.0, 720.0), 1.0),
    ((1600.0, 900.0), 1.0),
    ((1920.0, 1080.0), 1.0),
    ((2560.0, 1440.0), 1.5),
];

/// A battle of rule set `key` in a window of `size` pixels, played at random until its top
/// card is a required roll that takes the table's faces.
fn at_a_rolling_card(dir: &std::path::Path, key: &str, size: (f32, f32)) -> Harness<'static, App> {
    use rand::SeedableRng as _;
    let mut h = ui_support::app_launched(dir, &["new", "--ruleset", key], size);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut dice = gunbai::dice::RngDice::seeded(3);
    for _ in 0..400 {
        let top = h.state().game().unwrap().checks().into_iter().next();
        if top.is_some_and(|c| c.required && c.roll_answer().is_some()) {
            break;
        }
        let game = h.state_mut().game_mut().unwrap();
        assert!(game.random_step(&mut rng, &mut dice).unwrap(), "{key}");
    }
    // Drawn at the scale the app picked for the window, settled after the last change.
    for _ in 0..3 {
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(150));
    }
    h.run();
    h
}

fn top(h: &Harness<'_, App>) -> Check<()> {
    h.state().game().unwrap().checks().remove(0)
}

#[test]
fn at_every_window_size_the_top_cards_answers_faces_field_and_error_and_the_journals_buttons_lie_inside_the_window()
 {
    for (size, scale) in SIZES {
        for key in RULE_SETS {
            let dir = tempfile::tempdir().unwrap();
            let mut h = at_a_rolling_card(dir.path(), key, size);
            let window = h.ctx.content_rect();
            assert!(
                (h.ctx.zoom_factor() - scale).abs() < 1e-3,
                "{key} at {size:?}: drawn at the scale the app picks"
            );
            let check = top(&h);
            let inside = |what: &str, rect: egui::Rect| {
                assert!(
                    window.contains_rect(rect),
                    "{key} at {size:?}: {what} of {} at {rect:?} is outside {window:?}",
                    check.what
                );
            };
            // A faces error: T to the field, a face no die of these rules has, Enter.
            ui_support::press(&mut h, Key::T, "t");
            for _ in 0..3 {
                ui_support::press(&mut h, Key::Num9, "9");
            }
            ui_support::press(&mut h, Key::Enter, "");
            let error = h.state().stage_error().unwrap_or_else(|| {
                panic!(
                    "{key} at {size:?}: no faces error on {check:?}; field holds {:?}; entries {}; now {:?}",
                    h.query_by_label("Table faces").map(|n| n.value()),
                    h.state().game().unwrap().entries(),
                    top(&h).what
                )
            });
            let first_line = error.lines().next().unwrap();
            // The stage ends where the centre's unit part begins: what lies lower is cut off.
            let stage_end = h
                .get_by_label_contains("Select a unit in the roster")
                .rect()
                .top();
            let on_stage = |what: &str, rect: egui::Rect| {
                inside(what, rect);
                assert!(
                    rect.bottom() <= stage_end,
                    "{key} at {size:?}: {what} of {} at {rect:?} is below the stage's end {stage_end}",
                    check.what
                );
            };
            on_stage("the error", h.get_by_label_contains(first_line).rect());
            on_stage("the faces field", h.get_by_label("Table faces").rect());
            on_stage("Use faces", h.get_by_label("Use faces").rect());
            for a in check.answers.iter().filter(|a| a.pick.is_none()) {
                let by = By::new()
                    .label_contains(&a.label)
                    .role(egui::accesskit::Role::Button);
                // The card's own buttons: the label, after its key (`[R] Roll`); the queue's
                // rows name answers too, in the turn panel.
                let buttons: Vec<_> = h
                    .query_all(by)
                    .filter(|b| {
                        let label = b.accesskit_node().label().unwrap_or_default();
                        label == a.label || (label.starts_with('[') && label.ends_with(&a.label))
                    })
                    .collect();
                assert!(!buttons.is_empty(), "{key} at {size:?}: {} shown", a.label);
                for b in buttons {
                    on_stage(&a.label, b.rect());
                }
            }
            for title in h.query_all_by_label(&check.what) {
                inside("the card's title", title.rect());
            }
            // The Journal window, listing this battle: its buttons in view too.
            h.get_by_label("Journal…").click();
            h.run();
            for label in ["Open", "Recover", "Export", "Remove"] {
                let buttons: Vec<_> = h.get_all_by_label(label).map(|b| b.rect()).collect();
                assert!(!buttons.is_empty(), "{key} at {size:?}: {label} listed");
                for rect in buttons {
                    inside(label, rect);
                }
            }
            h.state_mut().close_journal_window();
            h.run();
        }
    }
}

#[test]
fn at_1280_by_720_the_toolbar_is_one_row_inside_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
    let labels = [
        "New battle…",
        "Army builder…",
        "Journal…",
        "Report",
        "End battle…",
        "Reference",
        "Dice tray",
        "Players' screen",
        "Dark theme",
        "Help",
        "saved",
    ];
    let first = h.get_by_label(labels[0]).rect();
    for label in labels {
        let rect = h.get_by_label(label).rect();
        assert!(
            (rect.center().y - first.center().y).abs() < 4.0 && rect.right() <= 1280.0,
            "{label} at {rect:?} is on the toolbar's one row, inside the window"
        );
    }
}

#[test]
fn when_nothing_is_selected_the_centre_shows_the_check_and_a_selected_unit_goes_below_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
    let check = top(&h);
    let roll = h.get_by_label("[R] Roll").rect();
    let queue = h.get_by_label_contains("Required now (").rect();
    assert!(
        roll.right() < queue.left(),
        "the check's answers are in the centre, left of the turn panel"
    );
    assert!(
        h.query_by_label("Actions").is_none(),
        "no empty Actions heading"
    );
    h.get_by_label("Nobushige's Horse").click();
    h.run();
    let roll_now = h.get_by_label("[R] Roll").rect();
    assert_eq!(roll_now, roll, "the check stays where it was");
    assert!(
        h.get_all_by_label("Nobushige's Horse")
            .any(|n| n.rect().top() > roll.bottom() && n.rect().left() > roll.left() - 20.0),
        "the unit comes below it, in the centre"
    );
    assert_eq!(top(&h).key, check.key);
}

#[test]
fn a_badge_that_appears_does_not_widen_the_roster() {
    use rand::SeedableRng as _;
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
    let centre = |h: &Harness<'_, App>| {
        h.get_by_label_contains("Select a unit in the roster")
            .rect()
            .left()
    };
    let before = centre(&h);
    let badges = |h: &Harness<'_, App>| {
        ui_support::units(h)
            .iter()
            .map(|u| u.badges.len())
            .sum::<usize>()
    };
    let at_first = badges(&h);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut dice = gunbai::dice::RngDice::seeded(9);
    for _ in 0..60 {
        let game = h.state_mut().game_mut().unwrap();
        assert!(game.random_step(&mut rng, &mut dice).unwrap());
        h.run();
        assert_eq!(centre(&h), before, "the stage stays where it was");
    }
    assert_ne!(badges(&h), at_first, "badges came and went");
}

/// Drags the pointer from `from` to `to` with the primary button held.
fn drag(h: &mut Harness<'_, App>, from: egui::Pos2, to: egui::Pos2) {
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.event(egui::Event::PointerMoved(from));
    h.run();
    h.event(button(from, true));
    h.run();
    for step in 1..=5 {
        h.event(egui::Event::PointerMoved(from.lerp(to, step as f32 / 5.0)));
        h.run();
    }
    h.event(button(to, false));
    h.run();
    h.run();
}

#[test]
fn a_divider_the_umpire_drags_is_kept_between_runs_and_the_log_folds_to_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let centre = |h: &Harness<'_, App>| {
        h.get_by_label_contains("Select a unit in the roster")
            .rect()
            .left()
    };
    let (left, log_top) = {
        let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
        let left = centre(&h);
        // The roster's divider, just left of the centre's margin.
        let edge = left - 8.0;
        drag(
            &mut h,
            egui::pos2(edge, 400.0),
            egui::pos2(edge + 100.0, 400.0),
        );
        let moved = centre(&h);
        assert!(
            (moved - left - 100.0).abs() < 4.0,
            "the roster widened by the drag: {left} to {moved}"
        );
        let log_top = h.get_by_label_contains("Battle log (").rect().top();
        h.get_by_label("▼").click();
        h.run();
        let folded = h.get_by_label_contains("▲ Battle log (").rect();
        assert!(
            folded.top() > log_top + 60.0,
            "folded, the log gives its room back: {log_top} to {folded:?}"
        );
        (moved, log_top)
    };
    let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
    assert!(
        (centre(&h) - left).abs() < 4.0,
        "the roster keeps the width it was dragged to"
    );
    h.get_by_label_contains("▲ Battle log (").click();
    h.run();
    let opened = h.get_by_label_contains("Battle log (").rect().top();
    assert!(
        (opened - log_top).abs() < 4.0,
        "opened again, the log takes its share"
    );
}

#[test]
fn at_1280_by_720_every_window_fits_with_its_buttons_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 720.0));
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
    for (open, button) in [
        ("New battle…", "Start the battle"),
        ("Report", "Export HTML"),
        ("Dice tray", "Roll it"),
        ("Reference", "Search"),
        ("Help", "Keyboard shortcuts"),
        ("Army builder…", "Start from…"),
    ] {
        h.get_by_label(open).click();
        h.run();
        let rect = h.get_by_label(button).rect();
        assert!(
            window.contains_rect(rect),
            "{open}: {button} at {rect:?} is in view"
        );
    }
}

#[test]
fn a_new_card_on_stage_shows_from_its_top() {
    let dir = tempfile::tempdir().unwrap();
    // A low window and a unit selected: the cards are taller than their part of the centre.
    let mut h = ui_support::app_launched(dir.path(), &[], (1280.0, 520.0));
    h.state_mut().seed_dice(2);
    h.get_by_label("Nobushige's Horse").click();
    h.run();
    let title = |h: &Harness<'_, App>| {
        let what = top(h).what;
        h.query_all_by_label(&what)
            .map(|n| n.rect())
            .find(|r| r.left() > 300.0 && r.right() < 960.0)
            .unwrap_or_else(|| panic!("{what} is on stage"))
    };
    let at_first = title(&h);
    let over_card = at_first.center() + egui::vec2(0.0, 100.0);
    ui_support::wheel(&mut h, over_card, -400.0);
    // The scroll eases in, and the pointer over the card shows a hint: frames, not settling.
    h.run_steps(12);
    h.event(egui::Event::PointerGone);
    h.run_steps(4);
    assert!(
        title(&h).top() < at_first.top() - 10.0,
        "the card scrolled: {:?} from {at_first:?}",
        title(&h)
    );
    let first = top(&h).key;
    h.key_press(Key::R);
    h.run();
    std::thread::sleep(std::time::Duration::from_millis(700));
    h.run();
    assert_ne!(top(&h).key, first, "the initiative was rolled");
    let next = title(&h);
    assert!(
        (next.top() - at_first.top()).abs() < 2.0,
        "the next card shows from its top: {next:?}, the first was at {at_first:?}"
    );
}

/// At 1280×720 the first screen of every rule set paints the roster to its edge and the stage
/// right after it (issue 40: no unpainted band between them), and nothing in the roster runs
/// past that edge: every name, measure and header wraps inside it ("wounds to death" whole).
#[test]
fn at_1280_by_720_the_roster_keeps_to_its_share_and_the_stage_starts_at_its_edge() {
    for key in RULE_SETS {
        let dir = tempfile::tempdir().unwrap();
        let mut h =
            ui_support::app_launched(dir.path(), &["new", "--ruleset", key], (1280.0, 720.0));
        h.run();
        // The roster's share of the window (panels.rs): its divider.
        let edge = 1280.0 * 0.24;
        let log_top = h.get_by_label_contains("Battle log (").rect().top();
        let roster: Vec<_> = h
            .get_all_by(|n| {
                n.bounding_box().is_some_and(|b| {
                    b.x0 < f64::from(edge) - 8.0 && b.y0 > 34.0 && b.y1 < f64::from(log_top)
                })
            })
            .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
            // The dividers' handles run across the window.
            .filter(|(label, _)| label != "Resize panel")
            .collect();
        assert!(roster.len() > 5, "{key}: the roster is drawn");
        for (label, rect) in &roster {
            assert!(
                rect.right() <= edge + 1.0,
                "{key}: {label:?} runs past the roster's edge at {edge}: {rect:?}"
            );
        }
        let hint = h
            .get_by_label(
                "Select a unit in the roster to see its details and the actions open to it.",
            )
            .rect();
        assert!(
            hint.left() < edge + 20.0,
            "{key}: the stage starts at {}, not at the roster's edge {edge}",
            hint.left()
        );
    }
}
