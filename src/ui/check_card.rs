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

impl CheckCard {
    /// Shows check `index` of the queue; the top card (`index` 0) names its shortcuts.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        index: usize,
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
                self.answers_ui(ui, check, index, intents);
            });
    }

    fn answers_ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        index: usize,
        intents: &mut Vec<Intent>,
    ) {
        ui.horizontal_wrapped(|ui| {
            for (i, answer) in check.answers.iter().enumerate() {
                let hint = match (index, i, answer.rolls) {
                    (0, 0, _) => "Shortcut: R or Space",
                    (0, _, false) => "Shortcut: N (when it is the first answer that does not roll)",
                    _ => "",
                };
                let button = ui.button(&answer.label);
                let button = if hint.is_empty() {
                    button
                } else {
                    button.on_hover_text(hint)
                };
                if button.clicked() {
                    intents.push(Intent::Answer {
                        check: index,
                        answer: i,
                        faces: None,
                    });
                }
            }
        });
        let Some(first_rolling) = check.answers.iter().position(|a| a.rolls) else {
            return;
        };
        let count = check
            .roll
            .as_ref()
            .map_or(0, crate::engine::RollSpec::dice_count);
        ui.horizontal(|ui| {
            let label = ui.label("Table faces").on_hover_text(format!(
                "Type the {count} faces rolled at the table (\"3 5 6\") and press Enter{}",
                if index == 0 {
                    " (T puts the cursor here)"
                } else {
                    ""
                }
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
                intents.push(Intent::Answer {
                    check: index,
                    answer: first_rolling,
                    faces: Some(self.faces.clone()),
                });
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
