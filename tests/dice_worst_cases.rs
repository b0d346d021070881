//! Dice worst cases: every expression the limits accept answers in under 100 ms (timed in
//! optimised builds, `cargo test --release`), and the ones that could not are refused.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use std::time::{Duration, Instant};

use gunbai::dice::{Notation, parse};

/// Expressions at the edges of every limit: many groups, wide dice, kept and counted pools.
fn worst_cases() -> Vec<String> {
    let chain = |from: u32, to: u32| {
        (from..=to)
            .rev()
            .map(|s| format!("1d{s}"))
            .collect::<Vec<_>>()
            .join("+")
    };
    let repeat = |term: &str, n: usize| vec![term; n].join("+");
    vec![
        chain(2, 1000),
        chain(501, 1000),
        chain(900, 1000),
        "1000d1000".into(),
        "500d1000-500d999".into(),
        "140d1000 > 140d999".into(),
        "1000d6 >= 1000d6".into(),
        "100d100kh50".into(),
        "100d100kh50 > 100d100kl50".into(),
        "1000d1000kh10".into(),
        "1000d1000kh1".into(),
        "1000d10kh999".into(),
        "1000d1000kh10cs>=500".into(),
        "1000d100kh100".into(),
        repeat("10d1000kh9", 100),
        repeat("10d1000kh9cs>=500", 100),
        repeat("10d100kh5", 50),
        format!("{} + 500d1000", repeat("10d1000kh9", 50)),
    ]
}

#[test]
fn every_accepted_worst_case_answers_in_under_100_ms() {
    for text in worst_cases() {
        let Ok(notation) = parse(&text) else {
            continue;
        };
        // Debug builds run the odds unoptimised, tens of times slower: the bound is for
        // optimised builds (`cargo test --release --test dice_worst_cases`).
        if cfg!(debug_assertions) {
            continue;
        }
        let start = Instant::now();
        let value = match notation {
            Notation::Expr(e) => e.distribution().mean(),
            Notation::Comparison(c) => c.probability(),
        };
        let took = start.elapsed();
        assert!(value.is_finite());
        assert!(took < Duration::from_millis(100), "{text:.60}: {took:?}");
    }
}

#[test]
fn the_slowest_shapes_are_refused_with_the_reason() {
    let chain = (2..=1000)
        .rev()
        .map(|s| format!("1d{s}"))
        .collect::<Vec<_>>()
        .join("+");
    for text in [chain.as_str(), "1000d1000", "500d1000-500d999"] {
        let err = parse(text).expect_err("refused");
        assert!(
            err.message.contains("would take too long"),
            "{}",
            err.message
        );
    }
}
