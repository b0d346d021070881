//! "Browse…" beside a path field: the platform's own file dialog where it has one.
//!
//! The dialog runs beside the app (on Linux through the desktop portal, on a thread of its
//! own, so the battle keeps drawing); the chosen path fills the field, which can always be
//! typed in instead (a machine without a portal answers nothing, and the field stays).

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use eframe::egui;

/// Whether the dialog picks a file to read or a place to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// An existing file.
    Open,
    /// A file to write.
    Save,
}

/// One path field's dialog: at most one open at a time.
#[derive(Debug, Default)]
pub struct FilePicker {
    waiting: Option<Receiver<Option<PathBuf>>>,
}

impl FilePicker {
    /// The "Browse…" button; when a file was chosen, `field` is set to its path and `true`
    /// is returned.
    pub fn button(
        &mut self,
        ui: &mut egui::Ui,
        field: &mut String,
        pick: Pick,
        filter: (&'static str, &'static [&'static str]),
    ) -> bool {
        let mut chosen = false;
        if let Some(rx) = &self.waiting {
            match rx.try_recv() {
                Ok(path) => {
                    if let Some(path) = path {
                        *field = path.display().to_string();
                        chosen = true;
                    }
                    self.waiting = None;
                }
                Err(TryRecvError::Empty) => {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(200));
                }
                Err(TryRecvError::Disconnected) => self.waiting = None,
            }
        }
        let busy = self.waiting.is_some();
        let label = if busy { "Choosing…" } else { "Browse…" };
        if ui
            .add_enabled(!busy, egui::Button::new(label))
            .on_hover_text("Choose with the system's file dialog (or type the path)")
            .clicked()
        {
            let start = std::path::Path::new(field.trim())
                .parent()
                .filter(|d| d.is_dir())
                .map(std::path::Path::to_path_buf);
            self.waiting = Some(open_dialog(pick, filter, start));
        }
        chosen
    }
}

fn dialog(
    pick: Pick,
    (name, extensions): (&'static str, &'static [&'static str]),
    start: Option<PathBuf>,
) -> Option<PathBuf> {
    let mut d = rfd::FileDialog::new().add_filter(name, extensions);
    if let Some(dir) = start {
        d = d.set_directory(dir);
    }
    match pick {
        Pick::Open => d.pick_file(),
        Pick::Save => d.save_file(),
    }
}

/// Runs the dialog: on a thread of its own where the platform allows (Linux's portal),
/// else on this one (macOS and Windows want their dialogs on the main thread).
fn open_dialog(
    pick: Pick,
    filter: (&'static str, &'static [&'static str]),
    start: Option<PathBuf>,
) -> Receiver<Option<PathBuf>> {
    let (tx, rx) = channel();
    if cfg!(target_os = "linux") {
        std::thread::spawn(move || {
            let _ = tx.send(dialog(pick, filter, start));
        });
    } else {
        let _ = tx.send(dialog(pick, filter, start));
    }
    rx
}
