//! From the Sky we Came: one test per rule, named after it, driving the real engine with
//! the faces a table would roll. Sections are those of the rules text.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use gunbai::dice::TableDice;
use gunbai::engine::RuleSet as _;
use gunbai::engine::{Battle, BattleError, Dice};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::sky::numbers;
use gunbai::rules::sky::state::{ChargeStage, ClanRef, Due, MoraleKind, Phase, UnitRef};
use gunbai::rules::sky::{Command, Sky};

const TAKEDA: ClanRef = ClanRef(0, 0);

fn army(file: &str) -> gunbai::rules::sky::Army {
    let path = format!("{}/rosters/sky/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = RosterText::read(std::path::Path::new(&path)).expect("demo roster readable");
    Sky::load_army(&text).expect("demo roster valid").army
}

fn battle_with(house: HouseRules) -> Battle<Sky> {
    Battle::<Sky>::start([army("takeda.ron"), army("uesugi.ron")], house, None)
        .expect("battle starts")
}

fn battle() -> Battle<Sky> {
    battle_with(HouseRules::default())
}

/// Carries out a command with the given table faces.
fn run(b: &mut Battle<Sky>, command: Command, faces: &[u32]) -> Result<Vec<String>, BattleError> {
    b.execute_with(command, Dice::Table(TableDice::new(faces.to_vec())))
        .map(|e| e.lines.clone())
}

fn ok(b: &mut Battle<Sky>, command: Command, faces: &[u32]) -> Vec<String> {
    match run(b, command.clone(), faces) {
        Ok(lines) => lines,
        Err(e) => panic!("{command:?} with {faces:?} refused: {e}"),
    }
}

/// Takeda wins initiative and activates its first clan with 6 actions; the Samurai
/// units' impetus questions are answered "none near".
fn activated() -> Battle<Sky> {
    let mut b = battle();
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    for unit in [UnitRef(0, 0, 0), UnitRef(0, 0, 1)] {
        ok(&mut b, Command::NoImpetus(unit), &[]);
    }
    b
}

#[test]
fn initiative_is_2d6_plus_clans_and_high_roller_goes_first() {
    let mut b = battle();
    // Takeda has 4 clans, Uesugi 3: 2+2+4 = 8 against 3+2+3 = 8 is a tie, rolled again at
    // once (ruling initiative_tie): 1+1+4 = 6 loses to 3+3+3 = 9.
    let lines = ok(&mut b, Command::RollInitiative, &[2, 2, 3, 2, 1, 1, 3, 3]);
    assert!(lines[0].contains("a tie: roll again"), "{lines:?}");
    assert!(lines[1].contains("takes the first round"), "{lines:?}");
    assert_eq!(b.state().phase, Phase::Rounds { side: 1 });
    // Faces for the first roll alone are not enough when it ties.
    let mut again = battle();
    assert!(run(&mut again, Command::RollInitiative, &[2, 2, 3, 2]).is_err());
}

#[test]
fn activation_passes_at_or_under_command() {
    let mut b = battle();
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[4, 4]);
    assert_eq!(
        b.state().phase,
        Phase::Activation { clan: TAKEDA },
        "8 at or under Command 8 passes"
    );
}

#[test]
fn failed_activation_offers_the_general_once_per_turn() {
    let mut b = battle();
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[5, 4]);
    assert_eq!(b.state().intervention, Some(TAKEDA));
    ok(&mut b, Command::GeneralStepsIn, &[6, 4]);
    assert!(
        b.state().sides[0].general_turn.barred,
        "a failed General may do nothing else this turn"
    );
    assert_eq!(
        b.state().phase,
        Phase::Rounds { side: 1 },
        "the round passes"
    );
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[6, 6]);
    ok(&mut b, Command::DeclineGeneral, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(0, 1)), &[6, 6]);
    assert_eq!(
        b.state().intervention,
        None,
        "the General steps in once per turn at most"
    );
}

#[test]
fn actions_are_the_higher_of_2d6() {
    let b = activated();
    assert_eq!(b.state().actions_left, Some(6));
}

#[test]
fn attached_leader_rolls_command_one_lower() {
    let mut b = battle();
    ok(
        &mut b,
        Command::Attach {
            clan: TAKEDA,
            unit: Some(1),
        },
        &[],
    );
    let n = numbers::command(b.rules(), b.state(), 0, Some(TAKEDA), true);
    assert_eq!(n.target, 7);
}

