//! A battle: header, journal entries, the timeline of undos, and the state they give.

mod as_recorded;
mod header;
mod replay;
mod tree;

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::check::Check;
use super::error::{BattleError, CommandError};
use super::exec::{Exec, Outcome, apply_event, describe_in_place};
use super::game::Dice;
use super::journal::{Action, Entry, FORMAT_VERSION, Header, JournalWriter, Rolled, checks, line};
use super::ruleset::{ApplyContext, RuleSet, Sentence};
use super::timeline::Timeline;
use super::view::BattleView;
use crate::dice::{DiceSource, Recording};
use crate::reference::HouseRules;

/// One journal entry in effect, as the battle log shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogEntry {
    /// Its index among the journal's entries (0 is the first after the header).
    pub entry: usize,
    /// When it was made.
    pub at: DateTime<Utc>,
    /// The turn it was made in.
    pub turn: u32,
    /// The phase it was made in.
    pub phase: String,
    /// The kind of command: `fire`, `melee`…
    pub kind: &'static str,
    /// Whose dice it rolled, if any.
    pub dice: Rolled,
    /// One sentence per event.
    pub lines: Vec<String>,
    /// Ids of the units concerned.
    pub units: Vec<String>,
}

impl LogEntry {
    /// The log entry of command entry `index`, made at `at` in the turn and phase `before`.
    fn new<R: RuleSet>(
        index: usize,
        at: DateTime<Utc>,
        before: (u32, String),
        (command, dice): (&R::Command, Rolled),
        sentences: Vec<Sentence>,
    ) -> Self {
        let (turn, phase) = before;
        let mut lines = Vec::with_capacity(sentences.len());
        let mut units = Vec::new();
        for sentence in sentences {
            if !sentence.text.is_empty() {
                lines.push(sentence.text);
            }
            units.extend(sentence.units);
        }
        units.sort();
        units.dedup();
        LogEntry {
            entry: index,
            at,
            turn,
            phase,
            kind: R::command_kind(command),
            dice,
            lines,
            units,
        }
    }
}

/// Gives every check without a key of its own one made from what it is and who it concerns,
/// numbered where two would be the same.
fn keyed<C>(checks: &mut [Check<C>]) {
    let mut seen = std::collections::HashSet::new();
    for check in checks {
        if check.key.is_empty() {
            check.key = format!("{}: {}", check.what, check.who);
        }
        let base = check.key.clone();
        let mut n = 1;
        while !seen.insert(check.key.clone()) {
            n += 1;
            check.key = format!("{base} #{n}");
        }
    }
}

/// Names each card's kind by the command its roll gives (or its first answer), as the
/// journal names that command (serde names a unit variant by its name, any other by an
/// object with its name as the one key); a card with no answer, by its title.
fn kinded<C: Serialize>(checks: &mut [Check<C>]) {
    for check in checks.iter_mut().filter(|c| c.kind.is_empty()) {
        let answer = check.roll_answer().or(if check.answers.is_empty() {
            None
        } else {
            Some(0)
        });
        let name = answer
            .and_then(|i| check.answers.get(i))
            .and_then(|a| serde_json::to_value(&a.command).ok())
            .and_then(|v| match v {
                serde_json::Value::String(name) => Some(name),
                serde_json::Value::Object(map) => map.keys().next().cloned(),
                _ => None,
            });
        check.kind = name.unwrap_or_else(|| check.what.clone());
    }
}

/// The log entry of a command about to be committed, from the state before it.
fn log_entry<R: RuleSet>(
    index: usize,
    at: DateTime<Utc>,
    before: &R::State,
    command: (&R::Command, Rolled),
    sentences: Vec<Sentence>,
) -> LogEntry {
    LogEntry::new::<R>(index, at, R::turn_and_phase(before), command, sentences)
}

/// A battle under one rule set.
#[derive(Debug)]
pub struct Battle<R: RuleSet> {
    header: Header<R::Army>,
    rules: R::Rules,
    entries: Vec<Entry<R::Command, R::Event>>,
    timeline: Timeline,
    initial: R::State,
    state: R::State,
    log: Vec<LogEntry>,
    writer: Option<JournalWriter>,
    version: u64,
    /// Snapshots of the state after every `CHECKPOINT_EVERY` commands in effect, so an undo
    /// replays a few hundred commands, not the whole battle.
    checkpoints: Vec<(usize, R::State)>,
    /// The entries of an older journal that replay took as recorded.
    as_recorded: as_recorded::AsRecorded,
}

