//! Daimyo's action forms: the orders the umpire gives a unit or a leader, each turned into a
//! command with a preview card — the movement calculator, the charge's reach and tests, the
//! obedience odds, a duel's true odds.
//!
//! Forms only build commands; `execute` still decides what is legal. Every option list comes
//! from one function used by both [`forms`] and [`plan`], so an index names the same thing.

mod diced;
mod leaders;
mod preview;

use diced::{
    INTO_DENSE, OVER_OBSTACLE, PURSUIT_ENDS, pursuit_ends, read_crossed, read_pursuit_end,
};
use leaders::{leader_forms, leader_plan};

use super::command::{ChargePlan, Command, Response, Run};
use super::execute::{
    charge_allowance, fall_back_limit, move_refusal, pursuit_refusal, response_refused, run_refusal,
};
use super::numbers::{MovePlan, TurnMade, allowance, wheel_factor};
use super::state::{Charge, ChargeStage, State, Unit};
use super::tables::Rules;
use crate::engine::action::{ActionForm, ActionPlan, Bounds, FormValues};

const PIECES: [&str; 4] = ["None", "1", "2", "3"];
const TURNS: [&str; 3] = ["None", "90°", "180° (about turn)"];
const RECORDS: [&str; 7] = [
    "Routs",
    "Rallies",
    "Disordered (another chapter)",
    "Good order restored (another chapter)",
    "Fired",
    "Out of melee",
    "Left the table",
];

/// What a view id names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selected {
    Unit(usize),
    Leader(usize),
}

fn selected(state: &State, id: &str) -> Option<Selected> {
    let (kind, n) = id.split_at_checked(1)?;
    let n: usize = n.parse().ok()?;
    match kind {
        "u" if state.unit(n).is_some() => Some(Selected::Unit(n)),
        "l" if state.leader(n).is_some() => Some(Selected::Leader(n)),
        _ => None,
    }
}

/// The largest distance a form offers, as a field's bound (never below 0).
fn cm_max(max: i64) -> usize {
    usize::try_from(max.max(0)).unwrap_or(0)
}

fn names(state: &State, units: &[usize]) -> Vec<String> {
    units.iter().map(|&u| state.unit_name(u)).collect()
}

/// Enemy units on the table, in roster order.
fn enemies(state: &State, unit: usize) -> Vec<usize> {
    let side = state.unit(unit).map_or(0, |u| u.side);
    state.on_table(1 - side.min(1)).collect()
}

/// The "Passes through" choice: no one, then each friendly unit.
fn through_options(state: &State, unit: usize) -> Vec<String> {
    let mut opts = vec!["No one".to_owned()];
    opts.extend(names(state, &friends(state, unit)));
    opts
}

/// Reads the "Passes through" choice.
fn read_through(
    state: &State,
    unit: usize,
    v: &mut FormValues<'_>,
) -> Result<Option<usize>, String> {
    // The first option is "No one"; the rest are the friendly units.
    match v.index() {
        0 => Ok(None),
        n => friends(state, unit)
            .get(n - 1)
            .copied()
            .map(Some)
            .ok_or_else(|| "no such unit to pass through".to_owned()),
    }
}

/// Friendly units a unit may pass through.
fn friends(state: &State, unit: usize) -> Vec<usize> {
    let side = state.unit(unit).map_or(0, |u| u.side);
    state.on_table(side).filter(|&o| o != unit).collect()
}

/// The forms open to a unit or leader now.
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
    if state.ended || state.challenge().is_some() {
        return Vec::new();
    }
    if let Some(c) = state.charge() {
        // Once the target has its answer to give, what the fire before contact or a failed
        // test brought about is recorded in between (`order::interleaves`).
        let records = matches!(c.stage, ChargeStage::Response | ChargeStage::Outcome);
        return match selected(state, id) {
            Some(Selected::Unit(u)) => {
                let mut out = Vec::new();
                if u == c.target {
                    out.extend(counter_form(rules, state, c));
                }
                if records && state.unit(u).is_some_and(|x| x.removed.is_none()) {
                    out.extend(record_forms(state, u));
                }
                out
            }
            _ => Vec::new(),
        };
    }
    match selected(state, id) {
        Some(Selected::Unit(u)) => unit_forms(rules, state, u),
        Some(Selected::Leader(l)) => leader_forms(state, l),
        None => Vec::new(),
    }
}

