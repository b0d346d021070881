//! The journal file: one RON value per line, a header then one entry per command.
//!
//! Every entry is written and fsynced before its result is shown, so a crash loses at
//! most the entry being written. That entry shows up as a torn last line, which opening
//! drops with a warning; damage anywhere else is refused, naming the line.
//!
//! Format 2 and later number every entry and end every line with a checksum of the line
//! (see [`line`]); format 1 files still open. One battle writes its journal at a time: the
//! writer holds an exclusive lock on it.
//!
//! **Every journal ever written opens.** Every change to what an entry holds, or to what
//! running a recorded command again gives, raises [`FORMAT_VERSION`]; `tests/journals/`
//! keeps a real journal of every format released, for each rule set, that must open and
//! report the same. A journal of an older format is replayed with its entries' recorded
//! events as the record wherever its commands cannot be run again ([`super::battle`]).

mod atomic;
pub mod cache;
pub mod checks;
pub mod compact_ron;
mod file;
pub mod line;
pub mod read;
pub mod write;

use std::path::Path;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

pub use atomic::write_atomically;
pub(crate) use file::open_regular;
pub use read::{JournalReader, OfFormat, begins_as_journal};
pub use write::{JournalFile, JournalWriter};

use super::error::BattleError;
use crate::reference::HouseRules;

/// The journal format this build writes: entries record every face and count their dice
/// gave and whose dice they were (`rolled`), each entry's time is later than the one
/// before, and every command runs again to exactly what its entry records.
pub const FORMAT_VERSION: u32 = 4;

/// Format 4's lines, written before simple's event pack held each card once: a card typed
/// from the table's deck could come up again, which today's rules refuse. Its entries are
/// checked as format 4's (times in order, `rolled` said) but, as any older format's, one
/// today's rules work out otherwise is taken as recorded.
pub const FORMAT_V3: u32 = 3;

/// The format written from the journal's integrity checks (numbered, sealed lines) until
/// [`FORMAT_VERSION`]. Its first builds recorded no faces, later ones faces but not whose
/// dice, and the rules changed under it: so its entries may not run again, and are then
/// taken as recorded. A format 2 or format 1 battle is resumed in its own format, and Save
/// As writes it as format 2.
pub const FORMAT_V2: u32 = 2;

/// The first format, without sequence numbers or checksums: still read, and resumed as is.
pub const FORMAT_V1: u32 = 1;

/// How every journal begins: its header's first field (`Header::format`, serialised first).
/// Opening a file as a journal and the desktop's MIME type (`assets/gunbai-journal.xml`)
/// both tell a journal by it.
pub const HEADER_START: &str = "(format:";

/// The largest journal line we accept; real entries are a few hundred bytes and a header
/// with two large armies some tens of kilobytes.
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// The first line: everything needed to replay the battle from nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header<A> {
    /// [`FORMAT_VERSION`] when written.
    pub format: u32,
    /// The Gunbai version that started the battle.
    pub app_version: String,
    /// The rule set key.
    pub ruleset: String,
    /// When the battle started.
    pub started: DateTime<Utc>,
    /// Both armies, as loaded and validated.
    pub armies: [A; 2],
    /// Optional rules, chosen rulings and table overrides in force.
    pub house_rules: HouseRules,
}

/// Just enough of a header to know which rule set reads the rest.
#[derive(Clone, Debug, Deserialize)]
pub struct HeaderKey {
    /// The format version.
    pub format: u32,
    /// The rule set key.
    pub ruleset: String,
}

/// One journal entry: what the umpire did and when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry<C, E> {
    /// When it was made (UTC).
    pub at: DateTime<Utc>,
    /// What was done.
    pub action: Action<C, E>,
}

/// What an entry does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action<C, E> {
    /// A command and the events it caused, dice faces included.
    Command {
        /// The command as given.
        command: C,
        /// Its events, applied in order.
        events: Vec<E>,
        /// Every face its dice gave, in roll order, whoever rolled them: replay runs the
        /// command again with exactly these and must get exactly `events`. Left out of a
        /// line when nothing was rolled (and absent from lines written before Gunbai
        /// recorded them).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dice: Vec<u32>,
        /// The counts of successes the table gave for pools whose successes alone count, in
        /// roll order: re-run with `dice`, they must give exactly `events` again.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        counts: Vec<u32>,
        /// Whose dice it rolled, if any. Journals written before this was kept read as
        /// [`Rolled::Unrecorded`].
        #[serde(default)]
        rolled: Rolled,
    },
    /// Takes back the last `count` commands in effect.
    Undo {
        /// How many.
        count: u32,
    },
    /// Puts back the last `count` commands undone.
    Redo {
        /// How many.
        count: u32,
    },
}

/// Whose dice a command rolled, as its journal entry keeps it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rolled {
    /// The entry was written before Gunbai kept this: it may have rolled either's dice.
    #[default]
    Unrecorded,
    /// It rolled no die.
    Nothing,
    /// Gunbai's dice.
    App,
    /// The table's dice: faces, or counts of successes, typed in by the umpire.
    Table,
}

impl Rolled {
    /// What rolled them, from a watched source: `None` when no die was rolled.
    #[must_use]
    pub fn from_origin(origin: Option<crate::dice::DiceOrigin>) -> Self {
        match origin {
            None => Rolled::Nothing,
            Some(crate::dice::DiceOrigin::App) => Rolled::App,
            Some(crate::dice::DiceOrigin::Table) => Rolled::Table,
        }
    }

    /// How the log and the report say it: `app dice`, `table dice`, `dice not recorded`; or
    /// nothing when no die was rolled.
    #[must_use]
    pub fn words(self) -> Option<&'static str> {
        match self {
            Rolled::Unrecorded => Some("dice not recorded"),
            Rolled::Nothing => None,
            Rolled::App => Some(crate::dice::DiceOrigin::App.words()),
            Rolled::Table => Some(crate::dice::DiceOrigin::Table.words()),
        }
    }
}

/// An entry with the number of the line it was read from.
pub type NumberedEntry<C, E> = (usize, Entry<C, E>);

/// Parses one RON line, naming the line and column on error.
///
/// # Errors
/// The line is not the expected value.
pub fn parse_line<T: DeserializeOwned>(
    path: &Path,
    line: usize,
    text: &str,
) -> Result<T, BattleError> {
    ron::from_str(text).map_err(|e| {
        damaged(
            path,
            line,
            &format!(
                "column {}: {}",
                e.span.start.col,
                crate::ron_words::words(&e.code)
            ),
        )
    })
}

pub(crate) fn io(path: &Path, source: std::io::Error) -> BattleError {
    BattleError::Io {
        path: path.to_owned(),
        error: source,
    }
}

pub(crate) fn damaged(path: &Path, line: usize, message: &str) -> BattleError {
    BattleError::Damaged {
        path: path.to_owned(),
        line,
        message: message.to_owned(),
    }
}

#[cfg(test)]
mod shape_tests;
