//! The one execution context every rule set works a command out in.
//!
//! A command is worked out against a scratch copy of the state: each event is validated by
//! applying it to the scratch as it is emitted, so later steps see its effect (a stand lost
//! before the Route test it triggers). Dice are rolled from the source as the rules ask,
//! and their faces go into the events. When the command is done, the scratch state *is* the
//! result: the battle commits it as it is, so each event is applied once. Each event's
//! sentence for the log is written as it is emitted, against the state just before it.
//!
//! Replay, which runs every command of a journal again, has each worked out on the state
//! itself ([`Exec::run_in`]) rather than on a copy, and asks no sentences of the commands
//! no log shows.

use super::dues::DueChange;
use super::error::CommandError;
use super::ruleset::{ApplyContext, RuleSet, Sentence};
use crate::dice::DiceSource;

/// A command worked out: its events, the state they leave, and the log's sentences.
#[derive(Debug)]
pub struct Outcome<R: RuleSet> {
    /// The events, every die face in them.
    pub events: Vec<R::Event>,
    /// The state after them.
    pub state: R::State,
    /// One sentence per event.
    pub sentences: Vec<Sentence>,
}

/// Whether a command's events are put into sentences as they are emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sentences {
    /// One sentence per event, for the log.
    Written,
    /// None: replay running again a command that was undone, which no log shows.
    Skipped,
}

/// Events being built for one command, with the state as they leave it.
pub struct Exec<'a, R: RuleSet> {
    rules: &'a R::Rules,
    /// The state the command is worked out on, changed by each event as it is emitted.
    state: &'a mut R::State,
    at: ApplyContext,
    events: Vec<R::Event>,
    /// One sentence per event, each read against the state just before it was applied
    /// (none when they are [`Sentences::Skipped`]).
    sentences: Vec<Sentence>,
    words: Sentences,
    dice: &'a mut dyn DiceSource,
}

impl<'a, R: RuleSet> Exec<'a, R> {
    /// Works out `command` against `state`, rolling from `dice`, as of `at`.
    ///
    /// # Errors
    /// The rules refuse the command, or the dice could not be had. Nothing has changed then.
    pub fn run(
        rules: &'a R::Rules,
        state: &R::State,
        command: &R::Command,
        dice: &'a mut dyn DiceSource,
        at: ApplyContext,
    ) -> Result<Outcome<R>, CommandError> {
        Self::run_on(rules, state.clone(), command, dice, at, Sentences::Written)
    }

    /// Works out `command` on `state` itself, which becomes the outcome's: for replay,
    /// which has no more use for the state before a command once it has run, and so makes
    /// no copy of it. [`Exec::run`] is this on a copy.
    ///
    /// # Errors
    /// As [`Exec::run`]; the state is lost then.
    pub fn run_on(
        rules: &'a R::Rules,
        mut state: R::State,
        command: &R::Command,
        dice: &'a mut dyn DiceSource,
        at: ApplyContext,
        words: Sentences,
    ) -> Result<Outcome<R>, CommandError> {
        let (events, sentences) = Exec::<R>::run_in(rules, &mut state, command, dice, at, words)?;
        Ok(Outcome {
            events,
            state,
            sentences,
        })
    }

    /// [`Exec::run_on`] where the state lies: `state` becomes the state after the command,
    /// and its events and sentences are returned. Replay works every command out so, on a
    /// state it never moves (a battle's state is a few hundred bytes, and handing it in and
    /// out by value copied it a dozen times for each command).
    ///
    /// # Errors
    /// As [`Exec::run`]; `state` is then part changed, and of no more use.
    pub fn run_in(
        rules: &'a R::Rules,
        state: &'a mut R::State,
        command: &R::Command,
        dice: &'a mut dyn DiceSource,
        at: ApplyContext,
        words: Sentences,
    ) -> Result<(Vec<R::Event>, Vec<Sentence>), CommandError> {
        // What is owed is read before the state changes, since no copy of it is kept.
        let owed = Owed::<R>::before(rules, state, command);
        // The room a first event would make anyway, made at once: nearly every command
        // emits one, and growing from nothing costs a step at every command replay runs.
        let sentences = match words {
            Sentences::Written => Vec::with_capacity(4),
            Sentences::Skipped => Vec::new(),
        };
        let mut exec = Self {
            rules,
            state,
            at,
            events: Vec::with_capacity(4),
            sentences,
            words,
            dice,
        };
        R::execute(&mut exec, command)?;
        owed.answered(&exec.events)?;
        told_once::<R>(&exec.events, &mut exec.sentences);
        // Each event was described as it was emitted, against the state just before it: no
        // second copy of the state to apply them again.
        Ok((exec.events, exec.sentences))
    }

