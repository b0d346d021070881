//! The journal against hostile files: the lock, special files, bounded reading, format 2's
//! line checks, recovery of the intact prefix, and writes that fail.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

mod cache;
mod craft;
mod days;
mod forged;
mod formats;
mod lies;
mod order;
mod tail;

use std::path::{Path, PathBuf};
use std::time::Duration;

use gunbai::dice::RngDice;
use gunbai::engine::journal::{FORMAT_VERSION, JournalFile};
use gunbai::engine::{Battle, BattleError, Game};
use gunbai::reference::HouseRules;
use gunbai::rules::{self, RULE_SETS, sky::Sky};
use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

/// Plays `steps` random legal commands on a rule set's demo, journalled at `path`.
fn play(key: &str, path: &Path, seed: u64, steps: usize) -> Box<dyn Game> {
    let rosters = rules::demo_rosters(key).expect("demo rosters");
    let mut game =
        rules::start_battle(key, &rosters, HouseRules::default(), Some(path)).expect("starts");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = RngDice::seeded(seed);
    for step in 0..steps {
        if !game.random_step(&mut rng, &mut dice).expect("writes") {
            break;
        }
        if step % 7 == 3 {
            game.undo(1).expect("undo");
            if step % 2 == 1 {
                game.redo(1).expect("redo");
            }
        }
    }
    game
}

/// Everything a battle shows, to compare two battles of any rule set.
fn picture(game: &dyn Game) -> String {
    format!("{:?}\n{:?}\n{:?}", game.view(), game.checks(), game.log())
}

/// A finished journal of a rule set, as bytes (lines end with `\n`).
fn journal_bytes(key: &str, steps: usize) -> Vec<u8> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    drop(play(key, &path, 11, steps));
    std::fs::read(&path).expect("read")
}

fn lines_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

fn write(dir: &Path, name: &str, lines: &[Vec<u8>]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines.concat()).expect("write");
    path
}

/// The Markdown report of a journal as `gunbai report` writes it, in UTC (the report shows
/// local times), and what it said on the terminal.
fn report(path: &Path) -> (String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gunbai"))
        .args(["report", "--format", "md"])
        .arg(path)
        .env("TZ", "UTC")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{}: {stderr}", path.display());
    (String::from_utf8(out.stdout).expect("text"), stderr)
}

/// Opens a journal read-only (the error as text on failure).
fn open(path: &Path, recover: bool) -> Result<(Box<dyn Game>, Vec<String>), String> {
    rules::open_journal(path, recover, false).map_err(|e| e.to_string())
}

/// The kinds of damage a journal line can take, each applied to line `at` (1-based).
fn damage(lines: &mut Vec<Vec<u8>>, kind: usize, at: usize) -> &'static str {
    let i = at - 1;
    match kind {
        0 => {
            lines[i] = b"(this is not an entry)\n".to_vec();
            "garbage"
        }
        1 => {
            let mid = lines[i].len() / 2;
            lines[i][mid] ^= 0x04;
            "a changed byte"
        }
        2 => {
            lines.remove(i);
            "a deleted line"
        }
        3 => {
            let copy = lines[i - 1].clone();
            lines.insert(i, copy);
            "a repeated line"
        }
        4 => {
            lines.swap(i, i + 1);
            "two lines swapped"
        }
        5 => {
            lines[i] = b"(seq:\xff\xfe\x80,at:)\n".to_vec();
            "not UTF-8"
        }
        6 => {
            let mut long = vec![b' '; 4 * 1024 * 1024 + 10];
            long.push(b'\n');
            lines[i] = long;
            "an overlong line"
        }
        _ => {
            let cut = lines[i].len() / 3;
            lines[i].truncate(cut);
            lines[i].push(b'\n');
            "a line cut short"
        }
    }
}

const DAMAGE_KINDS: usize = 8;

#[test]
fn recover_keeps_the_intact_prefix_for_every_kind_of_damage_in_every_rule_set() {
    for info in RULE_SETS {
        let bytes = journal_bytes(info.key, 40);
        let clean = lines_of(&bytes);
        assert!(clean.len() > 12, "{}: {} lines", info.key, clean.len());
        let at = 7;
        for kind in 0..DAMAGE_KINDS {
            let dir = tempfile::tempdir().expect("tempdir");
            let mut lines = clean.clone();
            let what = damage(&mut lines, kind, at);
            let path = write(dir.path(), "damaged.ron", &lines);
            let err = open(&path, false)
                .err()
                .unwrap_or_else(|| panic!("{}: {what} at line {at} was not refused", info.key));
            assert!(
                err.contains(&format!("{}:{at}:", path.display())),
                "{}: {what} names file and line {at}: {err}",
                info.key
            );
            let (recovered, warnings) = open(&path, true).expect("recovers");
            assert_eq!(warnings.len(), 1, "{}: {what}: {warnings:?}", info.key);
            let prefix = write(dir.path(), "prefix.ron", &clean[..at - 1]);
            let (expected, _) = open(&prefix, false).expect("the prefix opens");
            assert_eq!(recovered.entries(), at - 2, "{}: {what}", info.key);
            assert_eq!(
                picture(recovered.as_ref()),
                picture(expected.as_ref()),
                "{}: {what}",
                info.key
            );
        }
    }
}

