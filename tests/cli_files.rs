//! The command line against awkward files: exports that must not replace special files or
//! follow planted links, and I/O messages said once and plainly; and what `gunbai FILE` and
//! `gunbai new` ask the app to open, for a journal in each state, rosters and other files.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use clap::Parser as _;
use gunbai::cli::launch::Launch;
use gunbai::cli::{Cli, Request};
use gunbai::rules::{RULE_SETS, StartRequest};

fn gunbai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gunbai"))
}

fn simulate(journal: &Path) -> Output {
    gunbai()
        .args([
            "simulate",
            "--ruleset",
            "sky",
            "--seed",
            "3",
            "--steps",
            "20",
        ])
        .arg("--journal")
        .arg(journal)
        .output()
        .expect("runs")
}

fn report(journal: &Path, target: &Path) -> Output {
    gunbai()
        .arg("report")
        .arg(journal)
        .arg("-o")
        .arg(target)
        .output()
        .expect("runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn report_refuses_a_fifo_a_folder_and_a_link_as_its_target() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let fifo = dir.path().join("fifo.md");
    let link = dir.path().join("link.md");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").expect("write");
    std::os::unix::fs::symlink(&victim, &link).expect("symlink");
    let mut targets = vec![(dir.path().to_owned(), "folder"), (link, "link")];
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        targets.push((fifo.clone(), "fifo"));
    }
    for (target, kind) in targets {
        let out = report(&journal, &target);
        assert!(!out.status.success(), "{}", target.display());
        assert!(stderr(&out).contains(kind), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep me");
    if fifo.exists() {
        let kind = std::fs::symlink_metadata(&fifo).expect("meta").file_type();
        assert!(!kind.is_file(), "the fifo is still a fifo");
    }
}

#[test]
fn report_never_follows_a_link_planted_at_a_temporary_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").expect("write");
    // The names a predictable writer would use: `.r.md.tmp`, `.r.md.<pid>.tmp`.
    for name in [".r.md.tmp", ".r.md.1.tmp", ".r.md.tmp.1"] {
        std::os::unix::fs::symlink(&victim, dir.path().join(name)).expect("symlink");
    }
    let target = dir.path().join("r.md");
    let out = report(&journal, &target);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep me");
    let meta = std::fs::symlink_metadata(&target).expect("written");
    assert!(meta.file_type().is_file());
    assert!(
        std::fs::read_to_string(&target)
            .expect("read")
            .contains("Takeda")
    );
}

#[test]
fn simulate_into_a_folder_says_so_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = simulate(dir.path());
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("is a folder"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // An existing journal is never overwritten, and the reason is said once.
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let err = stderr(&simulate(&journal));
    assert!(err.contains("never overwrites"), "{err}");
    assert_eq!(err.matches("never overwrites").count(), 1, "{err}");
}

#[test]
fn check_of_a_missing_file_says_there_is_no_such_file() {
    let out = gunbai()
        .args(["check", "missing.ron"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("No such file"), "{err}");
    assert!(!err.contains("rule set"), "{err}");
}

#[test]
fn replay_of_dev_zero_is_refused_at_once() {
    let start = std::time::Instant::now();
    let out = gunbai()
        .args(["replay", "/dev/zero", "--recover"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("character device"),
        "{}",
        stderr(&out)
    );
    assert!(start.elapsed().as_secs() < 10);
}

/// What the app is asked to open by the command line `args` (after `gunbai`).
fn launch(args: &[&str]) -> Launch {
    let cli =
        Cli::try_parse_from(std::iter::once("gunbai").chain(args.iter().copied())).expect("parses");
    match cli.request().expect("a battle to open") {
        Request::App(launch) => launch,
        Request::Tool(tool) => panic!("a tool, not the app: {tool:?}"),
    }
}

fn launch_file(path: &Path) -> Launch {
    launch(&[path.to_str().expect("a UTF-8 path")])
}

/// The problems `gunbai new` with `args` is refused with.
fn refused_new(args: &[&str]) -> Vec<String> {
    let cli = Cli::try_parse_from(["gunbai", "new"].into_iter().chain(args.iter().copied()))
        .expect("parses");
    match cli.request() {
        Err(e) => e.0,
        Ok(request) => panic!("accepted: {request:?}"),
    }
}

fn new_battle(args: &[&str]) -> StartRequest {
    let mut all = vec!["new"];
    all.extend_from_slice(args);
    match launch(&all) {
        Launch::NewBattle(request) => request,
        other => panic!("not a new battle: {other:?}"),
    }
}

/// A journal of 20 random commands, finished (its lock released).
fn journal(dir: &Path) -> PathBuf {
    let path = dir.join("battle.ron");
    let out = simulate(&path);
    assert!(out.status.success(), "{}", stderr(&out));
    path
}

fn refusal(launch: &Launch) -> String {
    match launch {
        Launch::Refused { .. } => launch.refusal().expect("said"),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn plain_gunbai_opens_the_usual_demo_battle() {
    assert!(matches!(launch(&[]), Launch::Usual));
}

/// The app finds out whether a journal is free, locked or damaged by opening it, where the
/// umpire sees the answer (tests/ui_files.rs); the command line asks it to open each one.
#[test]
fn a_journal_free_locked_or_damaged_is_asked_to_be_opened_as_a_journal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let free = journal(dir.path());
    assert!(matches!(launch_file(&free), Launch::Journal(p) if p == free));

    let held = gunbai::rules::open_journal(&free, false, true).expect("resumed here");
    assert!(matches!(launch_file(&free), Launch::Journal(p) if p == free));
    drop(held);

    let text = std::fs::read_to_string(&free).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[3] = lines[3].replacen("seq:", "seq: ", 1);
    let damaged = dir.path().join("damaged.ron");
    std::fs::write(&damaged, lines.join("\n") + "\n").expect("write");
    assert!(matches!(launch_file(&damaged), Launch::Journal(p) if p == damaged));
    let err = gunbai::rules::open_journal(&damaged, false, true)
        .err()
        .expect("damaged");
    assert!(err.to_string().contains(":4: the checksum"), "{err}");
}

#[test]
fn a_relative_path_is_made_absolute_so_the_app_finds_it_again_from_anywhere() {
    let out = launch(&["rosters/sky/takeda.ron"]);
    let Launch::Roster { path, key } = out else {
        panic!("not a roster: {out:?}")
    };
    assert!(path.is_absolute(), "{}", path.display());
    assert!(path.ends_with("rosters/sky/takeda.ron"));
    assert_eq!(key, "sky");
}

/// A roster kept anywhere is told by the rule set whose roster form reads it; a draft (with
/// errors) is still a roster, to be fixed in the New battle dialog.
#[test]
fn every_shipped_roster_anywhere_opens_the_new_battle_dialog_on_its_rule_set() {
    let dir = tempfile::tempdir().expect("tempdir");
    for info in RULE_SETS {
        for (file, text) in info.demo {
            let name = Path::new(file).file_name().expect("a name");
            let copy = dir.path().join(name);
            std::fs::write(&copy, text).expect("write");
            let out = launch_file(&copy);
            assert!(
                matches!(&out, Launch::Roster { path, key } if *path == copy && *key == info.key),
                "{file}: {out:?}"
            );
        }
    }
    let draft = dir.path().join("draft.ron");
    let takeda = std::fs::read_to_string("rosters/sky/takeda.ron").expect("read");
    std::fs::write(&draft, takeda.replacen("stands: 4", "stands: 40", 1)).expect("write");
    assert!(
        gunbai::rules::check_roster(
            "sky",
            &gunbai::roster::RosterText::read(&draft).expect("read")
        )
        .is_err()
    );
    assert!(matches!(
        launch_file(&draft),
        Launch::Roster { key: "sky", .. }
    ));
}

#[test]
fn a_roster_that_does_not_parse_is_still_its_folders_rule_sets_roster() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sky = dir.path().join("sky");
    std::fs::create_dir(&sky).expect("mkdir");
    let broken = "(name: \"Date\", general: (name: \"Date Masamune\"), clans: [";
    std::fs::write(sky.join("date.ron"), broken).expect("write");
    assert!(matches!(
        launch_file(&sky.join("date.ron")),
        Launch::Roster { key: "sky", .. }
    ));
    // The same text elsewhere is neither a journal nor a roster.
    std::fs::write(dir.path().join("date.ron"), broken).expect("write");
    let said = refusal(&launch_file(&dir.path().join("date.ron")));
    assert!(
        said.contains("neither a battle journal nor an army roster"),
        "{said}"
    );
}

#[test]
fn a_file_that_is_neither_is_refused_naming_the_file_and_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "Bring the red dice.\n").expect("write");
    let binary = dir.path().join("photo.jpg");
    std::fs::write(&binary, [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]).expect("write");
    let missing = dir.path().join("missing.ron");
    for (path, why) in [
        (notes, "is neither a battle journal nor an army roster"),
        (binary, "not UTF-8"),
        (missing, "does not exist"),
        (dir.path().to_owned(), "is a folder"),
        (PathBuf::from("/dev/zero"), "is a character device"),
    ] {
        let said = refusal(&launch_file(&path));
        assert!(said.contains(&path.display().to_string()), "{said}");
        assert!(said.contains(why), "{said}");
    }
}

#[test]
fn new_without_rosters_starts_the_rule_sets_demo_armies() {
    for info in RULE_SETS {
        let request = new_battle(&["--ruleset", info.key]);
        assert_eq!(request.key, info.key);
        let files = request.rosters.map(|r| r.file);
        assert_eq!(files, info.demo.map(|(file, _)| file.to_owned()));
        assert_eq!(request.house, gunbai::reference::HouseRules::default());
    }
}

#[test]
fn new_with_two_rosters_and_house_rulings_records_only_what_differs_from_our_default() {
    let request = new_battle(&[
        "--ruleset",
        "sky",
        "--roster",
        "rosters/sky/uesugi.ron",
        "--roster",
        "rosters/sky/takeda.ron",
        "--house",
        "melee_tie=both_withdraw",
        "--house",
        "cover_rounding=down",
        "--optional",
        "first_bushi_roll",
    ]);
    let files = request.rosters.map(|r| r.file);
    assert_eq!(files, ["rosters/sky/uesugi.ron", "rosters/sky/takeda.ron"]);
    let rulings: Vec<(&str, &str)> = request
        .house
        .rulings
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        rulings,
        [("melee_tie", "both_withdraw")],
        "the default is left out"
    );
    assert!(request.house.optional.contains("first_bushi_roll"));
}

