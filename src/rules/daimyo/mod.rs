//! Daimyo (Ian Duncan), chapter 3, Movement: obedience, formations, wheels and turns,
//! terrain, interpenetration, charges and their responses, and leaders' challenges and duels.
//!
//! The rules text is `../shared/rules/daimyo-movement.txt`. It is one chapter of a larger
//! book: where it points to parts it lacks (the movement table, the morale and melee
//! chapters) Gunbai takes the number from the roster or the outcome from the umpire. Every
//! number comes from `reference/daimyo.ron`, where the rulings on unclear text are recorded.

mod actions;
mod apply;
pub mod campaign;
pub mod command;
mod describe;
pub mod event;
pub mod execute;
pub mod load;
pub mod measures;
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
pub use state::{Due, State};
pub use tables::Rules;

use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::check::Check;
use crate::engine::error::CommandError;
use crate::engine::exec::Exec;
use crate::engine::ruleset::{ApplyContext, RuleSet, Sentence};
use crate::engine::view::BattleView;
use crate::reference::{HouseRules, ReferenceError};
use crate::roster::{RosterReport, RosterText};

/// The Daimyo movement chapter as a rule set.
#[derive(Debug)]
pub struct Daimyo;

impl RuleSet for Daimyo {
    const KEY: &'static str = "daimyo";
    const NAME: &'static str = "Daimyo – Movement";
    const REFERENCE: &'static str = <tables::DaimyoTables as crate::reference::Tables>::TEXT;
    const DEMO: [(&'static str, &'static str); 2] =
        crate::demo_rosters!("daimyo", "tokugawa", "ishida");
    type Army = Army;
    type Rules = Rules;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Due = Due;

    fn load_army(roster: &RosterText) -> RosterReport<Army> {
        crate::roster::load_with(Rules::new(&HouseRules::default()), roster, load::load)
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
        _rules: &Rules,
        state: &mut State,
        event: &Event,
        context: ApplyContext,
    ) -> Result<(), String> {
        apply::apply(state, event, context.at)
    }

    crate::due_queue!(State, Event, Due);

    fn describe_due(_rules: &Rules, state: &State, due: &Due) -> Sentence {
        describe::due_name(state, *due)
    }

    fn due_citation(due: &Due) -> &'static str {
        order::citation(*due)
    }

    fn due_moot(state: &State, due: &Due) -> Option<String> {
        order::moot(state, *due)
    }

    fn interleaves(
        _rules: &Rules,
        _state: &State,
        due: &Due,
        command: &Command,
    ) -> Option<&'static str> {
        order::interleaves(*due, command)
    }

    fn check_due(state: &State, due: &Due) -> Result<(), String> {
        order::check(state, *due)
    }

    fn measures(
        rules: &Rules,
        before: &State,
        events: &[Event],
    ) -> Vec<crate::engine::ruleset::Measure> {
        measures::measures(rules, before, events)
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
