//! Exact distributions of one pool of identical dice: plain sums, kept dice, successes.
//!
//! Every function here is exact up to `f64` rounding: enumeration over faces and
//! binomial weights, never sampling. The heavy case, keeping `K` of `N` dice, conditions
//! on the `K`-th highest face `v` and on how many dice `a` lie above it: those `a` dice
//! are then independent and uniform on `v+1..=S`, and the other `K - a` kept dice all
//! show `v`. That turns the order statistics into a mixture of plain sums.

use super::odds::Distribution;

/// Probabilities of `Binomial(n, num/den)` for `0..=n` successes.
///
/// Computed from the mode outwards with the ratio of neighbouring terms, then
/// normalised: no factorials, no cancellation, and tails underflow gracefully to zero.
pub(crate) fn binomial_pmf(n: u32, num: u64, den: u64) -> Vec<f64> {
    let n_us = n as usize;
    let mut pmf = vec![0.0; n_us + 1];
    if num == 0 || den == 0 {
        pmf[0] = 1.0;
        return pmf;
    }
    if num >= den {
        pmf[n_us] = 1.0;
        return pmf;
    }
    let (success, fail) = (num as f64, (den - num) as f64);
    let mode = ((u64::from(n) + 1).saturating_mul(num) / den).min(u64::from(n)) as usize;
    pmf[mode] = 1.0;
    for k in (1..=mode).rev() {
        let ratio = (k as f64 * fail) / ((n_us - k + 1) as f64 * success);
        let next = pmf[k] * ratio;
        if next == 0.0 {
            break;
        }
        pmf[k - 1] = next;
    }
    for k in mode..n_us {
        let ratio = ((n_us - k) as f64 * success) / ((k + 1) as f64 * fail);
        let next = pmf[k] * ratio;
        if next == 0.0 {
            break;
        }
        pmf[k + 1] = next;
    }
    let total: f64 = pmf.iter().sum();
    for p in &mut pmf {
        *p /= total;
    }
    pmf
}

/// Convolves a symmetric, unimodal table (a sum of identical uniform dice) with one
/// more die of `sides` faces. Only the rising half is computed, where the running
/// window only grows (so rounding stays relative); the falling half is its mirror.
pub(crate) fn add_die_symmetric(old: &[f64], sides: usize) -> Vec<f64> {
    let mut out = Vec::new();
    add_die_symmetric_into(old, sides, &mut out);
    out
}

/// [`add_die_symmetric`] into a reused buffer: big pools are bound by memory traffic.
fn add_die_symmetric_into(old: &[f64], sides: usize, out: &mut Vec<f64>) {
    let len = old.len() + sides - 1;
    out.clear();
    out.reserve(len);
    let s = sides as f64;
    let mut window = 0.0;
    let half = len.div_ceil(2);
    for i in 0..half {
        if let Some(p) = old.get(i) {
            window += p;
        }
        if i >= sides {
            window -= old[i - sides];
        }
        out.push(window / s);
    }
    for i in half..len {
        out.push(out[len - 1 - i]);
    }
}

/// One die at a time, for tests against the in-place version.
#[cfg(test)]
fn add_die_general(old: &[f64], sides: usize) -> Vec<f64> {
    let mut out = Vec::new();
    add_die_general_into(old, sides, &mut out);
    out
}

/// Convolves any table with one die of `sides` faces in linear time, into a reused
/// buffer: a running window from the left for the left half and from the right for
/// the right half, so each half starts from its small end.
pub(crate) fn add_die_general_into(old: &[f64], sides: usize, out: &mut Vec<f64>) {
    let len = old.len() + sides - 1;
    out.clear();
    out.resize(len, 0.0);
    let s = sides as f64;
    let half = len / 2;
    let mut window = 0.0;
    for i in 0..half {
        if let Some(p) = old.get(i) {
            window += p;
        }
        if i >= sides {
            window -= old[i - sides];
        }
        out[i] = (window / s).max(0.0);
    }
    // From the right: out[i] sums old[i-sides+1..=i].
    let mut window = 0.0;
    for i in (half..len).rev() {
        // Entering: old[i - sides + 1]; leaving: old[i + 1].
        if let Some(j) = (i + 1).checked_sub(sides) {
            window += old.get(j).copied().unwrap_or(0.0);
        }
        if i + 1 < len {
            window -= old.get(i + 1).copied().unwrap_or(0.0);
        }
        out[i] = (window / s).max(0.0);
    }
}

