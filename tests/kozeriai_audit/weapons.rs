//! Rules of arms whose ledger rows named only tests of tables: a parry that wins, full
//! armour, a dashing body charge, the Feruzue, the Kumade and the bows without a class, each
//! driven through the engine.

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::kozeriai::command::{Action, ClashKind};
use gunbai::rules::kozeriai::numbers::clash::{Outcome, UNARMED};
use gunbai::rules::kozeriai::state::Stage;
use gunbai::rules::kozeriai::{Command, Event, Kozeriai};

use super::*;

/// A full-armoured swordsman and two archers with the unclassed bows, against the usual West.
const OYOROI: &str = r#"(
    name: "East",
    figures: [
        (name: "Oyoroi", player: "P1", skills: {"Katana": 0}, armour: Full),
        (name: "Daikyu", player: "P1", skills: {"Daikyu": 4}),
        (name: "O-yumi", player: "P1", skills: {"O-yumi": 4}),
    ],
)"#;

fn battle_of(east: &str) -> Battle<Kozeriai> {
    let armies = [army("east.ron", east), army("west.ron", WEST)];
    Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("battle starts")
}

fn outcome(events: &[Event]) -> Outcome {
    events
        .iter()
        .find_map(|e| match e {
            Event::Clash { dice, .. } => Some(dice.outcome.clone()),
            _ => None,
        })
        .expect("a clash event")
}

#[test]
fn exchanging_blows_a_parry_that_wins_harms_nobody() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Taro strikes (0 + 3) and Hachi only parries (9 + 0): Hachi's score is higher by 6, but a
    // parry neither wounds nor pushes back.
    let events = ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[0, 9],
    );
    let o = outcome(&events);
    assert_eq!((o.wounds, o.push_back), (0, false), "{o:?}");
    assert_eq!(fig(&b, TARO).wounds, 0);
    assert!(b.state().due.is_empty(), "no push back to settle");
}

#[test]
fn armour_full_armour_ignores_three_wounds_of_a_blow() {
    let oyoroi = FigureRef(0, 0);
    let mut b = battle_of(OYOROI);
    at(&mut b, 1, Stage::Fighting);
    // Hachi 5 + 0 against Oyoroi 0 + 0: 5 wounds, 3 of them stopped by full armour.
    let events = ok(
        &mut b,
        Command::Clash(strike(HACHI, "Katana", oyoroi, "Katana")),
        &[5, 0],
    );
    assert_eq!(outcome(&events).wounds, 2);
    assert_eq!(fig(&b, oyoroi).wounds, 2);
}

#[test]
fn body_charges_a_dashing_charger_takes_no_dashing_penalty() {
    // Taro dashes 3 hexes, then charges bare-handed (0) at Hachi (0 + 2, a standard weapon
    // against unarmed): 5 against 3 + 2 goes home; with the dashing -3 it would be beaten.
    let mut b = battle();
    act(&mut b, TARO, Action::Dash(3));
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    let events = ok(&mut b, Command::Clash(charge), &[5, 3]);
    assert!(outcome(&events).charge_home);
    // A plain stroke after the dash does take it: 5 - 3 + 3 against 3 + 0 is a parry.
    let mut b = battle();
    act(&mut b, TARO, Action::Dash(3));
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[5, 0],
    );
    assert_eq!(outcome(&events).winner, Some(0), "5 - 3 + 3 = 5 against 0");
    assert_eq!(fig(&b, HACHI).wounds, 5);
}

#[test]
fn feruzue_fought_as_a_short_spear_or_a_chain_of_reach_3_that_does_not_entangle() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut chain = strike(KUSA, "Feruzue", HACHI, "Katana");
    chain.kind = ClashKind::Chain;
    chain.range = 4;
    let far = refused(&mut b, Command::Clash(chain.clone()), &[0, 9]);
    assert!(far.contains("reaches 3 hexes, not 4"), "{far}");
    let mut entangle = chain.clone();
    entangle.kind = ClashKind::Entangle;
    entangle.range = 1;
    let why = refused(&mut b, Command::Clash(entangle), &[0, 9]);
    assert!(why.contains("cannot entangle"), "{why}");
    chain.range = 3;
    ok(&mut b, Command::Clash(chain), &[0, 9]);
    // The spear, next turn, at a hex.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(KUSA, "Feruzue", HACHI, "Katana")),
        &[0, 9],
    );
}

/// Only a weapon with a chain makes a chain attack: a Katana's is refused, naming why.
#[test]
fn weapons_a_chain_attack_needs_a_weapon_with_a_chain() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut chain = strike(TARO, "Katana", HACHI, "Katana");
    chain.kind = ClashKind::Chain;
    let why = refused(&mut b, Command::Clash(chain), &[0, 9]);
    assert!(why.contains("a Katana has no chain attack"), "{why}");
}

