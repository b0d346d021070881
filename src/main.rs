//! The `gunbai` command: the desktop app on a battle, or a tool (see `gunbai --help`).

use std::process::ExitCode;

use clap::Parser as _;
use gunbai::cli::launch::Launch;
use gunbai::cli::{Cli, Request};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.request() {
        Ok(Request::Tool(tool)) => match gunbai::cli::run(tool) {
            Ok(code) => code,
            Err(e) => {
                gunbai::cli::say(&format!("error: {e:#}"));
                ExitCode::from(2)
            }
        },
        Ok(Request::App(launch)) => {
            // Said on the terminal too, for whoever typed it; the app says it in its window.
            if let Some(refusal) = launch.refusal() {
                eprintln!("{refusal}");
            }
            app(launch)
        }
        Err(e) => {
            eprintln!("gunbai new: cannot start the battle:");
            for problem in &e.0 {
                eprintln!("  {problem}");
            }
            ExitCode::from(2)
        }
    }
}

#[cfg(feature = "gui")]
fn app(launch: Launch) -> ExitCode {
    match gunbai::ui::run_app(launch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn app(_launch: Launch) -> ExitCode {
    use clap::CommandFactory as _;
    eprintln!("this build has no desktop app (built without the `gui` feature); subcommands:");
    let _ = Cli::command().print_help();
    ExitCode::from(2)
}
