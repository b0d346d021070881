//! Reading a journal line by line: bounded, checked, stopping at the first bad line.
//!
//! Nothing is read ahead of what replay asks for, no line may be longer than
//! [`MAX_LINE_BYTES`], and only regular files are opened, so a fifo, `/dev/zero` or a file
//! of garbage costs one line's worth of memory and time before it is refused.

use std::fs::{File, OpenOptions};
use std::io::{BufRead as _, BufReader, Read as _, Seek as _, SeekFrom};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::file::open_regular;
use super::line::{check_seal, parse_entry};
use super::{
    FORMAT_V1, FORMAT_VERSION, HEADER_START, Header, HeaderKey, MAX_LINE_BYTES, NumberedEntry,
    damaged, io, parse_line,
};
use crate::engine::error::BattleError;

/// Whether the file at `path` begins as a journal does ([`HEADER_START`], after any blank
/// lines, as [`JournalReader`] skips them), reading only its first few kilobytes: how
/// `gunbai FILE` tells a journal from a roster before opening it. Whether the rest is a
/// sound journal is for opening it to say.
///
/// # Errors
/// The file cannot be read, or is not a regular file (a folder, a fifo, a device).
pub fn begins_as_journal(path: &Path) -> Result<bool, BattleError> {
    let file = open_regular(path, OpenOptions::new().read(true))?;
    let mut start = Vec::new();
    file.take(4096)
        .read_to_end(&mut start)
        .map_err(|e| io(path, e))?;
    let text = start.trim_ascii_start();
    Ok(text.starts_with(HEADER_START.as_bytes()))
}

/// One line as read: complete, cut off at the end of the file, or too long to be a line.
enum Read {
    Line,
    Torn,
    Overlong,
    End,
}

/// A journal being read, its header already read and checked.
#[derive(Debug)]
pub struct JournalReader {
    path: PathBuf,
    input: BufReader<File>,
    buf: Vec<u8>,
    /// The number of the last line read.
    line: usize,
    /// Bytes read so far.
    offset: u64,
    /// Bytes up to the end of the last complete line handed out.
    intact: u64,
    /// CRC-32 of the bytes up to `intact` (for the derived cache).
    crc: crc32fast::Hasher,
    header: String,
    key: HeaderKey,
    /// The sequence number the next entry must carry.
    next_seq: u64,
    /// Entries read from lines, rather than from the cache.
    parsed: usize,
    warnings: Vec<String>,
}

impl JournalReader {
    /// Opens a journal to read it only.
    ///
    /// # Errors
    /// As [`JournalReader::new`].
    pub fn open(path: &Path) -> Result<Self, BattleError> {
        let file = open_regular(path, OpenOptions::new().read(true))?;
        Self::new(path, file)
    }

