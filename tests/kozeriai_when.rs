//! Kozeriai: *when* each procedure applies, one test per rule, named after it, driving the
//! engine with the faces a table would roll (a d10 read 0-9: the 0 face is typed as 10).
//! Sections are those of the rules text, `../shared/rules/kozeriai.txt`.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use chrono::{DateTime, Utc};
use gunbai::dice::TableDice;
use gunbai::engine::Battle;
use gunbai::engine::RuleSet as _;
use gunbai::engine::ruleset::ApplyContext;
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::kozeriai::command::{Action, ClashKind, ClashOrder, Ride, Step};
use gunbai::rules::kozeriai::numbers::clash;
use gunbai::rules::kozeriai::pending::cards;
use gunbai::rules::kozeriai::state::{Due, FigureRef, FigureState, Speed, Stage, TripCause};
use gunbai::rules::kozeriai::{Army, Command, Event, Kozeriai};
use rand::SeedableRng as _;

mod kozeriai_support;
use kozeriai_support::*;

const EAST: &str = r#"(
    name: "East",
    figures: [
        (name: "Taro", player: "P1", skills: {"Katana": 3, "Kyu": 4}, armour: Part),
        (name: "Kusa", player: "P1", skills: {"Kusarigama": 3, "Manrikigusari": 3, "Mojiri": 3, "Kawa-Nawa": 3, "Nagegama": 3}),
        (name: "Yumi", player: "P1", skills: {"Kyu": 4, "Katana": 2}, horse: true),
        (name: "Sohei", player: "P1", skills: {"Bo": 3, "Sodegarami": 3}, ki_ai: 6),
        (name: "Tsukare", player: "P1", skills: {"Katana": 2}, stamina: 15),
    ],
)"#;

const WEST: &str = r#"(
    name: "West",
    figures: [
        (name: "Goro", player: "P2", skills: {"Katana": 3, "Naginata": 3}, armour: Armoured, wounds: 7,
         yadomejutsu: {"Katana": 12, "Naginata": 4}),
        (name: "Hachi", player: "P2", skills: {"Katana": 0}),
        (name: "Jo", player: "P2", skills: {"Yari": 2}, wounds: 3),
    ],
)"#;

const TARO: FigureRef = FigureRef(0, 0);
const KUSA: FigureRef = FigureRef(0, 1);
const YUMI: FigureRef = FigureRef(0, 2);
const SOHEI: FigureRef = FigureRef(0, 3);
const TSUKARE: FigureRef = FigureRef(0, 4);
const GORO: FigureRef = FigureRef(1, 0);
const HACHI: FigureRef = FigureRef(1, 1);
const JO: FigureRef = FigureRef(1, 2);

fn army(file: &str, source: &str) -> Army {
    let text = RosterText {
        file: file.into(),
        source: source.into(),
    };
    Kozeriai::load_army(&text)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .army
}

fn battle_with(house: HouseRules) -> Battle<Kozeriai> {
    let armies = [army("east.ron", EAST), army("west.ron", WEST)];
    Battle::<Kozeriai>::start(armies, house, None).expect("battle starts")
}

fn battle() -> Battle<Kozeriai> {
    battle_with(HouseRules::default())
}

fn act(b: &mut Battle<Kozeriai>, figure: FigureRef, action: Action) -> Vec<Event> {
    ok(b, Command::Act { figure, action }, &[])
}

fn step(step: Step) -> Action {
    Action::Step {
        step,
        reload: false,
        aim: None,
        jump: false,
    }
}

fn fig(b: &Battle<Kozeriai>, f: FigureRef) -> FigureState {
    b.state().figure(f).expect("figure").clone()
}

fn clash_event(events: &[Event]) -> (ClashOrder, [i64; 2], clash::Outcome) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Clash { order, dice } => {
                Some((order.clone(), dice.totals, dice.outcome.clone()))
            }
            _ => None,
        })
        .expect("a clash event")
}

fn modifiers(b: &Battle<Kozeriai>, order: &ClashOrder, side: usize) -> Vec<(String, i64)> {
    modifier_values(b.rules(), b.state(), order, side)
}

