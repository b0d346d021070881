//! Simple Samurai Rules – Late Period: one test per rule, named after it, driving the real
//! engine with the faces a table would roll. Sections are those of the rules text.

#![allow(clippy::expect_used)] // Tests fail loudly; the lint guards user-supplied data elsewhere.

use gunbai::dice::RngDice;
use gunbai::dice::{CmpOp, Comparison, Expr};
use gunbai::engine::RuleSet as _;
use gunbai::engine::{Battle, Dice};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::simple::command::{
    Attacker, Facing, Fighter, FireOrder, MeleeOrder, MoveKind, Status,
};
use gunbai::rules::simple::roster::Weapon;
use gunbai::rules::simple::state::{Cover, Due, GroupRef, MoraleCause, Target, UnitRef};
use gunbai::rules::simple::{Command, Simple};

mod simple_support;
use simple_support::*;

#[test]
fn sequence_the_higher_d12_is_home_and_the_invader_plays_first() {
    let mut b = battle_with(HouseRules::default());
    // A tie rolls again within the same roll for Home (ruling home_tie).
    let lines = ok(&mut b, Command::RollForHome, &[6, 6, 3, 11]);
    assert_eq!(lines.len(), 2, "the tie and the roll again: {lines:?}");
    assert_eq!(b.state().home, Some(1));
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(1)))
        .expect("shuffle");
    ok(&mut b, Command::BeginBattle, &[]);
    assert_eq!(b.state().acting, 0, "Oda invades and plays first");
    assert_eq!(
        b.state().due,
        vec![Due::DrawCard(0)],
        "the card comes before anything"
    );
}

#[test]
fn event_deck_is_thirty_cards_half_blank_shuffled_once_and_replayed_not_reshuffled() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    let rosters = gunbai::rules::demo_rosters("simple").expect("simple demo");
    let mut game =
        gunbai::rules::start_battle("simple", &rosters, HouseRules::default(), Some(&path))
            .expect("starts");
    let b = game
        .as_any_mut()
        .downcast_mut::<Battle<Simple>>()
        .expect("simple battle");
    b.execute(Command::ShuffleDeck, &mut RngDice::seeded(42))
        .expect("shuffles");
    let mut deck = b.state().deck.clone();
    let live = deck.clone();
    deck.sort_unstable();
    assert_eq!(deck, (1..=30).collect::<Vec<u8>>());
    assert_eq!(
        live.iter().filter(|c| *c % 2 == 0).count(),
        15,
        "15 blank cards"
    );
    let (replayed, _) = gunbai::rules::open_journal(&path, false, false).expect("replays");
    let r = replayed
        .as_any()
        .downcast_ref::<Battle<Simple>>()
        .expect("simple battle");
    assert_eq!(r.state().deck, live, "replay takes the stored order");
}

#[test]
fn allied_clan_acts_on_5_or_more_else_holds_but_fights_if_attacked() {
    let mut b = begun();
    assert!(
        b.state().group(MATSUDAIRA).expect("clan").acting,
        "7 on the d12 acts"
    );
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    // Tokugawa (10,000 koku) rolls a d12, Mizuno (5,000) a d10: 4 holds, 5 acts.
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[4]);
    assert!(
        run(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[11]).is_err(),
        "a d10 has no 11"
    );
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    let tokugawa_yari = UnitRef(0, 1, 1);
    let refused = run(
        &mut b,
        Command::Move {
            unit: tokugawa_yari,
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    assert!(refused.is_err(), "a holding clan does not move");
    ok(
        &mut b,
        Command::Move {
            unit: UnitRef(0, 2, 0),
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
}

#[test]
fn formation_fail_test_uses_the_troop_die_and_passes_on_4() {
    let mut b = begun();
    formation_fail(&mut b, ODA_YARI);
    to_oda_turn(&mut b, [5, 5]);
    assert!(b.state().due.contains(&Due::FormationTest(ODA_YARI)));
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: ODA_YARI,
                kind: MoveKind::Normal,
                distance_cm: 10,
                going: gunbai::rules::simple::command::Going::Standard,
                surrounded: None,
            },
            &[]
        )
        .is_err(),
        "tests come first"
    );
    ok(&mut b, Command::FormationTest(ODA_YARI), &[3]);
    assert!(
        b.state().unit(ODA_YARI).expect("unit").formation_fail,
        "3 on the d6 fails"
    );
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[9]);
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::FormationTest(ODA_YARI), &[4]);
    assert!(
        !b.state().unit(ODA_YARI).expect("unit").formation_fail,
        "4 passes"
    );
}

