//! Melee (lines 111-164): who may attack whom, how often, and what the defender may do.

use gunbai::dice::RngDice;
use gunbai::engine::Dice;
use gunbai::rules::simple::command::{Command, Going, MoveKind};
use gunbai::rules::simple::state::{Due, UnitRef};

use super::*;

/// Oda Home, the terrain's first three pieces rolled (the village and its 5 peasants), and
/// Imagawa's first turn begun.
fn with_the_village() -> gunbai::engine::Battle<gunbai::rules::simple::Simple> {
    let mut b = battle_with(gunbai::reference::HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    ok(&mut b, Command::RollTerrain, &[3, 1, 24, 7]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffles");
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(2) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    b
}

fn into_village(unit: UnitRef) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::IntoVillage,
        distance_cm: 10,
        going: Going::Standard,
    }
}

#[test]
fn melee_each_of_the_village_peasants_attacks_once_a_turn() {
    let mut b = with_the_village();
    // Three peasants set on a Teppo figure (it touches a friend): d4 1s against d6 6s.
    ok(&mut b, into_village(IMA_TEPPO), &[]);
    ok(&mut b, Command::VillagersAttack(IMA_TEPPO), &[1, 6, 1, 6, 1, 6]);
    // Two of the five are left to throw this turn.
    ok(&mut b, into_village(IMA_ARCHERS), &[]);
    let err = refused(
        &mut b,
        Command::VillagersAttack(IMA_ARCHERS),
        &[1, 6, 1, 6, 1, 6],
    );
    assert!(err.contains("faces"), "two bouts, not three: {err}");
    ok(&mut b, Command::VillagersAttack(IMA_ARCHERS), &[1, 6, 1, 6]);
    // None is left: the next unit in is not attacked this turn.
    ok(&mut b, into_village(UnitRef(1, 0, 2)), &[]);
    assert!(!b
        .state()
        .due
        .iter()
        .any(|d| matches!(d, Due::VillagersAttack(_))));
}
