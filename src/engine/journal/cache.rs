//! A derived cache of a long journal's entries, so reopening it skips parsing RON.
//!
//! The journal stays the record; the cache, `.NAME.cache` beside it, is a shortcut to
//! reading it. It holds only what running the entries again needs: each entry's time and
//! command with its recorded faces, or its undo or redo, and never their events. Replay still
//! reads every line of the journal, without parsing it; it runs each cached command again,
//! writes the line that gives and compares it with the journal's own line. A cache made by
//! another build or for another journal format, one that fails to decode, and one whose
//! entries do not give the journal's lines are all dropped, and the journal is read from its
//! lines and the cache rebuilt: the cache can make an open faster, never different, and an
//! intact journal is never refused because of it. Deleting it at any time costs one slower
//! open, nothing else.
//!
//! An open that found no cache caches every entry without writing it again first (that
//! would cost it a third more time): what this Gunbai writes gives its own line again.
//! A journal some of whose lines do not (written otherwise by another build) is found out
//! at the next open, which drops the cache and, from then on, caches only the entries
//! before the first such line.

use std::borrow::Cow;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::{Action, Entry};

/// A replay that parsed at least this many entries from lines leaves a cache behind.
pub const MIN_ENTRIES: usize = 5_000;

/// The cache's format: a change to what entries hold (such as whose dice rolled, and pools
/// kept as counts, or times kept as numbers) changes it, so a cache made by an older build
/// is ignored, never misread.
const MAGIC: &[u8; 8] = b"GUNBAIc3";

/// The cache never holds more than this many times the journal's bytes.
const MAX_RATIO: u64 = 4;

/// What an entry did, without its events: what running it again needs. (Written from
/// borrowed commands and faces, read into owned ones.)
#[derive(Debug, Serialize, Deserialize)]
enum CachedAction<'a, C> {
    Command {
        command: C,
        dice: Cow<'a, [u32]>,
        counts: Cow<'a, [u32]>,
        rolled: super::Rolled,
    },
    Undo {
        count: u32,
    },
    Redo {
        count: u32,
    },
}

/// One cached entry.
#[derive(Debug, Serialize, Deserialize)]
struct CachedEntry<'a, C> {
    /// When it was made, as seconds and nanoseconds since 1970: read back much faster than
    /// the RFC 3339 text the journal keeps (a time that does not convert back drops the
    /// cache).
    at: (i64, u32),
    action: CachedAction<'a, C>,
}

/// The cache: which build made it, for which rule set and journal format, and the entries
/// (as written: [`CachedEntry`]; as read: [`Loaded`], each made an entry as it is read).
#[derive(Debug, Serialize, Deserialize)]
struct Cache<'a, T> {
    app_version: Cow<'a, str>,
    ruleset: Cow<'a, str>,
    format: u32,
    entries: Vec<T>,
}

/// A cached entry read straight into the entry replay runs again, its events left empty
/// for running it to fill: no list of cached entries made first and then converted.
struct Loaded<C, E>(Entry<C, E>);

impl<'de, C: Deserialize<'de>, E> Deserialize<'de> for Loaded<C, E> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let CachedEntry { at, action } = CachedEntry::<C>::deserialize(d)?;
        let (secs, nanos) = at;
        let at = DateTime::<Utc>::from_timestamp(secs, nanos)
            .ok_or_else(|| serde::de::Error::custom("a time out of range"))?;
        let action = match action {
            CachedAction::Command {
                command,
                dice,
                counts,
                rolled,
            } => Action::Command {
                command,
                events: Vec::new(),
                dice: dice.into_owned(),
                counts: counts.into_owned(),
                rolled,
            },
            CachedAction::Undo { count } => Action::Undo { count },
            CachedAction::Redo { count } => Action::Redo { count },
        };
        Ok(Self(Entry { at, action }))
    }
}

/// The cache file of a journal.
pub fn path_for(journal: &Path) -> PathBuf {
    let name = journal
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    journal.with_file_name(format!(".{name}.cache"))
}

/// The cached entries of a journal of rule set `ruleset` in format `format`, first entry
/// first, their events left empty for running them again to fill; `None` when there is no
/// cache this build can use.
pub fn load<C: DeserializeOwned, E>(
    journal: &Path,
    ruleset: &str,
    format: u32,
) -> Option<Vec<Entry<C, E>>> {
    // A cache whose writing was stopped (`kill -9`) left its temporary file: gone now.
    super::atomic::remove_leftovers(&path_for(journal));
    let cache: Cache<'static, Loaded<C, E>> = read_cache(&path_for(journal), journal)?;
    if cache.app_version != env!("CARGO_PKG_VERSION")
        || cache.ruleset != ruleset
        || cache.format != format
    {
        return None;
    }
    // A time that does not convert back failed the reading, and with it the cache.
    Some(cache.entries.into_iter().map(|e| e.0).collect())
}

fn read_cache<T: DeserializeOwned>(path: &Path, journal: &Path) -> Option<Cache<'static, T>> {
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

/// Leaves a cache of `entries`, the first of a journal of `ruleset` in `format`. Best
/// effort: a cache that cannot be written is simply not there next time.
pub fn store<C: Serialize, E>(journal: &Path, ruleset: &str, format: u32, entries: &[Entry<C, E>]) {
    let entries = entries
        .iter()
        .map(|e| CachedEntry {
            at: (e.at.timestamp(), e.at.timestamp_subsec_nanos()),
            action: match &e.action {
                Action::Command {
                    command,
                    dice,
                    counts,
                    rolled,
                    ..
                } => CachedAction::Command {
                    command,
                    dice: Cow::Borrowed(dice.as_slice()),
                    counts: Cow::Borrowed(counts.as_slice()),
                    rolled: *rolled,
                },
                Action::Undo { count } => CachedAction::Undo { count: *count },
                Action::Redo { count } => CachedAction::Redo { count: *count },
            },
        })
        .collect();
    let cache: Cache<'_, CachedEntry<'_, &C>> = Cache {
        app_version: Cow::Borrowed(env!("CARGO_PKG_VERSION")),
        ruleset: Cow::Borrowed(ruleset),
        format,
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

/// Drops a journal's cache (it disagreed with the journal).
pub fn remove(journal: &Path) {
    let _ = std::fs::remove_file(path_for(journal));
}