/// The chance the card gives for a line whose label contains `label`.
fn card_odds(card: &gunbai::engine::Check<Command>, label: &str) -> f64 {
    card.odds
        .iter()
        .find(|o| o.outcome.contains(label))
        .unwrap_or_else(|| panic!("no odds line `{label}`: {:?}", card.odds))
        .probability
}

fn due_card(b: &Battle<Kozeriai>, what: &str) -> gunbai::engine::Check<Command> {
    b.pending()
        .into_iter()
        .find(|c| c.what == what)
        .unwrap_or_else(|| panic!("no `{what}` card"))
}

/// Plays at random on the app's surface (cards and forms), as `simulate` does, and gathers
/// the kinds of event reached.
fn reached(house: &HouseRules, seeds: u64, steps: usize) -> std::collections::BTreeSet<String> {
    let rosters = gunbai::rules::demo_rosters("kozeriai").expect("demo");
    let armies = rosters.map(|r| Kozeriai::load_army(&r).expect("loads").army);
    let rules = Kozeriai::rules(house).expect("rules");
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..seeds {
        let mut state = Kozeriai::start(&rules, &armies);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for _ in 0..steps {
            let Some(command) =
                gunbai::engine::surface::random_command::<Kozeriai>(&rules, &state, &mut rng)
            else {
                break;
            };
            let Ok(events) =
                gunbai::engine::exec::events_of::<Kozeriai>(&rules, &state, &command, &mut dice)
            else {
                continue;
            };
            let context = ApplyContext {
                at: DateTime::<Utc>::UNIX_EPOCH,
            };
            for e in &events {
                gunbai::engine::exec::apply_event::<Kozeriai>(&rules, &mut state, e, context)
                    .unwrap();
                let name = format!("{e:?}");
                seen.insert(name.split([' ', '{', '(']).next().unwrap().to_owned());
                // Breaking off a grapple is an action of its own form (the winner's).
                if let Event::Acted {
                    action: Action::BreakOff,
                    ..
                } = e
                {
                    seen.insert("BreakOff".to_owned());
                }
            }
        }
    }
    seen
}

#[test]
fn random_play_reaches_every_procedure() {
    let mut house = HouseRules::default();
    house.optional.extend(
        ["exhaustion", "heroic", "variable_wounds"]
            .iter()
            .map(|k| (*k).to_owned()),
    );
    let mut seen = reached(&HouseRules::default(), 30, 700);
    seen.extend(reached(&house, 30, 700));
    for kind in [
        "Acted",
        "Reloaded",
        "Shot",
        "Clash",
        // Not "GrappleSplit": an outsider's blow on grapplers. The attack form names each
        // opponent with a weapon it carries (it once fought bare-handed whenever the first
        // opponent's weapon was not its own), so body charges, grapples and such blows are
        // too rare in random play; `body_charges_a_charge_that_lands_lets_both_elect_to_grapple`
        // drives it.
        "Wounded",
        "Distracted",
        "Died",
        "KnockedOut",
        "Grappling",
        "Grappled",
        "BreakOff",
        "Fell",
        "KiAi",
        "Tripped",
        "Jumped",
        "FallRoll",
        "Required",
        "Settled",
        "Recovered",
        "CameRound",
        "Stamina",
        "StageBegins",
        "TurnBegins",
    ] {
        assert!(
            seen.contains(kind),
            "random play never reached {kind}: {seen:?}"
        );
    }
}

// ---- Tripping Over ----

