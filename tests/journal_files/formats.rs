//! Every journal format ever released opens and reports the same.
//!
//! `tests/journals/<format>/<rule set>.ron` are real journals, each written by the build of
//! its format's time (`tests/journals/README.md` says which and how), and `<rule set>.md`
//! beside each is its report as this build writes it. A change that stops one opening, or
//! changes what it reports, fails here: raise the journal format instead (see the README's
//! Files section), or, for a change to the report's own words, write the reports again with
//! `GUNBAI_BLESS=1 cargo test --test journal_files formats`.

use std::path::{Path, PathBuf};

use gunbai::dice::RngDice;
use gunbai::engine::journal::FORMAT_VERSION;
use gunbai::rules::{self, RULE_SETS};
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

use super::report;

/// One folder of fixtures: one format as one span of builds wrote it.
struct Format {
    folder: &'static str,
    /// The journals' commands rolled dice they did not record: replay says so.
    dice_unrecorded: bool,
    /// The rule sets whose journal of this format does not open yet, and the words of the
    /// refusal, which names its line (see the README of the fixtures).
    not_yet: &'static [(&'static str, &'static str)],
}

const FORMATS: &[Format] = &[
    Format {
        folder: "format-1",
        dice_unrecorded: true,
        not_yet: &[],
    },
    Format {
        folder: "format-2-no-dice",
        dice_unrecorded: true,
        not_yet: &[],
    },
    Format {
        folder: "format-2-faces",
        dice_unrecorded: false,
        not_yet: &[],
    },
    Format {
        folder: "format-2",
        dice_unrecorded: false,
        not_yet: &[],
    },
    Format {
        folder: "format-3",
        dice_unrecorded: false,
        not_yet: &[],
    },
    Format {
        folder: "format-4",
        dice_unrecorded: false,
        not_yet: &[],
    },
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/journals")
}

/// Every journal kept that must open: its format, rule set and path.
fn must_open() -> impl Iterator<Item = (&'static Format, &'static str, PathBuf)> {
    FORMATS.iter().flat_map(|format| {
        RULE_SETS
            .iter()
            .filter(|info| format.not_yet.iter().all(|(key, _)| *key != info.key))
            .map(move |info| {
                let path = fixtures()
                    .join(format.folder)
                    .join(format!("{}.ron", info.key));
                (format, info.key, path)
            })
    })
}

