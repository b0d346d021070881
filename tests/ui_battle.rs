//! The umpire's main screen driven through the real app: checks settled by click and by
//! typed table faces, an action resolved, undo and redo, undo back to an entry.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::Battle;
use gunbai::rules::sky::Sky;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ClanRef, Phase, UnitRef};
use gunbai::ui::App;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_on(dir, Some(7))
}

const DIGITS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

fn entries(h: &Harness<'_, App>) -> usize {
    h.state().game().expect("a battle").log().len()
}

#[test]
fn opens_on_the_demo_battle_and_settles_checks_by_click_and_by_typed_faces() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    assert_eq!(entries(&h), 0);
    h.get_by_label("Turn 1");
    assert!(
        h.query_all_by_label_contains("Takeda Shingen 武田信玄")
            .count()
            > 0
    );
    h.get_by_label("Required now (1)");

    // One click on Roll settles the initiative.
    h.get_all_by_label("[R] Roll").next().unwrap().click();
    h.run();
    assert_eq!(entries(&h), 1);
    assert!(h.query_all_by_label_contains("initiative").count() > 0);

    // A face no d6 shows is refused on the card and changes nothing.
    let faces = h.get_all_by_label("Table faces").next().unwrap();
    faces.focus();
    faces.type_text("9 9");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entries(&h), 1);
    h.get_by_label_contains("cannot show");

    // Good faces settle the top check.
    let n = h.state().game().unwrap().checks()[0]
        .roll
        .as_ref()
        .unwrap()
        .dice_count();
    let faces = h.get_all_by_label("Table faces").next().unwrap();
    faces.focus();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    faces.type_text(&vec!["3"; n as usize].join(" "));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entries(&h), 2, "typed faces settle the top check");
}

/// Settles the top card with one key: R when it rolls, else its first answer by number.
fn settle_top(h: &mut Harness<'_, App>) {
    let top = &h.state().game().unwrap().checks()[0];
    let roll = top.roll_answer().filter(|_| top.required);
    h.key_press(if roll.is_some() { Key::R } else { Key::Num1 });
    h.run();
}

/// Settles the top card until a clan is activated with actions to spend and nothing else due.
fn activate(h: &mut Harness<'_, App>) -> ClanRef {
    for _ in 0..80 {
        let game = h.state().game().unwrap();
        let state = game.as_any().downcast_ref::<Battle<Sky>>().unwrap().state();
        if let (Phase::Activation { clan }, Some(left)) = (state.phase, state.actions_left)
            && left > 0
            && state.due.is_empty()
        {
            return clan;
        }
        settle_top(h);
    }
    panic!("no clan activated within 80 rolls");
}

fn select(h: &mut Harness<'_, App>, unit: UnitRef) {
    let name = {
        let game = h.state().game().unwrap();
        game.as_any()
            .downcast_ref::<Battle<Sky>>()
            .unwrap()
            .state()
            .unit_name(unit)
    };
    // The unit may be scrolled out of sight in the roster: click it through accessibility.
    h.get_all_by_label(&name).next().unwrap().click_accesskit();
    h.run();
}

#[test]
fn an_action_is_resolved_then_undone_redone_and_undone_back_to_an_entry() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let clan = activate(&mut h);
    select(&mut h, UnitRef(clan.0, clan.1, 0));
    ui_support::open_form(&mut h, "Move");
    let before = entries(&h);
    ui_support::choose(&mut h, "Crossing a wall or obstacle (+1 action)", "No");
    h.get_by_label("Resolve").click();
    h.run();
    assert_eq!(entries(&h), before + 1, "the move is logged");
    assert!(h.query_all_by_label_contains("moves").count() > 0);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(entries(&h), before, "Ctrl+Z takes it back");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(entries(&h), before + 1, "Ctrl+Shift+Z puts it back");

    let all = entries(&h);
    // The log sticks to its newest entries; the first button shown is on a recent one.
    h.get_all_by_label("Undo back to here")
        .next()
        .unwrap()
        .click_accesskit();
    h.run();
    h.get_by_label_contains("Take back ");
    h.get_by_label("Take them back").click();
    h.run();
    let left = entries(&h);
    assert!(
        (1..all).contains(&left),
        "later entries are taken back, the chosen one stays: {left} of {all}"
    );
}

