//! From the Sky we Came: what comes first and what may happen in between (Clan Activation,
//! Charge and Bushi Test, the optional first Bushi roll), each through the engine's queue of
//! dues: the command refused while something before it is owed, and its card kept back until
//! its turn.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod sky_support;
use sky_support::*;

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ChargeStage, ClanRef, Due};
use gunbai::rules::sky::{Command, Sky};

/// The titles of the cards shown now.
fn cards(b: &Battle<Sky>) -> Vec<String> {
    b.pending().into_iter().map(|c| c.what).collect()
}

#[test]
fn charge_procedure_an_injury_test_from_defensive_fire_comes_before_the_charge_test() {
    // Nobushige rides with his Teppo, which charges Kakizaki's loaded Teppo.
    let mut b = battle_of(one_hit_a_stand(HouseRules::default()), |s| s);
    let attach = Command::Attach {
        clan: TAKEDA,
        unit: Some(3),
    };
    ok(&mut b, attach, &[]);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    ok(&mut b, charge(TEPPO, ENEMY_TEPPO), &[]);
    // One hit, one stand of six: no Route test, but Nobushige tests for injury first.
    let shot = Command::DefensiveFire {
        weapon: Weapon::Arquebus,
        in_range: true,
        cover: false,
    };
    ok(&mut b, shot, &[4, 1, 1, 1, 1, 1]);
    assert!(b.state().due.contains(&Due::Injury(TEPPO)));
    let why = refused(&mut b, Command::ChargerTest);
    assert!(why.contains("comes first"), "{why}");
    assert!(why.contains("sky: Charge and Bushi Test"), "{why}");
    let shown = cards(&b);
    assert!(
        shown.contains(&"Clan Leader injury".to_owned()),
        "{shown:?}"
    );
    assert!(!shown.contains(&"Charge test".to_owned()), "{shown:?}");
    ok(&mut b, Command::InjuryRoll(TEPPO), &[4]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
}

#[test]
fn clan_activation_a_committed_samurais_charge_is_fought_out_before_the_next_samurai_is_handled() {
    let mut b = rolled(HouseRules::default(), |s| s);
    ok(&mut b, Command::ImpetusObeyed(HORSE), &[]);
    // Its charge may be made while the Samurai still wait to be handled...
    ok(&mut b, charge(HORSE, ENEMY_HORSE), &[]);
    // ...and then it is fought out before they are.
    let why = refused(&mut b, Command::NoImpetus(SAMURAI));
    assert!(why.contains("comes first"), "{why}");
    assert!(why.contains("sky: Clan Activation"), "{why}");
    let shown = cards(&b);
    assert!(
        !shown.contains(&"Samurai near enemy Samurai?".to_owned()),
        "{shown:?}"
    );
    ok(&mut b, Command::ChargerTest, &[6, 6]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
}

#[test]
fn clan_activation_a_committed_samurai_may_be_ordered_otherwise_while_the_others_wait() {
    let mut b = rolled(HouseRules::default(), |s| s);
    ok(&mut b, Command::ImpetusObeyed(HORSE), &[]);
    assert!(b.state().due.contains(&Due::Impetus(SAMURAI)));
    ok(&mut b, Command::ImpetusOrderedOtherwise(HORSE), &[]);
    assert!(b.state().due.contains(&Due::ImpetusTest(HORSE)));
    // Nothing else happens in between: no other unit's order, no plain move of its own.
    let why = refused(&mut b, step(YARI));
    assert!(why.contains("settle this first"), "{why}");
    // 6 + 5 fails its Bushi 9: it does as ordered.
    ok(&mut b, Command::ImpetusTest(HORSE), &[6, 5]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    ok(&mut b, step(HORSE), &[]);
}

#[test]
fn command_and_bushi_optional_the_first_bushi_roll_comes_before_an_impetus_or_a_stand_test() {
    let mut house = HouseRules::default();
    house.optional.insert("first_bushi_roll".into());
    let mut b = rolled(house.clone(), |s| s);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::ImpetusOrderedOtherwise(SAMURAI), &[]);
    assert!(b.state().due.contains(&Due::Spirit(SAMURAI)));
    let shown = cards(&b);
    assert!(
        shown.contains(&"First Bushi test: spirit roll".to_owned()),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|c| c.starts_with("Bushi test")),
        "{shown:?}"
    );
    refused(&mut b, Command::ImpetusTest(SAMURAI));
    ok(&mut b, Command::SpiritRoll(SAMURAI), &[3]);
    ok(&mut b, Command::ImpetusTest(SAMURAI), &[6, 6]);
    // The charged unit's roll comes before its stand test.
    let mut b = activated_with(house);
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    // The charger's own roll comes before its charge test, whose card waits for it.
    let why = refused(&mut b, Command::ChargerTest);
    assert!(why.contains("comes first"), "{why}");
    assert!(!cards(&b).contains(&"Charge test".to_owned()));
    ok(&mut b, Command::SpiritRoll(HORSE), &[3]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::TargetTest)
    );
    let why = refused(&mut b, Command::TargetTest);
    assert!(why.contains("comes first"), "{why}");
    assert!(!cards(&b).contains(&"Stand test".to_owned()));
    ok(&mut b, Command::SpiritRoll(ENEMY_YARI), &[3]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
}

#[test]
fn command_and_bushi_optional_a_units_first_bushi_roll_holds_back_only_its_own_tests() {
    // Nobushige's Teppo, disordered by defensive fire (one hit a stand), comes in without a
    // stand test: Kakizaki's Teppo has made no test yet. The melee is a tie and, under ruling
    // melee_tie `both_withdraw`, both withdraw and test Route; only Kakizaki's owes its roll.
    let mut house = one_hit_a_stand(ruled("melee_tie", "both_withdraw"));
    house.optional.insert("first_bushi_roll".into());
    let mut b = activated_with(house);
    ok(&mut b, charge(TEPPO, ENEMY_TEPPO), &[]);
    let shot = Command::DefensiveFire {
        weapon: Weapon::Arquebus,
        in_range: true,
        cover: false,
    };
    ok(&mut b, shot, &[4, 1, 1, 1, 1, 1]);
    ok(&mut b, Command::SpiritRoll(TEPPO), &[3]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::Melee)
    );
    // One 4 each: a hit, a stand, each.
    let c = b.state().charge().unwrap();
    let n = |u, t, charging| {
        gunbai::rules::sky::numbers::melee(b.rules(), b.state(), u, t, charging).dice as usize
    };
    let mut faces = vec![4];
    faces.resize(n(c.charger, c.target, true), 1);
    let mut theirs = vec![4];
    theirs.resize(n(c.target, c.charger, false), 1);
    faces.extend(theirs);
    ok(&mut b, Command::FightMelee, &faces);
    let due = &b.state().due;
    assert!(due.contains(&Due::Route(TEPPO)) && due.contains(&Due::Route(ENEMY_TEPPO)));
    assert!(due.contains(&Due::Spirit(ENEMY_TEPPO)) && !due.contains(&Due::Spirit(TEPPO)));
    // Nobushige's Teppo tests at once; Kakizaki's waits for its roll.
    ok(&mut b, Command::RouteTest(TEPPO), &[1, 1]);
    refused(&mut b, Command::RouteTest(ENEMY_TEPPO));
    ok(&mut b, Command::SpiritRoll(ENEMY_TEPPO), &[3]);
    ok(&mut b, Command::RouteTest(ENEMY_TEPPO), &[1, 1]);
}

