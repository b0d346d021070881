//! From the Sky we Came: every modifier a rule puts on a test is on its card, with its sign,
//! and the card's words give the roll the engine makes — the umpire and the players read the
//! why of each number there (Turn Sequence, Charge and Bushi Test, Route and Rally, Firing
//! Procedure, the optional first Bushi roll).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod sky_support;
use sky_support::*;

use gunbai::engine::{Battle, Check};
use gunbai::reference::HouseRules;
use gunbai::rules::sky::roster::Weapon;
use gunbai::rules::sky::state::{ClanRef, UnitRef};
use gunbai::rules::sky::{Command, Sky};

/// The card due now whose title is `what`.
fn card(b: &Battle<Sky>, what: &str) -> Check<Command> {
    b.pending()
        .into_iter()
        .find(|c| c.what == what)
        .unwrap_or_else(|| panic!("no card {what}"))
}

/// The value of the card's modifier whose reason holds `words`, if it shows one.
fn shown(card: &Check<Command>, words: &str) -> Option<i64> {
    card.modifiers
        .iter()
        .find(|m| m.reason.contains(words))
        .map(|m| m.value)
}

#[test]
fn turn_sequence_an_attached_leader_shows_one_less_command_on_the_activation_card() {
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    let attach = Command::Attach {
        clan: TAKEDA,
        unit: Some(1),
    };
    ok(&mut b, attach, &[]);
    let c = card(&b, "Activate the Takeda Nobushige clan");
    assert_eq!(shown(&c, "attached to a unit"), Some(-1));
    assert_eq!(
        c.target,
        "2d6 at or under Command 7 (Takeda Nobushige 武田信繁's Command 8, changed as below)"
    );
    let c = card(&b, "Activate the Yamamoto clan");
    assert_eq!(shown(&c, "attached to a unit"), None);
    assert_eq!(
        c.target,
        "2d6 at or under Command 8 (Yamamoto Kansuke 山本勘助's Command)"
    );
}

#[test]
fn turn_sequence_the_other_sides_clans_roll_at_full_command_while_both_sides_have_clans_to_try() {
    // Uesugi takes the first round: its clans roll at 8, not one lower, and 8 passes.
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[1, 1, 6, 6]);
    let c = card(&b, "Activate the Kakizaki clan");
    assert_eq!(
        c.target,
        "2d6 at or under Command 8 (Kakizaki Kageie 柿崎景家's Command)"
    );
    assert_eq!(shown(&c, "only this side"), None);
    ok(&mut b, Command::TryActivation(ClanRef(1, 0)), &[4, 4]);
    assert!(
        b.state().due.iter().next().is_some(),
        "activated: its actions are due"
    );
    // Once Uesugi has none left to try, Takeda's last clans show the -1.
    let mut b = battle_of(HouseRules::default(), |s| s);
    ok(&mut b, Command::RollInitiative, &[6, 6, 1, 1]);
    miss_while(&mut b, |b| {
        !b.state().untried(1).is_empty() || b.state().intervention.is_some()
    });
    let c = card(&b, "Activate the Kosaka clan");
    assert_eq!(shown(&c, "only this side"), Some(-1));
    assert_eq!(
        c.target,
        "2d6 at or under Command 7 (Kōsaka Masanobu 高坂昌信's Command 8, changed as below)"
    );
}

#[test]
fn charge_and_bushi_test_the_leaders_2_off_the_dice_is_on_the_card() {
    let mut b = activated();
    let attach = Command::Attach {
        clan: TAKEDA,
        unit: Some(0),
    };
    ok(&mut b, attach, &[]);
    ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
    let c = card(&b, "Charge test");
    assert_eq!(shown(&c, "Clan Leader attached"), Some(-2));
    assert_eq!(c.target, "2d6 - 2 at or under Bushi 9 (Samurai Bushi)");
}

#[test]
fn route_and_rally_a_point_a_stand_lost_is_on_the_card_and_follows_the_table() {
    let b = teppo_at_half(HouseRules::default());
    let c = card(&b, "Route test");
    assert_eq!(shown(&c, "stands lost"), Some(3));
    assert_eq!(c.target, "2d6 + 3 at or under Bushi 7 (Ashigaru Bushi)");
    // A house rule of 2 a stand doubles it: 1 + 1 + 6 = 8 fails Bushi 7 (it would hold at + 3).
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("route_test.per_stand_lost".into(), 2);
    let mut b = teppo_at_half(house);
    let c = card(&b, "Route test");
    assert_eq!(shown(&c, "stands lost"), Some(6));
    assert_eq!(c.target, "2d6 + 6 at or under Bushi 7 (Ashigaru Bushi)");
    ok(&mut b, Command::RouteTest(ENEMY_TEPPO), &[1, 1]);
    assert!(b.state().unit(ENEMY_TEPPO).unwrap().routing);
}