#[test]
fn fire_shows_its_pool_and_odds_and_refuses_too_few_table_faces() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let clan = activate(&mut h);
    let shooter = {
        let game = h.state().game().unwrap();
        let state = game.as_any().downcast_ref::<Battle<Sky>>().unwrap().state();
        state.units_of(clan).into_iter().find(|u| {
            state
                .unit(*u)
                .is_some_and(|x| x.spec.weapons.contains(&Weapon::Bow) || x.loaded)
        })
    };
    let shooter = shooter.expect("the activated clan has a unit that can fire");
    select(&mut h, shooter);
    ui_support::open_form(&mut h, "Fire");
    // Nothing is assumed: no dice until the target, the range and cover are given.
    assert_eq!(h.query_all_by_label_contains("d6cs>=").count(), 0);
    // The first weapon and target the form offers.
    let fire = h
        .state()
        .game()
        .unwrap()
        .action_forms(&shooter.id())
        .into_iter()
        .find(|f| f.key == "fire")
        .unwrap();
    for field in &fire.fields[..2] {
        if let gunbai::engine::Field::Choice { label, options } = field
            && options.len() > 1
        {
            ui_support::choose(&mut h, label, &options[0]);
        }
    }
    ui_support::choose(&mut h, "Range", "In range (measured after declaring)");
    ui_support::choose(&mut h, "Target in cover (building, castle wall)", "No");
    assert!(
        h.query_all_by_label_contains("d6cs>=").count() > 0,
        "the pool's notation is shown"
    );
    assert!(
        h.query_all_by_label_contains("%").count() > 0,
        "with its odds"
    );
    let faces = h.get_by_label("Action table faces");
    faces.focus();
    faces.type_text("1");
    h.run();
    let before = entries(&h);
    // A form that rolls says whose dice its button rolls, beside the table's faces.
    h.get_by_label("Roll (app dice)");
    h.get_by_label("Use faces").click();
    h.run();
    assert_eq!(entries(&h), before, "nothing changes");
    assert!(
        h.query_all_by_label_contains("Refused:").count() > 0,
        "the reason is shown"
    );
    assert_eq!(
        h.get_by_label("Action table faces").value().as_deref(),
        Some("1"),
        "and the faces stay to be mended"
    );
}

#[test]
fn t_types_the_table_faces_and_a_number_takes_a_decision() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    // T puts the cursor in the top card's faces field: typing and Enter settle it.
    h.key_press(Key::T);
    h.run();
    let n = h.state().game().unwrap().checks()[0]
        .roll
        .as_ref()
        .unwrap()
        .dice_count();
    h.get_all_by_label("Table faces")
        .next()
        .unwrap()
        .type_text(&vec!["4"; n as usize].join(" "));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entries(&h), 1, "the typed faces settled the initiative");

    // E takes the step that ends the activation; with actions left it asks, and Enter says
    // yes. A number never ends it.
    activate(&mut h);
    let before = entries(&h);
    let end = h.state().game().unwrap().checks()[0]
        .answers
        .iter()
        .position(|a| !a.rolls)
        .expect("an activation can be ended without dice");
    h.key_press(DIGITS[end]);
    h.run();
    assert_eq!(entries(&h), before, "its number does nothing");
    h.key_press(Key::E);
    h.run();
    if h.query_all_by_label_contains("anyway?").count() > 0 {
        h.key_press(Key::Enter);
        h.run();
    }
    assert_eq!(entries(&h), before + 1);
    assert!(h.query_all_by_label_contains("Activation").count() > 0);
}

