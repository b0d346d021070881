//! The Help window (F1): every shortcut, and how the screen is laid out.

use eframe::egui::{self, RichText};

/// The keyboard shortcuts, as (keys, what they do, what they do while a field is being typed
/// in). The README's keys table says the same.
pub const SHORTCUTS: &[(&str, &str, &str)] = &[
    (
        "R or Space",
        "Roll Gunbai's dice for the top card, when the rules require that roll; nothing on a decision, an offered roll, or a card whose faces or counts field holds text",
        "type an R or a space",
    ),
    (
        "1 … 9",
        "Take the top card's answer with that number on its button (decisions included)",
        "type the digit",
    ),
    (
        "E",
        "Take the step that ends the activation, section, round or turn, on whichever card shows [E]; with actions left it asks first",
        "type an E",
    ),
    (
        "Enter / Esc",
        "Yes / No to a card's question (\"4 actions left: End activation anyway?\")",
        "Enter uses the faces or counts typed; Esc leaves the field",
    ),
    (
        "Shift + 1 … 9 or E",
        "Take that answer at once, without its question",
        "type the character",
    ),
    (
        "T",
        "Put the cursor in the top card's Table faces field",
        "type a T",
    ),
    (
        "H",
        "Put the cursor in the top card's hit counts, on a card whose pools only count hits",
        "type an H",
    ),
    ("Ctrl+Z", "Undo the last entry", "undo the typing"),
    (
        "Ctrl+Shift+Z",
        "Redo one entry (Redo all is in the battle log)",
        "redo the typing",
    ),
    (
        "Ctrl+F or /",
        "Find in the quick reference (the last search selected)",
        "Ctrl+F the same; / types a slash",
    ),
    ("Ctrl+D", "Dice tray", "the same"),
    ("Ctrl+N", "New battle", "the same"),
    (
        "Ctrl+Plus / Ctrl+Minus",
        "Scale the whole screen up or down (Ctrl+0: back to normal); kept for the next start",
        "the same",
    ),
    ("F1", "This help", "the same"),
];

/// The Help window.
#[derive(Default)]
pub struct Help {
    /// Whether it is shown.
    pub open: bool,
}

impl Help {
    /// Shows the window.
    pub fn ui(&mut self, ctx: &egui::Context) {
        egui::Window::new("Help")
            .default_pos([380.0, 90.0]).open(&mut self.open).default_width(760.0).show(ctx, |ui| {
            ui.label(RichText::new("Keyboard shortcuts").heading());
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for heading in ["Keys", "What they do", "While a field is typed in"] {
                    ui.label(RichText::new(heading).strong());
                }
                ui.end_row();
                for (keys, what, typing) in SHORTCUTS {
                    ui.label(RichText::new(*keys).monospace().strong());
                    ui.add(egui::Label::new(*what).wrap());
                    ui.add(egui::Label::new(*typing).wrap());
                    ui.end_row();
                }
            });
            ui.separator();
            ui.label("Left: the armies. Right: the turn and every check the rules require now; settle each \
                      with a click, or type the table's dice. Centre: the selected unit and the action forms. \
                      Bottom: the battle log, with undo back to any entry.");
            ui.label("Every entry is written to the battle's journal before it is shown: the battle in progress \
                      is never lost, and Gunbai offers to resume it at the next start.");
        });
    }
}