/// A journal entry of a rule set.
type RuleEntry<R> = Entry<<R as RuleSet>::Command, <R as RuleSet>::Event>;

/// How many commands in effect lie between two state snapshots.
const CHECKPOINT_EVERY: usize = 256;

impl<R: RuleSet> Battle<R> {
    /// Starts a battle. With a path, its journal is created there (header durable on return).
    ///
    /// # Errors
    /// The house rules do not fit the reference tables, or the journal cannot be created.
    pub fn start(
        armies: [R::Army; 2],
        house_rules: HouseRules,
        journal: Option<&Path>,
    ) -> Result<Self, BattleError> {
        let header = Header {
            format: FORMAT_VERSION,
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            ruleset: R::KEY.to_owned(),
            started: Utc::now(),
            armies,
            house_rules,
        };
        let writer = journal
            .map(|p| JournalWriter::create(p, &header))
            .transpose()?;
        Self::new(header, writer)
    }

    /// A battle with no entries yet, from its header.
    ///
    /// # Errors
    /// The house rules do not fit the reference tables.
    fn new(header: Header<R::Army>, writer: Option<JournalWriter>) -> Result<Self, BattleError> {
        let rules = R::rules(&header.house_rules)?;
        let initial = R::start(&rules, &header.armies);
        Ok(Self {
            state: initial.clone(),
            initial,
            header,
            rules,
            entries: Vec::new(),
            timeline: Timeline::default(),
            log: Vec::new(),
            writer,
            version: 0,
            checkpoints: Vec::new(),
            as_recorded: as_recorded::AsRecorded::default(),
        })
    }

    /// Goes on writing to the journal this battle was replayed from (or, with a read-only
    /// writer, refuses every change with its reason).
    pub fn resume_writing(&mut self, writer: JournalWriter) {
        self.writer = Some(writer);
    }

    /// Why this battle is read-only, if it is: opened so, or its journal could not be
    /// written (the reason says what was done about it).
    pub fn read_only(&self) -> Option<&str> {
        self.writer.as_ref().and_then(JournalWriter::stopped)
    }

    /// The journal writer (tests put a failing file inside it).
    pub fn journal_writer_mut(&mut self) -> Option<&mut JournalWriter> {
        self.writer.as_mut()
    }

    /// The whole battle as a fresh journal (Save As): in its own journal's format, a
    /// format 1 battle's as format 2, so that entries an older Gunbai wrote are read as
    /// theirs are.
    ///
    /// # Errors
    /// An entry cannot be encoded.
    pub fn journal_text(&self) -> Result<Vec<u8>, String> {
        line::render(&self.header, &self.entries)
    }

    /// What the open said of the entries of an older journal that could not be run again
    /// and were taken as recorded, if any: how many, their lines, and the checks skipped.
    pub fn taken_as_recorded(&self) -> Option<String> {
        self.as_recorded.words()
    }

    /// The time for the next entry: the clock's, but never at or before the last entry's
    /// (nor before the battle's start) should the clock have been set back, so that the
    /// entries' times keep their order ([`checks::next_time`]).
    fn next_time(&self) -> DateTime<Utc> {
        checks::next_time(
            Utc::now(),
            self.header.started,
            self.entries.last().map(|e| e.at),
        )
    }

