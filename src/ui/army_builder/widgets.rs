//! One field's widget by its kind: text, number, yes/no, a choice (with its number), a set,
//! scores per name, a small record inline; an optional field behind a tick box.

use eframe::egui::{self, Color32, RichText};

use super::fields::{Draw, Edit};
use super::rows::NUMBER_WIDTH;
use crate::roster::RosterPath;
use crate::roster::doc::Value;
use crate::roster::form::{Choice, FieldForm, FieldKind};

/// At most this many characters of a list of choices on its button; the rest on hover.
const SHOWN_CHARS: usize = 26;

/// `all` cut to fit a button of its column's width.
fn shortened(all: &str) -> String {
    if all.chars().count() > SHOWN_CHARS {
        format!("{}…", all.chars().take(SHOWN_CHARS - 1).collect::<String>())
    } else {
        all.to_owned()
    }
}

impl Draw<'_> {
    /// One field's widget (an optional one behind a tick box: unticked, the rules' default).
    pub(super) fn field(
        &mut self,
        ui: &mut egui::Ui,
        f: &FieldForm,
        value: &Value,
        at: &RosterPath,
        name: &str,
    ) {
        if f.optional && matches!(f.kind, FieldKind::Flag) {
            // A yes/no the file may leave out: ticked writes `true`, unticked leaves it out.
            let mut on = *value == Value::Flag(true);
            let r = ui.checkbox(&mut on, "").on_hover_text(&f.help);
            Self::name(ui, &r, name);
            if r.changed() {
                let v = if on { Value::Flag(true) } else { Value::Absent };
                self.edits.push(Edit::Set(at.clone(), v));
            }
            return;
        }
        if f.optional {
            let given = self.given_box(ui, f, value, at, name);
            if !given {
                ui.label(RichText::new("default").weak())
                    .on_hover_text(&f.help);
                return;
            }
        }
        let error = self.has_error(at);
        let response = self.widget(ui, f, &f.kind, value, at, name);
        if let Some(r) = response {
            Self::name(ui, &r, name);
            if error {
                ui.painter().rect_stroke(
                    r.rect.expand(2.0),
                    3.0,
                    egui::Stroke::new(2.0, ui.visuals().error_fg_color),
                    egui::StrokeKind::Outside,
                );
            }
        }
    }

    /// The tick box of an optional field: ticked, the field is given (at its starting
    /// value when first ticked); unticked, the file leaves it out. Returns whether given.
    pub(super) fn given_box(
        &mut self,
        ui: &mut egui::Ui,
        f: &FieldForm,
        value: &Value,
        at: &RosterPath,
        name: &str,
    ) -> bool {
        let mut given = *value != Value::Absent;
        let r = ui
            .checkbox(&mut given, "")
            .on_hover_text(format!("Given in the file? Left out: {}", f.help));
        Self::name(ui, &r, &format!("{name} given"));
        if r.changed() {
            let v = if given {
                f.start
                    .clone()
                    .filter(|v| *v != Value::Absent)
                    .unwrap_or_else(|| Value::start(&f.kind))
            } else {
                Value::Absent
            };
            self.edits.push(Edit::Set(at.clone(), v));
        }
        given
    }

    fn widget(
        &mut self,
        ui: &mut egui::Ui,
        f: &FieldForm,
        kind: &FieldKind,
        value: &Value,
        at: &RosterPath,
        name: &str,
    ) -> Option<egui::Response> {
        match (kind, value) {
            (FieldKind::Text, Value::Text(text)) => {
                let mut edited = text.clone();
                let height = ui.spacing().interact_size.y;
                // A table cell's width, or room for a long name with its kanji in a grid.
                let width = self.cell_width.map_or(280.0, |w| w - 8.0);
                let r = ui.add_sized(
                    [width, height],
                    egui::TextEdit::singleline(&mut edited)
                        .id_salt(at.to_string())
                        .hint_text(RichText::new("name").color(Color32::GRAY)),
                );
                if r.changed() {
                    self.edits.push(Edit::Set(at.clone(), Value::Text(edited)));
                }
                Some(r)
            }
            (FieldKind::Number { min, max, .. }, Value::Number(n)) => {
                let mut edited = *n;
                let r = ui.add(
                    egui::DragValue::new(&mut edited)
                        .range(*min..=*max)
                        // A hand-written value outside the range stays until it is edited.
                        .clamp_existing_to_range(false),
                );
                if edited != *n {
                    self.edits
                        .push(Edit::Set(at.clone(), Value::Number(edited)));
                }
                Some(r.on_hover_text(format!("{min} to {max}. {}", f.help)))
            }
            (FieldKind::Flag, Value::Flag(b)) => {
                let mut edited = *b;
                let r = ui.checkbox(&mut edited, "");
                if edited != *b {
                    self.edits.push(Edit::Set(at.clone(), Value::Flag(edited)));
                }
                Some(r.on_hover_text(&f.help))
            }
            (FieldKind::Choice(choices) | FieldKind::Name(choices), Value::Choice(ident, arg)) => {
                Some(self.choice(ui, f, choices, ident, *arg, at, name))
            }
            (FieldKind::Set(choices) | FieldKind::Names(choices), Value::Set(chosen)) => {
                Some(self.set(ui, choices, chosen, at, name))
            }
            (
                FieldKind::Scores {
                    names,
                    min,
                    max,
                    default,
                },
                Value::Scores(scores),
            ) => Some(self.scores(ui, names, (*min, *max, *default), scores, at, name)),
            (FieldKind::Record(form), Value::Record(record)) => {
                for (inner, (_, v)) in form.fields.iter().zip(&record.fields) {
                    ui.label(RichText::new(&inner.label).weak())
                        .on_hover_text(&inner.help);
                    self.field(
                        ui,
                        inner,
                        v,
                        &at.field(inner.key),
                        &format!("{name} · {}", inner.label),
                    );
                }
                None
            }
            _ => {
                ui.label(RichText::new("?").weak());
                None
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn choice(
        &mut self,
        ui: &mut egui::Ui,
        f: &FieldForm,
        choices: &[Choice],
        ident: &str,
        arg: Option<i64>,
        at: &RosterPath,
        name: &str,
    ) -> egui::Response {
        let current = choices.iter().find(|c| c.ident == ident);
        let shown = current.map_or(ident, |c| c.label.as_str());
        let mut picked: Option<&Choice> = None;
        // In a table cell, the room the cell has left (its number, if any, after it).
        let number = if choices.iter().any(|c| c.arg.is_some()) {
            NUMBER_WIDTH
        } else {
            0.0
        };
        let width = self
            .cell_width
            .map_or(160.0, |_| ui.available_width() - number - 8.0);
        let r = egui::ComboBox::from_id_salt(at.to_string())
            .selected_text(shown)
            .width(width)
            .show_ui(ui, |ui| {
                for c in choices {
                    if ui.selectable_label(c.ident == ident, &c.label).clicked() {
                        picked = Some(c);
                    }
                }
            })
            .response
            .on_hover_text(&f.help);
        if let Some(c) = picked.filter(|c| c.ident != ident) {
            let arg = c.arg.map(|(lo, hi, d)| arg.unwrap_or(d).clamp(lo, hi));
            self.edits
                .push(Edit::Set(at.clone(), Value::Choice(c.ident.clone(), arg)));
        }
        if let (Some((lo, hi, _)), Some(n)) = (current.and_then(|c| c.arg), arg) {
            let mut edited = n;
            let d = ui.add(
                egui::DragValue::new(&mut edited)
                    .range(lo..=hi)
                    .clamp_existing_to_range(false),
            );
            Self::name(ui, &d, &format!("{name} number"));
            if edited != n {
                self.edits.push(Edit::Set(
                    at.clone(),
                    Value::Choice(ident.to_owned(), Some(edited)),
                ));
            }
        }
        r
    }

    fn set(
        &mut self,
        ui: &mut egui::Ui,
        choices: &[Choice],
        chosen: &[String],
        at: &RosterPath,
        name: &str,
    ) -> egui::Response {
        let shown: Vec<&str> = chosen
            .iter()
            .map(|i| {
                choices
                    .iter()
                    .find(|c| c.ident == *i)
                    .map_or(i.as_str(), |c| c.label.as_str())
            })
            .collect();
        let all = if shown.is_empty() {
            "none".to_owned()
        } else {
            shown.join(", ")
        };
        // The button keeps its column's width; the whole list is on hover and in the menu.
        let text = shortened(&all);
        let mut toggled: Option<&Choice> = None;
        let r = ui
            .menu_button(text, |ui| {
                for c in choices {
                    let mut on = chosen.contains(&c.ident);
                    let r = ui.checkbox(&mut on, &c.label);
                    Self::name(ui, &r, &format!("{name} · {}", c.label));
                    if r.changed() {
                        toggled = Some(c);
                    }
                }
            })
            .response
            .on_hover_text(all);
        if let Some(c) = toggled {
            // Kept in the form's order, so the same choices always write the same file.
            let next: Vec<String> = choices
                .iter()
                .filter(|x| chosen.contains(&x.ident) != (x.ident == c.ident))
                .map(|x| x.ident.clone())
                .collect();
            self.edits.push(Edit::Set(at.clone(), Value::Set(next)));
        }
        r
    }

    /// A score for each of any of the names: ticked names carry a number.
    fn scores(
        &mut self,
        ui: &mut egui::Ui,
        names: &[Choice],
        (min, max, default): (i64, i64, i64),
        scores: &[(String, i64)],
        at: &RosterPath,
        name: &str,
    ) -> egui::Response {
        let all = if scores.is_empty() {
            "none".to_owned()
        } else {
            scores
                .iter()
                .map(|(n, v)| format!("{n} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = shortened(&all);
        let mut next: Option<Vec<(String, i64)>> = None;
        let r = ui
            .menu_button(text, |ui| {
                egui::Grid::new(ui.scope_id().with("scores")).show(ui, |ui| {
                    for c in names {
                        let current = scores.iter().find(|(n, _)| *n == c.ident).map(|(_, v)| *v);
                        let mut on = current.is_some();
                        let r = ui.checkbox(&mut on, &c.label);
                        Self::name(ui, &r, &format!("{name} · {}", c.label));
                        if r.changed() {
                            let mut v = scores.to_vec();
                            if on {
                                v.push((c.ident.clone(), default));
                            } else {
                                v.retain(|(n, _)| *n != c.ident);
                            }
                            next = Some(v);
                        }
                        if let Some(score) = current {
                            let mut edited = score;
                            let d = ui.add(
                                egui::DragValue::new(&mut edited)
                                    .range(min..=max)
                                    .clamp_existing_to_range(false),
                            );
                            Self::name(ui, &d, &format!("{name} · {} score", c.label));
                            if edited != score {
                                let mut v = scores.to_vec();
                                if let Some(slot) = v.iter_mut().find(|(n, _)| *n == c.ident) {
                                    slot.1 = edited;
                                }
                                next = Some(v);
                            }
                        }
                        ui.end_row();
                    }
                });
            })
            .response
            .on_hover_text(all);
        if let Some(v) = next {
            self.edits.push(Edit::Set(at.clone(), Value::Scores(v)));
        }
        r
    }
}