#[test]
fn tripping_over_jumping_a_low_obstacle_on_foot_trips_on_five_unarmoured_six_armoured() {
    let mut b = battle();
    let jump = Action::Step {
        step: Step::Forward,
        reload: false,
        aim: None,
        jump: true,
    };
    act(&mut b, KUSA, jump.clone());
    assert_eq!(b.state().due, vec![Due::Trip(KUSA, TripCause::Jump)]);
    let card = due_card(&b, "Trip roll");
    assert!((card_odds(&card, "falls") - 0.6).abs() < 1e-9, "0-5 of 0-9");
    let why = refused(&mut b, Command::EndStage, &[]);
    assert!(why.contains("trip roll"), "{why}");
    let events = ok(&mut b, Command::Trip(KUSA, TripCause::Jump), &[5]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Tripped {
            fell: true,
            needed: 5,
            ..
        }
    )));
    assert!(fig(&b, KUSA).lying);
    // Taro wears part armour: 6 or less.
    act(&mut b, TARO, jump);
    let card = due_card(&b, "Trip roll");
    assert!((card_odds(&card, "falls") - 0.7).abs() < 1e-9);
    let events = ok(&mut b, Command::Trip(TARO, TripCause::Jump), &[7]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Tripped {
            fell: false,
            needed: 6,
            ..
        }
    )));
    assert!(b.state().due.is_empty());
}

#[test]
fn tripping_over_combat_on_a_slippery_surface_trips_on_three_once_a_turn() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(TARO, "Katana", HACHI, "Katana");
    order.defender.situation.slippery = true;
    ok(&mut b, Command::Clash(order), &[1, 4]);
    assert_eq!(b.state().due, vec![Due::Trip(HACHI, TripCause::Slippery)]);
    let card = due_card(&b, "Trip roll");
    assert!((card_odds(&card, "falls") - 0.4).abs() < 1e-9, "0-3 of 0-9");
    let events = ok(&mut b, Command::Trip(HACHI, TripCause::Slippery), &[4]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Tripped {
            fell: false,
            needed: 3,
            ..
        }
    )));
    // A second clash this turn on the same ground: no second roll.
    let mut order = strike(KUSA, "Kusarigama", HACHI, "Katana");
    order.defender.situation.slippery = true;
    ok(&mut b, Command::Clash(order), &[1, 4]);
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    // Next turn it dices again; a 3 fells it.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(TARO, "Katana", HACHI, "Katana");
    order.defender.situation.slippery = true;
    ok(&mut b, Command::Clash(order), &[1, 4]);
    ok(&mut b, Command::Trip(HACHI, TripCause::Slippery), &[3]);
    assert!(fig(&b, HACHI).lying);
}

#[test]
fn tripping_over_only_the_barbed_poles_and_the_kusarigama_trip_an_entangled_victim() {
    for (weapon, trips) in [
        ("Kusarigama", true),
        ("Nagegama", true),
        ("Mojiri", true),
        ("Manrikigusari", false),
    ] {
        let mut b = battle();
        at(&mut b, 0, Stage::Fighting);
        let mut order = strike(KUSA, weapon, HACHI, "Katana");
        order.kind = ClashKind::Entangle;
        // A win by 3 or more entangles (the Manrikigusari adds +2 surprise).
        let events = ok(&mut b, Command::Clash(order), &[9, 0]);
        assert!(clash_event(&events).2.entangled, "{weapon}");
        assert!(fig(&b, HACHI).entangled);
        let due = b
            .state()
            .due
            .contains(&Due::Trip(HACHI, TripCause::Entangled));
        assert_eq!(due, trips, "{weapon}: {:?}", b.state().due);
        if trips {
            let card = due_card(&b, "Trip roll");
            assert!((card_odds(&card, "falls") - 0.5).abs() < 1e-9, "4 or less");
        }
    }
    // The Sodegarami too.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(SOHEI, "Sodegarami", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    ok(&mut b, Command::Clash(order), &[9, 0]);
    assert!(
        b.state()
            .due
            .contains(&Due::Trip(HACHI, TripCause::Entangled))
    );
}

// ---- Kusarigama or Nagegama; Mojiri and Sodegarami ----

