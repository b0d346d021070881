//! Item 6's forms: at 1280×720 every form of each rule set is whole, its button in view; a
//! question is asked where it is seen; a card chosen from the queue is worked on the stage;
//! clicks land where they did (tabs in one order, a new unit's form from its top, numbered
//! answers that keep their numbers).

use eframe::egui::{self, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gunbai::engine::Field;
use gunbai::ui::App;
use rand::SeedableRng as _;

use std::collections::BTreeSet;

use super::common::{centre_right, click, entries, select};
use super::ui_support::{self, choose, press, type_number};
use super::{kinds, reach, scripted};

const SMALL: (f32, f32) = (1280.0, 720.0);

/// Answers every field of the form open now: the first option, No, none of a list, the least
/// number.
fn answer_all(h: &mut Harness<'static, App>, fields: &[Field]) {
    for field in fields {
        match field {
            Field::Choice { label, options } if options.len() > 1 => {
                choose(h, label, &options[0]);
            }
            Field::Toggle { label } => choose(h, label, "No"),
            Field::Flags { label, .. } => choose(h, label, "None of these"),
            Field::Number { label, bounds, .. } => {
                type_number(h, label, &bounds.min.to_string());
            }
            Field::Choice { .. } => {}
        }
    }
}

/// The form open now is whole: each field inside the centre's width, its button (Resolve or
/// Roll) inside the window and the centre, before and after every field is answered.
fn whole(h: &mut Harness<'static, App>, what: &str, fields: &[Field]) {
    let window = h.ctx.content_rect();
    let right = centre_right(h);
    let button_in_view = |h: &Harness<'_, App>, when: &str| {
        let button = h
            .query_all_by_label("Roll (app dice)")
            .chain(h.query_all_by_label("Resolve"))
            .next()
            .unwrap_or_else(|| panic!("{what} {when}: no button"));
        let rect = button.rect();
        assert!(
            window.contains_rect(rect) && rect.right() <= right,
            "{what} {when}: its button at {rect:?} is out of view ({window:?}, centre to {right})"
        );
    };
    button_in_view(h, "as it opens");
    for field in fields {
        let label = field.label();
        for node in h
            .query_all_by_label(label)
            .chain(h.query_all_by_label_contains(&format!("{label}: ")))
        {
            let rect = node.rect();
            assert!(
                rect.right() <= right + 1.0,
                "{what}: {label} at {rect:?} runs past the centre ({right})"
            );
        }
    }
    answer_all(h, fields);
    button_in_view(h, "answered");
}

/// Opens, at 1280×720, every kind of form rule set `key` offers (as listed in
/// [`kinds::forms`]) and checks it is whole: first those its demo battle offers in the app's
/// own random play, then those random play of the engine reaches over more seeds, each on the
/// state where it was offered, then those no random play reaches, each on its scripted state
/// ([`scripted::states`]). Every kind is opened.
fn every_form_whole(key: &str) {
    let all = kinds::forms(key);
    let scripted = scripted::states(key);
    let scripted_kinds: BTreeSet<String> = scripted.iter().map(|s| s.kind.to_owned()).collect();
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &["new", "--ruleset", key], SMALL);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut dice = gunbai::dice::RngDice::seeded(5);
    let mut met = BTreeSet::new();
    for _ in 0..300 {
        let game = h.state().game().unwrap();
        let due: Vec<(String, String)> = ui_support::units(&h)
            .into_iter()
            .filter(|u| {
                game.action_forms(&u.id)
                    .iter()
                    .any(|f| !met.contains(&f.key))
            })
            .map(|u| (u.id, u.name))
            .collect();
        for (id, name) in due {
            h.run();
            for form in h.state().game().unwrap().action_forms(&id) {
                if !met.contains(&form.key) {
                    open_whole(&mut h, key, &id, &name, &form.key);
                    met.insert(form.key.clone());
                }
            }
        }
        if all
            .iter()
            .all(|w| met.contains(w) || scripted_kinds.contains(w))
        {
            break;
        }
        let game = h.state_mut().game_mut().unwrap();
        if !game.random_step(&mut rng, &mut dice).unwrap() {
            break;
        }
    }
    // The scripted kinds are not searched for: no seed tried reached them.
    let missing: BTreeSet<String> = all
        .difference(&met)
        .filter(|k| !scripted_kinds.contains(*k))
        .cloned()
        .collect();
    for (form, at) in reach::where_offered(key, &missing) {
        let dir = tempfile::tempdir().unwrap();
        let game = reach::played(key, at.seed, at.steps);
        let mut h = ui_support::app_with_at(dir.path(), game, SMALL);
        open_whole(&mut h, key, &at.id, &at.name, &form);
        met.insert(form);
    }
    for state in scripted {
        let dir = tempfile::tempdir().unwrap();
        let name = state
            .game
            .view()
            .sides
            .into_iter()
            .flat_map(|s| s.groups)
            .flat_map(|g| g.units)
            .find(|u| u.id == state.id)
            .unwrap_or_else(|| panic!("{key}: no unit {}", state.id))
            .name;
        let mut h = ui_support::app_with_at(dir.path(), state.game, SMALL);
        open_whole(&mut h, key, &state.id, &name, state.kind);
        met.insert(state.kind.to_owned());
    }
    let left: BTreeSet<String> = all.difference(&met).cloned().collect();
    assert!(
        left.is_empty(),
        "{key}: the form kinds not opened: {left:?}"
    );
}

