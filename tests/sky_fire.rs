//! From the Sky we Came: the Firing Procedure, cover and the Tedate, and the Clan Leader's
//! injury, clause by clause — each *only*, *every* and number of the text with an assertion
//! that fails when the engine gets it wrong, driven with the faces a table would roll.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod sky_support;
use sky_support::*;

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::sky::roster::{Formation, Weapon};
use gunbai::rules::sky::state::{ClanRef, Due, UnitRef};
use gunbai::rules::sky::{Command, Sky, numbers};

/// Amakasu's Archers: Ashigaru with bows behind their Tedate.
const AMAKASU_ARCHERS: UnitRef = UnitRef(1, 1, 1);
/// Sohei of Echigo: armoured Warrior Monks on foot.
const SOHEI: UnitRef = UnitRef(1, 2, 1);
/// Mounted Sohei: unarmoured Warrior Monks.
const MOUNTED_SOHEI: UnitRef = UnitRef(1, 2, 2);

fn fire_at(unit: UnitRef, weapon: Weapon, target: UnitRef, in_range: bool, cover: bool) -> Command {
    Command::Fire {
        unit,
        weapon,
        target,
        in_range,
        cover,
    }
}

#[test]
fn firing_procedure_range_is_measured_after_declaring_and_out_of_range_does_nothing_but_unload() {
    let mut b = activated();
    // Declaring comes first: the form says so, and its range is the umpire's answer after.
    let note = form_note(&b, "0.0.1", "fire");
    assert!(note.contains("declare first, then measure"), "{note}");
    let before = b.state().unit(ENEMY_YARI).unwrap().clone();
    // Out of range, a bow rolls no dice and does nothing...
    ok(
        &mut b,
        fire_at(SAMURAI, Weapon::Bow, ENEMY_YARI, false, false),
        &[],
    );
    assert_eq!(b.state().unit(ENEMY_YARI).unwrap(), &before);
    // ...but it has fired.
    let why = refused(&mut b, fire(SAMURAI, Weapon::Bow, ENEMY_YARI));
    assert!(why.contains("fires once per activation"), "{why}");
    // An arquebus out of range does nothing either, and must reload.
    ok(
        &mut b,
        fire_at(TEPPO, Weapon::Arquebus, ENEMY_YARI, false, false),
        &[],
    );
    assert_eq!(b.state().unit(ENEMY_YARI).unwrap(), &before);
    assert!(!b.state().unit(TEPPO).unwrap().loaded);
}

#[test]
fn firing_procedure_foot_shoot_with_their_front_rank_the_mounted_with_every_stand() {
    let mut b = activated();
    let dice = |b: &Battle<Sky>, unit| {
        let s = b.state();
        numbers::fire(
            b.rules(),
            s.unit(unit).unwrap(),
            Weapon::Bow,
            s.unit(ENEMY_YARI).unwrap(),
        )
        .dice
    };
    // Nobushige's Samurai, six stands in a line three wide: three front-rank stands, 6 dice.
    assert_eq!(dice(&b, SAMURAI), 6);
    let column = Command::SetFormation {
        unit: SAMURAI,
        formation: Formation::Column,
    };
    ok(&mut b, column, &[]);
    assert_eq!(dice(&b, SAMURAI), 2, "a column has one stand in front");
    // A disordered unit shoots half: the one front stand rolls one die.
    let mut state = b.state().clone();
    state.unit_mut(SAMURAI).unwrap().disordered = true;
    let pool = numbers::fire(
        b.rules(),
        state.unit(SAMURAI).unwrap(),
        Weapon::Bow,
        state.unit(ENEMY_YARI).unwrap(),
    );
    assert_eq!(pool.dice, 1);
}

