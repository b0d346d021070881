//! The app when its files misbehave: a journal write that fails, and a journal open in
//! another window; and the app started on a file (`gunbai FILE`) or a new battle (`gunbai
//! new`): a journal in each state, a roster, and a file that is neither.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::Battle;
use gunbai::engine::journal::JournalFile;
use gunbai::rules::sky::Sky;
use gunbai::ui::App;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_on(dir, Some(11))
}

/// A disk that is full.
struct Full;

impl JournalFile for Full {
    fn write_all_at(&mut self, _offset: u64, _bytes: &[u8]) -> std::io::Result<()> {
        Err(std::io::Error::other("No space left on device"))
    }

    fn sync(&mut self) -> std::io::Result<()> {
        Ok(())
    }

    fn truncate(&mut self, _len: u64) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failed_journal_write_shows_a_read_only_banner_with_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let game = h.state_mut().game_mut().expect("the demo battle");
    let entries = game.entries();
    game.as_any_mut()
        .downcast_mut::<Battle<Sky>>()
        .expect("sky")
        .journal_writer_mut()
        .expect("journalled")
        .wrap_file(|_| Box::new(Full));
    h.get_all_by_label("[R] Roll").next().unwrap().click();
    h.run();
    let banner = h.state().banner().expect("a banner").to_owned();
    assert!(banner.contains("read-only"), "{banner}");
    assert!(banner.contains("No space left"), "{banner}");
    assert!(banner.contains("battles"), "names the journal: {banner}");
    assert_eq!(
        h.state().game().unwrap().entries(),
        entries,
        "nothing applied"
    );
    h.get_by_label("READ-ONLY");
}

#[test]
fn a_journal_open_in_another_window_is_offered_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = harness(dir.path());
    first.get_all_by_label("[R] Roll").next().unwrap().click();
    first.run();
    let journal = first.state().game().unwrap().journal_path().unwrap();
    // A second window, on the same data, resumes the last battle.
    let mut second = harness(dir.path());
    second.get_by_label("Resume").click();
    second.run();
    assert!(
        second.state().banner().unwrap().contains("another window"),
        "{:?}",
        second.state().banner()
    );
    second.get_by_label("Open read-only").click();
    second.run();
    let game = second.state().game().unwrap();
    assert_eq!(game.journal_path().as_deref(), Some(journal.as_path()));
    assert!(game.read_only().is_some());
    second.get_by_label("READ-ONLY");
}

/// A data directory that remembers a last battle, so a test can see it is not offered.
fn data_with_a_last_battle(root: &std::path::Path) -> std::path::PathBuf {
    let data = root.join("data");
    let old = data.join("battles").join("old.ron");
    std::fs::create_dir_all(old.parent().unwrap()).unwrap();
    ui_support::journal_at(&old, 1);
    std::fs::write(data.join("last-battle.txt"), old.display().to_string()).unwrap();
    data
}

/// A club's journal outside the data directory, six entries in.
fn club_journal(root: &std::path::Path) -> std::path::PathBuf {
    let path = root.join("club").join("kawanakajima.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    ui_support::journal_at(&path, 6);
    path
}

fn launched(data: &std::path::Path, args: &[&str]) -> Harness<'static, App> {
    ui_support::app_launched(data, args, (1400.0, 900.0))
}

#[test]
fn gunbai_file_resumes_a_free_journal_for_writing_and_offers_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_with_a_last_battle(dir.path());
    let path = club_journal(dir.path());
    let h = launched(&data, &[path.to_str().unwrap()]);
    let game = h.state().game().expect("the journal's battle");
    assert_eq!(game.journal_path().as_deref(), Some(path.as_path()));
    assert_eq!(game.entries(), 6);
    assert!(game.read_only().is_none(), "{:?}", game.read_only());
    assert!(h.state().banner().unwrap().starts_with("Opened"));
    h.get_by_label("saved");
    assert!(
        h.query_by_label("Resume").is_none(),
        "the file asked for is shown"
    );
    let battles = std::fs::read_dir(data.join("battles")).unwrap().count();
    assert_eq!(battles, 1, "no demo battle was started beside it");
}

#[test]
fn gunbai_file_offers_a_journal_open_in_another_window_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = club_journal(dir.path());
    let held = gunbai::rules::open_journal(&path, false, true).unwrap();
    let mut h = launched(&dir.path().join("data"), &[path.to_str().unwrap()]);
    assert!(
        h.state().game().is_none(),
        "not resumed behind the other window"
    );
    let banner = h.state().banner().unwrap().to_owned();
    assert!(banner.contains("open in another window"), "{banner}");
    h.get_by_label("Open read-only").click();
    h.run();
    let game = h.state().game().expect("opened read-only");
    assert_eq!(game.entries(), 6);
    assert!(game.read_only().is_some());
    h.get_by_label("READ-ONLY");
    drop(held);
}

#[test]
fn gunbai_file_refuses_a_damaged_journal_naming_the_damage_and_offers_recover() {
    let dir = tempfile::tempdir().unwrap();
    let path = club_journal(dir.path());
    // Line 4 is the third entry: an edit there breaks its checksum.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let edited = lines[3].replacen("seq:", "seq: ", 1);
    lines[3] = &edited;
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let mut h = launched(&dir.path().join("data"), &[path.to_str().unwrap()]);
    assert!(
        h.state().game().is_none(),
        "a damaged journal is not resumed"
    );
    let banner = h.state().banner().unwrap().to_owned();
    assert!(
        banner.contains(&format!("{}:4:", path.display())),
        "{banner}"
    );
    assert!(banner.contains("checksum does not match"), "{banner}");
    h.get_by_label("Recover (read-only)").click();
    h.run();
    let game = h.state().game().expect("recovered");
    assert_eq!(game.entries(), 2, "the entries before the damage");
    assert!(game.read_only().is_some());
    assert!(
        h.query_by_label("Recover (read-only)").is_none(),
        "offer taken"
    );
}

