//! Clauses of `refereed` rows no test asserted before (issue 42): each drives the engine with
//! the faces a table would roll and asserts the clause's exact effect.

use gunbai::dice::TableDice;
use gunbai::engine::Battle;
use gunbai::engine::exec::{apply_event, events_of};
use gunbai::engine::ruleset::ApplyContext;
use gunbai::rules::kozeriai::command::{Action, ClashKind, Obstacle, Ride};
use gunbai::rules::kozeriai::event::JumpResult;
use gunbai::rules::kozeriai::numbers::clash::Outcome;
use gunbai::rules::kozeriai::numbers::shooting;
use gunbai::rules::kozeriai::state::{Due, Speed, Stage, State};
use gunbai::rules::kozeriai::{Command, Event, Kozeriai, Rules};

use super::*;

/// A shinobi with throwing stars and a bow, against the usual West.
const THROWERS: &str = r#"(
    name: "East",
    figures: [
        (name: "Shinobi", player: "P1", skills: {"Shuriken": 3, "Kyu": 3}),
    ],
)"#;
const SHINOBI: FigureRef = FigureRef(0, 0);

fn throwers() -> Battle<Kozeriai> {
    let armies = [army("east.ron", THROWERS), army("west.ron", WEST)];
    Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("battle starts")
}

fn clash_of(events: &[Event]) -> ([i64; 2], Outcome) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Clash { dice, .. } => Some((dice.totals, dice.outcome.clone())),
            _ => None,
        })
        .expect("a clash event")
}

/// Works a command out on a state the test keeps, applying its events.
fn run_on(rules: &Rules, state: &mut State, command: &Command) -> Vec<Event> {
    let events = events_of::<Kozeriai>(rules, state, command, &mut TableDice::new(vec![]))
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    let at = ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    };
    for e in &events {
        apply_event::<Kozeriai>(rules, state, e, at).expect("applies");
    }
    events
}

/// Ends stages until the turn ends, on a state the test keeps; the events of the turn's end.
fn end_turn(rules: &Rules, state: &mut State) -> Vec<Event> {
    let turn = state.turn;
    loop {
        let events = run_on(rules, state, &Command::EndStage);
        if state.turn != turn {
            return events;
        }
    }
}

#[test]
fn ni_ten_jitsu_when_both_strike_its_plus_two_counts_on_the_defending_roll_only() {
    let both = || {
        let mut o = strike(TARO, "Katana", GORO, "Katana");
        o.defender.ni_ten = true;
        o.both_strike = true;
        Command::Clash(o)
    };
    // Taro 3 + 9 = 12 strikes at Goro's defence of 4 + 6 + 2: no more than a parry. Goro's
    // 10 strikes at Taro's 12: parried too. Without the +2 Taro would have pushed him back.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let (totals, o) = clash_of(&ok(&mut b, both(), &[9, 6]));
    assert_eq!(totals, [12, 10], "the +2 is no part of Goro's own stroke");
    assert_eq!(o, Outcome::default());
    // Taro 3 + 4 = 7, Goro 4 + 4 = 8: Goro's stroke beats Taro's defence by 1, a push back
    // and no wound. Had the +2 counted on his stroke, he would have won by 3: a wound.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let (_, o) = clash_of(&ok(&mut b, both(), &[4, 4]));
    assert_eq!(
        (o.winner, o.push_back, o.wounds),
        (Some(1), true, 0),
        "{o:?}"
    );
    // Defending only, the +2 counts: 12 against 4 + 6 + 2 is parried.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut parry = strike(TARO, "Katana", GORO, "Katana");
    parry.defender.ni_ten = true;
    let (totals, o) = clash_of(&ok(&mut b, Command::Clash(parry), &[9, 6]));
    assert_eq!(totals, [12, 12]);
    assert_eq!(o, Outcome::default());
}

