//! Whose dice a roll used, the app's or the table's, and whether any die was rolled at all:
//! every roll the journal keeps says which, so a reader never takes the app's dice for the
//! table's.

use serde::{Deserialize, Serialize};

use super::expr::SuccessCount;
use super::pool_roll::PoolRoll;
use super::source::{DiceError, DiceSource};

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

/// A source that notes whether any die was asked of it, passing every roll through.
pub struct Watched<'a> {
    inner: &'a mut dyn DiceSource,
    rolled: bool,
}

impl<'a> Watched<'a> {
    /// Watches `inner`.
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        Self {
            inner,
            rolled: false,
        }
    }

    /// Whose dice were rolled, or `None` when none was.
    #[must_use]
    pub fn rolled(&self) -> Option<DiceOrigin> {
        self.rolled.then(|| self.inner.origin())
    }
}

impl DiceSource for Watched<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.rolled = true;
        self.inner.roll(sides)
    }

    fn pool(
        &mut self,
        dice: u32,
        sides: u32,
        success: SuccessCount,
    ) -> Result<PoolRoll, DiceError> {
        self.rolled |= dice > 0;
        self.inner.pool(dice, sides, success)
    }

    fn origin(&self) -> DiceOrigin {
        self.inner.origin()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::dice::{CmpOp, RngDice, TableDice};

    #[test]
    fn a_watched_source_says_whose_dice_rolled_and_nothing_when_none_did() {
        let mut rng = RngDice::seeded(1);
        let mut w = Watched::new(&mut rng);
        assert_eq!(w.rolled(), None);
        w.roll(6).unwrap();
        assert_eq!(w.rolled(), Some(DiceOrigin::App));
        let mut table = TableDice::counts(vec![2]);
        let mut w = Watched::new(&mut table);
        let success = SuccessCount {
            op: CmpOp::Ge,
            threshold: 5,
        };
        assert_eq!(
            w.pool(4, 6, success).unwrap(),
            PoolRoll::Counted { dice: 4, hits: 2 }
        );
        assert_eq!(w.rolled(), Some(DiceOrigin::Table));
    }
}
