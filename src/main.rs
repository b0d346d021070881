//! The `gunbai` command: the desktop app, or a subcommand (see `gunbai --help`).

use std::process::ExitCode;

use clap::Parser as _;
use gunbai::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match gunbai::cli::run(&cli) {
        Ok(Some(code)) => code,
        Ok(None) => app(),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(feature = "gui")]
fn app() -> ExitCode {
    match gunbai::ui::run_app() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn app() -> ExitCode {
    use clap::CommandFactory as _;
    eprintln!("this build has no desktop app (built without the `gui` feature); subcommands:");
    let _ = Cli::command().print_help();
    ExitCode::from(2)
}
