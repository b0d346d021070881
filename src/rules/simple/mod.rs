//! Simple Samurai Rules – Late Period: units of figures, each troop type rolling its own
//! die (d4 to d12), Formation Fail, firing by the to-hit chart, melee figure against
//! figure, morale as the living figures' dice against the dead's d10s.
//!
//! The rules text is `../shared/rules/simple-samurai-rules-late-period.txt`; every number
//! comes from `reference/simple.ron`, where the rulings on unclear text are recorded too.

mod actions;
mod apply;
pub mod campaign;
pub mod command;
mod describe;
pub mod event;
mod execute;
mod measures;
pub mod numbers;
pub mod order;
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

/// The Simple Samurai rule set.
#[derive(Debug)]
pub struct Simple;

impl RuleSet for Simple {
    const KEY: &'static str = "simple";
    const NAME: &'static str = "Simple Samurai Rules – Late Period";
    const REFERENCE: &'static str = <tables::SimpleTables as crate::reference::Tables>::TEXT;
    const DEMO: [(&'static str, &'static str); 2] =
        crate::demo_rosters!("simple", "oda", "imagawa");
    type Army = Army;
    type Rules = Rules;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Due = Due;

    fn load_army(roster: &RosterText) -> RosterReport<Army> {
        crate::roster::load_with(Rules::new(&HouseRules::default()), roster, roster::load)
    }

    fn army_roster(army: &Army) -> Result<String, String> {
        roster::army_roster(army)
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

    fn precedes(_state: &State, first: &Due, then: &Due) -> Option<&'static str> {
        order::precedes(*first, *then)
    }

    fn interleaves(
        _rules: &Rules,
        _state: &State,
        due: &Due,
        command: &Command,
    ) -> Option<&'static str> {
        order::interleaves(*due, command)
    }

    fn measures(rules: &Rules, before: &State, events: &[Event]) -> Vec<Measure> {
        measures::measures(rules, before, events)
    }

    fn end_battle() -> Option<Command> {
        Some(Command::EndBattle)
    }

    fn describe_due(_rules: &Rules, state: &State, due: &Due) -> Sentence {
        describe::due_name(state, *due)
    }

    fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
        pending::pending(rules, state)
    }

    fn describe(_rules: &Rules, state: &State, event: &Event) -> Sentence {
        describe::describe(state, event)
    }

    fn command_kind(command: &Command) -> &'static str {
        command.kind()
    }

    fn view(rules: &Rules, state: &State) -> BattleView {
        view::view(rules, state)
    }

    /// The unit in ambush, until it is placed on the table: where it hides is the Home
    /// Daimyo's secret.
    fn kept_from_players(state: &State) -> Vec<String> {
        state
            .each_unit()
            .filter(|(_, x)| x.in_ambush)
            .map(|(u, _)| u.id())
            .collect()
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
