//! A pool whose successes alone count, as rolled: every face, or only the count of successes
//! the table gave. A count typed at the table is kept as a count, so nothing downstream (the
//! journal, the log, the report) can show faces nobody rolled.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeStruct as _, Serializer};
use serde::{Deserialize, Serialize};

use super::expr::SuccessCount;

/// A success-counted pool as rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolRoll {
    /// Every face, in the order rolled (Gunbai's dice, or the table's faces typed in).
    Faces(Vec<u32>),
    /// Only how many dice succeeded, counted at the table: no face is known.
    Counted {
        /// Dice rolled.
        dice: u32,
        /// How many of them succeeded.
        hits: u32,
    },
}

impl Default for PoolRoll {
    fn default() -> Self {
        PoolRoll::Faces(Vec::new())
    }
}

impl From<Vec<u32>> for PoolRoll {
    fn from(faces: Vec<u32>) -> Self {
        PoolRoll::Faces(faces)
    }
}

impl PoolRoll {
    /// How many dice were rolled.
    #[must_use]
    pub fn dice(&self) -> u32 {
        match self {
            PoolRoll::Faces(f) => u32::try_from(f.len()).unwrap_or(u32::MAX),
            PoolRoll::Counted { dice, .. } => *dice,
        }
    }

    /// How many dice succeeded: the faces that pass `success`, or the count given.
    #[must_use]
    pub fn successes(&self, success: impl Fn(u32) -> bool) -> u32 {
        match self {
            PoolRoll::Faces(f) => {
                u32::try_from(f.iter().filter(|&&x| success(x)).count()).unwrap_or(u32::MAX)
            }
            PoolRoll::Counted { hits, .. } => *hits,
        }
    }

    /// The faces, when they are known.
    #[must_use]
    pub fn faces(&self) -> Option<&[u32]> {
        match self {
            PoolRoll::Faces(f) => Some(f),
            PoolRoll::Counted { .. } => None,
        }
    }

    /// Whether the table gave only the count.
    #[must_use]
    pub fn is_counted(&self) -> bool {
        matches!(self, PoolRoll::Counted { .. })
    }

    /// The faces for a log sentence, `6 5 1`; or `counted at the table` when only the count
    /// is known.
    #[must_use]
    pub fn words(&self) -> String {
        match self {
            PoolRoll::Faces(f) => f.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
            PoolRoll::Counted { .. } => "counted at the table".to_owned(),
        }
    }

    /// What was rolled, for a log sentence: `rolled 6 5 1`, or `20 dice counted at the table`.
    #[must_use]
    pub fn rolled(&self) -> String {
        match self {
            PoolRoll::Faces(_) => format!("rolled {}", self.words()),
            PoolRoll::Counted { dice, .. } => {
                let noun = if *dice == 1 { "die" } else { "dice" };
                format!("{dice} {noun} counted at the table")
            }
        }
    }
}

/// Checks a count of successes the table gave for a pool: no more than the dice, and only
/// what faces of these dice can show (a pool that cannot succeed has no hits to count).
///
/// # Errors
/// Why the count cannot be.
pub fn check_count(hits: u32, dice: u32, sides: u32, success: SuccessCount) -> Result<(), String> {
    if hits > dice {
        return Err(format!("{hits} counted, but only {dice} dice were rolled"));
    }
    let range = success.face_range(sides);
    let every_face_succeeds = range == Some((1, sides));
    if hits > 0 && range.is_none() {
        return Err(format!(
            "{hits} counted, but no face of a d{sides} succeeds here"
        ));
    }
    if hits < dice && every_face_succeeds {
        return Err(format!(
            "{hits} of {dice} counted, but every face of a d{sides} succeeds here"
        ));
    }
    Ok(())
}

/// The shape the binary cache keeps (not human-readable: a plain enum).
#[derive(Serialize, Deserialize)]
enum Compact {
    Faces(Vec<u32>),
    Counted { dice: u32, hits: u32 },
}

