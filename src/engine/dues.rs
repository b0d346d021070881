//! Obligations: what the rules require before play goes on, in the order it arose.
//!
//! Every rule set keeps its kinds of due checks in its own `Due` enum; the queue, the
//! Required / Settled / Dropped changes and their application are the engine's, written
//! once. A due whose subject has left play (dead, wiped out, off the table) is dropped by
//! the engine with an event of its own, so no test is ever demanded of a unit that is gone.

use serde::{Deserialize, Serialize};

/// How an event changes the queue of what is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DueChange {
    /// The rules now require it.
    Required,
    /// It was done.
    Settled,
    /// Its subject left play: it is no longer owed.
    Dropped,
}

/// The queue of what is due, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Dues<D> {
    queue: Vec<D>,
}

impl<D> Default for Dues<D> {
    fn default() -> Self {
        Self { queue: Vec::new() }
    }
}

impl<D> std::ops::Deref for Dues<D> {
    type Target = [D];

    /// Everything owed, oldest first, to read as a slice.
    fn deref(&self) -> &[D] {
        &self.queue
    }
}

impl<D: PartialEq> PartialEq<Vec<D>> for Dues<D> {
    fn eq(&self, other: &Vec<D>) -> bool {
        self.queue == *other
    }
}

impl<D: PartialEq> Dues<D> {
    /// Applies a change: the only way the queue changes.
    ///
    /// # Errors
    /// Settling or dropping something not owed, or requiring it twice (a damaged journal).
    pub fn apply(&mut self, change: DueChange, due: D) -> Result<(), String> {
        let at = self.queue.iter().position(|d| *d == due);
        match (change, at) {
            (DueChange::Required, None) => self.queue.push(due),
            (DueChange::Required, Some(_)) => return Err("required something already due".into()),
            (DueChange::Settled | DueChange::Dropped, Some(i)) => {
                self.queue.remove(i);
            }
            (DueChange::Settled | DueChange::Dropped, None) => {
                return Err("settled something not due".into());
            }
        }
        Ok(())
    }
}

/// What is owed and can be answered now, in the order it fell due: every due that no other
/// owed due must come before ([`crate::engine::RuleSet::precedes`]). A rule set shows these
/// as its cards; the rest wait their turn.
pub fn answerable_now<R: crate::engine::RuleSet>(state: &R::State) -> Vec<R::Due> {
    let owed = R::dues(state);
    owed.iter()
        .filter(|due| {
            !owed
                .iter()
                .any(|first| first != *due && R::precedes(state, first, due).is_some())
        })
        .cloned()
        .collect()
}

/// The `Due` of a rule set that keeps no queue of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoDue {}

/// Writes the four queue methods of [`RuleSet`](crate::engine::RuleSet) for a rule set
/// whose state keeps its queue in a field `due` and whose event enum carries a due in
/// variants `Required`, `Settled` and `Dropped`: every rule set words them the same way.
///
/// Used inside `impl RuleSet for …`: `due_queue!(State, Event, Due);`, or
/// `due_queue!(State, Event, NoDue);` for a rule set that never requires anything.
#[macro_export]
macro_rules! due_queue {
    // A rule set with nothing ever due: the queue stays empty and no event changes it.
    ($state:ty, $event:ident, NoDue) => {
        fn dues(state: &$state) -> &$crate::engine::dues::Dues<$crate::engine::dues::NoDue> {
            &state.due
        }

        fn dues_mut(
            state: &mut $state,
        ) -> &mut $crate::engine::dues::Dues<$crate::engine::dues::NoDue> {
            &mut state.due
        }

        fn due_event(
            _change: $crate::engine::dues::DueChange,
            due: $crate::engine::dues::NoDue,
        ) -> $event {
            match due {}
        }

        fn due_change(
            _event: &$event,
        ) -> Option<(
            $crate::engine::dues::DueChange,
            &$crate::engine::dues::NoDue,
        )> {
            None
        }
    };
    ($state:ty, $event:ident, $due:ty) => {
        fn dues(state: &$state) -> &$crate::engine::dues::Dues<$due> {
            &state.due
        }

        fn dues_mut(state: &mut $state) -> &mut $crate::engine::dues::Dues<$due> {
            &mut state.due
        }

        fn due_event(change: $crate::engine::dues::DueChange, due: $due) -> $event {
            use $crate::engine::dues::DueChange;
            match change {
                DueChange::Required => $event::Required(due),
                DueChange::Settled => $event::Settled(due),
                DueChange::Dropped => $event::Dropped(due),
            }
        }

        fn due_change(event: &$event) -> Option<($crate::engine::dues::DueChange, &$due)> {
            use $crate::engine::dues::DueChange;
            match event {
                $event::Required(d) => Some((DueChange::Required, d)),
                $event::Settled(d) => Some((DueChange::Settled, d)),
                $event::Dropped(d) => Some((DueChange::Dropped, d)),
                _ => None,
            }
        }
    };
}

/// The two demo rosters a rule set ships, read from `rosters/<key>/<name>.ron` at build
/// time: `demo_rosters!("sky", "takeda", "uesugi")`.
#[macro_export]
macro_rules! demo_rosters {
    ($key:literal, $first:literal, $second:literal) => {
        [
            (
                concat!("rosters/", $key, "/", $first, ".ron"),
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/rosters/",
                    $key,
                    "/",
                    $first,
                    ".ron"
                )),
            ),
            (
                concat!("rosters/", $key, "/", $second, ".ron"),
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/rosters/",
                    $key,
                    "/",
                    $second,
                    ".ron"
                )),
            ),
        ]
    };
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_due_is_owed_until_settled_or_dropped() {
        let mut dues = Dues::default();
        dues.apply(DueChange::Required, 1).unwrap();
        dues.apply(DueChange::Required, 2).unwrap();
        assert!(dues.contains(&1));
        dues.apply(DueChange::Dropped, 1).unwrap();
        assert_eq!(dues.iter().copied().collect::<Vec<_>>(), vec![2]);
        dues.apply(DueChange::Settled, 2).unwrap();
        assert!(dues.is_empty());
    }

    #[test]
    fn settling_what_is_not_due_is_damage() {
        let mut dues: Dues<u8> = Dues::default();
        assert!(dues.apply(DueChange::Settled, 1).is_err());
        dues.apply(DueChange::Required, 1).unwrap();
        assert!(dues.apply(DueChange::Required, 1).is_err());
    }
}
