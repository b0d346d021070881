//! Opening a battle from its journal: every line read and checked, every command run again.
//!
//! Replay checks the header's armies like rosters ([`super::header`]), then goes in two
//! passes. The first reads every entry, from its line or, while the lines are the derived
//! cache's, from the cache, checking each line and the undos and redos, and applies nothing.
//! The second runs every command again ([`crate::engine::rerun`]) on the state before it,
//! undone ones included, walking the commands as a tree ([`super::tree`]) so that each runs
//! once. Damage is the first entry, by its place in the journal, that does not read or does
//! not run again to what it records; `--recover` keeps the entries before it.

use std::collections::HashMap;

use ron::value::RawValue;

use super::as_recorded::AsRecorded;
use super::header::{check_armies, house_rules_at_line_1};
use super::tree::{ROOT, Tree, Walk};
use super::{Battle, CHECKPOINT_EVERY, LogEntry, RuleEntry};
use crate::engine::error::BattleError;
use crate::engine::exec::{Sentences, apply_event, describe_in_place};
use crate::engine::journal::checks::{EntryChecks, check_date};
use crate::engine::journal::{
    Action, Entry, FORMAT_VERSION, Header, JournalReader, OfFormat, cache, damaged, line,
};
use crate::engine::rerun::{NotRun, NotRunKind, rerun, same_events};
use crate::engine::ruleset::{ApplyContext, RuleSet, Sentence};
use crate::engine::timeline::Timeline;

/// Why a replay stopped short of a battle.
enum Stop {
    /// The journal cannot be replayed.
    Failed(BattleError),
    /// The derived cache does not give the journal's lines: read the lines instead.
    CacheDisagrees,
}

impl From<BattleError> for Stop {
    fn from(e: BattleError) -> Self {
        Self::Failed(e)
    }
}

/// Which entries a replay leaves in the derived cache.
#[derive(Clone, Copy)]
enum Caching {
    /// All of them: no cache was found, so none has been seen to disagree with this journal.
    /// Writing each entry again to compare it with its line would cost a first open a
    /// third more time, for the rare journal a cache cannot follow (lines another build
    /// wrote otherwise), which the next open finds out anyway.
    Everything,
    /// Those before the first that does not give its journal line when written again
    /// ([`Battle::as_written`]): a cache was found, so the journal may be one of those,
    /// and a cache of what it cannot follow would be dropped at every other open.
    AsWritten,
}

/// Why one command entry did not run again to what it records.
enum Fail {
    /// A cached entry: the cache is wrong, not the journal.
    Cache,
    /// A line of the journal, and why.
    Entry(String),
}

/// Where the entries came from: each one's line and that line's hash, and how many (the
/// first ones) came from the cache.
#[derive(Default)]
struct Lines {
    numbers: Vec<usize>,
    hashes: Vec<u64>,
    cached: usize,
    /// An entry's line written again, to compare with the journal's: one buffer for all.
    written: String,
    /// The events of entries of an older journal recorded in shapes this build may no
    /// longer have, by entry index, each as its text: read when the entry runs again,
    /// given the state before it ([`RuleSet::upgrade_events`]).
    older: HashMap<usize, Vec<Box<RawValue>>>,
}

impl Lines {
    /// Whether `entry`, written again as entry `index` in the journal's format, gives the
    /// journal's line `index` (compared by their hashes, keyed at random for this reader).
    fn agrees<C: serde::Serialize, E: serde::Serialize>(
        &mut self,
        reader: &JournalReader,
        index: usize,
        entry: &Entry<C, E>,
    ) -> bool {
        line::write_entry_line(&mut self.written, reader.key().format, seq(index), entry).is_ok()
            && self.hashes.get(index) == Some(&reader.line_hash(&self.written))
    }

    fn push(&mut self, line: usize, hash: u64) {
        self.numbers.push(line);
        self.hashes.push(hash);
    }

    fn truncate(&mut self, len: usize) {
        self.numbers.truncate(len);
        self.hashes.truncate(len);
        self.cached = self.cached.min(len);
    }
}

