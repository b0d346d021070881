//! Bows and Bullets, read clause by clause (issue 42): each test drives the engine with the
//! faces a table would roll and asserts the clause's exact effect.

use gunbai::rules::kozeriai::command::{Step, Visibility};
use gunbai::rules::kozeriai::numbers::shooting;
use gunbai::rules::kozeriai::pending::cards;
use gunbai::rules::kozeriai::state::{Speed, Stage};
use gunbai::rules::kozeriai::tables::weapons::Shoots;
use gunbai::rules::kozeriai::{Command, Event, Kozeriai, Rules};

use super::*;

/// An archer who also throws a javelin and fires a musket, against the usual West.
const ITE: &str = r#"(
    name: "East",
    figures: [
        (name: "Ite", player: "P1", skills: {"Kyu": 2, "Uchi-ne": 6, "Teppo": 5, "Katana": 1}),
    ],
)"#;
const ITE_REF: FigureRef = FigureRef(0, 0);

fn archers() -> Battle<Kozeriai> {
    let armies = [army("east.ron", ITE), army("west.ron", WEST)];
    Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("battle starts")
}

/// The dice of the shot a command's events record.
fn shot_dice(events: &[Event]) -> gunbai::rules::kozeriai::event::ShotDice {
    events
        .iter()
        .find_map(|e| match e {
            Event::Shot { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .expect("a shot event")
}

/// The reload the shot's event starts.
fn shot_reload(events: &[Event]) -> u32 {
    events
        .iter()
        .find_map(|e| match e {
            Event::Shot { reload, .. } => Some(*reload),
            _ => None,
        })
        .expect("a shot event")
}

/// The value of the factor whose reason contains `what`, if the shot has one.
fn factor(
    rules: &Rules,
    state: &gunbai::rules::kozeriai::State,
    order: &gunbai::rules::kozeriai::command::ShotOrder,
    what: &str,
) -> Option<i64> {
    shooting::numbers(rules, state, order)
        .expect("shot numbers")
        .modifiers
        .iter()
        .filter(|m| m.reason.contains(what))
        .map(|m| m.value)
        .reduce(|a, b| a + b)
}

#[test]
fn bows_and_bullets_the_skill_added_is_the_shooter_s_with_that_weapon() {
    // Ite has Kyu +2, Teppo +5 and Katana +1: each missile adds its own skill.
    let b = archers();
    let s = b.state();
    assert_eq!(
        factor(b.rules(), s, &shot(ITE_REF, GORO, "Kyu", 10), "skill"),
        Some(2)
    );
    assert_eq!(
        factor(b.rules(), s, &shot(ITE_REF, GORO, "Teppo", 10), "skill"),
        Some(5)
    );
    // Fought: Kyu +2 at 20 hexes needs 5: a 3 makes 5 and hits (not 6, nor 8 with the
    // musket's +5).
    let mut b = archers();
    at(&mut b, 0, Stage::Fighting);
    // A missile the shooter has no skill with is not its to shoot.
    let why = refused(
        &mut b,
        Command::Shoot(shot(ITE_REF, GORO, "Shuriken", 10)),
        &[5],
    );
    assert!(why.contains("Ite has no Shuriken"), "{why}");
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, GORO, "Kyu", 10)),
        &[3, 0],
    ));
    assert_eq!((dice.total, dice.hit), (5, true));
}

#[test]
fn shooting_a_shot_hits_at_the_table_s_number_and_misses_one_below() {
    // Taro's Kyu +4 at 21 to 40 hexes needs 7: a 3 makes 7 and hits; 9 - 2 (arrow) - 3
    // (Goro armoured) = 4 wounds.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TARO, GORO, "Kyu", 30)),
        &[3, 9],
    ));
    assert_eq!(
        (dice.total, dice.needed, dice.hit, dice.wounds),
        (7, 7, true, 4)
    );
    assert_eq!(fig(&b, GORO).wounds, 4);
    // A 2 makes 6: one short misses, and no effect die is rolled.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TARO, GORO, "Kyu", 30)),
        &[2],
    ));
    assert_eq!((dice.total, dice.hit, dice.effect), (6, false, None));
    assert_eq!(fig(&b, GORO).wounds, 0);
    // The card's chance is the faces 3 to 9: seven in ten.
    let b = battle();
    let card = cards::shot_card(b.rules(), b.state(), &shot(TARO, GORO, "Kyu", 30)).unwrap();
    let hit = card
        .odds
        .iter()
        .find(|o| o.outcome == "hit")
        .unwrap()
        .probability;
    assert!((hit - 0.7).abs() < 1e-12, "{hit}");
}

