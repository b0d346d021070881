//! Every cause a command declares is checked against what the state knows (issue 44): a trip
//! roll's cause, a body hex, an outnumbering, a charge on a moving defender, a shooter being
//! shot at, the weapon a deflecting target holds, a collision of horses. Each is refused where
//! the state contradicts it and taken where it does not.

use gunbai::engine::RuleSet as _;
use gunbai::rules::kozeriai::command::{Action, ClashKind, Obstacle, Ride};
use gunbai::rules::kozeriai::numbers::clash::{self, UNARMED};
use gunbai::rules::kozeriai::numbers::shooting;
use gunbai::rules::kozeriai::state::{Due, Speed, Stage, TripCause};
use gunbai::rules::kozeriai::{Command, Event, Kozeriai};

use super::*;

/// Kusa's sickle kills Hachi (3 + 9 against 0 + 0 + 1, a standard weapon against a short
/// one): a body lies on the ground.
fn a_body(b: &mut Battle<Kozeriai>) {
    at(b, 0, Stage::Fighting);
    ok(
        b,
        Command::Clash(strike(KUSA, "Kusarigama", HACHI, "Katana")),
        &[9, 0],
    );
    assert!(fig(b, HACHI).dead);
}

/// Taro pushes Jo back by one (3 + 2 against 2 + 2 + 0).
fn push_jo_back(b: &mut Battle<Kozeriai>) {
    ok(
        b,
        Command::Clash(strike(TARO, "Katana", JO, "Yari")),
        &[2, 2],
    );
    assert_eq!(b.state().due, vec![Due::PushedBack(JO)]);
}

/// The causes the Trip roll form offers a figure now, in words.
fn trip_form_causes(b: &Battle<Kozeriai>, f: FigureRef) -> Vec<String> {
    Kozeriai::action_forms(b.rules(), b.state(), &f.id())
        .into_iter()
        .find(|form| form.key == "trip")
        .map(|form| match &form.fields[0] {
            gunbai::engine::action::Field::Choice { options, .. } => options.clone(),
            other => panic!("{other:?}"),
        })
        .unwrap_or_default()
}

#[test]
fn tripping_over_a_body_an_obstacle_or_a_slope_only_ends_a_push_back() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Nothing pushed Jo back: no body, obstacle or slope to trip on.
    for cause in [TripCause::Obstacle, TripCause::Uphill, TripCause::Body] {
        let why = refused(&mut b, Command::Trip(JO, cause), &[0]);
        assert!(why.contains("no push back to settle"), "{cause:?}: {why}");
    }
    assert!(trip_form_causes(&b, JO).is_empty());
    push_jo_back(&mut b);
    // Pushed back into a hedge: the umpire may record the roll at once (4 or less).
    let events = ok(&mut b, Command::Trip(JO, TripCause::Obstacle), &[4]);
    assert!(events.contains(&Event::Settled(Due::PushedBack(JO))));
    assert!(fig(&b, JO).lying);
}

#[test]
fn tripping_over_a_body_needs_a_figure_on_the_ground() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    push_jo_back(&mut b);
    // Nobody lies on the ground: the card does not offer a body, nor may one be declared.
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Pushed back")
        .expect("the push back card");
    assert!(
        !card.answers.iter().any(|a| a.label.contains("body")),
        "{:?}",
        card.answers
    );
    let why = refused(&mut b, Command::PushedInto(JO, TripCause::Body), &[]);
    assert!(why.contains("no body"), "{why}");
    let why = refused(&mut b, Command::Trip(JO, TripCause::Body), &[0]);
    assert!(why.contains("no body"), "{why}");
    ok(&mut b, Command::NoHazard(JO), &[]);
    // Once a body lies on the ground, a push back may end on it (3 or less trips).
    let mut b = battle();
    a_body(&mut b);
    push_jo_back(&mut b);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Pushed back")
        .expect("the push back card");
    assert!(card.answers.iter().any(|a| a.label.contains("body")));
    ok(&mut b, Command::PushedInto(JO, TripCause::Body), &[]);
    assert_eq!(b.state().due, vec![Due::Trip(JO, TripCause::Body)]);
    let events = ok(&mut b, Command::Trip(JO, TripCause::Body), &[4]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Tripped {
            fell: false,
            needed: 3,
            ..
        }
    )));
}

