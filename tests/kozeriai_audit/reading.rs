//! Rules the reading found refereed wrongly: a shot as the whole phase, the shouter standing
//! still, a horse's activity, grappling (who breaks off, what a grappler may use, where an
//! outsider's hit falls), arrows deflected in a turn, and the readings the umpire may switch to.

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::kozeriai::command::{Action, ClashKind, Ride, Step};
use gunbai::rules::kozeriai::numbers::clash::UNARMED;
use gunbai::rules::kozeriai::state::{Speed, Stage};
use gunbai::rules::kozeriai::{Command, Event, Kozeriai};

use super::*;

/// A heroic swordsman who also shouts, against the usual West.
const ONI: &str = r#"(
    name: "East",
    figures: [
        (name: "Oni", player: "P1", skills: {"Katana": 5}, ki_ai: 6, heroic: true),
    ],
)"#;

fn battle_of(east: &str, house: HouseRules) -> Battle<Kozeriai> {
    let armies = [army("east.ron", east), army("west.ron", WEST)];
    Battle::<Kozeriai>::start(armies, house, None).expect("battle starts")
}

fn ride(b: &mut Battle<Kozeriai>, r: Ride, reload: bool) -> Result<(), String> {
    let action = if reload {
        Action::RideReload(r)
    } else {
        Action::Ride(r)
    };
    run(
        b,
        Command::Act {
            figure: YUMI,
            action,
        },
        &[],
    )
    .map_err(|e| e.to_string())
}

/// Taro charges Hachi home, then wins the first round of their grapple (6 against 3 less
/// Hachi's 2 distractions): Hachi is thrown.
fn taro_wins_a_grapple(b: &mut Battle<Kozeriai>) {
    at(b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    ok(b, Command::Clash(charge), &[9, 0]);
    let due = b.state().due[0];
    ok(b, Command::Fall(due), &[0]);
    next_turn(b);
    at(b, 0, Stage::Fighting);
    let mut grapple = strike(TARO, UNARMED, HACHI, UNARMED);
    grapple.kind = ClashKind::Grapple;
    ok(b, Command::Clash(grapple), &[6, 3]);
    assert_eq!(fig(b, TARO).grappling, Some(HACHI));
    assert!(fig(b, HACHI).lying);
}

#[test]
fn shooting_a_shot_is_the_figures_whole_phase_even_for_a_heroic_samurai() {
    let mut b = battle_with(with_optional(&["heroic"]));
    // Kensei has two actions; after one (a step) it may not shoot: the shot is the whole phase.
    act(&mut b, KENSEI, step(Step::Forward));
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Shoot(shot(KENSEI, GORO, "Kyu", 10)), &[9]);
    assert!(why.contains("(kozeriai: Shooting)"), "{why}");
    // Taro shoots (a natural 0 misses): no attacking stroke after it this phase.
    ok(&mut b, Command::Shoot(shot(TARO, HACHI, "Kyu", 10)), &[0]);
    let why = refused(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[5, 5],
    );
    assert!(
        why.contains("has shot") && why.contains("(kozeriai: Shooting)"),
        "{why}"
    );
    // Nor does a heroic figure shoot after its stroke.
    let mut b = battle_with(with_optional(&["heroic"]));
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(KENSEI, "Katana", GORO, "Katana")),
        &[4, 4],
    );
    settle_push_backs(&mut b);
    let why = refused(&mut b, Command::Shoot(shot(KENSEI, JO, "Kyu", 10)), &[9]);
    assert!(why.contains("(kozeriai: Shooting)"), "{why}");
}

#[test]
fn ki_ai_the_shouter_cannot_move_whilst_shouting() {
    let oni = gunbai::rules::kozeriai::state::FigureRef(0, 0);
    let mut b = battle_of(ONI, with_optional(&["heroic"]));
    // Oni has two actions: a step forward, then no shout in the same turn.
    act(&mut b, oni, step(Step::Forward));
    at(&mut b, 0, Stage::Fighting);
    let shout = Command::Act {
        figure: oni,
        action: Action::KiAi(vec![HACHI]),
    };
    let why = refused(&mut b, shout.clone(), &[9]);
    assert!(
        why.contains("moved this turn") && why.contains("(kozeriai: Ki-Ai)"),
        "{why}"
    );
    // Standing still the next turn, it shouts (a 9 misses its 6).
    next_turn(&mut b);
    act(&mut b, oni, step(Step::Stay));
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, shout, &[9]);
    assert_eq!(fig(&b, HACHI).distractions, 0);
}

