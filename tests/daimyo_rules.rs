//! Daimyo (movement chapter): a test for every rule the chapter states, named after it.
//! Dice are fed as fixed faces, so each test says exactly what was rolled.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

mod daimyo_support;
use daimyo_support::*;

// ---- Obedience ----

#[test]
fn obedience_adds_the_daimyos_rating_and_needs_six() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Daimyo Naomasa's rating 2: a 3 makes 5, the unit halts.
    let events = g.run(
        Command::Move {
            unit: SAMURAI,
            plan: open(5),
            out_of_command: true,
            through: None,
        },
        &[3],
    );
    assert_eq!(
        events,
        vec![Event::Obedience {
            unit: SAMURAI,
            face: 3,
            rating: 2,
            passed: false
        }]
    );
    assert!(g.state.units[SAMURAI].turn.halted);
    g.refused(
        Command::Move {
            unit: SAMURAI,
            plan: open(5),
            out_of_command: false,
            through: None,
        },
        "halts",
    );
    // A 4 makes 6: it moves, and the pass holds for the rest of the turn.
    g.run(
        Command::Move {
            unit: SEASONED,
            plan: open(3),
            out_of_command: true,
            through: None,
        },
        &[4],
    );
    assert_eq!(g.spent(SEASONED), 30);
    g.run(
        Command::Move {
            unit: SEASONED,
            plan: open(3),
            out_of_command: true,
            through: None,
        },
        &[],
    );
    assert_eq!(g.spent(SEASONED), 60);
}

#[test]
fn obedience_is_not_tested_within_command_radius() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // No faces: no die may be rolled.
    g.run(
        Command::Move {
            unit: SAMURAI,
            plan: open(5),
            out_of_command: false,
            through: None,
        },
        &[],
    );
    assert!(g.state.units[SAMURAI].turn.moved);
}

#[test]
fn obedience_odds_are_one_die_plus_rating_against_six() {
    let g = Game::new();
    let odds = gunbai::rules::daimyo::execute::obedience_odds;
    assert!((odds(&g.rules, 1) - 2.0 / 6.0).abs() < 1e-12);
    assert!((odds(&g.rules, 2) - 3.0 / 6.0).abs() < 1e-12);
    assert!((odds(&g.rules, 4) - 5.0 / 6.0).abs() < 1e-12);
    assert!((odds(&g.rules, 0) - 1.0 / 6.0).abs() < 1e-12);
}

#[test]
fn obedience_of_a_clan_without_its_daimyo_uses_rating_zero_or_the_generals() {
    for (option, rating) in [("rating_zero", 0), ("general_rating", 3)] {
        let mut house = HouseRules::default();
        house
            .rulings
            .insert("leaderless_obedience".into(), option.into());
        let mut g = Game::with(house);
        g.activate_for(SAMURAI);
        // Kill Naomasa: a foe unit reaches him while he is unattached.
        g.run(
            Command::LeaderContacted {
                leader: DAIMYO_A,
                unit: FOE_SPEAR,
            },
            &[],
        );
        let events = g.run(
            Command::Move {
                unit: SAMURAI,
                plan: open(1),
                out_of_command: true,
                through: None,
            },
            &[5],
        );
        assert!(
            matches!(events[0], Event::Obedience { rating: r, passed, .. } if r == rating && passed == (5 + rating >= 6)),
            "{option}: {events:?}"
        );
    }
}

#[test]
fn hatamoto_test_obedience_with_the_generals_rating() {
    let text = army_a().replace(
        "clans: [",
        r#"hatamoto: [(name: "Guard", troop: SamuraiFoot, quality: Elite, stands: 2, wide: 2)],
    clans: ["#,
    );
    let a = Daimyo::load_army(&roster("a.ron", text))
        .expect("army")
        .army;
    let b = Daimyo::load_army(&roster("b.ron", army_b()))
        .expect("army")
        .army;
    let rules = Daimyo::rules(&HouseRules::default()).unwrap();
    let state = Daimyo::start(&rules, &[a, b]);
    let mut g = Game { rules, state };
    let guard = g
        .state
        .units
        .iter()
        .position(|u| u.spec.name == "Guard")
        .unwrap();
    g.activate_for(guard);
    let events = g.run(
        Command::Move {
            unit: guard,
            plan: open(2),
            out_of_command: true,
            through: None,
        },
        &[3],
    );
    // Ieyasu's 3 + 3 = 6: moves.
    assert!(matches!(
        events[0],
        Event::Obedience {
            rating: 3,
            passed: true,
            ..
        }
    ));
}

// ---- Formations ----

#[test]
fn line_is_two_or_more_wide_and_at_most_two_deep_column_otherwise() {
    let g = Game::new();
    let f = &g.rules.t.formation;
    let form = |u: usize| g.state.formation(&g.state.units[u], f);
    assert_eq!(form(SAMURAI), Formation::Line); // 4 stands, 2 wide, 2 deep
    assert_eq!(form(SEASONED), Formation::Line); // 4 wide, 1 deep
    assert_eq!(form(PEASANTS), Formation::Line); // 6 stands 3 wide: 2 deep
    let mut unit = g.state.units[PEASANTS].clone();
    unit.wide = 2; // 3 deep
    assert_eq!(g.state.formation(&unit, f), Formation::Column);
    unit.wide = 1;
    assert_eq!(g.state.formation(&unit, f), Formation::Column);
    // Odd stands go to the rear rank: 5 stands 2 wide is 3 deep.
    unit.stands = 5;
    unit.wide = 2;
    assert_eq!(g.state.formation(&unit, f), Formation::Column);
}

// ---- Wheeling and turns ----

#[test]
fn wheeling_counts_once_for_elite_and_veteran_twice_seasoned_thrice_raw() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let wheel = MovePlan {
        wheel_cm: 3,
        ..MovePlan::default()
    };
    g.mv(SAMURAI, wheel).unwrap();
    g.mv(SEASONED, wheel).unwrap();
    g.mv(RAW, wheel).unwrap();
    assert_eq!(
        [g.spent(SAMURAI), g.spent(SEASONED), g.spent(RAW)],
        [30, 60, 90]
    );
}

#[test]
fn a_disordered_unit_wheels_at_half_speed() {
    let mut g = Game::new();
    g.run(
        Command::SetDisordered {
            unit: SEASONED,
            disordered: true,
        },
        &[],
    );
    g.activate_for(SEASONED);
    g.mv(
        SEASONED,
        MovePlan {
            wheel_cm: 2,
            ..MovePlan::default()
        },
    )
    .unwrap();
    // Seasoned x2, disordered x2 again.
    assert_eq!(g.spent(SEASONED), 80);
}

#[test]
fn turns_cost_a_quarter_move_for_elite_and_veteran_half_for_others_doubled_disordered() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let turn = MovePlan {
        turn: TurnMade::Quarter,
        ..MovePlan::default()
    };
    g.mv(SAMURAI, turn).unwrap(); // Veteran, 10 cm move: 2.5 cm
    g.mv(SEASONED, turn).unwrap(); // Seasoned: 5 cm
    assert_eq!([g.spent(SAMURAI), g.spent(SEASONED)], [25, 50]);
    g.run(
        Command::SetDisordered {
            unit: RAW,
            disordered: true,
        },
        &[],
    );
    g.mv(
        RAW,
        MovePlan {
            turn: TurnMade::About,
            ..MovePlan::default()
        },
    )
    .unwrap();
    assert_eq!(g.spent(RAW), 100, "half a move, doubled: the whole move");
}

#[test]
fn a_rout_move_needs_no_turn_allowance_and_dices_one_d6() {
    let mut g = Game::new();
    g.run(
        Command::SetRouting {
            unit: RAW,
            routing: true,
        },
        &[],
    );
    let events = g.run(
        Command::RoutMove {
            unit: RAW,
            through: None,
            ground: Crossed::default(),
        },
        &[4],
    );
    assert_eq!(
        events,
        vec![Event::RoutMoved {
            unit: RAW,
            faces: vec![4]
        }]
    );
    assert_eq!(g.spent(RAW), 0);
    g.refused(
        Command::RoutMove {
            unit: RAW,
            through: None,
            ground: Crossed::default(),
        },
        "already moved",
    );
    g.refused(
        Command::RoutMove {
            unit: SAMURAI,
            through: None,
            ground: Crossed::default(),
        },
        "not routing",
    );
}

// ---- Terrain ----

