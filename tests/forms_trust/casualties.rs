//! Item 3 through the real app: one click never records a casualty the umpire did not mean.
//! After an order no form is chosen (nothing slides under the pointer); a record that
//! removes, kills or wounds asks once, naming who and what; E never ends a step that skips an
//! offered action without saying so.

use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::dice::TableDice;
use gunbai::engine::{Dice, Game};
use gunbai::rules::sky::Command;
use gunbai::rules::sky::state::UnitRef;
use gunbai::ui::App;

use super::common::{answer, click, entries, game, last_lines, select};
use super::ui_support::{self, choose, open_form, press, type_number};

/// No form is chosen: the tabs wait for the umpire, and there is no button to carry one out.
fn no_form_chosen(h: &Harness<'_, App>) {
    assert!(
        h.query_all_by_label("Choose an order or a record above.")
            .next()
            .is_some(),
        "no form is chosen"
    );
    assert_eq!(h.query_all_by_label("Resolve").count(), 0);
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
}

/// Daimyo's Ii yari ordered to move out of command, its obedience roll failed at the table.
fn ii_yari_disobeyed(dir: &std::path::Path) -> Harness<'static, App> {
    let mut h = ui_support::app_with(dir, super::common::journalled(dir, "daimyo"));
    click(&mut h, "Activate the Ii clan (Eastern Army 東軍)");
    click(&mut h, "Ii yari");
    open_form(&mut h, "Move");
    type_number(&mut h, "Distance outside dense terrain", "5");
    type_number(&mut h, "Distance in dense terrain", "0");
    type_number(&mut h, "Wheel: distance of the outer flank", "0");
    for (field, option) in [
        ("Light terrain pieces crossed", "None"),
        ("Turn", "None"),
        ("Linear obstacles crossed", "None"),
        ("Along a road", "No"),
        ("Into a building", "No"),
        ("Passes through", "No one"),
        ("Out of command", "Yes"),
    ] {
        choose(&mut h, field, option);
    }
    let faces = h.get_by_label("Action table faces");
    faces.focus();
    faces.type_text("1");
    h.run();
    h.get_by_label("Use faces").click();
    h.run();
    h
}

#[test]
fn daimyo_after_a_failed_obedience_roll_no_form_is_chosen_and_a_lost_stand_asks_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ii_yari_disobeyed(dir.path());
    let logged = entries(&h);
    let last = last_lines(&h);
    assert!(
        last.iter().any(|l| l.contains("it halts")),
        "the obedience roll failed: {last:?}"
    );
    // The move form is gone; nothing took its place under the pointer.
    no_form_chosen(&h);
    // A stand lost is recorded only when the umpire says so twice: the count, then yes.
    open_form(&mut h, "Lost stands");
    type_number(&mut h, "Stands lost", "1");
    h.get_by_label("Resolve").click();
    h.run();
    assert_eq!(entries(&h), logged, "asked first");
    assert!(
        h.query_all_by_label_contains("This records that Ii yari loses 1 stand,")
            .next()
            .is_some()
    );
    h.get_by_label("No").click();
    h.run();
    assert_eq!(entries(&h), logged, "no: nothing recorded");
    h.get_by_label("Resolve").click();
    h.run();
    h.get_by_label("Yes: Lost stands").click();
    h.run();
    assert_eq!(entries(&h), logged + 1, "yes: the loss is recorded");
    no_form_chosen(&h);
}

#[test]
fn daimyo_a_leader_reached_by_an_enemy_unit_is_recorded_killed_only_once_the_umpire_says_yes() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), super::common::journalled(dir.path(), "daimyo"));
    let leader = ui_support::units(&h)
        .into_iter()
        .find(|u| {
            h.state()
                .game()
                .unwrap()
                .action_forms(&u.id)
                .iter()
                .any(|f| f.key == "contacted")
        })
        .expect("an unattached leader");
    select(&mut h, &leader.name);
    open_form(&mut h, "Reached by an enemy unit");
    let form = h
        .state()
        .game()
        .unwrap()
        .action_forms(&leader.id)
        .into_iter()
        .find(|f| f.key == "contacted")
        .unwrap();
    let gunbai::engine::Field::Choice { options, .. } = &form.fields[0] else {
        panic!("the enemy unit")
    };
    choose(&mut h, "Enemy unit", &options[0]);
    let before = entries(&h);
    h.get_by_label("Resolve").click();
    h.run();
    assert_eq!(entries(&h), before, "asked first");
    let asked = format!("is killed, reached by {}", options[0]);
    assert!(h.query_all_by_label_contains(&asked).next().is_some());
    h.get_by_label("No").click();
    h.run();
    assert_eq!(entries(&h), before);
}

