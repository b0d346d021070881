//! Skirmish's action forms: the orders a player gives a unit or figure that are not already
//! check cards — charge, move, shoot, fight a bout, make or break contact, declare morale.
//!
//! Forms only build commands; `execute` still decides what is legal. Every option list is
//! built by one function used by both [`forms`] and [`plan`], so an index chosen in a form
//! names the same thing when the plan is made from the same state.

mod fire;
mod movement;

pub(super) use fire::fire_targets;

use super::command::Command;
use super::execute::declarable;
use super::pending::cards;
use super::state::{Due, FigureRef, Section, State, Trigger, UnitRef};
use super::tables::Rules;
use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::view::parse_id;

/// What the umpire selected: a figure (`side.unit.figure`) or a whole unit (`side.unit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Selected {
    /// The unit, or the figure's unit.
    unit: UnitRef,
    /// The figure, when one was selected.
    figure: Option<FigureRef>,
}

fn selected(state: &State, id: &str) -> Option<Selected> {
    let sel = if let Some([s, u, f]) = parse_id::<3>(id) {
        Selected {
            unit: UnitRef(s, u),
            figure: Some(FigureRef(s, u, f)),
        }
    } else {
        let [s, u] = parse_id::<2>(id)?;
        Selected {
            unit: UnitRef(s, u),
            figure: None,
        }
    };
    state.unit(sel.unit)?;
    if let Some(f) = sel.figure {
        state.figure(f)?;
    }
    Some(sel)
}

/// Enemy units still on the table, in roster order.
pub(super) fn enemy_units(state: &State, unit: UnitRef) -> Vec<UnitRef> {
    state
        .units_of(1 - unit.side())
        .into_iter()
        .filter(|&e| state.unit(e).is_some_and(|x| x.on_table()))
        .collect()
}

/// Units' names, for a choice.
pub(super) fn unit_names(state: &State, units: &[UnitRef]) -> Vec<String> {
    units.iter().map(|&u| state.unit_name(u)).collect()
}

/// `Heihachi (Kambei's ronin)`.
pub(super) fn figure_option(state: &State, f: FigureRef) -> String {
    format!("{} ({})", state.figure_name(f), state.unit_name(f.unit()))
}

/// The enemy figures the selected figure may fight a bout with now.
fn opponents(state: &State, me: FigureRef) -> Vec<FigureRef> {
    enemy_units(state, me.unit())
        .into_iter()
        .filter(|&e| state.engaged(me.unit(), e))
        .flat_map(|e| state.fighting(e))
        .filter(|&o| !state.bouts.contains(&super::state::pair(me, o)))
        .collect()
}

fn trigger_words(rules: &Rules, t: Trigger) -> String {
    match t {
        Trigger::Rally => "Trying to rally".into(),
        Trigger::FleeingFriend => format!(
            "A fleeing friend passed within {}\"",
            rules.t.morale.fleeing_friend_inches
        ),
        other => other.words().into(),
    }
}

/// The forms open to a unit or figure now: none for a figure out of play (dead, or its unit
/// routed), which takes no part; its unit's forms are its living figures'.
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
    let Some(sel) = selected(state, id) else {
        return Vec::new();
    };
    let gone = match sel.figure {
        Some(f) => !state.in_play(f),
        None => !state.on_table(sel.unit),
    };
    if state.ended || gone {
        return Vec::new();
    }
    let mut out = match state.section {
        Section::Movement if state.first.is_some() => {
            let mut forms = movement::forms(rules, state, sel);
            forms.extend(fire::form(rules, state, sel, true));
            forms
        }
        Section::Firing => fire::form(rules, state, sel, false).into_iter().collect(),
        Section::Melee => melee_form(state, sel).into_iter().collect(),
        _ => Vec::new(),
    };
    out.extend(record_forms(rules, state, sel.unit));
    out
}