#[test]
fn formation_fail_is_not_tested_in_melee_or_while_crossing_cover() {
    let mut b = begun();
    formation_fail(&mut b, ODA_YARI);
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_YARI,
            status: Status::InMelee(true),
        },
        &[],
    );
    to_oda_turn(&mut b, [5, 5]);
    assert!(!b.state().due.contains(&Due::FormationTest(ODA_YARI)));
    ok(
        &mut b,
        Command::Move {
            unit: ODA_TEPPO_1,
            kind: MoveKind::CrossCover,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    let u = b.state().unit(ODA_TEPPO_1).expect("unit");
    assert!(
        u.formation_fail && u.crossing,
        "crossing cover gives a Formation Fail"
    );
}

#[test]
fn formation_fail_forbids_volley_fire() {
    let mut b = begun();
    formation_fail(&mut b, IMA_TEPPO);
    let err = run(&mut b, fire(IMA_TEPPO, ODA_YARI, true), &[1; 5]).expect_err("no volley");
    assert!(err.to_string().contains("Formation Fail"), "{err}");
}

#[test]
fn firing_d8_per_figure_hits_6_7_8_in_line_and_saves_on_4() {
    let mut b = begun();
    // Line in the open: 6+. Faces 6, 5, 8, 1, 2: two hits; saves 4 (saved), 3 (killed).
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_YARI, false),
        &[6, 5, 8, 1, 2, 4, 3],
    );
    assert_eq!(alive(&b, ODA_YARI), 4);
    morale(&mut b, ODA_YARI, &[6, 6, 6, 6, 1]);
    // Hard cover, line: 8+. Only the 8 hits; its save fails on 3.
    ok(
        &mut b,
        fire_in(IMA_ARCHERS, ODA_TEPPO_2, Cover::Hard),
        &[7, 7, 8, 1, 1, 3],
    );
    assert_eq!(alive(&b, ODA_TEPPO_2), 4);
}

#[test]
fn skirmishers_are_hit_on_7_8_9_and_the_combined_score_pairs_dice() {
    let mut b = begun();
    // Skirmish in hard cover needs 9: no d8 reaches it, so dice pair up (ruling
    // combined_score): 5+4 = 9 hits, 8+0... 1+2 = 3 misses, the fifth die is unpaired.
    let lines = ok(
        &mut b,
        fire_in(IMA_TEPPO, ODA_ARCHERS_SKIRMISH, Cover::Hard),
        &[5, 4, 1, 2, 8, 1],
    );
    assert!(lines.iter().any(|l| l.contains("pairs")), "{lines:?}");
    assert_eq!(alive(&b, ODA_ARCHERS_SKIRMISH), 4, "one hit, save 1 fails");
}

#[test]
fn combined_score_exact_option_needs_the_pair_to_equal_the_score() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("combined_score".into(), "pairs_exact".into());
    let mut b = begun_with(house);
    ok(
        &mut b,
        fire_in(IMA_TEPPO, ODA_ARCHERS_SKIRMISH, Cover::Hard),
        &[5, 5, 4, 5, 8, 1],
    );
    assert_eq!(
        alive(&b, ODA_ARCHERS_SKIRMISH),
        4,
        "10 is not exactly 9; 4+5 is"
    );
}

