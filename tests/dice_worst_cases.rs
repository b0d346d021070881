//! Dice worst cases: every expression the limits accept is answered, and the ones that would
//! take too long are refused. How long the accepted ones take is measured in
//! `benches/odds.rs` (`worst_accepted_case`), never here.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use gunbai::dice::{Notation, parse};

#[path = "support/dice_worst_cases.rs"]
mod support;
use support::worst_cases;

#[test]
fn every_accepted_worst_case_is_answered_with_a_number() {
    let mut accepted = 0;
    for text in worst_cases() {
        let Ok(notation) = parse(&text) else {
            continue;
        };
        accepted += 1;
        let value = match notation {
            Notation::Expr(e) => e.distribution().mean(),
            Notation::Comparison(c) => c.probability(),
        };
        assert!(value.is_finite(), "{text:.60}: {value}");
    }
    assert!(accepted > 0, "some edges are within the limits");
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
