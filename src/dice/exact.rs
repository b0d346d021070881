//! Exact odds of whole expressions and comparisons.
//!
//! An expression's distribution is built in a fixed plan: the constants are summed,
//! the kept/counted pools are convolved in, and the plain dice are added last, grouped
//! by sign and sides (`2d10+1d10` is `3d10`), each group either convolved as a whole
//! or added one die at a time with a running window, whichever is cheaper. The parser
//! uses the same plan to refuse expressions whose odds would take too long.

use super::expr::{Comparison, Expr, Keep, TermKind};
use super::odds::Distribution;
use super::pools::{Pool, add_die_general_into, uniform_sum};

/// The most work the parser lets one expression's odds take, in the units of
/// [`work_estimate`]: about a nanosecond each in an optimised build on a small laptop, so
/// any accepted expression answers in well under 100 ms, a comparison of two included.
pub(crate) const MAX_WORK: u64 = 40_000_000;

/// Cost per table cell of adding one die with a running window (measured: a division, a
/// bounds check and memory traffic per cell).
const WINDOW_STEP: u64 = 8;

/// Cost per table cell of starting a new group of dice (a fresh table: allocation, copy).
const GROUP_STEP: u64 = 24;

/// Plain dice of one kind: `count` dice of `sides` faces, added or subtracted.
struct Group {
    negative: bool,
    sides: u32,
    count: u32,
}

struct Plan {
    constant: i64,
    pools: Vec<(bool, Pool)>,
    groups: Vec<Group>,
}

fn plan(expr: &Expr) -> Plan {
    let mut plan = Plan {
        constant: 0,
        pools: Vec::new(),
        groups: Vec::new(),
    };
    for term in &expr.terms {
        let negative = term.sign < 0;
        match term.kind {
            TermKind::Constant(c) => {
                let c = if negative { c.saturating_neg() } else { c };
                plan.constant = plan.constant.saturating_add(c);
            }
            TermKind::Dice {
                count,
                sides,
                keep,
                success,
            } => {
                let pool = Pool {
                    count,
                    sides,
                    kept: keep.map_or(count, |k| k.count().min(count)),
                    lowest: matches!(keep, Some(Keep::Lowest(_))),
                    success: success.map(|s| s.face_range(sides)),
                };
                if !pool.is_plain() {
                    plan.pools.push((negative, pool));
                } else if let Some(g) = plan
                    .groups
                    .iter_mut()
                    .find(|g| g.negative == negative && g.sides == sides)
                {
                    g.count = g.count.saturating_add(count);
                } else if count > 0 && sides > 0 {
                    plan.groups.push(Group {
                        negative,
                        sides,
                        count,
                    });
                }
            }
        }
    }
    plan
}

/// The cost of adding a group of plain dice to a table `width` wide, whole (by
/// convolution) and die by die (running window): `(whole, die_by_die)`.
fn group_costs(width: u64, g: &Group) -> (u64, u64) {
    let (n, s) = (u64::from(g.count), u64::from(g.sides));
    let own = n
        .saturating_mul(n)
        .saturating_mul(s)
        .saturating_mul(WINDOW_STEP)
        / 4;
    if width <= 1 {
        return (own, u64::MAX);
    }
    let group_width = n.saturating_mul(s.saturating_sub(1)).saturating_add(1);
    let whole = own.saturating_add(width.saturating_mul(group_width));
    let by_die = n
        .saturating_mul(width.saturating_add(n.saturating_mul(s)))
        .saturating_mul(WINDOW_STEP)
        .saturating_add(width.saturating_mul(GROUP_STEP));
    (whole, by_die)
}

/// Roughly how long [`Expr::distribution`] takes, in about-nanoseconds (see [`MAX_WORK`]).
pub(crate) fn work_estimate(expr: &Expr) -> u64 {
    let plan = plan(expr);
    let mut width: u64 = 1;
    let mut work: u64 = 0;
    for (_, pool) in &plan.pools {
        let w = pool.width();
        work = work
            .saturating_add(pool.work())
            .saturating_add(width.saturating_mul(w));
        width = width.saturating_add(w - 1);
    }
    for g in &plan.groups {
        let (whole, by_die) = group_costs(width, g);
        work = work.saturating_add(whole.min(by_die));
        let group_width = u64::from(g.count).saturating_mul(u64::from(g.sides) - 1);
        width = width.saturating_add(group_width);
    }
    work
}

fn add_group(dist: Distribution, g: &Group) -> Distribution {
    let width = dist.probs().len() as u64;
    let (whole, by_die) = group_costs(width, g);
    if whole <= by_die {
        let sum = uniform_sum(g.count, g.sides);
        let sum = if g.negative { sum.negate() } else { sum };
        return dist.add(&sum);
    }
    // X - dice = -(-X + dice).
    let start = if g.negative { dist.negate() } else { dist };
    let sides = g.sides as usize;
    let final_len = start.probs().len() + g.count as usize * (sides - 1);
    let mut probs = Vec::with_capacity(final_len);
    probs.extend_from_slice(start.probs());
    let mut next = Vec::with_capacity(final_len);
    for _ in 0..g.count {
        add_die_general_into(&probs, sides, &mut next);
        std::mem::swap(&mut probs, &mut next);
    }
    let out = Distribution::from_parts(start.min().saturating_add(i64::from(g.count)), probs);
    if g.negative { out.negate() } else { out }
}