#[test]
fn the_log_filters_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    for _ in 0..4 {
        settle_top(&mut h);
    }
    assert!(entries(&h) >= 2);
    assert!(h.query_all_by_label_contains("[activation]").count() > 0);
    h.get_by_label("Kind").click();
    h.run();
    h.get_all_by_label("initiative").last().unwrap().click();
    h.run();
    assert_eq!(
        h.query_all_by_label_contains("[activation]").count(),
        0,
        "other kinds are hidden"
    );
    assert!(
        h.query_all_by_label_contains("[initiative]").count() > 0,
        "the kind asked for is shown"
    );
}

#[test]
fn roster_units_scrolled_out_of_view_stay_reachable_by_name_and_selectable() {
    use egui_kittest::kittest::NodeT as _;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let names: Vec<String> = ui_support::units(&h).into_iter().map(|u| u.name).collect();
    // The demo's roster is longer than the window: its last unit is out of view.
    let last = names.last().unwrap();
    let item = h.get_all_by_label(last).next().unwrap();
    assert!(item.rect().top() > 900.0, "{last} is scrolled out of view");
    for name in &names {
        assert!(
            h.query_all_by_label(name).count() > 0,
            "{name} is in the accessibility tree"
        );
    }
    // Picked without scrolling to it, it is selected and its details show.
    item.click_accesskit();
    h.run();
    h.run();
    let toggled: Vec<_> = h
        .get_all_by_label(last)
        .filter_map(|n| n.accesskit_node().toggled())
        .collect();
    assert_eq!(
        toggled,
        [egui::accesskit::Toggled::True],
        "{last} is marked selected"
    );
    assert!(
        h.query_all_by_label(last).count() >= 2,
        "the centre shows {last} too"
    );
}

#[test]
fn roster_clans_scrolled_out_of_view_keep_their_place_and_are_drawn_when_scrolled_to() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let view = h.state().game().unwrap().view();
    let first = &view.sides[0].groups[0];
    let last = view.sides[1].groups.last().unwrap();
    let leader = format!("Leader: {}", last.leader.as_ref().unwrap().name);
    let (top_unit, foot_unit) = (&first.units[0].name, &last.units.last().unwrap().name);
    let top =
        |h: &Harness<'_, App>, name: &str| h.get_all_by_label(name).next().unwrap().rect().top();
    // At the top of the roster the last clan is out of view: its leader's row is not laid out,
    // while its units are still there by name.
    assert_eq!(
        h.query_all_by_label(&leader).count(),
        0,
        "{leader} is not drawn"
    );
    let apart = top(&h, foot_unit) - top(&h, top_unit);
    // Scrolled to the foot of the roster, the last clan is drawn and the first is held in its
    // place: the two units are as far apart as before, so each clan out of view took the
    // height it has when drawn.
    scroll_roster(&mut h, -20_000.0);
    assert_eq!(
        h.query_all_by_label(&leader).count(),
        1,
        "{leader} is drawn"
    );
    assert!(
        top(&h, top_unit) < 0.0,
        "{top_unit} is scrolled out of view"
    );
    let after = top(&h, foot_unit) - top(&h, top_unit);
    assert!(
        (after - apart).abs() < 1.0,
        "{foot_unit} is {after} below {top_unit}, and was {apart} when the other was drawn"
    );
    // Folded, the clan lists no units, drawn or scrolled out of view.
    h.get_by_label(&last.name).click();
    h.run();
    assert_eq!(h.query_all_by_label(foot_unit).count(), 0, "folded");
    scroll_roster(&mut h, 20_000.0);
    assert_eq!(
        h.query_all_by_label(&leader).count(),
        0,
        "{leader} is out of view"
    );
    assert_eq!(
        h.query_all_by_label(foot_unit).count(),
        0,
        "folded out of view"
    );
}

/// Turns the wheel over the roster by `delta` points and lets the scroll settle.
fn scroll_roster(h: &mut Harness<'_, App>, delta: f32) {
    ui_support::wheel(h, egui::pos2(150.0, 450.0), delta);
    h.run_steps(30);
    h.event(egui::Event::PointerGone);
    h.run();
}
