//! Morale (lines 164-168): who asks for the test, and on which triggers.

use gunbai::engine::RuleSet as _;
use gunbai::rules::simple::command::Facing;
use gunbai::rules::simple::state::{Due, MoraleCause, UnitRef};
use gunbai::rules::simple::{Command, Simple};

use super::*;

/// Oda Yari 2 with 4 figures: half its strength is a whole number of figures.
const ODA_YARI_2: UnitRef = UnitRef(0, 0, 5);

fn call(unit: UnitRef, cause: MoraleCause) -> Command {
    Command::CallMorale { unit, cause }
}

/// Whether the opponent's cards offer a call for the unit's test at half strength.
fn half_strength_call_offered(b: &gunbai::engine::Battle<Simple>, unit: UnitRef) -> bool {
    Simple::pending(b.rules(), b.state()).iter().any(|c| {
        c.answers
            .iter()
            .any(|a| a.command == call(unit, MoraleCause::HalfStrength))
    })
}

#[test]
fn morale_the_opponent_calls_a_test_at_half_strength_or_less_and_not_before() {
    let oda = army_with(
        "oda.ron",
        "(name: \"Oda Yari 2\", troop: Ashigaru, weapon: Spear)",
        "(name: \"Oda Yari 2\", troop: Ashigaru, weapon: Spear, figures: 4)",
    );
    let mut b = begun_between(oda, army("imagawa.ron"));
    // Whole, then 3 of 4 and 3 of 5: more than half its starting figures, no call.
    let err = refused(&mut b, call(ODA_YARI_2, MoraleCause::HalfStrength), &[]);
    assert!(err.contains("does not meet that trigger"), "{err}");
    let one_hit = [6, 1, 1, 1, 1, 1];
    ok(&mut b, fire(IMA_TEPPO, ODA_YARI_2, false), &one_hit);
    pass_morale_dues(&mut b);
    ok(&mut b, fire(UnitRef(1, 0, 2), ODA_YARI, false), &one_hit);
    pass_morale_dues(&mut b);
    ok(&mut b, fire(IMA_ARCHERS, ODA_YARI, false), &one_hit);
    pass_morale_dues(&mut b);
    assert_eq!((alive(&b, ODA_YARI_2), alive(&b, ODA_YARI)), (3, 3));
    for unit in [ODA_YARI_2, ODA_YARI] {
        let err = refused(&mut b, call(unit, MoraleCause::HalfStrength), &[]);
        assert!(err.contains("simple: Morale"), "{err}");
        assert!(!half_strength_call_offered(&b, unit));
    }
    // 2 of 4 is half its strength: the card offers the call and the engine takes it.
    ok(
        &mut b,
        fire(UnitRef(1, 0, 0), ODA_YARI_2, false),
        &[1, 1, 1, 1, 6, 1],
    );
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, ODA_YARI_2), 2);
    assert!(half_strength_call_offered(&b, ODA_YARI_2));
    // The offer shows no dice or odds: they go by where the unit stands, which the table
    // tells the test's card once the test is called.
    let offer = Simple::pending(b.rules(), b.state())
        .into_iter()
        .find(|c| {
            c.answers
                .iter()
                .any(|a| a.command == call(ODA_YARI_2, MoraleCause::HalfStrength))
        })
        .expect("the call");
    assert!(
        offer.odds.is_empty() && offer.modifiers.is_empty() && offer.roll.is_none(),
        "{offer:?}"
    );
    ok(&mut b, call(ODA_YARI_2, MoraleCause::HalfStrength), &[]);
    assert!(
        b.state()
            .due
            .contains(&Due::Morale(ODA_YARI_2, MoraleCause::HalfStrength))
    );
}

#[test]
fn morale_losses_to_fire_or_as_a_melee_defender_call_a_test_at_once_and_none_without() {
    let mut b = begun();
    // Fire that kills nobody calls for nothing; one figure lost to fire calls the test.
    ok(&mut b, fire(IMA_TEPPO, ODA_YARI, false), &[1, 1, 1, 1, 1]);
    assert!(b.state().due.is_empty());
    ok(
        &mut b,
        fire(UnitRef(1, 0, 2), ODA_YARI, false),
        &[6, 1, 1, 1, 1, 3],
    );
    assert_eq!(
        b.state().due,
        vec![Due::Morale(ODA_YARI, MoraleCause::FireLosses)]
    );
    pass_morale_dues(&mut b);
    // A melee the defender survives calls for nothing; a figure lost as defender does.
    let bout = Command::Melee(one_on_one(IMA_SWORD_SAMURAI, ODA_TEPPO_1, Facing::Front));
    ok(&mut b, bout.clone(), &[1, 6]);
    assert!(b.state().due.is_empty());
    ok(&mut b, bout, &[10, 1]);
    assert_eq!(
        b.state().due,
        vec![Due::Morale(ODA_TEPPO_1, MoraleCause::MeleeLosses)]
    );
    pass_morale_dues(&mut b);
    // Losses are the engine's to see: the opponent cannot call them, nor the end of a retreat.
    for cause in [
        MoraleCause::FireLosses,
        MoraleCause::MeleeLosses,
        MoraleCause::AfterRetreat,
    ] {
        let err = refused(&mut b, call(ODA_TEPPO_2, cause), &[]);
        assert!(
            err.contains("does not meet that trigger"),
            "{cause:?}: {err}"
        );
    }
}