#[test]
fn light_terrain_costs_three_cm() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.mv(
        SAMURAI,
        MovePlan {
            open_cm: 4,
            light_pieces: 1,
            ..MovePlan::default()
        },
    )
    .unwrap();
    assert_eq!(g.spent(SAMURAI), 70);
    assert!(
        !g.state.units[SAMURAI].disordered,
        "light terrain does not disorder a move"
    );
}

#[test]
fn dense_terrain_counts_double_for_foot_and_triple_for_horse() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.mv(
        SAMURAI,
        MovePlan {
            dense_cm: 4,
            ..MovePlan::default()
        },
    )
    .unwrap();
    assert_eq!(g.spent(SAMURAI), 80);
    g.activate_for(ELITE_HORSE);
    g.mv(
        ELITE_HORSE,
        MovePlan {
            dense_cm: 5,
            ..MovePlan::default()
        },
    )
    .unwrap();
    assert_eq!(g.spent(ELITE_HORSE), 150);
}

#[test]
fn entering_dense_terrain_disorders_all_but_peasants() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let dense = MovePlan {
        dense_cm: 2,
        ..MovePlan::default()
    };
    let events = g.mv(SAMURAI, dense).unwrap();
    assert!(events.contains(&Event::Disordered {
        unit: SAMURAI,
        cause: Cause::DenseTerrain
    }));
    g.mv(PEASANTS, dense).unwrap();
    assert!(!g.state.units[PEASANTS].disordered);
}

#[test]
fn linear_obstacles_cost_three_cm_for_foot_six_for_horse_and_disorder() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let fence = MovePlan {
        obstacles: 1,
        ..MovePlan::default()
    };
    g.mv(SAMURAI, fence).unwrap();
    assert_eq!(g.spent(SAMURAI), 30);
    assert!(g.state.units[SAMURAI].disordered);
    g.activate_for(ELITE_HORSE);
    g.mv(ELITE_HORSE, fence).unwrap();
    assert_eq!(g.spent(ELITE_HORSE), 60);
    assert!(g.state.units[ELITE_HORSE].disordered);
}

#[test]
fn a_column_adds_three_cm_on_good_going_and_doubles_on_a_road() {
    let mut g = Game::new();
    g.activate_for(RAW);
    g.run(
        Command::Reform {
            unit: RAW,
            wide: 1,
            out_of_command: false,
        },
        &[],
    );
    g.run(Command::EndTurn, &[]);
    g.activate_for(RAW);
    // 10 cm + 3 cm on good going.
    g.mv(RAW, open(13)).unwrap();
    assert!(g.mv(RAW, open(1)).unwrap_err().contains("has 0 cm left"));
    g.run(Command::EndTurn, &[]);
    g.activate_for(RAW);
    let road = MovePlan {
        open_cm: 20,
        road: true,
        ..MovePlan::default()
    };
    g.mv(RAW, road).unwrap();
    // A line gets neither.
    g.mv(SEASONED, open(10)).unwrap();
    assert!(g.mv(SEASONED, open(1)).is_err());
}

#[test]
fn a_move_beyond_the_allowance_is_refused_with_what_is_left() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.mv(SAMURAI, open(6)).unwrap();
    let err = g.mv(SAMURAI, open(5)).unwrap_err();
    assert!(
        err.contains("needs 5 cm") && err.contains("4 cm left"),
        "{err}"
    );
}

#[test]
fn units_move_only_when_their_clan_is_active() {
    let mut g = Game::new();
    assert!(g.mv(SAMURAI, open(1)).unwrap_err().contains("not active"));
    g.activate_for(ELITE_HORSE);
    assert!(g.mv(SAMURAI, open(1)).unwrap_err().contains("not active"));
    g.refused(
        Command::Activate {
            group: g.state.units[ELITE_HORSE].group,
        },
        "already been activated",
    );
}

// ---- Falling back and reforming ----

#[test]
fn falling_back_is_three_cm_or_half_a_move_for_missile_ashigaru() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let back = |unit, cm| Command::FallBack {
        unit,
        cm,
        dense_cm: 0,
        light_pieces: 0,
        obstacles: 0,
        out_of_command: false,
        through: None,
    };
    g.refused(back(SAMURAI, 4), "up to 3 cm");
    g.run(back(SAMURAI, 3), &[]);
    g.run(back(BOWS, 5), &[]);
    assert!(!g.state.units[BOWS].turn.fired, "it may still fire");
    g.run(Command::Fired { unit: BOWS }, &[]);
    g.refused(back(RAW, 5), "up to 3 cm");
}

#[test]
fn a_reform_restores_order_and_is_all_the_unit_does_that_turn() {
    let mut g = Game::new();
    g.run(
        Command::SetDisordered {
            unit: SAMURAI,
            disordered: true,
        },
        &[],
    );
    g.activate_for(SAMURAI);
    let events = g.run(
        Command::Reform {
            unit: SAMURAI,
            wide: 4,
            out_of_command: false,
        },
        &[],
    );
    assert!(events.contains(&Event::OrderRestored { unit: SAMURAI }));
    assert_eq!(g.state.units[SAMURAI].wide, 4);
    assert!(g.mv(SAMURAI, open(1)).unwrap_err().contains("reformed"));
    g.refused(Command::Fired { unit: SAMURAI }, "reformed");
    // One that has moved may not reform.
    g.mv(SEASONED, open(1)).unwrap();
    g.refused(
        Command::Reform {
            unit: SEASONED,
            wide: 2,
            out_of_command: false,
        },
        "must be all it does",
    );
}

// ---- Interpenetration ----

#[test]
fn interpenetration_disorders_both_and_the_passed_unit_may_not_move() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = g
        .try_run(
            Command::Move {
                unit: SAMURAI,
                plan: open(4),
                out_of_command: false,
                through: Some(SEASONED),
            },
            &[],
        )
        .unwrap();
    assert!(events.contains(&Event::Disordered {
        unit: SAMURAI,
        cause: Cause::Interpenetration
    }));
    assert!(g.state.units[SEASONED].disordered);
    assert!(
        g.mv(SAMURAI, open(1))
            .unwrap_err()
            .contains("may not move again")
    );
    assert!(
        g.mv(SEASONED, open(1))
            .unwrap_err()
            .contains("may not move again")
    );
}

#[test]
fn missile_ashigaru_pass_a_still_unit_without_disorder_unless_it_moves_later() {
    let mut g = Game::new();
    g.activate_for(BOWS);
    g.run(
        Command::Move {
            unit: BOWS,
            plan: open(4),
            out_of_command: false,
            through: Some(SEASONED),
        },
        &[],
    );
    assert!(!g.state.units[BOWS].disordered);
    assert!(!g.state.units[SEASONED].disordered);
    let events = g.mv(SEASONED, open(2)).unwrap();
    assert!(events.contains(&Event::Disordered {
        unit: SEASONED,
        cause: Cause::MovedAfterMissiles
    }));
    // Through a unit that has already moved, the exception does not hold.
    g.mv(RAW, open(1)).unwrap();
    g.run(Command::EndTurn, &[]);
    g.activate_for(BOWS);
    g.mv(RAW, open(1)).unwrap();
    g.run(
        Command::Move {
            unit: BOWS,
            plan: open(2),
            out_of_command: false,
            through: Some(RAW),
        },
        &[],
    );
    assert!(g.state.units[BOWS].disordered && g.state.units[RAW].disordered);
}

// ---- Charges ----

#[test]
fn a_charge_must_be_within_charge_distance_with_terrain_penalties() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let err = g
        .try_run(
            Command::Charge {
                unit: SAMURAI,
                target: FOE_SPEAR,
                plan: straight(16),
            },
            &[],
        )
        .unwrap_err();
    assert!(err.contains("out of reach"), "{err}");
    // 10 cm in dense terrain counts 20: beyond 15.
    let dense = ChargePlan {
        dense_cm: 10,
        ..straight(0)
    };
    g.refused(
        Command::Charge {
            unit: SAMURAI,
            target: FOE_SPEAR,
            plan: dense,
        },
        "out of reach",
    );
    g.charge(SAMURAI, FOE_SPEAR, straight(15));
    assert!(g.state.charge().is_some());
}

#[test]
fn cavalry_may_charge_through_light_terrain_but_not_dense() {
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    g.refused(
        Command::Charge {
            unit: ELITE_HORSE,
            target: FOE_SPEAR,
            plan: ChargePlan {
                dense_cm: 2,
                ..straight(5)
            },
        },
        "not dense",
    );
    g.charge(
        ELITE_HORSE,
        FOE_SPEAR,
        ChargePlan {
            light_pieces: 1,
            ..straight(10)
        },
    );
}

