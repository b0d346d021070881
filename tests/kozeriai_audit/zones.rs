//! Combat Engagement Zones: how far each weapon reaches (ruling `engagement_zones`), and the
//! closing rule's longer weapon. The text gives a reach in words for the chains, the rope and
//! the Kumade (which uses the Katana's zone and reaches 1); the diagrams give the rest.

use gunbai::engine::action::ActionForm;
use gunbai::engine::{Battle, RuleSet as _};
use gunbai::rules::kozeriai::command::{ClashKind, ClashOrder};
use gunbai::rules::kozeriai::numbers::clash;
use gunbai::rules::kozeriai::state::Stage;
use gunbai::rules::kozeriai::{Command, Kozeriai};

use super::*;

fn at_range(order: &ClashOrder, kind: ClashKind, range: u32) -> Command {
    let mut o = order.clone();
    o.kind = kind;
    o.range = range;
    Command::Clash(o)
}

fn fighting(house: gunbai::reference::HouseRules) -> Battle<Kozeriai> {
    let mut b = battle_with(house);
    at(&mut b, 0, Stage::Fighting);
    b
}

/// The reach the rules in force give a weapon's ordinary stroke.
fn stroke_reach(b: &Battle<Kozeriai>, weapon: &str) -> Option<u32> {
    clash::reach(
        b.rules(),
        b.rules().weapon(weapon).unwrap(),
        ClashKind::Strike,
    )
}

#[test]
fn combat_engagement_zones_a_katana_reaches_one_hex_as_the_kumade_that_uses_its_zone() {
    let katana = strike(TARO, "Katana", HACHI, "Katana");
    let kumade = strike(KUSA, "Kumade", HACHI, "Katana");
    let mut b = fighting(ruled("engagement_zones", "diagram_reach"));
    let why = refused(&mut b, at_range(&katana, ClashKind::Strike, 2), &[5, 5]);
    assert!(
        why.contains("a Katana reaches 1 hex, not 2")
            && why.contains("(kozeriai: Combat Engagement Zones)"),
        "{why}"
    );
    let why = refused(&mut b, at_range(&kumade, ClashKind::Strike, 2), &[5, 5]);
    assert!(why.contains("a Kumade reaches 1 hex, not 2"), "{why}");
    // Two swords (Ni-Ten Jitsu) reach no further than one.
    let mut two = strike(KENSEI, "Katana", HACHI, "Katana");
    two.attacker.ni_ten = true;
    let why = refused(&mut b, at_range(&two, ClashKind::Strike, 2), &[5, 5]);
    assert!(why.contains("a Katana reaches 1 hex, not 2"), "{why}");
    ok(&mut b, at_range(&katana, ClashKind::Strike, 1), &[5, 5]);
    // The other reading: the umpire reads the Katana's diagram on the table; the Kumade's one
    // hex is in words and still holds.
    let mut b = fighting(ruled("engagement_zones", "umpire_reads_diagram"));
    assert_eq!(stroke_reach(&b, "Katana"), None);
    let why = refused(&mut b, at_range(&kumade, ClashKind::Strike, 2), &[5, 5]);
    assert!(why.contains("a Kumade reaches 1 hex, not 2"), "{why}");
    ok(&mut b, at_range(&katana, ClashKind::Strike, 2), &[5, 5]);
}

