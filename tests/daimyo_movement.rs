//! Daimyo's movement rules, clause by clause: formations, wheels and turns, falling back and
//! reforming, terrain, the column's bonus and the movement calculator. Each *only*, *every*
//! and number of the text has an assertion that fails when the engine gets it wrong, driven as
//! the table would drive it.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod daimyo_support;
use daimyo_support::*;
use gunbai::engine::action::Field;

/// The unit reforms to `wide` stands in front (in a new turn if its clan has had its own), and
/// a new turn starts with its clan active.
fn formed(g: &mut Game, unit: usize, wide: u32) {
    let group = g.state.units[unit].group;
    if g.state.groups[group].activated {
        g.run(Command::EndTurn, &[]);
    }
    g.activate_for(unit);
    g.reform(unit, wide);
    g.run(Command::EndTurn, &[]);
    g.activate_for(unit);
}

fn wheel(cm: i64) -> MovePlan {
    MovePlan {
        wheel_cm: cm,
        ..MovePlan::default()
    }
}

fn turn(turn: TurnMade) -> MovePlan {
    MovePlan {
        turn,
        ..MovePlan::default()
    }
}

fn back(unit: usize, cm: i64, dense_cm: i64, out_of_command: bool) -> Command {
    Command::FallBack {
        unit,
        cm,
        dense_cm,
        light_pieces: 0,
        obstacles: 0,
        out_of_command,
        through: None,
    }
}

// ---- Unit Formations (lines 17-21) ----

/// Lines 19 and 21: a line is two or more stands wide and at most two deep (the line's 10 cm);
/// a column is one stand wide at any depth, or two or more wide and three or more deep (three,
/// four or five), and moves with its 3 cm on good going.
#[test]
fn unit_formations_a_column_is_one_stand_wide_at_any_depth_or_three_deep_and_a_line_is_not() {
    // The Peasants fielded 9 stands, 3 wide and 3 deep.
    let mut g = Game::edited(
        HouseRules::default(),
        |a| a.replace("stands: 6, wide: 3", "stands: 9, wide: 3"),
        |b| b,
    );
    g.activate_for(SAMURAI);
    assert_eq!(g.longest(SAMURAI, open), 10, "2 wide, 2 deep: a line");
    assert_eq!(g.longest(SEASONED, open), 10, "4 wide, 1 deep: a line");
    assert_eq!(g.longest(PEASANTS, open), 13, "3 wide, 3 deep: a column");
    // Three or more deep: five deep is a column too, and so is 4, 4 and 1.
    formed(&mut g, PEASANTS, 2);
    assert_eq!(g.longest(PEASANTS, open), 13, "2 wide, 5 deep");
    formed(&mut g, PEASANTS, 4);
    assert_eq!(g.longest(PEASANTS, open), 13, "4 wide, 3 deep");
    // One stand wide is a column however deep: 4 deep, 2 deep, 1 deep.
    let mut g = Game::new();
    formed(&mut g, RAW, 1);
    assert_eq!(g.longest(RAW, open), 13, "1 wide, 4 deep");
    g.run(
        Command::LoseStands {
            unit: RAW,
            stands: 2,
        },
        &[],
    );
    assert_eq!(g.longest(RAW, open), 13, "1 wide, 2 deep");
    g.run(
        Command::LoseStands {
            unit: RAW,
            stands: 1,
        },
        &[],
    );
    assert_eq!(g.longest(RAW, open), 13, "1 wide, 1 deep");
    // Two wide and three deep is a column.
    formed(&mut g, PEASANTS, 2);
    assert_eq!(g.longest(PEASANTS, open), 13, "2 wide, 3 deep");
}

/// Line 17: ranks hold equal stands and an odd stand goes to the rear rank, so 5 stands 2 wide
/// stand 3 deep (a column) and 3 wide stand 2 deep (a line).
#[test]
fn unit_formations_an_odd_stand_goes_to_the_rear_rank() {
    let mut g = Game::new();
    g.run(
        Command::LoseStands {
            unit: PEASANTS,
            stands: 1,
        },
        &[],
    );
    formed(&mut g, PEASANTS, 2);
    assert_eq!(g.longest(PEASANTS, open), 13, "2, 2 and 1: three ranks");
    formed(&mut g, PEASANTS, 3);
    assert_eq!(g.longest(PEASANTS, open), 10, "3 and 2: two ranks");
    formed(&mut g, PEASANTS, 4);
    assert_eq!(g.longest(PEASANTS, open), 10, "4 and 1: two ranks");
}

