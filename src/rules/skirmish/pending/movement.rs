//! The movement section's cards: precedence, whose turn it is to move, defensive fire.

use super::cards::{self, answer, step};
use super::firing::by_weapon;
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Check, Odds, RollSpec};
use crate::rules::skirmish::command::Command;
use crate::rules::skirmish::numbers;
use crate::rules::skirmish::order::{cite, first_side_done};
use crate::rules::skirmish::roster::UnitType;
use crate::rules::skirmish::state::State;
use crate::rules::skirmish::tables::{PrecedenceWinner, Rules};

/// The movement section's cards: precedence, then whose turn it is to move, and defensive
/// fire for charged units.
pub(super) fn cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let names = [state.sides[0].name.clone(), state.sides[1].name.clone()];
    let Some(first) = state.first else {
        if let Some(w) = state.precedence {
            return vec![step(
                names[w].clone(),
                "Who moves first?",
                "won the precedence roll: choose".into(),
                cite::SEQUENCE,
                vec![
                    answer(
                        &format!("{} moves first", names[w]),
                        Command::MovesFirst(w),
                        false,
                    ),
                    answer(
                        &format!("{} moves first", names[1 - w]),
                        Command::MovesFirst(1 - w),
                        false,
                    ),
                ],
            )];
        }
        return vec![precedence_roll(rules, state, &names)];
    };
    let mut out = defensive_fire(rules, state);
    let done = first_side_done(state, first);
    let second = 1 - first.min(1);
    let why = match (done, state.moves_begun) {
        (true, _) => format!(
            "{} has made its moves: {} moves now",
            names[first], names[second]
        ),
        (false, true) => format!(
            "{} moves first: all its moves, then {}; charges can no longer be declared",
            names[first], names[second]
        ),
        (false, false) => format!(
            "{} moves first, then {}: declare every charge before anyone moves",
            names[first], names[second]
        ),
    };
    let answers = if done {
        Vec::new()
    } else {
        vec![answer(
            &format!("{} has made its moves", names[first]),
            Command::MovesDone(first),
            false,
        )]
    };
    let mut c = step(
        "Both sides".into(),
        "Movement",
        why,
        cite::SEQUENCE,
        answers,
    );
    c.notes = movement_notes(rules, state);
    out.push(c);
    out
}

/// The precedence roll: 1d6 each, with the odds of each side winning and of a tie.
fn precedence_roll(rules: &Rules, state: &State, names: &[String; 2]) -> Check<Command> {
    let p = &rules.t.precedence;
    let (a, b) = (Expr::dice(p.dice, p.sides), Expr::dice(p.dice, p.sides));
    let p_tie = Comparison::new(a.clone(), CmpOp::Eq, b.clone()).probability();
    let p_a = Comparison::new(a.clone(), CmpOp::Gt, b.clone()).probability();
    let p_b = Comparison::new(a.clone(), CmpOp::Lt, b.clone()).probability();
    Check {
        key: String::new(),
        kind: String::new(),
        faces: Default::default(),
        who: format!("{} and {}", names[0], names[1]),
        what: "Precedence".into(),
        why: format!("turn {}: the movement section begins", state.turn),
        citation: cite::SEQUENCE.into(),
        roll: Some(RollSpec::Opposed(a, b)),
        target: format!(
            "{}d{} each; the higher {}; a tie rolls again",
            p.dice,
            p.sides,
            match rules.rulings.precedence {
                PrecedenceWinner::D6HighChooses => "chooses who moves first",
                PrecedenceWinner::D6HighMovesFirst => "moves first",
            }
        ),
        modifiers: Vec::new(),
        odds: vec![
            Odds::of(
                format!("{} wins", names[0]),
                p_a,
                "precedence",
                CmpOp::Eq,
                0,
            ),
            Odds::of(
                format!("{} wins", names[1]),
                p_b,
                "precedence",
                CmpOp::Eq,
                1,
            ),
            Odds::of("a tie: roll again", p_tie, "precedence", CmpOp::Eq, -1),
        ],
        required: true,
        answers: vec![answer("Roll", Command::RollPrecedence, true)],
        notes: Vec::new(),
    }
}

/// Moves and coherency, one line per unit still fighting.
fn movement_notes(rules: &Rules, state: &State) -> Vec<String> {
    let c = &rules.t.coherency_inches;
    state
        .all_units()
        .into_iter()
        .filter_map(|u| {
            let x = state.unit(u).filter(|x| x.on_table())?;
            let charging = x.charging.is_some();
            let mut moves: Vec<String> = state
                .fighting(u)
                .iter()
                .filter_map(|&f| state.figure(f))
                .map(|f| {
                    let (inches, _) = numbers::move_allowance(rules, f, charging, 0, false);
                    format!("{} {inches}\"", f.spec.name)
                })
                .collect();
            moves.dedup();
            let coherency = match (x.kind, x.leader().filter(|l| !l.dead)) {
                (UnitType::Ronin, _) => format!("each Ronin within {}\" of another", c.ronin),
                (UnitType::Ninja, _) => format!("each Ninja within {}\" of another", c.ninja),
                (_, Some(l)) => format!("within {}\" and sight of {}", c.leader, l.spec.name),
                (_, None) => "leader dead: keep together".into(),
            };
            let holding = if x.holding(state.now()) {
                " — holding: may not move"
            } else {
                ""
            };
            Some(format!(
                "{}: coherency {coherency}; moves: {}{holding}",
                x.name,
                moves.join(", ")
            ))
        })
        .collect()
}

/// Defensive fire is offered to a charged unit's shooters, through the Shoot form with the
/// distance the charger started at: no dice on this card.
fn defensive_fire(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    state
        .all_units()
        .into_iter()
        .filter_map(|charger| {
            // A charger gone (routed, wiped out) is no target.
            let target_unit = state.unit(charger).filter(|x| x.on_table())?.charging?;
            let groups = by_weapon(rules, state, target_unit);
            if groups.is_empty() {
                return None;
            }
            let mut card = step(
                cards::unit_who(state, target_unit),
                "Defensive fire",
                format!(
                    "charged by {}: its shooters may fire if the charger started more than \
                     half their close range away",
                    state.unit_name(charger)
                ),
                cite::FIRE,
                Vec::new(),
            );
            card.notes = groups
                .iter()
                .filter_map(|(w, figs)| {
                    let (close, _) = numbers::ranges(rules, *w)?;
                    Some(format!(
                        "{} {}: only at a charger that started more than {}\" away; use the \
                         Defensive fire form with that distance",
                        figs.len(),
                        w.name(),
                        crate::rules::skirmish::execute::half(close)
                    ))
                })
                .collect();
            Some(card)
        })
        .collect()
}
