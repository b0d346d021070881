//! Engine benchmarks: replaying journals of every rule set (every command run again), and one
//! durable append.
//!
//! A replay bench returns the opened battle from its closure: divan keeps what a benched
//! closure returns and drops it after the sample's clock has stopped (also with
//! `sample_size = 1`), so the times are those of an open, as the user waits for it, and not
//! of dropping the battle too, which an open does not do.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use gunbai::dice::RngDice;
use gunbai::engine::journal::cache;
use gunbai::reference::HouseRules;
use gunbai::rules;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

#[path = "support/journals.rs"]
mod journals;

use journals::RULE_SETS;

fn main() {
    divan::main();
}

/// The journal of `entries` entries of rule set `key` (see [`journals`]), written once for
/// all the benches that read it, in a folder that lasts as long as the benches; or, when
/// `GUNBAI_BENCH_JOURNALS` names a folder, kept there (`KEY-ENTRIES.ron`), to time `gunbai
/// replay` on the same journals.
fn journal(key: &str, entries: usize) -> PathBuf {
    type Written = (
        Option<tempfile::TempDir>,
        PathBuf,
        HashMap<(String, usize), PathBuf>,
    );
    static WRITTEN: OnceLock<Mutex<Written>> = OnceLock::new();
    let store = WRITTEN.get_or_init(|| {
        Mutex::new(match std::env::var_os("GUNBAI_BENCH_JOURNALS") {
            Some(kept) => (None, PathBuf::from(kept), HashMap::new()),
            None => {
                let dir = tempfile::tempdir().expect("tempdir");
                let path = dir.path().to_owned();
                (Some(dir), path, HashMap::new())
            }
        })
    });
    let mut store = store.lock().expect("not poisoned");
    let (_dir, folder, written) = &mut *store;
    written
        .entry((key.to_owned(), entries))
        .or_insert_with(|| {
            let path = folder.join(format!("{key}-{entries}.ron"));
            journals::write(key, entries, &path);
            path
        })
        .clone()
}

/// A real battle's evening: 5,000 entries read from their lines, every command run again and
/// its events compared (the derived cache deleted before each open, so nothing is skipped).
#[divan::bench(args = RULE_SETS, sample_count = 10, sample_size = 1)]
fn replay_5k_entries_run_again(bencher: divan::Bencher, key: &str) {
    let path = journal(key, 5_000);
    let cache = cache::path_for(&path);
    bencher.bench(|| {
        let _ = std::fs::remove_file(&cache);
        rules::open_journal(&path, false, false).expect("replays")
    });
}

/// Reopening a long battle: its derived cache, left by the first open, spares parsing RON.
#[divan::bench(args = RULE_SETS, sample_count = 5, sample_size = 1)]
fn replay_100k_entries(bencher: divan::Bencher, key: &str) {
    let path = journal(key, 100_000);
    if !cache::path_for(&path).exists() {
        drop(rules::open_journal(&path, false, false).expect("replays"));
    }
    bencher.bench(|| rules::open_journal(&path, false, false).expect("replays"));
}

/// The first open of a long battle (or any open after its cache was deleted): every line
/// parsed as RON.
#[divan::bench(args = RULE_SETS, sample_count = 3, sample_size = 1)]
fn replay_100k_entries_without_cache(bencher: divan::Bencher, key: &str) {
    let path = journal(key, 100_000);
    let cache = cache::path_for(&path);
    bencher.bench(|| {
        let _ = std::fs::remove_file(&cache);
        rules::open_journal(&path, false, false).expect("replays")
    });
}

/// A long evening of second thoughts: 20,000 undo / redo pairs after a short battle. Each
/// command runs again once however often it was undone and redone, so this costs reading the
/// lines and little more.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn replay_20k_undo_redo_pairs(bencher: divan::Bencher) {
    use gunbai::engine::journal::{Action, Entry, FORMAT_VERSION, line::entry_line};
    let dir = tempfile::tempdir().expect("tempdir");
    let short = dir.path().join("short.ron");
    journals::write("sky", 30, &short);
    let mut text = std::fs::read_to_string(&short).expect("read");
    let first = text.lines().count() as u64;
    // Each a second after the one before: an entry is never earlier than the one before it.
    let start = chrono::Utc::now();
    for (seq, i) in (first..).zip(0..40_000) {
        let action = if i % 2 == 0 {
            Action::Undo { count: 1 }
        } else {
            Action::Redo { count: 1 }
        };
        let entry: Entry<(), ()> = Entry {
            at: start + chrono::TimeDelta::seconds(i + 1),
            action,
        };
        text.push_str(&entry_line(FORMAT_VERSION, seq, &entry).expect("line"));
        text.push('\n');
    }
    let long = dir.path().join("second-thoughts.ron");
    std::fs::write(&long, text).expect("write");
    bencher.bench(|| rules::open_journal(&long, false, false).expect("replays"));
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn append_one_entry_with_fsync(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().expect("tempdir");
    let rosters = rules::demo_rosters("sky").expect("demo");
    let mut game = rules::start_battle(
        "sky",
        &rosters,
        HouseRules::default(),
        Some(&dir.path().join("b.ron")),
    )
    .expect("starts");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut dice = RngDice::seeded(2);
    bencher.bench_local(|| {
        if !game.random_step(&mut rng, &mut dice).expect("step") {
            let back = game.log().len().min(40);
            game.undo(back).expect("undo");
        }
    });
}