#[test]
fn last_side_with_clans_rolls_command_one_lower() {
    let mut b = battle();
    ok(&mut b, Command::RollInitiative, &[1, 1, 6, 6]);
    for clan in 0..3 {
        ok(&mut b, Command::TryActivation(ClanRef(1, clan)), &[6, 6]);
        ok(&mut b, Command::DeclineGeneral, &[]).len();
        if clan < 2 || b.state().phase == (Phase::Rounds { side: 0 }) {
            let takeda = b.state().untried(0)[0];
            ok(&mut b, Command::TryActivation(takeda), &[6, 6]);
            if b.state().intervention.is_some() {
                ok(&mut b, Command::DeclineGeneral, &[]);
            }
        }
    }
    // Uesugi has no clans left; Takeda's last one rolls at 8 - 1.
    assert!(b.state().untried(1).is_empty());
    let clan = b.state().untried(0)[0];
    assert_eq!(
        numbers::command(b.rules(), b.state(), 0, Some(clan), true).target,
        7
    );
}

#[test]
fn fire_dice_are_2d6_per_front_rank_stand_and_half_when_disordered() {
    let b = activated();
    let s = b.state();
    let archers = s.unit(UnitRef(0, 1, 1)).expect("archers");
    let samurai = s.unit(UnitRef(1, 0, 1)).expect("target");
    let pool = numbers::fire(
        b.rules(),
        archers,
        gunbai::rules::sky::roster::Weapon::Bow,
        samurai,
    );
    assert_eq!(
        (pool.dice, pool.needed),
        (6, 6),
        "3 front-rank stands x 2d6, Samurai need 6"
    );
    let mut disordered = archers.clone();
    disordered.disordered = true;
    let pool = numbers::fire(
        b.rules(),
        &disordered,
        gunbai::rules::sky::roster::Weapon::Bow,
        samurai,
    );
    assert_eq!(pool.dice, 3);
}

#[test]
fn target_numbers_samurai_6_armoured_5_unarmoured_4() {
    let b = battle();
    let s = b.state();
    let needed = |u| numbers::hit_target(b.rules(), s.unit(u).expect("unit"));
    assert_eq!(needed(UnitRef(1, 0, 1)), 6, "Samurai");
    assert_eq!(needed(UnitRef(1, 0, 2)), 5, "armoured Ashigaru");
    assert_eq!(needed(UnitRef(1, 0, 3)), 4, "unarmoured Ashigaru");
    assert_eq!(needed(UnitRef(1, 1, 2)), 4, "Peasants");
}

#[test]
fn every_three_hits_removes_a_stand_and_the_rest_stay_marked_then_disorder() {
    let mut b = activated();
    // Nobushige's Samurai fire their bows (3 front stands: 6d6) at the unarmoured Teppo (4+).
    let fire = Command::Fire {
        unit: UnitRef(0, 0, 1),
        weapon: gunbai::rules::sky::roster::Weapon::Bow,
        target: UnitRef(1, 0, 3),
        in_range: true,
        cover: false,
    };
    ok(&mut b, fire, &[4, 4, 4, 4, 1, 1]);
    let t = b.state().unit(UnitRef(1, 0, 3)).expect("teppo");
    assert_eq!(
        (t.stands, t.marked_hits),
        (5, 1),
        "4 hits: one stand lost, one marked"
    );
    assert!(t.disordered, "losing a stand disorders");
}

#[test]
fn cover_counts_half_the_hits_rounded_down() {
    let mut b = activated();
    // Amakasu's Archers carry Tedate: always in cover when fired at.
    let fire = Command::Fire {
        unit: UnitRef(0, 0, 1),
        weapon: gunbai::rules::sky::roster::Weapon::Bow,
        target: UnitRef(1, 1, 1),
        in_range: true,
        cover: false,
    };
    ok(&mut b, fire, &[4, 4, 4, 4, 4, 1]);
    let t = b.state().unit(UnitRef(1, 1, 1)).expect("archers");
    assert_eq!((t.stands, t.marked_hits), (6, 2), "5 hits in cover count 2");
}

#[test]
fn out_of_range_arquebus_has_no_effect_but_unloads() {
    let mut b = activated();
    let teppo = UnitRef(0, 0, 3);
    let fire = Command::Fire {
        unit: teppo,
        weapon: gunbai::rules::sky::roster::Weapon::Arquebus,
        target: UnitRef(1, 0, 0),
        in_range: false,
        cover: false,
    };
    ok(&mut b, fire, &[]);
    assert!(!b.state().unit(teppo).expect("teppo").loaded);
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: teppo,
                cross_obstacle: false
            },
            &[]
        )
        .is_err(),
        "no movement when firing an arquebus"
    );
    ok(&mut b, Command::Reload(teppo), &[]);
    assert_eq!(b.state().actions_left, Some(5), "reloading costs 1 action");
}

