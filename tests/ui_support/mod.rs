//! Shared set-up for the UI tests: the real app in a kittest harness at 1400×900, on a data
//! directory or on a battle made for the test.

#![allow(dead_code, clippy::unwrap_used)] // Each test file uses its own share of these helpers.

use std::path::Path;

use eframe::egui;
use egui_kittest::Harness;
use gunbai::dice::TableDice;
use gunbai::engine::{Battle, Dice, Game, RuleSet as _};
use gunbai::reference::HouseRules;
use gunbai::rules::sky::state::ClanRef;
use gunbai::rules::sky::{Command, Sky};
use gunbai::ui::App;

/// The app on the data directory `dir` (it starts or resumes the demo battle there), its
/// dice seeded when `seed` is given.
pub fn app_on(dir: &Path, seed: Option<u64>) -> Harness<'static, App> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| App::with_data_dir(cc, dir));
    if let Some(seed) = seed {
        h.state_mut().seed_dice(seed);
    }
    h.run();
    h
}

/// The app on the data directory `dir`, started as the command line `args` (after `gunbai`)
/// asks, at `size`.
pub fn app_launched(dir: &Path, args: &[&str], size: (f32, f32)) -> Harness<'static, App> {
    use clap::Parser as _;
    let cli =
        gunbai::cli::Cli::try_parse_from(std::iter::once("gunbai").chain(args.iter().copied()))
            .unwrap();
    let gunbai::cli::Request::App(launch) = cli.request().unwrap() else {
        panic!("{args:?} is a tool, not the app")
    };
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .build_eframe(move |cc| App::with_launch(cc, dir, launch));
    h.run();
    h
}

/// A Sky battle journalled at `path`, `steps` random commands in, its lock released.
pub fn journal_at(path: &Path, steps: usize) {
    use rand::SeedableRng as _;
    let rosters = gunbai::rules::demo_rosters("sky").unwrap();
    let mut game =
        gunbai::rules::start_battle("sky", &rosters, HouseRules::default(), Some(path)).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut dice = gunbai::dice::RngDice::seeded(5);
    for _ in 0..steps {
        assert!(game.random_step(&mut rng, &mut dice).unwrap());
    }
}

/// The app showing `game`, with `dir` as its data directory.
pub fn app_with(dir: &Path, game: Box<dyn Game>) -> Harness<'static, App> {
    app_with_at(dir, game, (1400.0, 900.0))
}

/// The app showing `game`, with `dir` as its data directory, in a window of `size`.
pub fn app_with_at(dir: &Path, game: Box<dyn Game>, size: (f32, f32)) -> Harness<'static, App> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .build_eframe(move |cc| App::with_game(cc, dir, game));
    h.run();
    h
}

/// The sky demo battle three entries in: initiative to the Takeda, Nobushige's clan
/// activated, and its actions rolled with the faces `actions`.
pub fn sky_activated(actions: [u32; 2]) -> Battle<Sky> {
    let armies = gunbai::rules::demo_rosters("sky")
        .unwrap()
        .map(|r| Sky::load_army(&r).unwrap().army);
    let mut b = Battle::<Sky>::start(armies, HouseRules::default(), None).unwrap();
    for (command, faces) in [
        (Command::RollInitiative, vec![6, 6, 1, 1]),
        (Command::TryActivation(ClanRef(0, 0)), vec![1, 1]),
        (Command::RollActions, actions.to_vec()),
    ] {
        b.execute_with(command, Dice::Table(TableDice::new(faces)))
            .unwrap();
    }
    b
}

/// The sky demo battle with Nobushige's clan activated (2 actions) and its Samurai near no
/// enemy Samurai: free to act.
pub fn sky_ready() -> Battle<Sky> {
    use gunbai::rules::sky::state::UnitRef;
    let mut b = sky_activated([2, 6]);
    for unit in [UnitRef(0, 0, 0), UnitRef(0, 0, 1)] {
        b.execute_with(
            Command::NoImpetus(unit),
            Dice::Table(TableDice::new(Vec::new())),
        )
        .unwrap();
    }
    b
}

/// The sky demo battle whose top card is the melee of Nobushige's Horse (20 dice) against
/// Kakizaki's Yari: both passed their tests.
pub fn sky_at_melee() -> Battle<Sky> {
    use gunbai::rules::sky::state::UnitRef;
    let mut b = sky_activated([2, 6]);
    for command in [
        Command::NoImpetus(UnitRef(0, 0, 0)),
        Command::NoImpetus(UnitRef(0, 0, 1)),
        Command::Charge {
            unit: UnitRef(0, 0, 0),
            target: UnitRef(1, 0, 2),
            cross_obstacle: false,
        },
    ] {
        b.execute_with(command, Dice::Table(TableDice::new(Vec::new())))
            .unwrap();
    }
    for command in [Command::ChargerTest, Command::TargetTest] {
        b.execute_with(command, Dice::Table(TableDice::new(vec![1, 1])))
            .unwrap();
    }
    b
}

