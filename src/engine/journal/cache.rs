//! A derived cache of a long journal's entries, so reopening it skips parsing RON.
//!
//! The journal stays the record; the cache, `.NAME.cache` beside it, is a compact binary
//! copy of the entries of its first bytes, made after a replay that read many entries from
//! lines. It is used only when those bytes are still exactly the ones it was made from
//! (same length, same CRC-32) and its own checksum holds; otherwise it is ignored and
//! rebuilt. Deleting it at any time costs one slower open, nothing else.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::{Entry, JournalReader, NumberedEntry, io};
use crate::engine::error::BattleError;

/// A replay that parsed at least this many entries from lines leaves a cache behind.
pub const MIN_ENTRIES: usize = 5_000;

/// The cache's format: a change to what entries hold (such as whose dice rolled, and pools
/// kept as counts) changes it, so a cache made by an older build is ignored, never misread.
const MAGIC: &[u8; 8] = b"GUNBAIc2";

/// The cache never holds more than this many times the journal's bytes.
const MAX_RATIO: u64 = 4;

/// What a cache covers, and the entries.
#[derive(Serialize)]
struct CacheRef<'a, C, E> {
    journal_bytes: u64,
    journal_crc: u32,
    lines: u64,
    entry_lines: &'a [u64],
    entries: &'a [Entry<C, E>],
}

#[derive(Deserialize)]
struct Cache<C, E> {
    journal_bytes: u64,
    journal_crc: u32,
    lines: u64,
    entry_lines: Vec<u64>,
    entries: Vec<Entry<C, E>>,
}

/// The cache file of a journal.
pub fn path_for(journal: &Path) -> PathBuf {
    let name = journal
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    journal.with_file_name(format!(".{name}.cache"))
}

/// The cached entries with their line numbers, when the cache fits the journal the reader
/// is reading (which then goes on after them); `None` when there is no usable cache.
///
/// # Errors
/// The journal cannot be read.
pub fn load<C: DeserializeOwned, E: DeserializeOwned>(
    reader: &mut JournalReader,
) -> Result<Option<Vec<NumberedEntry<C, E>>>, BattleError> {
    let path = path_for(reader.path());
    let Some(cache) = read_cache::<C, E>(&path, reader.path()) else {
        return Ok(None);
    };
    if cache.entries.len() != cache.entry_lines.len() {
        return Ok(None);
    }
    let (Ok(lines), Ok(count)) = (
        usize::try_from(cache.lines),
        u64::try_from(cache.entries.len()),
    ) else {
        return Ok(None);
    };
    let fits = reader
        .skip_verified(cache.journal_bytes, cache.journal_crc, lines, count)
        .map_err(|e| io(reader.path(), e))?;
    if !fits {
        // Made from other bytes: of no use again.
        let _ = std::fs::remove_file(&path);
        return Ok(None);
    }
    let entries = cache
        .entry_lines
        .into_iter()
        .map(|l| usize::try_from(l).unwrap_or(usize::MAX))
        .zip(cache.entries)
        .collect();
    Ok(Some(entries))
}

fn read_cache<C: DeserializeOwned, E: DeserializeOwned>(
    path: &Path,
    journal: &Path,
) -> Option<Cache<C, E>> {
    let journal_len = std::fs::metadata(journal).ok()?.len();
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_file() || meta.len() > journal_len.saturating_mul(MAX_RATIO) {
        return None;
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(meta.len())
        .read_to_end(&mut bytes)
        .ok()?;
    let rest = bytes.strip_prefix(MAGIC)?;
    let (crc, payload) = rest.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*crc) != crc32fast::hash(payload) {
        return None;
    }
    postcard::from_bytes(payload).ok()
}

/// Leaves a cache of `entries` (read from lines `entry_lines`) covering the journal's
/// first `bytes` (CRC-32 `crc`, `lines` lines). Best effort: a cache that cannot be
/// written is simply not there next time.
pub fn store<C: Serialize, E: Serialize>(
    journal: &Path,
    (bytes, crc, lines): (u64, u32, usize),
    entry_lines: &[usize],
    entries: &[Entry<C, E>],
) {
    let entry_lines: Vec<u64> = entry_lines.iter().map(|&l| l as u64).collect();
    let cache = CacheRef {
        journal_bytes: bytes,
        journal_crc: crc,
        lines: lines as u64,
        entry_lines: &entry_lines,
        entries,
    };
    let Ok(payload) = postcard::to_allocvec(&cache) else {
        return;
    };
    let mut out = Vec::with_capacity(payload.len() + 12);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    let _ = super::write_atomically(&path_for(journal), &out);
}
