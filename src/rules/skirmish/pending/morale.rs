//! The morale test owed by a unit, in its two steps: the umpire says the unit's ground (each
//! ground's dice and odds shown), then the test is rolled on it (ruling `morale_ground`).

use crate::dice::CmpOp;
use crate::engine::check::{Answer, Check, Odds, RollSpec};
use crate::rules::skirmish::command::{Command, Ground};
use crate::rules::skirmish::describe::ground_words;
use crate::rules::skirmish::numbers::{self, Pool};
use crate::rules::skirmish::order::cite;
use crate::rules::skirmish::state::{Due, State, UnitRef};
use crate::rules::skirmish::tables::Rules;

use super::cards::unit_who;

/// Every ground a unit may stand on, in the order the card offers them.
const GROUNDS: [Ground; 3] = [Ground::Open, Ground::Cover, Ground::Neither];

/// The chances of a rout, a hold and carrying on, from a morale pool.
fn chances(rules: &Rules, pool: &Pool) -> (f64, f64, f64) {
    let m = &rules.t.morale;
    let d = pool.expr().distribution();
    let rout = d.probability_that(CmpOp::Lt, i64::from(m.rout_below));
    let carry = d.probability_that(CmpOp::Ge, i64::from(m.carry_on_at));
    (rout, (1.0 - rout - carry).max(0.0), carry)
}

/// `no 5+ routs, 1 holds, 2 or more carry on`, from the table.
fn results_words(rules: &Rules, pool: &Pool) -> String {
    let m = &rules.t.morale;
    let rout = match m.rout_below {
        0 => "nothing routs".to_owned(),
        1 => format!("no {}+ routs", pool.needed),
        n => format!("fewer than {n} routs"),
    };
    let hold = match m.carry_on_at.saturating_sub(m.rout_below) {
        0 => String::new(),
        1 => format!(", {} holds", m.rout_below),
        _ => format!(", {} to {} hold", m.rout_below, m.carry_on_at - 1),
    };
    format!("{rout}{hold}, {} or more carry on", m.carry_on_at)
}

/// A decision that says (or corrects) the unit's ground.
fn say(unit: UnitRef, ground: Ground) -> Answer<Command> {
    Answer::decision(
        format!("Ground: {}", ground_words(ground)),
        Command::MoraleGround { unit, ground },
    )
}

/// The card for a due morale test (or for one about to be declared, without its answers).
pub fn morale_card(rules: &Rules, state: &State, due: Due) -> Check<Command> {
    let unit = due.unit();
    let mut card = Check::card(
        unit_who(state, unit),
        "Morale test",
        format!("the unit {}", due.trigger().words()),
        cite::MORALE,
    );
    card.required = true;
    let said = match due {
        Due::Morale(..) => None,
        Due::MoraleRoll(_, _, ground) => Some(ground),
    };
    card.notes = GROUNDS
        .iter()
        .filter(|g| Some(**g) != said)
        .map(|g| {
            let p = numbers::morale(rules, state, unit, *g);
            let (r, h, c) = chances(rules, &p);
            format!(
                "{}: {} — rout {:.0}%, hold {:.0}%, carry on {:.0}%",
                ground_words(*g),
                p.words(),
                r * 100.0,
                h * 100.0,
                c * 100.0
            )
        })
        .collect();
    let Some(ground) = said else {
        card.target = "first say the unit's ground: it sets the dice".into();
        card.answers = GROUNDS.into_iter().map(|g| say(unit, g)).collect();
        return card;
    };
    let pool = numbers::morale(rules, state, unit, ground);
    let (rout, hold, carry) = chances(rules, &pool);
    card.roll = Some(RollSpec::Value(pool.expr()));
    card.target = format!(
        "{} ({}): {}",
        pool.words(),
        ground_words(ground),
        results_words(rules, &pool)
    );
    card.modifiers = pool.reasons.clone();
    card.odds = vec![
        Odds::of("rout (removed)", rout, "morale", CmpOp::Eq, 0),
        Odds::of("hold ground one turn", hold, "morale", CmpOp::Eq, 1),
        Odds::of("carry on", carry, "morale", CmpOp::Eq, 2),
    ];
    card.answers = std::iter::once(Answer::roll("Roll", Command::MoraleTest { unit }))
        .chain(
            GROUNDS
                .into_iter()
                .filter(|g| *g != ground)
                .map(|g| say(unit, g)),
        )
        .collect();
    card
}
