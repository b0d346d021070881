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

#[test]
fn event_cards_card_3_stops_every_move_but_a_retreat() {
    use gunbai::rules::simple::command::{Going, MoveKind};
    let mut b = begun();
    // Oda Teppo 2 loses a figure and fails its test (four 1s against the dead man's 5).
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    morale(&mut b, ODA_TEPPO_2, &[1, 1, 1, 1, 5]);
    // Oda draws the messenger's card.
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(3) }, &[]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    let step = Command::Move {
        unit: ODA_YARI,
        kind: MoveKind::Normal,
        distance_cm: 10,
        going: Going::Standard,
        surrounded: None,
    };
    assert!(refused(&mut b, step, &[]).contains("messenger"));
    // The unit in retreat still makes its retreat move.
    ok(
        &mut b,
        Command::RetreatMove {
            unit: ODA_TEPPO_2,
            left_field: false,
        },
        &[],
    );
    assert_eq!(b.state().unit(ODA_TEPPO_2).unwrap().retreat_moves, 2);
}

#[test]
fn event_cards_card_11_the_tea_ceremony_stops_samurai_fire_too() {
    // Asahina's Samurai carry bows for this battle.
    let imagawa = army_with(
        "imagawa.ron",
        "troop: SamuraiFoot, weapon: Sword",
        "troop: SamuraiFoot, weapon: Bow",
    );
    let mut b = begun_between(army("oda.ron"), imagawa);
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(11) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let err = refused(&mut b, fire(IMA_SWORD_SAMURAI, ODA_YARI, false), &[1; 5]);
    assert!(err.contains("tea ceremony"), "{err}");
    // The Ashigaru shoot as ever.
    ok(&mut b, fire(IMA_ARCHERS, ODA_YARI, false), &[1; 5]);
}

#[test]
fn event_cards_card_9_sends_units_back_even_from_melee_or_a_building() {
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::state::StructureKind;
    let mut b = begun();
    ok(
        &mut b,
        Command::AddStructure {
            name: "Farmhouse".into(),
            kind: StructureKind::WoodenBuilding,
            sections: 1,
        },
        &[],
    );
    ok(
        &mut b,
        Command::Occupy {
            unit: IMA_TEPPO,
            structure: Some(0),
        },
        &[],
    );
    to_oda_turn(&mut b, [5, 5]);
    ok(
        &mut b,
        Command::SetStatus {
            unit: IMA_SWORD_SAMURAI,
            status: Status::InMelee(true),
        },
        &[],
    );
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(9) }, &[]);
    assert!(b.state().unit(IMA_SWORD_SAMURAI).unwrap().in_melee());
    assert!(b.state().unit(IMA_TEPPO).unwrap().structure.is_some());
    ok(&mut b, Command::SendBack(IMA_SWORD_SAMURAI), &[]);
    assert!(!b.state().unit(IMA_SWORD_SAMURAI).unwrap().in_melee());
    ok(&mut b, Command::SendBack(IMA_TEPPO), &[]);
    let teppo = b.state().unit(IMA_TEPPO).unwrap();
    assert!(
        teppo.structure.is_none() && teppo.formation_fail,
        "out of the building"
    );
}

#[test]
fn allied_clans_a_clan_that_holds_neither_fires_nor_attacks_but_fights_if_attacked() {
    use gunbai::rules::simple::command::Facing;
    // The Tokugawa Yari carry bows for this battle.
    let oda = army_with(
        "oda.ron",
        "(name: \"Tokugawa Yari\", troop: Ashigaru, weapon: Spear)",
        "(name: \"Tokugawa Yari\", troop: Ashigaru, weapon: Bow)",
    );
    let tokugawa_yari = UnitRef(0, 1, 1);
    let mut b = begun_between(oda, army("imagawa.ron"));
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    // Tokugawa's d12 rolls 4: the clan holds.
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[4]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    let err = refused(&mut b, fire(tokugawa_yari, IMA_ARCHERS, false), &[1; 5]);
    assert!(err.contains("allied clan"), "{err}");
    let attack = Command::Melee(one_on_one(tokugawa_yari, IMA_TEPPO, Facing::Front));
    let err = refused(&mut b, attack, &[1, 1]);
    assert!(err.contains("allied clan"), "{err}");
    // Attacked in Imagawa's turn, its figure fights back: 6 against 1 kills him.
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let attack = Command::Melee(one_on_one(IMA_SWORD_SAMURAI, tokugawa_yari, Facing::Front));
    ok(&mut b, attack, &[6, 1]);
    assert_eq!(alive(&b, tokugawa_yari), 4);
}

