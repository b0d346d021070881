//! What the desktop app is asked to open: the command line's `gunbai [FILE]` and `gunbai new`
//! turned into one checked value, which the app carries out and the tests inspect.
//!
//! The raw arguments are clap's ([`super::Cli`], [`super::new::NewArgs`]); this is what they
//! come to once the file has been looked at and the new battle checked (ripgrep's `LowArgs`
//! -> `HiArgs`). Whether a journal is free, open in another window or damaged is found only
//! by opening it, which the app does, so that it is said where the umpire is looking.

use std::path::{Path, PathBuf};

use crate::rules::{FileKind, StartRequest, identify};

/// What the app opens on.
#[derive(Clone, Debug)]
pub enum Launch {
    /// No file: the Sky demo battle, the last battle offered to resume.
    Usual,
    /// A battle journal: resumed for writing when its lock is free; offered read-only when
    /// another window holds it; refused naming its damage, with Recover offered, when damaged.
    Journal(PathBuf),
    /// An army roster: the New battle dialog on its rule set, the roster chosen for the first
    /// side.
    Roster {
        /// The roster file.
        path: PathBuf,
        /// Its rule set.
        key: &'static str,
    },
    /// A new battle, checked and ready to start (`gunbai new`).
    NewBattle(StartRequest),
    /// A campaign: its next battle (`gunbai campaign next`: the New battle dialog with its
    /// armies as they now stand, or its last battle while that is under way), or its page
    /// (`gunbai FILE.campaign.ron`).
    Campaign {
        /// The campaign file.
        path: PathBuf,
        /// The campaign's name, as given (to rebuild the file from its journals if need be).
        name: String,
        /// The next battle rather than the campaign's page.
        next: bool,
    },
    /// A file that is neither a journal nor a roster: the app says why.
    Refused {
        /// The file given.
        path: PathBuf,
        /// Why, as a clause after "it": "is a folder, not …", "does not exist".
        why: String,
    },
}

impl Launch {
    /// What `gunbai FILE` (or plain `gunbai`) opens: the file is looked at, not opened, and
    /// named by its absolute path, so the journal the app remembers to resume is found again
    /// from any folder.
    pub fn for_file(file: Option<&Path>) -> Self {
        let Some(given) = file else {
            return Self::Usual;
        };
        let path = std::path::absolute(given).unwrap_or_else(|_| given.to_owned());
        if crate::campaign::file::is_campaign_file(&path) && path.is_file() {
            let name = crate::cli::campaign::locate(&path.to_string_lossy()).1;
            return Self::Campaign {
                path,
                name,
                next: false,
            };
        }
        match identify(&path) {
            FileKind::Journal => Self::Journal(path),
            FileKind::Roster(key) => Self::Roster { path, key },
            FileKind::Other(why) => Self::Refused { path, why },
        }
    }

    /// The refusal to show in the app (and on the terminal), if this is one.
    pub fn refusal(&self) -> Option<String> {
        match self {
            Self::Refused { path, why } => {
                Some(format!("Gunbai cannot open {}: it {why}.", path.display()))
            }
            _ => None,
        }
    }
}
