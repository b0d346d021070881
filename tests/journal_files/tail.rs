//! The ends of a journal: a last line that lost only its newline is a whole entry, and a
//! battle that could not write its header leaves no journal behind.

use super::{open, picture, play};
use gunbai::rules;

/// A battle ended by agreement, journalled at `path`: its last line is the EndBattle.
fn ended_battle(path: &std::path::Path) -> (usize, String) {
    let mut game = play("sky", path, 5, 30);
    let version = game.version();
    game.end_battle(version).expect("ends");
    assert!(game.ended());
    (game.entries(), picture(game.as_ref()))
}

#[test]
fn a_sealed_last_line_without_its_newline_is_a_whole_entry() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    let (entries, expected) = ended_battle(&path);
    let whole = std::fs::read(&path).expect("read");
    let mut cut = whole.clone();
    assert_eq!(cut.pop(), Some(b'\n'));
    std::fs::write(&path, &cut).expect("write");

    // Replay keeps the entry: the battle is still over, nothing is dropped.
    let (game, warnings) = open(&path, false).expect("opens");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(game.entries(), entries);
    assert!(game.ended(), "the EndBattle was kept");
    assert_eq!(picture(game.as_ref()), expected);
    drop(game);
    assert_eq!(
        std::fs::read(&path).expect("read"),
        cut,
        "read-only: untouched"
    );

    // Resuming writes the missing newline, and the next entry follows it on a line of its own.
    let (mut resumed, warnings) = rules::open_journal(&path, false, true).expect("resumes");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(resumed.entries(), entries);
    assert_eq!(std::fs::read(&path).expect("read"), whole);
    resumed.undo(1).expect("writes");
    drop(resumed);
    let (reopened, warnings) = open(&path, false).expect("opens");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(reopened.entries(), entries + 1);
    assert!(!reopened.ended(), "the EndBattle undone");
}

#[test]
fn a_last_line_cut_inside_is_still_dropped_as_torn() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    let (entries, _) = ended_battle(&path);
    let mut bytes = std::fs::read(&path).expect("read");
    // Its checksum's last digit and what follows gone: the line no longer checks.
    bytes.truncate(bytes.len() - 4);
    std::fs::write(&path, &bytes).expect("write");
    let (game, warnings) = open(&path, false).expect("opens");
    assert_eq!(game.entries(), entries - 1);
    assert!(
        warnings.iter().any(|w| w.contains("cut off")),
        "{warnings:?}"
    );
    drop(game);
    let (resumed, _) = rules::open_journal(&path, false, true).expect("resumes");
    drop(resumed);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.ends_with(")\n"), "the torn tail was cut off");
    assert_eq!(text.lines().count(), entries);
}

/// Runs `gunbai simulate` with a file size limit of one 512-byte block: the header, tens of
/// kilobytes, finds no room.
#[cfg(unix)]
fn simulate_without_room(journal: &std::path::Path) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        // Ignored, a file too large is an error from write (EFBIG), not a signal.
        .arg("trap '' XFSZ; ulimit -f 1; exec \"$0\" simulate --ruleset sky --steps 5 --journal \"$1\"")
        .arg(env!("CARGO_BIN_EXE_gunbai"))
        .arg(journal)
        .output()
        .expect("runs")
}

#[cfg(unix)]
#[test]
fn a_battle_that_could_not_start_leaves_no_journal_and_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("full.ron");
    let out = simulate_without_room(&path);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("could not be started"), "{said}");
    assert!(!said.contains("cut back"), "{said}");
    assert!(!path.exists(), "no empty journal blocks the name");
    // The name is free: with room, the battle starts there.
    let rosters = rules::demo_rosters("sky").expect("demo");
    let game = rules::start_battle("sky", &rosters, Default::default(), Some(&path));
    assert!(game.is_ok(), "the name is free");
}