#[test]
fn kusarigama_sickle_strikes_as_a_short_sword_and_its_chain_keeps_its_class() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    for weapon in ["Kusarigama", "Nagegama"] {
        // An ordinary stroke: a short weapon against Hachi's katana, +1 to the katana.
        let stroke = strike(KUSA, weapon, HACHI, "Katana");
        assert!(
            !modifiers(&b, &stroke, 0)
                .iter()
                .any(|(r, _)| r.contains("weapon against"))
        );
        assert!(has(
            &modifiers(&b, &stroke, 1),
            "standard weapon against short",
            1
        ));
        // Against a dagger the sickle gains the short weapon's +1, not the standard +2.
        let dagger = strike(KUSA, weapon, HACHI, "Jujutsu");
        assert!(has(
            &modifiers(&b, &dagger, 0),
            "short weapon against unarmed",
            2
        ));
        // A chain attack fights as the standard weapon.
        let mut chain = stroke.clone();
        chain.kind = ClashKind::Chain;
        assert!(
            !modifiers(&b, &chain, 1)
                .iter()
                .any(|(r, _)| r.contains("weapon against"))
        );
    }
    // Parrying with the sickle: the attacker's katana gains +1 too.
    let parry = strike(GORO, "Katana", KUSA, "Kusarigama");
    assert!(has(
        &modifiers(&b, &parry, 0),
        "standard weapon against short",
        1
    ));
    // Fought with fixed faces: 3 + 5 against 0 + 1 + 6: Hachi parries.
    let events = ok(
        &mut b,
        Command::Clash(strike(KUSA, "Kusarigama", HACHI, "Katana")),
        &[5, 6],
    );
    assert_eq!(clash_event(&events).1, [8, 7]);
}

#[test]
fn mojiri_and_sodegarami_injure_as_the_bo_does() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // The Bo is blunt in the glossary: a Mojiri stroke that wins by 4 gives 4 distractions.
    let events = ok(
        &mut b,
        Command::Clash(strike(KUSA, "Mojiri", HACHI, "Katana")),
        &[4, 3],
    );
    let o = clash_event(&events).2;
    assert_eq!((o.wounds, o.distractions), (0, 4));
    assert_eq!(fig(&b, HACHI).distractions, 4);
    assert_eq!(fig(&b, HACHI).wounds, 0);
    ok(&mut b, Command::NoHazard(HACHI), &[]);
    let events = ok(
        &mut b,
        Command::Clash(strike(SOHEI, "Sodegarami", JO, "Yari")),
        &[9, 3],
    );
    let o = clash_event(&events).2;
    assert!(o.distractions > 0 && o.wounds == 0, "{o:?}");
}

// ---- Body Charges and Grappling ----

fn charge_home(b: &mut Battle<Kozeriai>) {
    at(b, 0, Stage::Fighting);
    let mut charge = strike(TARO, "Jujutsu", HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    let events = ok(b, Command::Clash(charge), &[9, 0]);
    assert!(clash_event(&events).2.charge_home);
    let due = b.state().due[0];
    ok(b, Command::Fall(due), &[0]);
}

#[test]
fn body_charges_a_charge_that_lands_lets_both_elect_to_grapple() {
    let mut b = battle();
    charge_home(&mut b);
    assert_eq!(fig(&b, TARO).grappling, None);
    assert_eq!(fig(&b, HACHI).grappling, None);
    // Until one elects, an outsider's blow on Hachi is an ordinary clash: two dice, no split,
    // no -6.
    let order = strike(KUSA, "Kusarigama", HACHI, "Katana");
    assert!(
        !modifiers(&b, &order, 1)
            .iter()
            .any(|(r, _)| r.contains("cannot defend"))
    );
    // Kusa 3 + 0 against Hachi 0 + 1 (standard against short) - 2 distractions + 4.
    let events = ok(&mut b, Command::Clash(order), &[0, 4]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::GrappleSplit { .. }))
    );
    assert_eq!(clash_event(&events).2.winner, None);
    // Hachi elects to grapple Taro on its next action phase.
    at(&mut b, 1, Stage::Fighting);
    let mut grapple = strike(HACHI, "Jujutsu", TARO, "Jujutsu");
    grapple.kind = ClashKind::Grapple;
    let events = ok(&mut b, Command::Clash(grapple), &[4, 4]);
    assert!(events.contains(&Event::Grappled(HACHI, TARO)));
    assert_eq!(fig(&b, TARO).grappling, Some(HACHI));
    // Now an outsider's blow splits 50:50 and meets no defence.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // A grappler meets the blow with bare hands or a close-in weapon only.
    let order = strike(KUSA, "Kusarigama", HACHI, "Jujutsu");
    assert!(has(&modifiers(&b, &order, 1), "cannot defend", -6));
    let card = cards::clash_card(b.rules(), b.state(), &order).unwrap();
    assert!(card.notes.iter().any(|n| n.contains("50:50")));
    let events = ok(&mut b, Command::Clash(order), &[2, 1, 4]);
    assert!(events.contains(&Event::GrappleSplit {
        die: 2,
        falls_on: HACHI
    }));
}

