//! Kozeriai, Skirmishing in Old Japan: individual figures on a hex grid, each with weapon
//! skills, wounds and distractions; every die a d10 read 0 to 9; the clash of blades an
//! opposed roll whose difference pushes back or wounds.
//!
//! The rules text is `../shared/rules/kozeriai.txt`; every number comes from
//! `reference/kozeriai.ron`, where the rulings on unclear text are recorded too.

mod actions;
mod apply;
pub mod command;
mod describe;
pub mod event;
mod execute;
pub mod measures;
pub mod numbers;
pub mod order;
pub mod pending;
pub mod roster;
mod roster_form;
pub mod state;
pub mod tables;
mod view;

pub use command::Command;
pub use event::Event;
pub use execute::{fall_result, jump_result, jump_row, ki_ai_needed, stamina_change, trip_needed};
pub use roster::Army;
pub use state::State;
pub use tables::Rules;

use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::check::Check;
use crate::engine::error::CommandError;
use crate::engine::exec::Exec;
use crate::engine::ruleset::{ApplyContext, Measure, RuleSet, Sentence};
use crate::engine::view::BattleView;
use crate::reference::{HouseRules, ReferenceError};
use crate::roster::{RosterReport, RosterText};
use state::Due;

/// The Kozeriai rule set.
#[derive(Debug)]
pub struct Kozeriai;

impl RuleSet for Kozeriai {
    const KEY: &'static str = "kozeriai";
    const NAME: &'static str = "Kozeriai";
    const REFERENCE: &'static str = <tables::KozeriaiTables as crate::reference::Tables>::TEXT;
    const DEMO: [(&'static str, &'static str); 2] =
        crate::demo_rosters!("kozeriai", "village", "bandits");
    type Army = Army;
    type Rules = Rules;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Due = Due;

    fn load_army(roster: &RosterText) -> RosterReport<Army> {
        crate::roster::load_with(
            Rules::new(&HouseRules::default()),
            roster,
            roster::load::load,
        )
    }

    fn army_roster(army: &Army) -> Result<String, String> {
        roster::load::army_roster(army)
    }

    fn roster_form() -> crate::roster::form::RosterForm {
        roster_form::form()
    }

    fn rules(house: &HouseRules) -> Result<Rules, ReferenceError> {
        Rules::new(house)
    }

    fn start(rules: &Rules, armies: &[Army; 2]) -> State {
        State::new(rules, armies)
    }

    fn execute(exec: &mut Exec<'_, Self>, command: &Command) -> Result<(), CommandError> {
        execute::execute(exec, command)
    }

    fn apply(
        rules: &Rules,
        state: &mut State,
        event: &Event,
        _context: ApplyContext,
    ) -> Result<(), String> {
        apply::apply(rules, state, event)
    }

    crate::due_queue!(State, Event, Due);

    fn due_moot(state: &State, due: &Due) -> Option<String> {
        order::moot(state, *due)
    }

    fn due_citation(due: &Due) -> &'static str {
        order::citation(*due)
    }

    fn interleaves(
        _rules: &Rules,
        _state: &State,
        due: &Due,
        _command: &Command,
    ) -> Option<&'static str> {
        order::interleaves(*due)
    }

    fn precedes(_state: &State, first: &Due, then: &Due) -> Option<&'static str> {
        order::precedes(*first, *then)
    }

    fn describe_due(_rules: &Rules, state: &State, due: &Due) -> Sentence {
        describe::due_name(state, *due)
    }

    fn measures(rules: &Rules, before: &State, events: &[Event]) -> Vec<Measure> {
        measures::measures(rules, before, events)
    }

    fn end_battle() -> Option<Command> {
        Some(Command::EndBattle)
    }

    fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
        pending::pending(rules, state)
    }

    fn describe(rules: &Rules, state: &State, event: &Event) -> Sentence {
        describe::describe(rules, state, event)
    }

    fn told_later(event: &Event, later: &[Event]) -> bool {
        describe::told_later(event, later)
    }

    fn command_kind(command: &Command) -> &'static str {
        command.kind()
    }

    fn view(rules: &Rules, state: &State) -> BattleView {
        view::view(rules, state)
    }

    fn turn_and_phase(state: &State) -> (u32, String) {
        (state.turn, view::phase_now(state))
    }

    fn ended(state: &State) -> bool {
        state.ended
    }

    fn action_forms(rules: &Rules, state: &State, unit: &str) -> Vec<ActionForm> {
        actions::forms(rules, state, unit)
    }

    fn action(
        rules: &Rules,
        state: &State,
        unit: &str,
        form: &str,
        values: &[usize],
    ) -> Result<ActionPlan<Command>, String> {
        actions::plan(rules, state, unit, form, values)
    }
}
