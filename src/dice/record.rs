//! The faces a command's dice gave: recorded as it is worked out, handed back when replay
//! runs it again.
//!
//! Whatever a rule set does with its faces (sums, pools, a zero-based d10, a shuffled deck),
//! the dice source sees each roll the same way: one die of so many sides. Recording there
//! keeps the journal's re-run independent of how each event stores what it rolled.

use super::expr::SuccessCount;
use super::origin::DiceOrigin;
use super::pool_roll::{PoolRoll, check_count};
use super::source::{DiceError, DiceSource};

/// What a command's dice gave, as its journal entry keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Every face, in roll order.
    pub faces: Vec<u32>,
    /// The counts of successes the table gave for pools whose successes alone count.
    pub counts: Vec<u32>,
    /// Whose dice rolled, or `None` when no die was.
    pub origin: Option<DiceOrigin>,
}

/// A dice source that hands out another source's faces and keeps each, in roll order, with
/// the counts the table gave and whose dice they were.
pub struct Recording<'a> {
    inner: &'a mut dyn DiceSource,
    faces: Vec<u32>,
    counts: Vec<u32>,
    rolled: bool,
}

impl<'a> Recording<'a> {
    /// Records what `inner` rolls.
    pub fn new(inner: &'a mut dyn DiceSource) -> Self {
        Self {
            inner,
            faces: Vec::new(),
            counts: Vec::new(),
            rolled: false,
        }
    }

    /// The faces rolled so far, in roll order.
    #[must_use]
    pub fn into_faces(self) -> Vec<u32> {
        self.faces
    }

    /// Everything recorded: faces, counts and whose dice.
    #[must_use]
    pub fn into_record(self) -> Record {
        let origin = self.rolled.then(|| self.inner.origin());
        Record {
            faces: self.faces,
            counts: self.counts,
            origin,
        }
    }
}

impl DiceSource for Recording<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let face = self.inner.roll(sides)?;
        self.faces.push(face);
        self.rolled = true;
        Ok(face)
    }

    fn pool(
        &mut self,
        dice: u32,
        sides: u32,
        success: SuccessCount,
    ) -> Result<PoolRoll, DiceError> {
        let pool = self.inner.pool(dice, sides, success)?;
        self.rolled |= dice > 0;
        match &pool {
            PoolRoll::Faces(faces) => self.faces.extend_from_slice(faces),
            PoolRoll::Counted { hits, .. } => self.counts.push(*hits),
        }
        Ok(pool)
    }

    fn origin(&self) -> DiceOrigin {
        self.inner.origin()
    }
}

/// Faces (and counts) a journal entry recorded, handed out again in order. Stricter than the
/// table's dice: a face is 1 to the die's sides (a recorded d10 never shows 0), a count fits
/// its pool, and [`Recorded::finish`] refuses faces or counts left over.
#[derive(Clone, Debug)]
pub struct Recorded<'a> {
    faces: &'a [u32],
    used: usize,
    counts: &'a [u32],
    counts_used: usize,
}

impl<'a> Recorded<'a> {
    /// The recorded faces, first rolled first.
    #[must_use]
    pub fn new(faces: &'a [u32]) -> Self {
        Self::with_counts(faces, &[])
    }

    /// The recorded faces and the counts of successes the table gave, each first first.
    #[must_use]
    pub fn with_counts(faces: &'a [u32], counts: &'a [u32]) -> Self {
        Self {
            faces,
            used: 0,
            counts,
            counts_used: 0,
        }
    }

    /// Checks that every recorded face and count was rolled.
    ///
    /// # Errors
    /// [`DiceError::TooManyFaces`] or [`DiceError::TooManyCounts`] when some are left over.
    pub fn finish(&self) -> Result<(), DiceError> {
        if self.used != self.faces.len() {
            return Err(DiceError::TooManyFaces {
                typed: self.faces.len(),
                used: self.used,
            });
        }
        if self.counts_used != self.counts.len() {
            return Err(DiceError::TooManyCounts {
                typed: self.counts.len(),
                used: self.counts_used,
            });
        }
        Ok(())
    }
}

