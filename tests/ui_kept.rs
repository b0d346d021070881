//! Kept means kept (issue 40): each unit of each demo battle, kept from the players' screen
//! in turn while the battle goes on, leaves no trace on that screen: its name in no line,
//! check or odds, and no count or total that moves with it, at the moment it is kept or
//! while it stays kept.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::view::UnitView;
use gunbai::ui::App;
use gunbai::ui::players::{Now, Screen};
use rand::SeedableRng as _;

/// Random commands played while each unit is kept.
const STEPS_KEPT: usize = 6;

/// Every word the players' screen shows.
fn words(screen: &Screen) -> Vec<String> {
    let mut out = vec![
        screen.turn.clone(),
        screen.phase.clone(),
        screen.next.clone(),
    ];
    let check = |out: &mut Vec<String>, c: &gunbai::ui::players::Shown| {
        out.extend([&c.who, &c.what, &c.why, &c.citation, &c.target].map(Clone::clone));
        out.extend(c.dice.clone());
        out.extend(c.modifiers.iter().cloned());
        out.extend(c.odds.iter().map(|(o, _)| o.clone()));
    };
    if let Now::Check(c) = &screen.now {
        check(&mut out, c);
    }
    if let Some(r) = &screen.rolled {
        check(&mut out, &r.check);
        out.extend(r.lines.iter().cloned());
    }
    out.extend(screen.recent.iter().flatten().cloned());
    for side in &screen.sides {
        out.push(side.name.clone());
        out.push(side.measure.clone());
        out.extend(side.leaders.iter().map(|(n, r, v)| format!("{n} {r} {v}")));
    }
    out
}

/// Whether `text` names `name` (not inside a longer word: "Ninja 1" is not in "Ninja 12").
fn names(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(name).any(|(at, _)| {
        !word(text[..at].chars().next_back()) && !word(text[at + name.len()..].chars().next())
    })
}

fn units(h: &Harness<'static, App>) -> Vec<UnitView> {
    ui_support::units(h)
}

/// Each side's (now, start) with `kept` counted as it was when kept.
fn expected(h: &Harness<'static, App>, kept: &UnitView) -> Vec<(u32, u32)> {
    let view = h.state().game().unwrap().view();
    view.sides
        .iter()
        .map(|s| {
            s.groups
                .iter()
                .flat_map(|g| &g.units)
                .map(|u| {
                    if u.id == kept.id {
                        (kept.strength, kept.starting_strength)
                    } else {
                        (u.strength, u.starting_strength)
                    }
                })
                .fold((0, 0), |(n, s), (a, b)| (n + a, s + b))
        })
        .collect()
}

fn screen(h: &Harness<'static, App>) -> Screen {
    h.state()
        .players_screen()
        .expect("the players' screen is open")
}

/// Ticks or unticks "Keep from the players' screen" for `unit` on the umpire's screen, the
/// players' window closed meanwhile (embedded in the tests, it would lie over the roster).
fn toggle_kept(h: &mut Harness<'static, App>, unit: &UnitView) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    // The roster's item: the leftmost of the labels with its name (the stage may name it).
    // Clicked as assistive technology does: the unit or the tick box may be scrolled away.
    h.get_all_by_label(&unit.name)
        .min_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .unwrap()
        .click_accesskit();
    h.run();
    h.get_by_label("Keep from the players' screen")
        .click_accesskit();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
}

/// Asserts the screen shows nothing of `unit`: its name nowhere, and each side's totals as
/// if it had not changed since it was kept; and that the umpire is told when the card on
/// stage is held back for naming it (whether it was, returned).
fn assert_no_trace(h: &Harness<'static, App>, key: &str, unit: &UnitView) -> bool {
    let s = screen(h);
    for w in words(&s) {
        assert!(
            !names(&w, &unit.name),
            "{key}: {} shows in {w:?}",
            unit.name
        );
    }
    // The umpire is told when the card on stage is held back for naming the unit.
    let top = h.state().game().unwrap().checks().into_iter().next();
    let held = top.is_some_and(|c| names(&c.who, &unit.name));
    if held {
        assert!(
            h.query_by_label("Held back from the players' screen: it names a unit kept from it")
                .is_some(),
            "{key}: the card about {} is held back without a word",
            unit.name
        );
    }
    let totals: Vec<(u32, u32)> = s.sides.iter().map(|l| l.strength).collect();
    assert_eq!(
        totals,
        expected(h, unit),
        "{key}: the totals move with {}",
        unit.name
    );
    held
}

#[test]
fn each_unit_of_each_demo_kept_from_the_players_leaves_no_trace_on_their_screen() {
    // How often the card on stage was about the kept unit, and held back.
    let mut held = 0;
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let dir = tempfile::tempdir().unwrap();
        let mut h =
            ui_support::app_launched(dir.path(), &["new", "--ruleset", key], (1920.0, 1080.0));
        h.get_by_label("Players' screen").click();
        h.run();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut dice = gunbai::dice::RngDice::seeded(7);
        // How often the umpire's log named a unit while it was kept: the screen had
        // something to keep.
        let mut named_while_kept = 0;
        let ids: Vec<String> = units(&h).into_iter().map(|u| u.id).collect();
        for id in ids {
            // As it stands now, the battle having gone on with the units before it kept.
            let unit = units(&h).into_iter().find(|u| u.id == id).unwrap();
            if unit.name.trim().is_empty() {
                continue;
            }
            let before: Vec<(u32, u32)> = screen(&h).sides.iter().map(|l| l.strength).collect();
            toggle_kept(&mut h, &unit);
            assert!(
                h.state().players_screen().is_some(),
                "{key}: the screen is open again"
            );
            let after: Vec<(u32, u32)> = screen(&h).sides.iter().map(|l| l.strength).collect();
            assert_eq!(before, after, "{key}: keeping {} moves a total", unit.name);
            held += usize::from(assert_no_trace(&h, key, &unit));
            let logged = h.state().game().unwrap().log().len();
            for _ in 0..STEPS_KEPT {
                let game = h.state_mut().game_mut().unwrap();
                if !game.random_step(&mut rng, &mut dice).unwrap() {
                    break;
                }
                h.run();
                held += usize::from(assert_no_trace(&h, key, &unit));
            }
            named_while_kept += h.state().game().unwrap().log()[logged..]
                .iter()
                .filter(|e| e.lines.iter().any(|l| names(l, &unit.name)))
                .count();
            toggle_kept(&mut h, &unit);
        }
        assert!(
            named_while_kept > 0,
            "{key}: no kept unit was ever named: the test kept nothing"
        );
    }
    assert!(held > 0, "no card on stage was ever about the kept unit");
}
