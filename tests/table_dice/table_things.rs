//! Item 7: the table's own things can be entered: the card drawn from a real deck, a count
//! that differs at the roll call, and the river's flow only when a river was placed.

use egui_kittest::kittest::Queryable as _;
use gunbai::dice::{RngDice, TableDice};
use gunbai::engine::journal::Action;
use gunbai::engine::{Battle, Dice, Game};
use gunbai::reference::HouseRules;
use gunbai::rules::simple::{Command as SimpleCommand, Event as SimpleEvent, Simple};
use gunbai::rules::sky::Sky;
use gunbai::rules::sky::state::{Phase, UnitRef};
use gunbai::rules::{demo_rosters, start_battle};

use super::ui_support;

fn simple() -> Battle<Simple> {
    let armies = demo_rosters("simple").unwrap().map(|r| {
        <Simple as gunbai::engine::RuleSet>::load_army(&r)
            .unwrap()
            .army
    });
    Battle::<Simple>::start(armies, HouseRules::default(), None).unwrap()
}

fn table(b: &mut Battle<Simple>, command: SimpleCommand, faces: &[u32]) {
    b.execute_with(command, Dice::Table(TableDice::new(faces.to_vec())))
        .unwrap();
}

#[test]
fn simple_takes_the_card_drawn_from_a_real_deck() {
    let mut b = simple();
    table(&mut b, SimpleCommand::RollForHome, &[9, 2]);
    b.execute_with(
        SimpleCommand::ShuffleDeck,
        Dice::Roll(&mut RngDice::seeded(3)),
    )
    .unwrap();
    table(&mut b, SimpleCommand::BeginBattle, &[]);
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), Box::new(b));
    h.get_by_label("Card drawn at the table").click();
    h.run();
    h.get_all_by_label_contains("7: the Home ambush is spotted")
        .next()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Use").click();
    h.run();
    let game = h.state().game().unwrap();
    let b = game.as_any().downcast_ref::<Battle<Simple>>().unwrap();
    let Action::Command { events, .. } = &b.entries().last().unwrap().action else {
        panic!("a command")
    };
    assert!(
        events.iter().any(|e| matches!(
            e,
            SimpleEvent::CardDrawn {
                card: 7,
                from_table: true,
                ..
            }
        )),
        "{events:?}"
    );
}

#[test]
fn simple_offers_the_rivers_card_only_when_a_river_was_placed() {
    for (pieces, river) in [(3, false), (9, true)] {
        let mut b = simple();
        table(&mut b, SimpleCommand::RollForHome, &[9, 2]);
        let mut faces = vec![pieces];
        faces.extend(1..=pieces);
        table(&mut b, SimpleCommand::RollTerrain, &faces);
        let dir = tempfile::tempdir().unwrap();
        let h = ui_support::app_with(dir.path(), Box::new(b));
        let offered = h
            .state()
            .game()
            .unwrap()
            .checks()
            .iter()
            .any(|c| c.what == "Roll the river's flow");
        assert_eq!(offered, river, "{pieces} terrain pieces");
        // Offered, it is in the queue: on stage, or as a row that opens on a click.
        assert_eq!(
            h.query_all_by_label_contains("Roll the river's flow")
                .count()
                > 0,
            river
        );
    }
}

/// The sky demo battle played (the umpire's steps first, decisions before rolls, Gunbai's
/// dice) until its first roll call.
fn sky_at_roll_call() -> Box<dyn Game> {
    let mut game = start_battle(
        "sky",
        &demo_rosters("sky").unwrap(),
        HouseRules::default(),
        None,
    )
    .unwrap();
    let mut rng = RngDice::seeded(4);
    for _ in 0..400 {
        let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
        if b.state().phase == Phase::EndOfTurn {
            return game;
        }
        let card = game.checks().into_iter().next().unwrap();
        let pick = card
            .answers
            .iter()
            .position(|a| a.ends)
            .or_else(|| card.answers.iter().position(|a| !a.rolls))
            .unwrap_or(0);
        let version = game.version();
        game.answer(&card.key, pick, version, Dice::Roll(&mut rng))
            .unwrap();
    }
    panic!("no roll call reached")
}

#[test]
fn the_roll_call_takes_the_tables_count_when_it_differs() {
    let game = sky_at_roll_call();
    let kept = {
        let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
        b.state().unit(UnitRef(0, 0, 2)).unwrap().stands
    };
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    h.get_all_by_label("Nobushige's Yari")
        .next()
        .unwrap()
        .click_accesskit();
    h.run();
    ui_support::open_form(&mut h, "Correct the count");
    // It starts at the count the books hold, not at nothing, and says so.
    let field = format!("Stands (the books: {kept})");
    let shown = h.get_by_label(&field).value().unwrap_or_default();
    assert_eq!(shown, kept.to_string());
    ui_support::type_number(&mut h, &field, &(kept.min(3) - 1).to_string());
    h.get_by_label("Resolve").click();
    h.run();
    // A count that removes a stand asks once, naming the unit and the stands.
    let before = h.state().game().unwrap().log().len();
    let lost = kept - (kept.min(3) - 1);
    h.get_by_label_contains(&format!(
        "This records that Nobushige's Yari loses {lost} stand"
    ));
    assert_eq!(h.state().game().unwrap().log().len(), before, "asked first");
    h.get_by_label("Yes: Correct the count").click();
    h.run();
    let game = h.state().game().unwrap();
    let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
    assert_eq!(
        b.state().unit(UnitRef(0, 0, 2)).unwrap().stands,
        kept.min(3) - 1
    );
    let line = &game.log().last().unwrap().lines[0];
    assert!(
        line.starts_with("Roll call: Nobushige's Yari corrected"),
        "{line}"
    );
}
