//! Draws any rule set's roster form: records as labelled grids, lists of records holding
//! lists as framed sections, lists of small records as tables or cards (`rows.rs`), each
//! field by its kind (`widgets.rs`). Every
//! widget is named for screen readers and tests by where it is ("Clan 2 · Unit 3 · Stands"),
//! and each problem the validator places on a value is written beside that value.

use eframe::egui::{self, Color32, RichText};

use crate::engine::words::capitalised;
use crate::roster::builder::{Builder, Direction};
use crate::roster::doc::{Record, Value};
use crate::roster::form::{FieldForm, FieldKind, RecordForm};
use crate::roster::{RosterPath, RosterProblem};

use super::rows;

/// How the builder's widgets' accessible names begin, apart from the rest of the app's.
pub const NAME_PREFIX: &str = "Builder: ";

/// A change asked for while drawing, made after the frame's drawing is done.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Set a field.
    Set(RosterPath, Value),
    /// Add a record to a list.
    Add(RosterPath),
    /// Copy a list's item.
    Duplicate(RosterPath, usize),
    /// Remove a list's item.
    Remove(RosterPath, usize),
    /// Move a list's item.
    Shift(RosterPath, usize, Direction),
}

impl Edit {
    /// Makes the change.
    pub fn apply(self, b: &mut Builder) {
        match self {
            Self::Set(path, value) => b.set(&path, value),
            Self::Add(path) => b.add(&path),
            Self::Duplicate(path, i) => b.duplicate(&path, i),
            Self::Remove(path, i) => b.remove(&path, i),
            Self::Shift(path, i, d) => b.shift(&path, i, d),
        };
    }
}

/// What the drawing needs: the builder (values and problems) and the edits it collects.
pub struct Draw<'a> {
    /// The army being built.
    pub b: &'a Builder,
    /// Edits asked for this frame.
    pub edits: Vec<Edit>,
    /// The width of the table cell being drawn into, if any (a grid's text fields are wider).
    pub cell_width: Option<f32>,
}

/// How an item of a list is headed: "Unit 3: Nobushige's Horse".
pub(super) fn item_title(form: &RecordForm, record: &Record, i: usize) -> String {
    let noun = capitalised(&form.noun);
    match record.text("name").filter(|n| !crate::escape::is_blank(n)) {
        Some(name) => format!("{noun} {}: {name}", i + 1),
        None => format!("{noun} {}", i + 1),
    }
}

pub(super) fn colour(ui: &egui::Ui, error: bool) -> Color32 {
    if error {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().warn_fg_color
    }
}

pub(super) fn problem_text(ui: &egui::Ui, p: &RosterProblem, error: bool) -> RichText {
    let mark = if error { "Error" } else { "Warning" };
    RichText::new(format!("{mark}: {}", p.message)).color(colour(ui, error))
}

/// Whether a field is a record of more fields than sit well on one row.
pub(super) fn is_big_record(f: &FieldForm) -> bool {
    matches!(&f.kind, FieldKind::Record(inner) if inner.fields.len() > 3)
}