#[test]
fn body_charges_the_election_lapses_after_the_next_turn() {
    let mut b = battle();
    charge_home(&mut b);
    next_turn(&mut b);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let mut grapple = strike(TARO, "Jujutsu", HACHI, "Jujutsu");
    grapple.kind = ClashKind::Grapple;
    let why = refused(&mut b, Command::Clash(grapple), &[4, 4]);
    assert!(why.contains("body charge"), "{why}");
    assert_eq!(fig(&b, TARO).may_grapple, None);
}

// ---- Actions: mounted archers reload ----

#[test]
fn actions_a_mounted_archer_reloads_while_the_horse_stands() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Yumi, Kyu +4 on horseback: 2 turns to reload, as on foot.
    let events = ok(
        &mut b,
        Command::Shoot(shot(YUMI, HACHI, "Kyu", 10)),
        &[9, 0],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Shot { reload: 2, .. }))
    );
    next_turn(&mut b);
    // Moving the horse and reloading: refused.
    let why = refused(
        &mut b,
        Command::Act {
            figure: YUMI,
            action: Action::RideReload(Ride::At(Speed::Walk)),
        },
        &[],
    );
    assert!(why.contains("horse stands"), "{why}");
    let events = act(&mut b, YUMI, Action::RideReload(Ride::At(Speed::Halt)));
    assert!(events.contains(&Event::Reloaded {
        figure: YUMI,
        weapon: "Kyu".into(),
        left: 1,
    }));
    next_turn(&mut b);
    act(&mut b, YUMI, Action::RideReload(Ride::Turn));
    assert!(fig(&b, YUMI).reload.is_empty(), "loaded again");
    // The ride form offers it.
    let plan = Kozeriai::action(b.rules(), b.state(), "0.2", "ride", &[0, 1]).unwrap();
    assert_eq!(
        plan.command,
        Command::Act {
            figure: YUMI,
            action: Action::RideReload(Ride::At(Speed::Halt))
        }
    );
}

// ---- Kawa-Nawa ----

#[test]
fn kawa_nawa_recovers_every_other_phase_only_after_attacks_at_range_three_or_four() {
    let mut b = battle();
    let rope = |range: u32, kind: ClashKind| {
        let mut o = strike(KUSA, "Kawa-Nawa", HACHI, "Katana");
        o.kind = kind;
        o.range = range;
        Command::Clash(o)
    };
    at(&mut b, 0, Stage::Fighting);
    // At range 2 the rope needs no recovering: it attacks again next turn.
    ok(&mut b, rope(2, ClashKind::Trip), &[0, 9]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, rope(3, ClashKind::Strike), &[0, 9]);
    // After an attack at range 3 it must be recovered: none next turn, at any range.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, rope(4, ClashKind::Trip), &[0, 9]);
    assert!(why.contains("every other turn"), "{why}");
    // Close in, the rope still strikes: only attacks at 3 or 4 wait.
    ok(&mut b, rope(1, ClashKind::Strike), &[0, 9]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // Beyond its reach of 4 hexes: refused.
    let why = refused(&mut b, rope(5, ClashKind::Trip), &[0, 9]);
    assert!(why.contains("reaches 4"), "{why}");
    ok(&mut b, rope(4, ClashKind::Trip), &[0, 9]);
}

// ---- Yadomejutsu ----

#[test]
fn yadomejutsu_uses_the_skill_for_the_weapon_in_hand() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = shot(TARO, GORO, "Kyu", 20);
    order.deflect = true;
    // Goro deflects at 12 with the Katana, but holds his Naginata (4).
    order.in_hand = Some("Naginata".into());
    let card = cards::shot_card(b.rules(), b.state(), &order).unwrap();
    let through = card_odds(&card, "not deflected");
    let mut katana = order.clone();
    katana.in_hand = Some("Katana".into());
    let card = cards::shot_card(b.rules(), b.state(), &katana).unwrap();
    assert!(through > card_odds(&card, "not deflected"));
    // Hit on a 5; 2d10 read 3 + 2 = 5, over the Naginata's 4: not deflected; effect 9.
    let events = ok(&mut b, Command::Shoot(order.clone()), &[5, 3, 2, 9]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Shot { dice, .. } if dice.deflect == Some((vec![3, 2], false))
    )));
    // With no skill for the weapon in hand, no deflection is offered.
    let mut none = shot(TARO, HACHI, "Kyu", 20);
    none.deflect = true;
    none.in_hand = Some("Katana".into());
    let why = cards::shot_card(b.rules(), b.state(), &none).unwrap_err();
    assert!(why.contains("no Yadomejutsu"), "{why}");
}