/// A bout for the selected figure, against an enemy in melee it has not fought this turn.
fn melee_form(state: &State, sel: Selected) -> Option<ActionForm> {
    let me = sel
        .figure
        .filter(|f| state.figure(*f).is_some_and(|x| !x.dead))?;
    let whom: Vec<String> = opponents(state, me)
        .into_iter()
        .map(|f| figure_option(state, f))
        .collect();
    (!whom.is_empty()).then(|| {
        ActionForm::new(
            "melee",
            "Melee bout",
            "simultaneous; each pair fights once a section",
        )
        .choice("Opponent", whom)
        .toggle("Opponent defends an obstacle")
        .toggle("This figure defends an obstacle")
    })
}

/// What the umpire sees on the table at any time: contact made or broken, morale triggers.
fn record_forms(rules: &Rules, state: &State, unit: UnitRef) -> Vec<ActionForm> {
    let mut out = Vec::new();
    let (apart, together): (Vec<UnitRef>, Vec<UnitRef>) = enemy_units(state, unit)
        .into_iter()
        .partition(|&e| !state.engaged(unit, e));
    if !apart.is_empty() {
        out.push(
            ActionForm::new("engage", "Engage", "in contact without a declared charge")
                .as_record()
                .choice("Enemy unit", unit_names(state, &apart)),
        );
    }
    if !together.is_empty() {
        out.push(
            ActionForm::new("disengage", "Disengage", "no longer in contact")
                .as_record()
                .choice("Enemy unit", unit_names(state, &together)),
        );
    }
    let why = declarable(rules, state, unit);
    if !why.is_empty() {
        out.push(
            ActionForm::new(
                "morale",
                "Declare morale test",
                "what the table shows; the test is then due among the checks",
            )
            .as_record()
            .choice(
                "Why",
                why.into_iter().map(|t| trigger_words(rules, t)).collect(),
            ),
        );
    }
    out
}

/// A form's values as a command, with a preview of the dice.
///
/// # Errors
/// The form or a value does not fit the unit or figure now.
pub fn plan(
    rules: &Rules,
    state: &State,
    id: &str,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let sel = selected(state, id).ok_or("no such unit or figure")?;
    if forms(rules, state, id).iter().all(|f| f.key != form) {
        return Err(format!("no `{form}` order open to {id} now"));
    }
    let unit = sel.unit;
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let pick = |units: Vec<UnitRef>, i: usize| {
        units
            .get(value(i))
            .copied()
            .ok_or_else(|| "pick an enemy unit".to_owned())
    };
    let plain = |command| Ok(ActionPlan::plain(command));
    let enemies = enemy_units(state, unit);
    match form {
        "charge" => movement::charge(rules, state, unit, values),
        "move" => movement::move_plan(rules, state, unit, values),
        "fire" | "defensive_fire" => {
            fire::plan(rules, state, sel, form == "defensive_fire", values)
        }
        "melee" => {
            let me = sel.figure.ok_or("select the figure that fights")?;
            let opponent = *opponents(state, me)
                .get(value(0))
                .ok_or("pick an opponent")?;
            let obstacle = [value(2) == 1, value(1) == 1];
            let mut card = cards::bout_card(rules, state, me, opponent, obstacle);
            card.answers.clear();
            card.why = "chosen pairing".into();
            Ok(ActionPlan {
                confirm: None,
                command: Command::Melee {
                    a: me,
                    b: opponent,
                    obstacle,
                },
                preview: Some(card),
            })
        }
        "engage" => {
            let apart = enemies.into_iter().filter(|&e| !state.engaged(unit, e));
            plain(Command::Engage(unit, pick(apart.collect(), 0)?))
        }
        "disengage" => {
            let together = enemies.into_iter().filter(|&e| state.engaged(unit, e));
            plain(Command::Disengage(unit, pick(together.collect(), 0)?))
        }
        "morale" => {
            let trigger = *declarable(rules, state, unit)
                .get(value(0))
                .ok_or("pick why the unit tests")?;
            let mut card = super::pending::morale_card(rules, state, Due::Morale(unit, trigger));
            // Declaring rolls nothing: the odds show what the test will face.
            card.answers.clear();
            card.roll = None;
            card.notes.push(
                "Declaring it makes the test due: say the unit's ground, then roll it.".into(),
            );
            Ok(ActionPlan {
                confirm: None,
                command: Command::DeclareMorale { unit, trigger },
                preview: Some(card),
            })
        }
        other => Err(format!("no action `{other}`")),
    }
}
