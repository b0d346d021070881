//! Checking Kozeriai commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a figure dead before its
//! push back is asked for). Only the events leave this module.

mod act;
mod clash;
mod hazards;
mod shoot;
mod turn;

pub use act::ki_ai_needed;
pub use hazards::{fall_result, jump_result, jump_row, trip_needed};
pub use turn::{next_stage, stamina_change};

use super::Kozeriai;
use super::command::Command;
use super::event::Event;
use super::numbers::odds;
use super::state::{Due, FigureRef, FigureState};
use crate::engine::error::CommandError;
use crate::engine::exec::Exec;

/// The engine's execution context, for a Kozeriai command.
pub(super) type Ctx<'a> = Exec<'a, Kozeriai>;

impl Ctx<'_> {
    /// Rolls one d10 and reads it 0 to 9.
    fn d10(&mut self) -> Result<u32, CommandError> {
        let sides = self.rules().t.dice.sides;
        let face = self.roll(sides)?;
        Ok(odds::read(face, sides))
    }

    fn figure(&self, f: FigureRef) -> Result<&FigureState, CommandError> {
        self.state()
            .figure(f)
            .ok_or_else(|| illegal(format!("there is no figure {}", f.id())))
    }

    /// A figure that can act: alive, conscious, on its feet or not.
    fn active(&self, f: FigureRef) -> Result<&FigureState, CommandError> {
        let x = self.figure(f)?;
        if x.dead {
            return Err(illegal(format!("{} is dead", x.spec.name)));
        }
        if x.knocked_out {
            return Err(illegal(format!("{} is knocked out", x.spec.name)));
        }
        if x.collapsed {
            return Err(illegal(format!(
                "{} has collapsed from exhaustion",
                x.spec.name
            )));
        }
        Ok(x)
    }

    /// A figure of the contingent acting now.
    fn of_contingent(&self, f: FigureRef) -> Result<(), CommandError> {
        if self.state().current_figures().contains(&f) {
            Ok(())
        } else {
            Err(illegal(format!(
                "{} is not in the contingent acting now",
                self.state().figure_name(f)
            )))
        }
    }

    /// Wounds and distractions on a figure, with death or a knock-out when they reach its
    /// capacity + 1 (Resilience, Blunt Weapons, Variable Wounds; ruling `capacity`).
    fn hurt(&mut self, f: FigureRef, wounds: u32, distractions: u32) -> Result<(), CommandError> {
        if self.figure(f)?.dead {
            return Ok(());
        }
        if wounds > 0 {
            self.emit(Event::Wounded { figure: f, wounds })?;
        }
        if distractions > 0 {
            self.emit(Event::Distracted {
                figure: f,
                distractions,
            })?;
        }
        let x = self.figure(f)?;
        if x.wounds > x.capacity {
            self.emit(Event::Died(f))?;
        } else if x.distractions > x.distraction_capacity && !x.knocked_out {
            self.emit(Event::KnockedOut(f))?;
        }
        Ok(())
    }
}

fn illegal(reason: impl Into<String>) -> CommandError {
    CommandError::illegal(reason)
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
        Command::Act { figure, action } => act::act(ctx, *figure, action)?,
        Command::Shoot(order) => shoot::shoot(ctx, order)?,
        Command::Clash(order) => clash::clash(ctx, order)?,
        Command::Trip(figure, cause) => hazards::trip(ctx, *figure, *cause)?,
        Command::NoHazard(figure) => {
            let due = Due::PushedBack(*figure);
            if !ctx.state().due.contains(&due) {
                return Err(illegal("that figure has no push back to settle"));
            }
            ctx.settle_if_due(due)?;
        }
        Command::PushedInto(figure, cause) => hazards::pushed_into(ctx, *figure, *cause)?,
        Command::Jump(figure, obstacle) => hazards::jump(ctx, *figure, *obstacle)?,
        Command::RunDown(rider, figure) => hazards::run_down(ctx, *rider, *figure)?,
        Command::Fall(due) => hazards::fall(ctx, *due)?,
        Command::EndStage => turn::end_stage(ctx)?,
        Command::EndBattle => ctx.emit(Event::BattleEnded)?,
    }
    Ok(())
}
