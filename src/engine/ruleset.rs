//! The seam every rule set plugs into.

use std::fmt::Debug;

use chrono::{DateTime, Utc};
use serde::{Serialize, de::DeserializeOwned};

use super::action::{ActionForm, ActionPlan};
use super::check::Check;
use super::dues::{DueChange, Dues};
use super::error::CommandError;
use super::exec::Exec;
use super::view::BattleView;
use crate::reference::{HouseRules, ReferenceError};
use crate::roster::{RosterReport, RosterText};

/// What applying an event needs besides the event.
#[derive(Clone, Copy, Debug)]
pub struct ApplyContext {
    /// When the journal entry that carries the event was made.
    pub at: DateTime<Utc>,
}

/// One line of the battle log, for one event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sentence {
    /// The plain sentence.
    pub text: String,
    /// Ids of the units it concerns, for the log filter.
    pub units: Vec<String>,
}

impl Sentence {
    /// A sentence about the given units.
    pub fn new(text: impl Into<String>, units: Vec<String>) -> Self {
        Self {
            text: text.into(),
            units,
        }
    }
}

/// One measure of a roll's result, read from its events: `("passed", 1)`, `("hits", 3)`.
pub type Measure = (&'static str, i64);

/// A rule set: its rosters, rules in force, state, commands and events.
///
/// The engine drives every rule set the same way: `execute` works a command out in an
/// [`Exec`], emitting the events it causes (rolling any dice then, so the faces live in the
/// events); `apply` is the only mutation. Both are pure functions of their inputs, which is
/// what makes replay equal the live game. The queue of what is due is the engine's: a rule
/// set names its kinds of due checks and where the queue lives in its state.
pub trait RuleSet: Sized + 'static {
    /// The key used in files and on the command line: `sky`.
    const KEY: &'static str;
    /// The published title.
    const NAME: &'static str;
    /// The reference tables, `reference/<key>.ron`, as embedded at build time.
    const REFERENCE: &'static str;
    /// The demo battle's two rosters, as (file, text).
    const DEMO: [(&'static str, &'static str); 2];

    /// A validated army, as stored in the journal header.
    type Army: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The tables and rulings in force for one battle.
    type Rules: Debug;
    /// The battle state.
    type State: Clone + Debug + PartialEq;
    /// What the umpire asks for.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;
    /// What happened, with every die face.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;
    /// The kinds of check the rules can require before play goes on.
    type Due: Clone + Debug + PartialEq;

    /// Reads and validates one army file.
    fn load_army(roster: &RosterText) -> RosterReport<Self::Army>;
    /// A validated army written back as an army file, so a journal's header is checked with
    /// [`RuleSet::load_army`] like any roster. By default the army's own RON, which reads as
    /// a roster wherever the validated army keeps the file's shape.
    ///
    /// # Errors
    /// The army cannot be written as an army file (it could not have been loaded from one).
    fn army_roster(army: &Self::Army) -> Result<String, String> {
        ron::to_string(army).map_err(|e| e.to_string())
    }
    /// What a roster of this rule set holds, for the army builder and `gunbai roster new`.
    fn roster_form() -> crate::roster::form::RosterForm;
    /// The tables and rulings in force, with the battle's house rules.
    ///
    /// # Errors
    /// A house rule that names no table value or ruling, or an option the ruling lacks.
    fn rules(house: &HouseRules) -> Result<Self::Rules, ReferenceError>;
    /// The state at the start of a battle between two armies.
    fn start(rules: &Self::Rules, armies: &[Self::Army; 2]) -> Self::State;
    /// Checks a command; when legal, rolls its dice and emits its events into `exec`.
    ///
    /// # Errors
    /// An illegal command, with the reason; or dice that could not be had.
    fn execute(exec: &mut Exec<'_, Self>, command: &Self::Command) -> Result<(), CommandError>;
    /// Applies one event: the only way the state changes. The engine applies the due
    /// changes ([`RuleSet::due_change`]) itself and never passes them here.
    ///
    /// # Errors
    /// An event that does not fit the state (only from a damaged or forged journal): every
    /// index and side in it is checked before anything changes.
    fn apply(
        rules: &Self::Rules,
        state: &mut Self::State,
        event: &Self::Event,
        context: ApplyContext,
    ) -> Result<(), String>;
    /// Checks a journal entry's events before any is described: every unit, side and
    /// index they name exists. By default they are applied to a copy of the state; a rule
    /// set whose references never change during a battle checks them more cheaply.
    ///
    /// # Errors
    /// The first event that does not fit, and why.
    fn check_events(
        rules: &Self::Rules,
        state: &Self::State,
        events: &[Self::Event],
        at: ApplyContext,
    ) -> Result<(), String> {
        super::exec::check_on_copy::<Self>(rules, state, events, at)
    }
    /// The last journal format whose entries may record commands or events of shapes this
    /// build no longer has: replay reads the command of an entry of a journal of this format
    /// or older with [`RuleSet::upgrade_command`], and its events with
    /// [`RuleSet::upgrade_events`]. None by default (0: no format).
    const OLDER_SHAPES_UNTIL_FORMAT: u32 = 0;
    /// The command an entry of an older journal records (as its text) as today's: one that
    /// reads as today's is taken as it is, which is all the default does; a rule set whose
    /// commands once had other shapes reads those here as commands kept only to be taken as
    /// recorded (their execution refuses them, since today's rules cannot run them).
    ///
    /// # Errors
    /// A command that reads neither way: why, with the column in the command.
    fn upgrade_command(recorded: &ron::value::RawValue) -> Result<Self::Command, String> {
        super::journal::read::read_recorded_command(recorded)
    }
    /// Why `command`, read from an older journal's shape ([`RuleSet::upgrade_command`]),
    /// cannot be run by this build's rules, if it is such a command: replay then takes its
    /// entry as recorded without running it. None by default.
    fn never_run(command: &Self::Command) -> Option<&'static str> {
        let _ = command;
        None
    }
    /// The events an entry of an older journal records (each as its text, in `recorded`) as
    /// today's, given `state`, the state before the entry. An event that reads as today's
    /// is taken as it is, which is all the default does; a rule set whose events once had
    /// other shapes reads those here and says what they come to today.
    ///
    /// # Errors
    /// An event that reads neither way, or whose old shape the state contradicts: why,
    /// naming the event.
    fn upgrade_events(
        rules: &Self::Rules,
        state: &Self::State,
        recorded: &[Box<ron::value::RawValue>],
    ) -> Result<Vec<Self::Event>, String> {
        let _ = (rules, state);
        let read = recorded.iter().enumerate();
        read.map(|(i, e)| super::journal::read::read_recorded(i, e))
            .collect()
    }
    /// The queue of what is due, in the state.
    fn dues(state: &Self::State) -> &Dues<Self::Due>;
    /// The queue of what is due, to change it (the engine only).
    fn dues_mut(state: &mut Self::State) -> &mut Dues<Self::Due>;
    /// The event that makes a change to the queue.
    fn due_event(change: DueChange, due: Self::Due) -> Self::Event;
    /// The change an event makes to the queue, if it is one of those events.
    fn due_change(event: &Self::Event) -> Option<(DueChange, &Self::Due)>;
    /// Why nobody can answer a due any more, if so: its subject killed, removed, routed off
    /// the table, or out of the state the test is about (a figure already down is not asked
    /// to trip again). The engine then drops it with an event of its own, and the log says
    /// why, so no battle waits for an answer nobody can give.
    fn due_moot(_state: &Self::State, _due: &Self::Due) -> Option<String> {
        None
    }
    /// The rule that requires a due, like `sky: Route and Rally`: a command refused while
    /// the due is owed cites it.
    fn due_citation(due: &Self::Due) -> &'static str;
    /// What may happen while `due` is owed without settling it: the citation of the rule
    /// that allows `command` in between, or none (the default: a due blocks everything but
    /// what settles it, and ending the battle).
    fn interleaves(
        _rules: &Self::Rules,
        _state: &Self::State,
        _due: &Self::Due,
        _command: &Self::Command,
    ) -> Option<&'static str> {
        None
    }
    /// Whether `first`, while owed, must be settled before `then` may be: the citation of
    /// the rule that orders them, or none (the default: dues settle in any order).
    fn precedes(
        _state: &Self::State,
        _first: &Self::Due,
        _then: &Self::Due,
    ) -> Option<&'static str> {
        None
    }
    /// Checks the references in a due (units, sides) before the engine queues or settles it:
    /// a forged journal's due is refused, never queued.
    ///
    /// # Errors
    /// A reference the battle does not have.
    fn check_due(_state: &Self::State, _due: &Self::Due) -> Result<(), String> {
        Ok(())
    }
    /// What is due, in a few words for the log: `Route test of Baba's Ashigaru`.
    fn describe_due(rules: &Self::Rules, state: &Self::State, due: &Self::Due) -> Sentence;
    /// The measures of a roll's result that the cards' odds speak of, read from the events
    /// it gave (`passed`, `hits`, `stands lost`...). The odds-versus-roll test checks every
    /// card's odds against these.
    fn measures(
        _rules: &Self::Rules,
        _before: &Self::State,
        _events: &[Self::Event],
    ) -> Vec<Measure> {
        Vec::new()
    }
    /// The checks the rules require or offer now, with their odds.
    fn pending(rules: &Self::Rules, state: &Self::State) -> Vec<Check<Self::Command>>;
    /// A plain sentence for an event, given the state just before it.
    fn describe(rules: &Self::Rules, state: &Self::State, event: &Self::Event) -> Sentence;
    /// Whether `event`'s sentence would only say again, or say otherwise, what a `later`
    /// event of the same command tells (an attempt settled, then rolled): the log leaves it
    /// out, so it says what happened once. None by default.
    fn told_later(_event: &Self::Event, _later: &[Self::Event]) -> bool {
        false
    }
    /// A short name for the kind of a command, for the log filter: `fire`, `melee`.
    fn command_kind(command: &Self::Command) -> &'static str;
    /// The command with which the umpire ends the battle (victory, agreement, time), if the
    /// rule set has one: the app offers it from its toolbar.
    fn end_battle() -> Option<Self::Command> {
        None
    }
    /// The neutral picture of the battle.
    fn view(rules: &Self::Rules, state: &Self::State) -> BattleView;
    /// The units (by view id) the rules keep from the players, like an ambush still hidden:
    /// the players' screen neither names them nor shows what the log says of them. None by
    /// default.
    fn kept_from_players(_state: &Self::State) -> Vec<String> {
        Vec::new()
    }
    /// The current turn and phase, in words.
    fn turn_and_phase(state: &Self::State) -> (u32, String);
    /// Whether the battle has ended.
    fn ended(state: &Self::State) -> bool;
    /// The actions open to a unit now (by its view id), as forms. None by default.
    fn action_forms(_rules: &Self::Rules, _state: &Self::State, _unit: &str) -> Vec<ActionForm> {
        Vec::new()
    }
    /// Turns a form's values into a command and its preview.
    ///
    /// # Errors
    /// The form or a value does not fit the unit now, in words for the umpire.
    fn action(
        _rules: &Self::Rules,
        _state: &Self::State,
        _unit: &str,
        _form: &str,
        _values: &[usize],
    ) -> Result<ActionPlan<Self::Command>, String> {
        Err("this rule set has no action forms".into())
    }
}
