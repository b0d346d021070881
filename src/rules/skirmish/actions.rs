//! Skirmish's action forms: the orders a player gives a figure or its unit.

use super::cards::{bout_card, pool_card};
use super::command::{Command, Shot};
use super::numbers;
use super::state::{FigureRef, State, Trigger, UnitRef};
use super::tables::Rules;
use crate::engine::action::{ActionForm, ActionPlan};

/// Reads a figure's view id (`side.unit.figure`).
fn figure_ref(id: &str) -> Option<FigureRef> {
    let mut parts = id.split('.').map(|p| p.parse::<u8>().ok());
    let f = FigureRef(parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(f)
}

fn enemy_figures(state: &State, f: FigureRef) -> Vec<FigureRef> {
    state
        .all_units()
        .into_iter()
        .filter(|u| usize::from(u.0) != f.side())
        .flat_map(|u| state.figures_of(u))
        .filter(|e| state.figure(*e).is_some_and(|x| !x.dead))
        .collect()
}

fn enemy_units(state: &State, f: FigureRef) -> Vec<UnitRef> {
    state
        .all_units()
        .into_iter()
        .filter(|u| {
            usize::from(u.0) != f.side()
                && state.unit(*u).is_some_and(|x| !x.routed && x.alive() > 0)
        })
        .collect()
}

fn figure_names(state: &State, figures: &[FigureRef]) -> Vec<String> {
    figures.iter().map(|f| state.figure_name(*f)).collect()
}

fn unit_names(state: &State, units: &[UnitRef]) -> Vec<String> {
    units.iter().map(|u| state.unit_name(*u)).collect()
}

const TRIGGERS: [Trigger; 2] = [Trigger::Rally, Trigger::FleeingFriend];

/// The forms open to a figure now (execution checks the section and every limit).
pub fn forms(state: &State, id: &str) -> Vec<ActionForm> {
    let Some(f) = figure_ref(id) else {
        return Vec::new();
    };
    let Some(fig) = state.figure(f) else {
        return Vec::new();
    };
    if fig.dead {
        return Vec::new();
    }
    let targets = figure_names(state, &enemy_figures(state, f));
    let units = unit_names(state, &enemy_units(state, f));
    let shot = |key: &str, label: &str, note: &str| {
        ActionForm::new(key, label, note)
            .choice("Target figure", targets.clone())
            .toggle("Close range")
            .toggle("Target in cover")
            .toggle("Every ready shooter of the unit fires")
    };
    vec![
        ActionForm::new("charge", "Declare charge", "before anyone moves")
            .choice("Target unit", units.clone()),
        ActionForm::new(
            "move",
            "Move",
            "the unit's move, with the calculator's inputs",
        )
        .choice(
            "Obstacles crossed",
            vec!["none".into(), "1".into(), "2".into(), "3".into()],
        )
        .toggle("Difficult ground"),
        shot("fire", "Fire", "firing section"),
        shot(
            "defensive_fire",
            "Defensive fire",
            "at a unit charging this one from beyond half close range",
        ),
        ActionForm::new("melee", "Melee bout", "melee section; simultaneous")
            .choice("Opponent", targets)
            .toggle("This figure defends an obstacle")
            .toggle("Opponent defends an obstacle"),
        ActionForm::new(
            "engage",
            "In melee with",
            "umpire's record of units in contact",
        )
        .choice("Enemy unit", units.clone()),
        ActionForm::new("disengage", "No longer in melee with", "umpire's record")
            .choice("Enemy unit", units),
        ActionForm::new(
            "morale",
            "Morale test due",
            "optional morale rule: triggers the umpire sees",
        )
        .choice(
            "Trigger",
            vec![
                "the unit tries to rally".into(),
                "a fleeing friend passed within 6\"".into(),
            ],
        ),
    ]
}

/// A form's values as a command, with a preview of the dice.
// One arm per form, so each order reads whole.
#[allow(clippy::too_many_lines)]
///
/// # Errors
/// A value that does not fit the figure now.
pub fn plan(
    rules: &Rules,
    state: &State,
    id: &str,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let f = figure_ref(id).ok_or("no such figure")?;
    state.figure(f).ok_or("no such figure")?;
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let on = |i: usize| value(i) == 1;
    let unit = f.unit();
    let enemy_figure = |i: usize| {
        enemy_figures(state, f)
            .get(value(i))
            .copied()
            .ok_or_else(|| "pick a figure".to_owned())
    };
    let enemy_unit = |i: usize| {
        enemy_units(state, f)
            .get(value(i))
            .copied()
            .ok_or_else(|| "pick a unit".to_owned())
    };
    let plain = |command| {
        Ok(ActionPlan {
            command,
            preview: None,
        })
    };
    match form {
        "charge" => plain(Command::DeclareCharge {
            unit,
            target: enemy_unit(0)?,
        }),
        "move" => plain(Command::Move {
            unit,
            obstacles: u32::try_from(value(0)).unwrap_or(0),
            difficult: on(1),
        }),
        "engage" => plain(Command::Engage(unit, enemy_unit(0)?)),
        "disengage" => plain(Command::Disengage(unit, enemy_unit(0)?)),
        "morale" => plain(Command::DeclareMorale {
            unit,
            trigger: *TRIGGERS.get(value(0)).ok_or("pick a trigger")?,
        }),
        "fire" | "defensive_fire" => {
            let target = enemy_figure(0)?;
            let (close, cover) = (on(1), on(2));
            let shooters = if on(3) {
                state
                    .figures_of(unit)
                    .into_iter()
                    .filter(|s| numbers::ready(rules, state, *s))
                    .collect()
            } else {
                vec![f]
            };
            let pool = numbers::fire(rules, state, f, target, close, cover);
            let mut card = pool_card(
                state.figure_name(f),
                "Fire",
                format!("at {}", state.figure_name(target)),
                "skirmish: Firing",
                &pool,
            );
            if shooters.len() > 1 {
                card.notes.push(format!(
                    "{} shooters: each rolls its own pool like this one.",
                    shooters.len()
                ));
            }
            let shot = Shot {
                shooters,
                target,
                close,
                cover,
            };
            let command = if form == "fire" {
                Command::Fire(shot)
            } else {
                Command::DefensiveFire(shot)
            };
            Ok(ActionPlan {
                command,
                preview: Some(card),
            })
        }
        "melee" => {
            let b = enemy_figure(0)?;
            let mut card = bout_card(rules, state, f, b);
            card.answers.clear();
            Ok(ActionPlan {
                command: Command::Melee {
                    a: f,
                    b,
                    obstacle: [on(1), on(2)],
                },
                preview: Some(card),
            })
        }
        other => Err(format!("no action `{other}`")),
    }
}