impl Expr {
    /// The exact distribution of the expression's total.
    ///
    /// Anything the parser accepts takes at most some tens of milliseconds; expressions
    /// built by hand beyond the notation's limits (see [`MAX_DICE`](super::MAX_DICE) and
    /// [`MAX_KEEP_WORK`](super::MAX_KEEP_WORK)) may take much longer.
    #[must_use]
    pub fn distribution(&self) -> Distribution {
        let plan = plan(self);
        let mut dist = Distribution::constant(plan.constant);
        for (negative, pool) in &plan.pools {
            let d = pool.distribution();
            dist = dist.add(&if *negative { d.negate() } else { d });
        }
        for g in &plan.groups {
            dist = add_group(dist, g);
        }
        dist
    }
}

impl Comparison {
    /// The exact probability that the comparison holds (both sides rolled independently).
    #[must_use]
    pub fn probability(&self) -> f64 {
        self.left
            .distribution()
            .compare(self.op, &self.right.distribution())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::{CmpOp, Notation, parse};
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    fn comparison(s: &str) -> Comparison {
        s.parse().unwrap()
    }

    #[test]
    fn two_d6_at_most_8_is_26_in_36() {
        assert!(close(comparison("2d6<=8").probability(), 26.0 / 36.0));
    }

    #[test]
    fn keep_highest_of_2d6_is_the_activation_dice() {
        // sky activation: the higher of two d6; P(v) = (2v - 1) / 36.
        let d = Expr::keep_highest(2, 6, 1).distribution();
        for v in 1..=6 {
            assert!(close(d.probability_of(v), (2 * v - 1) as f64 / 36.0));
        }
        assert!(close(d.probability_that(CmpOp::Ge, 4), 27.0 / 36.0));
    }

    #[test]
    fn kozeriai_zero_based_d10_reads_0_to_9() {
        let d = "1d10-1".parse::<Expr>().unwrap().distribution();
        assert_eq!((d.min(), d.max()), (0, 9));
        assert!(close(d.mean(), 4.5));
        // A+2 > B for A, B in 0..=9 fails when B - A >= 2: 36 of 100 pairs.
        let p = comparison("1d10-1+4 > 1d10-1+2").probability();
        assert!(close(p, 64.0 / 100.0), "{p}");
    }

    #[test]
    fn firing_counts_fives_and_sixes() {
        let d = Expr::success_count(8, 6, CmpOp::Ge, 5).distribution();
        assert_eq!((d.min(), d.max()), (0, 8));
        assert!(close(d.probability_of(0), (2.0f64 / 3.0).powi(8)));
        assert!(close(d.mean(), 8.0 / 3.0));
    }

    #[test]
    fn simple_three_d6_against_three_d10() {
        // 3d6 >= 2d10+1d10: grouped into 3d10 on the right.
        let p = comparison("3d6 >= 2d10+1d10").probability();
        let exact = Expr::dice(3, 6)
            .distribution()
            .compare(CmpOp::Ge, &Expr::dice(3, 10).distribution());
        assert!(close(p, exact));
        assert!(p > 0.0 && p < 0.5);
    }

    #[test]
    fn a_comparison_against_zero_holds_for_sure() {
        assert!(close(comparison("2d6 > 0").probability(), 1.0));
        assert!(close(comparison("2d6 < 2").probability(), 0.0));
    }

    #[test]
    fn subtracted_dice_are_mirrored() {
        let d = "10-1d6".parse::<Expr>().unwrap().distribution();
        assert_eq!((d.min(), d.max()), (4, 9));
        assert!(close(d.mean(), 6.5));
    }

    #[test]
    fn die_by_die_path_matches_whole_convolution() {
        // A wide kept pool first makes the die-by-die path the cheaper one.
        let e: Expr = "40d100kh20+200d90".parse().unwrap();
        let plan = plan(&e);
        let width = plan.pools[0].1.width();
        let (whole, by_die) = group_costs(width, &plan.groups[0]);
        assert!(by_die < whole);
        let fast = e.distribution();
        let slow = plan.pools[0].1.distribution().add(&uniform_sum(200, 90));
        assert_eq!((fast.min(), fast.max()), (slow.min(), slow.max()));
        let worst = fast
            .iter()
            .zip(slow.iter())
            .map(|((_, a), (_, b))| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(worst < 1e-14, "{worst}");
        assert!(close(fast.total(), 1.0));
    }

    #[test]
    fn every_accepted_notation_is_within_the_work_limit() {
        for text in [
            "1000d6",
            "1000d1000kh1",
            "100d100kh50",
            "140d1000",
            "100d1000-10d6",
        ] {
            let Notation::Expr(e) = parse(text).unwrap() else {
                unreachable!()
            };
            assert!(work_estimate(&e) <= MAX_WORK, "{text}");
        }
    }
}