// ---- Exhaustion ----

#[test]
fn exhaustion_a_figure_with_no_stamina_may_turn_at_most_sixty_degrees() {
    let mut b = battle_with(with_optional(&["exhaustion"]));
    let mut state = b.state().clone();
    state.figure_mut(TSUKARE).unwrap().stamina = Some(0);
    state.figure_mut(YUMI).unwrap().stamina = Some(-3);
    let try_act = |state: &gunbai::rules::kozeriai::State, figure, action| {
        gunbai::engine::exec::events_of::<Kozeriai>(
            b.rules(),
            state,
            &Command::Act { figure, action },
            &mut TableDice::new(vec![]),
        )
    };
    for refused_step in [Step::Turn, Step::Forward, Step::SidestepBack] {
        let why = try_act(&state, TSUKARE, step(refused_step)).unwrap_err();
        assert!(why.to_string().contains("60 degrees"), "{why}");
    }
    assert!(try_act(&state, TSUKARE, step(Step::TurnSixty)).is_ok());
    assert!(try_act(&state, TSUKARE, step(Step::Stay)).is_ok());
    // A spent rider may only turn the horse 60 degrees (or keep it standing).
    assert!(try_act(&state, YUMI, Action::Ride(Ride::Turn)).is_ok());
    assert!(try_act(&state, YUMI, Action::Ride(Ride::At(Speed::Walk))).is_err());
    // With stamina left, a turn of up to 180 degrees is allowed.
    act(&mut b, TSUKARE, step(Step::Turn));
}

// ---- Ki-Ai ----

#[test]
fn ki_ai_is_resolved_with_combat_after_movement() {
    let mut b = battle();
    let shout = Command::Act {
        figure: SOHEI,
        action: Action::KiAi(vec![HACHI, JO]),
    };
    // While the contingent moves: not yet.
    let why = refused(&mut b, shout.clone(), &[0, 9]);
    assert!(why.contains("movement is done"), "{why}");
    assert!(
        !Kozeriai::action_forms(b.rules(), b.state(), "0.3")
            .iter()
            .any(|f| f.key == "kiai")
    );
    // A figure that moved cannot shout: the shout is its action.
    act(&mut b, TARO, step(Step::Forward));
    at(&mut b, 0, Stage::Fighting);
    assert!(
        Kozeriai::action_forms(b.rules(), b.state(), "0.3")
            .iter()
            .any(|f| f.key == "kiai")
    );
    // Sohei (Ki-ai 6): Hachi hit on a 6, Jo unmoved on a 7.
    let events = ok(&mut b, shout, &[6, 7]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::KiAi { rolls, .. } if rolls.len() == 2))
    );
    assert_eq!(fig(&b, HACHI).distractions, 4);
    assert!(b.state().due.contains(&Due::PushedBack(HACHI)));
    ok(&mut b, Command::NoHazard(HACHI), &[]);
    // It was its attack and its action: no stroke after it.
    let why = refused(
        &mut b,
        Command::Clash(strike(SOHEI, "Bo", JO, "Yari")),
        &[5, 5],
    );
    assert!(why.contains("attacking stroke"), "{why}");
    let why = refused(
        &mut b,
        Command::Act {
            figure: TARO,
            action: Action::KiAi(vec![HACHI]),
        },
        &[5],
    );
    assert!(why.contains("Ki-ai") || why.contains("action"), "{why}");
}