fn unit_forms(rules: &Rules, state: &State, unit: usize) -> Vec<ActionForm> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    if u.removed.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    if move_refusal(state, unit).is_none() {
        out.extend(order_forms(rules, state, unit));
    }
    if u.routing && !u.turn.moved {
        out.push(
            ActionForm::new(
                "rout",
                "Rout move",
                "dice the distance; the about turn is free",
            )
            .choice("Passes through", through_options(state, unit))
            .toggle(INTO_DENSE)
            .toggle(OVER_OBSTACLE),
        );
    }
    if pursuit_refusal(state, unit).is_none() {
        out.push(
            ActionForm::new(
                "pursue",
                "Pursuit move",
                "its enemy broke: dice the distance, as for a rout move",
            )
            .choice("Passes through", through_options(state, unit))
            .toggle(INTO_DENSE)
            .toggle(OVER_OBSTACLE)
            .choice(PURSUIT_ENDS, pursuit_ends(state, unit)),
        );
    }
    out.extend(record_forms(state, unit));
    out
}

/// The record forms: what chapters the text lacks decided (fire, melee, morale): stands
/// lost, and what else happened.
fn record_forms(state: &State, unit: usize) -> Vec<ActionForm> {
    let have = state.unit(unit).map_or(0, |u| u.stands);
    vec![
        ActionForm::new(
            "record",
            "Record",
            "results from chapters the text lacks (fire, melee, morale)",
        )
        .choice("What happened", RECORDS.map(String::from).to_vec())
        .as_record(),
        ActionForm::new(
            "lose_stands",
            "Lost stands",
            "stands lost to fire, melee or morale (chapters the text lacks)",
        )
        .number(
            "Stands lost",
            "stands",
            Bounds::up_to(
                usize::try_from(have).unwrap_or(0),
                format!("the stands it has (the books: {have})"),
            )
            .at_least(1, "a loss is at least one stand"),
        )
        .as_record(),
    ]
}

/// The movement calculator's form: no field offers more than the allowance left could pay
/// for.
fn move_form(rules: &Rules, state: &State, unit: usize, u: &Unit) -> ActionForm {
    // No field offers more than the allowance left could pay for.
    let best = [
        MovePlan::default(),
        MovePlan {
            road: true,
            ..MovePlan::default()
        },
    ]
    .iter()
    .map(|p| allowance(rules, state, u, p).0)
    .max()
    .unwrap_or(0);
    let left_cm = (best - u.turn.spent_mm).max(0) / 10;
    let t = &rules.t.terrain;
    let dense = if u.spec.troop.cavalry() {
        t.dense_horse
    } else {
        t.dense_foot
    };
    let left = |per: i64, why: String| Bounds::up_to(cm_max(left_cm / per.max(1)), why);
    ActionForm::new(
        "move",
        "Move",
        "the movement calculator: what the move costs and what is left",
    )
    .number(
        "Distance outside dense terrain",
        "cm",
        left(1, format!("the move it has left this turn, {left_cm} cm (daimyo: Movement)")),
    )
    .number(
        "Distance in dense terrain",
        "cm",
        left(
            dense,
            format!(
                "the move it has left, {left_cm} cm, at {dense} cm for each cm in dense terrain (daimyo: Terrain Effects)"
            ),
        ),
    )
    .choice(
        "Light terrain pieces crossed",
        PIECES.map(String::from).to_vec(),
    )
    .number(
        "Wheel: distance of the outer flank",
        "cm",
        left(
            wheel_factor(rules, u),
            format!(
                "the move it has left, {left_cm} cm, at {} cm for each cm of wheel (daimyo: Wheeling)",
                wheel_factor(rules, u)
            ),
        ),
    )
    .choice("Turn", TURNS.map(String::from).to_vec())
    .choice(
        "Linear obstacles crossed",
        PIECES.map(String::from).to_vec(),
    )
    .toggle("Along a road")
    .toggle("Into a building")
    .choice("Passes through", through_options(state, unit))
    .toggle("Out of command")
}