#[test]
fn shooting_a_shot_is_made_only_in_the_shooter_s_own_contingent_s_fighting_stage() {
    let mut b = battle();
    // While East moves, Taro does not shoot: shots wait for the contingent's fighting stage.
    assert_eq!((b.state().current, b.state().stage), (0, Stage::Moving));
    let why = refused(&mut b, Command::Shoot(shot(TARO, GORO, "Kyu", 10)), &[5, 5]);
    assert!(why.contains("fighting stage"), "{why}");
    // In East's fighting stage West's musketeer does not shoot: it is not his phase.
    at(&mut b, 0, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[5, 5, 5],
    );
    assert!(why.contains("not in the contingent acting now"), "{why}");
    // In West's own, he does: the musket goes off (5), and 9 + 3 hits Taro (9 - 2 = 7 wounds).
    at(&mut b, 1, Stage::Fighting);
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[5, 9, 9],
    ));
    assert_eq!((dice.total, dice.hit, dice.wounds), (12, true, 7));
    assert!(fig(&b, TARO).dead);
}

#[test]
fn shooting_the_range_bands_end_at_twenty_forty_and_eighty_hexes() {
    let b = battle();
    let n = |s, h| shooting::needed(b.rules(), s, h);
    for (shoots, row) in [
        (
            Shoots::Bow,
            [
                Some(5),
                Some(5),
                Some(7),
                Some(7),
                Some(9),
                Some(9),
                Some(12),
            ],
        ),
        (
            Shoots::Thrown,
            [Some(7), Some(7), Some(12), Some(12), None, None, None],
        ),
        (
            Shoots::Musket,
            [
                Some(9),
                Some(9),
                Some(9),
                Some(9),
                Some(11),
                Some(11),
                Some(14),
            ],
        ),
    ] {
        let got = [1, 20, 21, 40, 41, 80, 81].map(|h| n(shoots, h));
        assert_eq!(got, row, "{shoots:?}");
    }
    // Fought: Kyu +4 at 41 hexes needs 9 (a 5 hits, a 4 does not); a javelin at 41 is refused.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TARO, GORO, "Kyu", 41)),
        &[4],
    ));
    assert_eq!((dice.needed, dice.hit), (9, false));
    let mut b = archers();
    at(&mut b, 0, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Shoot(shot(ITE_REF, GORO, "Uchi-ne", 41)),
        &[9, 9],
    );
    assert!(why.contains("41 hexes is out of range"), "{why}");
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, GORO, "Uchi-ne", 40)),
        &[6, 0],
    ));
    assert_eq!((dice.needed, dice.total, dice.hit), (12, 12, true));
}

#[test]
fn shooting_rain_makes_a_musket_misfire_on_two_or_less() {
    let mut rain = shot(TEPPO, TARO, "Teppo", 10);
    rain.rain = true;
    // In the rain a 2 on the misfire die fails: no shot, the musket stays loaded.
    let mut b = battle();
    at(&mut b, 1, Stage::Fighting);
    let events = ok(&mut b, Command::Shoot(rain.clone()), &[2]);
    let dice = shot_dice(&events);
    assert_eq!(
        (dice.misfired, dice.die, shot_reload(&events)),
        (true, None, 0)
    );
    assert!(fig(&b, TEPPO).reload.is_empty());
    // It tries again next turn: in the rain a 3 goes off, and the musket reloads 15 turns.
    next_turn(&mut b);
    at(&mut b, 1, Stage::Fighting);
    let events = ok(&mut b, Command::Shoot(rain), &[3, 0]);
    let dice = shot_dice(&events);
    assert_eq!(
        (dice.misfired, dice.die, shot_reload(&events)),
        (false, Some(0), 15)
    );
    // In the dry a 1 goes off: only the 0 fails.
    let mut b = battle();
    at(&mut b, 1, Stage::Fighting);
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[1, 0],
    ));
    assert!(!dice.misfired);
}

