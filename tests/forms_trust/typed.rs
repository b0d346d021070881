//! Item 1 through the real app: a number typed out of its field's bounds is kept as typed,
//! shown with the bound and its rule, and the order cannot be carried out with it; a shot out
//! of range and a charge out of reach are refused, never shortened.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gunbai::engine::{Dice, Game};
use gunbai::ui::App;

use super::common::{answer, click, select};
use super::ui_support::{self, choose, open_form, type_number};

/// Simple's demo battle begun (journalled in `dir`), in the Invader's first turn.
pub fn simple_begun(dir: &std::path::Path) -> Box<dyn Game> {
    let mut game = super::common::journalled(dir, "simple");
    answer(game.as_mut(), "Roll for Home", "Roll", &[9, 2]);
    let shuffle = game
        .checks()
        .into_iter()
        .find(|c| c.what == "Shuffle the event deck")
        .unwrap();
    let mut rng = gunbai::dice::RngDice::seeded(3);
    game.answer(&shuffle.key, 0, game.version(), Dice::Roll(&mut rng))
        .unwrap();
    answer(game.as_mut(), "Begin the battle", "Begin", &[]);
    // The Invader draws card 2 at the table (nothing happens), and his ally acts on a 7.
    let draw = game
        .checks()
        .into_iter()
        .find(|c| c.answers.iter().any(|a| a.label.starts_with("2: ")))
        .unwrap();
    answer(game.as_mut(), &draw.what, "2: ", &[]);
    let ally = game.checks().into_iter().find(|c| c.required).unwrap();
    let roll = ally.answers.iter().find(|a| a.rolls).unwrap().label.clone();
    answer(game.as_mut(), &ally.what, &roll, &[7]);
    game
}

/// Whether some text on screen contains `text` (beside its field, and again by the button).
fn shows(h: &Harness<'_, App>, text: &str) {
    assert!(
        h.query_all_by_label_contains(text).next().is_some(),
        "{text} is shown"
    );
}

/// The field's text as the app holds it.
fn shown(h: &Harness<'_, App>, field: &str) -> String {
    h.get_by_label(field).value().unwrap_or_default()
}

/// Nothing is carried out: the button is there but disabled, and a click records nothing.
fn cannot_be_carried_out(h: &mut Harness<'_, App>) {
    let before = h.state().game().unwrap().entries();
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
    let resolve = h.get_by_label("Resolve");
    assert!(
        resolve.accesskit_node().is_disabled(),
        "Resolve is disabled"
    );
    resolve.click();
    h.run();
    assert_eq!(
        h.state().game().unwrap().entries(),
        before,
        "nothing recorded"
    );
}

#[test]
fn simple_a_distance_beyond_the_teppos_range_is_kept_as_typed_and_the_shot_refused_naming_the_range()
 {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), simple_begun(dir.path()));
    select(&mut h, "Imagawa Teppo 1");
    open_form(&mut h, "Fire");
    choose(&mut h, "Target", "Oda Yari 1");
    choose(&mut h, "Target's cover", "in the open");
    choose(&mut h, "Volley", "No");
    choose(&mut h, "Target in sight, within the firer's arc", "Yes");
    type_number(&mut h, "Distance to the target", "35");
    assert_eq!(shown(&h, "Distance to the target"), "35", "kept as typed");
    shows(
        &h,
        "35 cm is more than 30 cm: the arquebus's range (simple: Ranges)",
    );
    cannot_be_carried_out(&mut h);
    // Within the range the shot is offered, at the distance typed.
    type_number(&mut h, "Distance to the target", "30");
    assert_eq!(h.query_all_by_label_contains("is more than").count(), 0);
    h.get_by_label("Roll (app dice)").click();
    h.run();
    let journal = std::fs::read_to_string(h.state().game().unwrap().journal_path().unwrap());
    let journal = journal.unwrap_or_default();
    let last = journal.lines().last().unwrap();
    assert!(last.contains("distance_cm:30"), "{last}");
}

/// Daimyo's demo battle with the Ii clan activated, its yari selected.
fn ii_yari(dir: &std::path::Path) -> Harness<'static, App> {
    let mut h = ui_support::app_with(dir, super::common::journalled(dir, "daimyo"));
    click(&mut h, "Activate the Ii clan (Eastern Army 東軍)");
    click(&mut h, "Ii yari");
    h
}

#[test]
fn daimyo_a_move_typed_past_the_allowance_is_kept_and_refused_never_shortened() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ii_yari(dir.path());
    open_form(&mut h, "Move");
    type_number(&mut h, "Distance outside dense terrain", "30");
    assert_eq!(shown(&h, "Distance outside dense terrain"), "30");
    shows(
        &h,
        "30 cm is more than 10 cm: the move it has left this turn, 10 cm (daimyo: Movement)",
    );
    cannot_be_carried_out(&mut h);
}

#[test]
fn daimyo_a_charge_run_typed_past_its_reach_is_kept_and_refused_never_shortened() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ii_yari(dir.path());
    open_form(&mut h, "Charge");
    type_number(&mut h, "Run to contact outside dense terrain", "45");
    assert_eq!(shown(&h, "Run to contact outside dense terrain"), "45");
    shows(&h, "45 cm is more than");
    shows(&h, "its charge move");
    cannot_be_carried_out(&mut h);
    // No "In reach" verdict for a run nobody typed.
    assert_eq!(h.query_all_by_label_contains("In reach").count(), 0);
}

#[test]
fn a_number_below_its_least_or_not_a_number_is_refused_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), simple_begun(dir.path()));
    select(&mut h, "Imagawa Teppo 1");
    open_form(&mut h, "Fire");
    type_number(&mut h, "Distance to the target", "-5");
    shows(&h, "-5 cm is less than 0 cm");
    type_number(&mut h, "Distance to the target", "ten");
    shows(&h, "\"ten\" is not a whole number");
    assert_eq!(shown(&h, "Distance to the target"), "ten");
}

/// skirmish: Movement Section. A move of 0" is no move: the field keeps it, names its least
/// and why, and the order cannot be carried out with it.
#[test]
fn skirmish_a_move_of_0_inches_is_kept_and_refused_naming_its_least() {
    use gunbai::dice::TableDice;
    let dir = tempfile::tempdir().unwrap();
    let mut game = super::common::journalled(dir.path(), "skirmish");
    let precedence = game.checks().remove(0);
    assert_eq!(precedence.what, "Precedence");
    let roll = precedence.roll_answer().unwrap();
    let dice = Dice::Table(TableDice::new(vec![6, 1]));
    game.answer(&precedence.key, roll, game.version(), dice)
        .unwrap();
    let first = game.checks().remove(0);
    assert_eq!(first.what, "Who moves first?");
    game.answer(
        &first.key,
        0,
        game.version(),
        Dice::Table(TableDice::new(vec![])),
    )
    .unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    select(&mut h, "Maeda Toshiie 前田利家");
    open_form(&mut h, "Move");
    const INCHES: &str = "Inches moved (furthest figure, rounded down)";
    type_number(&mut h, INCHES, "0");
    assert_eq!(shown(&h, INCHES), "0", "kept as typed");
    shows(&h, "0\" is less than 1\"");
    shows(&h, "a unit that does not move records no move");
    cannot_be_carried_out(&mut h);
}