#[test]
fn morale_each_living_figure_throws_its_troops_die_for_its_cover() {
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::numbers;
    use gunbai::rules::simple::roster::{Troop, Weapon};
    use gunbai::rules::simple::state::{Cover, arriving_unit};
    let mut b = begun();
    // Oda's Ashigaru in the open, soft and hard cover lose a figure each: 4d6, 4d8, 4d10.
    for (unit, cover) in [(ODA_YARI, Cover::Soft), (ODA_TEPPO_2, Cover::Hard)] {
        ok(
            &mut b,
            Command::SetStatus {
                unit,
                status: Status::Cover(cover),
            },
            &[],
        );
    }
    let one_hit = [6, 1, 1, 1, 1, 1];
    for (firer, target, pool) in [
        (IMA_TEPPO, ODA_TEPPO_1, "4d6"),
        (UnitRef(1, 0, 2), ODA_YARI, "4d8"),
        (IMA_ARCHERS, ODA_TEPPO_2, "4d10"),
    ] {
        ok(&mut b, fire(firer, target, false), &one_hit);
        tell_recorded_cover(&mut b, target);
        let card = Simple::pending(b.rules(), b.state())
            .into_iter()
            .find(|c| c.what == "Morale test")
            .unwrap();
        let roll = card.roll.unwrap().notation();
        assert!(
            roll.starts_with(pool) && roll.ends_with(">= 1d10"),
            "{roll}"
        );
        pass_morale_dues(&mut b);
    }
    // Peasants d4, d6, d8; Ronin d8, d10, d12.
    for (troop, dice) in [(Troop::Peasant, [4, 6, 8]), (Troop::Ronin, [8, 10, 12])] {
        let unit = arriving_unit("x", troop, Weapon::Spear, 5);
        for (cover, die) in [Cover::Open, Cover::Soft, Cover::Hard]
            .into_iter()
            .zip(dice)
        {
            assert_eq!(
                numbers::morale(b.rules(), &unit, cover, false).own_sides,
                die
            );
        }
    }
}