    /// Reads the header of a journal opened as `file`.
    ///
    /// # Errors
    /// The file cannot be read, is empty, or its header is damaged, of an unknown format,
    /// or cut off.
    pub fn new(path: &Path, file: File) -> Result<Self, BattleError> {
        let mut reader = Self {
            path: path.to_owned(),
            input: BufReader::with_capacity(64 * 1024, file),
            buf: Vec::new(),
            line: 0,
            offset: 0,
            intact: 0,
            crc: crc32fast::Hasher::new(),
            header: String::new(),
            key: HeaderKey {
                format: 0,
                ruleset: String::new(),
            },
            next_seq: 1,
            parsed: 0,
            warnings: Vec::new(),
        };
        let Some((line, header)) = reader.next_line()? else {
            let why = if reader.warnings.is_empty() {
                "the journal is empty: no header line"
            } else {
                "the header line was cut off: the battle never started"
            };
            return Err(damaged(path, 1, why));
        };
        let key: HeaderKey = parse_line(path, line, &header)?;
        match key.format {
            FORMAT_V1 => {}
            FORMAT_VERSION => check_seal(&header).map_err(|m| damaged(path, line, &m))?,
            other => {
                return Err(BattleError::Header(format!(
                    "{}: journal format {other} is not one this Gunbai reads ({FORMAT_V1} or {FORMAT_VERSION})",
                    path.display()
                )));
            }
        }
        reader.header = header;
        reader.key = key;
        Ok(reader)
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The header's format and rule set.
    pub fn key(&self) -> &HeaderKey {
        &self.key
    }

    /// The header, read as a rule set's.
    ///
    /// # Errors
    /// The header does not fit the rule set.
    pub fn header<A: DeserializeOwned>(&self) -> Result<Header<A>, BattleError> {
        parse_line(&self.path, 1, &self.header)
    }

    /// The next entry with its line number, or `None` at the end (a torn last line is
    /// dropped with a warning).
    ///
    /// # Errors
    /// Damage, naming the line: too long, not text, a bad checksum or number, or a value
    /// that does not parse. Reading stops there.
    pub fn next_entry<C: DeserializeOwned, E: DeserializeOwned>(
        &mut self,
    ) -> Result<Option<NumberedEntry<C, E>>, BattleError> {
        let Some((line, text)) = self.next_line()? else {
            return Ok(None);
        };
        let entry = parse_entry(&self.path, line, &text, self.key.format, self.next_seq)?;
        self.next_seq += 1;
        self.parsed += 1;
        Ok(Some((line, entry)))
    }

    /// The next line that is not blank, with its number.
    fn next_line(&mut self) -> Result<Option<(usize, String)>, BattleError> {
        loop {
            self.line += 1;
            match self.read_line().map_err(|e| io(&self.path, e))? {
                Read::End => return Ok(None),
                Read::Torn => {
                    self.warnings.push(format!(
                        "{}:{}: the last line was cut off (the app stopped while writing it); it was dropped",
                        self.path.display(),
                        self.line
                    ));
                    return Ok(None);
                }
                Read::Overlong => {
                    return Err(damaged(
                        &self.path,
                        self.line,
                        &format!(
                            "the line is longer than any journal line can be ({MAX_LINE_BYTES} bytes)"
                        ),
                    ));
                }
                Read::Line => {}
            }
            let text = std::str::from_utf8(&self.buf)
                .map_err(|e| damaged(&self.path, self.line, &format!("not text: {e}")))?;
            let text = text.strip_suffix('\n').unwrap_or(text);
            let text = text.strip_suffix('\r').unwrap_or(text).to_owned();
            self.crc.update(&self.buf);
            self.intact = self.offset;
            if !text.trim().is_empty() {
                return Ok(Some((self.line, text)));
            }
        }
    }

    /// Reads one line into `buf`, newline included, never keeping more than the limit.
    fn read_line(&mut self) -> std::io::Result<Read> {
        self.buf.clear();
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(if self.buf.is_empty() {
                    Read::End
                } else {
                    Read::Torn
                });
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (chunk.len(), false),
            };
            if self.buf.len() + take > MAX_LINE_BYTES + 1 {
                return Ok(Read::Overlong);
            }
            self.buf.extend_from_slice(&chunk[..take]);
            self.input.consume(take);
            self.offset += take as u64;
            if done {
                return Ok(Read::Line);
            }
        }
    }

    /// Skips the first `bytes` of the journal when they are exactly those a cache was made
    /// from (`crc`, `lines` lines, `entries` entries); otherwise reads on from where it was.
    ///
    /// # Errors
    /// The file cannot be read, or read again from where it was.
    pub(super) fn skip_verified(
        &mut self,
        bytes: u64,
        crc: u32,
        lines: usize,
        entries: u64,
    ) -> std::io::Result<bool> {
        let (from, mut hasher) = (self.offset, self.crc.clone());
        let mut at = from;
        while at < bytes {
            let chunk = self.input.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            let take = chunk
                .len()
                .min(usize::try_from(bytes - at).unwrap_or(usize::MAX));
            hasher.update(&chunk[..take]);
            self.input.consume(take);
            at += take as u64;
        }
        if at == bytes && hasher.clone().finalize() == crc {
            self.offset = bytes;
            self.intact = bytes;
            self.crc = hasher;
            self.line = lines;
            self.next_seq = entries + 1;
            return Ok(true);
        }
        // Not the same bytes: read them as lines after all.
        self.input.seek(SeekFrom::Start(from))?;
        Ok(false)
    }

    /// Bytes up to the end of the last complete line read, their CRC-32, and the lines.
    pub fn intact(&self) -> (u64, u32, usize) {
        (self.intact, self.crc.clone().finalize(), self.line)
    }

    /// Bytes up to the end of the last complete line read: a writer cuts the file there.
    pub fn intact_bytes(&self) -> u64 {
        self.intact
    }

    /// The sequence number the next entry will carry.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }

    /// How many entries were read from lines (not from the derived cache).
    pub fn parsed(&self) -> usize {
        self.parsed
    }

    /// Warnings so far (a torn last line dropped).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The file, to go on writing it.
    pub fn into_file(self) -> File {
        self.input.into_inner()
    }
}
