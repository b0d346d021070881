//! The rule sets, and the registry the app and the command line reach them through.

pub mod daimyo;
pub mod kozeriai;
pub mod simple;
pub mod skirmish;
pub mod sky;

use std::path::Path;

use crate::engine::journal::{self, HeaderKey, parse_line};
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

/// Opens a journal: replays it and, with `resume`, goes on writing to it.
/// Returns the battle and any warnings (a torn last line dropped, damage recovered).
///
/// # Errors
/// Unreadable file, unknown rule set, or damage (without `recover`), naming the line.
pub fn open_journal(
    path: &Path,
    recover: bool,
    resume: bool,
) -> Result<(Box<dyn Game>, Vec<String>), BattleError> {
    let raw = journal::read_lines(path)?;
    let key: HeaderKey = parse_line(path, 1, &raw.header)?;
    if key.format != journal::FORMAT_VERSION {
        return Err(BattleError::Header(format!(
            "{}: journal format {} is not one this Gunbai reads",
            path.display(),
            key.format
        )));
    }
    match key.ruleset.as_str() {
        "sky" => open::<sky::Sky>(path, &raw, recover, resume),
        "simple" => open::<simple::Simple>(path, &raw, recover, resume),
        "skirmish" => open::<skirmish::Skirmish>(path, &raw, recover, resume),
        "daimyo" => open::<daimyo::Daimyo>(path, &raw, recover, resume),
        "kozeriai" => open::<kozeriai::Kozeriai>(path, &raw, recover, resume),
        other => Err(BattleError::Header(format!(
            "{}: unknown rule set `{other}`",
            path.display()
        ))),
    }
}

fn open<R: RuleSet>(
    path: &Path,
    raw: &journal::RawJournal,
    recover: bool,
    resume: bool,
) -> Result<(Box<dyn Game>, Vec<String>), BattleError> {
    let (mut battle, warnings) = Battle::<R>::replay(path, raw, recover)?;
    if resume {
        // Cut the file back to what was replayed, so new entries follow intact ones.
        let intact = if warnings.len() > raw.warnings.len() {
            None
        } else {
            Some(raw.intact_bytes)
        };
        match intact {
            Some(bytes) => battle.resume_writing(path, bytes)?,
            None => {
                return Err(BattleError::Header(
                    "a recovered journal cannot be resumed in place: save it under a new name"
                        .into(),
                ));
            }
        }
    }
    Ok((Box::new(battle), warnings))
}
