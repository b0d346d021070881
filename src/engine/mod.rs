//! The battle engine: command -> check -> events -> apply, with a crash-safe journal.

pub mod action;
pub mod battle;
pub mod check;
pub mod dues;
pub mod error;
pub mod exec;
pub mod game;
pub mod journal;
pub mod ledger;
pub mod rerun;
pub mod ruleset;
pub mod surface;
pub mod timeline;
pub mod view;
pub mod words;

pub use action::{ActionForm, ActionPlan, Field};
pub use battle::{Battle, LogEntry};
pub use check::{Answer, Check, Modifier, Odds, RollSpec};
pub use dues::{DueChange, Dues, NoDue};
pub use error::{BattleError, CommandError};
pub use exec::{Exec, refuse};
pub use game::{Dice, Game};
pub use ledger::{Ledger, OrderRule, Scope};
pub use ruleset::RuleSet;
