//! Daimyo's charges and their responses, clause by clause: who tests to charge and to be
//! charged (as each of the chapter's two lists says), who may counter-charge or fire at the
//! chargers, what a unit that reformed may answer, and what the umpire is told of a miss.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod daimyo_support;
use daimyo_support::*;

use gunbai::engine::exec::apply_event;
use gunbai::rules::daimyo::execute::asks_target_in_open;

/// The step a charge waits for once declared.
fn declared(g: &mut Game, unit: usize, target: usize, in_open: bool) -> ChargeStage {
    g.activate_for(unit);
    let plan = ChargePlan {
        target_in_open: in_open,
        ..straight(10)
    };
    g.charge(unit, target, plan);
    g.state.charge().expect("a charge under way").stage
}

fn respond(response: Response) -> Command {
    Command::Respond { response }
}

// ---- Who tests (lines 90-93, 101) ----

/// Line 90: archers, arquebusiers and peasants test before they charge; spear ashigaru,
/// samurai and cavalry charge freely.
#[test]
fn missile_ashigaru_arquebusiers_too_test_to_charge_and_the_others_charge_freely() {
    assert_eq!(
        declared(&mut Game::new(), FOE_GUNS, SAMURAI, true),
        ChargeStage::ChargerTest
    );
    for charger in [SEASONED, SAMURAI, ELITE_HORSE] {
        assert_eq!(
            declared(&mut Game::new(), charger, FOE_ELITE, true),
            ChargeStage::Response,
            "unit {charger}"
        );
    }
}

/// Lines 92-93 against line 101 (ruling `charged_tests`): the Charge list tests infantry
/// charged by cavalry only in open terrain and, of the ashigaru, only the missile-armed; Charge
/// Response tests infantry charged by cavalry wherever they stand, and every ashigaru. Under
/// both, elite and frenzied infantry charged by cavalry, cavalry, and samurai charged by foot do
/// not test, and a unit in melee never does; the charge form asks where the target stands only
/// where the answer decides it.
#[test]
fn charged_tests_follow_the_charge_list_or_the_charge_response_as_ruled() {
    use ChargeStage::{Response as Meets, TargetTest as Tests};
    // (charger, target, target in the open, under the Charge list, under Charge Response)
    let cases = [
        (ELITE_HORSE, FOE_SPEAR, true, Tests, Tests),
        (ELITE_HORSE, FOE_SPEAR, false, Meets, Tests),
        (SAMURAI, FOE_SPEAR, true, Meets, Tests),
        (SAMURAI, FOE_ELITE, true, Meets, Tests),
        (ELITE_HORSE, FOE_ELITE, false, Meets, Tests),
        (ELITE_HORSE, FOE_FRENZIED, false, Meets, Meets),
        (ELITE_HORSE, FOE_FRENZIED, true, Meets, Meets),
        (SAMURAI, FOE_FRENZIED, true, Meets, Meets),
        (SAMURAI, FOE_GUNS, true, Tests, Tests),
        (ELITE_HORSE, FOE_GUNS, false, Tests, Tests),
        (SAMURAI, FOE_HORSE, true, Meets, Meets),
        (ELITE_HORSE, FOE_HORSE, true, Meets, Meets),
    ];
    for (option, column) in [("charge_list", 0), ("charge_response", 1)] {
        for (charger, target, in_open, list, response) in cases {
            let want = [list, response][column];
            let mut g = Game::ruled("charged_tests", option);
            assert_eq!(
                declared(&mut g, charger, target, in_open),
                want,
                "{option}: unit {charger} on unit {target}, in the open: {in_open}"
            );
        }
        // The form asks where the target stands only where it decides the test.
        let g = Game::ruled("charged_tests", option);
        assert_eq!(
            asks_target_in_open(&g.rules, &g.state, ELITE_HORSE, FOE_SPEAR),
            option == "charge_list"
        );
        assert!(!asks_target_in_open(&g.rules, &g.state, SAMURAI, FOE_SPEAR));
        assert!(!asks_target_in_open(
            &g.rules,
            &g.state,
            ELITE_HORSE,
            FOE_GUNS
        ));
        // In melee, the spear tests under neither list.
        let mut g = Game::ruled("charged_tests", option);
        if declared(&mut g, SAMURAI, FOE_SPEAR, true) == Tests {
            g.run(Command::ChargeTest { passed: true }, &[]);
        }
        g.run(respond(Response::Stand), &[]);
        g.run(Command::ChargeOutcome { contact: true }, &[]);
        assert_eq!(
            declared(&mut g, ELITE_HORSE, FOE_SPEAR, true),
            Meets,
            "{option}: engaged in melee"
        );
    }
}

