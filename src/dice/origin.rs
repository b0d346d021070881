//! Whose dice a roll used, the app's or the table's, and whether any die was rolled at all:
//! every roll the journal keeps says which, so a reader never takes the app's dice for the
//! table's.

use serde::{Deserialize, Serialize};

/// Where a roll's dice came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceOrigin {
    /// Gunbai rolled them.
    App,
    /// They were rolled at the table and typed in (faces, or counts of successes).
    Table,
}

impl DiceOrigin {
    /// `app dice`, `table dice`: how the log and the report say it.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            DiceOrigin::App => "app dice",
            DiceOrigin::Table => "table dice",
        }
    }
}
