//! `gunbai roster new --ruleset KEY NAME`: write a commented army to start from.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{out, say};
use crate::escape::terminal;
use crate::roster::store;
use crate::rules;

/// Arguments of `gunbai roster`.
#[derive(Debug, clap::Args)]
pub struct RosterArgs {
    /// What to do with rosters.
    #[command(subcommand)]
    pub command: RosterCommand,
}

/// The `roster` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum RosterCommand {
    /// Write a commented template army that passes `gunbai check`, to edit by hand or open in
    /// the app's army builder.
    New(NewArgs),
}

/// Arguments of `gunbai roster new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The rule set: sky, simple, skirmish, daimyo, kozeriai.
    #[arg(long)]
    pub ruleset: String,
    /// The army's name.
    pub name: String,
    /// Where to write it; by default the data directory's `rosters/<ruleset>/`, where the
    /// app's New battle dialog lists it.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace a file that is already there.
    #[arg(long)]
    pub force: bool,
}

/// Runs `gunbai roster`.
///
/// # Errors
/// Standard output cannot be written.
pub fn run(args: &RosterArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        RosterCommand::New(new) => run_new(new),
    }
}

fn run_new(args: &NewArgs) -> anyhow::Result<ExitCode> {
    if crate::escape::is_blank(&args.name) {
        // Every name in the army is made from this one, and `check` refuses an empty name.
        say("error: the army needs a name: `gunbai roster new --ruleset KEY \"Takeda\"`");
        return Ok(ExitCode::from(2));
    }
    let text = match rules::roster_template(&args.ruleset, &args.name) {
        Ok(text) => text,
        Err(e) => {
            say(&format!("error: {}", terminal(&e.to_string())));
            return Ok(ExitCode::from(2));
        }
    };
    let path = args.out.clone().unwrap_or_else(|| {
        store::rosters_dir(&store::data_root(), &args.ruleset).join(store::file_name(&args.name))
    });
    // Shown escaped, as `check` shows it: a path can hold anything a name can.
    let shown = terminal(&path.display().to_string()).into_owned();
    if path.exists() && !args.force {
        say(&format!(
            "error: {shown} is already there; pass --force to replace it, or --out to write elsewhere"
        ));
        return Ok(ExitCode::FAILURE);
    }
    Ok(match store::save(&path, &text) {
        Ok(()) => {
            out(&format!(
                "{shown}: a {} roster to edit\n",
                terminal(&args.ruleset)
            ))?;
            ExitCode::SUCCESS
        }
        Err(e) => {
            say(&format!("error: {}", terminal(&e.to_string())));
            ExitCode::FAILURE
        }
    })
}
