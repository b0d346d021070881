//! From the Sky we Came: one procedure interrupting another, what lapses when its unit is
//! gone, what the umpire declares, and the numbers every roll reads from the tables, each
//! rule driven through the engine with the faces a table would roll.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod sky_support;
use sky_support::*;

use gunbai::engine::Game as _;
use gunbai::reference::HouseRules;
use gunbai::rules::sky::Command;
use gunbai::rules::sky::roster::{Formation, Weapon};
use gunbai::rules::sky::state::{ClanRef, Due, Phase, UnitRef};

/// Nobushige's Teppo (6 unarmoured stands) charges Kakizaki's loaded Teppo, whose
/// defensive fire is 6 dice at 4+; with one hit to a stand (a house rule) each hit costs a
/// stand.
fn teppo_charges_teppo() -> gunbai::engine::Battle<gunbai::rules::sky::Sky> {
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("casualties.hits_per_stand".into(), 1);
    let mut b = activated_with(house);
    ok(&mut b, charge(TEPPO, ENEMY_TEPPO), &[]);
    b
}

fn defensive_fire() -> Command {
    Command::DefensiveFire {
        weapon: Weapon::Arquebus,
        in_range: true,
        cover: false,
    }
}

#[test]
fn charge_procedure_a_route_test_from_defensive_fire_comes_before_the_charge_test() {
    let mut b = teppo_charges_teppo();
    // Three hits: three stands of six lost, half strength: a Route test (Firing Procedure).
    ok(&mut b, defensive_fire(), &[4, 4, 4, 1, 1, 1]);
    assert!(b.state().due.contains(&Due::Route(TEPPO)));
    let why = refused(&mut b, Command::ChargerTest);
    assert!(
        why.contains("Route test") && why.contains("comes first"),
        "{why}"
    );
    assert!(why.contains("sky: Charge and Bushi Test"), "{why}");
    // The card shown is the Route test; the charge test waits for it.
    let cards: Vec<String> = b.pending().into_iter().map(|c| c.what).collect();
    assert!(cards.contains(&"Route test".to_owned()), "{cards:?}");
    assert!(!cards.contains(&"Charge test".to_owned()), "{cards:?}");
    // 1+1 and 3 lost stands = 5, at or under Bushi 7: it holds, and the charge goes on.
    ok(&mut b, Command::RouteTest(TEPPO), &[1, 1]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    assert!(
        b.state().charge().is_some(),
        "disordered by the fire, it comes in: the melee follows"
    );
}

#[test]
fn charge_procedure_a_charger_destroyed_by_defensive_fire_makes_no_contact() {
    let mut b = teppo_charges_teppo();
    let lines = ok(&mut b, defensive_fire(), &[4, 4, 4, 4, 4, 4]);
    assert!(b.state().unit(TEPPO).unwrap().removed, "{lines:#?}");
    assert!(b.state().charge().is_none(), "{:?}", b.state().due);
    assert!(b.pending().iter().all(|c| c.what != "Charge test"));
    let why = refused(&mut b, Command::ChargerTest);
    assert!(why.contains("no charge"), "{why}");
}

#[test]
fn charge_procedure_a_charger_that_routs_after_defensive_fire_makes_no_contact() {
    let mut b = teppo_charges_teppo();
    ok(&mut b, defensive_fire(), &[4, 4, 4, 1, 1, 1]);
    // 6+6 and 3 lost = 15 over Bushi 7: it routs, and its charge is over.
    let lines = ok(&mut b, Command::RouteTest(TEPPO), &[6, 6]);
    assert!(b.state().unit(TEPPO).unwrap().routing);
    assert!(b.state().charge().is_none());
    assert!(
        lines.iter().any(|l| l.contains("its charge is over")),
        "{lines:#?}"
    );
}

#[test]
fn charge_procedure_nothing_else_is_done_while_a_charge_is_under_way() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    for command in [
        Command::Attach {
            clan: ClanRef(0, 0),
            unit: Some(1),
        },
        Command::SetFormation {
            unit: YARI,
            formation: Formation::Column,
        },
        Command::Move {
            unit: YARI,
            cross_obstacle: false,
        },
        Command::EndActivation,
    ] {
        let why = refused(&mut b, command.clone());
        assert!(
            why.contains("settle this first") && why.contains("charge on"),
            "{command:?}: {why}"
        );
        assert!(why.contains("sky: Charge and Bushi Test"), "{why}");
    }
}

#[test]
fn clan_activation_routing_units_fall_back_before_samurai_are_handled() {
    let mut b = enemy_yari_routed(HouseRules::default());
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    // First the routing Yari falls back, then the Samurai are handled (Clan Activation).
    let why = refused(&mut b, Command::NoImpetus(ENEMY_HORSE));
    assert!(
        why.contains("rout move") && why.contains("comes first"),
        "{why}"
    );
    assert!(why.contains("sky: Clan Activation"), "{why}");
    let cards: Vec<String> = b.pending().into_iter().map(|c| c.what).collect();
    assert_eq!(
        cards.first().map(String::as_str),
        Some("Rout move"),
        "{cards:?}"
    );
    ok(
        &mut b,
        Command::RoutMove {
            unit: ENEMY_YARI,
            left_table: false,
        },
        &[],
    );
    ok(&mut b, Command::NoImpetus(ENEMY_HORSE), &[]);
}

