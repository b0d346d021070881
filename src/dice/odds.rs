//! [`Distribution`]: an exact probability distribution over a run of integers.
//!
//! "Exact" means computed by enumeration and convolution in `f64`, never by sampling;
//! the only error is floating-point rounding (well under 1e-12 for table-sized rolls).

use super::expr::CmpOp;

/// Exact probability distribution over integer totals.
///
/// It covers every value from [`min`](Self::min) to [`max`](Self::max); values
/// in between may have probability zero (and far tails of huge pools underflow to zero).
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    min: i64,
    probs: Vec<f64>,
}

impl Distribution {
    /// The certain value `v`.
    #[must_use]
    pub fn constant(v: i64) -> Self {
        Distribution {
            min: v,
            probs: vec![1.0],
        }
    }

    /// Probabilities of `min`, `min + 1`, ... (an empty list means the certain value `min`).
    pub(crate) fn from_parts(min: i64, probs: Vec<f64>) -> Self {
        if probs.is_empty() {
            return Distribution::constant(min);
        }
        Distribution { min, probs }
    }

    /// The probabilities, starting at `min`.
    pub(crate) fn probs(&self) -> &[f64] {
        &self.probs
    }

    /// The smallest possible value.
    #[must_use]
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest possible value.
    #[must_use]
    pub fn max(&self) -> i64 {
        self.value_at(self.probs.len() - 1)
    }

    fn value_at(&self, index: usize) -> i64 {
        self.min
            .saturating_add(i64::try_from(index).unwrap_or(i64::MAX))
    }

    /// Index of `value` in `probs` as a wide integer (may be out of range).
    fn offset_of(&self, value: i64) -> i128 {
        i128::from(value) - i128::from(self.min)
    }

    /// Whether the value is certain.
    #[must_use]
    pub fn is_constant(&self) -> bool {
        self.probs.len() == 1
    }

    /// The probability of exactly `value`.
    #[must_use]
    pub fn probability_of(&self, value: i64) -> f64 {
        usize::try_from(self.offset_of(value))
            .ok()
            .and_then(|i| self.probs.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// Every value from `min` to `max` with its probability, in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .map(|(i, &p)| (self.value_at(i), p))
    }

    /// The sum of all probabilities (1 up to rounding).
    #[must_use]
    pub fn total(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// The expected value.
    #[must_use]
    pub fn mean(&self) -> f64 {
        // Offsets from `min` keep the sum small and accurate.
        let offset: f64 = self
            .probs
            .iter()
            .enumerate()
            .map(|(i, &p)| i as f64 * p)
            .sum();
        self.min as f64 + offset
    }

    /// Sum of `probs[lo..=hi]`, clamped to the stored range.
    fn sum_between(&self, lo: i128, hi: i128) -> f64 {
        let last = self.probs.len() as i128 - 1;
        let (lo, hi) = (lo.max(0), hi.min(last));
        if lo > hi {
            return 0.0;
        }
        // Both are within 0..len here.
        let (lo, hi) = (lo as usize, hi as usize);
        self.probs[lo..=hi].iter().sum()
    }

    /// P(X op value).
    #[must_use]
    pub fn probability_that(&self, op: CmpOp, value: i64) -> f64 {
        let at = self.offset_of(value);
        let end = self.probs.len() as i128;
        match op {
            CmpOp::Le => self.sum_between(0, at),
            CmpOp::Lt => self.sum_between(0, at - 1),
            CmpOp::Ge => self.sum_between(at, end),
            CmpOp::Gt => self.sum_between(at + 1, end),
            CmpOp::Eq => self.sum_between(at, at),
        }
    }

    /// The distribution shifted by `by`: X + by.
    #[must_use]
    pub fn shift(&self, by: i64) -> Distribution {
        Distribution {
            min: self.min.saturating_add(by),
            probs: self.probs.clone(),
        }
    }

    /// The distribution of X + Y for independent X and Y (convolution).
    #[must_use]
    pub fn add(&self, other: &Distribution) -> Distribution {
        if other.is_constant() {
            return self.shift(other.min);
        }
        if self.is_constant() {
            return other.shift(self.min);
        }
        let mut out = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, &p) in self.probs.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            for (o, &q) in out[i..].iter_mut().zip(&other.probs) {
                *o += p * q;
            }
        }
        Distribution {
            min: self.min.saturating_add(other.min),
            probs: out,
        }
    }

