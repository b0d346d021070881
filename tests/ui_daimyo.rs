//! The Daimyo rule set on the shared screens of the real app: a clan activated from its
//! card, a unit's movement calculator, a leader's orders, and the log.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::reference::HouseRules;
use gunbai::rules::{demo_rosters, start_battle};
use gunbai::ui::App;

#[path = "ui_support/mod.rs"]
mod ui_support;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    let dir = dir.to_path_buf();
    let journal = dir.join("daimyo.ron");
    let rosters = demo_rosters("daimyo").expect("demo");
    let game =
        start_battle("daimyo", &rosters, HouseRules::default(), Some(&journal)).expect("starts");
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| App::with_game(cc, dir, game));
    h.run();
    h
}

fn entries(h: &Harness<'_, App>) -> usize {
    h.state().game().expect("a battle").log().len()
}

/// Clicks the node with this label, or the top card's button for it ("[1] label").
fn click(h: &mut Harness<'_, App>, label: &str) {
    match h.query_all_by_label(label).next() {
        Some(node) => node.click_accesskit(),
        None => h
            .get_all_by_label_contains(&format!("] {label}"))
            .next()
            .unwrap()
            .click_accesskit(),
    }
    h.run();
}

#[test]
fn a_clan_is_activated_its_units_get_the_movement_calculator_and_leaders_their_orders() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("Activate a clan");
    click(&mut h, "Activate the Ii clan (Eastern Army 東軍)");
    assert_eq!(entries(&h), 1);
    h.get_by_label("Clan active");

    click(&mut h, "Ii yari");
    ui_support::open_form(&mut h, "Move");
    // Nothing is assumed: the calculator waits for every answer.
    assert_eq!(h.query_all_by_label("Movement calculator").count(), 0);
    for field in [
        "Distance outside dense terrain",
        "Distance in dense terrain",
    ] {
        ui_support::type_number(&mut h, field, "0");
    }
    ui_support::type_number(&mut h, "Wheel: distance of the outer flank", "0");
    for (field, option) in [
        ("Light terrain pieces crossed", "None"),
        ("Turn", "None"),
        ("Linear obstacles crossed", "None"),
        ("Along a road", "No"),
        ("Into a building", "No"),
        ("Passes through", "No one"),
        ("Out of command", "No"),
    ] {
        ui_support::choose(&mut h, field, option);
    }
    h.get_by_label("Movement calculator");
    assert!(h.query_all_by_label_contains("Allowance 10 cm").count() > 0);
    assert!(
        h.query_all_by_label_contains("Left after this move: 10 cm")
            .count()
            > 0
    );
    // A move of nothing is refused, in words, and nothing is logged.
    click(&mut h, "Resolve");
    assert!(
        h.query_all_by_label_contains("enter what the unit moved")
            .count()
            > 0
    );
    assert_eq!(entries(&h), 1);

    // The Daimyo joins the first unit of his clan from his own row.
    click(&mut h, "Ii Naomasa 井伊直政");
    ui_support::open_form(&mut h, "Join a unit");
    ui_support::choose(&mut h, "Unit", "Ii red devils");
    ui_support::type_number(&mut h, "Distance he moves to it", "0");
    click(&mut h, "Resolve");
    assert_eq!(entries(&h), 2);
    assert!(h.query_all_by_label_contains("joins Ii red devils").count() > 0);
}
