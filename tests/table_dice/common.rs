//! What the trap tests share: typing as a keyboard does (the key and its text), the log and
//! the journal's last entry.

use egui_kittest::Harness;
use gunbai::engine::Battle;
use gunbai::rules::sky::Sky;
use gunbai::ui::App;

pub use super::ui_support::press;

/// The entries in the battle's log.
pub fn entries(h: &Harness<'_, App>) -> usize {
    h.state().game().unwrap().log().len()
}

/// The sky battle shown.
pub fn sky<'a>(h: &'a Harness<'_, App>) -> &'a Battle<Sky> {
    h.state()
        .game()
        .unwrap()
        .as_any()
        .downcast_ref::<Battle<Sky>>()
        .unwrap()
}

/// The battle's journal, as written.
pub fn journal(h: &Harness<'_, App>) -> String {
    let path = h.state().game().unwrap().journal_path().unwrap();
    std::fs::read_to_string(path).unwrap()
}