/// Adds an entry to a timeline: the check the first pass makes of undos and redos.
fn record<C, E>(
    timeline: &mut Timeline,
    index: usize,
    action: &Action<C, E>,
) -> Result<(), String> {
    match action {
        Action::Command { .. } => {
            timeline.command(index);
            Ok(())
        }
        Action::Undo { count } => timeline.undo(*count as usize),
        Action::Redo { count } => timeline.redo(*count as usize),
    }
}

/// An older entry with its command read as today's ([`RuleSet::upgrade_command`]) and
/// without its recorded events, and those events: the entry's events are today's reading of
/// them, made when it runs again.
///
/// # Errors
/// The command reads as none this build has, and why.
fn without_events<R: RuleSet>(
    entry: Entry<Box<RawValue>, Box<RawValue>>,
) -> Result<(RuleEntry<R>, Vec<Box<RawValue>>), String> {
    let (action, events) = match entry.action {
        Action::Command {
            command,
            events,
            dice,
            counts,
            rolled,
        } => (
            Action::Command {
                command: R::upgrade_command(&command)?,
                events: Vec::new(),
                dice,
                counts,
                rolled,
            },
            events,
        ),
        Action::Undo { count } => (Action::Undo { count }, Vec::new()),
        Action::Redo { count } => (Action::Redo { count }, Vec::new()),
    };
    let entry = Entry {
        at: entry.at,
        action,
    };
    Ok((entry, events))
}

/// The sequence number of entry `index` (format 2 counts from 1).
fn seq(index: usize) -> u64 {
    index as u64 + 1
}

impl<R: RuleSet> Battle<R> {
    /// Replays a journal as `reader` reads it, line by line. Damage names its line; with
    /// `recover`, the intact entries before the first damaged one are kept and the rest
    /// dropped, with a warning.
    ///
    /// Every command is run again on the state before it with the faces it recorded, and
    /// must give exactly the events it records: a line edited with its checksum fixed is
    /// refused as surely as a damaged one. Replay's time is linear in the entries whatever
    /// their kind; undo and redo cost nothing.
    ///
    /// # Errors
    /// A damaged header, or a damaged entry without `recover`.
    pub fn replay(
        reader: &mut JournalReader,
        recover: bool,
    ) -> Result<(Self, Vec<String>), BattleError> {
        let format = reader.key().format;
        let cached = cache::load::<R::Command, R::Event>(reader.path(), R::KEY, format);
        // With no cache to go by, every entry is taken to give its line again, as all that
        // this Gunbai writes do; the next open checks it, and a disagreement brings us here
        // with the entries checked before they are cached.
        let check = if cached.is_some() {
            Caching::AsWritten
        } else {
            Caching::Everything
        };
        match Self::replay_from(reader, recover, cached, check) {
            Ok(done) => Ok(done),
            Err(Stop::Failed(e)) => Err(e),
            Err(Stop::CacheDisagrees) => {
                // The journal is the record: drop the cache and read every line.
                cache::remove(reader.path());
                reader.restart()?;
                Self::replay_from(reader, recover, None, Caching::AsWritten).map_err(|stop| {
                    match stop {
                        Stop::Failed(e) => e,
                        Stop::CacheDisagrees => {
                            BattleError::Header("a dropped cache was read".into())
                        }
                    }
                })
            }
        }
    }