#[test]
fn event_cards_the_card_comes_first_and_card_29_cavalry_waits_for_its_test_and_clan() {
    use gunbai::rules::simple::command::{Going, MoveKind};
    use gunbai::rules::simple::order::{self, ALLIED_CLANS, EVENT_CARDS, FORMATION_FAIL};
    use gunbai::rules::simple::state::{Due, MoraleCause};
    let walk = |unit, cm| Command::Move {
        unit,
        kind: MoveKind::Normal,
        distance_cm: cm,
        going: Going::Standard,
        surrounded: None,
    };
    // Before Imagawa's card is drawn nothing else of the turn may happen.
    let mut b = battle_with(gunbai::reference::HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .unwrap();
    ok(&mut b, Command::BeginBattle, &[]);
    assert!(refused(&mut b, walk(IMA_TEPPO, 10), &[]).contains("Event Cards"));
    ok(&mut b, Command::DrawCard { card: Some(29) }, &[]);
    let horse = b
        .state()
        .due
        .iter()
        .find_map(|d| match d {
            Due::CavalryAdvance(u) => Some(*u),
            _ => None,
        })
        .expect("the cavalry owes its advance");
    // Imagawa's own horse (its clan rolls for nothing) goes before anything else.
    let err = refused(&mut b, walk(IMA_TEPPO, 10), &[]);
    assert!(err.contains("card 29"), "{err}");
    ok(&mut b, walk(horse, 60), &[]);
    // The order itself: the card before anything; the horse's own Formation Fail test and its
    // own clan's roll before its advance, and no one else's.
    let other = UnitRef(horse.0, horse.1, horse.2 + 1);
    let other_clan = GroupRef(horse.0, horse.1 + 1);
    let advance = Due::CavalryAdvance(horse);
    let morale = Due::Morale(horse, MoraleCause::FireLosses);
    assert_eq!(order::precedes(Due::DrawCard(1), morale), Some(EVENT_CARDS));
    assert_eq!(
        order::precedes(Due::FormationTest(horse), advance),
        Some(FORMATION_FAIL)
    );
    assert_eq!(order::precedes(Due::FormationTest(other), advance), None);
    assert_eq!(
        order::precedes(Due::AllyActivation(horse.group()), advance),
        Some(ALLIED_CLANS)
    );
    assert_eq!(
        order::precedes(Due::AllyActivation(other_clan), advance),
        None
    );
    assert_eq!(order::precedes(morale, advance), None);
}

/// Ends the turn and draws `card` for the next.
fn next_turn_draws(
    b: &mut Battle<Simple>,
    card: Command,
) -> Result<Vec<String>, gunbai::engine::BattleError> {
    ok(b, Command::EndTurn, &[]);
    run(b, card, &[])
}

/// Answers whatever the rules require, with the app's dice, until nothing is due.
fn settle_all(b: &mut Battle<Simple>, dice: &mut RngDice) {
    for _ in 0..200 {
        let answers: Vec<_> = Simple::pending(b.rules(), b.state())
            .into_iter()
            .filter(|c| c.required)
            .flat_map(|c| c.answers.into_iter().filter(|a| !a.ends))
            .map(|a| a.command)
            .collect();
        if answers.is_empty() {
            return;
        }
        assert!(
            answers
                .into_iter()
                .any(|a| b.execute(a, &mut *dice).is_ok()),
            "some answer is taken"
        );
    }
    panic!("the dues never settle");
}

#[test]
fn event_cards_the_pack_holds_each_card_once_typed_or_drawn_and_is_used_up_after_thirty() {
    use gunbai::rules::simple::state::Due;
    // Imagawa drew card 2 at the start (typed). It cannot come up again, whether typed...
    let mut b = begun();
    assert_eq!(b.state().spent, vec![2]);
    let again = next_turn_draws(&mut b, Command::DrawCard { card: Some(2) });
    assert!(again.is_err(), "card 2 is out of the pack: {again:?}");
    let offered: Vec<_> = Simple::pending(b.rules(), b.state())
        .iter()
        .flat_map(|c| c.answers.iter().map(|a| a.command.clone()))
        .collect();
    assert!(
        !offered.contains(&Command::DrawCard { card: Some(2) }),
        "card 2 is not offered"
    );
    assert!(
        offered.contains(&Command::DrawCard { card: Some(4) }),
        "card 4 is"
    );
    // ...or drawn from the app's shuffle, which passes over it.
    ok(&mut b, Command::DrawCard { card: None }, &[]);
    let drawn = *b.state().spent.last().unwrap();
    let first_not_typed = b.state().deck.iter().copied().find(|c| *c != 2).unwrap();
    assert_eq!(
        drawn, first_not_typed,
        "the next card of the shuffle not yet drawn"
    );
    // Thirty cards drawn, one each turn, and the pack is used up: no turn asks for a card.
    let mut dice = RngDice::seeded(5);
    while b.state().spent.len() < 30 {
        settle_all(&mut b, &mut dice);
        ok(&mut b, Command::EndTurn, &[]);
        ok(&mut b, Command::DrawCard { card: None }, &[]);
    }
    let mut spent = b.state().spent.clone();
    spent.sort_unstable();
    assert_eq!(spent, (1..=30).collect::<Vec<u8>>(), "each card once");
    settle_all(&mut b, &mut dice);
    ok(&mut b, Command::EndTurn, &[]);
    assert!(
        !b.state().due.iter().any(|d| matches!(d, Due::DrawCard(_))),
        "no card is drawn from a used-up pack"
    );
    assert!(
        run(&mut b, Command::DrawCard { card: Some(17) }, &[]).is_err(),
        "nor typed"
    );
}
