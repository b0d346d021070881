//! What replay checks of each entry before running it: that its time follows the time
//! before it, and that what it says of its dice fits what it records.
//!
//! Commands that commute (two units' moves, say) give the same events in either order, so
//! only their times tell a swapped pair apart. This build never writes an entry earlier than
//! the one before it, even when the clock is set back (the entry then takes the time just
//! after the one before: [`next_time`]), so in a journal of this format every entry is later
//! than the one before and none is before the battle started. Older builds wrote the clock as
//! it was: there an entry may be up to [`CLOCK_SLACK`] earlier than the one before, no more.

use std::ops::RangeInclusive;

use chrono::{DateTime, Datelike as _, SecondsFormat, TimeDelta, Utc};

use super::{Action, Entry, FORMAT_V3, Rolled};

/// How far an entry of a journal written before format 3 ([`FORMAT_V3`]) may go back from the
/// entry before it (or from the battle's start): a clock set back by that much (a time
/// server's correction, a laptop waking with a wrong clock) is not taken for an entry moved.
pub const CLOCK_SLACK: TimeDelta = TimeDelta::minutes(10);

/// The years a journal's times may fall in.
pub const YEARS: RangeInclusive<i32> = 1970..=9999;

/// Checks that a time falls within [`YEARS`].
///
/// # Errors
/// The year, and the range.
pub fn check_date(what: &str, at: &DateTime<Utc>) -> Result<(), String> {
    let year = at.year();
    if YEARS.contains(&year) {
        Ok(())
    } else {
        Err(format!(
            "{what} is in the year {year}, outside the years {} to {} a journal's times fall in",
            YEARS.start(),
            YEARS.end()
        ))
    }
}

/// The time for the next entry of a battle that started at `started` and whose last entry
/// was made at `last`: the clock's, unless the clock has been set back to or before the last
/// entry (or the start), when it is the nanosecond after that, so that the entries stay in
/// the order they were made.
#[must_use]
pub fn next_time(
    now: DateTime<Utc>,
    started: DateTime<Utc>,
    last: Option<DateTime<Utc>>,
) -> DateTime<Utc> {
    let floor = last.map_or(started, |last| {
        last.checked_add_signed(TimeDelta::nanoseconds(1))
            .unwrap_or(last)
    });
    now.max(floor)
}

