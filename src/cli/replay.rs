//! `gunbai replay JOURNAL`: replay a battle and print its state.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::{out, say};
use crate::engine::Game;
use crate::engine::view::BattleView;
use crate::escape::terminal;
use crate::rules;

/// Arguments of `gunbai replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The journal file.
    pub journal: PathBuf,
    /// Print one JSON document on one line.
    #[arg(long)]
    pub json: bool,
    /// Accept the intact part of a damaged journal, with a warning.
    #[arg(long)]
    pub recover: bool,
}

/// Runs `gunbai replay`.
///
/// # Errors
/// Standard output cannot be written.
pub fn run(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    match rules::open_journal(&args.journal, args.recover, false) {
        Ok((game, warnings)) => {
            for w in &warnings {
                say(&format!("warning: {}", terminal(w)));
            }
            if args.json {
                out(&format!("{}\n", state_json(game.as_ref())))?;
            } else {
                out(&state_text(game.as_ref()))?;
            }
            // The process ends here and the system takes its memory back at once; freeing a
            // long battle's states piece by piece first was a quarter of reopening one.
            std::mem::forget(game);
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            say(&format!("error: {}", terminal(&e.to_string())));
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The state as `replay --json` prints it (and `simulate` prints last).
pub fn state_json(game: &dyn Game) -> Value {
    let view = game.view();
    let checks: Vec<Value> = game
        .checks()
        .iter()
        .map(|c| {
            json!({
                "who": c.who, "what": c.what, "why": c.why, "citation": c.citation,
                "dice": c.roll.as_ref().map(|r| r.notation()), "target": c.target,
                "required": c.required,
                "odds": c.odds.iter().map(|o| json!({"outcome": o.outcome, "probability": o.probability})).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "ruleset": game.key(),
        "entries": game.entries(),
        "turn": view.turn,
        "phase": view.phase,
        "ended": view.ended,
        "sides": serde_json::to_value(&view.sides).unwrap_or(Value::Null),
        "pending": checks,
    })
}

/// The state as readable text, every name and phrase from the battle escaped for the
/// terminal (a roster's name cannot move the cursor or change the colours).
pub fn state_text(game: &dyn Game) -> String {
    let t = terminal;
    let view: BattleView = game.view();
    let mut out = format!(
        "{} — turn {}, {} ({} journal entries)\n",
        game.title(),
        view.turn,
        t(&view.phase),
        game.entries()
    );
    if view.ended {
        out.push_str("The battle is over.\n");
    }
    for side in &view.sides {
        let (now, start) = side.strength();
        out.push_str(&format!("\n{} ({now}/{start})\n", t(&side.name)));
        let leaders = side
            .general
            .iter()
            .chain(side.groups.iter().filter_map(|g| g.leader.as_ref()));
        for leader in leaders {
            out.push_str(&format!(
                "  {} {} {}\n",
                t(&leader.name),
                t(&leader.rating_name),
                leader.rating
            ));
            for h in &leader.history {
                out.push_str(&format!(
                    "    turn {}: {:+} {} ({})\n",
                    h.turn,
                    h.delta,
                    t(&h.reason),
                    h.at.format("%Y-%m-%d %H:%M:%S UTC")
                ));
            }
        }
        for group in &side.groups {
            out.push_str(&format!("  {}\n", t(&group.name)));
            for u in &group.units {
                let badges: Vec<&str> = u.badges.iter().map(|b| b.label.as_ref()).collect();
                let marked = if u.marked_hits > 0 {
                    format!(", {} hits marked", u.marked_hits)
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "    {:<28} {}/{} {}{marked} {}\n",
                    t(&u.name),
                    u.strength,
                    u.starting_strength,
                    t(&u.measure),
                    t(&badges.join(", "))
                ));
            }
        }
    }
    let checks = game.checks();
    if !checks.is_empty() {
        out.push_str("\nRequired now:\n");
        for c in &checks {
            let odds = c
                .odds
                .first()
                .map(|o| {
                    format!(
                        " — {}: {}",
                        t(&o.outcome),
                        crate::engine::words::percent(o.probability)
                    )
                })
                .unwrap_or_default();
            out.push_str(&format!(
                "  {}: {} [{}]{odds}\n",
                t(&c.who),
                t(&c.what),
                t(&c.citation)
            ));
        }
    }
    out
}
