//! The rule sets, and the registry the app and the command line reach them through.

pub mod daimyo;
mod identify;
pub mod kozeriai;
pub mod simple;
pub mod skirmish;
pub mod sky;

use std::path::Path;

pub use identify::{FileKind, identify, ruleset_of};

use crate::engine::journal::{JournalReader, JournalWriter, write};
use crate::engine::{Battle, BattleError, Game, RuleSet};
use crate::reference::HouseRules;
use crate::roster::{RosterProblem, RosterText};

/// A rule set Gunbai referees: its key and title, its reference text and demo rosters, and how
/// its rosters are checked and its battles started and opened.
#[derive(Clone, Copy, Debug)]
pub struct RuleSetInfo {
    /// The key used in files and on the command line.
    pub key: &'static str,
    /// The published title.
    pub title: &'static str,
    /// `reference/<key>.ron`, as embedded at build time.
    pub reference: &'static str,
    /// The demo battle's two rosters, as (file, text).
    pub demo: [(&'static str, &'static str); 2],
    /// What a roster holds, for the army builder.
    pub roster_form: fn() -> crate::roster::form::RosterForm,
    check: fn(&RosterText) -> Result<Vec<RosterProblem>, Vec<RosterProblem>>,
    army_value: fn(&RosterText) -> Result<serde_json::Value, Vec<RosterProblem>>,
    start: StartFn,
    open: OpenFn,
}

/// Starts a battle of one rule set between two rosters.
type StartFn = fn(&[RosterText; 2], HouseRules, Option<&Path>) -> Result<Box<dyn Game>, StartError>;

/// A battle opened from its journal, with warnings.
type Opened = Result<(Box<dyn Game>, Vec<String>), BattleError>;

/// Opens a journal of one rule set: replay, and optionally resume writing.
type OpenFn = fn(JournalReader, bool, bool) -> Opened;

/// A rule set's registry line, all from its [`RuleSet`] impl.
const fn entry<R: RuleSet>() -> RuleSetInfo {
    RuleSetInfo {
        key: R::KEY,
        title: R::NAME,
        reference: R::REFERENCE,
        demo: R::DEMO,
        roster_form: R::roster_form,
        check: |roster| R::load_army(roster).map(|l| l.warnings),
        army_value: |roster| {
            R::load_army(roster).map(|l| serde_json::to_value(l.army).unwrap_or_default())
        },
        start: start::<R>,
        open: open::<R>,
    }
}

impl RuleSetInfo {
    /// The rule set's roster check, as the army builder runs it.
    pub fn check_fn(&self) -> crate::roster::builder::Check {
        self.check
    }

    /// A blank army builder for this rule set.
    pub fn builder(&self) -> crate::roster::builder::Builder {
        crate::roster::builder::Builder::blank(
            self.key,
            self.title,
            (self.roster_form)(),
            self.check,
        )
    }

    /// Loads a roster into the rule set's army, as JSON, to compare two files' armies.
    ///
    /// # Errors
    /// The roster's errors.
    pub fn load_army_value(
        &self,
        roster: &RosterText,
    ) -> Result<serde_json::Value, Vec<RosterProblem>> {
        (self.army_value)(roster)
    }
}

/// Every rule set, in menu order: a new rule set is its folder and one line here.
pub const RULE_SETS: &[RuleSetInfo] = &[
    entry::<sky::Sky>(),
    entry::<simple::Simple>(),
    entry::<skirmish::Skirmish>(),
    entry::<daimyo::Daimyo>(),
    entry::<kozeriai::Kozeriai>(),
];

/// The rule set with this key.
pub fn find(key: &str) -> Option<&'static RuleSetInfo> {
    RULE_SETS.iter().find(|r| r.key == key)
}

/// The shipped demo rosters of a rule set, as (file, text).
pub fn demo_rosters(key: &str) -> Option<[RosterText; 2]> {
    find(key).map(|r| {
        r.demo.map(|(file, source)| RosterText {
            file: file.to_owned(),
            source: source.to_owned(),
        })
    })
}

/// A battle to start: its rule set, both rosters read, and the house rules chosen (from the
/// New battle dialog, or `gunbai new`).
#[derive(Clone, Debug)]
pub struct StartRequest {
    /// The rule set.
    pub key: &'static str,
    /// Both rosters, the first side's first.
    pub rosters: [RosterText; 2],
    /// Optional rules and rulings chosen.
    pub house: HouseRules,
}

/// Why a battle could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// No such rule set.
    #[error("no rule set `{0}`; known: {known}", known = RULE_SETS.iter().map(|r| r.key).collect::<Vec<_>>().join(", "))]
    UnknownRuleSet(String),
    /// A roster has errors.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Roster(Vec<RosterProblem>),
    /// The battle could not be set up or its journal created.
    #[error(transparent)]
    Battle(#[from] BattleError),
}

