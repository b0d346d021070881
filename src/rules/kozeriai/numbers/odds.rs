//! Kozeriai's dice: a d10 read 0 to 9, and the exact odds of its rolls.

use std::collections::BTreeMap;

use crate::dice::Expr;

/// The value a d10 face is read as: the face marked 0 (rolled as 10) is zero.
pub fn read(face: u32, sides: u32) -> u32 {
    face % sides.max(1)
}

/// `1d10-1`: one Kozeriai die, read 0 to 9, plus a modifier.
pub fn die_expr(sides: u32, modifier: i64) -> Expr {
    Expr::dice(1, sides).offset(modifier - 1)
}

/// The chance that one die read 0..sides-1 satisfies `pass`.
pub fn chance(sides: u32, pass: impl Fn(i64) -> bool) -> f64 {
    let n = sides.max(1);
    let hits = (0..n).filter(|&v| pass(i64::from(v))).count();
    hits as f64 / f64::from(n)
}

/// A side's modifier in an opposed roll, as alternatives with their chances (an Iaijutsu draw
/// that may or may not take the drawing penalty); usually one alternative of chance 1.
pub type Mixture = Vec<(f64, i64)>;

/// The exact distribution of (attacker's total - defender's total), enumerating every pair of
/// faces of the two dice (10 x 10) and every alternative of each side's modifier.
pub fn opposed(sides: u32, attacker: &Mixture, defender: &Mixture) -> BTreeMap<i64, f64> {
    let n = sides.max(1);
    let each = 1.0 / f64::from(n * n);
    let mut out = BTreeMap::new();
    for &(pa, ma) in attacker {
        for &(pd, md) in defender {
            for a in 0..n {
                for d in 0..n {
                    let diff = (i64::from(a) + ma) - (i64::from(d) + md);
                    *out.entry(diff).or_insert(0.0) += pa * pd * each;
                }
            }
        }
    }
    out
}
