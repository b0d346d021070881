//! The derived cache is only a shortcut: one that agrees with the journal is used, and one
//! that lies (a byte changed and its checksum fixed, another journal's, another build's) is
//! dropped, never trusted over the journal: the battle opens as its journal says, and an
//! intact journal is never refused because of its cache.

use std::path::{Path, PathBuf};

use gunbai::engine::journal::{Action, Entry, FORMAT_VERSION, cache};
use gunbai::engine::{Battle, RuleSet};
use gunbai::rules::{
    daimyo::Daimyo, kozeriai::Kozeriai, simple::Simple, skirmish::Skirmish, sky::Sky,
};

use super::craft::{join, later, reseal, text_lines};
use super::{open, picture, play};

/// A sky journal at `dir/name` with a cache of its entries beside it; what it shows.
fn journal_with_cache(dir: &Path, name: &str, seed: u64) -> (PathBuf, String) {
    let path = dir.join(name);
    let game = play("sky", &path, seed, 120);
    let shown = picture(game.as_ref());
    let battle = game.as_any().downcast_ref::<Battle<Sky>>().expect("sky");
    cache::store(&path, "sky", FORMAT_VERSION, battle.entries());
    (path, shown)
}

/// The cache's bytes with one changed and its checksum fixed, as a forger would.
fn forged(bytes: &[u8], at: usize) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out[at] ^= 0x01;
    let crc = crc32fast::hash(&out[12..]);
    out[8..12].copy_from_slice(&crc.to_le_bytes());
    out
}

#[test]
fn a_cache_that_agrees_with_its_journal_is_used() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, shown) = journal_with_cache(dir.path(), "b.ron", 21);
    let (game, warnings) = open(&path, false).expect("opens");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(picture(game.as_ref()), shown);
    // A cache that disagreed would have been dropped.
    assert!(cache::path_for(&path).exists());
}

#[test]
fn a_forged_cache_never_changes_nor_refuses_the_battle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, shown) = journal_with_cache(dir.path(), "b.ron", 23);
    let cache_path = cache::path_for(&path);
    let bytes = std::fs::read(&cache_path).expect("a cache");
    // Bytes spread over the whole payload: versions, times, commands, faces, counts.
    let step = ((bytes.len() - 12) / 48).max(1);
    for at in (12..bytes.len()).step_by(step) {
        std::fs::write(&cache_path, forged(&bytes, at)).expect("write");
        let (game, warnings) = open(&path, false)
            .unwrap_or_else(|e| panic!("byte {at}: the intact journal was refused: {e}"));
        assert!(warnings.is_empty(), "byte {at}: {warnings:?}");
        assert_eq!(picture(game.as_ref()), shown, "byte {at}");
    }
}

#[test]
fn another_journals_cache_is_dropped_and_the_journal_shown() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, shown) = journal_with_cache(dir.path(), "b.ron", 25);
    let (other, other_shown) = journal_with_cache(dir.path(), "other.ron", 26);
    assert_ne!(shown, other_shown);
    std::fs::copy(cache::path_for(&other), cache::path_for(&path)).expect("copy");
    let (game, _) = open(&path, false).expect("opens");
    assert_eq!(picture(game.as_ref()), shown);
    assert!(
        !cache::path_for(&path).exists(),
        "a cache that disagrees is dropped"
    );
}

/// A journal of more entries than a replay needs to leave a cache (30 commands, then undo
/// and redo over and over), its first undo from line `from` on written with a space Gunbai
/// never writes and its checksum fixed: an intact line that does not give itself when
/// written again.
fn long_journal_with_an_odd_line(dir: &Path, from: usize) -> PathBuf {
    let path = dir.join("long.ron");
    drop(play("sky", &path, 31, 30));
    let mut lines = text_lines(&std::fs::read(&path).expect("read"));
    for (n, action) in ["Undo", "Redo"]
        .iter()
        .cycle()
        .take(cache::MIN_ENTRIES + 200)
        .enumerate()
    {
        let at = later(n).to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true);
        let body = format!("(seq:{},at:\"{at}\",action:{action}(count:1)", lines.len());
        // Sealed as `reseal` seals an edited line: the placeholder checksum is replaced.
        lines.push(reseal(&format!("{body},crc:\"00000000\")")));
    }
    let odd = (from..lines.len())
        .find(|&i| lines[i].contains("Undo("))
        .expect("an undo");
    let spaced = lines[odd].replacen(",at:", ", at:", 1);
    assert_ne!(spaced, lines[odd]);
    lines[odd] = reseal(&spaced);
    std::fs::write(&path, join(&lines)).expect("write");
    path
}