#[test]
fn new_refuses_a_bad_rule_set_roster_count_ruling_option_or_optional_rule_clearly() {
    let unknown = refused_new(&["--ruleset", "chess"]);
    assert!(unknown[0].contains("no such rule set"), "{unknown:?}");
    assert!(unknown[0].contains("sky, simple, skirmish, daimyo, kozeriai"));

    let one = refused_new(&["--ruleset", "sky", "--roster", "rosters/sky/takeda.ron"]);
    assert!(one[0].contains("give two rosters"), "{one:?}");

    let all = refused_new(&[
        "--ruleset",
        "sky",
        "--house",
        "no_such=thing",
        "--house",
        "melee_tie=sometimes",
        "--house",
        "melee_tie",
        "--house",
        "cover_rounding=up",
        "--house",
        "cover_rounding=down",
        "--optional",
        "ninjas",
    ]);
    let said = all.join("\n");
    for part in [
        "--house no_such=thing: sky has no ruling `no_such`",
        "`sometimes` is not an option of the ruling `melee_tie`; its options are neither_withdraws, both_withdraw",
        "--house melee_tie: write it as RULING=OPTION",
        "the ruling `cover_rounding` is given twice",
        "melee_tie=neither_withdraws|both_withdraw",
        "--optional ninjas: sky has no optional rule `ninjas`; its optional rules are first_bushi_roll",
    ] {
        assert!(said.contains(part), "{part} in:\n{said}");
    }
    assert_eq!(
        said.matches("cover_rounding=down|up").count(),
        1,
        "listed once"
    );
}

