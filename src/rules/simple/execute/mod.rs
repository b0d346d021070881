//! Checking Simple Samurai commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a figure killed before
//! the morale test it triggers). Only the events leave this module.

mod fire;
mod melee;
mod places;
mod sequence;
mod setup;

pub use places::village_unit;

use super::Simple;
use super::command::Command;
use super::event::Event;
use super::state::{Phase, UnitRef, UnitState};
use crate::engine::error::CommandError;
use crate::engine::exec::Exec;

/// The engine's execution context, for a Simple command.
pub(super) type Ctx<'a> = Exec<'a, Simple>;

fn illegal(reason: impl Into<String>) -> CommandError {
    CommandError::illegal(reason)
}

impl Ctx<'_> {
    fn unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        self.state()
            .unit(u)
            .ok_or_else(|| illegal(format!("there is no unit {}", u.id())))
    }

    /// Refuses while anything is due.
    fn nothing_due(&self) -> Result<(), CommandError> {
        match self.state().due.first() {
            Some(d) => Err(illegal(format!(
                "settle what is required first: {}",
                crate::rules::simple::describe::due_name(self.state(), *d).text
            ))),
            None => Ok(()),
        }
    }

    /// A unit of the acting side, on the table, free to act this turn.
    fn acting_unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        if self.state().phase != Phase::Turn {
            return Err(illegal("the battle has not begun"));
        }
        self.nothing_due()?;
        let x = self.unit(u)?;
        if self.state().owner(u) != usize::from(self.state().acting) {
            return Err(illegal(format!("it is not {}'s turn", x.spec.name)));
        }
        if !x.present() {
            return Err(illegal(format!("{} is not on the table", x.spec.name)));
        }
        if self.state().group(u.group()).is_some_and(|g| !g.acting) {
            return Err(illegal(format!(
                "{}'s allied clan did not roll to act this turn: it only fights if attacked",
                x.spec.name
            )));
        }
        Ok(x)
    }
}

/// Checks a command and returns its events.
///
/// # Errors
/// The command is not allowed now, or the dice could not be had.
pub fn execute(ctx: &mut Ctx<'_>, command: &Command) -> Result<(), CommandError> {
    if ctx.state().ended {
        return Err(illegal("the battle is over"));
    }
    let c = ctx;
    match command {
        Command::RollForHome => sequence::roll_for_home(c)?,
        Command::ShuffleDeck => sequence::shuffle(c)?,
        Command::BeginBattle => sequence::begin(c)?,
        Command::DrawCard { card } => sequence::draw_card(c, *card)?,
        Command::CardDone => sequence::card_done(c)?,
        Command::RollArrival => sequence::arrival(c)?,
        Command::Ninja { guards } => melee::ninja(c, guards)?,
        Command::AllyActivation(g) => sequence::ally(c, *g)?,
        Command::FormationTest(u) => sequence::formation_test(c, *u)?,
        Command::Move {
            unit,
            kind,
            distance_cm,
            going,
        } => sequence::move_unit(c, *unit, *kind, Some((*distance_cm, *going)))?,
        Command::RetreatMove { unit, left_field } => sequence::retreat_move(c, *unit, *left_field)?,
        Command::MarkFormationFail { unit, cause } => {
            c.unit(*unit)?;
            c.emit(Event::FormationFailed {
                unit: *unit,
                cause: *cause,
            })?;
        }
        Command::SetStatus { unit, status } => {
            c.unit(*unit)?;
            c.emit(Event::StatusSet {
                unit: *unit,
                status: *status,
            })?;
        }
        Command::Fire(order) => fire::fire(c, order)?,
        Command::Melee(order) => melee::melee(c, order)?,
        Command::Morale {
            unit,
            friend_retreating,
        } => melee::morale(c, *unit, *friend_retreating)?,
        Command::CallMorale { unit, cause } => melee::call_morale(c, *unit, *cause)?,
        Command::Attach { group, unit } => sequence::attach(c, *group, *unit)?,
        Command::EndTurn => sequence::end_turn(c)?,
        Command::EndBattle => c.emit(Event::BattleEnded)?,
        Command::RollTerrain => setup::terrain(c)?,
        Command::SetAmbush { unit, square } => setup::ambush(c, *unit, *square)?,
        Command::RollRiver => setup::river(c)?,
        Command::CrossRiver(u) => setup::cross_river(c, *u)?,
        Command::RollWind => setup::wind(c)?,
        Command::SetFire(k) => places::set_alight(c, *k, None, None)?,
        Command::SetAlight {
            what,
            structure,
            by,
        } => places::set_alight(c, *what, *structure, *by)?,
        Command::Engulfed(s) => places::engulfed(c, *s)?,
        Command::Occupy { unit, structure } => places::occupy(c, *unit, *structure)?,
        Command::VillagersAttack(u) => places::villagers_attack(c, *u)?,
        Command::CrewCapturedGun { gun, crew } => places::crew_gun(c, *gun, *crew)?,
        Command::EscapeFire { unit, figures } => places::escape_fire(c, *unit, *figures)?,
        Command::AddStructure { name, kind } => setup::add_structure(c, name, *kind)?,
        Command::Bombard { gun, structure } => fire::bombard(c, *gun, *structure)?,
        Command::Realign {
            gun,
            needed_inches,
            target,
        } => fire::realign(c, *gun, *needed_inches, *target)?,
    }
    Ok(())
}
