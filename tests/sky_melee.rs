//! From the Sky we Came: the charge's Bushi tests, Melee Adjudication and Route and Rally,
//! clause by clause — each *if*, *only*, *either* and number of the text with an assertion
//! that fails when the engine gets it wrong, driven with the faces a table would roll.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod sky_support;
use sky_support::*;

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::sky::event::Test;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ChargeStage, ClanRef, Due, UnitRef};
use gunbai::rules::sky::{Command, Sky, numbers};

/// Kakizaki's Samurai: seven foot Samurai stands in a line four wide.
const KAKIZAKI_SAMURAI: UnitRef = ENEMY_SAMURAI;

/// Nobushige's Horse charges Kakizaki's Yari (no bows): both pass their tests.
fn horse_in_melee_with_yari(house: HouseRules, attach: Option<(ClanRef, u8)>) -> Battle<Sky> {
    let mut b = activated_with(house);
    if let Some((clan, unit)) = attach {
        let command = Command::Attach {
            clan,
            unit: Some(unit),
        };
        ok(&mut b, command, &[]);
    }
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    b
}

/// Faces for the melee under way: the charger's dice show `charger` first and then 1s, the
/// target's `target` first and then 1s.
fn faces_scoring(b: &Battle<Sky>, charger: &[u32], target: &[u32]) -> Vec<u32> {
    let c = b.state().charge().unwrap();
    let n = |u, t, charging| numbers::melee(b.rules(), b.state(), u, t, charging).dice as usize;
    let mut faces = charger.to_vec();
    faces.resize(n(c.charger, c.target, c.charging), 1);
    let mut theirs = target.to_vec();
    theirs.resize(n(c.target, c.charger, false), 1);
    faces.extend(theirs);
    faces
}

#[test]
fn charge_procedure_a_charge_test_at_bushi_passes_or_fails_by_ruling_charge_test_pass() {
    for (option, passes) in [("at_or_under", true), ("strictly_under", false)] {
        let mut b = activated_with(ruled("charge_test_pass", option));
        ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
        ok(&mut b, Command::ChargerTest, &[4, 5]);
        assert_eq!(
            b.state().charge().is_some(),
            passes,
            "9 against Bushi 9: {option}"
        );
        // A 10 fails and an 8 passes under either.
        let mut b = activated_with(ruled("charge_test_pass", option));
        ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
        ok(&mut b, Command::ChargerTest, &[4, 6]);
        assert!(b.state().charge().is_none(), "10: {option}");
        let mut b = activated_with(ruled("charge_test_pass", option));
        ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
        ok(&mut b, Command::ChargerTest, &[4, 4]);
        assert!(b.state().charge().is_some(), "8: {option}");
        // The stand test is every other test: at Bushi it passes.
        ok(&mut b, Command::TargetTest, &[3, 4]);
        assert_eq!(
            b.state().charge().map(|c| c.stage),
            Some(ChargeStage::Melee),
            "7 against the Yari's Bushi 7: {option}"
        );
    }
}

#[test]
fn charge_procedure_a_target_that_fled_out_of_reach_is_not_destroyed_and_fights_no_melee() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[6, 6]);
    let yari = b.state().unit(ENEMY_YARI).unwrap();
    assert!(
        yari.disordered && !yari.routing,
        "fled a full move, disordered"
    );
    ok(&mut b, Command::StillContacted(false), &[]);
    let yari = b.state().unit(ENEMY_YARI).unwrap();
    assert!(!yari.removed && yari.stands == 8);
    assert!(b.state().charge().is_none(), "no melee");
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
}

#[test]
fn charge_and_bushi_test_an_attached_leader_takes_2_off_the_stand_test_but_not_other_tests() {
    let mut b = activated();
    let attach = Command::Attach {
        clan: ClanRef(1, 0),
        unit: Some(2),
    };
    ok(&mut b, attach, &[]);
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    let stand = numbers::bushi(b.rules(), b.state(), Test::Stand(ENEMY_YARI));
    assert_eq!((stand.modifier, stand.target), (-2, 7));
    // 4 + 5 - 2 = 7: it stands at Bushi 7 (without its leader, 9 would fail).
    ok(&mut b, Command::TargetTest, &[4, 5]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::Melee)
    );
    // Its Route test has no such help.
    let route = numbers::bushi(b.rules(), b.state(), Test::Route(ENEMY_YARI));
    assert_eq!(route.modifier, 0);
    // Nor has the Samurai impetus test: 5 + 5 = 10 fails Bushi 9 with the leader attached.
    let mut b = battle_of(HouseRules::default(), |s| s);
    let attach = Command::Attach {
        clan: ClanRef(0, 0),
        unit: Some(1),
    };
    ok(&mut b, attach, &[]);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::ImpetusOrderedOtherwise(SAMURAI), &[]);
    let impetus = numbers::bushi(b.rules(), b.state(), Test::Impetus(SAMURAI));
    assert_eq!((impetus.modifier, impetus.target), (0, 9));
    ok(&mut b, Command::ImpetusTest(SAMURAI), &[5, 5]);
    assert!(
        !b.state().unit(SAMURAI).unwrap().disordered,
        "it fails: it obeys"
    );
}