    /// Checks and carries out a command: on success its entry is on disk before this returns.
    ///
    /// # Errors
    /// The command is refused (nothing changes), or the journal cannot be written (nothing
    /// changes either: an entry that is not durable is not applied).
    pub fn execute(
        &mut self,
        command: R::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<&LogEntry, BattleError> {
        let at = self.next_time();
        let mut recording = Recording::new(dice);
        let outcome = Exec::<R>::run(
            &self.rules,
            &self.state,
            &command,
            &mut recording,
            ApplyContext { at },
        )?;
        let record = recording.into_record();
        self.commit_outcome(at, command, outcome, record)
    }

    /// Carries out a command with Gunbai's dice or the table's faces, refusing faces left
    /// over: the command is worked out once, and committed only if every face was used.
    ///
    /// # Errors
    /// As [`Battle::execute`], and unused faces.
    pub fn execute_with(
        &mut self,
        command: R::Command,
        dice: Dice<'_>,
    ) -> Result<&LogEntry, BattleError> {
        match dice {
            Dice::Roll(source) => self.execute(command, source),
            Dice::Table(mut faces) => {
                let at = self.next_time();
                let mut recording = Recording::new(&mut faces);
                let outcome = Exec::<R>::run(
                    &self.rules,
                    &self.state,
                    &command,
                    &mut recording,
                    ApplyContext { at },
                )?;
                let record = recording.into_record();
                faces.finish().map_err(CommandError::from)?;
                self.commit_outcome(at, command, outcome, record)
            }
        }
    }

    /// Writes a worked-out command durably, with every face its dice gave, then installs the
    /// state it left: each event was applied once, while the command was worked out.
    fn commit_outcome(
        &mut self,
        at: DateTime<Utc>,
        command: R::Command,
        outcome: Outcome<R>,
        record: crate::dice::Record,
    ) -> Result<&LogEntry, BattleError> {
        let index = self.entries.len();
        let rolled = Rolled::from_origin(record.origin);
        let log = log_entry::<R>(
            index,
            at,
            &self.state,
            (&command, rolled),
            outcome.sentences,
        );
        let entry = Entry {
            at,
            action: Action::Command {
                command,
                events: outcome.events,
                dice: record.faces,
                counts: record.counts,
                rolled,
            },
        };
        if let Some(writer) = &mut self.writer {
            writer.append(&entry)?;
        }
        self.state = outcome.state;
        self.install_command(entry, log);
        self.log
            .last()
            .ok_or_else(|| BattleError::History("nothing was logged".into()))
    }

    /// Takes back the last `count` commands in effect.
    ///
    /// # Errors
    /// Fewer are in effect, or the journal cannot be written.
    pub fn undo(&mut self, count: usize) -> Result<(), BattleError> {
        let count = u32::try_from(count).map_err(|_| BattleError::History("too many".into()))?;
        self.commit(Entry {
            at: self.next_time(),
            action: Action::Undo { count },
        })
    }

    /// Puts back the last `count` commands undone.
    ///
    /// # Errors
    /// Fewer can be redone, or the journal cannot be written.
    pub fn redo(&mut self, count: usize) -> Result<(), BattleError> {
        let count = u32::try_from(count).map_err(|_| BattleError::History("too many".into()))?;
        self.commit(Entry {
            at: self.next_time(),
            action: Action::Redo { count },
        })
    }

    /// Checks an undo or redo, writes it durably, then makes it live: an entry that is not
    /// on disk never changes the battle.
    fn commit(&mut self, entry: Entry<R::Command, R::Event>) -> Result<(), BattleError> {
        let mut check = self.timeline.clone();
        match &entry.action {
            Action::Undo { count } => check.undo(*count as usize),
            Action::Redo { count } => check.redo(*count as usize),
            Action::Command { .. } => Err("a command is committed with its outcome".into()),
        }
        .map_err(BattleError::History)?;
        if let Some(writer) = &mut self.writer {
            writer.append(&entry)?;
        }
        self.push_history(entry).map_err(BattleError::History)
    }

    /// Makes an undo or redo live (it is already on disk).
    fn push_history(&mut self, entry: Entry<R::Command, R::Event>) -> Result<(), String> {
        match &entry.action {
            Action::Command { .. } => return Err("a command is committed with its outcome".into()),
            Action::Undo { count } => {
                let count = *count as usize;
                self.timeline.undo(count)?;
                self.entries.push(entry);
                self.rewind();
            }
            Action::Redo { count } => {
                let count = *count as usize;
                self.timeline.redo(count)?;
                self.entries.push(entry);
                let redone = self.timeline.effective()[self.log.len()..].to_vec();
                for index in redone {
                    self.reapply(index, true)?;
                }
            }
        }
        self.version += 1;
        Ok(())
    }

    fn install_command(&mut self, entry: Entry<R::Command, R::Event>, log: LogEntry) {
        let index = self.entries.len();
        self.entries.push(entry);
        self.timeline.command(index);
        self.log.push(log);
        if self.log.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push((self.log.len(), self.state.clone()));
        }
        self.version += 1;
    }