#[test]
fn a_journal_a_cache_cannot_follow_settles_on_a_shorter_cache_after_one_more_open() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Early enough that the entries after it are enough to leave a cache at every open.
    let path = long_journal_with_an_odd_line(dir.path(), 100);
    let cache_path = cache::path_for(&path);
    // The first open checks nothing it caches: a cache of every entry.
    let (game, warnings) = open(&path, false).expect("opens");
    assert!(warnings.is_empty(), "{warnings:?}");
    let shown = picture(game.as_ref());
    let everything = std::fs::read(&cache_path).expect("a cache");
    // The next finds it disagreeing at the odd line, reads every line and caches only the
    // entries before it; after that the cache stays as it is, and agrees.
    let mut caches = Vec::new();
    for _ in 0..2 {
        let (game, warnings) = open(&path, false).expect("opens");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(picture(game.as_ref()), shown);
        caches.push(std::fs::read(&cache_path).expect("a cache"));
    }
    assert!(caches[0].len() < everything.len());
    assert_eq!(
        caches[0], caches[1],
        "the cache is not rewritten at every open"
    );
}

/// Issue 41: a `kill -9` while the cache was written leaves its temporary file; the next
/// open removes it, and the battle opens as before.
#[test]
fn a_cache_left_half_written_is_removed_at_the_next_open() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, shown) = journal_with_cache(dir.path(), "b.ron", 27);
    let leftover = dir.path().join("..b.ron.cache.K9x2Qz.tmp");
    std::fs::write(&leftover, b"half a cache").expect("write");
    let (game, _) = open(&path, false).expect("opens");
    assert_eq!(picture(game.as_ref()), shown);
    assert!(!leftover.exists(), "the leftover is gone");
    assert!(cache::path_for(&path).exists(), "the cache itself stays");
}

/// Every rule set's commands, as the kept journals of this build's format hold them, come back from the
/// cache as they were stored: one that did not (a field a journal line leaves out, which the
/// cache's binary form cannot tell) would fail to read, and every reopen of its battles would
/// parse every line again.
#[test]
fn every_rule_set_s_commands_come_back_from_the_cache_as_stored() {
    fn round_trip<R: RuleSet>(dir: &Path) {
        let kept = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/journals/format-{FORMAT_VERSION}"))
            .join(format!("{}.ron", R::KEY));
        let path = dir.join(format!("{}.ron", R::KEY));
        std::fs::copy(&kept, &path).expect("copy");
        let (game, _) = open(&path, false).expect("opens");
        let battle = game
            .as_any()
            .downcast_ref::<Battle<R>>()
            .expect("its rule set");
        cache::store(&path, R::KEY, FORMAT_VERSION, battle.entries());
        let loaded = cache::load::<R::Command, R::Event>(&path, R::KEY, FORMAT_VERSION)
            .unwrap_or_else(|| panic!("{}: the cache does not read back", R::KEY));
        let commands = |entries: &[Entry<R::Command, R::Event>]| -> Vec<Option<R::Command>> {
            let command = |e: &Entry<_, _>| match &e.action {
                Action::Command { command, .. } => Some(R::Command::clone(command)),
                _ => None,
            };
            entries.iter().map(command).collect()
        };
        assert!(
            commands(&loaded) == commands(battle.entries()),
            "{}: the cache gives other commands",
            R::KEY
        );
    }
    let dir = tempfile::tempdir().expect("tempdir");
    round_trip::<Sky>(dir.path());
    round_trip::<Simple>(dir.path());
    round_trip::<Skirmish>(dir.path());
    round_trip::<Daimyo>(dir.path());
    round_trip::<Kozeriai>(dir.path());
}
