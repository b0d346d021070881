//! `gunbai simulate`: random legal play on a rule set's demo rosters, journalled as the app does.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

use super::replay::{state_json, state_text};
use crate::dice::RngDice;
use crate::reference::HouseRules;
use crate::rules;

/// Arguments of `gunbai simulate`.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The rule set.
    #[arg(long)]
    pub ruleset: String,
    /// Seed for the commands and the dice.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many commands to play.
    #[arg(long)]
    pub steps: u64,
    /// The journal to write (must not exist); later battles go to FILE.2, FILE.3…
    #[arg(long)]
    pub journal: PathBuf,
    /// Print the final state as JSON (as `replay --json`).
    #[arg(long)]
    pub json: bool,
    /// Switch on an optional rule (repeatable).
    #[arg(long = "optional")]
    pub optional: Vec<String>,
}

/// Runs `gunbai simulate`.
///
/// # Errors
/// Unknown rule set, an existing journal, or a write failure.
pub fn run(args: &SimulateArgs) -> anyhow::Result<ExitCode> {
    let rosters = rules::demo_rosters(&args.ruleset)
        .ok_or_else(|| anyhow::anyhow!("no rule set `{}`", args.ruleset))?;
    let house = HouseRules {
        optional: args.optional.iter().cloned().collect(),
        ..HouseRules::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut dice = RngDice::seeded(args.seed.wrapping_add(1));
    let mut battle_no = 1;
    let mut game =
        rules::start_battle(&args.ruleset, &rosters, house.clone(), Some(&args.journal))?;
    let stdout = std::io::stdout();
    let mut step = 0;
    while step < args.steps {
        if game.ended() || !game.random_step(&mut rng, &mut dice)? {
            battle_no += 1;
            let path = numbered(&args.journal, battle_no);
            game = rules::start_battle(&args.ruleset, &rosters, house.clone(), Some(&path))?;
            continue;
        }
        step += 1;
        // Now and then the umpire takes something back, and sometimes puts it back.
        if rand::Rng::random_ratio(&mut rng, 1, 25) && !game.log().is_empty() {
            let n = rand::Rng::random_range(&mut rng, 1..=game.log().len().min(3));
            game.undo(n)?;
            if rand::Rng::random_bool(&mut rng, 0.5) {
                game.redo(rand::Rng::random_range(&mut rng, 1..=n))?;
            }
        }
        // Every entry (commands, undos, redos) was fsynced before the call that wrote it returned.
        let mut out = stdout.lock();
        writeln!(out, "durable {}", game.entries())?;
        out.flush()?;
    }
    if args.json {
        super::out(&format!("{}\n", state_json(game.as_ref())))?;
    } else {
        super::out(&state_text(game.as_ref()))?;
        super::out(&format!("{}\n", state_json(game.as_ref())))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn numbered(path: &Path, n: u32) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(format!(".{n}"));
    PathBuf::from(s)
}
