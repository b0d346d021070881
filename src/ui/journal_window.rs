//! Open journal… and Save As…: path fields (no file picker), errors shown in the window.

use std::path::PathBuf;

use eframe::egui::{self, RichText};

/// What the umpire asked the journal window for.
pub enum JournalRequest {
    /// Open (and resume) this journal.
    Open(PathBuf),
    /// Open this damaged journal read-only, keeping the intact entries.
    Recover(PathBuf),
    /// Copy the battle's journal here.
    SaveAs(PathBuf),
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
}

impl JournalWindow {
    /// Shows the window; `current` is the battle's journal, if it has one.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        current: Option<&std::path::Path>,
    ) -> Option<JournalRequest> {
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
                ui.horizontal(|ui| {
                    let label = ui.label("Journal to open");
                    ui.add(egui::TextEdit::singleline(&mut self.open_path).desired_width(400.0))
                        .labelled_by(label.id);
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
