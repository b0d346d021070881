//! Checking skirmish commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a figure dead before the
//! morale test it triggers). Only the events leave this module.

mod fire;
mod melee;
mod morale;
mod movement;
mod results;
mod turn;

pub use fire::half;
pub use morale::declarable;
pub use results::{owed, resolving_now};

use super::Skirmish;
use super::command::Command;
use super::event::Event;
use super::order::cite;
use super::state::{Due, FigureRef, FigureState, Trigger, UnitRef, UnitState};
use crate::engine::error::CommandError;
use crate::engine::exec::Exec;

/// The engine's execution context, for a Skirmish command.
pub(super) type Ctx<'a> = Exec<'a, Skirmish>;

impl Ctx<'_> {
    fn unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        self.state()
            .unit(u)
            .ok_or_else(|| illegal(format!("there is no unit {}", u.id())))
    }

    fn figure(&self, f: FigureRef) -> Result<&FigureState, CommandError> {
        self.state()
            .figure(f)
            .ok_or_else(|| illegal(format!("there is no figure {}", f.id())))
    }

    /// A unit still fighting.
    fn fighting_unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        let x = self.unit(u)?;
        if x.routed {
            return Err(illegal(format!("{} has routed and left the game", x.name)));
        }
        if x.alive() == 0 {
            return Err(illegal(format!("{} has no figure left alive", x.name)));
        }
        Ok(x)
    }

    /// A figure alive in a unit still fighting.
    fn fighting_figure(&self, f: FigureRef) -> Result<&FigureState, CommandError> {
        self.fighting_unit(f.unit())?;
        let x = self.figure(f)?;
        if x.dead {
            return Err(illegal(format!("{} is dead", x.spec.name)));
        }
        Ok(x)
    }

    /// Requires a morale test, unless the unit already owes one (whatever its trigger or
    /// step): one test per unit at a time (ruling `morale_triggers`).
    fn require_morale(&mut self, unit: UnitRef, trigger: Trigger) -> Result<(), CommandError> {
        if self.state().owed_test(unit).is_some() {
            Ok(())
        } else {
            self.require(Due::Morale(unit, trigger))
        }
    }
}

fn illegal(reason: impl Into<String>) -> CommandError {
    CommandError::illegal(reason)
}

/// A refusal by a rule of the text, with its section.
fn rule(citation: &str, reason: impl Into<String>) -> CommandError {
    crate::engine::exec::refuse(reason, citation)
}

/// Checks a command and returns its events.
///
/// # Errors
/// The command is not allowed now, or the dice could not be had.
pub fn execute(ctx: &mut Ctx<'_>, command: &Command) -> Result<(), CommandError> {
    if ctx.state().ended {
        return Err(illegal("the battle is over"));
    }
    match command {
        Command::RollPrecedence => turn::precedence(ctx)?,
        Command::MovesFirst(side) => turn::moves_first(ctx, *side)?,
        Command::DeclareCharge { unit, target } => movement::declare_charge(ctx, *unit, *target)?,
        Command::Move {
            unit,
            obstacles,
            difficult,
            contact,
            inches,
        } => movement::move_unit(ctx, *unit, (*obstacles, *difficult, *inches), *contact)?,
        Command::MovesDone(side) => movement::moves_done(ctx, *side)?,
        Command::DefensiveFire(shot) => fire::fire(ctx, shot, true)?,
        Command::Fire(shot) => fire::fire(ctx, shot, false)?,
        Command::Melee { a, b, obstacle } => melee::bout(ctx, *a, *b, *obstacle)?,
        Command::BoutObstacles { a, b, obstacle } => melee::say_obstacles(ctx, *a, *b, *obstacle)?,
        Command::ResolveHits(figure) => results::resolve(ctx, *figure)?,
        Command::DeclareMorale { unit, trigger } => morale::declare(ctx, *unit, *trigger)?,
        Command::MoraleGround { unit, ground } => morale::say_ground(ctx, *unit, *ground)?,
        Command::MoraleTest { unit } => morale::morale_test(ctx, *unit)?,
        Command::Engage(a, b) => turn::engage(ctx, *a, *b, true)?,
        Command::Disengage(a, b) => turn::engage(ctx, *a, *b, false)?,
        Command::EndSection => turn::end_section(ctx)?,
        Command::EndBattle => ctx.emit(Event::BattleEnded)?,
        Command::DefensiveFireInBand(_) | Command::FireInBand(_) => {
            return Err(illegal(super::older::IN_BAND));
        }
    }
    Ok(())
}