/// A fresh battle of rule set `key` on its demo rosters, journalled in `dir`, so tests can
/// read what the journal keeps.
pub fn journalled(dir: &Path, key: &str) -> Box<dyn Game> {
    let rosters = gunbai::rules::demo_rosters(key).unwrap();
    gunbai::rules::start_battle(
        key,
        &rosters,
        HouseRules::default(),
        Some(&dir.join("b.ron")),
    )
    .unwrap()
}

/// A key typed as a keyboard sends it: the key pressed and its text in the same frame, then
/// the key released.
pub fn press(h: &mut Harness<'_, App>, key: egui::Key, text: &str) {
    let event = |pressed| egui::Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    h.input_mut().events.push(event(true));
    if !text.is_empty() {
        h.input_mut()
            .events
            .push(egui::Event::Text(text.to_owned()));
    }
    h.step();
    h.event(event(false));
    h.run();
}

/// Every unit of the battle shown, side by side, clan by clan.
pub fn units(h: &Harness<'_, App>) -> Vec<gunbai::engine::view::UnitView> {
    h.state()
        .game()
        .unwrap()
        .view()
        .sides
        .into_iter()
        .flat_map(|s| s.groups)
        .flat_map(|g| g.units)
        .collect()
}

/// Turns the mouse wheel by `delta` points (negative: down the page) with the pointer at `at`.
pub fn wheel(h: &mut Harness<'_, App>, at: egui::Pos2, delta: f32) {
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, delta),
        phase: egui::TouchPhase::Move,
        modifiers: egui::Modifiers::NONE,
        source: egui::MouseWheelSource::Wheel,
    });
}

/// Opens the tab of form `label` (its order or record) in the centre.
pub fn open_form(h: &mut Harness<'_, App>, label: &str) {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    h.get_all_by_label(label)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .unwrap_or_else(|| panic!("no {label} tab"))
        .click_accesskit();
    h.run();
}

/// Answers the form's field `field` with `option`: its button (`Target in cover: Yes`, a
/// short choice's option) or, for a long choice, its entry in the field's list.
pub fn choose(h: &mut Harness<'_, App>, field: &str, option: &str) {
    use egui_kittest::kittest::Queryable as _;
    if let Some(button) = h.query_by_label(&format!("{field}: {option}")) {
        button.scroll_to_me();
        h.run();
        h.get_by_label(&format!("{field}: {option}"))
            .click_accesskit();
        h.run();
        return;
    }
    // The form's list, not one of the same name in the log below it (its Unit filter).
    let log_top = h
        .query_all_by_label_contains("Battle log (")
        .map(|n| n.rect().top())
        .next()
        .unwrap_or(f32::MAX);
    form_list(h, field, log_top).scroll_to_me();
    h.run();
    let list = form_list(h, field, log_top);
    let at = list.rect();
    list.click_accesskit();
    h.run();
    // The list's entry: a button beside the list (the same words may name a unit in the
    // roster, or show elsewhere as a label).
    let near =
        |r: egui::Rect| (r.center().x - at.center().x).abs() + (r.center().y - at.center().y).abs();
    h.get_all_by_label(option)
        .filter(|n| {
            use egui_kittest::kittest::NodeT as _;
            n.accesskit_node().role() == egui::accesskit::Role::Button
        })
        .min_by(|a, b| near(a.rect()).total_cmp(&near(b.rect())))
        .unwrap_or_else(|| panic!("no {option} in {field}"))
        .click_accesskit();
    h.run();
    // The list closes, as a pointer's click on its entry closes it.
    h.key_press(egui::Key::Escape);
    h.run();
}

/// The form's list `field`: above the log, whose own lists may share its name.
fn form_list<'a>(h: &'a Harness<'_, App>, field: &'a str, log_top: f32) -> egui_kittest::Node<'a> {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    h.get_all_by_label(field)
        .find(|n| {
            n.accesskit_node().role() == egui::accesskit::Role::ComboBox
                && n.rect().bottom() < log_top
        })
        .unwrap_or_else(|| panic!("no list {field}"))
}

/// Types `text` into the form's number field `field` (replacing what was there).
pub fn type_number(h: &mut Harness<'_, App>, field: &str, text: &str) {
    use egui_kittest::kittest::Queryable as _;
    h.get_by_label(field).scroll_to_me();
    h.run();
    let node = h.get_by_label(field);
    node.focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(field).type_text(text);
    h.run();
    // Enter leaves the field, as the umpire does, so the app's keys work again.
    h.key_press(egui::Key::Enter);
    h.run();
}

/// Waits out the moment the app's keys and clicks wait after the cards change.
pub fn settle(h: &mut Harness<'_, App>) {
    std::thread::sleep(std::time::Duration::from_millis(650));
    h.run();
}
