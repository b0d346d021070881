//! One check as a card: who, why, dice, target, modifiers, odds, and the ways to settle it.

use eframe::egui::{self, Key, RichText};

use super::Intent;
use crate::engine::Check;

/// What the umpire has typed into a card, and what went wrong with it.
#[derive(Clone, Debug, Default)]
pub struct CheckCard {
    /// The faces typed from the table.
    pub faces: String,
    /// Why the last attempt to settle it failed.
    pub error: Option<String>,
    /// Put the keyboard in the faces field on the next frame.
    pub focus: bool,
}

/// The keys that answer the top card: R or Space take its one roll answer (never a
/// decision); 1 to 9 take its answers by place.
pub const DECISION_KEYS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

impl CheckCard {
    /// Shows a check of the queue, drawn at battle version `version`; the top card names
    /// its keys on its buttons. Its buttons take clicks once the queue has `settled` after a
    /// change.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        top: bool,
        (version, settled): (u64, bool),
        intents: &mut Vec<Intent>,
    ) {
        let visuals = ui.visuals().clone();
        let stroke = if check.required {
            visuals.selection.stroke
        } else {
            visuals.widgets.noninteractive.bg_stroke
        };
        egui::Frame::group(ui.style())
            .stroke(stroke)
            .inner_margin(8.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(&check.what).strong().size(18.0));
                    let tag = if check.required {
                        "required"
                    } else {
                        "offered"
                    };
                    ui.label(RichText::new(tag).small().weak());
                });
                body_ui(ui, check);
                for note in &check.notes {
                    ui.label(RichText::new(note).size(15.0));
                }
                ui.add_enabled_ui(settled, |ui| {
                    self.answers_ui(ui, check, top, version, intents);
                });
            });
    }

    fn answers_ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        top: bool,
        version: u64,
        intents: &mut Vec<Intent>,
    ) {
        let answer = |answer: usize, faces: Option<String>| Intent::Answer {
            check: check.key.clone(),
            answer,
            version,
            faces,
        };
        let roll = check.roll_answer();
        // R rolls only a required card's dice: an offered roll is the umpire's choice.
        let roll_key = roll.filter(|_| check.required);
        ui.horizontal_wrapped(|ui| {
            for (i, a) in check.answers.iter().enumerate() {
                let keys = match (top, roll_key == Some(i)) {
                    (true, true) => format!("[R] {}", a.label),
                    (true, false) if i < DECISION_KEYS.len() => format!("[{}] {}", i + 1, a.label),
                    _ => a.label.clone(),
                };
                let hint = if a.rolls {
                    "Rolls the dice on this card (or type the table's faces below)"
                } else {
                    "A decision: rolls nothing"
                };
                let text = if a.rolls {
                    RichText::new(keys).strong()
                } else {
                    RichText::new(keys)
                };
                if ui.button(text).on_hover_text(hint).clicked() {
                    intents.push(answer(i, None));
                }
            }
        });
        if top && !check.answers.is_empty() {
            let keys = match roll_key {
                Some(_) if check.answers.len() > 1 => "R or Space rolls; 1–9 choose",
                Some(_) => "R or Space rolls",
                None if roll.is_some() => {
                    "Offered: press its number or click to roll (R does nothing here)"
                }
                None => "A decision: press its number or click (R does nothing here)",
            };
            ui.label(RichText::new(keys).small().weak());
        }
        let Some(first_rolling) = roll else {
            return;
        };
        let count = check
            .roll
            .as_ref()
            .map_or(0, crate::engine::RollSpec::dice_count);
        ui.horizontal(|ui| {
            let label = ui.label("Table faces").on_hover_text(format!(
                "Type the {count} faces rolled at the table (\"3 5 6\") and press Enter{}",
                if top { " (T puts the cursor here)" } else { "" }
            ));
            let edit = egui::TextEdit::singleline(&mut self.faces)
                .hint_text(format!("{count} dice, e.g. 3 5"))
                .desired_width(160.0);
            let response = ui.add(edit).labelled_by(label.id);
            if std::mem::take(&mut self.focus) {
                response.request_focus();
            }
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if (entered || ui.button("Use faces").clicked()) && !self.faces.trim().is_empty() {
                intents.push(answer(first_rolling, Some(self.faces.clone())));
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }
}

/// A preview of an action's dice: the same facts as a check card, without answers.
pub fn preview(ui: &mut egui::Ui, check: &Check<()>) {
    egui::Frame::group(ui.style())
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&check.what).strong().size(18.0));
            body_ui(ui, check);
            for note in &check.notes {
                ui.label(RichText::new(note).size(15.0));
            }
        });
}

/// Who, why, dice, target, modifiers and odds.
fn body_ui(ui: &mut egui::Ui, check: &Check<()>) {
    ui.label(RichText::new(&check.who).strong());
    ui.label(&check.why)
        .on_hover_text("Why the rules ask for this now");
    ui.label(RichText::new(&check.citation).small().italics().weak());
    // The dice and the odds first: what the table rolls and what it can expect.
    if let Some(roll) = &check.roll {
        ui.horizontal_wrapped(|ui| {
            ui.label("Dice");
            ui.label(
                RichText::new(roll.notation())
                    .monospace()
                    .strong()
                    .size(18.0),
            );
        });
    }
    if !check.odds.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for odds in &check.odds {
                let text = format!("{} {:.1}%", odds.outcome, odds.probability * 100.0);
                ui.label(
                    RichText::new(text)
                        .strong()
                        .color(ui.visuals().strong_text_color()),
                );
            }
        });
    }
    if !check.target.is_empty() {
        ui.label(format!("Target: {}", check.target));
    }
    for m in &check.modifiers {
        let unit = if m.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", m.unit)
        };
        ui.label(RichText::new(format!("{:+}{unit}  {}", m.value, m.reason)).size(15.0))
            .on_hover_text(&m.citation);
    }
}
