//! Morale (optional): triggers, dice, results, holding.

use super::*;

#[test]
fn morale_is_only_tested_when_the_optional_rule_is_on() {
    let mut b = battle();
    kinoshita_hit(&mut b);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[1, 1]);
    assert!(b.state().due.is_empty());
    assert!(run(&mut b, declare(BOWMEN, Trigger::Rally), &[]).is_err());
}

#[test]
fn losing_the_leader_requires_a_morale_test_with_the_dead_leaders_dice() {
    let mut b = battle_with(morale_on());
    kinoshita_hit(&mut b);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[2, 1]);
    assert_eq!(
        b.state().due,
        vec![Due::Morale(BOWMEN, Trigger::LeaderLost)]
    );
    assert!(
        run(&mut b, Command::EndSection, &[]).is_err(),
        "settle the test first"
    );
    // Samurai leader 4 - dead 4 + cover 1 = 1 die at 5+.
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Cover);
    assert_eq!((p.dice, p.needed), (1, 5));
    // In the open: 4 - 4 - 2 = -2: one die, 5+ counting only on a 6.
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Open);
    assert_eq!((p.dice, p.needed), (1, 6));
    take_test(&mut b, BOWMEN, Ground::Open, &[5]);
    assert!(
        b.state().unit(BOWMEN).expect("bowmen").routed,
        "no 5+ counted: rout, removed"
    );
    assert!(!b.state().engaged(BOWMEN, RONIN));
}

#[test]
fn morale_dice_take_the_listed_modifiers() {
    let b = battle_with(morale_on());
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Neither);
    assert_eq!(p.dice, 6, "Samurai leader 4 + alive 1 + Samurai 1");
    let p = numbers::morale(b.rules(), b.state(), MONKS, Ground::Cover);
    assert_eq!(p.dice, 4, "Monk leader 2 + alive 1 + cover 1");
    let p = numbers::morale(b.rules(), b.state(), NINJA, Ground::Open);
    assert_eq!(
        p.dice, 1,
        "leaderless Ninja 3 - open 2 (ruling morale_dice)"
    );
    let mut shot_at = b.state().clone();
    if let Some(u) = shot_at.unit_mut(MONKS) {
        u.shot_at = true;
    }
    assert_eq!(
        numbers::morale(b.rules(), &shot_at, MONKS, Ground::Cover).dice,
        2,
        "under ranged attack -2"
    );
}

#[test]
fn morale_results_rout_hold_or_carry_on() {
    let mut b = battle_with(morale_at_will());
    ok(&mut b, declare(MONKS, Trigger::Rally), &[]);
    // 2 + 1 + 1 (cover) = 4 dice: two 5+ carry on.
    take_test(&mut b, MONKS, Ground::Cover, &[5, 6, 1, 1]);
    assert!(
        !b.state()
            .unit(MONKS)
            .expect("monks")
            .holding(b.state().now())
            && !b.state().unit(MONKS).expect("monks").routed
    );
    ok(&mut b, declare(MONKS, Trigger::Rally), &[]);
    take_test(&mut b, MONKS, Ground::Cover, &[5, 1, 1, 1]);
    let monks = b.state().unit(MONKS).expect("monks");
    assert!(
        monks.holding((1, Section::Results)) && !monks.holding((2, Section::Movement)),
        "one 5+: holds for a turn from the test (taken in turn 1's movement section)"
    );
}

#[test]
fn samurai_units_never_test_morale() {
    let mut b = battle_with(morale_on());
    assert!(run(&mut b, declare(MAEDA, Trigger::Rally), &[]).is_err());
}

