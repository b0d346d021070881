//! The Help window (F1): every shortcut, and how the screen is laid out.

use eframe::egui::{self, RichText};

/// The keyboard shortcuts, as (keys, what they do).
pub const SHORTCUTS: &[(&str, &str)] = &[
    (
        "R or Space",
        "Roll the top check of the Required now queue with Gunbai's dice",
    ),
    (
        "T",
        "Type the table's faces for the top check (Enter settles it)",
    ),
    (
        "N",
        "Next phase: the top check's first answer that rolls no dice",
    ),
    ("Ctrl+Z", "Undo the last entry"),
    ("Ctrl+Shift+Z", "Redo"),
    ("Ctrl+F or /", "Find in the quick reference"),
    ("Ctrl+D", "Dice tray"),
    ("Ctrl+N", "New battle"),
    (
        "Ctrl+Plus / Ctrl+Minus",
        "Scale the whole screen up or down (Ctrl+0: back to normal); kept for the next start",
    ),
    ("F1", "This help"),
    ("Esc", "Leave a text field"),
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
            .default_pos([380.0, 90.0]).open(&mut self.open).default_width(560.0).show(ctx, |ui| {
            ui.label(RichText::new("Keyboard shortcuts").heading());
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for (keys, what) in SHORTCUTS {
                    ui.label(RichText::new(*keys).monospace().strong());
                    ui.label(*what);
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
