//! Writing a whole file safely (exports, Save As, settings): a randomly named temporary
//! file created exclusively beside the target, synced, then renamed over it.
//!
//! A predictable temporary name could be planted as a symbolic link by another user of
//! the folder; an exclusive create of a random name never follows one. The target itself
//! must be a regular file or absent: a device, a fifo, a folder or a link is refused,
//! never replaced.

use std::io::Write as _;
use std::path::Path;

use super::file::{kind_name, sync_parent};
use super::io;
use crate::engine::error::BattleError;

/// Writes `contents` to `path` safely; the old file, if any, is untouched on failure.
///
/// # Errors
/// The target is not a regular file, or any create, write, sync or rename fails.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), BattleError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let said = |path: &Path, kind: std::io::ErrorKind, what: &str| {
        io(path, std::io::Error::new(kind, what.to_owned()))
    };
    // `report -o out/` names a folder; `-o missing/r.md` a folder that is not there: said of
    // the path given, never of the temporary file that could not be made.
    let name = path
        .file_name()
        .filter(|_| {
            !path
                .as_os_str()
                .to_string_lossy()
                .ends_with(std::path::is_separator)
        })
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| {
            said(
                path,
                std::io::ErrorKind::InvalidInput,
                "names a folder, not a file to write",
            )
        })?;
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(said(
                dir,
                std::io::ErrorKind::NotADirectory,
                "is not a folder",
            ));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(said(dir, e.kind(), "no such folder"));
        }
        Err(e) => return Err(io(dir, e)),
    }
    let existing = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Some(meta),
        Ok(meta) => {
            return Err(BattleError::NotAFile {
                path: path.to_owned(),
                kind: kind_name(meta.file_type()),
            });
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(path, e)),
    };
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // The new file gets the old one's permissions, or the usual ones for a new file.
    let permissions = existing
        .map(|m| m.permissions())
        .or_else(default_permissions);
    if let Some(p) = permissions {
        builder.permissions(p);
    }
    let mut temp = builder.tempfile_in(dir).map_err(|e| {
        let why = format!("cannot write a file in this folder ({})", e.kind());
        said(dir, e.kind(), &why)
    })?;
    temp.write_all(contents)
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| io(path, e))?;
    // Dropping the temporary file on an error removes it.
    temp.persist(path).map_err(|e| io(path, e.error))?;
    sync_parent(path);
    Ok(())
}

/// Removes the temporary files [`write_atomically`] left beside `path` when it was stopped
/// before it could rename one (a `kill -9` while a cache was written): `.NAME.XXXXXX.tmp`.
/// Best effort. One a writer in another window is writing now would only cost that writer
/// its file, which each caller of this takes as a shortcut it can do without.
pub fn remove_leftovers(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let random = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"));
        // Only the names tempfile makes: its random letters and digits, nothing else.
        let ours =
            random.is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_alphanumeric()));
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Read and write for everyone the umask allows, as a new file created any other way.
fn default_permissions() -> Option<std::fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        Some(std::fs::Permissions::from_mode(0o666))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.md");
        std::fs::write(&path, "old").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// Issue 41: a missing folder, a file in the way of a folder and a path ending in a
    /// separator are said of the path given, never of a temporary file.
    #[test]
    fn a_missing_folder_is_named_never_a_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing");
        let err = write_atomically(&missing.join("r.md"), b"x")
            .unwrap_err()
            .to_string();
        assert_eq!(err, format!("{}: no such folder", missing.display()));
        let file = dir.path().join("file");
        std::fs::write(&file, "x").unwrap();
        let err = write_atomically(&file.join("r.md"), b"x")
            .unwrap_err()
            .to_string();
        assert_eq!(err, format!("{}: is not a folder", file.display()));
        let folder = format!("{}/", missing.display());
        let err = write_atomically(Path::new(&folder), b"x")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!("{folder}: names a folder, not a file to write")
        );
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "nothing left"
        );
    }

    /// Issue 41: what a writer stopped by `kill -9` leaves is removed, and nothing else.
    #[test]
    fn leftovers_of_a_stopped_writer_are_removed_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join(".b.ron.cache");
        let leftover = dir.path().join("..b.ron.cache.Ab3xYz.tmp");
        let keep = [
            dir.path().join("b.ron"),
            dir.path().join(".b.ron.cache"),
            dir.path().join("..b.ron.cache.notes.txt"),
            dir.path().join("..other.ron.cache.Ab3xYz.tmp"),
            dir.path().join("..b.ron.cache..tmp"),
        ];
        for path in keep.iter().chain([&leftover]) {
            std::fs::write(path, "x").unwrap();
        }
        remove_leftovers(&target);
        assert!(!leftover.exists());
        for path in &keep {
            assert!(path.exists(), "{}", path.display());
        }
    }

    #[test]
    fn refuses_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_atomically(dir.path(), b"x").unwrap_err().to_string();
        assert!(err.contains("a folder"), "{err}");
    }
}
