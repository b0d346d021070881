//! Where dice faces come from: a seedable RNG, or faces rolled at the table and typed in.

use std::collections::VecDeque;

use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::expr::SuccessCount;
use super::origin::DiceOrigin;
use super::pool_roll::{PoolRoll, check_count};

/// Something went wrong getting a die's face.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A typed face is not on the die being rolled.
    #[error("typed face {position} is {face}, which a d{sides} cannot show: expected 1 to {sides}")]
    FaceOutOfRange {
        /// The face typed.
        face: u32,
        /// The die it was used for.
        sides: u32,
        /// 1-based position of the face among those typed.
        position: usize,
    },
    /// Fewer faces were typed than dice rolled.
    #[error("not enough faces typed: {typed} typed, at least {needed_at_least} needed")]
    NotEnoughFaces {
        /// How many faces are needed, at least.
        needed_at_least: usize,
        /// How many were typed.
        typed: usize,
    },
    /// More faces were typed than dice rolled.
    #[error("{typed} faces typed but {used} dice rolled")]
    TooManyFaces {
        /// How many faces were typed.
        typed: usize,
        /// How many of them the rolls used.
        used: usize,
    },
    /// Fewer counts of successes were given than pools counted.
    #[error("not enough counts typed: {typed} typed, at least {needed_at_least} needed")]
    NotEnoughCounts {
        /// How many counts are needed, at least.
        needed_at_least: usize,
        /// How many were given.
        typed: usize,
    },
    /// More counts of successes were given than pools counted.
    #[error("{typed} counts typed but {used} pools counted")]
    TooManyCounts {
        /// How many counts were given.
        typed: usize,
        /// How many of them the pools used.
        used: usize,
    },
    /// Typed text that is not a face.
    #[error(
        "column {position}: '{text}' is not a die face; expected numbers such as \"3 5 6\", \"3,5,6\" or \"356\""
    )]
    BadFace {
        /// The offending text.
        text: String,
        /// 1-based column (in characters) where it starts.
        position: usize,
    },
    /// A die with no faces cannot be rolled.
    #[error("a die needs at least 1 side, not {sides}")]
    NoSides {
        /// The number of sides asked for.
        sides: u32,
    },
    /// A count of successes typed at the table does not fit its pool.
    #[error("count {position}: {why}")]
    BadCount {
        /// 1-based position of the count among those typed.
        position: usize,
        /// Why, in words.
        why: String,
    },
    /// Counts were typed, but the roll needs a die's face here (it is not a pool of
    /// successes), or more pools than counts were rolled.
    #[error("{typed} counts typed, but this roll needs {what}")]
    CountsDoNotFit {
        /// How many counts were typed.
        typed: usize,
        /// What the roll needed instead.
        what: String,
    },
}

/// Where dice faces come from.
pub trait DiceSource {
    /// One die of `sides` faces, 1..=sides. Typed faces outside that range are an error.
    ///
    /// # Errors
    /// A [`DiceError`] when no valid face can be produced.
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError>;

    /// A pool of `dice` dice of `sides` whose successes (`success`) alone count. Every die is
    /// rolled, unless the table gave only the count of successes: then the count is kept as
    /// a count, never turned into faces nobody rolled.
    ///
    /// # Errors
    /// As [`DiceSource::roll`], or a typed count that does not fit the pool.
    fn pool(
        &mut self,
        dice: u32,
        sides: u32,
        success: SuccessCount,
    ) -> Result<PoolRoll, DiceError> {
        let _ = success;
        (0..dice)
            .map(|_| self.roll(sides))
            .collect::<Result<Vec<_>, _>>()
            .map(PoolRoll::Faces)
    }

    /// Whose dice these are: Gunbai's, unless typed in from the table.
    fn origin(&self) -> DiceOrigin {
        DiceOrigin::App
    }
}

/// A pseudo-random source (ChaCha8): reproducible from a seed, or seeded by the OS.
#[derive(Clone, Debug)]
pub struct RngDice {
    rng: ChaCha8Rng,
}

impl RngDice {
    /// The same seed always rolls the same faces (on every platform).
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        RngDice {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Seeded from the operating system's entropy (falling back to the clock).
    #[must_use]
    pub fn from_os() -> Self {
        match ChaCha8Rng::try_from_os_rng() {
            Ok(rng) => RngDice { rng },
            Err(_) => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos());
                // Folding the 128-bit count keeps every bit that varies.
                RngDice::seeded((nanos as u64) ^ ((nanos >> 64) as u64))
            }
        }
    }
}

impl DiceSource for RngDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if sides == 0 {
            return Err(DiceError::NoSides { sides });
        }
        Ok(self.rng.random_range(1..=sides))
    }
}

/// Faces the players rolled at the table, typed in by the umpire, used in order; or, for
/// pools whose successes alone count, the count of each pool's successes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDice {
    faces: VecDeque<u32>,
    typed: usize,
    /// Successes counted at the table, one per pool, in the order the pools are rolled.
    #[serde(default)]
    counts: VecDeque<u32>,
    #[serde(default)]
    counted: usize,
}

