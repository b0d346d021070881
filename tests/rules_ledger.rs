//! The rules ledgers (`docs/rules/<key>.md`) stay true: every non-blank line of a rule set's
//! text is in exactly one row, every row says how Gunbai handles it in one of four words, every
//! `refereed` row names tests that exist, every ruling named is in the rule set's reference and
//! every ruling there is named by some row, and the README shows each ledger's counts.
//!
//! The texts live outside the repository (`../shared/rules/`). A clone without them still
//! checks everything but the line coverage, against the line count and checksum the ledger
//! records for its text.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Each rule set's key and the file of its text in `../shared/rules/`.
const RULE_SETS: [(&str, &str); 5] = [
    ("sky", "from-the-sky-we-came.txt"),
    ("daimyo", "daimyo-movement.txt"),
    ("kozeriai", "kozeriai.txt"),
    ("simple", "simple-samurai-rules-late-period.txt"),
    ("skirmish", "samurai-skirmish.txt"),
];

/// The one header every ledger's table has, in this order.
const HEADER: [&str; 6] = [
    "Lines",
    "Section",
    "What it asks",
    "How",
    "Tests",
    "Rulings",
];

/// How a passage is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    Refereed,
    Ruling,
    Umpire,
    NotARule,
}

/// One row of a ledger.
#[derive(Debug)]
struct Row {
    /// Line of the row in the ledger file, for messages.
    at: usize,
    first: usize,
    last: usize,
    how: How,
    tests: Vec<String>,
    rulings: Vec<String>,
}

/// A ledger read from its file.
struct Ledger {
    /// The text's line count and CRC-32, as the ledger records them.
    lines: usize,
    crc: u32,
    rows: Vec<Row>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn texts_dir() -> PathBuf {
    root().join("../shared/rules")
}

/// Splits a Markdown table row into its cells, keeping `\|` inside a cell.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().unwrap().push('|');
                chars.next();
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
    }
    cells.into_iter().map(|c| c.trim().to_owned()).collect()
}

/// The items of a cell written as a list of `code` spans: `a`, `b`.
fn code_items(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .filter(|s| !s.is_empty())
        .collect()
}

fn parse_how(cell: &str) -> Result<How, String> {
    let (word, rest) = match cell.split_once(':') {
        Some((w, r)) => (w.trim(), r.trim()),
        None => (cell.trim(), ""),
    };
    let how = match word {
        "refereed" => How::Refereed,
        "ruling" => How::Ruling,
        "umpire" => How::Umpire,
        "not a rule" => How::NotARule,
        other => {
            return Err(format!(
                "How `{other}` is not one of refereed, ruling, umpire, not a rule"
            ));
        }
    };
    if matches!(how, How::Umpire | How::NotARule) && rest.is_empty() {
        return Err(format!(
            "`{word}` says after a colon {}",
            if how == How::Umpire {
                "what the app asks or records"
            } else {
                "what the passage is (title, flavour, example...)"
            }
        ));
    }
    Ok(how)
}

fn parse_lines(cell: &str) -> Result<(usize, usize), String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("Lines `{cell}` is not `N` or `N-M`"))
    };
    let (first, last) = match cell.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(cell)?, number(cell)?),
    };
    if first == 0 || last < first {
        return Err(format!("Lines `{cell}` is not a range of 1-based lines"));
    }
    Ok((first, last))
}