#[test]
fn volley_fire_rolls_d10_needs_no_move() {
    let mut b = begun();
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_YARI, true),
        &[10, 9, 1, 1, 1, 1, 1],
    );
    assert_eq!(alive(&b, ODA_YARI), 3, "two d10 hits, both saves fail");
    morale(&mut b, ODA_YARI, &[6, 6, 6, 1, 1]);
    let err = run(
        &mut b,
        Command::Move {
            unit: IMA_TEPPO,
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    )
    .expect_err("no move");
    assert!(err.to_string().contains("volley"));
    ok(
        &mut b,
        Command::Move {
            unit: IMA_ARCHERS,
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    assert!(
        run(&mut b, fire(IMA_ARCHERS, ODA_YARI, true), &[1; 5]).is_err(),
        "moved: no volley"
    );
}

#[test]
fn firer_with_formation_fail_saves_on_3_and_guard_on_3_or_2() {
    let mut b = begun();
    formation_fail(&mut b, IMA_TEPPO);
    // One hit on Oda Yari; its save of 3 holds against a firer with a Formation Fail.
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_YARI, false),
        &[6, 1, 1, 1, 1, 3],
    );
    assert_eq!(alive(&b, ODA_YARI), 5);
    // The guard saves on 2 against such a firer; on 3 otherwise.
    let teppo_1 = UnitRef(1, 0, 2);
    formation_fail(&mut b, teppo_1);
    ok(&mut b, fire(teppo_1, ODA_GUARD, false), &[6, 1, 1, 1, 1, 2]);
    assert_eq!(
        alive(&b, ODA_GUARD),
        5,
        "2 saves against a firer with a Formation Fail"
    );
    ok(
        &mut b,
        fire(IMA_ARCHERS, ODA_GUARD, false),
        &[6, 1, 1, 1, 1, 2],
    );
    assert_eq!(
        alive(&b, ODA_GUARD),
        4,
        "2 does not save against a steady firer: 3 is needed"
    );
    assert!(b.state().due.is_empty(), "Samurai take no morale test");
}

#[test]
fn ranges_are_30_cm_and_the_wind_card_halves_them() {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffle");
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(13) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let far = Command::Fire(FireOrder {
        unit: IMA_TEPPO,
        target: Target::Unit(ODA_YARI),
        volley: false,
        distance_cm: 20,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    });
    let err = run(&mut b, far, &[1; 5]).expect_err("out of range");
    assert!(err.to_string().contains("halved"), "{err}");
    let near = Command::Fire(FireOrder {
        unit: IMA_TEPPO,
        target: Target::Unit(ODA_YARI),
        volley: false,
        distance_cm: 15,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    });
    ok(&mut b, near, &[1; 5]);
}

#[test]
fn daimyo_attached_to_a_unit_is_no_target_until_it_is_gone() {
    let mut b = begun();
    ok(
        &mut b,
        Command::Attach {
            group: GroupRef(0, 0),
            unit: Some(11),
        },
        &[],
    );
    let at_daimyo = Command::Fire(FireOrder {
        unit: IMA_TEPPO,
        target: Target::Daimyo(GroupRef(0, 0)),
        volley: false,
        distance_cm: 10,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    });
    assert!(run(&mut b, at_daimyo.clone(), &[1; 5]).is_err());
    ok(
        &mut b,
        Command::Attach {
            group: GroupRef(0, 0),
            unit: None,
        },
        &[],
    );
    // Alone: five hits, the Daimyo saves on 3 and rolls 1.
    ok(&mut b, at_daimyo, &[6, 1, 1, 1, 1, 1]);
    assert!(
        b.state().sides[0].army_retreating,
        "Daimyo killed: the army retreats (ruling daimyo_killed)"
    );
}

