//! The desktop app: the umpire's screen during a real game.
//!
//! One file per panel or window, each with `ui(&mut self, ui, …)`. The shared screens show
//! any rule set through [`crate::engine::Game`], the action forms included (each rule set
//! describes its forms as data). Panels never change the battle themselves: they push [`Intent`]s that the
//! [`App`] carries out after drawing, so every change takes one path and shows its result.

mod action_panel;
mod app;
mod check_card;
mod dice_tray;
mod files;
mod fonts;
mod help;
mod journal_window;
mod layout;
mod live;
mod log_panel;
mod new_battle;
mod reference_window;
mod report_window;
mod roster_panel;
mod theme;
mod turn_panel;

use std::path::PathBuf;

pub use app::App;

/// Something the umpire asked for, carried out by the [`App`] after the frame is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Settle check `check` with answer `answer`: Gunbai rolls, or the typed table faces.
    Answer {
        /// The check's place in the queue.
        check: usize,
        /// The answer's place on its card.
        answer: usize,
        /// Faces typed from the table, if any.
        faces: Option<String>,
    },
    /// Take back this many commands.
    Undo(usize),
    /// Put back this many commands.
    Redo(usize),
    /// Show this unit's details and actions.
    Select(String),
    /// Open a battle journal (resuming it), from the resume banner or the Open dialog.
    Open(PathBuf),
    /// Open a battle journal read-only (it is open in another window, or damaged).
    OpenReadOnly(PathBuf),
}

/// Starts the desktop app.
///
/// # Errors
/// The window could not be opened.
pub fn run_app() -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([900.0, 600.0])
            .with_title("Gunbai 軍配"),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native("Gunbai", options, Box::new(|cc| Ok(Box::new(App::new(cc)))))
        .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}
