//! The desktop app: the umpire's screen during a real game.
//!
//! One file per panel or window, each with `ui(&mut self, ui, …)`. The shared screens show
//! any rule set through [`crate::engine::Game`], the action forms included (each rule set
//! describes its forms as data). Panels never change the battle themselves: they push [`Intent`]s that the
//! [`App`] carries out after drawing, so every change takes one path and shows its result.

mod action_panel;
mod app;
mod army_builder;
mod check_card;
mod dice_tray;
mod file_picker;
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
    /// Settle the check with key `check`, as shown at battle version `version`, with answer
    /// `answer`: Gunbai rolls, or the typed table faces. Refused if the battle has changed.
    Answer {
        /// The check's key.
        check: String,
        /// The answer's place on its card.
        answer: usize,
        /// The battle version the card was drawn at.
        version: u64,
        /// Faces typed from the table, if any.
        faces: Option<String>,
    },
    /// Carry out a unit's action form with these values, chosen at battle version `version`.
    Action {
        /// The unit's view id.
        unit: String,
        /// The form's key.
        form: String,
        /// The values chosen, in field order.
        values: Vec<usize>,
        /// The battle version the form was drawn at.
        version: u64,
        /// Faces typed from the table, if any.
        faces: Option<String>,
    },
    /// End the battle, as confirmed at battle version `version`.
    EndBattle {
        /// The battle version the umpire confirmed at.
        version: u64,
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

impl Intent {
    /// Whether carrying it out changes the battle (and its journal).
    pub fn changes_the_battle(&self) -> bool {
        matches!(
            self,
            Intent::Answer { .. }
                | Intent::Action { .. }
                | Intent::EndBattle { .. }
                | Intent::Undo(_)
                | Intent::Redo(_)
        )
    }
}

/// Starts the desktop app.
///
/// # Errors
/// The window could not be opened.
pub fn run_app() -> anyhow::Result<()> {
    // The window opens at the size it was left at (in physical-ish points at zoom 1).
    let size = files::DataDir::platform()
        .settings()
        .window
        .filter(|[w, h]| w.is_finite() && h.is_finite() && *w >= 640.0 && *h >= 400.0)
        .unwrap_or([1400.0, 900.0]);
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_inner_size(size)
            .with_min_inner_size([900.0, 600.0])
            .with_title("Gunbai 軍配"),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native("Gunbai", options, Box::new(|cc| Ok(Box::new(App::new(cc)))))
        .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}
