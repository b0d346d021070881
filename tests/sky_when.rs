//! From the Sky we Came: *when* and *in what order* (Clan Activation, Charge and Bushi Test,
//! Firing Procedure, Route and Rally, the Morale Phase), each rule driven through the engine
//! with the faces a table would roll.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use gunbai::dice::{RngDice, TableDice};
use gunbai::engine::exec::events_of;
use gunbai::engine::{Battle, Dice, Game as _};
use gunbai::reference::HouseRules;
use gunbai::rules::sky::event::Event;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ActionKind, ClanRef, Due, Phase, UnitRef};
use gunbai::rules::sky::{Command, Sky};

mod sky_support;
use sky_support::*;

#[test]
fn clan_activation_all_of_one_units_actions_come_before_the_next_units() {
    let mut b = activated();
    ok(
        &mut b,
        Command::Move {
            unit: SAMURAI,
            cross_obstacle: false,
        },
        &[],
    );
    ok(
        &mut b,
        Command::Move {
            unit: YARI,
            cross_obstacle: false,
        },
        &[],
    );
    let why = refused(&mut b, fire(SAMURAI, Weapon::Bow, ENEMY_YARI));
    assert!(why.contains("another unit has acted"), "{why}");
    assert!(why.contains("sky: Clan Activation"), "{why}");
    // The forms say so too: the Samurai are offered no more orders.
    let forms: Vec<String> = b.action_forms("0.0.1").into_iter().map(|f| f.key).collect();
    assert!(!forms.contains(&"fire".to_owned()), "{forms:?}");
}

#[test]
fn clan_activation_melee_comes_last_and_ends_a_units_actions() {
    let mut b = activated();
    ok(&mut b, charge(SAMURAI, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    b.execute(Command::FightMelee, &mut RngDice::seeded(4))
        .unwrap();
    settle_required(&mut b);
    let why = refused(&mut b, fire(SAMURAI, Weapon::Bow, ENEMY_YARI));
    assert!(why.contains("melee comes last"), "{why}");
}

#[test]
fn clan_activation_an_arquebus_that_fired_neither_moves_nor_charges() {
    let mut b = activated();
    b.execute(
        fire(TEPPO, Weapon::Arquebus, ENEMY_YARI),
        &mut RngDice::seeded(1),
    )
    .unwrap();
    settle_required(&mut b);
    let why = refused(
        &mut b,
        Command::Move {
            unit: TEPPO,
            cross_obstacle: false,
        },
    );
    assert!(why.contains("arquebus"), "{why}");
    let why = refused(&mut b, charge(TEPPO, ENEMY_YARI));
    assert!(why.contains("arquebus"), "{why}");
    // A reload is still permitted, for its action.
    ok(&mut b, Command::Reload(TEPPO), &[]);
}

#[test]
fn clan_activation_an_arquebus_unit_that_moved_or_charged_may_not_fire_it() {
    let mut b = activated();
    ok(
        &mut b,
        Command::Move {
            unit: TEPPO,
            cross_obstacle: false,
        },
        &[],
    );
    let why = refused(&mut b, fire(TEPPO, Weapon::Arquebus, ENEMY_YARI));
    assert!(why.contains("arquebus"), "{why}");

    let mut b = activated();
    ok(&mut b, charge(TEPPO, ENEMY_YARI), &[]);
    // It falters (12 fails Bushi 7): no melee, the charge is over.
    ok(&mut b, Command::ChargerTest, &[6, 6]);
    let why = refused(&mut b, fire(TEPPO, Weapon::Arquebus, ENEMY_YARI));
    assert!(why.contains("arquebus"), "{why}");
}

#[test]
fn clan_activation_a_unit_with_bow_and_arquebus_records_which_weapon_fired() {
    let both = |s: String| {
        s.replace(
            "weapons: [HandWeapons, Bow], stands: 6",
            "weapons: [Arquebus, Bow], stands: 6",
        )
    };
    let mut b = rolled(HouseRules::default(), both);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    let events = events_of::<Sky>(
        b.rules(),
        b.state(),
        &fire(SAMURAI, Weapon::Bow, ENEMY_YARI),
        &mut RngDice::seeded(2),
    )
    .unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::ActionTaken {
            kind: ActionKind::Fire,
            ..
        }
    )));
    b.execute(
        fire(SAMURAI, Weapon::Bow, ENEMY_YARI),
        &mut RngDice::seeded(2),
    )
    .unwrap();
    settle_required(&mut b);
    let why = refused(&mut b, fire(SAMURAI, Weapon::Arquebus, ENEMY_YARI));
    assert!(why.contains("fires once per activation"), "{why}");
    // A bow shot does not stop the unit moving.
    ok(
        &mut b,
        Command::Move {
            unit: SAMURAI,
            cross_obstacle: false,
        },
        &[],
    );

    let mut b = rolled(HouseRules::default(), both);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    let events = events_of::<Sky>(
        b.rules(),
        b.state(),
        &fire(SAMURAI, Weapon::Arquebus, ENEMY_YARI),
        &mut RngDice::seeded(2),
    )
    .unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::ActionTaken {
            kind: ActionKind::FireArquebus,
            ..
        }
    )));
}