#[test]
fn tripping_over_an_entangled_victim_dices_only_when_its_entangling_requires() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Trip(HACHI, TripCause::Entangled), &[0]);
    assert!(why.contains("entangl"), "{why}");
    // The Manrikigusari entangles (3 + 2 surprise + 9 against 1 + 0) but trips no one.
    let mut chain = strike(KUSA, "Manrikigusari", HACHI, "Katana");
    chain.kind = ClashKind::Entangle;
    ok(&mut b, Command::Clash(chain), &[9, 0]);
    assert!(fig(&b, HACHI).entangled && b.state().due.is_empty());
    let why = refused(&mut b, Command::Trip(HACHI, TripCause::Entangled), &[0]);
    assert!(why.contains("entangl"), "{why}");
    assert!(
        !trip_form_causes(&b, HACHI)
            .iter()
            .any(|c| c.contains("ntangled")),
        "{:?}",
        trip_form_causes(&b, HACHI)
    );
}

#[test]
fn tripping_over_a_jump_the_move_did_not_ask_is_recorded_only_after_a_dash() {
    let mut b = battle_with(with_optional(&["exhaustion"]));
    let why = refused(&mut b, Command::Trip(TARO, TripCause::Jump), &[9]);
    assert!(why.contains("has not dashed"), "{why}");
    act(
        &mut b,
        TARO,
        step(gunbai::rules::kozeriai::command::Step::Forward),
    );
    let why = refused(&mut b, Command::Trip(TARO, TripCause::Jump), &[9]);
    assert!(why.contains("has not dashed"), "{why}");
    // Kusa dashes over a low hedge: the umpire records the jump (no armour: 5 or less).
    act(&mut b, KUSA, Action::Dash(2));
    assert_eq!(
        trip_form_causes(&b, KUSA),
        vec!["Jumping a low obstacle".to_owned()]
    );
    let events = ok(&mut b, Command::Trip(KUSA, TripCause::Jump), &[6]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Tripped {
            fell: false,
            needed: 5,
            ..
        }
    )));
    // The jump costs its 2 stamina at the turn's end (Exhaustion).
    assert!(fig(&b, KUSA).this_turn.jumped);
    let before = fig(&b, KUSA).stamina.unwrap();
    next_turn(&mut b);
    assert_eq!(fig(&b, KUSA).stamina, Some(before - 2));
}

#[test]
fn tripping_over_slippery_ground_trips_a_figure_that_fought_once_a_turn() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Trip(TARO, TripCause::Slippery), &[9]);
    assert!(why.contains("has not fought"), "{why}");
    // Taro fights (a parry, 0 + 3 against 9 + 0): the umpire may record the mud it stood in.
    ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[0, 9],
    );
    ok(&mut b, Command::Trip(TARO, TripCause::Slippery), &[9]);
    let why = refused(&mut b, Command::Trip(TARO, TripCause::Slippery), &[9]);
    assert!(why.contains("already"), "{why}");
}

#[test]
fn tactical_factors_a_body_hex_needs_a_figure_on_the_ground() {
    let mut b = battle();
    let mut order = strike(TARO, "Katana", JO, "Yari");
    order.defender.situation.body_hex = true;
    let why = clash::numbers(b.rules(), b.state(), &order).unwrap_err();
    assert!(why.contains("cannot stand in a body hex"), "{why}");
    a_body(&mut b);
    let mods = modifier_values(b.rules(), b.state(), &order, 1);
    assert!(has(&mods, "body hex", -2), "{mods:?}");
    ok(&mut b, Command::Clash(order), &[5, 5]);
}

