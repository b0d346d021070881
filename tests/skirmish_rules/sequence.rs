//! Sequence of play: four sections a turn, precedence, charges declared before moving.

use super::*;

#[test]
fn precedence_is_1d6_each_high_chooses_and_a_tie_rolls_again() {
    let mut b = battle();
    ok(&mut b, Command::RollPrecedence, &[3, 3]);
    assert_eq!(
        b.state().precedence,
        None,
        "a tie rolls again (ruling precedence)"
    );
    ok(&mut b, Command::RollPrecedence, &[2, 5]);
    assert_eq!(b.state().precedence, Some(1));
    assert!(
        run(&mut b, Command::EndSection, &[]).is_err(),
        "the winner must choose first"
    );
    ok(&mut b, Command::MovesFirst(0), &[]);
    assert_eq!(
        b.state().first,
        Some(0),
        "the winner may let the other side move first"
    );
}

#[test]
fn umpire_may_rule_that_the_precedence_winner_moves_first() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("precedence".into(), "d6_high_moves_first".into());
    let mut b = battle_with(house);
    ok(&mut b, Command::RollPrecedence, &[2, 5]);
    assert_eq!(b.state().first, Some(1));
}

#[test]
fn a_turn_is_four_sections_then_the_next_turn() {
    let mut b = battle();
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    assert_eq!((b.state().turn, b.state().section), (2, Section::Movement));
    assert_eq!(b.state().precedence, None);
}

#[test]
fn charges_are_declared_before_any_movement() {
    let mut b = battle();
    assert!(
        run(&mut b, charge(MAEDA, RONIN), &[]).is_err(),
        "after precedence"
    );
    moving(&mut b);
    ok(&mut b, charge(MAEDA, RONIN), &[]);
    assert!(
        !b.state().engaged(MAEDA, RONIN),
        "a declared charge puts nobody in melee before anyone moves"
    );
    ok(
        &mut b,
        Command::Move {
            unit: BOWMEN,
            obstacles: 0,
            difficult: false,
            contact: false,
            inches: Some(3),
        },
        &[],
    );
    let late = run(&mut b, charge(TEPPO, MONKS), &[]);
    assert!(late.is_err(), "no charge once anyone has moved");
}

#[test]
fn precedence_the_side_that_moves_first_makes_its_moves_before_the_other_side() {
    let mut b = battle();
    ok(&mut b, Command::RollPrecedence, &[2, 5]);
    ok(&mut b, Command::MovesFirst(1), &[]);
    let mv = |unit| Command::Move {
        unit,
        obstacles: 0,
        difficult: false,
        contact: false,
        inches: Some(3),
    };
    let refused = run(&mut b, mv(BOWMEN), &[]).expect_err("the village moves first");
    assert!(
        refused.to_string().contains("Sequence of play"),
        "{refused}"
    );
    ok(&mut b, mv(RONIN), &[]);
    assert!(
        run(&mut b, Command::MovesDone(0), &[]).is_err(),
        "only the side moving first says it is done"
    );
    let done = b
        .pending()
        .into_iter()
        .flat_map(|c| c.answers)
        .find(|a| a.command == Command::MovesDone(1))
        .expect("the movement card offers it");
    assert!(!done.rolls, "a decision");
    ok(&mut b, Command::MovesDone(1), &[]);
    assert!(
        run(&mut b, mv(NINJA), &[]).is_err(),
        "the village has moved"
    );
    ok(&mut b, mv(BOWMEN), &[]);
    ok(&mut b, Command::EndSection, &[]);
    // Next turn, the Oda move first.
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    ok(&mut b, Command::RollPrecedence, &[6, 1]);
    ok(&mut b, Command::MovesFirst(0), &[]);
    assert!(run(&mut b, mv(RONIN), &[]).is_err());
    ok(&mut b, mv(MAEDA), &[]);
}

#[test]
fn sequence_each_section_does_its_own_business_only() {
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    moving(&mut b);
    let fire = Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false));
    let refused = run(&mut b, fire.clone(), &[6, 6]).expect_err("not yet");
    assert!(refused.to_string().contains("firing section"), "{refused}");
    assert!(run(&mut b, bout(KINOSHITA, KAMBEI), &[1; 6]).is_err());
    at(&mut b, Section::Firing);
    let mv = Command::Move {
        unit: RONIN,
        obstacles: 0,
        difficult: false,
        contact: false,
        inches: Some(3),
    };
    assert!(run(&mut b, mv, &[]).is_err(), "moves are over");
    let refused = run(&mut b, bout(KINOSHITA, KAMBEI), &[1; 6]).expect_err("not yet");
    assert!(refused.to_string().contains("melee section"), "{refused}");
    ok(&mut b, fire.clone(), &[6, 1]);
    let refused = run(&mut b, Command::ResolveHits(KAMBEI), &[12]).expect_err("not yet");
    assert!(refused.to_string().contains("Results"), "{refused}");
    at(&mut b, Section::Melee);
    assert!(run(&mut b, fire, &[6, 6]).is_err(), "the shooting is over");
    ok(&mut b, bout(KINOSHITA, KAMBEI), &[1; 6]);
    at(&mut b, Section::Results);
    ok(&mut b, Command::ResolveHits(KAMBEI), &[12]);
}

#[test]
fn sequence_the_precedence_card_shows_the_odds_of_its_roll() {
    let b = battle();
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Precedence")
        .expect("the precedence card");
    // 1d6 each: 15 of 36 faces for either side, 6 ties.
    let odds: Vec<f64> = card.odds.iter().map(|o| o.probability).collect();
    for (got, want) in odds.iter().zip([15.0 / 36.0, 15.0 / 36.0, 6.0 / 36.0]) {
        assert!((got - want).abs() < 1e-12, "{odds:?}");
    }
}

#[test]
fn sequence_the_four_sections_come_in_the_order_listed() {
    let mut b = battle();
    assert_eq!((b.state().turn, b.state().section), (1, Section::Movement));
    moving(&mut b);
    for next in [Section::Firing, Section::Melee, Section::Results] {
        ok(&mut b, Command::EndSection, &[]);
        assert_eq!((b.state().turn, b.state().section), (1, next));
    }
    ok(&mut b, Command::EndSection, &[]);
    assert_eq!((b.state().turn, b.state().section), (2, Section::Movement));
}