#[test]
fn samurai_impetus_a_unit_that_will_charge_must_make_that_charge_next() {
    let mut b = rolled(HouseRules::default(), |s| s);
    ok(&mut b, Command::ImpetusObeyed(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    // No plain move for the committed unit, and no other unit acts before its charge.
    let why = refused(
        &mut b,
        Command::Move {
            unit: HORSE,
            cross_obstacle: false,
        },
    );
    assert!(why.contains("committed"), "{why}");
    let why = refused(
        &mut b,
        Command::Move {
            unit: YARI,
            cross_obstacle: false,
        },
    );
    assert!(why.contains("committed"), "{why}");
    let why = refused(&mut b, Command::EndActivation);
    assert!(why.contains("committed"), "{why}");
    // Its charge is at the enemy Samurai, for its action.
    let why = refused(&mut b, charge(HORSE, ENEMY_YARI));
    assert!(why.contains("enemy Samurai"), "{why}");
    let forms: Vec<String> = b.action_forms("0.0.0").into_iter().map(|f| f.key).collect();
    assert!(forms.contains(&"charge".to_owned()) && !forms.contains(&"move".to_owned()));
    ok(&mut b, charge(HORSE, ENEMY_HORSE), &[]);
    assert_eq!(
        b.state().actions_left,
        Some(5),
        "the charge cost its action"
    );
    assert!(b.state().ledger.bindings().next().is_none(), "met");
}

#[test]
fn samurai_impetus_ordered_otherwise_tests_bushi_with_its_pool_odds_and_table_faces() {
    let mut b = rolled(HouseRules::default(), |s| s);
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::ImpetusOrderedOtherwise(SAMURAI), &[]);
    // The test is a card of its own: two dice, exact odds, a roll answer.
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what.starts_with("Bushi test"))
        .expect("the impetus Bushi test is due");
    assert_eq!(card.roll.as_ref().unwrap().dice_count(), 2);
    let total: f64 = card.odds.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-12, "fail and pass odds add up");
    assert!(card.roll_answer().is_some());
    // Nothing is done before it is rolled.
    let why = refused(
        &mut b,
        Command::Move {
            unit: SAMURAI,
            cross_obstacle: false,
        },
    );
    assert!(why.contains("settle this first"), "{why}");
    // Table faces: 5+6 = 11 fails Bushi 9, so the unit does as ordered.
    let version = b.version();
    b.answer(
        &card.key,
        card.roll_answer().unwrap(),
        version,
        Dice::Table(TableDice::new(vec![5, 6])),
    )
    .unwrap();
    ok(
        &mut b,
        Command::Move {
            unit: SAMURAI,
            cross_obstacle: false,
        },
        &[],
    );
}

