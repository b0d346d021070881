//! Clauses the mutation run (`docs/rules/README.md`, Mutation runs) found no test asserting:
//! each test kills the mutants of the rule it names.

use super::*;
use gunbai::rules::kozeriai::Command;
use gunbai::rules::kozeriai::command::{Action, ClashKind, Ride};
use gunbai::rules::kozeriai::numbers::clash::{Outcome, UNARMED};
use gunbai::rules::kozeriai::state::{Speed, Stage};

/// Actions: on the ground, entangled or grappling a figure does not move (it stands up, tears
/// free or breaks off first), but may still stand, turn, stand up or reach a door; a horse
/// held at the halt or turning is no move either. Each refusal names what to do first.
#[test]
fn actions_on_the_ground_entangled_or_grappling_a_figure_turns_but_does_not_move() {
    use gunbai::rules::kozeriai::order::may_move;
    let b = battle();
    let moves = [
        step(Step::Forward),
        step(Step::SidestepBack),
        Action::Dash(2),
        Action::Ride(Ride::At(Speed::Walk)),
        Action::RideReload(Ride::Sidestep),
    ];
    let stays = [
        step(Step::Stay),
        step(Step::TurnSixty),
        step(Step::Turn),
        Action::Ride(Ride::Turn),
        Action::RideReload(Ride::At(Speed::Halt)),
        Action::StandUp,
        Action::Door,
    ];
    let mut lying = fig(&b, TARO);
    lying.lying = true;
    let mut entangled = fig(&b, TARO);
    entangled.entangled = true;
    let mut grappling = fig(&b, TARO);
    grappling.grappling = Some(HACHI);
    for (x, first) in [
        (&lying, "stand up first"),
        (&entangled, "tear free first"),
        (&grappling, "break off first"),
    ] {
        for a in &moves {
            let e = may_move(x, a).expect_err(&format!("{a:?} moves"));
            assert!(e.to_string().contains(first), "{a:?}: {e}");
        }
        for a in &stays {
            assert!(may_move(x, a).is_ok(), "{a:?} is no move");
        }
    }
    // A rider grappling from the saddle still rides.
    let mut rider = fig(&b, YUMI);
    rider.grappling = Some(HACHI);
    assert!(may_move(&rider, &Action::Ride(Ride::At(Speed::Trot))).is_ok());
    for a in moves.iter().chain(&stays) {
        assert!(may_move(&fig(&b, TARO), a).is_ok(), "a free figure: {a:?}");
    }
}

/// Tactical Factors: -1 for every two wounds and for each distraction; a figure with neither,
/// or with one wound only, carries no such line at all (no "0 wounds" on the card).
#[test]
fn tactical_factors_wounds_count_by_twos_and_a_sound_figure_shows_no_penalty() {
    use gunbai::rules::kozeriai::numbers::clash::hurt_penalties;
    let b = battle();
    let lines = |wounds, distractions| {
        let mut x = fig(&b, TARO);
        x.wounds = wounds;
        x.distractions = distractions;
        hurt_penalties(&x, (-1, 2), -1, "Tactical Factors")
            .iter()
            .map(|m| (m.reason.to_string(), m.value))
            .collect::<Vec<_>>()
    };
    assert!(lines(0, 0).is_empty());
    assert!(lines(1, 0).is_empty(), "one wound: no penalty yet");
    assert_eq!(lines(2, 0), [("2 wounds".to_owned(), -1)]);
    assert_eq!(
        lines(5, 1),
        [
            ("5 wounds".to_owned(), -2),
            ("1 distraction".to_owned(), -1)
        ]
    );
}

