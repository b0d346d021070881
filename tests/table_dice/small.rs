//! Item 8: the smaller things found on the way.

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable as _;
use gunbai::dice::RngDice;
use gunbai::engine::Game;
use gunbai::reference::HouseRules;
use gunbai::rules::sky::Sky;
use gunbai::rules::sky::state::{ClanRef, Phase};
use gunbai::rules::{demo_rosters, start_battle};

use super::common::{entries, press};
use super::ui_support;

fn game(key: &str) -> Box<dyn Game> {
    start_battle(
        key,
        &demo_rosters(key).unwrap(),
        HouseRules::default(),
        None,
    )
    .unwrap()
}

#[test]
fn odds_never_read_minus_zero_in_random_play() {
    for key in ["sky", "simple", "skirmish", "daimyo", "kozeriai"] {
        let mut game = game(key);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let mut dice = RngDice::seeded(5);
        for step in 0..120 {
            for card in game.checks() {
                for odds in &card.odds {
                    let shown = gunbai::engine::words::percent(odds.probability);
                    assert!(!shown.starts_with('-'), "{key} step {step}: {}", card.what);
                    assert!(
                        (-1e-9..=1.0 + 1e-9).contains(&odds.probability),
                        "{key} step {step}: {} {} is {}",
                        card.what,
                        odds.outcome,
                        odds.probability
                    );
                }
            }
            if !game.random_step(&mut rng, &mut dice).unwrap() {
                break;
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let h = ui_support::app_with(dir.path(), game);
        assert_eq!(h.query_all_by_label_contains("-0.0%").count(), 0, "{key}");
    }
}

#[test]
fn a_decision_ordered_otherwise_is_never_left_blank_in_the_log_or_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), Box::new(ui_support::sky_activated([2, 6])));
    h.get_by_label("[3] Ordered otherwise: Bushi test");
    press(&mut h, Key::Num3, "3");
    let game = h.state().game().unwrap();
    let lines = &game.log().last().unwrap().lines;
    assert!(
        lines.iter().any(|l| l.contains("is ordered otherwise")),
        "{lines:?}"
    );
    let report = gunbai::report::markdown(game);
    let last = report
        .lines()
        .rfind(|l| l.starts_with("- "))
        .unwrap()
        .to_owned();
    assert!(last.contains("ordered otherwise"), "{last}");
}

#[test]
fn in_skys_last_round_only_the_side_with_clans_left_shows_the_lower_command() {
    let b = ui_support::sky_activated([2, 6]);
    // Every clan of both sides but one Uesugi clan has had its chance.
    let state = b.state().clone();
    let mut changed = state;
    for side in 0..2 {
        for c in changed.clans_of(side) {
            if c != ClanRef(1, 0)
                && let Some(clan) = changed.clan_mut(c)
            {
                clan.tried = true;
            }
        }
    }
    changed.phase = Phase::Rounds { side: 1 };
    let view = <Sky as gunbai::engine::RuleSet>::view(b.rules(), &changed);
    let command = |side: usize, group: usize| {
        view.sides[side].groups[group]
            .leader
            .as_ref()
            .map(|l| l.rating)
            .unwrap()
    };
    let base = |side: u8, c: u8| {
        changed
            .clan(ClanRef(side, c))
            .map(|c| c.leader.command())
            .unwrap()
    };
    assert_eq!(command(1, 0), base(1, 0) - 1, "the last clan to try: -1");
    assert_eq!(
        command(0, 0),
        base(0, 0),
        "a side with no clan left to activate shows its plain Command"
    );
}

#[test]
fn the_quick_reference_keeps_signs_replaces_the_old_search_closes_on_esc_and_reads_every_rule_set()
{
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game("skirmish"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::F);
    h.run_steps(30);
    h.get_by_label("Search").type_text("arquebus close");
    h.run_steps(30);
    assert!(
        h.query_all_by_label("+2").count() > 0,
        "a bonus keeps its sign"
    );
    // The first Esc leaves the search field, which closes the window as well.
    h.key_press(Key::Escape);
    h.run_steps(30);
    assert_eq!(
        h.query_all_by_label("Quick reference").count(),
        0,
        "Esc closes it"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::F);
    h.run_steps(30);
    h.get_by_label("Search").type_text("melee");
    h.run_steps(30);
    assert_eq!(
        h.get_by_label("Search").value().as_deref(),
        Some("melee"),
        "a new search replaces the old"
    );
    h.get_by_label("Rule set").click();
    h.run_steps(30);
    h.get_by_label("From the Sky we Came").click();
    h.run_steps(30);
    assert!(h.query_all_by_label_contains("Melee Adjudication").count() > 0);
}

#[test]
fn redo_all_puts_back_every_entry_taken_back_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), Box::new(ui_support::sky_activated([2, 6])));
    let all = entries(&h);
    h.state_mut().game_mut().unwrap().undo(all).unwrap();
    h.run_steps(30);
    assert_eq!(entries(&h), 0);
    h.get_by_label(&format!("Redo all ({all})")).click();
    h.run_steps(30);
    assert_eq!(entries(&h), all);
}

#[test]
fn the_strength_chart_starts_at_turn_0_and_counts_whole_turns() {
    let mut game = game("sky");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(2);
    let mut dice = RngDice::seeded(2);
    for _ in 0..60 {
        game.random_step(&mut rng, &mut dice).unwrap();
    }
    let history = gunbai::report::strength_by_turn(game.as_ref());
    assert_eq!(history[0].0, 0, "turn 0: the armies as mustered");
    let report = gunbai::report::markdown(game.as_ref());
    assert!(report.contains("\n| 0 |"), "{report}");
    let html = gunbai::report::html(game.as_ref());
    assert!(
        html.contains("text-anchor=\"middle\">0</text>"),
        "turn 0 on the chart"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    h.get_by_label("Report").click();
    h.run_steps(30);
    h.get_by_label_contains("Turn 0 is the armies as mustered");
}
