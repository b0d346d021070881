//! From the Sky we Came: the Charge and Bushi Test, Firing Procedure, Melee Adjudication and
//! The Morale Phase, each exception of the text with its own test, driven through the engine
//! with the faces a table would roll.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod sky_support;
use sky_support::*;

use gunbai::engine::Game as _;
use gunbai::reference::HouseRules;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ChargeStage, ClanRef, Due, MoraleKind, UnitRef};
use gunbai::rules::sky::{Command, numbers};

/// Nobushige's Teppo charges Kakizaki's Teppo, whose defensive fire costs it one stand (one
/// hit to a stand, a house rule): it is disordered before its charge test.
fn teppo_charges_disordered() -> gunbai::engine::Battle<gunbai::rules::sky::Sky> {
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("casualties.hits_per_stand".into(), 1);
    let mut b = activated_with(house);
    ok(&mut b, charge(TEPPO, ENEMY_TEPPO), &[]);
    ok(
        &mut b,
        Command::DefensiveFire {
            weapon: Weapon::Arquebus,
            in_range: true,
            cover: false,
        },
        &[4, 1, 1, 1, 1, 1],
    );
    assert!(b.state().unit(TEPPO).unwrap().disordered);
    b
}

#[test]
fn charge_and_bushi_test_a_target_does_not_test_against_a_disordered_charger() {
    let mut b = teppo_charges_disordered();
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::Melee),
        "no stand test against a disordered charger: the melee follows"
    );
}

#[test]
fn charge_and_bushi_test_a_disordered_charger_that_fails_also_tests_route() {
    let mut b = teppo_charges_disordered();
    ok(&mut b, Command::ChargerTest, &[6, 6]);
    assert!(b.state().charge().is_none(), "it falters: half a move");
    assert!(
        b.state().due.contains(&Due::Route(TEPPO)),
        "already disordered when it failed: a Route test"
    );
}

#[test]
fn charge_procedure_only_bows_or_loaded_arquebuses_shoot_at_a_charger() {
    // Kakizaki's Yari carry pole arms: the charge goes straight to the charge test.
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::ChargerTest)
    );
    // Kakizaki's Teppo, loaded, may shoot; once empty, it may not.
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_TEPPO), &[]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::DefensiveFire)
    );
    let mut b = enemy_teppo_fired();
    ok(&mut b, charge(HORSE, ENEMY_TEPPO), &[]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::ChargerTest),
        "its arquebuses are empty"
    );
}

/// Kakizaki's Teppo fires at Nobushige's Yari in Uesugi's activation and stays unloaded;
/// then Takeda's Nobushige clan activates.
fn enemy_teppo_fired() -> gunbai::engine::Battle<gunbai::rules::sky::Sky> {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[1, 1, 6, 6]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(ENEMY_HORSE), &[]);
    ok(&mut b, Command::NoImpetus(ENEMY_SAMURAI), &[]);
    ok(&mut b, fire(ENEMY_TEPPO, Weapon::Arquebus, YARI), &[1; 6]);
    assert!(!b.state().unit(ENEMY_TEPPO).unwrap().loaded);
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(0, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    b
}

#[test]
fn pavise_fire_at_a_unit_behind_its_tedate_counts_half_the_hits_until_it_charges() {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[1, 1, 6, 6]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(ENEMY_HORSE), &[]);
    ok(&mut b, Command::NoImpetus(ENEMY_SAMURAI), &[]);
    // Nobushige's Teppo is the fourth Takeda unit the form lists.
    let card = b
        .preview_action("1.0.3", "fire", &[0, 3, 0, 0])
        .unwrap()
        .preview
        .unwrap();
    assert!(
        card.notes.iter().any(|n| n.contains("behind its Tedate")),
        "{:?}",
        card.notes
    );
    ok(
        &mut b,
        fire(ENEMY_TEPPO, Weapon::Arquebus, TEPPO),
        &[4, 4, 4, 4, 4, 1],
    );
    let teppo = b.state().unit(TEPPO).unwrap();
    assert_eq!((teppo.stands, teppo.marked_hits), (6, 2), "5 hits count 2");
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(0, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    ok(&mut b, charge(TEPPO, ENEMY_YARI), &[]);
    assert!(
        !b.state().unit(TEPPO).unwrap().tedate,
        "lost when it charges"
    );
}

#[test]
fn pavise_a_tedate_is_lost_when_its_unit_routs() {
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("casualties.hits_per_stand".into(), 1);
    let mut b = activated_with(house);
    // Kosaka's Archers are not in this clan: shoot Amakasu's Archers (Tedate) down to half.
    let amakasu_archers = UnitRef(1, 1, 1);
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, amakasu_archers),
        &[4, 4, 4, 4, 4, 4],
    );
    assert!(b.state().due.contains(&Due::Route(amakasu_archers)));
    ok(&mut b, Command::RouteTest(amakasu_archers), &[6, 6]);
    let u = b.state().unit(amakasu_archers).unwrap();
    assert!(u.routing && !u.tedate, "routing: its Tedate is lost");
}

#[test]
fn firing_procedure_a_mounted_bow_rolls_for_every_stand() {
    let b = battle_of(HouseRules::default(), |s| {
        s.replace(
            "(name: \"Nobushige's Horse\", troop: Samurai, mounted: true,",
            "(name: \"Nobushige's Horse\", troop: Samurai, mounted: true, weapons: [Bow],",
        )
    });
    let s = b.state();
    let pool = numbers::fire(
        b.rules(),
        s.unit(HORSE).unwrap(),
        Weapon::Bow,
        s.unit(ENEMY_YARI).unwrap(),
    );
    assert_eq!(
        pool.dice, 8,
        "2d6 for each of its 4 stands, not only a front rank"
    );
}

