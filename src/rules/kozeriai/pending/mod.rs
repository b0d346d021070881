//! The checks Kozeriai requires (or offers) right now, as cards.

pub mod cards;

use super::Kozeriai;
use super::command::Command;
use super::describe::due_words;
use super::state::{Due, Stage, State};
use super::tables::Rules;
use crate::engine::check::Check;
use crate::engine::dues::answerable_now;
use cards::{answer, step};

const ORDER: &str = "kozeriai: Order of Movement";

/// Every check due now, most urgent first.
pub fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    if state.ended {
        return Vec::new();
    }
    let mut out: Vec<Check<Command>> = answerable_now::<Kozeriai>(state)
        .into_iter()
        .map(|d| due_card(rules, state, d))
        .collect();
    // A due blocks every shot until it is settled: no shot card while one is owed.
    if state.stage == Stage::Fighting && state.due.is_empty() {
        out.extend(shots(rules, state));
    }
    out.push(stage_card(rules, state));
    out
}

fn due_card(rules: &Rules, state: &State, due: Due) -> Check<Command> {
    match due {
        Due::Trip(f, cause) => cards::trip_card(rules, state, f, cause),
        Due::PushedBack(f) => cards::pushed_card(rules, state, f),
        Due::Fall { .. } => cards::fall_card(rules, state, due),
    }
}

/// The card that moves the turn on.
fn stage_card(rules: &Rules, state: &State) -> Check<Command> {
    let player = state
        .contingent()
        .map_or_else(|| "?".to_owned(), |c| c.player.clone());
    let last = super::execute::next_stage(rules, state).is_none();
    let (what, label) = match state.stage {
        _ if last => ("Shooting and combat", format!("End turn {}", state.turn)),
        Stage::Moving => ("Moving", format!("End {player}'s moves")),
        Stage::Fighting => ("Shooting and combat", format!("End {player}'s fighting")),
    };
    let why = match state.due.first() {
        Some(d) => format!("first settle {}", due_words(state, *d)),
        None => match state.stage {
            Stage::Moving => "each figure takes one action; its shots and clashes follow".into(),
            Stage::Fighting => "resolve the contingent's shots and clashes of blades".into(),
        },
    };
    // The umpire's step when the contingent is done, not a check the rules require: the
    // required cards are what must be settled first.
    // Figures of the contingent still free to act: ending their stage gives that up.
    let idle: Vec<String> = state
        .current_figures()
        .into_iter()
        .filter_map(|f| state.figure(f))
        .filter(|x| x.active() && x.this_turn.actions == 0)
        .map(|x| x.spec.name.clone())
        .collect();
    // Ending the fighting gives up every shot still offered: the end asks first.
    let unshot: Vec<String> = if state.stage == Stage::Fighting && state.due.is_empty() {
        shots(rules, state).into_iter().map(|c| c.who).collect()
    } else {
        Vec::new()
    };
    let lost = if state.stage == Stage::Moving && !idle.is_empty() {
        Some(format!("Not yet acted: {}", idle.join(", ")))
    } else if !unshot.is_empty() {
        Some(format!("Could still shoot: {}", unshot.join("; ")))
    } else {
        None
    };
    let mut c = step(
        player,
        what,
        why,
        ORDER,
        vec![
            answer(&label, Command::EndStage, false)
                .ending()
                .confirming(lost),
        ],
    );
    c.notes = roll_call(state);
    c
}

/// One line per figure of the contingent: what it has done this turn.
fn roll_call(state: &State) -> Vec<String> {
    state
        .current_figures()
        .into_iter()
        .filter_map(|f| {
            let x = state.figure(f)?;
            let status = if x.dead {
                "dead".to_owned()
            } else if !x.active() {
                "out of the fight".to_owned()
            } else {
                format!(
                    "{}{}, {}, {}",
                    crate::engine::words::counted(x.this_turn.actions, "action"),
                    if x.this_turn.attacked {
                        ", attacked"
                    } else {
                        ""
                    },
                    x.wounds,
                    x.distractions
                )
            };
            Some(format!("{}: {status}", x.spec.name))
        })
        .collect()
}

/// The contingent's loaded shooters who could shoot now. The card reminds the umpire and
/// assumes nothing: the target, the range and the factors are asked in the Shoot form, so no
/// range is journalled that the umpire did not give.
fn shots(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let Some(c) = state.contingent() else {
        return Vec::new();
    };
    if state.active_of(1 - c.side).is_empty() {
        return Vec::new();
    }
    state
        .current_figures()
        .into_iter()
        .filter_map(|f| {
            let x = state
                .figure(f)
                .filter(|x| x.active() && x.this_turn.actions == 0)?;
            let weapon = x.spec.skills.keys().find(|w| {
                rules.weapon(w).is_some_and(|i| i.shoots().is_some()) && !x.reload.contains_key(*w)
            })?;
            Some(cards::step(
                cards::figure_who(state, f),
                "Could shoot",
                format!(
                    "{weapon} loaded: select {} and use its Shoot form, which asks the target, the range and the factors",
                    x.spec.name
                ),
                "kozeriai: Shooting",
                Vec::new(),
            ))
        })
        .collect()
}
