//! Engine benchmarks: replaying journals (every command run again), and one durable append.
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

use std::io::Write as _;
use std::path::PathBuf;

use gunbai::dice::RngDice;
use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::{self, sky::Sky};
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

/// Writes a journal of `entries` random legal entries (in memory first: no fsync per entry).
/// When the battle ends, the umpire undoes the last few dozen entries and plays on.
fn journal(entries: usize) -> (tempfile::TempDir, PathBuf) {
    let rosters = rules::demo_rosters("sky").expect("demo");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut dice = RngDice::seeded(1);
    let mut game =
        rules::start_battle("sky", &rosters, HouseRules::default(), None).expect("starts");
    while game.entries() < entries {
        if !game.random_step(&mut rng, &mut dice).expect("step") {
            let back = game.log().len().min(40);
            game.undo(back).expect("undo");
        }
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("long.ron");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).expect("create"));
    let battle = game.as_any().downcast_ref::<Battle<Sky>>().expect("sky");
    let text =
        gunbai::engine::journal::line::render(battle.header(), battle.entries()).expect("encodes");
    file.write_all(&text).expect("write");
    drop(file);
    (dir, path)
}

/// A real battle's evening: 5,000 entries read from their lines, every command run again and
/// its events compared (the derived cache deleted before each open, so nothing is skipped).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn replay_5k_entries_run_again(bencher: divan::Bencher) {
    let (_dir, path) = journal(5_000);
    let cache = gunbai::engine::journal::cache::path_for(&path);
    bencher.bench(|| {
        let _ = std::fs::remove_file(&cache);
        rules::open_journal(&path, false, false).expect("replays")
    });
}

/// Reopening a long battle: its derived cache, left by the first open, spares parsing RON.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn replay_100k_entries(bencher: divan::Bencher) {
    let (_dir, path) = journal(100_000);
    drop(rules::open_journal(&path, false, false).expect("replays"));
    bencher.bench(|| rules::open_journal(&path, false, false).expect("replays"));
}

/// The first open of a long battle (or any open after its cache was deleted): every line
/// parsed as RON.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn replay_100k_entries_without_cache(bencher: divan::Bencher) {
    let (_dir, path) = journal(100_000);
    let cache = gunbai::engine::journal::cache::path_for(&path);
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
    use gunbai::engine::journal::{Action, Entry, line::entry_line};
    let (dir, path) = journal(30);
    let mut text = std::fs::read_to_string(&path).expect("read");
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
        text.push_str(&entry_line(2, seq, &entry).expect("line"));
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
