//! Kozeriai's action forms: a figure's action, shot, attack, closing attack, horse jump and
//! trip roll, each turned into a command with a preview card of its factors and odds.
//!
//! Forms only build commands; `execute` still decides what is legal. Every option list is
//! built by one function used by both [`forms`] and [`plan`], so an index chosen in a form
//! names the same thing when the plan is made from the same state.

mod fighting;

use super::command::{Action, Command, Obstacle, Ride, Step};
use super::pending::cards;
use super::state::{FigureRef, FigureState, Speed, Stage, State, TripCause};
use super::tables::{MountedReload, Rules};
use crate::engine::action::{ActionForm, ActionPlan, FormValues};
use crate::engine::view::parse_id;

pub(super) fn figure_of(state: &State, id: &str) -> Option<FigureRef> {
    let [side, figure] = parse_id::<2>(id)?;
    let f = FigureRef(side, figure);
    state.figure(f).map(|_| f)
}

/// Enemy figures still alive.
pub(super) fn enemies(state: &State, me: FigureRef) -> Vec<FigureRef> {
    state
        .figures_of(1 - me.side())
        .into_iter()
        .filter(|&f| state.figure(f).is_some_and(|x| !x.dead))
        .collect()
}

pub(super) fn names(state: &State, figures: &[FigureRef]) -> Vec<String> {
    figures.iter().map(|&f| state.figure_name(f)).collect()
}

const RIDES: [Ride; 8] = [
    Ride::At(Speed::Halt),
    Ride::At(Speed::Walk),
    Ride::At(Speed::Trot),
    Ride::At(Speed::Canter),
    Ride::At(Speed::Gallop),
    Ride::Sidestep,
    Ride::Turn,
    Ride::Back,
];

fn ride_words(r: Ride) -> String {
    match r {
        Ride::At(Speed::Halt) => "Halt".into(),
        Ride::At(s) => capital(s.name()),
        Ride::Sidestep => "Sidestep one hex".into(),
        Ride::Turn => "Turn 60 degrees, no move".into(),
        Ride::Back => "Back one hex".into(),
    }
}

/// The simple actions open to a figure: stand, lie, mount, dismount, door.
fn others(state: &State, f: FigureRef) -> Vec<(String, Action)> {
    let Some(x) = state.figure(f) else {
        return Vec::new();
    };
    let mut out = vec![("Open or close a door".to_owned(), Action::Door)];
    if x.lying {
        out.push(("Stand up".into(), Action::StandUp));
    } else {
        out.push(("Lie down".into(), Action::LieDown));
    }
    if x.mounted {
        out.push(("Dismount".into(), Action::Dismount));
    } else if x.spec.horse && !x.lying {
        out.push(("Mount".into(), Action::Mount));
    }
    out
}

/// Figures a Ki-ai may catch: every other figure alive.
fn ki_ai_area(state: &State, f: FigureRef) -> Vec<FigureRef> {
    state
        .all_figures()
        .into_iter()
        .filter(|&o| o != f && state.figure(o).is_some_and(|x| !x.dead))
        .collect()
}

/// Figures on foot and standing, other than this one: those a horse can run down.
fn on_foot(state: &State, f: FigureRef) -> Vec<FigureRef> {
    state
        .all_figures()
        .into_iter()
        .filter(|&o| {
            o != f
                && state
                    .figure(o)
                    .is_some_and(|x| !x.dead && !x.mounted && !x.lying)
        })
        .collect()
}

/// The forms of a figure's action while its contingent moves.
fn moving_forms(rules: &Rules, state: &State, f: FigureRef, x: &FigureState) -> Vec<ActionForm> {
    let mut out = Vec::new();
    let foe = names(state, &enemies(state, f));
    if x.mounted {
        out.push(
            ActionForm::new(
                "ride",
                "Ride",
                "the horse's action; speed changes by at most 2 hexes",
            )
            .choice(
                "Horse action",
                RIDES.iter().map(|r| ride_words(*r)).collect(),
            )
            .toggle(match rules.rulings.mounted_reload {
                MountedReload::HorseStanding => "Reload as well (the horse standing: halt or turn)",
                MountedReload::ActivityUnchanged => "Reload as well (keeping the horse's activity)",
            }),
        );
    } else {
        out.push(
            ActionForm::new("step", "Move", "one action; a reload may go with it")
                .choice(
                    "Move",
                    Step::ALL.iter().map(|s| capital(s.words())).collect(),
                )
                .toggle("Reload as well")
                .choice(
                    "Aim at (standing still)",
                    std::iter::once("No one".to_owned()).chain(foe).collect(),
                )
                .toggle("Jumps or climbs an obstacle"),
        );
        out.push(
            ActionForm::new(
                "dash",
                "Dash",
                "2 or 3 hexes forward; -3 in combat this turn",
            )
            .choice("Hexes", vec!["2".into(), "3".into()]),
        );
    }
    out.push(
        ActionForm::new("other", "Other action", "one action").choice(
            "Action",
            others(state, f).into_iter().map(|(w, _)| w).collect(),
        ),
    );
    out
}