    /// The tables and rulings in force.
    pub fn rules(&self) -> &'a R::Rules {
        self.rules
    }

    /// The state as the events emitted so far leave it.
    pub fn state(&self) -> &R::State {
        self.state
    }

    /// The events emitted so far.
    pub fn events(&self) -> &[R::Event] {
        &self.events
    }

    /// Records an event, validating it by applying it to the scratch state; then drops any
    /// due whose subject the event took out of play.
    ///
    /// # Errors
    /// The event does not fit the state (a defect in the rule set, or a forged command).
    pub fn emit(&mut self, event: R::Event) -> Result<(), CommandError> {
        self.push(event)?;
        let moot: Vec<R::Due> = R::dues(self.state)
            .iter()
            .filter(|d| R::due_moot(self.state, d).is_some())
            .cloned()
            .collect();
        for due in moot {
            self.push(R::due_event(DueChange::Dropped, due))?;
        }
        Ok(())
    }

    fn push(&mut self, event: R::Event) -> Result<(), CommandError> {
        let sentence = (self.words == Sentences::Written)
            .then(|| describe_one::<R>(self.rules, self.state, &event));
        apply_event::<R>(self.rules, self.state, &event, self.at).map_err(CommandError::Illegal)?;
        self.events.push(event);
        if let Some(sentence) = sentence {
            self.sentences.push(sentence);
        }
        Ok(())
    }

    /// Rolls one die of `sides`.
    ///
    /// # Errors
    /// No face could be had (typed faces ran out or do not fit the die).
    pub fn roll(&mut self, sides: u32) -> Result<u32, CommandError> {
        self.dice.roll(sides).map_err(CommandError::from)
    }

    /// Rolls a pool of `n` dice of `sides` whose successes alone count: the table may give
    /// the count instead of every face, and the count is then kept as it was given.
    ///
    /// # Errors
    /// As [`Exec::roll`], or a typed count that does not fit the pool.
    pub fn roll_pool(
        &mut self,
        n: u32,
        sides: u32,
        success: crate::dice::SuccessCount,
    ) -> Result<crate::dice::PoolRoll, CommandError> {
        self.dice
            .pool(n, sides, success)
            .map_err(CommandError::from)
    }

    /// Rolls `n` dice of `sides`, in order.
    ///
    /// # Errors
    /// As [`Exec::roll`].
    pub fn roll_n(&mut self, n: u32, sides: u32) -> Result<Vec<u32>, CommandError> {
        (0..n).map(|_| self.roll(sides)).collect()
    }

    /// Whether `due` is owed now.
    pub fn is_due(&self, due: &R::Due) -> bool {
        R::dues(self.state).contains(due)
    }

    /// Requires something, unless it is already due or nobody could answer it.
    ///
    /// # Errors
    /// As [`Exec::emit`].
    pub fn require(&mut self, due: R::Due) -> Result<(), CommandError> {
        if self.is_due(&due) || R::due_moot(self.state, &due).is_some() {
            return Ok(());
        }
        self.emit(R::due_event(DueChange::Required, due))
    }

    /// Settles something due.
    ///
    /// # Errors
    /// It is not due now, or something owed comes before it ([`RuleSet::precedes`]).
    pub fn settle(&mut self, due: R::Due) -> Result<(), CommandError> {
        if !self.is_due(&due) {
            return Err(CommandError::illegal("that is not due now"));
        }
        self.comes_next(&due)?;
        self.emit(R::due_event(DueChange::Settled, due))
    }

    /// Settles something if it is due; nothing otherwise.
    ///
    /// # Errors
    /// As [`Exec::settle`].
    pub fn settle_if_due(&mut self, due: R::Due) -> Result<(), CommandError> {
        if self.is_due(&due) {
            self.settle(due)
        } else {
            Ok(())
        }
    }

    /// Refuses to settle `due` while something the rules put before it is still owed.
    fn comes_next(&self, due: &R::Due) -> Result<(), CommandError> {
        let state: &R::State = self.state;
        for first in R::dues(state).iter().filter(|d| *d != due) {
            if let Some(citation) = R::precedes(state, first, due) {
                return Err(refuse(
                    format!(
                        "{} comes first",
                        R::describe_due(self.rules, state, first).text
                    ),
                    citation,
                ));
            }
        }
        Ok(())
    }
}

/// The engine's default against one procedure interrupting another: while something is
/// owed, a command must settle something owed before it, be the command that ends the
/// battle, or be one the rule set lets happen in between every due still owed (with the
/// rule that allows it). The first due that blocks it is named in the refusal, with its rule.
///
/// Read on the state before the command, before it runs: the refusal's words are those of
/// that state.
struct Owed<R: RuleSet> {
    /// What was owed before the command: one of them it must settle...
    owed: Vec<R::Due>,
    /// ...or be refused so, when something owed does not let it happen in between.
    blocked: Option<CommandError>,
}

