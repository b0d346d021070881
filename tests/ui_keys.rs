//! The check protocol through the real app: roll keys only ever roll, decisions take their own
//! key or click, and an answer given on a screen the battle has since changed under is refused.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::Battle;
use gunbai::rules::sky::Sky;
use gunbai::rules::sky::state::{Due, UnitRef};
use gunbai::ui::App;

/// A sky battle whose top card asks whether Nobushige's Horse is near enemy Samurai: a
/// required card of decisions only.
fn at_a_decision() -> Battle<Sky> {
    ui_support::sky_activated([2, 6])
}

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_with(dir, Box::new(at_a_decision()))
}

fn entries(h: &Harness<'_, App>) -> usize {
    h.state().game().unwrap().log().len()
}

fn horse_due(h: &Harness<'_, App>) -> bool {
    let game = h.state().game().unwrap();
    let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
    b.state().due.contains(&Due::Impetus(UnitRef(0, 0, 0)))
}

#[test]
fn r_and_space_never_take_a_decision_a_number_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let top = h.state().game().unwrap().checks()[0].clone();
    assert!(top.required && top.roll_answer().is_none(), "{top:?}");
    let before = entries(&h);
    for key in [Key::R, Key::Space] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(entries(&h), before, "R and Space did nothing");
    assert!(horse_due(&h));
    // The card says which keys do what.
    assert!(h.query_all_by_label_contains("R does nothing here").count() > 0);
    h.key_press(Key::Num1);
    h.run();
    assert_eq!(entries(&h), before + 1, "1 took the first answer");
    assert!(!horse_due(&h));
}

#[test]
fn an_answer_given_on_a_card_the_battle_changed_under_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let before = entries(&h);
    // In one frame: the key 1 answers the top card, and a click lands on the same card's
    // second button as drawn before that answer. The click's answer is stale.
    let second = h.state().game().unwrap().checks()[0].answers[1]
        .label
        .clone();
    h.get_by_label(&format!("[2] {second}")).click();
    h.key_press(Key::Num1);
    h.run();
    assert_eq!(
        entries(&h),
        before + 1,
        "only the first answer was carried out"
    );
    assert!(
        h.query_all_by_label_contains("the battle changed since this was shown")
            .count()
            > 0,
        "the stale answer is refused, and says why"
    );
}
