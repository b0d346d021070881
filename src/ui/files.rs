//! Where the app keeps battles: the platform data directory, or one given (tests).

use std::path::{Path, PathBuf};

use chrono::Utc;

use crate::engine::Game;
use crate::engine::journal::write_atomically;

/// The umpire's settings, kept between runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The dark theme rather than the light one.
    pub dark: bool,
    /// The scale of the whole UI (Ctrl+Plus, Ctrl+Minus, Ctrl+0).
    pub zoom: f32,
    /// The window's inner size in points, as last left.
    pub window: Option<[f32; 2]>,
    /// The umpire set the scale (Ctrl+Plus / Ctrl+Minus / Ctrl+0); until then the app picks
    /// one for the screen at each start ([`auto_zoom`]). Absent in files written before the
    /// app picked: a scale other than 1 there was the umpire's.
    pub zoom_chosen: Option<bool>,
    /// Where the players' screen was last left: x, y, width and height in points.
    #[serde(default)]
    pub players_window: Option<[f32; 4]>,
    /// The panels' shares of the window as the umpire left them, and whether the log is
    /// folded to one line.
    #[serde(default)]
    pub panels: PanelShares,
}

/// Each panel's share of the window (width for the roster and the turn panel, height for the
/// log), as the umpire dragged it; none until he does, and the app's default is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PanelShares {
    /// The roster's share of the window's width.
    pub roster: Option<f32>,
    /// The turn panel's share of the window's width.
    pub turn: Option<f32>,
    /// The log's share of the window's height.
    pub log: Option<f32>,
    /// The log is folded to one line.
    pub log_folded: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            dark: false,
            zoom: 1.0,
            window: None,
            zoom_chosen: Some(false),
            players_window: None,
            panels: PanelShares::default(),
        }
    }
}

impl Settings {
    /// Whether the umpire chose the scale.
    pub fn zoom_is_chosen(&self) -> bool {
        self.zoom_chosen
            .unwrap_or_else(|| (self.zoom() - 1.0).abs() > 1e-3)
    }

    /// The zoom, within what keeps every form usable (egui's own keyboard range).
    pub fn zoom(&self) -> f32 {
        if self.zoom.is_finite() {
            self.zoom.clamp(0.5, 3.0)
        } else {
            1.0
        }
    }
}

/// The scale for a screen of `size` (in physical pixels) until the umpire chooses one:
/// 1 up to about 1900 × 1100, larger on larger screens so the table reads at arm's length
/// as it does on a laptop (1.5 at 2560 × 1440), in steps of a quarter, at most 2.
pub fn auto_zoom(size: [f32; 2]) -> f32 {
    let fit = (size[0] / 1600.0).min(size[1] / 900.0);
    if !fit.is_finite() {
        return 1.0;
    }
    ((fit * 4.0).floor() / 4.0).clamp(1.0, 2.0)
}

/// The settings file's name.
const SETTINGS: &str = "settings.ron";

/// The name of the small file remembering the last battle's journal.
const LAST_BATTLE: &str = "last-battle.txt";