// ---- Wheeling and turns (lines 26-38) ----

/// Lines 26 and 29: an Elite unit counts its wheel once, as a Veteran one does; disordered,
/// every quality counts it twice as often as in good order.
#[test]
fn wheeling_an_elite_unit_counts_its_wheel_once_and_disordered_units_twice_as_often() {
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    g.mv(ELITE_HORSE, wheel(3)).unwrap();
    assert_eq!(g.spent(ELITE_HORSE), 30, "Elite: once");
    let mut g = Game::new();
    for unit in [ELITE_HORSE, SAMURAI, SEASONED, RAW] {
        g.disorder(unit);
    }
    g.activate_for(ELITE_HORSE);
    g.mv(ELITE_HORSE, wheel(3)).unwrap();
    assert_eq!(g.spent(ELITE_HORSE), 60, "Elite, disordered: twice");
    g.activate_for(SAMURAI);
    g.mv(SAMURAI, wheel(2)).unwrap();
    g.mv(SEASONED, wheel(1)).unwrap();
    g.mv(RAW, wheel(1)).unwrap();
    assert_eq!(
        [g.spent(SAMURAI), g.spent(SEASONED), g.spent(RAW)],
        [40, 40, 60],
        "Veteran x2, Seasoned x4, Raw x6"
    );
}

/// Lines 35, 36 and 38: Elite troops turn for a quarter of their normal move, Raw ones for
/// half; disordered, Elite troops pay half.
#[test]
fn turns_cost_an_elite_unit_a_quarter_of_its_move_and_a_raw_unit_half() {
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    g.mv(ELITE_HORSE, turn(TurnMade::Quarter)).unwrap();
    assert_eq!(g.spent(ELITE_HORSE), 50, "a quarter of 20 cm");
    g.activate_for(RAW);
    g.mv(RAW, turn(TurnMade::About)).unwrap();
    assert_eq!(g.spent(RAW), 50, "half of 10 cm");
    let mut g = Game::new();
    g.disorder(ELITE_HORSE);
    g.activate_for(ELITE_HORSE);
    g.mv(ELITE_HORSE, turn(TurnMade::About)).unwrap();
    assert_eq!(g.spent(ELITE_HORSE), 100, "a quarter, doubled");
}

// ---- The column's bonus and the road (line 9) ----

/// Line 9: a column adds 3 cm only on good going: light or dense terrain costs it the bonus;
/// a linear obstacle does not, unless the umpire rules it does (ruling `column_good_going`).
#[test]
fn a_column_adds_three_cm_only_on_good_going_as_ruled_for_obstacles() {
    for (option, over_fence) in [("light_or_dense", 10), ("any_bad_terrain", 7)] {
        let mut g = Game::ruled("column_good_going", option);
        formed(&mut g, RAW, 1);
        assert_eq!(g.longest(RAW, open), 13, "{option}: good going");
        let light = |cm| MovePlan {
            open_cm: cm,
            light_pieces: 1,
            ..MovePlan::default()
        };
        assert_eq!(g.longest(RAW, light), 7, "{option}: 10 cm less the 3 cm");
        let dense = |cm| MovePlan {
            dense_cm: cm,
            ..MovePlan::default()
        };
        assert_eq!(g.longest(RAW, dense), 5, "{option}: 10 cm at double");
        let fence = |cm| MovePlan {
            open_cm: cm,
            obstacles: 1,
            ..MovePlan::default()
        };
        assert_eq!(g.longest(RAW, fence), over_fence, "{option}: over a fence");
    }
}

/// Line 9: a column on a road moves the table's multiple of its line move (a house rule that
/// triples it triples it); a line on a road moves its line move.
#[test]
fn a_column_on_a_road_moves_the_tables_multiple_and_a_line_no_more() {
    let road = |cm| MovePlan {
        open_cm: cm,
        road: true,
        ..MovePlan::default()
    };
    let mut g = Game::new();
    formed(&mut g, RAW, 1);
    assert_eq!(g.longest(RAW, road), 20);
    assert_eq!(g.longest(SEASONED, road), 10, "a line gains nothing");
    let mut house = HouseRules::default();
    house.overrides.insert("column.road_times".into(), 3);
    let mut g = Game::with(house);
    formed(&mut g, RAW, 1);
    assert_eq!(g.longest(RAW, road), 30);
}

// ---- The movement calculator (lines 9, 33, 50) ----

