//! Checking Simple Samurai commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a figure killed before
//! the morale test it triggers). Only the events leave this module.

mod cards;
mod fire;
mod melee;
mod morale;
mod places;
mod records;
mod sequence;
mod setup;

pub use cards::{cannot_advance, may_be_sent_back, nobody_to_send_back};
pub use places::{may_be_caught_by_fire, village_unit};
pub use records::{
    fail_causes, may_clear_smoke, morale_waits_on_retreat_answer, sees_a_friend_retreat,
};
pub use setup::may_wade;

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

    /// A unit on the table: what is gone takes no part.
    fn present_unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        let x = self.unit(u)?;
        if x.present() {
            Ok(x)
        } else {
            Err(illegal(format!("{} is not on the table", x.spec.name)))
        }
    }

    /// A unit of the acting side, on the table, free to act this turn. (What is due blocks it
    /// by the engine's default, unless the command settles that due.)
    fn acting_unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        if self.state().phase != Phase::Turn {
            return Err(illegal("the battle has not begun"));
        }
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
        Command::DrawCard { card } => cards::draw_card(c, *card)?,
        Command::CardDone => cards::card_done(c)?,
        Command::RollArrival => cards::arrival(c)?,
        Command::SendBack(u) => cards::send_back(c, *u)?,
        Command::Ninja { guards } => cards::ninja(c, guards)?,
        Command::AllyActivation(g) => sequence::ally(c, *g)?,
        Command::FormationTest(u) => sequence::formation_test(c, *u)?,
        Command::Move {
            kind: crate::rules::simple::command::MoveKind::Building,
            ..
        } => {
            return Err(illegal(
                "a unit goes into or out of a building by taking post",
            ));
        }
        Command::Move {
            unit,
            kind,
            distance_cm,
            going,
            surrounded,
        } => sequence::move_unit(c, *unit, *kind, Some((*distance_cm, *going)), *surrounded)?,
        Command::RetreatMove { unit, left_field } => sequence::retreat_move(c, *unit, *left_field)?,
        Command::MarkFormationFail { unit, cause } => records::mark_fail(c, *unit, *cause)?,
        Command::SetStatus { unit, status } => records::set_status(c, *unit, *status)?,
        Command::Fire(order) => fire::fire(c, order)?,
        Command::Melee(order) => melee::melee(c, order)?,
        Command::Morale { unit, cover } => morale::morale(c, *unit, *cover)?,
        Command::CallMorale { unit, cause } => morale::call_morale(c, *unit, *cause)?,
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
        Command::VillagersAttack(u) => places::villagers_attack(c, *u, None)?,
        Command::VillagersAttackIn { unit, cover } => {
            morale::check_cover_told(c, *unit, Some(*cover))?;
            places::villagers_attack(c, *unit, Some(*cover))?;
        }
        Command::CrewCapturedGun { gun, crew } => places::crew_gun(c, *gun, *crew)?,
        Command::EscapeFire { unit, figures } => places::escape_fire(c, *unit, *figures)?,
        Command::AddStructure {
            name,
            kind,
            sections,
        } => setup::add_structure(c, name, *kind, *sections)?,
        Command::Bombard { gun, structure } => fire::bombard(c, *gun, *structure)?,
        Command::Realign {
            gun,
            needed_inches,
            target,
        } => fire::realign(c, *gun, *needed_inches, *target)?,
    }
    Ok(())
}
