//! The checks a skirmish requires (or offers) right now, as cards.

use super::cards::{self, answer, step};
use super::command::{Command, Shot};
use super::execute::{owed, resolving_now};
use super::numbers;
use super::pairing;
use super::roster::{UnitType, Weapon};
use super::state::{FigureRef, Section, State, UnitRef};
use super::tables::{PrecedenceWinner, Rules};
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Check, Odds, RollSpec};

const SEQUENCE: &str = "skirmish: Sequence of play";
const FIRE: &str = "skirmish: Firing Section";

/// Every check due now, most urgent first.
pub fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    if state.ended {
        return Vec::new();
    }
    let mut out: Vec<Check<Command>> = state
        .due
        .iter()
        .map(|d| cards::morale_card(rules, state, *d))
        .collect();
    if resolving_now(rules, state.section) {
        out.extend(
            owed(state)
                .into_iter()
                .filter_map(|f| cards::results_card(rules, state, f)),
        );
    }
    match state.section {
        Section::Movement => out.extend(movement(rules, state)),
        Section::Firing => out.extend(firing(rules, state)),
        Section::Melee => out.extend(melee(rules, state)),
        Section::Results => {}
    }
    out.push(end_card(state));
    out
}

fn end_card(state: &State) -> Check<Command> {
    let (label, why) = match state.section.next() {
        Some(next) => (
            format!("End {} section", state.section.name()),
            format!("then the {} section", next.name()),
        ),
        None => (
            format!("End turn {}", state.turn),
            format!("then turn {} begins with precedence", state.turn + 1),
        ),
    };
    let mut c = step(
        "Both sides".into(),
        &format!("{} section", state.section.name()),
        why,
        SEQUENCE,
        vec![answer(&label, Command::EndSection, false)],
    );
    if state.section == Section::Results {
        c.notes = roll_call(state);
    }
    c
}

fn movement(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let names = [state.sides[0].name.clone(), state.sides[1].name.clone()];
    let Some(first) = state.first else {
        if let Some(w) = state.precedence {
            return vec![step(
                names[w].clone(),
                "Who moves first?",
                "won the precedence roll: choose".into(),
                SEQUENCE,
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
        let p = &rules.t.precedence;
        let (a, b) = (Expr::dice(p.dice, p.sides), Expr::dice(p.dice, p.sides));
        let p_tie = Comparison::new(a.clone(), CmpOp::Eq, b.clone()).probability();
        let p_a = Comparison::new(a.clone(), CmpOp::Gt, b.clone()).probability();
        let p_b = Comparison::new(a.clone(), CmpOp::Lt, b.clone()).probability();
        return vec![Check {
            key: String::new(),
            who: format!("{} and {}", names[0], names[1]),
            what: "Precedence".into(),
            why: format!("turn {}: the movement section begins", state.turn),
            citation: SEQUENCE.into(),
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
        }];
    };
    let mut out = defensive_fire(rules, state);
    let done = super::execute::first_side_done(state, first);
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
    let mut c = step("Both sides".into(), "Movement", why, SEQUENCE, answers);
    c.notes = movement_notes(rules, state);
    out.push(c);
    out
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
                    let (inches, _) = super::movement::move_allowance(rules, f, charging, 0, false);
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

/// Shooters of a unit that can shoot now.
fn ready_in(rules: &Rules, state: &State, u: UnitRef) -> Vec<FigureRef> {
    state
        .fighting(u)
        .into_iter()
        .filter(|&f| numbers::ready(rules, state, f))
        .collect()
}

/// The greatest enemy figure still fighting in a unit: the default target.
fn greatest(state: &State, u: UnitRef) -> Option<FigureRef> {
    state.fighting(u).into_iter().next()
}

/// The ready shooters of a unit, grouped by weapon (roster order).
fn by_weapon(rules: &Rules, state: &State, u: UnitRef) -> Vec<(Weapon, Vec<FigureRef>)> {
    let mut groups: Vec<(Weapon, Vec<FigureRef>)> = Vec::new();
    for f in ready_in(rules, state, u) {
        let Some(w) = state.figure(f).map(|x| x.spec.weapon) else {
            continue;
        };
        match groups.iter_mut().find(|(g, _)| *g == w) {
            Some((_, figs)) => figs.push(f),
            None => groups.push((w, vec![f])),
        }
    }
    groups
}

/// A volley card: every ready shooter of one weapon in a unit at the target, at the far edge of
/// one range band of that weapon (from the table), in the open. Its odds are those of the
/// whole volley its button fires.
fn volley_card(
    rules: &Rules,
    state: &State,
    weapon: Weapon,
    shooters: Vec<FigureRef>,
    target: FigureRef,
    band: numbers::Band,
) -> Option<Check<Command>> {
    let first = *shooters.first()?;
    let (close, long) = numbers::ranges(rules, weapon)?;
    let (inches, words) = match band {
        numbers::Band::Close => (close, format!("close range (0-{close}\")")),
        numbers::Band::Long if long > close => {
            (long, format!("long range ({}-{long}\")", close + 1))
        }
        numbers::Band::Long => return None,
    };
    let inches = u32::try_from(inches).ok()?;
    let pools: Vec<(String, numbers::Pool)> = shooters
        .iter()
        .map(|&s| {
            let name = format!("{} ({})", state.figure_name(s), weapon.name());
            (name, numbers::fire(rules, state, s, target, inches, false))
        })
        .collect();
    let who = match shooters.as_slice() {
        [one] => cards::figure_who(state, *one),
        _ => cards::unit_who(state, first.unit()),
    };
    let tname = state.figure_name(target);
    let why = format!(
        "{} has {} {} ready; {tname} within {words}, in the open",
        state.unit_name(first.unit()),
        shooters.len(),
        weapon.name()
    );
    let what = format!("Shooting at {}", words.split(' ').next().unwrap_or("close"));
    let mut card = cards::volley_card(who, &what, why, FIRE, &pools);
    numbers::first_hit_ends_volley(rules, state, target, &mut card.odds);
    card.notes.push(format!(
        "{}: {} (reference: ranges_inches). The Shoot form takes the measured distance, \
         cover and who shoots.",
        weapon.name(),
        numbers::range_words(rules, weapon)
    ));
    let label = match shooters.as_slice() {
        [_] => format!("Shoot at {tname} ({words})"),
        _ => format!("All {} shoot at {tname} ({words})", shooters.len()),
    };
    let shot = Shot {
        shooters,
        target,
        inches,
        cover: false,
    };
    card.answers = vec![answer(&label, Command::Fire(shot), true)];
    Some(card)
}

/// Defensive fire is offered to a charged unit's shooters, through the Shoot form with the
/// distance the charger started at: no dice on this card.
fn defensive_fire(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    state
        .all_units()
        .into_iter()
        .filter_map(|charger| {
            let target_unit = state.unit(charger)?.charging?;
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
                FIRE,
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
                        super::execute::half(close)
                    ))
                })
                .collect();
            Some(card)
        })
        .collect()
}

