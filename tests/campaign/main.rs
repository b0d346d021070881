//! Campaigns: for each rule set, two battles played with the engine (the table's faces), the
//! campaign continued, and the next battle's armies asserted from the first battle's events
//! and each campaign ruling's options; a damaged campaign file rebuilt from its journals.
// Each test plays a campaign through, battle by battle, as one story.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::too_many_lines,
    missing_docs
)]

mod daimyo;
mod file;
mod kozeriai;
mod simple;
mod skirmish;
mod sky;
mod support;