#[test]
fn samurai_impetus_a_committed_unit_is_ordered_otherwise_only_through_its_test() {
    let mut b = rolled(HouseRules::default(), |s| s);
    ok(&mut b, Command::ImpetusObeyed(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    ok(&mut b, Command::ImpetusOrderedOtherwise(HORSE), &[]);
    assert!(b.state().due.contains(&Due::ImpetusTest(HORSE)));
    // 1+1 passes Bushi 9: its spirit overrides the order; it charges for nothing, disordered.
    ok(&mut b, Command::ImpetusTest(HORSE), &[1, 1]);
    assert!(b.state().unit(HORSE).unwrap().disordered);
    ok(&mut b, charge(HORSE, ENEMY_SAMURAI), &[]);
    assert_eq!(
        b.state().actions_left,
        Some(6),
        "driven by Bushi: no action"
    );
}

#[test]
fn clan_activation_charging_over_a_wall_costs_one_more_action() {
    let mut b = activated();
    let forms = b.action_forms("0.0.2");
    let form = forms.iter().find(|f| f.key == "charge").unwrap();
    assert_eq!(form.fields.len(), 2, "target and the wall");
    let preview = b
        .preview_action("0.0.2", "charge", &[0, 1])
        .unwrap()
        .preview
        .unwrap();
    assert!(
        preview.notes.iter().any(|n| n.contains("Costs 2 actions")),
        "{:?}",
        preview.notes
    );
    ok(
        &mut b,
        Command::Charge {
            unit: YARI,
            target: ENEMY_YARI,
            cross_obstacle: true,
        },
        &[],
    );
    assert_eq!(b.state().actions_left, Some(4));
}

#[test]
fn firing_procedure_the_card_odds_follow_cover_marked_hits_and_hits_per_stand() {
    let mut b = activated();
    // Kakizaki's Samurai (hit on 6) behind cover: half the hits count, rounded down, and
    // three count for a stand. Nobushige's Samurai shoot 2d6 per front-rank stand: 6 dice.
    let card = b
        .preview_action("0.0.1", "fire", &[0, 1, 0, 1])
        .unwrap()
        .preview
        .unwrap();
    assert!(card.target.starts_with("6d6, each 6+"), "{}", card.target);
    let stand = card
        .odds
        .iter()
        .find(|o| o.outcome == "a stand lost")
        .unwrap();
    // A stand needs 6 raw hits: every die a six.
    let by_hand = (1.0f64 / 6.0).powi(6);
    assert!(
        (stand.probability - by_hand).abs() < 1e-12,
        "{}",
        stand.probability
    );
    // Two hits already marked: one more counted hit (two raw, in cover) is a stand.
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_SAMURAI),
        &[6, 6, 1, 1, 1, 1],
    );
    assert_eq!(b.state().unit(ENEMY_SAMURAI).unwrap().marked_hits, 2);
    ok(
        &mut b,
        Command::Move {
            unit: SAMURAI,
            cross_obstacle: false,
        },
        &[],
    );
    let card = b
        .preview_action("0.0.3", "fire", &[0, 1, 0, 1])
        .unwrap()
        .preview
        .unwrap();
    let stand = card
        .odds
        .iter()
        .find(|o| o.outcome == "a stand lost")
        .unwrap();
    // The Teppo's 6 dice need 6s too: at least two of them.
    let none = (5.0f64 / 6.0).powi(6);
    let one = 6.0 * (1.0 / 6.0) * (5.0f64 / 6.0).powi(5);
    assert!((stand.probability - (1.0 - none - one)).abs() < 1e-12);
}

#[test]
fn route_and_rally_the_card_names_the_cause_of_the_test() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    let faces = melee_faces(&b, 6, 1);
    ok(&mut b, Command::FightMelee, &faces);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Route test" && c.who.starts_with("Kakizaki's Yari"))
        .unwrap();
    assert!(card.why.contains("lost the melee"), "{}", card.why);

    // A stand lost to fire that leaves a unit at half names its stands.
    let mut b = activated();
    ok(
        &mut b,
        fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
        &[4, 4, 4, 4, 4, 4],
    );
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 4, 1, 1, 1],
    );
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Route test")
        .unwrap();
    assert!(
        card.why.contains("down to 3 of its 6 stands"),
        "{}",
        card.why
    );
}

