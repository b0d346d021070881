//! The turn panel (right, always visible): turn, phase, what comes next, the Required now
//! queue of check cards, and the result of the last thing done.

use eframe::egui::{self, RichText};

use super::Intent;
use super::check_card::CheckCard;
use super::table_entry::EntryField;
use crate::engine::Check;
use crate::engine::view::BattleView;

/// The turn panel's own state: what is typed into the cards, and the last result.
#[derive(Default)]
pub struct TurnPanel {
    /// What is typed into each card, by the card's key.
    cards: std::collections::HashMap<String, CheckCard>,
    /// The height each card and its gap took when last drawn, kept across changes of the
    /// battle: a card scrolled out of view holds its place without being laid out.
    heights: std::collections::HashMap<String, f32>,
    stamp: (u64, u64),
    /// The sentences of the last entry made (or the last refusal), shown under the queue.
    pub result: Vec<String>,
    /// Whether `result` is an error.
    pub result_is_error: bool,
}

impl TurnPanel {
    /// Shows the panel for the battle as it stands at `stamp`; answers carry `seen`, the
    /// version the umpire saw when answering.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &BattleView,
        checks: &[Check<()>],
        (stamp, seen, settled): ((u64, u64), u64, bool),
        intents: &mut Vec<Intent>,
    ) {
        if stamp != self.stamp {
            // A new state: typed faces belonged to the old cards.
            self.cards.clear();
            self.heights
                .retain(|key, _| checks.iter().any(|c| &c.key == key));
            self.stamp = stamp;
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.heading(format!("Turn {}", view.turn));
            if view.ended {
                ui.label(
                    RichText::new("Battle ended")
                        .strong()
                        .color(ui.visuals().warn_fg_color),
                );
            }
        });
        ui.label(RichText::new(&view.phase).strong().size(19.0));
        ui.label(format!("Next: {}", view.next));
        ui.separator();
        ui.label(RichText::new(format!("Required now ({})", checks.len())).heading());
        let result_height = if self.result.is_empty() { 40.0 } else { 190.0 };
        let queue_height = (ui.available_height() - result_height).max(120.0);
        egui::ScrollArea::vertical()
            .id_salt("queue")
            .max_height(queue_height)
            .auto_shrink([false, true])
            .show_viewport(ui, |ui, viewport| {
                if checks.is_empty() {
                    ui.label("Nothing is due: use the action forms in the centre.");
                }
                // A long queue (a big battle's tests after a volley) is laid out only where
                // it shows: a card out of view takes the height it had when last drawn.
                let origin = ui.min_rect().top();
                // The first card with a step that ends something takes E for it.
                let ending = checks.iter().position(|c| c.answers.iter().any(|a| a.ends));
                for (i, check) in checks.iter().enumerate() {
                    let top = ui.cursor().top();
                    let y = top - origin;
                    if let Some(&height) = self.heights.get(&check.key)
                        && (y + height < viewport.top() || y > viewport.bottom())
                        && i > 0
                    {
                        ui.add_space(height);
                        continue;
                    }
                    let card = self.cards.entry(check.key.clone()).or_default();
                    card.ui(
                        ui,
                        check,
                        (i == 0, ending == Some(i)),
                        (seen, settled),
                        intents,
                    );
                    ui.add_space(6.0);
                    self.heights
                        .insert(check.key.clone(), ui.cursor().top() - top);
                }
            });
        ui.separator();
        self.result_ui(ui);
    }

    fn result_ui(&self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Result").strong());
        egui::ScrollArea::vertical()
            .id_salt("result")
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if self.result.is_empty() {
                    ui.label(RichText::new("Nothing rolled yet.").weak());
                }
                for line in &self.result {
                    if self.result_is_error {
                        ui.colored_label(ui.visuals().error_fg_color, line);
                    } else {
                        ui.label(line);
                    }
                }
            });
    }

    /// Shows an error beside the card's field it is about, and puts the keyboard back in it
    /// with what was typed.
    pub fn card_error(&mut self, check: &str, field: EntryField, message: String) {
        self.card(check).entry.fail(field, message);
    }

    /// Puts the keyboard in a field of the card with key `check`.
    pub fn focus(&mut self, check: &str, field: EntryField) {
        self.card(check).entry.focus = Some(field);
    }

    /// Whether the card with key `check` holds typed faces or counts.
    pub fn holds_text(&self, check: &str) -> bool {
        self.cards.get(check).is_some_and(|c| c.entry.holds_text())
    }

    /// The answer the card with key `check` is asking to confirm, if any.
    pub fn asking(&self, check: &str) -> Option<usize> {
        self.cards.get(check).and_then(|c| c.asking)
    }

    /// Asks on the card with key `check` before taking its answer `answer` (none: stops
    /// asking).
    pub fn ask(&mut self, check: &str, answer: Option<usize>) {
        self.card(check).asking = answer;
    }

    /// Says on the card with key `check` why a key did nothing.
    pub fn note(&mut self, check: &str, note: impl Into<String>) {
        self.card(check).note = Some(note.into());
    }

    fn card(&mut self, check: &str) -> &mut CheckCard {
        self.cards.entry(check.to_owned()).or_default()
    }

    /// Shows the sentences of what just happened.
    pub fn show_result(&mut self, lines: Vec<String>, error: bool) {
        self.result = lines;
        self.result_is_error = error;
    }
}