#[test]
fn melee_attacker_kills_only_on_a_higher_score() {
    let mut b = begun();
    // Imagawa sword Samurai (d10) attack Oda Yari (d6, spear): +1 to the spear defender.
    let order = one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front);
    ok(&mut b, Command::Melee(order.clone()), &[6, 5]);
    assert_eq!(
        alive(&b, ODA_YARI),
        5,
        "6 against 5+1: even, the defender lives"
    );
    // Both now have a Formation Fail (after melee). A rear attack adds 2.
    let rear = one_on_one(UnitRef(1, 0, 9), ODA_YARI, Facing::Rear);
    // Udono's naginata count as spears (ruling naginata_is_spear): no spear bonus; the
    // defender's Formation Fail costs it 1. 5 + 2 = 7 against 6 - 1 = 5.
    let lines = ok(&mut b, Command::Melee(rear), &[5, 6]);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("d10 5 + 2 = 7 against d6 6 - 1 = 5: killed")),
        "{lines:?}"
    );
    assert_eq!(alive(&b, ODA_YARI), 4);
    assert!(
        b.state()
            .due
            .contains(&Due::Morale(ODA_YARI, MoraleCause::MeleeLosses))
    );
}

#[test]
fn melee_modifiers_cover_pike_support_formation_fail_and_friendly_contact() {
    let mut b = begun();
    // Held in melee to his front, he cannot turn to face the flank attack (ruling turn_to_face).
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_PIKE_SAMURAI,
            status: Status::InMelee(true),
        },
        &[],
    );
    formation_fail(&mut b, IMA_SWORD_SAMURAI);
    let order = MeleeOrder {
        defender: Target::Unit(ODA_PIKE_SAMURAI),
        attackers: vec![Attacker {
            fighter: Fighter::Unit(IMA_SWORD_SAMURAI),
            facing: Facing::Flank,
            touches_friend: false,
        }],
        defender_touches_friend: true,
        rear_support: Some(Weapon::Pike),
        in_building: false,
        door: None,
        defender_cover: Some(Cover::Soft),
    };
    // Attacker: 10 + 1 flank - 1 Formation Fail - 1 alone = 9.
    // Defender: 1 + 1 soft + 2 pike support + 2 pike against none = 6.
    let lines = ok(&mut b, Command::Melee(order), &[10, 1]);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("d10 10 - 1 = 9 against d10 1 + 5 = 6: killed")),
        "{lines:?}"
    );
}

#[test]
fn melee_up_to_4_attackers_or_3_when_the_defender_touches_a_friend_and_only_in_own_turn() {
    let mut b = begun();
    let a = Attacker {
        fighter: Fighter::Unit(IMA_SWORD_SAMURAI),
        facing: Facing::Front,
        touches_friend: true,
    };
    let mut order = one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front);
    order.attackers = vec![a; 4];
    assert!(
        run(&mut b, Command::Melee(order.clone()), &[1; 8]).is_err(),
        "3 when touching a friend"
    );
    order.defender_touches_friend = false;
    ok(&mut b, Command::Melee(order), &[1; 8]);
    let back = one_on_one(ODA_YARI, IMA_SWORD_SAMURAI, Facing::Front);
    assert!(
        run(&mut b, Command::Melee(back), &[1, 1]).is_err(),
        "Oda attacks only in its own turn"
    );
}

#[test]
fn morale_worked_example_3d6_against_2d10_plus_1d10() {
    let mut b = begun();
    formation_fail(&mut b, ODA_TEPPO_2);
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 6, 1, 1, 1, 1, 1],
    );
    assert_eq!(alive(&b, ODA_TEPPO_2), 3);
    // The card asks where the unit stands first: the open, as the example has it.
    tell_recorded_cover(&mut b, ODA_TEPPO_2);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Morale test")
        .expect("morale card");
    let odds = card.odds[0].probability;
    let exact = Comparison::new(
        Expr::dice(3, 6),
        CmpOp::Ge,
        Expr::dice(2, 10).plus(Expr::dice(1, 10)),
    )
    .probability();
    assert!((odds - exact).abs() < 1e-12);
    assert!(
        (odds - 847.0 / 4800.0).abs() < 1e-12,
        "38115 of 216000 outcomes: {odds}"
    );
    // 5 4 3 = 12 against 4 3 and 4 = 11: the unit carries on.
    let lines = morale(&mut b, ODA_TEPPO_2, &[5, 4, 3, 4, 3, 4]);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("= 12 against 3d10") && l.contains("carries on")),
        "{lines:?}"
    );
    assert_eq!(b.state().unit(ODA_TEPPO_2).expect("unit").retreat_moves, 0);
}