    /// After an undo: restores the nearest checkpoint and reapplies up to the new end.
    fn rewind(&mut self) {
        let len = self.timeline.effective().len();
        self.log.truncate(len);
        self.checkpoints.retain(|(at, _)| *at <= len);
        let (from, state) = match self.checkpoints.last() {
            Some((at, state)) => (*at, state.clone()),
            None => (0, self.initial.clone()),
        };
        self.state = state;
        let indices = self.timeline.effective()[from..len].to_vec();
        for index in indices {
            // These entries applied cleanly before, so they apply cleanly again.
            let _ = self.reapply(index, false);
        }
    }

    /// Applies one earlier command entry again; with `log`, appends its log entry too.
    fn reapply(&mut self, index: usize, log: bool) -> Result<(), String> {
        let Some(entry) = self.entries.get(index) else {
            return Err(format!("no entry {index}"));
        };
        if let Action::Command {
            command,
            events,
            rolled,
            ..
        } = &entry.action
        {
            let at = ApplyContext { at: entry.at };
            if !log {
                // Its log line is already kept: apply without writing the sentences again.
                for event in events {
                    apply_event::<R>(&self.rules, &mut self.state, event, at)?;
                }
                return Ok(());
            }
            // From disk, the events are checked before any is described, so no sentence is
            // written about an event that names what the battle does not have; one that fails
            // later is damage, and replay rebuilds from the intact entries.
            R::check_events(&self.rules, &self.state, events, at)?;
            let before = R::turn_and_phase(&self.state);
            let sentences = describe_in_place::<R>(&self.rules, &mut self.state, events, at)?;
            let line = LogEntry::new::<R>(index, entry.at, before, (command, *rolled), sentences);
            self.log.push(line);
            if self.log.len().is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push((self.log.len(), self.state.clone()));
            }
        }
        Ok(())
    }

    /// The state now.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The tables and rulings in force.
    pub fn rules(&self) -> &R::Rules {
        &self.rules
    }

    /// The header: armies as loaded, house rules, start time.
    pub fn header(&self) -> &Header<R::Army> {
        &self.header
    }

    /// Every journal entry, undone ones and undo entries included.
    pub fn entries(&self) -> &[Entry<R::Command, R::Event>] {
        &self.entries
    }

    /// The events of the commands in effect, oldest first: what happened in the battle as it
    /// stands (a campaign reads what its final state no longer shows).
    pub fn events_in_effect(&self) -> impl Iterator<Item = &R::Event> {
        self.timeline
            .effective()
            .iter()
            .filter_map(|&i| match self.entries.get(i) {
                Some(Entry {
                    action: Action::Command { events, .. },
                    ..
                }) => Some(events.iter()),
                _ => None,
            })
            .flatten()
    }

    /// The log of the commands in effect, oldest first.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// How many undone commands could be redone.
    pub fn redoable(&self) -> usize {
        self.timeline.redoable()
    }

    /// Goes up by one with every change, so views can cache what they derive.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The checks due now, each with its key.
    pub fn pending(&self) -> Vec<Check<R::Command>> {
        let mut checks = R::pending(&self.rules, &self.state);
        keyed(&mut checks);
        kinded(&mut checks);
        checks
    }

    /// The neutral picture of the battle.
    pub fn view(&self) -> BattleView {
        R::view(&self.rules, &self.state)
    }

    /// Each side's strength at the end of every turn so far (and now, for the turn under way):
    /// `(turn, [side 0, side 1])`, for the report's chart.
    pub fn strength_history(&self) -> Vec<(u32, [u32; 2])> {
        let strengths = |state: &R::State| {
            let view = R::view(&self.rules, state);
            let s = |i: usize| view.sides.get(i).map_or(0, |side| side.strength().0);
            [s(0), s(1)]
        };
        let mut state = self.initial.clone();
        let mut history = Vec::new();
        let mut turn = R::turn_and_phase(&state).0;
        for &index in self.timeline.effective() {
            let Some(Entry {
                at,
                action: Action::Command { events, .. },
            }) = self.entries.get(index)
            else {
                continue;
            };
            for event in events {
                // These events applied cleanly when they were made.
                let _ = apply_event::<R>(&self.rules, &mut state, event, ApplyContext { at: *at });
                let now = R::turn_and_phase(&state).0;
                if now != turn {
                    history.push((turn, strengths(&state)));
                    turn = now;
                }
            }
        }
        history.push((turn, strengths(&state)));
        history
    }

    /// The journal file, if the battle is written to one.
    pub fn journal_path(&self) -> Option<PathBuf> {
        self.writer.as_ref().map(|w| w.path().to_owned())
    }
}
