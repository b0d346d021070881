//! What the tests of the forms share: a demo battle, answering its cards, clicking.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::dice::TableDice;
use gunbai::engine::{Dice, Game};
use gunbai::reference::HouseRules;
use gunbai::rules::{demo_rosters, start_battle};
use gunbai::ui::App;

/// Rule set `key`'s demo battle, journalled nowhere.
pub fn game(key: &str) -> Box<dyn Game> {
    start_battle(
        key,
        &demo_rosters(key).unwrap(),
        HouseRules::default(),
        None,
    )
    .unwrap()
}

/// Rule set `key`'s demo battle, journalled in `dir`.
pub fn journalled(dir: &std::path::Path, key: &str) -> Box<dyn Game> {
    super::ui_support::journalled(dir, key)
}

/// Answers the card whose title is `what` with its first answer containing `label`, with the
/// table's `faces`.
pub fn answer(game: &mut dyn Game, what: &str, label: &str, faces: &[u32]) {
    let card = game
        .checks()
        .into_iter()
        .find(|c| c.what == what)
        .unwrap_or_else(|| panic!("no {what} card: {:?}", game.checks()));
    let i = card
        .answers
        .iter()
        .position(|a| a.label.contains(label))
        .unwrap_or_else(|| panic!("no {label} on {what}"));
    let dice = Dice::Table(TableDice::new(faces.to_vec()));
    game.answer(&card.key, i, game.version(), dice).unwrap();
}

/// Clicks the node with this label, or the card's button for it (`[1] label`).
pub fn click(h: &mut Harness<'_, App>, label: &str) {
    match h.query_all_by_label(label).next() {
        Some(node) => node.click_accesskit(),
        None => h
            .get_all_by_label_contains(&format!("] {label}"))
            .next()
            .unwrap_or_else(|| panic!("no {label}"))
            .click_accesskit(),
    }
    h.run();
}

/// Selects the unit (or figure) named `name` in the roster.
pub fn select(h: &mut Harness<'_, App>, name: &str) {
    h.get_all_by_label(name)
        .next()
        .unwrap_or_else(|| panic!("no {name} in the roster"))
        .click_accesskit();
    h.run();
}

/// The battle's entries.
pub fn entries(h: &Harness<'_, App>) -> usize {
    h.state().game().unwrap().entries()
}

/// The centre's right edge: where the turn panel begins.
pub fn centre_right(h: &Harness<'_, App>) -> f32 {
    h.get_by_label_contains("Required now (").rect().left()
}

/// The log lines of the battle's last entry.
pub fn last_lines(h: &Harness<'_, App>) -> Vec<String> {
    let game = h.state().game().unwrap();
    game.log()
        .last()
        .map(|e| e.lines.clone())
        .unwrap_or_default()
}
