//! Engine properties: replay equals live play, undo/redo, and no panic on any file.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use std::path::Path;

use gunbai::dice::{Recorded, RngDice};
use gunbai::engine::exec::{Exec, Sentences};
use gunbai::engine::journal::line::{check_seal, entry_line};
use gunbai::engine::journal::{Action, FORMAT_VERSION, compact_ron};
use gunbai::engine::ruleset::ApplyContext;
use gunbai::engine::{Battle, Game, RuleSet};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::{
    self, daimyo::Daimyo, kozeriai::Kozeriai, simple::Simple, skirmish::Skirmish, sky::Sky,
};
use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

fn sky_state(game: &dyn Game) -> gunbai::rules::sky::State {
    game.as_any()
        .downcast_ref::<Battle<Sky>>()
        .map(|b| b.state().clone())
        .expect("a sky battle")
}

/// Everything a battle shows, to compare two battles of any rule set.
fn picture(game: &dyn Game) -> String {
    format!("{:?}\n{:?}\n{:?}", game.view(), game.checks(), game.log())
}

/// Plays `steps` random legal commands on the sky demo, journalled at `path`.
fn play(path: &Path, seed: u64, steps: usize) -> Box<dyn Game> {
    play_ruleset("sky", path, seed, steps)
}

/// Plays `steps` random legal commands on a rule set's demo, journalled at `path`.
fn play_ruleset(key: &str, path: &Path, seed: u64, steps: usize) -> Box<dyn Game> {
    let rosters = rules::demo_rosters(key).expect("demo rosters");
    let mut game =
        rules::start_battle(key, &rosters, HouseRules::default(), Some(path)).expect("starts");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = RngDice::seeded(seed);
    for _ in 0..steps {
        if !game
            .random_step(&mut rng, &mut dice)
            .expect("journal writes")
        {
            break;
        }
    }
    game
}

/// [`play_ruleset`], then undoes up to `back` commands and redoes up to `forward` of them.
fn play_with_second_thoughts(
    key: &str,
    path: &Path,
    seed: u64,
    steps: usize,
    (back, forward): (usize, usize),
) -> Box<dyn Game> {
    let mut game = play_ruleset(key, path, seed, steps);
    let undone = game.log().len().min(back);
    if undone > 0 {
        game.undo(undone).expect("undo");
        game.redo(undone.min(forward)).expect("redo");
    }
    game
}