#[test]
fn a_unit_losing_half_its_number_in_a_turn_tests() {
    let mut b = battle_with(morale_on());
    at(&mut b, Section::Firing);
    for (i, monk) in (1..=4).enumerate() {
        let shooter = FigureRef(0, 0, u8::try_from(i + 1).expect("small"));
        ok(
            &mut b,
            Command::Fire(shot(&[shooter], FigureRef(1, 2, monk), 10, false)),
            &[6, 1],
        );
    }
    at(&mut b, Section::Results);
    assert_eq!(b.state().unit(MONKS).expect("monks").alive(), 3);
    assert_eq!(
        b.state().due,
        vec![Due::Morale(MONKS, Trigger::HalfLost)],
        "4 of 7: once"
    );
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Morale test")
        .expect("card");
    assert!(
        card.roll.is_none() && card.answers.iter().all(|a| !a.rolls),
        "the umpire says the ground first (ruling morale_ground): a decision, no dice"
    );
    ok(
        &mut b,
        Command::MoraleGround {
            unit: MONKS,
            ground: Ground::Open,
        },
        &[],
    );
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Morale test")
        .expect("card");
    // Monk 2 + alive 1 - open 2 - shot at 2 = -1: one die, 6 only: rout 5/6.
    assert!(
        (card.odds[0].probability - 5.0 / 6.0).abs() < 1e-9,
        "{:?}",
        card.odds
    );
}

#[test]
fn a_holding_unit_only_parries() {
    let b = battle();
    assert_eq!(
        numbers::landed(b.rules(), [3, 1], [true, false]),
        [0, 0],
        "the holder's hits parry"
    );
    assert_eq!(numbers::landed(b.rules(), [1, 3], [true, false]), [0, 2]);
}

/// Six bowmen shoot the six monks under the abbot, each rolling a hit and a miss.
fn shoot_every_monk(b: &mut Battle<Skirmish>) -> Vec<String> {
    let mut lines = Vec::new();
    for i in 1..=6u8 {
        lines.extend(ok(
            b,
            Command::Fire(shot(&[FigureRef(0, 0, i)], FigureRef(1, 2, i), 10, false)),
            &[6, 1],
        ));
    }
    lines
}

#[test]
fn morale_a_unit_wiped_out_owes_no_test() {
    let mut b = battle_with(morale_on());
    at(&mut b, Section::Firing);
    shoot_every_monk(&mut b);
    // The abbot too, by the teppo.
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], ABBOT, 10, false)),
        &[6, 1, 1],
    );
    at(&mut b, Section::Results);
    assert_eq!(b.state().unit(MONKS).map(|u| u.alive()), Some(0));
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    assert!(b.pending().iter().all(|c| c.what != "Morale test"));
}

#[test]
fn morale_a_unit_whose_last_figure_dies_after_its_leader_owes_no_test() {
    // Only when a test may wait (ruling `morale_when`) can the unit fall before it is taken.
    let mut house = morale_on();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    house
        .rulings
        .insert("morale_when".into(), "before_section_ends".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], ABBOT, 10, false)),
        &[6, 1, 1],
    );
    assert_eq!(
        b.state().due,
        vec![Due::Morale(MONKS, Trigger::LeaderLost)],
        "the abbot is dead: a test is due"
    );
    let lines = shoot_every_monk(&mut b);
    assert_eq!(b.state().unit(MONKS).map(|u| u.alive()), Some(0));
    assert!(b.state().due.is_empty(), "dropped: {:?}", b.state().due);
    assert!(
        lines.iter().any(|l| l.contains("no longer owed")),
        "{lines:#?}"
    );
    ok(&mut b, Command::EndSection, &[]);
}

/// The bowmen rally in `section` of turn 1 and hold (one 5+ of 4 dice in the open).
fn bowmen_hold_in(section: Section) -> Battle<Skirmish> {
    let mut b = battle_with(morale_at_will());
    at(&mut b, section);
    ok(&mut b, declare(BOWMEN, Trigger::Rally), &[]);
    take_test(&mut b, BOWMEN, Ground::Open, &[5, 1, 1, 1]);
    b
}

