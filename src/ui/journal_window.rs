//! Open journal… and Save As…: the battles list, path fields with the system's file dialog
//! beside them, errors shown in the window.

use std::path::PathBuf;

use eframe::egui::{self, RichText};

use super::file_picker::{FilePicker, Pick};

/// Journals are RON files.
const JOURNALS: (&str, &[&str]) = ("Battle journal", &["ron"]);

/// What the umpire asked the journal window for.
pub enum JournalRequest {
    /// Open (and resume) this journal.
    Open(PathBuf),
    /// Open this damaged journal read-only, keeping the intact entries.
    Recover(PathBuf),
    /// Copy the battle's journal here.
    SaveAs(PathBuf),
    /// Move this journal to the removed-battles folder.
    Remove(PathBuf),
    /// Write this journal's after-action report (HTML) to the data directory's reports.
    Export(PathBuf),
    /// Open the page of the campaign at this file (named so).
    Campaign(PathBuf, String),
}

/// The Open journal / Save As window.
#[derive(Default)]
pub struct JournalWindow {
    /// Whether it is shown.
    pub open: bool,
    /// The journal to open.
    pub open_path: String,
    /// Where to save a copy.
    pub save_path: String,
    /// What the last attempt did: message and whether it failed.
    pub message: Option<(String, bool)>,
    /// The battles in the data directory, as last listed (`None`: list them again).
    pub battles: Option<Vec<super::files::BattleFile>>,
    open_picker: FilePicker,
    save_picker: FilePicker,
}

impl JournalWindow {
    /// Shows the window; `current` is the battle's journal, if it has one.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        current: Option<&std::path::Path>,
        data: &super::files::DataDir,
    ) -> Option<JournalRequest> {
        if !self.open {
            // Listed afresh each time the window opens, and last time's message is stale.
            self.battles = None;
            self.message = None;
        }
        let mut open = self.open;
        let mut request = None;
        // Inside the app's window whatever its size: the list's buttons stay in view.
        let screen = ctx.content_rect().size();
        let width = (screen.x - 48.0).max(320.0);
        egui::Window::new("Journal")
            .default_pos([24.0, 60.0])
            .open(&mut open)
            .default_width(width.min(980.0))
            .max_width(width)
            .max_height((screen.y - 80.0).max(240.0))
            .constrain(true)
            .show(ctx, |ui| {
                match current {
                    Some(path) => ui.label(format!(
                        "This battle is saved, entry by entry, in {}",
                        path.display()
                    )),
                    None => ui.label(
                        RichText::new("This battle has no journal: it is not being saved.")
                            .strong(),
                    ),
                };
                ui.separator();
                if let Some((path, name)) =
                    super::campaign_page::campaigns_ui(ui, &data.root().join("battles"))
                {
                    request = Some(JournalRequest::Campaign(path, name));
                }
                let battles = self.battles.get_or_insert_with(|| data.battles());
                battles_ui(ui, battles, current, &mut request);
                ui.separator();
                ui.label(RichText::new("A journal elsewhere").strong());
                ui.horizontal(|ui| {
                    let label = ui.label("Journal to open");
                    ui.add(egui::TextEdit::singleline(&mut self.open_path).desired_width(400.0))
                        .labelled_by(label.id);
                    self.open_picker
                        .button(ui, &mut self.open_path, Pick::Open, JOURNALS);
                });
                ui.horizontal(|ui| {
                    let path = PathBuf::from(self.open_path.trim());
                    if ui.button("Open journal").clicked() {
                        request = Some(JournalRequest::Open(path.clone()));
                    }
                    if ui
                        .button("Recover (read-only)")
                        .on_hover_text("Keep the entries before the first damaged line")
                        .clicked()
                    {
                        request = Some(JournalRequest::Recover(path));
                    }
                });
                ui.separator();
                ui.horizontal(|ui| {
                    let label = ui.label("Save a copy as");
                    ui.add(egui::TextEdit::singleline(&mut self.save_path).desired_width(400.0))
                        .labelled_by(label.id);
                    self.save_picker
                        .button(ui, &mut self.save_path, Pick::Save, JOURNALS);
                });
                if ui
                    .add_enabled(current.is_some(), egui::Button::new("Save As"))
                    .clicked()
                {
                    request = Some(JournalRequest::SaveAs(PathBuf::from(self.save_path.trim())));
                }
                if let Some((message, error)) = &self.message {
                    let color = if *error {
                        ui.visuals().error_fg_color
                    } else {
                        ui.visuals().text_color()
                    };
                    ui.colored_label(color, message);
                }
            });
        self.open = open;
        request
    }
}