#[test]
fn combat_engagement_zones_spear_glaive_and_staff_reach_two_hexes_clubs_and_daggers_one() {
    let mut b = fighting(ruled("engagement_zones", "diagram_reach"));
    // The Yari from the saddle, the Bo: 2 hexes, not 3.
    let yari = strike(YUMI, "Yari", HACHI, "Katana");
    let why = refused(&mut b, at_range(&yari, ClashKind::Strike, 3), &[5, 5]);
    assert!(why.contains("a Yari reaches 2 hexes, not 3"), "{why}");
    ok(&mut b, at_range(&yari, ClashKind::Strike, 2), &[0, 9]);
    let bo = strike(SOHEI, "Bo", JO, "Yari");
    let why = refused(&mut b, at_range(&bo, ClashKind::Strike, 3), &[5, 5]);
    assert!(why.contains("a Bo reaches 2 hexes, not 3"), "{why}");
    ok(&mut b, at_range(&bo, ClashKind::Strike, 2), &[0, 9]);
    // West's turn: Goro's Naginata reaches 2.
    at(&mut b, 1, Stage::Fighting);
    let naginata = strike(GORO, "Naginata", TARO, "Katana");
    let why = refused(&mut b, at_range(&naginata, ClashKind::Strike, 3), &[5, 5]);
    assert!(why.contains("a Naginata reaches 2 hexes, not 3"), "{why}");
    ok(&mut b, at_range(&naginata, ClashKind::Strike, 2), &[0, 9]);
    // The rest of the diagrams, by the reach the rules give their weapons.
    for (weapon, reach) in [
        ("Tetsubo", 2),
        ("Ono", 2),
        ("Konsaibo", 2),
        ("Nagamaki", 2),
        ("Su-yari", 2),
        ("Mojiri", 2),
        ("Tessen", 1),
        ("Tanto", 1),
        ("Wakizashi", 1),
        ("Jujutsu", 1),
    ] {
        assert_eq!(stroke_reach(&b, weapon), Some(reach), "{weapon}");
    }
}

#[test]
fn kusarigama_or_nagegama_the_flail_and_the_entangling_reach_three_hexes_the_sickle_one() {
    let mut b = fighting(HouseRules::default());
    let kusa = strike(KUSA, "Kusarigama", HACHI, "Katana");
    for kind in [ClashKind::Chain, ClashKind::Entangle] {
        let why = refused(&mut b, at_range(&kusa, kind, 4), &[0, 9]);
        assert!(why.contains("reaches 3 hexes, not 4"), "{kind:?}: {why}");
    }
    let why = refused(&mut b, at_range(&kusa, ClashKind::Strike, 2), &[0, 9]);
    assert!(why.contains("reaches 1 hex, not 2"), "the sickle: {why}");
    ok(&mut b, at_range(&kusa, ClashKind::Entangle, 3), &[0, 9]);
}

#[test]
fn manrikigusari_reaches_two_hexes() {
    let mut b = fighting(HouseRules::default());
    let chain = strike(KUSA, "Manrikigusari", HACHI, "Katana");
    for kind in [ClashKind::Strike, ClashKind::Entangle] {
        let why = refused(&mut b, at_range(&chain, kind, 3), &[0, 9]);
        assert!(
            why.contains("a Manrikigusari reaches 2 hexes, not 3"),
            "{why}"
        );
    }
    ok(&mut b, at_range(&chain, ClashKind::Strike, 2), &[0, 9]);
}

#[test]
fn feruzue_the_short_spear_reaches_one_hex_the_chain_three() {
    let mut b = fighting(HouseRules::default());
    let feruzue = strike(KUSA, "Feruzue", HACHI, "Katana");
    let why = refused(&mut b, at_range(&feruzue, ClashKind::Strike, 2), &[0, 9]);
    assert!(why.contains("a Feruzue reaches 1 hex, not 2"), "{why}");
    ok(&mut b, at_range(&feruzue, ClashKind::Chain, 3), &[0, 9]);
}

#[test]
fn mojiri_and_sodegarami_restrain_from_the_yari_s_two_hexes() {
    let mut b = fighting(HouseRules::default());
    let pole = strike(SOHEI, "Sodegarami", HACHI, "Katana");
    let why = refused(&mut b, at_range(&pole, ClashKind::Entangle, 3), &[0, 9]);
    assert!(why.contains("a Sodegarami reaches 2 hexes, not 3"), "{why}");
    ok(&mut b, at_range(&pole, ClashKind::Entangle, 2), &[0, 9]);
}

