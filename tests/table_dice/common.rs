//! What the trap tests share: typing as a keyboard does (the key and its text), the log and
//! the journal's last entry.

use eframe::egui::{self, Key};
use egui_kittest::Harness;
use gunbai::engine::Battle;
use gunbai::rules::sky::Sky;
use gunbai::ui::App;

/// A key typed as a keyboard sends it: the key pressed and its text in the same frame, then
/// the key released.
pub fn press(h: &mut Harness<'_, App>, key: Key, text: &str) {
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
