//! Skirmish's action forms: the orders a player gives a unit or figure that are not already
//! check cards — charge, move, shoot, fight a bout, make or break contact, declare morale.
//!
//! Forms only build commands; `execute` still decides what is legal. Every option list is
//! built by one function used by both [`forms`] and [`plan`], so an index chosen in a form
//! names the same thing when the plan is made from the same state.

mod fire;

use super::cards;
use super::command::Command;
use super::movement::move_card;
use super::roster::UnitType;
use super::state::{Due, FigureRef, Section, State, Trigger, UnitRef};
use super::tables::Rules;
use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::view::parse_id;

const OBSTACLES: [&str; 4] = ["None", "1", "2", "3"];

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

fn unit_names(state: &State, units: &[UnitRef]) -> Vec<String> {
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

/// The morale triggers the umpire may declare for a unit now (none if morale is not in play).
fn triggers(rules: &Rules, state: &State, unit: UnitRef) -> Vec<Trigger> {
    let tests = rules.optional("morale")
        && state
            .unit(unit)
            .is_some_and(|u| u.kind != UnitType::Samurai && u.on_table())
        && !state.due.iter().any(|Due::Morale(u, _)| *u == unit);
    match (tests, state.in_melee(unit)) {
        (false, _) => Vec::new(),
        (true, true) => vec![Trigger::Rally],
        (true, false) => vec![Trigger::Rally, Trigger::FleeingFriend],
    }
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

/// The forms open to a unit or figure now.
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
    let Some(sel) = selected(state, id) else {
        return Vec::new();
    };
    if state.ended || state.unit(sel.unit).is_none_or(|u| !u.on_table()) {
        return Vec::new();
    }
    let mut out = match state.section {
        Section::Movement if state.first.is_some() => movement_forms(rules, state, sel),
        Section::Firing => fire::form(rules, state, sel, false).into_iter().collect(),
        Section::Melee => melee_form(state, sel).into_iter().collect(),
        _ => Vec::new(),
    };
    out.extend(record_forms(rules, state, sel.unit));
    out
}

/// Declare a charge, move, and shoot at a charger.
fn movement_forms(rules: &Rules, state: &State, sel: Selected) -> Vec<ActionForm> {
    let mut out = Vec::new();
    let Some(u) = state.unit(sel.unit) else {
        return out;
    };
    let enemies = enemy_units(state, sel.unit);
    let holding = u.holding(state.now());
    if !state.moves_begun && u.charging.is_none() && !holding && !enemies.is_empty() {
        out.push(
            ActionForm::new(
                "charge",
                "Declare charge",
                "before anyone moves; +2\" move (Ninja +3\"), +1 die in melee with it",
            )
            .choice("Target unit", unit_names(state, &enemies)),
        );
    }
    // The side moving first makes all its moves, then the other side (Sequence of play).
    let turn_to_move = state.first.is_some_and(|first| {
        super::execute::first_side_done(state, first) != (sel.unit.side() == first)
    });
    if !u.moved && !holding && turn_to_move {
        out.push(
            ActionForm::new("move", "Move", "once a turn; the calculator shows how far")
                .choice("Obstacles crossed", OBSTACLES.map(String::from).to_vec())
                .toggle("Through difficult ground (half move)"),
        );
    }
    out.extend(fire::form(rules, state, sel, true));
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
                .choice("Enemy unit", unit_names(state, &apart)),
        );
    }
    if !together.is_empty() {
        out.push(
            ActionForm::new("disengage", "Disengage", "no longer in contact")
                .choice("Enemy unit", unit_names(state, &together)),
        );
    }
    let why = triggers(rules, state, unit);
    if !why.is_empty() {
        out.push(
            ActionForm::new(
                "morale",
                "Declare morale test",
                "what the table shows; the test then waits among the checks",
            )
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
        "charge" => {
            let target = pick(enemies, 0)?;
            let mut card = move_card(rules, state, unit, true, 0, false);
            card.why = format!("declares a charge on {}", state.unit_name(target));
            Ok(ActionPlan {
                command: Command::DeclareCharge { unit, target },
                preview: Some(card),
            })
        }
        "move" => {
            if value(0) >= OBSTACLES.len() {
                return Err("pick how many obstacles".into());
            }
            let (obstacles, difficult) = (value(0) as u32, value(1) == 1);
            let charging = state.unit(unit).is_some_and(|u| u.charging.is_some());
            Ok(ActionPlan {
                command: Command::Move {
                    unit,
                    obstacles,
                    difficult,
                },
                preview: Some(move_card(
                    rules, state, unit, charging, obstacles, difficult,
                )),
            })
        }
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
            let trigger = *triggers(rules, state, unit)
                .get(value(0))
                .ok_or("pick why the unit tests")?;
            let mut card = cards::morale_card(rules, state, Due::Morale(unit, trigger));
            // Declaring rolls nothing: the odds show what the test will face.
            card.answers.clear();
            card.roll = None;
            card.notes.push(
                "Declaring it puts the test among the checks, rolled on the unit's ground.".into(),
            );
            Ok(ActionPlan {
                command: Command::DeclareMorale { unit, trigger },
                preview: Some(card),
            })
        }
        other => Err(format!("no action `{other}`")),
    }
}