#[test]
fn morale_failure_retreats_3_moves_then_tests_again() {
    let mut b = begun();
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    // Four d6 of 1 against the dead figure's d10 of 5: the unit fails.
    morale(&mut b, ODA_TEPPO_2, &[1, 1, 1, 1, 5]);
    let u = b.state().unit(ODA_TEPPO_2).expect("unit");
    assert_eq!(
        (u.retreat_moves, u.formation_fail),
        (3, true),
        "retreating, with a Formation Fail"
    );
    for i in 0..3 {
        to_oda_turn(&mut b, [5, 5]);
        ok(
            &mut b,
            Command::RetreatMove {
                unit: ODA_TEPPO_2,
                left_field: false,
            },
            &[],
        );
        if i < 2 {
            ok(&mut b, Command::EndTurn, &[]);
            draw_blank(&mut b);
            ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[9]);
        }
    }
    assert!(
        b.pending()
            .iter()
            .any(|c| c.what == "Morale test" && c.why.contains("its retreat moves"))
    );
}

#[test]
fn peasants_who_fail_morale_leave_the_field() {
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    ok(
        &mut b,
        fire(ODA_TEPPO_1, IMA_LEVIES, false),
        &[8, 6, 1, 1, 1, 1, 1],
    );
    // Four peasants roll d4s against one d10.
    morale(&mut b, IMA_LEVIES, &[1, 1, 1, 1, 9]);
    assert!(b.state().unit(IMA_LEVIES).expect("unit").gone);
}

#[test]
fn samurai_and_monks_take_no_morale_test() {
    let mut b = begun();
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false),
        &[6, 1, 1, 1, 1, 1],
    );
    assert_eq!(alive(&b, ODA_PIKE_SAMURAI), 4);
    assert!(b.state().due.is_empty());
}

#[test]
fn daimyo_killed_off_table_ruling_removes_the_army_and_ends_the_battle() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("daimyo_killed".into(), "off_table".into());
    let mut b = begun_with(house);
    shoot_daimyo(&mut b, GroupRef(0, 0));
    assert!(b.state().ended);
    assert!(b.state().present_units_of(0).is_empty());
}

#[test]
fn allied_daimyo_killed_his_troops_leave() {
    let mut b = begun();
    shoot_daimyo(&mut b, GroupRef(0, 1));
    assert!(b.state().unit(UnitRef(0, 1, 0)).expect("unit").gone);
    assert!(b.state().unit(UnitRef(0, 1, 1)).expect("unit").gone);
    assert!(!b.state().sides[0].army_retreating, "only the clan leaves");
}

