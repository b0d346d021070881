//! One check as a card: who, why, dice, target, modifiers, odds, and the ways to settle it.

use eframe::egui::{self, Key, RichText};

use super::Intent;
use crate::engine::{Check, words};

/// What the umpire has typed into a card, and what went wrong with it.
#[derive(Clone, Debug, Default)]
pub struct CheckCard {
    /// The faces typed from the table.
    pub faces: String,
    /// Why the last attempt to settle it failed.
    pub error: Option<String>,
    /// Put the keyboard in the faces field on the next frame.
    pub focus: bool,
    /// Hits counted at the table, one per pool, where only the count matters.
    pub counts: Vec<String>,
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
                // What is rolled and its odds, then the ways to settle it, then the working:
                // the buttons stay high on the card, in view on a small screen.
                head_ui(ui, check);
                for note in &check.notes {
                    ui.label(RichText::new(note).size(15.0));
                }
                ui.add_enabled_ui(settled, |ui| {
                    self.answers_ui(ui, check, top, version, intents);
                });
                working_ui(ui, check);
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
        let counted = check
            .roll
            .as_ref()
            .and_then(crate::engine::RollSpec::counted_pools);
        // Big pools where only the hits matter take one number per side.
        if let Some(pools) = &counted {
            self.counts_ui(ui, pools, top, &mut |faces| {
                intents.push(answer(first_rolling, Some(faces)));
            });
        }
        ui.horizontal(|ui| {
            let label = ui.label("Table faces").on_hover_text(format!(
                "Type the {} rolled at the table (\"3 5 6\") and press Enter{}",
                words::count(count, "face"),
                if top && counted.is_none() {
                    " (T puts the cursor here)"
                } else {
                    ""
                }
            ));
            let edit = egui::TextEdit::singleline(&mut self.faces)
                .hint_text(format!("{}, e.g. 3 5", words::count(count, "die")))
                .desired_width(160.0);
            let response = ui.add(edit).labelled_by(label.id);
            if counted.is_none() && std::mem::take(&mut self.focus) {
                response.request_focus();
            }
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if (entered || ui.button("Use faces").clicked()) && !self.faces.trim().is_empty() {
                match too_few(&self.faces, count, check) {
                    Some(why) => self.error = Some(why),
                    None => intents.push(answer(first_rolling, Some(self.faces.clone()))),
                }
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }
}

impl CheckCard {
    /// One field per pool for the hits counted at the table; Enter in the last one (or the
    /// button) settles the card with faces that count the same.
    fn counts_ui(
        &mut self,
        ui: &mut egui::Ui,
        pools: &[crate::engine::check::CountedPool],
        top: bool,
        send: &mut dyn FnMut(String),
    ) {
        self.counts.resize(pools.len(), String::new());
        let mut go = false;
        ui.horizontal_wrapped(|ui| {
            for (i, (pool, text)) in pools.iter().zip(&mut self.counts).enumerate() {
                let name = if pools.len() == 1 {
                    format!("Hits of {}", pool.dice)
                } else {
                    format!("Side {} hits of {}", i + 1, pool.dice)
                };
                let label = ui.label(&name).on_hover_text(
                    "Count the dice that hit at the table and type the number: only the count matters",
                );
                let response = ui
                    .add(egui::TextEdit::singleline(text).desired_width(36.0))
                    .labelled_by(label.id);
                if i == 0 && top && std::mem::take(&mut self.focus) {
                    response.request_focus();
                }
                go |= response.lost_focus()
                    && ui.input(|inp| inp.key_pressed(Key::Enter))
                    && i + 1 == pools.len();
            }
            go |= ui.button("Use counts").clicked();
        });
        if !go {
            return;
        }
        let mut faces = Vec::new();
        for (pool, text) in pools.iter().zip(&self.counts) {
            let hits = match text.trim().parse::<u32>() {
                Ok(n) => n,
                Err(_) => {
                    self.error = Some(format!(
                        "type each side's hits as a number (\"{}\" is not one)",
                        text.trim()
                    ));
                    return;
                }
            };
            match pool.faces(hits) {
                Ok(f) => faces.extend(f),
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            }
        }
        let text: Vec<String> = faces.iter().map(u32::to_string).collect();
        send(text.join(" "));
    }
}

/// Why typed faces are too few for a roll, said with the number it needs.
fn too_few(text: &str, needed: u32, check: &Check<()>) -> Option<String> {
    let typed = crate::dice::TableDice::parse(text).ok()?.remaining();
    let needed = needed as usize;
    if typed >= needed {
        return None;
    }
    let parts = match &check.roll {
        Some(crate::engine::RollSpec::Opposed(a, b)) => format!(
            " ({} for the first side, {} for the second)",
            a.dice_count(),
            b.dice_count()
        ),
        _ => String::new(),
    };
    Some(format!(
        "{typed} {} typed; this roll needs {needed}{parts}",
        if typed == 1 { "face" } else { "faces" }
    ))
}

/// A preview of an action's dice: the same facts as a check card, without answers.
pub fn preview(ui: &mut egui::Ui, check: &Check<()>) {
    egui::Frame::group(ui.style())
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&check.what).strong().size(18.0));
            head_ui(ui, check);
            working_ui(ui, check);
            for note in &check.notes {
                ui.label(RichText::new(note).size(15.0));
            }
        });
}

/// Who, why, the dice and the odds.
fn head_ui(ui: &mut egui::Ui, check: &Check<()>) {
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
}

/// The target and each modifier with its reason.
fn working_ui(ui: &mut egui::Ui, check: &Check<()>) {
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