#[test]
fn charging_through_light_or_dense_terrain_disorders_the_charger() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(
        SAMURAI,
        FOE_ELITE,
        ChargePlan {
            light_pieces: 1,
            ..straight(8)
        },
    );
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    let events = g.run(Command::ChargeOutcome { contact: true }, &[]);
    assert!(events.contains(&Event::Disordered {
        unit: SAMURAI,
        cause: Cause::ChargeInTerrain
    }));
    assert!(g.state.units[SAMURAI].in_melee && g.state.units[FOE_ELITE].in_melee);
}

#[test]
fn at_most_half_the_charge_may_be_spent_wheeling_or_turning() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.refused(
        Command::Charge {
            unit: SAMURAI,
            target: FOE_ELITE,
            plan: ChargePlan {
                wheel_cm: 8,
                ..straight(5)
            },
        },
        "at most 7.5 cm",
    );
}

#[test]
fn the_charge_bonus_needs_the_last_half_straight() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = g.charge(
        SAMURAI,
        FOE_ELITE,
        ChargePlan {
            wheel_cm: 7,
            ..straight(7)
        },
    );
    assert!(matches!(
        events[0],
        Event::ChargeDeclared { bonus: false, .. }
    ));
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.strike_and_part();
    let events = g.charge(
        SEASONED,
        FOE_ELITE,
        ChargePlan {
            wheel_cm: 3,
            ..straight(8)
        },
    );
    assert!(matches!(
        events[0],
        Event::ChargeDeclared { bonus: true, .. }
    ));
}

#[test]
fn a_short_straight_charge_earns_the_bonus_unless_the_umpire_rules_otherwise() {
    for (option, bonus) in [("half_or_all_straight", true), ("half_allowance", false)] {
        let mut house = HouseRules::default();
        house.rulings.insert("charge_bonus".into(), option.into());
        let mut g = Game::with(house);
        g.activate_for(SAMURAI);
        let events = g.charge(SAMURAI, FOE_ELITE, straight(4));
        assert!(
            matches!(events[0], Event::ChargeDeclared { bonus: b, .. } if b == bonus),
            "{option}"
        );
    }
}

#[test]
fn missile_ashigaru_and_peasants_test_to_charge_and_a_failure_calls_it_off() {
    let mut g = Game::new();
    g.activate_for(PEASANTS);
    let events = g.charge(PEASANTS, FOE_ELITE, straight(5));
    assert!(matches!(
        events[0],
        Event::ChargeDeclared {
            stage: ChargeStage::ChargerTest,
            ..
        }
    ));
    g.refused(
        Command::Respond {
            response: Response::Stand,
        },
        "tests come first",
    );
    g.run(Command::ChargeTest { passed: false }, &[]);
    assert!(g.state.charge().is_none());
    let events = g.charge(BOWS, FOE_ELITE, straight(5));
    assert!(matches!(
        events[0],
        Event::ChargeDeclared {
            stage: ChargeStage::ChargerTest,
            ..
        }
    ));
    g.run(Command::ChargeTest { passed: true }, &[]);
    assert_eq!(g.state.charge().unwrap().stage, ChargeStage::Response);
    // Samurai charge freely.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = g.charge(SAMURAI, FOE_ELITE, straight(5));
    assert!(matches!(
        events[0],
        Event::ChargeDeclared {
            stage: ChargeStage::Response,
            ..
        }
    ));
}

#[test]
fn infantry_in_the_open_charged_by_cavalry_test_unless_elite_or_frenzied() {
    let tests = |target: usize, in_open: bool| {
        let mut g = Game::new();
        g.activate_for(ELITE_HORSE);
        let plan = ChargePlan {
            target_in_open: in_open,
            ..straight(10)
        };
        let events = g.charge(ELITE_HORSE, target, plan);
        matches!(
            events[0],
            Event::ChargeDeclared {
                stage: ChargeStage::TargetTest,
                ..
            }
        )
    };
    assert!(tests(FOE_SPEAR, true));
    assert!(!tests(FOE_SPEAR, false), "not in open terrain");
    assert!(!tests(FOE_ELITE, true), "elite");
    assert!(!tests(FOE_FRENZIED, true), "frenzied");
    assert!(!tests(FOE_HORSE, true), "cavalry are not infantry");
}

#[test]
fn missile_ashigaru_and_peasants_test_when_charged_by_anyone_but_not_in_melee() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = g.charge(SAMURAI, FOE_GUNS, straight(5));
    assert!(matches!(
        events[0],
        Event::ChargeDeclared {
            stage: ChargeStage::TargetTest,
            ..
        }
    ));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    // Now in melee, the guns do not test when charged again.
    let events = g.charge(SEASONED, FOE_GUNS, straight(5));
    assert!(matches!(
        events[0],
        Event::ChargeDeclared {
            stage: ChargeStage::Response,
            ..
        }
    ));
}

#[test]
fn infantry_may_not_counter_charge_cavalry_and_a_failed_target_may_not_counter() {
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    g.charge(ELITE_HORSE, FOE_ELITE, straight(10));
    g.refused(
        Command::Respond {
            response: counter(5),
        },
        "infantry may not counter-charge cavalry",
    );
    // Cavalry may counter cavalry.
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(5));
    g.run(Command::ChargeTest { passed: false }, &[]);
    g.refused(
        Command::Respond {
            response: counter(5),
        },
        "failed its test",
    );
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_ELITE, straight(5));
    g.run(
        Command::Respond {
            response: Response::CounterCharge {
                run: Run {
                    open_cm: 5,
                    light_pieces: 1,
                    ..Run::default()
                },
            },
        },
        &[],
    );
    assert!(
        g.state.units[FOE_ELITE].disordered,
        "countered through terrain"
    );
    g.refused(Command::ChargeOutcome { contact: false }, "meet");
}

#[test]
fn missile_troops_fire_at_chargers_only_in_good_order_and_from_over_half_a_charge_away() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // 15 cm charge: 7 cm away is within half.
    g.charge(SAMURAI, FOE_GUNS, straight(7));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.refused(
        Command::Respond {
            response: Response::StandAndFire,
        },
        "within half",
    );
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.strike_and_part();
    g.run(
        Command::SetDisordered {
            unit: FOE_GUNS,
            disordered: true,
        },
        &[],
    );
    g.charge(SEASONED, FOE_GUNS, straight(10));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.refused(
        Command::Respond {
            response: Response::StandAndFire,
        },
        "disordered",
    );
    g.run(
        Command::SetDisordered {
            unit: FOE_GUNS,
            disordered: false,
        },
        &[],
    );
    g.run(
        Command::Respond {
            response: Response::FallBackAndFire,
        },
        &[],
    );
    assert!(g.state.units[FOE_GUNS].turn.fired);
}

#[test]
fn contacting_an_unattached_enemy_leader_kills_him_but_routers_pass_by() {
    let mut g = Game::new();
    g.run(
        Command::SetRouting {
            unit: FOE_SPEAR,
            routing: true,
        },
        &[],
    );
    g.refused(
        Command::LeaderContacted {
            leader: DAIMYO_A,
            unit: FOE_SPEAR,
        },
        "routing",
    );
    g.run(
        Command::LeaderContacted {
            leader: DAIMYO_A,
            unit: FOE_ELITE,
        },
        &[],
    );
    assert!(g.state.leaders[DAIMYO_A].killed.is_some());
    // An attached leader is safe.
    g.run(
        Command::Attach {
            leader: GENERAL,
            unit: SAMURAI,
            cm: 0,
        },
        &[],
    );
    g.refused(
        Command::LeaderContacted {
            leader: GENERAL,
            unit: FOE_ELITE,
        },
        "with a unit",
    );
}

#[test]
fn a_unit_that_crosses_the_table_edge_is_removed_for_good() {
    let mut g = Game::new();
    g.run(Command::LeftTable { unit: SAMURAI }, &[]);
    assert!(g.state.units[SAMURAI].removed.is_some());
    g.activate_for(SAMURAI);
    assert!(
        g.mv(SAMURAI, open(1))
            .unwrap_err()
            .contains("out of the game")
    );
    g.refused(Command::LeftTable { unit: SAMURAI }, "out of the game");
}

#[test]
fn the_battle_ends_when_a_side_has_no_unit_on_the_table() {
    let mut g = Game::new();
    for unit in [FOE_HORSE, FOE_SPEAR, FOE_ELITE, FOE_GUNS] {
        g.run(Command::LeftTable { unit }, &[]);
    }
    assert!(!g.state.ended);
    let events = g.run(
        Command::LoseStands {
            unit: FOE_FRENZIED,
            stands: 4,
        },
        &[],
    );
    assert_eq!(events.last(), Some(&Event::BattleEnded));
}

