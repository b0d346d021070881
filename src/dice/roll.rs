//! Rolling expressions and comparisons, keeping every die's face.

use serde::{Deserialize, Serialize};

use super::expr::{Comparison, Expr, Keep, Term, TermKind};
use super::source::{DiceError, DiceSource};

/// One die as rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// Faces on the die.
    pub sides: u32,
    /// The face it showed.
    pub face: u32,
    /// Whether it counts (`false` when dropped by `kh`/`kl`).
    pub kept: bool,
    /// For a `cs` term, whether this kept die is a success; `None` otherwise and for dropped dice.
    pub success: Option<bool>,
}

/// One term as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermRoll {
    /// The term rolled.
    pub term: Term,
    /// Its dice in the order rolled (empty for a constant).
    pub dice: Vec<Die>,
    /// What the term adds to the total, sign included.
    pub value: i64,
}

/// An expression as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExprRoll {
    /// Each term, in order.
    pub terms: Vec<TermRoll>,
    /// The sum of the terms' values.
    pub total: i64,
}

impl ExprRoll {
    /// Every face rolled, in order.
    pub fn faces(&self) -> impl Iterator<Item = u32> + '_ {
        self.terms
            .iter()
            .flat_map(|t| t.dice.iter().map(|d| d.face))
    }
}

/// A comparison as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComparisonRoll {
    /// The left-hand side, rolled first.
    pub left: ExprRoll,
    /// The right-hand side.
    pub right: ExprRoll,
    /// Whether `left op right` held.
    pub holds: bool,
}

/// Marks the kept dice: the `k` highest (or lowest), earlier dice winning ties.
fn mark_kept(dice: &mut [Die], keep: Keep) {
    let mut order: Vec<usize> = (0..dice.len()).collect();
    match keep {
        Keep::Highest(_) => order.sort_by(|&a, &b| dice[b].face.cmp(&dice[a].face)),
        Keep::Lowest(_) => order.sort_by(|&a, &b| dice[a].face.cmp(&dice[b].face)),
    }
    for &i in order.iter().skip(keep.count() as usize) {
        dice[i].kept = false;
    }
}

/// Rolls one term. `dice_after` is how many dice are still to come after this term,
/// so a shortfall of typed faces can say how many are needed in all.
fn roll_term(
    term: &Term,
    source: &mut dyn DiceSource,
    dice_after: usize,
) -> Result<TermRoll, DiceError> {
    let (count, sides, keep, success) = match term.kind {
        TermKind::Constant(c) => {
            return Ok(TermRoll {
                term: term.clone(),
                dice: Vec::new(),
                value: c.saturating_mul(term.factor()),
            });
        }
        TermKind::Dice {
            count,
            sides,
            keep,
            success,
        } => (count, sides, keep, success),
    };
    let mut dice = Vec::with_capacity(count.min(1024) as usize);
    for i in 0..count as usize {
        let face = source.roll(sides).map_err(|e| match e {
            DiceError::NotEnoughFaces {
                needed_at_least,
                typed,
            } => DiceError::NotEnoughFaces {
                needed_at_least: needed_at_least + (count as usize - i - 1) + dice_after,
                typed,
            },
            other => other,
        })?;
        dice.push(Die {
            sides,
            face,
            kept: true,
            success: None,
        });
    }
    if let Some(k) = keep {
        mark_kept(&mut dice, k);
    }
    let value = if let Some(test) = success {
        for d in dice.iter_mut().filter(|d| d.kept) {
            d.success = Some(test.is_success(d.face));
        }
        dice.iter().filter(|d| d.success == Some(true)).count() as i64
    } else {
        dice.iter()
            .filter(|d| d.kept)
            .map(|d| i64::from(d.face))
            .sum()
    };
    Ok(TermRoll {
        term: term.clone(),
        value: value * term.factor(),
        dice,
    })
}

impl Expr {
    /// Rolls every die from `source`, in order, and adds up the terms.
    ///
    /// # Errors
    /// Whatever the source reports (a typed face off the die, too few faces...).
    pub fn roll(&self, source: &mut dyn DiceSource) -> Result<ExprRoll, DiceError> {
        self.roll_before(source, 0)
    }