    /// The distribution of -X.
    #[must_use]
    pub fn negate(&self) -> Distribution {
        Distribution {
            min: self.max().saturating_neg(),
            probs: self.probs.iter().rev().copied().collect(),
        }
    }

    /// P(X op Y) for independent X (this) and Y (`other`).
    ///
    /// Runs in time linear in the two widths: it never builds X - Y.
    #[must_use]
    pub fn compare(&self, op: CmpOp, other: &Distribution) -> f64 {
        if other.is_constant() {
            return self.probability_that(op, other.min);
        }
        if self.is_constant() {
            return other.probability_that(op.flipped(), self.min);
        }
        // below[j] = P(Y < y_j), from_here[j] = P(Y >= y_j): both summed from their own
        // small end, so neither loses the tail to cancellation.
        let n = other.probs.len();
        let mut below = Vec::with_capacity(n + 1);
        let mut acc = 0.0;
        for &q in &other.probs {
            below.push(acc);
            acc += q;
        }
        below.push(acc);
        let mut from_here = vec![0.0; n + 1];
        let mut acc = 0.0;
        for j in (0..n).rev() {
            acc += other.probs[j];
            from_here[j] = acc;
        }
        let clamp = |j: i128| j.clamp(0, n as i128) as usize;
        let mut total = 0.0;
        for (i, &p) in self.probs.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            // Index of x in Y's table.
            let j = other.offset_of(self.value_at(i));
            let q = match op {
                CmpOp::Le => from_here[clamp(j)],
                CmpOp::Lt => from_here[clamp(j + 1)],
                CmpOp::Ge => below[clamp(j + 1)],
                CmpOp::Gt => below[clamp(j)],
                CmpOp::Eq => other.probability_of(self.value_at(i)),
            };
            total += p * q;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d6() -> Distribution {
        Distribution::from_parts(1, vec![1.0 / 6.0; 6])
    }

    #[test]
    fn constant_is_certain() {
        let c = Distribution::constant(4);
        assert_eq!((c.min(), c.max()), (4, 4));
        assert_eq!(c.probability_of(4), 1.0);
        assert_eq!(c.probability_of(5), 0.0);
        assert_eq!(c.mean(), 4.0);
    }

    #[test]
    fn two_d6_by_convolution() {
        let two = d6().add(&d6());
        assert_eq!((two.min(), two.max()), (2, 12));
        assert!((two.probability_of(7) - 6.0 / 36.0).abs() < 1e-15);
        assert!((two.mean() - 7.0).abs() < 1e-12);
        assert!((two.probability_that(CmpOp::Le, 8) - 26.0 / 36.0).abs() < 1e-15);
        assert!((two.probability_that(CmpOp::Gt, 8) - 10.0 / 36.0).abs() < 1e-15);
        assert_eq!(two.probability_that(CmpOp::Ge, 13), 0.0);
        assert_eq!(two.probability_that(CmpOp::Ge, i64::MIN), two.total());
    }

    #[test]
    fn negate_mirrors() {
        let n = d6().shift(1).negate();
        assert_eq!((n.min(), n.max()), (-7, -2));
        assert!((n.mean() + 4.5).abs() < 1e-12);
    }

    #[test]
    fn compare_d6_against_d6() {
        let (a, b) = (d6(), d6());
        let close = |x: f64, y: f64| (x - y).abs() < 1e-15;
        assert!(close(a.compare(CmpOp::Gt, &b), 15.0 / 36.0));
        assert!(close(a.compare(CmpOp::Ge, &b), 21.0 / 36.0));
        assert!(close(a.compare(CmpOp::Lt, &b), 15.0 / 36.0));
        assert!(close(a.compare(CmpOp::Le, &b), 21.0 / 36.0));
        assert!(close(a.compare(CmpOp::Eq, &b), 6.0 / 36.0));
        assert!(close(a.compare(CmpOp::Gt, &b.shift(10)), 0.0));
        assert!(close(a.compare(CmpOp::Lt, &b.shift(10)), 1.0));
    }
}
