//! The turn panel (right, always visible): turn, phase, what comes next, the Required now
//! queue as rows, and the result of the last thing done; and the stage, where the check at
//! the head of the queue is shown whole (the centre's top).

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
    /// The players' screen holds the card on stage back (Ctrl+H): the stage says so.
    pub hidden_from_players: bool,
    /// The players' screen holds the card on stage back because it names a unit kept from
    /// it: the stage says so.
    pub names_kept_unit: bool,
    /// The card on stage and the state it was shown at: a new one starts from its top.
    staged: Option<(String, (u64, u64))>,
    /// The cards of the queue opened from their rows, by key.
    open: std::collections::HashSet<String>,
    stamp: (u64, u64),
    /// The sentences of the last entry made (or the last refusal), shown under the queue.
    pub result: Vec<String>,
    /// Whether `result` is an error.
    pub result_is_error: bool,
}

impl TurnPanel {
    /// Forgets what was typed into cards of an older state of the battle.
    fn sync(&mut self, checks: &[Check<()>], stamp: (u64, u64)) {
        if stamp != self.stamp {
            // A new state: typed faces belonged to the old cards.
            self.cards.clear();
            self.open.retain(|key| checks.iter().any(|c| &c.key == key));
            self.heights
                .retain(|key, _| checks.iter().any(|c| &c.key == key));
            self.stamp = stamp;
        }
    }

    /// The stage (the centre's top): the check at the head of the queue, whole, with its
    /// keys on its buttons; `room` is the height it may take. A new card (or a new state)
    /// starts from the card's top.
    pub fn stage_ui(
        &mut self,
        ui: &mut egui::Ui,
        checks: &[Check<()>],
        (stamp, seen, settled): ((u64, u64), u64, bool),
        room: f32,
        intents: &mut Vec<Intent>,
    ) {
        self.sync(checks, stamp);
        let Some(top) = checks.first() else {
            ui.label(RichText::new("Nothing is due").heading());
            ui.label("Select a unit in the roster for the actions open to it.");
            return;
        };
        if self.hidden_from_players {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Hidden from the players' screen until answered (Ctrl+H shows it)",
            );
        } else if self.names_kept_unit {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Held back from the players' screen: it names a unit kept from it",
            );
        }
        let ending = ending_card(checks);
        // A card new to the stage (or a new state of the battle) shows from its top.
        let shown = (top.key.clone(), stamp);
        let mut area = egui::ScrollArea::vertical()
            .id_salt("stage")
            .max_height(room)
            .auto_shrink([false, true]);
        if self.staged.as_ref() != Some(&shown) {
            area = area.vertical_scroll_offset(0.0);
            self.staged = Some(shown);
        }
        let card = self.cards.entry(top.key.clone()).or_default();
        area.show(ui, |ui| {
            card.ui(ui, top, (true, ending == Some(0)), (seen, settled), intents);
        });
    }

    /// Shows the panel for the battle as it stands at `stamp`: the turn, the queue after
    /// the card on stage as rows that open on a click, and the result; answers carry
    /// `seen`, the version the umpire saw when answering.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        (view, heading): (&BattleView, &str),
        checks: &[Check<()>],
        (stamp, seen, settled): ((u64, u64), u64, bool),
        intents: &mut Vec<Intent>,
    ) {
        self.sync(checks, stamp);
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
        ui.add(egui::Label::new(RichText::new(heading).small().weak()).wrap());
        ui.separator();
        ui.label(RichText::new(format!("Required now ({})", checks.len())).heading());
        let result_height = if self.result.is_empty() { 40.0 } else { 190.0 };
        let queue_height = (ui.available_height() - result_height).max(120.0);
        egui::ScrollArea::vertical()
            .id_salt("queue")
            .max_height(queue_height)
            .auto_shrink([false, true])
            .show_viewport(ui, |ui, viewport| {
                self.queue_ui(ui, checks, viewport, (seen, settled), intents);
            });
        ui.separator();
        self.result_ui(ui);
    }

    /// The queue as rows: the card on stage named, the others as what and who, opening into
    /// their card on a click (a card asking a question, or saying why a key did nothing,
    /// opens by itself).
    fn queue_ui(
        &mut self,
        ui: &mut egui::Ui,
        checks: &[Check<()>],
        viewport: egui::Rect,
        (seen, settled): (u64, bool),
        intents: &mut Vec<Intent>,
    ) {
        let Some(top) = checks.first() else {
            ui.label("Nothing is due: select a unit in the roster for its actions.");
            return;
        };
        ui.label(RichText::new(format!("On stage: {}", top.what)).strong())
            .on_hover_text(&top.who);
        // A long queue (a big battle's tests after a volley) is laid out only where it
        // shows: a row out of view takes the height it had when last drawn.
        let origin = ui.min_rect().top();
        let ending = ending_card(checks);
        for (i, check) in checks.iter().enumerate().skip(1) {
            let top = ui.cursor().top();
            let y = top - origin;
            if let Some(&height) = self.heights.get(&check.key)
                && (y + height < viewport.top() || y > viewport.bottom())
            {
                ui.add_space(height);
                continue;
            }
            let card = self.cards.entry(check.key.clone()).or_default();
            let opened = self.open.contains(&check.key)
                || card.asking.is_some()
                || card.note.is_some()
                || card.entry.error.is_some()
                || card.entry.holds_text();
            if row_ui(ui, check, opened, ending == Some(i)) {
                if opened {
                    self.open.remove(&check.key);
                } else {
                    self.open.insert(check.key.clone());
                }
            }
            if opened {
                card.ui(
                    ui,
                    check,
                    (false, ending == Some(i)),
                    (seen, settled),
                    intents,
                );
            }
            ui.add_space(4.0);
            self.heights
                .insert(check.key.clone(), ui.cursor().top() - top);
        }
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

    /// The error shown on the card with key `check`, if any.
    pub fn error(&self, check: &str) -> Option<String> {
        let card = self.cards.get(check)?;
        card.entry
            .error
            .as_ref()
            .map(|(message, _)| message.clone())
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

/// The first card with a step that ends something: it takes E for it.
fn ending_card(checks: &[Check<()>]) -> Option<usize> {
    checks.iter().position(|c| c.answers.iter().any(|a| a.ends))
}

/// A card of the queue as one row: what and who, and the E key when it carries the step that
/// ends something. Returns whether the row was clicked (to open or close its card).
fn row_ui(ui: &mut egui::Ui, check: &Check<()>, opened: bool, ending: bool) -> bool {
    let mark = if opened { "−" } else { "+" };
    let tag = if check.required { "" } else { " (offered)" };
    let end = if ending {
        check
            .answers
            .iter()
            .find(|a| a.ends)
            .map_or_else(String::new, |a| format!("  · [E] {}", a.label))
    } else {
        String::new()
    };
    let text = format!("{mark} {}{tag}: {}{end}", check.what, check.who);
    ui.add(egui::Button::selectable(opened, text).truncate())
        .on_hover_text(format!("{}\n{}\n{}", check.who, check.why, check.citation))
        .clicked()
}
