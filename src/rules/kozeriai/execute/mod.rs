//! Checking Kozeriai commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a figure dead before its
//! push back is asked for). Only the events leave this module.

mod act;
mod fight;
mod table;
mod turn;

pub use act::ki_ai_needed;
pub use table::{fall_result, jump_result, jump_row, trip_needed};
pub use turn::stamina_change;

use super::apply::apply;
use super::command::Command;
use super::event::Event;
use super::odds;
use super::state::{Due, FigureRef, FigureState, State};
use super::tables::Rules;
use crate::dice::DiceSource;
use crate::engine::error::CommandError;

/// Events being built for one command, with the state as they leave it.
pub(super) struct Ctx<'a> {
    rules: &'a Rules,
    state: State,
    events: Vec<Event>,
    dice: &'a mut dyn DiceSource,
}

impl Ctx<'_> {
    /// Records an event and applies it to the scratch state.
    fn emit(&mut self, event: Event) -> Result<(), CommandError> {
        apply(self.rules, &mut self.state, &event).map_err(CommandError::Illegal)?;
        self.events.push(event);
        Ok(())
    }

    /// Rolls one d10 and reads it 0 to 9.
    fn d10(&mut self) -> Result<u32, CommandError> {
        let sides = self.rules.t.dice.sides;
        let face = self.dice.roll(sides).map_err(CommandError::from)?;
        Ok(odds::read(face, sides))
    }

    fn figure(&self, f: FigureRef) -> Result<&FigureState, CommandError> {
        self.state
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
        if self.state.current_figures().contains(&f) {
            Ok(())
        } else {
            Err(illegal(format!(
                "{} is not in the contingent acting now",
                self.state.figure_name(f)
            )))
        }
    }

    /// Actions a figure may take in a turn: two for a heroic figure.
    fn allowed_actions(&self, f: &FigureState) -> u32 {
        if self.rules.optional("heroic") && f.spec.heroic {
            self.rules.t.heroic.actions
        } else {
            1
        }
    }

    /// Wounds and distractions on a figure, with death or a knock-out when they reach its
    /// capacity + 1 (Resilience, Blunt Weapons; ruling `capacity`).
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
        } else if x.distractions > x.capacity && !x.knocked_out {
            self.emit(Event::KnockedOut(f))?;
        }
        Ok(())
    }

    /// Requires something, unless it is already due.
    fn require(&mut self, due: Due) -> Result<(), CommandError> {
        if self.state.due.contains(&due) || self.figure(due.figure())?.dead {
            Ok(())
        } else {
            self.emit(Event::Required(due))
        }
    }

    /// Settles something if it was due.
    fn settle(&mut self, due: Due) -> Result<(), CommandError> {
        if self.state.due.contains(&due) {
            self.emit(Event::Settled(due))
        } else {
            Ok(())
        }
    }
}

fn illegal(reason: impl Into<String>) -> CommandError {
    CommandError::illegal(reason)
}

/// Checks a command and returns its events.
///
/// # Errors
/// The command is not allowed now, or the dice could not be had.
pub fn execute(
    rules: &Rules,
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, CommandError> {
    if state.ended {
        return Err(illegal("the battle is over"));
    }
    let mut ctx = Ctx {
        rules,
        state: state.clone(),
        events: Vec::new(),
        dice,
    };
    match command {
        Command::Act { figure, action } => act::act(&mut ctx, *figure, action)?,
        Command::Shoot(order) => fight::shoot(&mut ctx, order)?,
        Command::Clash(order) => fight::clash(&mut ctx, order)?,
        Command::Trip(figure, cause) => table::trip(&mut ctx, *figure, *cause)?,
        Command::NoHazard(figure) => {
            let due = Due::PushedBack(*figure);
            if !ctx.state.due.contains(&due) {
                return Err(illegal("that figure has no push back to settle"));
            }
            ctx.settle(due)?;
        }
        Command::Jump(figure, obstacle) => table::jump(&mut ctx, *figure, *obstacle)?,
        Command::RunDown(rider, figure) => table::run_down(&mut ctx, *rider, *figure)?,
        Command::Fall(due) => table::fall(&mut ctx, *due)?,
        Command::EndStage => turn::end_stage(&mut ctx)?,
        Command::EndBattle => ctx.emit(Event::BattleEnded)?,
    }
    Ok(ctx.events)
}