/// Issue 41: a table value set from the command line is checked as a journal's header is.
#[test]
fn new_takes_a_table_value_within_its_range_and_refuses_one_outside_naming_the_range() {
    let request = new_battle(&["--ruleset", "sky", "--house", "movement_inches.foot=5"]);
    assert_eq!(
        request.house.overrides.get("movement_inches.foot"),
        Some(&5),
        "{:?}",
        request.house
    );
    let said =
        refused_new(&["--ruleset", "skirmish", "--house", "dice.sides=4294967295"]).join("\n");
    assert_eq!(
        said,
        "--house: house rule `dice.sides` = 4294967295: out of range; a die's faces (the notation's limits) must be 2 to 1000"
    );
    let said = refused_new(&["--ruleset", "skirmish", "--house", "dice.always_hits=1"]).join("\n");
    assert!(
        said.contains("`dice.always_hits` = 1: it must be above `dice.always_misses` (1)"),
        "{said}"
    );
    let said = refused_new(&[
        "--ruleset",
        "sky",
        "--house",
        "movement_inches.foot=six",
        "--house",
        "movement_inches.fot=6",
    ])
    .join("\n");
    assert!(
        said.contains("--house movement_inches.foot=six: the table value `movement_inches.foot` takes a whole number"),
        "{said}"
    );
    assert!(
        said.contains(
            "--house movement_inches.fot=6: sky has no table value `movement_inches.fot`"
        ),
        "{said}"
    );
}