#[test]
fn clan_activation_every_routing_unit_falls_back_first_in_any_order() {
    // Kakizaki's Yari routed by Nobushige's Horse, then his Teppo shot to half and routed.
    let mut b = enemy_yari_routed(HouseRules::default());
    ok(
        &mut b,
        fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
        &[4, 4, 4, 4, 4, 4],
    );
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 4, 1, 1, 1],
    );
    ok(&mut b, Command::RouteTest(ENEMY_TEPPO), &[6, 6]);
    assert!(b.state().unit(ENEMY_TEPPO).unwrap().routing);
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    // Both fall back before the Samurai are handled, neither waiting for the other: the later
    // one first.
    let shown = cards(&b);
    assert_eq!(
        shown.iter().filter(|c| *c == "Rout move").count(),
        2,
        "{shown:?}"
    );
    let back = |unit| Command::RoutMove {
        unit,
        left_table: false,
    };
    ok(&mut b, back(ENEMY_TEPPO), &[]);
    refused(&mut b, Command::NoImpetus(ENEMY_HORSE));
    ok(&mut b, back(ENEMY_YARI), &[]);
    ok(&mut b, Command::NoImpetus(ENEMY_HORSE), &[]);
}

#[test]
fn clan_activation_while_the_samurai_wait_to_be_handled_no_other_unit_charges() {
    let mut b = rolled(HouseRules::default(), |s| s);
    let why = refused(&mut b, charge(YARI, ENEMY_YARI));
    assert!(why.contains("settle this first"), "{why}");
    assert!(why.contains("sky: Clan Activation"), "{why}");
    // Nor once one Samurai unit is committed: its own charge comes first.
    ok(&mut b, Command::ImpetusObeyed(HORSE), &[]);
    let why = refused(&mut b, charge(YARI, ENEMY_YARI));
    assert!(why.contains("must first make the charge"), "{why}");
}