    fn roll_before(
        &self,
        source: &mut dyn DiceSource,
        dice_after: usize,
    ) -> Result<ExprRoll, DiceError> {
        let mut remaining = self.dice_count() as usize;
        let mut terms = Vec::with_capacity(self.terms.len());
        let mut total: i64 = 0;
        for term in &self.terms {
            remaining = remaining.saturating_sub(term.dice_count() as usize);
            let rolled = roll_term(term, source, remaining + dice_after)?;
            total = total.saturating_add(rolled.value);
            terms.push(rolled);
        }
        Ok(ExprRoll { terms, total })
    }
}

impl Comparison {
    /// Rolls the left side, then the right, and compares the totals.
    ///
    /// # Errors
    /// Whatever the source reports.
    pub fn roll(&self, source: &mut dyn DiceSource) -> Result<ComparisonRoll, DiceError> {
        let left = self
            .left
            .roll_before(source, self.right.dice_count() as usize)?;
        let right = self.right.roll(source)?;
        let holds = self.op.holds(left.total, right.total);
        Ok(ComparisonRoll { left, right, holds })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::{CmpOp, TableDice};
    use super::*;

    fn roll(expr: &str, faces: &[u32]) -> ExprRoll {
        let mut t = TableDice::new(faces.to_vec());
        let r = expr.parse::<Expr>().unwrap().roll(&mut t).unwrap();
        t.finish().unwrap();
        r
    }

    #[test]
    fn sum_with_constant() {
        let r = roll("2d6+1", &[3, 5]);
        assert_eq!(r.total, 9);
        assert_eq!(r.terms[1].value, 1);
    }

    #[test]
    fn keep_highest_of_2d6_drops_the_lower_die() {
        let r = roll("2d6kh1", &[2, 5]);
        assert_eq!(r.total, 5);
        let kept: Vec<bool> = r.terms[0].dice.iter().map(|d| d.kept).collect();
        assert_eq!(kept, [false, true]);
    }

    #[test]
    fn keep_ties_prefer_the_earlier_die() {
        let r = roll("3d6kl2", &[4, 1, 4]);
        assert_eq!(r.total, 5);
        let kept: Vec<bool> = r.terms[0].dice.iter().map(|d| d.kept).collect();
        assert_eq!(kept, [true, true, false]);
    }

    #[test]
    fn success_count_marks_each_die() {
        let r = roll("4d6cs>=4", &[4, 3, 6, 1]);
        assert_eq!(r.total, 2);
        let marks: Vec<Option<bool>> = r.terms[0].dice.iter().map(|d| d.success).collect();
        assert_eq!(marks, [Some(true), Some(false), Some(true), Some(false)]);
    }

    #[test]
    fn dropped_dice_are_not_counted_as_successes() {
        let r = roll("3d6kl2cs>=5", &[6, 5, 1]);
        assert_eq!(r.total, 1);
        assert_eq!(r.terms[0].dice[0].success, None);
    }

    #[test]
    fn kozeriai_zero_based_d10_rolls_0_to_9() {
        assert_eq!(roll("1d10-1", &[1]).total, 0);
        assert_eq!(roll("1d10-1", &[10]).total, 9);
    }

    #[test]
    fn subtracted_dice_subtract() {
        assert_eq!(roll("10-2d6", &[6, 6]).total, -2);
    }

    #[test]
    fn comparison_rolls_left_then_right() {
        let c = Comparison::new(
            Expr::dice(1, 10).offset(4),
            CmpOp::Gt,
            Expr::dice(1, 10).offset(2),
        );
        let mut t = TableDice::new(vec![3, 6]);
        let r = c.roll(&mut t).unwrap();
        assert_eq!((r.left.total, r.right.total, r.holds), (7, 8, false));
    }

    #[test]
    fn shortfall_counts_every_die_still_needed() {
        let c: Comparison = "3d6 >= 2d10+1d10".parse().unwrap();
        let mut t = TableDice::new(vec![1, 2]);
        assert_eq!(
            c.roll(&mut t),
            Err(DiceError::NotEnoughFaces {
                needed_at_least: 6,
                typed: 2
            })
        );
    }
}