/// What the Move form's calculator says each part of a move costs.
fn costs(g: &Game, unit: usize, values: &[usize]) -> Vec<String> {
    let id = format!("u{unit}");
    let plan = Daimyo::action(&g.rules, &g.state, &id, "move", values).unwrap();
    plan.preview
        .unwrap()
        .notes
        .into_iter()
        .filter(|n| n.starts_with("Costs "))
        .collect()
}

/// The calculator lists every cost the move incurs and nothing it does not, and names the
/// turn made (Turns: a 90° turn or an about turn; Terrain Effects).
#[test]
fn the_movement_calculator_lists_each_cost_the_move_incurs_and_names_its_turn() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Open, dense, light, wheel, turn, obstacles, road, building, through, out of command.
    assert_eq!(
        costs(&g, SAMURAI, &[4, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ["Costs 4 cm: 4 cm moved"]
    );
    assert_eq!(
        costs(&g, SAMURAI, &[0, 2, 0, 0, 0, 0, 0, 0, 0, 0]),
        ["Costs 4 cm: 2 cm in dense terrain x2"]
    );
    assert_eq!(
        costs(&g, SAMURAI, &[0, 0, 0, 0, 1, 0, 0, 0, 0, 0]),
        ["Costs 2.5 cm: 90° turn (1/4 move)"]
    );
    assert_eq!(
        costs(&g, SAMURAI, &[0, 0, 0, 0, 2, 0, 0, 0, 0, 0]),
        ["Costs 2.5 cm: about turn (1/4 move)"]
    );
    assert_eq!(
        costs(&g, SAMURAI, &[0, 0, 1, 1, 0, 1, 0, 0, 0, 0]),
        [
            "Costs 3 cm: light terrain x1: 3 cm each",
            "Costs 1 cm: wheel 1 cm x1 (Veteran)",
            "Costs 3 cm: 1 linear obstacle, 3 cm each",
        ]
    );
}

// ---- Falling back and reforming (lines 42, 46) ----

/// Line 42: cavalry fall back up to 3 cm whatever the terrain, as infantry do.
#[test]
fn falling_back_cavalry_go_up_to_three_cm_whatever_the_terrain() {
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    g.refused(back(ELITE_HORSE, 4, 0, false), "up to 3 cm");
    g.run(back(ELITE_HORSE, 3, 3, false), &[]);
    assert_eq!(g.spent(ELITE_HORSE), 30, "3 cm, dense terrain or not");
    assert!(g.disordered(ELITE_HORSE), "dense terrain still disorders");
}

/// Lines 13 and 46: a fall back, a reform and a charge are voluntary: out of command, each
/// waits for obedience (a failure halts the unit); answering a charge never does, so a halted
/// unit may still counter-charge.
#[test]
fn obedience_comes_before_a_fall_back_a_reform_or_a_charge_but_never_before_an_answer() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    // Naomasa's rating 2: a 3 makes 5 and halts the unit.
    let events = g.run(back(SAMURAI, 3, 0, true), &[3]);
    assert!(matches!(
        events.as_slice(),
        [Event::Obedience { passed: false, .. }]
    ));
    g.refused(back(SAMURAI, 3, 0, false), "halts");
    let events = g.run(
        Command::Reform {
            unit: SEASONED,
            wide: 2,
            out_of_command: true,
        },
        &[4],
    );
    assert!(matches!(
        events.as_slice(),
        [
            Event::Obedience { passed: true, .. },
            Event::Reformed { .. }
        ]
    ));
    let events = g.run(
        Command::Charge {
            unit: RAW,
            target: FOE_SPEAR,
            plan: ChargePlan {
                out_of_command: true,
                ..straight(5)
            },
        },
        &[1],
    );
    assert!(matches!(
        events.as_slice(),
        [Event::Obedience { passed: false, .. }]
    ));
    assert!(
        g.state.charge().is_none(),
        "a unit that halts does not charge"
    );
    // The enemy spear fails its own test (Yoshihiro's 1 and a 1), then is charged: it may
    // still counter-charge, and no die is rolled for it.
    let mut g = Game::new();
    g.activate_for(FOE_SPEAR);
    g.run(
        Command::Move {
            unit: FOE_SPEAR,
            plan: open(2),
            out_of_command: true,
            through: None,
        },
        &[1],
    );
    assert!(g.state.units[FOE_SPEAR].turn.halted);
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_SPEAR, straight(5));
    g.run(
        Command::Respond {
            response: counter(4),
        },
        &[],
    );
    assert!(g.state.units[FOE_SPEAR].turn.charged);
}