// ---- Leaders ----

#[test]
fn a_daimyo_joins_only_his_own_clan_while_it_is_active_the_general_any_unit() {
    let mut g = Game::new();
    g.refused(
        Command::Attach {
            leader: DAIMYO_A,
            unit: SAMURAI,
            cm: 0,
        },
        "while his clan is active",
    );
    g.activate_for(SAMURAI);
    g.refused(
        Command::Attach {
            leader: DAIMYO_A,
            unit: ELITE_HORSE,
            cm: 0,
        },
        "own clan",
    );
    g.run(
        Command::Attach {
            leader: DAIMYO_A,
            unit: SAMURAI,
            cm: 0,
        },
        &[],
    );
    g.run(
        Command::Attach {
            leader: GENERAL,
            unit: ELITE_HORSE,
            cm: 0,
        },
        &[],
    );
    g.refused(
        Command::Attach {
            leader: DAIMYO_B,
            unit: ELITE_HORSE,
            cm: 0,
        },
        "while his clan is active",
    );
}

#[test]
fn the_generals_unit_may_act_ahead_of_its_clan_but_not_again_with_it() {
    let mut g = Game::new();
    g.run(
        Command::Attach {
            leader: GENERAL,
            unit: ELITE_HORSE,
            cm: 0,
        },
        &[],
    );
    g.run(Command::Initiative { leader: GENERAL }, &[]);
    g.mv(ELITE_HORSE, open(10)).unwrap();
    g.activate_for(ELITE_HORSE);
    assert!(
        g.mv(ELITE_HORSE, open(1))
            .unwrap_err()
            .contains("not active")
    );
    g.refused(
        Command::Initiative { leader: GENERAL },
        "already been activated",
    );
    g.refused(Command::Initiative { leader: DAIMYO_A }, "only the General");
}

#[test]
fn refusing_a_challenge_costs_one_command_down_to_one_and_a_general_refusing_a_daimyo_nothing() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Daimyo A (2) challenges the enemy General (2): refusing costs a General nothing.
    g.run(
        Command::Challenge {
            challenger: DAIMYO_A,
            challenged: FOE_GENERAL,
            cm: 0,
        },
        &[],
    );
    g.refused(Command::FinishActivation, "answer the challenge");
    let events = g.run_step(Command::AnswerChallenge { accept: false }, &[]);
    assert_eq!(
        events,
        vec![Event::Refused {
            leader: FOE_GENERAL,
            delta: 0,
            retreat_mm: 50,
        }]
    );
    // Ieyasu (General) challenges the enemy Daimyo (1): refusing at 1 stays at 1.
    g.run(
        Command::Challenge {
            challenger: GENERAL,
            challenged: FOE_DAIMYO,
            cm: 0,
        },
        &[],
    );
    let events = g.run_step(Command::AnswerChallenge { accept: false }, &[]);
    assert_eq!(
        events,
        vec![Event::Refused {
            leader: FOE_DAIMYO,
            delta: 0,
            retreat_mm: 50,
        }]
    );
    // The enemy General challenges Naomasa (2): refusing costs him 1.
    g.run(
        Command::Challenge {
            challenger: FOE_GENERAL,
            challenged: DAIMYO_A,
            cm: 0,
        },
        &[],
    );
    g.run_step(Command::AnswerChallenge { accept: false }, &[]);
    assert_eq!(g.state.leaders[DAIMYO_A].rating, 1);
    assert_eq!(g.state.leaders[DAIMYO_A].history.len(), 1);
}

#[test]
fn a_duel_rolls_again_on_ties_kills_the_loser_and_raises_the_winner_to_at_most_four() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.run(
        Command::Challenge {
            challenger: DAIMYO_A,
            challenged: FOE_DAIMYO,
            cm: 0,
        },
        &[],
    );
    // Naomasa 2 vs Yoshihiro 1: 3+2 = 4+1 ties, then 2+2 < 6+1.
    let events = g.run_step(Command::AnswerChallenge { accept: true }, &[3, 4, 2, 6]);
    assert_eq!(
        events[0],
        Event::Duel {
            challenger: DAIMYO_A,
            challenged: FOE_DAIMYO,
            rolls: vec![(3, 4), (2, 6)],
            winner: FOE_DAIMYO,
            delta: 1
        }
    );
    assert!(g.state.leaders[DAIMYO_A].killed.is_some());
    assert_eq!(g.state.leaders[FOE_DAIMYO].rating, 2);
    // Tadakatsu is already at 4: winning adds nothing.
    g.activate_for(ELITE_HORSE);
    g.run(
        Command::Challenge {
            challenger: DAIMYO_B,
            challenged: FOE_DAIMYO,
            cm: 0,
        },
        &[],
    );
    let events = g.run_step(Command::AnswerChallenge { accept: true }, &[5, 1]);
    assert!(matches!(
        events[0],
        Event::Duel {
            winner: DAIMYO_B,
            delta: 0,
            ..
        }
    ));
    assert_eq!(g.state.leaders[DAIMYO_B].rating, 4);
}

#[test]
fn only_unattached_leaders_challenge() {
    let mut g = Game::new();
    g.run(
        Command::Attach {
            leader: GENERAL,
            unit: SAMURAI,
            cm: 0,
        },
        &[],
    );
    g.refused(
        Command::Challenge {
            challenger: GENERAL,
            challenged: FOE_GENERAL,
            cm: 0,
        },
        "unattached",
    );
}

#[test]
fn duel_odds_count_ties_as_rolled_again() {
    // 1d6+3 against 1d6+1: 26 wins, 6 losses, 4 ties of 36.
    assert!((duel_odds(3, 1, 6) - 26.0 / 32.0).abs() < 1e-12);
    assert!((duel_odds(2, 2, 6) - 0.5).abs() < 1e-12);
    assert!((duel_odds(1, 4, 6) + duel_odds(4, 1, 6) - 1.0).abs() < 1e-12);
}

// ---- Turn ----

#[test]
fn every_clan_activates_once_a_turn_and_a_new_turn_clears_what_units_did() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.mv(SAMURAI, open(10)).unwrap();
    g.run(Command::FinishActivation, &[]);
    g.refused(
        Command::Activate {
            group: g.state.units[SAMURAI].group,
        },
        "already been activated",
    );
    g.run(Command::EndTurn, &[]);
    assert_eq!(g.state.turn, 2);
    assert_eq!(g.spent(SAMURAI), 0);
    g.activate_for(SAMURAI);
    g.mv(SAMURAI, open(10)).unwrap();
}

#[test]
fn turn_sequence_one_clan_at_a_time_and_only_a_clan_with_units_on_the_table() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Another clan waits until the active one is finished: the card offers only Finish.
    g.refused(
        Command::Activate {
            group: g.state.units[ELITE_HORSE].group,
        },
        "finish",
    );
    g.run(Command::FinishActivation, &[]);
    // A clan with nobody left on the table has nothing to activate.
    g.activate_for(ELITE_HORSE);
    g.run(Command::LeftTable { unit: ELITE_HORSE }, &[]);
    g.run(Command::FinishActivation, &[]);
    g.run(Command::EndTurn, &[]);
    g.refused(
        Command::Activate {
            group: g.state.units[ELITE_HORSE].group,
        },
        "no unit on the table",
    );
    g.refused(Command::Activate { group: 99 }, "no clan 99");
}

#[test]
fn leaders_nothing_moves_while_a_challenge_waits_for_its_answer() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.run(
        Command::Challenge {
            challenger: DAIMYO_A,
            challenged: FOE_DAIMYO,
            cm: 0,
        },
        &[],
    );
    assert_eq!(
        g.state.due,
        vec![Due::Answer {
            challenger: DAIMYO_A,
            challenged: FOE_DAIMYO,
        }]
    );
    // The challenge is answered at once: no unit moves, charges or leaves meanwhile.
    g.refused(
        Command::Move {
            unit: SAMURAI,
            plan: open(5),
            out_of_command: false,
            through: None,
        },
        "challenge",
    );
    g.refused(
        Command::LeaderContacted {
            leader: FOE_DAIMYO,
            unit: SAMURAI,
        },
        "challenge",
    );
    g.refused(Command::LeftTable { unit: SEASONED }, "challenge");
    g.run(Command::AnswerChallenge { accept: false }, &[]);
    assert!(g.state.due.is_empty());
    g.mv(SAMURAI, open(5)).unwrap();
}