/// The five demo journals, made once for the property tests.
fn demo_journals() -> &'static Vec<(String, Vec<u8>)> {
    static JOURNALS: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    JOURNALS.get_or_init(|| {
        RULE_SETS
            .iter()
            .map(|info| (info.key.to_owned(), journal_bytes(info.key, 30)))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any edit of any journal of any rule set: no panic, and whatever `--recover` keeps is
    /// the battle of a prefix of the journal's lines.
    #[test]
    fn random_edits_never_panic_and_recover_keeps_a_prefix(
        which in 0usize..5,
        at in 0usize..100_000,
        len in 0usize..64,
        fill in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        let (key, bytes) = &demo_journals()[which];
        let mut edited = bytes.clone();
        let at = at % edited.len();
        let end = (at + len).min(edited.len());
        edited.splice(at..end, fill.iter().copied());
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("edited.ron");
        std::fs::write(&path, &edited).expect("write");
        let _ = open(&path, false);
        if let Ok((game, _)) = open(&path, true) {
            // The kept entries are those of the clean journal's first lines.
            let clean = lines_of(bytes);
            let keep = (game.entries() + 1).min(clean.len());
            let prefix = write(dir.path(), "prefix.ron", &clean[..keep]);
            let (expected, _) = open(&prefix, false).expect("a prefix opens");
            if edited.starts_with(&clean[..keep].concat()) {
                prop_assert_eq!(picture(game.as_ref()), picture(expected.as_ref()), "{}", key);
            }
        }
    }
}

#[test]
fn a_second_writer_is_refused_by_the_lock_and_may_open_read_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    let mut first = play("sky", &path, 5, 20);
    let err = rules::open_journal(&path, false, true)
        .err()
        .expect("a second writer is refused");
    assert!(matches!(err, BattleError::Locked { .. }), "{err}");
    assert!(err.to_string().contains("open in another window"), "{err}");
    let (mut second, _) = rules::open_journal(&path, false, false).expect("opens read-only");
    assert_eq!(picture(second.as_ref()), picture(first.as_ref()));
    assert!(second.read_only().is_some());
    let refused = second
        .undo(1)
        .expect_err("a read-only battle refuses changes");
    assert!(matches!(refused, BattleError::ReadOnly { .. }), "{refused}");
    // The first window writes on, untouched.
    let before = first.entries();
    first.undo(1).expect("the writer writes");
    drop(first);
    let (reopened, _) = rules::open_journal(&path, false, true).expect("the lock went with it");
    assert_eq!(reopened.entries(), before + 1);
}

#[test]
fn special_files_are_refused_naming_the_file_and_never_block() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("fifo.ron");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut cases = vec![
        (PathBuf::from("/dev/zero"), "character device"),
        (dir.path().to_owned(), "folder"),
    ];
    if made.is_ok_and(|s| s.success()) {
        cases.push((fifo, "fifo"));
    }
    for (path, kind) in cases {
        for resume in [false, true] {
            let (tx, rx) = std::sync::mpsc::channel();
            let p = path.clone();
            std::thread::spawn(move || {
                let result = rules::open_journal(&p, true, resume).map(|_| ());
                let _ = tx.send(result.err().map(|e| e.to_string()));
            });
            let err = rx
                .recv_timeout(Duration::from_secs(10))
                .unwrap_or_else(|_| panic!("{} blocked", path.display()))
                .expect("refused");
            assert!(
                err.contains(&path.display().to_string()) && err.contains(kind),
                "{err}"
            );
        }
    }
}

#[test]
fn reading_stops_at_the_first_bad_line_of_a_huge_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut lines = lines_of(&journal_bytes("sky", 5));
    lines.truncate(1);
    lines.push(b"(not an entry)\n".to_vec());
    let path = dir.path().join("huge.ron");
    let mut bytes = lines.concat();
    bytes.extend(std::iter::repeat_n(b"()\n".as_slice(), 7_000_000).flatten());
    std::fs::write(&path, &bytes).expect("write");
    // Reading stops at line 2: the seven million lines after it are never parsed (how long
    // that takes is the benchmarks' business, not a test's).
    let err = open(&path, false).err().expect("refused");
    assert!(err.contains(":2:"), "{err}");
    let (game, _) = open(&path, true).expect("recovers");
    assert_eq!(game.entries(), 0);
}