impl DiceSource for Recorded<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if sides == 0 {
            return Err(DiceError::NoSides { sides });
        }
        let position = self.used.saturating_add(1);
        let Some(&face) = self.faces.get(self.used) else {
            return Err(DiceError::NotEnoughFaces {
                needed_at_least: position,
                typed: self.faces.len(),
            });
        };
        if face == 0 || face > sides {
            return Err(DiceError::FaceOutOfRange {
                face,
                sides,
                position,
            });
        }
        self.used = position;
        Ok(face)
    }

    fn pool(
        &mut self,
        dice: u32,
        sides: u32,
        success: SuccessCount,
    ) -> Result<PoolRoll, DiceError> {
        // Counts were recorded only where the table gave counts: then every pool is one.
        if self.counts.is_empty() {
            return (0..dice)
                .map(|_| self.roll(sides))
                .collect::<Result<Vec<_>, _>>()
                .map(PoolRoll::Faces);
        }
        let Some(&hits) = self.counts.get(self.counts_used) else {
            return Err(DiceError::NotEnoughCounts {
                needed_at_least: self.counts_used.saturating_add(1),
                typed: self.counts.len(),
            });
        };
        check_count(hits, dice, sides, success).map_err(|what| DiceError::CountsDoNotFit {
            typed: self.counts.len(),
            what,
        })?;
        self.counts_used += 1;
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
    use crate::dice::{RngDice, TableDice};

    #[test]
    fn what_is_recorded_rolls_the_same_faces_again() {
        let mut rng = RngDice::seeded(3);
        let mut recording = Recording::new(&mut rng);
        let rolled: Vec<u32> = [6, 6, 10, 12, 4].map(|s| recording.roll(s).unwrap()).into();
        let faces = recording.into_faces();
        assert_eq!(faces, rolled);
        let mut again = Recorded::new(&faces);
        let replayed: Vec<u32> = [6, 6, 10, 12, 4].map(|s| again.roll(s).unwrap()).into();
        assert_eq!(replayed, rolled);
        assert!(again.finish().is_ok());
    }

    #[test]
    fn a_recording_says_whose_dice_rolled_and_keeps_the_tables_counts() {
        let mut rng = RngDice::seeded(1);
        let recording = Recording::new(&mut rng);
        assert_eq!(recording.into_record().origin, None, "nothing rolled");
        let mut rng = RngDice::seeded(1);
        let mut recording = Recording::new(&mut rng);
        recording.roll(6).unwrap();
        assert_eq!(recording.into_record().origin, Some(DiceOrigin::App));
        let mut table = TableDice::counts(vec![2]);
        let mut recording = Recording::new(&mut table);
        let success = SuccessCount {
            op: crate::dice::CmpOp::Ge,
            threshold: 5,
        };
        assert_eq!(
            recording.pool(4, 6, success).unwrap(),
            PoolRoll::Counted { dice: 4, hits: 2 }
        );
        let record = recording.into_record();
        assert_eq!(record.origin, Some(DiceOrigin::Table));
        assert_eq!((record.faces.len(), record.counts), (0, vec![2]));
        // Run again, the count comes back as a count; one that does not fit is refused.
        let mut again = Recorded::with_counts(&[], &[2]);
        assert_eq!(
            again.pool(4, 6, success).unwrap(),
            PoolRoll::Counted { dice: 4, hits: 2 }
        );
        assert!(again.finish().is_ok());
        assert!(
            Recorded::with_counts(&[], &[5])
                .pool(4, 6, success)
                .is_err()
        );
    }

    #[test]
    fn a_table_d10_typed_as_zero_is_recorded_as_its_ten() {
        let mut table = TableDice::new(vec![0]);
        let mut recording = Recording::new(&mut table);
        assert_eq!(recording.roll(10), Ok(10));
        assert_eq!(recording.into_faces(), vec![10]);
    }

    #[test]
    fn recorded_faces_off_the_die_missing_or_left_over_are_refused() {
        for face in [0, 7, 255, u32::MAX] {
            let faces = [face];
            assert!(
                matches!(
                    Recorded::new(&faces).roll(6),
                    Err(DiceError::FaceOutOfRange { .. })
                ),
                "{face}"
            );
        }
        assert!(Recorded::new(&[0]).roll(10).is_err(), "no d10 zero");
        assert!(matches!(
            Recorded::new(&[]).roll(6),
            Err(DiceError::NotEnoughFaces { .. })
        ));
        let faces = [3, 4];
        let mut extra = Recorded::new(&faces);
        assert_eq!(extra.roll(6), Ok(3));
        assert!(matches!(
            extra.finish(),
            Err(DiceError::TooManyFaces { typed: 2, used: 1 })
        ));
    }
}
