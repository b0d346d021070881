//! The battle engine: command -> check -> events -> apply, with a crash-safe journal.

pub mod action;
pub mod battle;
pub mod check;
pub mod error;
pub mod game;
pub mod journal;
pub mod ruleset;
pub mod timeline;
pub mod view;

pub use action::{ActionForm, ActionPlan, Field};
pub use battle::{Battle, LogEntry};
pub use check::{Answer, Check, Modifier, Odds, RollSpec};
pub use error::{BattleError, CommandError};
pub use game::{Dice, Game};
pub use ruleset::RuleSet;
