//! Reading a journal line by line: bounded, checked, stopping at the first bad line.
//!
//! Nothing is read ahead of what replay asks for, no line may be longer than
//! [`MAX_LINE_BYTES`], and only regular files are opened, so a fifo, `/dev/zero` or a file
//! of garbage costs one line's worth of memory and time before it is refused.

use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher as _, RandomState};
use std::io::{BufRead as _, BufReader, Read as _, Seek as _, SeekFrom};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::file::open_regular;
use super::line::{check_seal, looks_sealed, parse_entry};
use super::{
    Entry, FORMAT_V1, FORMAT_V2, FORMAT_V3, FORMAT_VERSION, HEADER_START, Header, HeaderKey,
    MAX_LINE_BYTES, NumberedEntry, damaged, io, parse_line,
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
    let text = start.strip_prefix(BOM.as_bytes()).unwrap_or(&start);
    Ok(text.trim_ascii_start().starts_with(HEADER_START.as_bytes()))
}

/// The byte-order mark some editors put at the start of a UTF-8 file, which says nothing
/// in UTF-8: skipped.
const BOM: &str = "\u{feff}";

/// Why a journal whose lines end in a carriage return alone cannot be read.
const CR_ONLY: &str = "its lines end in a carriage return alone (as on old Macs), not a line feed: it was saved so by another program; save it with LF (or CRLF) line ends";

/// One line as read: complete, cut off at the end of the file, or too long to be a line.
enum Read {
    Line,
    Torn,
    Overlong,
    End,
}

/// An entry as read: of today's shapes, or of an older journal with events recorded in
/// shapes this build may no longer have, each kept as its text.
#[derive(Debug)]
pub enum OfFormat<C, E> {
    /// Its command and events read as today's.
    Today(Entry<C, E>),
    /// Its command and each event as the text recorded.
    Older(Entry<Box<ron::value::RawValue>, Box<ron::value::RawValue>>),
}

/// An entry as read, with the number of the line it was read from.
pub type NumberedOfFormat<C, E> = (usize, OfFormat<C, E>);

/// Reads event `index` (from 0) of an older entry as `T`, from the text recorded; why not,
/// naming the event, the column in it and what was found.
///
/// # Errors
/// The text is not a `T`.
pub fn read_recorded<T: DeserializeOwned>(
    index: usize,
    recorded: &ron::value::RawValue,
) -> Result<T, String> {
    read_as(&format!("event {}", index + 1), recorded)
}

/// Reads an older entry's command as `T`, from the text recorded; why not, naming the
/// column in it and what was found.
///
/// # Errors
/// The text is not a `T`.
pub fn read_recorded_command<T: DeserializeOwned>(
    recorded: &ron::value::RawValue,
) -> Result<T, String> {
    read_as("the command", recorded)
}

/// Reads `what` of an older entry as `T` from its recorded text; why not, naming `what`.
fn read_as<T: DeserializeOwned>(what: &str, recorded: &ron::value::RawValue) -> Result<T, String> {
    recorded.into_rust().map_err(|e| {
        format!(
            "{what}, column {}: {}",
            e.span.start.col,
            crate::ron_words::words(&e.code)
        )
    })
}

