//! The canonical notation: how expressions and comparisons are written back.
//!
//! No spaces inside an expression and one on each side of a comparison operator:
//! `2d6+1`, `15d6cs>=5`, `2d6 <= 8`. Parsing this text gives an equal value.

use std::fmt;

use super::expr::{Comparison, Expr, Keep, Notation, Term, TermKind};

impl fmt::Display for Term {
    /// The term without its sign: `3`, `2d6kh1`, `15d6cs>=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TermKind::Constant(c) => write!(f, "{}", c.unsigned_abs()),
            TermKind::Dice {
                count,
                sides,
                keep,
                success,
            } => {
                write!(f, "{count}d{sides}")?;
                match keep {
                    Some(Keep::Highest(k)) => write!(f, "kh{k}")?,
                    Some(Keep::Lowest(k)) => write!(f, "kl{k}")?,
                    None => {}
                }
                if let Some(s) = success {
                    write!(f, "cs{}{}", s.op, s.threshold)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        for (i, term) in self.terms.iter().enumerate() {
            // A negative constant built by hand flips the written sign.
            let negative_constant = matches!(term.kind, TermKind::Constant(c) if c < 0);
            let negative = (term.sign < 0) != negative_constant;
            if negative {
                f.write_str("-")?;
            } else if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.left, self.op, self.right)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notation::Expr(e) => e.fmt(f),
            Notation::Comparison(c) => c.fmt(f),
        }
    }
}
