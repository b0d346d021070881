//! The desktop app: the umpire's screen during a real game.
//!
//! One file per panel or window, each with `ui(&mut self, ui, …)`. The shared screens show
//! any rule set through [`crate::engine::Game`], the action forms included (each rule set
//! describes its forms as data). Panels never change the battle themselves: they push [`Intent`]s that the
//! [`App`] carries out after drawing, so every change takes one path and shows its result.

mod action_panel;
mod app;
mod army_builder;
mod card_keys;
mod check_card;
mod dice_tray;
mod file_picker;
mod files;
mod fonts;
mod form_carry;
mod form_fields;
mod help;
mod journal_window;
mod layout;
mod live;
mod log_panel;
mod new_battle;
mod panels;
pub mod players;
mod reference_window;
mod report_window;
mod roster_panel;
mod stage;
mod table_entry;
mod theme;
mod turn_panel;
mod window_fit;

use std::path::PathBuf;

pub use app::App;

use crate::dice::{DiceError, TableDice};

/// What the umpire typed from the table for an answer or an action: the faces, or (for pools
/// whose successes alone count) one count per pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Faces as typed: `3 5 6`.
    Faces(String),
    /// Successes counted at the table, one per pool, in the order the pools are rolled.
    Counts(Vec<u32>),
}

impl Typed {
    /// The table's dice these stand for.
    ///
    /// # Errors
    /// Text that is not faces, naming its column.
    pub fn dice(&self) -> Result<TableDice, DiceError> {
        match self {
            Typed::Faces(text) => TableDice::parse(text),
            Typed::Counts(counts) => Ok(TableDice::counts(counts.clone())),
        }
    }
}

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
        /// What was typed from the table, if anything (nothing: Gunbai rolls).
        table: Option<Typed>,
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
        /// Faces typed from the table, if any (none: Gunbai rolls).
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
    /// Open a battle journal read-only, keeping the entries before any damage (it is open in
    /// another window, or damaged).
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

/// Starts the desktop app on what the command line asked for.
///
/// # Errors
/// The window could not be opened.
pub fn run_app(launch: crate::cli::launch::Launch) -> anyhow::Result<()> {
    let data = files::DataDir::platform();
    // The window opens at the size it was left at (in physical-ish points at zoom 1).
    let size = data
        .settings()
        .window
        .filter(|[w, h]| w.is_finite() && h.is_finite() && *w >= 640.0 && *h >= 400.0)
        .unwrap_or([1400.0, 900.0]);
    let mut viewport = eframe::egui::ViewportBuilder::default()
        .with_inner_size(size)
        .with_min_inner_size([900.0, 600.0])
        .with_title("Gunbai 軍配")
        // The desktop entry's name (`assets/gunbai.desktop`): the desktop shows the entry's
        // icon for the window and groups its windows under it.
        .with_app_id("gunbai");
    // The icon is ours and built in; were it ever unreadable the window simply has none.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    let dir = data.root().to_path_buf();
    eframe::run_native(
        "Gunbai",
        options,
        Box::new(|cc| Ok(Box::new(App::with_launch(cc, dir, launch)))),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

/// The app's icon, as the desktop entry installs it (`assets/gunbai.png`, from `gunbai.svg`).
const ICON_PNG: &[u8] = include_bytes!("../../assets/gunbai.png");
