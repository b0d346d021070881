//! Checking Daimyo commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied to
//! the scratch as it is emitted, so later steps see its effect. Only the events leave here.

mod charge;
mod leaders;
mod moves;

pub use charge::{
    CHARGE, RESPONSE, asks_target_in_open, charge_allowance, charge_bonus, charge_cost,
    charge_disorder, charger_tests, manoeuvre_cost, miss_refused, response_refused, run_refusal,
    starts_far, target_tests,
};
pub use leaders::{LEADERS, duel_odds, leader_move_left, leader_refusal};
pub use moves::{
    fall_back_cost, fall_back_limit, move_refusal, obedience_odds, obedience_rating,
    obedience_test, pursuit_refusal,
};

use super::Daimyo;
use super::command::Command;
use super::event::{Cause, Event};
use super::numbers::MovePlan;
use super::state::{State, Unit};
use crate::engine::error::CommandError;
use crate::engine::exec::{Exec, refuse};

/// The engine's execution context, for a Daimyo command.
pub(super) type Ctx<'a> = Exec<'a, Daimyo>;

impl Ctx<'_> {
    fn unit(&self, u: usize) -> Result<&Unit, CommandError> {
        self.state()
            .unit(u)
            .ok_or_else(|| illegal(format!("there is no unit {u}")))
    }

    /// A unit still in the game.
    fn present(&self, u: usize) -> Result<&Unit, CommandError> {
        let x = self.unit(u)?;
        match &x.removed {
            Some(why) => Err(illegal(format!(
                "{} is out of the game ({why})",
                x.spec.name
            ))),
            None => Ok(x),
        }
    }

    /// Disorders a unit unless it already is.
    fn disorder(&mut self, unit: usize, cause: Cause) -> Result<(), CommandError> {
        if self.unit(unit)?.disordered {
            return Ok(());
        }
        self.emit(Event::Disordered { unit, cause })
    }
}

/// An illegal command's error.
pub(super) fn illegal(reason: impl Into<String>) -> CommandError {
    CommandError::illegal(reason)
}

/// Checks a command and returns its events.
///
/// # Errors
/// An illegal command, or dice that could not be had.
pub fn execute(ctx: &mut Ctx<'_>, command: &Command) -> Result<(), CommandError> {
    if ctx.state().ended {
        return Err(illegal("the battle has ended"));
    }
    match command {
        Command::Activate { group } => activate(ctx, *group)?,
        Command::FinishActivation => finish(ctx)?,
        Command::EndTurn => end_turn(ctx)?,
        Command::EndBattle => ctx.emit(Event::BattleEnded)?,
        Command::Initiative { leader } => leaders::initiative(ctx, *leader)?,
        Command::Attach { leader, unit, cm } => leaders::attach(ctx, *leader, *unit, *cm)?,
        Command::LeaderMove { leader, cm } => leaders::leader_move(ctx, *leader, *cm)?,
        Command::Detach { leader } => leaders::detach(ctx, *leader)?,
        Command::Challenge {
            challenger,
            challenged,
            cm,
        } => leaders::challenge(ctx, *challenger, *challenged, *cm)?,
        Command::AnswerChallenge { accept } => leaders::answer(ctx, *accept)?,
        Command::LeaderContacted { leader, unit } => leaders::contacted(ctx, *leader, *unit)?,
        Command::Move {
            unit,
            plan,
            out_of_command,
            through,
        } => moves::normal_move(ctx, *unit, plan, *out_of_command, *through)?,
        Command::FallBack {
            unit,
            cm,
            dense_cm,
            light_pieces,
            obstacles,
            out_of_command,
            through,
        } => {
            let plan = MovePlan {
                open_cm: cm - dense_cm,
                dense_cm: *dense_cm,
                light_pieces: *light_pieces,
                obstacles: *obstacles,
                ..MovePlan::default()
            };
            moves::fall_back(ctx, *unit, *cm, &plan, *out_of_command, *through)?;
        }
        Command::Reform {
            unit,
            wide,
            out_of_command,
        } => moves::reform(ctx, *unit, *wide, *out_of_command)?,
        Command::RoutMove {
            unit,
            through,
            ground,
        } => moves::rout(ctx, *unit, *through, *ground)?,
        Command::PursuitMove {
            unit,
            through,
            ground,
            end,
        } => moves::pursue(ctx, *unit, (*through, *ground), *end)?,
        Command::Charge { unit, target, plan } => charge::declare(ctx, *unit, *target, plan)?,
        Command::ChargeTest { passed } => charge::test(ctx, *passed)?,
        Command::Respond { response } => charge::respond(ctx, *response)?,
        Command::ChargeOutcome { contact } => charge::outcome(ctx, *contact)?,
        record => records(ctx, record)?,
    }
    end_if_a_side_is_gone(ctx)?;
    Ok(())
}