/// Line 46: a unit that reformed makes no other movement that turn: no fall back, no charge.
#[test]
fn reform_a_unit_that_reformed_neither_falls_back_nor_charges_that_turn() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = g.reform(SAMURAI, 4);
    assert_eq!(
        events,
        [Event::Reformed {
            unit: SAMURAI,
            wide: 4
        }],
        "a unit in good order changes its formation and nothing else"
    );
    g.refused(back(SAMURAI, 3, 0, false), "reformed");
    g.refused(
        Command::Charge {
            unit: SAMURAI,
            target: FOE_SPEAR,
            plan: straight(5),
        },
        "reformed",
    );
}

// ---- Terrain (lines 58-64) ----

/// Lines 58 and 62: entering dense terrain disorders cavalry as it does foot; crossing a
/// linear obstacle disorders every unit, peasants too.
#[test]
fn terrain_effects_dense_terrain_disorders_cavalry_and_an_obstacle_disorders_peasants() {
    let mut g = Game::new();
    g.activate_for(ELITE_HORSE);
    let events = g
        .mv(
            ELITE_HORSE,
            MovePlan {
                dense_cm: 2,
                ..MovePlan::default()
            },
        )
        .unwrap();
    assert!(events.contains(&Event::Disordered {
        unit: ELITE_HORSE,
        cause: Cause::DenseTerrain
    }));
    g.activate_for(PEASANTS);
    let events = g
        .mv(
            PEASANTS,
            MovePlan {
                open_cm: 2,
                obstacles: 1,
                ..MovePlan::default()
            },
        )
        .unwrap();
    assert!(events.contains(&Event::Disordered {
        unit: PEASANTS,
        cause: Cause::LinearObstacle
    }));
}

/// Lines 58 and 62 in a diced move: a rout or a pursuit is a move too, so one the umpire says
/// went into dense terrain disorders the unit (peasants excepted), one over a linear obstacle
/// disorders every unit, peasants too, and one over open ground leaves it in order. The Rout
/// and Pursuit forms ask both, and the command carries the answers.
#[test]
fn terrain_effects_a_rout_or_pursuit_into_dense_terrain_or_over_an_obstacle_disorders() {
    let rout = |unit, dense, obstacle| Command::RoutMove {
        unit,
        through: None,
        ground: Crossed { dense, obstacle },
    };
    let moved = |unit| Event::RoutMoved {
        unit,
        faces: vec![3],
    };
    let mut g = Game::new();
    for unit in [RAW, SEASONED, BOWS, PEASANTS] {
        let routing = Command::SetRouting {
            unit,
            routing: true,
        };
        g.run(routing, &[]);
    }
    assert_eq!(g.run(rout(RAW, false, false), &[3]), [moved(RAW)]);
    assert_eq!(
        g.run(rout(SEASONED, true, false), &[3]),
        [
            moved(SEASONED),
            Event::Disordered {
                unit: SEASONED,
                cause: Cause::DenseTerrain
            }
        ]
    );
    assert_eq!(
        g.run(rout(BOWS, false, true), &[3]),
        [
            moved(BOWS),
            Event::Disordered {
                unit: BOWS,
                cause: Cause::LinearObstacle
            }
        ]
    );
    assert_eq!(g.run(rout(PEASANTS, true, false), &[3]), [moved(PEASANTS)]);
    g.run(Command::EndTurn, &[]);
    assert_eq!(
        g.run(rout(PEASANTS, false, true), &[3]),
        [
            moved(PEASANTS),
            Event::Disordered {
                unit: PEASANTS,
                cause: Cause::LinearObstacle
            }
        ]
    );
    // The forms ask, and pass on what the umpire answered.
    let id = format!("u{RAW}");
    let forms = Daimyo::action_forms(&g.rules, &g.state, &id);
    let rout_form = forms.iter().find(|f| f.key == "rout").unwrap();
    let labels: Vec<_> = rout_form.fields.iter().map(Field::label).collect();
    assert_eq!(
        labels,
        [
            "Passes through",
            "Into dense terrain (disorders all but peasants)",
            "Over a linear obstacle (disorders)"
        ]
    );
    let plan = Daimyo::action(&g.rules, &g.state, &id, "rout", &[0, 0, 1]).unwrap();
    assert_eq!(plan.command, rout(RAW, false, true));
    // A pursuit: the Samurai won their melee and pursue into a wood.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_SPEAR, straight(5));
    let stand = Command::Respond {
        response: Response::Stand,
    };
    g.run(stand, &[]);
    g.run(Command::ChargeOutcome { contact: true }, &[]);
    let broke = Command::SetRouting {
        unit: FOE_SPEAR,
        routing: true,
    };
    g.run(broke, &[]);
    let plan = Daimyo::action(
        &g.rules,
        &g.state,
        &format!("u{SAMURAI}"),
        "pursue",
        &[0, 1, 0, 0],
    );
    let pursue = plan.unwrap().command;
    assert_eq!(
        g.run(pursue, &[2]),
        [
            Event::PursuitMoved {
                unit: SAMURAI,
                faces: vec![2]
            },
            Event::Disordered {
                unit: SAMURAI,
                cause: Cause::DenseTerrain
            },
            Event::MeleeEnded { unit: SAMURAI }
        ]
    );
}