#[test]
fn morale_a_holding_result_lasts_one_turn_whichever_section_the_test_was_taken_in() {
    let mv = Command::Move {
        unit: BOWMEN,
        obstacles: 0,
        difficult: false,
        contact: false,
        inches: Some(3),
    };
    // Taken in the movement section: it holds through turn 1, and moves again in turn 2.
    let mut b = bowmen_hold_in(Section::Movement);
    assert!(run(&mut b, mv.clone(), &[]).is_err(), "holding: no move");
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    ok(&mut b, mv.clone(), &[]);
    // Taken in the results section: it holds through turn 2's movement and melee.
    let mut b = bowmen_hold_in(Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    assert!(
        run(&mut b, mv.clone(), &[]).is_err(),
        "still holding in turn 2"
    );
    let bowmen = b.state().unit(BOWMEN).expect("bowmen");
    assert!(bowmen.holding((2, Section::Melee)) && !bowmen.holding((2, Section::Results)));
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    ok(&mut b, mv, &[]);
}

#[test]
fn morale_the_share_of_the_unit_lost_that_tests_is_read_from_the_table() {
    for (percent, due) in [(50, false), (25, true)] {
        let mut house = morale_on();
        house
            .overrides
            .insert("morale.half_lost_percent".into(), percent);
        let mut b = battle_with(house);
        at(&mut b, Section::Firing);
        for i in 1..=2u8 {
            ok(
                &mut b,
                Command::Fire(shot(&[FigureRef(0, 0, i)], FigureRef(1, 2, i), 10, false)),
                &[6, 1],
            );
        }
        at(&mut b, Section::Results);
        assert_eq!(
            b.state()
                .due
                .contains(&Due::Morale(MONKS, Trigger::HalfLost)),
            due,
            "2 of 7 monks lost, {percent}%"
        );
    }
}

/// Hold, then test again: two 5s let the monks continue as normal (ruling `pass_ends_hold`),
/// or, switched, the hold runs its turn.
fn monks_hold_then_pass(house: HouseRules) -> Battle<Skirmish> {
    let mut b = battle_with(house);
    for faces in [[5, 1, 1, 1], [5, 6, 1, 1]] {
        ok(&mut b, declare(MONKS, Trigger::Rally), &[]);
        // 2 + 1 + 1 (cover) = 4 dice: one 5+ holds, then two carry on.
        take_test(&mut b, MONKS, Ground::Cover, &faces);
    }
    b
}

#[test]
fn morale_two_fives_after_a_hold_let_the_unit_continue_as_normal() {
    let mut house = morale_at_will();
    house
        .rulings
        .insert("pass_ends_hold".into(), "ends_the_hold".into());
    let b = monks_hold_then_pass(house);
    let monks = b.state().unit(MONKS).expect("monks");
    assert!(!monks.holding(b.state().now()), "the hold ended");
    let mut house = morale_at_will();
    house
        .rulings
        .insert("pass_ends_hold".into(), "hold_runs_its_turn".into());
    let b = monks_hold_then_pass(house);
    let monks = b.state().unit(MONKS).expect("monks");
    assert!(
        monks.holding(b.state().now()),
        "switched: the hold runs its turn"
    );
}

/// The abbot falls to a teppō with hits resolved at once: his monks owe a test for their lost
/// leader. Morale on, plus the rulings given.
fn abbot_shot(rulings: &[(&str, &str)]) -> Battle<Skirmish> {
    let mut house = morale_on();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    for (k, v) in rulings {
        house.rulings.insert((*k).into(), (*v).into());
    }
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    // Ashigaru 1 + teppō close 2 = 3 dice at 4+: one hit kills the abbot (a Monk).
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], ABBOT, 10, false)),
        &[6, 1, 1],
    );
    assert_eq!(b.state().due, vec![Due::Morale(MONKS, Trigger::LeaderLost)]);
    b
}

