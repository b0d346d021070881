//! Lists of small records: a table with a row each where the columns fit the window, else
//! a card each with its fields wrapped. Column widths come from the widgets and headings,
//! fixed per column, so rows line up and nothing moves while a name is typed.

use eframe::egui::{self, Color32, RichText};

use super::fields::{Draw, colour, item_title, problem_text};
use crate::engine::words::capitalised;
use crate::roster::RosterPath;
use crate::roster::doc::{Record, Value};
use crate::roster::form::{FieldForm, FieldKind, RecordForm};

/// The width of a field's label in a card.
const CARD_LABEL: f32 = 120.0;

/// The width of a table's first column, the row's menu.
const ROW_MENU: f32 = 40.0;

/// A table column's width for a field: enough for its widget, the same in every row.
/// The width of a choice's number beside it (`Line` and `4`).
pub(super) const NUMBER_WIDTH: f32 = 56.0;

/// How wide `text` is in the body font.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    ui.painter()
        .layout_no_wrap(
            text.to_owned(),
            egui::TextStyle::Body.resolve(ui.style()),
            Color32::WHITE,
        )
        .size()
        .x
}

/// A table column's width: its widget's (a choice as wide as its longest label), or its
/// heading's if that is wider (a number column headed "Normal move (cm)"), at most 220
/// points of heading.
fn table_column_width(ui: &egui::Ui, f: &FieldForm) -> f32 {
    // Strong text is a little wider than the body text measured.
    let heading = text_width(ui, &f.label) * 1.08 + 12.0;
    let widget = match &f.kind {
        FieldKind::Choice(choices) | FieldKind::Name(choices) => {
            let longest = choices
                .iter()
                .map(|c| text_width(ui, &c.label))
                .fold(0.0, f32::max);
            let number = if choices.iter().any(|c| c.arg.is_some()) {
                NUMBER_WIDTH
            } else {
                0.0
            };
            let tick = if f.optional { 24.0 } else { 0.0 };
            tick + (longest + 40.0).clamp(90.0, 260.0) + number
        }
        _ => column_width(f),
    };
    widget.max(heading.min(220.0))
}

fn column_width(f: &FieldForm) -> f32 {
    let tick = if f.optional && !matches!(f.kind, FieldKind::Flag) {
        24.0
    } else {
        0.0
    };
    tick + match &f.kind {
        FieldKind::Text => 200.0,
        FieldKind::Number { .. } => 64.0,
        FieldKind::Flag => 72.0,
        FieldKind::Choice(choices) if choices.iter().any(|c| c.arg.is_some()) => 230.0,
        FieldKind::Choice(_) | FieldKind::Name(_) => 190.0,
        FieldKind::Scores { .. } => 230.0,
        FieldKind::Set(_) | FieldKind::Names(_) => 230.0,
        FieldKind::Record(_) | FieldKind::List { .. } => 320.0,
    }
}

/// A table cell of exactly `width`: the row advances by that much whatever the widget's
/// size (a long choice is clipped, never pushes the next column along).
fn cell(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    let height = ui.spacing().interact_size.y + 4.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    // A little past the cell, so an error outline around its widget shows whole.
    child.set_clip_rect(rect.expand(3.0).intersect(ui.clip_rect()));
    add(&mut child);
}

/// Whether a table of `item`'s fields fits the width left.
pub(super) fn table_fits(ui: &egui::Ui, item: &RecordForm) -> bool {
    let widths: f32 = item.fields.iter().map(|f| table_column_width(ui, f)).sum();
    ROW_MENU + widths + 10.0 * item.fields.len() as f32 <= ui.available_width()
}