/// Charges the arquebus with the samurai from 10 cm (over half its 15 cm charge): the
/// target tests, then stands and fires; the charge's outcome is owed.
fn charge_into_fire(g: &mut Game) {
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(10));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::StandAndFire,
        },
        &[],
    );
    assert_eq!(
        g.state.due,
        vec![Due::Charge {
            charger: SAMURAI,
            target: FOE_GUNS,
            stage: ChargeStage::Outcome,
        }]
    );
}

#[test]
fn charge_response_chargers_destroyed_by_fire_before_contact_make_no_contact() {
    let mut g = Game::new();
    charge_into_fire(&mut g);
    // The fire's result (from the chapter the text lacks) is recorded before contact.
    let events = g.run(
        Command::LoseStands {
            unit: SAMURAI,
            stands: 4,
        },
        &[],
    );
    assert!(events.contains(&Event::Dropped(Due::Charge {
        charger: SAMURAI,
        target: FOE_GUNS,
        stage: ChargeStage::Outcome,
    })));
    assert!(g.state.charge().is_none());
    assert!(!g.state.units[FOE_GUNS].in_melee);
    g.refused(Command::ChargeOutcome { contact: true }, "no charge");
}

#[test]
fn charge_response_chargers_routed_by_fire_before_contact_make_no_contact() {
    let mut g = Game::new();
    charge_into_fire(&mut g);
    g.run(
        Command::LoseStands {
            unit: SAMURAI,
            stands: 1,
        },
        &[],
    );
    assert!(g.state.charge().is_some(), "a loss alone does not stop it");
    let events = g.run(
        Command::SetRouting {
            unit: SAMURAI,
            routing: true,
        },
        &[],
    );
    assert!(matches!(events.last(), Some(Event::Dropped(_))));
    assert!(g.state.charge().is_none());
    g.refused(Command::ChargeOutcome { contact: true }, "no charge");
}

#[test]
fn charge_nothing_else_moves_while_a_charge_is_under_way() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(10));
    // Before the target has tested, not even a record: its test comes first.
    g.refused(
        Command::LoseStands {
            unit: SAMURAI,
            stands: 1,
        },
        "settle this first",
    );
    g.refused(
        Command::Move {
            unit: SEASONED,
            plan: open(5),
            out_of_command: false,
            through: None,
        },
        "charge",
    );
    g.refused(Command::LeftTable { unit: SEASONED }, "settle this first");
    g.refused(Command::FinishActivation, "charge");
    // The chargers' run may reach an unattached enemy leader once the target has answered.
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.refused(
        Command::LeaderContacted {
            leader: FOE_DAIMYO,
            unit: SAMURAI,
        },
        "settle this first",
    );
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.run(
        Command::LeaderContacted {
            leader: FOE_DAIMYO,
            unit: SAMURAI,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    assert!(g.state.due.is_empty());
    assert!(g.state.units[SAMURAI].in_melee && g.state.units[FOE_GUNS].in_melee);
}

#[test]
fn charge_chargers_miss_only_a_target_that_fell_back_or_routs() {
    // Stood at the halt: a charge declared within reach strikes home.
    let mut g = Game::new();
    charge_into_fire(&mut g);
    g.refused(Command::ChargeOutcome { contact: false }, "out of reach");
    // A routing target may have fled out of reach.
    g.run(
        Command::SetRouting {
            unit: FOE_GUNS,
            routing: true,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: false }, &[]);
    assert!(!g.state.units[SAMURAI].in_melee);
    // A target that fell back and fired may be out of reach.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(10));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::FallBackAndFire,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: false }, &[]);
    // Under the other reading the umpire says, whatever the target did.
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("charge_miss".into(), "umpire_says".into());
    let mut g = Game::with(house);
    charge_into_fire(&mut g);
    g.run(Command::ChargeOutcome { contact: false }, &[]);
}

#[test]
fn charge_response_a_routing_target_only_stands_and_one_in_melee_does_not_fall_back() {
    // A target routing after its failed test neither fires nor counter-charges.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(10));
    g.run(Command::ChargeTest { passed: false }, &[]);
    g.run(
        Command::SetRouting {
            unit: FOE_GUNS,
            routing: true,
        },
        &[],
    );
    for response in [Response::StandAndFire, Response::FallBackAndFire] {
        g.refused(Command::Respond { response }, "routing");
    }
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    g.charge(ELITE_HORSE, FOE_HORSE, straight(20));
    g.run(
        Command::SetRouting {
            unit: FOE_HORSE,
            routing: true,
        },
        &[],
    );
    g.refused(
        Command::Respond {
            response: counter(5),
        },
        "routing",
    );
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    // Engaged in melee, missile troops cannot fall back to fire.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(10));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    g.activate_for(ELITE_HORSE);
    g.charge(ELITE_HORSE, FOE_GUNS, straight(20));
    g.refused(
        Command::Respond {
            response: Response::FallBackAndFire,
        },
        "melee",
    );
}

#[test]
fn interpenetration_by_a_fall_back_a_rout_or_a_pursuit_disorders_both_and_bars_the_passed_unit() {
    // Falling back through a friendly unit.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = g.run(
        Command::FallBack {
            unit: SAMURAI,
            cm: 3,
            dense_cm: 0,
            light_pieces: 0,
            obstacles: 0,
            out_of_command: false,
            through: Some(RAW),
        },
        &[],
    );
    assert!(events.contains(&Event::Interpenetrated {
        mover: SAMURAI,
        other: RAW,
        missile_exception: false,
    }));
    assert!(g.state.units[SAMURAI].disordered && g.state.units[RAW].disordered);
    assert!(
        g.mv(RAW, open(1))
            .unwrap_err()
            .contains("may not move again")
    );
    // Routing through a friendly unit, which had not moved.
    g.run(
        Command::SetRouting {
            unit: SEASONED,
            routing: true,
        },
        &[],
    );
    g.run(
        Command::RoutMove {
            unit: SEASONED,
            through: Some(PEASANTS),
            ground: Crossed::default(),
        },
        &[3],
    );
    assert!(g.state.units[PEASANTS].disordered);
    assert!(g.state.units[PEASANTS].turn.penetrated);
    // Only through a friend still on the table.
    g.run(
        Command::SetRouting {
            unit: BOWS,
            routing: true,
        },
        &[],
    );
    g.refused(
        Command::RoutMove {
            unit: BOWS,
            through: Some(FOE_SPEAR),
            ground: Crossed::default(),
        },
        "friendly",
    );
    // Missile ashigaru routing through a still unit leave it in order.
    g.run(
        Command::RoutMove {
            unit: BOWS,
            through: Some(ELITE_HORSE),
            ground: Crossed::default(),
        },
        &[2],
    );
    assert!(!g.state.units[ELITE_HORSE].disordered);
    assert!(g.state.units[ELITE_HORSE].turn.missile_passed);
    // Pursuing through a friendly unit.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_SPEAR, straight(5));
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    g.run(
        Command::SetRouting {
            unit: FOE_SPEAR,
            routing: true,
        },
        &[],
    );
    g.run(
        Command::PursuitMove {
            unit: SAMURAI,
            through: Some(SEASONED),
            ground: Crossed::default(),
            end: None,
        },
        &[4],
    );
    assert!(g.state.units[SEASONED].disordered && g.state.units[SAMURAI].disordered);
}

// ---- Rosters ----

#[test]
fn roster_errors_name_their_line_and_column() {
    let bad = army_a().replace("rating: 2", "rating: 5");
    let errors = Daimyo::load_army(&roster("a.ron", bad)).unwrap_err();
    assert!(errors[0].message.contains("1 to 4"), "{errors:?}");
    assert!(errors[0].line > 1);
    let no_rate = army_a().replace("(troop: Cavalry, normal: 20, charge: 30),", "");
    let errors = Daimyo::load_army(&roster("a.ron", no_rate)).unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("no move rate for Cavalry"))
    );
    let wide = army_a().replace("stands: 4, wide: 4", "stands: 4, wide: 5");
    assert!(Daimyo::load_army(&roster("a.ron", wide)).is_err());
    let garbage = Daimyo::load_army(&roster("a.ron", "(name: ".into())).unwrap_err();
    assert_eq!(garbage[0].file, "a.ron");
}

#[test]
fn the_demo_rosters_load() {
    let demo = gunbai::rules::demo_rosters("daimyo").expect("demo");
    for r in &demo {
        Daimyo::load_army(r).unwrap_or_else(|e| panic!("{e:?}"));
    }
}

