//! The battle log (bottom): every entry with local time, turn and phase, in sentences;
//! filters by unit and kind; undo back to any entry after confirming what it takes back.

use chrono::Local;
use eframe::egui::{self, RichText};

use super::Intent;
use crate::engine::LogEntry;
use crate::engine::words::count;

/// An entry's heading: its time, turn, phase and kind, and whose dice it rolled:
/// `10:04:12  turn 2  Activation  [melee]  · table dice`.
fn heading(entry: &LogEntry) -> String {
    let at = entry.at.with_timezone(&Local).format("%H:%M:%S");
    let dice = entry
        .dice
        .words()
        .map_or_else(String::new, |w| format!("  · {w}"));
    format!(
        "{at}  turn {}  {}  [{}]{dice}",
        entry.turn, entry.phase, entry.kind
    )
}

/// One row of the log as drawn: an entry's heading, or one of its sentences.
#[derive(Clone, Copy, Debug)]
enum Row {
    Heading(usize),
    Line(usize, usize),
}

/// What the rows were built for: the battle's stamp and both filters.
type RowsKey = ((u64, u64), Option<String>, Option<&'static str>);

/// The log panel's own state.
#[derive(Default)]
pub struct LogPanel {
    /// Show only entries concerning this unit id.
    pub unit: Option<String>,
    /// Show only entries of this kind.
    pub kind: Option<&'static str>,
    rows: Vec<Row>,
    rows_key: Option<RowsKey>,
    /// The log position the umpire asked to undo back to, awaiting confirmation.
    confirm: Option<usize>,
}

impl LogPanel {
    /// Shows the log of a battle at `stamp`; `units` are (id, name) for the filter, and
    /// `redoable` how many undone entries could be put back.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        log: &[LogEntry],
        (units, kinds): (&[(String, String)], &[&'static str]),
        stamp: (u64, u64),
        redoable: usize,
        intents: &mut Vec<Intent>,
    ) {
        self.filters_ui(ui, units, kinds, log.len());
        if redoable > 0 {
            ui.horizontal(|ui| {
                ui.label(format!("{} taken back.", count(redoable, "entry")));
                if ui
                    .button(format!("Redo all ({redoable})"))
                    .on_hover_text("Put back every entry taken back, at once")
                    .clicked()
                {
                    intents.push(Intent::Redo(redoable));
                }
            });
        }
        let key = Some((stamp, self.unit.clone(), self.kind));
        if self.rows_key != key {
            self.fill_rows(log);
            self.rows_key = key;
        }
        let row_height =
            ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y + 4.0;
        egui::ScrollArea::vertical()
            .id_salt("log")
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show_rows(ui, row_height, self.rows.len(), |ui, range| {
                for i in range {
                    let Some(row) = self.rows.get(i).copied() else {
                        break;
                    };
                    self.row_ui(ui, log, row, row_height);
                }
            });
        self.confirm_ui(ui, log, intents);
    }

    fn filters_ui(
        &mut self,
        ui: &mut egui::Ui,
        units: &[(String, String)],
        kinds: &[&'static str],
        total: usize,
    ) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Battle log ({})", count(total, "entry"))).strong());
            let unit_name = self
                .unit
                .as_ref()
                .and_then(|id| units.iter().find(|(u, _)| u == id))
                .map_or("any", |(_, n)| n);
            egui::ComboBox::from_label("Unit")
                .selected_text(unit_name)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.unit, None, "any");
                    for (id, name) in units {
                        ui.selectable_value(&mut self.unit, Some(id.clone()), name);
                    }
                });
            egui::ComboBox::from_label("Kind")
                .selected_text(self.kind.unwrap_or("any"))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.kind, None, "any");
                    for kind in kinds {
                        ui.selectable_value(&mut self.kind, Some(*kind), *kind);
                    }
                });
            ui.label(RichText::new("Ctrl+Z undo, Ctrl+Shift+Z redo").weak());
        });
    }

    /// Fills `rows` for `log` and the filters, in the buffer of the rows before: a long log
    /// has tens of thousands of rows, and a fresh buffer for them after every change costs
    /// more than filling them.
    fn fill_rows(&mut self, log: &[LogEntry]) {
        self.rows.clear();
        for (i, entry) in log.iter().enumerate() {
            let unit_ok = self.unit.as_ref().is_none_or(|u| entry.units.contains(u));
            let kind_ok = self.kind.is_none_or(|k| entry.kind == k);
            if unit_ok && kind_ok {
                self.rows.push(Row::Heading(i));
                self.rows
                    .extend((0..entry.lines.len()).map(|j| Row::Line(i, j)));
            }
        }
    }

    fn row_ui(&mut self, ui: &mut egui::Ui, log: &[LogEntry], row: Row, height: f32) {
        ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
            ui.horizontal(|ui| match row {
                Row::Heading(i) => {
                    let Some(entry) = log.get(i) else { return };
                    ui.label(RichText::new(heading(entry)).strong());
                    if i + 1 < log.len()
                        && ui
                            .small_button("Undo back to here")
                            .on_hover_text("Take back every later entry")
                            .clicked()
                    {
                        self.confirm = Some(i);
                    }
                }
                Row::Line(i, j) => {
                    let line = log
                        .get(i)
                        .and_then(|e| e.lines.get(j))
                        .map_or("", String::as_str);
                    ui.add_space(24.0);
                    ui.label(line);
                }
            });
        });
    }

    fn confirm_ui(&mut self, ui: &mut egui::Ui, log: &[LogEntry], intents: &mut Vec<Intent>) {
        let Some(position) = self.confirm else { return };
        let later = log.get(position + 1..).unwrap_or(&[]);
        let modal = egui::Modal::new(egui::Id::unique("confirm-undo")).show(ui.ctx(), |ui| {
            ui.heading(format!("Take back {}?", count(later.len(), "later entry")));
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    for entry in later {
                        let first = entry.lines.first().map_or("", String::as_str);
                        ui.label(format!("turn {}  [{}]  {first}", entry.turn, entry.kind));
                    }
                });
            ui.label(
                RichText::new("They stay in the journal and can be redone (Ctrl+Shift+Z).").weak(),
            );
            ui.horizontal(|ui| {
                if ui.button("Take them back").clicked() {
                    intents.push(Intent::Undo(later.len()));
                    self.confirm = None;
                }
                if ui.button("Cancel").clicked() {
                    self.confirm = None;
                }
            });
        });
        if modal.should_close() {
            self.confirm = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::journal::Rolled;

    #[test]
    fn a_headings_says_whose_dice_the_entry_rolled() {
        let mut entry = LogEntry {
            entry: 0,
            at: chrono::DateTime::UNIX_EPOCH,
            turn: 2,
            phase: "Activation".into(),
            kind: "melee",
            dice: Rolled::Table,
            lines: Vec::new(),
            units: Vec::new(),
        };
        assert!(heading(&entry).ends_with("turn 2  Activation  [melee]  · table dice"));
        entry.dice = Rolled::App;
        assert!(heading(&entry).ends_with("· app dice"));
        entry.dice = Rolled::Nothing;
        assert!(heading(&entry).ends_with("[melee]"));
    }
}