#[test]
fn firing_procedure_a_disordered_unit_shoots_half_the_dice() {
    // Kakizaki's Teppo loses a stand to the Samurai's bows (one hit a stand, a house rule):
    // disordered, it shoots at the Yari that charges it.
    let mut b = activated_with(one_hit_a_stand(HouseRules::default()));
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 1, 1, 1, 1, 1],
    );
    let teppo = b.state().unit(ENEMY_TEPPO).unwrap();
    assert!(teppo.disordered && teppo.stands == 5);
    // Its defensive fire at a charger: three front stands, six dice halved to three.
    ok(&mut b, charge(YARI, ENEMY_TEPPO), &[]);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Defensive fire")
        .unwrap();
    assert!(card.target.starts_with("3d6"), "{}", card.target);
    let defensive = Command::DefensiveFire {
        weapon: Weapon::Arquebus,
        in_range: true,
        cover: false,
    };
    ok(&mut b, defensive, &[5, 5, 5]);
    assert_eq!(
        b.state().unit(YARI).unwrap().stands,
        5,
        "three 5s, three hits"
    );
}

#[test]
fn firing_procedure_target_numbers_for_monks_armoured_and_not() {
    let b = activated();
    let needed = |u| numbers::hit_target(b.rules(), b.state().unit(u).unwrap());
    assert_eq!(needed(SOHEI), 5, "armoured Warrior Monks");
    assert_eq!(needed(MOUNTED_SOHEI), 4, "unarmoured Warrior Monks");
    assert_eq!(needed(ENEMY_HORSE), 6, "mounted Samurai");
}

#[test]
fn firing_procedure_a_unit_in_a_building_or_on_a_wall_counts_half_the_hits_rounded_by_ruling() {
    for (option, counted) in [("down", 2), ("up", 3)] {
        let mut b = activated_with(ruled("cover_rounding", option));
        // Five hits on Kakizaki's unarmoured Teppo, declared in cover: half count.
        ok(
            &mut b,
            fire_at(SAMURAI, Weapon::Bow, ENEMY_TEPPO, true, true),
            &[4, 4, 4, 4, 4, 1],
        );
        let t = b.state().unit(ENEMY_TEPPO).unwrap();
        let taken = (t.spec.stands - t.stands) * 3 + t.marked_hits;
        assert_eq!(taken, counted, "5 hits in cover, rounded {option}");
    }
    // Out of cover every hit counts.
    let mut b = activated();
    ok(
        &mut b,
        fire_at(SAMURAI, Weapon::Bow, ENEMY_TEPPO, true, false),
        &[4, 4, 4, 4, 4, 1],
    );
    let t = b.state().unit(ENEMY_TEPPO).unwrap();
    assert_eq!((t.stands, t.marked_hits), (5, 2));
}

#[test]
fn firing_procedure_hits_short_of_a_stand_disorder_nothing_and_stay_marked_for_the_next() {
    let mut b = activated();
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 1, 1, 1, 1],
    );
    let t = b.state().unit(ENEMY_TEPPO).unwrap();
    assert_eq!((t.stands, t.marked_hits), (6, 2));
    assert!(!t.disordered, "no stand lost: not disordered");
    // One more hit makes three: a stand, and disorder.
    ok(
        &mut b,
        fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
        &[4, 1, 1, 1, 1, 1],
    );
    let t = b.state().unit(ENEMY_TEPPO).unwrap();
    assert_eq!((t.stands, t.marked_hits), (5, 0));
    assert!(t.disordered);
}

#[test]
fn firing_procedure_the_route_test_comes_only_at_half_strength_after_a_stand_lost() {
    let mut b = activated_with(one_hit_a_stand(HouseRules::default()));
    // Two stands of six lost: above half, no test.
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 1, 1, 1, 1],
    );
    assert!(!b.state().due.contains(&Due::Route(ENEMY_TEPPO)));
    // One more: three of six, half strength: the test.
    ok(
        &mut b,
        fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
        &[4, 1, 1, 1, 1, 1],
    );
    assert!(b.state().due.contains(&Due::Route(ENEMY_TEPPO)));
}