#[test]
fn exhaustion_a_collapsed_figure_recovers_at_the_resting_rate_until_its_stamina_is_positive() {
    let b = battle_with(with_optional(&["exhaustion"]));
    let rules = b.rules();
    let mut state = b.state().clone();
    // Hachi (15 stamina, the default) stands at -15 and fights this turn: -16 is beyond the
    // limit, and it collapses at the turn's end.
    {
        let h = state.figure_mut(HACHI).unwrap();
        h.stamina = Some(-15);
        h.this_turn.exchanges = 1;
        h.this_turn.active = true;
    }
    let events = end_turn(rules, &mut state);
    assert!(events.contains(&Event::Collapsed(HACHI)), "{events:?}");
    assert_eq!(state.figure(HACHI).unwrap().stamina, Some(-16));
    // It lies still: 1 a turn, 1 more every fifth turn lying (Exhaustion's resting rates),
    // and stays down until its stamina is positive.
    let mut turns = 0;
    loop {
        turns += 1;
        let before = state.figure(HACHI).unwrap().stamina.unwrap();
        let events = end_turn(rules, &mut state);
        let h = state.figure(HACHI).unwrap();
        let now = h.stamina.unwrap();
        let rate = if turns % 5 == 0 { 2 } else { 1 };
        assert_eq!(now - before, rate, "turn {turns}");
        if now > 0 {
            assert!(events.contains(&Event::CameRound(HACHI)), "{events:?}");
            assert!(!h.collapsed);
            break;
        }
        assert!(h.collapsed, "turn {turns}: {now} is not yet positive");
        let stand = Command::Act {
            figure: HACHI,
            action: Action::StandUp,
        };
        let mut probe = state.clone();
        probe.current = 1;
        let why = events_of::<Kozeriai>(rules, &probe, &stand, &mut TableDice::new(vec![]));
        assert!(
            why.is_err_and(|e| e.to_string().contains("collapsed")),
            "turn {turns}"
        );
    }
    // -16 + 14 turns (two of them fifth ones) is 0, still down; the 15th brings it to 2.
    assert_eq!(turns, 15);
    assert_eq!(state.figure(HACHI).unwrap().stamina, Some(2));
}

#[test]
fn feruzue_a_chain_attack_only_every_other_phase_the_short_spear_meanwhile() {
    let mut b = battle();
    let mut chain = strike(KUSA, "Feruzue", HACHI, "Katana");
    chain.kind = ClashKind::Chain;
    chain.range = 3;
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(chain.clone()), &[0, 9]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Clash(chain.clone()), &[0, 9]);
    assert!(why.contains("every other turn"), "{why}");
    ok(
        &mut b,
        Command::Clash(strike(KUSA, "Feruzue", HACHI, "Katana")),
        &[0, 9],
    );
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(chain), &[0, 9]);
}

#[test]
fn manrikigusari_an_attack_only_every_other_phase() {
    let mut b = battle();
    let chain = strike(KUSA, "Manrikigusari", HACHI, "Katana");
    let mut entangle = chain.clone();
    entangle.kind = ClashKind::Entangle;
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(chain.clone()), &[0, 9]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    for attack in [chain.clone(), entangle] {
        let why = refused(&mut b, Command::Clash(attack), &[0, 9]);
        assert!(why.contains("every other turn"), "{why}");
    }
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(chain), &[0, 9]);
}

#[test]
fn kusarigama_or_nagegama_the_entangling_throw_is_recovered_as_the_flail_unless_ruled_otherwise() {
    let entangle = {
        let mut o = strike(KUSA, "Kusarigama", HACHI, "Katana");
        o.kind = ClashKind::Entangle;
        o
    };
    let mut flail = entangle.clone();
    flail.kind = ClashKind::Chain;
    let turn_after = |b: &mut Battle<Kozeriai>| {
        next_turn(b);
        at(b, 0, Stage::Fighting);
    };
    // every_other_turn: the entangling throw, then nothing with the chain next turn.
    let mut b = battle_with(ruled("chain_recovery", "every_other_turn"));
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(entangle.clone()), &[0, 9]);
    turn_after(&mut b);
    for attack in [&entangle, &flail] {
        let why = refused(&mut b, Command::Clash(attack.clone()), &[0, 9]);
        assert!(why.contains("every other turn"), "{why}");
    }
    // flail_only: the entangling throw needs no recovery; the flail does.
    let mut b = battle_with(ruled("chain_recovery", "flail_only"));
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(entangle.clone()), &[0, 9]);
    turn_after(&mut b);
    ok(&mut b, Command::Clash(flail.clone()), &[0, 9]);
    turn_after(&mut b);
    let why = refused(&mut b, Command::Clash(flail), &[0, 9]);
    assert!(why.contains("every other turn"), "{why}");
    ok(&mut b, Command::Clash(entangle), &[0, 9]);
}

