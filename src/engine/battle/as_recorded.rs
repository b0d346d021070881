//! Entries of an older journal taken as recorded: those whose commands cannot run again.
//!
//! Replay runs every command again on the state before it and compares what that gives with
//! what the entry records. A journal of a format before this build's may hold entries that
//! cannot be checked so: written before Gunbai recorded each command's dice, or worked out
//! by rules that have changed since. The entry's events are the battle's record, so such an
//! entry is taken as recorded: its events must still apply to the battle as it stood and
//! name only what it has, and the open says which entries were taken so and which checks
//! that skips. In a journal of this build's format the same entry is damage.

use crate::engine::rerun::{NotRun, NotRunKind};
use crate::engine::words::count;

/// Entries of one kind taken as recorded: how many, and the first and last lines.
#[derive(Clone, Copy, Debug)]
struct Lines {
    count: usize,
    first: usize,
    last: usize,
}

impl Lines {
    fn add(this: &mut Option<Self>, line: usize) {
        let lines = this.get_or_insert(Self {
            count: 0,
            first: line,
            last: line,
        });
        lines.count += 1;
        lines.first = lines.first.min(line);
        lines.last = lines.last.max(line);
    }

    /// `line 5`, or `lines 5 to 140`.
    fn span(self) -> String {
        if self.first == self.last {
            format!("line {}", self.first)
        } else {
            format!("lines {} to {}", self.first, self.last)
        }
    }
}

/// The entries of a battle's journal taken as recorded.
#[derive(Clone, Debug, Default)]
pub(super) struct AsRecorded {
    /// Those whose command rolls dice and which record none.
    no_dice: Option<Lines>,
    /// Those whose commands were recorded in an older shape this build cannot run, and
    /// why the first of them (by line) cannot.
    older_shape: Option<(Lines, String)>,
    /// Those that this build's rules work out otherwise, or refuse.
    otherwise: Option<Lines>,
    /// Why the first of those (by line) did not run again.
    first_why: Option<(usize, String)>,
    /// The first entry taken as recorded, by index.
    first_index: Option<usize>,
}

impl AsRecorded {
    /// Entry `index`, on `line`, taken as recorded because its command did not run again.
    pub(super) fn add(&mut self, index: usize, line: usize, not_run: NotRun) {
        self.first_index = Some(self.first_index.map_or(index, |i| i.min(index)));
        match not_run.kind {
            NotRunKind::NoDice => Lines::add(&mut self.no_dice, line),
            NotRunKind::OlderShape => {
                let mut lines = self.older_shape.as_ref().map(|(lines, _)| *lines);
                Lines::add(&mut lines, line);
                let why = match self.older_shape.take() {
                    Some((kept, why)) if kept.first < line => why,
                    _ => not_run.why,
                };
                self.older_shape = lines.map(|lines| (lines, why));
            }
            NotRunKind::Otherwise => {
                Lines::add(&mut self.otherwise, line);
                if self.first_why.as_ref().is_none_or(|(at, _)| line < *at) {
                    self.first_why = Some((line, not_run.why));
                }
            }
        }
    }

    /// The first entry taken as recorded, by index: a cache of the entries, which holds no
    /// events, stops before it.
    pub(super) fn first_index(&self) -> Option<usize> {
        self.first_index
    }

    /// The first line taken as recorded, if any.
    pub(super) fn first_line(&self) -> Option<usize> {
        let shape = self.older_shape.as_ref().map(|(lines, _)| *lines);
        let firsts = [self.no_dice, shape, self.otherwise];
        firsts.iter().flatten().map(|lines| lines.first).min()
    }

    /// What the open says of them, if there are any.
    pub(super) fn words(&self) -> Option<String> {
        let mut kinds = Vec::new();
        if let Some(lines) = self.no_dice {
            kinds.push(format!(
                "{} written before Gunbai recorded each command's dice ({})",
                count(lines.count, "entry"),
                lines.span()
            ));
        }
        if let Some((lines, why)) = &self.older_shape {
            kinds.push(format!(
                "{} recorded in a shape this Gunbai reads but cannot run ({}: {why})",
                count(lines.count, "entry"),
                lines.span()
            ));
        }
        if let Some(lines) = self.otherwise {
            // The first of them (by line) and why: `line 11: why`, or `lines 11 to 40; line
            // 11: why`.
            let why = self.first_why.as_ref().map_or("", |(_, why)| why.as_str());
            let place = if lines.count == 1 {
                format!("line {}: {why}", lines.first)
            } else {
                format!("{}; line {}: {why}", lines.span(), lines.first)
            };
            kinds.push(format!(
                "{} that this Gunbai's rules work out otherwise ({place})",
                count(lines.count, "entry"),
            ));
        }
        if kinds.is_empty() {
            return None;
        }
        Some(format!(
            "{} could not be run again: their recorded events are taken as the record, checked to apply to the battle as it stood and to name only what it has, but not for their faces, their results or whether the rules allowed them then",
            kinds.join(", and ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_name_each_kind_with_its_lines() {
        let mut taken = AsRecorded::default();
        assert_eq!(taken.words(), None);
        for line in [9, 3, 5] {
            let not_run = NotRun {
                why: String::new(),
                kind: NotRunKind::NoDice,
            };
            taken.add(line - 1, line, not_run);
        }
        let mut one = AsRecorded::default();
        one.add(10, 11, NotRun::from("refused".to_owned()));
        let words = one.words().unwrap_or_default();
        assert!(
            words.starts_with("1 entry that this Gunbai's rules work out otherwise (line 11: refused) could not be run again: their recorded events are taken as the record"),
            "{words}"
        );
        taken.add(12, 13, NotRun::from("refused".to_owned()));
        taken.add(10, 11, NotRun::from("event 2 differs".to_owned()));
        let words = taken.words().unwrap_or_default();
        assert!(
            words.starts_with("3 entries written before Gunbai recorded each command's dice (lines 3 to 9), and 2 entries that this Gunbai's rules work out otherwise (lines 11 to 13; line 11: event 2 differs) could not be run again"),
            "{words}"
        );
        assert_eq!(taken.first_index(), Some(2));
        assert_eq!(taken.first_line(), Some(3));
        for line in [20, 2] {
            let why = format!("band on {line}");
            let kind = NotRunKind::OlderShape;
            taken.add(line - 1, line, NotRun { why, kind });
        }
        let words = taken.words().unwrap_or_default();
        assert!(
            words.contains("lines 3 to 9), and 2 entries recorded in a shape this Gunbai reads but cannot run (lines 2 to 20: band on 2), and 2 entries that"),
            "{words}"
        );
        assert_eq!(taken.first_line(), Some(2));
    }
}