/// The app's data directory: journals under `battles/`, the last battle remembered.
#[derive(Clone, Debug)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    /// A data directory rooted at `root` (created when first written).
    pub fn new(root: PathBuf) -> Self {
        Self { root }
    }

    /// The data directory `gunbai roster new` writes to: `GUNBAI_DATA_DIR` if set, else the
    /// platform's data directory for Gunbai, else `gunbai-data` in the current directory.
    pub fn platform() -> Self {
        Self {
            root: crate::roster::store::data_root(),
        }
    }

    /// The root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A fresh journal path for a new battle: `battles/<UTC time>-<key>.ron`.
    ///
    /// # Errors
    /// The directory cannot be created.
    pub fn new_journal(&self, key: &str) -> std::io::Result<PathBuf> {
        let dir = self.root.join("battles");
        std::fs::create_dir_all(&dir)?;
        let stamp = Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
        Ok(dir.join(format!("{stamp}-{key}.ron")))
    }

    /// The last battle's journal, if remembered and still there.
    pub fn last_battle(&self) -> Option<PathBuf> {
        let text = std::fs::read_to_string(self.root.join(LAST_BATTLE)).ok()?;
        let path = PathBuf::from(text.trim());
        path.is_file().then_some(path)
    }

    /// Remembers `journal` as the last battle.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn remember(&self, journal: &Path) -> Result<(), String> {
        std::fs::create_dir_all(&self.root).map_err(|e| e.to_string())?;
        write_atomically(
            &self.root.join(LAST_BATTLE),
            journal.display().to_string().as_bytes(),
        )
        .map_err(|e| e.to_string())
    }

    /// The saved settings, or the defaults if there are none (or they cannot be read).
    pub fn settings(&self) -> Settings {
        std::fs::read_to_string(self.root.join(SETTINGS))
            .ok()
            .and_then(|text| ron::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Saves the settings.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), String> {
        let text = ron::to_string(settings).map_err(|e| e.to_string())?;
        write_file(&self.root.join(SETTINGS), text.as_bytes())
    }

    /// A default path for an exported report.
    pub fn report_path(&self, ext: &str) -> PathBuf {
        let stamp = Utc::now().format("%Y%m%dT%H%M%SZ");
        self.root
            .join("reports")
            .join(format!("report-{stamp}.{ext}"))
    }
}

/// Saves the battle as a fresh journal at `to` (temp file then rename): the entries it
/// holds, numbered and checksummed, whatever state its own file is in.
///
/// # Errors
/// The battle cannot be encoded or the file written.
pub fn save_as(game: &dyn Game, to: &Path) -> Result<(), String> {
    let bytes = game.journal_text()?;
    write_file(to, &bytes)
}

/// Writes a file atomically, creating its directory.
///
/// # Errors
/// The directory or the file cannot be written.
pub fn write_file(to: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    write_atomically(to, bytes).map_err(|e| format!("cannot write {}: {e}", to.display()))
}

/// A battle journal found in the data directory, as the battles list shows it.
#[derive(Clone, Debug)]
pub struct BattleFile {
    /// The journal.
    pub path: PathBuf,
    /// The rule set's key ("sky"), or empty when the header cannot be read.
    pub ruleset: String,
    /// Both armies' names.
    pub armies: [String; 2],
    /// When the battle started.
    pub started: Option<chrono::DateTime<Utc>>,
    /// When its last entry was made.
    pub last: Option<chrono::DateTime<Utc>>,
    /// How many entries it holds (undo and redo included).
    pub entries: usize,
    /// Why it cannot be read, if it is damaged.
    pub damaged: Option<String>,
    /// Whether the battle was ended (an entry in effect, not taken back, ended it).
    pub ended: bool,
}

/// The name of the folder removed battles are moved to (never deleted outright).
pub const REMOVED: &str = "removed-battles";

impl DataDir {
    /// Every journal in `battles/`, the last started first (damaged ones by file time).
    pub fn battles(&self) -> Vec<BattleFile> {
        let Ok(dir) = std::fs::read_dir(self.root.join("battles")) else {
            return Vec::new();
        };
        let mut found: Vec<(std::time::SystemTime, BattleFile)> = dir
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
            .filter(|p| !crate::campaign::file::is_campaign_file(p))
            .map(|p| {
                let modified = std::fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (modified, describe_journal(&p))
            })
            .collect();
        found.sort_by_key(|b| std::cmp::Reverse((b.1.started, b.0)));
        found.into_iter().map(|(_, b)| b).collect()
    }

    /// Moves a journal (and its cache) to `removed-battles/`; returns where it went.
    ///
    /// # Errors
    /// The folder cannot be made or the file moved.
    pub fn remove_battle(&self, journal: &Path) -> Result<PathBuf, String> {
        let dir = self.root.join(REMOVED);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let name = journal
            .file_name()
            .ok_or_else(|| format!("{} is not a file", journal.display()))?;
        let to = dir.join(name);
        if to.exists() {
            return Err(format!("{} is already there", to.display()));
        }
        std::fs::rename(journal, &to)
            .map_err(|e| format!("cannot move {}: {e}", journal.display()))?;
        let cache = journal.with_file_name(format!(".{}.cache", name.to_string_lossy()));
        let _ = std::fs::remove_file(cache);
        Ok(to)
    }
}