#[test]
fn new_refuses_a_roster_of_another_rule_set_naming_file_line_and_column() {
    let said = refused_new(&[
        "--ruleset",
        "daimyo",
        "--roster",
        "rosters/sky/takeda.ron",
        "--roster",
        "rosters/daimyo/ishida.ron",
    ]);
    assert!(
        said.iter()
            .any(|p| p.starts_with("rosters/sky/takeda.ron:") && p.contains(':')),
        "{said:?}"
    );
    let missing = refused_new(&[
        "--ruleset",
        "sky",
        "--roster",
        "nowhere.ron",
        "--roster",
        "rosters/sky/takeda.ron",
    ]);
    assert!(missing[0].contains("nowhere.ron"), "{missing:?}");
}

#[test]
fn the_command_refuses_a_bad_new_battle_on_the_terminal_before_any_window() {
    let out = gunbai()
        .args(["new", "--ruleset", "sky", "--house", "melee_tie=sometimes"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("cannot start the battle"), "{err}");
    assert!(err.contains("`sometimes` is not an option"), "{err}");
    assert!(!err.contains("window"), "no window was tried: {err}");
}

#[test]
fn help_lists_opening_a_file_and_a_new_battle() {
    let out = gunbai().arg("--help").output().expect("runs");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for part in [
        "gunbai [FILE]",
        "gunbai FILE",
        "gunbai new --ruleset KEY [--roster A.ron --roster B.ron] [--house RULING=OPTION]",
        "new ",
    ] {
        assert!(help.contains(part), "{part} in:\n{help}");
    }
    let out = gunbai().args(["new", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&out.stdout);
    for part in [
        "--ruleset <KEY>",
        "--roster <FILE>",
        "--house <RULING=OPTION|TABLE.VALUE=NUMBER>",
    ] {
        assert!(help.contains(part), "{part} in:\n{help}");
    }
}

/// The desktop's MIME type tells a journal by the header line Gunbai writes, and the desktop
/// entry opens what it is given with `gunbai FILE`, under the app's icon.
#[test]
fn the_desktop_entry_and_mime_type_fit_the_journal_gunbai_writes() {
    use gunbai::engine::journal::HEADER_START;
    let xml = std::fs::read_to_string("assets/gunbai-journal.xml").expect("read");
    let entry = std::fs::read_to_string("assets/gunbai.desktop").expect("read");
    // shared-mime-info refuses a file whose comments hold a double hyphen.
    for comment in xml.split("<!--").skip(1) {
        let body = comment.split("-->").next().expect("closed");
        assert!(
            !body.contains("--"),
            "a comment with a double hyphen: {body}"
        );
    }
    assert!(xml.contains(r#"<mime-type type="application/x-gunbai-journal">"#));
    assert!(xml.contains(&format!(
        r#"<match type="string" offset="0" value="{HEADER_START}">"#
    )));
    assert!(xml.contains(r#"<match type="string" offset="9:11" value=",app_version:"/>"#));
    let dir = tempfile::tempdir().expect("tempdir");
    let written = std::fs::read_to_string(journal(dir.path())).expect("read");
    assert!(written.starts_with(HEADER_START), "{}", &written[..40]);
    let version_at = written.find(",app_version:").expect("the app version");
    assert!((9..=11).contains(&version_at), "{}", &written[..40]);

    let line = |key: &str| {
        entry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(line("Exec"), "gunbai %f");
    assert_eq!(line("MimeType"), "application/x-gunbai-journal;");
    assert_eq!(line("Icon"), "gunbai");
    assert_eq!(line("StartupWMClass"), "gunbai");
    let png = std::fs::read("assets/gunbai.png").expect("the icon");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The IHDR chunk's width and height, as `xdg-icon-resource --size 256` installs it.
    assert_eq!(png[16..24], [0, 0, 1, 0, 0, 0, 1, 0]);
}

#[test]
fn report_onto_a_read_only_file_refuses_unless_forced_and_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let target = dir.path().join("kept.md");
    std::fs::write(&target, "keep me").expect("write");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = report(&journal, &target);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("read-only") && stderr(&out).contains("--force"));
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "keep me");
    let forced = gunbai()
        .arg("report")
        .arg(&journal)
        .arg("-o")
        .arg(&target)
        .arg("--force")
        .output()
        .expect("runs");
    assert!(forced.status.success(), "{}", stderr(&forced));
    assert!(
        std::fs::read_to_string(&target)
            .expect("read")
            .starts_with("# After-action")
    );
    let mode = std::fs::metadata(&target)
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o444, "the target keeps its permissions");
}

/// A journal whose armies are named to attack a terminal and a report: an escape sequence,
/// a bidirectional override, HTML markup and a table's cell separator.
fn hostile_names(dir: &Path) -> std::path::PathBuf {
    use gunbai::reference::HouseRules;
    use gunbai::roster::RosterText;
    let hostile = "<b>Takeda</b> \u{1b}[2J\u{1b}[31m|red\u{202e}";
    let [a, b] = gunbai::rules::demo_rosters("sky").expect("demo");
    let a = RosterText {
        source: a.source.replacen("Takeda 武田", hostile, 1),
        ..a
    };
    assert!(a.source.contains(hostile), "the demo army has the name");
    let path = dir.join("hostile.ron");
    let mut game = gunbai::rules::start_battle("sky", &[a, b], HouseRules::default(), Some(&path))
        .expect("a valid army, however named");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let mut dice = gunbai::dice::RngDice::seeded(1);
    for _ in 0..10 {
        game.random_step(&mut rng, &mut dice).expect("steps");
    }
    path
}

#[test]
fn names_never_reach_the_terminal_or_the_report_as_commands_or_markup() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = hostile_names(dir.path());
    let replay = gunbai().arg("replay").arg(&journal).output().expect("runs");
    assert!(replay.status.success(), "{}", stderr(&replay));
    let text = String::from_utf8_lossy(&replay.stdout);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202e}'),
        "{text}"
    );
    assert!(text.contains("\\u{1b}[2J"), "shown escaped: {text}");
    let md = gunbai()
        .args(["report", "--format", "md"])
        .arg(&journal)
        .output()
        .expect("runs");
    let md = String::from_utf8_lossy(&md.stdout);
    assert!(!md.contains("<b>") && md.contains("&lt;b&gt;"), "{md}");
    assert!(!md.contains('\u{1b}') && md.contains("\\|red"), "{md}");
    let html = gunbai()
        .args(["report", "--format", "html"])
        .arg(&journal)
        .output()
        .expect("runs");
    let html = String::from_utf8_lossy(&html.stdout);
    assert!(
        !html.contains("<b>Takeda") && !html.contains('\u{1b}'),
        "{html}"
    );
}

