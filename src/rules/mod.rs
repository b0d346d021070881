//! The rule sets, and the registry the app and the command line reach them through.

pub mod daimyo;
pub mod kozeriai;
pub mod simple;
pub mod skirmish;
pub mod sky;

use std::path::Path;

use crate::engine::journal::{JournalReader, JournalWriter, write};
use crate::engine::{Battle, BattleError, Game, RuleSet};
use crate::reference::HouseRules;
use crate::roster::{RosterProblem, RosterText};

/// A rule set Gunbai referees: its key and title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSetInfo {
    /// The key used in files and on the command line.
    pub key: &'static str,
    /// The published title.
    pub title: &'static str,
}

/// Every rule set, in menu order.
pub const RULE_SETS: &[RuleSetInfo] = &[
    RuleSetInfo {
        key: sky::Sky::KEY,
        title: sky::Sky::NAME,
    },
    RuleSetInfo {
        key: simple::Simple::KEY,
        title: simple::Simple::NAME,
    },
    RuleSetInfo {
        key: skirmish::Skirmish::KEY,
        title: skirmish::Skirmish::NAME,
    },
    RuleSetInfo {
        key: daimyo::Daimyo::KEY,
        title: daimyo::Daimyo::NAME,
    },
    RuleSetInfo {
        key: kozeriai::Kozeriai::KEY,
        title: kozeriai::Kozeriai::NAME,
    },
];

/// The shipped demo rosters of a rule set, as (file, text).
pub fn demo_rosters(key: &str) -> Option<[RosterText; 2]> {
    let text = |file: &str, source: &str| RosterText {
        file: file.to_owned(),
        source: source.to_owned(),
    };
    match key {
        "sky" => Some([
            text(
                "rosters/sky/takeda.ron",
                include_str!("../../rosters/sky/takeda.ron"),
            ),
            text(
                "rosters/sky/uesugi.ron",
                include_str!("../../rosters/sky/uesugi.ron"),
            ),
        ]),
        "simple" => Some([
            text(
                "rosters/simple/oda.ron",
                include_str!("../../rosters/simple/oda.ron"),
            ),
            text(
                "rosters/simple/imagawa.ron",
                include_str!("../../rosters/simple/imagawa.ron"),
            ),
        ]),
        "skirmish" => Some([
            text(
                "rosters/skirmish/oda_raiders.ron",
                include_str!("../../rosters/skirmish/oda_raiders.ron"),
            ),
            text(
                "rosters/skirmish/village_defenders.ron",
                include_str!("../../rosters/skirmish/village_defenders.ron"),
            ),
        ]),
        "daimyo" => Some([
            text(
                "rosters/daimyo/tokugawa.ron",
                include_str!("../../rosters/daimyo/tokugawa.ron"),
            ),
            text(
                "rosters/daimyo/ishida.ron",
                include_str!("../../rosters/daimyo/ishida.ron"),
            ),
        ]),
        "kozeriai" => Some([
            text(
                "rosters/kozeriai/village.ron",
                include_str!("../../rosters/kozeriai/village.ron"),
            ),
            text(
                "rosters/kozeriai/bandits.ron",
                include_str!("../../rosters/kozeriai/bandits.ron"),
            ),
        ]),
        _ => None,
    }
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
    match key {
        "sky" => sky::Sky::load_army(roster).map(|l| l.warnings),
        "simple" => simple::Simple::load_army(roster).map(|l| l.warnings),
        "skirmish" => skirmish::Skirmish::load_army(roster).map(|l| l.warnings),
        "daimyo" => daimyo::Daimyo::load_army(roster).map(|l| l.warnings),
        "kozeriai" => kozeriai::Kozeriai::load_army(roster).map(|l| l.warnings),
        _ => Err(vec![RosterProblem {
            file: roster.file.clone(),
            line: 1,
            column: 1,
            message: format!("no rule set `{key}`"),
        }]),
    }
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
    match key {
        "sky" => start::<sky::Sky>(rosters, house, journal),
        "simple" => start::<simple::Simple>(rosters, house, journal),
        "skirmish" => start::<skirmish::Skirmish>(rosters, house, journal),
        "daimyo" => start::<daimyo::Daimyo>(rosters, house, journal),
        "kozeriai" => start::<kozeriai::Kozeriai>(rosters, house, journal),
        other => Err(StartError::UnknownRuleSet(other.to_owned())),
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
    match reader.key().ruleset.as_str() {
        "sky" => open::<sky::Sky>(reader, recover, resume),
        "simple" => open::<simple::Simple>(reader, recover, resume),
        "skirmish" => open::<skirmish::Skirmish>(reader, recover, resume),
        "daimyo" => open::<daimyo::Daimyo>(reader, recover, resume),
        "kozeriai" => open::<kozeriai::Kozeriai>(reader, recover, resume),
        other => Err(BattleError::Header(format!(
            "{}: unknown rule set `{other}`",
            path.display()
        ))),
    }
}

fn open<R: RuleSet>(
    mut reader: JournalReader,
    recover: bool,
    resume: bool,
) -> Result<(Box<dyn Game>, Vec<String>), BattleError> {
    let (mut battle, warnings) = Battle::<R>::replay(&mut reader, recover)?;
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
        let file = Box::new(reader.into_file());
        let mut writer = JournalWriter::resume(&path, file, bytes, next_seq, format);
        // Cut a torn tail off, so new entries follow intact ones.
        writer.cut_to_good()?;
        writer
    };
    battle.resume_writing(writer);
    Ok((Box::new(battle), warnings))
}
