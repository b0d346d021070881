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

/// A volley open now (unit, weapon, target, in cover) that cannot take a stand, as the
/// engine sees it: a chance of nothing, as an umpire meets it when a unit that has lost
/// stands fires at one behind its Tedate.
fn a_volley_that_cannot_take_a_stand(game: &dyn Game) -> Option<(String, [String; 2], bool)> {
    use gunbai::engine::Field;
    let choices = |f: &Field| match f {
        Field::Choice { options, .. } => options.clone(),
        _ => Vec::new(),
    };
    let view = game.view();
    for unit in view
        .sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.units)
    {
        let Some(fire) = game
            .action_forms(&unit.id)
            .into_iter()
            .find(|f| f.key == "fire")
        else {
            continue;
        };
        let (weapons, targets) = (choices(&fire.fields[0]), choices(&fire.fields[1]));
        for (w, t, cover) in (0..weapons.len())
            .flat_map(|w| (0..targets.len()).map(move |t| (w, t)))
            .flat_map(|(w, t)| [(w, t, 0), (w, t, 1)])
        {
            let preview = game.preview_action(&unit.id, "fire", &[w, t, 0, cover]);
            let nothing = preview.ok().and_then(|p| p.preview).is_some_and(|card| {
                card.odds
                    .iter()
                    .any(|o| o.outcome == "a stand lost" && o.probability == 0.0)
            });
            if nothing {
                let chosen = [weapons[w].clone(), targets[t].clone()];
                return Some((unit.name.clone(), chosen, cover == 1));
            }
        }
    }
    None
}

/// Sky's demo battle played at random until a volley open cannot take a stand.
fn sky_with_a_volley_that_cannot_take_a_stand() -> (Box<dyn Game>, (String, [String; 2], bool)) {
    let mut game = game("sky");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let mut dice = RngDice::seeded(1);
    for _ in 0..400 {
        if let Some(volley) = a_volley_that_cannot_take_a_stand(game.as_ref()) {
            return (game, volley);
        }
        assert!(game.random_step(&mut rng, &mut dice).unwrap());
    }
    panic!("no volley that cannot take a stand met")
}

#[test]
fn a_fire_forms_chance_of_nothing_reads_0_0_percent_never_minus_zero() {
    let dir = tempfile::tempdir().unwrap();
    let (game, (unit, [weapon, target], cover)) = sky_with_a_volley_that_cannot_take_a_stand();
    let mut h = ui_support::app_with(dir.path(), game);
    let click = |h: &mut egui_kittest::Harness<'_, gunbai::ui::App>, label: &str| {
        h.get_all_by_label(label).last().unwrap().click_accesskit();
        h.run();
    };
    click(&mut h, &unit);
    ui_support::open_form(&mut h, "Fire");
    for (field, option) in [("Weapon", &weapon), ("Target", &target)] {
        ui_support::choose(&mut h, field, option);
    }
    ui_support::choose(&mut h, "Range", "In range (measured after declaring)");
    let cover_answer = if cover { "Yes" } else { "No" };
    ui_support::choose(
        &mut h,
        "Target in cover (building, castle wall)",
        cover_answer,
    );
    h.get_by_label_contains(&format!("at {target}"));
    assert!(
        h.query_all_by_label("a stand lost 0.0%").count() > 0,
        "{unit}'s {weapon} at {target}: no stand can be lost"
    );
    assert_eq!(h.query_all_by_label_contains("-0.0%").count(), 0);
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

/// Sky's last round as the umpire met it: every clan of both sides has had its chance but
/// one Uesugi clan, and every Clan Leader but that clan's is attached to a unit.
fn skys_last_round() -> gunbai::rules::sky::state::State {
    let b = ui_support::sky_activated([2, 6]);
    let mut state = b.state().clone();
    for side in 0..2 {
        for c in state.clans_of(side) {
            if c != ClanRef(1, 0)
                && let Some(clan) = state.clan_mut(c)
            {
                clan.tried = true;
                clan.attached_to = Some(0);
            }
        }
    }
    state.phase = Phase::Rounds { side: 1 };
    state
}

/// Each clan's leader as the view shows him: (clan, Command shown, Command before any
/// roll's modifiers, the reasons shown).
fn leaders_shown(house: &HouseRules) -> Vec<(ClanRef, i64, i64, Vec<String>)> {
    let state = skys_last_round();
    let rules = <Sky as gunbai::engine::RuleSet>::rules(house).unwrap();
    let view = <Sky as gunbai::engine::RuleSet>::view(&rules, &state);
    let mut out = Vec::new();
    for side in 0..2 {
        for (i, c) in state.clans_of(side).into_iter().enumerate() {
            let leader = view.sides[side].groups[i].leader.clone().unwrap();
            let base = state.clan(c).unwrap().leader.command();
            let reasons = leader.parts.iter().map(|p| p.reason.clone()).collect();
            out.push((c, leader.rating, base, reasons));
        }
    }
    out
}

#[test]
fn in_skys_last_round_only_the_side_with_clans_left_shows_the_lower_command() {
    const LAST_SIDE: &str = "only this side has clans left to try";
    // The rule's own -1 (Turn Sequence): only the clan still to try, of the one side with
    // clans left; an attached leader's -1 (by our ruling, on every Command roll) is another
    // reason, and says so.
    for (c, shown, base, reasons) in leaders_shown(&HouseRules::default()) {
        let last = reasons.iter().any(|r| r == LAST_SIDE);
        let attached = reasons.iter().any(|r| r == "attached to a unit");
        assert_eq!(last, c == ClanRef(1, 0), "{c:?}: {reasons:?}");
        assert_eq!(attached, c != ClanRef(1, 0), "{c:?}: {reasons:?}");
        assert_eq!(shown, base - 1, "{c:?}: {reasons:?}");
    }
    // With the attached -1 on the activation roll only, a clan that has had its chance shows
    // the Command of its next roll (rally, re-order): no -1 at all, on either side.
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("attached_penalty".into(), "activation_only".into());
    for (c, shown, base, reasons) in leaders_shown(&house) {
        let lowered = if c == ClanRef(1, 0) { 1 } else { 0 };
        assert_eq!(shown, base - lowered, "{c:?}: {reasons:?}");
    }
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
