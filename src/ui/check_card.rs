//! One check as a card: who, why, dice, target, modifiers, odds, and the ways to settle it.

use eframe::egui::{self, Key, RichText};

use super::table_entry::TableEntry;
use super::{Intent, Typed};
use crate::engine::{Check, words};

/// What the umpire has typed into a card, what he is being asked, and what went wrong.
#[derive(Clone, Debug, Default)]
pub struct CheckCard {
    /// The table's faces or counts, and their error.
    pub entry: TableEntry,
    /// An answer that throws something away, waiting for the umpire to confirm it: its place.
    pub asking: Option<usize>,
    /// Why a key did nothing on this card just now.
    pub note: Option<String>,
    /// The answer picked in each of the card's lists (by list name), not yet used.
    pub picked: std::collections::BTreeMap<String, usize>,
}

/// The key an answer takes: R (or Space) for the top card's roll, E for the step that ends
/// an activation, section, round or turn, 1 to 9 for the top card's others, by place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKey {
    /// R or Space.
    Roll,
    /// E.
    End,
    /// 1 to 9.
    Number(usize),
}

impl AnswerKey {
    /// `[R] `, `[E] `, `[2] `.
    pub fn tag(self) -> String {
        match self {
            AnswerKey::Roll => "[R] ".into(),
            AnswerKey::End => "[E] ".into(),
            AnswerKey::Number(n) => format!("[{n}] "),
        }
    }
}