/// The sum of `count` dice of `sides` faces.
pub(crate) fn uniform_sum(count: u32, sides: u32) -> Distribution {
    if count == 0 || sides == 0 {
        return Distribution::constant(0);
    }
    if sides == 1 {
        return Distribution::constant(i64::from(count));
    }
    let s = sides as usize;
    let final_len = (count as usize) * (s - 1) + 1;
    let mut probs = Vec::with_capacity(final_len);
    probs.resize(s, 1.0 / f64::from(sides));
    let mut next = Vec::with_capacity(final_len);
    for _ in 1..count {
        add_die_symmetric_into(&probs, s, &mut next);
        std::mem::swap(&mut probs, &mut next);
    }
    Distribution::from_parts(i64::from(count), probs)
}

/// The highest of `count` dice: P(max <= v) = (v/S)^N, differenced.
fn highest_die(count: u32, sides: u32) -> Distribution {
    let (n, s) = (f64::from(count), f64::from(sides));
    let at_most = |v: u32| (f64::from(v) / s).powf(n);
    let probs = (1..=sides).map(|v| at_most(v) - at_most(v - 1)).collect();
    Distribution::from_parts(1, probs)
}

/// For a = 0..k: P(the k-th highest of n dice is `v` and exactly `a` dice are above it).
fn threshold_weights(n: u32, sides: u32, k: u32, v: u32) -> Vec<f64> {
    // How many dice lie above v.
    let above = binomial_pmf(n, u64::from(sides - v), u64::from(sides));
    (0..k)
        .map(|a| {
            let pa = above[a as usize];
            if pa == 0.0 {
                return 0.0;
            }
            // The other n - a dice are at most v; each shows v with probability 1/v,
            // and at least k - a of them must, for v to be the k-th highest.
            let at_v = binomial_pmf(n - a, 1, u64::from(v));
            let tail: f64 = at_v[(k - a) as usize..].iter().sum();
            pa * tail
        })
        .collect()
}

/// The sum of the `k` highest of `n` dice, for `2 <= k < n` (see the module notes).
fn top_k_sum(n: u32, sides: u32, k: u32) -> Distribution {
    if k == 1 {
        return highest_die(n, sides);
    }
    let ku = k as usize;
    // Totals run from k to k * sides.
    let mut out = vec![0.0; ku * (sides as usize - 1) + 1];
    for v in 1..=sides {
        let weights = threshold_weights(n, sides, k, v);
        let Some(last) = weights.iter().rposition(|w| *w != 0.0) else {
            continue;
        };
        let r = (sides - v) as usize;
        // The sum of `a` dice of `r` faces, as a table starting at `a`.
        let mut above = vec![1.0];
        for (a, &w) in weights.iter().enumerate().take(last + 1) {
            if a == 1 {
                above = vec![1.0 / r as f64; r];
            } else if a > 1 {
                above = add_die_symmetric(&above, r);
            }
            if w == 0.0 {
                continue;
            }
            // Total = k*v + (a + i); stored at total - k.
            let base = ku * (v as usize - 1) + a;
            for (o, &p) in out[base..].iter_mut().zip(&above) {
                *o += w * p;
            }
        }
    }
    Distribution::from_parts(i64::from(k), out)
}

/// The number of the `k` highest of `n` dice whose face lies in `lo..=hi`.
fn top_k_count(n: u32, sides: u32, k: u32, (lo, hi): (u32, u32)) -> Distribution {
    let ku = k as usize;
    let mut out = vec![0.0; ku + 1];
    for v in 1..=sides {
        let weights = threshold_weights(n, sides, k, v);
        let Some(last) = weights.iter().rposition(|w| *w != 0.0) else {
            continue;
        };
        let r = u64::from(sides - v);
        // Successful faces among v+1..=sides, and whether v itself succeeds.
        let first = lo.max(v + 1);
        let good = if first <= hi {
            u64::from(hi - first + 1)
        } else {
            0
        };
        let v_counts = (lo..=hi).contains(&v);
        // Binomial(a, good / r), grown one die at a time.
        let mut above = vec![1.0];
        for (a, &w) in weights.iter().enumerate().take(last + 1) {
            if a > 0 {
                above = add_bernoulli(&above, good, r);
            }
            if w == 0.0 {
                continue;
            }
            let base = if v_counts { ku - a } else { 0 };
            for (o, &p) in out[base..].iter_mut().zip(&above) {
                *o += w * p;
            }
        }
    }
    Distribution::from_parts(0, out)
}

/// One more trial succeeding with probability `good / of`.
fn add_bernoulli(old: &[f64], good: u64, of: u64) -> Vec<f64> {
    let (p, q) = (good as f64 / of as f64, (of - good) as f64 / of as f64);
    let mut out = vec![0.0; old.len() + 1];
    for (i, &x) in old.iter().enumerate() {
        out[i] += x * q;
        out[i + 1] += x * p;
    }
    out
}