/// Line 93: missile ashigaru test when charged by anyone, elite ones and out of the open too
/// (the elite exception is the infantry's of line 92); peasants charged by foot test.
#[test]
fn missile_ashigaru_and_peasants_test_when_charged_even_elite_and_out_of_the_open() {
    let elite_guns = |b: String| {
        b.replace(
            "troop: AshigaruArquebus, quality: Veteran",
            "troop: AshigaruArquebus, quality: Elite",
        )
    };
    let mut g = Game::edited(HouseRules::default(), |a| a, elite_guns);
    assert_eq!(
        declared(&mut g, ELITE_HORSE, FOE_GUNS, false),
        ChargeStage::TargetTest
    );
    assert_eq!(
        declared(&mut Game::new(), FOE_SPEAR, PEASANTS, false),
        ChargeStage::TargetTest
    );
}

// ---- Counter-charges (line 103) ----

/// Line 103: cavalry may counter-charge infantry; infantry that passed the test a cavalry
/// charge required still may not counter it; infantry that passed their test may counter
/// infantry.
#[test]
fn counter_charges_cavalry_counter_infantry_and_a_passed_test_allows_all_but_foot_on_horse() {
    let mut g = Game::new();
    declared(&mut g, SAMURAI, FOE_HORSE, true);
    g.run(respond(counter(5)), &[]);
    assert!(g.state.charge().unwrap().countered);
    let mut g = Game::new();
    declared(&mut g, ELITE_HORSE, FOE_SPEAR, true);
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.refused(
        respond(counter(5)),
        "infantry may not counter-charge cavalry",
    );
    let mut g = Game::new();
    declared(&mut g, SAMURAI, FOE_GUNS, true);
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.run(respond(counter(5)), &[]);
    assert!(g.state.units[FOE_GUNS].turn.charged);
}

// ---- Fire at the chargers (line 105) ----

/// Line 105: only missile troops fire at chargers, and only if they have not fired this turn.
#[test]
fn charge_response_only_missile_troops_that_have_not_yet_fired_fire_at_chargers() {
    let mut g = Game::new();
    declared(&mut g, SAMURAI, FOE_SPEAR, true);
    g.refused(respond(Response::StandAndFire), "not missile-armed");
    g.refused(respond(Response::FallBackAndFire), "not missile-armed");
    let mut g = Game::new();
    g.run(Command::Fired { unit: FOE_GUNS }, &[]);
    declared(&mut g, SAMURAI, FOE_GUNS, true);
    g.run(Command::ChargeTest { passed: true }, &[]);
    g.refused(respond(Response::StandAndFire), "has fired this turn");
    g.refused(respond(Response::FallBackAndFire), "has fired this turn");
    g.run(respond(Response::Stand), &[]);
}

/// Line 105: fire at the chargers hinges on what only the table sees, the chargers in the
/// unit's line of sight and faced without a wheel or turn. The response card asks it in its
/// answers: standing (out of sight, or a wheel or turn needed) fires nothing; standing and
/// firing, or falling back and firing, says the chargers are seen, and the unit has fired.
#[test]
fn charge_response_the_card_asks_whether_the_chargers_are_in_sight_and_faced_before_any_fire() {
    let card = |g: &Game| {
        Daimyo::pending(&g.rules, &g.state)
            .into_iter()
            .find(|c| c.what == "Meet the charge")
            .expect("the response is owed")
    };
    let charged = || {
        let mut g = Game::new();
        declared(&mut g, SAMURAI, FOE_GUNS, true);
        g.run(Command::ChargeTest { passed: true }, &[]);
        g
    };
    let g = charged();
    let asked = card(&g);
    let labels: Vec<&str> = asked.answers.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Stand (may wheel or turn to face; chargers out of sight or not faced)",
            "Stand and fire: chargers in its line of sight, faced without a wheel or turn",
            "Fall back half a move and fire: chargers in its line of sight"
        ]
    );
    assert!(
        asked.notes.iter().any(|n| n.contains("line of sight")),
        "{:?}",
        asked.notes
    );
    // Each answer as the table gives it.
    for (i, fires) in [(0, false), (1, true), (2, true)] {
        let mut g = charged();
        let command = card(&g).answers[i].command.clone();
        g.run(command, &[]);
        assert_eq!(g.state.units[FOE_GUNS].turn.fired, fires, "answer {i}");
        assert_eq!(
            g.state.charge().map(|c| c.stage),
            Some(ChargeStage::Outcome),
            "answer {i}"
        );
    }
}

