//! Gunbai: a referee for samurai-era miniature wargames.
//!
//! The engine (everything but `ui`) builds without any GUI crate: `cargo build
//! --no-default-features`. See `../shared/DESIGN.md` for the architecture.

pub mod cli;
pub mod dice;
pub mod engine;
pub mod escape;
pub mod palette;
pub mod reference;
pub mod report;
pub mod roster;
pub mod rules;
#[cfg(feature = "gui")]
pub mod ui;
