//! The battle log (bottom): every entry with local time, turn and phase, in sentences
//! wrapped to the panel's width; filters by unit and kind; undo back to any entry after
//! confirming what it takes back; folded to one line (the last entry) when the umpire wants
//! the room.

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

/// The command kinds in the log, sorted, found when first asked for.
type Kinds<'a> = &'a dyn Fn() -> &'a [&'static str];

/// What the rows were built for: the battle's stamp and both filters.
type RowsKey = ((u64, u64), Option<String>, Option<&'static str>);

/// The log panel's own state.
#[derive(Default)]
pub struct LogPanel {
    /// Show only entries concerning this unit id.
    pub unit: Option<String>,
    /// Show only entries of this kind.
    pub kind: Option<&'static str>,
    /// The entries shown (by place in the log), for the filters.
    rows: Vec<usize>,
    rows_key: Option<RowsKey>,
    /// The height each entry took when last drawn (heading and wrapped sentences), by place
    /// in the log; 0 until drawn. Entries out of view take it without being laid out.
    heights: Vec<f32>,
    /// The width `heights` were measured at: wrapping changes with it.
    heights_width: f32,
    /// The log position the umpire asked to undo back to, awaiting confirmation.
    confirm: Option<usize>,
}

impl LogPanel {
    /// Shows the log of a battle at `stamp`; `units` are (id, name) and `kinds` gives the
    /// command kinds, for the filters (asked for only while the kinds' list is open), and
    /// `redoable` how many undone entries could be put back. Returns whether the umpire
    /// folded the log to one line.
    pub fn ui<'a>(
        &mut self,
        ui: &mut egui::Ui,
        log: &[LogEntry],
        (units, kinds): (&[(String, String)], Kinds<'a>),
        stamp: (u64, u64),
        redoable: usize,
        intents: &mut Vec<Intent>,
    ) -> bool {
        let fold = self.filters_ui(ui, units, kinds, log.len());
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
        let line_height = ui.text_style_height(&egui::TextStyle::Body);
        egui::ScrollArea::vertical()
            .id_salt("log")
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show_viewport(ui, |ui, viewport| {
                self.rows_ui(ui, log, viewport, line_height);
            });
        self.confirm_ui(ui, log, intents);
        fold
    }

    /// The log folded to one line: its count and the last entry. Returns whether the umpire
    /// opened it.
    pub fn folded_ui(&mut self, ui: &mut egui::Ui, log: &[LogEntry]) -> bool {
        let last = log.last().map_or_else(String::new, |entry| {
            let first = entry.lines.first().map_or("", String::as_str);
            format!(": {}  {first}", heading(entry))
        });
        let text = format!("▲ Battle log ({}){last}", count(log.len(), "entry"));
        ui.add(egui::Button::selectable(false, text).truncate())
            .on_hover_text("Open the battle log")
            .clicked()
    }

    /// The entries in view, each laid out whole (its sentences wrapped); those out of view
    /// hold the height they took when last drawn, or one line per sentence until they are.
    fn rows_ui(
        &mut self,
        ui: &mut egui::Ui,
        log: &[LogEntry],
        viewport: egui::Rect,
        line_height: f32,
    ) {
        let width = ui.available_width();
        if (width - self.heights_width).abs() > 0.5 {
            self.heights.clear();
            self.heights_width = width;
        }
        self.heights.resize(log.len(), 0.0);
        let gap = ui.spacing().item_spacing.y;
        let height = |heights: &[f32], i: usize| match heights.get(i) {
            Some(&h) if h > 0.0 => h,
            _ => {
                let lines = log.get(i).map_or(0, |e| e.lines.len());
                (lines + 1) as f32 * (line_height + gap) + gap
            }
        };
        // Rows are placed by hand, one under the other, with no spacing egui would add.
        ui.spacing_mut().item_spacing.y = 0.0;
        let mut y = 0.0;
        let mut shown = 0;
        while let Some(&i) = self.rows.get(shown) {
            let h = height(&self.heights, i);
            if y + h >= viewport.top() {
                break;
            }
            y += h;
            shown += 1;
        }
        if y > 0.0 {
            ui.allocate_space(egui::vec2(width, y));
        }
        while let Some(&i) = self.rows.get(shown) {
            if y > viewport.bottom() {
                break;
            }
            let top = ui.cursor().top();
            self.entry_ui(ui, log, i, gap);
            let h = ui.cursor().top() - top;
            if let Some(slot) = self.heights.get_mut(i) {
                *slot = h;
            }
            y += h;
            shown += 1;
        }
        let rest: f32 = self
            .rows
            .get(shown..)
            .unwrap_or(&[])
            .iter()
            .map(|&i| height(&self.heights, i))
            .sum();
        if rest > 0.0 {
            ui.allocate_space(egui::vec2(width, rest));
        }
    }

    /// The log's heading and filters; returns whether the umpire folded the log.
    fn filters_ui<'a>(
        &mut self,
        ui: &mut egui::Ui,
        units: &[(String, String)],
        kinds: Kinds<'a>,
        total: usize,
    ) -> bool {
        ui.horizontal(|ui| {
            let fold = ui
                .button("▼")
                .on_hover_text("Fold the log to one line")
                .clicked();
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
                    for kind in kinds() {
                        ui.selectable_value(&mut self.kind, Some(*kind), *kind);
                    }
                });
            ui.label(RichText::new("Ctrl+Z undo, Ctrl+Shift+Z redo").weak());
            fold
        })
        .inner
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
                self.rows.push(i);
            }
        }
    }

    /// One entry: its heading (with undo back to it), then its sentences, wrapped.
    fn entry_ui(&mut self, ui: &mut egui::Ui, log: &[LogEntry], i: usize, gap: f32) {
        let Some(entry) = log.get(i) else { return };
        ui.scope(|ui| {
            ui.spacing_mut().item_spacing.y = gap;
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(heading(entry)).strong());
                if i + 1 < log.len()
                    && ui
                        .small_button("Undo back to here")
                        .on_hover_text("Take back every later entry")
                        .clicked()
                {
                    self.confirm = Some(i);
                }
            });
            egui::Frame::new()
                .inner_margin(egui::Margin {
                    left: 24,
                    ..egui::Margin::ZERO
                })
                .show(ui, |ui| {
                    for line in &entry.lines {
                        ui.add(egui::Label::new(line.as_str()).wrap());
                    }
                });
            ui.add_space(0.0);
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