/// A time as the journal writes it, for a refusal.
fn words(at: &DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// The checks of a journal's entries, read in order.
#[derive(Clone, Debug)]
pub struct EntryChecks {
    format: u32,
    started: DateTime<Utc>,
    last: Option<DateTime<Utc>>,
}

impl EntryChecks {
    /// The checks of the entries of a journal of `format` whose battle started at `started`.
    #[must_use]
    pub fn new(format: u32, started: DateTime<Utc>) -> Self {
        Self {
            format,
            started,
            last: None,
        }
    }

    /// Checks the next entry.
    ///
    /// # Errors
    /// What is wrong with its time or its record of the dice.
    pub fn check<C, E>(&mut self, entry: &Entry<C, E>) -> Result<(), String> {
        check_date("its time", &entry.at)?;
        self.check_time(&entry.at)?;
        if let Action::Command {
            dice,
            counts,
            rolled,
            ..
        } = &entry.action
        {
            check_rolled(self.format, *rolled, dice, counts)?;
        }
        self.last = Some(entry.at);
        Ok(())
    }

    fn check_time(&self, at: &DateTime<Utc>) -> Result<(), String> {
        let (before, what) = match &self.last {
            Some(last) => (*last, "the time of the entry before it"),
            None => (self.started, "the battle's start"),
        };
        if self.format >= FORMAT_V3 {
            let out_of_order = match self.last {
                Some(last) => *at <= last,
                None => *at < self.started,
            };
            if out_of_order {
                return Err(format!(
                    "its time, {}, is not after {what}, {}: entries are written in the order they were made, so this one was moved or its time edited",
                    words(at),
                    words(&before)
                ));
            }
        } else if before
            .checked_sub_signed(CLOCK_SLACK)
            .is_some_and(|earliest| *at < earliest)
        {
            return Err(format!(
                "its time, {}, is more than {} minutes before {what}, {}: more than a clock set back explains, so the entry was moved or its time edited",
                words(at),
                CLOCK_SLACK.num_minutes(),
                words(&before)
            ));
        }
        Ok(())
    }
}

/// Checks what an entry says of whose dice it rolled against the faces and counts it
/// records: no die means [`Rolled::Nothing`], Gunbai's dice give faces and never counts,
/// and counts come only from the table. Entries written before `rolled` was kept read as
/// [`Rolled::Unrecorded`], which only journals of an older format hold.
///
/// # Errors
/// What does not fit.
pub fn check_rolled(
    format: u32,
    rolled: Rolled,
    dice: &[u32],
    counts: &[u32],
) -> Result<(), String> {
    let faces = crate::engine::words::count(dice.len(), "face");
    let why = match rolled {
        Rolled::Nothing if !dice.is_empty() || !counts.is_empty() => format!(
            "the entry says it rolled no die (`rolled:Nothing`) but records {faces} and {}",
            crate::engine::words::count(counts.len(), "count")
        ),
        Rolled::App if dice.is_empty() => {
            "the entry says Gunbai's dice rolled (`rolled:App`) but records none of their faces"
                .to_owned()
        }
        Rolled::App | Rolled::Unrecorded if !counts.is_empty() => format!(
            "the entry records counts of successes, which only the table's dice give (`rolled:Table`), but says `rolled:{rolled:?}`"
        ),
        Rolled::Table if dice.is_empty() && counts.is_empty() => {
            "the entry says the table's dice rolled (`rolled:Table`) but records no face or count"
                .to_owned()
        }
        Rolled::Unrecorded if format >= FORMAT_V3 => format!(
            "the entry does not say whose dice it rolled (`rolled:`), which every command entry of a format {format} journal does"
        ),
        _ => return Ok(()),
    };
    Err(why)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::engine::journal::FORMAT_VERSION;

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).unwrap()
    }

    fn undo(secs: i64) -> Entry<(), ()> {
        Entry {
            at: at(secs),
            action: Action::Undo { count: 1 },
        }
    }

    #[test]
    fn this_format_s_times_only_go_forward_from_the_start() {
        let mut checks = EntryChecks::new(FORMAT_VERSION, at(0));
        assert!(checks.check(&undo(0)).is_ok(), "at the start");
        assert!(checks.check(&undo(5)).is_ok());
        let same = checks.check(&undo(5)).unwrap_err();
        assert!(
            same.contains("not after the time of the entry before"),
            "{same}"
        );
        assert!(checks.check(&undo(4)).is_err());
        let early = EntryChecks::new(FORMAT_VERSION, at(0))
            .check(&undo(-1))
            .unwrap_err();
        assert!(early.contains("battle's start"), "{early}");
    }

    #[test]
    fn an_older_format_s_times_may_go_back_by_the_slack() {
        let slack = CLOCK_SLACK.num_seconds();
        let mut checks = EntryChecks::new(2, at(0));
        assert!(checks.check(&undo(-slack)).is_ok());
        assert!(checks.check(&undo(-slack)).is_ok(), "the same time");
        assert!(checks.check(&undo(-2 * slack)).is_ok(), "back by the slack");
        let far = checks.check(&undo(-3 * slack - 1)).unwrap_err();
        assert!(far.contains("more than 10 minutes before"), "{far}");
    }

    #[test]
    fn dates_outside_1970_to_9999_are_refused() {
        for year_start in [-62_135_596_800_i64, -1, 253_402_300_800] {
            let t = DateTime::from_timestamp(year_start, 0).unwrap();
            let mut checks = EntryChecks::new(2, t);
            let why = checks
                .check(&Entry::<(), ()> {
                    at: t,
                    action: Action::Undo { count: 1 },
                })
                .unwrap_err();
            assert!(why.contains("outside the years 1970 to 9999"), "{why}");
        }
        assert!(check_date("x", &DateTime::UNIX_EPOCH).is_ok());
    }

    #[test]
    fn the_next_time_never_goes_back() {
        assert_eq!(next_time(at(9), at(0), Some(at(5))), at(9));
        assert_eq!(
            next_time(at(3), at(0), Some(at(5))),
            at(5) + TimeDelta::nanoseconds(1)
        );
        assert_eq!(next_time(at(-3), at(0), None), at(0));
    }

    #[test]
    fn rolled_must_fit_the_faces_and_counts() {
        let v = FORMAT_VERSION;
        let ok = [
            (Rolled::Nothing, &[][..], &[][..]),
            (Rolled::App, &[3][..], &[][..]),
            (Rolled::Table, &[3][..], &[][..]),
            (Rolled::Table, &[][..], &[2][..]),
            (Rolled::Table, &[4][..], &[2][..]),
        ];
        for (rolled, dice, counts) in ok {
            assert!(check_rolled(v, rolled, dice, counts).is_ok(), "{rolled:?}");
        }
        let refused = [
            (Rolled::Nothing, &[3][..], &[][..], "rolled no die"),
            (Rolled::Nothing, &[][..], &[1][..], "rolled no die"),
            (Rolled::App, &[][..], &[][..], "records none"),
            (Rolled::App, &[3][..], &[1][..], "only the table"),
            (Rolled::Table, &[][..], &[][..], "no face or count"),
            (Rolled::Unrecorded, &[3][..], &[][..], "whose dice"),
        ];
        for (rolled, dice, counts, says) in refused {
            let why = check_rolled(v, rolled, dice, counts).unwrap_err();
            assert!(why.contains(says), "{rolled:?}: {why}");
        }
        // Older entries that never said whose dice: readable, with their faces or none.
        assert!(check_rolled(2, Rolled::Unrecorded, &[3], &[]).is_ok());
        assert!(check_rolled(2, Rolled::Unrecorded, &[], &[]).is_ok());
        assert!(check_rolled(2, Rolled::Unrecorded, &[], &[1]).is_err());
    }
}
