//! The command line: `odds`, `roll`, `check`, `roster`, `replay`, `simulate`, `report`.

pub mod check;
pub mod odds;
pub mod replay;
pub mod report;
pub mod roll;
pub mod roster;
pub mod simulate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Gunbai: a referee for samurai-era miniature wargames.
#[derive(Parser, Debug)]
#[command(name = "gunbai", version, about, long_about = None)]
pub struct Cli {
    /// What to do; without one, the desktop app starts.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Exact odds of dice expressions (`2d6`) and comparisons (`"2d6<=8"`).
    Odds(odds::OddsArgs),
    /// Roll a dice expression or comparison and show every die.
    Roll(roll::RollArgs),
    /// Validate roster files: exit 0 when all are valid, 1 with file:line:col errors.
    Check(check::CheckArgs),
    /// Make rosters: `gunbai roster new --ruleset sky "Takeda"` writes a template army.
    Roster(roster::RosterArgs),
    /// Replay a battle journal and print the state.
    Replay(replay::ReplayArgs),
    /// Play random legal commands on a rule set's demo battle, journalled as the app does.
    Simulate(simulate::SimulateArgs),
    /// Write the after-action report of a journal (Markdown or HTML).
    Report(report::ReportArgs),
}

/// Runs a parsed command line; `None` means no subcommand was given (the caller starts the app).
///
/// # Errors
/// Whatever stops the command as a whole (I/O failures, a notation `roll` cannot read).
pub fn run(cli: &Cli) -> anyhow::Result<Option<ExitCode>> {
    Ok(Some(match &cli.command {
        Some(Command::Odds(args)) => odds::run(args)?,
        Some(Command::Roll(args)) => roll::run(args)?,
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Roster(args)) => roster::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Simulate(args)) => simulate::run(args)?,
        Some(Command::Report(args)) => report::run(args),
        None => return Ok(None),
    }))
}
