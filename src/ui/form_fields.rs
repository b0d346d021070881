//! An action form's fields as the umpire fills them in: nothing answered that he did not
//! answer (a yes or no is two buttons, neither picked; a choice says "choose"), and a number
//! kept as typed, with why it cannot be taken beside it (out of its bounds, naming the bound
//! and its rule), never changed to fit.

use eframe::egui::{self, RichText};

use crate::engine::{ActionForm, Field};

/// What the umpire has given a form so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    /// Each field's answer, in field order: none until given (or given by the state).
    pub values: Vec<Option<usize>>,
    /// What is typed in each number field, as typed (empty for other fields).
    pub texts: Vec<String>,
}

impl Answers {
    /// A form opened afresh: only what the state gives is answered.
    pub fn fresh(form: Option<&ActionForm>) -> Self {
        let Some(form) = form else {
            return Self::default();
        };
        let values = form.defaults();
        let texts = form
            .fields
            .iter()
            .zip(&values)
            .map(|(f, v)| match (f, v) {
                (Field::Number { .. }, Some(n)) => n.to_string(),
                _ => String::new(),
            })
            .collect();
        Self { values, texts }
    }

    /// Keeps one answer per field of `form`.
    fn fit(&mut self, form: &ActionForm) {
        self.values.resize(form.fields.len(), None);
        self.texts.resize(form.fields.len(), String::new());
    }

    /// Field `i`'s answer: a number read from what is typed (or why it cannot be taken),
    /// any other field as given.
    fn answer(&self, form: &ActionForm, i: usize) -> Result<Option<usize>, String> {
        match form.fields.get(i) {
            Some(f @ Field::Number { .. }) => f.typed(self.texts.get(i).map_or("", String::as_str)),
            _ => Ok(self.values.get(i).copied().flatten()),
        }
    }

    /// Why the form cannot be carried out yet: each number that cannot be taken (out of
    /// bounds, naming the bound and its rule), then what is still to answer. Empty: every
    /// field is answered and taken.
    pub fn problems(&self, form: &ActionForm) -> Vec<String> {
        let mut out = Vec::new();
        let mut missing = Vec::new();
        for (i, f) in form.fields.iter().enumerate() {
            match self.answer(form, i) {
                Err(e) => out.push(format!("{}: {e}", f.label())),
                Ok(None) => missing.push(f.label()),
                Ok(Some(_)) => {}
            }
        }
        if !missing.is_empty() {
            out.push(format!("To answer: {}", missing.join("; ")));
        }
        out
    }

    /// The values to send, once every field is answered and taken.
    pub fn complete(&self, form: &ActionForm) -> Option<Vec<usize>> {
        (0..form.fields.len())
            .map(|i| self.answer(form, i).ok().flatten())
            .collect()
    }
}

/// Whether a choice is short enough to show its options as buttons on one line.
fn as_buttons(options: &[String]) -> bool {
    options.len() <= 4 && options.iter().map(|o| o.chars().count() + 4).sum::<usize>() <= 56
}

/// A button that shows `text` and is named `name` for screen readers (and tests): `Target in
/// cover: Yes`, where many buttons say Yes.
fn option_button(ui: &mut egui::Ui, selected: bool, text: &str, name: &str) -> egui::Response {
    // Framed, so an answer not yet given still reads as a button to press.
    let response = ui.add(egui::Button::new(text).selected(selected));
    let name = name.to_owned();
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::Button, true, selected, name.clone())
    });
    response
}

/// Draws the form's fields; returns whether an answer changed.
pub fn fields_ui(ui: &mut egui::Ui, form: &ActionForm, answers: &mut Answers) -> bool {
    answers.fit(form);
    let mut changed = false;
    for (i, field) in form.fields.iter().enumerate() {
        let before = (answers.values[i], answers.texts[i].clone());
        let value = &mut answers.values[i];
        match field {
            Field::Choice { label, options } => choice_ui(ui, label, options, value),
            Field::Toggle { label } => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(label.as_str());
                    for (v, word) in [(1, "Yes"), (0, "No")] {
                        let name = format!("{label}: {word}");
                        if option_button(ui, *value == Some(v), word, &name).clicked() {
                            *value = Some(v);
                        }
                    }
                });
            }
            Field::Flags { label, options } => flags_ui(ui, label, options, value),
            Field::Number { label, unit, .. } => {
                let text = &mut answers.texts[i];
                number_ui(ui, field, (label, unit), text, value);
            }
        }
        changed |= before != (answers.values[i], answers.texts[i].clone());
    }
    changed
}