#[test]
fn event_cards_turncoat_messenger_ammunition_and_tea() {
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(1) }, &[]);
    assert_eq!(
        b.state().group(MATSUDAIRA).expect("clan").owner,
        0,
        "Matsudaira turns coat"
    );
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(3) }, &[]);
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: IMA_ARCHERS,
                kind: MoveKind::Normal,
                distance_cm: 10,
                going: gunbai::rules::simple::command::Going::Standard,
                surrounded: None,
            },
            &[]
        )
        .is_err(),
        "messenger"
    );
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(23) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    assert!(
        run(&mut b, fire(ODA_TEPPO_1, IMA_ARCHERS, false), &[1; 5]).is_err(),
        "no ammunition"
    );
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(11) }, &[]);
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: IMA_SWORD_SAMURAI,
                kind: MoveKind::Normal,
                distance_cm: 10,
                going: gunbai::rules::simple::command::Going::Standard,
                surrounded: None,
            },
            &[]
        )
        .is_err(),
        "tea"
    );
    ok(
        &mut b,
        Command::Move {
            unit: IMA_ARCHERS,
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
}

#[test]
fn event_cards_reinforcements_and_the_ninja() {
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(19) }, &[]);
    assert!(b.state().due.contains(&Due::Arrival(0, 19)));
    ok(&mut b, Command::RollArrival, &[17]);
    assert_eq!(
        b.state().sides[0].groups.len(),
        4,
        "the Ronin arrive in square 17"
    );
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    ok(
        &mut b,
        Command::Attach {
            group: GroupRef(0, 0),
            unit: Some(ODA_GUARD.2),
        },
        &[],
    );
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(21) }, &[]);
    // The ninja beats a guard figure (12 against 3), then fails against the next (5 against 9).
    let lines = ok(
        &mut b,
        Command::Ninja {
            guards: vec![ODA_GUARD; 4],
        },
        &[12, 3, 5, 9],
    );
    assert_eq!(alive(&b, ODA_GUARD), 4, "{lines:?}");
    assert!(
        b.state()
            .group(GroupRef(0, 0))
            .and_then(|g| g.daimyo.as_ref())
            .is_some_and(|d| d.alive)
    );
}

#[test]
fn setup_terrain_ambush_river_and_bombardment() {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    // 9 on the d10: the first nine pieces, the river the last of them.
    ok(
        &mut b,
        Command::RollTerrain,
        &[9, 1, 24, 7, 2, 3, 4, 5, 6, 8],
    );
    let terrain = &b.state().terrain;
    assert_eq!(terrain.len(), 9, "9 on the d10: the first nine pieces");
    assert_eq!((terrain[1].0.as_str(), terrain[1].1), ("hill", 24));
    assert!(
        run(&mut b, Command::RollTerrain, &[1, 1]).is_err(),
        "rolled once"
    );
    assert!(
        run(
            &mut b,
            Command::SetAmbush {
                unit: ODA_GUARD,
                square: 4
            },
            &[]
        )
        .is_err(),
        "not the guard"
    );
    assert!(
        run(
            &mut b,
            Command::SetAmbush {
                unit: ODA_YARI,
                square: 19
            },
            &[]
        )
        .is_err(),
        "1 to 18"
    );
    ok(
        &mut b,
        Command::SetAmbush {
            unit: ODA_YARI,
            square: 12,
        },
        &[],
    );
    ok(&mut b, Command::RollRiver, &[2]);
    assert_eq!(b.state().river.as_deref(), Some("steady"));
    ok(
        &mut b,
        Command::AddStructure {
            name: "Zenshoji".into(),
            kind: gunbai::rules::simple::state::StructureKind::WoodenBuilding,
            sections: 1,
        },
        &[],
    );
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffle");
    ok(&mut b, Command::BeginBattle, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    ok(
        &mut b,
        Command::Bombard {
            gun: IMA_GUN,
            structure: 0,
        },
        &[8, 7, 2],
    );
    assert_eq!(
        b.state().structures[0].hits,
        11,
        "hard cover needs 8: one hit of 12"
    );
}

#[test]
fn roster_errors_are_positioned() {
    let text = RosterText {
        file: "bad.ron".into(),
        source: "(\n    name: \"X\",\n    daimyo: (name: \"D\"),\n    units: [\n        (name: \"Spears\", troop: Ashigaru, weapon: Spear, formation: Skirmish),\n    ],\n)\n".into(),
    };
    let errors = Simple::load_army(&text).expect_err("skirmishing spears");
    let e = errors[0].to_string();
    assert!(
        e.starts_with("bad.ron:5:58:") && e.contains("archers"),
        "{e}"
    );
}

#[test]
fn simulate_replays_exactly() {
    use rand::SeedableRng as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let rosters = gunbai::rules::demo_rosters("simple").expect("demo");
    for seed in 0..4u64 {
        let path = dir.path().join(format!("sim{seed}.ron"));
        let mut game =
            gunbai::rules::start_battle("simple", &rosters, HouseRules::default(), Some(&path))
                .expect("starts");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        for _ in 0..400 {
            if !game.random_step(&mut rng, &mut dice).expect("writes") {
                break;
            }
        }
        let (replayed, _) = gunbai::rules::open_journal(&path, false, false).expect("replays");
        let live = game
            .as_any()
            .downcast_ref::<Battle<Simple>>()
            .expect("simple")
            .state()
            .clone();
        let again = replayed
            .as_any()
            .downcast_ref::<Battle<Simple>>()
            .expect("simple")
            .state()
            .clone();
        assert_eq!(live, again);
        assert!(
            game.log().len() > 20,
            "seed {seed}: the battle moved on ({} entries)",
            game.log().len()
        );
    }
}

#[test]
fn melee_contact_lasts_through_the_opponents_turn_then_formation_fail_is_tested() {
    let mut b = begun();
    // Imagawa attacks: both units fight and fail formation; in Oda's turn the Yari is
    // still in melee (no test); after Oda's turn ends the contact lapses unless renewed.
    ok(
        &mut b,
        Command::Melee(one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front)),
        &[1, 6],
    );
    to_oda_turn(&mut b, [5, 5]);
    assert!(!b.state().due.contains(&Due::FormationTest(ODA_YARI)));
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[9]);
    assert!(
        b.state()
            .due
            .contains(&Due::FormationTest(IMA_SWORD_SAMURAI))
    );
    ok(&mut b, Command::FormationTest(IMA_SWORD_SAMURAI), &[4]);
    assert!(
        !b.state()
            .unit(IMA_SWORD_SAMURAI)
            .expect("unit")
            .formation_fail
    );
}

