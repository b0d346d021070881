//! Event Cards (lines 270-287): the cards no other test draws.

use gunbai::dice::RngDice;
use gunbai::engine::{Battle, Dice};
use gunbai::rules::simple::Simple;
use gunbai::rules::simple::command::Command;
use gunbai::rules::simple::state::{GroupRef, Target, UnitRef};

use super::*;

/// Imagawa's first turn with `card` drawn; Oda (Home) hid its Yari in ambush in square 12.
fn imagawa_draws(card: u8) -> Battle<Simple> {
    let mut b = battle_with(gunbai::reference::HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    ok(
        &mut b,
        Command::SetAmbush {
            unit: ODA_YARI,
            square: 12,
        },
        &[],
    );
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .unwrap();
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(card) }, &[]);
    b
}

#[test]
fn event_cards_card_5_turns_the_opponents_5000_koku_clan() {
    let mizuno = GroupRef(0, 2);
    let b = imagawa_draws(5);
    assert_eq!(
        b.state().group(mizuno).unwrap().owner,
        1,
        "Mizuno passes to Imagawa"
    );
    assert_eq!(
        b.state().group(GroupRef(0, 1)).unwrap().owner,
        0,
        "Tokugawa stays"
    );
}

#[test]
fn event_cards_card_7_places_the_home_ambush_on_the_table() {
    let b = imagawa_draws(2);
    assert!(b.state().unit(ODA_YARI).unwrap().in_ambush);
    let b = imagawa_draws(7);
    let yari = b.state().unit(ODA_YARI).unwrap();
    assert!(!yari.in_ambush && yari.present(), "spotted: on the table");
}

#[test]
fn event_cards_cards_15_25_and_27_halve_ranges_and_stop_arquebus_or_bow_fire() {
    let at = |unit, distance_cm| {
        Command::Fire(gunbai::rules::simple::command::FireOrder {
            unit,
            target: Target::Unit(UnitRef(0, 0, 5)),
            volley: false,
            distance_cm,
            target_cover: Some(gunbai::rules::simple::state::Cover::Open),
        })
    };
    // Card 15: the wind, as card 13.
    let mut b = imagawa_draws(15);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    assert!(refused(&mut b, at(IMA_TEPPO, 16), &[1; 5]).contains("halved"));
    ok(&mut b, at(IMA_TEPPO, 15), &[1; 5]);
    // Card 25: no arquebus fire, as card 23; bows still shoot.
    let mut b = imagawa_draws(25);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    assert!(refused(&mut b, at(IMA_TEPPO, 20), &[1; 5]).contains("card"));
    ok(&mut b, at(IMA_ARCHERS, 20), &[1; 5]);
    // Card 27: no archery; arquebuses still fire.
    let mut b = imagawa_draws(27);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    assert!(refused(&mut b, at(IMA_ARCHERS, 20), &[1; 5]).contains("card"));
    ok(&mut b, at(IMA_TEPPO, 20), &[1; 5]);
}