/// A journal being read, its header already read and checked.
#[derive(Debug)]
pub struct JournalReader {
    path: PathBuf,
    input: BufReader<File>,
    buf: Vec<u8>,
    /// The last line [`JournalReader::next_line`] read, without its line ending: `buf`'s
    /// allocation, handed back and forth so that no line is copied or allocated.
    text: String,
    /// The number of the last line read.
    line: usize,
    /// Bytes read so far.
    offset: u64,
    /// Bytes up to the end of the last complete line handed out.
    intact: u64,
    /// Keys the lines' hashes: random for each reader, so no file can be made whose line
    /// hashes the same as another text (see [`JournalReader::line_hash`]).
    keys: RandomState,
    /// The hash of the last line handed out.
    last_hash: u64,
    header: String,
    key: HeaderKey,
    /// The sequence number the next entry must carry.
    next_seq: u64,
    /// Entries read from lines, rather than from the cache.
    parsed: usize,
    /// The last line read lacks its newline, its checksum holding.
    unterminated: bool,
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
        let mut reader = Self::unread(path, file);
        let Some(line) = reader.next_line()? else {
            let why = if reader.warnings.is_empty() {
                "the journal is empty: no header line"
            } else if reader.buf.contains(&b'\r') {
                CR_ONLY
            } else {
                "the header line was cut off: the battle never started"
            };
            return Err(damaged(path, 1, why));
        };
        // A byte-order mark an editor put before the header is no part of the journal.
        let header = reader.text.strip_prefix(BOM).unwrap_or(&reader.text);
        if header.contains('\r') {
            return Err(damaged(path, line, CR_ONLY));
        }
        let header = header.to_owned();
        let key: HeaderKey = parse_line(path, line, &header)?;
        match key.format {
            // Format 1 has no line checks: a header that says so over a sealed line is a
            // format 2 journal whose checks someone tried to switch off.
            FORMAT_V1 if looks_sealed(&header) => {
                return Err(damaged(
                    path,
                    line,
                    "the header says format 1 (lines without checks) but carries a format 2 checksum: its format was lowered",
                ));
            }
            FORMAT_V1 => {}
            FORMAT_V2 | FORMAT_V3 | FORMAT_VERSION => {
                check_seal(&header).map_err(|m| damaged(path, line, &m))?;
            }
            other => {
                return Err(BattleError::Header(format!(
                    "{}: journal format {other} is not one this Gunbai reads ({FORMAT_V1} to {FORMAT_VERSION})",
                    path.display()
                )));
            }
        }
        reader.header = header;
        reader.key = key;
        Ok(reader)
    }

    /// A reader at the start of `file`, nothing read yet.
    fn unread(path: &Path, file: File) -> Self {
        Self {
            path: path.to_owned(),
            input: BufReader::with_capacity(64 * 1024, file),
            buf: Vec::new(),
            text: String::new(),
            line: 0,
            offset: 0,
            intact: 0,
            keys: RandomState::new(),
            last_hash: 0,
            header: String::new(),
            key: HeaderKey {
                format: 0,
                ruleset: String::new(),
            },
            next_seq: 1,
            parsed: 0,
            unterminated: false,
            warnings: Vec::new(),
        }
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
        let Some(line) = self.next_line()? else {
            return Ok(None);
        };
        let entry = parse_entry(&self.path, line, &self.text, self.key.format, self.next_seq)?;
        self.entry_read();
        Ok(Some((line, entry)))
    }

    /// The next entry as [`JournalReader::next_entry`] reads it or, with `older`, as an
    /// entry whose command and events may be of shapes this build no longer has: each as the
    /// text recorded, for the rule set to read, the events given the state before the entry
    /// ([`crate::engine::ruleset::RuleSet::upgrade_command`] and
    /// [`crate::engine::ruleset::RuleSet::upgrade_events`]).
    ///
    /// # Errors
    /// As [`JournalReader::next_entry`].
    pub fn next_entry_of_format<C: DeserializeOwned, E: DeserializeOwned>(
        &mut self,
        older: bool,
    ) -> Result<Option<NumberedOfFormat<C, E>>, BattleError> {
        let Some(line) = self.next_line()? else {
            return Ok(None);
        };
        let (format, seq) = (self.key.format, self.next_seq);
        let entry = if older {
            OfFormat::Older(parse_entry(&self.path, line, &self.text, format, seq)?)
        } else {
            OfFormat::Today(parse_entry(&self.path, line, &self.text, format, seq)?)
        };
        self.entry_read();
        Ok(Some((line, entry)))
    }

    /// Counts the entry just read.
    fn entry_read(&mut self) {
        self.last_hash = self.line_hash(&self.text);
        self.next_seq += 1;
        self.parsed += 1;
    }

    /// Reads the next entry's line without parsing it (the derived cache holds what it
    /// says, to be checked against [`JournalReader::last_hash`]): its line number, or `None`
    /// at the end (a torn last line is dropped with a warning).
    ///
    /// # Errors
    /// The line is too long or not text. Reading stops there.
    pub fn next_unparsed(&mut self) -> Result<Option<usize>, BattleError> {
        let Some(line) = self.next_line()? else {
            return Ok(None);
        };
        self.last_hash = self.line_hash(&self.text);
        self.next_seq += 1;
        Ok(Some(line))
    }

    /// The hash of the last entry line read (without its line ending).
    pub fn last_hash(&self) -> u64 {
        self.last_hash
    }

    /// The hash of a line's text, keyed at random for this reader: equal hashes mean equal
    /// lines, and a file cannot be made to fool the comparison because nobody knows the key.
    pub fn line_hash(&self, text: &str) -> u64 {
        self.keys.hash_one(text)
    }

    /// Goes back to the first entry, to read every line again (the derived cache disagreed
    /// with the journal).
    ///
    /// # Errors
    /// The file cannot be read again from its start, or its header is no longer the one read.
    pub fn restart(&mut self) -> Result<(), BattleError> {
        self.input
            .seek(SeekFrom::Start(0))
            .map_err(|e| io(&self.path, e))?;
        (
            self.offset,
            self.intact,
            self.line,
            self.next_seq,
            self.parsed,
            self.unterminated,
        ) = (0, 0, 0, 1, 0, false);
        self.warnings.clear();
        match self.next_line()? {
            Some(_) if self.text == self.header => Ok(()),
            _ => Err(damaged(
                &self.path,
                1,
                "the header changed while the journal was being read",
            )),
        }
    }

    /// The next line that is not blank: its number, its text in `text`.
    ///
    /// A last line without its newline was cut off while it was written, and is dropped
    /// with a warning, unless its checksum holds: then only the newline was lost, the entry
    /// is whole, and it is read like any other ([`JournalReader::unterminated`]).
    fn next_line(&mut self) -> Result<Option<usize>, BattleError> {
        loop {
            self.line += 1;
            let read = self.read_line().map_err(|e| io(&self.path, e))?;
            match read {
                Read::End => return Ok(None),
                Read::Torn if !self.buf.trim_ascii_end().is_empty() && !self.sealed_whole() => {
                    self.warnings.push(format!(
                        "{}:{}: the last line was cut off (the app stopped while writing it); it was dropped",
                        self.path.display(),
                        self.line
                    ));
                    return Ok(None);
                }
                Read::Torn => self.unterminated = true,
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
            // The line's bytes become its text where they are, without a copy.
            self.text = match String::from_utf8(std::mem::take(&mut self.buf)) {
                Ok(text) => text,
                Err(e) => {
                    let why = format!("not text: {}", e.utf8_error());
                    self.buf = e.into_bytes();
                    return Err(damaged(&self.path, self.line, &why));
                }
            };
            if self.text.ends_with('\n') {
                self.text.pop();
            }
            if self.text.ends_with('\r') {
                self.text.pop();
            }
            self.intact = self.offset;
            if !self.text.trim().is_empty() {
                return Ok(Some(self.line));
            }
        }
    }

    /// Whether the line in `buf`, which lacks its newline, is sealed by a checksum that holds
    /// (a format 1 line has none, so one cut off cannot be told from one whole).
    fn sealed_whole(&self) -> bool {
        std::str::from_utf8(&self.buf).is_ok_and(|text| check_seal(text.trim_end()).is_ok())
    }

    /// Reads one line into `buf`, newline included, never keeping more than the limit.
    fn read_line(&mut self) -> std::io::Result<Read> {
        if self.buf.capacity() == 0 {
            // The last line's allocation, taken back from its text.
            self.buf = std::mem::take(&mut self.text).into_bytes();
        }
        self.buf.clear();
        // `read_until` finds the newline a word at a time, not byte by byte. A line may be
        // `MAX_LINE_BYTES` and its newline; one byte more shows a line that is longer.
        let limit = MAX_LINE_BYTES + 2;
        let read = (&mut self.input)
            .take(limit as u64)
            .read_until(b'\n', &mut self.buf)?;
        self.offset += read as u64;
        Ok(if self.buf.len() > MAX_LINE_BYTES + 1 {
            Read::Overlong
        } else if self.buf.last() == Some(&b'\n') {
            Read::Line
        } else if self.buf.is_empty() {
            Read::End
        } else {
            Read::Torn
        })
    }

    /// Bytes up to the end of the last complete line read: a writer cuts the file there.
    pub fn intact_bytes(&self) -> u64 {
        self.intact
    }

    /// Whether the last line read, a whole entry, lacks its newline: a writer writes it
    /// before the next line.
    pub fn unterminated(&self) -> bool {
        self.unterminated
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

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    /// A reader at the start of `bytes`, its header not read: what `read_line` makes of them.
    fn reader_of(dir: &Path, bytes: &[u8]) -> JournalReader {
        let path = dir.join("lines.ron");
        std::fs::write(&path, bytes).expect("write");
        JournalReader::unread(&path, File::open(&path).expect("open"))
    }

    #[test]
    fn a_line_is_at_most_max_line_bytes_and_its_newline() {
        let dir = tempfile::tempdir().expect("tempdir");
        let line = |len: usize, end: &[u8]| [vec![b'x'; len], end.to_vec()].concat();

        let mut r = reader_of(
            dir.path(),
            &[line(MAX_LINE_BYTES, b"\n"), b"()\n".to_vec()].concat(),
        );
        assert!(matches!(r.read_line(), Ok(Read::Line)));
        assert_eq!(r.buf.len(), MAX_LINE_BYTES + 1);
        assert!(matches!(r.read_line(), Ok(Read::Line)));
        assert_eq!(r.offset, MAX_LINE_BYTES as u64 + 4);
        assert!(matches!(r.read_line(), Ok(Read::End)));

        let mut r = reader_of(dir.path(), &line(MAX_LINE_BYTES + 1, b"\n"));
        assert!(matches!(r.read_line(), Ok(Read::Overlong)));
        let mut r = reader_of(dir.path(), &line(MAX_LINE_BYTES + 2, b""));
        assert!(matches!(r.read_line(), Ok(Read::Overlong)));
        let mut r = reader_of(dir.path(), &line(MAX_LINE_BYTES * 2, b"\n"));
        assert!(matches!(r.read_line(), Ok(Read::Overlong)));
        assert!(r.buf.len() <= MAX_LINE_BYTES + 2, "{}", r.buf.len());
    }

    #[test]
    fn a_last_line_without_its_newline_is_torn() {
        let dir = tempfile::tempdir().expect("tempdir");
        for len in [1, 100, MAX_LINE_BYTES, MAX_LINE_BYTES + 1] {
            let mut r = reader_of(dir.path(), &[b"()\n".to_vec(), vec![b'x'; len]].concat());
            assert!(matches!(r.read_line(), Ok(Read::Line)));
            assert!(matches!(r.read_line(), Ok(Read::Torn)), "{len}");
        }
    }
}