/// The forms open to a figure now.
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
    let Some(f) = figure_of(state, id) else {
        return Vec::new();
    };
    let Some(x) = state.figure(f).filter(|x| x.active()) else {
        return Vec::new();
    };
    if state.ended {
        return Vec::new();
    }
    let mine = state.current_figures().contains(&f);
    let mut out = Vec::new();
    if mine && state.stage == Stage::Moving {
        out.extend(moving_forms(rules, state, f, x));
    }
    if mine && state.stage == Stage::Fighting {
        if x.spec.ki_ai.is_some() {
            let form = ActionForm::new(
                "kiai",
                "Ki-ai",
                "the shout is its action and attack; it cannot defend",
            );
            let form = form.flags("In the shout's area", names(state, &ki_ai_area(state, f)));
            out.push(form);
        }
        out.extend(fighting::shoot_form(rules, state, f));
        out.extend(fighting::attack_form(rules, state, f, false));
        out.extend(fighting::grapple_form(rules, state, f));
    }
    if !mine || state.stage == Stage::Moving {
        out.extend(fighting::attack_form(rules, state, f, true));
    }
    // The winner of a round of grappling may always break off: at once, at any stage.
    if x.grappling.is_some() && x.won_grapple {
        out.push(ActionForm::new(
            "break_off",
            "Break off the grapple",
            "the winner of the last round may always break off",
        ));
    }
    if x.mounted && x.speed >= Speed::Canter {
        out.push(
            ActionForm::new(
                "run_down",
                "Run down",
                "a cantering or galloping horse knocks a figure on foot down",
            )
            .choice("Figure", names(state, &on_foot(state, f))),
        );
        out.push(
            ActionForm::new("jump", "Horse jump", "cantering or galloping horses only").choice(
                "Obstacle",
                Obstacle::ALL.iter().map(|o| o.name().to_owned()).collect(),
            ),
        );
    }
    // Only a figure on its feet and on foot can trip (Tripping Over).
    if super::order::may_trip(x).is_ok() {
        out.push(
            ActionForm::new("trip", "Trip roll", "when the table shows one is due")
                .choice(
                    "Cause",
                    TripCause::ALL.iter().map(|c| capital(c.words())).collect(),
                )
                .as_record(),
        );
    }
    out
}

use crate::engine::words::capitalised as capital;

/// Turns a form's values into a command and its preview.
///
/// # Errors
/// No such figure or form, or a value out of range.
pub fn plan(
    rules: &Rules,
    state: &State,
    id: &str,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let f = figure_of(state, id).ok_or_else(|| format!("no figure {id}"))?;
    let mut v = FormValues::new(values);
    let act = |action: Action| ActionPlan::plain(Command::Act { figure: f, action });
    match form {
        "step" => {
            let step = v.pick(&Step::ALL, "move")?;
            let reload = v.on();
            let aim = match v.index() {
                0 => None,
                i => Some(*enemies(state, f).get(i - 1).ok_or("no such target")?),
            };
            let jump = v.on();
            Ok(act(Action::Step {
                step,
                reload,
                aim,
                jump,
            }))
        }
        "dash" => Ok(act(Action::Dash(if v.on() { 3 } else { 2 }))),
        "other" => Ok(act(v.pick(&others(state, f), "action")?.1)),
        "break_off" => Ok(act(Action::BreakOff)),
        "ride" => {
            let ride = v.pick(&RIDES, "horse action")?;
            Ok(act(if v.on() {
                Action::RideReload(ride)
            } else {
                Action::Ride(ride)
            }))
        }
        "kiai" => {
            let caught = v.index();
            let targets: Vec<FigureRef> = ki_ai_area(state, f)
                .into_iter()
                .enumerate()
                .filter(|(i, _)| *i < usize::BITS as usize && caught & (1 << i) != 0)
                .map(|(_, o)| o)
                .collect();
            let preview = cards::ki_ai_card(rules, state, f, &targets);
            Ok(ActionPlan {
                preview,
                ..act(Action::KiAi(targets))
            })
        }
        "run_down" => {
            let victim = v.pick(&on_foot(state, f), "figure")?;
            Ok(
                ActionPlan::plain(Command::RunDown(f, victim)).confirming(format!(
                    "{} is knocked down by {}'s horse",
                    state.figure_name(victim),
                    state.figure_name(f)
                )),
            )
        }
        "jump" => {
            let obstacle = v.pick(&Obstacle::ALL, "obstacle")?;
            Ok(ActionPlan {
                confirm: None,
                command: Command::Jump(f, obstacle),
                preview: Some(cards::jump_card(rules, state, f, obstacle)),
            })
        }
        "trip" => {
            let cause = v.pick(&TripCause::ALL, "cause")?;
            let mut card = cards::trip_card(rules, state, f, cause);
            card.required = false;
            Ok(ActionPlan {
                confirm: None,
                command: Command::Trip(f, cause),
                preview: Some(card),
            })
        }
        "shoot" => fighting::shoot_plan(rules, state, f, &mut v),
        "attack" => fighting::attack_plan(rules, state, f, &mut v, false),
        "grapple" => fighting::grapple_plan(rules, state, f, &mut v),
        "closing" => fighting::attack_plan(rules, state, f, &mut v, true),
        other => Err(format!("no form `{other}`")),
    }
}
