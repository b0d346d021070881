//! Army files: RON text -> raw serde types -> validated armies, with positioned errors.
//!
//! As ripgrep turns `LowArgs` into `HiArgs`, each rule set reads its roster into plain
//! serde structs first and then validates them into the engine's types. Every problem names
//! `file:line:column`, says what is wrong and what is allowed.

use std::fmt;
use std::io::Read as _;
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::engine::BattleError;
use crate::engine::journal::open_regular;

pub mod builder;
pub mod doc;
pub mod form;
mod path;
pub mod store;
pub mod syntax;
mod write;

pub use path::{RosterPath, Step};
pub use write::write_roster;

/// The largest roster file we read; a real army is a few kilobytes.
pub const MAX_ROSTER_BYTES: usize = 1024 * 1024;

/// The most units, figures, groups or moves an army file may list in all. The rules set no
/// upper size; this is the app's own bound, far above any table's army (a few dozen), so a
/// crafted file cannot make loading allocate or compare without end, and every index into
/// an army fits the byte the rule sets number units and figures with.
pub const MAX_LISTED: usize = 250;

/// The byte-order mark (U+FEFF) an editor may put first in a UTF-8 file.
const BOM: &str = "\u{feff}";

/// The most problems reported for one file: the first ones are what an umpire fixes.
pub const MAX_PROBLEMS: usize = 100;

/// A roster file's name and text.
#[derive(Clone, Debug)]
pub struct RosterText {
    /// The name shown in messages (a path, or `rosters/sky/takeda.ron` for a built-in one).
    pub file: String,
    /// The file's text.
    pub source: String,
}

impl RosterText {
    /// Reads a roster file, refusing one too large or not text. What is not a regular file
    /// (a folder, a fifo, a device such as `/dev/zero`) is refused before anything is read,
    /// and no more than [`MAX_ROSTER_BYTES`] and one are ever read, whatever the file says
    /// its size is.
    ///
    /// # Errors
    /// The file cannot be read, is not a plain file, is too large, or is not UTF-8.
    pub fn read(path: &Path) -> Result<Self, RosterProblem> {
        let file = path.display().to_string();
        let at_start = |message: String| RosterProblem {
            file: file.clone(),
            line: 1,
            column: 1,
            message,
            path: RosterPath::root(),
        };
        let too_large = |bytes: u64| {
            at_start(format!(
                "{bytes} bytes is too large for a roster (at most {MAX_ROSTER_BYTES})"
            ))
        };
        let opened = open_regular(path, std::fs::OpenOptions::new().read(true)).map_err(|e| {
            at_start(match e {
                BattleError::NotAFile { kind, .. } => {
                    format!("{kind}, not a plain file: only a roster file is read")
                }
                BattleError::Io { error, .. } => format!("cannot read: {error}"),
                other => other.to_string(),
            })
        })?;
        let size = opened
            .metadata()
            .map_err(|e| at_start(format!("cannot read: {e}")))?
            .len();
        if size > MAX_ROSTER_BYTES as u64 {
            return Err(too_large(size));
        }
        let mut bytes = Vec::new();
        opened
            .take(MAX_ROSTER_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| at_start(format!("cannot read: {e}")))?;
        if bytes.len() > MAX_ROSTER_BYTES {
            return Err(at_start(format!(
                "more than {MAX_ROSTER_BYTES} bytes: too large for a roster"
            )));
        }
        // A byte-order mark some editors write first says nothing in UTF-8: skipped.
        if bytes.starts_with(BOM.as_bytes()) {
            bytes.drain(..BOM.len());
        }
        let source = String::from_utf8(bytes).map_err(|e| {
            let (line, column) = position_of_byte(
                &String::from_utf8_lossy(e.as_bytes()),
                e.utf8_error().valid_up_to(),
            );
            RosterProblem {
                file: file.clone(),
                line,
                column,
                message: "not UTF-8 text".into(),
                path: RosterPath::root(),
            }
        })?;
        Ok(Self { file, source })
    }
}

