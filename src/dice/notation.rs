//! The notation parser: text -> [`Notation`], with errors naming the column.
//!
//! The parser (in `parser.rs`) checks every limit while it reads, so the values it
//! returns are always safe to roll and to compute exact odds for, and it never
//! allocates more than the (bounded) input.

use std::str::FromStr;

use super::expr::{Comparison, Expr, Notation};
use super::parser::Parser;

/// The longest input accepted, in characters.
pub const MAX_INPUT_CHARS: usize = 10_000;
/// The most dice in one term, and in one whole notation (both sides of a comparison).
pub const MAX_DICE: u32 = 1000;
/// The fewest faces a die may have.
pub const MIN_SIDES: u32 = 2;
/// The most faces a die may have.
pub const MAX_SIDES: u32 = 1000;
/// The largest constant (and success threshold) allowed, either sign.
pub const MAX_CONSTANT: i64 = 1_000_000;
/// Keeping `K` of `N` dice (other than one die, or all of them) needs `K x sides` at most this.
pub const MAX_KEEP_WORK: u64 = 10_000;

/// A notation error: where (1-based column, counted in characters) and what was expected.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("column {column}: {message}")]
pub struct NotationError {
    /// 1-based column of the offending character, counted in characters.
    pub column: usize,
    /// What was wrong and what was expected there.
    pub message: String,
}

impl NotationError {
    pub(super) fn at(column: usize, message: impl Into<String>) -> Self {
        NotationError {
            column,
            message: message.into(),
        }
    }
}

/// Parses an expression (`2d6+1`) or a comparison (`2d6 <= 8`).
///
/// # Errors
/// A [`NotationError`] naming the column and what was expected there.
pub fn parse(input: &str) -> Result<Notation, NotationError> {
    parse_located(input).map(|(n, _)| n)
}

/// Parses and also returns the column of the comparison operator, if any.
fn parse_located(input: &str) -> Result<(Notation, Option<usize>), NotationError> {
    // A cheap byte test first, so huge inputs are refused before any allocation.
    if input.len() > MAX_INPUT_CHARS * 4 || input.chars().count() > MAX_INPUT_CHARS {
        return Err(NotationError::at(
            MAX_INPUT_CHARS + 1,
            format!("the notation is longer than {MAX_INPUT_CHARS} characters"),
        ));
    }
    let mut p = Parser {
        chars: input.chars().collect(),
        pos: 0,
        total_dice: 0,
    };
    p.notation()
}

impl FromStr for Expr {
    type Err = NotationError;

    /// Parses an expression; a comparison is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match parse_located(s)? {
            (Notation::Expr(e), _) => Ok(e),
            (Notation::Comparison(_), column) => Err(NotationError::at(
                column.unwrap_or(1),
                "expected a dice expression such as 2d6+1, not a comparison",
            )),
        }
    }
}

impl FromStr for Comparison {
    type Err = NotationError;

    /// Parses a comparison; a bare expression is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match parse_located(s)? {
            (Notation::Comparison(c), _) => Ok(c),
            (Notation::Expr(_), _) => Err(NotationError::at(
                s.chars().count() + 1,
                "expected a comparison operator (<=, <, >=, > or =) and a right-hand side, as in 2d6<=8",
            )),
        }
    }
}

impl FromStr for Notation {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::super::CmpOp;
    use super::*;

    fn expr(s: &str) -> Expr {
        s.parse().unwrap()
    }

    fn err(s: &str) -> NotationError {
        parse(s).unwrap_err()
    }

    #[test]
    fn bare_d6_is_one_d6() {
        assert_eq!(expr("d6"), Expr::dice(1, 6));
        assert_eq!(expr("D6"), Expr::dice(1, 6));
    }

    #[test]
    fn whitespace_and_case_are_ignored() {
        assert_eq!(expr(" 2 D 6 + 1 "), Expr::dice(2, 6).offset(1));
        assert_eq!(expr("4d6 KH 3"), Expr::keep_highest(4, 6, 3));
        assert_eq!(
            expr("15d6 Cs >= 5"),
            Expr::success_count(15, 6, CmpOp::Ge, 5)
        );
    }

    #[test]
    fn keep_count_defaults_to_one() {
        assert_eq!(expr("2d6kh"), Expr::keep_highest(2, 6, 1));
        assert_eq!(expr("2d6kl"), Expr::keep_lowest(2, 6, 1));
    }

