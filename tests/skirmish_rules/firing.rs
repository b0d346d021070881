//! Troop 'to hit' rolls and the Firing Section: pools, ranges, rate of fire, defensive fire.

use super::*;

#[test]
fn fire_dice_are_the_troop_number_modified_by_range_cover_armour_and_moving() {
    let mut b = battle();
    let pool = |b: &Battle<Skirmish>, s, t, close: bool, cover| {
        numbers::fire(
            b.rules(),
            b.state(),
            s,
            t,
            if close { 10 } else { 20 },
            cover,
        )
    };
    assert_eq!(
        pool(&b, BOWMAN, KAMBEI, true, false).dice,
        2,
        "Ashigaru 1 + yumi close 1"
    );
    assert_eq!(
        pool(&b, BOWMAN, KAMBEI, false, false).dice,
        1,
        "long range: no bonus"
    );
    assert_eq!(
        pool(&b, BOWMAN, NINJA_1, true, false).dice,
        1,
        "a Ninja target -1"
    );
    assert_eq!(
        pool(&b, TEPPO_1, KAMBEI, true, false).dice,
        3,
        "teppo close +2"
    );
    assert_eq!(pool(&b, TEPPO_1, KAMBEI, true, true).dice, 2, "cover -1");
    let gorobei = FigureRef(1, 0, 2);
    assert_eq!(
        pool(&b, gorobei, KINOSHITA, false, false).dice,
        2,
        "Ronin 3, armoured target -1"
    );
    moving(&mut b);
    ok(
        &mut b,
        Command::Move {
            unit: TEPPO,
            obstacles: 0,
            difficult: false,
            contact: false,
            inches: Some(3),
        },
        &[],
    );
    assert_eq!(
        pool(&b, TEPPO_1, KAMBEI, true, false).dice,
        2,
        "firer moved -1"
    );
}

#[test]
fn trained_shooters_hit_on_3_untrained_on_4() {
    let b = battle();
    assert_eq!(
        numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 10, false).needed,
        3
    );
    assert_eq!(
        numbers::fire(b.rules(), b.state(), TEPPO_1, KAMBEI, 10, false).needed,
        4
    );
}

#[test]
fn below_one_die_roll_one_that_hits_only_on_a_6() {
    let mut b = battle();
    let p = numbers::fire(b.rules(), b.state(), BOWMAN, NINJA_1, 20, true);
    assert_eq!(
        (p.dice, p.needed),
        (1, 6),
        "1 - cover - Ninja = -1: one die, 6 only"
    );
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], NINJA_1, 20, true)),
        &[5],
    );
    assert_eq!(b.state().figure(NINJA_1).map(|f| f.pending_hits), Some(0));
    ok(
        &mut b,
        Command::Fire(shot(&[FigureRef(0, 0, 2)], NINJA_1, 20, true)),
        &[6],
    );
    assert_eq!(
        b.state().figure(NINJA_1).map(|f| f.pending_hits),
        Some(1),
        "a 6 always hits"
    );
}

#[test]
fn a_volley_rolls_each_shooter_and_marks_the_hits() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN, FigureRef(0, 0, 2)], KAMBEI, 10, false)),
        &[3, 2, 6, 1],
    );
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(2));
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
            &[1, 1]
        )
        .is_err(),
        "one shot per section"
    );
}

#[test]
fn arquebus_fires_once_per_two_firing_sections() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
        &[1, 1, 1],
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    at(&mut b, Section::Firing);
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
            &[1, 1, 1]
        )
        .is_err(),
        "reloading in turn 2"
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
        &[1, 1, 1],
    );
}

#[test]
fn thrown_weapons_have_only_close_range() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[NINJA_1], BOWMAN, 20, false)),
            &[1, 1, 1]
        )
        .is_err()
    );
    // Ninja 3 dice; an unarmoured Ashigaru target: no modifier.
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[1, 2, 3],
    );
}

#[test]
fn an_arm_wound_stops_firing() {
    let mut b = battle();
    let gorobei = FigureRef(1, 0, 2);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], gorobei, 10, false)),
        &[6, 1],
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::ResolveHits(gorobei), &[9]);
    assert_eq!(
        b.state().figure(gorobei).map(|f| f.wounds.clone()),
        Some(vec![Wound::Arm])
    );
    ok(&mut b, Command::EndSection, &[]);
    at(&mut b, Section::Firing);
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[gorobei], BOWMAN, 10, false)),
            &[6, 6]
        )
        .is_err()
    );
}

