//! Item 3: no button rolls silently. A form whose roll needs dice shows "Roll (app dice)"
//! beside its table-faces field, in every rule set whose forms roll: daimyo's obedience roll
//! once Out of command is ticked, sky's rolling forms before any tick, and kozeriai's once its
//! engagement zone question is answered.

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

/// The app on `game`, with `clicks` made in turn: a unit, then its form.
fn opened(dir: &std::path::Path, game: Box<dyn Game>, clicks: &[&str]) -> Harness<'static, App> {
    let mut h = ui_support::app_with(dir, game);
    for label in clicks {
        click(&mut h, label);
    }
    h
}

#[test]
fn daimyos_out_of_command_move_says_roll_app_dice_beside_the_table_faces_field() {
    let dir = tempfile::tempdir().unwrap();
    let clicks = ["Activate the Ii clan (Eastern Army 東軍)", "Ii yari"];
    let mut h = opened(dir.path(), game("daimyo"), &clicks);
    h.get_by_label("Movement calculator");
    // Nothing ticked: the move rolls no dice, and its button says so by not saying Roll.
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    h.get_by_label("Resolve");
    click(&mut h, "Out of command");
    roll_app_dice_sits_beside_the_faces_field(&h);
}

/// The form shown rolls: its button says whose dice it rolls, beside the field for the
/// table's faces, and no button that rolls is called Resolve.
fn roll_app_dice_sits_beside_the_faces_field(h: &Harness<'_, App>) {
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

#[test]
fn skys_fire_form_says_roll_app_dice_beside_the_table_faces_field_before_any_tick() {
    let dir = tempfile::tempdir().unwrap();
    let game = Box::new(ui_support::sky_activated([2, 6]));
    let h = opened(dir.path(), game, &["Nobushige's Teppo", "Fire"]);
    // The form as it opens, nothing ticked or chosen: its volley rolls at once.
    h.get_by_label("Target in cover (building, castle wall)");
    roll_app_dice_sits_beside_the_faces_field(&h);
}

#[test]
fn kozeriais_closing_attack_form_says_roll_app_dice_beside_the_table_faces_field_before_any_tick() {
    let dir = tempfile::tempdir().unwrap();
    let clicks = ["Shimada Kambei 島田勘兵衛", "Closing attack"];
    let mut h = opened(dir.path(), game("kozeriai"), &clicks);
    h.get_by_label("Opponent strikes too");
    // The engagement zone question starts unanswered: nothing rolls until it is answered.
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    h.get_by_label("Opponent in a hex its weapon can attack (its zone diagram)")
        .click();
    h.run();
    h.get_all_by_label("yes").last().unwrap().click();
    h.run();
    // Nothing ticked: the clash rolls both figures' dice.
    roll_app_dice_sits_beside_the_faces_field(&h);
}