/// Takeda leaves Kakizaki's Teppo at 3 of 6 stands (its Route test passed), then Uesugi
/// misses and Takeda activates the Yamamoto clan, whose Archers are ready to shoot.
fn teppo_at_half_then_archers(house: HouseRules) -> Battle<Sky> {
    let mut b = activated_with(house);
    ok(
        &mut b,
        fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
        &[4, 4, 4, 4, 4, 4],
    );
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 4, 4, 1, 1, 1],
    );
    ok(&mut b, Command::RouteTest(ENEMY_TEPPO), &[1, 1]);
    ok(&mut b, Command::EndActivation, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[6, 6]);
    ok(&mut b, Command::DeclineGeneral, &[]);
    ok(&mut b, Command::TryActivation(ClanRef(0, 1)), &[1, 1]);
    ok(&mut b, Command::RollActions, &[2, 6]);
    ok(&mut b, Command::NoImpetus(UnitRef(0, 1, 0)), &[]);
    assert_eq!(b.state().unit(ENEMY_TEPPO).unwrap().stands, 3);
    b
}

#[test]
fn route_and_rally_a_unit_left_at_exactly_half_tests_only_under_ruling_half_or_less() {
    // One hit a stand (a house rule), so each hit on Kakizaki's Teppo (6 stands) is a stand.
    for (option, at_half) in [("half_or_less", true), ("under_half", false)] {
        let mut house = ruled("route_threshold", option);
        house
            .overrides
            .insert("casualties.hits_per_stand".into(), 1);
        let mut b = activated_with(house.clone());
        ok(
            &mut b,
            fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
            &[4, 4, 4, 1, 1, 1],
        );
        assert_eq!(b.state().unit(ENEMY_TEPPO).unwrap().stands, 3);
        assert_eq!(
            b.state().due.contains(&Due::Route(ENEMY_TEPPO)),
            at_half,
            "3 of 6 stands under {option}"
        );
        // Under half, 2 of 6, tests under either.
        let mut b = activated_with(house);
        ok(
            &mut b,
            fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
            &[4, 4, 4, 4, 1, 1],
        );
        assert!(
            b.state().due.contains(&Due::Route(ENEMY_TEPPO)),
            "2 of 6 stands under {option}"
        );
    }
}

#[test]
fn route_and_rally_a_weakened_unit_that_loses_no_stand_tests_only_under_ruling_any_hits() {
    let archers = UnitRef(0, 1, 1);
    let mut b = teppo_at_half_then_archers(ruled("route_trigger", "stand_lost"));
    ok(
        &mut b,
        fire(archers, Weapon::Bow, ENEMY_TEPPO),
        &[4, 1, 1, 1, 1, 1],
    );
    assert!(
        !b.state().due.contains(&Due::Route(ENEMY_TEPPO)),
        "one hit marked, no stand lost: no test (Firing Procedure)"
    );

    let mut b = teppo_at_half_then_archers(ruled("route_trigger", "any_hits"));
    ok(
        &mut b,
        fire(archers, Weapon::Bow, ENEMY_TEPPO),
        &[4, 1, 1, 1, 1, 1],
    );
    assert!(
        b.state().due.contains(&Due::Route(ENEMY_TEPPO)),
        "hits taken at half strength (Route and Rally, ruling route_trigger)"
    );
}

#[test]
fn command_and_bushi_the_roster_shows_the_command_that_applies_now() {
    let mut b = activated();
    // Play to the Morale phase: every other clan misses, nobody steps in.
    ok(&mut b, Command::EndActivation, &[]);
    miss_to_morale(&mut b);
    assert_eq!(b.state().phase, Phase::Morale);
    let view = b.view();
    let leader = view.sides[0].groups[0].leader.as_ref().unwrap();
    assert_eq!(leader.rating, 8, "no only-one-side -1 in the Morale phase");
    assert!(
        !leader
            .parts
            .iter()
            .any(|p| p.reason.contains("only this side")),
        "{:?}",
        leader.parts
    );
}

#[test]
fn melee_adjudication_units_fight_without_a_charge_only_when_in_contact() {
    let mut b = activated();
    let forms: Vec<String> = b.action_forms("0.0.1").into_iter().map(|f| f.key).collect();
    assert!(
        !forms.contains(&"melee".to_owned()),
        "no contact, no melee form"
    );
    let why = refused(
        &mut b,
        Command::Melee {
            unit: SAMURAI,
            target: ENEMY_YARI,
        },
    );
    assert!(why.contains("not in contact"), "{why}");
}

