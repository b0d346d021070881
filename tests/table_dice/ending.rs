//! Item 6 and the keys of item 8: a key never ends more than the umpire meant, and the step
//! that ends something has the same key, E, wherever its card is.

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable as _;
use gunbai::rules::sky::state::Phase;

use super::common::{entries, press, sky};
use super::ui_support;

#[test]
fn pressing_1_three_times_never_ends_the_activation_with_actions_left() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), Box::new(ui_support::sky_activated([2, 6])));
    let before = entries(&h);
    for _ in 0..3 {
        press(&mut h, Key::Num1, "1");
    }
    assert_eq!(
        entries(&h),
        before + 2,
        "the two impetus cards took their 1; the third press ended nothing"
    );
    assert!(matches!(sky(&h).state().phase, Phase::Activation { .. }));
    assert_eq!(sky(&h).state().actions_left, Some(6));
    // E is the activation's end: with actions left it asks once, and Enter answers.
    h.get_by_label("[E] End activation");
    press(&mut h, Key::E, "e");
    assert_eq!(entries(&h), before + 2, "asked, not ended");
    h.get_by_label_contains("6 actions left: End activation anyway?");
    press(&mut h, Key::Escape, "");
    assert_eq!(h.query_all_by_label_contains("anyway?").count(), 0);
    press(&mut h, Key::E, "e");
    press(&mut h, Key::Enter, "");
    assert_eq!(entries(&h), before + 3);
    assert!(!matches!(sky(&h).state().phase, Phase::Activation { .. }));
}

#[test]
fn shift_and_the_key_ends_at_once_when_the_umpire_means_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), Box::new(ui_support::sky_activated([2, 6])));
    press(&mut h, Key::Num1, "1");
    press(&mut h, Key::Num1, "1");
    let before = entries(&h);
    h.key_press_modifiers(Modifiers::SHIFT, Key::E);
    h.run();
    assert_eq!(entries(&h), before + 1);
}

#[test]
fn skirmishs_end_section_takes_e_wherever_its_card_is() {
    let dir = tempfile::tempdir().unwrap();
    let game = gunbai::rules::start_battle(
        "skirmish",
        &gunbai::rules::demo_rosters("skirmish").unwrap(),
        gunbai::reference::HouseRules::default(),
        None,
    )
    .unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    // Precedence first (R rolls it), then the choice of who moves first (1).
    press(&mut h, Key::R, "r");
    while h.state().game().unwrap().checks()[0].what == "Precedence" {
        press(&mut h, Key::R, "r");
    }
    press(&mut h, Key::Num1, "1");
    // The section's card sits below the top card (out of view, it is not drawn): E reaches it.
    let top = h.state().game().unwrap().checks()[0].what.clone();
    assert_ne!(top, "Movement section", "the end is not the top card");
    let before = entries(&h);
    press(&mut h, Key::E, "e");
    if h.query_all_by_label_contains("anyway?").count() > 0 {
        press(&mut h, Key::Enter, "");
    }
    assert_eq!(entries(&h), before + 1, "E ended the movement section");
}

#[test]
fn daimyos_end_turn_takes_the_same_key_every_turn() {
    let dir = tempfile::tempdir().unwrap();
    let game = gunbai::rules::start_battle(
        "daimyo",
        &gunbai::rules::demo_rosters("daimyo").unwrap(),
        gunbai::reference::HouseRules::default(),
        None,
    )
    .unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    for turn in 1..=2 {
        let end = format!("[E] End turn {turn}");
        h.get_by_label(&end);
        press(&mut h, Key::E, "e");
        // Clans not yet activated: it asks first.
        h.get_by_label_contains("Not yet activated");
        press(&mut h, Key::Enter, "");
        assert_eq!(h.state().game().unwrap().view().turn, turn + 1);
    }
}
