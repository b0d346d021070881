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
        egui::Window::new("Journal")
            .default_pos([380.0, 90.0])
            .open(&mut open)
            .default_width(640.0)
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
            |t| t.with_timezone(&Local).format("%Y-%m-%d %H:%M").to_string(),
        )
    };
    egui::ScrollArea::vertical()
        .id_salt("battles")
        .max_height(320.0)
        .show(ui, |ui| {
            egui::Grid::new("battles-list")
                .striped(true)
                .show(ui, |ui| {
                    for heading in [
                        "Rule set",
                        "Armies",
                        "Started",
                        "Last entry",
                        "Entries",
                        "State",
                        "",
                    ] {
                        ui.label(RichText::new(heading).strong());
                    }
                    ui.end_row();
                    for (i, b) in battles.iter().enumerate() {
                        let title = crate::rules::RULE_SETS
                            .iter()
                            .find(|r| r.key == b.ruleset)
                            .map_or(b.ruleset.as_str(), |r| r.title);
                        ui.label(title).on_hover_text(b.path.display().to_string());
                        ui.label(format!("{} vs {}", b.armies[0], b.armies[1]));
                        ui.label(when(b.started));
                        ui.label(when(b.last));
                        ui.label(b.entries.to_string());
                        let here = current == Some(b.path.as_path());
                        let state = match (&b.damaged, here, b.ended) {
                            (Some(_), _, _) => "damaged",
                            (None, true, true) => "ended, open here",
                            (None, true, false) => "in progress, open here",
                            (None, false, true) => "ended",
                            (None, false, false) => "in progress",
                        };
                        let shown = ui.label(state);
                        if let Some(why) = &b.damaged {
                            shown.on_hover_text(why);
                        }
                        ui.horizontal(|ui| {
                            ui.push_id(i, |ui| {
                                if ui.add_enabled(!here, egui::Button::new("Open")).clicked() {
                                    *request = Some(JournalRequest::Open(b.path.clone()));
                                }
                                if ui
                                    .button("Recover")
                                    .on_hover_text(
                                        "Open read-only, keeping the entries before any damage",
                                    )
                                    .clicked()
                                {
                                    *request = Some(JournalRequest::Recover(b.path.clone()));
                                }
                                if ui
                                    .button("Export")
                                    .on_hover_text(
                                        "Write its after-action report (HTML) to the reports folder",
                                    )
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
                        ui.end_row();
                    }
                });
        });
}
