//! The turn panel (right, always visible): turn, phase, what comes next, the Required now
//! queue as rows, and the result of the last thing done; and the stage, where the check at
//! the head of the queue is shown whole (the centre's top).

use eframe::egui::{self, RichText};

use super::Intent;
use super::check_card::{CheckCard, DECISION_KEYS};

/// How many answers take a number key.
const DECISION_KEYS_LEN: usize = DECISION_KEYS.len();
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
    /// The card of the queue the umpire chose from its row: it takes the stage (and its keys)
    /// until it is answered or he goes back to the top card.
    chosen: Option<String>,
    /// Each card's numbered answers, by label, in the places they were first given: an
    /// answer keeps its number while others leave the list, so a number pressed twice never
    /// lands on another answer.
    numbers: std::collections::HashMap<String, Vec<String>>,
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
            let shown = |key: &String| checks.iter().any(|c| &c.key == key);
            self.chosen = self.chosen.take().filter(shown);
            self.heights.retain(|key, _| shown(key));
            // A card's numbers are kept while it is away (another card on stage between two
            // of its answers), and given afresh only when gaps would push answers past 9.
            for check in checks {
                let places = self.numbers.entry(check.key.clone()).or_default();
                let new = check
                    .answers
                    .iter()
                    .filter(|a| !places.contains(&a.label))
                    .count();
                if places.len() + new > DECISION_KEYS_LEN
                    && check.answers.len() <= DECISION_KEYS_LEN
                {
                    places.clear();
                }
                for a in &check.answers {
                    if !places.contains(&a.label) {
                        places.push(a.label.clone());
                    }
                }
            }
            // Numbers of cards long gone are forgotten, a battle's worth at most.
            if self.numbers.len() > 512 {
                self.numbers.retain(|key, _| shown(key));
            }
            self.stamp = stamp;
        }
    }

    /// Where answer `i` of `check` is numbered: its place when first given (the numbers of
    /// answers gone from the card are not given to others).
    pub fn place_of(&self, check: &Check<()>, i: usize) -> usize {
        let label = check.answers.get(i).map(|a| &a.label);
        self.numbers
            .get(&check.key)
            .and_then(|places| places.iter().position(|p| Some(p) == label))
            .unwrap_or(i)
    }

    /// The card on stage: the one chosen from the queue, else the one at its head; with its
    /// place in the queue.
    pub fn on_stage<'a>(&self, checks: &'a [Check<()>]) -> Option<(usize, &'a Check<()>)> {
        let chosen = self
            .chosen
            .as_ref()
            .and_then(|key| checks.iter().position(|c| &c.key == key));
        let at = chosen.unwrap_or(0);
        checks.get(at).map(|c| (at, c))
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
        let Some((at, top)) = self.on_stage(checks) else {
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
        // A question asked by a card off the stage (E on the queue's end step) is asked here,
        // at the top, where it is seen.
        self.questions_ui(ui, checks, at, seen, intents);
        if at != 0 {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Chosen from the queue").small().weak());
                if ui.small_button("Back to the card at the head").clicked() {
                    self.chosen = None;
                }
            });
        }
        // A new card (or a new state of the battle) shows from its top.
        let shown = (top.key.clone(), stamp);
        let mut area = egui::ScrollArea::vertical()
            .id_salt("stage")
            .max_height(room)
            .auto_shrink([false, true]);
        if self.staged.as_ref() != Some(&shown) {
            area = area.vertical_scroll_offset(0.0);
            self.staged = Some(shown);
        }
        let places: Vec<usize> = (0..top.answers.len())
            .map(|i| self.place_of(top, i))
            .collect();
        let card = self.cards.entry(top.key.clone()).or_default();
        area.show(ui, |ui| {
            card.ui(
                ui,
                top,
                (true, ending == Some(at)),
                (seen, settled),
                (&places, intents),
            );
        });
        // The step that ends the activation, section or turn is on another card: say its key.
        if let Some(end) = ending.filter(|e| *e != at).and_then(|e| checks.get(e))
            && let Some(a) = end.answers.iter().find(|a| a.ends)
        {
            ui.label(
                RichText::new(format!(
                    "[E] {} (on the queue's {} card)",
                    a.label, end.what
                ))
                .small()
                .weak(),
            );
        }
    }

    /// The questions of cards other than the one on stage (at `at`): asked on the stage.
    fn questions_ui(
        &mut self,
        ui: &mut egui::Ui,
        checks: &[Check<()>],
        at: usize,
        version: u64,
        intents: &mut Vec<Intent>,
    ) {
        for (i, check) in checks.iter().enumerate() {
            if i == at {
                continue;
            }
            let Some(card) = self
                .cards
                .get_mut(&check.key)
                .filter(|c| c.asking.is_some())
            else {
                continue;
            };
            card.asking_ui(ui, check, &mut |answer| {
                intents.push(Intent::Answer {
                    check: check.key.clone(),
                    answer,
                    version,
                    table: None,
                });
            });
        }
    }

    /// Shows the panel for the battle as it stands at `stamp`: the turn, the queue after
    /// the card on stage as rows that put their card on the stage on a click, and the result.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        (view, heading): (&BattleView, &str),
        checks: &[Check<()>],
        stamp: (u64, u64),
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
                self.queue_ui(ui, checks, viewport);
            });
        ui.separator();
        self.result_ui(ui);
    }

    /// The queue as rows: the card on stage named, the others as what and who; a click on a
    /// row puts its card on the stage, where it is worked whole (a second click takes it
    /// back).
    fn queue_ui(&mut self, ui: &mut egui::Ui, checks: &[Check<()>], viewport: egui::Rect) {
        let Some((at, staged)) = self.on_stage(checks) else {
            ui.label("Nothing is due: select a unit in the roster for its actions.");
            return;
        };
        ui.label(RichText::new(format!("On stage: {}", staged.what)).strong())
            .on_hover_text(&staged.who);
        // A long queue (a big battle's tests after a volley) is laid out only where it
        // shows: a row out of view takes the height it had when last drawn.
        let origin = ui.min_rect().top();
        let ending = ending_card(checks);
        for (i, check) in checks.iter().enumerate() {
            if i == at {
                continue;
            }
            let top = ui.cursor().top();
            let y = top - origin;
            if let Some(&height) = self.heights.get(&check.key)
                && (y + height < viewport.top() || y > viewport.bottom())
            {
                ui.add_space(height);
                continue;
            }
            if row_ui(ui, check, ending == Some(i)) {
                self.chosen = Some(check.key.clone());
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
/// ends something. Returns whether the row was clicked (to put its card on the stage).
fn row_ui(ui: &mut egui::Ui, check: &Check<()>, ending: bool) -> bool {
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
    let text = format!("{}{tag}: {}{end}", check.what, check.who);
    ui.add(egui::Button::selectable(false, text).truncate())
        .on_hover_text(format!(
            "{}\n{}\n{}\nClick: work it on the stage",
            check.who, check.why, check.citation
        ))
        .clicked()
}