#[test]
fn a_building_holds_a_unit_of_at_most_four_stands_and_counts_as_dense() {
    let mut g = Game::new();
    g.activate_for(PEASANTS);
    let into = MovePlan {
        dense_cm: 2,
        building: true,
        ..MovePlan::default()
    };
    assert!(
        g.mv(PEASANTS, into)
            .unwrap_err()
            .contains("at most 4 stands")
    );
    g.mv(SAMURAI, into).unwrap();
    assert_eq!(g.spent(SAMURAI), 40);
}

#[test]
fn random_play_reaches_every_procedure() {
    use rand::SeedableRng as _;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..120 {
        let mut g = Game::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for _ in 0..600 {
            let Some(command) =
                gunbai::engine::surface::random_command::<Daimyo>(&g.rules, &g.state, &mut rng)
            else {
                break;
            };
            let Ok(events) =
                gunbai::engine::exec::events_of::<Daimyo>(&g.rules, &g.state, &command, &mut dice)
            else {
                continue;
            };
            let context = ApplyContext {
                at: DateTime::<Utc>::UNIX_EPOCH,
            };
            for e in &events {
                gunbai::engine::exec::apply_event::<Daimyo>(&g.rules, &mut g.state, e, context)
                    .unwrap();
                let name = format!("{e:?}");
                seen.insert(name.split([' ', '{', '(']).next().unwrap().to_owned());
            }
        }
    }
    for kind in [
        "Obedience",
        "Moved",
        "Disordered",
        "Interpenetrated",
        "Reformed",
        "ChargeDeclared",
        "ChargeTest",
        "Responded",
        "ChargeEnded",
        "Attached",
        "Challenged",
        "Duel",
        "Refused",
        "Initiative",
        "RoutMoved",
        "PursuitMoved",
        "LeaderMoved",
        "TurnBegan",
        "Required",
        "Settled",
        "Detached",
        "LeaderKilled",
        "Removed",
        "Faced",
        "OrderRestored",
        "Fired",
        "MeleeEnded",
        "StandsLost",
        "Routing",
    ] {
        assert!(
            seen.contains(kind),
            "random play never reached {kind}: {seen:?}"
        );
    }
}

#[test]
fn a_ninety_degree_turn_turns_a_line_into_a_column_and_back() {
    let mut g = Game::new();
    g.activate_for(PEASANTS);
    // 6 stands, 3 wide and 2 deep (a line): after 90°, 2 wide and 3 deep (a column).
    let quarter = MovePlan {
        turn: TurnMade::Quarter,
        ..MovePlan::default()
    };
    let events = g.mv(PEASANTS, quarter).unwrap();
    assert!(events.contains(&Event::Faced {
        unit: PEASANTS,
        wide: 2
    }));
    let f = &g.rules.t.formation;
    let unit = &g.state.units[PEASANTS];
    assert_eq!(g.state.formation(unit, f), Formation::Column);
    g.mv(PEASANTS, quarter).unwrap();
    assert_eq!(g.state.units[PEASANTS].wide, 3, "and back to a line");
}

// ---- Interpenetration (issue 18, item 1) ----

#[test]
fn a_unit_passed_by_missile_troops_is_disordered_when_it_later_charges_or_counter_charges() {
    // Charging: the Bows pass the still Seasoned spear, which then charges.
    let mut g = Game::new();
    g.activate_for(BOWS);
    g.run(
        Command::Move {
            unit: BOWS,
            plan: open(4),
            out_of_command: false,
            through: Some(SEASONED),
        },
        &[],
    );
    assert!(!g.state.units[SEASONED].disordered);
    g.charge(SEASONED, FOE_SPEAR, straight(5));
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    let events = g.run(Command::ChargeOutcome { contact: true }, &[]);
    assert!(events.contains(&Event::Disordered {
        unit: SEASONED,
        cause: Cause::MovedAfterMissiles
    }));

    // Counter-charging: the enemy guns pass their own still spear, which then counters.
    let mut g = Game::new();
    g.activate_for(FOE_GUNS);
    g.run(
        Command::Move {
            unit: FOE_GUNS,
            plan: open(4),
            out_of_command: false,
            through: Some(FOE_SPEAR),
        },
        &[],
    );
    g.run(Command::FinishActivation, &[]);
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_SPEAR, straight(5));
    assert!(!g.state.units[FOE_SPEAR].disordered);
    let events = g.run(
        Command::Respond {
            response: counter(5),
        },
        &[],
    );
    assert!(events.contains(&Event::Disordered {
        unit: FOE_SPEAR,
        cause: Cause::MovedAfterMissiles
    }));
}

#[test]
fn a_penetrated_unit_may_not_move_even_when_missile_troops_pass_it_later() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.run(
        Command::Move {
            unit: SAMURAI,
            plan: open(4),
            out_of_command: false,
            through: Some(SEASONED),
        },
        &[],
    );
    // The Bows pass the same (still) spear: the exception does not lift the ban.
    g.run(
        Command::Move {
            unit: BOWS,
            plan: open(4),
            out_of_command: false,
            through: Some(SEASONED),
        },
        &[],
    );
    assert!(
        g.mv(SEASONED, open(1))
            .unwrap_err()
            .contains("may not move again")
    );
}

// ---- Counter-charges (issue 18, item 2) ----

#[test]
fn a_counter_charge_is_refereed_like_a_charge_reach_manoeuvre_bonus_and_terrain() {
    // The Foe horse (Seasoned cavalry, charge 30) counters the Elite horse.
    let start = || {
        let mut g = Game::new();
        g.activate_for(ELITE_HORSE);
        g.charge(ELITE_HORSE, FOE_HORSE, straight(20));
        g
    };
    let mut g = start();
    let respond = |run: Run| Command::Respond {
        response: Response::CounterCharge { run },
    };
    // Reach: 31 cm is beyond its 30 cm charge.
    g.refused(
        respond(Run {
            open_cm: 31,
            ..Run::default()
        }),
        "out of reach",
    );
    // At most half the allowance (15 cm) wheeling or turning.
    g.refused(
        respond(Run {
            wheel_cm: 8,
            open_cm: 2,
            ..Run::default()
        }),
        "wheeling or turning",
    );
    // Cavalry never counter-charge through dense terrain.
    g.refused(
        respond(Run {
            dense_cm: 2,
            ..Run::default()
        }),
        "not dense",
    );
    // No run entered: measure it on the form.
    g.refused(respond(Run::default()), "Counter-charge form");
    // Light terrain costs 3 cm and disorders; 10 cm straight of 30 earns no bonus.
    let events = g.run(
        respond(Run {
            wheel_cm: 2,
            open_cm: 10,
            light_pieces: 1,
            ..Run::default()
        }),
        &[],
    );
    assert!(events.contains(&Event::Responded {
        unit: FOE_HORSE,
        response: Response::CounterCharge {
            run: Run {
                wheel_cm: 2,
                open_cm: 10,
                light_pieces: 1,
                ..Run::default()
            }
        },
        bonus: false,
    }));
    assert!(events.contains(&Event::Disordered {
        unit: FOE_HORSE,
        cause: Cause::ChargeInTerrain
    }));
    // 15 cm straight of 30 earns it; open ground does not disorder.
    let mut g = start();
    let events = g.run(
        respond(Run {
            wheel_cm: 2,
            open_cm: 15,
            ..Run::default()
        }),
        &[],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Responded { bonus: true, .. }))
    );
    assert!(!g.state.units[FOE_HORSE].disordered);
    assert!(g.state.charge().unwrap().counter_bonus);
}

// ---- Manoeuvre inside a charge (issue 18, item 3) ----