/// Move, fall back, charge and reform, for a unit free to move.
fn order_forms(rules: &Rules, state: &State, unit: usize) -> Vec<ActionForm> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    let mut out = vec![move_form(rules, state, unit, u)];
    if !u.turn.moved {
        let limit_cm = fall_back_limit(rules, state, unit) / 10;
        out.push(
            ActionForm::new(
                "fall_back",
                "Fall back",
                "backwards, facing the enemy; the whole move this turn",
            )
            .number(
                "Distance",
                "cm",
                Bounds::up_to(
                    cm_max(limit_cm),
                    format!("its fall back, {limit_cm} cm (daimyo: Falling Back)"),
                )
                .at_least(1, "a fall back moves it (daimyo: Falling Back)"),
            )
            .number(
                "Of which in dense terrain",
                "cm",
                Bounds::up_to(
                    cm_max(limit_cm),
                    format!("its fall back, {limit_cm} cm (daimyo: Falling Back)"),
                ),
            )
            .choice(
                "Light terrain pieces crossed",
                PIECES.map(String::from).to_vec(),
            )
            .choice(
                "Linear obstacles crossed",
                PIECES.map(String::from).to_vec(),
            )
            .toggle("Out of command")
            .choice("Passes through", through_options(state, unit)),
        );
        let charge = ActionForm::new(
            "charge",
            "Charge",
            "must be within charge distance; the target's tests follow",
        )
        .choice("Target", names(state, &enemies(state, unit)));
        out.push(
            run_fields(rules, state, unit, charge)
                .toggle("Target in light or dense terrain (not the open)")
                .toggle("Out of command"),
        );
        if !u.turn.fired {
            let fronts = (1..=u.stands).map(|w| format!("{w} wide")).collect();
            out.push(
                ActionForm::new(
                    "reform",
                    "Reform",
                    "new formation and facing; no other move or fire this turn",
                )
                .choice("Front rank", fronts)
                .toggle("Out of command"),
            );
        }
    }
    out
}

/// The fields of a charge's or counter-charge's run, in the order [`read_run`] reads them;
/// no field offers more than the charge allowance could pay for.
fn run_fields(rules: &Rules, state: &State, unit: usize, form: ActionForm) -> ActionForm {
    let charge_cm = charge_allowance(state, unit) / 10;
    let half_cm = charge_cm * rules.t.charge.manoeuvre_halves / 2;
    let (wheel, dense) = state.unit(unit).map_or((1, 1), |u| {
        let t = &rules.t.terrain;
        // Cavalry never charge through dense terrain: the field offers nothing.
        let dense = if u.spec.troop.cavalry() {
            i64::MAX
        } else {
            t.dense_foot
        };
        (wheel_factor(rules, u), dense)
    });
    let cavalry = dense == i64::MAX;
    form.number(
        "Wheel at the start: distance of the outer flank",
        "cm",
        Bounds::up_to(
            cm_max(half_cm / wheel.max(1)),
            format!(
                "half its charge move, {half_cm} cm, may go on wheeling or turning, at {wheel} cm for each cm of wheel (daimyo: Charge)"
            ),
        ),
    )
    .choice("Turn at the start", TURNS.map(String::from).to_vec())
    .number(
        "Run to contact outside dense terrain",
        "cm",
        Bounds::up_to(
            cm_max(charge_cm),
            format!("its charge move, {charge_cm} cm (daimyo: Charge)"),
        ),
    )
    .number(
        "Run in dense terrain",
        "cm",
        Bounds::up_to(
            cm_max(charge_cm / dense.max(1)),
            if cavalry {
                "cavalry never charge through dense terrain (daimyo: Charge)".to_owned()
            } else {
                format!(
                    "its charge move, {charge_cm} cm, at {dense} cm for each cm in dense terrain (daimyo: Charge; Terrain Effects)"
                )
            },
        ),
    )
    .choice(
        "Light terrain pieces on the way",
        PIECES.map(String::from).to_vec(),
    )
    .choice(
        "Linear obstacles on the way",
        PIECES.map(String::from).to_vec(),
    )
}