/// Combat outcomes: a grapple or tear-free roll that does not go the attacker's way is held
/// (no winner, nothing happens), and a tear-free won frees the figure.
#[test]
fn grappling_and_tearing_free_a_roll_not_won_holds() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let mut order = strike(TARO, UNARMED, HACHI, UNARMED);
    order.kind = ClashKind::Grapple;
    let grapple = numbers(b.rules(), b.state(), &order).expect("a grapple");
    assert_eq!(
        grapple.outcome(b.rules(), 0),
        Outcome::default(),
        "an equal roll holds"
    );
    order.kind = ClashKind::TearFree;
    let tear = numbers(b.rules(), b.state(), &order).expect("tearing free");
    assert_eq!(
        tear.outcome(b.rules(), -2),
        Outcome::default(),
        "lost: still held"
    );
    assert_eq!(tear.outcome(b.rules(), 0), Outcome::default());
    let freed = tear.outcome(b.rules(), 2);
    assert!(freed.freed && freed.winner == Some(0), "{freed:?}");
    // A failed tear-free is no stroke by the other, even were both to strike.
    let mut tear_both = tear.clone();
    tear_both.both_strike = true;
    assert_eq!(tear_both.outcome(b.rules(), -3), Outcome::default());
}

/// Ni-Ten Jitsu's +2 when both strike counts against the other's stroke only: a defender's
/// raises what the attacker must beat (by 3 to land 1), an attacker's what the defender must
/// (by 3 the other way); between, both strokes are parried. A body charge ties go to the
/// charger as ever.
#[test]
fn ni_ten_jitsu_the_defending_bonus_counts_only_against_the_other_stroke() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let r = b.rules();
    let order = strike(TARO, "Katana", HACHI, "Katana");
    let plain = numbers(r, b.state(), &order).expect("a clash");
    let with = |b0: i64, b1: i64, kind: ClashKind| {
        let mut n = plain.clone();
        n.both_strike = true;
        n.kind = kind;
        n.sides[0].defence_only = b0;
        n.sides[1].defence_only = b1;
        n
    };
    let defender = with(0, 2, ClashKind::Strike);
    assert_eq!(
        defender.outcome(r, 3).winner,
        Some(0),
        "3 beats the +2 by 1"
    );
    assert_eq!(defender.outcome(r, 3), plain.outcome(r, 1));
    for diff in [2, 1, 0] {
        assert_eq!(
            defender.outcome(r, diff),
            Outcome::default(),
            "{diff}: parried"
        );
    }
    let attacker = with(2, 0, ClashKind::Strike);
    assert_eq!(
        attacker.outcome(r, -3).winner,
        Some(1),
        "the defender lands"
    );
    assert_eq!(attacker.outcome(r, -2), Outcome::default());
    let charge = with(0, 2, ClashKind::BodyCharge);
    assert!(
        charge.outcome(r, 2).charge_home,
        "a tie past the bonus: home"
    );
    assert_eq!(charge.outcome(r, 1), Outcome::default(), "short of it");
    let charged = with(2, 0, ClashKind::BodyCharge);
    assert_eq!(charged.outcome(r, -2), Outcome::default(), "held to a tie");
}

/// A blow falling between two grapplers keeps to the figure named on 0-4 of the d10 (read
/// 0-9), and passes to its partner on 5-9.
#[test]
fn grappling_the_split_die_keeps_the_blow_on_0_to_4() {
    use gunbai::rules::kozeriai::numbers::grapple::split_keeps_target;
    let b = battle();
    assert!((0..=4).all(|d| split_keeps_target(b.rules(), d)));
    assert!((5..=9).all(|d| !split_keeps_target(b.rules(), d)));
}

/// The odds of a clash: every pair of d10 faces counts once, so the chances add up to one
/// and a tie of equal factors is one in ten.
#[test]
fn combat_the_opposed_odds_count_every_pair_of_faces_once() {
    use gunbai::rules::kozeriai::numbers::odds::opposed;
    let diffs = opposed(10, &vec![(1.0, 0)], &vec![(1.0, 0)]);
    let total: f64 = diffs.values().sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    assert!((diffs[&0] - 0.1).abs() < 1e-12, "{:?}", diffs.get(&0));
    assert!((diffs[&9] - 0.01).abs() < 1e-12);
    // A side fought two ways (an Iaijutsu draw made or failed) counts each by its chance.
    let split = opposed(10, &vec![(1.0, 0)], &vec![(0.25, 0), (0.75, 0)]);
    for (diff, p) in &diffs {
        assert!((split[diff] - p).abs() < 1e-12, "{diff}");
    }
}

