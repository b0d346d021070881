//! Odds benchmarks (being written on the dice branch).

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

fn main() {}
