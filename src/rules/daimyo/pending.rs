//! The checks the chapter requires now (charge tests, a challenge's answer) and the ones it
//! offers (activating a clan, finishing, ending the turn).

use super::command::{Command, Response, Run};
use super::execute::{duel_odds, miss_refused, obedience_test, response_refused};
use super::measures::{CHALLENGER_WON, PASSED};
use super::state::{ChargeStage, State};
use super::tables::Rules;
use crate::dice::{CmpOp, Expr};
use crate::engine::check::{Answer, Check, Modifier, Odds, RollSpec};

fn answer(label: &str, command: Command) -> Answer<Command> {
    Answer::new(label, command, false)
}

/// Every check due or offered now.
pub fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    if state.ended {
        return Vec::new();
    }
    if state.charge().is_some() {
        return charge_card(rules, state).into_iter().collect();
    }
    if let Some((a, b)) = state.challenge() {
        return vec![challenge_card(rules, state, a, b)];
    }
    vec![turn_card(state)]
}

fn charge_card(rules: &Rules, state: &State) -> Option<Check<Command>> {
    let c = state.charge()?;
    let charger = state.unit_name(c.charger);
    let target = state.unit_name(c.target);
    let mut card = match c.stage {
        ChargeStage::ChargerTest | ChargeStage::TargetTest => {
            let charging = c.stage == ChargeStage::ChargerTest;
            let (who, what, why) = if charging {
                (
                    charger.clone(),
                    "Morale test to charge",
                    format!("missile-armed ashigaru and peasants test before charging {target}"),
                )
            } else {
                (
                    target.clone(),
                    "Morale test to receive a charge",
                    format!("charged by {charger}: its troop type must test to receive"),
                )
            };
            let mut card = Check::card(who, what, why, "daimyo: Charge; Charge Response");
            card.notes.push(
                "The test itself is in the morale chapter, which this text lacks: roll it at \
                 the table and record the result."
                    .into(),
            );
            card.answers = vec![
                answer("Passed", Command::ChargeTest { passed: true }),
                answer("Failed", Command::ChargeTest { passed: false }),
            ];
            card
        }
        ChargeStage::Response => response_card(rules, state, &charger, &target),
        ChargeStage::Outcome => {
            let mut card = Check::card(
                charger.clone(),
                "Charge outcome",
                format!("did {charger} reach {target}?"),
                "daimyo: Charge",
            );
            card.answers.push(answer(
                "Contact: melee",
                Command::ChargeOutcome { contact: true },
            ));
            if !c.countered && miss_refused(rules, state, c).is_none() {
                card.answers.push(answer(
                    "Target moved out of reach: chargers halt",
                    Command::ChargeOutcome { contact: false },
                ));
            }
            let frenzied = state.unit(c.charger).is_some_and(|u| u.spec.frenzied);
            card.notes.push(if frenzied {
                "Out of reach, frenzied chargers still move their full distance.".into()
            } else {
                "Out of reach, the chargers halt anywhere after at least half their charge move."
                    .into()
            });
            card.notes.push(if c.bonus {
                "The charge bonus is earned: the last half ran straight.".into()
            } else {
                "No charge bonus: the last half of the charge was not straight.".into()
            });
            if c.countered {
                card.notes.push(if c.counter_bonus {
                    "The counter-charge earned the charge bonus.".into()
                } else {
                    "The counter-charge earned no charge bonus.".into()
                });
            }
            if let Some(cause) = c.disorders {
                card.notes
                    .push(format!("{charger} becomes disordered: {}.", cause.words()));
            }
            card
        }
    };
    card.required = true;
    Some(card)
}

/// The charge-response card's answers: standing (wheeling or turning to face as needed), and
/// firing, which says the table facts it needs (line 105).
const STAND: &str = "Stand (may wheel or turn to face; chargers out of sight or not faced)";
/// Standing and firing at chargers it sees and faces.
const STAND_AND_FIRE: &str =
    "Stand and fire: chargers in its line of sight, faced without a wheel or turn";
/// Falling back half a move and firing at chargers it sees.
const FALL_BACK_AND_FIRE: &str = "Fall back half a move and fire: chargers in its line of sight";

/// How the target may meet the charge: each allowed response, and why the others are not.
fn response_card(rules: &Rules, state: &State, charger: &str, target: &str) -> Check<Command> {
    let mut card = Check::card(
        target.to_owned(),
        "Meet the charge",
        format!("{charger} charges {target}"),
        "daimyo: Charge Response",
    );
    // Firing at the chargers hinges on what only the table sees (line 105): the chargers in
    // the unit's line of sight, and faced without a wheel or turn. Each answer says it, so the
    // umpire's pick is his word on it; a unit that must wheel or turn, or cannot see them, stands.
    let options = [
        (STAND, Response::Stand),
        (STAND_AND_FIRE, Response::StandAndFire),
        (FALL_BACK_AND_FIRE, Response::FallBackAndFire),
    ];
    for (label, response) in options {
        match response_refused(rules, state, response) {
            None => card
                .answers
                .push(answer(label, Command::Respond { response })),
            Some(why) if response != Response::FallBackAndFire => {
                card.notes.push(format!("{label}: no — {why}"));
            }
            Some(_) => {}
        }
    }
    if response_refused(rules, state, Response::StandAndFire).is_none() {
        card.notes.push(
            "Are the chargers in its line of sight, and faced without a wheel or turn? Only \
             then may it fire; otherwise it stands."
                .into(),
        );
    }
    let counter = Response::CounterCharge {
        run: Run::default(),
    };
    card.notes
        .push(match response_refused(rules, state, counter) {
            None => format!(
                "Counter-charge: measure its run on {target}'s Counter-charge form (reach, wheel \
             or turn, straight run and terrain are refereed as for a charge)."
            ),
            Some(why) => format!("Counter-charge: no — {why}"),
        });
    card
}

