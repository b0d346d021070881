//! `gunbai report JOURNAL --format md|html -o FILE`: the after-action report, headless.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::engine::journal::write_atomically;
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
    /// Output file (written safely: a temporary file, then renamed). Standard output if absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Accept the intact part of a damaged journal, with a warning.
    #[arg(long)]
    pub recover: bool,
}

/// Runs `gunbai report`.
pub fn run(args: &ReportArgs) -> ExitCode {
    let (game, warnings) = match rules::open_journal(&args.journal, args.recover, false) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    let text = match args.format {
        Format::Md => report::markdown(game.as_ref()),
        Format::Html => report::html(game.as_ref()),
    };
    match &args.output {
        Some(path) => match write_atomically(path, text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}
