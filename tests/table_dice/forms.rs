//! Items 3 and 5: no button rolls silently, and a form's choice that went stale is cleared
//! and says so, never swapped for another by itself.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::Game;
use gunbai::reference::HouseRules;
use gunbai::rules::{demo_rosters, start_battle};
use gunbai::ui::App;

use super::ui_support;

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

fn game(key: &str) -> Box<dyn Game> {
    start_battle(
        key,
        &demo_rosters(key).unwrap(),
        HouseRules::default(),
        None,
    )
    .unwrap()
}

#[test]
fn a_form_whose_roll_needs_dice_says_roll_app_dice_beside_the_table_faces_field() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game("daimyo"));
    click(&mut h, "Activate the Ii clan (Eastern Army 東軍)");
    click(&mut h, "Ii yari");
    h.get_by_label("Movement calculator");
    // Nothing ticked: the move rolls no dice, and its button says so by not saying Roll.
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    h.get_by_label("Resolve");
    click(&mut h, "Out of command");
    let roll = h.get_by_label("Roll (app dice)").rect();
    let faces = h.get_by_label("Action table faces").rect();
    assert!(
        (roll.center().y - faces.center().y).abs() < 16.0 && faces.left() > roll.right(),
        "side by side: {roll:?}, {faces:?}"
    );
    assert_eq!(
        h.query_all_by_label("Resolve").count(),
        0,
        "no button that rolls is called Resolve"
    );
}