#[test]
fn sharpshooter_adds_1_to_his_firing_die() {
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 1)), &[5]);
    ok(&mut b, Command::AllyActivation(GroupRef(0, 2)), &[5]);
    // Oda Teppo 1 has one sharpshooter: his 5 becomes 6 and hits a line in the open.
    ok(
        &mut b,
        fire(ODA_TEPPO_1, IMA_SWORD_SAMURAI, false),
        &[5, 5, 1, 1, 1, 1],
    );
    assert_eq!(alive(&b, IMA_SWORD_SAMURAI), 4);
}

#[test]
fn structures_lose_hits_to_guns_and_become_unusable_at_4() {
    let mut b = begun();
    let kind = gunbai::rules::simple::state::StructureKind::WoodenBuilding;
    ok(
        &mut b,
        Command::AddStructure {
            name: "Hut".into(),
            kind,
            sections: 1,
        },
        &[],
    );
    ok(
        &mut b,
        Command::Bombard {
            gun: IMA_GUN,
            structure: 0,
        },
        &[8, 8, 8],
    );
    assert!(
        run(
            &mut b,
            Command::Bombard {
                gun: IMA_GUN,
                structure: 0
            },
            &[8, 8, 8]
        )
        .is_err(),
        "once a turn"
    );
    for faces in [[8, 8, 8], [8, 8, 1]] {
        ok(&mut b, Command::EndTurn, &[]);
        to_oda_turn_after_end(&mut b);
        ok(&mut b, Command::EndTurn, &[]);
        draw_blank(&mut b);
        ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
        let lines = ok(
            &mut b,
            Command::Bombard {
                gun: IMA_GUN,
                structure: 0,
            },
            &faces,
        );
        if faces[2] == 1 {
            assert!(
                lines.iter().any(|l| l.contains("4 left: unusable")),
                "{lines:?}"
            );
        }
    }
    assert_eq!(b.state().structures[0].hits, 4);
}