/// Checks every entry of a battle (undone ones, undos and redos included) and its journal:
/// the compact writer writes each action itself and exactly as `ron::to_string` does, and
/// each journal line is the one `ron` would write for the numbered entry, sealed. Returns
/// how many entries were checked.
fn written_as_ron_writes_them<R: RuleSet>(game: &dyn Game, path: &Path) -> usize {
    #[derive(serde::Serialize)]
    struct Numbered<'a, C, E> {
        seq: u64,
        at: &'a chrono::DateTime<chrono::Utc>,
        action: &'a Action<C, E>,
    }
    let battle = game
        .as_any()
        .downcast_ref::<Battle<R>>()
        .expect("the rule set's battle");
    let journal = std::fs::read_to_string(path).expect("reads the journal");
    let lines: Vec<&str> = journal.lines().skip(1).collect();
    assert_eq!(lines.len(), battle.entries().len(), "{}", R::KEY);
    for ((seq, entry), journal_line) in (1u64..).zip(battle.entries()).zip(lines) {
        let ours = compact_ron::to_string(&entry.action).expect("written by the compact writer");
        let ron_action = ron::to_string(&entry.action).expect("ron writes it");
        assert_eq!(ours, ron_action, "{} entry {seq}", R::KEY);
        let ron_line = ron::to_string(&Numbered {
            seq,
            at: &entry.at,
            action: &entry.action,
        })
        .expect("ron writes it");
        let line = entry_line(FORMAT_VERSION, seq, entry).expect("writes the line");
        let unsealed = ron_line.strip_suffix(')').expect("a struct");
        assert!(
            line.strip_prefix(unsealed)
                .is_some_and(|seal| seal.starts_with(",crc:\"")),
            "{} entry {seq}: {line} is not {ron_line}, sealed",
            R::KEY
        );
        assert!(check_seal(&line).is_ok());
        assert_eq!(
            journal_line,
            line,
            "{} entry {seq}: the journal's line",
            R::KEY
        );
    }
    battle.entries().len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn replay_of_the_journal_equals_the_live_state(seed in any::<u64>(), steps in 1usize..300) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("battle.ron");
        let mut live = play(&path, seed, steps);
        // Undo a few and redo some, as an umpire would.
        let n = live.log().len().min(3);
        if n > 0 {
            live.undo(n).expect("undo");
            live.redo(n / 2 + 1).expect("redo");
        }
        let (replayed, warnings) = rules::open_journal(&path, false, false).expect("replays");
        prop_assert!(warnings.is_empty());
        prop_assert_eq!(sky_state(replayed.as_ref()), sky_state(live.as_ref()));
        prop_assert_eq!(replayed.log(), live.log());
        prop_assert_eq!(replayed.entries(), live.entries());
    }

    #[test]
    fn every_rule_set_replays_to_its_live_state(seed in any::<u64>(), steps in 1usize..250) {
        for info in rules::RULE_SETS {
            let dir = tempfile::tempdir().expect("tempdir");
            let path = dir.path().join("battle.ron");
            let live = play_with_second_thoughts(info.key, &path, seed, steps, (2, 2));
            let (replayed, _) = rules::open_journal(&path, false, false).expect("replays");
            prop_assert_eq!(picture(replayed.as_ref()), picture(live.as_ref()), "{}", info.key);
        }
    }

    /// The compact RON writer must give `ron`'s bytes for every entry every rule set writes,
    /// or journals and their derived caches would part ways.
    #[test]
    fn every_rule_set_writes_its_journal_lines_as_ron_writes_them(seed in any::<u64>(), steps in 1usize..250) {
        for info in rules::RULE_SETS {
            let dir = tempfile::tempdir().expect("tempdir");
            let path = dir.path().join("battle.ron");
            // Undo some, redo fewer and play on from there: undone entries, undos and
            // redos are written too.
            let mut game = play_with_second_thoughts(info.key, &path, seed, steps, (4, 2));
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 1);
            let mut dice = RngDice::seeded(seed ^ 1);
            for _ in 0..steps / 4 {
                if !game.random_step(&mut rng, &mut dice).expect("journal writes") {
                    break;
                }
            }
            let checked = match info.key {
                "sky" => written_as_ron_writes_them::<Sky>(game.as_ref(), &path),
                "simple" => written_as_ron_writes_them::<Simple>(game.as_ref(), &path),
                "skirmish" => written_as_ron_writes_them::<Skirmish>(game.as_ref(), &path),
                "daimyo" => written_as_ron_writes_them::<Daimyo>(game.as_ref(), &path),
                "kozeriai" => written_as_ron_writes_them::<Kozeriai>(game.as_ref(), &path),
                other => panic!("a rule set this test does not know: {other}"),
            };
            prop_assert_eq!(checked, game.entries(), "{}", info.key);
        }
    }

    /// Replay runs each command on the state itself and writes no sentences for one undone:
    /// that must give exactly what live play gives on a copy, sentences apart.
    #[test]
    fn a_command_run_on_the_state_itself_gives_what_it_gives_on_a_copy(seed in any::<u64>(), steps in 1usize..150) {
        let dir = tempfile::tempdir().expect("tempdir");
        let game = play(&dir.path().join("b.ron"), seed, steps);
        let battle = game.as_any().downcast_ref::<Battle<Sky>>().expect("sky");
        let rules = Sky::rules(&battle.header().house_rules).expect("rules");
        let mut state = Sky::start(&rules, &battle.header().armies);
        for entry in battle.entries() {
            let Action::Command { command, dice, counts, .. } = &entry.action else {
                continue;
            };
            let at = ApplyContext { at: entry.at };
            let on_copy = Exec::<Sky>::run(&rules, &state, command, &mut Recorded::with_counts(dice, counts), at)
                .expect("runs on a copy");
            for words in [Sentences::Written, Sentences::Skipped] {
                let itself = Exec::<Sky>::run_on(&rules, state.clone(), command, &mut Recorded::with_counts(dice, counts), at, words)
                    .expect("runs on the state itself");
                prop_assert_eq!(&itself.events, &on_copy.events);
                prop_assert_eq!(&itself.state, &on_copy.state);
                let sentences = if words == Sentences::Written { on_copy.sentences.len() } else { 0 };
                prop_assert_eq!(itself.sentences.len(), sentences);
            }
            prop_assert_eq!(on_copy.sentences.len(), on_copy.events.len());
            state = on_copy.state;
        }
        prop_assert_eq!(&state, battle.state());
    }

    #[test]
    fn undo_then_redo_is_the_identity(seed in any::<u64>(), steps in 1usize..200, back in 1usize..20) {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut game = play(&dir.path().join("b.ron"), seed, steps);
        let back = back.min(game.log().len());
        prop_assume!(back > 0);
        let before = sky_state(game.as_ref());
        let log = game.log().to_vec();
        game.undo(back).expect("undo");
        prop_assert_eq!(game.log(), &log[..log.len() - back]);
        game.redo(back).expect("redo");
        prop_assert_eq!(sky_state(game.as_ref()), before);
    }

    #[test]
    fn undo_returns_to_the_state_before_the_undone_commands(seed in any::<u64>(), steps in 2usize..120) {
        let rosters = rules::demo_rosters("sky").expect("sky demo");
        let mut game = rules::start_battle("sky", &rosters, HouseRules::default(), None).expect("starts");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        let mut states = vec![sky_state(game.as_ref())];
        for _ in 0..steps {
            if !game.random_step(&mut rng, &mut dice).expect("steps") { break; }
            states.push(sky_state(game.as_ref()));
        }
        let back = (seed as usize % states.len().max(1)).max(1).min(states.len() - 1);
        prop_assume!(back > 0);
        game.undo(back).expect("undo");
        prop_assert_eq!(&sky_state(game.as_ref()), &states[states.len() - 1 - back]);
    }

    #[test]
    fn no_journal_content_makes_replay_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("garbage.ron");
        std::fs::write(&path, &bytes).expect("write");
        let _ = rules::open_journal(&path, false, false);
        let _ = rules::open_journal(&path, true, false);
    }

    #[test]
    fn damaged_real_journals_never_panic(cut in 0usize..4000, flip in 0usize..4000, byte in any::<u8>()) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("b.ron");
        drop(play(&path, 7, 60));
        let mut bytes = std::fs::read(&path).expect("read");
        if !bytes.is_empty() {
            let at = flip % bytes.len();
            bytes[at] = byte;
        }
        bytes.truncate(cut.min(bytes.len()));
        std::fs::write(&path, &bytes).expect("write");
        let _ = rules::open_journal(&path, false, false);
        let _ = rules::open_journal(&path, true, false);
    }

    #[test]
    fn no_roster_content_makes_check_panic(text in ".{0,400}") {
        let roster = RosterText { file: "x.ron".into(), source: text };
        for info in rules::RULE_SETS {
            if let Err(errors) = rules::check_roster(info.key, &roster) {
                prop_assert!(errors.iter().all(|e| e.line >= 1 && e.column >= 1));
            }
        }
    }

    #[test]
    fn damaged_demo_rosters_get_positioned_errors_never_a_panic(cut in 0usize..3000, at in 0usize..3000, byte in 32u8..127) {
        for info in rules::RULE_SETS {
            for demo in rules::demo_rosters(info.key).expect("demo rosters") {
                let mut bytes = demo.source.into_bytes();
                let at = at % bytes.len();
                bytes[at] = byte;
                bytes.truncate(cut.min(bytes.len()));
                let roster = RosterText { file: demo.file, source: String::from_utf8_lossy(&bytes).into_owned() };
                if let Err(errors) = rules::check_roster(info.key, &roster) {
                    prop_assert!(!errors.is_empty());
                    prop_assert!(errors.iter().all(|e| e.line >= 1 && e.column >= 1 && !e.message.is_empty()));
                }
            }
        }
    }
}

