//! `gunbai report JOURNAL --format md|html -o FILE`: the after-action report, headless.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{out, say};
use crate::engine::journal::write_atomically;
use crate::escape::terminal;
use crate::{report, rules};

/// Report formats.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Format {
    /// Markdown.
    Md,
    /// One self-contained HTML file with inline SVG charts.
    Html,
}

/// Arguments of `gunbai report`.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// The journal file.
    pub journal: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "md")]
    pub format: Format,
    /// Output file (written safely: a temporary file, then renamed, with the old file's
    /// permissions). Standard output if absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Replace an output file that is read-only.
    #[arg(long)]
    pub force: bool,
    /// Accept the intact part of a damaged journal, with a warning.
    #[arg(long)]
    pub recover: bool,
}

/// Runs `gunbai report`.
///
/// # Errors
/// Standard output cannot be written.
pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let (game, warnings) = match rules::open_journal(&args.journal, args.recover, false) {
        Ok(g) => g,
        Err(e) => {
            say(&format!("error: {}", terminal(&e.to_string())));
            return Ok(ExitCode::FAILURE);
        }
    };
    for w in &warnings {
        say(&format!("warning: {}", terminal(w)));
    }
    let text = match args.format {
        Format::Md => report::markdown(game.as_ref()),
        Format::Html => report::html(game.as_ref()),
    };
    Ok(match &args.output {
        Some(path) if !args.force && read_only(path) => {
            say(&format!(
                "error: {} is read-only; pass --force to replace it (it stays read-only)",
                terminal(&path.display().to_string())
            ));
            ExitCode::FAILURE
        }
        Some(path) => match write_atomically(path, text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                say(&format!("error: {}", terminal(&e.to_string())));
                ExitCode::FAILURE
            }
        },
        None => {
            out(&text)?;
            ExitCode::SUCCESS
        }
    })
}

/// Whether a file is there and read-only: someone meant it not to change.
fn read_only(path: &std::path::Path) -> bool {
    std::fs::symlink_metadata(path)
        .is_ok_and(|m| m.file_type().is_file() && m.permissions().readonly())
}
