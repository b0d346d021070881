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
        surrounded: None,
    }
}

#[test]
fn melee_each_of_the_village_peasants_attacks_once_a_turn() {
    let mut b = with_the_village();
    // Three peasants set on a Teppo figure (it touches a friend): d4 1s against d6 6s.
    ok(&mut b, into_village(IMA_TEPPO), &[]);
    ok(
        &mut b,
        Command::VillagersAttack(IMA_TEPPO),
        &[1, 6, 1, 6, 1, 6],
    );
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
    assert!(
        !b.state()
            .due
            .iter()
            .any(|d| matches!(d, Due::VillagersAttack(_)))
    );
}

fn step(unit: UnitRef, surrounded: Option<bool>) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::Normal,
        distance_cm: 10,
        going: Going::Standard,
        surrounded,
    }
}

#[test]
fn melee_a_defender_may_move_away_in_his_turn_unless_surrounded_by_3_or_4_figures() {
    use gunbai::engine::Game as _;
    use gunbai::rules::simple::command::Facing;
    let mut b = begun();
    let attack = Command::Melee(one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front));
    ok(&mut b, attack, &[1, 6]);
    to_oda_turn_passing_tests(&mut b);
    assert!(b.state().unit(ODA_YARI).unwrap().in_melee());
    // The Move form asks it of the unit in melee, and of no other.
    let asks = |b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>, u: UnitRef| {
        b.action_forms(&u.id())
            .iter()
            .find(|f| f.key == "move")
            .is_some_and(|f| format!("{:?}", f.fields).contains("Surrounded by 3 or 4"))
    };
    assert!(asks(&b, ODA_YARI) && !asks(&b, ODA_TEPPO_1));
    let err = refused(&mut b, step(ODA_YARI, None), &[]);
    assert!(err.contains("say whether"), "{err}");
    let err = refused(&mut b, step(ODA_YARI, Some(true)), &[]);
    assert!(
        err.contains("cannot move away") && err.contains("simple: Melee"),
        "{err}"
    );
    let err = refused(&mut b, step(ODA_TEPPO_1, Some(false)), &[]);
    assert!(err.contains("no melee"), "{err}");
    // Not surrounded: it moves away, out of the melee.
    let values = [0, 10, 0, 1];
    assert!(
        b.do_action(
            &ODA_YARI.id(),
            "move",
            &values,
            b.version(),
            Dice::Table(gunbai::dice::TableDice::new(vec![]))
        )
        .is_err()
    );
    let lines = ok(&mut b, step(ODA_YARI, Some(false)), &[]);
    assert!(lines.iter().any(|l| l.contains("moves away")), "{lines:?}");
    assert!(!b.state().unit(ODA_YARI).unwrap().in_melee());
}