#[test]
fn morale_a_due_test_is_answered_by_saying_the_ground_then_rolling_it() {
    let mut b = battle_with(morale_at_will());
    ok(&mut b, declare(MONKS, Trigger::Rally), &[]);
    let card = |b: &Battle<Skirmish>| {
        b.pending()
            .into_iter()
            .find(|c| c.what == "Morale test")
            .expect("the test's card")
    };
    let first = card(&b);
    assert!(first.roll.is_none(), "no dice until the ground is said");
    let grounds: Vec<&Command> = first.answers.iter().map(|a| &a.command).collect();
    assert_eq!(grounds.len(), 3, "open, cover, neither");
    assert!(first.answers.iter().all(|a| !a.rolls));
    let refused = run(&mut b, Command::MoraleTest { unit: MONKS }, &[6, 6, 6, 6])
        .expect_err("the ground first");
    assert!(refused.to_string().contains("Morale"), "{refused}");
    // Saying the ground is the first step of the answer: it settles the first step.
    ok(
        &mut b,
        Command::MoraleGround {
            unit: MONKS,
            ground: Ground::Cover,
        },
        &[],
    );
    assert_eq!(
        b.state().due,
        vec![Due::MoraleRoll(MONKS, Trigger::Rally, Ground::Cover)]
    );
    // Monk leader 2 + alive 1 + cover 1 = 4 dice at 5+.
    let c = card(&b);
    let miss = 2.0_f64 / 3.0;
    let rout = miss.powi(4);
    let hold = 4.0 * (1.0 / 3.0) * miss.powi(3);
    let odds: Vec<f64> = c.odds.iter().map(|o| o.probability).collect();
    assert!((odds[0] - rout).abs() < 1e-12, "{odds:?}");
    assert!((odds[1] - hold).abs() < 1e-12, "{odds:?}");
    assert!((odds[2] - (1.0 - rout - hold)).abs() < 1e-12, "{odds:?}");
    assert_eq!(c.answers.iter().filter(|a| a.rolls).count(), 1);
    // The ground may be corrected before the roll: in the open, 2 + 1 - 2 = 1 die.
    ok(
        &mut b,
        Command::MoraleGround {
            unit: MONKS,
            ground: Ground::Open,
        },
        &[],
    );
    assert!(
        run(
            &mut b,
            Command::MoraleGround {
                unit: MONKS,
                ground: Ground::Open
            },
            &[]
        )
        .is_err(),
        "said already"
    );
    let c = card(&b);
    assert!((c.odds[0].probability - miss).abs() < 1e-12);
    assert!(
        (c.odds[2].probability).abs() < 1e-12,
        "one die: no carry on"
    );
    ok(&mut b, Command::MoraleTest { unit: MONKS }, &[5]);
    assert!(b.state().due.is_empty());
    assert!(
        b.state()
            .unit(MONKS)
            .is_some_and(|u| u.holding(b.state().now()))
    );
}

#[test]
fn morale_a_test_is_taken_at_once_before_anything_else() {
    let mut b = abbot_shot(&[]);
    let refused = run(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    )
    .expect_err("the test first");
    assert!(
        refused.to_string().contains("Morale (optional)"),
        "{refused}"
    );
    assert!(run(&mut b, Command::Engage(BOWMEN, RONIN), &[]).is_err());
    assert!(run(&mut b, Command::EndSection, &[]).is_err());
    let cards = b.pending();
    assert!(
        cards.iter().all(|c| c.what == "Morale test"),
        "only the test is shown while it is owed: {:?}",
        cards.iter().map(|c| &c.what).collect::<Vec<_>>()
    );
    take_test(&mut b, MONKS, Ground::Cover, &[6]);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
}

#[test]
fn morale_the_umpire_may_let_a_test_wait_until_the_section_ends() {
    let mut b = abbot_shot(&[("morale_when", "before_section_ends")]);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    let refused = run(&mut b, Command::EndSection, &[]).expect_err("the test first");
    assert!(
        refused.to_string().contains("Morale (optional)"),
        "{refused}"
    );
    take_test(&mut b, MONKS, Ground::Cover, &[6]);
    ok(&mut b, Command::EndSection, &[]);
}