#[test]
fn bring_out_your_dead_a_figure_lying_down_is_a_body_unless_only_the_dead_are_ruled() {
    // Hachi lies down (alive): a body under any_figure_down, none under the_dead_only.
    let lying_hachi = |house| {
        let mut b = battle_with(house);
        at(&mut b, 1, Stage::Moving);
        act(&mut b, HACHI, Action::LieDown);
        assert!(fig(&b, HACHI).lying && !fig(&b, HACHI).dead);
        at(&mut b, 0, Stage::Fighting);
        b
    };
    let mut hex = strike(TARO, "Katana", JO, "Yari");
    hex.defender.situation.body_hex = true;
    let mut b = lying_hachi(ruled("bodies", "any_figure_down"));
    let mods = modifier_values(b.rules(), b.state(), &hex, 1);
    assert!(has(&mods, "body hex", -2), "{mods:?}");
    push_jo_back(&mut b);
    ok(&mut b, Command::PushedInto(JO, TripCause::Body), &[]);
    assert_eq!(b.state().due, vec![Due::Trip(JO, TripCause::Body)]);
    let mut b = lying_hachi(ruled("bodies", "the_dead_only"));
    let why = clash::numbers(b.rules(), b.state(), &hex).unwrap_err();
    assert!(why.contains("no dead figure lies on the ground"), "{why}");
    push_jo_back(&mut b);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Pushed back")
        .expect("the push back card");
    assert!(!card.answers.iter().any(|a| a.label.contains("body")));
    let why = refused(&mut b, Command::PushedInto(JO, TripCause::Body), &[]);
    assert!(why.contains("no dead figure"), "{why}");
    assert!(!trip_form_causes(&b, JO).iter().any(|c| c.contains("body")));
    // A dead figure is a body under either reading.
    let mut b = battle_with(ruled("bodies", "the_dead_only"));
    a_body(&mut b);
    let mods = modifier_values(b.rules(), b.state(), &hex, 1);
    assert!(has(&mods, "body hex", -2), "{mods:?}");
    push_jo_back(&mut b);
    ok(&mut b, Command::PushedInto(JO, TripCause::Body), &[]);
}

#[test]
fn tactical_factors_outnumbered_needs_as_many_enemies_still_fighting() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // West has four figures fighting: Taro may be outnumbered 4-1 by them, not 5-1.
    let mut attack = strike(TARO, "Katana", HACHI, "Katana");
    attack.attacker.situation.outnumbered = 5;
    let why = refused(&mut b, Command::Clash(attack.clone()), &[5, 5]);
    assert!(why.contains("cannot be outnumbered 5-1"), "{why}");
    attack.attacker.situation.outnumbered = 4;
    let mods = modifier_values(b.rules(), b.state(), &attack, 0);
    assert!(has(&mods, "outnumbered 4-1", -4), "{mods:?}");
    // The defender's enemies are the attacker's side: East has five fighting, so Hachi may
    // be outnumbered 5-1 by them, not 6-1.
    attack.defender.situation.outnumbered = 6;
    let why = refused(&mut b, Command::Clash(attack.clone()), &[5, 5]);
    assert!(why.contains("Hachi cannot be outnumbered 6-1"), "{why}");
    attack.defender.situation.outnumbered = 5;
    ok(&mut b, Command::Clash(attack), &[5, 5]);
}

#[test]
fn body_charges_both_moving_needs_a_defender_that_moved() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    charge.moving = true;
    // Hachi has not moved this turn: it stood still for the charge.
    let why = refused(&mut b, Command::Clash(charge.clone()), &[9, 0]);
    assert!(why.contains("has not moved"), "{why}");
    // When every contingent moves before any fights (ruling combat_timing), Hachi steps
    // forward, then Taro charges it moving.
    let mut b = battle_with(ruled("combat_timing", "after_all_moved"));
    at(&mut b, 1, Stage::Moving);
    act(
        &mut b,
        HACHI,
        step(gunbai::rules::kozeriai::command::Step::Forward),
    );
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(charge), &[9, 0]);
    assert!(b.state().due.contains(&Due::Fall {
        attacker: TARO,
        defender: HACHI,
        moving: true,
    }));
}