#[test]
fn every_chain_the_text_recovers_waits_a_turn_under_either_chain_recovery_reading() {
    let attack = |weapon: &str, kind: ClashKind, range: u32| {
        let mut o = strike(KUSA, weapon, HACHI, "Katana");
        o.kind = kind;
        o.range = range;
        Command::Clash(o)
    };
    // The text gives each of these its recovery; the ruling chain_recovery only decides the
    // Kusarigama's entangling throw.
    let recovered = [
        attack("Kusarigama", ClashKind::Chain, 3),
        attack("Manrikigusari", ClashKind::Entangle, 2),
        attack("Manrikigusari", ClashKind::Strike, 1),
        attack("Feruzue", ClashKind::Chain, 3),
        attack("Kawa-Nawa", ClashKind::Trip, 3),
        attack("Kawa-Nawa", ClashKind::Strike, 4),
    ];
    for option in ["every_other_turn", "flail_only"] {
        for order in &recovered {
            let mut b = battle_with(ruled("chain_recovery", option));
            at(&mut b, 0, Stage::Fighting);
            ok(&mut b, order.clone(), &[0, 9]);
            next_turn(&mut b);
            at(&mut b, 0, Stage::Fighting);
            let why = refused(&mut b, order.clone(), &[0, 9]);
            assert!(
                why.contains("every other turn"),
                "{option}: {order:?}: {why}"
            );
            next_turn(&mut b);
            at(&mut b, 0, Stage::Fighting);
            ok(&mut b, order.clone(), &[0, 9]);
        }
    }
}

#[test]
fn ni_ten_jitsu_an_attacker_striking_as_its_opponent_strikes_back_defends_at_plus_two() {
    // Kensei (Ni-Ten 5) attacks Goro (Katana 3), who strikes back: Kensei 5 + 2 = 7, Goro
    // 3 + 5 = 8. Goro's 8 meets Kensei's defence of 7 + 2: parried; Kensei's 7 is parried
    // by Goro's 8. Without the +2 Goro would push Kensei back; with it on Kensei's stroke
    // too, Kensei would push Goro back.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut o = strike(KENSEI, "Katana", GORO, "Katana");
    o.attacker.ni_ten = true;
    o.both_strike = true;
    let (totals, outcome) = clash_of(&ok(&mut b, Command::Clash(o), &[2, 5]));
    assert_eq!(totals, [7, 8]);
    assert_eq!(outcome, Outcome::default());
}

#[test]
fn shooting_factors_aiming_does_not_help_hand_thrown_weapons() {
    let mut b = throwers();
    act(
        &mut b,
        SHINOBI,
        Action::Step {
            step: gunbai::rules::kozeriai::command::Step::Stay,
            reload: false,
            aim: Some(GORO),
            jump: false,
        },
    );
    let bow = shooting::numbers(b.rules(), b.state(), &shot(SHINOBI, GORO, "Kyu", 10)).unwrap();
    assert!(bow.modifiers.iter().any(|m| m.reason.contains("aimed 1")));
    // A throwing star gains nothing from the aim: 5 + 3, not 5 + 3 + 1.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Shoot(shot(SHINOBI, GORO, "Shuriken", 10)),
        &[5, 0],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Shot { dice, .. } if dice.total == 8 && dice.hit)),
        "{events:?}"
    );
}

#[test]
fn yadomejutsu_bare_hands_never_deflect_a_sariken_or_shuriken() {
    let b = throwers();
    // Goro deflects bare-handed at 9: an arrow, but not a throwing star.
    let mut star = shot(SHINOBI, GORO, "Shuriken", 10);
    star.deflect = true;
    star.in_hand = Some("Jujutsu".into());
    let why = shooting::numbers(b.rules(), b.state(), &star).unwrap_err();
    assert!(why.contains("bare hands do not deflect"), "{why}");
    let mut arrow = shot(SHINOBI, GORO, "Kyu", 10);
    arrow.deflect = true;
    arrow.in_hand = Some("Jujutsu".into());
    let mut b = throwers();
    at(&mut b, 0, Stage::Fighting);
    // Hit on a 5; 2d10 read 4 + 5 = 9, at or under 9: deflected.
    let events = ok(&mut b, Command::Shoot(arrow), &[5, 4, 5]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Shot { dice, .. } if dice.deflect == Some((vec![4, 5], true))
    )));
}

#[test]
fn moving_horses_a_refusing_horse_stops_at_once_its_rider_still_up() {
    let mut b = battle();
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Trot)));
    next_turn(&mut b);
    act(&mut b, YUMI, Action::Ride(Ride::At(Speed::Canter)));
    // A low hedge: 1 refuses without throwing the rider.
    let events = ok(&mut b, Command::Jump(YUMI, Obstacle::LowHedge), &[1]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Jumped {
            result: JumpResult::Refused,
            ..
        }
    )));
    let y = fig(&b, YUMI);
    assert!(y.mounted && !y.lying);
    assert_eq!(y.speed, Speed::Halt, "a refusing horse stops immediately");
}

