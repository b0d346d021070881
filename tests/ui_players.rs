//! The players' screen: a second window that follows the battle with no controls. Its
//! content at each stage of a check (before the roll, after it, after undo) for a card of
//! each rule set, and what it keeps from the players.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::{Check, Dice, Game};
use gunbai::ui::App;
use gunbai::ui::players::{Now, Screen};

const RULE_SETS: [&str; 5] = ["sky", "daimyo", "kozeriai", "simple", "skirmish"];

fn launched(dir: &std::path::Path, key: &str) -> Harness<'static, App> {
    ui_support::app_launched(dir, &["new", "--ruleset", key], (1920.0, 1080.0))
}

fn open_players_screen(h: &mut Harness<'static, App>) {
    h.get_by_label("Players' screen").click();
    h.run();
}

fn screen(h: &Harness<'static, App>) -> Screen {
    h.state()
        .players_screen()
        .expect("the players' screen is open")
}

fn top(h: &Harness<'static, App>) -> Check<()> {
    h.state().game().unwrap().checks().remove(0)
}

/// The check as the players must see it: every part the umpire's card shows but its buttons.
fn assert_shows(screen: &Screen, check: &Check<()>) {
    let Now::Check(shown) = &screen.now else {
        panic!("no check on the players' screen: {:?}", screen.now)
    };
    assert_eq!(shown.what, check.what);
    assert_eq!(shown.who, check.who);
    assert_eq!(shown.citation, check.citation);
    assert_eq!(shown.target, check.target);
    assert_eq!(shown.dice, check.roll.as_ref().map(|r| r.notation()));
    assert_eq!(shown.modifiers.len(), check.modifiers.len());
    for (line, m) in shown.modifiers.iter().zip(&check.modifiers) {
        assert!(line.contains(&m.reason), "{line} gives no reason");
        assert!(line.starts_with(&format!("{:+}", m.value)), "{line}");
    }
    let odds: Vec<(String, f64)> = check
        .odds
        .iter()
        .map(|o| (o.outcome.clone(), o.probability))
        .collect();
    assert_eq!(shown.odds, odds, "the odds are the card's own");
}

/// Settles the top check as the umpire would with one key: R for a required roll, else its
/// first answer.
fn settle_top(h: &mut Harness<'static, App>) {
    let top = top(h);
    // A step that ends something takes E (issue 26); a required roll R; the rest 1.
    if top.answers.first().is_some_and(|a| a.ends) {
        h.key_press(Key::E);
    } else if top.roll_answer().is_some() && top.required {
        h.key_press(Key::R);
    } else {
        h.key_press(Key::Num1);
    }
    h.run();
    // A step that would throw something away asks once first (issue 26): yes.
    if h.query_all_by_label_contains("anyway?").count() > 0 {
        h.key_press(Key::Enter);
        h.run();
    }
}

#[test]
fn the_players_screen_follows_a_check_of_each_rule_set_before_the_roll_after_it_and_after_undo() {
    for key in RULE_SETS {
        let dir = tempfile::tempdir().unwrap();
        let mut h = launched(dir.path(), key);
        h.state_mut().seed_dice(7);
        assert!(
            h.state().players_screen().is_none(),
            "{key}: closed at first"
        );
        open_players_screen(&mut h);
        // Before the roll: the check whole, drawn in the second window too.
        let check = top(&h);
        let before = screen(&h);
        assert_shows(&before, &check);
        assert!(before.rolled.is_none(), "{key}: nothing rolled yet");
        h.get_by_label("Now");
        assert!(
            h.query_all_by_label(&check.what).count() >= 2,
            "{key}: the umpire's card and the players' screen both name {}",
            check.what
        );
        let turn = h.state().game().unwrap().view().turn;
        assert_eq!(before.turn, format!("Turn {turn}"));
        // After it: the check as it was, with what the journal says came of it.
        settle_top(&mut h);
        let after = screen(&h);
        let rolled = after
            .rolled
            .as_ref()
            .unwrap_or_else(|| panic!("{key}: the roll of {} is held on the screen", check.what));
        assert_eq!(rolled.check.what, check.what, "{key}");
        let last = h
            .state()
            .game()
            .unwrap()
            .log()
            .last()
            .unwrap()
            .lines
            .clone();
        assert_eq!(
            rolled.lines, last,
            "{key}: the result in the journal's words"
        );
        // Headed as a roll only when dice were rolled; a decision as a decision.
        let dice = h.state().game().unwrap().log().last().unwrap().dice;
        let heading = if dice == gunbai::engine::journal::Rolled::Nothing {
            "Last decision"
        } else {
            "Last roll"
        };
        assert_eq!(rolled.heading(), heading, "{key}");
        h.get_by_label(heading);
        // After undo: the check is back and its result gone.
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
        let undone = screen(&h);
        assert!(
            undone.rolled.is_none(),
            "{key}: the undone roll is withdrawn"
        );
        assert_shows(&undone, &check);
    }
}

#[test]
fn the_last_roll_is_held_until_the_next_check_is_settled() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = launched(dir.path(), "sky");
    h.state_mut().seed_dice(11);
    open_players_screen(&mut h);
    let first = top(&h);
    settle_top(&mut h);
    let second = top(&h);
    assert_ne!(first.key, second.key);
    // The next check is in front of the table while the first one's result stays in view.
    let s = screen(&h);
    assert_shows(&s, &second);
    assert_eq!(s.rolled.as_ref().unwrap().check.what, first.what);
    settle_top(&mut h);
    let s = screen(&h);
    assert_eq!(s.rolled.as_ref().unwrap().check.what, second.what);
}