#[test]
fn moving_horses_a_sidestep_after_a_walk_changes_the_activity_and_forbids_a_blow() {
    let mut b = battle();
    ride(&mut b, Ride::At(Speed::Walk), false).unwrap();
    next_turn(&mut b);
    // Walking and sidestepping go at one speed but are two activities.
    ride(&mut b, Ride::Sidestep, false).unwrap();
    assert!(fig(&b, YUMI).this_turn.changed_horse);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Clash(strike(YUMI, "Yari", HACHI, "Katana")),
        &[5, 5],
    );
    assert!(why.contains("(kozeriai: Moving Horses)"), "{why}");
    // Keeping the activity, the rider strikes.
    next_turn(&mut b);
    ride(&mut b, Ride::Sidestep, false).unwrap();
    assert!(!fig(&b, YUMI).this_turn.changed_horse);
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(YUMI, "Yari", HACHI, "Katana")),
        &[4, 4],
    );
}

#[test]
fn actions_a_rider_reloads_keeping_the_horse_s_activity_under_the_other_reading() {
    for (house, walking_reload) in [
        (HouseRules::default(), false),
        (ruled("mounted_reload", "activity_unchanged"), true),
    ] {
        let mut b = battle_with(house);
        at(&mut b, 0, Stage::Fighting);
        // Yumi shoots from the halted horse (a natural 0 misses): her bow needs reloading.
        ok(&mut b, Command::Shoot(shot(YUMI, HACHI, "Kyu", 10)), &[0]);
        assert!(fig(&b, YUMI).reload.contains_key("Kyu"));
        next_turn(&mut b);
        // Starting to walk changes the activity: no reload with it under either reading.
        assert!(ride(&mut b, Ride::At(Speed::Walk), true).is_err());
        ride(&mut b, Ride::At(Speed::Walk), false).unwrap();
        next_turn(&mut b);
        // Walking on keeps it: a reload under `activity_unchanged` only.
        let walked = ride(&mut b, Ride::At(Speed::Walk), true);
        assert_eq!(walked.is_ok(), walking_reload, "{walked:?}");
        if let Err(why) = walked {
            assert!(why.contains("(kozeriai: Actions)"), "{why}");
        }
    }
}

#[test]
fn actions_a_figure_on_the_ground_stands_up_before_it_mounts() {
    let mut b = battle();
    act(&mut b, YUMI, Action::Dismount);
    next_turn(&mut b);
    act(&mut b, YUMI, Action::LieDown);
    next_turn(&mut b);
    let why = refused(
        &mut b,
        Command::Act {
            figure: YUMI,
            action: Action::Mount,
        },
        &[],
    );
    assert!(
        why.contains("on the ground") && why.contains("(kozeriai: Actions)"),
        "{why}"
    );
    act(&mut b, YUMI, Action::StandUp);
    next_turn(&mut b);
    act(&mut b, YUMI, Action::Mount);
    assert!(fig(&b, YUMI).mounted);
}

#[test]
fn order_of_movement_every_contingent_moves_before_any_fights_under_the_other_reading() {
    let stages = |house: HouseRules| {
        let mut b = battle_with(house);
        let mut seen = vec![(b.state().current, b.state().stage)];
        while b.state().turn == 1 {
            ok(&mut b, Command::EndStage, &[]);
            seen.push((b.state().current, b.state().stage));
        }
        seen.pop();
        seen
    };
    use Stage::{Fighting, Moving};
    assert_eq!(
        stages(ruled("combat_timing", "per_contingent")),
        [(0, Moving), (0, Fighting), (1, Moving), (1, Fighting)]
    );
    assert_eq!(
        stages(ruled("combat_timing", "after_all_moved")),
        [(0, Moving), (1, Moving), (0, Fighting), (1, Fighting)]
    );
}

#[test]
fn grappling_only_the_winner_of_a_round_breaks_off_and_it_may_always() {
    let mut b = battle();
    taro_wins_a_grapple(&mut b);
    // The thrown loser may not break off.
    let why = refused(
        &mut b,
        Command::Act {
            figure: HACHI,
            action: Action::BreakOff,
        },
        &[],
    );
    assert!(why.contains("(kozeriai: Grappling)"), "{why}");
    // The winner may, even in the fighting stage and after its stroke, spending no action.
    let actions = fig(&b, TARO).this_turn.actions;
    let events = act(&mut b, TARO, Action::BreakOff);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Acted {
                action: Action::BreakOff,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(fig(&b, TARO).grappling, None);
    assert_eq!(fig(&b, HACHI).grappling, None);
    assert_eq!(fig(&b, TARO).this_turn.actions, actions);
}

#[test]
fn grappling_a_grappler_s_bow_is_useless() {
    let mut b = battle();
    taro_wins_a_grapple(&mut b);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Shoot(shot(TARO, JO, "Kyu", 10)), &[9]);
    assert!(
        why.contains("grappling") && why.contains("(kozeriai: Grappling)"),
        "{why}"
    );
}

