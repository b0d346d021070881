//! Action forms: the orders the umpire can give a unit now, as data the shared screens draw.
//!
//! Checks are what the rules require; actions are what a player chooses (fire, charge,
//! move…). A rule set describes each action as a small form — choices and toggles — and
//! turns the values chosen into a command, with a preview card showing the dice pool, its
//! reasons and the odds before anything is rolled. The app draws every rule set's forms the
//! same way, so a new rule set needs no new screen.

use super::check::Check;

/// One field of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// Pick one of several (a target, a weapon). The value is the option's index.
    Choice {
        /// What is picked: `Target`.
        label: String,
        /// The options, in the order shown.
        options: Vec<String>,
    },
    /// On or off (in range, in cover). The value is 0 or 1.
    Toggle {
        /// What is switched: `In range`.
        label: String,
    },
    /// A whole number the umpire types or measures (a distance in cm). The value is the
    /// number itself, from `min` to `max`.
    Number {
        /// What is entered: `Distance moved`.
        label: String,
        /// The smallest value allowed.
        min: usize,
        /// The largest value allowed.
        max: usize,
        /// Its unit, shown beside it: `cm`, `"`.
        unit: String,
        /// The value the form starts at: the least, or what the books hold now (a count the
        /// umpire corrects starts at the count kept).
        start: usize,
    },
}

/// An action open to a unit now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionForm {
    /// A stable key for the rule set: `fire`.
    pub key: String,
    /// The button's label: `Fire`.
    pub label: String,
    /// Its fields, in order.
    pub fields: Vec<Field>,
    /// A note on cost or limits: `1 action`, `0 actions; no move after`.
    pub note: String,
    /// An umpire's record of what happened on the table (a formation, a leader joining),
    /// rather than an order the rules referee: always open, so random play seldom picks it.
    pub record: bool,
}

impl ActionForm {
    /// A form with no fields yet.
    pub fn new(key: &str, label: &str, note: impl Into<String>) -> Self {
        Self {
            key: key.to_owned(),
            label: label.to_owned(),
            fields: Vec::new(),
            note: note.into(),
            record: false,
        }
    }

    /// Marks the form as an umpire's record rather than an order.
    #[must_use]
    pub fn as_record(mut self) -> Self {
        self.record = true;
        self
    }

    /// Adds a choice.
    #[must_use]
    pub fn choice(mut self, label: &str, options: Vec<String>) -> Self {
        self.fields.push(Field::Choice {
            label: label.to_owned(),
            options,
        });
        self
    }

    /// Adds a toggle.
    #[must_use]
    pub fn toggle(mut self, label: &str) -> Self {
        self.fields.push(Field::Toggle {
            label: label.to_owned(),
        });
        self
    }

    /// Adds a whole number from `min` to `max`, in `unit`.
    #[must_use]
    pub fn number(self, label: &str, min: usize, max: usize, unit: &str) -> Self {
        self.number_from(label, (min, max), min, unit)
    }

    /// Adds a whole number from `min` to `max`, in `unit`, starting at `start`.
    #[must_use]
    pub fn number_from(
        mut self,
        label: &str,
        (min, max): (usize, usize),
        start: usize,
        unit: &str,
    ) -> Self {
        self.fields.push(Field::Number {
            label: label.to_owned(),
            min,
            max,
            unit: unit.to_owned(),
            start: start.clamp(min, max.max(min)),
        });
        self
    }

    /// The starting values: first option, toggles off, numbers at their start.
    pub fn defaults(&self) -> Vec<usize> {
        self.fields
            .iter()
            .map(|f| match f {
                Field::Number { start, .. } => *start,
                Field::Choice { .. } | Field::Toggle { .. } => 0,
            })
            .collect()
    }
}

/// What an action's values come to: the command, and the card that previews it.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionPlan<C> {
    /// The command to send.
    pub command: C,
    /// The pool, reasons and odds, when the action rolls dice.
    pub preview: Option<Check<C>>,
}

impl<C> ActionPlan<C> {
    /// A command with nothing to preview.
    pub fn plain(command: C) -> Self {
        Self {
            command,
            preview: None,
        }
    }
}

/// A form's values, read in field order: a missing value reads as the first option.
#[derive(Clone, Debug)]
pub struct FormValues<'a> {
    values: &'a [usize],
    at: usize,
}

impl<'a> FormValues<'a> {
    /// The values as the form sent them.
    pub fn new(values: &'a [usize]) -> Self {
        Self { values, at: 0 }
    }

    /// The next field's value: a choice's index, or a toggle's 0 or 1.
    pub fn index(&mut self) -> usize {
        let v = self.values.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        v
    }

    /// The next field, a toggle.
    pub fn on(&mut self) -> bool {
        self.index() != 0
    }

    /// The option the next field picks from `options`.
    ///
    /// # Errors
    /// An index past the options, naming `what` was to be picked.
    pub fn pick<T: Clone>(&mut self, options: &[T], what: &str) -> Result<T, String> {
        let i = self.index();
        options
            .get(i)
            .cloned()
            .ok_or_else(|| format!("no {what} number {}", i + 1))
    }
}
