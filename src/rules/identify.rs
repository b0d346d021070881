//! What a file handed to Gunbai is: a battle journal, an army roster of some rule set, or
//! neither. `gunbai FILE` (and a double-click in the file manager) opens whatever it is;
//! a file that is neither is refused with the reason.

use std::path::Path;

use super::{RULE_SETS, check_roster};
use crate::engine::BattleError;
use crate::engine::journal::begins_as_journal;
use crate::roster::RosterText;

/// What a file is, as far as Gunbai can tell without opening it as a battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// It begins as a battle journal does; opening it says whether the rest is sound.
    Journal,
    /// An army roster of this rule set (valid or not: a draft is still a roster).
    Roster(&'static str),
    /// Neither, and why, in words that follow the file's name.
    Other(String),
}

/// Tells what the file at `path` is: a journal by its first line, a roster by which rule
/// set's roster form reads it (the folder it is in breaking a tie, as `gunbai check` names
/// the rule set by it), otherwise neither.
pub fn identify(path: &Path) -> FileKind {
    match begins_as_journal(path) {
        Ok(true) => return FileKind::Journal,
        Ok(false) => {}
        // Missing, unreadable, a folder or a fifo: no use trying it as a roster.
        Err(e) => return FileKind::Other(unreadable(&e)),
    }
    let text = match RosterText::read(path) {
        Ok(text) => text,
        Err(problem) => {
            return FileKind::Other(format!(
                "is neither a battle journal nor an army roster ({})",
                problem.message
            ));
        }
    };
    match roster_ruleset(path, &text) {
        Some(key) => FileKind::Roster(key),
        None => FileKind::Other(
            "is neither a battle journal nor an army roster of any rule set Gunbai referees"
                .to_owned(),
        ),
    }
}

/// The rule set whose roster form reads `text` (its fields and choices, whatever their
/// values), preferring the one its folder names, then one it is valid for. A file no form
/// reads is still a roster, with its errors, when its folder names a rule set.
fn roster_ruleset(path: &Path, text: &RosterText) -> Option<&'static str> {
    let folder = ruleset_of(path);
    let read: Vec<&'static str> = RULE_SETS
        .iter()
        .filter(|r| crate::roster::doc::read(&(r.roster_form)(), &text.source).is_ok())
        .map(|r| r.key)
        .collect();
    if let Some(key) = folder.filter(|k| read.contains(k) || read.is_empty()) {
        return Some(key);
    }
    read.iter()
        .copied()
        .find(|key| check_roster(key, text).is_ok())
        .or_else(|| read.first().copied())
}

/// The rule set a roster file is for by where it is kept: its folder's name, if that is a
/// rule set key (`rosters/sky/takeda.ron`).
pub fn ruleset_of(path: &Path) -> Option<&'static str> {
    // A bare name (`takeda.ron`, typed inside `rosters/sky/`) is in the working folder.
    let absolute = std::path::absolute(path).ok()?;
    let folder = absolute.parent()?.file_name()?.to_str()?;
    RULE_SETS.iter().map(|r| r.key).find(|k| *k == folder)
}

/// Why a file could not be looked at, as a clause after its name.
fn unreadable(error: &BattleError) -> String {
    match error {
        BattleError::Io { error, .. } if error.kind() == std::io::ErrorKind::NotFound => {
            "does not exist".to_owned()
        }
        BattleError::Io { error, .. } => format!("cannot be read: {error}"),
        BattleError::NotAFile { kind, .. } => {
            format!("is {kind}, not a battle journal or an army roster")
        }
        other => format!("cannot be read: {other}"),
    }
}