#[test]
fn defensive_fire_only_at_a_unit_charging_the_shooters() {
    let mut b = battle();
    moving(&mut b);
    ok(&mut b, charge(MAEDA, RONIN), &[]);
    let gorobei = FigureRef(1, 0, 2);
    let cards = b.pending();
    assert!(
        cards.iter().any(|c| c.what == "Defensive fire"),
        "offered to the charged unit's shooters"
    );
    // Ronin 3 dice at long range, armoured Samurai -1: 2 dice at 3+.
    ok(
        &mut b,
        Command::DefensiveFire(shot(&[gorobei], FigureRef(0, 2, 1), 20, false)),
        &[3, 1],
    );
    assert_eq!(
        b.state().figure(FigureRef(0, 2, 1)).map(|f| f.pending_hits),
        Some(1)
    );
    assert!(
        run(
            &mut b,
            Command::DefensiveFire(shot(&[BOWMAN], KAMBEI, 10, false)),
            &[1, 1]
        )
        .is_err(),
        "the Ronin are not charging the bowmen"
    );
}

#[test]
fn firing_range_bands_come_from_the_weapon_table_and_beyond_long_range_is_refused() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let dice = |b: &Battle<Skirmish>, s, t, inches| {
        numbers::fire(b.rules(), b.state(), s, t, inches, false).dice
    };
    assert_eq!(dice(&b, BOWMAN, KAMBEI, 15), 2, "yumi 0-15\": close, +1");
    assert_eq!(dice(&b, BOWMAN, KAMBEI, 16), 1, "yumi 16-30\": long");
    assert_eq!(
        dice(&b, TEPPO_1, KAMBEI, 12),
        3,
        "arquebus 0-12\": close, +2"
    );
    assert_eq!(dice(&b, TEPPO_1, KAMBEI, 13), 1, "arquebus 13-24\": long");
    for (shooter, target, beyond) in [
        (BOWMAN, KAMBEI, 31),
        (TEPPO_1, KAMBEI, 25),
        (NINJA_1, BOWMAN, 11),
    ] {
        let refused = run(
            &mut b,
            Command::Fire(shot(&[shooter], target, beyond, false)),
            &[],
        )
        .expect_err("beyond long range");
        assert!(
            refused.to_string().contains("beyond")
                && refused.to_string().contains("Firing Section"),
            "{refused}"
        );
    }
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 30, false)),
        &[1],
    );
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[1, 1, 1],
    );
    // A house rule that changes a range changes the game.
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("ranges_inches.yumi_close".into(), 20);
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    assert_eq!(
        dice(&b, BOWMAN, KAMBEI, 18),
        2,
        "18\" is close with a 20\" close range"
    );
}

#[test]
fn firing_the_could_shoot_card_names_each_weapons_bands_from_the_table_and_assumes_no_range_ground_or_target()
 {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let cards = b.pending();
    let card = |who: &str| {
        cards
            .iter()
            .find(|c| c.what == "Could shoot" && c.who.contains(who))
            .unwrap_or_else(|| panic!("{who} could shoot: {cards:?}"))
    };
    for (who, bands) in [
        ("Kinoshita", "0-15\" close, 16-30\" long"),
        ("Iga", "0-10\" close, no long range"),
    ] {
        let c = card(who);
        // It fires nothing and rolls nothing: the Shoot form asks who, at whom, how far, cover.
        assert!(c.answers.is_empty() && c.roll.is_none(), "{c:?}");
        assert!(!c.required);
        assert!(
            c.notes.iter().any(|n| n.contains(bands)),
            "{who}: {:?}",
            c.notes
        );
        assert!(c.why.contains("Shoot form"), "{}", c.why);
    }
    let teppo = cards
        .iter()
        .find(|c| c.what == "Could shoot" && c.why.contains("teppō"))
        .expect("the teppō could shoot");
    assert!(
        teppo
            .notes
            .iter()
            .any(|n| n.contains("0-12\" close, 13-24\" long"))
    );
}

