//! The quick reference: a searchable window over the rule set's tables and our rulings.

use eframe::egui::{self, RichText};

use crate::reference::{self, RefRow};

/// The quick reference window.
#[derive(Default)]
pub struct ReferenceWindow {
    /// Whether it is shown.
    pub open: bool,
    /// The search words.
    pub query: String,
    /// Put the keyboard in the search field on the next frame.
    pub focus: bool,
    rows: Vec<RefRow>,
    key: &'static str,
    /// The rows matching `found_for`, by place: searched once per query, not per frame.
    found: Vec<usize>,
    found_for: Option<String>,
}

impl ReferenceWindow {
    /// Opens it with the keyboard in the search field.
    pub fn open_for_search(&mut self) {
        self.open = true;
        self.focus = true;
    }

    /// Shows the window for rule set `key`.
    pub fn ui(&mut self, ctx: &egui::Context, key: &'static str, title: &str) {
        if self.key != key {
            self.rows = reference::text(key)
                .map(reference::rows)
                .unwrap_or_default();
            self.key = key;
            self.found_for = None;
        }
        let mut open = self.open;
        egui::Window::new("Quick reference")
            .default_pos([380.0, 90.0])
            .open(&mut open)
            .default_size([760.0, 520.0])
            .show(ctx, |ui| {
                ui.label(RichText::new(title).strong());
                ui.horizontal(|ui| {
                    let label = ui.label("Search");
                    let response = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.query)
                                .hint_text("arquebus, melee, ruling…")
                                .desired_width(320.0),
                        )
                        .labelled_by(label.id);
                    if std::mem::take(&mut self.focus) {
                        response.request_focus();
                    }
                });
                if self.found_for.as_deref() != Some(self.query.as_str()) {
                    self.found = (0..self.rows.len())
                        .filter(|i| self.rows.get(*i).is_some_and(|r| r.matches(&self.query)))
                        .collect();
                    self.found_for = Some(self.query.clone());
                }
                let found: Vec<&RefRow> = self
                    .found
                    .iter()
                    .filter_map(|i| self.rows.get(*i))
                    .collect();
                ui.label(
                    RichText::new(format!("{} of {} rows", found.len(), self.rows.len())).weak(),
                );
                // The value column takes the room left, so a ruling reads in a few lines.
                let value_width = (ui.available_width() * 0.45).max(260.0);
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        egui::Grid::new("reference-rows")
                            .striped(true)
                            .num_columns(4)
                            .show(ui, |ui| {
                                for heading in ["Topic", "Item", "Value", "Rule section"] {
                                    ui.label(RichText::new(heading).strong());
                                }
                                ui.end_row();
                                for row in found {
                                    ui.label(&row.topic);
                                    ui.label(RichText::new(&row.item).strong());
                                    ui.scope(|ui| {
                                        ui.set_width(value_width);
                                        ui.add(egui::Label::new(&row.value).wrap());
                                    });
                                    ui.label(RichText::new(&row.section).italics());
                                    ui.end_row();
                                }
                            });
                    });
            });
        self.open = open;
    }
}
