//! Campaigns in the app, through the real app: `gunbai campaign next` opens the New battle
//! dialog on the campaign's first battle; End battle offers to continue the campaign, whose
//! dialog lists what the battle carries (one change set aside with the table's reason); the
//! next battle begins with the armies as they then stand; the campaign page shows the series.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;

use std::collections::BTreeMap;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::campaign::Campaign;
use gunbai::campaign::file::path_for;
use gunbai::cli::launch::Launch;
use gunbai::dice::TableDice;
use gunbai::engine::{Battle, Dice};
use gunbai::rules::sky::numbers;
use gunbai::rules::sky::state::{ClanRef, UnitRef};
use gunbai::rules::sky::{Command, Sky};
use gunbai::ui::App;

const HORSE: UnitRef = UnitRef(0, 0, 0);
const ENEMY_YARI: UnitRef = UnitRef(1, 0, 2);

/// Plays the battle on screen with the table's faces.
fn play(h: &mut Harness<'static, App>, command: Command, faces: &[u32]) {
    let game = h.state_mut().game_mut().unwrap();
    let b = game.as_any_mut().downcast_mut::<Battle<Sky>>().unwrap();
    b.execute_with(command, Dice::Table(TableDice::new(faces.to_vec())))
        .unwrap();
}

/// Takeda Nobushige, attached to his Horse, wins a melee against Kakizaki's Yari: Honor, and
/// 18 hits take six of the Yari's stands.
fn nobushige_wins(h: &mut Harness<'static, App>) {
    play(h, Command::RollInitiative, &[6, 6, 1, 1]);
    play(h, Command::TryActivation(ClanRef(0, 0)), &[1, 1]);
    play(h, Command::RollActions, &[2, 6]);
    play(h, Command::NoImpetus(HORSE), &[]);
    play(h, Command::NoImpetus(UnitRef(0, 0, 1)), &[]);
    play(
        h,
        Command::Attach {
            clan: ClanRef(0, 0),
            unit: Some(0),
        },
        &[],
    );
    play(
        h,
        Command::Charge {
            unit: HORSE,
            target: ENEMY_YARI,
            cross_obstacle: false,
        },
        &[],
    );
    play(h, Command::ChargerTest, &[1, 1]);
    play(h, Command::TargetTest, &[1, 1]);
    let (ours, theirs) = {
        let game = h.state().game().unwrap();
        let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
        let n = |u, t, c| numbers::melee(b.rules(), b.state(), u, t, c).dice as usize;
        (n(HORSE, ENEMY_YARI, true), n(ENEMY_YARI, HORSE, false))
    };
    let mut faces = vec![6; 18];
    faces.extend(vec![1; ours - 18 + theirs]);
    play(h, Command::FightMelee, &faces);
    h.run();
}

/// The numbers painted up the strength chart's y axis: between its heading and the table of
/// numbers below it, left of the leaders' chart (egui_plot paints them, unnamed to accesskit).
fn strength_axis_marks(h: &Harness<'static, App>) -> Vec<u32> {
    fn texts(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
        match shape {
            egui::Shape::Text(t) => {
                out.push((t.galley.text().to_owned(), t.visual_bounding_rect()))
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| texts(s, out)),
            _ => {}
        }
    }
    let heading = h
        .get_by_label("Strength from battle to battle (stands)")
        .rect();
    let leaders = h.get_by_label("Leaders' Command over the campaign").rect();
    let table = h
        .get_all_by_label("Mustered")
        .map(|n| n.rect().top())
        .fold(f32::MAX, f32::min);
    let mut painted = Vec::new();
    for clipped in &h.output().shapes {
        texts(&clipped.shape, &mut painted);
    }
    let mut marks: Vec<u32> = painted
        .into_iter()
        .filter(|(_, r)| {
            r.top() > heading.bottom() && r.bottom() < table && r.right() < leaders.left()
        })
        .filter_map(|(text, _)| text.trim().parse().ok())
        .collect();
    marks.sort_unstable();
    marks.dedup();
    marks
}

