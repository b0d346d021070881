//! `gunbai check ROSTER...`: validate army files.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{out, say};
use crate::escape::terminal;
use crate::roster::RosterText;
use crate::rules::{self, ruleset_of};

/// Arguments of `gunbai check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Roster files (RON). The rule set is the folder's name (rosters/sky/…) unless --ruleset says.
    #[arg(required = true)]
    pub rosters: Vec<PathBuf>,
    /// The rule set the rosters are for: sky, daimyo, kozeriai, simple, skirmish.
    #[arg(long)]
    pub ruleset: Option<String>,
}

/// Runs `gunbai check`: exit 0 when every roster is valid (warnings printed), 1 otherwise.
///
/// # Errors
/// Standard output cannot be written.
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    for path in &args.rosters {
        // Read first: a missing file is "no such file", whatever folder it would be in.
        let text = match RosterText::read(path) {
            Ok(text) => text,
            Err(e) => {
                say(&format!("error: {}", terminal(&e.to_string())));
                failed = true;
                continue;
            }
        };
        let key = match (&args.ruleset, ruleset_of(path)) {
            (Some(k), _) => k.as_str(),
            (None, Some(k)) => k,
            (None, None) => {
                say(&format!(
                    "{}:1:1: cannot tell the rule set: keep the file in a folder named after it (rosters/sky/) or pass --ruleset",
                    terminal(&path.display().to_string())
                ));
                failed = true;
                continue;
            }
        };
        let result = rules::check_roster(key, &text);
        match result {
            Ok(warnings) => {
                for w in &warnings {
                    out(&format!("warning: {}\n", terminal(&w.to_string())))?;
                }
                out(&format!(
                    "{}: valid {key} roster\n",
                    terminal(&path.display().to_string())
                ))?;
            }
            Err(errors) => {
                failed = true;
                for e in &errors {
                    say(&format!("error: {}", terminal(&e.to_string())));
                }
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