/// Line 64 (and line 50's obstacles): a charge through light terrain pays its 3 cm, and over a
/// linear obstacle 3 cm for foot and 6 cm for horse, as a move does; a counter-charge too.
#[test]
fn charges_through_light_terrain_or_over_an_obstacle_pay_as_a_move_does() {
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let light = ChargePlan {
        light_pieces: 1,
        ..straight(0)
    };
    let fence = ChargePlan {
        obstacles: 1,
        ..straight(0)
    };
    assert_eq!(g.longest_charge(SAMURAI, FOE_ELITE, straight(0)), 15);
    assert_eq!(g.longest_charge(SAMURAI, FOE_ELITE, light), 12);
    assert_eq!(g.longest_charge(SAMURAI, FOE_ELITE, fence), 12);
    g.activate_for(ELITE_HORSE);
    assert_eq!(g.longest_charge(ELITE_HORSE, FOE_ELITE, light), 27);
    assert_eq!(g.longest_charge(ELITE_HORSE, FOE_ELITE, fence), 24);
    // The enemy horse (charge 30 cm) counters through light terrain: 27 cm and its 3 cm.
    g.charge(ELITE_HORSE, FOE_HORSE, straight(20));
    let counter_over = |open_cm| Command::Respond {
        response: Response::CounterCharge {
            run: Run {
                open_cm,
                light_pieces: 1,
                ..Run::default()
            },
        },
    };
    assert!(g.accepts(&counter_over(27), &[]));
    g.refused(counter_over(28), "out of reach");
}

/// Lines 60 and 62: charging through dense terrain disorders the chargers, peasants too (the
/// exception for peasants is for moving into dense terrain); charging over a linear obstacle
/// disorders them; a counter-charge over one disorders the counter-chargers.
#[test]
fn charging_through_dense_terrain_or_over_an_obstacle_disorders_every_unit() {
    let contact = |g: &mut Game, unit: usize, plan: ChargePlan, tests: bool| {
        g.charge(unit, FOE_ELITE, plan);
        if tests {
            g.run(Command::ChargeTest { passed: true }, &[]);
        }
        g.run(
            Command::Respond {
                response: Response::Stand,
            },
            &[],
        );
        g.run(Command::ChargeOutcome { contact: true }, &[])
    };
    let dense = ChargePlan {
        dense_cm: 2,
        ..straight(3)
    };
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    let events = contact(&mut g, SAMURAI, dense, false);
    assert!(events.contains(&Event::Disordered {
        unit: SAMURAI,
        cause: Cause::ChargeInTerrain
    }));
    let mut g = Game::new();
    g.activate_for(PEASANTS);
    let events = contact(&mut g, PEASANTS, dense, true);
    assert!(events.contains(&Event::Disordered {
        unit: PEASANTS,
        cause: Cause::ChargeInTerrain
    }));
    let mut g = Game::new();
    g.activate_for(PEASANTS);
    let fence = ChargePlan {
        obstacles: 1,
        ..straight(3)
    };
    let events = contact(&mut g, PEASANTS, fence, true);
    assert!(events.contains(&Event::Disordered {
        unit: PEASANTS,
        cause: Cause::LinearObstacle
    }));
    // The enemy spear counters the samurai over a fence.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.charge(SAMURAI, FOE_SPEAR, straight(8));
    let events = g.run(
        Command::Respond {
            response: Response::CounterCharge {
                run: Run {
                    open_cm: 4,
                    obstacles: 1,
                    ..Run::default()
                },
            },
        },
        &[],
    );
    assert!(events.contains(&Event::Disordered {
        unit: FOE_SPEAR,
        cause: Cause::LinearObstacle
    }));
}