/// An error or warning in a roster, at its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterProblem {
    /// The file.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong and what is allowed.
    pub message: String,
    /// The value it is about (the army itself for a problem with the whole file).
    pub path: RosterPath,
}

impl fmt::Display for RosterProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RosterProblem {}

/// A valid army with any warnings (legal but unusual).
#[derive(Clone, Debug)]
pub struct Loaded<A> {
    /// The validated army.
    pub army: A,
    /// Legal but unusual things worth a look.
    pub warnings: Vec<RosterProblem>,
}

/// Reading a roster: the army, or every error found.
pub type RosterReport<A> = Result<Loaded<A>, Vec<RosterProblem>>;

/// Collects problems while validating a raw roster.
#[derive(Debug)]
pub struct Validator<'a> {
    roster: &'a RosterText,
    /// The text as a tree with spans, to place each problem at its value.
    tree: Option<syntax::Node>,
    /// Errors found so far.
    pub errors: Vec<RosterProblem>,
    /// Warnings found so far.
    pub warnings: Vec<RosterProblem>,
}

impl<'a> Validator<'a> {
    /// Starts validating a roster's text.
    pub fn new(roster: &'a RosterText) -> Self {
        Self {
            roster,
            tree: syntax::parse(&roster.source).ok(),
            errors: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Records an error about the value at `path` (the first [`MAX_PROBLEMS`] only).
    pub fn error_at(&mut self, path: RosterPath, message: impl Into<String>) {
        if self.errors.len() < MAX_PROBLEMS {
            let p = self.problem_at(path, message.into());
            self.errors.push(p);
        }
    }

    /// Records a warning about the value at `path` (the first [`MAX_PROBLEMS`] only).
    pub fn warn_at(&mut self, path: RosterPath, message: impl Into<String>) {
        if self.warnings.len() < MAX_PROBLEMS {
            let p = self.problem_at(path, message.into());
            self.warnings.push(p);
        }
    }

    /// Refuses an army that lists more than [`MAX_LISTED`] `what` in all, before anything is
    /// built from it: the error is recorded at the list at `path` and the loader stops.
    ///
    /// # Errors
    /// Every error so far, this one included.
    pub fn bounded(
        &mut self,
        path: RosterPath,
        what: &str,
        listed: u64,
    ) -> Result<(), Vec<RosterProblem>> {
        if listed <= MAX_LISTED as u64 {
            return Ok(());
        }
        self.error_at(
            path,
            format!("{listed} {what} is more than an army file may list (at most {MAX_LISTED})"),
        );
        Err(std::mem::take(&mut self.errors))
    }

    /// Records an error about the entry `key` of the map at `path` (a figure's skill with
    /// one weapon): placed in the file at that entry, and in the builder at the map.
    pub fn error_at_entry(&mut self, path: RosterPath, key: &str, message: impl Into<String>) {
        if self.errors.len() < MAX_PROBLEMS {
            let p = self.problem_placed(path, Some(key), message.into());
            self.errors.push(p);
        }
    }

    /// Records a warning about the entry `key` of the map at `path`, placed as
    /// [`Validator::error_at_entry`] places an error.
    pub fn warn_at_entry(&mut self, path: RosterPath, key: &str, message: impl Into<String>) {
        if self.warnings.len() < MAX_PROBLEMS {
            let p = self.problem_placed(path, Some(key), message.into());
            self.warnings.push(p);
        }
    }

    fn problem_at(&self, path: RosterPath, message: String) -> RosterProblem {
        self.problem_placed(path, None, message)
    }

    fn problem_placed(
        &self,
        path: RosterPath,
        entry: Option<&str>,
        message: String,
    ) -> RosterProblem {
        let byte = self.tree.as_ref().map_or(0, |t| match entry {
            Some(key) => t.offset_of_entry(&path, key),
            None => t.offset_of(&path),
        });
        let (line, column) = position_of_byte(&self.roster.source, byte);
        RosterProblem {
            file: self.roster.file.clone(),
            line,
            column,
            message,
            path,
        }
    }

    /// The army if no error was found, else every error.
    ///
    /// # Errors
    /// Any error recorded.
    pub fn finish<A>(self, army: A) -> RosterReport<A> {
        if self.errors.is_empty() {
            Ok(Loaded {
                army,
                warnings: self.warnings,
            })
        } else {
            Err(self.errors)
        }
    }
}

/// Loads an army with the rules a roster is checked against (a rule set's defaults); a
/// reference table that fails to load is reported at the file's start.
pub fn load_with<R, A>(
    rules: Result<R, crate::reference::ReferenceError>,
    roster: &RosterText,
    load: impl FnOnce(&R, &RosterText) -> RosterReport<A>,
) -> RosterReport<A> {
    match rules {
        Ok(rules) => load(&rules, roster),
        Err(e) => Err(vec![RosterProblem {
            file: roster.file.clone(),
            line: 1,
            column: 1,
            message: e.to_string(),
            path: RosterPath::root(),
        }]),
    }
}

/// Parses a roster's text into its raw serde form, naming the position of a syntax error.
///
/// # Errors
/// Text that is not the raw roster form, too large, or nested too deep.
pub fn parse_raw<T: DeserializeOwned>(roster: &RosterText) -> Result<T, RosterProblem> {
    if roster.source.len() > MAX_ROSTER_BYTES {
        return Err(RosterProblem {
            file: roster.file.clone(),
            line: 1,
            column: 1,
            message: format!("too large for a roster (at most {MAX_ROSTER_BYTES} bytes)"),
            path: RosterPath::root(),
        });
    }
    // With a carriage return alone ending lines (old Mac files), the first comment would
    // run to the end of the file: say so, at the first one.
    if let Some(at) = lone_carriage_return(&roster.source) {
        let (line, column) = position_of_byte(&roster.source, at);
        return Err(RosterProblem {
            file: roster.file.clone(),
            line,
            column,
            message: "a carriage return alone ends this line (as on old Macs): save the file with LF (or CRLF) line ends".into(),
            path: RosterPath::root(),
        });
    }
    // Optional fields are written plainly (`command: 9`), not as `Some(9)`.
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    options.from_str(&roster.source).map_err(|e| {
        let (line, column) = (e.span.start.line.max(1), e.span.start.col.max(1));
        let (line, column) = value_position(&roster.source, line, column).unwrap_or((line, column));
        RosterProblem {
            file: roster.file.clone(),
            line,
            column,
            message: crate::ron_words::words(&e.code),
            path: RosterPath::root(),
        }
    })
}

/// Where a reading error RON reports at `line:column` sits, at the value it is about: RON
/// places a value of the wrong kind at the space before it, and a number out of bounds
/// after its sign. `None` where no value is there (a missing bracket, an unknown field).
fn value_position(source: &str, line: usize, column: usize) -> Option<(usize, usize)> {
    let line_start = if line == 1 {
        0
    } else {
        source.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let byte = line_start
        + source[line_start..]
            .char_indices()
            .nth(column - 1)
            .map_or(source.len() - line_start, |(i, _)| i);
    let text = source.get(byte..)?;
    let value = byte + (text.len() - text.trim_start().len());
    let start = syntax::parse(source).ok()?.value_start_at(value)?;
    Some(position_of_byte(source, start))
}

/// Where the first carriage return not followed by a line feed is, if any.
fn lone_carriage_return(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    bytes
        .iter()
        .enumerate()
        .find(|&(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .map(|(i, _)| i)
}

/// Line and column (1-based) of a byte offset.
pub(crate) fn position_of_byte(source: &str, byte: usize) -> (usize, usize) {
    let before = source.get(..byte).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
