//! The rulings' options no other test switches: each reading of an ambiguous passage, as the
//! umpire may choose it for a battle (`reference/simple.ron`), tested on its own.

use gunbai::dice::RngDice;
use gunbai::engine::{Battle, Dice};
use gunbai::reference::HouseRules;
use gunbai::rules::simple::Simple;
use gunbai::rules::simple::command::{Command, Facing, FireOrder};
use gunbai::rules::simple::state::{Cover, Target, UnitRef};

use super::*;

/// House rules with one ruling switched to `option`.
fn ruling(key: &str, option: &str) -> HouseRules {
    let mut house = HouseRules::default();
    house.rulings.insert(key.into(), option.into());
    house
}

/// Imagawa's first turn under `house`, with `card` drawn and Matsudaira acting.
fn imagawa_draws(house: HouseRules, card: u8) -> Battle<Simple> {
    let mut b = battle_with(house);
    ok(&mut b, Command::RollForHome, &[9, 2]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .unwrap();
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(card) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    b
}

/// An arquebus shot at 20 cm: within the 30 cm range, beyond the 15 cm the wind leaves.
fn shot_at_20_cm(unit: UnitRef, target: UnitRef) -> Command {
    Command::Fire(FireOrder {
        unit,
        target: Target::Unit(target),
        volley: false,
        distance_cm: 20,
        target_cover: Some(Cover::Open),
    })
}

/// Whether a 20 cm shot is refused for the wind's halved range.
fn wind_refuses(b: &mut Battle<Simple>, unit: UnitRef, target: UnitRef) -> bool {
    match run(b, shot_at_20_cm(unit, target), &[1; 5]) {
        Ok(_) => false,
        Err(e) => {
            assert!(e.to_string().contains("halved"), "{e}");
            true
        }
    }
}

#[test]
fn event_cards_the_wind_halves_ranges_in_the_drawers_turn_and_the_opponents_next() {
    let mut b = imagawa_draws(ruling("wind_lasts", "two_turns"), 13);
    assert!(
        wind_refuses(&mut b, IMA_TEPPO, ODA_TEPPO_1),
        "the drawer's turn"
    );
    to_oda_turn(&mut b, [5, 5]);
    assert!(
        wind_refuses(&mut b, ODA_TEPPO_1, IMA_TEPPO),
        "the opponent's turn"
    );
    to_imagawa_turn_passing_tests(&mut b);
    assert!(
        !wind_refuses(&mut b, IMA_TEPPO, ODA_TEPPO_1),
        "the wind has dropped"
    );
}

#[test]
fn event_cards_the_wind_halves_ranges_only_in_the_drawers_turn_as_an_option() {
    let mut b = imagawa_draws(ruling("wind_lasts", "drawers_turn"), 13);
    assert!(
        wind_refuses(&mut b, IMA_TEPPO, ODA_TEPPO_1),
        "the drawer's turn"
    );
    to_oda_turn(&mut b, [5, 5]);
    assert!(
        !wind_refuses(&mut b, ODA_TEPPO_1, IMA_TEPPO),
        "the wind has dropped"
    );
}

/// Imagawa draws card 19 in its second turn and the Ronin's square is rolled with `faces`:
/// the journal's lines.
fn ronin_arrive(house: HouseRules, faces: &[u32]) -> Vec<String> {
    run_ronin(house, faces).expect("the Ronin arrive")
}

#[test]
fn event_cards_arriving_allies_are_placed_in_the_square_a_d24_names() {
    let lines = ronin_arrive(ruling("reinforcement_square", "d24"), &[23]);
    assert!(
        lines.iter().any(|l| l.contains("square 23")),
        "one d24: {lines:?}"
    );
    assert!(
        run_ronin(ruling("reinforcement_square", "d24"), &[11, 12]).is_err(),
        "one die, not two"
    );
    assert!(
        run_ronin(ruling("reinforcement_square", "d24"), &[25]).is_err(),
        "a d24 has no face 25"
    );
}

#[test]
fn event_cards_arriving_allies_are_placed_in_the_square_2d12_name_as_an_option() {
    let lines = ronin_arrive(ruling("reinforcement_square", "2d12"), &[11, 12]);
    assert!(
        lines.iter().any(|l| l.contains("square 23")),
        "two d12 added: {lines:?}"
    );
    assert!(
        run_ronin(ruling("reinforcement_square", "2d12"), &[23]).is_err(),
        "two dice, not one"
    );
    assert!(
        run_ronin(ruling("reinforcement_square", "2d12"), &[13, 1]).is_err(),
        "a d12 has no face 13"
    );
}

/// [`ronin_arrive`], the roll allowed to be refused.
fn run_ronin(house: HouseRules, faces: &[u32]) -> Result<Vec<String>, gunbai::engine::BattleError> {
    let mut b = imagawa_draws(house, 2);
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(19) }, &[]);
    run(&mut b, Command::RollArrival, faces)
}

#[test]
fn melee_a_flank_or_rear_attack_counts_as_the_umpire_declares_it_as_an_option() {
    use gunbai::rules::simple::numbers::preview;
    let bonus = |house: HouseRules, facing: Facing| {
        let b = begun_with(house);
        let order = one_on_one(IMA_SWORD_SAMURAI, ODA_PIKE_SAMURAI, facing);
        preview::melee(b.rules(), b.state(), &order)[0]
            .attacker
            .iter()
            .filter(|m| m.reason.contains("flank") || m.reason.contains("rear"))
            .map(|m| m.value)
            .sum::<i64>()
    };
    // The defender is held by no one: by default he turns to face, and the attack is frontal.
    assert_eq!(
        bonus(ruling("turn_to_face", "unless_engaged"), Facing::Flank),
        0
    );
    assert_eq!(
        bonus(ruling("turn_to_face", "unless_engaged"), Facing::Rear),
        0
    );
    // As declared: +1 in the flank, +2 in the rear whatever holds him.
    assert_eq!(
        bonus(ruling("turn_to_face", "as_declared"), Facing::Flank),
        1
    );
    assert_eq!(
        bonus(ruling("turn_to_face", "as_declared"), Facing::Rear),
        2
    );
}