#[test]
fn melee_adjudication_dice_per_stand_by_troop_and_pole_arms_behind() {
    let b = activated();
    let s = b.state();
    let dice = |u: UnitRef, t: UnitRef| numbers::melee(b.rules(), s, u, t, false).dice;
    // Nobushige's Samurai: 6 stands x 3.
    assert_eq!(dice(SAMURAI, ENEMY_YARI), 18);
    // Nobushige's Yari: 8 Ashigaru stands x 2, and 4 front stands backed by pole arms.
    assert_eq!(dice(YARI, ENEMY_YARI), 16 + 4);
    // Kai Levies: 6 Peasant stands x 1, a column of pole arms: one front stand backed.
    assert_eq!(dice(UnitRef(0, 1, 3), ENEMY_YARI), 6 + 1);
    // Sohei of Echigo: 6 Warrior Monk stands x 3, line of 3 backed by pole arms.
    assert_eq!(dice(UnitRef(1, 2, 1), YARI), 18 + 3);
}

#[test]
fn melee_adjudication_an_attached_leader_fights_as_a_samurai_stand() {
    let mut b = activated_with(ruled("leader_in_melee", "stand_with_unit_bonuses"));
    ok(
        &mut b,
        Command::Attach {
            clan: ClanRef(0, 0),
            unit: Some(2),
        },
        &[],
    );
    let pool = numbers::melee(b.rules(), b.state(), YARI, ENEMY_YARI, true);
    // 8 x 2 Ashigaru, 8 charging, 4 pole arms behind, and the leader: 3 and 1 charging.
    assert_eq!(pool.dice, 16 + 8 + 4 + 4);
    let mut b = activated_with(ruled("leader_in_melee", "samurai_dice_only"));
    ok(
        &mut b,
        Command::Attach {
            clan: ClanRef(0, 0),
            unit: Some(2),
        },
        &[],
    );
    let pool = numbers::melee(b.rules(), b.state(), YARI, ENEMY_YARI, true);
    assert_eq!(pool.dice, 16 + 8 + 4 + 3);
}

#[test]
fn melee_adjudication_a_stand_lost_disorders_winner_and_loser() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    // The Horse rolls (3+1+1) x 4 = 20 dice, the Yari 8 x 2 + 4 = 20: the Horse scores 9
    // (three stands), the Yari 6 (two stands) with 6s needed against Samurai.
    let c = b.state().charge().unwrap();
    let n = |u, t, charging| numbers::melee(b.rules(), b.state(), u, t, charging).dice as usize;
    let (horse_dice, yari_dice) = (n(c.charger, c.target, true), n(c.target, c.charger, false));
    let mut faces = vec![5; 9];
    faces.extend(vec![1; horse_dice - 9]);
    faces.extend(vec![6; 3]);
    faces.extend(vec![1; yari_dice - 3]);
    ok(&mut b, Command::FightMelee, &faces);
    let horse = b.state().unit(HORSE).unwrap();
    let yari = b.state().unit(ENEMY_YARI).unwrap();
    assert_eq!(horse.stands, 3, "three hits: one stand");
    assert!(horse.disordered, "the winner lost a stand: disordered");
    assert!(yari.disordered, "the loser too");
    assert!(
        b.state().due.contains(&Due::Route(ENEMY_YARI)),
        "it withdrew"
    );
}

#[test]
fn clan_activation_a_rout_move_that_reaches_the_table_edge_removes_the_unit() {
    let mut b = enemy_yari_routed(HouseRules::default());
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(
        &mut b,
        Command::RoutMove {
            unit: ENEMY_YARI,
            left_table: true,
        },
        &[],
    );
    assert!(b.state().unit(ENEMY_YARI).unwrap().removed);
}

#[test]
fn the_morale_phase_a_general_who_tried_an_activation_makes_no_retry() {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(ClanRef(0, 0)), &[6, 6]);
    ok(&mut b, Command::GeneralStepsIn, &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    // Nobushige's Horse falters in a charge: disordered, to re-order in the Morale phase.
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[6, 6]);
    ok(&mut b, Command::EndActivation, &[]);
    miss_to_morale(&mut b);
    ok(
        &mut b,
        Command::Morale {
            unit: HORSE,
            kind: MoraleKind::Reorder,
            by_general: false,
        },
        &[6, 6],
    );
    assert!(
        !b.state()
            .due
            .iter()
            .any(|d| matches!(d, Due::GeneralRetry(..))),
        "the General made an activation attempt this turn: no retry"
    );
}

#[test]
fn melee_adjudication_unarmoured_ashigaru_are_hit_on_4_as_when_shot_at() {
    // The melee list leaves unarmoured Ashigaru out; ruling unarmoured_ashigaru_in_melee hits
    // them on 4+, as shooting does. Nobushige's Horse charges Kakizaki's unarmoured Teppo:
    // three 4s and the rest 3s are three hits, one stand.
    let mut b = activated_with(ruled("unarmoured_ashigaru_in_melee", "as_shooting"));
    ok(&mut b, charge(HORSE, ENEMY_TEPPO), &[]);
    ok(&mut b, Command::SkipDefensiveFire, &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let n = |u, t, charging| numbers::melee(b.rules(), b.state(), u, t, charging).dice as usize;
    let (horse, teppo) = (n(HORSE, ENEMY_TEPPO, true), n(ENEMY_TEPPO, HORSE, false));
    let mut faces = vec![4, 4, 4];
    faces.extend(vec![3; horse - 3]);
    faces.extend(vec![1; teppo]);
    ok(&mut b, Command::FightMelee, &faces);
    let t = b.state().unit(ENEMY_TEPPO).unwrap();
    assert_eq!((t.stands, t.marked_hits), (5, 0), "three 4s: three hits");
}