#[test]
fn melee_adjudication_units_left_in_contact_fight_at_once_as_the_form_previews() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let faces = melee_faces(&b, 1, 1);
    ok(&mut b, Command::FightMelee, &faces);
    assert_eq!(b.state().in_contact_with(HORSE), vec![ENEMY_YARI]);
    // Kakizaki's clan activates: its Yari, still in contact, fights again.
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(ENEMY_HORSE), &[]);
    ok(&mut b, Command::NoImpetus(ENEMY_SAMURAI), &[]);
    let preview = b
        .preview_action("1.0.2", "melee", &[0])
        .unwrap()
        .preview
        .expect("the melee form previews its dice");
    let dice = preview.roll.as_ref().unwrap().dice_count() as usize;
    assert!(dice > 0);
    // One order, the dice it previewed: the melee is fought, nothing more is owed of it.
    let lines = ok(
        &mut b,
        Command::Melee {
            unit: ENEMY_YARI,
            target: HORSE,
        },
        &vec![1; dice],
    );
    assert!(b.state().charge().is_none());
    assert!(lines.len() > 1, "{lines:#?}");
}

#[test]
fn units_and_organization_a_new_formation_must_fit_the_stands() {
    let mut b = activated();
    let why = refused(
        &mut b,
        Command::SetFormation {
            unit: HORSE,
            formation: Formation::Line(3),
        },
    );
    assert!(
        why.contains("one deep"),
        "four horse stands in a line three wide: {why}"
    );
    let why = refused(
        &mut b,
        Command::SetFormation {
            unit: YARI,
            formation: Formation::Line(3),
        },
    );
    assert!(
        why.contains("two ranks"),
        "eight foot stands three wide: {why}"
    );
    let why = refused(
        &mut b,
        Command::SetFormation {
            unit: YARI,
            formation: Formation::Line(9),
        },
    );
    assert!(why.contains("3 or 4 wide"), "{why}");
    assert!(why.contains("sky: Units and organization"), "{why}");
    ok(
        &mut b,
        Command::SetFormation {
            unit: YARI,
            formation: Formation::Column,
        },
        &[],
    );
    // The form offers only what fits.
    let form = b
        .action_forms("0.0.0")
        .into_iter()
        .find(|f| f.key == "formation")
        .unwrap();
    let gunbai::engine::Field::Choice { options, .. } = &form.fields[0] else {
        panic!("a choice");
    };
    assert_eq!(
        options,
        &vec!["Column".to_owned(), "Line, 4 wide".to_owned()]
    );
}

#[test]
fn firing_procedure_a_charging_unit_is_never_in_cover() {
    let mut b = teppo_charges_teppo();
    let why = refused(
        &mut b,
        Command::DefensiveFire {
            weapon: Weapon::Arquebus,
            in_range: true,
            cover: true,
        },
    );
    assert!(why.contains("charger_in_cover"), "{why}");
}

/// Every clan misses its activation in turn, nobody stepping in, until only Takeda (4 clans
/// against Uesugi's 3) has a clan left to try.
fn only_takeda_has_a_clan_left() -> gunbai::engine::Battle<gunbai::rules::sky::Sky> {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    miss_while(&mut b, |b| {
        !b.state().untried(1).is_empty() || b.state().intervention.is_some()
    });
    b
}

#[test]
fn turn_sequence_only_a_clan_still_to_try_rolls_one_lower_when_the_other_side_has_none() {
    let mut b = only_takeda_has_a_clan_left();
    let view = b.view();
    let command = |side: usize, group: usize| {
        view.sides[side].groups[group]
            .leader
            .as_ref()
            .unwrap()
            .rating
    };
    assert_eq!(command(0, 3), 7, "Kosaka still to try, alone: 8 - 1");
    assert_eq!(command(0, 0), 8, "Nobushige has had his chance");
    assert_eq!(command(1, 0), 8, "Uesugi has no clan to try");
    ok(&mut b, Command::TryActivation(ClanRef(0, 3)), &[3, 4]);
    let view = b.view();
    let kosaka = view.sides[0].groups[3].leader.as_ref().unwrap();
    assert_eq!(kosaka.rating, 8, "activated: the -1 was for the roll");
}

