//! Where rosters made in the app live, and how one is saved.
//!
//! The data directory's `rosters/<key>/` holds them; the New battle dialog lists them with
//! the shipped ones. A save writes a temporary file beside the target, syncs it and renames
//! it over, so a roster is never half written.

use std::path::{Path, PathBuf};

/// The environment variable that moves the data directory (tests, portable installs).
pub const DATA_DIR_VAR: &str = "GUNBAI_DATA_DIR";

/// The app's data directory: `GUNBAI_DATA_DIR` if set, else the platform's place for
/// Gunbai's data, else `gunbai-data` in the current directory.
pub fn data_root() -> PathBuf {
    if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "gunbai").map_or_else(
        || PathBuf::from("gunbai-data"),
        |d| d.data_dir().to_path_buf(),
    )
}

/// The folder of a rule set's saved rosters under a data directory.
pub fn rosters_dir(data_root: &Path, key: &str) -> PathBuf {
    data_root.join("rosters").join(key)
}

/// The roster files (`.ron`) in `dir`, by name; none if it cannot be read.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .collect();
    found.sort();
    found
}

/// A file name for an army: its name's letters and digits, lower case, joined by `-`
/// (`Takeda 武田` gives `takeda-武田.ron`), or `army.ron`.
pub fn file_name(army_name: &str) -> String {
    let mut stem = String::new();
    for word in army_name.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        if !stem.is_empty() {
            stem.push('-');
        }
        stem.extend(word.chars().flat_map(char::to_lowercase));
        if stem.chars().count() > 60 {
            break;
        }
    }
    if stem.is_empty() {
        stem.push_str("army");
    }
    format!("{stem}.ron")
}

/// Writes a roster's text to `path` atomically, creating its folder.
///
/// # Errors
/// The folder cannot be made, or the write, sync or rename fails (the message says which).
pub fn save(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    crate::engine::journal::write_atomically(path, text.as_bytes()).map_err(|e| e.to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_letters_and_digits_only() {
        assert_eq!(file_name("Takeda 武田"), "takeda-武田.ron");
        assert_eq!(file_name("../../etc/passwd"), "etc-passwd.ron");
        assert_eq!(file_name("  "), "army.ron");
    }

    #[test]
    fn a_save_replaces_the_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = rosters_dir(dir.path(), "sky").join("a.ron");
        save(&path, "one").unwrap();
        save(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(
            std::fs::read_dir(path.parent().unwrap()).unwrap().count(),
            1
        );
    }
}