/// Only a weapon that trips at reach (the Kawa-Nawa) makes a trip attack: a Katana's is
/// refused, naming why.
#[test]
fn kawa_nawa_a_trip_attack_needs_a_weapon_that_trips() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut trip = strike(TARO, "Katana", HACHI, "Katana");
    trip.kind = ClashKind::Trip;
    let why = refused(&mut b, Command::Clash(trip), &[0, 9]);
    assert!(why.contains("a Katana cannot trip at reach"), "{why}");
}

/// The Shoot card's chance counts a misfire as the roll does: in the rain a musket fires on
/// 3 or more of the d10 (read 0-9), so its chance of a hit is 7 in 10 of the dry one's.
#[test]
fn shooting_rain_the_chance_of_a_hit_counts_the_misfire() {
    use gunbai::rules::kozeriai::numbers::shooting::numbers;
    let b = battle();
    let mut rain = shot(TEPPO, TARO, "Teppo", 10);
    let dry = numbers(b.rules(), b.state(), &rain).expect("a shot");
    rain.rain = true;
    let wet = numbers(b.rules(), b.state(), &rain).expect("a shot");
    assert_eq!(wet.misfire_at_most, Some(2));
    let (p_dry, p_wet) = (dry.hit_chance(b.rules()), wet.hit_chance(b.rules()));
    // Dry, only the 0 misfires: 9 in 10 go off.
    let goes_off = |n: f64| n / 10.0;
    assert!(
        (p_wet / p_dry - goes_off(7.0) / goes_off(9.0)).abs() < 1e-9,
        "{p_wet} against {p_dry}"
    );
}

/// Outnumbered 1 to 1 is not outnumbered: it is never refused, even when the other side has
/// nobody left fighting (its last figure knocked out on the ground before its attacker).
#[test]
fn tactical_factors_one_to_one_is_not_outnumbered_whoever_is_left() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let mut state = b.state().clone();
    for f in [GORO, JO, TEPPO] {
        state.figure_mut(f).expect("west").dead = true;
    }
    state.figure_mut(HACHI).expect("Hachi").knocked_out = true;
    let mut order = strike(TARO, "Katana", HACHI, "Katana");
    order.attacker.situation.outnumbered = 1;
    assert!(numbers(b.rules(), &state, &order).is_ok());
    order.attacker.situation.outnumbered = 2;
    let why = numbers(b.rules(), &state, &order).expect_err("nobody to outnumber Taro");
    assert!(why.contains("cannot be outnumbered 2-1"), "{why}");
}

/// Body Charges: a charge not beaten (a tie included) goes home: the defender is pushed back
/// with two distractions, and the falling roll follows.
#[test]
fn body_charges_a_charge_not_beaten_pushes_the_defender_back() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let mut order = strike(TARO, UNARMED, HACHI, "Katana");
    order.kind = ClashKind::BodyCharge;
    let n = numbers(b.rules(), b.state(), &order).expect("a charge");
    for diff in [0, 3] {
        let o = n.outcome(b.rules(), diff);
        assert!(
            o.winner == Some(0) && o.push_back && o.charge_home && o.distractions == 2,
            "{diff}: {o:?}"
        );
    }
    let beaten = n.outcome(b.rules(), -1);
    assert!(!beaten.push_back && !beaten.charge_home, "{beaten:?}");
}