impl Draw<'_> {
    /// Names a widget for screen readers and tests: "Builder: Clan 2 · Unit 3 · Stands".
    pub(super) fn name(ui: &egui::Ui, response: &egui::Response, name: &str) {
        ui.ctx().accesskit_node_builder(response.id, |node| {
            node.set_label(format!("{NAME_PREFIX}{name}"));
        });
    }

    /// The problems placed exactly on `path`, one label each.
    pub(super) fn problems(&self, ui: &mut egui::Ui, path: &RosterPath) {
        for (p, error) in self.b.problems_at(path) {
            ui.label(problem_text(ui, p, error));
        }
    }

    pub(super) fn has_error(&self, path: &RosterPath) -> bool {
        self.b.problems_at(path).any(|(_, e)| e)
    }

    /// A record's own fields in a grid (label, value, problems), then its lists.
    pub fn record(
        &mut self,
        ui: &mut egui::Ui,
        form: &RecordForm,
        record: &Record,
        at: &RosterPath,
        title: &str,
    ) {
        let id = ui.scope_id().with(at.to_string());
        egui::Grid::new(id.with("fields"))
            .num_columns(3)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                for (f, (_, value)) in form.fields.iter().zip(&record.fields) {
                    if matches!(f.kind, FieldKind::List { .. }) || is_big_record(f) {
                        continue;
                    }
                    let here = at.field(f.key);
                    ui.label(RichText::new(&f.label).strong())
                        .on_hover_text(&f.help);
                    ui.horizontal(|ui| {
                        self.field(ui, f, value, &here, &format!("{title}{}", f.label));
                    });
                    ui.vertical(|ui| {
                        self.problems(ui, &here);
                        if let Value::Record(_) = value {
                            self.nested_problems(ui, &here);
                        }
                    });
                    ui.end_row();
                }
            });
        for (f, (_, value)) in form.fields.iter().zip(&record.fields) {
            if let (FieldKind::Record(inner), true) = (&f.kind, is_big_record(f)) {
                // A record of many fields (a skirmish unit's leader): its own labelled grid.
                let here = at.field(f.key);
                let name = format!("{title}{}", f.label);
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&f.label).strong())
                        .on_hover_text(&f.help);
                    if f.optional {
                        self.given_box(ui, f, value, &here, &name);
                    }
                    self.problems(ui, &here);
                });
                if let Value::Record(r) = value {
                    ui.indent(here.to_string(), |ui| {
                        self.record(ui, inner, r, &here, &format!("{name} · "));
                    });
                }
            }
        }
        for (f, (_, value)) in form.fields.iter().zip(&record.fields) {
            if let Value::List(items) = value {
                ui.add_space(8.0);
                self.list(ui, f, items, &at.field(f.key), title);
            }
        }
    }

    /// Problems on the fields of a nested record (a leader's name), shown on its row.
    pub(super) fn nested_problems(&self, ui: &mut egui::Ui, at: &RosterPath) {
        for (p, error) in self.b.problems() {
            if p.path != *at && p.path.starts_with(at) {
                ui.label(problem_text(ui, p, error));
            }
        }
    }

    /// A list field: its heading with the count and "+ Add", then its items as sections,
    /// a table or cards.
    fn list(
        &mut self,
        ui: &mut egui::Ui,
        f: &FieldForm,
        items: &[Record],
        at: &RosterPath,
        title: &str,
    ) {
        let FieldKind::List { item, min, max } = &f.kind else {
            return;
        };
        let (min, max) = (*min, *max);
        ui.horizontal(|ui| {
            // The count against the rules' limits where they set one ("Units (4 of 3 to 8)").
            let count = if max < crate::roster::MAX_LISTED {
                format!("{} ({} of {min} to {max})", f.label, items.len())
            } else {
                format!("{} ({})", f.label, items.len())
            };
            ui.label(RichText::new(count).heading())
                .on_hover_text(&f.help);
            let add = ui.add_enabled(
                items.len() < max.min(crate::roster::MAX_LISTED),
                egui::Button::new(format!("+ Add {}", item.noun)),
            );
            Self::name(ui, &add, &format!("{title}Add {}", item.noun));
            if add.clicked() {
                self.edits.push(Edit::Add(at.clone()));
            }
            self.problems(ui, at);
        });
        if item.has_list() {
            for (i, record) in items.iter().enumerate() {
                let here = at.index(i);
                let heading = item_title(item, record, i);
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(&heading).strong().size(16.0));
                        self.item_buttons(ui, at, i, items.len(), &format!("{title}{heading}"));
                        self.problems(ui, &here);
                    });
                    let noun = capitalised(&item.noun);
                    self.record(
                        ui,
                        item,
                        record,
                        &here,
                        &format!("{title}{noun} {} · ", i + 1),
                    );
                });
            }
        } else if !items.is_empty() {
            if rows::table_fits(ui, item) {
                self.table(ui, item, items, at, title);
            } else {
                self.cards(ui, item, items, at, title);
            }
        }
    }

    pub(super) fn item_buttons(
        &mut self,
        ui: &mut egui::Ui,
        at: &RosterPath,
        i: usize,
        len: usize,
        title: &str,
    ) {
        let buttons = [
            ("Up", "Move up", i > 0),
            ("Down", "Move down", i + 1 < len),
            ("Copy", "Duplicate", true),
            ("Remove", "Remove", true),
        ];
        for (word, what, enabled) in buttons {
            let r = ui
                .add_enabled(enabled, egui::Button::new(word).small())
                .on_hover_text(what);
            Self::name(ui, &r, &format!("{title} · {what}"));
            if r.clicked() {
                self.edits.push(match what {
                    "Move up" => Edit::Shift(at.clone(), i, Direction::Up),
                    "Move down" => Edit::Shift(at.clone(), i, Direction::Down),
                    "Duplicate" => Edit::Duplicate(at.clone(), i),
                    _ => Edit::Remove(at.clone(), i),
                });
            }
        }
    }
}