#[test]
fn a_format_1_journal_still_opens_and_is_resumed_in_format_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("old.ron");
    let game = play("sky", &path, 3, 30);
    let expected = picture(game.as_ref());
    drop(game);
    // Format 1: the header says so, and lines carry no number or checksum.
    let v1: Vec<Vec<u8>> = lines_of(&std::fs::read(&path).expect("read"))
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let text = String::from_utf8(line).expect("text");
            let text = text.trim_end();
            let body = &text[..text.len() - 16];
            let body = if i == 0 {
                body.replacen(&format!("(format:{FORMAT_VERSION},"), "(format:1,", 1)
            } else {
                format!("({}", body.split_once(',').expect("seq").1)
            };
            format!("{body})\n").into_bytes()
        })
        .collect();
    let old = write(dir.path(), "old.ron", &v1);
    let (mut resumed, warnings) = rules::open_journal(&old, false, true).expect("opens");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(picture(resumed.as_ref()), expected);
    resumed.undo(1).expect("writes");
    drop(resumed);
    let text = std::fs::read_to_string(&old).expect("read");
    assert!(!text.contains("crc:"), "format 1 stays format 1");
    let (reopened, _) = open(&old, false).expect("opens");
    assert_eq!(reopened.entries(), v1.len());
}

/// A journal file that fails on purpose: every write after `writes_left` writes half its
/// bytes and fails (a full disk), or every sync fails.
struct Failing {
    inner: Box<dyn JournalFile>,
    writes_left: usize,
    fail_sync: bool,
}

impl JournalFile for Failing {
    fn write_all_at(&mut self, offset: u64, bytes: &[u8]) -> std::io::Result<()> {
        if self.writes_left == 0 {
            self.inner.write_all_at(offset, &bytes[..bytes.len() / 2])?;
            return Err(std::io::Error::other("No space left on device"));
        }
        self.writes_left -= 1;
        self.inner.write_all_at(offset, bytes)
    }

    fn sync(&mut self) -> std::io::Result<()> {
        if self.fail_sync {
            return Err(std::io::Error::other("Input/output error"));
        }
        self.inner.sync()
    }

    fn truncate(&mut self, len: u64) -> std::io::Result<()> {
        self.inner.truncate(len)
    }
}

#[test]
fn a_failed_write_applies_nothing_loses_nothing_and_leaves_the_battle_read_only() {
    for (writes, fail_sync) in [(0, false), (3, false), (usize::MAX, true)] {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("b.ron");
        let mut game = play("sky", &path, 9, 25);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut dice = RngDice::seeded(1);
        let battle = game
            .as_any_mut()
            .downcast_mut::<Battle<Sky>>()
            .expect("sky");
        battle
            .journal_writer_mut()
            .expect("a journal")
            .wrap_file(|inner| {
                Box::new(Failing {
                    inner,
                    writes_left: writes,
                    fail_sync,
                })
            });
        let mut failure = None;
        let mut durable = (Vec::new(), String::new(), 0);
        for _ in 0..10 {
            durable = (
                std::fs::read(&path).expect("read"),
                picture(game.as_ref()),
                game.entries(),
            );
            if let Err(e) = game.random_step(&mut rng, &mut dice) {
                failure = Some(e);
                break;
            }
        }
        let failure = failure.expect("a write failed");
        assert!(matches!(failure, BattleError::ReadOnly { .. }), "{failure}");
        // Nothing was applied, the file is as it was, and the battle says why.
        assert_eq!(picture(game.as_ref()), durable.1);
        assert_eq!(std::fs::read(&path).expect("read"), durable.0);
        let why = game.read_only().expect("read-only");
        assert!(
            why.contains("cut back") || why.contains("cutting it back"),
            "{why}"
        );
        assert!(game.undo(1).is_err(), "nothing more is written");
        assert_eq!(std::fs::read(&path).expect("read"), durable.0);
        drop(game);
        // Every durable entry is there, and the journal goes on cleanly.
        let (mut reopened, warnings) = rules::open_journal(&path, false, true).expect("opens");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(reopened.entries(), durable.2);
        assert_eq!(picture(reopened.as_ref()), durable.1);
        reopened.undo(1).expect("writes again");
    }
}

#[test]
fn twenty_thousand_undo_redo_pairs_replay_to_the_same_battle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    let mut game = play("sky", &path, 2, 30);
    for _ in 0..300 {
        game.undo(1).expect("undo");
        game.redo(1).expect("redo");
    }
    let expected = picture(game.as_ref());
    drop(game);
    // Repeat the undo/redo lines with their numbers and checksums, as a long evening would.
    let mut lines = lines_of(&std::fs::read(&path).expect("read"));
    let mut seq = lines.len() as u64;
    for n in 0..20_000 {
        for i in 0..2 {
            let entry: gunbai::engine::journal::Entry<(), ()> = gunbai::engine::journal::Entry {
                at: craft::later(2 * n + i),
                action: if i == 0 {
                    gunbai::engine::journal::Action::Undo { count: 1 }
                } else {
                    gunbai::engine::journal::Action::Redo { count: 1 }
                },
            };
            let line = gunbai::engine::journal::line::entry_line(FORMAT_VERSION, seq, &entry)
                .expect("line");
            lines.push(format!("{line}\n").into_bytes());
            seq += 1;
        }
    }
    let path = write(dir.path(), "long.ron", &lines);
    let (game, warnings) = open(&path, false).expect("replays");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(picture(game.as_ref()), expected);
}