fn activate(ctx: &mut Ctx<'_>, group: usize) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let g = ctx
        .state()
        .groups
        .get(group)
        .ok_or_else(|| illegal(format!("there is no clan {group}")))?;
    if g.activated {
        return Err(illegal(format!(
            "the {} has already been activated this turn",
            g.name
        )));
    }
    // One clan at a time: the umpire finishes one before the next (ruling `turn_sequence`).
    if let Some(active) = ctx.state().active.and_then(|a| ctx.state().groups.get(a)) {
        return Err(refuse(
            format!("finish the {}'s activation first", active.name),
            "daimyo: ruling turn_sequence",
        ));
    }
    if !ctx
        .state()
        .units
        .iter()
        .any(|u| u.group == group && u.removed.is_none())
    {
        return Err(refuse(
            format!("the {} has no unit on the table", g.name),
            "daimyo: ruling turn_sequence",
        ));
    }
    ctx.emit(Event::Activated { group })
}

fn finish(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let group = ctx
        .state()
        .active
        .ok_or_else(|| illegal("no clan is active"))?;
    ctx.emit(Event::ActivationFinished { group })
}

fn end_turn(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    busy(ctx.state())?;
    if let Some(group) = ctx.state().active {
        ctx.emit(Event::ActivationFinished { group })?;
    }
    let turn = ctx.state().turn + 1;
    ctx.emit(Event::TurnBegan { turn })
}

/// A charge or challenge must be settled before the turn moves on.
fn busy(state: &State) -> Result<(), CommandError> {
    if state.charge().is_some() {
        return Err(illegal("settle the charge under way first"));
    }
    if state.challenge().is_some() {
        return Err(illegal("answer the challenge first"));
    }
    Ok(())
}

/// The umpire's records of what chapters the text lacks decided.
fn records(ctx: &mut Ctx<'_>, command: &Command) -> Result<(), CommandError> {
    match *command {
        Command::LoseStands { unit, stands } => {
            let have = ctx.present(unit)?.stands;
            if stands == 0 || stands > have {
                return Err(illegal(format!(
                    "it has {}",
                    crate::engine::words::counted(have, "stand")
                )));
            }
            ctx.emit(Event::StandsLost { unit, stands })?;
            if stands == have {
                ctx.emit(Event::Removed {
                    unit,
                    why: "destroyed".into(),
                })?;
            }
        }
        Command::SetRouting { unit, routing } => {
            if ctx.present(unit)?.routing == routing {
                return Err(illegal("nothing to change"));
            }
            ctx.emit(Event::Routing { unit, routing })?;
        }
        Command::SetDisordered { unit, disordered } => {
            if ctx.present(unit)?.disordered == disordered {
                return Err(illegal("nothing to change"));
            }
            let event = if disordered {
                Event::Disordered {
                    unit,
                    cause: Cause::Umpire,
                }
            } else {
                Event::OrderRestored { unit }
            };
            ctx.emit(event)?;
        }
        Command::Fired { unit } => {
            let u = ctx.present(unit)?;
            if u.turn.reformed {
                return Err(illegal(format!(
                    "{} reformed this turn and may not fire",
                    u.spec.name
                )));
            }
            if u.turn.fired {
                return Err(illegal(format!(
                    "{} has already fired this turn",
                    u.spec.name
                )));
            }
            ctx.emit(Event::Fired { unit })?;
        }
        Command::EndMelee { unit } => {
            if !ctx.present(unit)?.in_melee {
                return Err(illegal("it is not in melee"));
            }
            ctx.emit(Event::MeleeEnded { unit })?;
        }
        Command::LeftTable { unit } => {
            ctx.present(unit)?;
            ctx.emit(Event::Removed {
                unit,
                why: "left the table".into(),
            })?;
        }
        _ => return Err(illegal("not a record")),
    }
    Ok(())
}

/// The battle is over when one side has no unit left on the table.
fn end_if_a_side_is_gone(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    let gone = |side| ctx.state().on_table(side).next().is_none();
    if !ctx.state().ended && (gone(0) || gone(1)) {
        ctx.emit(Event::BattleEnded)?;
    }
    Ok(())
}
