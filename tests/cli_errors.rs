//! The command line's output and errors, as a person meets them: output into a reader that
//! has gone stops quietly, and every error says what to do about it in the user's terms.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn gunbai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
}

/// A short battle's journal at `path`.
fn simulate(path: &Path, ruleset: &str, steps: u32) {
    let out = gunbai()
        .args(["simulate", "--ruleset", ruleset, "--seed", "3", "--steps"])
        .arg(steps.to_string())
        .arg("--journal")
        .arg(path)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `gunbai` with its standard output a pipe whose reader has already gone, as in
/// `gunbai report big.ron | head` once `head` has its lines.
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    gunbai()
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("runs")
}

/// Issue 41: `check`, `roll`, `report` and `replay` stop quietly, as `odds` does, when what
/// reads their output has gone.
#[test]
fn every_tool_stops_quietly_when_its_reader_has_gone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    simulate(&journal, "sky", 40);
    let journal = journal.to_str().expect("a UTF-8 path");
    let roster = dir.path().join("date.ron");
    let roster = roster.to_str().expect("a UTF-8 path");
    let another = dir.path().join("s.ron");
    let another = another.to_str().expect("a UTF-8 path");
    for args in [
        &["roster", "new", "--ruleset", "sky", "--out", roster, "Date"][..],
        &[
            "simulate",
            "--ruleset",
            "sky",
            "--steps",
            "5",
            "--journal",
            another,
        ],
        &["odds", "2d6"],
        &["roll", "2d6", "--seed", "1"],
        &["check", "rosters/sky/takeda.ron"],
        &["replay", journal],
        &["replay", "--json", journal],
        &["report", journal],
        &["report", "--format", "html", journal],
    ] {
        let out = into_closed_pipe(args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {said}");
        assert!(!said.contains("panicked"), "{args:?}: {said}");
    }
}

/// Issue 41: `roster new --out` shows the path it wrote as `check` does, control characters
/// escaped, so a path cannot move the cursor or change the terminal's colours.
#[test]
fn roster_new_shows_the_path_it_wrote_escaped_as_check_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("red\u{1b}[31m.ron");
    let out = gunbai()
        .args(["roster", "new", "--ruleset", "sky", "Date", "--out"])
        .arg(&path)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("red\\u{1b}[31m.ron: a sky roster to edit"),
        "{said}"
    );
    assert!(!said.contains('\u{1b}'), "{said:?}");
    let again = gunbai()
        .args(["roster", "new", "--ruleset", "sky", "Date", "--out"])
        .arg(&path)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(
        said.contains("red\\u{1b}[31m.ron is already there"),
        "{said}"
    );
    assert!(!said.contains('\u{1b}'), "{said:?}");
    let checked = gunbai()
        .args(["check", "--ruleset", "sky"])
        .arg(&path)
        .output()
        .expect("runs");
    assert!(
        String::from_utf8_lossy(&checked.stdout).contains("red\\u{1b}[31m.ron: valid sky roster"),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
}

