//! The table's dice typed into a card: the faces rolled at the table, or, for pools whose
//! successes alone count, one count per pool. The card says up front how many faces its roll
//! takes and what each group is for; an error sits beside the field and keeps the umpire in
//! it, with what he typed, so the next key types rather than rolls.

use eframe::egui::{self, Key, RichText};

use super::Typed;
use crate::engine::check::{CountedPool, TableFaces};
use crate::engine::{Check, RollSpec, words};

/// Which of a card's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryField {
    /// The faces typed from the table.
    Faces,
    /// The counts of successes, one per pool.
    Counts,
}

/// What the umpire has typed into a card's fields, and what went wrong with it.
#[derive(Clone, Debug, Default)]
pub struct TableEntry {
    /// The faces typed from the table.
    pub faces: String,
    /// Successes counted at the table, one per pool, where only the count matters.
    pub counts: Vec<String>,
    /// Why the last attempt with these fields failed, and the field it is about.
    pub error: Option<(String, EntryField)>,
    /// Put the keyboard in this field on the next frame.
    pub focus: Option<EntryField>,
}

impl TableEntry {
    /// Whether either field holds text: the roll keys then do nothing, so what was typed is
    /// never thrown away for the app's dice.
    pub fn holds_text(&self) -> bool {
        !self.faces.trim().is_empty() || self.counts.iter().any(|c| !c.trim().is_empty())
    }

    /// Shows the error on `field` and puts the keyboard back in it.
    pub fn fail(&mut self, field: EntryField, message: String) {
        self.error = Some((message, field));
        self.focus = Some(field);
    }

    /// The faces field, with how many faces the roll takes; then, for pools whose successes
    /// alone count, the count fields. `send` takes what the umpire entered.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        check: &Check<()>,
        top: bool,
        send: &mut dyn FnMut(Typed),
    ) {
        let wanted = check.table_faces();
        self.faces_ui(ui, &wanted, top, send);
        if let Some(pools) = check.roll.as_ref().and_then(RollSpec::counted_pools) {
            self.counts_ui(ui, &pools, top, send);
        }
    }

    fn faces_ui(
        &mut self,
        ui: &mut egui::Ui,
        wanted: &TableFaces,
        top: bool,
        send: &mut dyn FnMut(Typed),
    ) {
        let needs = faces_needed(wanted);
        ui.label(RichText::new(&needs).small())
            .on_hover_text("Faces are used in this order; type them with spaces or commas");
        let mut go = false;
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Table faces").on_hover_text(format!(
                "{needs}, then Enter{}",
                if top { " (T puts the cursor here)" } else { "" }
            ));
            let edit = egui::TextEdit::singleline(&mut self.faces)
                .hint_text(format!(
                    "{}, e.g. 3 5",
                    words::count(wanted.total(), "face")
                ))
                .desired_width(160.0);
            let response = ui.add(edit).labelled_by(label.id);
            if self.focus == Some(EntryField::Faces) {
                self.focus = None;
                response.request_focus();
            }
            go = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            go |= ui.button("Use faces").clicked();
            error_ui(ui, self.error.as_ref(), EntryField::Faces);
        });
        if !go || self.faces.trim().is_empty() {
            return;
        }
        match too_few(&self.faces, wanted) {
            Some(why) => self.fail(EntryField::Faces, why),
            None => {
                self.error = None;
                send(Typed::Faces(self.faces.clone()));
            }
        }
    }

    /// One field per pool for the successes counted at the table; Enter in the last one (or
    /// the button) settles the card with the counts, kept as counts.
    fn counts_ui(
        &mut self,
        ui: &mut egui::Ui,
        pools: &[CountedPool],
        top: bool,
        send: &mut dyn FnMut(Typed),
    ) {
        self.counts.resize(pools.len(), String::new());
        let mut go = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(if top { "or counted (H):" } else { "or counted:" }).small())
                .on_hover_text(
                    "Count the dice that hit at the table and type the number: only the count matters, and only the count is kept",
                );
            for (i, (pool, text)) in pools.iter().zip(&mut self.counts).enumerate() {
                let name = if pools.len() == 1 {
                    format!("Hits of {}", pool.dice)
                } else {
                    format!("Side {} hits of {}", i + 1, pool.dice)
                };
                let label = ui.label(&name);
                let response = ui
                    .add(egui::TextEdit::singleline(text).desired_width(36.0))
                    .labelled_by(label.id);
                if i == 0 && self.focus == Some(EntryField::Counts) {
                    self.focus = None;
                    response.request_focus();
                }
                go |= response.lost_focus()
                    && ui.input(|inp| inp.key_pressed(Key::Enter))
                    && i + 1 == pools.len();
            }
            go |= ui.button("Use counts").clicked();
            error_ui(ui, self.error.as_ref(), EntryField::Counts);
        });
        if !go {
            return;
        }
        match read_counts(&self.counts) {
            Ok(counts) => {
                self.error = None;
                send(Typed::Counts(counts));
            }
            Err(why) => self.fail(EntryField::Counts, why),
        }
    }
}

