//! The dice expression tree and its builders (`Display` is in `display.rs`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A comparison operator: `<=`, `<`, `>=`, `>` or `=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CmpOp {
    /// `<=`: at most.
    Le,
    /// `<`: less than.
    Lt,
    /// `>=`: at least.
    Ge,
    /// `>`: more than.
    Gt,
    /// `=`: exactly.
    Eq,
}

impl CmpOp {
    /// Every operator, in a fixed order (handy for tests and menus).
    pub const ALL: [CmpOp; 5] = [CmpOp::Le, CmpOp::Lt, CmpOp::Ge, CmpOp::Gt, CmpOp::Eq];

    /// Whether `a op b` holds.
    #[must_use]
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Le => a <= b,
            CmpOp::Lt => a < b,
            CmpOp::Ge => a >= b,
            CmpOp::Gt => a > b,
            CmpOp::Eq => a == b,
        }
    }

    /// The operator with its sides swapped: `a op b` holds exactly when `b op.flipped() a` does.
    #[must_use]
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Ge => CmpOp::Le,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Eq => CmpOp::Eq,
        }
    }

    /// The operator as written in notation: `"<="`, `"<"`, `">="`, `">"` or `"="`.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Le => "<=",
            CmpOp::Lt => "<",
            CmpOp::Ge => ">=",
            CmpOp::Gt => ">",
            CmpOp::Eq => "=",
        }
    }
}

impl fmt::Display for CmpOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// Which dice of a pool count: `kh2` keeps the two highest, `kl1` the lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Keep {
    /// Keep this many of the highest dice.
    Highest(u32),
    /// Keep this many of the lowest dice.
    Lowest(u32),
}

impl Keep {
    /// How many dice are kept.
    #[must_use]
    pub fn count(self) -> u32 {
        match self {
            Keep::Highest(n) | Keep::Lowest(n) => n,
        }
    }
}

/// Count successes instead of summing faces: `cs>=5` counts the dice showing 5 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SuccessCount {
    /// How a face is compared with the threshold.
    pub op: CmpOp,
    /// The number each face is compared with.
    pub threshold: i64,
}

impl SuccessCount {
    /// A die succeeds at `n` or more: the `cs>=n` of most pools.
    #[must_use]
    pub fn at_least(n: u32) -> Self {
        SuccessCount {
            op: CmpOp::Ge,
            threshold: i64::from(n),
        }
    }

    /// Whether a die showing `face` is a success.
    #[must_use]
    pub fn is_success(self, face: u32) -> bool {
        self.op.holds(i64::from(face), self.threshold)
    }

    /// The faces of a `sides`-sided die that succeed, as an inclusive range
    /// `(lowest, highest)`, or `None` when no face does. Success sets are always
    /// one run of faces, which the exact odds rely on.
    #[must_use]
    pub fn face_range(self, sides: u32) -> Option<(u32, u32)> {
        let s = i64::from(sides);
        let t = self.threshold;
        let (lo, hi) = match self.op {
            CmpOp::Ge => (t, s),
            CmpOp::Gt => (t.saturating_add(1), s),
            CmpOp::Le => (1, t),
            CmpOp::Lt => (1, t.saturating_sub(1)),
            CmpOp::Eq => (t, t),
        };
        let (lo, hi) = (lo.max(1), hi.min(s));
        if lo > hi {
            return None;
        }
        Some((u32::try_from(lo).ok()?, u32::try_from(hi).ok()?))
    }
}

/// One signed term of an expression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// `+1` or `-1` (any negative number counts as `-1`).
    pub sign: i8,
    /// What the term is.
    pub kind: TermKind,
}

impl Term {
    /// The sign as a factor, `1` or `-1`.
    #[must_use]
    pub fn factor(&self) -> i64 {
        if self.sign < 0 { -1 } else { 1 }
    }

    /// How many dice this term rolls.
    #[must_use]
    pub fn dice_count(&self) -> u32 {
        match self.kind {
            TermKind::Constant(_) => 0,
            TermKind::Dice { count, .. } => count,
        }
    }
}

/// A constant or a pool of identical dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TermKind {
    /// A fixed number (the parser only produces non-negative ones; the sign is on the term).
    Constant(i64),
    /// `count` dice of `sides` faces, optionally keeping some and optionally counting successes.
    Dice {
        /// How many dice are rolled.
        count: u32,
        /// Faces per die, numbered `1..=sides`.
        sides: u32,
        /// Which dice count (`kh`/`kl`); `None` keeps them all.
        keep: Option<Keep>,
        /// Count the kept dice passing a test (`cs`) instead of summing their faces.
        success: Option<SuccessCount>,
    },
}

/// A parsed dice expression: a sum of signed terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expr {
    /// The terms, added up in order.
    pub terms: Vec<Term>,
}

impl Expr {
    fn single(kind: TermKind) -> Expr {
        Expr {
            terms: vec![Term { sign: 1, kind }],
        }
    }

    fn pool(count: u32, sides: u32, keep: Option<Keep>, success: Option<SuccessCount>) -> Expr {
        Expr::single(TermKind::Dice {
            count,
            sides,
            keep,
            success,
        })
    }

    /// A fixed number; a negative one becomes a subtracted term (`-3`).
    #[must_use]
    pub fn constant(n: i64) -> Expr {
        Expr { terms: Vec::new() }.push_constant(n, true)
    }

    /// `NdS`: the sum of `count` dice of `sides` faces.
    #[must_use]
    pub fn dice(count: u32, sides: u32) -> Expr {
        Expr::pool(count, sides, None, None)
    }