#[test]
fn feruzue_the_hidden_chain_gets_plus_2_surprise_on_its_first_use_only() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut chain = strike(KUSA, "Feruzue", HACHI, "Katana");
    chain.kind = ClashKind::Chain;
    let first = modifier_values(b.rules(), b.state(), &chain, 0);
    assert!(has(&first, "surprise", 2), "{first:?}");
    ok(&mut b, Command::Clash(chain.clone()), &[0, 9]);
    // Two turns on, the chain recovered: no surprise the second time.
    next_turn(&mut b);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let again = modifier_values(b.rules(), b.state(), &chain, 0);
    assert!(
        !again.iter().any(|(r, _)| r.contains("surprise")),
        "{again:?}"
    );
    ok(&mut b, Command::Clash(chain), &[0, 9]);
}

#[test]
fn kumade_strikes_blunt_at_one_hex_only() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut far = strike(KUSA, "Kumade", HACHI, "Katana");
    far.range = 2;
    let why = refused(&mut b, Command::Clash(far), &[9, 0]);
    assert!(why.contains("reaches 1 hex, not 2"), "{why}");
    // At one hex a win by 9 + 2 = 11 is distractions, not wounds.
    let events = ok(
        &mut b,
        Command::Clash(strike(KUSA, "Kumade", HACHI, "Katana")),
        &[9, 0],
    );
    let o = outcome(&events);
    assert!(o.distractions > 0 && o.wounds == 0, "{o:?}");
    assert_eq!(fig(&b, HACHI).wounds, 0);
}

#[test]
fn weapons_glossary_the_daikyu_and_the_o_yumi_shoot_as_bows() {
    // Ruling unclassed_bows: the two bows without a class shoot as bows, at a bow's range.
    for (archer, weapon) in [(FigureRef(0, 1), "Daikyu"), (FigureRef(0, 2), "O-yumi")] {
        let mut b = battle_of(OYOROI);
        at(&mut b, 0, Stage::Fighting);
        let events = ok(
            &mut b,
            Command::Shoot(shot(archer, HACHI, weapon, 5)),
            &[9, 9],
        );
        assert!(
            events.iter().any(|e| matches!(e, Event::Shot { .. })),
            "{weapon}: {events:?}"
        );
    }
}

/// Grappling takes close-in weapons or bare hands on both sides: a Katana on either side is
/// refused; a Tanto against bare hands is fought.
#[test]
fn grappling_only_close_in_weapons_or_bare_hands_serve() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let grapple = |aw: &str, dw: &str| {
        let mut order = strike(KENSEI, aw, HACHI, dw);
        order.kind = ClashKind::Grapple;
        numbers(b.rules(), b.state(), &order)
    };
    for (aw, dw) in [("Katana", UNARMED), ("Tanto", "Katana")] {
        let why = grapple(aw, dw).expect_err("a Katana does not grapple");
        assert!(
            why.contains("only close-in weapons"),
            "{aw} against {dw}: {why}"
        );
    }
    assert!(grapple("Tanto", UNARMED).is_ok());
}

/// Ni-Ten Jitsu and Iaijutsu are sword techniques: either one with a weapon that is not a
/// sword is refused.
#[test]
fn ni_ten_jitsu_and_iaijutsu_need_a_sword() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let mut ni_ten = strike(GORO, "Naginata", TARO, "Katana");
    ni_ten.attacker.ni_ten = true;
    let why = numbers(b.rules(), b.state(), &ni_ten).expect_err("a Naginata");
    assert!(why.contains("not a sword"), "{why}");
    let mut iai = strike(KENSEI, "Tanto", HACHI, "Katana");
    iai.attacker.iaijutsu = true;
    let why = numbers(b.rules(), b.state(), &iai).expect_err("a Tanto");
    assert!(why.contains("not a sword"), "{why}");
}

/// A heroic figure ignores a wound of each attack only where the optional heroic rule is
/// played, and a figure that is not heroic never does.
#[test]
fn heroic_super_samurai_ignore_a_wound_only_under_the_optional_rule() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let order = strike(KENSEI, "Katana", HACHI, "Katana");
    let heroic = |b: &Battle<Kozeriai>| {
        let n = numbers(b.rules(), b.state(), &order).expect("a clash");
        (n.sides[0].heroic, n.sides[1].heroic)
    };
    assert_eq!(heroic(&battle()), (0, 0), "the optional rule off");
    let (kensei, hachi) = heroic(&battle_with(with_optional(&["heroic"])));
    assert!(kensei > 0, "Kensei is heroic");
    assert_eq!(hachi, 0, "Hachi is not");
}
