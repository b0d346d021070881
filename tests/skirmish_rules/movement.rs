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
    };
    let refused = run(&mut b, too_many, &[]).expect_err("more than any move crosses");
    assert!(
        refused.to_string().contains("Movement Section"),
        "{refused}"
    );
    ok(
        &mut b,
        Command::Move {
            unit: BOWMEN,
            obstacles: 7,
            difficult: false,
            contact: false,
        },
        &[],
    );
}