#[test]
fn sky_after_a_clan_leader_joins_the_leave_form_is_not_chosen_for_the_next_click() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = ui_support::sky_activated([2, 6]);
    // The Samurai near enemy Samurai: none within charge distance.
    for unit in [UnitRef(0, 0, 0), UnitRef(0, 0, 1)] {
        let none = Dice::Table(TableDice::new(Vec::new()));
        game.execute_with(Command::NoImpetus(unit), none).unwrap();
    }
    let mut h = ui_support::app_with(dir.path(), Box::new(game));
    select(&mut h, "Nobushige's Teppo");
    open_form(&mut h, "Clan Leader joins");
    let before = entries(&h);
    h.get_by_label("Resolve").click();
    h.run();
    assert_eq!(entries(&h), before + 1, "he joins");
    assert!(h.query_all_by_label("Clan Leader leaves").next().is_some());
    no_form_chosen(&h);
}

/// Plays `game` by ending each stage with its E answer until a card `what` is offered.
fn end_stages_until(game: &mut dyn Game, what: &str) {
    for _ in 0..12 {
        if game.checks().iter().any(|c| c.what == what) {
            return;
        }
        let stage = game
            .checks()
            .into_iter()
            .find(|c| c.answers.iter().any(|a| a.ends))
            .expect("a step that ends the stage");
        let end = stage.answers.iter().find(|a| a.ends).unwrap().label.clone();
        answer(game, &stage.what, &end, &[]);
    }
    panic!("no {what} card offered");
}

/// E, with a shot still offered on stage: it asks on the stage, and ends nothing until the
/// umpire says yes.
fn e_asks_before_skipping_the_offered_shot(game: Box<dyn Game>) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    let before = entries(&h);
    // The stage names the E key even though the step it takes is on another card.
    assert!(
        h.query_all_by_label_contains("[E] End").next().is_some(),
        "[E] shown on the stage"
    );
    press(&mut h, Key::E, "e");
    assert_eq!(entries(&h), before, "E asked first");
    let asked = h
        .get_all_by_label_contains("Could still shoot: ")
        .next()
        .expect("the question names who could still shoot");
    let window = h.ctx.content_rect();
    assert!(window.contains_rect(asked.rect()), "asked in view");
    press(&mut h, Key::Escape, "");
    assert_eq!(entries(&h), before, "Esc: nothing ends");
    press(&mut h, Key::E, "e");
    press(&mut h, Key::Enter, "");
    assert_eq!(entries(&h), before + 1, "yes: the step ends");
}

#[test]
fn kozeriai_e_with_a_loaded_shooters_shot_offered_asks_before_ending_the_fighting() {
    let mut g = game("kozeriai");
    end_stages_until(g.as_mut(), "Could shoot");
    e_asks_before_skipping_the_offered_shot(g);
}

#[test]
fn skirmish_e_with_shots_offered_asks_before_ending_the_firing_section() {
    let mut g = game("skirmish");
    answer(g.as_mut(), "Precedence", "Roll", &[6, 1]);
    answer(g.as_mut(), "Who moves first?", "moves first", &[]);
    end_stages_until(g.as_mut(), "Could shoot");
    e_asks_before_skipping_the_offered_shot(g);
}

#[test]
fn daimyo_a_record_left_armed_is_not_chosen_when_the_next_turn_starts() {
    use rand::SeedableRng as _;
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), super::common::journalled(dir.path(), "daimyo"));
    click(&mut h, "Activate the Ii clan (Eastern Army 東軍)");
    select(&mut h, "Ii yari");
    open_form(&mut h, "Lost stands");
    type_number(&mut h, "Stands lost", "1");
    assert!(h.query_all_by_label("Resolve").next().is_some(), "armed");
    // The battle plays on, off the form, into the next turn.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let mut dice = gunbai::dice::RngDice::seeded(4);
    for _ in 0..400 {
        if h.state().game().unwrap().view().turn > 1 {
            break;
        }
        let game = h.state_mut().game_mut().unwrap();
        assert!(game.random_step(&mut rng, &mut dice).unwrap());
    }
    assert!(h.state().game().unwrap().view().turn > 1, "the next turn");
    h.run();
    assert!(
        h.query_all_by_label("Ii yari").next().is_some(),
        "still selected"
    );
    no_form_chosen(&h);
}