#[test]
fn shooting_factors_aiming_counts_each_move_to_three_and_any_other_action_ends_it() {
    let aim = |target| Action::Step {
        step: Step::Stay,
        reload: false,
        aim: Some(target),
        jump: false,
    };
    let mut b = battle();
    // Four moves aiming at Goro count three.
    for turn in 0..4 {
        if turn > 0 {
            next_turn(&mut b);
        }
        act(&mut b, TARO, aim(GORO));
        assert_eq!(fig(&b, TARO).aiming, Some((GORO, turn + 1)));
    }
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // Kyu +4 +3 at 41 to 80 hexes needs 9: a 1 makes 8 and misses (a fourth move would hit).
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TARO, GORO, "Kyu", 50)),
        &[1],
    ));
    assert_eq!((dice.total, dice.hit), (8, false));
    assert_eq!(fig(&b, TARO).aiming, None, "the shot ends the aim");
    // Two moves aiming count two.
    let mut b = battle();
    act(&mut b, TARO, aim(GORO));
    next_turn(&mut b);
    act(&mut b, TARO, aim(GORO));
    let order = shot(TARO, GORO, "Kyu", 50);
    assert_eq!(factor(b.rules(), b.state(), &order, "aimed"), Some(2));
    // Aiming at another target starts the count again; a step forward ends it.
    next_turn(&mut b);
    act(&mut b, TARO, aim(HACHI));
    assert_eq!(factor(b.rules(), b.state(), &order, "aimed"), None);
    assert_eq!(
        factor(b.rules(), b.state(), &shot(TARO, HACHI, "Kyu", 50), "aimed"),
        Some(1)
    );
    next_turn(&mut b);
    act(&mut b, TARO, step(Step::Forward));
    assert_eq!(fig(&b, TARO).aiming, None);
    // Aiming means standing still or turning: an aim on the move is refused.
    next_turn(&mut b);
    let why = refused(
        &mut b,
        Command::Act {
            figure: TARO,
            action: Action::Step {
                step: Step::Forward,
                reload: false,
                aim: Some(GORO),
                jump: false,
            },
        },
        &[],
    );
    assert!(why.contains("standing still"), "{why}");
    // The musket gains nothing from an aim.
    let mut b = archers();
    act(&mut b, ITE_REF, aim(GORO));
    assert_eq!(
        factor(
            b.rules(),
            b.state(),
            &shot(ITE_REF, GORO, "Teppo", 50),
            "aimed"
        ),
        None
    );
}

#[test]
fn shooting_factors_a_partly_obscured_target_takes_one_a_cantering_one_none() {
    let b = battle();
    let mut partly = shot(TEPPO, YUMI, "Teppo", 10);
    partly.visibility = Visibility::Partly;
    assert_eq!(
        factor(b.rules(), b.state(), &partly, "partly obscured"),
        Some(-1)
    );
    assert_eq!(factor(b.rules(), b.state(), &partly, "minimally"), None);
    // Only a galloping target takes -1: Yumi's horse at a canter gives the shooter nothing.
    let mut state = b.state().clone();
    state.figure_mut(YUMI).unwrap().speed = Speed::Canter;
    assert_eq!(factor(b.rules(), &state, &partly, "galloping"), None);
    state.figure_mut(YUMI).unwrap().speed = Speed::Gallop;
    assert_eq!(factor(b.rules(), &state, &partly, "galloping"), Some(-1));
    // Fought: Teppo +3 - 1 at 20 hexes needs 9: a 7 makes 9 and hits, a 6 would not.
    let mut b = battle();
    at(&mut b, 1, Stage::Fighting);
    let dice = shot_dice(&ok(&mut b, Command::Shoot(partly), &[5, 7, 0]));
    assert_eq!((dice.total, dice.hit), (9, true));
}

