//! Running a journal entry's command again: how replay refuses what the rules could not
//! have produced.
//!
//! An entry records its command, the events it gave and every face its dice rolled. Replay
//! works the command out again through [`Exec::run_in`], the one path live play takes, on the
//! state before the entry, with the recorded faces as the table's dice; the events that gives
//! must be the recorded ones, event for event. One check for every rule set and every kind of
//! lie: an edited face, result, reference or count, an event added, dropped or moved, a
//! command swapped or repeated. Whatever the rules would not have produced from that command
//! and those faces is refused. Each face is checked against its die as it is rolled, so no
//! arithmetic in the rules ever meets a face the die does not have.

use std::fmt::Debug;

use super::error::CommandError;
use super::exec::{Exec, Sentences};
use super::ruleset::{ApplyContext, RuleSet, Sentence};
use crate::dice::{DiceError, Recorded};

/// The most characters of an event quoted in a refusal: enough to tell which it is.
const QUOTE_CHARS: usize = 160;

/// Why an entry's command did not run again to what the entry records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRun {
    /// Why, in words.
    pub why: String,
    /// Of which kind.
    pub kind: NotRunKind,
}

/// The kinds of entries that do not run again, as the open tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotRunKind {
    /// The rules work the command out otherwise, or refuse it.
    Otherwise,
    /// The command rolls dice and the entry records none: it was written before Gunbai
    /// recorded each command's dice, if its journal is of a format from before then.
    NoDice,
    /// The command was recorded in a shape of an older format that this build reads but
    /// cannot run ([`crate::engine::ruleset::RuleSet::never_run`]).
    OlderShape,
}

impl From<String> for NotRun {
    fn from(why: String) -> Self {
        Self {
            why,
            kind: NotRunKind::Otherwise,
        }
    }
}

/// Works `command` out again on `state`, the state before it, which it leaves as the
/// command does, with the recorded faces `dice` and the table's recorded counts `counts`:
/// the events it gives, and their sentences, written or not as `words` says.
///
/// # Errors
/// Why the entry cannot be what the rules produced: the command is refused now, a face is
/// not on its die, or faces are missing or left over. `state` is of no more use then.
pub fn rerun<R: RuleSet>(
    rules: &R::Rules,
    state: &mut R::State,
    command: &R::Command,
    (dice, counts): (&[u32], &[u32]),
    (at, words): (ApplyContext, Sentences),
) -> Result<(Vec<R::Event>, Vec<Sentence>), NotRun> {
    let mut faces = Recorded::with_counts(dice, counts);
    let outcome =
        Exec::<R>::run_in(rules, state, command, &mut faces, at, words).map_err(|e| match e {
            CommandError::Dice(e) => NotRun {
                why: faces_error(&e),
                kind: if matches!(e, DiceError::NotEnoughFaces { typed: 0, .. })
                    && counts.is_empty()
                {
                    NotRunKind::NoDice
                } else {
                    NotRunKind::Otherwise
                },
            },
            other => NotRun::from(format!(
                "run again on the battle as it stood, the command is refused: {other}"
            )),
        })?;
    faces.finish().map_err(|e| NotRun::from(faces_error(&e)))?;
    Ok(outcome)
}

/// Compares an entry's recorded events with those running its command again gave.
///
/// # Errors
/// The first event that differs, both quoted, or the counts when one list is a prefix of
/// the other.
pub fn same_events<E: PartialEq + Debug>(recorded: &[E], again: &[E]) -> Result<(), String> {
    if let Some(at) = recorded.iter().zip(again).position(|(r, a)| r != a) {
        return Err(format!(
            "event {} is not what the command gives: the entry records {} where running it again gives {}",
            at + 1,
            quote(&recorded[at]),
            quote(&again[at])
        ));
    }
    if recorded.len() != again.len() {
        return Err(format!(
            "the entry records {} events where running its command again gives {}",
            recorded.len(),
            again.len()
        ));
    }
    Ok(())
}

/// A recorded face that is not on its die, or faces missing or left over, in words.
fn faces_error(e: &DiceError) -> String {
    match e {
        DiceError::FaceOutOfRange {
            face,
            sides,
            position,
        } => format!("recorded face {position} is {face}, which a d{sides} cannot show"),
        DiceError::NotEnoughFaces { typed: 0, .. } => {
            "the command rolls dice but the entry records none".into()
        }
        DiceError::NotEnoughFaces { typed, .. } => {
            format!("the command rolls more dice than the {typed} faces the entry records")
        }
        DiceError::TooManyFaces { typed, used } => {
            format!("the entry records {typed} faces but the command rolls {used} dice")
        }
        // Counts of successes the table gave are counts, never faces.
        DiceError::NotEnoughCounts { typed, .. } => format!(
            "the command counts more pools than the {typed} {} of successes the entry records",
            if *typed == 1 { "count" } else { "counts" }
        ),
        DiceError::TooManyCounts { typed, used } => format!(
            "the entry records {typed} counts of successes but the command counts {used} {}",
            if *used == 1 { "pool" } else { "pools" }
        ),
        other => other.to_string(),
    }
}

/// An event in a few words: its debug text, cut short.
fn quote<E: Debug>(event: &E) -> String {
    let text = format!("{event:?}");
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("`{}…`", &text[..cut]),
        None => format!("`{text}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_event_is_named_and_quoted() {
        let err = same_events(&[1, 2, 3], &[1, 5, 3])
            .err()
            .unwrap_or_default();
        assert!(err.starts_with("event 2 "), "{err}");
        assert!(err.contains("`2`") && err.contains("`5`"), "{err}");
        let err = same_events(&[1, 2, 3], &[1, 2]).err().unwrap_or_default();
        assert!(err.contains("records 3 events"), "{err}");
        assert!(same_events(&[1, 2], &[1, 2]).is_ok());
    }

    #[test]
    fn a_long_event_is_quoted_short() {
        let long = vec![7_u32; 40_000];
        let q = quote(&long);
        assert!(q.chars().count() < QUOTE_CHARS + 4, "{q}");
    }
}
