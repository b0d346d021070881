//! Each rule set's roster problems land on the value they are about (`file:line:column` from
//! the parsed value's span), whatever the comments above say; one test binary for all five.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

mod daimyo;
mod kozeriai;
mod simple;
mod skirmish;
mod sky;

/// The 1-based line and column of byte `byte` of `source`.
fn line_column(source: &str, byte: usize) -> (usize, usize) {
    let before = &source[..byte];
    (
        before.matches('\n').count() + 1,
        before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
    )
}
