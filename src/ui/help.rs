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
        "Take the answer with that number on its button, on the card on stage (decisions included); an answer keeps its number while others leave the card",
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
        "Ctrl+P",
        "Open or close the players' screen (F11 in it: fullscreen)",
        "the same",
    ),
    (
        "Ctrl+H",
        "Hide the top card from the players' screen until it is answered",
        "the same",
    ),
    (
        "Ctrl+Plus / Ctrl+Minus",
        "Scale the whole screen up or down (Ctrl+0: back to normal); kept for the next start",
        "the same",
    ),
    ("F1", "This help", "the same"),
];

/// The shortcuts table's columns: heading and width.
const HELP_COLUMNS: [(&str, f32); 3] = [
    ("Keys", 150.0),
    ("What they do", 370.0),
    ("While a field is typed in", 200.0),
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
        super::window_fit::fitted(egui::Window::new("Help"), ctx, [760.0, 640.0])
            .default_pos([380.0, 90.0]).open(&mut self.open).show(ctx, |ui| {
            ui.label(RichText::new("Keyboard shortcuts").heading());
            // A grid gives a wrapping label only what its column already has: each column gets
            // its width, and the table scrolls, so the window fits a 1280x720 screen.
            let cell = |ui: &mut egui::Ui, width: f32, text: RichText| {
                ui.scope(|ui| {
                    ui.set_width(width);
                    ui.add(egui::Label::new(text).wrap());
                });
            };
            egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (heading, width) in HELP_COLUMNS {
                        cell(ui, width, RichText::new(heading).strong());
                    }
                    ui.end_row();
                    for (keys, what, typing) in SHORTCUTS {
                        cell(ui, HELP_COLUMNS[0].1, RichText::new(*keys).monospace().strong());
                        cell(ui, HELP_COLUMNS[1].1, RichText::new(*what));
                        cell(ui, HELP_COLUMNS[2].1, RichText::new(*typing));
                        ui.end_row();
                    }
                });
            });
            ui.separator();
            ui.label("Centre: the check the rules require now, whole; settle it with a click or its key, or \
                      type the table's dice. Below it: the unit selected on the left, with its action forms. \
                      Right: the turn, the checks waiting behind it (a click opens one) and the last result. \
                      Bottom: the battle log, with undo back to any entry (▼ folds it to one line).");
            ui.label("Every entry is written to the battle's journal before it is shown: the battle in progress \
                      is never lost, and Gunbai offers to resume it at the next start.");
        });
    }
}