#[test]
fn a_torn_last_line_is_dropped_with_a_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    let live = play(&path, 3, 40);
    let entries = live.entries();
    let mut bytes = std::fs::read(&path).expect("read");
    bytes.extend_from_slice(b"(at:\"2026-11-23T10:00:00Z\",action:Comm");
    std::fs::write(&path, &bytes).expect("write");
    // The battle that wrote it is closed: it held the journal's lock.
    drop(live);
    let (game, warnings) = rules::open_journal(&path, false, true).expect("opens");
    assert_eq!(game.entries(), entries);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    drop(game);
    // Resuming cut the torn tail off: the file reads cleanly now.
    let (_, warnings) = rules::open_journal(&path, false, false).expect("opens");
    assert!(warnings.is_empty());
}

#[test]
fn damage_before_the_last_line_is_refused_naming_the_line_and_recoverable() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("b.ron");
    drop(play(&path, 5, 40));
    let text = std::fs::read_to_string(&path).expect("read");
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 10);
    lines[5] = "(this is not an entry)";
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    let err = rules::open_journal(&path, false, false)
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains(":6:"), "names line 6: {err}");
    let (game, warnings) = rules::open_journal(&path, true, false).expect("recovers");
    assert_eq!(game.entries(), 4);
    assert_eq!(warnings.len(), 1);
}

#[test]
fn every_shipped_roster_passes_check() {
    for info in rules::RULE_SETS {
        for roster in rules::demo_rosters(info.key).expect("demo rosters") {
            assert!(
                rules::check_roster(info.key, &roster).is_ok(),
                "{}",
                roster.file
            );
        }
    }
}

#[test]
fn roster_errors_name_the_unit_line_and_say_what_is_allowed() {
    let [takeda, _] = rules::demo_rosters("sky").expect("sky demo");
    let source = takeda.source.replace(
        "(name: \"Kansuke's Archers\", troop: Ashigaru, weapons: [Bow], armoured: false, stands: 6,",
        "(name: \"Kansuke's Archers\", troop: Ashigaru, weapons: [Bow], armoured: false, stands: 9,",
    );
    let line = source
        .lines()
        .position(|l| l.contains("Kansuke's Archers"))
        .expect("line")
        + 1;
    let errors = rules::check_roster(
        "sky",
        &RosterText {
            file: "t.ron".into(),
            source,
        },
    )
    .expect_err("invalid");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, line);
    assert!(
        errors[0].message.contains("6 to 8"),
        "{}",
        errors[0].message
    );
}

#[test]
fn a_syntax_error_names_its_line_and_column() {
    let roster = RosterText {
        file: "t.ron".into(),
        source: "(\n  name: \"x\",\n  general: oops,\n)".into(),
    };
    let errors = rules::check_roster("sky", &roster).expect_err("invalid");
    assert_eq!((errors[0].line, errors[0].column), (3, 12));
}