#[test]
fn each_kind_of_action_once_per_unit_and_no_overspending() {
    let mut b = activated();
    let yari = UnitRef(0, 0, 2);
    ok(
        &mut b,
        Command::Move {
            unit: yari,
            cross_obstacle: true,
        },
        &[],
    );
    assert_eq!(b.state().actions_left, Some(4), "move 1 + obstacle 1");
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: yari,
                cross_obstacle: false
            },
            &[]
        )
        .is_err()
    );
    for unit in [UnitRef(0, 0, 0), UnitRef(0, 0, 1), UnitRef(0, 0, 3)] {
        ok(
            &mut b,
            Command::Move {
                unit,
                cross_obstacle: false,
            },
            &[],
        );
    }
    assert_eq!(b.state().actions_left, Some(1));
    let err = run(
        &mut b,
        Command::Charge {
            unit: yari,
            target: UnitRef(1, 0, 0),
            cross_obstacle: false,
        },
        &[],
    );
    assert!(err.is_err(), "a unit that moved cannot also charge");
}

#[test]
fn melee_example_three_mounted_samurai_charging_disordered_roll_7d6() {
    let b = activated();
    let horse = UnitRef(0, 1, 0); // Kansuke's Horse: 3 mounted Samurai stands
    let ashigaru = UnitRef(1, 0, 2);
    let mut state = b.state().clone();
    state.unit_mut(horse).expect("horse").disordered = true;
    let pool = numbers::melee(b.rules(), &state, horse, ashigaru, true);
    assert_eq!(
        pool.dice, 7,
        "(3 + 1 mounted + 1 charging) x 3 stands = 15, halved = 7"
    );
}

#[test]
fn charge_bushi_test_with_attached_leader_is_minus_two_on_the_dice() {
    let mut b = activated();
    ok(
        &mut b,
        Command::Attach {
            clan: TAKEDA,
            unit: Some(0),
        },
        &[],
    );
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: UnitRef(1, 0, 2),
            cross_obstacle: false,
        },
        &[],
    );
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::ChargerTest),
        "yari cannot shoot"
    );
    let n = numbers::bushi(
        b.rules(),
        b.state(),
        gunbai::rules::sky::event::Test::Charge(UnitRef(0, 0, 0)),
    );
    assert_eq!((n.modifier, n.target), (-2, 9));
    // 6 + 5 - 2 = 9: passes at or under Bushi 9.
    ok(&mut b, Command::ChargerTest, &[6, 5]);
    assert_eq!(
        b.state().charge().map(|c| c.stage),
        Some(ChargeStage::TargetTest)
    );
}

#[test]
fn failed_charge_test_moves_half_and_disorders() {
    let mut b = activated();
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: UnitRef(1, 0, 2),
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[6, 6]);
    let horse = b.state().unit(UnitRef(0, 0, 0)).expect("horse");
    assert!(horse.disordered);
    assert!(b.state().charge().is_none());
    assert!(
        b.state().due.is_empty(),
        "no Route test when it was not disordered before"
    );
}

#[test]
fn target_that_fails_to_stand_flees_and_is_destroyed_if_still_contacted() {
    let mut b = activated();
    let target = UnitRef(1, 0, 2);
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target,
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[6, 6]);
    assert!(b.state().unit(target).expect("t").disordered);
    ok(&mut b, Command::StillContacted(true), &[]);
    assert!(b.state().unit(target).expect("t").removed);
}