#[test]
fn morale_a_lost_leader_or_half_the_unit_lost_is_never_declared() {
    let mut b = battle_with(morale_on());
    for trigger in [Trigger::LeaderLost, Trigger::HalfLost] {
        let refused =
            run(&mut b, declare(BOWMEN, trigger), &[]).expect_err("the state knows better");
        assert!(
            refused.to_string().contains("Morale (optional)"),
            "{refused}"
        );
    }
    assert!(b.state().due.is_empty());
}

#[test]
fn morale_only_a_unit_holding_its_ground_tries_to_rally() {
    use gunbai::engine::Game as _;
    let mut b = abbot_shot(&[("rally", "holding_units")]);
    let refused = run(&mut b, declare(BOWMEN, Trigger::Rally), &[]).expect_err("not holding");
    assert!(refused.to_string().contains("rally"), "{refused}");
    // The leaderless monks: Monk 2 - dead leader 4 + cover 1 = -1: one die, a 6 holds.
    take_test(&mut b, MONKS, Ground::Cover, &[6]);
    assert!(
        b.state()
            .unit(MONKS)
            .is_some_and(|u| u.holding(b.state().now()))
    );
    let forms = b.action_forms(&MONK_1.id());
    assert!(
        forms.iter().any(|f| f.key == "morale"),
        "a holding unit may be declared to rally"
    );
    ok(&mut b, declare(MONKS, Trigger::Rally), &[]);
    assert_eq!(b.state().due, vec![Due::Morale(MONKS, Trigger::Rally)]);
    // Switched: any unit may try.
    let mut b = battle_with(morale_at_will());
    ok(&mut b, declare(BOWMEN, Trigger::Rally), &[]);
}

#[test]
fn morale_a_fleeing_friend_is_declared_only_after_a_unit_of_its_side_routed() {
    use gunbai::engine::Game as _;
    let ruled = [("fleeing_friend", "after_a_friend_routs")];
    let mut house = morale_on();
    house.rulings.insert(ruled[0].0.into(), ruled[0].1.into());
    let mut b = battle_with(house);
    let refused =
        run(&mut b, declare(NINJA, Trigger::FleeingFriend), &[]).expect_err("nobody fled");
    assert!(refused.to_string().contains("routed"), "{refused}");
    let mut b = abbot_shot(&ruled);
    // The monks rout: one die at 6 (2 - 4 - 2 in the open), a 1.
    take_test(&mut b, MONKS, Ground::Open, &[1]);
    assert!(b.state().unit(MONKS).is_some_and(|u| u.routed));
    ok(&mut b, Command::Engage(RONIN, BOWMEN), &[]);
    let engaged = run(&mut b, declare(RONIN, Trigger::FleeingFriend), &[]).expect_err("in melee");
    assert!(engaged.to_string().contains("unengaged"), "{engaged}");
    let forms = b.action_forms(&NINJA_1.id());
    let offered = forms
        .iter()
        .find(|f| f.key == "morale")
        .map(|f| format!("{:?}", f.fields));
    assert!(
        offered.is_some_and(|f| f.contains("fleeing friend")),
        "{forms:?}"
    );
    ok(&mut b, declare(NINJA, Trigger::FleeingFriend), &[]);
    // Switched: the umpire declares it whenever the table shows one.
    let mut house = morale_on();
    house
        .rulings
        .insert("fleeing_friend".into(), "umpire_declares".into());
    let mut b = battle_with(house);
    ok(&mut b, declare(NINJA, Trigger::FleeingFriend), &[]);
}