#[test]
fn gunbai_roster_opens_new_battle_with_it_for_the_first_side_on_its_rule_set() {
    let dir = tempfile::tempdir().unwrap();
    let roster = dir.path().join("ishida.ron");
    std::fs::copy("rosters/daimyo/ishida.ron", &roster).unwrap();
    let mut h = launched(&dir.path().join("data"), &[roster.to_str().unwrap()]);
    assert!(h.state().game().is_none());
    h.get_by_label("New battle");
    assert!(
        h.query_all_by_value(roster.to_str().unwrap())
            .next()
            .is_some(),
        "the first side's roster path is the file"
    );
    h.get_by_label("Start the battle").click();
    h.run();
    let game = h.state().game().expect("started");
    assert_eq!(game.key(), "daimyo");
    let view = game.view();
    assert_eq!(
        view.sides[0].name, "Western Army 西軍",
        "the roster given, not the first demo"
    );
}

#[test]
fn gunbai_draft_roster_shows_its_problems_in_the_dialog_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("draft.ron");
    let takeda = std::fs::read_to_string("rosters/sky/takeda.ron").unwrap();
    std::fs::write(&draft, takeda.replacen("stands: 4", "stands: 40", 1)).unwrap();
    let h = launched(&dir.path().join("data"), &[draft.to_str().unwrap()]);
    let problem = format!("{}:", draft.display());
    assert!(
        h.query_all_by_label_contains(&problem).next().is_some(),
        "its problem is shown by file:line:col"
    );
}

#[test]
fn gunbai_file_that_is_neither_says_so_in_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "Bring the red dice.\n").unwrap();
    let h = launched(&dir.path().join("data"), &[notes.to_str().unwrap()]);
    assert!(h.state().game().is_none());
    let banner = h.state().banner().unwrap();
    assert!(banner.contains(&notes.display().to_string()), "{banner}");
    assert!(
        banner.contains("neither a battle journal nor an army roster"),
        "{banner}"
    );
    h.get_by_label_contains("No battle is open");
}

#[test]
fn gunbai_new_starts_the_battle_asked_for_without_offering_the_last_one() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_with_a_last_battle(dir.path());
    let h = launched(
        &data,
        &[
            "new",
            "--ruleset",
            "skirmish",
            "--house",
            "precedence=d6_high_moves_first",
        ],
    );
    let game = h.state().game().expect("started");
    assert_eq!(game.key(), "skirmish");
    let journal = game.journal_path().expect("journalled");
    assert!(
        journal.starts_with(data.join("battles")),
        "{}",
        journal.display()
    );
    assert!(h.query_by_label("Resume").is_none());
    let house = &game.house_rules().rulings;
    assert_eq!(
        house.get("precedence").map(String::as_str),
        Some("d6_high_moves_first")
    );
}

#[test]
fn gunbai_file_on_a_journal_of_the_previous_release_opens_it_says_what_it_skips_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // A journal written before Gunbai recorded each command's dice (tests/journals/README.md).
    let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/journals/format-2-no-dice/sky.ron");
    let path = dir.path().join("kawanakajima.ron");
    std::fs::copy(&kept, &path).unwrap();
    let mut h = launched(&data, &[path.to_str().unwrap()]);
    let game = h.state().game().expect("the journal's battle");
    assert_eq!(game.entries(), 154);
    assert!(
        game.read_only().is_none(),
        "resumed: {:?}",
        game.read_only()
    );
    let banner = h.state().banner().unwrap().to_owned();
    assert!(banner.starts_with("Opened"), "{banner}");
    for says in [
        "written before Gunbai recorded each command's dice",
        "could not be run again",
        "but not for their faces",
    ] {
        assert!(banner.contains(says), "{banner}");
    }
    // The umpire answers the card on stage: the entry is of today's kind.
    let top = &h.state().game().unwrap().checks()[0];
    let roll = top.roll_answer().filter(|_| top.required);
    h.key_press(if roll.is_some() {
        eframe::egui::Key::R
    } else {
        eframe::egui::Key::Num1
    });
    h.run();
    assert_eq!(
        h.state().game().unwrap().entries(),
        155,
        "{:?}",
        h.state().banner()
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("(seq:155,") && last.contains(",rolled:"),
        "{last}"
    );
}

/// Opening a roster (`gunbai ROSTER`, as from the file manager) offers the second side a
/// different army, never the same one (issue 40): each demo army opened for the first side
/// leaves the other demo army chosen for the second, in every rule set.
#[test]
fn opening_a_roster_offers_the_second_side_a_different_army() {
    use egui_kittest::kittest::NodeT as _;
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let demos = gunbai::rules::demo_rosters(key).unwrap();
        for (i, demo) in demos.iter().enumerate() {
            let dir = tempfile::tempdir().unwrap();
            let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), demo.file);
            let h = ui_support::app_launched(dir.path(), &[path.as_str()], (1400.0, 900.0));
            let chosen = |file: &str| {
                h.get_by_label(&format!("Side 2 demo {file}"))
                    .accesskit_node()
                    .toggled()
                    .is_some_and(|t| t == eframe::egui::accesskit::Toggled::True)
            };
            let other = &demos[1 - i].file;
            assert!(
                chosen(other),
                "{key}: {} opened, the second side is offered {other}",
                demo.file
            );
            assert!(!chosen(&demo.file), "{key}: both sides {}", demo.file);
        }
    }
}
