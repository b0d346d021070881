//! Checking skirmish commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a figure dead before the
//! morale test it triggers). Only the events leave this module.

mod combat;
mod results;
mod turn;

pub use results::{owed, resolving_now};

use super::apply::apply;
use super::command::Command;
use super::event::Event;
use super::state::{Due, FigureRef, FigureState, State, UnitRef, UnitState};
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
        apply(&mut self.state, &event).map_err(CommandError::Illegal)?;
        self.events.push(event);
        Ok(())
    }

    /// Rolls `n` dice of `sides`.
    fn roll(&mut self, n: u32, sides: u32) -> Result<Vec<u32>, CommandError> {
        (0..n)
            .map(|_| self.dice.roll(sides).map_err(CommandError::from))
            .collect()
    }

    fn unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        self.state
            .unit(u)
            .ok_or_else(|| illegal(format!("there is no unit {}", u.id())))
    }

    fn figure(&self, f: FigureRef) -> Result<&FigureState, CommandError> {
        self.state
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

    /// Requires something, unless it is already due.
    fn require(&mut self, due: Due) -> Result<(), CommandError> {
        let Due::Morale(unit, _) = due;
        if self.state.due.iter().any(|Due::Morale(u, _)| *u == unit) {
            Ok(())
        } else {
            self.emit(Event::Required(due))
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
        Command::RollPrecedence => turn::precedence(&mut ctx)?,
        Command::MovesFirst(side) => turn::moves_first(&mut ctx, *side)?,
        Command::DeclareCharge { unit, target } => {
            combat::declare_charge(&mut ctx, *unit, *target)?
        }
        Command::Move {
            unit,
            obstacles,
            difficult,
        } => combat::move_unit(&mut ctx, *unit, *obstacles, *difficult)?,
        Command::DefensiveFire(shot) => combat::fire(&mut ctx, shot, true)?,
        Command::Fire(shot) => combat::fire(&mut ctx, shot, false)?,
        Command::Melee { a, b, obstacle } => combat::bout(&mut ctx, *a, *b, *obstacle)?,
        Command::ResolveHits(figure) => results::resolve(&mut ctx, *figure)?,
        Command::DeclareMorale { unit, trigger } => results::declare(&mut ctx, *unit, *trigger)?,
        Command::MoraleTest { unit, ground } => results::morale_test(&mut ctx, *unit, *ground)?,
        Command::Engage(a, b) => turn::engage(&mut ctx, *a, *b, true)?,
        Command::Disengage(a, b) => turn::engage(&mut ctx, *a, *b, false)?,
        Command::EndSection => turn::end_section(&mut ctx)?,
        Command::EndBattle => ctx.emit(Event::BattleEnded)?,
    }
    Ok(ctx.events)
}
