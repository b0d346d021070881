//! Samurai Skirmish: small units of individual figures, d6 pools by troop type, hits
//! parried in simultaneous bouts, and a d12 for the fate of every Samurai, Ronin or Ninja hit.
//!
//! The rules text is `../shared/rules/samurai-skirmish.txt`; every number comes from
//! `reference/skirmish.ron`, where the rulings on unclear text are recorded too.

mod actions;
mod apply;
pub mod campaign;
pub mod command;
mod describe;
pub mod event;
mod execute;
pub mod measures;
pub mod numbers;
mod older;
pub mod order;
pub mod pending;
pub mod roster;
mod roster_form;
pub mod state;
pub mod tables;
mod view;

pub use command::Command;
pub use event::Event;
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

/// The Samurai Skirmish rule set.
#[derive(Debug)]
pub struct Skirmish;

impl RuleSet for Skirmish {
    const KEY: &'static str = "skirmish";
    const NAME: &'static str = "Samurai Skirmish";
    const REFERENCE: &'static str = <tables::SkirmishTables as crate::reference::Tables>::TEXT;
    const DEMO: [(&'static str, &'static str); 2] =
        crate::demo_rosters!("skirmish", "oda_raiders", "village_defenders");
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

    fn start(_rules: &Rules, armies: &[Army; 2]) -> State {
        State::new(armies)
    }

    fn execute(exec: &mut Exec<'_, Self>, command: &Command) -> Result<(), CommandError> {
        execute::execute(exec, command)
    }

    /// Format 1 recorded a volley's range as a band where today's record the inches
    /// ([`older`]).
    const OLDER_SHAPES_UNTIL_FORMAT: u32 = crate::engine::journal::FORMAT_V1;

    fn upgrade_command(recorded: &ron::value::RawValue) -> Result<Command, String> {
        older::upgrade_command(recorded)
    }

    fn never_run(command: &Command) -> Option<&'static str> {
        older::never_run(command)
    }

    fn apply(
        _rules: &Rules,
        state: &mut State,
        event: &Event,
        _context: ApplyContext,
    ) -> Result<(), String> {
        apply::apply(state, event)
    }

    crate::due_queue!(State, Event, Due);

    fn due_moot(state: &State, due: &Due) -> Option<String> {
        order::moot(state, *due)
    }

    fn due_citation(due: &Due) -> &'static str {
        order::citation(*due)
    }

    fn interleaves(
        rules: &Rules,
        _state: &State,
        _due: &Due,
        command: &Command,
    ) -> Option<&'static str> {
        order::interleaves(rules, command)
    }

    fn check_due(state: &State, due: &Due) -> Result<(), String> {
        state
            .unit(due.unit())
            .map(|_| ())
            .ok_or_else(|| format!("no unit {}", due.unit().id()))
    }

    fn describe_due(_rules: &Rules, state: &State, due: &Due) -> Sentence {
        describe::due_name(state, *due)
    }

    fn measures(rules: &Rules, before: &State, events: &[Event]) -> Vec<Measure> {
        measures::measures(rules, before, events)
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

    fn end_battle() -> Option<Command> {
        Some(Command::EndBattle)
    }

    fn view(rules: &Rules, state: &State) -> BattleView {
        view::view(rules, state)
    }

    fn turn_and_phase(state: &State) -> (u32, String) {
        (state.turn, view::phase_words(state).0)
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