#[test]
fn wheels_and_turns_in_a_charge_cost_what_they_cost_in_a_move() {
    let charge = |g: &mut Game, unit: usize, plan: ChargePlan| {
        g.try_run(
            Command::Charge {
                unit,
                target: FOE_SPEAR,
                plan,
            },
            &[],
        )
    };
    let mut g = Game::new();
    g.activate_for(RAW);
    // Raw troops count a wheel three times: 3 cm is 9 cm of the 7.5 cm allowed.
    let err = charge(
        &mut g,
        RAW,
        ChargePlan {
            wheel_cm: 3,
            ..straight(5)
        },
    )
    .unwrap_err();
    assert!(err.contains("at most 7.5 cm"), "{err}");
    // 2 cm counts 6: with a 10 cm run that is 16 cm of a 15 cm charge.
    let err = charge(
        &mut g,
        RAW,
        ChargePlan {
            wheel_cm: 2,
            ..straight(10)
        },
    )
    .unwrap_err();
    assert!(err.contains("needs 16 cm"), "{err}");
    // Seasoned troops turn for half their 10 cm move: 5 cm, leaving a 10 cm run.
    let err = charge(
        &mut g,
        SEASONED,
        ChargePlan {
            turn: TurnMade::About,
            ..straight(11)
        },
    )
    .unwrap_err();
    assert!(err.contains("needs 16 cm"), "{err}");
    charge(
        &mut g,
        SEASONED,
        ChargePlan {
            turn: TurnMade::About,
            ..straight(10)
        },
    )
    .unwrap();
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.strike_and_part();
    // Disordered, the turn costs double: 10 cm, over the 7.5 cm allowed.
    g.run(
        Command::SetDisordered {
            unit: SAMURAI,
            disordered: true,
        },
        &[],
    );
    // Veteran: a quarter of 10 cm, doubled when disordered = 5 cm, leaving a 10 cm run.
    let err = charge(
        &mut g,
        SAMURAI,
        ChargePlan {
            turn: TurnMade::About,
            ..straight(11)
        },
    )
    .unwrap_err();
    assert!(err.contains("needs 16 cm"), "{err}");
    let mut g = Game::new();
    g.activate_for(RAW);
    g.run(
        Command::SetDisordered {
            unit: RAW,
            disordered: true,
        },
        &[],
    );
    let err = charge(
        &mut g,
        RAW,
        ChargePlan {
            turn: TurnMade::Quarter,
            ..straight(5)
        },
    )
    .unwrap_err();
    assert!(err.contains("at most 7.5 cm"), "{err}");
    // A 90° turn at the start of a charge turns the line into a column, as in a move:
    // the Peasants, 6 stands 3 wide, charge 2 wide and 3 deep.
    let mut g = Game::new();
    g.activate_for(PEASANTS);
    g.charge(
        PEASANTS,
        FOE_SPEAR,
        ChargePlan {
            turn: TurnMade::Quarter,
            ..straight(5)
        },
    );
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    let events = g.run(Command::ChargeOutcome { contact: true }, &[]);
    assert!(events.contains(&Event::Faced {
        unit: PEASANTS,
        wide: 2
    }));
}

// ---- Leaders move (issue 18, item 4) ----

#[test]
fn a_leaders_move_is_kept_within_his_maximum_and_a_challenge_ends_it() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Naomasa (leader move 30 cm) goes 25 cm on his own: 5 cm are left to reach a unit.
    g.run(
        Command::LeaderMove {
            leader: DAIMYO_A,
            cm: 25,
        },
        &[],
    );
    g.refused(
        Command::Attach {
            leader: DAIMYO_A,
            unit: SAMURAI,
            cm: 6,
        },
        "5 cm of his move left",
    );
    g.run(
        Command::Attach {
            leader: DAIMYO_A,
            unit: SAMURAI,
            cm: 5,
        },
        &[],
    );
    assert_eq!(g.state.leaders[DAIMYO_A].moved_mm, 300);
    // Having joined this turn, he may not be carried beyond his move: he must leave first.
    assert!(
        g.mv(SAMURAI, open(4))
            .unwrap_err()
            .contains("leave the unit first")
    );
    g.run(Command::Detach { leader: DAIMYO_A }, &[]);
    g.mv(SAMURAI, open(4)).unwrap();

    // The General challenges: his movement is then over; the refuser retreats 5 cm.
    g.run(
        Command::Challenge {
            challenger: GENERAL,
            challenged: FOE_DAIMYO,
            cm: 10,
        },
        &[],
    );
    let events = g.run_step(Command::AnswerChallenge { accept: false }, &[]);
    assert!(matches!(
        events[0],
        Event::Refused {
            leader: FOE_DAIMYO,
            retreat_mm: 50,
            ..
        }
    ));
    assert_eq!(g.state.leaders[FOE_DAIMYO].moved_mm, 50);
    g.refused(
        Command::Challenge {
            challenger: GENERAL,
            challenged: FOE_GENERAL,
            cm: 0,
        },
        "movement is over",
    );
    g.refused(
        Command::LeaderMove {
            leader: GENERAL,
            cm: 1,
        },
        "movement is over",
    );

    // Next turn: what he moves with his unit counts towards his own move.
    g.run(Command::EndTurn, &[]);
    g.activate_for(SAMURAI);
    g.run(
        Command::Attach {
            leader: DAIMYO_A,
            unit: SAMURAI,
            cm: 0,
        },
        &[],
    );
    g.mv(SAMURAI, open(10)).unwrap();
    assert_eq!(g.state.leaders[DAIMYO_A].moved_mm, 100);
    // Attached, he moves only with his unit.
    g.refused(
        Command::LeaderMove {
            leader: DAIMYO_A,
            cm: 1,
        },
        "leave it first",
    );
}

// ---- Pursuit (issue 18, item 5) ----

#[test]
fn pursuit_moves_are_diced_with_one_d6_like_rout_moves() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.refused(
        Command::PursuitMove {
            unit: SAMURAI,
            through: None,
            ground: Crossed::default(),
            end: None,
        },
        "no melee",
    );
    g.charge(SAMURAI, FOE_SPEAR, straight(5));
    g.run(
        Command::Respond {
            response: Response::Stand,
        },
        &[],
    );
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    g.run(
        Command::SetRouting {
            unit: FOE_SPEAR,
            routing: true,
        },
        &[],
    );
    // The routers may not pursue; the winners dice 1d6.
    g.refused(
        Command::PursuitMove {
            unit: FOE_SPEAR,
            through: None,
            ground: Crossed::default(),
            end: None,
        },
        "routing",
    );
    let events = g.run(
        Command::PursuitMove {
            unit: SAMURAI,
            through: None,
            ground: Crossed::default(),
            end: None,
        },
        &[4],
    );
    assert_eq!(
        events,
        vec![Event::PursuitMoved {
            unit: SAMURAI,
            faces: vec![4]
        }]
    );
    g.refused(
        Command::PursuitMove {
            unit: SAMURAI,
            through: None,
            ground: Crossed::default(),
            end: None,
        },
        "already pursued",
    );
    // Its card shows the die and the odds of each score.
    let forms = Daimyo::action_forms(&g.rules, &g.state, "u0");
    assert!(!forms.iter().any(|f| f.key == "pursue"), "once a turn");
    g.run(Command::EndTurn, &[]);
    let plan = Daimyo::action(&g.rules, &g.state, "u0", "pursue", &[]).unwrap();
    let card = plan.preview.unwrap();
    assert_eq!(card.odds.len(), 6);
    assert!((card.odds[0].probability - 1.0 / 6.0).abs() < 1e-12);
}

/// Line 84: units come into contact only by charging or pursuing into contact. Whether a
/// pursuit reaches an enemy is the table's to see: the Pursuit form asks it, and the melee goes
/// on with the unit reached, or ends when none is.
#[test]
fn charge_a_pursuit_ends_in_melee_only_where_the_table_says_it_reached_an_enemy() {
    use gunbai::rules::daimyo::command::PursuitEnd;
    let won = || {
        let mut g = Game::new();
        g.activate_for(SAMURAI);
        g.charge(SAMURAI, FOE_SPEAR, straight(5));
        g.run(
            Command::Respond {
                response: Response::Stand,
            },
            &[],
        );
        g.run(Command::ChargeOutcome { contact: true }, &[]);
        g.run(
            Command::SetRouting {
                unit: FOE_SPEAR,
                routing: true,
            },
            &[],
        );
        g
    };
    let g = won();
    let forms = Daimyo::action_forms(&g.rules, &g.state, &format!("u{SAMURAI}"));
    let form = forms
        .iter()
        .find(|f| f.key == "pursue")
        .expect("it may pursue");
    let Some(gunbai::engine::Field::Choice { label, options }) = form.fields.last() else {
        panic!("the pursuit's end comes last: {:?}", form.fields)
    };
    assert_eq!(label, "At the end of the pursuit");
    assert_eq!(options[0], "No enemy reached: out of melee");
    let spear = g.state.unit_name(FOE_SPEAR);
    let at = options
        .iter()
        .position(|o| *o == format!("Pursues into contact with {spear}: melee"))
        .expect("the routers are offered");
    assert!(
        form.defaults().last() == Some(&None),
        "asked, never assumed"
    );
    // No enemy reached: its melee is over, and it may move again next turn.
    let mut g = won();
    let plan = Daimyo::action(
        &g.rules,
        &g.state,
        &format!("u{SAMURAI}"),
        "pursue",
        &[0, 0, 0, 0],
    );
    let events = g.run(plan.unwrap().command, &[3]);
    assert_eq!(events.last(), Some(&Event::MeleeEnded { unit: SAMURAI }));
    assert!(!g.state.units[SAMURAI].in_melee);
    // The routers reached: both fight on in melee.
    let mut g = won();
    // The routers broke off as they routed: the pursuit catches them again.
    assert!(!g.state.units[FOE_SPEAR].in_melee);
    let plan = Daimyo::action(
        &g.rules,
        &g.state,
        &format!("u{SAMURAI}"),
        "pursue",
        &[0, 0, 0, at],
    );
    let command = plan.unwrap().command;
    assert!(matches!(
        command,
        Command::PursuitMove {
            end: Some(PursuitEnd::Contacts(u)),
            ..
        } if u == FOE_SPEAR
    ));
    let events = g.run(command, &[3]);
    assert_eq!(
        events.last(),
        Some(&Event::PursuitContact {
            unit: SAMURAI,
            enemy: FOE_SPEAR
        })
    );
    assert!(g.state.units[SAMURAI].in_melee && g.state.units[FOE_SPEAR].in_melee);
    // Only an enemy on the table may be reached.
    let mut g = won();
    g.refused(
        Command::PursuitMove {
            unit: SAMURAI,
            through: None,
            ground: Crossed::default(),
            end: Some(PursuitEnd::Contacts(SEASONED)),
        },
        "enemy unit on the table",
    );
}