    fn replay_from(
        reader: &mut JournalReader,
        recover: bool,
        cached: Option<Vec<RuleEntry<R>>>,
        caching: Caching,
    ) -> Result<(Self, Vec<String>), Stop> {
        let path = reader.path().to_owned();
        let header: Header<R::Army> = reader.header()?;
        check_date("the battle's start", &header.started).map_err(|m| damaged(&path, 1, &m))?;
        check_armies::<R>(&path, &header)?;
        let mut battle =
            Self::new(header, None).map_err(|e| Stop::Failed(house_rules_at_line_1(&path, e)))?;
        let mut lines = Lines::default();
        let mut damage = battle.read_entries(reader, cached, &mut lines)?;
        // Running again finds damage before where reading stopped, if any: recovery keeps
        // the entries before it, and they run again cleanly.
        while let Some((index, why)) = battle.run_again(reader, &mut lines)? {
            let line = lines.numbers.get(index).copied().unwrap_or(0);
            let mut why = battle.written_by(why);
            // What an entry taken as recorded holds was not checked: it may be the cause.
            if let Some(first) = battle.as_recorded.first_line().filter(|&l| l < line) {
                why.push_str(&format!(
                    " (entries of this older journal before it were taken as recorded, the first on line {first}: what they record may be the cause)"
                ));
            }
            damage = Some(damaged(&path, line, &why));
            battle.entries.truncate(index);
            lines.truncate(index);
        }
        let mut warnings = reader.warnings().to_vec();
        if let Some(e) = damage {
            if !recover {
                return Err(Stop::Failed(e));
            }
            warnings.push(format!(
                "{e}; recovered the {} entries before it",
                battle.entries.len()
            ));
        } else if reader.parsed() >= cache::MIN_ENTRIES {
            let keep = match caching {
                Caching::Everything => battle.entries.len(),
                Caching::AsWritten => battle.as_written(reader, &mut lines),
            };
            // An entry taken as recorded cannot be cached: the cache keeps no events. Nor
            // can one whose recorded events were read in older shapes: its line is not
            // today's reading of them.
            let older = lines.older.keys().min().copied();
            let keep = [battle.as_recorded.first_index(), older]
                .into_iter()
                .flatten()
                .fold(keep, usize::min);
            let format = reader.key().format;
            cache::store(&path, R::KEY, format, &battle.entries[..keep]);
        }
        Ok((battle, warnings))
    }

    /// Pass 1: every entry into `entries`, checked as a line and against the undos and redos
    /// before it; the damage that stopped reading, if any.
    fn read_entries(
        &mut self,
        reader: &mut JournalReader,
        cached: Option<Vec<RuleEntry<R>>>,
        lines: &mut Lines,
    ) -> Result<Option<BattleError>, Stop> {
        let mut timeline = Timeline::default();
        let mut checks = EntryChecks::new(self.header.format, self.header.started);
        if let Some(cached) = &cached {
            self.entries.reserve(cached.len());
            lines.numbers.reserve(cached.len());
            lines.hashes.reserve(cached.len());
        }
        for entry in cached.into_iter().flatten() {
            let line = match reader.next_unparsed() {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(e) => return Ok(Some(e)),
            };
            let index = self.entries.len();
            lines.push(line, reader.last_hash());
            // An undo or a redo is what its line says, or the cache is not this journal's;
            // a command is compared once it has run again.
            if !matches!(entry.action, Action::Command { .. })
                && !lines.agrees(reader, index, &entry)
            {
                return Err(Stop::CacheDisagrees);
            }
            record(&mut timeline, index, &entry.action).map_err(|_| Stop::CacheDisagrees)?;
            checks.check(&entry).map_err(|_| Stop::CacheDisagrees)?;
            self.entries.push(entry);
            lines.cached += 1;
        }
        loop {
            let index = self.entries.len();
            let older = reader.key().format <= R::OLDER_SHAPES_UNTIL_FORMAT;
            let (line, entry) = match reader.next_entry_of_format(older) {
                Ok(Some((line, OfFormat::Today(entry)))) => (line, entry),
                Ok(Some((line, OfFormat::Older(entry)))) => match without_events::<R>(entry) {
                    Ok((entry, events)) => {
                        lines.older.insert(index, events);
                        (line, entry)
                    }
                    Err(why) => return Ok(Some(damaged(reader.path(), line, &why))),
                },
                Ok(None) => return Ok(None),
                Err(e) => return Ok(Some(e)),
            };
            if let Err(m) =
                record(&mut timeline, index, &entry.action).and_then(|()| checks.check(&entry))
            {
                return Ok(Some(damaged(reader.path(), line, &m)));
            }
            self.entries.push(entry);
            lines.push(line, reader.last_hash());
        }
    }

