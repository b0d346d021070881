//! Each rule set's roster problems land on the value they are about (`file:line:column` from
//! the parsed value's span), whatever the comments above say; one test binary for all five.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

mod daimyo;
mod kozeriai;
mod simple;
mod skirmish;
mod sky;
