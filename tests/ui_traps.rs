//! Traps an umpire fell into, each shut and tried through the real app: keys before choosing
//! to resume, a click landing on a card that just slid into place, a stale action tab, and an
//! answer that should open the form it names.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use eframe::egui::{self, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::dice::TableDice;
use gunbai::engine::{Battle, Dice};
use gunbai::rules::sky::state::UnitRef;
use gunbai::rules::sky::{Command, Sky};
use gunbai::ui::App;

fn entries(h: &Harness<'_, App>) -> usize {
    h.state().game().unwrap().log().len()
}

/// A sky battle whose top card asks whether Nobushige's Horse is near enemy Samurai.
fn at_impetus() -> Battle<Sky> {
    ui_support::sky_activated([2, 6])
}

fn harness_with(dir: &std::path::Path, step: f32, game: Battle<Sky>) -> Harness<'static, App> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_step_dt(step)
        .with_max_steps(64)
        .build_eframe(move |cc| App::with_game(cc, dir, Box::new(game)));
    h.run();
    h
}

fn horse(h: &Harness<'_, App>) -> gunbai::rules::sky::state::UnitState {
    let game = h.state().game().unwrap();
    let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
    b.state().unit(UnitRef(0, 0, 0)).unwrap().clone()
}

#[test]
fn keys_pressed_before_choosing_to_resume_change_no_battle() {
    let dir = tempfile::tempdir().unwrap();
    let first = {
        let d = dir.path().to_path_buf();
        let mut h = Harness::builder()
            .with_size(egui::vec2(1400.0, 900.0))
            .build_eframe(move |cc| App::with_data_dir(cc, d));
        h.run();
        h.key_press(Key::R);
        h.run();
        assert_eq!(entries(&h), 1, "the first battle has an entry");
        h.state().game().unwrap().journal_path().unwrap()
    };
    let d = dir.path().to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| App::with_data_dir(cc, d));
    h.run();
    h.get_by_label_contains("Resume your last battle?");
    for key in [Key::R, Key::Space, Key::Num1] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(
        entries(&h),
        0,
        "the demo battle shown meanwhile is untouched"
    );
    assert!(h.query_all_by_label_contains("First choose").count() > 0);
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(h.state().game().unwrap().journal_path().unwrap(), first);
    assert_eq!(entries(&h), 1, "the last battle is the one resumed");
}

#[test]
fn a_click_right_after_the_cards_change_does_not_land_on_the_card_that_slid_into_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_with(dir.path(), 0.05, at_impetus());
    let before = entries(&h);
    h.get_by_label("[1] None within charge distance").click();
    h.step();
    h.step();
    assert_eq!(entries(&h), before + 1);
    // The next card (the Samurai's) now sits where the Horse's was: a click at once is held.
    h.get_by_label("[1] None within charge distance").click();
    h.step();
    h.step();
    assert_eq!(
        entries(&h),
        before + 1,
        "held: the umpire had not seen the new card"
    );
    // A moment later the same click is taken.
    h.run_steps(8);
    h.get_by_label("[1] None within charge distance").click();
    h.run();
    assert_eq!(entries(&h), before + 2);
}

#[test]
fn will_charge_them_opens_that_units_charge_form() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_with(dir.path(), 0.25, at_impetus());
    h.key_press(Key::Num2);
    h.run();
    let lines = h
        .state()
        .game()
        .unwrap()
        .log()
        .last()
        .unwrap()
        .lines
        .clone();
    assert!(lines.iter().any(|l| l.contains("committed")), "{lines:?}");
    assert!(!horse(&h).disordered);
    // The Horse is selected, its Charge form open: the wall question and the targets show,
    // nothing answered that the umpire did not answer.
    assert!(
        h.query_all_by_label("Over a wall or obstacle (+1 action)")
            .count()
            > 0
    );
    assert_eq!(h.query_all_by_label_contains("Charge reach").count(), 0);
    let target = h.state().game().unwrap().action_forms("0.0.0")[0].fields[0].clone();
    let gunbai::engine::Field::Choice { label, options } = target else {
        panic!("the target first")
    };
    ui_support::choose(&mut h, &label, &options[0]);
    ui_support::choose(&mut h, "Over a wall or obstacle (+1 action)", "No");
    assert!(h.query_all_by_label_contains("Charge reach").count() > 0);
}

#[test]
fn selecting_another_unit_opens_no_form_not_the_last_tab_used() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = at_impetus();
    for unit in [UnitRef(0, 0, 0), UnitRef(0, 0, 1)] {
        game.execute_with(
            Command::NoImpetus(unit),
            Dice::Table(TableDice::new(Vec::new())),
        )
        .unwrap();
    }
    let mut h = harness_with(dir.path(), 0.25, game);
    h.get_all_by_label("Nobushige's Samurai")
        .next()
        .unwrap()
        .click_accesskit();
    h.run();
    ui_support::open_form(&mut h, "Fire");
    assert!(h.query_all_by_label("Target").count() > 0, "the Fire form");
    h.get_all_by_label("Nobushige's Yari")
        .next()
        .unwrap()
        .click_accesskit();
    h.run();
    assert_eq!(
        h.query_all_by_label("Target").count(),
        0,
        "not the Fire tab"
    );
    assert!(
        h.query_all_by_label("Choose an order or a record above.")
            .count()
            > 0,
        "no form is chosen until the umpire chooses one"
    );
}

/// A sky battle whose top card is the melee of Nobushige's Horse against Kakizaki's Yari.
fn at_melee() -> Battle<Sky> {
    ui_support::sky_at_melee()
}

#[test]
fn a_big_melee_takes_each_sides_hits_as_one_number() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_with(dir.path(), 0.25, at_melee());
    assert_eq!(h.state().game().unwrap().checks()[0].what, "Melee");
    let before = entries(&h);
    // Too few faces say how many the roll needs.
    let faces = h.get_by_label("Table faces");
    faces.focus();
    faces.type_text("3 4 5");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(
        h.query_all_by_label_contains("3 faces typed; this roll needs")
            .count()
            > 0
    );
    assert_eq!(entries(&h), before);
    // Counts: a number per side.
    let first = h.get_by_label("Side 1 hits of 20");
    first.focus();
    first.type_text("7");
    h.run();
    let second = h
        .get_all_by_label_contains("Side 2 hits of")
        .next()
        .unwrap();
    second.focus();
    second.type_text("3");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(entries(&h), before + 1);
    let game = h.state().game().unwrap();
    let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
    let gunbai::engine::journal::Action::Command { events, .. } =
        &b.entries().last().unwrap().action
    else {
        panic!("a command")
    };
    let hits: Vec<u32> = events
        .iter()
        .find_map(|e| match e {
            gunbai::rules::sky::Event::Melee(rolls) => Some(rolls.iter().map(|r| r.hits).collect()),
            _ => None,
        })
        .unwrap();
    assert_eq!(hits, vec![7, 3]);
}