fn challenge_card(rules: &Rules, state: &State, a: usize, b: usize) -> Check<Command> {
    let (Some(x), Some(y)) = (state.leader(a), state.leader(b)) else {
        return Check::card(String::new(), "Challenge", String::new(), "daimyo: Leaders");
    };
    let l = &rules.t.leaders;
    let mut card = Check::card(
        y.name.clone(),
        "Answer the challenge",
        format!("{} challenges {} to personal combat", x.name, y.name),
        "daimyo: Leaders",
    );
    let die = Expr::dice(1, l.duel_die);
    card.roll = Some(RollSpec::Opposed(
        die.clone().offset(x.rating),
        die.offset(y.rating),
    ));
    card.target = "higher total wins; ties are rolled again; the loser dies".into();
    // A tied pair is rolled again: the table types the next pair too.
    card.faces = crate::engine::check::TableFaces::new(
        vec![(1, x.name.clone()), (1, y.name.clone())],
        Some("2 more for each tie".into()),
    );
    card.modifiers = vec![
        Modifier::total(x.rating, format!("{}'s Command", x.name), "daimyo: Leaders"),
        Modifier::total(y.rating, format!("{}'s Command", y.name), "daimyo: Leaders"),
    ];
    let p = duel_odds(x.rating, y.rating, l.duel_die);
    card.odds = vec![
        Odds::of(format!("{} wins", x.name), p, CHALLENGER_WON, CmpOp::Eq, 1),
        Odds::of(
            format!("{} wins", y.name),
            1.0 - p,
            CHALLENGER_WON,
            CmpOp::Eq,
            0,
        ),
    ];
    card.required = true;
    card.answers = vec![
        Answer::new(
            "Accept: fight the duel",
            Command::AnswerChallenge { accept: true },
            true,
        ),
        answer("Refuse", Command::AnswerChallenge { accept: false }),
    ];
    card.notes.push(
        "With the table's dice, type the faces in pairs, challenger first; a tied pair is rolled \
         again, so type the next pair too (e.g. 3 4 2 6)."
            .into(),
    );
    card.notes.push(format!(
        "Refusing costs {} Command (not a General refusing a Daimyo) and a {} cm retreat.",
        -l.refusal, l.refusal_retreat_cm
    ));
    card
}

fn turn_card(state: &State) -> Check<Command> {
    if let Some(g) = state.active.and_then(|g| state.groups.get(g)) {
        let mut card = Check::card(
            g.name.clone(),
            "Clan active",
            "its units move, charge and reform now (forms on each unit)",
            "daimyo: Obedience",
        );
        let waiting: Vec<String> = state
            .units
            .iter()
            .enumerate()
            // May act: of the active clan, and free to move.
            .filter(|(i, u)| !u.turn.moved && state.may_act(*i))
            .map(|(_, u)| u.spec.name.clone())
            .collect();
        card.answers.push(
            answer("Finish activation", Command::FinishActivation)
                .ending()
                .confirming(
                    (!waiting.is_empty()).then(|| format!("Not yet moved: {}", waiting.join(", "))),
                ),
        );
        if !waiting.is_empty() {
            card.notes
                .push(format!("Not yet moved: {}", waiting.join(", ")));
        }
        return card;
    }
    let mut card = Check::card(
        format!("Turn {}", state.turn),
        "Activate a clan",
        "each clan (and each General's hatamoto) is activated once a turn, in the order the umpire chooses",
        "daimyo: ruling turn_sequence",
    );
    let mut idle = Vec::new();
    for (i, g) in state.groups.iter().enumerate() {
        let side = state.armies.get(g.side).map_or("", |a| a.name.as_str());
        if !g.activated
            && state
                .units
                .iter()
                .any(|u| u.group == i && u.removed.is_none())
        {
            card.answers.push(answer(
                &format!("Activate the {} ({side})", g.name),
                Command::Activate { group: i },
            ));
            idle.push(g.name.clone());
        }
    }
    card.answers.push(
        answer(&format!("End turn {}", state.turn), Command::EndTurn)
            .ending()
            .confirming(
                (!idle.is_empty()).then(|| format!("Not yet activated: {}", idle.join(", "))),
            ),
    );
    card
}

/// The obedience test as a preview card: 1d6 + rating against 6.
pub fn obedience_card(rules: &Rules, state: &State, unit: usize, rating: i64) -> Check<Command> {
    let o = &rules.t.obedience;
    let mut card = Check::card(
        state.unit_name(unit),
        "Obedience test",
        "out of command: it must pass to move",
        "daimyo: Obedience",
    );
    let test = obedience_test(rules, rating);
    card.odds = vec![Odds::of("moves", test.probability(), PASSED, CmpOp::Eq, 1)];
    card.roll = Some(RollSpec::Test(test));
    card.target = format!("1d6 + {rating} scores {} or more", o.target);
    card.modifiers = vec![Modifier::total(
        rating,
        "commander's Command Rating",
        "daimyo: Obedience",
    )];
    card
}