#[test]
fn a_journal_of_every_format_ever_released_opens_and_reports_the_same() {
    let bless = std::env::var_os("GUNBAI_BLESS").is_some();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut wrong = Vec::new();
    for (format, key, path) in must_open() {
        let name = format!("{}/{key}", format.folder);
        let (game, warnings) = match rules::open_journal(&path, false, false) {
            Ok(opened) => opened,
            Err(e) => {
                wrong.push(format!("{name}: does not open: {e}"));
                continue;
            }
        };
        let said = warnings.join("\n");
        let current = format.folder == format!("format-{FORMAT_VERSION}");
        if current && !warnings.is_empty() {
            wrong.push(format!("{name}: every entry runs again, yet: {said}"));
        }
        let unrecorded = said.contains("written before Gunbai recorded each command's dice");
        if unrecorded != format.dice_unrecorded {
            wrong.push(format!("{name}: dice unrecorded said {unrecorded}: {said}"));
        }
        // What the open said is said by `report` too, and in the report itself.
        let (text, stderr) = report(&path);
        assert!(!text.is_empty(), "{name}: {stderr}");
        if let Some(note) = game.taken_as_recorded()
            && (!stderr.contains(&note) || !text.contains("Note: this journal was written"))
        {
            wrong.push(format!("{name}: the report does not say: {note}"));
        }
        let golden = path.with_extension("md");
        if bless {
            std::fs::write(&golden, &text).expect("write the report");
        } else {
            match std::fs::read_to_string(&golden) {
                Ok(kept) if kept == text => {}
                Ok(_) => wrong.push(format!(
                    "{name}: the report differs from {} (GUNBAI_BLESS=1 writes it again, if the change is meant)",
                    golden.display()
                )),
                Err(e) => wrong.push(format!("{name}: {}: {e}", golden.display())),
            }
        }
        // Save As writes it in its own format (format 1 as 2), and the copy reports the same.
        let saved = dir.path().join(format!("{}-{key}.ron", format.folder));
        std::fs::write(&saved, game.journal_text().expect("saves")).expect("write");
        if report(&saved).0 != text {
            wrong.push(format!("{name}: saved as, it reports otherwise"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_format_1_journal_that_does_not_open_yet_says_where() {
    for format in FORMATS {
        for (key, says) in format.not_yet {
            let path = fixtures().join(format.folder).join(format!("{key}.ron"));
            let err = rules::open_journal(&path, false, false)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_else(|| {
                    panic!(
                        "{}/{key} opens now: move it among those that must",
                        format.folder
                    )
                });
            let named = format!("{}:", path.display());
            assert!(err.contains(&named) && err.contains(says), "{err}");
        }
    }
}

/// Plays on a resumed copy of a journal: a command if the battle is not over, else an undo.
fn play_on(path: &Path) {
    let (mut game, _) = rules::open_journal(path, false, true).expect("resumes");
    if game.ended() {
        game.undo(1).expect("undo");
    } else {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut dice = RngDice::seeded(7);
        let mut played = false;
        for _ in 0..50 {
            if game.random_step(&mut rng, &mut dice).expect("writes") {
                played = true;
                break;
            }
        }
        assert!(played, "{}: nothing to play", path.display());
    }
}

#[test]
fn a_resumed_old_journal_goes_on_with_entries_of_today_s_kind() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (format, key, kept) in must_open() {
        let path = dir.path().join(format!("{}-{key}.ron", format.folder));
        std::fs::copy(&kept, &path).expect("copy");
        let (before, said) = rules::open_journal(&path, false, false).expect("opens");
        let (entries, note) = (before.entries(), before.taken_as_recorded());
        drop(before);
        play_on(&path);
        let text = std::fs::read_to_string(&path).expect("read");
        let old = std::fs::read_to_string(&kept).expect("read");
        assert!(text.starts_with(&old), "{}: appended only", path.display());
        // The new lines are this build's: a command says whose dice it rolled, and the
        // lines keep their file's format (checksums from format 2 on).
        for line in text[old.len()..].lines() {
            let sealed = line.ends_with("\")") && line.contains(",crc:\"");
            assert_eq!(sealed, format.folder != "format-1", "{line}");
            assert!(
                !line.contains("action:Command") || line.contains("rolled:"),
                "{line}"
            );
        }
        let (after, warnings) = rules::open_journal(&path, false, false).expect("reopens");
        assert!(after.entries() > entries, "{}", path.display());
        // The entries taken as recorded are the same: the new ones ran again.
        assert_eq!(
            after.taken_as_recorded(),
            note,
            "{}: {said:?}",
            path.display()
        );
        assert_eq!(warnings.len(), said.len(), "{warnings:?}");
    }
}

/// A format 1 sky journal's old charge events are read given the battle before them: one
/// that no format ever had, or an old step of a charge when none is under way, is refused
/// naming its line.
#[test]
fn a_format_1_sky_event_that_no_format_had_or_the_state_contradicts_is_refused_at_its_line() {
    let kept = fixtures().join("format-1/sky.ron");
    let text = std::fs::read_to_string(&kept).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("ChargeOver"))
        .expect("a charge ends");
    let dir = tempfile::tempdir().expect("tempdir");
    // The event renamed; then the line moved before any charge was declared.
    let renamed = lines[at].replacen("ChargeOver", "ChargeAbandoned", 1);
    let mut early = lines.clone();
    let moved = early.remove(at);
    early.insert(1, moved);
    let cases = [
        (
            "renamed",
            at + 1,
            "Unexpected variant named `ChargeAbandoned`",
            {
                let mut l = lines.clone();
                l[at] = &renamed;
                l.join("\n") + "\n"
            },
        ),
        (
            "early",
            2,
            "no charge is under way",
            early.join("\n") + "\n",
        ),
    ];
    for (name, line, says, text) in cases {
        let path = dir.path().join(format!("{name}.ron"));
        std::fs::write(&path, text).expect("write");
        let err = rules::open_journal(&path, false, false)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("{name}: opens"));
        let named = format!("{}:{line}:", path.display());
        assert!(err.contains(&named) && err.contains(says), "{name}: {err}");
    }
}

/// A format 1 skirmish shot is read in its old shape (a range band) or today's (inches):
/// one with neither is refused naming its line and the field today's shape lacks.
#[test]
fn a_format_1_skirmish_shot_with_neither_a_band_nor_inches_is_refused_at_its_line() {
    let kept = fixtures().join("format-1/skirmish.ron");
    let text = std::fs::read_to_string(&kept).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = lines
        .iter()
        .position(|l| l.contains("close:false,"))
        .expect("a shot at long range");
    lines[at] = lines[at].replacen("close:false,", "", 1);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("no-range.ron");
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    let err = rules::open_journal(&path, false, false)
        .err()
        .map(|e| e.to_string())
        .expect("refused");
    let named = format!("{}:{}:", path.display(), at + 1);
    assert!(
        err.contains(&named) && err.contains("the command") && err.contains("inches"),
        "{err}"
    );
}