    /// `NdSkhK`: roll `count` dice and add up the `keep` highest.
    #[must_use]
    pub fn keep_highest(count: u32, sides: u32, keep: u32) -> Expr {
        Expr::pool(count, sides, Some(Keep::Highest(keep)), None)
    }

    /// `NdSklK`: roll `count` dice and add up the `keep` lowest.
    #[must_use]
    pub fn keep_lowest(count: u32, sides: u32, keep: u32) -> Expr {
        Expr::pool(count, sides, Some(Keep::Lowest(keep)), None)
    }

    /// `NdScs>=T` (with any operator): the number of dice whose face passes `op threshold`.
    #[must_use]
    pub fn success_count(count: u32, sides: u32, op: CmpOp, threshold: i64) -> Expr {
        Expr::pool(count, sides, None, Some(SuccessCount { op, threshold }))
    }

    /// This expression followed by all the terms of `other`.
    #[must_use]
    pub fn plus(mut self, other: Expr) -> Expr {
        self.terms.extend(other.terms);
        self
    }

    /// This expression minus `other`: `other`'s terms with their signs flipped.
    #[must_use]
    pub fn minus(mut self, other: Expr) -> Expr {
        self.terms.extend(other.terms.into_iter().map(|t| Term {
            sign: if t.sign < 0 { 1 } else { -1 },
            kind: t.kind,
        }));
        self
    }

    /// Adds a constant term `+n` or `-n`; `offset(0)` changes nothing.
    #[must_use]
    pub fn offset(self, n: i64) -> Expr {
        self.push_constant(n, false)
    }

    fn push_constant(mut self, n: i64, keep_zero: bool) -> Expr {
        if n == 0 && !keep_zero {
            return self;
        }
        let (sign, magnitude) = if n < 0 {
            // `i64::MIN` has no positive counterpart; it is far beyond any limit anyway.
            (-1, n.checked_neg().unwrap_or(i64::MAX))
        } else {
            (1, n)
        };
        self.terms.push(Term {
            sign,
            kind: TermKind::Constant(magnitude),
        });
        self
    }

    /// The total number of dice rolled (saturating at `u32::MAX`).
    #[must_use]
    pub fn dice_count(&self) -> u32 {
        self.terms
            .iter()
            .fold(0u32, |n, t| n.saturating_add(t.dice_count()))
    }
}

/// A comparison of two expressions: `2d6<=8`, `1d10+4 > 1d10+2`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparison {
    /// The left-hand side.
    pub left: Expr,
    /// How the sides are compared.
    pub op: CmpOp,
    /// The right-hand side.
    pub right: Expr,
}

impl Comparison {
    /// `left op right`.
    #[must_use]
    pub fn new(left: Expr, op: CmpOp, right: Expr) -> Self {
        Comparison { left, op, right }
    }

    /// The total number of dice rolled on both sides (saturating).
    #[must_use]
    pub fn dice_count(&self) -> u32 {
        self.left
            .dice_count()
            .saturating_add(self.right.dice_count())
    }
}

/// Anything the notation can express: a value to roll, or a test that holds or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notation {
    /// A dice expression such as `2d6+1`.
    Expr(Expr),
    /// A comparison such as `2d6 <= 8`.
    Comparison(Comparison),
}

impl From<Expr> for Notation {
    fn from(e: Expr) -> Self {
        Notation::Expr(e)
    }
}

impl From<Comparison> for Notation {
    fn from(c: Comparison) -> Self {
        Notation::Comparison(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builders_render_canonical_notation() {
        assert_eq!(Expr::dice(2, 6).offset(1).to_string(), "2d6+1");
        assert_eq!(
            Expr::success_count(15, 6, CmpOp::Ge, 5).to_string(),
            "15d6cs>=5"
        );
        assert_eq!(Expr::keep_highest(2, 6, 1).to_string(), "2d6kh1");
        assert_eq!(Expr::dice(1, 10).offset(-1).to_string(), "1d10-1");
        let sky = Comparison::new(Expr::dice(2, 6), CmpOp::Le, Expr::constant(8));
        assert_eq!(sky.to_string(), "2d6 <= 8");
    }

    #[test]
    fn offset_zero_adds_nothing() {
        assert_eq!(Expr::dice(2, 6).offset(0), Expr::dice(2, 6));
    }

    #[test]
    fn minus_flips_the_signs_of_the_other_side() {
        let e = Expr::dice(3, 6).minus(Expr::dice(1, 6).offset(-2));
        assert_eq!(e.to_string(), "3d6-1d6+2");
        assert_eq!(e.dice_count(), 4);
    }

    #[test]
    fn negative_constant_is_a_subtracted_term() {
        assert_eq!(Expr::constant(-3).to_string(), "-3");
        assert_eq!(Expr::constant(0).to_string(), "0");
    }

    #[test]
    fn success_faces_form_one_run() {
        let ge5 = SuccessCount {
            op: CmpOp::Ge,
            threshold: 5,
        };
        assert_eq!(ge5.face_range(6), Some((5, 6)));
        let lt1 = SuccessCount {
            op: CmpOp::Lt,
            threshold: 1,
        };
        assert_eq!(lt1.face_range(6), None);
        let eq6 = SuccessCount {
            op: CmpOp::Eq,
            threshold: 6,
        };
        assert_eq!(eq6.face_range(6), Some((6, 6)));
        assert_eq!(eq6.face_range(4), None);
    }

    #[test]
    fn flipped_operator_swaps_sides() {
        for op in CmpOp::ALL {
            for (a, b) in [(1, 2), (2, 2), (3, 2)] {
                assert_eq!(op.holds(a, b), op.flipped().holds(b, a));
            }
        }
    }
}
