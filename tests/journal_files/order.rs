//! What an entry says beyond its command and events: its time, which keeps the entries in
//! the order they were made, and whose dice it rolled, which must fit the faces it records.
//! Each lie is crafted as a forger would (the line resealed, the entries renumbered) and must
//! be refused naming its line.

use std::path::{Path, PathBuf};

use gunbai::engine::journal::FORMAT_VERSION;

use chrono::TimeDelta;

use super::craft::{join, moved, renumber, reseal, text_lines, time_of, with_time};
use super::{journal_bytes, open};

/// Writes `lines` as a journal in `dir`, named after `name`.
fn write(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(&path, join(lines)).expect("write");
    path
}

/// Asserts that `lines` are refused naming line `line` (1-based) and saying `says`.
fn refused(dir: &Path, name: &str, lines: &[String], line: usize, says: &str) {
    let path = write(dir, name, lines);
    let err = open(&path, false)
        .err()
        .unwrap_or_else(|| panic!("{name}: replayed"));
    let named = format!("{}:{line}:", path.display());
    assert!(err.contains(&named) && err.contains(says), "{name}: {err}");
}

#[test]
fn every_adjacent_pair_of_entries_swapped_is_refused_at_one_of_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut accepted = Vec::new();
    let mut tried = 0;
    for info in gunbai::rules::RULE_SETS {
        let lines = text_lines(&journal_bytes(info.key, 100));
        for i in 1..lines.len() - 1 {
            let mut swapped = lines.clone();
            swapped.swap(i, i + 1);
            renumber(&mut swapped);
            let path = write(dir.path(), "swapped", &swapped);
            tried += 1;
            // Lines i + 1 and i + 2 hold the swapped pair: one of them is named.
            let named = |e: &String| {
                [i + 1, i + 2]
                    .iter()
                    .any(|n| e.contains(&format!("{}:{n}:", path.display())))
            };
            match open(&path, false) {
                Err(e) if named(&e) => {}
                Err(e) => accepted.push(format!("{} lines {}-{}: {e}", info.key, i + 1, i + 2)),
                Ok(_) => accepted.push(format!("{} lines {}-{}: replayed", info.key, i + 1, i + 2)),
            }
        }
    }
    assert!(tried > 400, "{tried} swaps");
    assert!(
        accepted.is_empty(),
        "{} of {tried} swaps not refused at their lines:\n{}",
        accepted.len(),
        accepted.join("\n")
    );
}

#[test]
fn an_entry_before_the_one_before_it_or_the_start_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = text_lines(&journal_bytes("sky", 30));
    let mut back = lines.clone();
    let (before, _) = time_of(&lines[4]);
    back[5] = with_time(&lines[5], &before);
    refused(
        dir.path(),
        "same",
        &back,
        6,
        "is not after the time of the entry before",
    );
    let mut early = lines.clone();
    early[0] = moved(&lines[0], TimeDelta::seconds(3600));
    refused(
        dir.path(),
        "early",
        &early,
        2,
        "is not after the battle's start",
    );
    // The time edited only by a second, out of order with the next entry.
    let mut late = lines.clone();
    let (next, _) = time_of(&lines[8]);
    late[7] = with_time(&lines[7], &next);
    let mut later: chrono::DateTime<chrono::Utc> = next.parse().expect("time");
    later += chrono::TimeDelta::seconds(1);
    late[7] = with_time(
        &late[7],
        &later.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
    );
    refused(
        dir.path(),
        "late",
        &late,
        9,
        "is not after the time of the entry before",
    );
}

#[test]
fn dates_outside_the_years_1970_to_9999_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = text_lines(&journal_bytes("simple", 10));
    let mut header = lines.clone();
    header[0] = with_time(&lines[0], "1969-07-20T20:17:40Z");
    refused(dir.path(), "1969", &header, 1, "the year 1969");
    let mut year_one = lines.clone();
    year_one[0] = with_time(&lines[0], "0001-01-01T00:00:00Z");
    refused(dir.path(), "year1", &year_one, 1, "the year 1,");
    let mut entry = lines.clone();
    entry[1] = with_time(&lines[1], "1969-12-31T23:59:59Z");
    refused(dir.path(), "entry", &entry, 2, "the year 1969");
    let mut far = lines.clone();
    far[1] = with_time(&lines[1], "+10000-01-01T00:00:00Z");
    let path = write(dir.path(), "far", &far);
    let err = open(&path, false).err().expect("refused");
    assert!(err.contains(&format!("{}:2:", path.display())), "{err}");
}

/// A journal of this build's lines under a format 2 header, as an older Gunbai wrote them:
/// its entries may go back by the slack a clock set back explains, no more.
#[test]
fn in_an_older_format_a_clock_set_back_by_ten_minutes_is_not_an_entry_moved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut lines = text_lines(&journal_bytes("daimyo", 30));
    lines[0] = reseal(&lines[0].replacen(&format!("(format:{FORMAT_VERSION},"), "(format:2,", 1));
    let mut set_back = lines.clone();
    for line in &mut set_back[6..] {
        *line = moved(line, TimeDelta::seconds(-590));
    }
    let path = write(dir.path(), "set-back", &set_back);
    let (_, warnings) = open(&path, false).expect("a clock set back");
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut moved_far = lines.clone();
    for line in &mut moved_far[6..] {
        *line = moved(line, TimeDelta::seconds(-601));
    }
    refused(
        dir.path(),
        "far-back",
        &moved_far,
        7,
        "more than 10 minutes before",
    );
}

/// The first entry (by index) whose line contains `what`.
fn first_with(lines: &[String], what: &str) -> usize {
    (1..lines.len())
        .find(|&i| lines[i].contains(what))
        .unwrap_or_else(|| panic!("no line with {what}"))
}

#[test]
fn what_an_entry_says_of_its_dice_must_fit_its_faces_and_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines = text_lines(&journal_bytes("sky", 40));
    let edit = |name: &str, what: &str, from: &str, to: &str, says: &str| {
        let i = first_with(&lines, what);
        let mut lied = lines.clone();
        lied[i] = reseal(&lines[i].replacen(from, to, 1));
        assert_ne!(lied[i], lines[i], "{name}");
        refused(dir.path(), name, &lied, i + 1, says);
    };
    edit(
        "nothing",
        "rolled:App",
        "rolled:App",
        "rolled:Nothing",
        "rolled no die",
    );
    edit(
        "app",
        "rolled:Nothing",
        "rolled:Nothing",
        "rolled:App",
        "records none",
    );
    edit(
        "table",
        "rolled:Nothing",
        "rolled:Nothing",
        "rolled:Table",
        "no face or count",
    );
    edit(
        "counts",
        "rolled:App",
        ",rolled:App",
        ",counts:[1],rolled:App",
        "only the table's dice give",
    );
    edit(
        "unsaid",
        "rolled:Nothing",
        ",rolled:Nothing",
        "",
        "whose dice",
    );
}