/// Reads a ledger; every problem is collected with the ledger line it is on.
fn read_ledger(path: &Path, problems: &mut Vec<String>) -> Option<Ledger> {
    let text = std::fs::read_to_string(path).ok()?;
    let name = path.display().to_string();
    let mut source: Option<(usize, u32)> = None;
    let mut rows = Vec::new();
    let mut in_table = false;
    let mut header_seen = false;
    for (i, line) in text.lines().enumerate() {
        let at = i + 1;
        if let Some(found) = source_line(line) {
            source = Some(found);
        }
        if !line.trim_start().starts_with('|') {
            if in_table {
                in_table = false;
            }
            continue;
        }
        let cells = cells(line);
        if !header_seen {
            if cells != HEADER {
                problems.push(format!(
                    "{name}:{at}: the table's header must be | {} |",
                    HEADER.join(" | ")
                ));
            }
            header_seen = true;
            in_table = true;
            continue;
        }
        if !in_table {
            problems.push(format!("{name}:{at}: a second table; a ledger has one"));
            continue;
        }
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
        {
            continue;
        }
        if cells.len() != HEADER.len() {
            problems.push(format!(
                "{name}:{at}: {} cells; a row has {}",
                cells.len(),
                HEADER.len()
            ));
            continue;
        }
        let (first, last) = match parse_lines(&cells[0]) {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("{name}:{at}: {e}"));
                continue;
            }
        };
        let how = match parse_how(&cells[3]) {
            Ok(h) => h,
            Err(e) => {
                problems.push(format!("{name}:{at}: {e}"));
                continue;
            }
        };
        if cells[1].is_empty() || (cells[2].is_empty() && how != How::NotARule) {
            problems.push(format!(
                "{name}:{at}: a row names its section and what the passage asks"
            ));
        }
        rows.push(Row {
            at,
            first,
            last,
            how,
            tests: code_items(&cells[4]),
            rulings: code_items(&cells[5]),
        });
    }
    let Some((lines, crc)) = source else {
        problems.push(format!(
            "{name}: no source line: `Text: \\`FILE\\`, N lines, CRC-32 \\`xxxxxxxx\\``"
        ));
        return None;
    };
    Some(Ledger { lines, crc, rows })
}

/// Reads `Text: `FILE`, 269 lines, CRC-32 `1a2b3c4d`` from a ledger's introduction.
fn source_line(line: &str) -> Option<(usize, u32)> {
    let rest = line.strip_prefix("Text: ")?;
    let (_, after) = rest.split_once("`, ")?;
    let (count, crc) = after.split_once(" lines, CRC-32 `")?;
    let crc = crc.trim_end().trim_end_matches('.').trim_end_matches('`');
    Some((
        count.trim().parse().ok()?,
        u32::from_str_radix(crc, 16).ok()?,
    ))
}

/// The test functions of an integration test target: `tests/NAME.rs`, or the `.rs` files of
/// `tests/NAME/`, with the modules they pull in from `tests/` (`mod x;`, `#[path]`).
fn test_sources(target: &str) -> Option<String> {
    let tests = root().join("tests");
    let file = tests.join(format!("{target}.rs"));
    let mut text = String::new();
    if file.is_file() {
        text = std::fs::read_to_string(file).ok()?;
    } else {
        let dir = tests.join(target);
        let entries = std::fs::read_dir(&dir).ok()?;
        for entry in entries.flatten() {
            if entry.path().extension().is_some_and(|e| e == "rs") {
                text.push_str(&std::fs::read_to_string(entry.path()).ok()?);
            }
        }
    }
    Some(text)
}

/// Whether `fn name(` is defined in a test target (a test inside a macro counts too).
fn test_exists(
    sources: &mut std::collections::HashMap<String, Option<String>>,
    test: &str,
) -> bool {
    let mut parts = test.split("::");
    let Some(target) = parts.next() else {
        return false;
    };
    let Some(function) = test.rsplit("::").next() else {
        return false;
    };
    if function == target {
        return false;
    }
    let text = sources
        .entry(target.to_owned())
        .or_insert_with(|| test_sources(target));
    text.as_ref().is_some_and(|t| {
        t.contains(&format!("fn {function}(")) || t.contains(&format!("fn {function}<"))
    })
}