#[test]
fn command_and_bushi_optional_the_first_bushi_rolls_change_is_on_every_later_card() {
    for (face, change) in [(1, Some(-1)), (3, None), (6, Some(1))] {
        let mut house = HouseRules::default();
        house.optional.insert("first_bushi_roll".into());
        let mut b = activated_with(house);
        ok(&mut b, charge(HORSE, ENEMY_YARI), &[]);
        ok(&mut b, Command::SpiritRoll(HORSE), &[face]);
        let c = card(&b, "Charge test");
        assert_eq!(shown(&c, "first Bushi test roll"), change, "a {face}");
    }
}

#[test]
fn firing_procedure_a_disordered_units_half_dice_are_on_the_card() {
    let mut b = activated_with(one_hit_a_stand(HouseRules::default()));
    // Kakizaki's Teppo loses a stand, disordered; it shoots at the Yari that charges it.
    ok(
        &mut b,
        fire(SAMURAI, Weapon::Bow, ENEMY_TEPPO),
        &[4, 1, 1, 1, 1, 1],
    );
    ok(&mut b, charge(YARI, ENEMY_TEPPO), &[]);
    let c = card(&b, "Defensive fire");
    assert_eq!(shown(&c, "disordered: half the dice"), Some(-3));
    assert!(c.target.starts_with("3d6, each 5+"), "{}", c.target);
}

#[test]
fn firing_procedure_the_foot_shooters_front_arc_is_on_the_fire_form_and_the_defensive_fire_card() {
    let mut b = activated();
    let note = form_note(&b, "0.0.1", "fire");
    assert!(note.contains("only within 45° of straight ahead"), "{note}");
    // Kakizaki's Teppo, charged, may shoot only at a charger in front of it.
    ok(&mut b, charge(HORSE, ENEMY_TEPPO), &[]);
    let c = card(&b, "Defensive fire");
    assert!(
        c.notes
            .iter()
            .any(|n| n.contains("a charger from the flank or rear is not shot at")),
        "{:?}",
        c.notes
    );
    // A mounted bow shoots any way: its form says nothing of an arc.
    let mut b = rolled(HouseRules::default(), |s| {
        s.replace(
            "(name: \"Nobushige's Horse\", troop: Samurai, mounted: true,",
            "(name: \"Nobushige's Horse\", troop: Samurai, mounted: true, weapons: [Bow],",
        )
    });
    ok(&mut b, Command::NoImpetus(HORSE), &[]);
    ok(&mut b, Command::NoImpetus(SAMURAI), &[]);
    let note = form_note(&b, "0.0.0", "fire");
    assert!(!note.contains("45°"), "{note}");
}

#[test]
fn melee_adjudication_example_the_disordered_halving_is_on_the_card_15_dice_less_8() {
    // Kansuke's Horse, three mounted Samurai stands, charging while disordered: 15 dice less 8.
    let b = activated();
    let mut state = b.state().clone();
    let horse = UnitRef(0, 1, 0);
    state.unit_mut(horse).unwrap().disordered = true;
    let pool = gunbai::rules::sky::numbers::melee(b.rules(), &state, horse, ENEMY_YARI, true);
    let halved = pool
        .reasons
        .iter()
        .find(|m| m.reason.contains("disordered: half the dice"))
        .map(|m| m.value);
    assert_eq!((pool.dice, halved), (7, Some(-8)));
}

#[test]
fn the_morale_phase_the_generals_retry_card_says_what_he_retries_and_what_it_costs() {
    let mut b = enemy_yari_routed(HouseRules::default());
    ok(&mut b, Command::EndActivation, &[]);
    miss_to_morale(&mut b);
    let rally = gunbai::rules::sky::state::MoraleKind::Rally;
    let failed = Command::Morale {
        unit: ENEMY_YARI,
        kind: rally,
        by_general: false,
    };
    ok(&mut b, failed, &[6, 6]);
    let c = card(&b, "General retries the rally");
    assert!(c.why.contains("loses 1 Command (Dishonor)"), "{}", c.why);
    let lines = ok(
        &mut b,
        Command::Morale {
            unit: ENEMY_YARI,
            kind: rally,
            by_general: true,
        },
        &[6, 6],
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("failed to rally Kakizaki's Yari")),
        "{lines:#?}"
    );
    // A re-order's retry says so.
    let mut b = activated();
    horse_falters_to_morale(&mut b);
    let failed = Command::Morale {
        unit: HORSE,
        kind: gunbai::rules::sky::state::MoraleKind::Reorder,
        by_general: false,
    };
    ok(&mut b, failed, &[6, 6]);
    card(&b, "General retries the re-order");
}