#[test]
fn shooting_factors_the_shooter_s_horse_by_its_speed() {
    let b = battle();
    let mut state = b.state().clone();
    let order = shot(YUMI, GORO, "Kyu", 10);
    for (speed, value) in [
        (Speed::Halt, -1),
        (Speed::Walk, -1),
        (Speed::Trot, -2),
        (Speed::Canter, -2),
        (Speed::Gallop, -3),
    ] {
        state.figure_mut(YUMI).unwrap().speed = speed;
        let n = shooting::numbers(b.rules(), &state, &order).unwrap();
        let horse: Vec<i64> = n
            .modifiers
            .iter()
            .filter(|m| m.reason.contains("horse"))
            .map(|m| m.value)
            .collect();
        assert_eq!(horse, vec![value], "{speed:?}");
    }
    // Fought with the table's faces: Yumi on her halted horse, Kyu 4 - 1 + 2 = 5 hits.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let events = ok(&mut b, Command::Shoot(order), &[2, 0]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Shot { dice, .. } if dice.total == 5 && dice.hit))
    );
}

#[test]
fn effect_of_hits_each_armour_takes_its_own_from_the_die() {
    let b = battle();
    let less = |target, weapon: &str| -> i64 {
        let order = shot(TEPPO, target, weapon, 10);
        shooting::numbers(b.rules(), b.state(), &order)
            .unwrap()
            .effect
            .iter()
            .map(|m| m.value)
            .sum()
    };
    assert_eq!(less(KUSA, "Teppo"), -1, "unarmoured");
    assert_eq!(less(TARO, "Teppo"), -2, "part armour");
    assert_eq!(less(KENSEI, "Teppo"), -4, "full armour");
    // The musket's ball takes nothing more; Teppo hits Kensei: misfire die 5, hit 9 + 3,
    // effect 9 - 4 = 5 wounds.
    let mut b = battle();
    at(&mut b, 1, Stage::Fighting);
    ok(
        &mut b,
        Command::Shoot(shot(TEPPO, KENSEI, "Teppo", 10)),
        &[5, 9, 9],
    );
    assert_eq!(fig(&b, KENSEI).wounds, 5);
}

#[test]
fn exchanging_blows_two_strokes_that_tie_are_both_parried() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut both = strike(TARO, "Katana", HACHI, "Katana");
    both.both_strike = true;
    // 3 + 3 against 0 + 6.
    let (totals, o) = clash_of(&ok(&mut b, Command::Clash(both), &[3, 6]));
    assert_eq!(totals, [6, 6]);
    assert_eq!(o, Outcome::default());
    assert_eq!((fig(&b, TARO).wounds, fig(&b, HACHI).wounds), (0, 0));
    assert!(b.state().due.is_empty(), "no push back either way");
    assert!(fig(&b, HACHI).this_turn.attacked, "Hachi's stroke is spent");
}

#[test]
fn blunt_weapons_the_ono_adds_one_distraction_the_bo_none() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Sohei's Ono 2 + 5 against Hachi 0 + 3: 4 and 1 more, distractions not wounds.
    let (_, o) = clash_of(&ok(
        &mut b,
        Command::Clash(strike(SOHEI, "Ono", HACHI, "Katana")),
        &[5, 3],
    ));
    assert_eq!((o.distractions, o.wounds), (5, 0));
    ok(&mut b, Command::NoHazard(HACHI), &[]);
    // Sohei's Bo, next turn, against Jo: 3 + 5 against 2 + 4, 2 distractions, none extra.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let (_, o) = clash_of(&ok(
        &mut b,
        Command::Clash(strike(SOHEI, "Bo", JO, "Yari")),
        &[5, 4],
    ));
    assert_eq!((o.distractions, o.wounds), (2, 0));
}

#[test]
fn kawa_nawa_a_trip_needs_a_win_by_three_and_a_strike_is_blunt() {
    let rope = |kind, reads: &[u32]| {
        let mut b = battle();
        at(&mut b, 0, Stage::Fighting);
        let mut o = strike(KUSA, "Kawa-Nawa", HACHI, "Katana");
        o.kind = kind;
        o.range = 2;
        let events = ok(&mut b, Command::Clash(o), reads);
        (b, clash_of(&events).1)
    };
    // A trip won by 3 (3 + 3 against 0 + 3): Hachi thrown down with 2 distractions.
    let (b, o) = rope(ClashKind::Trip, &[3, 3]);
    assert!(o.thrown && !o.push_back, "{o:?}");
    let h = fig(&b, HACHI);
    assert!(h.lying && h.distractions == 2 && h.wounds == 0);
    // Won by 2: a push back only.
    let (b, o) = rope(ClashKind::Trip, &[2, 3]);
    assert!(!o.thrown && o.push_back && o.distractions == 0, "{o:?}");
    assert!(!fig(&b, HACHI).lying);
    // A strike won by 4 is a blunt blow: 4 distractions, no wound.
    let (b, o) = rope(ClashKind::Strike, &[4, 3]);
    assert_eq!((o.distractions, o.wounds), (4, 0));
    assert_eq!(fig(&b, HACHI).distractions, 4);
}

