//! Engine errors: one flat enum each, handled once at the edge.

use std::path::PathBuf;

use crate::dice::DiceError;

/// Why a command was refused. Nothing changes when a command is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CommandError {
    /// It does not fit the battle now (no such unit, nothing to change).
    #[error("{0}")]
    Illegal(String),
    /// A rule forbids it now: why, and the rule.
    #[error("{reason} ({citation})")]
    Refused {
        /// Why, in words.
        reason: String,
        /// The rule, like `sky: Clan Activation`.
        citation: String,
    },
    /// Chosen on a screen drawn before the battle last changed: nothing was done.
    #[error("the battle changed since this was shown: look again and choose")]
    Stale,
    /// The dice could not be had (a typed face out of range, too few faces).
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl CommandError {
    /// An illegal command with its reason.
    pub fn illegal(reason: impl Into<String>) -> Self {
        Self::Illegal(reason.into())
    }
}

/// Why a battle could not be opened, replayed or written.
#[derive(Debug, thiserror::Error)]
pub enum BattleError {
    /// A refused command.
    #[error(transparent)]
    Command(#[from] CommandError),
    /// Reading or writing a file failed. (The I/O error is part of the message, not a
    /// separate source, so it is printed once.)
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// A journal to open, or a file to replace, is not a regular file (a folder, a fifo,
    /// a device, a link).
    #[error("{path} is {kind}, not a plain file")]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is instead.
        kind: &'static str,
    },
    /// Another window (or another Gunbai) is writing this journal.
    #[error(
        "{path} is open in another window (another Gunbai is writing it); open it read-only to look at it"
    )]
    Locked {
        /// The journal.
        path: PathBuf,
    },
    /// The battle is read-only: opened so, or its journal could not be written.
    #[error("{path}: the battle is read-only: {reason}")]
    ReadOnly {
        /// The journal.
        path: PathBuf,
        /// Why: opened read-only, or the write that failed and what was done about it.
        reason: String,
    },
    /// A journal line that cannot be read or does not fit the battle.
    #[error("{path}:{line}: {message}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The journal's header names no known rule set, or another format.
    #[error("{0}")]
    Header(String),
    /// The battle's rules could not be set up.
    #[error(transparent)]
    Reference(#[from] crate::reference::ReferenceError),
    /// Nothing to undo or redo.
    #[error("{0}")]
    History(String),
}
