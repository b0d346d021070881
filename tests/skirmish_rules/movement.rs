//! Movement Section: the movement calculator and who may move.

use super::*;

#[test]
fn move_rates_foot_5_ninja_8_mounted_10_with_their_modifiers() {
    let b = battle();
    let (s, r) = (b.state(), b.rules());
    let foot = s.figure(BOWMAN).expect("bowman");
    let ninja = s.figure(NINJA_1).expect("ninja");
    let horse = s.figure(MAEDA_TOSHIIE).expect("Maeda");
    assert_eq!(move_allowance(r, foot, false, 0, false).0, 5.0);
    assert_eq!(move_allowance(r, ninja, false, 0, false).0, 8.0);
    assert_eq!(move_allowance(r, horse, false, 0, false).0, 10.0);
    assert_eq!(
        move_allowance(r, foot, true, 1, false).0,
        5.0,
        "+2 charging, -2 an obstacle"
    );
    assert_eq!(
        move_allowance(r, foot, false, 0, true).0,
        2.5,
        "difficult ground halves"
    );
    assert_eq!(
        move_allowance(r, ninja, true, 2, true).0,
        11.0,
        "Ninja ignore modifiers and charge +3"
    );
    let mut hurt = foot.clone();
    hurt.wounds.push(Wound::Leg);
    assert_eq!(
        move_allowance(r, &hurt, false, 0, false).0,
        3.0,
        "leg wound -2\""
    );
}

/// The allowance's parts are what the move calculator shows: each modifier that applies,
/// and none that does not (no "0 obstacles", no leg wound line for a sound figure).
#[test]
fn move_rates_the_allowance_names_each_modifier_that_applies_and_no_other() {
    let b = battle();
    let (s, r) = (b.state(), b.rules());
    let foot = s.figure(BOWMAN).expect("bowman");
    let ninja = s.figure(NINJA_1).expect("ninja");
    assert_eq!(move_allowance(r, foot, false, 0, false).1, ["foot 5\""]);
    assert_eq!(move_allowance(r, ninja, false, 0, false).1, ["Ninja 8\""]);
    assert_eq!(
        move_allowance(r, foot, false, 1, false).1,
        ["foot 5\"", "1 obstacle -2\""]
    );
    let ignores = ["Ninja 8\"", "Ninja ignore obstacles and difficult ground"];
    assert_eq!(move_allowance(r, ninja, false, 1, false).1, ignores);
    assert_eq!(move_allowance(r, ninja, false, 0, true).1, ignores);
    let mut hurt = foot.clone();
    hurt.wounds.push(Wound::Leg);
    assert_eq!(
        move_allowance(r, &hurt, false, 0, false).1,
        ["foot 5\"", "leg wound x1 -2\""]
    );
}

#[test]
fn holding_units_may_not_move() {
    let mut b = battle_with(morale_at_will());
    at(&mut b, Section::Results);
    ok(&mut b, declare(BOWMEN, Trigger::Rally), &[]);
    // Samurai leader: 4 + 1 alive + 1 Samurai - 2 open = 4 dice; one 5+ holds.
    take_test(&mut b, BOWMEN, Ground::Open, &[5, 1, 1, 1]);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: BOWMEN,
                obstacles: 0,
                difficult: false,
                contact: false,
                inches: Some(3),
            },
            &[]
        )
        .is_err()
    );
}

#[test]
fn movement_difficult_ground_halves_the_move_after_the_charge_bonus_obstacles_and_leg_wounds() {
    let b = battle();
    let monk = wounded(&b, MONK_1, &[Wound::Leg]);
    // (5 + 2 charging - 2 obstacle - 2 leg wound) / 2.
    let (inches, why) = move_allowance(b.rules(), &monk, true, 1, true);
    assert!((inches - 1.5).abs() < 1e-9, "{inches} {why:?}");
    assert_eq!(
        why.last().map(String::as_str),
        Some("difficult ground: half")
    );
}

#[test]
fn movement_ninja_ignore_difficult_ground_and_obstacles_but_not_leg_wounds() {
    let b = battle();
    let ninja = wounded(&b, NINJA_1, &[Wound::Leg]);
    let (inches, _) = move_allowance(b.rules(), &ninja, false, 2, true);
    assert!(
        (inches - 6.0).abs() < 1e-9,
        "8 - 2 for the leg wound: {inches}"
    );
    let (inches, _) = move_allowance(b.rules(), &ninja, true, 0, false);
    assert!((inches - 9.0).abs() < 1e-9, "8 + 3 charging - 2: {inches}");
}