#[test]
fn fog_of_war_smoke_forms_after_firing_when_the_unit_stays_and_clears_when_it_moves() {
    let mut b = begun();
    ok(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]);
    for _ in 0..2 {
        ok(&mut b, Command::EndTurn, &[]);
        to_oda_turn_after_end(&mut b);
        ok(&mut b, Command::EndTurn, &[]);
        draw_blank(&mut b);
        ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    }
    assert!(
        b.state().unit(IMA_TEPPO).expect("unit").smoke,
        "fired, then stood a turn"
    );
    let err = run(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]).expect_err("smoke");
    assert!(err.to_string().contains("smoke"), "{err}");
    ok(
        &mut b,
        Command::Move {
            unit: IMA_TEPPO,
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    ok(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]);
}

#[test]
fn movement_table_and_rulings_are_in_the_quick_reference() {
    let text = gunbai::reference::text("simple").expect("embedded");
    let rows = gunbai::reference::rows(text);
    let find = |q: &str| rows.iter().any(|r| r.matches(q));
    assert!(find("movement infantry hard 7.5"), "{rows:?}");
    assert!(find("movement cavalry retreat 120"));
    assert!(find("combined score"));
    assert!(find("daimyo killed base_line"));
}

#[test]
fn action_previews_give_the_exact_odds_of_fire_and_melee() {
    use gunbai::rules::simple::numbers::preview;
    let b = begun();
    let order = FireOrder {
        unit: IMA_TEPPO,
        target: Target::Unit(ODA_YARI),
        volley: false,
        distance_cm: 20,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    };
    let p = preview::fire(b.rules(), b.state(), &order).expect("preview");
    assert_eq!(
        (p.dice.to_string().as_str(), p.needs, p.paired),
        ("5d8", 6, false)
    );
    assert!((p.hit - 3.0 / 8.0).abs() < 1e-12 && (p.kill_per_hit - 3.0 / 8.0).abs() < 1e-12);
    let bouts = preview::melee(
        b.rules(),
        b.state(),
        &one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front),
    );
    // d10 against d6 + 1 (spear against no spear): 33 of the 60 outcomes kill.
    let exact =
        Comparison::new(Expr::dice(1, 10), CmpOp::Gt, Expr::dice(1, 6).offset(1)).probability();
    assert!((bouts[0].odds - exact).abs() < 1e-12 && (exact - 33.0 / 60.0).abs() < 1e-12);
    assert_eq!(bouts[0].kills.to_string(), "1d10 > 1d6+1");
}

#[test]
fn action_forms_fire_the_order_the_preview_describes() {
    use gunbai::engine::Game as _;
    let mut b = begun();
    let id = IMA_TEPPO.id();
    let target = option_of(&b, IMA_TEPPO, "fire", ODA_YARI);
    // In the open, 1 cm, not a volley: the order `fire(IMA_TEPPO, ODA_YARI, false)` gives.
    let values = [target, 0, 1, 0, 1];
    let preview = b
        .preview_action(&id, "fire", &values)
        .expect("fits")
        .preview
        .expect("odds");
    assert!(
        preview.target.starts_with("5d8 needing 6+"),
        "{}",
        preview.target
    );
    assert!(
        (preview.odds[1].probability - 3.0 / 8.0).abs() < 1e-12,
        "a d8 reaches 6 three times in eight"
    );
    let kills_any = 1.0 - (1.0 - 3.0 / 8.0 * 3.0 / 8.0_f64).powi(5);
    assert!(
        (preview.odds[0].probability - kills_any).abs() < 1e-12,
        "each of 5 dice kills when it hits and the save (4+ on a d8) fails"
    );
    b.do_action(
        &id,
        "fire",
        &values,
        b.version(),
        Dice::Table(gunbai::dice::TableDice::new(vec![6, 5, 8, 1, 2, 4, 3])),
    )
    .expect("fires");
    assert_eq!(alive(&b, ODA_YARI), 4);
}