    #[test]
    fn bare_success_threshold_means_equal() {
        assert_eq!(expr("4d6cs6"), Expr::success_count(4, 6, CmpOp::Eq, 6));
    }

    #[test]
    fn kozeriai_zero_based_d10() {
        assert_eq!(expr("1d10-1"), Expr::dice(1, 10).offset(-1));
        let c: Comparison = "1d10-1+4 > 1d10-1+2".parse().unwrap();
        assert_eq!(c.op, CmpOp::Gt);
        assert_eq!(c.left, Expr::dice(1, 10).offset(-1).offset(4));
    }

    #[test]
    fn leading_minus_negates_the_first_term() {
        let e = expr("-1d6+3");
        assert_eq!(e.terms[0].sign, -1);
        assert_eq!(e.terms[0].kind, Expr::dice(1, 6).terms[0].kind);
        assert_eq!(e.terms[1], Expr::constant(3).terms[0]);
        assert_eq!(e.to_string(), "-1d6+3");
    }

    #[test]
    fn comparison_has_exactly_one_operator() {
        let e = err("2d6 <= 8 <= 9");
        assert_eq!(e.column, 10);
        assert!(e.message.contains("exactly one operator"), "{e}");
    }

    #[test]
    fn success_operator_is_not_the_comparison() {
        let n = parse("60d6cs>=6 >= 3").unwrap();
        let Notation::Comparison(c) = n else {
            panic!("not a comparison")
        };
        assert_eq!(c.left, Expr::success_count(60, 6, CmpOp::Ge, 6));
        assert_eq!(c.right, Expr::constant(3));
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        assert_eq!(
            err("2d6+").to_string(),
            "column 5: expected a number or dice such as 2d6, found the end"
        );
        assert_eq!(
            err("2d").to_string(),
            "column 3: expected the number of sides after 'd', as in 2d6, found the end"
        );
        assert_eq!(err("2d6 x").column, 5);
        assert_eq!(
            err("").to_string(),
            "column 1: expected a dice expression such as 2d6+1, found nothing"
        );
        assert_eq!(err("2d6kx").column, 5);
        assert_eq!(err("2d6c").column, 5);
        assert_eq!(err("2d6cs>=").column, 8);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(err("武田 2d6").column, 1);
        assert_eq!(err("2d6+武").column, 5);
    }

    #[test]
    fn limits_are_enforced_with_the_column() {
        assert_eq!(err("1001d6").column, 1);
        assert_eq!(err("2d6+1000d6").column, 5);
        assert_eq!(err("0d6").column, 1);
        assert_eq!(err("2d1").column, 3);
        assert_eq!(err("2d1001").column, 3);
        assert_eq!(err("2d6+1000001").column, 5);
        assert_eq!(err("2d6kh3").column, 6);
        assert_eq!(err("2d6kh0").column, 6);
        assert_eq!(err("2d6cs>=99999999999999999999999").column, 8);
        assert_eq!(err("99999999999999999999999999999d6").column, 1);
        assert!(parse("1000d6").is_ok());
        assert!(parse("2d6+1000000").is_ok());
        let long = "1+".repeat(6000);
        assert_eq!(err(&long).column, MAX_INPUT_CHARS + 1);
    }

    #[test]
    fn keep_work_limit_spares_one_die_and_all_dice() {
        assert!(parse("1000d1000kh1").is_ok());
        assert!(parse("1000d20kl1000").is_ok());
        assert!(parse("100d100kh100").is_ok());
        assert!(parse("100d100kh50").is_ok());
        assert_eq!(err("1000d1000kh500").column, 12);
    }

    #[test]
    fn keep_must_come_before_cs() {
        assert!(parse("4d6kh3cs>=5").is_ok());
        assert!(err("4d6cs>=5kh3").message.contains("before cs"));
        assert!(err("4d6kh3kh2").message.contains("only one"));
    }

    #[test]
    fn from_str_distinguishes_expressions_and_comparisons() {
        let e = "2d6 <= 8".parse::<Expr>().unwrap_err();
        assert_eq!(e.column, 5);
        let c = "2d6".parse::<Comparison>().unwrap_err();
        assert_eq!(c.column, 4);
        assert!("2d6<=8".parse::<Comparison>().is_ok());
    }
}