#[test]
fn movement_a_move_across_more_obstacles_than_any_charge_can_cross_is_refused() {
    use gunbai::engine::{Field, Game as _};
    let mut b = battle();
    moving(&mut b);
    // The longest charge: mounted 10" + Ninja 3"; 2" an obstacle: 7 obstacles take it all.
    assert_eq!(numbers::most_obstacles(b.rules()), 7);
    // Enough to take every inch, rounded up: a table's 11" horse charges 14", 7 obstacles;
    // 1" an obstacle, 14 of them.
    for (path, value, most) in [
        ("movement_inches.mounted", 11, 7),
        ("movement_inches.obstacle", -1, 13),
    ] {
        let mut house = HouseRules::default();
        house.overrides.insert(path.into(), value);
        assert_eq!(
            numbers::most_obstacles(battle_with(house).rules()),
            most,
            "{path}"
        );
    }
    let forms = b.action_forms(&BOWMAN.id());
    let mv = forms.iter().find(|f| f.key == "move").expect("a move form");
    assert!(
        matches!(&mv.fields[0], Field::Number { bounds, .. } if bounds.min == 0 && bounds.max == 7),
        "{:?}",
        mv.fields[0]
    );
    let too_many = Command::Move {
        unit: BOWMEN,
        obstacles: 8,
        difficult: false,
        contact: false,
        inches: Some(3),
    };
    let refused = run(&mut b, too_many, &[]).expect_err("more than any move crosses");
    assert!(
        refused.to_string().contains("Movement Section"),
        "{refused}"
    );
    let every_inch = Command::Move {
        unit: BOWMEN,
        obstacles: 7,
        difficult: false,
        contact: false,
        inches: Some(1),
    };
    let refused = run(&mut b, every_inch, &[]).expect_err("7 obstacles take a foot move");
    assert!(refused.to_string().contains("every inch"), "{refused}");
    ok(
        &mut b,
        Command::Move {
            unit: BOWMEN,
            obstacles: 2,
            difficult: false,
            contact: false,
            inches: Some(1),
        },
        &[],
    );
}

/// A move of `inches` by `unit`, on open ground with no obstacle unless told.
fn move_of(unit: UnitRef, (obstacles, difficult): (u32, bool), inches: u32) -> Command {
    Command::Move {
        unit,
        obstacles,
        difficult,
        contact: false,
        inches: Some(inches),
    }
}

/// Whether `unit` may make this move in a fresh battle, once `setup` has run in the
/// movement section (Oda moving first).
fn may_move(
    house: HouseRules,
    setup: &[Command],
    unit: UnitRef,
    ground: (u32, bool),
    inches: u32,
) -> Result<Vec<String>, BattleError> {
    let mut b = battle_with(house);
    moving(&mut b);
    for c in setup {
        ok(&mut b, c.clone(), &[]);
    }
    run(&mut b, move_of(unit, ground, inches), &[])
}

#[test]
fn movement_foot_move_5_ninja_8_mounted_10_and_no_further() {
    let open = (0, false);
    let h = HouseRules::default;
    assert!(may_move(h(), &[], BOWMEN, open, 5).is_ok(), "foot 5\"");
    let refused = may_move(h(), &[], BOWMEN, open, 6).expect_err("foot 6\"");
    assert!(
        refused.to_string().contains("Movement Section") && refused.to_string().contains("5\""),
        "{refused}"
    );
    // Maeda's retainers: the mounted Maeda 10", his Samurai on foot 5": the furthest counts.
    assert!(may_move(h(), &[], MAEDA, open, 10).is_ok(), "mounted 10\"");
    let refused = may_move(h(), &[], MAEDA, open, 11).expect_err("mounted 11\"");
    assert!(refused.to_string().contains("Maeda"), "{refused}");
    let oda_done = [Command::MovesDone(0)];
    assert!(
        may_move(h(), &oda_done, NINJA, open, 8).is_ok(),
        "Ninja 8\""
    );
    assert!(
        may_move(h(), &oda_done, NINJA, open, 9).is_err(),
        "Ninja 9\""
    );
}

#[test]
fn movement_each_obstacle_crossed_costs_2_inches() {
    let h = HouseRules::default;
    assert!(may_move(h(), &[], BOWMEN, (1, false), 3).is_ok());
    assert!(may_move(h(), &[], BOWMEN, (1, false), 4).is_err(), "5 - 2");
    assert!(may_move(h(), &[], BOWMEN, (2, false), 1).is_ok());
    assert!(
        may_move(h(), &[], BOWMEN, (2, false), 2).is_err(),
        "5 - 2 - 2"
    );
    let refused = may_move(h(), &[], BOWMEN, (3, false), 1).expect_err("5 - 6");
    assert!(refused.to_string().contains("every inch"), "{refused}");
}

#[test]
fn movement_a_charging_unit_moves_2_inches_further_and_ninja_3() {
    let h = HouseRules::default;
    let charging = [charge(BOWMEN, RONIN)];
    assert!(may_move(h(), &charging, BOWMEN, (0, false), 7).is_ok());
    assert!(
        may_move(h(), &charging, BOWMEN, (0, false), 8).is_err(),
        "5 + 2"
    );
    assert!(
        may_move(h(), &[], BOWMEN, (0, false), 7).is_err(),
        "no charge, no bonus"
    );
    let ninja = [charge(NINJA, BOWMEN), Command::MovesDone(0)];
    assert!(may_move(h(), &ninja, NINJA, (0, false), 11).is_ok());
    assert!(
        may_move(h(), &ninja, NINJA, (0, false), 12).is_err(),
        "8 + 3"
    );
}