/// Every key a ledger may name: rulings, optional rules, and the tables and their fields
/// (`movement_inches`, `movement_inches.foot`).
fn reference_keys(key: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let path = root().join("reference").join(format!("{key}.ron"));
    let text = std::fs::read_to_string(&path).unwrap();
    let value: ron::Value = ron::from_str(&text).unwrap();
    let mut names = BTreeSet::new();
    let mut rulings = BTreeSet::new();
    let ron::Value::Map(map) = value else {
        panic!("{}: not a map", path.display());
    };
    for (k, v) in map.iter() {
        let ron::Value::String(k) = k else { continue };
        match (k.as_str(), v) {
            ("rulings", ron::Value::Map(m)) => {
                for r in m.keys() {
                    if let ron::Value::String(r) = r {
                        rulings.insert(r.clone());
                        names.insert(r.clone());
                    }
                }
            }
            // Campaign rulings (what carries between battles) are rulings too, named
            // `campaign.<key>`: each must be named by the passage it decides.
            ("campaign", ron::Value::Map(m)) => {
                for r in m.keys() {
                    if let ron::Value::String(r) = r {
                        rulings.insert(format!("campaign.{r}"));
                        names.insert(format!("campaign.{r}"));
                    }
                }
            }
            ("optional", ron::Value::Map(m)) => {
                for r in m.keys() {
                    if let ron::Value::String(r) = r {
                        names.insert(r.clone());
                    }
                }
            }
            (table, v) => {
                names.insert(table.to_owned());
                if let ron::Value::Map(fields) = v {
                    for f in fields.keys() {
                        if let ron::Value::String(f) = f {
                            names.insert(format!("{table}.{f}"));
                        }
                    }
                }
            }
        }
    }
    (names, rulings)
}

/// The counts the README shows for a ledger.
fn counts(rows: &[Row]) -> String {
    let n = |how| rows.iter().filter(|r| r.how == how).count();
    format!(
        "{} passages: {} refereed, {} ruled, {} left to the umpire, {} not rules",
        rows.len(),
        n(How::Refereed),
        n(How::Ruling),
        n(How::Umpire),
        n(How::NotARule)
    )
}

/// Checks one ledger against its text (when present), the tests and the reference.
fn check_ledger(key: &str, file: &str, ledger: &Ledger, problems: &mut Vec<String>) {
    let name = format!("docs/rules/{key}.md");
    let mut sources = std::collections::HashMap::new();
    let mut previous = 0;
    for row in &ledger.rows {
        if row.first <= previous {
            problems.push(format!(
                "{name}:{}: lines {}-{} are not after the row before (which ends at {previous})",
                row.at, row.first, row.last
            ));
        }
        previous = previous.max(row.last);
        if row.last > ledger.lines {
            problems.push(format!(
                "{name}:{}: line {} is past the text's {} lines",
                row.at, row.last, ledger.lines
            ));
        }
        match row.how {
            How::Refereed if row.tests.is_empty() => problems.push(format!(
                "{name}:{}: a refereed passage names the tests that assert it",
                row.at
            )),
            How::Ruling if row.rulings.is_empty() => problems.push(format!(
                "{name}:{}: a passage decided by a ruling names it",
                row.at
            )),
            _ => {}
        }
        for test in &row.tests {
            if !test_exists(&mut sources, test) {
                problems.push(format!(
                    "{name}:{}: no test `{test}` under tests/ (write it as file::function)",
                    row.at
                ));
            }
        }
    }
    let (names, rulings) = reference_keys(key);
    let mut named = BTreeSet::new();
    for row in &ledger.rows {
        for r in &row.rulings {
            if names.contains(r) {
                named.insert(r.clone());
            } else {
                problems.push(format!(
                    "{name}:{}: `{r}` is not in reference/{key}.ron",
                    row.at
                ));
            }
        }
    }
    for r in rulings.difference(&named) {
        problems.push(format!(
            "{name}: ruling `{r}` of reference/{key}.ron is named by no passage"
        ));
    }
    check_coverage(key, file, ledger, problems);
}