// ---- Falling back through terrain (issue 18, item 6) ----

#[test]
fn falling_back_through_dense_terrain_or_over_an_obstacle_disorders_and_costs_as_a_move() {
    let back = |unit, cm, dense_cm, obstacles| Command::FallBack {
        unit,
        cm,
        dense_cm,
        light_pieces: 0,
        obstacles,
        out_of_command: false,
        through: None,
    };
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Infantry fall back their 3 cm whatever the terrain, but dense terrain disorders.
    let events = g.run(back(SAMURAI, 3, 3, 0), &[]);
    assert!(events.contains(&Event::Disordered {
        unit: SAMURAI,
        cause: Cause::DenseTerrain
    }));
    assert_eq!(g.spent(SAMURAI), 30);
    // Across a fence: disordered too.
    let events = g.run(back(SEASONED, 2, 0, 1), &[]);
    assert!(events.contains(&Event::Disordered {
        unit: SEASONED,
        cause: Cause::LinearObstacle
    }));
    // Peasants are not disordered by dense terrain.
    g.run(back(PEASANTS, 3, 3, 0), &[]);
    assert!(!g.state.units[PEASANTS].disordered);
    // Missile ashigaru fall back half their 10 cm move, paying terrain as in a move:
    // 4 cm and a fence (3 cm) is 7 cm, too far; 1 cm open and 2 cm dense (x2) is 5 cm.
    g.refused(back(BOWS, 4, 0, 1), "needs 7 cm");
    let events = g.run(back(BOWS, 3, 2, 0), &[]);
    assert_eq!(g.spent(BOWS), 50);
    assert!(events.contains(&Event::Disordered {
        unit: BOWS,
        cause: Cause::DenseTerrain
    }));
}

// ---- Buildings (issue 18, item 7) ----

#[test]
fn a_building_counts_as_dense_terrain_by_itself_for_cost_and_disorder() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let into = |open_cm, dense_cm| MovePlan {
        open_cm,
        dense_cm,
        building: true,
        ..MovePlan::default()
    };
    // Into a building with no distance inside: it is dense terrain, so the umpire says how far.
    assert!(
        g.mv(SAMURAI, into(4, 0))
            .unwrap_err()
            .contains("counts as dense terrain")
    );
    // 4 cm to its edge and 2 cm inside: 4 + 2 x2 = 8 cm; the samurai are disordered.
    let events = g.mv(SAMURAI, into(4, 2)).unwrap();
    assert_eq!(g.spent(SAMURAI), 80);
    assert!(events.contains(&Event::Disordered {
        unit: SAMURAI,
        cause: Cause::DenseTerrain
    }));
}

// ---- Rulings recorded (issue 18, item 8) ----

#[test]
fn a_column_on_a_road_doubles_its_line_move_or_with_the_bonus_when_the_umpire_rules() {
    for (option, allowance) in [
        ("road_doubles_the_move", 20),
        ("road_doubles_with_bonus", 26),
    ] {
        let mut house = HouseRules::default();
        house.rulings.insert("column_road".into(), option.into());
        let mut g = Game::with(house);
        g.activate_for(RAW);
        g.run(
            Command::Reform {
                unit: RAW,
                wide: 1,
                out_of_command: false,
            },
            &[],
        );
        g.run(Command::EndTurn, &[]);
        g.activate_for(RAW);
        let road = |open_cm| MovePlan {
            open_cm,
            road: true,
            ..MovePlan::default()
        };
        let err = g.mv(RAW, road(allowance + 1)).unwrap_err();
        assert!(err.contains(&format!("has {allowance} cm left")), "{err}");
        g.mv(RAW, road(allowance)).unwrap();
    }
}

#[test]
fn a_charge_gets_no_column_bonus_a_rout_move_none_after_moving_and_initiative_waits() {
    let mut g = Game::new();
    g.activate_for(RAW);
    g.run(
        Command::Reform {
            unit: RAW,
            wide: 1,
            out_of_command: false,
        },
        &[],
    );
    g.run(Command::EndTurn, &[]);
    g.activate_for(RAW);
    // A column charges its 15 cm, not 18.
    let err = g
        .try_run(
            Command::Charge {
                unit: RAW,
                target: FOE_SPEAR,
                plan: straight(16),
            },
            &[],
        )
        .unwrap_err();
    assert!(err.contains("has 15 cm"), "{err}");
    // A unit that moved and then routs makes no rout move this turn.
    g.mv(SEASONED, open(2)).unwrap();
    g.run(
        Command::SetRouting {
            unit: SEASONED,
            routing: true,
        },
        &[],
    );
    g.refused(
        Command::RoutMove {
            unit: SEASONED,
            through: None,
            ground: Crossed::default(),
        },
        "already moved this turn",
    );
    g.run(Command::EndTurn, &[]);
    g.run(
        Command::RoutMove {
            unit: SEASONED,
            through: None,
            ground: Crossed::default(),
        },
        &[2],
    );
    // The General's initiative waits while a clan is active.
    g.run(
        Command::Attach {
            leader: GENERAL,
            unit: ELITE_HORSE,
            cm: 0,
        },
        &[],
    );
    g.activate_for(SAMURAI);
    g.refused(
        Command::Initiative { leader: GENERAL },
        "finish the active clan's activation first",
    );
    g.run(Command::FinishActivation, &[]);
    g.run(Command::Initiative { leader: GENERAL }, &[]);
}

/// Reform: no other movement or firing that turn, except what combat forces; answering a charge
/// is forced by combat (ruling `reform_then_answer`), so a unit that reformed still fires at
/// chargers.
#[test]
fn reform_a_unit_that_reformed_may_still_answer_a_charge_with_fire() {
    let mut g = Game::new();
    g.activate_for(FOE_GUNS);
    let wide = g.state.units[FOE_GUNS].wide;
    g.run(
        Command::Reform {
            unit: FOE_GUNS,
            wide,
            out_of_command: false,
        },
        &[],
    );
    assert!(g.state.units[FOE_GUNS].turn.reformed);
    g.refused(Command::Fired { unit: FOE_GUNS }, "reformed");
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_GUNS, straight(10));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::StandAndFire,
        },
        &[],
    );
    assert!(g.state.units[FOE_GUNS].turn.fired);
}

/// The "over half a charge move away" of firing at chargers is the table's number
/// (`charge.far_start_halves`): a house rule that changes it changes who may fire.
#[test]
fn missile_troops_fire_at_chargers_from_the_tables_share_of_the_charge_move() {
    let mut house = HouseRules::default();
    house.overrides.insert("charge.far_start_halves".into(), 0);
    let mut g = Game::with(house);
    g.activate_for(SAMURAI);
    // 7 cm of a 15 cm charge: within half by the text, far enough under the house rule.
    g.charge(SAMURAI, FOE_GUNS, straight(7));
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(
        Command::Respond {
            response: Response::StandAndFire,
        },
        &[],
    );
    assert!(g.state.units[FOE_GUNS].turn.fired);
}