#[test]
fn shooting_factors_being_shot_at_needs_an_enemy_that_shoots() {
    // West without its musketeer: nobody there has a bow, musket or thrown weapon.
    let west = WEST.replace(
        "(name: \"Teppo\", player: \"P2\", skills: {\"Teppo\": 3, \"Katana\": 0}),",
        "",
    );
    let armies = [army("east.ron", EAST), army("west.ron", &west)];
    let b = Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("starts");
    let mut order = shot(TARO, GORO, "Kyu", 10);
    order.shot_at = true;
    let why = shooting::numbers(b.rules(), b.state(), &order).unwrap_err();
    assert!(why.contains("not being shot at"), "{why}");
    // With the musketeer on the field, Taro may be being shot at: -1.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let n = shooting::numbers(b.rules(), b.state(), &order).unwrap();
    assert!(
        n.modifiers
            .iter()
            .any(|m| m.reason == "being shot at" && m.value == -1)
    );
    ok(&mut b, Command::Shoot(order), &[9, 9]);
}

#[test]
fn yadomejutsu_deflects_only_with_a_weapon_the_target_holds() {
    let b = battle();
    // Goro has a Yadomejutsu skill with the Katana and bare hands, and holds a Katana; Hachi
    // has no Naginata.
    let mut order = shot(TARO, HACHI, "Kyu", 10);
    order.deflect = true;
    order.in_hand = Some("Naginata".into());
    let why = shooting::numbers(b.rules(), b.state(), &order).unwrap_err();
    assert!(why.contains("has no Naginata"), "{why}");
    let mut order = shot(TARO, GORO, "Kyu", 10);
    order.deflect = true;
    order.in_hand = Some("Katana".into());
    assert!(shooting::numbers(b.rules(), b.state(), &order).is_ok());
    order.in_hand = Some(UNARMED.into());
    assert!(shooting::numbers(b.rules(), b.state(), &order).is_ok());
}

#[test]
fn horses_in_combat_a_collision_needs_another_horse_on_the_field() {
    // West with a rider of its own: Jo's horse is the other horse Yumi's may collide with.
    let west = WEST.replace(
        "(name: \"Jo\", player: \"P2\", skills: {\"Yari\": 2}),",
        "(name: \"Jo\", player: \"P2\", skills: {\"Yari\": 2}, horse: true),",
    );
    let mut b = battle_of_armies(&west);
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Walk)));
    let forms = Kozeriai::action_forms(b.rules(), b.state(), &YUMI.id());
    assert!(
        !forms.iter().any(|f| f.key == "jump"),
        "a walking horse does not jump"
    );
    let collide = forms
        .iter()
        .find(|f| f.key == "collide")
        .expect("a collision form");
    assert!(collide.record);
    let plan = Kozeriai::action(b.rules(), b.state(), &YUMI.id(), "collide", &[]).unwrap();
    assert_eq!(plan.command, Command::Jump(YUMI, Obstacle::Barricade));
    ok(&mut b, plan.command, &[5]);
    // Without another horse, a walking rider has nothing to collide with, and no form.
    let mut b = battle();
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Walk)));
    assert!(
        !Kozeriai::action_forms(b.rules(), b.state(), &YUMI.id())
            .iter()
            .any(|f| f.key == "jump" || f.key == "collide")
    );
    let why = refused(&mut b, Command::Jump(YUMI, Obstacle::Barricade), &[5]);
    assert!(why.contains("no other horse"), "{why}");
}

fn battle_of_armies(west: &str) -> Battle<Kozeriai> {
    let armies = [army("east.ron", EAST), army("west.ron", west)];
    Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("battle starts")
}