/// A run, read from the fields [`run_fields`] made.
fn read_run(v: &mut FormValues<'_>) -> Result<Run, String> {
    Ok(Run {
        wheel_cm: distance(v),
        turn: turn(v)?,
        open_cm: distance(v),
        dense_cm: distance(v),
        light_pieces: pieces(v)?,
        obstacles: pieces(v)?,
    })
}

/// A run the charge rules allow, or why not (daimyo: Charge): the form refuses a run out of
/// reach rather than shortening it.
fn within_reach(rules: &Rules, state: &State, unit: usize, run: &Run) -> Result<(), String> {
    match run_refusal(rules, state, unit, run) {
        Some(why) => Err(format!("Refused: {why} (daimyo: Charge)")),
        None => Ok(()),
    }
}

/// The charged unit's counter-charge, when it may make one.
fn counter_form(rules: &Rules, state: &State, c: &Charge) -> Vec<ActionForm> {
    let counter = Response::CounterCharge {
        run: Run::default(),
    };
    if c.stage != ChargeStage::Response || response_refused(rules, state, counter).is_some() {
        return Vec::new();
    }
    let form = ActionForm::new(
        "counter_charge",
        "Counter-charge",
        "meets the chargers: refereed as a charge (reach, wheel or turn, straight run, terrain)",
    );
    vec![run_fields(rules, state, c.target, form)]
}

/// A count of terrain pieces (the options are None, 1, 2, 3).
fn pieces(v: &mut FormValues<'_>) -> Result<u32, String> {
    v.pick(&[0, 1, 2, 3], "number of pieces")
}

/// A turn (the options are none, 90° and 180°).
fn turn(v: &mut FormValues<'_>) -> Result<TurnMade, String> {
    v.pick(
        &[TurnMade::None, TurnMade::Quarter, TurnMade::About],
        "turn",
    )
}

/// A distance in cm, as the number field holds it.
fn distance(v: &mut FormValues<'_>) -> i64 {
    // Never made smaller: a distance too large for an i64 is refused as too far.
    i64::try_from(v.index()).unwrap_or(i64::MAX)
}

/// Turns a form's values into a command and its preview.
///
/// # Errors
/// An unknown form or a value that names nothing.
pub fn plan(
    rules: &Rules,
    state: &State,
    id: &str,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    match selected(state, id) {
        Some(Selected::Unit(unit)) => unit_plan(rules, state, unit, form, values),
        Some(Selected::Leader(leader)) => leader_plan(rules, state, leader, form, values),
        None => Err(format!("{id} is not in this battle")),
    }
}

/// The move form's command and its calculator card.
fn move_plan(
    rules: &Rules,
    state: &State,
    unit: usize,
    v: &mut FormValues<'_>,
) -> Result<ActionPlan<Command>, String> {
    let plan = MovePlan {
        open_cm: distance(v),
        dense_cm: distance(v),
        light_pieces: pieces(v)?,
        wheel_cm: distance(v),
        turn: turn(v)?,
        obstacles: pieces(v)?,
        road: v.on(),
        building: v.on(),
    };
    let through = read_through(state, unit, v)?;
    let out_of_command = v.on();
    if let Some(why) = preview::too_far(rules, state, unit, &plan) {
        return Err(why);
    }
    Ok(ActionPlan {
        confirm: None,
        preview: Some(preview::movement(rules, state, unit, &plan, out_of_command)),
        command: Command::Move {
            unit,
            plan,
            out_of_command,
            through,
        },
    })
}

