//! A battle that spans more than one day: the report's times say their dates.

use chrono::{DateTime, TimeDelta, Utc};

use super::craft::{join, moved, text_lines, time_of};
use super::{journal_bytes, report};

/// Whether a timeline line of the report begins with a date and a time.
fn dated(line: &str) -> bool {
    let stamp = line.trim_start_matches("- ");
    stamp.len() > 19
        && stamp.as_bytes()[4] == b'-'
        && stamp.as_bytes()[10] == b' '
        && stamp.as_bytes()[13] == b':'
}

#[test]
fn the_report_shows_dates_where_a_battle_spans_more_than_one_day() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The battle begun at ten in the morning, whenever the test runs.
    let mut lines = text_lines(&journal_bytes("sky", 40));
    let morning: DateTime<Utc> = "2030-01-05T10:00:00Z".parse().expect("a time");
    let started: DateTime<Utc> = time_of(&lines[0]).0.parse().expect("a time");
    let to_morning = morning - started;
    for line in &mut lines {
        *line = moved(line, to_morning);
    }
    let one_day = dir.path().join("evening.ron");
    std::fs::write(&one_day, join(&lines)).expect("write");
    let (text, _) = report(&one_day);
    let timeline = |text: &str| -> Vec<String> {
        text.split("## Timeline")
            .nth(1)
            .expect("a timeline")
            .lines()
            .filter(|l| l.starts_with("- "))
            .map(str::to_owned)
            .collect()
    };
    let evening = timeline(&text);
    assert!(!evening.is_empty());
    assert!(evening.iter().all(|l| !dated(l)), "{evening:?}");

    // The game went on the next day: every entry from the twentieth on a day later.
    let mut two_days = lines.clone();
    for line in &mut two_days[20..] {
        *line = moved(line, TimeDelta::days(1));
    }
    let weekend = dir.path().join("weekend.ron");
    std::fs::write(&weekend, join(&two_days)).expect("write");
    let both = timeline(&report(&weekend).0);
    assert_eq!(both.len(), evening.len());
    assert!(both.iter().all(|l| dated(l)), "{both:?}");
    let days: std::collections::BTreeSet<&str> = both.iter().map(|l| &l[2..12]).collect();
    assert_eq!(days.len(), 2, "{days:?}");
}