/// Issue 41: `check` run inside `rosters/sky/` on a bare file name knows the folder's rule
/// set, as it does given the folder in the path.
#[test]
fn check_inside_a_rule_sets_folder_knows_its_rule_set() {
    let out = gunbai()
        .args(["check", "takeda.ron", "./uesugi.ron", "../sky/takeda.ron"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/sky"))
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        said,
        "takeda.ron: valid sky roster\n./uesugi.ron: valid sky roster\n../sky/takeda.ron: valid sky roster\n"
    );
}

/// Runs `gunbai ARGS`, which must succeed.
fn succeeds(args: &[&std::ffi::OsStr]) {
    let out = gunbai().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What `gunbai ARGS` says on standard error, with `dir` shown as `DIR`.
fn error_of(args: &[&std::ffi::OsStr], dir: &Path) -> String {
    let out = gunbai().args(args).output().expect("runs");
    assert!(!out.status.success(), "{args:?} succeeded");
    String::from_utf8_lossy(&out.stderr).replace(&dir.display().to_string(), "DIR")
}

/// Issue 41: a byte-order mark an editor put first in a roster or a journal is skipped;
/// lines that end in a carriage return alone are named as such.
#[test]
fn a_byte_order_mark_is_skipped_and_lines_ending_in_a_carriage_return_alone_are_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sky = dir.path().join("sky");
    std::fs::create_dir(&sky).expect("a sky folder");
    let takeda = std::fs::read_to_string("rosters/sky/takeda.ron").expect("takeda");
    let with_bom = sky.join("bom.ron");
    std::fs::write(&with_bom, format!("\u{feff}{takeda}")).expect("written");
    succeeds(&["check".as_ref(), with_bom.as_os_str()]);

    let old_mac = sky.join("mac.ron");
    std::fs::write(&old_mac, takeda.replace('\n', "\r")).expect("written");
    let said = error_of(&["check".as_ref(), old_mac.as_os_str()], dir.path());
    assert!(
        said.starts_with("error: DIR/sky/mac.ron:1:")
            && said.contains("a carriage return alone ends this line (as on old Macs)"),
        "{said}"
    );

    let journal = dir.path().join("b.ron");
    simulate(&journal, "sky", 20);
    let lines = std::fs::read_to_string(&journal).expect("journal");
    let bom_journal = dir.path().join("bom-journal.ron");
    std::fs::write(&bom_journal, format!("\u{feff}{lines}")).expect("written");
    succeeds(&["replay".as_ref(), bom_journal.as_os_str()]);
    assert_eq!(
        gunbai::rules::identify(&bom_journal),
        gunbai::rules::FileKind::Journal,
        "the app opens it as a journal"
    );
    for (name, text) in [
        ("cr.ron", lines.replace('\n', "\r")),
        ("cr-last.ron", format!("{}\n", lines.replace('\n', "\r"))),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        let said = error_of(&["replay".as_ref(), path.as_os_str()], dir.path());
        assert_eq!(
            said,
            format!(
                "error: DIR/{name}:1: its lines end in a carriage return alone (as on old Macs), not a line feed: it was saved so by another program; save it with LF (or CRLF) line ends\n"
            )
        );
    }
}

/// Issue 41: values nested too deep are named in the user's words, with no advice meant for
/// programmers (RON's own message names `serde_stacker`).
#[test]
fn values_nested_too_deep_are_named_without_advice_for_programmers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    simulate(&journal, "sky", 5);
    let text = std::fs::read_to_string(&journal).expect("journal");
    let (header, rest) = text.split_once('\n').expect("lines");
    let body = &header[..header.len() - 16];
    let deep = format!("armies:({}1{},", "(".repeat(200), ")".repeat(200));
    let body = body.replacen("armies:(", &deep, 1);
    let header = format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()));
    let edited = dir.path().join("deep.ron");
    std::fs::write(&edited, format!("{header}\n{rest}")).expect("written");
    let said = error_of(&["replay".as_ref(), edited.as_os_str()], dir.path());
    assert!(said.contains("nested more than 128 deep"), "{said}");
    assert!(
        !said.contains("serde_stacker") && !said.contains("recursion_limit"),
        "{said}"
    );
}

/// Issue 41: `report -o` into a folder that is not there names that folder, never the
/// temporary file it would have written first.
#[test]
fn report_into_a_missing_folder_names_the_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    simulate(&journal, "sky", 5);
    let target = dir.path().join("missing").join("r.md");
    let said = error_of(
        &[
            "report".as_ref(),
            journal.as_os_str(),
            "-o".as_ref(),
            target.as_os_str(),
        ],
        dir.path(),
    );
    assert_eq!(said, "error: DIR/missing: no such folder\n");
}

/// A sky battle journalled at `path` up to its first melee, the melee's hits counted at the
/// table (7 and 3): the journal records counts, not faces.
fn melee_counted_at_the_table(path: &Path) -> String {
    use gunbai::dice::TableDice;
    use gunbai::engine::{Battle, Dice};
    use gunbai::rules::sky::state::{ClanRef, UnitRef};
    use gunbai::rules::sky::{Command, Sky};
    let rosters = gunbai::rules::demo_rosters("sky").expect("demo");
    let mut game = gunbai::rules::start_battle(
        "sky",
        &rosters,
        gunbai::reference::HouseRules::default(),
        Some(path),
    )
    .expect("starts");
    let battle = game
        .as_any_mut()
        .downcast_mut::<Battle<Sky>>()
        .expect("sky");
    let table = |faces: &[u32]| Dice::Table(TableDice::new(faces.to_vec()));
    for (command, faces) in [
        (Command::RollInitiative, vec![6, 6, 1, 1]),
        (Command::TryActivation(ClanRef(0, 0)), vec![1, 1]),
        (Command::RollActions, vec![2, 6]),
        (Command::NoImpetus(UnitRef(0, 0, 0)), vec![]),
        (Command::NoImpetus(UnitRef(0, 0, 1)), vec![]),
        (
            Command::Charge {
                unit: UnitRef(0, 0, 0),
                target: UnitRef(1, 0, 2),
                cross_obstacle: false,
            },
            vec![],
        ),
        (Command::ChargerTest, vec![1, 1]),
        (Command::TargetTest, vec![1, 1]),
    ] {
        battle.execute_with(command, table(&faces)).expect("plays");
    }
    battle
        .execute_with(
            Command::FightMelee,
            Dice::Table(TableDice::counts(vec![7, 3])),
        )
        .expect("counted");
    std::fs::read_to_string(path).expect("journal")
}

