//! The rules ledgers (`docs/rules/<key>.md`) stay true: every non-blank line of a rule set's
//! text is in exactly one row, every row says how Gunbai handles it in one of four words, and
//! what a row claims is checked against what it names (`check.rs`): its tests are tests the
//! test binary runs, at their module path, and a refereed row's drive the engine; a ruling
//! row's tests set each option of its rulings; an umpire's row quotes a label the app shows;
//! a not-a-rule row over a rule-looking passage says why it is none; no row covers more than
//! a dozen lines of rules. The README shows each ledger's counts.
//!
//! The texts live outside the repository (`../shared/rules/`, see [`texts_dir`]). A clone without them still
//! checks everything that does not read the text, against the line count and checksum the
//! ledger records for its text.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod check;
mod crafted;
mod ledger;
mod lexer;
mod tests_index;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use check::{Context, Reference, Tests, check_ledger};
use ledger::{How, Ledger, Row, read_ledger};

/// Each rule set's key and the file of its text in `../shared/rules/`.
const RULE_SETS: [(&str, &str); 5] = [
    ("sky", "from-the-sky-we-came.txt"),
    ("daimyo", "daimyo-movement.txt"),
    ("kozeriai", "kozeriai.txt"),
    ("simple", "simple-samurai-rules-late-period.txt"),
    ("skirmish", "samurai-skirmish.txt"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where the texts are: `$GUNBAI_TEXTS`, or `shared/rules` beside the checkout (or beside the
/// folder of worktrees it is in).
fn texts_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GUNBAI_TEXTS") {
        return PathBuf::from(dir);
    }
    let beside = root().join("../shared/rules");
    if beside.is_dir() {
        return beside;
    }
    root().join("../../shared/rules")
}

/// Every string literal in the `.rs` files under `dir`.
fn strings_under(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            strings_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.extend(lexer::strings(&text));
        }
    }
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

/// Every non-blank line of the text in exactly one row, and the text the one the ledger read.
fn check_coverage(ledger: &Ledger, ctx: &Context, problems: &mut Vec<String>) {
    let name = format!("docs/rules/{}.md", ctx.key);
    let Some((file, bytes)) = &ctx.text else {
        return;
    };
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let crc = crc32fast::hash(bytes);
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
fn every_ledger_covers_its_text_and_every_row_is_true_to_what_it_names() {
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let files = tests_index::disk;
    let tests_dir = root().join("tests");
    for (key, file) in RULE_SETS {
        let path = root().join("docs/rules").join(format!("{key}.md"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            missing.push(key);
            continue;
        };
        let name = format!("docs/rules/{key}.md");
        let Some(ledger) = read_ledger(&name, &text, &mut problems) else {
            continue;
        };
        let text_path = texts_dir().join(file);
        let text = std::fs::read(&text_path).ok().map(|b| (file.to_owned(), b));
        if text.is_none() {
            eprintln!(
                "{}: not here, so {name}'s rows are not read against the text (the rest is checked)",
                text_path.display()
            );
        }
        let reference =
            std::fs::read_to_string(root().join("reference").join(format!("{key}.ron"))).unwrap();
        let mut labels = Vec::new();
        strings_under(&root().join("src/rules").join(key), &mut labels);
        let mut ctx = Context {
            key,
            text,
            reference: Reference::parse(&reference).unwrap(),
            tests: Tests::new(tests_dir.clone(), &files),
            labels,
        };
        check_ledger(&ledger, &mut ctx, &mut problems);
        check_coverage(&ledger, &ctx, &mut problems);
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