#[test]
fn ctrl_h_hides_the_check_from_the_players_until_it_is_rolled() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = launched(dir.path(), "sky");
    open_players_screen(&mut h);
    let check = top(&h);
    let named = h.query_all_by_label(&check.who).count();
    h.key_press_modifiers(Modifiers::COMMAND, Key::H);
    h.run();
    let hidden = screen(&h);
    assert_eq!(hidden.now, Now::Hidden);
    h.get_by_label("The umpire is preparing a check.");
    h.get_by_label("Hidden from the players' screen until answered (Ctrl+H shows it)");
    // Only the umpire's card names who tests now.
    assert_eq!(h.query_all_by_label(&check.who).count(), named - 1);
    settle_top(&mut h);
    let after = screen(&h);
    assert_eq!(
        after.rolled.as_ref().unwrap().check.what,
        check.what,
        "rolled, it is public"
    );
    assert_ne!(after.now, Now::Hidden, "the next check is not hidden");
}

#[test]
fn a_unit_the_umpire_keeps_from_the_players_is_not_counted_or_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = launched(dir.path(), "sky");
    let view = h.state().game().unwrap().view();
    let unit = &view.sides[0].groups[0].units[0];
    let before = view.sides[0].strength();
    // Ticked on the umpire's screen (the players' window, embedded in the tests, would lie
    // over the roster).
    h.get_by_label(&unit.name).click();
    h.run();
    h.get_by_label("Keep from the players' screen").click();
    h.run();
    open_players_screen(&mut h);
    let after = screen(&h).sides[0].strength;
    assert_eq!(
        after,
        (before.0 - unit.strength, before.1 - unit.starting_strength)
    );
    // Ctrl+P closes it (in the tests its window lies over the toolbar).
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    assert!(h.state().players_screen().is_none());
    h.get_by_label("Keep from the players' screen").click();
    h.run();
    open_players_screen(&mut h);
    assert_eq!(screen(&h).sides[0].strength, before, "shown again");
}

/// Simple's demo battle with the Home Daimyo's ambush set: the unit hides in square 7.
fn simple_with_an_ambush() -> (Box<dyn Game>, String, String) {
    let rosters = gunbai::rules::demo_rosters("simple").unwrap();
    let mut game = gunbai::rules::start_battle(
        "simple",
        &rosters,
        gunbai::reference::HouseRules::default(),
        None,
    )
    .unwrap();
    // The roll for Home: the first side (Oda) takes it.
    let roll = game.checks().remove(0);
    let answer = roll.roll_answer().unwrap();
    let version = game.version();
    game.answer(
        &roll.key,
        answer,
        version,
        Dice::Table(gunbai::dice::TableDice::new(vec![9, 2])),
    )
    .unwrap();
    let view = game.view();
    let unit = view
        .sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.units)
        .find(|u| game.action_forms(&u.id).iter().any(|f| f.key == "ambush"))
        .expect("the Home Daimyo may hide a unit")
        .clone();
    let version = game.version();
    game.do_action(
        &unit.id,
        "ambush",
        &[7],
        version,
        Dice::Table(gunbai::dice::TableDice::new(vec![])),
    )
    .unwrap();
    (game, unit.id, unit.name)
}

#[test]
fn simples_ambush_stays_off_the_players_screen_until_it_is_sprung() {
    let dir = tempfile::tempdir().unwrap();
    let (game, id, name) = simple_with_an_ambush();
    let side = usize::from(id.starts_with('1'));
    let hidden_strength = {
        let view = game.view();
        let unit = view.sides[side]
            .groups
            .iter()
            .flat_map(|g| &g.units)
            .find(|u| u.id == id)
            .unwrap()
            .clone();
        unit.starting_strength
    };
    let all = game.view().sides[side].strength();
    let mut h = ui_support::app_with(dir.path(), game);
    open_players_screen(&mut h);
    let s = screen(&h);
    // The umpire's log tells where it hides; the players' screen does not.
    assert!(
        h.state()
            .game()
            .unwrap()
            .log()
            .iter()
            .any(|e| e.units.contains(&id)),
        "the log holds the ambush"
    );
    for lines in &s.recent {
        for line in lines {
            assert!(!line.contains(&name), "{line} names the ambush");
            assert!(!line.contains("square 7"), "{line} gives its square");
        }
    }
    assert_eq!(s.sides[side].strength.1, all.1 - hidden_strength);
    if let Now::Check(check) = &s.now {
        assert!(!check.who.contains(&name), "no check about the hidden unit");
    }
}

/// Each outcome's odds bar is in the colour of the side whose chance it is, and an outcome no
/// one side owns is neutral: skirmish's precedence names each side's chance, and a tie
/// neither's.
#[test]
fn each_odds_bar_is_the_colour_of_whose_chance_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = launched(dir.path(), "skirmish");
    open_players_screen(&mut h);
    let Now::Check(shown) = screen(&h).now else {
        panic!("the initiative is on the players' screen")
    };
    let view = h.state().game().unwrap().view();
    let sides: Vec<Option<usize>> = shown
        .odds
        .iter()
        .map(|(outcome, _)| view.sides.iter().position(|s| outcome.contains(&s.name)))
        .collect();
    assert_eq!(shown.odds_sides, sides, "{:?}", shown.odds);
    assert_eq!(sides, [Some(0), Some(1), None], "{:?}", shown.odds);
}