/// Validates a roster for a rule set: its warnings, or every error.
///
/// # Errors
/// An unknown rule set (as a problem at the file's start) or the roster's errors.
pub fn check_roster(
    key: &str,
    roster: &RosterText,
) -> Result<Vec<RosterProblem>, Vec<RosterProblem>> {
    match find(key) {
        Some(r) => (r.check)(roster),
        None => Err(vec![RosterProblem {
            file: roster.file.clone(),
            line: 1,
            column: 1,
            message: format!("no rule set `{key}`"),
            path: crate::roster::RosterPath::root(),
        }]),
    }
}

/// A commented roster for `gunbai roster new`: a blank army of the rule set, each name
/// filled in from `name` so that it passes `check` as it stands.
///
/// # Errors
/// An unknown rule set.
pub fn roster_template(key: &str, name: &str) -> Result<String, StartError> {
    let info = find(key).ok_or_else(|| StartError::UnknownRuleSet(key.to_owned()))?;
    let mut builder = info.builder();
    builder.name_blanks(name);
    Ok(builder.text().to_owned())
}

/// Starts a battle between two rosters, writing its journal at `journal` if given.
///
/// # Errors
/// Unknown rule set, invalid rosters, bad house rules, or an unwritable journal.
pub fn start_battle(
    key: &str,
    rosters: &[RosterText; 2],
    house: HouseRules,
    journal: Option<&Path>,
) -> Result<Box<dyn Game>, StartError> {
    match find(key) {
        Some(r) => (r.start)(rosters, house, journal),
        None => Err(StartError::UnknownRuleSet(key.to_owned())),
    }
}

fn start<R: RuleSet>(
    rosters: &[RosterText; 2],
    house: HouseRules,
    journal: Option<&Path>,
) -> Result<Box<dyn Game>, StartError> {
    let mut problems = Vec::new();
    let mut armies = Vec::new();
    for roster in rosters {
        match R::load_army(roster) {
            Ok(loaded) => armies.push(loaded.army),
            Err(errors) => problems.extend(errors),
        }
    }
    let armies: [R::Army; 2] = match armies.try_into() {
        Ok(a) if problems.is_empty() => a,
        _ => return Err(StartError::Roster(problems)),
    };
    Ok(Box::new(Battle::<R>::start(armies, house, journal)?))
}

/// Opens a journal: replays it and, with `resume`, goes on writing to it (locked, so no
/// other window can write it meanwhile). Without `resume` the battle is read-only.
/// Returns the battle and any warnings (a torn last line dropped, damage recovered).
///
/// # Errors
/// Unreadable or not a regular file, open in another window (with `resume`), unknown rule
/// set, or damage (without `recover`), naming the line.
pub fn open_journal(
    path: &Path,
    recover: bool,
    resume: bool,
) -> Result<(Box<dyn Game>, Vec<String>), BattleError> {
    // With `resume`, the lock comes first: nothing may be appended between reading the
    // file and cutting its torn tail.
    let reader = if resume {
        JournalReader::new(path, write::open_locked(path)?)?
    } else {
        JournalReader::open(path)?
    };
    let key = reader.key().ruleset.clone();
    match find(&key) {
        Some(r) => (r.open)(reader, recover, resume),
        None => Err(BattleError::Header(format!(
            "{}: unknown rule set `{key}`",
            path.display()
        ))),
    }
}

fn open<R: RuleSet>(
    mut reader: JournalReader,
    recover: bool,
    resume: bool,
) -> Result<(Box<dyn Game>, Vec<String>), BattleError> {
    let (mut battle, mut warnings) = Battle::<R>::replay(&mut reader, recover)?;
    let path = reader.path().to_owned();
    let writer = if !resume {
        JournalWriter::read_only(&path, "it was opened read-only")
    } else if warnings.len() > reader.warnings().len() {
        return Err(BattleError::Header(
            "a recovered journal cannot be resumed in place: save it under a new name".into(),
        ));
    } else {
        let (bytes, next_seq, format) = (
            reader.intact_bytes(),
            reader.next_seq(),
            reader.key().format,
        );
        let unterminated = reader.unterminated();
        let file = Box::new(reader.into_file());
        let mut writer = JournalWriter::resume(&path, file, bytes, next_seq, format);
        // Cut a torn tail off, or end a whole last line that lost its newline, so that new
        // entries follow intact ones.
        writer.settle_tail(unterminated)?;
        writer
    };
    battle.resume_writing(writer);
    // An older journal's entries taken as recorded: said on opening it, however it is opened.
    if let Some(words) = battle.taken_as_recorded() {
        warnings.push(format!("{}: {words}", path.display()));
    }
    Ok((Box::new(battle), warnings))
}