#[test]
fn exhaustion_a_figure_without_stamina_in_its_roster_has_the_ruling_s_total() {
    let b = battle_with(with_optional(&["exhaustion"]));
    // Taro's roster gives none: the lowest of the typical 15-25.
    assert_eq!(fig(&b, TARO).stamina, Some(15));
    let mut house = with_optional(&["exhaustion"]);
    house
        .rulings
        .insert("default_stamina".into(), "middle".into());
    let b = battle_with(house);
    assert_eq!(fig(&b, TARO).stamina, Some(20));
    assert_eq!(fig(&b, TSUKARE).stamina, Some(15), "the roster's own");
}

#[test]
fn exhaustion_only_the_glossary_s_heavy_weapons_cost_two_for_fighting() {
    let b = battle();
    let heavy: Vec<&str> = b
        .rules()
        .t
        .weapons
        .iter()
        .filter(|(_, w)| w.heavy)
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(heavy, ["Konsaibo", "Ono", "Otsuchi", "Tetsubo"]);
    assert!(b.rules().t.rulings.contains_key("heavy_weapons"));
}

// ---- Variable Wounds ----

#[test]
fn variable_wounds_a_figure_rated_n_is_out_at_its_nth_wound() {
    // Jo is rated 3 (a puny weakling): out at his 3rd wound with Variable Wounds.
    let mut b = battle_with(with_optional(&["variable_wounds"]));
    at(&mut b, 0, Stage::Fighting);
    // Taro 3 + 5 against Jo 2 + 4: a difference of 2, 2 wounds: still standing.
    ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", JO, "Yari")),
        &[5, 4],
    );
    assert_eq!((fig(&b, JO).wounds, fig(&b, JO).dead), (2, false));
    ok(&mut b, Command::NoHazard(JO), &[]);
    // Hachi (unrated) has the main rules' six; Kusa's sickle gives Jo 1 more: out at 3.
    let mut kusa = strike(KUSA, "Kusarigama", JO, "Yari");
    kusa.defender.weapon = "Yari".into();
    // Kusa 3 + 6, short against standard; Jo 2 + 1 (standard against short) - 1 (2 wounds) + 3.
    let events = ok(&mut b, Command::Clash(kusa), &[6, 3]);
    assert_eq!(clash_event(&events).1, [9, 5]);
    assert!(events.contains(&Event::Died(JO)), "{events:?}");
    // Goro, rated 7, is out at his 7th: he can take 6.
    assert_eq!(fig(&b, GORO).out_at(), 7);
    // Without Variable Wounds every figure is out at the 6th.
    let b = battle();
    assert_eq!(fig(&b, JO).out_at(), 6);
    assert_eq!(fig(&b, GORO).out_at(), 6);
    assert_eq!(fig(&b, GORO).knocked_out_at(), 6);
    // Switched to the old reading, a rating of N takes N and is out at N + 1.
    let mut house = with_optional(&["variable_wounds"]);
    house
        .rulings
        .insert("capacity".into(), "capacity_plus_one".into());
    let b = battle_with(house);
    assert_eq!(fig(&b, JO).out_at(), 4);
    assert_eq!(fig(&b, GORO).out_at(), 8);
}

#[test]
fn variable_wounds_the_rating_is_the_distractions_that_knock_out_too() {
    let mut b = battle_with(with_optional(&["variable_wounds"]));
    at(&mut b, 0, Stage::Fighting);
    // Sohei's Bo (blunt) wins by 3 against Jo: 3 distractions knock out a figure rated 3.
    let events = ok(
        &mut b,
        Command::Clash(strike(SOHEI, "Bo", JO, "Yari")),
        &[6, 4],
    );
    assert_eq!(clash_event(&events).2.distractions, 3);
    assert!(events.contains(&Event::KnockedOut(JO)), "{events:?}");
}