#[test]
fn clan_leader_injury_is_checked_when_a_stand_is_lost_or_under_ruling_any_hits_whenever_hit() {
    // A stand lost: a test under either ruling.
    for option in ["stand_lost", "any_hits"] {
        let b = leader_with_teppo_shot(ruled("injury_trigger", option), &[4, 4, 4, 1, 1, 1]);
        assert!(
            b.state().due.contains(&Due::Injury(ENEMY_TEPPO)),
            "{option}"
        );
    }
    // Two hits, no stand: a test only under `any_hits`.
    for (option, owed) in [("stand_lost", false), ("any_hits", true)] {
        let b = leader_with_teppo_shot(ruled("injury_trigger", option), &[4, 4, 1, 1, 1, 1]);
        assert_eq!(
            b.state().due.contains(&Due::Injury(ENEMY_TEPPO)),
            owed,
            "{option}"
        );
    }
    // No hits, no test.
    let b = leader_with_teppo_shot(ruled("injury_trigger", "any_hits"), &[1, 1, 1, 1, 1, 1]);
    assert!(!b.state().due.contains(&Due::Injury(ENEMY_TEPPO)));
    // Without a leader attached, no test at all.
    let mut b = activated();
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 4, 1, 1, 1],
    );
    assert!(!b.state().due.iter().any(|d| matches!(d, Due::Injury(_))));
}

#[test]
fn pavise_a_tedate_is_under_cover_whenever_fired_at_and_moves_2_inches_slower() {
    let mut b = activated();
    // Nobushige's Teppo carries its Tedate: its move is 6" less 2.
    let note = form_note(&b, "0.0.3", "move");
    assert!(note.contains("up to 6\", 4\" with its Tedate"), "{note}");
    // Amakasu's Archers, behind their Tedate, count half of five hits, though not declared
    // in cover.
    ok(
        &mut b,
        fire_at(SAMURAI, Weapon::Bow, AMAKASU_ARCHERS, true, false),
        &[4, 4, 4, 4, 4, 1],
    );
    let t = b.state().unit(AMAKASU_ARCHERS).unwrap();
    assert_eq!((t.stands, t.marked_hits), (6, 2));
}

/// Nobushige's Samurai, bows and hand weapons, carrying a Tedate on the roster.
fn samurai_with_tedate(s: String) -> String {
    s.replace(
        "weapons: [HandWeapons, Bow], stands: 6, formation: Line(3)),",
        "weapons: [HandWeapons, Bow], stands: 6, formation: Line(3), tedate: true),",
    )
}

#[test]
fn pavise_samurai_fight_with_a_tedate_only_under_ruling_bow_or_arquebus_infantry() {
    for (option, carried) in [
        ("bow_or_arquebus_infantry", true),
        ("non_samurai_infantry", false),
    ] {
        let house = ruled("tedate_troops", option);
        // Uesugi's turn: Kakizaki's Samurai are not shooters; Amakasu's are, at Nobushige's.
        let mut b = battle_of(house, samurai_with_tedate);
        assert!(
            b.state().unit(SAMURAI).unwrap().spec.tedate,
            "the roster gives it"
        );
        assert_eq!(b.state().unit(SAMURAI).unwrap().tedate, carried, "{option}");
        // Non-Samurai infantry carry theirs under either reading.
        assert!(b.state().unit(TEPPO).unwrap().tedate, "{option}");
        ok(&mut b, Command::RollInitiative, &[1, 1, 6, 6]);
        ok(&mut b, Command::TryActivation(ClanRef(1, 1)), &[1, 1]);
        ok(&mut b, Command::RollActions, &[2, 6]);
        ok(&mut b, Command::NoImpetus(UnitRef(1, 1, 0)), &[]);
        // Amakasu's Samurai shoot: five 6s at Samurai, halved only behind a Tedate.
        ok(
            &mut b,
            fire(UnitRef(1, 1, 0), Weapon::Bow, SAMURAI),
            &[6, 6, 6, 6, 6, 1],
        );
        let t = b.state().unit(SAMURAI).unwrap();
        let taken = (t.spec.stands - t.stands) * 3 + t.marked_hits;
        assert_eq!(taken, if carried { 2 } else { 5 }, "{option}");
        // The unit's badge says which.
        let view = b.view();
        let badges: Vec<String> = view.sides[0].groups[0].units[1]
            .badges
            .iter()
            .map(|x| x.label.to_string())
            .collect();
        let shown = if carried { "Tedate" } else { "No Tedate" };
        assert!(badges.iter().any(|l| l == shown), "{option}: {badges:?}");
    }
}