/// Lines 46 and 105 (ruling `reform_then_answer`): a unit that reformed meets a charge in any
/// way when answering a charge counts as forced by combat; under the stricter reading it only
/// stands.
#[test]
fn reform_then_answer_a_unit_that_reformed_fires_falls_back_or_counters_only_as_ruled() {
    for (option, answers) in [("answers_a_charge", true), ("stands_only", false)] {
        let reformed = |unit: usize, charger: usize| {
            let mut g = Game::ruled("reform_then_answer", option);
            g.activate_for(unit);
            let wide = g.state.units[unit].wide;
            g.reform(unit, wide);
            if declared(&mut g, charger, unit, true) == ChargeStage::TargetTest {
                g.run(Command::ChargeTest { passed: true }, &[]);
            }
            g
        };
        for response in [
            Response::StandAndFire,
            Response::FallBackAndFire,
            Response::Stand,
        ] {
            let g = reformed(FOE_GUNS, SAMURAI);
            assert_eq!(
                g.accepts(&respond(response), &[]),
                answers || response == Response::Stand,
                "{option}: {response:?}"
            );
        }
        let mut g = reformed(FOE_SPEAR, SAMURAI);
        assert_eq!(g.accepts(&respond(counter(5)), &[]), answers, "{option}");
        if !answers {
            g.refused(respond(counter(5)), "only stands");
        }
    }
}

// ---- A charge that misses (line 97) ----

/// What the charge's outcome card tells the umpire.
fn outcome_notes(g: &Game) -> Vec<String> {
    let cards = Daimyo::pending(&g.rules, &g.state);
    let card = cards.iter().find(|c| c.what == "Charge outcome").unwrap();
    card.notes.clone()
}

/// Line 97: chargers that miss halt after at least half their charge move, frenzied ones
/// after all of it: the outcome card says which.
#[test]
fn charge_frenzied_chargers_that_miss_move_their_full_distance() {
    let mut g = Game::new();
    declared(&mut g, FOE_FRENZIED, SAMURAI, true);
    g.run(respond(Response::Stand), &[]);
    let notes = outcome_notes(&g);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("frenzied chargers still move their full")),
        "{notes:?}"
    );
    let mut g = Game::new();
    declared(&mut g, FOE_SPEAR, SAMURAI, true);
    g.run(respond(Response::Stand), &[]);
    let notes = outcome_notes(&g);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("halt anywhere after at least half their charge move")),
        "{notes:?}"
    );
}

// ---- What is owed names what the battle has ----

/// Charge; Leaders: a charge's next step and a challenge's answer are owed only of units and
/// leaders the battle has: a journal's due naming any other is refused.
#[test]
fn charge_and_challenge_dues_name_only_units_and_leaders_the_battle_has() {
    let g = Game::new();
    let at = ApplyContext {
        at: DateTime::<Utc>::UNIX_EPOCH,
    };
    let charge = |charger, target| {
        Event::Required(Due::Charge {
            charger,
            target,
            stage: ChargeStage::Response,
        })
    };
    let answer = |challenger, challenged| {
        Event::Required(Due::Answer {
            challenger,
            challenged,
        })
    };
    let applies =
        |event: &Event| apply_event::<Daimyo>(&g.rules, &mut g.state.clone(), event, at).is_ok();
    assert!(applies(&charge(SAMURAI, FOE_SPEAR)));
    assert!(!applies(&charge(99, FOE_SPEAR)));
    assert!(!applies(&charge(SAMURAI, 99)));
    assert!(applies(&answer(DAIMYO_A, FOE_DAIMYO)));
    assert!(!applies(&answer(99, FOE_DAIMYO)));
    assert!(!applies(&answer(DAIMYO_A, 99)));
}
