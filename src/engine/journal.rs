//! The journal file: one RON value per line, a header then one entry per command.
//!
//! Every entry is written and fsynced before its result is shown, so a crash loses at
//! most the entry being written. That entry shows up as a torn last line, which opening
//! drops with a warning; damage anywhere else is refused, naming the line.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::error::BattleError;
use crate::reference::HouseRules;

/// The journal format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The largest journal line we accept; real entries are a few hundred bytes.
const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

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
#[derive(Deserialize)]
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

/// A journal read from disk, not yet replayed.
#[derive(Debug)]
pub struct RawJournal {
    /// The header line.
    pub header: String,
    /// Entry lines with their 1-based line numbers.
    pub lines: Vec<(usize, String)>,
    /// Byte length of the intact part, to truncate a torn tail before appending.
    pub intact_bytes: u64,
    /// Warnings to show (a dropped torn line).
    pub warnings: Vec<String>,
}

/// Reads a journal's lines. A last line without its newline is torn: dropped with a warning.
///
/// # Errors
/// The file cannot be read, is empty, or has a line that is not text.
pub fn read_lines(path: &Path) -> Result<RawJournal, BattleError> {
    let bytes = std::fs::read(path).map_err(|source| io(path, source))?;
    split_lines(path, &bytes)
}

/// Splits journal bytes into lines; see [`read_lines`].
///
/// # Errors
/// Empty input, an overlong line, or a line that is not UTF-8.
pub fn split_lines(path: &Path, bytes: &[u8]) -> Result<RawJournal, BattleError> {
    let mut lines = Vec::new();
    let mut warnings = Vec::new();
    let mut offset = 0usize;
    let mut intact = 0usize;
    let mut number = 0usize;
    while offset < bytes.len() {
        number += 1;
        let rest = &bytes[offset..];
        let (line, complete) = match rest.iter().position(|&b| b == b'\n') {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        offset += line.len() + usize::from(complete);
        if !complete {
            warnings.push(format!(
                "{}:{number}: the last line was cut off (the app stopped while writing it); it was dropped",
                path.display()
            ));
            break;
        }
        if line.len() > MAX_LINE_BYTES {
            return Err(damaged(
                path,
                number,
                "line is longer than any journal entry can be",
            ));
        }
        let text = std::str::from_utf8(line)
            .map_err(|e| damaged(path, number, &format!("not text: {e}")))?;
        intact = offset;
        if !text.trim().is_empty() {
            lines.push((number, text.to_owned()));
        }
    }
    if lines.is_empty() {
        return Err(damaged(path, 1, "the journal is empty: no header line"));
    }
    let (_, header) = lines.remove(0);
    Ok(RawJournal {
        header,
        lines,
        intact_bytes: intact as u64,
        warnings,
    })
}

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
            &format!("column {}: {}", e.span.start.col, e.code),
        )
    })
}

/// Appends entries to a journal file, each made durable before it returns.
#[derive(Debug)]
pub struct JournalWriter {
    file: File,
    path: PathBuf,
}

impl JournalWriter {
    /// Creates a new journal with its header line, durable on return.
    ///
    /// # Errors
    /// The file exists already, or cannot be written.
    pub fn create<A: Serialize>(path: &Path, header: &Header<A>) -> Result<Self, BattleError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        }
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| io(path, e))?;
        let mut writer = Self {
            file,
            path: path.to_owned(),
        };
        writer.append(header)?;
        sync_parent(path);
        Ok(writer)
    }

    /// Opens an existing journal to go on with it, first cutting off a torn tail.
    ///
    /// # Errors
    /// The file cannot be opened or truncated.
    pub fn resume(path: &Path, intact_bytes: u64) -> Result<Self, BattleError> {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| io(path, e))?;
        file.set_len(intact_bytes).map_err(|e| io(path, e))?;
        file.sync_all().map_err(|e| io(path, e))?;
        drop(file);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| io(path, e))?;
        Ok(Self {
            file,
            path: path.to_owned(),
        })
    }

    /// Writes one value as one line and waits until it is on disk.
    ///
    /// # Errors
    /// The value cannot be written or synced.
    pub fn append<T: Serialize>(&mut self, value: &T) -> Result<(), BattleError> {
        let mut line = ron::to_string(value).map_err(|e| {
            io(
                &self.path,
                std::io::Error::other(format!("cannot encode entry: {e}")),
            )
        })?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| io(&self.path, e))?;
        self.file.sync_data().map_err(|e| io(&self.path, e))
    }

    /// The file being written.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Makes a new file's directory entry durable too (best effort: not every platform can).
fn sync_parent(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}

/// Writes a whole file safely: a temporary file beside it, synced, then renamed over it.
///
/// # Errors
/// Any write, sync or rename fails; the old file is then untouched.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), BattleError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&temp);
        return Err(io(path, e));
    }
    sync_parent(path);
    Ok(())
}

pub(crate) fn io(path: &Path, source: std::io::Error) -> BattleError {
    BattleError::Io {
        path: path.to_owned(),
        source,
    }
}

pub(crate) fn damaged(path: &Path, line: usize, message: &str) -> BattleError {
    BattleError::Damaged {
        path: path.to_owned(),
        line,
        message: message.to_owned(),
    }
}