// ---- Found in the audit ----

#[test]
fn grappling_renders_every_weapon_but_close_in_ones_useless() {
    let mut b = battle();
    charge_home(&mut b);
    at(&mut b, 1, Stage::Fighting);
    let mut grapple = strike(HACHI, "Jujutsu", TARO, "Jujutsu");
    grapple.kind = ClashKind::Grapple;
    ok(&mut b, Command::Clash(grapple), &[4, 4]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // Taro, grappling, cannot strike an outsider with his katana...
    let why = refused(
        &mut b,
        Command::Clash(strike(TARO, "Katana", JO, "Yari")),
        &[5, 5],
    );
    assert!(why.contains("only close-in"), "{why}");
    // ...nor parry with it.
    at(&mut b, 1, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Clash(strike(JO, "Yari", TARO, "Katana")),
        &[0, 5, 5],
    );
    assert!(why.contains("only close-in"), "{why}");
}

#[test]
fn mojiri_and_sodegarami_a_victim_tears_free_only_if_it_kept_its_feet() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(KUSA, "Mojiri", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    ok(&mut b, Command::Clash(order), &[9, 0]);
    ok(&mut b, Command::Trip(HACHI, TripCause::Entangled), &[2]);
    assert!(fig(&b, HACHI).lying && fig(&b, HACHI).entangled);
    at(&mut b, 1, Stage::Fighting);
    let mut tear = strike(HACHI, "Katana", KUSA, "Mojiri");
    tear.kind = ClashKind::TearFree;
    let why = refused(&mut b, Command::Clash(tear), &[9, 0]);
    assert!(why.contains("kept its feet"), "{why}");
}

#[test]
fn mojiri_and_sodegarami_a_victim_tears_free_against_the_figure_holding_it() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(KUSA, "Mojiri", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    ok(&mut b, Command::Clash(order), &[9, 0]);
    ok(&mut b, Command::Trip(HACHI, TripCause::Entangled), &[9]);
    assert!(!fig(&b, HACHI).lying && fig(&b, HACHI).entangled);
    at(&mut b, 1, Stage::Fighting);
    let mut wrong = strike(HACHI, "Katana", TARO, "Katana");
    wrong.kind = ClashKind::TearFree;
    let why = refused(&mut b, Command::Clash(wrong), &[9, 0]);
    assert!(why.contains("held by"), "{why}");
    let mut tear = strike(HACHI, "Katana", KUSA, "Mojiri");
    tear.kind = ClashKind::TearFree;
    ok(&mut b, Command::Clash(tear), &[9, 0]);
}

#[test]
fn horses_in_combat_riders_cannot_engage_figures_fallen_under_the_horse() {
    let mut b = battle();
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Trot)));
    next_turn(&mut b);
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Canter)));
    // Next turn the horse keeps cantering (no change of activity, so the rider may strike).
    next_turn(&mut b);
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Canter)));
    ok(&mut b, Command::RunDown(YUMI, HACHI), &[]);
    assert!(fig(&b, HACHI).lying);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Clash(strike(YUMI, "Katana", HACHI, "Katana")),
        &[5, 5],
    );
    assert!(why.contains("fallen under the horse"), "{why}");
}

#[test]
fn mojiri_and_sodegarami_a_restrainer_s_death_lets_its_victim_go() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(KUSA, "Manrikigusari", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    ok(&mut b, Command::Clash(order), &[9, 0]);
    assert!(fig(&b, HACHI).entangled);
    at(&mut b, 1, Stage::Fighting);
    // Goro 3 + 9 + 1 (standard against short) against Kusa 3 + 0: 10 wounds, dead.
    let events = ok(
        &mut b,
        Command::Clash(strike(GORO, "Katana", KUSA, "Manrikigusari")),
        &[9, 0],
    );
    assert!(events.contains(&Event::Died(KUSA)));
    assert!(!fig(&b, HACHI).entangled, "the chain lets go");
}