#[test]
fn grappling_an_outsider_s_shot_falls_on_either_grappler() {
    let mut b = battle();
    taro_wins_a_grapple(&mut b);
    at(&mut b, 1, Stage::Fighting);
    // Teppo fires at Taro: the misfire die 5, the hit die 9 (3 + 9 = 12, needing 9), the split
    // die 7 (5-9: the other grappler), the effect die 4 less 1 for the unarmoured Hachi.
    let events = ok(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[5, 9, 7, 4],
    );
    assert!(
        events.contains(&Event::GrappleSplit {
            die: 7,
            falls_on: HACHI
        }),
        "{events:?}"
    );
    assert_eq!(fig(&b, HACHI).wounds, 3);
    assert_eq!(fig(&b, TARO).wounds, 0);
}

#[test]
fn grappling_an_outsider_s_blow_takes_the_split_die_first_at_the_table() {
    let mut b = battle();
    taro_wins_a_grapple(&mut b);
    at(&mut b, 1, Stage::Fighting);
    // Jo's Yari against Taro, who meets it bare-handed: the card asks for the split die, then
    // each fighter's die, and the roll takes exactly those three faces.
    let order = strike(JO, "Yari", TARO, UNARMED);
    let card = gunbai::rules::kozeriai::pending::cards::clash_card(b.rules(), b.state(), &order)
        .expect("a card");
    assert_eq!(
        card.table_faces().words(),
        "3: 1 for which grappler the blow falls on, then 1 for Jo, then 1 for Taro"
    );
    // The split die 2 keeps the blow on Taro; Jo 2 + 5 + 2 against Taro 0 + 5 - 6.
    let events = ok(&mut b, Command::Clash(order), &[2, 5, 5]);
    assert!(events.contains(&Event::GrappleSplit {
        die: 2,
        falls_on: TARO
    }));
}

#[test]
fn yadomejutsu_each_arrow_after_the_first_in_the_phase_adds_one() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut first = shot(TARO, GORO, "Kyu", 10);
    first.deflect = true;
    first.in_hand = Some("Katana".into());
    // Taro hits (4 + 5 = 9, needing 5); Goro's 9 + 9 = 18 misses his 12; the effect die 0.
    ok(&mut b, Command::Shoot(first), &[5, 9, 9, 0]);
    assert_eq!(fig(&b, GORO).this_turn.deflections, 1);
    let mut second = shot(YUMI, GORO, "Kyu", 10);
    second.deflect = true;
    second.in_hand = Some("Katana".into());
    // The referee knows one arrow came first: a declared 0 is refused.
    let why = refused(&mut b, Command::Shoot(second.clone()), &[9, 6, 6, 0]);
    assert!(why.contains("not 0"), "{why}");
    // 6 + 6 = 12 would deflect; with +1 for the earlier arrow 13 does not.
    second.earlier_arrows = 1;
    let events = ok(&mut b, Command::Shoot(second), &[9, 6, 6, 0]);
    let deflect = events.iter().find_map(|e| match e {
        Event::Shot { dice, .. } => dice.deflect.clone(),
        _ => None,
    });
    assert_eq!(deflect, Some((vec![6, 6], false)));
    // The next contingent's fighting is another phase: the count starts again.
    at(&mut b, 1, Stage::Moving);
    assert_eq!(fig(&b, GORO).this_turn.deflections, 0);
}

#[test]
fn body_charges_a_rider_or_a_figure_on_the_ground_makes_none() {
    let mut b = battle();
    act(&mut b, TARO, Action::LieDown);
    at(&mut b, 0, Stage::Fighting);
    for (who, weapon) in [(YUMI, "Yari"), (TARO, UNARMED)] {
        let mut charge = strike(who, weapon, HACHI, "Katana");
        charge.kind = ClashKind::BodyCharge;
        let why = refused(&mut b, Command::Clash(charge), &[9, 0]);
        assert!(why.contains("(kozeriai: Body Charges)"), "{why}");
    }
}

#[test]
fn blunt_weapons_lying_down_is_no_movement_and_distractions_still_recover() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Sohei's staff (blunt): 3 + 2 against Hachi's 0 + 3, a difference of 2 distractions.
    ok(
        &mut b,
        Command::Clash(strike(SOHEI, "Bo", HACHI, "Katana")),
        &[2, 3],
    );
    assert_eq!(fig(&b, HACHI).distractions, 2);
    settle_push_backs(&mut b);
    next_turn(&mut b);
    // Lying down is an action but no movement, and Hachi does not fight: one recovered.
    at(&mut b, 1, Stage::Moving);
    act(&mut b, HACHI, Action::LieDown);
    next_turn(&mut b);
    assert_eq!(fig(&b, HACHI).distractions, 1);
}