#[test]
fn melee_loser_withdraws_and_tests_route_winner_leader_gains_honor() {
    let mut b = activated();
    ok(
        &mut b,
        Command::Attach {
            clan: TAKEDA,
            unit: Some(0),
        },
        &[],
    );
    let (horse, yari) = (UnitRef(0, 0, 0), UnitRef(1, 0, 2));
    ok(
        &mut b,
        Command::Charge {
            unit: horse,
            target: yari,
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    // Horse: (3+1+1) x 4 stands + leader (3+1+1) = 25 dice at 5+; yari: 2 x 8 + 4 backed = 20 dice at 6.
    let a = numbers::melee(b.rules(), b.state(), horse, yari, true);
    let d = numbers::melee(b.rules(), b.state(), yari, horse, false);
    assert_eq!((a.dice, a.needed, d.dice, d.needed), (25, 5, 20, 6));
    let mut faces = vec![5; 6];
    faces.extend(vec![1; 19]);
    faces.extend(vec![1; 20]);
    ok(&mut b, Command::FightMelee, &faces);
    let s = b.state();
    assert_eq!(s.unit(yari).expect("yari").stands, 6, "6 hits: two stands");
    assert!(s.due.contains(&Due::Route(yari)), "the loser tests Route");
    assert_eq!(s.sides[0].clans[0].leader.command(), 9, "Honor: +1 Command");
}

#[test]
fn route_test_adds_one_per_stand_lost_and_failure_routs() {
    let mut b = activated();
    let yari = UnitRef(1, 0, 2);
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: yari,
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let mut faces = vec![5; 6];
    faces.extend(vec![1; 14]);
    faces.extend(vec![1; 20]);
    ok(&mut b, Command::FightMelee, &faces);
    let n = numbers::bushi(
        b.rules(),
        b.state(),
        gunbai::rules::sky::event::Test::Route(yari),
    );
    assert_eq!(
        (n.modifier, n.target),
        (2, 7),
        "two stands lost: +2 against Bushi 7"
    );
    ok(&mut b, Command::RouteTest(yari), &[3, 3]);
    assert!(
        b.state().unit(yari).expect("yari").routing,
        "3+3+2 = 8 fails Bushi 7"
    );
}

#[test]
fn one_route_test_when_both_triggers_fire_at_once() {
    let mut b = activated();
    let yari = UnitRef(1, 0, 2);
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: yari,
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let mut faces = vec![6; 12]; // 12 hits: 4 stands, half strength, and it lost the melee
    faces.extend(vec![1; 8]);
    faces.extend(vec![1; 20]);
    ok(&mut b, Command::FightMelee, &faces);
    let routes = b
        .state()
        .due
        .iter()
        .filter(|d| **d == Due::Route(yari))
        .count();
    assert_eq!(routes, 1);
}

#[test]
fn typed_faces_out_of_range_or_left_over_change_nothing() {
    let mut b = battle();
    let before = b.state().clone();
    assert!(
        run(&mut b, Command::RollInitiative, &[7, 1, 1, 1]).is_err(),
        "a 7 on a d6"
    );
    assert!(
        run(&mut b, Command::RollInitiative, &[1, 1, 1, 2, 3]).is_err(),
        "a face left over"
    );
    assert!(
        run(&mut b, Command::RollInitiative, &[1, 1]).is_err(),
        "too few faces"
    );
    assert_eq!(b.state(), &before);
    assert!(b.log().is_empty());
}

fn to_morale(b: &mut Battle<Sky>) {
    // Every remaining clan fails to activate, with no General stepping in.
    while let Phase::Rounds { side } = b.state().phase {
        if b.state().intervention.is_some() {
            ok(b, Command::DeclineGeneral, &[]);
            continue;
        }
        let clan = b.state().untried(side)[0];
        ok(b, Command::TryActivation(clan), &[6, 6]);
    }
}

#[test]
fn rally_turns_a_routing_unit_about_disordered() {
    let mut b = activated();
    let yari = UnitRef(1, 0, 2);
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: yari,
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let mut faces = vec![5; 6];
    faces.extend(vec![1; 14]);
    faces.extend(vec![1; 20]);
    ok(&mut b, Command::FightMelee, &faces);
    ok(&mut b, Command::RouteTest(yari), &[6, 6]);
    ok(&mut b, Command::EndActivation, &[]);
    to_morale(&mut b);
    assert_eq!(b.state().phase, Phase::Morale);
    assert!(b.state().due.contains(&Due::Rally(yari)));
    ok(
        &mut b,
        Command::Morale {
            unit: yari,
            kind: MoraleKind::Rally,
            by_general: false,
        },
        &[2, 2],
    );
    let u = b.state().unit(yari).expect("yari");
    assert!(!u.routing && u.disordered);
}

#[test]
fn general_retry_after_failed_reorder_dishonours_the_clan_leader() {
    let mut b = activated();
    let horse = UnitRef(0, 0, 0);
    ok(
        &mut b,
        Command::Charge {
            unit: horse,
            target: UnitRef(1, 0, 2),
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[6, 6]);
    ok(&mut b, Command::EndActivation, &[]);
    to_morale(&mut b);
    ok(
        &mut b,
        Command::Morale {
            unit: horse,
            kind: MoraleKind::Reorder,
            by_general: false,
        },
        &[6, 6],
    );
    assert!(
        b.state()
            .due
            .contains(&Due::GeneralRetry(horse, MoraleKind::Reorder))
    );
    ok(
        &mut b,
        Command::Morale {
            unit: horse,
            kind: MoraleKind::Reorder,
            by_general: true,
        },
        &[3, 3],
    );
    assert!(!b.state().unit(horse).expect("horse").disordered);
    assert_eq!(
        b.state().sides[0].clans[0].leader.command(),
        7,
        "Dishonor: -1"
    );
}

#[test]
fn injury_on_a_1_costs_a_command_point_for_good() {
    let mut b = activated();
    ok(
        &mut b,
        Command::Attach {
            clan: ClanRef(1, 0),
            unit: Some(3),
        },
        &[],
    );
    let fire = Command::Fire {
        unit: UnitRef(0, 0, 1),
        weapon: gunbai::rules::sky::roster::Weapon::Bow,
        target: UnitRef(1, 0, 3),
        in_range: true,
        cover: false,
    };
    ok(&mut b, fire, &[4, 4, 4, 1, 1, 1]);
    assert!(b.state().due.contains(&Due::Injury(UnitRef(1, 0, 3))));
    ok(&mut b, Command::InjuryRoll(UnitRef(1, 0, 3)), &[1]);
    assert_eq!(b.state().sides[1].clans[0].leader.command(), 7);
}

#[test]
fn samurai_near_enemy_samurai_that_pass_bushi_charge_anyway_disordered() {
    let mut b = battle();
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    let samurai = UnitRef(0, 0, 1);
    ok(&mut b, Command::NoImpetus(UnitRef(0, 0, 0)), &[]);
    ok(&mut b, Command::ImpetusOrderedOtherwise(samurai), &[]);
    ok(&mut b, Command::ImpetusTest(samurai), &[3, 3]);
    assert!(b.state().unit(samurai).expect("samurai").disordered);
    assert!(b.state().due.contains(&Due::ImpetusCharge(samurai)));
    assert!(
        run(
            &mut b,
            Command::Charge {
                unit: samurai,
                target: UnitRef(1, 0, 2),
                cross_obstacle: false,
            },
            &[]
        )
        .is_err(),
        "only at enemy Samurai"
    );
    ok(
        &mut b,
        Command::Charge {
            unit: samurai,
            target: UnitRef(1, 0, 1),
            cross_obstacle: false,
        },
        &[],
    );
    assert_eq!(
        b.state().actions_left,
        Some(6),
        "the Bushi-driven charge costs nothing"
    );
}

#[test]
fn optional_first_bushi_roll_comes_before_the_first_test() {
    let mut house = HouseRules::default();
    house.optional.insert("first_bushi_roll".into());
    let mut b = battle_with(house);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(UnitRef(0, 0, 0)), &[]);
    ok(&mut b, Command::NoImpetus(UnitRef(0, 0, 1)), &[]);
    let horse = UnitRef(0, 0, 0);
    ok(
        &mut b,
        Command::Charge {
            unit: horse,
            target: UnitRef(1, 0, 2),
            cross_obstacle: false,
        },
        &[],
    );
    assert!(
        run(&mut b, Command::ChargerTest, &[1, 1]).is_err(),
        "the spirit roll comes first"
    );
    ok(&mut b, Command::SpiritRoll(horse), &[6]);
    assert_eq!(b.state().unit(horse).expect("horse").bushi(), 10);
}

#[test]
fn ruling_strictly_under_makes_a_charge_test_at_bushi_fail() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("charge_test_pass".into(), "strictly_under".into());
    let mut b = battle_with(house);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    ok(&mut b, Command::TryActivation(TAKEDA), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(UnitRef(0, 0, 0)), &[]);
    ok(&mut b, Command::NoImpetus(UnitRef(0, 0, 1)), &[]);
    ok(
        &mut b,
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: UnitRef(1, 0, 2),
            cross_obstacle: false,
        },
        &[],
    );
    ok(&mut b, Command::ChargerTest, &[4, 5]);
    assert!(b.state().charge().is_none(), "9 is not under Bushi 9");
}