#[test]
fn the_app_continues_a_campaign_from_end_battle_and_shows_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let rosters = gunbai::rules::demo_rosters("sky").unwrap();
    let mut campaign = Campaign::muster("Kawanakajima", "sky", &rosters, BTreeMap::new()).unwrap();
    let path = path_for(&dir.path().join("battles"), "Kawanakajima");
    campaign.write(&path).unwrap();
    let launch = Launch::Campaign {
        path: path.clone(),
        name: "Kawanakajima".into(),
        next: true,
    };
    let data = dir.path().to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| App::with_launch(cc, data, launch));
    h.run();

    // The first battle, from the campaign's New battle dialog.
    h.get_by_label("Kawanakajima: battle 1");
    h.get_by_label("Start the battle").click();
    h.run();
    let tag = |h: &Harness<'static, App>| {
        h.state()
            .game()
            .unwrap()
            .house_rules()
            .campaign
            .as_deref()
            .cloned()
            .unwrap()
    };
    assert_eq!(tag(&h).battle, 1);
    nobushige_wins(&mut h);

    // End battle offers to continue the campaign.
    h.get_by_label("End battle…").click();
    h.run();
    h.get_by_label("End the battle").click();
    h.run();
    h.get_by_label("Battle 1 of the campaign Kawanakajima has ended.");
    h.get_by_label("Continue the campaign").click();
    h.run();

    // The dialog lists what carries, each with its battle and cause; the table sets the
    // Yari's loss aside, with its reason.
    h.get_by_label("Kawanakajima: battle 2");
    h.get_by_label("Takeda Nobushige 武田信繁: Command +1");
    h.get_by_label("Kakizaki's Yari: -6 stands");
    // Takeda's change first, then Uesugi's: the Yari's is the second.
    h.get_all_by_label("Set aside…").nth(1).unwrap().click();
    h.run();
    let reason = h.get_by_label("Why the table sets it aside");
    reason.focus();
    reason.type_text("the levies came back at dawn");
    h.run();
    h.get_by_label("Set it aside").click();
    h.run();
    h.get_by_label("Set aside by the table: the levies came back at dawn");
    h.get_by_label("Start the battle").click();
    h.run();

    // Battle 2 begins with the armies as they now stand.
    assert_eq!(tag(&h).battle, 2);
    {
        let game = h.state().game().unwrap();
        let b = game.as_any().downcast_ref::<Battle<Sky>>().unwrap();
        let [takeda, uesugi] = &b.header().armies;
        assert_eq!(takeda.clans[0].leader.command, 9, "Honor carried");
        assert_eq!(uesugi.clans[0].units[2].lost, 0, "the loss set aside");
    }
    let written = Campaign::read(&path).unwrap();
    assert_eq!(written.battles.len(), 2);
    let yari = written.battles[0]
        .carried
        .as_ref()
        .unwrap()
        .iter()
        .find(|c| c.who == "Kakizaki's Yari")
        .unwrap();
    assert_eq!(
        yari.set_aside.as_deref(),
        Some("the levies came back at dawn")
    );

    // The campaign page: the battles, the strength and the leaders over the campaign.
    h.get_by_label("Campaign").click();
    h.run();
    h.get_by_label("Campaign: Kawanakajima");
    // Its count in words: "2 battles", never "2 battle(s)".
    h.get_by_label("— 2 battles");
    h.get_by_label("Strength from battle to battle (stands)");
    // Its y axis is read at a glance: several marks named, not the 0 alone.
    let marks = strength_axis_marks(&h);
    assert!(marks.len() >= 3 && marks.contains(&0), "{marks:?}");
    h.get_by_label("Leaders' Command over the campaign");
    h.get_by_label("Battle 1 into battle 2 (2)");
}