fn choice_ui(ui: &mut egui::Ui, label: &str, options: &[String], value: &mut Option<usize>) {
    if as_buttons(options) {
        ui.horizontal_wrapped(|ui| {
            ui.label(label);
            for (i, option) in options.iter().enumerate() {
                let name = format!("{label}: {option}");
                if option_button(ui, *value == Some(i), option, &name).clicked() {
                    *value = Some(i);
                }
            }
        });
        return;
    }
    let shown = value
        .and_then(|v| options.get(v))
        .map_or("— choose —", String::as_str);
    // The question first, then the list, as every other field reads.
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        let width = (ui.available_width() - 24.0).clamp(160.0, 320.0);
        let list = egui::ComboBox::from_id_salt(("form-choice", label))
            .selected_text(shown)
            .width(width)
            .truncate()
            .show_ui(ui, |ui| {
                for (i, option) in options.iter().enumerate() {
                    if ui.selectable_label(*value == Some(i), option).clicked() {
                        *value = Some(i);
                    }
                }
            });
        // Named by its question, for screen readers (and tests).
        let name = label.to_owned();
        list.response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name.clone()));
    });
}

/// Which of a list apply: a box for each, and "None of these" to say none does.
fn flags_ui(ui: &mut egui::Ui, label: &str, options: &[String], value: &mut Option<usize>) {
    ui.label(label);
    ui.horizontal_wrapped(|ui| {
        let mask = value.unwrap_or(0);
        for (i, option) in options.iter().enumerate() {
            let mut on = mask & (1 << i) != 0;
            if ui.checkbox(&mut on, option.as_str()).changed() {
                *value = Some(if on {
                    mask | (1 << i)
                } else {
                    mask & !(1 << i)
                });
            }
        }
        let name = format!("{label}: None of these");
        if option_button(ui, *value == Some(0), "None of these", &name).clicked() {
            *value = Some(0);
        }
    });
}

/// A number typed as text: kept as typed, and taken only when it is a whole number within
/// its bounds; otherwise why, beside it.
fn number_ui(
    ui: &mut egui::Ui,
    field: &Field,
    (label, unit): (&str, &str),
    text: &mut String,
    value: &mut Option<usize>,
) {
    ui.horizontal_wrapped(|ui| {
        let name = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text("type it")
                .desired_width(64.0),
        )
        .labelled_by(name.id);
        if !unit.is_empty() {
            ui.label(unit);
        }
    });
    match field.typed(text) {
        Ok(v) => *value = v,
        Err(why) => {
            *value = None;
            ui.label(RichText::new(why).color(ui.visuals().error_fg_color));
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::engine::action::Bounds;

    fn fire() -> ActionForm {
        ActionForm::new("fire", "Fire", "")
            .choice("Target", vec!["A".into(), "B".into()])
            .number(
                "Distance",
                "cm",
                Bounds::up_to(30, "the Teppo's range (simple: Firing)"),
            )
    }

    #[test]
    fn a_number_out_of_its_bounds_is_kept_and_refused_naming_the_bound_and_its_rule() {
        let form = fire();
        let mut a = Answers::fresh(Some(&form));
        a.values[0] = Some(1);
        a.texts[1] = "35".into();
        assert_eq!(a.complete(&form), None);
        assert_eq!(
            a.problems(&form),
            vec!["Distance: 35 cm is more than 30 cm: the Teppo's range (simple: Firing)"]
        );
        assert_eq!(a.texts[1], "35", "kept as typed");
    }

    #[test]
    fn a_fresh_form_answers_nothing_the_state_does_not_give() {
        let form = fire();
        let a = Answers::fresh(Some(&form));
        assert_eq!(a.values, vec![None, None]);
        assert_eq!(a.problems(&form), vec!["To answer: Target; Distance"]);
    }
}
