//! Item 3: no button rolls silently. A form whose roll needs dice shows "Roll (app dice)"
//! beside its table-faces field, in every rule set whose forms roll: daimyo's obedience roll
//! once Out of command is ticked, and sky's and kozeriai's rolling forms before any tick.

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

/// Answers every field of form `form` of the unit named `unit` still unanswered: the first option of a
/// choice, No, none of a list.
fn answer_first_of_each(h: &mut Harness<'_, App>, unit: &str, form: &str) {
    use gunbai::engine::Field;
    let id = ui_support::units(h)
        .into_iter()
        .find(|u| u.name == unit)
        .unwrap()
        .id;
    let fields = h
        .state()
        .game()
        .unwrap()
        .action_forms(&id)
        .into_iter()
        .find(|f| f.key == form)
        .unwrap()
        .fields;
    for field in fields {
        match field {
            Field::Choice { label, options } if options.len() > 1 => {
                ui_support::choose(h, &label, &options[0]);
            }
            Field::Toggle { label } => ui_support::choose(h, &label, "No"),
            Field::Flags { label, .. } => ui_support::choose(h, &label, "None of these"),
            Field::Number { label, bounds, .. } => {
                ui_support::type_number(h, &label, &bounds.min.to_string());
            }
            Field::Choice { .. } => {}
        }
    }
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
    ui_support::open_form(&mut h, "Move");
    ui_support::type_number(&mut h, "Distance outside dense terrain", "5");
    ui_support::type_number(&mut h, "Distance in dense terrain", "0");
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
    // In command: the move rolls no dice, and its button says so by not saying Roll.
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    h.get_by_label("Resolve");
    ui_support::choose(&mut h, "Out of command", "Yes");
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
    let mut h = opened(dir.path(), game, &["Nobushige's Teppo"]);
    ui_support::open_form(&mut h, "Fire");
    // Nothing is assumed: no roll until the target, the range and cover are given.
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    ui_support::choose(&mut h, "Target", "Kakizaki's Horse");
    ui_support::choose(&mut h, "Range", "In range (measured after declaring)");
    ui_support::choose(&mut h, "Target in cover (building, castle wall)", "No");
    roll_app_dice_sits_beside_the_faces_field(&h);
}

#[test]
fn kozeriais_closing_attack_form_says_roll_app_dice_beside_the_table_faces_field_before_any_tick() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = opened(dir.path(), game("kozeriai"), &["Shimada Kambei 島田勘兵衛"]);
    ui_support::open_form(&mut h, "Closing attack");
    // Nothing is assumed: no roll until every question is answered.
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    answer_first_of_each(&mut h, "Shimada Kambei 島田勘兵衛", "closing");
    roll_app_dice_sits_beside_the_faces_field(&h);
}
