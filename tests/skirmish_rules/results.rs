//! Results Section: the 1d12 results and wounds.

use super::*;

#[test]
fn results_d12_3_or_less_dead_4_to_7_leg_8_to_11_arm_12_lucky() {
    for (face, wounds, dead) in [
        (3, vec![], true),
        (4, vec![Wound::Leg], false),
        (7, vec![Wound::Leg], false),
        (8, vec![Wound::Arm], false),
        (11, vec![Wound::Arm], false),
        (12, vec![], false),
    ] {
        let mut b = battle();
        kinoshita_hit(&mut b);
        ok(&mut b, Command::ResolveHits(KINOSHITA), &[face, 12]);
        let f = b.state().figure(KINOSHITA).expect("Kinoshita");
        assert_eq!((f.wounds.clone(), f.dead), (wounds, dead), "face {face}");
    }
}

#[test]
fn three_wounds_kill_a_samurai() {
    let mut b = battle();
    kinoshita_hit(&mut b);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[5, 9]);
    assert!(!b.state().figure(KINOSHITA).expect("K").dead, "2 wounds");
    ok(&mut b, Command::EndSection, &[]);
    assert!(
        b.state().engaged(BOWMEN, RONIN),
        "melee goes on into the next turn"
    );
    at(&mut b, Section::Melee);
    // His arm wound costs a die: 3 against Kambei's 2.
    ok(&mut b, bout(KINOSHITA, KAMBEI), &[1, 1, 1, 6, 1]);
    at(&mut b, Section::Results);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[10]);
    assert!(
        b.state().figure(KINOSHITA).expect("K").dead,
        "the third wound kills"
    );
}

#[test]
fn ronin_and_ninja_die_at_two_wounds_unless_the_umpire_says_otherwise() {
    let hit_kambei = |b: &mut Battle<Skirmish>| {
        ok(b, Command::Engage(BOWMEN, RONIN), &[]);
        at(b, Section::Melee);
        ok(b, bout(KINOSHITA, KAMBEI), &[6, 6, 1, 1, 1, 1]);
        at(b, Section::Results);
        ok(b, Command::ResolveHits(KAMBEI), &[5, 9]);
    };
    let mut b = battle();
    hit_kambei(&mut b);
    assert!(
        b.state().figure(KAMBEI).expect("Kambei").dead,
        "ruling ronin_ninja_wounds: 2"
    );
    let mut house = HouseRules::default();
    house.overrides.insert("wounds_to_kill.ronin".into(), 3);
    let mut b = battle_with(house);
    hit_kambei(&mut b);
    assert!(
        !b.state().figure(KAMBEI).expect("Kambei").dead,
        "the umpire set 3"
    );
}

#[test]
fn other_troops_hit_are_dead_when_results_are_resolved() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[6, 1, 1],
    );
    assert!(
        !b.state().figure(BOWMAN).expect("bowman").dead,
        "marked until the Results section"
    );
    ok(&mut b, Command::EndSection, &[]);
    assert!(
        !b.state().figure(BOWMAN).expect("bowman").dead,
        "a hit figure still fights in melee"
    );
    ok(&mut b, Command::EndSection, &[]);
    assert!(
        b.state().figure(BOWMAN).expect("bowman").dead,
        "an Ashigaru hit is dead"
    );
}

#[test]
fn umpire_may_resolve_hits_at_once() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[6, 1, 1],
    );
    assert!(b.state().figure(BOWMAN).expect("bowman").dead);
    ok(
        &mut b,
        Command::Fire(shot(&[FigureRef(0, 0, 2)], KAMBEI, 10, false)),
        &[6, 1],
    );
    assert!(
        run(&mut b, Command::EndSection, &[]).is_err(),
        "Kambei's result is owed first"
    );
    ok(&mut b, Command::ResolveHits(KAMBEI), &[12]);
    ok(&mut b, Command::EndSection, &[]);
}

#[test]
fn results_cards_give_the_chance_of_death() {
    let mut b = battle();
    kinoshita_hit(&mut b);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what.starts_with("Results"))
        .expect("a results card");
    // Two hits: dead = 1 - P(alive after two): each roll 1/12 lucky, 8/12 wound, 3/12 dead; 2 wounds < 3.
    let alive = (9.0f64 / 12.0).powi(2);
    assert!(
        (card.odds[0].probability - (1.0 - alive)).abs() < 1e-9,
        "{:?}",
        card.odds
    );
}

/// A Samurai with two wounds dies of one more hit on a dead result (3 in 12) or on a wound (8
/// in 12, his third): only the lucky 12 saves him. The card's chance counts both.
#[test]
fn results_a_third_wound_kills_a_samurai_and_the_chance_counts_it() {
    let b = battle();
    let chance = |wounds, hits| numbers::death_chance(b.rules(), wounds, 3, hits);
    assert!(
        (chance(0, 1) - 3.0 / 12.0).abs() < 1e-12,
        "{}",
        chance(0, 1)
    );
    assert!(
        (chance(2, 1) - 11.0 / 12.0).abs() < 1e-12,
        "{}",
        chance(2, 1)
    );
    // Two hits on one wound: alive after two 12s, or a 12 and a wound in either order.
    let alive = (1.0 + 2.0 * 8.0) / 144.0;
    assert!(
        (chance(1, 2) - (1.0 - alive)).abs() < 1e-12,
        "{}",
        chance(1, 2)
    );
}

#[test]
fn results_arm_and_leg_wounds_stack_per_wound() {
    let b = battle();
    let kambei = wounded(&b, KAMBEI, &[Wound::Leg, Wound::Leg]);
    let (inches, _) = move_allowance(b.rules(), &kambei, false, 0, false);
    assert!((inches - 1.0).abs() < 1e-9, "5 - 2 - 2: {inches}");
    let mut state = b.state().clone();
    *state.figure_mut(KAMBEI).expect("Kambei") = wounded(&b, KAMBEI, &[Wound::Arm, Wound::Arm]);
    // Ronin 3 dice, armoured Kinoshita -1, two arm wounds -2: below one die.
    let pool = numbers::melee(b.rules(), &state, KAMBEI, KINOSHITA, false);
    assert_eq!((pool.dice, pool.needed), (1, 6), "{:?}", pool.reasons);
    assert!(
        pool.reasons
            .iter()
            .any(|m| m.value == -2 && m.reason.contains("arm wound x2"))
    );
}

#[test]
fn results_a_ninja_hit_rolls_the_d12_and_dies_at_his_second_wound() {
    // Two bowmen at 10" each hit Ninja 1 (1 die: yumi close +1, Ninja -1; a 6).
    let hit_twice = |faces: &[u32]| {
        let mut b = battle();
        at(&mut b, Section::Firing);
        for bowman in [BOWMAN, FigureRef(0, 0, 2)] {
            ok(
                &mut b,
                Command::Fire(shot(&[bowman], NINJA_1, 10, false)),
                &[6],
            );
        }
        at(&mut b, Section::Results);
        ok(&mut b, Command::ResolveHits(NINJA_1), faces);
        b.state().figure(NINJA_1).cloned().expect("Ninja 1")
    };
    // Not dead of a hit as plain troops are: a leg wound and a lucky escape.
    let ninja = hit_twice(&[5, 12]);
    assert_eq!((ninja.wounds, ninja.dead), (vec![Wound::Leg], false));
    // A leg and an arm wound: two, and the Ninja is dead (ruling ronin_ninja_wounds).
    assert!(hit_twice(&[5, 9]).dead);
}