#[test]
fn turn_sequence_every_roll_reads_its_dice_from_the_tables() {
    let mut house = HouseRules::default();
    house.overrides.insert("command_rolls.sides".into(), 10);
    house.overrides.insert("bushi_test.sides".into(), 8);
    house.overrides.insert("fire_dice.sides".into(), 12);
    house.overrides.insert("melee_dice.sides".into(), 8);
    let mut b = battle_of(house, |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what.starts_with("Activate"))
        .unwrap();
    assert!(card.target.starts_with("2d10"), "{}", card.target);
    ok(&mut b, Command::TryActivation(ClanRef(0, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    let fire = b
        .preview_action("0.0.1", "fire", &[0, 1, 0, 0])
        .unwrap()
        .preview
        .unwrap();
    assert!(fire.roll.unwrap().notation().contains("d12"));
    let melee = b
        .preview_action("0.0.0", "charge", &[2, 0])
        .unwrap()
        .preview
        .unwrap();
    assert!(melee.target.contains("d8"), "{}", melee.target);
    ok(&mut b, charge(HORSE, UnitRef(1, 0, 2)), &[]);
    let test = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Charge test")
        .unwrap();
    assert!(test.target.starts_with("2d8"), "{}", test.target);
}

#[test]
fn turn_sequence_a_clan_has_one_chance_a_turn_and_the_rounds_alternate() {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    assert_eq!(
        b.state().phase,
        Phase::Rounds { side: 0 },
        "the high roller"
    );
    ok(&mut b, Command::TryActivation(ClanRef(0, 0)), &[6, 6]);
    ok(&mut b, Command::DeclineGeneral, &[]);
    assert_eq!(
        b.state().phase,
        Phase::Rounds { side: 1 },
        "a miss passes the round"
    );
    let why = refused(&mut b, Command::TryActivation(ClanRef(0, 1)));
    assert!(why.contains("other side's round"), "{why}");
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[1, 1]);
    ok(&mut b, Command::NoImpetus(ENEMY_HORSE), &[]);
    ok(&mut b, Command::NoImpetus(ENEMY_SAMURAI), &[]);
    ok(&mut b, Command::EndActivation, &[]);
    assert_eq!(
        b.state().phase,
        Phase::Rounds { side: 0 },
        "and after an activation"
    );
    let why = refused(&mut b, Command::TryActivation(ClanRef(0, 0)));
    assert!(why.contains("already had its chance"), "{why}");
    // Every clan has its chance, then the Morale phase.
    miss_to_morale(&mut b);
    assert_eq!(b.state().phase, Phase::Morale);
    assert!(b.state().untried(0).is_empty() && b.state().untried(1).is_empty());
}

/// A replay rolls each Command test through `numbers::command_roll`, which skips the reasons'
/// words; the card shows `numbers::command`. Through battles played at random under both
/// readings of the attached leader's −1, every side's General and every clan, for activation
/// and for rally, has the same dice and target from both (and every kind of change is met).
#[test]
fn command_roll_has_the_numbers_of_the_command_card() {
    use gunbai::dice::RngDice;
    use gunbai::engine::surface::random_command;
    use gunbai::rules::sky::numbers;
    use rand::SeedableRng as _;

    let mut met = [0usize; 3];
    for (seed, option) in [(1, "all_command_rolls"), (2, "activation_only")] {
        let mut b = battle_of(ruled("attached_penalty", option), |s| s);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        for _ in 0..1500 {
            let (rules, state) = (b.rules(), b.state());
            for side in 0..2 {
                let clans = (0..state.sides[side].clans.len())
                    .map(|c| Some(ClanRef(side as u8, c as u8)))
                    .chain([None]);
                for clan in clans {
                    for activation in [true, false] {
                        let mut full = numbers::command(rules, state, side, clan, activation);
                        for r in &full.reasons {
                            let kind = if r.reason == "attached to a unit" {
                                0
                            } else if r.reason.starts_with("only this side") {
                                1
                            } else {
                                2
                            };
                            met[kind] += 1;
                        }
                        full.base.1.clear();
                        full.reasons.clear();
                        let fast = numbers::command_roll(rules, state, side, clan, activation);
                        assert_eq!(fast, full, "side {side}, clan {clan:?}, {activation}");
                    }
                }
                for unit in unit_refs(state, side) {
                    for by_general in [true, false] {
                        let mut full = numbers::morale(rules, state, unit, by_general);
                        full.base.1.clear();
                        full.reasons.clear();
                        let fast = numbers::morale_roll(rules, state, unit, by_general);
                        assert_eq!(fast, full, "{unit:?}, by the General: {by_general}");
                    }
                }
            }
            let Some(command) = random_command::<gunbai::rules::sky::Sky>(rules, state, &mut rng)
            else {
                break;
            };
            let _ = b.execute(command, &mut dice);
        }
    }
    assert!(met.iter().all(|&n| n > 0), "changes met: {met:?}");
}

/// Every unit of a side, by reference.
fn unit_refs(state: &gunbai::rules::sky::state::State, side: usize) -> Vec<UnitRef> {
    let clans = &state.sides[side].clans;
    (0..clans.len())
        .flat_map(|c| (0..clans[c].units.len()).map(move |u| UnitRef(side as u8, c as u8, u as u8)))
        .collect()
}
