//! Writing a journal: one line per entry, durable before it returns, one writer at a time.
//!
//! The writer holds an exclusive lock on the file for as long as the battle is open, so a
//! second window (or `simulate`) cannot resume the same journal and cut or interleave
//! another's entries. A write or sync that fails cuts the file back to its last good
//! length and stops the writer: the battle is read-only from then on, and the entry that
//! failed was never applied.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::file::{kind_name, open_regular, sync_parent};
use super::line::{entry_line, header_line};
use super::{Entry, FORMAT_VERSION, Header, io};
use crate::engine::error::BattleError;

/// The file a journal is written to: the real file, or a stand-in that fails on purpose
/// (tests of a full disk).
pub trait JournalFile: Send {
    /// Writes all of `bytes` at `offset`.
    ///
    /// # Errors
    /// Any write error; part of `bytes` may have been written.
    fn write_all_at(&mut self, offset: u64, bytes: &[u8]) -> std::io::Result<()>;
    /// Makes what was written durable.
    ///
    /// # Errors
    /// The data may not be on disk.
    fn sync(&mut self) -> std::io::Result<()>;
    /// Cuts the file to `len` bytes.
    ///
    /// # Errors
    /// The file could not be cut.
    fn truncate(&mut self, len: u64) -> std::io::Result<()>;
}

impl JournalFile for File {
    fn write_all_at(&mut self, offset: u64, bytes: &[u8]) -> std::io::Result<()> {
        self.seek(SeekFrom::Start(offset))?;
        self.write_all(bytes)
    }

    fn sync(&mut self) -> std::io::Result<()> {
        self.sync_data()
    }

    fn truncate(&mut self, len: u64) -> std::io::Result<()> {
        self.set_len(len)
    }
}

/// Appends entries to a journal file, each made durable before it returns.
pub struct JournalWriter {
    path: PathBuf,
    /// `None` for a battle opened read-only.
    file: Option<Box<dyn JournalFile>>,
    /// Bytes on disk that hold good lines: where the next line goes.
    len: u64,
    /// The number the next entry carries.
    next_seq: u64,
    /// The format of the file's lines (a format 1 journal goes on in format 1).
    format: u32,
    /// Why nothing more can be written, once something went wrong (or from the start).
    stopped: Option<String>,
}

impl std::fmt::Debug for JournalWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JournalWriter")
            .field("path", &self.path)
            .field("len", &self.len)
            .field("next_seq", &self.next_seq)
            .field("format", &self.format)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

/// Takes the exclusive lock on a journal, or says who has it.
///
/// # Errors
/// Another open file holds the lock, or locking failed.
pub fn lock(path: &Path, file: &File) -> Result<(), BattleError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(BattleError::Locked {
            path: path.to_owned(),
        }),
        // A file system without locks: write as before rather than not at all.
        Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => Ok(()),
        Err(TryLockError::Error(e)) => Err(io(path, e)),
    }
}

/// Opens an existing journal to read it and then go on writing it, locked.
///
/// # Errors
/// Not a regular file, cannot be opened for writing, or open in another window.
pub fn open_locked(path: &Path) -> Result<File, BattleError> {
    let file = open_regular(path, OpenOptions::new().read(true).write(true))?;
    lock(path, &file)?;
    Ok(file)
}