#[test]
fn replay_and_report_refuse_an_edited_result_naming_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    assert!(simulate(&journal).status.success());
    let text = std::fs::read_to_string(&journal).expect("read");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let i = lines
        .iter()
        .position(|l| l.contains("passed:true") || l.contains("passed:false"))
        .expect("a test in the battle");
    let flipped = if lines[i].contains("passed:true") {
        lines[i].replacen("passed:true", "passed:false", 1)
    } else {
        lines[i].replacen("passed:false", "passed:true", 1)
    };
    // The checksum fixed, as a forger would.
    let body = &flipped[..flipped.len() - 16];
    lines[i] = format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()));
    std::fs::write(&journal, lines.join("\n") + "\n").expect("write");
    let named = format!("{}:{}:", journal.display(), i + 1);
    for args in [vec!["replay"], vec!["report", "--format", "html"]] {
        let out = gunbai().args(&args).arg(&journal).output().expect("runs");
        assert!(!out.status.success(), "{args:?} refused");
        assert!(stderr(&out).contains(&named), "{args:?}: {}", stderr(&out));
        let recovered = gunbai()
            .args(&args)
            .arg(&journal)
            .arg("--recover")
            .output()
            .expect("runs");
        assert!(
            recovered.status.success(),
            "{args:?}: {}",
            stderr(&recovered)
        );
    }
}
