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
    /// Reading or writing the journal failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
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