/// Selects the unit `name` (view id `id`), opens its form of kind `form` and checks it whole.
fn open_whole(h: &mut Harness<'static, App>, key: &str, id: &str, name: &str, form: &str) {
    let form = h
        .state()
        .game()
        .unwrap()
        .action_forms(id)
        .into_iter()
        .find(|f| f.key == form)
        .unwrap_or_else(|| panic!("{key} {name}: no {form} form"));
    select(h, name);
    ui_support::open_form(h, &form.label);
    whole(h, &format!("{key} {name}'s {}", form.label), &form.fields);
}

#[test]
fn at_1280_by_720_skys_forms_are_whole_with_their_button_in_view() {
    every_form_whole("sky");
}

#[test]
fn at_1280_by_720_daimyos_forms_are_whole_with_their_button_in_view() {
    every_form_whole("daimyo");
}

#[test]
fn at_1280_by_720_kozeriais_forms_are_whole_with_their_button_in_view() {
    every_form_whole("kozeriai");
}

#[test]
fn at_1280_by_720_simples_forms_are_whole_with_their_button_in_view() {
    every_form_whole("simple");
}

#[test]
fn at_1280_by_720_skirmishs_forms_are_whole_with_their_button_in_view() {
    every_form_whole("skirmish");
}

#[test]
fn the_end_of_an_activation_asks_in_view_with_a_long_form_open() {
    let dir = tempfile::tempdir().unwrap();
    let game = Box::new(ui_support::sky_ready());
    let mut h = ui_support::app_with_at(dir.path(), game, SMALL);
    select(&mut h, "Nobushige's Teppo");
    ui_support::open_form(&mut h, "Fire");
    // E takes the end of the activation, on a card off the stage: it asks on the stage.
    ui_support::settle(&mut h);
    press(&mut h, Key::E, "e");
    let window = h.ctx.content_rect();
    let yes = h
        .get_all_by_label_contains("[Enter] Yes")
        .next()
        .expect("asked");
    assert!(window.contains_rect(yes.rect()), "Yes at {:?}", yes.rect());
    assert!(
        yes.rect().right() <= centre_right(&h),
        "on the stage, not the queue"
    );
    let no = h.get_by_label("[Esc] No");
    assert!(window.contains_rect(no.rect()));
}

#[test]
fn a_card_chosen_from_the_queue_is_worked_on_the_stage() {
    let dir = tempfile::tempdir().unwrap();
    let game = Box::new(ui_support::sky_activated([2, 6]));
    let mut h = ui_support::app_with_at(dir.path(), game, SMALL);
    let checks = h.state().game().unwrap().checks();
    let second = checks.get(1).expect("a second card");
    // Its row in the queue, right of the centre.
    let named = format!("{}: {}", second.what, second.who);
    let right = centre_right(&h);
    let row = h
        .get_all_by_label_contains(&named)
        .find(|n| n.rect().left() >= right)
        .expect("its row");
    row.click();
    h.run();
    let answer = &second.answers[0].label;
    let button = h
        .get_all_by_label_contains(answer)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .expect("its answers are shown");
    assert!(
        button.rect().right() <= centre_right(&h),
        "worked on the stage, not in the turn panel: {:?}",
        button.rect()
    );
    assert!(
        button
            .accesskit_node()
            .label()
            .is_some_and(|l| l.starts_with("[1] ")),
        "its keys are named: {:?}",
        button.accesskit_node().label()
    );
}