#[test]
fn morale_samurai_and_monk_units_take_no_test() {
    let mut b = begun();
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    // Card 17 brings Imagawa a unit of warrior monks.
    ok(&mut b, Command::DrawCard { card: Some(17) }, &[]);
    ok(&mut b, Command::RollArrival, &[20]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    to_oda_turn_passing_tests(&mut b);
    let monks = UnitRef(1, 2, 0);
    for target in [monks, UnitRef(1, 0, 10), IMA_SWORD_SAMURAI] {
        let firer = [ODA_TEPPO_1, ODA_TEPPO_2, UnitRef(0, 0, 1)]
            .into_iter()
            .find(|f| !b.state().unit(*f).unwrap().fired)
            .unwrap();
        ok(&mut b, fire(firer, target, false), &[6, 1, 1, 1, 1, 1]);
        assert_eq!(alive(&b, target), 4);
        assert!(b.state().due.is_empty(), "{target:?} tests no morale");
        let err = refused(&mut b, call(target, MoraleCause::HalfStrength), &[]);
        assert!(err.contains("takes no morale test"), "{err}");
    }
}

/// The labels of the answers on a unit's morale card that tell the cover it stands in.
fn cover_answers(b: &gunbai::engine::Battle<Simple>) -> Vec<String> {
    let cards = Simple::pending(b.rules(), b.state());
    let card = cards
        .iter()
        .find(|c| c.what == "Morale test")
        .expect("the test is due");
    card.answers
        .iter()
        .filter(|a| a.label.starts_with("It stands"))
        .map(|a| a.label.clone())
        .collect()
}

#[test]
fn morale_the_card_asks_the_cover_the_unit_stands_in_and_its_figures_dice_follow_the_answer() {
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::state::Cover;
    let mut b = begun();
    // Oda Teppo 2 loses a figure to fire: its test is due, its record in the open.
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    // Asked before anything is rolled: every cover, the record marked, no roll, no dice.
    assert_eq!(
        cover_answers(&b),
        [
            "It stands in the open (1d6 a figure alive, recorded)",
            "It stands behind soft cover (1d8 a figure alive)",
            "It stands behind hard cover (1d10 a figure alive)"
        ]
    );
    let asked = morale_card(&b);
    assert!(
        asked.answers.iter().all(|a| !a.rolls),
        "{:?}",
        asked.answers
    );
    assert!(asked.roll.is_none() && asked.odds.is_empty(), "{asked:?}");
    // The engine waits on the answer too: a roll sent before it is refused.
    let early = refused(&mut b, roll_in(Cover::Open), &[1, 1, 1, 1, 10]);
    assert!(early.contains("first say where it stands"), "{early}");
    // The table says soft cover: the roll is offered, for soft cover, and the others remain
    // until the roll.
    let soft = Command::SetStatus {
        unit: ODA_TEPPO_2,
        status: Status::Cover(Cover::Soft),
    };
    ok(&mut b, soft, &[]);
    assert_eq!(
        cover_answers(&b),
        [
            "It stands in the open (1d6 a figure alive)",
            "It stands behind hard cover (1d10 a figure alive)"
        ]
    );
    let told = morale_card(&b);
    assert_eq!(told.answers[0].command, roll_in(Cover::Soft));
    // A roll for another cover than the one told is refused.
    let other = refused(&mut b, roll_in(Cover::Hard), &[1, 1, 1, 1, 10]);
    assert!(other.contains("soft cover as told"), "{other}");
    // Four d8 (an 8 no d6 shows) against the dead figure's d10: 11 against 10, it carries on.
    ok(&mut b, roll_in(Cover::Soft), &[8, 1, 1, 1, 10]);
    assert!(!b.state().unit(ODA_TEPPO_2).unwrap().retreating());
}

/// Oda Teppo 2's morale roll in `cover`, as the card sends it.
fn roll_in(cover: gunbai::rules::simple::state::Cover) -> Command {
    Command::Morale {
        unit: ODA_TEPPO_2,
        cover: Some(cover),
    }
}

/// The morale card due.
fn morale_card(b: &gunbai::engine::Battle<Simple>) -> gunbai::engine::Check<Command> {
    Simple::pending(b.rules(), b.state())
        .into_iter()
        .find(|c| c.what == "Morale test")
        .expect("the test is due")
}

#[test]
fn morale_the_recorded_cover_is_one_answer_and_an_older_journals_test_reads_the_record() {
    use gunbai::rules::simple::state::Cover;
    // The answer marked recorded tells the record: the open, a d6 a figure.
    let mut b = begun();
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    tell_recorded_cover(&mut b, ODA_TEPPO_2);
    assert_eq!(morale_card(&b).answers[0].command, roll_in(Cover::Open));
    let err = refused(&mut b, roll_in(Cover::Open), &[8, 1, 1, 1, 10]);
    assert!(err.contains("a d6 cannot show"), "{err}");
    ok(&mut b, roll_in(Cover::Open), &[6, 1, 1, 1, 10]);
    // An older journal's test names no cover: it reads the record, as it did, unasked.
    let mut b = begun();
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    let legacy = Command::Morale {
        unit: ODA_TEPPO_2,
        cover: None,
    };
    ok(&mut b, legacy, &[6, 6, 1, 1, 10]);
    assert!(!b.state().unit(ODA_TEPPO_2).unwrap().retreating());
}

#[test]
fn morale_the_card_offers_no_cover_below_smoke_from_a_fire_over_the_unit() {
    use gunbai::rules::simple::command::Status;
    let mut b = begun();
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_TEPPO_2,
            status: Status::FireSmoke(true),
        },
        &[],
    );
    ok(
        &mut b,
        fire_in(
            IMA_TEPPO,
            ODA_TEPPO_2,
            gunbai::rules::simple::state::Cover::Soft,
        ),
        &[7, 1, 1, 1, 1, 1],
    );
    // Smoke from a fire is soft cover at least: the open is not offered, soft (what the state
    // holds) and hard are.
    assert_eq!(
        cover_answers(&b),
        [
            "It stands behind soft cover (1d8 a figure alive, recorded)",
            "It stands behind hard cover (1d10 a figure alive)"
        ]
    );
    // In soft cover under the smoke: a d8 a figure.
    morale(&mut b, ODA_TEPPO_2, &[8, 1, 1, 1, 10]);
    assert!(!b.state().unit(ODA_TEPPO_2).unwrap().retreating());
}