/// What the battles list says of one journal, read from its header and its lines without
/// replaying it.
fn describe_journal(path: &Path) -> BattleFile {
    use crate::engine::journal::JournalReader;
    use std::io::BufRead as _;
    let mut file = BattleFile {
        path: path.to_owned(),
        ruleset: String::new(),
        armies: [String::new(), String::new()],
        started: None,
        last: None,
        entries: 0,
        damaged: None,
        ended: false,
    };
    let header = JournalReader::open(path).and_then(|r| r.header::<ron::Value>());
    match header {
        Ok(h) => {
            file.ruleset = h.ruleset;
            file.started = Some(h.started);
            file.armies = h.armies.map(|a| army_name(&a));
        }
        Err(e) => {
            file.damaged = Some(e.to_string());
            return file;
        }
    }
    let Ok(f) = std::fs::File::open(path) else {
        return file;
    };
    let mut last = String::new();
    let mut timeline = Timeline::default();
    for line in std::io::BufReader::new(f).lines().skip(1) {
        match line {
            Ok(line) if !line.trim().is_empty() => {
                file.entries += 1;
                timeline.read(&line);
                last = line;
            }
            Ok(_) => {}
            Err(e) => {
                file.damaged = Some(e.to_string());
                break;
            }
        }
    }
    file.ended = timeline.ended();
    file.last = last
        .split_once("at:\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .and_then(|(at, _)| at.parse().ok());
    file
}

/// Which commands are in effect, read from entry lines without replaying them: enough to
/// tell whether the battle was ended (every rule set records a `BattleEnded` event).
#[derive(Default)]
struct Timeline {
    /// For each command in the timeline, whether it ended the battle.
    ends: Vec<bool>,
    /// How many of them are in effect (the rest were undone and may be redone).
    in_effect: usize,
}

impl Timeline {
    fn read(&mut self, line: &str) {
        let Some((_, action)) = line.split_once(",action:") else {
            return;
        };
        let count = |prefix: &str| {
            action
                .strip_prefix(prefix)
                .and_then(|r| r.split(')').next())
                .and_then(|n| n.parse::<usize>().ok())
        };
        if action.starts_with("Command(") {
            let events = action.rsplit_once(",events:[").map_or("", |(_, e)| e);
            let ended = events
                .split(['[', ',', ']', '('])
                .any(|w| w == "BattleEnded");
            self.ends.truncate(self.in_effect);
            self.ends.push(ended);
            self.in_effect += 1;
        } else if let Some(n) = count("Undo(count:") {
            self.in_effect = self.in_effect.saturating_sub(n);
        } else if let Some(n) = count("Redo(count:") {
            self.in_effect = (self.in_effect + n).min(self.ends.len());
        }
    }

    fn ended(&self) -> bool {
        self.ends.iter().take(self.in_effect).any(|e| *e)
    }
}

/// An army's `name` field, from an army read as a plain RON value.
fn army_name(army: &ron::Value) -> String {
    match army {
        ron::Value::Map(m) => m
            .get(&ron::Value::String("name".into()))
            .and_then(|v| match v {
                ron::Value::String(s) => Some(s.clone()),
                _ => None,
            })
            .unwrap_or_default(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::auto_zoom;

    #[test]
    fn the_scale_grows_with_the_screen_until_the_umpire_chooses() {
        assert!((auto_zoom([1280.0, 720.0]) - 1.0).abs() < 1e-6);
        assert!((auto_zoom([1920.0, 1080.0]) - 1.0).abs() < 1e-6);
        assert!((auto_zoom([2560.0, 1440.0]) - 1.5).abs() < 1e-6);
        assert!((auto_zoom([3840.0, 2160.0]) - 2.0).abs() < 1e-6);
        assert!((auto_zoom([f32::NAN, 1.0]) - 1.0).abs() < 1e-6);
    }
}
