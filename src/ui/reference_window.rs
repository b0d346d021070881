//! The quick reference: a searchable window over a rule set's tables and our rulings, the
//! battle's own rule set first and any other a choice away. Opening it selects the last
//! search, so typing starts a new one; Esc closes it.

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
    /// The rule set whose rows are read.
    key: &'static str,
    /// The rule set chosen to read, when not the battle's.
    chosen: Option<&'static str>,
    /// The battle's rule set, as last shown.
    battle: &'static str,
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

    /// Shows the window, for the battle's rule set `battle` unless another is chosen.
    pub fn ui(&mut self, ctx: &egui::Context, battle: &'static str) {
        if self.battle != battle {
            self.battle = battle;
            self.chosen = None;
        }
        let key = self.chosen.unwrap_or(battle);
        if self.key != key {
            self.rows = reference::text(key)
                .map(reference::rows)
                .unwrap_or_default();
            self.key = key;
            self.found_for = None;
        }
        let mut open = self.open;
        super::window_fit::fitted(egui::Window::new("Quick reference"), ctx, [760.0, 520.0])
            .default_pos([380.0, 90.0])
            .open(&mut open)
            .show(ctx, |ui| {
                self.rule_set_ui(ui, key);
                ui.horizontal(|ui| {
                    let label = ui.label("Search");
                    let output = egui::TextEdit::singleline(&mut self.query)
                        .hint_text("arquebus, melee, ruling…")
                        .desired_width(320.0)
                        .show(ui);
                    let response = output.response.response.labelled_by(label.id);
                    if std::mem::take(&mut self.focus) {
                        response.request_focus();
                        // The last search stays to be read, selected: typing replaces it.
                        let mut state = output.state;
                        let all = egui::text::CCursorRange::two(
                            egui::text::CCursor::new(0),
                            egui::text::CCursor::new(self.query.chars().count()),
                        );
                        state.cursor.set_char_range(Some(all));
                        state.store(ui.ctx(), response.id);
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
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            open = false;
        }
        self.open = open;
    }

    /// The rule set read: the battle's, or another chosen here.
    fn rule_set_ui(&mut self, ui: &mut egui::Ui, key: &'static str) {
        let title = |k: &'static str| crate::rules::find(k).map_or(k, |r| r.title);
        egui::ComboBox::from_label("Rule set")
            .selected_text(title(key))
            .show_ui(ui, |ui| {
                for r in crate::rules::RULE_SETS {
                    let label = if r.key == self.battle {
                        format!("{} (this battle)", r.title)
                    } else {
                        r.title.to_owned()
                    };
                    if ui.selectable_label(r.key == key, label).clicked() {
                        self.chosen = (r.key != self.battle).then_some(r.key);
                    }
                }
            });
    }
}