impl TableDice {
    /// The faces, in the order they will be used.
    #[must_use]
    pub fn new(faces: Vec<u32>) -> Self {
        TableDice {
            typed: faces.len(),
            faces: faces.into(),
            ..TableDice::default()
        }
    }

    /// The successes counted at the table, one per pool, in the order the pools are rolled.
    #[must_use]
    pub fn counts(counts: Vec<u32>) -> Self {
        TableDice {
            counted: counts.len(),
            counts: counts.into(),
            ..TableDice::default()
        }
    }

    /// Reads typed faces: `"3 5 6"`, `"3,5,6"`, or `"356"`.
    ///
    /// Faces are separated by spaces and/or commas (or semicolons). Text with no separator at
    /// all, of two or more digits all 1 to 9, is one face per digit — so a lone d12 showing 12
    /// must be typed `"12,"` or with another face. Faces are checked against the die when used.
    ///
    /// # Errors
    /// [`DiceError::BadFace`] naming the column of the first thing that is not a number.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let is_separator = |c: char| c.is_whitespace() || c == ',' || c == ';';
        let trimmed = text.trim();
        if trimmed.chars().count() > 1 && trimmed.chars().all(|c| matches!(c, '1'..='9')) {
            return Ok(TableDice::new(
                trimmed.chars().filter_map(|c| c.to_digit(10)).collect(),
            ));
        }
        let mut faces = Vec::new();
        let mut column = 0;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            column += 1;
            if is_separator(c) {
                continue;
            }
            // A token runs to the next separator.
            let start = column;
            let mut token = String::from(c);
            while let Some(&next) = chars.peek() {
                if is_separator(next) {
                    break;
                }
                if token.len() < 32 {
                    token.push(next);
                }
                chars.next();
                column += 1;
            }
            let face = token
                .parse::<u32>()
                .ok()
                .filter(|_| token.bytes().all(|b| b.is_ascii_digit()));
            match face {
                Some(f) => faces.push(f),
                None => {
                    return Err(DiceError::BadFace {
                        text: token,
                        position: start,
                    });
                }
            }
        }
        Ok(TableDice::new(faces))
    }

    /// How many typed faces are not used yet.
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }

    /// Checks that every typed face and count was used.
    ///
    /// # Errors
    /// [`DiceError::TooManyFaces`] when some are left over.
    pub fn finish(self) -> Result<(), DiceError> {
        if !self.counts.is_empty() {
            return Err(DiceError::CountsDoNotFit {
                typed: self.counted,
                what: format!("only {}", self.counted - self.counts.len()),
            });
        }
        if self.faces.is_empty() {
            Ok(())
        } else {
            Err(DiceError::TooManyFaces {
                typed: self.typed,
                used: self.typed - self.faces.len(),
            })
        }
    }
}

