//! Opening journal files safely: only regular files, never blocking on a fifo.

use std::fs::{File, FileType, OpenOptions};
use std::path::Path;

use super::io;
use crate::engine::error::BattleError;

/// What a file type is, in words, for a refusal.
pub(crate) fn kind_name(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a fifo";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_file() {
        "a file"
    } else {
        "not a plain file"
    }
}

/// Opens an existing regular file with `options`, refusing anything else (a folder, a
/// fifo, `/dev/zero`) before and after opening, and never waiting for a fifo's writer.
///
/// # Errors
/// The file cannot be opened, or is not a regular file.
pub(crate) fn open_regular(path: &Path, options: &mut OpenOptions) -> Result<File, BattleError> {
    let meta = std::fs::metadata(path).map_err(|e| io(path, e))?;
    refuse_irregular(path, meta.file_type())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // A fifo swapped in after the check must not block the open; a regular file
        // ignores the flag.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| io(path, e))?;
    let meta = file.metadata().map_err(|e| io(path, e))?;
    refuse_irregular(path, meta.file_type())?;
    Ok(file)
}

fn refuse_irregular(path: &Path, kind: FileType) -> Result<(), BattleError> {
    if kind.is_file() {
        return Ok(());
    }
    Err(BattleError::NotAFile {
        path: path.to_owned(),
        kind: kind_name(kind),
    })
}

/// Makes a new file's directory entry durable too (best effort: not every platform can).
pub(crate) fn sync_parent(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}