    /// Pass 2: runs every command again on the state before it, rebuilding the timeline,
    /// the log, the checkpoints and the state; the first entry (by index) that does not run
    /// again to what it records, and why.
    fn run_again(
        &mut self,
        reader: &JournalReader,
        lines: &mut Lines,
    ) -> Result<Option<(usize, String)>, Stop> {
        self.timeline = Timeline::default();
        let mut parent = vec![None; self.entries.len()];
        for (index, entry) in self.entries.iter().enumerate() {
            if matches!(entry.action, Action::Command { .. }) {
                parent[index] = Some(self.timeline.effective().last().copied().unwrap_or(ROOT));
            }
            if let Err(m) = record(&mut self.timeline, index, &entry.action) {
                return Ok(Some((index, m)));
            }
        }
        let mut in_effect = vec![false; self.entries.len()];
        for &index in self.timeline.effective() {
            in_effect[index] = true;
        }
        let last = self.timeline.effective().last().copied();
        self.log.clear();
        self.as_recorded = AsRecorded::default();
        // One log entry for each command in effect: room for them all at once, rather than
        // the log copied each time it grows.
        self.log.reserve(self.timeline.effective().len());
        self.checkpoints.clear();
        self.state = self.initial.clone();
        let tree = Tree::new(&parent);
        // The walk hands each state on boxed, and each command is worked out where its state
        // lies: a state is a few hundred bytes, copied a dozen times over for each command
        // when handed in and out by value.
        let mut walk = Walk::new(&tree, Box::new(self.initial.clone()));
        let mut first: Option<(usize, String)> = None;
        while let Some((index, mut state)) = walk.next() {
            if first.as_ref().is_some_and(|(at, _)| index > *at) {
                // Dropped with the earlier damage whatever it gives: not run, nor its branch.
                continue;
            }
            match self.run_entry(index, &mut state, reader, lines, in_effect[index]) {
                Ok(()) if Some(index) == last && !tree.has_children(index) => {
                    self.state = *state;
                }
                Ok(()) => {
                    if Some(index) == last {
                        self.state = R::State::clone(&state);
                    }
                    walk.enter(index, state);
                }
                Err(Fail::Cache) => return Err(Stop::CacheDisagrees),
                Err(Fail::Entry(why)) => first = Some((index, why)),
            }
        }
        self.version = self.entries.len() as u64;
        Ok(first)
    }