#[test]
fn unknown_house_rules_are_refused() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("charge_test_pass".into(), "sometimes".into());
    assert!(Battle::<Sky>::start([army("takeda.ron"), army("uesugi.ron")], house, None).is_err());
    let mut house = HouseRules::default();
    house.overrides.insert("movement_inches.nonsense".into(), 3);
    assert!(Battle::<Sky>::start([army("takeda.ron"), army("uesugi.ron")], house, None).is_err());
}

#[test]
fn house_rule_override_changes_the_table_the_engine_uses() {
    let mut house = HouseRules::default();
    house.overrides.insert("command.clan_leader".into(), 7);
    house.overrides.insert("fire_dice.per_stand".into(), 1);
    let b = battle_with(house);
    let s = b.state();
    let pool = numbers::fire(
        b.rules(),
        s.unit(UnitRef(0, 1, 1)).expect("archers"),
        gunbai::rules::sky::roster::Weapon::Bow,
        s.unit(UnitRef(1, 0, 1)).expect("t"),
    );
    assert_eq!(pool.dice, 3);
}

#[test]
fn simulate_exercises_every_procedure() {
    use gunbai::rules::sky::event::Event;
    use rand::SeedableRng as _;
    let mut house = HouseRules::default();
    house.optional.insert("first_bushi_roll".into());
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let mut b = battle_with(house.clone());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for _ in 0..1500 {
            let Some(command) =
                gunbai::engine::surface::random_command::<Sky>(b.rules(), b.state(), &mut rng)
            else {
                break;
            };
            let _ = b.execute(command, &mut dice);
        }
        for entry in b.entries() {
            if let gunbai::engine::journal::Action::Command { events, .. } = &entry.action {
                for e in events {
                    let name = format!("{e:?}");
                    let name = name
                        .split(|c: char| !c.is_alphanumeric())
                        .next()
                        .unwrap_or_default()
                        .to_owned();
                    let detail = match e {
                        Event::Tested { test, .. } => format!("{test:?}")
                            .split(|c: char| !c.is_alphanumeric())
                            .next()
                            .unwrap_or_default()
                            .to_owned(),
                        Event::Fired {
                            defensive: true, ..
                        } => "DefensiveFire".into(),
                        _ => String::new(),
                    };
                    seen.insert(name);
                    if !detail.is_empty() {
                        seen.insert(detail);
                    }
                }
            }
        }
    }
    for needed in [
        "Initiative",
        "Activation",
        "ActionsRolled",
        "RoutMoved",
        "ImpetusSettled",
        "Impetus",
        "Moved",
        "Reloaded",
        "Fired",
        "DefensiveFire",
        "Casualties",
        "Disordered",
        "ChargeDeclared",
        "Charge",
        "Stand",
        "ChargeFailed",
        "Fled",
        "Melee",
        "Withdrew",
        "Route",
        "Routed",
        "Morale",
        "Rallied",
        "Reordered",
        "InjuryRolled",
        "CommandChanged",
        "SpiritRolled",
        "GeneralBarred",
        "TedateLost",
        "Removed",
        "TurnBegins",
        "Attached",
        "BattleEnded",
    ] {
        assert!(
            seen.contains(needed),
            "random play never reached {needed}; saw {seen:?}"
        );
    }
}

