//! The recursive-descent parser behind [`parse`](super::parse): characters in, a
//! checked [`Notation`] out, with every limit enforced while reading.

use super::exact;
use super::expr::{CmpOp, Comparison, Expr, Keep, Notation, SuccessCount, Term, TermKind};
use super::notation::{MAX_CONSTANT, MAX_DICE, MAX_KEEP_WORK, MAX_SIDES, MIN_SIDES, NotationError};

pub(super) struct Parser {
    pub(super) chars: Vec<char>,
    pub(super) pos: usize,
    pub(super) total_dice: u32,
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
        NotationError::at(self.column(), message)
    }

    /// "expected X, found Y" at the current position.
    fn unexpected(&self, expected: &str) -> NotationError {
        let found = match self.peek() {
            None => "the end".to_owned(),
            Some(c) => format!("'{c}'"),
        };
        self.error(format!("expected {expected}, found {found}"))
    }

    pub(super) fn notation(&mut self) -> Result<(Notation, Option<usize>), NotationError> {
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
                return Err(NotationError::at(
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
        let work = exact::work_estimate(&expr);
        if work > exact::MAX_WORK {
            return Err(NotationError::at(
                start + 1,
                format!(
                    "exact odds of this expression would take too long (about {} times the \
                     limit): use fewer dice, fewer faces or fewer kept dice",
                    work.div_ceil(exact::MAX_WORK)
                ),
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
                return Err(NotationError::at(
                    n.column,
                    "a dice term needs at least 1 die",
                ));
            }
            Ok(c) if c <= MAX_DICE => c,
            _ => {
                return Err(NotationError::at(
                    n.column,
                    format!("at most {MAX_DICE} dice in a term"),
                ));
            }
        };
        self.total_dice += count;
        if self.total_dice > MAX_DICE {
            return Err(NotationError::at(
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
            return Err(NotationError::at(keep.column, "keep at least 1 die"));
        }
        if keep.value > u64::from(count) {
            return Err(NotationError::at(
                keep.column,
                format!("cannot keep {} of {count} dice", keep.value),
            ));
        }
        let k = u32::try_from(keep.value).unwrap_or(count);
        if k > 1 && k < count && u64::from(k) * u64::from(sides) > MAX_KEEP_WORK {
            return Err(NotationError::at(
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
                NotationError::at(
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
        NotationError::at(
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
        _ if n.value < u64::from(MIN_SIDES) => Err(NotationError::at(
            n.column,
            format!("a die needs at least {MIN_SIDES} sides"),
        )),
        _ => Err(NotationError::at(
            n.column,
            format!("a die has at most {MAX_SIDES} sides"),
        )),
    }
}