/// What one pool of dice is worth: its faces summed, or its successes counted,
/// over all of them or only the kept ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pool {
    pub count: u32,
    pub sides: u32,
    /// How many dice are kept (`count` when all are) and whether the lowest ones.
    pub kept: u32,
    pub lowest: bool,
    /// The succeeding faces as an inclusive range (`Some(None)`: none succeed);
    /// `None` sums the faces instead.
    pub success: Option<Option<(u32, u32)>>,
}

impl Pool {
    /// A plain sum of all the dice.
    pub fn is_plain(&self) -> bool {
        self.success.is_none() && self.kept == self.count
    }

    /// Number of values in the distribution.
    pub fn width(&self) -> u64 {
        match self.success {
            Some(_) => u64::from(self.kept) + 1,
            None => u64::from(self.kept) * u64::from(self.sides.saturating_sub(1)) + 1,
        }
    }

    /// A rough cost of `distribution`, in the about-nanoseconds of the parser's work limit
    /// (each threshold weighs more than a step of the sums: it takes powers).
    pub fn work(&self) -> u64 {
        let (n, s, k) = (
            u64::from(self.count),
            u64::from(self.sides),
            u64::from(self.kept),
        );
        let sum_work = |k: u64| k.saturating_mul(k).saturating_mul(s).saturating_mul(s);
        let thresholds = s
            .saturating_mul(n)
            .saturating_mul(k.saturating_add(1))
            .saturating_mul(8);
        match (self.success, self.kept) {
            (_, 0) => 1,
            (None, _) if self.kept == self.count => n.saturating_mul(n).saturating_mul(s) / 4,
            (Some(_), _) if self.kept == self.count => n,
            (None, 1) => s,
            (None, _) => thresholds.saturating_add(sum_work(k)),
            (Some(_), _) => thresholds.saturating_add(s.saturating_mul(k).saturating_mul(k) * 2),
        }
    }

    /// The exact distribution of the pool's value (before its term's sign).
    pub fn distribution(&self) -> Distribution {
        let Pool {
            count: n,
            sides: s,
            kept: k,
            lowest,
            success,
        } = *self;
        if k == 0 || s == 0 {
            return Distribution::constant(0);
        }
        match success {
            None if k == n => uniform_sum(n, s),
            None if lowest => {
                // The lowest k faces are the highest k of the mirrored dice (f -> s+1-f).
                let mirrored_sum = i64::from(k) * (i64::from(s) + 1);
                top_k_sum(n, s, k).negate().shift(mirrored_sum)
            }
            None => top_k_sum(n, s, k),
            Some(None) => Distribution::constant(0),
            Some(Some((lo, hi))) if k == n => {
                let pmf = binomial_pmf(n, u64::from(hi - lo + 1), u64::from(s));
                Distribution::from_parts(0, pmf)
            }
            Some(Some((lo, hi))) if lowest => top_k_count(n, s, k, (s + 1 - hi, s + 1 - lo)),
            Some(Some(range)) => top_k_count(n, s, k, range),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-13
    }

    #[test]
    fn binomial_matches_the_formula() {
        let pmf = binomial_pmf(4, 1, 3);
        let expected = [16.0, 32.0, 24.0, 8.0, 1.0].map(|x| x / 81.0);
        for (a, b) in pmf.iter().zip(expected) {
            assert!(close(*a, b), "{pmf:?}");
        }
        assert_eq!(binomial_pmf(3, 0, 6), vec![1.0, 0.0, 0.0, 0.0]);
        assert_eq!(binomial_pmf(3, 6, 6), vec![0.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn binomial_of_a_thousand_dice_sums_to_one() {
        for num in [1, 3, 5, 999] {
            let pmf = binomial_pmf(1000, num, 1000);
            let total: f64 = pmf.iter().sum();
            assert!(close(total, 1.0));
            let mean: f64 = pmf.iter().enumerate().map(|(i, p)| i as f64 * p).sum();
            assert!((mean - num as f64).abs() < 1e-9, "{mean}");
        }
    }

    #[test]
    fn general_and_symmetric_steps_agree() {
        let d = uniform_sum(3, 6);
        let a = add_die_symmetric(d.probs(), 6);
        let b = add_die_general(d.probs(), 6);
        for (x, y) in a.iter().zip(&b) {
            assert!(close(*x, *y));
        }
    }

    #[test]
    fn keep_three_of_four_d6() {
        // The classic ability-score roll: P(18) = 21/1296, P(3) = 1/1296.
        let pool = Pool {
            count: 4,
            sides: 6,
            kept: 3,
            lowest: false,
            success: None,
        };
        let d = pool.distribution();
        assert_eq!((d.min(), d.max()), (3, 18));
        assert!(close(d.probability_of(18), 21.0 / 1296.0));
        assert!(close(d.probability_of(3), 1.0 / 1296.0));
        assert!(close(d.mean(), 15869.0 / 1296.0));
    }
}