#[test]
fn morale_dice_against_are_reductions_on_the_card() {
    use gunbai::rules::simple::numbers;
    use gunbai::rules::simple::roster::{Troop, Weapon};
    use gunbai::rules::simple::state::{Cover, arriving_unit};
    let b = begun();
    let m = &b.rules().t.morale;
    // Two dead, failed formation and a friend seen retreating: each adds d10s against the unit,
    // so each shows on the card as dice taken from it, never added to it.
    let mut unit = arriving_unit("x", Troop::Ashigaru, Weapon::Spear, 5);
    unit.alive = 3;
    unit.formation_fail = true;
    let dice = numbers::morale(b.rules(), &unit, Cover::Open, true);
    let against: Vec<i64> = dice.reasons[1..].iter().map(|r| r.value).collect();
    assert_eq!(
        against,
        [
            -2,
            -i64::from(m.formation_fail_dice),
            -i64::from(m.friend_retreating_dice)
        ]
    );
    assert_eq!(dice.reasons[0].value, 3);
    assert_eq!(
        dice.against,
        2 + m.formation_fail_dice + m.friend_retreating_dice
    );
    // A whole unit has no dead to throw for: no "1d10 per dead figure" line at -0.
    let whole = arriving_unit("y", Troop::Ashigaru, Weapon::Spear, 5);
    let dice = numbers::morale(b.rules(), &whole, Cover::Open, false);
    assert_eq!(dice.reasons.len(), 1, "{:?}", dice.reasons);
    assert_eq!(dice.against, 0);
}

#[test]
fn morale_an_even_score_carries_on_and_a_lower_one_retreats() {
    // Oda Teppo 2 loses one of 5 to fire: 4d6 for the living against 1d10 for the dead.
    for (faces, retreats) in [([1, 1, 1, 2, 5], false), ([1, 1, 1, 1, 5], true)] {
        let mut b = begun();
        ok(
            &mut b,
            fire(IMA_TEPPO, ODA_TEPPO_2, false),
            &[6, 1, 1, 1, 1, 1],
        );
        morale(&mut b, ODA_TEPPO_2, &faces);
        let u = b.state().unit(ODA_TEPPO_2).unwrap();
        assert_eq!(u.retreat_moves > 0, retreats, "{faces:?}");
    }
}

#[test]
fn morale_a_test_owed_by_a_unit_no_longer_on_the_table_lapses() {
    use gunbai::rules::simple::order;
    let mut b = begun();
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    let due = Due::Morale(ODA_TEPPO_2, MoraleCause::FireLosses);
    assert_eq!(order::moot(b.state(), due), None);
    // Gone from the table, or back in ambush: nobody owes the test any more.
    for leave in [
        (|x: &mut gunbai::rules::simple::state::UnitState| x.gone = true) as fn(&mut _),
        |x| x.in_ambush = true,
        |x| x.alive = 0,
    ] {
        let mut state = b.state().clone();
        leave(state.unit_mut(ODA_TEPPO_2).unwrap());
        let why = order::moot(&state, due).unwrap_or_default();
        assert!(why.ends_with("is not on the table"), "{why}");
    }
}

#[test]
fn cover_a_record_below_the_cover_the_state_proves_is_refused_and_not_offered() {
    use gunbai::engine::{Field, Game as _};
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::state::Cover;
    let mut b = begun();
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_TEPPO_2,
            status: Status::FireSmoke(true),
        },
        &[],
    );
    // Under smoke from a fire it is in soft cover at least: a record of the open would
    // change nothing, and is refused.
    let open = Command::SetStatus {
        unit: ODA_TEPPO_2,
        status: Status::Cover(Cover::Open),
    };
    let err = refused(&mut b, open, &[]);
    assert!(
        err.contains("soft cover at least") && err.contains("simple: Formation Fail"),
        "{err}"
    );
    let forms = b.action_forms(&ODA_TEPPO_2.id());
    let form = forms.iter().find(|f| f.key == "cover").expect("the record");
    let Field::Choice { options, .. } = &form.fields[0] else {
        panic!("a choice")
    };
    assert_eq!(options, &["soft cover", "hard cover"]);
    let hard = Command::SetStatus {
        unit: ODA_TEPPO_2,
        status: Status::Cover(Cover::Hard),
    };
    ok(&mut b, hard, &[]);
    assert_eq!(b.state().cover_of(ODA_TEPPO_2), Cover::Hard);
    // Elsewhere every cover may be recorded, the open too.
    let mut b = begun();
    for cover in [Cover::Hard, Cover::Open] {
        let c = Command::SetStatus {
            unit: ODA_TEPPO_2,
            status: Status::Cover(cover),
        };
        ok(&mut b, c, &[]);
        assert_eq!(b.state().cover_of(ODA_TEPPO_2), cover);
    }
}
