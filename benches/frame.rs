//! CPU time of one frame of the desktop app with a large battle: two armies of 40 units
//! and a 5,000-entry log from random play. Aim: under 2 ms.
#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use std::fmt::Write as _;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::dice::RngDice;
use gunbai::engine::Game;
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::start_battle;
use gunbai::ui::App;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

/// An army of ten clans of four units each.
fn roster(side: &str) -> RosterText {
    let mut s =
        format!("(name: \"{side}\", general: (name: \"{side} General\", command: 9), clans: [");
    for c in 0..10 {
        let _ = write!(
            s,
            "(name: \"{side} clan {c}\", leader: (name: \"{side} Leader {c}\"), units: [
                (name: \"{side} Horse {c}\", troop: Samurai, mounted: true, stands: 4, formation: Line(4)),
                (name: \"{side} Samurai {c}\", troop: Samurai, weapons: [HandWeapons, Bow], stands: 6, formation: Line(3)),
                (name: \"{side} Yari {c}\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 8, formation: Line(4)),
                (name: \"{side} Teppo {c}\", troop: Ashigaru, weapons: [Arquebus], armoured: false, stands: 6, formation: Line(3), tedate: true),
            ]),"
        );
    }
    s.push_str("])");
    RosterText {
        file: format!("{side}.ron"),
        source: s,
    }
}

/// The large battle, played at random until its log holds 5,000 entries.
fn large_battle() -> Box<dyn Game> {
    let rosters = [roster("East"), roster("West")];
    let mut game =
        start_battle("sky", &rosters, HouseRules::default(), None).expect("valid rosters");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut dice = RngDice::seeded(2);
    let mut step = 0_usize;
    while game.log().len() < 5_000 {
        // When random play ends the battle, the umpire takes back the last few dozen entries
        // and plays on; the umpire's formation records (always open) fill the log too.
        if !game
            .random_step(&mut rng, &mut dice)
            .expect("no journal to fail")
        {
            let back = game.log().len().min(40);
            game.undo(back).expect("undo");
        }
        step += 1;
        if step.is_multiple_of(2) {
            let units: Vec<String> = game
                .view()
                .sides
                .iter()
                .flat_map(|s| &s.groups)
                .flat_map(|g| &g.units)
                .map(|u| u.id.clone())
                .collect();
            if let Some(id) = units
                .iter()
                .find(|id| game.action_forms(id).iter().any(|f| f.key == "formation"))
            {
                let version = game.version();
                let _ = game.do_action(
                    id,
                    "formation",
                    &[step % 3],
                    version,
                    gunbai::engine::Dice::Roll(&mut dice),
                );
            }
        }
    }
    eprintln!(
        "large battle: {} log entries, turn {}",
        game.log().len(),
        game.view().turn
    );
    game
}

fn harness() -> (Harness<'static, App>, tempfile::TempDir) {
    harness_with(false)
}

/// The app on the large battle, with the players' screen open when `players` (in the tests
/// its window is drawn inside the umpire's, so one frame draws both).
fn harness_with(players: bool) -> (Harness<'static, App>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().to_path_buf();
    let game = large_battle();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| App::with_game(cc, path, game));
    h.run();
    // A unit selected, so its details and action forms are drawn too.
    h.get_all_by_label("East Teppo 0")
        .next()
        .expect("the unit is in the roster")
        .click_accesskit();
    h.run();
    if players {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
        h.run();
        assert!(
            h.state().players_screen().is_some(),
            "the players' screen is open"
        );
    }
    (h, dir)
}

/// A frame with nothing changed: what every repaint costs.
#[divan::bench(sample_count = 200)]
fn steady_frame(bencher: divan::Bencher<'_, '_>) {
    let (mut h, _dir) = harness();
    bencher.bench_local(|| h.step());
}

/// A frame right after the battle changed (undo, then redo): caches rebuilt.
#[divan::bench(sample_count = 50)]
fn frame_after_a_change(bencher: divan::Bencher<'_, '_>) {
    frames_after_changes(bencher, false);
}

/// A steady frame of both windows: the umpire's and the players' screen.
#[divan::bench(sample_count = 200)]
fn steady_frame_with_the_players_screen(bencher: divan::Bencher<'_, '_>) {
    let (mut h, _dir) = harness_with(true);
    bencher.bench_local(|| h.step());
}

/// A frame of both windows right after the battle changed.
#[divan::bench(sample_count = 50)]
fn frame_after_a_change_with_the_players_screen(bencher: divan::Bencher<'_, '_>) {
    frames_after_changes(bencher, true);
}

/// Undo, a frame, redo, a frame, and so on.
fn frames_after_changes(bencher: divan::Bencher<'_, '_>, players: bool) {
    let (mut h, _dir) = harness_with(players);
    let mut undo = true;
    bencher.bench_local(|| {
        let game = h.state_mut().game_mut().expect("a battle");
        let _ = if undo { game.undo(1) } else { game.redo(1) };
        undo = !undo;
        h.step();
    });
}

/// The undo or redo alone, without a frame: subtract it from `frame_after_a_change`.
#[divan::bench(sample_count = 50)]
fn undo_or_redo_alone(bencher: divan::Bencher<'_, '_>) {
    let mut game = large_battle();
    let mut undo = true;
    bencher.bench_local(|| {
        let _ = if undo { game.undo(1) } else { game.redo(1) };
        undo = !undo;
    });
}