/// The error about `field`, beside it and brought into view.
fn error_ui(ui: &mut egui::Ui, error: Option<&(String, EntryField)>, field: EntryField) {
    if let Some((message, _)) = error.filter(|(_, f)| *f == field) {
        ui.colored_label(ui.visuals().error_fg_color, message)
            .scroll_to_me(None);
    }
}

/// `Type 4 faces: 2 for Takeda, then 2 for Uesugi; and 4 more for each tie`.
pub fn faces_needed(wanted: &TableFaces) -> String {
    let detail = wanted.words();
    match wanted.groups.as_slice() {
        [(_, what)] if !what.is_empty() => format!("Type {detail}"),
        _ => {
            // `4: 2 for…` reads `4 faces: 2 for…`.
            let total = wanted.total();
            let rest = detail.strip_prefix(&total.to_string()).unwrap_or_default();
            format!("Type {}{rest}", words::count(total, "face"))
        }
    }
}

/// Why typed faces are too few for a roll, saying every group it takes.
fn too_few(text: &str, wanted: &TableFaces) -> Option<String> {
    let typed = crate::dice::TableDice::parse(text).ok()?.remaining();
    let needed = wanted.total() as usize;
    (typed < needed).then(|| {
        format!(
            "{} typed; this roll needs {}",
            words::count(typed, "face"),
            wanted.words()
        )
    })
}

/// The counts typed, one per pool.
fn read_counts(texts: &[String]) -> Result<Vec<u32>, String> {
    texts
        .iter()
        .map(|text| {
            text.trim().parse::<u32>().map_err(|_| {
                if text.trim().is_empty() {
                    "type each side's hits as a number (0 if none)".to_owned()
                } else {
                    format!("\"{}\" is not a number of hits", text.trim())
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_faces_a_roll_takes_are_said_whole() {
        let tie = TableFaces::new(
            vec![(2, "Takeda".into()), (2, "Uesugi".into())],
            Some("4 more for each tie".into()),
        );
        assert_eq!(
            faces_needed(&tie),
            "Type 4 faces: 2 for Takeda, then 2 for Uesugi; and 4 more for each tie"
        );
        assert_eq!(
            too_few("3", &tie).as_deref(),
            Some(
                "1 face typed; this roll needs 4: 2 for Takeda, then 2 for Uesugi; and 4 more for each tie"
            )
        );
        assert_eq!(too_few("3 4 5 6", &tie), None);
        let plain = TableFaces::new(vec![(2, String::new())], None);
        assert_eq!(faces_needed(&plain), "Type 2 faces");
        let shot = TableFaces::new(vec![(2, "the shot".into())], Some("1 save per hit".into()));
        assert_eq!(
            faces_needed(&shot),
            "Type 2 for the shot; and 1 save per hit"
        );
    }

    #[test]
    fn counts_must_be_numbers() {
        assert_eq!(read_counts(&["7".into(), " 3 ".into()]), Ok(vec![7, 3]));
        assert!(read_counts(&["".into()]).is_err());
        assert!(read_counts(&["x".into()]).is_err());
    }
}