#[test]
fn action_forms_preview_the_pool_and_carry_out_the_order() {
    use gunbai::engine::Game as _;
    let mut b = activated();
    let forms = b.action_forms("0.0.1");
    let fire = forms
        .iter()
        .find(|f| f.key == "fire")
        .expect("Nobushige's Samurai can fire their bows");
    let gunbai::engine::Field::Choice { options, .. } = &fire.fields[1] else {
        panic!("target choice")
    };
    let teppo = options
        .iter()
        .position(|o| o == "Kakizaki's Teppo")
        .expect("enemy listed");
    // Bow, at the Teppo, in range (the form's first, common case), not in cover.
    let values = [0, teppo, 0, 0];
    let preview = b
        .preview_action("0.0.1", "fire", &values)
        .expect("fits")
        .preview
        .expect("a dice preview");
    assert!(
        preview.target.starts_with("6d6, each 4+"),
        "{}",
        preview.target
    );
    b.do_action(
        "0.0.1",
        "fire",
        &values,
        b.version(),
        Dice::Table(TableDice::new(vec![4, 4, 4, 1, 1, 1])),
    )
    .expect("fires");
    assert_eq!(b.state().unit(UnitRef(1, 0, 3)).expect("teppo").stands, 5);
    assert!(
        b.action_forms("0.0.1").iter().all(|f| f.key != "fire"),
        "fire is spent for this activation"
    );
}
