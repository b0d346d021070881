//! Exact odds of the expressions the rule sets roll, and a batch through `gunbai odds -`.
//!
//! `cargo bench --no-default-features --bench odds`; figures in `docs/benchmarks-odds.md`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use divan::{Bencher, black_box};
use gunbai::cli::odds::{Output, answer_line, answer_stream};
use gunbai::dice::{Notation, parse};

#[path = "../tests/support/dice_worst_cases.rs"]
mod support;

fn main() {
    divan::main();
}

/// The accepted expressions at the edges of the notation's limits: each should answer in
/// under 100 ms.
fn accepted_worst_cases() -> Vec<String> {
    support::worst_cases()
        .into_iter()
        .filter(|t| parse(t).is_ok())
        .collect()
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn worst_accepted_case(bencher: Bencher) {
    let cases: Vec<Notation> = accepted_worst_cases()
        .iter()
        .map(|t| parse(t).unwrap())
        .collect();
    // The slowest of them all, one after another: the figure is an upper bound for any one.
    bencher.bench(|| cases.iter().map(|n| odds(black_box(n))).sum::<f64>());
}

/// What the five rule sets roll (sky, simple, kozeriai, skirmish...).
const RULE_SET_ROLLS: [&str; 7] = [
    "2d6<=8",
    "15d6cs>=5",
    "60d6cs>=6 >= 3",
    "3d6 >= 2d10+1d10",
    "1d10+4 > 1d10+2",
    "12d12",
    "4d6kh3",
];

/// The probability of a comparison, or the mean of an expression's distribution.
fn odds(n: &Notation) -> f64 {
    match n {
        Notation::Comparison(c) => c.probability(),
        Notation::Expr(e) => e.distribution().mean(),
    }
}

#[divan::bench(args = RULE_SET_ROLLS)]
fn parse_and_odds(text: &str) -> f64 {
    odds(&parse(black_box(text)).unwrap())
}

#[divan::bench(args = RULE_SET_ROLLS)]
fn odds_only(bencher: Bencher, text: &str) {
    let notation = parse(text).unwrap();
    bencher.bench(|| odds(black_box(&notation)));
}

#[divan::bench(args = RULE_SET_ROLLS)]
fn answer_as_json(text: &str) -> String {
    answer_line(black_box(text)).to_json()
}

/// A thousand mixed lines, a few of them bad, as `gunbai odds --json -` reads them.
fn batch() -> String {
    let mixed = [
        "2d6<=8",
        "2d6kh1",
        "8d6cs>=5",
        "1d10-1+4 > 1d10-1+2",
        "3d6 >= 2d10+1d10",
        "4d6cs>=4",
        "2d6+1",
        "12d12",
        "4d6kh3",
        "15d6cs>=5",
        "60d6cs>=6 >= 3",
        "2d6 <= 7",
        "1d12",
        "",
        "2d6+",
        "1d8+1d6 > 1d10",
    ];
    (0..1000)
        .map(|i| mixed[i % mixed.len()])
        .collect::<Vec<_>>()
        .join("\n")
}

#[divan::bench]
fn batch_of_a_thousand(bencher: Bencher) {
    let input = batch();
    bencher.bench(|| {
        let (mut out, mut err) = (std::io::sink(), std::io::sink());
        let mut output = Output {
            out: &mut out,
            err: &mut err,
            json: true,
        };
        answer_stream(&mut black_box(input.as_bytes()), &mut output).unwrap()
    });
}
