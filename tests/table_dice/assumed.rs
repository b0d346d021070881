//! Item 5: nothing is assumed. A value the rules need is asked for (kozeriai's range), a
//! charge declared puts nobody in melee before anyone moves (skirmish), and a form whose
//! choice went stale is cleared and says so (simple's turncoat card, and its undo).

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gunbai::dice::TableDice;
use gunbai::engine::{Dice, Game};
use gunbai::reference::HouseRules;
use gunbai::rules::{demo_rosters, start_battle};
use gunbai::ui::App;

use super::ui_support;

fn game(key: &str) -> Box<dyn Game> {
    start_battle(
        key,
        &demo_rosters(key).unwrap(),
        HouseRules::default(),
        None,
    )
    .unwrap()
}

/// Answers the card whose title is `what` with its answer `label` (or its first that
/// contains it), with the table's `faces`.
fn answer(game: &mut dyn Game, what: &str, label: &str, faces: &[u32]) {
    let card = game
        .checks()
        .into_iter()
        .find(|c| c.what == what)
        .unwrap_or_else(|| panic!("no {what} card: {:?}", game.checks()));
    let i = card
        .answers
        .iter()
        .position(|a| a.label.contains(label))
        .unwrap_or_else(|| panic!("no {label} on {what}"));
    let dice = Dice::Table(TableDice::new(faces.to_vec()));
    game.answer(&card.key, i, game.version(), dice).unwrap();
}

fn select(h: &mut Harness<'_, App>, name: &str) {
    h.get_all_by_label(name).next().unwrap().click_accesskit();
    h.run();
}

#[test]
fn kozeriais_shooting_card_assumes_no_range_and_journals_none_it_was_not_given() {
    let mut game = game("kozeriai");
    let shooting = |g: &dyn Game| {
        g.checks()
            .into_iter()
            .find(|c| c.what == "Shooting" || c.what == "Could shoot")
    };
    for _ in 0..8 {
        if shooting(game.as_ref()).is_some() {
            break;
        }
        let stage = game
            .checks()
            .into_iter()
            .find(|c| c.answers.iter().any(|a| a.label.starts_with("End")))
            .unwrap();
        answer(game.as_mut(), &stage.what, "End", &[]);
    }
    let card = shooting(game.as_ref()).expect("a loaded shooter's card");
    assert!(
        card.roll.is_none() && card.answers.is_empty(),
        "no roll at a range nobody gave: {card:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let h = ui_support::app_with(dir.path(), game);
    assert_eq!(h.query_all_by_label_contains("Shoot at").count(), 0);
    assert!(
        h.query_all_by_label_contains("asks the target, the range")
            .count()
            > 0
    );
}

#[test]
fn skirmish_declaring_a_charge_puts_nobody_in_melee_before_anyone_moves() {
    let mut game = game("skirmish");
    answer(game.as_mut(), "Precedence", "Roll", &[6, 1]);
    answer(game.as_mut(), "Who moves first?", "moves first", &[]);
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    select(&mut h, "Kinoshita Tokichirō 木下藤吉郎");
    ui_support::open_form(&mut h, "Declare charge");
    let target = {
        let forms = h.state().game().unwrap().action_forms("0.0");
        let charge = forms.into_iter().find(|f| f.key == "charge").unwrap();
        let gunbai::engine::Field::Choice { options, .. } = &charge.fields[0] else {
            panic!("a target")
        };
        options[0].clone()
    };
    ui_support::choose(&mut h, "Target unit", &target);
    h.get_by_label("Resolve").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Charging").count() > 0,
        "the charge is declared"
    );
    assert_eq!(
        h.query_all_by_label("In melee").count(),
        0,
        "nobody has moved: nobody is in melee"
    );
    // The charger's move says whether it reached its target.
    ui_support::open_form(&mut h, "Move");
    ui_support::type_number(&mut h, "Obstacles crossed", "0");
    ui_support::choose(&mut h, "Through difficult ground (half move)", "No");
    ui_support::type_number(&mut h, "Inches moved (furthest figure, rounded down)", "3");
    let reached = h
        .get_all_by_label_contains("(in melee): Yes")
        .next()
        .unwrap()
        .accesskit_node()
        .label()
        .unwrap_or_default();
    h.get_by_label(&reached).click_accesskit();
    h.run();
    h.get_by_label("Resolve").click();
    h.run();
    assert!(h.query_all_by_label("In melee").count() > 0);
}

/// Simple's demo battle begun, the Invader to draw the first event card.
fn simple_begun() -> Box<dyn Game> {
    let mut game = game("simple");
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
    game
}

/// Opens `unit`'s Fire form with `target` chosen.
fn fire_at(h: &mut Harness<'_, App>, unit: &str, target: &str) {
    select(h, unit);
    ui_support::open_form(h, "Fire");
    ui_support::choose(h, "Target", target);
    ui_support::type_number(h, "Distance to the target", "10");
    // Simple's Fire form asks the target's cover and whether it is in sight.
    ui_support::choose(h, "Target's cover", "in the open");
    ui_support::choose(h, "Target in sight, within the firer's arc", "Yes");
    if h.query_by_label("Volley: No").is_some() {
        ui_support::choose(h, "Volley", "No");
    }
    assert!(
        h.query_all_by_label("Roll (app dice)").count() > 0,
        "{unit} may fire at {target}"
    );
}

/// The Invader draws card 1 from a real deck: the Oda's 10,000 koku ally, the Tokugawa,
/// turns coat.
fn tokugawa_turn_coat(h: &mut Harness<'_, App>) {
    h.get_by_label("Card drawn at the table").click_accesskit();
    h.run();
    h.get_all_by_label_contains("1: the opponent's 10,000 koku")
        .last()
        .unwrap()
        .click_accesskit();
    h.run();
    h.get_by_label("Use").click_accesskit();
    h.run();
}

/// The Fire form's target is cleared and named, and nothing fires until the umpire
/// chooses again.
fn target_cleared_and_named(h: &Harness<'_, App>, target: &str) {
    assert!(
        h.query_all_by_label_contains(&format!(
            "No longer there since the battle changed: Target ({target})"
        ))
        .count()
            > 0,
        "the stale choice is named"
    );
    assert_eq!(
        h.query_all_by_label("Roll (app dice)").count(),
        0,
        "cleared: nothing to fire at until the umpire chooses"
    );
}

#[test]
fn a_form_whose_target_turned_coat_is_cleared_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), simple_begun());
    fire_at(&mut h, "Imagawa Teppo 1", "Tokugawa Yari");
    tokugawa_turn_coat(&mut h);
    target_cleared_and_named(&h, "Tokugawa Yari");
}

#[test]
fn a_form_whose_target_an_undo_took_away_is_cleared_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), simple_begun());
    // The turncoats are the Oda's enemies now, and the Oda's Teppo aims at them.
    tokugawa_turn_coat(&mut h);
    fire_at(&mut h, "Oda Teppo 1", "Tokugawa Yari");
    // The umpire takes the card back: the Tokugawa are the Oda's own again.
    let before = h.state().game().unwrap().log().len();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().game().unwrap().log().len(), before - 1, "undone");
    target_cleared_and_named(&h, "Tokugawa Yari");
}