#[test]
fn melee_adjudication_equal_hits_leave_the_units_in_contact() {
    let mut b = activated();
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    ok(&mut b, Command::ChargerTest, &[1, 1]);
    ok(&mut b, Command::TargetTest, &[1, 1]);
    // Nobody hits anybody: equal hits, nobody withdraws (ruling melee_tie).
    let faces = melee_faces(&b, 1, 1);
    ok(&mut b, Command::FightMelee, &faces);
    assert_eq!(b.state().in_contact_with(HORSE), vec![ENEMY_YARI]);
    let forms = b.action_forms("1.0.2");
    assert!(
        forms.is_empty() || forms.iter().all(|f| f.key != "melee"),
        "not its activation"
    );
}

#[test]
fn clan_activation_a_routing_units_move_to_the_rear_costs_what_the_table_says() {
    // The rules: no action. A house rule of 1 action is charged to the clan.
    let mut house = HouseRules::default();
    house.overrides.insert("action_costs.rout_move".into(), 1);
    for (house, left) in [(HouseRules::default(), 6), (house, 5)] {
        let mut b = enemy_yari_routed(house);
        ok(&mut b, Command::EndActivation, &[]);
        ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[1, 1]);
        ok(&mut b, Command::RollActions, &[2, 6]);
        assert!(b.state().due.contains(&Due::RoutMove(ENEMY_YARI)));
        ok(
            &mut b,
            Command::RoutMove {
                unit: ENEMY_YARI,
                left_table: false,
            },
            &[],
        );
        assert_eq!(b.state().actions_left, Some(left));
    }
}

#[test]
fn the_morale_phase_a_rallied_unit_may_also_reorder_only_under_ruling_may_reorder() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("rally_then_reorder".into(), "may_reorder".into());
    for (house, reorder) in [(HouseRules::default(), false), (house, true)] {
        let mut b = enemy_yari_routed(house);
        ok(&mut b, Command::EndActivation, &[]);
        while let Phase::Rounds { side } = b.state().phase {
            if b.state().intervention.is_some() {
                ok(&mut b, Command::DeclineGeneral, &[]);
                continue;
            }
            let clan = b.state().untried(side)[0];
            ok(&mut b, Command::TryActivation(clan), &[6, 6]);
        }
        ok(
            &mut b,
            Command::Morale {
                unit: ENEMY_YARI,
                kind: gunbai::rules::sky::state::MoraleKind::Rally,
                by_general: false,
            },
            &[1, 1],
        );
        assert!(!b.state().unit(ENEMY_YARI).unwrap().routing);
        assert_eq!(b.state().due.contains(&Due::Reorder(ENEMY_YARI)), reorder);
    }
}

#[test]
fn clan_activation_a_routing_unit_shoots_at_a_charger_only_under_ruling_routing_may_fire() {
    for (option, fires) in [("not_when_routing", false), ("routing_may_fire", true)] {
        let house = ruled("routing_defensive_fire", option);
        // Kakizaki's Teppo routs (a failed Route test at half strength), then is charged.
        let mut b = rolled(house, |s| s);
        ok(&mut b, Command::NoImpetus(HORSE), &[]);
        ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
        ok(
            &mut b,
            fire(TEPPO, Weapon::Arquebus, ENEMY_TEPPO),
            &[4, 4, 4, 4, 4, 4],
        );
        ok(
            &mut b,
            fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
            &[4, 4, 4, 1, 1, 1],
        );
        ok(&mut b, Command::RouteTest(ENEMY_TEPPO), &[6, 6]);
        assert!(b.state().unit(ENEMY_TEPPO).unwrap().routing);
        // Its arquebuses are loaded: it never fired.
        ok(&mut b, charge(YARI, ENEMY_TEPPO), &[]);
        let stage = b.state().charge().unwrap().stage;
        assert_eq!(
            stage == gunbai::rules::sky::state::ChargeStage::DefensiveFire,
            fires
        );
    }
}