#[test]
fn orders_come_before_records_for_every_kind_of_unit() {
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = ui_support::app_launched(dir.path(), &["new", "--ruleset", key], SMALL);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let mut dice = gunbai::dice::RngDice::seeded(2);
        for _ in 0..12 {
            let game = h.state_mut().game_mut().unwrap();
            game.random_step(&mut rng, &mut dice).unwrap();
        }
        h.run();
        for unit in ui_support::units(&h).into_iter().take(8) {
            let forms = h.state().game().unwrap().action_forms(&unit.id);
            if !forms.iter().any(|f| f.record) || forms.iter().all(|f| f.record) {
                continue;
            }
            select(&mut h, &unit.name);
            let top = |record: bool| {
                forms
                    .iter()
                    .filter(|f| f.record == record)
                    .filter_map(|f| {
                        h.query_all_by_label(&f.label)
                            .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
                            .map(|n| n.rect().top())
                    })
                    .collect::<Vec<f32>>()
            };
            let (orders, records) = (top(false), top(true));
            let last_order = orders.iter().copied().fold(f32::MIN, f32::max);
            let first_record = records.iter().copied().fold(f32::MAX, f32::min);
            assert!(
                last_order < first_record,
                "{key} {}: orders {orders:?} then records {records:?}",
                unit.name
            );
        }
    }
}

#[test]
fn another_units_forms_start_from_their_top() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &["new", "--ruleset", "daimyo"], SMALL);
    click(&mut h, "Activate the Ii clan (Eastern Army 東軍)");
    select(&mut h, "Ii yari");
    ui_support::open_form(&mut h, "Move");
    let heading = |h: &Harness<'_, App>, name: &str| {
        h.query_all_by_label(name)
            .map(|n| n.rect())
            .find(|r| r.left() > 200.0 && r.right() < centre_right(h))
    };
    let at_first = heading(&h, "Ii yari").expect("its heading");
    ui_support::wheel(&mut h, at_first.center() + egui::vec2(0.0, 60.0), -600.0);
    h.run_steps(12);
    h.event(egui::Event::PointerGone);
    h.run_steps(4);
    let scrolled = heading(&h, "Ii yari");
    assert!(
        scrolled.is_none_or(|r| r.top() < at_first.top() - 10.0),
        "the form scrolled: {scrolled:?}"
    );
    select(&mut h, "Ii red devils");
    let next = heading(&h, "Ii red devils").expect("the next unit's heading");
    assert!(
        (next.top() - at_first.top()).abs() < 2.0,
        "from its top: {next:?}, the first was at {at_first:?}"
    );
}

#[test]
fn a_numbered_answer_keeps_its_number_while_the_list_shrinks() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &["new", "--ruleset", "daimyo"], SMALL);
    let second = h
        .get_all_by_label_contains("[2] Activate the ")
        .next()
        .expect("a second clan")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    ui_support::settle(&mut h);
    press(&mut h, Key::Num1, "1");
    assert_eq!(entries(&h), 1, "the first clan activated");
    ui_support::settle(&mut h);
    // Its activation finished at once (it asks: nothing moved), the list is one shorter.
    press(&mut h, Key::E, "e");
    press(&mut h, Key::Enter, "");
    assert_eq!(entries(&h), 2, "its activation finished");
    ui_support::settle(&mut h);
    assert!(
        h.query_all_by_label(&second).next().is_some(),
        "{second} keeps its number"
    );
    assert_eq!(
        h.query_all_by_label_contains("[1] Activate the ").count(),
        0,
        "no other clan takes the number 1"
    );
    press(&mut h, Key::Num1, "1");
    assert_eq!(entries(&h), 2, "1 lands on nothing now");
}