    /// Runs command entry `index` again on `state`, the state before it, which it leaves as
    /// the command does; its log entry added when it is in effect (the sentences of one
    /// undone are not written: no log shows them). In a journal of an older format, an entry
    /// that does not run again to what it records is taken as recorded ([`AsRecorded`]).
    fn run_entry(
        &mut self,
        index: usize,
        state: &mut R::State,
        reader: &JournalReader,
        lines: &mut Lines,
        in_effect: bool,
    ) -> Result<(), Fail> {
        let cached = index < lines.cached;
        if let Some(recorded) = lines.older.get(&index) {
            // Today's events for those it records, read given the state before it.
            let upgraded = R::upgrade_events(&self.rules, state, recorded).map_err(Fail::Entry)?;
            if let Action::Command { events, .. } = &mut self.entries[index].action {
                *events = upgraded;
            }
        }
        let entry = &self.entries[index];
        let Action::Command {
            command,
            events,
            dice,
            counts,
            ..
        } = &entry.action
        else {
            return Err(Fail::Entry("an undo or redo is not run".into()));
        };
        let (turn_and_phase, words) = if in_effect {
            (Some(R::turn_and_phase(state)), Sentences::Written)
        } else {
            (None, Sentences::Skipped)
        };
        // What an older journal's entry is taken as, should it not run again.
        let before = (self.header.format < FORMAT_VERSION && !cached).then(|| state.clone());
        // A command of an older shape that this build reads but cannot run is not tried.
        let never = before.as_ref().and(R::never_run(command));
        let ran = match never {
            Some(why) => Err(NotRun {
                why: why.to_owned(),
                kind: NotRunKind::OlderShape,
            }),
            None => rerun::<R>(
                &self.rules,
                state,
                command,
                (dice, counts),
                (ApplyContext { at: entry.at }, words),
            )
            .and_then(|(again, sentences)| {
                if !cached {
                    same_events(events, &again).map_err(NotRun::from)?;
                }
                Ok((again, sentences))
            }),
        };
        let (again, sentences) = match (ran, before) {
            (Ok(ran), _) => ran,
            (Err(_), _) if cached => return Err(Fail::Cache),
            (Err(not_run), Some(before)) => {
                *state = before;
                (
                    Vec::new(),
                    self.take_as_recorded(index, state, lines, in_effect, not_run)?,
                )
            }
            (Err(not_run), None) => return Err(Fail::Entry(not_run.why)),
        };
        let entry = &self.entries[index];
        let Action::Command {
            command, rolled, ..
        } = &entry.action
        else {
            return Err(Fail::Entry("an undo or redo is not run".into()));
        };
        let log = turn_and_phase.map(|before| {
            LogEntry::new::<R>(index, entry.at, before, (command, *rolled), sentences)
        });
        if cached {
            // The cache gave the command and its faces, running them gave the events: the
            // line they make must be the journal's. The events go into the entry in place
            // (a disagreement drops this battle, entry and all).
            if let Action::Command { events, .. } = &mut self.entries[index].action {
                *events = again;
            }
            if !lines.agrees(reader, index, &self.entries[index]) {
                return Err(Fail::Cache);
            }
        }
        if let Some(log) = log {
            self.log.push(log);
            if self.log.len().is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push((self.log.len(), state.clone()));
            }
        }
        Ok(())
    }

    /// Takes command entry `index` of an older journal as recorded, its command having not
    /// run again (`not_run`): its events applied to `state`, the state before it, after
    /// they are checked to apply and to name only what the battle has. Their sentences, for
    /// an entry in effect.
    fn take_as_recorded(
        &mut self,
        index: usize,
        state: &mut R::State,
        lines: &Lines,
        in_effect: bool,
        not_run: NotRun,
    ) -> Result<Vec<Sentence>, Fail> {
        let entry = &self.entries[index];
        let Action::Command { events, .. } = &entry.action else {
            return Err(Fail::Entry("an undo or redo is not run".into()));
        };
        let at = ApplyContext { at: entry.at };
        let applied = R::check_events(&self.rules, state, events, at).and_then(|()| {
            if in_effect {
                describe_in_place::<R>(&self.rules, state, events, at)
            } else {
                events
                    .iter()
                    .try_for_each(|e| apply_event::<R>(&self.rules, state, e, at))
                    .map(|()| Vec::new())
            }
        });
        let sentences = applied.map_err(|m| {
            Fail::Entry(format!(
                "{} (the journal is of an older format, so the entry would be taken as recorded, but its events do not apply to the battle: {m})",
                not_run.why
            ))
        })?;
        let line = lines.numbers.get(index).copied().unwrap_or(0);
        self.as_recorded.add(index, line, not_run);
        Ok(sentences)
    }

    /// How many of the first entries give exactly their journal lines when written again, so
    /// that a cache of them will be found to agree.
    fn as_written(&self, reader: &JournalReader, lines: &mut Lines) -> usize {
        (lines.cached..self.entries.len())
            .find(|&index| !lines.agrees(reader, index, &self.entries[index]))
            .unwrap_or(self.entries.len())
    }

    /// Why an entry does not run again, and, for a journal another Gunbai wrote, that its
    /// rules may have changed since.
    fn written_by(&self, why: String) -> String {
        let this = env!("CARGO_PKG_VERSION");
        let then = &self.header.app_version;
        if then == this {
            why
        } else {
            format!(
                "{why} (the journal was written by Gunbai {then} and this is Gunbai {this}: its rules may have changed since)"
            )
        }
    }
}
