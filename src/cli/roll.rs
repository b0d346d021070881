//! `gunbai roll EXPR [--seed N] [--json]`: roll once and show every die.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;
use serde_json::json;

use crate::dice::{ExprRoll, Notation, RngDice, TermKind, parse};

/// Arguments of `gunbai roll`.
#[derive(clap::Args, Debug)]
pub struct RollArgs {
    /// The expression (`4d6kh3`) or comparison (`"2d6<=8"`) to roll (after `--` if it
    /// starts with `-`).
    #[arg(value_name = "EXPR")]
    pub expr: String,
    /// Seed the dice for a reproducible roll (otherwise the OS seeds them).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Print the roll as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `gunbai roll`.
///
/// # Errors
/// A notation error (with its column), or a failure to roll.
pub fn run(args: &RollArgs) -> anyhow::Result<ExitCode> {
    let notation = parse(&args.expr).with_context(|| format!("cannot read {:?}", args.expr))?;
    let mut dice = args.seed.map_or_else(RngDice::from_os, RngDice::seeded);
    let text = match &notation {
        Notation::Expr(e) => {
            let roll = e.roll(&mut dice)?;
            if args.json {
                json!({"expr": args.expr, "seed": args.seed, "total": roll.total, "terms": roll.terms})
                    .to_string()
            } else {
                format!("{} = {}\n{}", args.expr.trim(), roll.total, describe(&roll))
            }
        }
        Notation::Comparison(c) => {
            let roll = c.roll(&mut dice)?;
            if args.json {
                json!({"expr": args.expr, "seed": args.seed, "holds": roll.holds,
                       "left": roll.left, "right": roll.right})
                .to_string()
            } else {
                let verdict = if roll.holds { "holds" } else { "fails" };
                let (op, l, r) = (c.op, roll.left.total, roll.right.total);
                format!(
                    "{}: {verdict} ({l} {op} {r})\n  left  {} = {l}\n{}  right {} = {r}\n{}",
                    args.expr.trim(),
                    c.left,
                    indent(&describe(&roll.left)),
                    c.right,
                    indent(&describe(&roll.right)),
                )
            }
        }
    };
    super::out(&format!("{}\n", text.trim_end()))?;
    Ok(ExitCode::SUCCESS)
}

/// One line per dice term: `  4d6kh3: 6 5 [2] 4 = 15`, with a legend when needed.
fn describe(roll: &ExprRoll) -> String {
    let mut text = String::new();
    let (mut dropped, mut counted) = (false, false);
    for term in &roll.terms {
        if let TermKind::Constant(c) = term.term.kind {
            let sign = if (term.term.sign < 0) == (c < 0) {
                "+"
            } else {
                "-"
            };
            let _ = writeln!(text, "  {sign}{}", c.unsigned_abs());
            continue;
        }
        let sign = if term.term.sign < 0 { "-" } else { "" };
        let faces: Vec<String> = term
            .dice
            .iter()
            .map(|d| {
                dropped |= !d.kept;
                counted |= d.success.is_some();
                match (d.kept, d.success) {
                    (false, _) => format!("[{}]", d.face),
                    (true, Some(true)) => format!("{}*", d.face),
                    _ => d.face.to_string(),
                }
            })
            .collect();
        let _ = writeln!(
            text,
            "  {sign}{}: {} = {}",
            term.term,
            faces.join(" "),
            term.value
        );
    }
    let legend: Vec<&str> = [(dropped, "[n] dropped"), (counted, "n* success")]
        .into_iter()
        .filter_map(|(shown, s)| shown.then_some(s))
        .collect();
    if !legend.is_empty() {
        let _ = writeln!(text, "  ({})", legend.join(", "));
    }
    text
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}