#[test]
fn actions_a_dash_is_two_or_three_hexes_never_one() {
    let mut b = battle();
    for hexes in [0, 1, 4] {
        let why = refused(
            &mut b,
            Command::Act {
                figure: TARO,
                action: Action::Dash(hexes),
            },
            &[],
        );
        assert!(why.contains("2 or 3"), "{hexes}: {why}");
    }
    act(&mut b, TARO, Action::Dash(2));
    assert_eq!(fig(&b, TARO).this_turn.hexes_on_foot, 2);
}

#[test]
fn shooting_a_misfired_musket_tries_again_next_phase() {
    let mut b = battle();
    at(&mut b, 1, Stage::Fighting);
    // The misfire die reads 0: the musket did not work, and it is still loaded.
    let events = ok(&mut b, Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)), &[0]);
    assert!(events.iter().any(
        |e| matches!(e, Event::Shot { dice, reload: 0, .. } if dice.misfired && dice.die.is_none())
    ));
    // Not again this phase: the shot was its whole phase.
    let why = refused(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[5, 9],
    );
    assert!(
        why.contains("whole phase") || why.contains("acted"),
        "{why}"
    );
    next_turn(&mut b);
    at(&mut b, 1, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[5, 9, 9],
    );
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Shot { dice, reload: 15, .. } if !dice.misfired && dice.hit)
        )
    );
}

#[test]
fn armour_has_no_effect_on_who_wins_only_on_the_wounds() {
    // Taro 3 + 5 = 8 against Goro 3 + 3 = 6: a win by 2, both wounds ignored by Goro's
    // armour. Taro still wins: Goro is pushed back, unhurt.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let (totals, o) = clash_of(&ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", GORO, "Katana")),
        &[5, 3],
    ));
    assert_eq!(totals, [8, 6]);
    assert_eq!(
        (o.winner, o.push_back, o.wounds),
        (Some(0), true, 0),
        "{o:?}"
    );
    assert_eq!(b.state().due, vec![Due::PushedBack(GORO)]);
    assert_eq!(fig(&b, GORO).wounds, 0);
}

#[test]
fn movement_each_player_moves_only_the_figures_she_commands_on_her_turn() {
    // East's Kusa goes to a third player, P3: three contingents, East's two apart.
    let east = army(
        "east.ron",
        &super::EAST.replace(
            "(name: \"Kusa\", player: \"P1\"",
            "(name: \"Kusa\", player: \"P3\"",
        ),
    );
    let mut b =
        Battle::<Kozeriai>::start([east, army("west.ron", WEST)], HouseRules::default(), None)
            .expect("battle starts");
    let players = |b: &Battle<Kozeriai>| b.state().contingents[b.state().current].player.clone();
    // P1's turn: her Taro moves; West's Goro and P3's Kusa do not.
    assert_eq!(players(&b), "P1");
    act(
        &mut b,
        TARO,
        step(gunbai::rules::kozeriai::command::Step::Forward),
    );
    for other in [GORO, KUSA] {
        let why = refused(
            &mut b,
            Command::Act {
                figure: other,
                action: step(gunbai::rules::kozeriai::command::Step::Forward),
            },
            &[],
        );
        assert!(why.contains("not in the contingent acting now"), "{why}");
    }
    // P2's turn: Goro moves, Taro (P1) no longer does.
    at(&mut b, 1, Stage::Moving);
    assert_eq!(players(&b), "P2");
    act(
        &mut b,
        GORO,
        step(gunbai::rules::kozeriai::command::Step::Forward),
    );
    let why = refused(
        &mut b,
        Command::Act {
            figure: TARO,
            action: step(gunbai::rules::kozeriai::command::Step::Back),
        },
        &[],
    );
    assert!(why.contains("not in the contingent acting now"), "{why}");
    // P3's turn, the same game turn: Kusa moves.
    at(&mut b, 2, Stage::Moving);
    assert_eq!((players(&b), b.state().turn), ("P3".to_owned(), 1));
    act(
        &mut b,
        KUSA,
        step(gunbai::rules::kozeriai::command::Step::Forward),
    );
}