/// Every push back owed ends clear of anything that trips.
fn settle_push_backs(b: &mut Battle<Kozeriai>) {
    let pushed: Vec<_> = b
        .state()
        .due
        .iter()
        .filter_map(|d| match d {
            gunbai::rules::kozeriai::state::Due::PushedBack(f) => Some(*f),
            _ => None,
        })
        .collect();
    for f in pushed {
        ok(b, Command::NoHazard(f), &[]);
    }
}

#[test]
fn body_charges_a_charger_makes_no_attacking_stroke_that_phase() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    ok(&mut b, Command::Clash(charge), &[9, 0]);
    let due = b.state().due[0];
    ok(&mut b, Command::Fall(due), &[0]);
    let why = refused(
        &mut b,
        Command::Clash(strike(TARO, "Katana", JO, "Yari")),
        &[5, 5],
    );
    assert!(why.contains("(kozeriai: Exchanging Blows)"), "{why}");
}

#[test]
fn moving_horses_a_rider_who_struck_first_keeps_the_horse_s_activity() {
    // West moves first here, so Yumi's closing attack comes before her own move.
    let armies = [army("west.ron", WEST), army("east.ron", EAST)];
    let mut b = Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("starts");
    let (yumi, hachi) = (
        gunbai::rules::kozeriai::state::FigureRef(1, 2),
        gunbai::rules::kozeriai::state::FigureRef(0, 1),
    );
    let mut closing = strike(yumi, "Yari", hachi, "Katana");
    closing.closing = true;
    ok(&mut b, Command::Clash(closing), &[4, 4]);
    settle_push_backs(&mut b);
    at(&mut b, 1, Stage::Moving);
    let walk = |b: &mut Battle<Kozeriai>, r| {
        run(
            b,
            Command::Act {
                figure: yumi,
                action: Action::Ride(r),
            },
            &[],
        )
        .map_err(|e| e.to_string())
    };
    let why = walk(&mut b, Ride::At(Speed::Walk)).unwrap_err();
    assert!(why.contains("(kozeriai: Moving Horses)"), "{why}");
    walk(&mut b, Ride::At(Speed::Halt)).unwrap();
}

#[test]
fn exhaustion_full_armour_costs_two_every_move_under_the_other_reading() {
    let cost = |mut house: HouseRules| {
        house.optional.extend(["exhaustion".to_owned()]);
        let b = battle_with(house);
        // Kensei, in full armour, has done nothing this turn.
        gunbai::rules::kozeriai::stamina_change(b.rules(), &fig(&b, KENSEI))
    };
    let (rested, _) = cost(HouseRules::default());
    let (worn, why) = cost(ruled("exhaustion_armour", "full_every_move"));
    assert_eq!(worn - rested, -2, "{why:?}");
    assert!(why.iter().any(|w| w.contains("full armour")), "{why:?}");
}

#[test]
fn grappling_the_loser_takes_the_winner_s_blow_too_under_the_other_reading() {
    for (house, distractions) in [
        (HouseRules::default(), 2 + 2),
        // Bare hands are blunt: Taro's 6 against 3 - 2 is 5 distractions more.
        (ruled("grapple_result", "blow_lands_too"), 2 + 2 + 5),
    ] {
        let mut b = battle_with(house);
        taro_wins_a_grapple(&mut b);
        let h = fig(&b, HACHI);
        assert_eq!(h.distractions, distractions, "{h:?}");
        // Still no push back.
        assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    }
}

/// The clash card's odds count an Iaijutsu draw as the roll does: a d10 at or under the skill
/// draws, and only a failed draw keeps the drawing penalty.
#[test]
fn iaijutsu_the_odds_draw_at_or_under_the_skill_and_a_failure_keeps_the_penalty() {
    use gunbai::rules::kozeriai::numbers::clash::SideNumbers;
    let side = |iaijutsu| SideNumbers {
        modifiers: Vec::new(),
        iaijutsu,
        blunt: None,
        armour: 0,
        weaker: 0,
        heroic: 0,
        defence_only: 0,
    };
    let mix = side(Some((6, -4))).mixture(10);
    assert_eq!(mix.len(), 2, "{mix:?}");
    // The d10 reads 0 to 9: 0 to 6 draw, 7 in 10.
    assert!(
        (mix[0].0 - 0.7).abs() < 1e-12 && mix[0].1 == 0,
        "7 in 10 draw: {mix:?}"
    );
    assert!(
        (mix[1].0 - 0.3).abs() < 1e-12 && mix[1].1 == -4,
        "3 in 10 fail: {mix:?}"
    );
    let plain = side(None).mixture(10);
    assert_eq!(plain, vec![(1.0, 0)]);
}