#[test]
fn melee_adjudication_mounted_units_add_a_die_a_stand_and_only_the_charger_its_charging_die() {
    let b = activated();
    let dice = |u, t, charging| numbers::melee(b.rules(), b.state(), u, t, charging).dice;
    // Nobushige's Horse: 4 mounted Samurai stands, 3 + 1 each; charging, 1 more each.
    assert_eq!(dice(HORSE, ENEMY_YARI, false), 16);
    assert_eq!(dice(HORSE, ENEMY_YARI, true), 20);
    // Nobushige's Samurai on foot: 3 each, charging 4.
    assert_eq!(dice(SAMURAI, ENEMY_YARI, false), 18);
    assert_eq!(dice(SAMURAI, ENEMY_YARI, true), 24);
    // In a charge the card gives the charger its charging dice, the target none.
    let b = horse_in_melee_with_yari(HouseRules::default(), None);
    let card = b.pending().into_iter().find(|c| c.what == "Melee").unwrap();
    assert!(
        card.target.contains("20d6, each 5+ hits") && card.target.contains("20d6, each 6+ hits"),
        "{}",
        card.target
    );
}

#[test]
fn melee_adjudication_a_disordered_unit_rolls_half_its_dice_rounded_down() {
    let b = activated();
    let mut state = b.state().clone();
    state.unit_mut(KAKIZAKI_SAMURAI).unwrap().disordered = true;
    // Seven Samurai stands: 21 dice, halved and rounded down to 10.
    let pool = numbers::melee(b.rules(), &state, KAKIZAKI_SAMURAI, YARI, false);
    assert_eq!(pool.dice, 10);
}

#[test]
fn melee_adjudication_a_leader_whose_unit_took_hits_tests_for_injury_by_ruling_injury_trigger() {
    // Three 6s on the Horse: a stand lost, a test under either ruling; two: only under any_hits.
    for (option, sixes, owed) in [
        ("stand_lost", 3, true),
        ("any_hits", 3, true),
        ("stand_lost", 2, false),
        ("any_hits", 2, true),
    ] {
        let house = ruled("injury_trigger", option);
        let mut b = horse_in_melee_with_yari(house, Some((ClanRef(0, 0), 0)));
        let faces = faces_scoring(&b, &[], &vec![6; sixes]);
        ok(&mut b, Command::FightMelee, &faces);
        assert_eq!(
            b.state().due.contains(&Due::Injury(HORSE)),
            owed,
            "{sixes} hits, {option}"
        );
    }
}

#[test]
fn melee_adjudication_honor_goes_only_to_the_winners_leader() {
    // The Horse, its leader attached, loses: three 6s on it, none on the Yari.
    let mut b = horse_in_melee_with_yari(HouseRules::default(), Some((ClanRef(0, 0), 0)));
    let faces = faces_scoring(&b, &[], &[6, 6, 6]);
    ok(&mut b, Command::FightMelee, &faces);
    assert!(
        b.state().due.contains(&Due::Route(HORSE)),
        "the loser withdraws and tests"
    );
    assert_eq!(
        b.state().sides[0].clans[0].leader.command(),
        8,
        "no Honor in defeat"
    );
    // The Yari's leader, attached, wins: his Command rises.
    let mut b = horse_in_melee_with_yari(HouseRules::default(), Some((ClanRef(1, 0), 2)));
    let faces = faces_scoring(&b, &[], &[6, 6, 6]);
    ok(&mut b, Command::FightMelee, &faces);
    assert_eq!(b.state().sides[1].clans[0].leader.command(), 9, "Honor");
}

#[test]
fn melee_adjudication_equal_hits_keep_contact_or_withdraw_both_by_ruling_melee_tie() {
    for (option, both_withdraw) in [("neither_withdraws", false), ("both_withdraw", true)] {
        let house = ruled("melee_tie", option);
        let mut b = horse_in_melee_with_yari(house, Some((ClanRef(0, 0), 0)));
        // Three hits each: a stand each, equal.
        let faces = faces_scoring(&b, &[5, 5, 5], &[6, 6, 6]);
        ok(&mut b, Command::FightMelee, &faces);
        let s = b.state();
        assert_eq!(
            s.due.contains(&Due::Route(HORSE)),
            both_withdraw,
            "{option}"
        );
        assert_eq!(
            s.due.contains(&Due::Route(ENEMY_YARI)),
            both_withdraw,
            "{option}"
        );
        assert_eq!(
            s.in_contact_with(HORSE).is_empty(),
            both_withdraw,
            "{option}: contact kept only when nobody withdraws"
        );
        assert_eq!(
            s.sides[0].clans[0].leader.command(),
            8,
            "{option}: nobody won"
        );
    }
    // With no hits at all, nobody withdraws under either.
    let mut b = horse_in_melee_with_yari(ruled("melee_tie", "both_withdraw"), None);
    let faces = faces_scoring(&b, &[], &[]);
    ok(&mut b, Command::FightMelee, &faces);
    assert!(!b.state().due.iter().any(|d| matches!(d, Due::Route(_))));
    assert_eq!(b.state().in_contact_with(HORSE), vec![ENEMY_YARI]);
}