/// The key of answer `i` of a card, numbered by its `place` on the card (kept while other
/// answers leave it): `top` when the card is on stage, `ending` when it is the first card
/// with a step that ends something. The labels show these, and the keys take only what the
/// labels show.
pub fn answer_key(
    check: &Check<()>,
    (i, place): (usize, usize),
    top: bool,
    ending: bool,
) -> Option<AnswerKey> {
    let a = check.answers.get(i)?;
    if a.pick.is_some() {
        return None;
    }
    // R rolls only a required card's dice: an offered roll is the umpire's choice.
    let roll_key = check.roll_answer().filter(|_| check.required);
    if a.ends {
        ending.then_some(AnswerKey::End)
    } else if top && roll_key == Some(i) {
        Some(AnswerKey::Roll)
    } else if top && place < DECISION_KEYS.len() {
        Some(AnswerKey::Number(place + 1))
    } else {
        None
    }
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
    /// Shows a check of the queue, drawn at battle version `version`; the card on stage
    /// (`top`) names its keys on its buttons, each numbered answer by its `places`. Its
    /// buttons take clicks once the queue has `settled` after a change.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        (top, ending): (bool, bool),
        (version, settled): (u64, bool),
        (places, intents): (&[usize], &mut Vec<Intent>),
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
                // the buttons stay high on the card, in view on a small screen. A few notes
                // say how to answer and come first; a long list (the roll call's units) is
                // the working, after the buttons.
                head_ui(ui, check);
                let notes_first = check.notes.len() <= NOTES_BEFORE_ANSWERS;
                if notes_first {
                    notes_ui(ui, check);
                }
                ui.add_enabled_ui(settled, |ui| {
                    self.answers_ui(ui, check, (top, ending), version, (places, intents));
                });
                working_ui(ui, check);
                if !notes_first {
                    notes_ui(ui, check);
                }
            });
    }

    fn answers_ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        (top, ending): (bool, bool),
        version: u64,
        (places, intents): (&[usize], &mut Vec<Intent>),
    ) {
        let answer = |answer: usize, table: Option<Typed>| Intent::Answer {
            check: check.key.clone(),
            answer,
            version,
            table,
        };
        let roll = check.roll_answer();
        // R rolls only a required card's dice: an offered roll is the umpire's choice.
        let roll_key = roll.filter(|_| check.required);
        ui.horizontal_wrapped(|ui| {
            for (i, a) in check.answers.iter().enumerate() {
                if a.pick.is_some() {
                    continue;
                }
                let place = places.get(i).copied().unwrap_or(i);
                let keys = match answer_key(check, (i, place), top, ending) {
                    Some(key) => format!("{}{}", key.tag(), a.label),
                    None => a.label.clone(),
                };
                let hint = match (&a.confirm, a.rolls) {
                    (_, true) => "Rolls Gunbai's dice (or type the table's below)".to_owned(),
                    (Some(lost), false) => {
                        format!("Asks first: {lost}. With Shift, its key takes it at once")
                    }
                    (None, false) => "A decision: rolls nothing".to_owned(),
                };
                let text = if a.rolls {
                    RichText::new(keys).strong()
                } else {
                    RichText::new(keys)
                };
                let clicked = ui.button(text).on_hover_text(hint).clicked();
                let at_once = ui.input(|i| i.modifiers.shift);
                if clicked && a.confirm.is_some() && !at_once {
                    self.asking = Some(i);
                } else if clicked {
                    intents.push(answer(i, None));
                }
            }
        });
        self.picks_ui(ui, check, &mut |i| intents.push(answer(i, None)));
        if top {
            self.asking_ui(ui, check, &mut |i| intents.push(answer(i, None)));
        }
        if let Some(note) = &self.note {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
        if top && !check.answers.is_empty() {
            let keys = match roll_key {
                Some(_) if check.answers.len() > 1 => "R or Space rolls; the numbers choose",
                Some(_) => "R or Space rolls",
                None if roll.is_some() => {
                    "Offered: press its number or click to roll (R does nothing here)"
                }
                None => "A decision: press its key or click (R does nothing here)",
            };
            ui.label(RichText::new(keys).small().weak());
        }
        let Some(first_rolling) = roll else {
            return;
        };
        self.entry.ui(ui, check, top, &mut |typed| {
            intents.push(answer(first_rolling, Some(typed)));
        });
    }

    /// Each list of answers the umpire picks from (the card drawn from a real deck): nothing
    /// is picked until he picks it, and Use takes it.
    fn picks_ui(&mut self, ui: &mut egui::Ui, check: &Check<()>, take: &mut dyn FnMut(usize)) {
        let mut lists: Vec<&str> = Vec::new();
        for a in &check.answers {
            if let Some(list) = a.pick.as_deref().filter(|l| !lists.contains(l)) {
                lists.push(list);
            }
        }
        for list in lists {
            let chosen = self.picked.get(list).copied();
            let shown = chosen
                .and_then(|i| check.answers.get(i))
                .map_or("— choose —", |a| a.label.as_str());
            ui.horizontal_wrapped(|ui| {
                egui::ComboBox::from_label(list)
                    .selected_text(shown)
                    .width(260.0)
                    .show_ui(ui, |ui| {
                        for (i, a) in check.answers.iter().enumerate() {
                            if a.pick.as_deref() == Some(list)
                                && ui.selectable_label(chosen == Some(i), &a.label).clicked()
                            {
                                self.picked.insert(list.to_owned(), i);
                            }
                        }
                    });
                let use_it = ui.add_enabled(chosen.is_some(), egui::Button::new("Use"));
                if use_it.clicked()
                    && let Some(i) = chosen
                {
                    self.picked.remove(list);
                    take(i);
                }
            });
        }
    }

    /// The question before an answer that throws something away: asked once, on the card.
    pub fn asking_ui(&mut self, ui: &mut egui::Ui, check: &Check<()>, take: &mut dyn FnMut(usize)) {
        let Some((i, a)) = self
            .asking
            .and_then(|i| check.answers.get(i).map(|a| (i, a)))
        else {
            return;
        };
        let lost = a.confirm.clone().unwrap_or_default();
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{lost}: {} anyway?", a.label),
        );
        ui.horizontal_wrapped(|ui| {
            let (yes, no) = (format!("[Enter] Yes: {}", a.label), "[Esc] No");
            if ui.button(yes).clicked() {
                self.asking = None;
                take(i);
            }
            if ui.button(no).clicked() {
                self.asking = None;
            }
        });
    }
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
            notes_ui(ui, check);
        });
}

/// The most notes a card shows above its answers.
const NOTES_BEFORE_ANSWERS: usize = 3;

/// The card's notes, one per line.
fn notes_ui(ui: &mut egui::Ui, check: &Check<()>) {
    for note in &check.notes {
        ui.label(RichText::new(note).size(15.0));
    }
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
                let text = format!("{} {}", odds.outcome, words::percent(odds.probability));
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
