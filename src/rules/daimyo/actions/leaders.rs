//! A leader's orders: moving on his own, joining and leaving units, the General's
//! initiative, challenges, and being reached by an enemy unit.

use super::{cm_max, distance, names, preview};
use crate::engine::action::{ActionForm, ActionPlan, Bounds, FormValues};
use crate::rules::daimyo::command::Command;
use crate::rules::daimyo::execute::leader_move_left;
use crate::rules::daimyo::state::{Rank, State};
use crate::rules::daimyo::tables::Rules;

/// Units a leader may join.
fn joinable(state: &State, leader: usize) -> Vec<usize> {
    let Some(l) = state.leader(leader) else {
        return Vec::new();
    };
    state
        .on_table(l.side)
        .filter(|&u| match l.rank {
            Rank::General => true,
            Rank::Daimyo(g) => state.unit(u).is_some_and(|x| x.group == g),
        })
        .filter(|&u| l.attached != Some(u))
        .collect()
}

/// Unattached enemy leaders a leader may challenge.
fn challengeable(state: &State, leader: usize) -> Vec<usize> {
    let side = state.leader(leader).map_or(0, |l| l.side);
    (0..state.leaders.len())
        .filter(|&o| {
            state
                .leader(o)
                .is_some_and(|x| x.side != side && x.unattached())
        })
        .collect()
}

/// Enemy units not routing, which kill an unattached leader they reach.
fn killers(state: &State, leader: usize) -> Vec<usize> {
    let side = state.leader(leader).map_or(0, |l| l.side);
    state
        .on_table(1 - side.min(1))
        .filter(|&u| state.unit(u).is_some_and(|x| !x.routing))
        .collect()
}

pub(super) fn leader_forms(state: &State, leader: usize) -> Vec<ActionForm> {
    let Some(l) = state.leader(leader) else {
        return Vec::new();
    };
    if l.killed.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let may_join = match l.rank {
        Rank::General => true,
        Rank::Daimyo(g) => state.active == Some(g),
    };
    // What is left of his move this turn; none once his movement is over.
    let left_cm = if l.move_over {
        None
    } else {
        Some(cm_max(leader_move_left(state, leader) / 10))
    };
    let his_move = |left: usize| {
        Bounds::up_to(
            left,
            format!("what is left of his move this turn, {left} cm (daimyo: Leaders)"),
        )
    };
    if may_join && let Some(left) = left_cm {
        let units = joinable(state, leader);
        if !units.is_empty() {
            out.push(
                ActionForm::new(
                    "attach",
                    "Join a unit",
                    "moves at the unit's speed while with it",
                )
                .choice("Unit", names(state, &units))
                .number("Distance he moves to it", "cm", his_move(left)),
            );
        }
        if l.unattached() && left > 0 {
            out.push(
                ActionForm::new(
                    "leader_move",
                    "Move",
                    "on his own, up to his move this turn",
                )
                .number(
                    "Distance",
                    "cm",
                    his_move(left).at_least(1, "a move takes him somewhere"),
                ),
            );
        }
    }
    if may_join && l.attached.is_some() {
        out.push(ActionForm::new(
            "detach",
            "Leave the unit",
            "moves on his own",
        ));
    }
    if l.rank == Rank::General
        && state.active.is_none()
        && let Some(u) = l.attached.and_then(|u| state.unit(u))
        && !(state.groups.get(u.group).is_some_and(|g| g.activated) || u.turn.early)
    {
        out.push(ActionForm::new(
            "initiative",
            "Activate his unit now",
            "the General's initiative: the unit does not act again with its clan",
        ));
    }
    if l.unattached() {
        let foes = challengeable(state, leader);
        if may_join
            && !foes.is_empty()
            && let Some(left) = left_cm
        {
            let names = foes.iter().map(|&o| state.leader_name(o)).collect();
            out.push(
                ActionForm::new(
                    "challenge",
                    "Challenge",
                    "personal combat; his move is over",
                )
                .choice("Enemy leader", names)
                .number("Distance he moves into contact", "cm", his_move(left)),
            );
        }
        let units = killers(state, leader);
        if !units.is_empty() {
            out.push(
                ActionForm::new(
                    "contacted",
                    "Reached by an enemy unit",
                    "an unattached leader dies gloriously",
                )
                .choice("Enemy unit", names(state, &units))
                .as_record(),
            );
        }
    }
    out
}

pub(super) fn leader_plan(
    rules: &Rules,
    state: &State,
    leader: usize,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let mut v = FormValues::new(values);
    match form {
        "attach" => Ok(ActionPlan::plain(Command::Attach {
            leader,
            unit: v.pick(&joinable(state, leader), "unit")?,
            cm: distance(&mut v),
        })),
        "leader_move" => Ok(ActionPlan::plain(Command::LeaderMove {
            leader,
            cm: distance(&mut v),
        })),
        "detach" => Ok(ActionPlan::plain(Command::Detach { leader })),
        "initiative" => Ok(ActionPlan::plain(Command::Initiative { leader })),
        "challenge" => {
            let challenged = v.pick(&challengeable(state, leader), "leader")?;
            Ok(ActionPlan {
                confirm: None,
                preview: Some(preview::duel(rules, state, leader, challenged)),
                command: Command::Challenge {
                    challenger: leader,
                    challenged,
                    cm: distance(&mut v),
                },
            })
        }
        "contacted" => {
            let unit = v.pick(&killers(state, leader), "unit")?;
            Ok(
                ActionPlan::plain(Command::LeaderContacted { leader, unit }).confirming(format!(
                    "{} is killed, reached by {}",
                    state.leader_name(leader),
                    state.unit_name(unit)
                )),
            )
        }
        _ => Err(format!("no action `{form}` for this leader now")),
    }
}