#[test]
fn closing_rule_only_a_weapon_that_outreaches_its_opponent_s_attacks_a_figure_closing() {
    let closing = |a, aw: &str, d, dw: &str| {
        let mut o = strike(a, aw, d, dw);
        o.closing = true;
        Command::Clash(o)
    };
    let mut b = battle_with(ruled("engagement_zones", "diagram_reach"));
    // While East moves, Jo's Yari (2) meets Taro closing with his Katana (1).
    ok(&mut b, closing(JO, "Yari", TARO, "Katana"), &[0, 9]);
    // A Katana does not outreach a Yari, nor another Katana.
    let why = refused(&mut b, closing(TARO, "Katana", JO, "Yari"), &[0, 9]);
    assert!(
        why.contains("a Katana (reach 1) does not outreach a Yari (reach 2)")
            && why.contains("(kozeriai: Closing Rule)"),
        "{why}"
    );
    let why = refused(&mut b, closing(GORO, "Katana", TARO, "Katana"), &[0, 9]);
    assert!(why.contains("does not outreach"), "{why}");
    // Where the umpire reads the diagrams, which weapon is longer is the table's to say.
    let mut b = battle_with(ruled("engagement_zones", "umpire_reads_diagram"));
    ok(&mut b, closing(GORO, "Katana", TARO, "Katana"), &[0, 9]);
}

/// The values of a form: the first option of every field, nothing ticked, and those named
/// set as given.
fn answered(form: &ActionForm, answers: &[(&str, usize)]) -> Vec<usize> {
    let mut values: Vec<usize> = vec![0; form.fields.len()];
    for (label, value) in answers {
        values[field_at(form, label)] = *value;
    }
    values
}

/// Where the field labelled `label` is on the form.
fn field_at(form: &ActionForm, label: &str) -> usize {
    form.fields
        .iter()
        .position(|f| f.label() == label)
        .unwrap_or_else(|| panic!("no field `{label}`"))
}

#[test]
fn combat_engagement_zones_the_attack_form_asks_whether_the_weapon_can_attack_the_opponent_s_hex() {
    let mut b = fighting(HouseRules::default());
    let form = Kozeriai::action_forms(b.rules(), b.state(), &TARO.id())
        .into_iter()
        .find(|f| f.key == "attack")
        .expect("the attack form");
    let question = "Opponent in a hex its weapon can attack (its zone diagram)";
    let plan =
        |values: &[usize]| Kozeriai::action(b.rules(), b.state(), &TARO.id(), "attack", values);
    // The question starts unanswered, and the attack waits for the answer.
    let at = field_at(&form, question);
    assert_eq!(form.defaults()[at], None);
    let mut unanswered: Vec<usize> = vec![0; form.fields.len()];
    unanswered.truncate(at);
    let why = form.check(&unanswered).unwrap_err();
    assert!(why.contains(question), "{why}");
    // The diagram says it cannot: the attack is refused, on the form and by the engine.
    let why = plan(&answered(&form, &[(question, 1)])).unwrap_err();
    assert!(why.contains("cannot attack the hex"), "{why}");
    // A body charge moves into the opponent's hex: no diagram is read for it.
    let charge = plan(&answered(&form, &[("Attack", 1)])).expect("a body charge");
    assert!(matches!(
        charge.command,
        Command::Clash(ClashOrder {
            kind: ClashKind::BodyCharge,
            attackable: None,
            ..
        })
    ));
    // It can: the attack is fought, the answer journalled with it.
    let yes = plan(&answered(&form, &[(question, 0)])).expect("an attack");
    let Command::Clash(order) = &yes.command else {
        panic!("{:?}", yes.command);
    };
    assert_eq!(order.attackable, Some(true));
    let mut barred = order.clone();
    barred.attackable = Some(false);
    let why = refused(&mut b, Command::Clash(barred), &[5, 5]);
    assert!(why.contains("cannot attack the hex"), "{why}");
    ok(&mut b, yes.command, &[5, 5]);
}