/// Every battle in the data directory: rule set, armies, start, last entry, entries and
/// state, to open, recover or remove (moved aside, never deleted).
fn battles_ui(
    ui: &mut egui::Ui,
    battles: &[super::files::BattleFile],
    current: Option<&std::path::Path>,
    request: &mut Option<JournalRequest>,
) {
    use chrono::Local;
    ui.label(RichText::new(format!("Battles ({})", battles.len())).strong());
    if battles.is_empty() {
        ui.label(RichText::new("No battle has been saved yet.").weak());
        return;
    }
    let when = |t: Option<chrono::DateTime<chrono::Utc>>| {
        t.map_or_else(
            || "—".to_owned(),
            |t| {
                t.with_timezone(&Local)
                    .format("%-d %b %Y %H:%M")
                    .to_string()
            },
        )
    };
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y + 4.0;
    // The armies take what is left and are cut short (whole on hover); the buttons' column
    // is as wide as its buttons, so it is always in view.
    // One line per battle: dates and states are never broken across lines.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
    TableBuilder::new(ui)
        .id_salt("battles-list")
        .striped(true)
        .resizable(true)
        .max_scroll_height(320.0)
        .column(Column::auto().at_least(90.0).at_most(220.0).clip(true))
        .column(Column::remainder().at_least(120.0).clip(true))
        .column(Column::auto())
        .column(Column::auto())
        .column(Column::auto())
        .column(Column::auto().at_most(180.0).clip(true))
        .column(Column::auto().resizable(false))
        .header(row_height, |mut header| {
            for heading in [
                "Rule set",
                "Armies",
                "Started",
                "Last entry",
                "Entries",
                "State",
                "",
            ] {
                header.col(|ui| {
                    ui.label(RichText::new(heading).strong());
                });
            }
        })
        .body(|mut body| {
            for b in battles {
                body.row(row_height, |mut row| {
                    battle_row(&mut row, b, current, &when, request);
                });
            }
        });
}

/// One battle of the list, its cells and its buttons.
fn battle_row(
    row: &mut egui_extras::TableRow<'_, '_>,
    b: &super::files::BattleFile,
    current: Option<&std::path::Path>,
    when: &dyn Fn(Option<chrono::DateTime<chrono::Utc>>) -> String,
    request: &mut Option<JournalRequest>,
) {
    let title = crate::rules::RULE_SETS
        .iter()
        .find(|r| r.key == b.ruleset)
        .map_or(b.ruleset.as_str(), |r| r.title);
    row.col(|ui| {
        ui.add(egui::Label::new(title).truncate())
            .on_hover_text(format!("{title}\n{}", b.path.display()));
    });
    let armies = format!("{} vs {}", b.armies[0], b.armies[1]);
    row.col(|ui| {
        ui.add(egui::Label::new(&armies).truncate())
            .on_hover_text(&armies);
    });
    row.col(|ui| {
        ui.label(when(b.started));
    });
    row.col(|ui| {
        ui.label(when(b.last));
    });
    row.col(|ui| {
        ui.label(b.entries.to_string());
    });
    let here = current == Some(b.path.as_path());
    let state = match (&b.damaged, here, b.ended) {
        (Some(_), _, _) => "damaged",
        (None, true, true) => "ended, open here",
        (None, true, false) => "in progress, open here",
        (None, false, true) => "ended",
        (None, false, false) => "in progress",
    };
    row.col(|ui| {
        let shown = ui.label(state);
        if let Some(why) = &b.damaged {
            shown.on_hover_text(why);
        }
    });
    row.col(|ui| {
        ui.horizontal(|ui| {
            if ui.add_enabled(!here, egui::Button::new("Open")).clicked() {
                *request = Some(JournalRequest::Open(b.path.clone()));
            }
            if ui
                .button("Recover")
                .on_hover_text("Open read-only, keeping the entries before any damage")
                .clicked()
            {
                *request = Some(JournalRequest::Recover(b.path.clone()));
            }
            if ui
                .button("Export")
                .on_hover_text("Write its after-action report (HTML) to the reports folder")
                .clicked()
            {
                *request = Some(JournalRequest::Export(b.path.clone()));
            }
            if ui
                .add_enabled(!here, egui::Button::new("Remove"))
                .on_hover_text("Moves it to the removed-battles folder")
                .clicked()
            {
                *request = Some(JournalRequest::Remove(b.path.clone()));
            }
        });
    });
}
