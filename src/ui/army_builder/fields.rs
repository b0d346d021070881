//! Draws any rule set's roster form: records as labelled grids, lists of small records as
//! tables with a row per unit, lists of records holding lists as framed sections. Every
//! widget is named for screen readers and tests by where it is ("Clan 2 · Unit 3 · Stands"),
//! and each problem the validator places on a value is written beside that value.

use eframe::egui::{self, Color32, RichText};

use crate::roster::builder::{Builder, Direction};
use crate::roster::doc::{Record, Value};
use crate::roster::form::{Choice, FieldForm, FieldKind, RecordForm};
use crate::roster::{RosterPath, RosterProblem};

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

fn capitalised(noun: &str) -> String {
    let mut chars = noun.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// How an item of a list is headed: "Unit 3: Nobushige's Horse".
fn item_title(form: &RecordForm, record: &Record, i: usize) -> String {
    let noun = capitalised(&form.noun);
    match record.text("name").filter(|n| !n.trim().is_empty()) {
        Some(name) => format!("{noun} {}: {name}", i + 1),
        None => format!("{noun} {}", i + 1),
    }
}

fn colour(ui: &egui::Ui, error: bool) -> Color32 {
    if error {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().warn_fg_color
    }
}

fn problem_text(ui: &egui::Ui, p: &RosterProblem, error: bool) -> RichText {
    let mark = if error { "Error" } else { "Warning" };
    RichText::new(format!("{mark}: {}", p.message)).color(colour(ui, error))
}

/// Whether a field is a record of more fields than sit well on one row.
fn is_big_record(f: &FieldForm) -> bool {
    matches!(&f.kind, FieldKind::Record(inner) if inner.fields.len() > 3)
}

/// The width of a field's label in a card.
const CARD_LABEL: f32 = 120.0;

/// The width of a table's first column, the row's menu.
const ROW_MENU: f32 = 40.0;

/// A table column's width for a field: enough for its widget, the same in every row.
/// The width of a choice's number beside it (`Line` and `4`).
const NUMBER_WIDTH: f32 = 56.0;

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
    child.set_clip_rect(rect.intersect(ui.clip_rect()));
    add(&mut child);
}

impl Draw<'_> {
    /// Names a widget for screen readers and tests: "Builder: Clan 2 · Unit 3 · Stands".
    fn name(ui: &egui::Ui, response: &egui::Response, name: &str) {
        ui.ctx().accesskit_node_builder(response.id, |node| {
            node.set_label(format!("{NAME_PREFIX}{name}"));
        });
    }

    /// The problems placed exactly on `path`, one label each.
    fn problems(&self, ui: &mut egui::Ui, path: &RosterPath) {
        for (p, error) in self.b.problems_at(path) {
            ui.label(problem_text(ui, p, error));
        }
    }

    fn has_error(&self, path: &RosterPath) -> bool {
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
            if let (FieldKind::List { item, max, .. }, Value::List(items)) = (&f.kind, value) {
                ui.add_space(8.0);
                self.list(ui, f, item, *max, items, &at.field(f.key), title);
            }
        }
    }

    /// Problems on the fields of a nested record (a leader's name), shown on its row.
    fn nested_problems(&self, ui: &mut egui::Ui, at: &RosterPath) {
        for (p, error) in self
            .b
            .errors()
            .iter()
            .map(|p| (p, true))
            .chain(self.b.warnings().iter().map(|p| (p, false)))
        {
            if p.path != *at && p.path.starts_with(at) {
                ui.label(problem_text(ui, p, error));
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn list(
        &mut self,
        ui: &mut egui::Ui,
        f: &FieldForm,
        item: &RecordForm,
        max: usize,
        items: &[Record],
        at: &RosterPath,
        title: &str,
    ) {
        ui.horizontal(|ui| {
            // The count against the rules' limits where they set one ("Units (4 of 3 to 8)").
            let min = match &f.kind {
                FieldKind::List { min, .. } => *min,
                _ => 0,
            };
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
            let widths: f32 = item.fields.iter().map(|f| table_column_width(ui, f)).sum();
            if ROW_MENU + widths + 10.0 * item.fields.len() as f32 <= ui.available_width() {
                self.table(ui, item, items, at, title);
            } else {
                self.cards(ui, item, items, at, title);
            }
        }
    }

    fn item_buttons(
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

    /// A list of small records as a table: a row each, a column per field at a fixed
    /// width (so rows line up and nothing moves as names are typed), the row's problems on
    /// a line of their own just under it.
    fn table(
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
                                    cell(ui, *w, |ui| {
                                        let name = format!("{row_title} · {}", f.label);
                                        self.cell_width = Some(*w);
                                        self.field(ui, f, value, &here.field(f.key), &name);
                                        self.cell_width = None;
                                    });
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
    fn cards(
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
            for (p, error) in self.all_problems() {
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

    fn all_problems(&self) -> impl Iterator<Item = (&RosterProblem, bool)> {
        let errors = self.b.errors().iter().map(|p| (p, true));
        errors.chain(self.b.warnings().iter().map(|p| (p, false)))
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

    /// One field's widget (an optional one behind a tick box: unticked, the rules' default).
    fn field(
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
    fn given_box(
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
        let text = if all.chars().count() > 26 {
            format!("{}…", all.chars().take(25).collect::<String>())
        } else {
            all.clone()
        };
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
            let mut next: Vec<String> = choices
                .iter()
                .filter(|x| chosen.contains(&x.ident) != (x.ident == c.ident))
                .map(|x| x.ident.clone())
                .collect();
            next.retain(|i| !i.is_empty());
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
        let text = if all.chars().count() > 26 {
            format!("{}…", all.chars().take(25).collect::<String>())
        } else {
            all.clone()
        };
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