impl<R: RuleSet> Owed<R> {
    /// What `command` must answer on `before`.
    fn before(rules: &R::Rules, before: &R::State, command: &R::Command) -> Self {
        let owed = R::dues(before);
        if owed.is_empty() || R::end_battle().as_ref() == Some(command) {
            return Self {
                owed: Vec::new(),
                blocked: None,
            };
        }
        let blocked = owed
            .iter()
            .find(|due| R::interleaves(rules, before, due, command).is_none())
            .map(|due| {
                refuse(
                    format!(
                        "settle this first: {}",
                        R::describe_due(rules, before, due).text
                    ),
                    R::due_citation(due),
                )
            });
        Self {
            owed: owed.iter().cloned().collect(),
            blocked,
        }
    }

    /// Whether the command's `events` answer what was owed.
    ///
    /// # Errors
    /// The command neither settles nor may interleave.
    fn answered(self, events: &[R::Event]) -> Result<(), CommandError> {
        let Some(refusal) = self.blocked else {
            return Ok(());
        };
        let settles = events.iter().any(|e| {
            matches!(R::due_change(e), Some((DueChange::Settled, due)) if self.owed.contains(due))
        });
        if settles { Ok(()) } else { Err(refusal) }
    }
}

/// Applies one event: the engine's own due changes here, everything else by the rule set.
///
/// # Errors
/// The event does not fit the state.
pub fn apply_event<R: RuleSet>(
    rules: &R::Rules,
    state: &mut R::State,
    event: &R::Event,
    at: ApplyContext,
) -> Result<(), String> {
    match R::due_change(event) {
        Some((change, due)) => {
            R::check_due(state, due)?;
            R::dues_mut(state).apply(change, due.clone())
        }
        None => R::apply(rules, state, event, at),
    }
}

/// Applies events checked against `state` ([`RuleSet::check_events`]), describing each
/// against the state just before it: the check comes first, so no sentence is written about
/// an event that names what the battle does not have.
///
/// # Errors
/// An event the rule set refuses after all (the state may then be half changed: replay
/// rebuilds from the intact entries).
pub fn describe_in_place<R: RuleSet>(
    rules: &R::Rules,
    state: &mut R::State,
    events: &[R::Event],
    at: ApplyContext,
) -> Result<Vec<Sentence>, String> {
    let mut sentences = Vec::with_capacity(events.len());
    for event in events {
        sentences.push(describe_one::<R>(rules, state, event));
        apply_event::<R>(rules, state, event, at)?;
    }
    told_once::<R>(events, &mut sentences);
    Ok(sentences)
}

/// Leaves out the sentence of each event that a later event of the same command tells
/// ([`RuleSet::told_later`]): "no rally is tried" before the rally's own roll, say. The
/// sentence keeps the units it concerns, for the log filter. Nothing when no sentences were
/// written.
fn told_once<R: RuleSet>(events: &[R::Event], sentences: &mut [Sentence]) {
    if sentences.len() != events.len() {
        return;
    }
    for (i, sentence) in sentences.iter_mut().enumerate() {
        if !sentence.text.is_empty() && R::told_later(&events[i], &events[i + 1..]) {
            sentence.text.clear();
        }
    }
}

/// Checks events against a state by applying them to a copy: what
/// [`RuleSet::check_events`] does unless a rule set has a cheaper check.
///
/// # Errors
/// The first event that does not fit.
pub fn check_on_copy<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    events: &[R::Event],
    at: ApplyContext,
) -> Result<(), String> {
    let mut copy = state.clone();
    events
        .iter()
        .try_for_each(|e| apply_event::<R>(rules, &mut copy, e, at))
}

/// The sentence for one validated event; the engine words its own due changes.
fn describe_one<R: RuleSet>(rules: &R::Rules, state: &R::State, event: &R::Event) -> Sentence {
    match R::due_change(event) {
        Some((DueChange::Dropped, due)) => {
            let mut s = R::describe_due(rules, state, due);
            // Dropped as soon as it became moot, so the state just before says why.
            let why = R::due_moot(state, due).unwrap_or_else(|| "nobody can answer it".into());
            s.text = format!("{} is no longer owed: {why}.", s.text);
            s
        }
        _ => R::describe(rules, state, event),
    }
}

/// The events a command gives, worked out on `state` (tests and tools that look at events
/// without a battle).
///
/// # Errors
/// As [`Exec::run`].
pub fn events_of<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    command: &R::Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<R::Event>, CommandError> {
    let at = ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    };
    Exec::<R>::run(rules, state, command, dice, at).map(|o| o.events)
}

/// A refusal by the rules, with the rule it comes from.
pub fn refuse(reason: impl Into<String>, citation: impl Into<String>) -> CommandError {
    CommandError::Refused {
        reason: reason.into(),
        citation: citation.into(),
    }
}