impl JournalWriter {
    /// Creates a new journal with its header line, locked and durable on return.
    ///
    /// # Errors
    /// The path is a folder or exists already, or the file cannot be written.
    pub fn create<A: Serialize>(path: &Path, header: &Header<A>) -> Result<Self, BattleError> {
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            let kind = meta.file_type();
            return Err(if kind.is_file() {
                io(
                    path,
                    std::io::Error::new(
                        std::io::ErrorKind::AlreadyExists,
                        "a journal is here already, and a new battle never overwrites one: choose another name",
                    ),
                )
            } else {
                BattleError::NotAFile {
                    path: path.to_owned(),
                    kind: kind_name(kind),
                }
            });
        }
        let mut line = header_line(header).map_err(|m| encode_error(path, m))?;
        line.push('\n');
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| io(path, e))?;
        lock(path, &file)?;
        if let Err(error) = file
            .write_all_at(0, line.as_bytes())
            .and_then(|()| file.sync())
        {
            // A journal without its header holds no battle, and would keep the name from
            // the next try: it goes.
            drop(file);
            let left = match std::fs::remove_file(path) {
                Ok(()) => "no journal was left there".to_owned(),
                Err(e) => format!("and the unfinished journal there could not be removed ({e})"),
            };
            sync_parent(path);
            return Err(io(
                path,
                std::io::Error::new(
                    error.kind(),
                    format!(
                        "the battle could not be started: its journal's first line could not be written ({error}); {left}"
                    ),
                ),
            ));
        }
        sync_parent(path);
        let len = line.len() as u64;
        Ok(Self::resume(path, Box::new(file), len, 1, FORMAT_VERSION))
    }

    /// Goes on writing a journal whose first `len` bytes are good lines, entry `next_seq`
    /// next. The file should be locked already (see [`open_locked`]).
    pub fn resume(
        path: &Path,
        file: Box<dyn JournalFile>,
        len: u64,
        next_seq: u64,
        format: u32,
    ) -> Self {
        Self {
            path: path.to_owned(),
            file: Some(file),
            len,
            next_seq,
            format,
            stopped: None,
        }
    }

    /// Cuts a resumed journal back to its good lines (a torn tail goes) and, when its last
    /// line is whole but lost its newline (`unterminated`), writes that newline, so that the
    /// next entry begins a line of its own: durable on return.
    ///
    /// # Errors
    /// The file cannot be cut, written or synced.
    pub fn settle_tail(&mut self, unterminated: bool) -> Result<(), BattleError> {
        let (path, len) = (&self.path, self.len);
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        file.truncate(len)
            .and_then(|()| {
                if unterminated {
                    file.write_all_at(len, b"\n")
                } else {
                    Ok(())
                }
            })
            .and_then(|()| file.sync())
            .map_err(|e| io(path, e))?;
        if unterminated {
            self.len += 1;
        }
        Ok(())
    }

    /// A battle's journal opened read-only: every append is refused with `reason`.
    pub fn read_only(path: &Path, reason: impl Into<String>) -> Self {
        Self {
            path: path.to_owned(),
            file: None,
            len: 0,
            next_seq: 1,
            format: FORMAT_VERSION,
            stopped: Some(reason.into()),
        }
    }

    /// Writes one entry as one line and waits until it is on disk.
    ///
    /// # Errors
    /// The battle is read-only, or the entry cannot be written or synced; the file is then
    /// cut back to its last good entry and the battle becomes read-only.
    pub fn append<C: Serialize, E: Serialize>(
        &mut self,
        entry: &Entry<C, E>,
    ) -> Result<(), BattleError> {
        if let Some(reason) = &self.stopped {
            return Err(self.refusal(reason.clone()));
        }
        let line = entry_line(self.format, self.next_seq, entry)
            .map_err(|m| encode_error(&self.path, m))?;
        self.write_line(&line)?;
        self.next_seq += 1;
        Ok(())
    }

    /// Writes a line and its newline at the end of the good lines, durably; on failure cuts
    /// the file back and stops.
    fn write_line(&mut self, line: &str) -> Result<(), BattleError> {
        let Some(file) = self.file.as_mut() else {
            return Err(self.refusal("it was opened read-only".into()));
        };
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let written = file
            .write_all_at(self.len, &bytes)
            .and_then(|()| file.sync());
        let Err(error) = written else {
            self.len += bytes.len() as u64;
            return Ok(());
        };
        // Whatever part of the line reached the disk goes: the file ends with the last entry
        // that was applied, and the next one never lands after torn bytes.
        let reason = match file.truncate(self.len).and_then(|()| file.sync()) {
            Ok(()) => format!(
                "writing the journal failed ({error}); it was cut back to its last good entry, \
                 the failed action was not applied, and nothing more is written"
            ),
            Err(cut) => format!(
                "writing the journal failed ({error}) and cutting it back failed too ({cut}); \
                 the failed action was not applied, but part of it may be on disk"
            ),
        };
        self.stopped = Some(reason.clone());
        Err(self.refusal(reason))
    }

    fn refusal(&self, reason: String) -> BattleError {
        BattleError::ReadOnly {
            path: self.path.clone(),
            reason,
        }
    }

    /// Why nothing more is written to this journal, if so.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    /// Puts a stand-in around the file (tests: a disk that fills up).
    pub fn wrap_file(&mut self, wrap: impl FnOnce(Box<dyn JournalFile>) -> Box<dyn JournalFile>) {
        if let Some(file) = self.file.take() {
            self.file = Some(wrap(file));
        }
    }

    /// The file being written.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

fn encode_error(path: &Path, message: String) -> BattleError {
    io(path, std::io::Error::other(message))
}