/// In the journal (RON, human-readable), faces stay a plain list, `[6,5,1]`, as every journal
/// written before counts were kept has them, and a count is `(dice:20,hits:7)`; both read back.
impl Serialize for PoolRoll {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PoolRoll::Faces(f) if s.is_human_readable() => f.serialize(s),
            PoolRoll::Counted { dice, hits } if s.is_human_readable() => {
                let mut st = s.serialize_struct("Counted", 2)?;
                st.serialize_field("dice", dice)?;
                st.serialize_field("hits", hits)?;
                st.end()
            }
            PoolRoll::Faces(f) => Compact::Faces(f.clone()).serialize(s),
            PoolRoll::Counted { dice, hits } => Compact::Counted {
                dice: *dice,
                hits: *hits,
            }
            .serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for PoolRoll {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            d.deserialize_any(PoolVisitor)
        } else {
            Ok(match Compact::deserialize(d)? {
                Compact::Faces(f) => PoolRoll::Faces(f),
                Compact::Counted { dice, hits } => PoolRoll::Counted { dice, hits },
            })
        }
    }
}

struct PoolVisitor;

impl<'de> Visitor<'de> for PoolVisitor {
    type Value = PoolRoll;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of faces, or (dice:N,hits:N)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PoolRoll, A::Error> {
        let mut faces = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(face) = seq.next_element::<u32>()? {
            faces.push(face);
        }
        Ok(PoolRoll::Faces(faces))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PoolRoll, A::Error> {
        let (mut dice, mut hits) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "dice" => dice = Some(map.next_value::<u32>()?),
                "hits" => hits = Some(map.next_value::<u32>()?),
                other => return Err(de::Error::unknown_field(other, &["dice", "hits"])),
            }
        }
        let dice = dice.ok_or_else(|| de::Error::missing_field("dice"))?;
        let hits = hits.ok_or_else(|| de::Error::missing_field("hits"))?;
        if hits > dice {
            return Err(de::Error::custom(format!(
                "{hits} hits counted of {dice} dice"
            )));
        }
        Ok(PoolRoll::Counted { dice, hits })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::dice::CmpOp;

    #[test]
    fn faces_are_written_as_the_plain_list_old_journals_hold() {
        let faces = PoolRoll::Faces(vec![6, 5, 1]);
        assert_eq!(ron::to_string(&faces).unwrap(), "[6,5,1]");
        assert_eq!(ron::from_str::<PoolRoll>("[6,5,1]").unwrap(), faces);
        assert_eq!(
            ron::from_str::<PoolRoll>("[]").unwrap(),
            PoolRoll::default()
        );
    }

    #[test]
    fn a_count_is_written_as_a_count_and_reads_back() {
        let count = PoolRoll::Counted { dice: 20, hits: 7 };
        let text = ron::to_string(&count).unwrap();
        assert_eq!(text, "(dice:20,hits:7)");
        assert_eq!(ron::from_str::<PoolRoll>(&text).unwrap(), count);
        assert!(ron::from_str::<PoolRoll>("(dice:2,hits:7)").is_err());
        assert!(ron::from_str::<PoolRoll>("(dice:2)").is_err());
    }

    #[test]
    fn the_binary_cache_keeps_both_shapes() {
        for pool in [
            PoolRoll::Faces(vec![3, 4]),
            PoolRoll::Counted { dice: 9, hits: 2 },
        ] {
            let bytes = postcard::to_allocvec(&pool).unwrap();
            assert_eq!(postcard::from_bytes::<PoolRoll>(&bytes).unwrap(), pool);
        }
    }

    #[test]
    fn successes_of_faces_and_of_a_count() {
        let at_least_5 = |f: u32| f >= 5;
        assert_eq!(PoolRoll::Faces(vec![6, 5, 1]).successes(at_least_5), 2);
        assert_eq!(
            PoolRoll::Counted { dice: 3, hits: 1 }.successes(at_least_5),
            1
        );
        assert_eq!(PoolRoll::Counted { dice: 3, hits: 1 }.dice(), 3);
        assert_eq!(
            PoolRoll::Counted { dice: 20, hits: 1 }.rolled(),
            "20 dice counted at the table"
        );
        assert_eq!(PoolRoll::Faces(vec![6, 5]).rolled(), "rolled 6 5");
    }

    #[test]
    fn a_count_must_fit_the_pool() {
        let five_up = SuccessCount {
            op: CmpOp::Ge,
            threshold: 5,
        };
        assert!(check_count(3, 4, 6, five_up).is_ok());
        assert!(check_count(5, 4, 6, five_up).is_err());
        let never = SuccessCount {
            op: CmpOp::Ge,
            threshold: 7,
        };
        assert!(check_count(0, 4, 6, never).is_ok());
        assert!(check_count(1, 4, 6, never).is_err());
        let always = SuccessCount {
            op: CmpOp::Ge,
            threshold: 1,
        };
        assert!(check_count(4, 4, 6, always).is_ok());
        assert!(check_count(3, 4, 6, always).is_err());
    }
}