impl DiceSource for TableDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if self.counted > 0 && self.faces.is_empty() {
            return Err(DiceError::CountsDoNotFit {
                typed: self.counted,
                what: format!("a d{sides}'s face, not a count"),
            });
        }
        let position = self.typed - self.faces.len() + 1;
        let Some(face) = self.faces.pop_front() else {
            return Err(DiceError::NotEnoughFaces {
                needed_at_least: position,
                typed: self.typed,
            });
        };
        // A real d10 prints its tenth face as 0: typed as 0 or 10, it is the face 10.
        if face == 0 && sides == 10 {
            return Ok(10);
        }
        if face == 0 || face > sides {
            return Err(DiceError::FaceOutOfRange {
                face,
                sides,
                position,
            });
        }
        Ok(face)
    }

    fn pool(
        &mut self,
        dice: u32,
        sides: u32,
        success: SuccessCount,
    ) -> Result<PoolRoll, DiceError> {
        if self.counted == 0 {
            return (0..dice)
                .map(|i| {
                    self.roll(sides).map_err(|e| match e {
                        DiceError::NotEnoughFaces {
                            needed_at_least,
                            typed,
                        } => DiceError::NotEnoughFaces {
                            needed_at_least: needed_at_least + (dice - i - 1) as usize,
                            typed,
                        },
                        other => other,
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map(PoolRoll::Faces);
        }
        let position = self.counted - self.counts.len() + 1;
        let Some(hits) = self.counts.pop_front() else {
            return Err(DiceError::CountsDoNotFit {
                typed: self.counted,
                what: format!("a count for pool {position} as well"),
            });
        };
        check_count(hits, dice, sides, success)
            .map_err(|why| DiceError::BadCount { position, why })?;
        Ok(PoolRoll::Counted { dice, hits })
    }

    fn origin(&self) -> DiceOrigin {
        DiceOrigin::Table
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn typed_faces_in_three_styles() {
        let expected = TableDice::new(vec![3, 5, 6]);
        assert_eq!(TableDice::parse("3 5 6").unwrap(), expected);
        assert_eq!(TableDice::parse("3,5,6").unwrap(), expected);
        assert_eq!(TableDice::parse(" 3, 5 ,6 ").unwrap(), expected);
        assert_eq!(TableDice::parse("356").unwrap(), expected);
        assert_eq!(
            TableDice::parse("10 12").unwrap(),
            TableDice::new(vec![10, 12])
        );
        assert_eq!(TableDice::parse("10").unwrap(), TableDice::new(vec![10]));
        assert_eq!(TableDice::parse("12,").unwrap(), TableDice::new(vec![12]));
        assert_eq!(TableDice::parse("").unwrap(), TableDice::new(vec![]));
    }

    #[test]
    fn garbage_is_named_with_its_column() {
        let e = TableDice::parse("3 x5 6").unwrap_err();
        assert_eq!(
            e,
            DiceError::BadFace {
                text: "x5".into(),
                position: 3
            }
        );
        assert!(e.to_string().starts_with("column 3: 'x5'"));
        let e = TableDice::parse("4 -1").unwrap_err();
        assert_eq!(
            e,
            DiceError::BadFace {
                text: "-1".into(),
                position: 3
            }
        );
        assert!(TableDice::parse("99999999990").is_err());
    }

    #[test]
    fn table_dice_reject_faces_off_the_die() {
        let mut t = TableDice::new(vec![7, 0]);
        assert_eq!(
            t.roll(6),
            Err(DiceError::FaceOutOfRange {
                face: 7,
                sides: 6,
                position: 1
            })
        );
        assert_eq!(
            t.roll(6),
            Err(DiceError::FaceOutOfRange {
                face: 0,
                sides: 6,
                position: 2
            })
        );
    }

    #[test]
    fn a_d10_face_printed_zero_is_its_ten() {
        let mut t = TableDice::new(vec![0, 10]);
        assert_eq!(t.roll(10), Ok(10));
        assert_eq!(t.roll(10), Ok(10));
    }

    #[test]
    fn table_dice_count_missing_and_left_over_faces() {
        let mut t = TableDice::new(vec![3, 5, 6]);
        assert_eq!(t.roll(6), Ok(3));
        assert_eq!(t.roll(6), Ok(5));
        assert_eq!(t.remaining(), 1);
        let e = t.clone().finish().unwrap_err();
        assert_eq!(e.to_string(), "3 faces typed but 2 dice rolled");
        assert_eq!(t.roll(6), Ok(6));
        assert_eq!(
            t.roll(6),
            Err(DiceError::NotEnoughFaces {
                needed_at_least: 4,
                typed: 3
            })
        );
        assert!(t.finish().is_ok());
    }

    #[test]
    fn seeded_rng_repeats_and_stays_on_the_die() {
        let roll = |seed| {
            let mut d = RngDice::seeded(seed);
            (0..50).map(|_| d.roll(6).unwrap()).collect::<Vec<_>>()
        };
        assert_eq!(roll(7), roll(7));
        assert_ne!(roll(7), roll(8));
        assert!(roll(7).iter().all(|f| (1..=6).contains(f)));
        assert_eq!(
            RngDice::seeded(1).roll(0),
            Err(DiceError::NoSides { sides: 0 })
        );
        assert!(RngDice::from_os().roll(1).is_ok());
    }

    #[test]
    fn counts_typed_at_the_table_stay_counts_and_must_fit_their_pools() {
        let five_up = SuccessCount {
            op: crate::dice::CmpOp::Ge,
            threshold: 5,
        };
        let mut t = TableDice::counts(vec![7, 3]);
        assert_eq!(
            t.pool(20, 6, five_up),
            Ok(PoolRoll::Counted { dice: 20, hits: 7 })
        );
        assert!(t.clone().finish().is_err(), "one count is left over");
        assert_eq!(
            t.pool(12, 6, five_up),
            Ok(PoolRoll::Counted { dice: 12, hits: 3 })
        );
        assert!(t.clone().finish().is_ok());
        assert!(matches!(
            t.pool(2, 6, five_up),
            Err(DiceError::CountsDoNotFit { .. })
        ));
        let mut t = TableDice::counts(vec![5]);
        assert!(matches!(
            t.pool(4, 6, five_up),
            Err(DiceError::BadCount { position: 1, .. })
        ));
        let mut t = TableDice::counts(vec![1]);
        assert!(matches!(t.roll(6), Err(DiceError::CountsDoNotFit { .. })));
    }

    #[test]
    fn a_pool_short_of_faces_says_how_many_it_needs_in_all() {
        let five_up = SuccessCount {
            op: crate::dice::CmpOp::Ge,
            threshold: 5,
        };
        let mut t = TableDice::new(vec![6]);
        assert_eq!(
            t.pool(4, 6, five_up),
            Err(DiceError::NotEnoughFaces {
                needed_at_least: 4,
                typed: 1
            })
        );
        let mut t = TableDice::new(vec![6, 1]);
        assert_eq!(t.pool(2, 6, five_up), Ok(PoolRoll::Faces(vec![6, 1])));
        assert_eq!(t.origin(), DiceOrigin::Table);
        assert_eq!(RngDice::seeded(1).origin(), DiceOrigin::App);
    }
}