impl Draw<'_> {
    /// A list of small records as a table: a row each, a column per field at a fixed
    /// width (so rows line up and nothing moves as names are typed), the row's problems on
    /// a line of their own just under it.
    pub(super) fn table(
        &mut self,
        ui: &mut egui::Ui,
        item: &RecordForm,
        items: &[Record],
        at: &RosterPath,
        title: &str,
    ) {
        let noun = capitalised(&item.noun);
        let widths: Vec<f32> = item
            .fields
            .iter()
            .map(|f| table_column_width(ui, f))
            .collect();
        egui::ScrollArea::horizontal()
            .id_salt(at.to_string())
            .show(ui, |ui| {
                ui.vertical(|ui| {
                    ui.horizontal(|ui| {
                        cell(ui, ROW_MENU, |_| {});
                        for (f, w) in item.fields.iter().zip(&widths) {
                            cell(ui, *w, |ui| {
                                ui.add(
                                    egui::Label::new(RichText::new(&f.label).strong()).truncate(),
                                )
                                .on_hover_text(&f.help);
                            });
                        }
                    });
                    for (i, record) in items.iter().enumerate() {
                        let here = at.index(i);
                        let row_title = format!("{title}{noun} {}", i + 1);
                        let fill = if i % 2 == 0 {
                            ui.visuals().faint_bg_color
                        } else {
                            Color32::TRANSPARENT
                        };
                        egui::Frame::new().fill(fill).show(ui, |ui| {
                            ui.horizontal(|ui| {
                                cell(ui, ROW_MENU, |ui| {
                                    self.row_menu(ui, at, i, items.len(), &row_title, &item.noun);
                                });
                                for ((f, (_, value)), w) in
                                    item.fields.iter().zip(&record.fields).zip(&widths)
                                {
                                    let name = format!("{row_title} · {}", f.label);
                                    self.field_in_cell(ui, *w, f, value, &here.field(f.key), &name);
                                }
                            });
                            self.row_problems(ui, item, &here);
                        });
                    }
                });
            });
    }

    /// A list of records too wide for a table's rows (a kozeriai figure): a card each, its
    /// fields as label and value pairs wrapped to the window's width, its problems under them.
    pub(super) fn cards(
        &mut self,
        ui: &mut egui::Ui,
        item: &RecordForm,
        items: &[Record],
        at: &RosterPath,
        title: &str,
    ) {
        let noun = capitalised(&item.noun);
        for (i, record) in items.iter().enumerate() {
            let here = at.index(i);
            let card_title = format!("{title}{noun} {}", i + 1);
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    self.row_menu(ui, at, i, items.len(), &card_title, &item.noun);
                    ui.label(RichText::new(item_title(item, record, i)).strong());
                });
                ui.horizontal_wrapped(|ui| {
                    for (f, (_, value)) in item.fields.iter().zip(&record.fields) {
                        let w = column_width(f);
                        cell(ui, CARD_LABEL + w, |ui| {
                            ui.add_sized(
                                [CARD_LABEL - 6.0, ui.spacing().interact_size.y],
                                egui::Label::new(RichText::new(&f.label).weak()).truncate(),
                            )
                            .on_hover_text(&f.help);
                            self.cell_width = Some(w);
                            let name = format!("{card_title} · {}", f.label);
                            self.field(ui, f, value, &here.field(f.key), &name);
                            self.cell_width = None;
                        });
                    }
                });
                self.row_problems(ui, item, &here);
            });
        }
    }

    /// A row's own problems and its fields', each naming the field, under the row.
    fn row_problems(&self, ui: &mut egui::Ui, item: &RecordForm, here: &RosterPath) {
        let mut lines: Vec<RichText> = self
            .b
            .problems_at(here)
            .map(|(p, e)| problem_text(ui, p, e))
            .collect();
        for f in &item.fields {
            let path = here.field(f.key);
            for (p, error) in self.b.problems() {
                if p.path.starts_with(&path) {
                    let mark = if error { "Error" } else { "Warning" };
                    lines.push(
                        RichText::new(format!("{mark} ({}): {}", f.label, p.message))
                            .color(colour(ui, error)),
                    );
                }
            }
        }
        if lines.is_empty() {
            return;
        }
        ui.horizontal(|ui| {
            ui.add_space(ROW_MENU);
            ui.vertical(|ui| {
                for line in lines {
                    ui.label(line);
                }
            });
        });
    }

    /// The row's menu: move it, copy it, remove it.
    fn row_menu(
        &mut self,
        ui: &mut egui::Ui,
        at: &RosterPath,
        i: usize,
        len: usize,
        title: &str,
        noun: &str,
    ) {
        let r = ui
            .menu_button(format!("{}", i + 1), |ui| {
                self.item_buttons(ui, at, i, len, title);
            })
            .response
            .on_hover_text(format!("Move, copy or remove this {noun}"));
        Self::name(ui, &r, &format!("{title} · Edit"));
    }

    /// One field in a cell of `width`: its text and choices take the cell's width.
    fn field_in_cell(
        &mut self,
        ui: &mut egui::Ui,
        width: f32,
        f: &FieldForm,
        value: &Value,
        at: &RosterPath,
        name: &str,
    ) {
        cell(ui, width, |ui| {
            self.cell_width = Some(width);
            self.field(ui, f, value, at, name);
            self.cell_width = None;
        });
    }
}