#[test]
fn morale_a_samurai_leading_ashigaru_tests_with_his_unit_and_leaves_with_it() {
    use gunbai::engine::Game as _;
    let mut b = battle_with(morale_at_will());
    assert!(
        run(&mut b, declare(MAEDA, Trigger::Rally), &[]).is_err(),
        "a Samurai unit never tests"
    );
    ok(&mut b, declare(BOWMEN, Trigger::Rally), &[]);
    // Samurai leader 4 + alive 1 + Samurai 1 - open 2 = 4 dice: no 5+ routs.
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Open);
    assert_eq!(p.dice, 4);
    take_test(&mut b, BOWMEN, Ground::Open, &[4, 4, 4, 4]);
    assert!(b.state().unit(BOWMEN).is_some_and(|u| u.routed));
    let kinoshita = b
        .view()
        .sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.units)
        .find(|u| u.id == KINOSHITA.id())
        .map(|u| u.in_play);
    assert_eq!(kinoshita, Some(false), "the leader left with his unit");
    assert!(b.action_forms(&KINOSHITA.id()).is_empty());
}

#[test]
fn morale_two_fives_end_only_a_hold_still_running() {
    // Held in turn 1's movement section: over when turn 2's begins.
    let mut b = bowmen_hold_in(Section::Movement);
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    ok(&mut b, declare(BOWMEN, Trigger::Rally), &[]);
    let lines = take_test(&mut b, BOWMEN, Ground::Open, &[5, 5, 1, 1]);
    assert!(
        lines.iter().all(|l| !l.contains("hold ends")),
        "no hold to end: {lines:#?}"
    );
}

#[test]
fn morale_a_holding_unit_in_melee_only_parries() {
    let mut b = bowmen_hold_in(Section::Movement);
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    // Kinoshita 4 dice at 4+: three hits, only parries; Kambei 2 dice: one hit, parried.
    ok(&mut b, bout(KINOSHITA, KAMBEI), &[6, 6, 6, 1, 6, 1]);
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(0));
    assert_eq!(b.state().figure(KINOSHITA).map(|f| f.pending_hits), Some(0));
    // Kyūzō (3 dice at 4+) hits twice against the bowman's one: one lands on the holder.
    ok(
        &mut b,
        bout(FigureRef(0, 0, 1), FigureRef(1, 0, 1)),
        &[5, 6, 6, 1],
    );
    assert_eq!(
        b.state().figure(FigureRef(0, 0, 1)).map(|f| f.pending_hits),
        Some(1)
    );
}

#[test]
fn morale_a_samurai_unit_owes_no_test_when_half_of_it_falls() {
    let mut b = battle_with(morale_on());
    at(&mut b, Section::Firing);
    // Three Ninja each hit one of Maeda's Samurai (2 dice: 3 less armour; a 6), and each
    // result kills: 3 of the unit's 5 fall in the turn.
    for i in 0..3u8 {
        ok(
            &mut b,
            Command::Fire(shot(
                &[FigureRef(1, 1, i)],
                FigureRef(0, 2, i + 1),
                10,
                false,
            )),
            &[6, 1],
        );
    }
    at(&mut b, Section::Results);
    for i in 1..=3u8 {
        ok(&mut b, Command::ResolveHits(FigureRef(0, 2, i)), &[1]);
    }
    assert_eq!(b.state().unit(MAEDA).map(|u| u.alive()), Some(2));
    assert!(
        b.state().due.is_empty(),
        "honour bound: {:?}",
        b.state().due
    );
    assert!(b.pending().iter().all(|c| c.what != "Morale test"));
}

/// A morale test owed by a unit that has routed lapses, even with figures still standing: it
/// has left the game. One owed by a unit still fighting stands.
#[test]
fn morale_a_test_owed_by_a_routed_unit_lapses() {
    let b = battle();
    let due = Due::Morale(BOWMEN, Trigger::LeaderLost);
    assert_eq!(Skirmish::due_moot(b.state(), &due), None);
    let mut state = b.state().clone();
    state.unit_mut(BOWMEN).expect("bowmen").routed = true;
    let why = Skirmish::due_moot(&state, &due).expect("lapses");
    assert!(why.ends_with("has routed"), "{why}");
}