#[test]
fn shooting_factors_each_distraction_and_each_wound_take_one_or_every_two_wounds_under_the_other_reading()
 {
    for (house, wounds) in [
        (HouseRules::default(), -3),
        (ruled("wounds_in_shooting", "per_two_wounds"), -1),
    ] {
        let b = battle_with(house);
        let mut state = b.state().clone();
        {
            let t = state.figure_mut(TARO).unwrap();
            t.wounds = 3;
            t.distractions = 2;
        }
        let order = shot(TARO, GORO, "Kyu", 10);
        assert_eq!(factor(b.rules(), &state, &order, "wound"), Some(wounds));
        assert_eq!(factor(b.rules(), &state, &order, "distraction"), Some(-2));
    }
    // Fought: Teppo's bullet gives Taro 2 wounds (4 - 2 part armour), then Taro shoots at -2.
    let mut b = battle();
    at(&mut b, 1, Stage::Fighting);
    ok(
        &mut b,
        Command::Shoot(shot(TEPPO, TARO, "Teppo", 10)),
        &[5, 9, 4],
    );
    assert_eq!(fig(&b, TARO).wounds, 2);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // Kyu +4 - 2 at 20 hexes needs 5: a 2 makes 4 and misses.
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(TARO, GORO, "Kyu", 10)),
        &[2],
    ));
    assert_eq!((dice.total, dice.hit), (4, false));
}

#[test]
fn effect_of_hits_a_javelin_or_a_bullet_takes_only_the_armour_and_never_below_nothing() {
    let mut b = archers();
    at(&mut b, 0, Stage::Fighting);
    // A javelin is neither an arrow nor a star: 5 - 3 (Goro armoured) = 2 wounds.
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, GORO, "Uchi-ne", 10)),
        &[1, 5],
    ));
    assert_eq!((dice.hit, dice.effect, dice.wounds), (true, Some(5), 2));
    assert_eq!(fig(&b, GORO).wounds, 2);
    // A bullet's 2 less armour 3 is no wound, not a negative one.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let dice = shot_dice(&ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, GORO, "Teppo", 10)),
        &[5, 9, 2],
    ));
    assert_eq!((dice.hit, dice.effect, dice.wounds), (true, Some(2), 0));
    assert_eq!(fig(&b, GORO).wounds, 2);
}

#[test]
fn preparation_for_shooting_each_shot_reloads_by_the_shooter_s_skill_with_that_weapon() {
    let mut b = archers();
    at(&mut b, 0, Stage::Fighting);
    // Kyu +2: 3 turns (2 or 3); a natural 0 misses but the bow is spent all the same.
    let events = ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, HACHI, "Kyu", 10)),
        &[0],
    );
    assert_eq!(shot_reload(&events), 3);
    assert_eq!(fig(&b, ITE_REF).reload.get("Kyu"), Some(&3));
    // Uchi-ne +6 (more than 5): no reload at all, thrown again the next turn.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, HACHI, "Uchi-ne", 10)),
        &[0],
    );
    assert_eq!(shot_reload(&events), 0);
    assert_eq!(fig(&b, ITE_REF).reload.get("Uchi-ne"), None);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, HACHI, "Uchi-ne", 10)),
        &[0],
    );
    // Teppo +5 (4 or 5): 13 turns once it goes off.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Shoot(shot(ITE_REF, HACHI, "Teppo", 10)),
        &[5, 0],
    );
    assert_eq!(shot_reload(&events), 13);
    // The bow, still reloading (3 turns and no reload taken), is refused.
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Shoot(shot(ITE_REF, HACHI, "Kyu", 10)),
        &[5],
    );
    assert!(why.contains("Kyu needs 3 turns more to reload"), "{why}");
}
