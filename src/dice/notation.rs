//! The notation parser: text -> [`Notation`], with errors naming the column.
//!
//! A hand-written recursive-descent parser over characters. It checks every limit
//! while it reads, so the values it returns are always safe to roll and to compute
//! exact odds for, and it never allocates more than the (bounded) input.

use std::str::FromStr;

use super::exact;
use super::expr::{CmpOp, Comparison, Expr, Keep, Notation, SuccessCount, Term, TermKind};

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
    fn new(column: usize, message: impl Into<String>) -> Self {
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
        return Err(NotationError::new(
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
            (Notation::Comparison(_), column) => Err(NotationError::new(
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
            (Notation::Expr(_), _) => Err(NotationError::new(
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

struct Parser {
    chars: Vec<char>,
    pos: usize,
    total_dice: u32,
}

/// A number as read: its value (saturated) and where it started.
struct Number {
    value: u64,
    column: usize,
}

impl Parser {
    fn column(&self) -> usize {
        self.pos + 1
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error(&self, message: impl Into<String>) -> NotationError {
        NotationError::new(self.column(), message)
    }

    /// "expected X, found Y" at the current position.
    fn unexpected(&self, expected: &str) -> NotationError {
        let found = match self.peek() {
            None => "the end".to_owned(),
            Some(c) => format!("'{c}'"),
        };
        self.error(format!("expected {expected}, found {found}"))
    }

    fn notation(&mut self) -> Result<(Notation, Option<usize>), NotationError> {
        self.skip_ws();
        if self.peek().is_none() {
            return Err(self.error("expected a dice expression such as 2d6+1, found nothing"));
        }
        let left = self.expr()?;
        self.skip_ws();
        if self.peek().is_none() {
            return Ok((Notation::Expr(left), None));
        }
        let op_column = self.column();
        let Some(op) = self.cmp_op() else {
            return Err(self.unexpected("'+', '-', a comparison (<=, <, >=, >, =) or the end"));
        };
        let right = self.expr()?;
        self.skip_ws();
        if self.peek().is_some() {
            let second = self.column();
            if self.cmp_op().is_some() {
                return Err(NotationError::new(
                    second,
                    "a comparison has exactly one operator; this is a second one",
                ));
            }
            return Err(self.unexpected("'+', '-' or the end"));
        }
        Ok((
            Notation::Comparison(Comparison::new(left, op, right)),
            Some(op_column),
        ))
    }

    /// Reads `<=`, `<`, `>=`, `>` or `=` if one is next.
    fn cmp_op(&mut self) -> Option<CmpOp> {
        let (op, len) = match (self.peek()?, self.peek_at(1)) {
            ('<', Some('=')) => (CmpOp::Le, 2),
            ('<', _) => (CmpOp::Lt, 1),
            ('>', Some('=')) => (CmpOp::Ge, 2),
            ('>', _) => (CmpOp::Gt, 1),
            ('=', _) => (CmpOp::Eq, 1),
            _ => return None,
        };
        self.pos += len;
        Some(op)
    }

    fn expr(&mut self) -> Result<Expr, NotationError> {
        let start = self.pos;
        let mut terms = Vec::new();
        self.skip_ws();
        let mut sign = match self.peek() {
            Some('-') => {
                self.pos += 1;
                -1
            }
            Some('+') => {
                self.pos += 1;
                1
            }
            _ => 1,
        };
        loop {
            terms.push(self.term(sign)?);
            self.skip_ws();
            sign = match self.peek() {
                Some('+') => 1,
                Some('-') => -1,
                _ => break,
            };
            self.pos += 1;
        }
        let expr = Expr { terms };
        if exact::work_estimate(&expr) > exact::MAX_WORK {
            return Err(NotationError::new(
                start + 1,
                "this expression has too many kept or counted dice terms to compute exact odds; \
                 split it into smaller ones",
            ));
        }
        Ok(expr)
    }

    fn term(&mut self, sign: i8) -> Result<Term, NotationError> {
        self.skip_ws();
        let count = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let n = self.number();
            self.skip_ws();
            if !matches!(self.peek(), Some('d' | 'D')) {
                return constant(sign, &n);
            }
            n
        } else if matches!(self.peek(), Some('d' | 'D')) {
            Number {
                value: 1,
                column: self.column(),
            }
        } else {
            return Err(self.unexpected("a number or dice such as 2d6"));
        };
        self.pos += 1; // The 'd'.
        let count = self.check_count(&count)?;
        self.skip_ws();
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.unexpected("the number of sides after 'd', as in 2d6"));
        }
        let sides = check_sides(&self.number())?;
        let keep = self.keep(count, sides)?;
        let success = self.success()?;
        self.skip_ws();
        if let Some(c @ ('k' | 'K')) = self.peek() {
            let msg = if success.is_some() {
                format!("'{c}': keep (kh or kl) must come before cs")
            } else {
                format!("'{c}': only one kh or kl per term")
            };
            return Err(self.error(msg));
        }
        if success.is_some() && matches!(self.peek(), Some('c' | 'C')) {
            return Err(self.error("only one cs per term"));
        }
        Ok(Term {
            sign,
            kind: TermKind::Dice {
                count,
                sides,
                keep,
                success,
            },
        })
    }

    fn number(&mut self) -> Number {
        let column = self.column();
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            self.pos += 1;
        }
        Number { value, column }
    }

    fn check_count(&mut self, n: &Number) -> Result<u32, NotationError> {
        let count = match u32::try_from(n.value) {
            Ok(0) => {
                return Err(NotationError::new(
                    n.column,
                    "a dice term needs at least 1 die",
                ));
            }
            Ok(c) if c <= MAX_DICE => c,
            _ => {
                return Err(NotationError::new(
                    n.column,
                    format!("at most {MAX_DICE} dice in a term"),
                ));
            }
        };
        self.total_dice += count;
        if self.total_dice > MAX_DICE {
            return Err(NotationError::new(
                n.column,
                format!(
                    "at most {MAX_DICE} dice in all; this term brings it to {}",
                    self.total_dice
                ),
            ));
        }
        Ok(count)
    }

    /// An optional `khK` or `klK` (K defaults to 1).
    fn keep(&mut self, count: u32, sides: u32) -> Result<Option<Keep>, NotationError> {
        self.skip_ws();
        if !matches!(self.peek(), Some('k' | 'K')) {
            return Ok(None);
        }
        let column = self.column();
        let highest = match self.peek_at(1) {
            Some('h' | 'H') => true,
            Some('l' | 'L') => false,
            _ => {
                self.pos += 1;
                return Err(
                    self.unexpected("'h' or 'l' after 'k' (kh keeps the highest, kl the lowest)")
                );
            }
        };
        self.pos += 2;
        self.skip_ws();
        let keep = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.number()
        } else {
            Number { value: 1, column }
        };
        if keep.value == 0 {
            return Err(NotationError::new(keep.column, "keep at least 1 die"));
        }
        if keep.value > u64::from(count) {
            return Err(NotationError::new(
                keep.column,
                format!("cannot keep {} of {count} dice", keep.value),
            ));
        }
        let k = u32::try_from(keep.value).unwrap_or(count);
        if k > 1 && k < count && u64::from(k) * u64::from(sides) > MAX_KEEP_WORK {
            return Err(NotationError::new(
                keep.column,
                format!(
                    "keeping {k} of {count} dice with {sides} sides is too much work for exact odds \
                     (keep count x sides must be at most {MAX_KEEP_WORK})"
                ),
            ));
        }
        Ok(Some(if highest {
            Keep::Highest(k)
        } else {
            Keep::Lowest(k)
        }))
    }

    /// An optional `cs`, `cs>=T`, `cs<T`... (a bare `csT` means `cs=T`).
    fn success(&mut self) -> Result<Option<SuccessCount>, NotationError> {
        self.skip_ws();
        if !matches!(self.peek(), Some('c' | 'C')) {
            return Ok(None);
        }
        if !matches!(self.peek_at(1), Some('s' | 'S')) {
            self.pos += 1;
            return Err(self.unexpected("'s' after 'c' (cs counts successes)"));
        }
        self.pos += 2;
        self.skip_ws();
        let op = self.cmp_op().unwrap_or(CmpOp::Eq);
        self.skip_ws();
        let column = self.column();
        let negative = self.peek() == Some('-');
        if negative {
            self.pos += 1;
        }
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.unexpected("a number after cs, as in cs>=5"));
        }
        let n = self.number();
        let threshold = bounded(n.value)
            .map(|v| if negative { -v } else { v })
            .ok_or_else(|| {
                NotationError::new(
                    column,
                    format!("a success threshold must be within ±{MAX_CONSTANT}"),
                )
            })?;
        Ok(Some(SuccessCount { op, threshold }))
    }
}

fn bounded(value: u64) -> Option<i64> {
    i64::try_from(value).ok().filter(|v| *v <= MAX_CONSTANT)
}

fn constant(sign: i8, n: &Number) -> Result<Term, NotationError> {
    let value = bounded(n.value).ok_or_else(|| {
        NotationError::new(
            n.column,
            format!("a constant must be within ±{MAX_CONSTANT}"),
        )
    })?;
    Ok(Term {
        sign,
        kind: TermKind::Constant(value),
    })
}

fn check_sides(n: &Number) -> Result<u32, NotationError> {
    match u32::try_from(n.value) {
        Ok(s) if (MIN_SIDES..=MAX_SIDES).contains(&s) => Ok(s),
        _ if n.value < u64::from(MIN_SIDES) => Err(NotationError::new(
            n.column,
            format!("a die needs at least {MIN_SIDES} sides"),
        )),
        _ => Err(NotationError::new(
            n.column,
            format!("a die has at most {MAX_SIDES} sides"),
        )),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
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
        assert!(parse("1000d1000kl1000").is_ok());
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