#[test]
fn route_and_rally_the_test_passes_at_or_under_bushi_with_a_point_a_stand_lost() {
    for (faces, routs) in [([1, 4], false), ([2, 4], true)] {
        let mut b = horse_in_melee_with_yari(HouseRules::default(), None);
        // Six hits: two of the Yari's eight stands; it loses and withdraws.
        let melee = faces_scoring(&b, &[5; 6], &[]);
        ok(&mut b, Command::FightMelee, &melee);
        // 1 + 4 + 2 = 7 at or under Bushi 7 holds; 2 + 4 + 2 = 8 routs.
        ok(&mut b, Command::RouteTest(ENEMY_YARI), &faces);
        let yari = b.state().unit(ENEMY_YARI).unwrap();
        assert_eq!(yari.routing, routs, "{faces:?}");
    }
}

#[test]
fn route_and_rally_both_causes_at_once_make_one_test_and_its_card_names_both() {
    let mut b = horse_in_melee_with_yari(HouseRules::default(), None);
    // Twelve hits: four of the Yari's eight stands, half strength, and the melee lost.
    let faces = faces_scoring(&b, &[5; 12], &[]);
    ok(&mut b, Command::FightMelee, &faces);
    let routes = b
        .state()
        .due
        .iter()
        .filter(|d| **d == Due::Route(ENEMY_YARI))
        .count();
    assert_eq!(routes, 1);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Route test")
        .unwrap();
    assert!(
        card.why.contains("down to 4 of its 8 stands") && card.why.contains("lost the melee"),
        "{}",
        card.why
    );
    // One roll answers both: 1 + 1 + 4 = 6 holds, and nothing more is owed.
    ok(&mut b, Command::RouteTest(ENEMY_YARI), &[1, 1]);
    assert!(!b.state().due.iter().any(|d| matches!(d, Due::Route(_))));
    // A cause that comes later is a test of its own: the Samurai's bows take a fifth stand.
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_YARI),
        &[5, 5, 5, 1, 1, 1],
    );
    assert!(b.state().due.contains(&Due::Route(ENEMY_YARI)));
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Route test")
        .unwrap();
    assert_eq!(card.why, "down to 3 of its 8 stands");
}

#[test]
fn melee_adjudication_pole_arms_add_a_die_only_where_a_second_rank_stands_behind() {
    let b = activated();
    let pool = |stands: u32| {
        let mut state = b.state().clone();
        state.unit_mut(YARI).unwrap().stands = stands;
        numbers::melee(b.rules(), &state, YARI, ENEMY_YARI, false)
    };
    // Nobushige's Yari, a line four wide: 8 stands back all four, 6 back two, 4 back none.
    for (stands, backed) in [(8, 4), (6, 2), (4, 0)] {
        let p = pool(stands);
        assert_eq!(p.dice, 2 * stands + backed, "{stands} stands");
        let shown = p
            .reasons
            .iter()
            .find(|m| m.reason.contains("backed by pole arms"))
            .map(|m| m.value);
        let expected = (backed > 0).then_some(i64::from(backed));
        assert_eq!(
            shown, expected,
            "{stands} stands: the card shows no empty line"
        );
    }
}

#[test]
fn charge_procedure_a_defensive_shot_out_of_range_does_nothing_but_unload_and_the_charge_goes_on() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_TEPPO), &[]);
    let out = Command::DefensiveFire {
        weapon: Weapon::Arquebus,
        in_range: false,
        cover: false,
    };
    ok(&mut b, out, &[]);
    assert_eq!(b.state().unit(HORSE).unwrap().stands, 4, "no effect");
    assert!(!b.state().unit(ENEMY_TEPPO).unwrap().loaded, "but it fired");
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::ChargerTest)
    );
}

#[test]
fn clan_activation_samurai_driven_by_bushi_with_no_enemy_samurai_in_reach_stay_disordered() {
    let mut b = rolled(HouseRules::default(), |s| s);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::ImpetusOrderedOtherwise(SAMURAI), &[]);
    // 1 + 1 passes Bushi 9: its spirit overrides the order, disordered.
    ok(&mut b, Command::ImpetusTest(SAMURAI), &[1, 1]);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Charge the nearest enemy Samurai")
        .unwrap();
    let labels: Vec<&str> = card.answers.iter().map(|a| a.label.as_str()).collect();
    assert!(labels.contains(&"Charge Kakizaki's Samurai"), "{labels:?}");
    assert!(!labels.contains(&"Charge Kakizaki's Yari"), "{labels:?}");
    // None in reach at the table: no charge, no action, still disordered; the clan goes on.
    ok(&mut b, Command::ImpetusBlocked(SAMURAI), &[]);
    let samurai = b.state().unit(SAMURAI).unwrap();
    assert!(samurai.disordered);
    assert!(b.state().charge().is_none() && b.state().due.is_empty());
    assert_eq!(b.state().actions_left, Some(6));
    ok(&mut b, step(YARI), &[]);
}