/// Effect of Hits: a hit does a d10 (read 0-9) of wounds, less what the effect takes off (an
/// arrow's 2, armour), never below none; on a grappler, the split die sends half the hits to
/// its partner, who takes them bare. The Shoot card's chances are these.
#[test]
fn effect_of_hits_the_wound_chances_are_the_d10_less_the_effect() {
    use gunbai::engine::check::Modifier;
    use gunbai::rules::kozeriai::numbers::shooting::numbers;
    let b = battle();
    let mut n = numbers(b.rules(), b.state(), &shot(TEPPO, TARO, "Teppo", 10)).expect("a shot");
    let close = |a: &[f64], b: &[f64]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    };
    n.effect = Vec::new();
    n.split = None;
    assert!(close(&n.wound_chances(b.rules()), &[0.1; 10]));
    n.effect = vec![Modifier::total(-2, "an arrow", "Effect of Hits")];
    let less_two = [0.3, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1];
    assert!(
        close(&n.wound_chances(b.rules()), &less_two),
        "{:?}",
        n.wound_chances(b.rules())
    );
    // Half on the named figure, less 2; half on its partner, in full.
    n.split = Some((HACHI, Vec::new()));
    let mixed: Vec<f64> = (0..10)
        .map(|w| 0.5 * less_two.get(w).copied().unwrap_or(0.0) + 0.05)
        .collect();
    assert!(
        close(&n.wound_chances(b.rules()), &mixed),
        "{:?}",
        n.wound_chances(b.rules())
    );
}

/// Yadomejutsu: the target deflects on 2d10 (each read 0-9) at or under its skill, with its
/// modifiers added: skill 12 deflects 79 times in 100.
#[test]
fn yadomejutsu_the_deflect_chance_reads_each_die_0_to_9() {
    use gunbai::engine::check::Modifier;
    use gunbai::rules::kozeriai::numbers::shooting::numbers;
    let b = battle();
    let mut n = numbers(b.rules(), b.state(), &shot(TEPPO, TARO, "Teppo", 10)).expect("a shot");
    n.deflect = Some((12, Vec::new()));
    assert!((n.deflect_chance(b.rules()) - 0.79).abs() < 1e-12);
    // +3 on the dice: 9 or less before it, 55 in 100.
    n.deflect = Some((12, vec![Modifier::total(3, "x", "Yadomejutsu")]));
    assert!((n.deflect_chance(b.rules()) - 0.55).abs() < 1e-12);
    n.deflect = None;
    assert_eq!(n.deflect_chance(b.rules()), 0.0);
}