#[test]
fn firing_ending_the_section_with_shots_still_offered_asks_first_naming_who_could_shoot() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let end = b
        .pending()
        .into_iter()
        .find_map(|c| c.answers.into_iter().find(|a| a.ends))
        .expect("the section's end");
    let asks = end.confirm.expect("it asks first");
    assert!(asks.starts_with("Could still shoot: "), "{asks}");
    assert!(asks.contains("Kinoshita"), "{asks}");
}

#[test]
fn firing_rate_of_fire_is_read_from_the_table() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    let refused = run(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    )
    .expect_err("one shot a section");
    assert!(refused.to_string().contains("Firing Section"), "{refused}");
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("rate_of_fire.yumi_shots_per_section".into(), 2);
    house
        .overrides
        .insert("rate_of_fire.thrown_shots_per_section".into(), 1);
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
            &[1, 1]
        )
        .is_err()
    );
    // One thrown shot a section under that house rule (a house rule may not make it none).
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
            &[1, 1, 1]
        )
        .is_ok(),
        "the one thrown shot the house rule allows"
    );
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
            &[1, 1, 1]
        )
        .is_err(),
        "no second thrown shot under that house rule"
    );
}

#[test]
fn firing_defensive_fire_only_at_a_charger_that_started_beyond_half_close_range() {
    let mut b = battle();
    moving(&mut b);
    for (unit, target) in [(NINJA, BOWMEN), (RONIN, TEPPO), (MAEDA, NINJA)] {
        ok(&mut b, Command::DeclareCharge { unit, target }, &[]);
    }
    // Half close range: yumi 7.5", arquebus 6", thrown 5".
    for (shooter, charger, too_near, far_enough, dice) in [
        (BOWMAN, NINJA_1, 7, 8, 1),
        (TEPPO_1, KAMBEI, 6, 7, 3),
        (NINJA_1, MAEDA_TOSHIIE, 5, 6, 2),
    ] {
        let refused = run(
            &mut b,
            Command::DefensiveFire(shot(&[shooter], charger, too_near, false)),
            &[],
        )
        .expect_err("too near");
        assert!(refused.to_string().contains("half"), "{refused}");
        ok(
            &mut b,
            Command::DefensiveFire(shot(&[shooter], charger, far_enough, false)),
            &vec![1; dice],
        );
    }
}

#[test]
fn firing_with_hits_resolved_at_once_a_volley_stops_when_its_target_falls() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    // A monk dies of any hit: with hits resolved at once, the second bowman has no target.
    let volley = shot(&[BOWMAN, FigureRef(0, 0, 2)], MONK_1, 10, false);
    let lines = ok(&mut b, Command::Fire(volley), &[6, 1]);
    assert_eq!(
        lines.iter().filter(|l| l.contains("shoots")).count(),
        1,
        "the monk fell to the first bowman: {lines:#?}"
    );
    assert!(b.state().figure(MONK_1).is_some_and(|f| f.dead));
}

#[test]
fn firing_a_six_always_hits_and_a_one_always_misses() {
    // Tables a house rule bent to the die's ends: a 1 still misses, a 6 still hits (a house
    // rule may not put a score past the die: the reference's bounds refuse it).
    let mut house = HouseRules::default();
    house.overrides.insert("fire_hit.trained".into(), 1);
    house.overrides.insert("fire_hit.untrained".into(), 6);
    let mut b = battle_with(house);
    assert_eq!(
        numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 10, false).needed,
        2
    );
    assert_eq!(
        numbers::fire(b.rules(), b.state(), TEPPO_1, KAMBEI, 10, false).needed,
        6
    );
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(0));
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
        &[6, 5, 5],
    );
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(1));
}

#[test]
fn firing_a_volley_is_the_figures_of_one_unit() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let refused = run(
        &mut b,
        Command::Fire(shot(&[BOWMAN, TEPPO_1], KAMBEI, 10, false)),
        &[1, 1, 1, 1, 1],
    )
    .expect_err("two units");
    assert!(refused.to_string().contains("one unit"), "{refused}");
}