/// Every non-blank line of the text in exactly one row.
fn check_coverage(key: &str, file: &str, ledger: &Ledger, problems: &mut Vec<String>) {
    let name = format!("docs/rules/{key}.md");
    let path = texts_dir().join(file);
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!(
            "{}: not here, so {name}'s line coverage is not checked (the rest is)",
            path.display()
        );
        return;
    };
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let crc = crc32fast::hash(&bytes);
    if lines.len() != ledger.lines || crc != ledger.crc {
        problems.push(format!(
            "{name}: records {} lines, CRC-32 {:08x}; {file} has {} lines, CRC-32 {crc:08x}: the text changed, read it again",
            ledger.lines,
            ledger.crc,
            lines.len()
        ));
    }
    let mut covered = vec![0u32; lines.len() + 1];
    for row in &ledger.rows {
        let last = row.last.min(lines.len());
        if row.first <= last {
            for count in &mut covered[row.first..=last] {
                *count += 1;
            }
        }
    }
    let mut missing = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        match covered[n] {
            0 => missing.push(n),
            1 => {}
            k => problems.push(format!("{name}: line {n} of {file} is in {k} rows")),
        }
    }
    if !missing.is_empty() {
        problems.push(format!(
            "{name}: {} non-blank lines of {file} are in no row: {}",
            missing.len(),
            ranges(&missing)
        ));
    }
}

/// `3-7, 12, 40-41`.
fn ranges(lines: &[usize]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let start = lines[i];
        let mut end = start;
        while i + 1 < lines.len() && lines[i + 1] == end + 1 {
            i += 1;
            end = lines[i];
        }
        if !out.is_empty() {
            out.push_str(", ");
        }
        if start == end {
            let _ = write!(out, "{start}");
        } else {
            let _ = write!(out, "{start}-{end}");
        }
        i += 1;
    }
    out
}

#[test]
fn every_ledger_covers_its_text_and_names_real_tests_and_rulings() {
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for (key, file) in RULE_SETS {
        let path = root().join("docs/rules").join(format!("{key}.md"));
        if !path.exists() {
            missing.push(key);
            continue;
        }
        let Some(ledger) = read_ledger(&path, &mut problems) else {
            continue;
        };
        check_ledger(key, file, &ledger, &mut problems);
        let shown = format!("[{}](docs/rules/{key}.md)", counts(&ledger.rows));
        if !readme.contains(&shown) {
            problems.push(format!(
                "README.md: the rule-set table shows {key}'s ledger as `{shown}`"
            ));
        }
    }
    if !missing.is_empty() {
        eprintln!("rule sets with no ledger yet: {}", missing.join(", "));
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_ledger_reader_finds_what_is_wrong() {
    // A row with a How outside the four, one with no tests, and lines out of order.
    assert!(parse_how("refereed").is_ok());
    assert!(
        parse_how("umpire").is_err(),
        "umpire says what the app asks"
    );
    assert!(parse_how("umpire: the charge form asks for the distance").is_ok());
    assert!(parse_how("maybe").is_err());
    assert_eq!(parse_lines("104-106"), Ok((104, 106)));
    assert!(parse_lines("106-104").is_err());
    assert!(parse_lines("0").is_err());
    assert_eq!(
        cells("| 1 | A | b \\| c | refereed | `x::y` |  |"),
        vec!["1", "A", "b | c", "refereed", "`x::y`", ""]
    );
    assert_eq!(code_items("`a::b`, `c::d`"), vec!["a::b", "c::d"]);
    assert_eq!(
        source_line("Text: `x.txt`, 269 lines, CRC-32 `0a0b0c0d`."),
        Some((269, 0x0a0b_0c0d))
    );
    let mut sources = std::collections::HashMap::new();
    assert!(test_exists(
        &mut sources,
        "rules_ledger::the_ledger_reader_finds_what_is_wrong"
    ));
    assert!(!test_exists(&mut sources, "rules_ledger::no_such_test"));
    assert!(!test_exists(&mut sources, "no_such_file::a_test"));
    assert_eq!(ranges(&[3, 4, 5, 9, 11, 12]), "3-5, 9, 11-12");
}