/// An entangling or tripping attack that wins by less than it needs pushes the loser back: the
/// attacker is the winner.
#[test]
fn restraining_weapons_a_win_short_of_the_entangle_pushes_back() {
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    let b = battle();
    let mut order = strike(KUSA, "Kusarigama", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    let n = numbers(b.rules(), b.state(), &order).expect("an entangling attack");
    let o = n.outcome(b.rules(), 1);
    assert!(o.winner == Some(0) && o.push_back && !o.entangled, "{o:?}");
}

/// Shooting Factors: aiming adds for each move spent aiming at this target; a figure that has
/// spent none (or aims at another) shows no aiming line.
#[test]
fn shooting_factors_aiming_counts_only_moves_spent_on_this_target() {
    use gunbai::rules::kozeriai::numbers::shooting::numbers;
    let b = battle();
    let aimed = |aiming| {
        let mut state = b.state().clone();
        state.figure_mut(TARO).expect("Taro").aiming = aiming;
        numbers(b.rules(), &state, &shot(TARO, GORO, "Kyu", 3))
            .expect("a shot")
            .modifiers
            .iter()
            .filter(|m| m.reason.starts_with("aimed"))
            .map(|m| m.value)
            .collect::<Vec<_>>()
    };
    assert!(aimed(Some((GORO, 0))).is_empty());
    assert!(aimed(Some((HACHI, 2))).is_empty());
    assert_eq!(aimed(Some((GORO, 2))).len(), 1);
}

/// The chance of each outcome on the clash card is what rolling every pair of d10 faces
/// (read 0-9) through the engine gives: who wins, parries, push backs, the entangling, and
/// each number of wounds or distractions.
#[test]
fn combat_the_clash_card_odds_are_the_engine_s_outcomes_over_every_pair_of_faces() {
    use std::collections::BTreeMap;

    use gunbai::dice::TableDice;
    use gunbai::engine::check::Outcome as Of;
    use gunbai::engine::exec::events_of;
    use gunbai::rules::kozeriai::measures;
    use gunbai::rules::kozeriai::numbers::clash::numbers;
    use gunbai::rules::kozeriai::numbers::clash_odds::odds;
    use gunbai::rules::kozeriai::{Event, Kozeriai};

    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut entangle = strike(KUSA, "Kusarigama", HACHI, "Katana");
    entangle.kind = ClashKind::Entangle;
    let blunt = strike(SOHEI, "Bo", HACHI, "Katana");
    let mut close = strike(YUMI, "Yari", HACHI, "Katana");
    close.closing = true;
    let plain = strike(TARO, "Katana", GORO, "Naginata");
    let mut both = plain.clone();
    both.both_strike = true;
    let mut trip = strike(KUSA, "Kawa-Nawa", HACHI, "Katana");
    trip.kind = ClashKind::Trip;
    let mut tear = strike(TARO, "Katana", HACHI, "Katana");
    tear.kind = ClashKind::TearFree;
    let mut held = b.state().clone();
    held.figure_mut(TARO).expect("Taro").entangled = true;
    let free = b.state().clone();
    let mut seen = std::collections::BTreeSet::new();
    for (state, order) in [
        (&free, plain),
        (&free, both),
        (&free, entangle),
        (&free, blunt),
        (&free, close),
        (&free, trip),
        (&held, tear),
    ] {
        let mut rolled = BTreeMap::<(&str, i64), f64>::new();
        for a in 0..10 {
            for d in 0..10 {
                let mut dice = TableDice::new(vec![face(a), face(d)]);
                let events = events_of::<Kozeriai>(
                    b.rules(),
                    state,
                    &Command::Clash(order.clone()),
                    &mut dice,
                )
                .unwrap_or_else(|e| panic!("{order:?}: {e}"));
                let o = events
                    .iter()
                    .find_map(|e| match e {
                        Event::Clash { dice, .. } => Some(dice.outcome.clone()),
                        _ => None,
                    })
                    .expect("a clash");
                let mut count = |m, n| *rolled.entry((m, n)).or_insert(0.0) += 0.01;
                count(measures::WINNER, o.winner.map_or(-1, |w| w as i64));
                let loser = o.loser().unwrap_or(1).min(1);
                if o.push_back && o.wounds == 0 && o.distractions == 0 {
                    count(measures::PUSHED_ONLY, 1);
                }
                for (on, m) in [
                    (o.may_close, measures::MAY_CLOSE),
                    (o.entangled, measures::ENTANGLED),
                    (o.thrown, measures::THROWN),
                    (o.freed, measures::FREED),
                    (o.charge_home, measures::CHARGE_HOME),
                ] {
                    if on {
                        count(m, 1);
                    }
                }
                if o.wounds > 0 {
                    count(measures::WOUNDS[loser], i64::from(o.wounds));
                }
                if o.distractions > 0 {
                    count(measures::DISTRACTIONS[loser], i64::from(o.distractions));
                }
            }
        }
        let n = numbers(b.rules(), state, &order).expect("a clash");
        let n0 = n.clone();
        let card_of = |alternatives: &[(f64, _)]| -> BTreeMap<(&str, i64), f64> {
            odds(b.rules(), alternatives, ["a", "d"])
                .into_iter()
                .filter_map(|o| match o.of {
                    Of::Measure(m, _, n) => Some(((m, n), o.probability)),
                    Of::Shown => None,
                })
                .collect()
        };
        let card = card_of(&[(1.0, n.clone())]);
        // Ways the clash may be fought (an Iaijutsu draw made or failed) count by their
        // chance: the same clash split in two halves shows the same odds.
        let halves = card_of(&[(0.5, n.clone()), (0.5, n)]);
        assert_eq!(halves.len(), card.len());
        for (key, p) in &card {
            assert!((halves[key] - p).abs() < 1e-9, "{key:?}");
        }
        for (key, p) in &rolled {
            let shown = card.get(key).copied().unwrap_or(0.0);
            assert!(
                (shown - p).abs() < 1e-9,
                "{:?} {key:?}: card {shown}, dice {p}",
                order.kind
            );
        }
        for (key, p) in &card {
            let got = rolled.get(key).copied().unwrap_or(0.0);
            assert!(
                (got - p).abs() < 1e-9,
                "{:?} {key:?}: card {p}, dice {got}",
                order.kind
            );
            // Only who wins and the parry are shown at nought; nothing else that cannot happen.
            let always = [(measures::WINNER, 0), (measures::WINNER, -1)];
            assert!(*p > 0.0 || always.contains(key), "{key:?} shown at nought");
            seen.insert(key.0);
        }
        // Each outcome is named for what it is.
        let named = odds(b.rules(), &[(1.0, n0)], ["a", "d"]);
        for (measure, label) in [
            (measures::ENTANGLED, "entangles"),
            (measures::THROWN, "throws the loser down"),
            (measures::FREED, "tears free"),
            (measures::MAY_CLOSE, "d may close"),
            (measures::PUSHED_ONLY, "push back only"),
        ] {
            if let Some(o) = named
                .iter()
                .find(|o| matches!(o.of, Of::Measure(m, ..) if m == measure))
            {
                assert_eq!(o.outcome, label);
            }
        }
    }
    assert!(seen.contains(measures::WINNER), "who wins");
    for measure in [
        measures::WOUNDS[0],
        measures::ENTANGLED,
        measures::THROWN,
        measures::FREED,
        measures::MAY_CLOSE,
        measures::PUSHED_ONLY,
        measures::DISTRACTIONS[1],
        measures::WOUNDS[1],
    ] {
        assert!(seen.contains(measure), "no clash tried shows {measure}");
    }
}

/// Shooting Factors: a West shooter "being shot at" needs an East figure still fighting with a
/// bow, musket or thrown weapon, as an East shooter needs a West one.
#[test]
fn shooting_factors_being_shot_at_needs_an_enemy_that_shoots_on_either_side() {
    use gunbai::rules::kozeriai::numbers::shooting::numbers;
    let b = battle();
    let mut west = shot(TEPPO, TARO, "Teppo", 10);
    west.shot_at = true;
    assert!(
        numbers(b.rules(), b.state(), &west).is_ok(),
        "Taro, Yumi and Kensei shoot"
    );
    let mut state = b.state().clone();
    for f in [TARO, YUMI, KENSEI] {
        state.figure_mut(f).expect("east").dead = true;
    }
    let why = numbers(b.rules(), &state, &west).expect_err("no bow left in the East");
    assert!(why.contains("not being shot at"), "{why}");
}

/// Yadomejutsu: a figure that cannot defend (knocked out, grappling or shouting) cannot
/// deflect; a first deflection this phase carries no "arrows already deflected" line.
#[test]
fn yadomejutsu_a_figure_that_cannot_defend_cannot_deflect() {
    use gunbai::rules::kozeriai::numbers::shooting::numbers;
    let b = battle();
    let mut arrow = shot(TARO, GORO, "Kyu", 3);
    arrow.deflect = true;
    arrow.in_hand = Some("Katana".into());
    let first = numbers(b.rules(), b.state(), &arrow).expect("Goro deflects");
    let (_, mods) = first.deflect.expect("a deflection");
    assert!(
        mods.iter().all(|m| !m.reason.contains("already")),
        "{mods:?}"
    );
    // The third arrow this phase: +1 for each of the two before.
    let mut state = b.state().clone();
    state.figure_mut(GORO).expect("Goro").this_turn.deflections = 2;
    let mut third = arrow.clone();
    third.earlier_arrows = 2;
    let (_, mods) = numbers(b.rules(), &state, &third)
        .expect("a third")
        .deflect
        .expect("a deflection");
    let already: Vec<i64> = mods
        .iter()
        .filter(|m| m.reason.contains("already"))
        .map(|m| m.value)
        .collect();
    assert_eq!(already, [2], "{mods:?}");
    let helpless: [fn(&mut gunbai::rules::kozeriai::state::FigureState); 3] = [
        |x| x.knocked_out = true,
        |x| x.grappling = Some(TARO),
        |x| x.this_turn.shouting = true,
    ];
    for make in helpless {
        let mut state = b.state().clone();
        make(state.figure_mut(GORO).expect("Goro"));
        let why = numbers(b.rules(), &state, &arrow).expect_err("helpless");
        assert!(why.contains("cannot defend now"), "{why}");
    }
}
