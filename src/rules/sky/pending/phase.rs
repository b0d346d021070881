//! The cards that move the turn on: initiative, the round's clan choices, the General stepping
//! in, ending an activation or the Morale phase, and the roll call.

use super::{answer, clan_who, roll, test_card};
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Check, Modifier, Odds, RollSpec, TableFaces};
use crate::engine::words::counted;
use crate::rules::sky::command::Command;
use crate::rules::sky::numbers;
use crate::rules::sky::roster::Weapon;
use crate::rules::sky::state::{Phase, State};
use crate::rules::sky::tables::Rules;

/// What the activation card says of the actions the clan has left.
fn actions_left(left: u32) -> String {
    let actions = counted(left, "action");
    format!("{actions} left: use the action forms, then end the activation")
}

pub(super) fn phase_cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let blocked = !state.due.is_empty();
    match state.phase {
        Phase::Initiative => vec![initiative_card(rules, state)],
        Phase::Rounds { side } => {
            if let Some(clan) = state.intervention {
                let n = numbers::command(rules, state, side, None, true);
                let general = &state.sides[side].general.name;
                let mut c = test_card(
                    general.clone(),
                    "General steps in?",
                    format!(
                        "the {} clan missed its activation; once per turn the General may try (he needs line of sight to the Clan Leader). If he fails, he may do nothing else this turn",
                        state.clan(clan).map_or("", |c| c.name.as_str())
                    ),
                    "sky: Turn Sequence",
                    &n,
                    "Command",
                );
                c.required = false;
                c.answers = vec![
                    answer(
                        "General steps in (line of sight)",
                        Command::GeneralStepsIn,
                        true,
                    ),
                    answer("No: the round passes", Command::DeclineGeneral, false),
                ];
                return vec![c];
            }
            state
                .untried(side)
                .into_iter()
                .map(|clan| {
                    let n = numbers::command(rules, state, side, Some(clan), true);
                    let name = state.clan(clan).map_or(String::new(), |c| c.name.clone());
                    let mut c = test_card(
                        clan_who(state, clan),
                        &format!("Activate the {name} clan"),
                        format!(
                            "{}'s round: choose a clan that has not tried this turn",
                            state.sides[side].name
                        ),
                        "sky: Turn Sequence",
                        &n,
                        "Command",
                    );
                    c.required = false;
                    c.answers = vec![roll(Command::TryActivation(clan))];
                    c
                })
                .collect()
        }
        Phase::Activation { clan } if !blocked => {
            let left = state.actions_left.unwrap_or(0);
            let mut card = step_card(
                clan_who(state, clan),
                "Activation",
                actions_left(left),
                "End activation",
                Command::EndActivation,
            );
            // Ending with actions left throws them away: the app asks first.
            card.answers =
                std::mem::take(&mut card.answers)
                    .into_iter()
                    .map(|a| {
                        a.confirming((left > 0).then(|| {
                            format!("{} left", crate::engine::words::count(left, "action"))
                        }))
                    })
                    .collect();
            vec![card]
        }
        Phase::Morale if !blocked => {
            vec![step_card(
                "Both sides".into(),
                "Morale phase",
                "no more rallies or re-orders to try".into(),
                "End Morale phase: roll call",
                Command::EndMorale,
            )]
        }
        Phase::EndOfTurn => {
            let mut card = step_card(
                "Both sides".into(),
                "Roll call",
                format!(
                    "end of turn {}: compare every unit's stands and status with the table",
                    state.turn
                ),
                &format!("Start turn {}", state.turn.saturating_add(1)),
                Command::NextTurn,
            );
            card.notes = roll_call(state);
            card.notes.push(
                "A count that differs at the table: select the unit and Correct the count.".into(),
            );
            vec![card]
        }
        Phase::Activation { .. } | Phase::Morale => Vec::new(),
    }
}

fn step_card(
    who: String,
    what: &str,
    why: String,
    label: &str,
    command: Command,
) -> Check<Command> {
    Check {
        key: String::new(),
        kind: String::new(),
        answers: vec![answer(label, command, false).ending()],
        ..Check::card(who, what, why, "sky: Turn Sequence")
    }
}

fn initiative_card(rules: &Rules, state: &State) -> Check<Command> {
    let t = &rules.t.initiative;
    let clans = [0, 1].map(|s| state.clans_under_control(s) as i64);
    let a = Expr::dice(t.dice, t.sides).offset(clans[0]);
    let b = Expr::dice(t.dice, t.sides).offset(clans[1]);
    let p_a = Comparison::new(a.clone(), CmpOp::Gt, b.clone()).probability();
    let p_tie = Comparison::new(a.clone(), CmpOp::Eq, b.clone()).probability();
    let names = [&state.sides[0].name, &state.sides[1].name];
    Check {
        key: String::new(),
        kind: String::new(),
        who: format!(
            "{} and {}",
            state.sides[0].general.name, state.sides[1].general.name
        ),
        what: "Initiative".into(),
        why: format!("turn {} begins", state.turn),
        citation: "sky: Turn Sequence".into(),
        target:
            "2d6 + clans under control each; the higher takes the first round; a tie rolls again"
                .into(),
        modifiers: vec![
            Modifier::total(
                clans[0],
                format!("{}: clans under control", names[0]),
                "sky: Turn Sequence",
            ),
            Modifier::total(
                clans[1],
                format!("{}: clans under control", names[1]),
                "sky: Turn Sequence",
            ),
        ],
        odds: vec![
            Odds::of(
                format!("{} first", names[0]),
                p_a / (1.0 - p_tie),
                "first",
                CmpOp::Eq,
                0,
            ),
            Odds::of(
                format!("{} first", names[1]),
                (1.0 - p_a - p_tie) / (1.0 - p_tie),
                "first",
                CmpOp::Eq,
                1,
            ),
        ],
        roll: Some(RollSpec::Opposed(a, b)),
        required: true,
        answers: vec![roll(Command::RollInitiative)],
        notes: vec![
            "A tie is rolled again at once: type the faces of every roll, in order.".into(),
        ],
        faces: TableFaces::new(
            vec![(t.dice, names[0].clone()), (t.dice, names[1].clone())],
            Some(format!("{} more for each tie", 2 * t.dice)),
        ),
    }
}

/// One line per unit: stands, marked hits and status, to compare with the table.
fn roll_call(state: &State) -> Vec<String> {
    state
        .all_units()
        .into_iter()
        .filter_map(|u| {
            let x = state.unit(u)?;
            let side = &state.sides.get(u.side())?.name;
            let status: Vec<&str> = [
                (x.removed, "removed"),
                (x.routing, "routing"),
                (x.disordered && !x.removed, "disordered"),
                (
                    x.spec.weapons.contains(&Weapon::Arquebus) && !x.loaded && !x.removed,
                    "unloaded",
                ),
            ]
            .into_iter()
            .filter_map(|(on, word)| on.then_some(word))
            .collect();
            let status = if status.is_empty() {
                "good order".to_owned()
            } else {
                status.join(", ")
            };
            Some(format!(
                "{side} — {}: {}/{} stands, {} hits marked, {status}",
                x.spec.name, x.stands, x.spec.stands, x.marked_hits
            ))
        })
        .collect()
}