/// Issue 41: a count of successes recorded at the table is called a count, never a face,
/// when an entry records too many or too few.
#[test]
fn counts_of_successes_are_never_called_faces() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = melee_counted_at_the_table(&dir.path().join("b.ron"));
    let last = text.lines().last().expect("the melee");
    assert!(last.contains("counts:[7,3]"), "{last}");
    let line = text.lines().count();
    for (counts, said) in [
        (
            "counts:[7,3,2]",
            "the entry records 3 counts of successes but the command counts 2 pools",
        ),
        (
            "counts:[7]",
            "the command counts more pools than the 1 count of successes the entry records",
        ),
    ] {
        let body = &last[..last.len() - 16];
        let body = body.replace("counts:[7,3]", counts);
        let sealed = format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()));
        let edited = dir.path().join("edited.ron");
        std::fs::write(&edited, text.replace(last, &sealed)).expect("written");
        let said_now = error_of(&["replay".as_ref(), edited.as_os_str()], dir.path());
        assert_eq!(said_now, format!("error: DIR/edited.ron:{line}: {said}\n"));
    }
}

/// `key`'s demo battle journalled at `dir/b.ron` with its header's text edited from `old` to
/// `new` (its checksum made right again): what replay says of it.
fn header_edited(dir: &Path, key: &str, old: &str, new: &str) -> String {
    let journal = dir.join("b.ron");
    simulate(&journal, key, 5);
    let text = std::fs::read_to_string(&journal).expect("journal");
    let (header, rest) = text.split_once('\n').expect("lines");
    let body = &header[..header.len() - 16];
    assert!(body.contains(old), "{old} in {body}");
    let body = body.replacen(old, new, 1);
    let header = format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()));
    let edited = dir.join("edited.ron");
    std::fs::write(&edited, format!("{header}\n{rest}")).expect("written");
    std::fs::remove_file(&journal).expect("removed");
    error_of(&["replay".as_ref(), edited.as_os_str()], dir)
}

/// Issue 41: an edited header's army is refused naming the unit (by its name) and the field,
/// whether the edit breaks a bound or gives what the rules would load otherwise.
#[test]
fn an_edited_header_names_the_unit_and_the_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prefix = "error: DIR/edited.ron:1: the header's army 1 is not one Gunbai could have begun a battle with: ";
    for (key, old, new, said) in [
        (
            "sky",
            "armoured:true,stands:4",
            "armoured:false,stands:4",
            "clans[0].units[0].armoured, of Nobushige's Horse: the header says false where the rules would load true",
        ),
        (
            "sky",
            "stands:8,formation:Line(4)",
            "stands:9,formation:Line(4)",
            "clans[0].units[2].stands, of Nobushige's Yari: 9 stands: infantry units have 6 to 8",
        ),
        (
            "simple",
            "figures:5,formation:Skirmish",
            "figures:50,formation:Skirmish",
            "units[0].figures, of Oda Archers 1: 50 figures: a unit has 1 to 20 (usually 5)",
        ),
    ] {
        assert_eq!(
            header_edited(dir.path(), key, old, new),
            format!("{prefix}{said}\n")
        );
    }
}

/// Issue 41: a name made only of invisible characters (a zero-width space, a direction
/// mark, a byte-order mark) is refused as an empty one is, in every rule set's rosters and
/// by `roster new`.
#[test]
fn a_name_of_invisible_characters_is_refused_like_an_empty_one() {
    for info in gunbai::rules::RULE_SETS {
        let (file, source) = info.demo[0];
        let start = source.find("name: \"").expect("a name") + "name: \"".len();
        let end = start + source[start..].find('"').expect("its end");
        for blank in ["\u{200B}", " \u{200E}\u{FEFF} ", "\u{2060}\u{00AD}"] {
            let text = format!("{}{blank}{}", &source[..start], &source[end..]);
            let roster = gunbai::roster::RosterText {
                file: file.into(),
                source: text,
            };
            let errors = gunbai::rules::check_roster(info.key, &roster)
                .expect_err("a blank name is refused");
            assert!(
                errors
                    .iter()
                    .any(|e| e.path.to_string() == "name" && e.message.contains("needs a name")),
                "{}: {blank:?}: {errors:?}",
                info.key
            );
        }
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let out = gunbai()
        .args(["roster", "new", "--ruleset", "sky", "\u{200B}", "--out"])
        .arg(dir.path().join("x.ron"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the army needs a name"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