fn firing(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for u in state.all_units() {
        let Some(target) = state
            .units_of(1 - u.side())
            .into_iter()
            .find(|&e| !state.fighting(e).is_empty())
            .and_then(|e| greatest(state, e))
        else {
            continue;
        };
        for (weapon, shooters) in by_weapon(rules, state, u) {
            for band in [numbers::Band::Close, numbers::Band::Long] {
                out.extend(volley_card(
                    rules,
                    state,
                    weapon,
                    shooters.clone(),
                    target,
                    band,
                ));
            }
        }
    }
    out
}

fn melee(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for &(a, b) in &state.engagements {
        let pairs = pairing::suggest(rules, state, a, b);
        for (x, y) in pairs {
            let mut card = cards::bout_card(rules, state, x, y, [false, false]);
            card.why = format!(
                "{} and {} are in melee: every figure fights its bout; pairing suggested, \
                 greatest opponents first (the melee form fights any other)",
                state.unit_name(a),
                state.unit_name(b)
            );
            card.required = true;
            out.push(card);
        }
    }
    out
}

/// One line per unit: figures, wounds and status, to compare with the table.
fn roll_call(state: &State) -> Vec<String> {
    state
        .all_units()
        .into_iter()
        .filter_map(|u| {
            let x = state.unit(u)?;
            let side = &state.sides.get(u.side())?.name;
            let status = if x.routed {
                "routed".to_owned()
            } else if x.holding((state.turn.saturating_add(1), Section::Movement)) {
                "holding".to_owned()
            } else {
                "fighting".to_owned()
            };
            let wounded: Vec<String> = x
                .figures
                .iter()
                .filter(|f| !f.dead && !f.wounds.is_empty())
                .map(|f| format!("{} ({} wounds)", f.spec.name, f.wounds.len()))
                .collect();
            let wounded = if wounded.is_empty() {
                String::new()
            } else {
                format!("; wounded: {}", wounded.join(", "))
            };
            Some(format!(
                "{side} — {}: {}/{} alive, {status}{wounded}",
                x.name,
                x.alive(),
                x.figures.len()
            ))
        })
        .collect()
}
