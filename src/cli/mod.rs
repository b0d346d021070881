//! The command line: `gunbai [FILE]` and `gunbai new` open the desktop app on a battle; the
//! tools `odds`, `roll`, `check`, `roster`, `replay`, `simulate` and `report` work without it.

pub mod campaign;
pub mod check;
pub mod launch;
pub mod new;
pub mod odds;
pub mod replay;
pub mod report;
pub mod roll;
pub mod roster;
pub mod simulate;

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use launch::Launch;
use new::NewBattleError;

/// How `--help` ends: the ways to open a battle, side by side.
const OPENING: &str = "\
Opening a battle:
  gunbai                  the app on the demo battle, offering to resume your last one
  gunbai FILE             a battle journal, resumed (or an army roster, in the New battle dialog)
  gunbai new --ruleset KEY [--roster A.ron --roster B.ron] [--house RULING=OPTION]...
                          a new battle (the demo armies when no roster is given)
  gunbai campaign next NAME
                          the next battle of a campaign (gunbai campaign new musters one)";

/// Gunbai: a referee for samurai-era miniature wargames.
#[derive(Parser, Debug)]
#[command(
    name = "gunbai",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    after_help = OPENING
)]
pub struct Cli {
    /// A battle journal to open (resumed, or read-only when another window has it), or an army
    /// roster to start a new battle with. Without one, the demo battle.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// What to do; without one, the desktop app starts.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Start a new battle in the app: the rule set's demo armies, or two rosters.
    New(new::NewArgs),
    /// The tools that work without the app.
    #[command(flatten)]
    Tool(Tool),
}

/// The command-line tools.
#[derive(Subcommand, Debug)]
pub enum Tool {
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
    /// Campaigns: `new` musters one, `next` opens its next battle in the app, `report`
    /// writes its report.
    Campaign(campaign::CampaignArgs),
}

/// What a command line asks for: the app, opened on something, or a tool.
#[derive(Debug)]
pub enum Request<'a> {
    /// Start the desktop app on this.
    App(Launch),
    /// Run this tool.
    Tool(&'a Tool),
}

impl Cli {
    /// What this command line asks for, its file looked at and its new battle checked.
    ///
    /// # Errors
    /// `gunbai new` with arguments that cannot start a battle: every problem, one a line.
    pub fn request(&self) -> Result<Request<'_>, NewBattleError> {
        Ok(match &self.command {
            Some(Command::Tool(Tool::Campaign(campaign::CampaignArgs {
                command: campaign::CampaignCommand::Next { name },
            }))) => {
                let (path, name) = campaign::locate(name);
                Request::App(Launch::Campaign {
                    path,
                    name,
                    next: true,
                })
            }
            Some(Command::Tool(tool)) => Request::Tool(tool),
            Some(Command::New(args)) => Request::App(Launch::NewBattle(args.request()?)),
            None => Request::App(Launch::for_file(self.file.as_deref())),
        })
    }
}

/// Runs a command-line tool. Output into a reader that has gone (`gunbai report big.ron |
/// head`, once `head` has its lines) ends the tool quietly, as a success: nobody is left to
/// read the rest.
///
/// # Errors
/// Whatever stops the command as a whole (I/O failures, a notation `roll` cannot read).
pub fn run(tool: &Tool) -> anyhow::Result<ExitCode> {
    let ran = match tool {
        Tool::Odds(args) => odds::run(args),
        Tool::Roll(args) => roll::run(args),
        Tool::Check(args) => check::run(args),
        Tool::Roster(args) => roster::run(args),
        Tool::Replay(args) => replay::run(args),
        Tool::Simulate(args) => simulate::run(args),
        Tool::Report(args) => report::run(args),
        Tool::Campaign(args) => Ok(campaign::run(args)),
    };
    match ran {
        Err(e) if reader_gone(&e) => Ok(ExitCode::SUCCESS),
        other => other,
    }
}

/// Whether an error is output written into a pipe whose reader has gone.
fn reader_gone(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Writes a tool's output to standard output (and flushes it, so a reader that has gone is
/// found here, not when the program ends).
///
/// # Errors
/// The write failed: [`io::ErrorKind::BrokenPipe`] when the reader has gone, which [`run`]
/// takes as the end of the output.
pub fn out(text: &str) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()
}

/// Writes one line of warnings or errors to standard error; when nobody reads that either,
/// there is nobody to tell, and the tool goes on.
pub fn say(line: &str) {
    let mut stderr = io::stderr().lock();
    let _ = writeln!(stderr, "{line}");
}
