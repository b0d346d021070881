//! The battle in progress, with what the screens derive from it cached per version.

use std::cell::OnceCell;
use std::path::{Path, PathBuf};

use crate::engine::view::BattleView;
use crate::engine::{Check, Game, LogEntry};

/// Derived data, rebuilt only when the battle's version changes.
pub struct Derived {
    /// The neutral picture.
    pub view: BattleView,
    /// The checks due now.
    pub checks: Vec<Check<()>>,
    /// Every unit as (id, name), in roster order, for filters and pickers.
    pub units: Vec<(String, String)>,
    /// The command kinds present in the log, sorted: see [`Live::kinds`].
    kinds: OnceCell<Vec<&'static str>>,
    /// The toolbar's heading: "From the Sky we Came: Takeda vs Uesugi".
    pub heading: String,
}

/// A battle being refereed.
pub struct Live {
    /// The battle.
    pub game: Box<dyn Game>,
    /// Bumped whenever a different battle is loaded, so caches keyed by version reset.
    pub generation: u64,
    derived: Derived,
    version: u64,
    /// When (in the app's clock, seconds) the battle last changed.
    changed_at: f64,
}

/// How long buttons that change the battle wait after a change before they take a click, so
/// a second click meant for a card that just went does not land on the one that took its
/// place. Shorter than a person takes to see the new card and click it.
pub const HOLD_SECONDS: f64 = 0.25;

impl Live {
    /// Wraps a battle; `generation` must differ from the previous battle's.
    pub fn new(game: Box<dyn Game>, generation: u64) -> Self {
        let derived = derive(game.as_ref());
        let version = game.version();
        Self {
            game,
            generation,
            derived,
            version,
            changed_at: f64::NEG_INFINITY,
        }
    }

    /// Rebuilds the derived data if the battle changed since; `now` is the app's clock.
    pub fn refresh(&mut self, now: f64) {
        if self.game.version() != self.version {
            self.derived = derive(self.game.as_ref());
            self.version = self.game.version();
            self.changed_at = now;
        }
    }

    /// Seconds until buttons that change the battle take clicks again (0: they do now).
    pub fn hold_left(&self, now: f64) -> f64 {
        (self.changed_at + HOLD_SECONDS - now).max(0.0)
    }

    /// The command kinds present in the log, sorted, for the log's filter. Found when first
    /// asked for after a change, which is when the umpire opens that filter: a long log is a
    /// pass over thousands of entries, which no other frame needs.
    pub fn kinds(&self) -> &[&'static str] {
        self.derived.kinds.get_or_init(|| kinds(self.game.log()))
    }

    /// The derived data as of the last [`Live::refresh`].
    pub fn derived(&self) -> &Derived {
        &self.derived
    }

    /// The battle version the derived data (and so the last frame drawn) shows: what the
    /// umpire saw when pressing a key or a button, which every intent carries.
    pub fn shown_version(&self) -> u64 {
        self.version
    }

    /// A key that changes with every change of battle or of its state.
    pub fn stamp(&self) -> (u64, u64) {
        (self.generation, self.game.version())
    }

    /// The journal file, if the battle is saved.
    pub fn journal(&self) -> Option<PathBuf> {
        self.game.journal_path()
    }

    /// Whether this battle writes to `path`.
    pub fn writes_to(&self, path: &Path) -> bool {
        self.journal().is_some_and(|p| p == path)
    }
}

fn derive(game: &dyn Game) -> Derived {
    let view = game.view();
    let units = view
        .sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.units)
        .map(|u| (u.id.clone(), u.name.clone()))
        .collect();
    // The names from the view just built: asking the battle would build its view again.
    let name = |i: usize| view.sides.get(i).map_or("", |s| s.name.as_str());
    let heading = format!("{}: {} vs {}", game.title(), name(0), name(1));
    Derived {
        view,
        checks: game.checks(),
        units,
        kinds: OnceCell::new(),
        heading,
    }
}

/// The kinds of command in `log`, sorted, each once. A long log holds a few kinds many times
/// over: each entry's kind is looked for among the handful of strings already met (by
/// address first, which is how a kind almost always recurs), and only the few distinct kinds
/// are sorted, not one string per entry.
fn kinds(log: &[LogEntry]) -> Vec<&'static str> {
    // Every distinct string met, by address and length: the same kind may sit at more than
    // one address, so a new address is checked against the kinds by value.
    let mut met: Vec<&'static str> = Vec::new();
    let mut kinds: Vec<&'static str> = Vec::new();
    for entry in log {
        let kind = entry.kind;
        if met.iter().any(|k| std::ptr::eq(*k, kind)) {
            continue;
        }
        met.push(kind);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds.sort_unstable();
    kinds
}
