//! From the Sky we Came: clans of units of stands, Command and Bushi, disorder and routs.
//!
//! The rules text is `../shared/rules/from-the-sky-we-came.txt`; every number comes from
//! `reference/sky.ron`, where the rulings on unclear text are recorded too.

mod actions;
mod apply;
pub mod campaign;
pub mod command;
mod describe;
pub mod event;
mod execute;
mod measures;
pub mod numbers;
mod older;
mod order;
mod pending;
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

/// The Sky rule set.
#[derive(Debug)]
pub struct Sky;

impl RuleSet for Sky {
    const KEY: &'static str = "sky";
    const NAME: &'static str = "From the Sky we Came";
    const REFERENCE: &'static str = <tables::SkyTables as crate::reference::Tables>::TEXT;
    const DEMO: [(&'static str, &'static str); 2] = crate::demo_rosters!("sky", "takeda", "uesugi");
    type Army = Army;
    type Rules = Rules;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Due = Due;

    fn load_army(roster: &RosterText) -> RosterReport<Army> {
        crate::roster::load_with(Rules::new(&HouseRules::default()), roster, roster::load)
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
        _rules: &Rules,
        state: &mut State,
        event: &Event,
        context: ApplyContext,
    ) -> Result<(), String> {
        apply::apply(state, event, context)
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
        state: &State,
        due: &Due,
        command: &Command,
    ) -> Option<&'static str> {
        order::interleaves(state, *due, command)
    }

    fn precedes(_state: &State, first: &Due, then: &Due) -> Option<&'static str> {
        order::precedes(*first, *then)
    }

    fn check_events(
        _rules: &Rules,
        state: &State,
        events: &[Event],
        _at: ApplyContext,
    ) -> Result<(), String> {
        // Units, clans and sides are never added or taken away in a battle: every event's
        // references can be checked against the state before the entry.
        events.iter().try_for_each(|e| apply::refs::check(state, e))
    }

    /// Format 1 fought a charge with events that charges as dues replaced ([`older`]).
    const OLDER_SHAPES_UNTIL_FORMAT: u32 = crate::engine::journal::FORMAT_V1;

    fn upgrade_events(
        _rules: &Rules,
        state: &State,
        recorded: &[Box<ron::value::RawValue>],
    ) -> Result<Vec<Event>, String> {
        older::upgrade_events(state.charge(), recorded)
    }

    fn check_due(state: &State, due: &Due) -> Result<(), String> {
        apply::refs::due(state, *due)
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

    fn describe(_rules: &Rules, state: &State, event: &Event) -> Sentence {
        describe::describe(state, event)
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