fn unit_plan(
    rules: &Rules,
    state: &State,
    unit: usize,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let mut v = FormValues::new(values);
    match form {
        "move" => move_plan(rules, state, unit, &mut v),
        "fall_back" => {
            let cm = distance(&mut v);
            let dense_cm = distance(&mut v);
            if dense_cm > cm {
                return Err(format!(
                    "Of which in dense terrain: {dense_cm} cm is more than the whole fall back, {cm} cm"
                ));
            }
            let light_pieces = pieces(&mut v)?;
            let obstacles = pieces(&mut v)?;
            let out_of_command = v.on();
            let through = read_through(state, unit, &mut v)?;
            Ok(ActionPlan {
                confirm: None,
                preview: preview::obedience(rules, state, unit, out_of_command),
                command: Command::FallBack {
                    unit,
                    cm,
                    dense_cm,
                    light_pieces,
                    obstacles,
                    out_of_command,
                    through,
                },
            })
        }
        "reform" => {
            let wide = u32::try_from(v.index() + 1).unwrap_or(1);
            let out_of_command = v.on();
            Ok(ActionPlan {
                confirm: None,
                preview: preview::obedience(rules, state, unit, out_of_command),
                command: Command::Reform {
                    unit,
                    wide,
                    out_of_command,
                },
            })
        }
        "charge" => {
            let target = v.pick(&enemies(state, unit), "target")?;
            let run = read_run(&mut v)?;
            within_reach(rules, state, unit, &run)?;
            let plan = ChargePlan {
                wheel_cm: run.wheel_cm,
                turn: run.turn,
                open_cm: run.open_cm,
                dense_cm: run.dense_cm,
                light_pieces: run.light_pieces,
                obstacles: run.obstacles,
                target_in_open: !v.on(),
                out_of_command: v.on(),
            };
            Ok(ActionPlan {
                confirm: None,
                preview: Some(preview::charge(rules, state, unit, target, &plan)),
                command: Command::Charge { unit, target, plan },
            })
        }
        "counter_charge" => {
            let run = read_run(&mut v)?;
            within_reach(rules, state, unit, &run)?;
            Ok(ActionPlan {
                confirm: None,
                preview: Some(preview::counter_charge(rules, state, unit, &run)),
                command: Command::Respond {
                    response: Response::CounterCharge { run },
                },
            })
        }
        "rout" => Ok(ActionPlan {
            confirm: None,
            preview: Some(preview::diced_move(rules, state, unit, "Rout move")),
            command: Command::RoutMove {
                unit,
                through: read_through(state, unit, &mut v)?,
                ground: read_crossed(&mut v),
            },
        }),
        "pursue" => Ok(ActionPlan {
            confirm: None,
            preview: Some(preview::diced_move(rules, state, unit, "Pursuit move")),
            command: Command::PursuitMove {
                unit,
                through: read_through(state, unit, &mut v)?,
                ground: read_crossed(&mut v),
                end: Some(read_pursuit_end(state, unit, &mut v)?),
            },
        }),
        "record" => record_command(state, unit, &mut v),
        "lose_stands" => lose_stands(state, unit, &mut v),
        _ => Err(format!("no action `{form}` for this unit now")),
    }
}

/// Stands lost to another chapter's result: asked once, naming the unit and what is left.
fn lose_stands(
    state: &State,
    unit: usize,
    v: &mut FormValues<'_>,
) -> Result<ActionPlan<Command>, String> {
    let stands = u32::try_from(distance(v)).map_err(|_| "too many stands")?;
    let (name, have) = state
        .unit(unit)
        .map_or((String::new(), 0), |u| (u.spec.name.clone(), u.stands));
    let left = have.saturating_sub(stands);
    let what = if left == 0 {
        "its last: it is removed".to_owned()
    } else {
        format!("{left} left")
    };
    Ok(
        ActionPlan::plain(Command::LoseStands { unit, stands }).confirming(format!(
            "{name} loses {}, {what}",
            crate::engine::words::counted(stands, "stand")
        )),
    )
}

/// The record form's command: what another chapter decided; leaving the table asks first.
fn record_command(
    state: &State,
    unit: usize,
    v: &mut FormValues<'_>,
) -> Result<ActionPlan<Command>, String> {
    let what = v.index();
    let plain = |command| Ok(ActionPlan::plain(command));
    match what {
        0 => plain(Command::SetRouting {
            unit,
            routing: true,
        }),
        1 => plain(Command::SetRouting {
            unit,
            routing: false,
        }),
        2 => plain(Command::SetDisordered {
            unit,
            disordered: true,
        }),
        3 => plain(Command::SetDisordered {
            unit,
            disordered: false,
        }),
        4 => plain(Command::Fired { unit }),
        5 => plain(Command::EndMelee { unit }),
        6 => Ok(
            ActionPlan::plain(Command::LeftTable { unit }).confirming(format!(
                "{} leaves the table: it is out of play",
                state.unit_name(unit)
            )),
        ),
        _ => Err("choose what happened".into()),
    }
}