#[test]
fn firing_defensive_fire_a_charger_wiped_out_before_contact_makes_none() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    moving(&mut b);
    ok(&mut b, charge(MONKS, BOWMEN), &[]);
    // Declared, not yet moved: nobody is in melee (issue 26).
    assert!(!b.state().engaged(MONKS, BOWMEN));
    // Seven bowmen, each 2 dice at 3+ (yumi close), at the seven monks charging from 8".
    for i in 0..7u8 {
        ok(
            &mut b,
            Command::DefensiveFire(shot(
                &[FigureRef(0, 0, i + 1)],
                FigureRef(1, 2, i),
                8,
                false,
            )),
            &[6, 1],
        );
    }
    assert_eq!(b.state().unit(MONKS).map(|u| u.alive()), Some(0));
    assert!(!b.state().engaged(MONKS, BOWMEN), "no contact");
    assert!(run(&mut b, Command::Disengage(BOWMEN, MONKS), &[]).is_err());
    assert!(
        b.pending().iter().all(|c| c.what != "Defensive fire"),
        "no charger left to shoot at"
    );
    ok(&mut b, Command::MovesDone(0), &[]);
    at(&mut b, Section::Melee);
    assert!(owing_bouts(b.state()).is_empty());
}

#[test]
fn firing_defensive_fire_is_the_shot_of_its_own_section_and_a_bow_shoots_again_when_firing() {
    let mut b = battle();
    moving(&mut b);
    ok(&mut b, charge(MAEDA, RONIN), &[]);
    let (gorobei, charger) = (FigureRef(1, 0, 2), FigureRef(0, 2, 1));
    ok(
        &mut b,
        Command::DefensiveFire(shot(&[gorobei], charger, 20, false)),
        &[1, 1],
    );
    assert!(
        run(
            &mut b,
            Command::DefensiveFire(shot(&[gorobei], charger, 20, false)),
            &[1, 1]
        )
        .is_err(),
        "a yumi shoots once a section: the defensive fire was this section's shot"
    );
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[gorobei], charger, 10, false)),
        &[1, 1, 1],
    );
}

#[test]
fn firing_an_arquebus_that_gave_defensive_fire_reloads_through_the_firing_section() {
    let mut b = battle();
    moving(&mut b);
    ok(&mut b, charge(RONIN, TEPPO), &[]);
    ok(
        &mut b,
        Command::DefensiveFire(shot(&[TEPPO_1], HEIHACHI, 20, false)),
        &[1],
    );
    at(&mut b, Section::Firing);
    let refused = run(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], HEIHACHI, 10, false)),
        &[1, 1, 1],
    );
    assert!(
        refused.is_err_and(|e| e.to_string().contains("reloading")),
        "one shot per two firing sections: the defensive fire was its shot"
    );
}

#[test]
fn firing_units_in_melee_shoot_and_are_shot_at_unless_the_umpire_rules_otherwise() {
    let gorobei = FigureRef(1, 0, 2);
    let charger = FigureRef(0, 2, 1);
    // Maeda's charge on the Ronin reaches them (a declared charge alone puts nobody in melee:
    // the umpire says so), then the firing section.
    let engaged = |option: &str| {
        let mut house = HouseRules::default();
        house.rulings.insert("fire_and_melee".into(), option.into());
        let mut b = battle_with(house);
        moving(&mut b);
        ok(&mut b, charge(MAEDA, RONIN), &[]);
        ok(
            &mut b,
            Command::DefensiveFire(shot(&[gorobei], charger, 20, false)),
            &[1, 1],
        );
        ok(&mut b, Command::Engage(MAEDA, RONIN), &[]);
        at(&mut b, Section::Firing);
        b
    };
    // By default a figure in melee shoots and is shot at.
    let mut b = engaged("may_shoot");
    ok(
        &mut b,
        Command::Fire(shot(&[gorobei], charger, 10, false)),
        &[1, 1, 1],
    );
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    let mut b = engaged("not_in_melee");
    for (shooter, target) in [(gorobei, charger), (BOWMAN, KAMBEI)] {
        let refused = run(
            &mut b,
            Command::Fire(shot(&[shooter], target, 10, false)),
            &[1, 1],
        );
        assert!(
            refused.is_err_and(|e| e.to_string().contains("fire_and_melee")),
            "a unit in melee neither shoots nor is shot at"
        );
    }
    assert!(
        b.pending()
            .iter()
            .filter(|c| c.what.starts_with("Shooting"))
            .all(|c| c.who != b.state().unit_name(RONIN)
                && !c.why.contains(&b.state().figure_name(KAMBEI))),
        "no card offers a shot from or at the Ronin"
    );
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], NINJA_1, 10, false)),
        &[1],
    );
}