#[test]
fn movement_ninja_ignore_obstacles_and_difficult_ground_in_the_move_they_make() {
    let oda_done = [Command::MovesDone(0)];
    let h = HouseRules::default;
    assert!(may_move(h(), &oda_done, NINJA, (2, true), 8).is_ok());
    assert!(may_move(h(), &oda_done, NINJA, (2, true), 9).is_err());
}

#[test]
fn movement_difficult_ground_halves_the_whole_move_or_by_ruling_only_the_troops_own() {
    let h = || {
        let mut house = HouseRules::default();
        house
            .rulings
            .insert("difficult_ground".into(), "halve_last".into());
        house
    };
    let charging = [charge(BOWMEN, RONIN)];
    // Halved last (the ruling's first option): (5 + 2) / 2 = 3.5.
    assert!(may_move(h(), &[], BOWMEN, (0, true), 2).is_ok());
    assert!(may_move(h(), &[], BOWMEN, (0, true), 3).is_err(), "5 / 2");
    assert!(may_move(h(), &charging, BOWMEN, (0, true), 3).is_ok());
    assert!(
        may_move(h(), &charging, BOWMEN, (0, true), 4).is_err(),
        "7 / 2"
    );
    // Only the troop's own move halved: 5 / 2 + 2 = 4.5.
    let base = || {
        let mut house = HouseRules::default();
        house
            .rulings
            .insert("difficult_ground".into(), "halve_the_base".into());
        house
    };
    assert!(may_move(base(), &charging, BOWMEN, (0, true), 4).is_ok());
    assert!(
        may_move(base(), &charging, BOWMEN, (0, true), 5).is_err(),
        "2.5 + 2"
    );
    let b = battle_with(base());
    let monk = wounded(&b, MONK_1, &[Wound::Leg]);
    // 5 / 2 + 2 charging - 2 obstacle - 2 leg wound = 0.5.
    let (inches, why) = move_allowance(b.rules(), &monk, true, 1, true);
    assert!((inches - 0.5).abs() < 1e-9, "{inches} {why:?}");
    assert!(
        why.iter()
            .any(|w| w.contains("difficult ground: half of 5")),
        "{why:?}"
    );
    let (inches, _) = move_allowance(b.rules(), &monk, true, 3, true);
    assert_eq!(inches, 0.0, "never below nothing");
}

#[test]
fn movement_the_move_form_asks_how_far_and_offers_no_more_than_the_furthest_figure_may() {
    use gunbai::engine::{Field, Game as _};
    const INCHES_MOVED: &str = "Inches moved (furthest figure, rounded down)";
    let mut b = battle();
    moving(&mut b);
    let forms = b.action_forms(&MAEDA_TOSHIIE.id());
    let mv = forms.iter().find(|f| f.key == "move").expect("a move form");
    assert!(
        mv.fields.iter().any(|f| matches!(f,
            Field::Number { label, bounds, .. }
                if label == INCHES_MOVED && bounds.min == 1 && bounds.max == 10)),
        "{:?}",
        mv.fields
    );
    let plan = b
        .preview_action(&MAEDA_TOSHIIE.id(), "move", &[0, 0, 9])
        .expect("fits");
    assert!(plan.preview.is_some(), "the calculator");
    assert!(
        b.preview_action(&MAEDA_TOSHIIE.id(), "move", &[0, 0, 0])
            .is_err(),
        "a move of nothing is no move"
    );
    let refused = b
        .preview_action(&MAEDA_TOSHIIE.id(), "move", &[0, 0, 11])
        .expect_err("further than Maeda may");
    assert!(refused.contains("10\""), "{refused}");
}

/// The furthest a unit may move is its furthest figure's allowance, and the figure named is
/// the first of those that may go that far.
#[test]
fn movement_a_unit_moves_as_far_as_its_furthest_figure_the_first_of_them_named() {
    let b = battle();
    let (inches, who, _) =
        numbers::furthest_move(b.rules(), b.state(), BOWMEN, false, 0, false).expect("bowmen");
    assert_eq!((inches, who), (5.0, KINOSHITA), "all foot: the first");
    let mut state = b.state().clone();
    *state.figure_mut(KINOSHITA).expect("Kinoshita") = wounded(&b, KINOSHITA, &[Wound::Leg]);
    let (inches, who, _) =
        numbers::furthest_move(b.rules(), &state, BOWMEN, false, 0, false).expect("bowmen");
    assert_eq!(
        (inches, who),
        (5.0, BOWMAN),
        "Kinoshita limps 3\": the bowman goes 5\""
    );
}
