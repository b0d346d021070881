//! Action forms: the orders the umpire can give a unit now, as data the shared screens draw.
//!
//! Checks are what the rules require; actions are what a player chooses (fire, charge,
//! move…). A rule set describes each action as a small form — choices and toggles — and
//! turns the values chosen into a command, with a preview card showing the dice pool, its
//! reasons and the odds before anything is rolled. The app draws every rule set's forms the
//! same way, so a new rule set needs no new screen.

use super::check::Check;

/// One field of a form. Every field starts unanswered unless the state itself gives its
/// answer (a choice with one option, a count the books hold): a form never starts on an answer
/// the umpire did not give, and an order is not carried out until every field is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// Pick one of several (a target, a weapon). The value is the option's index.
    Choice {
        /// What is picked: `Target`.
        label: String,
        /// The options, in the order shown.
        options: Vec<String>,
    },
    /// A yes or no the umpire gives (in range, in cover). The value is 0 (no) or 1 (yes).
    Toggle {
        /// What is asked: `Target in cover`.
        label: String,
    },
    /// Which of a list apply (the factors the table shows, the figures a shout catches): the
    /// umpire ticks those that do, or says none does. The value has bit `i` set for option `i`.
    Flags {
        /// What is asked: `Attacker's situation`.
        label: String,
        /// The options, in the order shown (at most [`Field::MOST_FLAGS`]).
        options: Vec<String>,
    },
    /// A whole number the umpire types or measures (a distance in cm). The value is the
    /// number itself: one out of its bounds is an error on the field, never changed.
    Number {
        /// What is entered: `Distance moved`.
        label: String,
        /// Its unit, shown beside it: `cm`, `"`.
        unit: String,
        /// The least and most it may be, each with the rule that sets it.
        bounds: Bounds,
        /// What the state already knows it to be (a count the books hold), shown as such;
        /// none: the field starts empty.
        start: Option<usize>,
    },
}

/// The least and the most a number field takes, each with why (its rule), so that a value
/// out of them is refused with the bound and its citation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The least value allowed.
    pub min: usize,
    /// Why nothing less is: empty when the least is simply none (0).
    pub min_why: String,
    /// The most value allowed.
    pub max: usize,
    /// Why nothing more is, with the rule: `the Teppo's range (simple: Firing)`.
    pub max_why: String,
}

impl Bounds {
    /// From none up to `max`, with why nothing more is allowed.
    pub fn up_to(max: usize, why: impl Into<String>) -> Self {
        Self {
            min: 0,
            min_why: String::new(),
            max,
            max_why: why.into(),
        }
    }

    /// The least allowed raised to `min`, with why.
    #[must_use]
    pub fn at_least(mut self, min: usize, why: impl Into<String>) -> Self {
        self.min = min;
        self.min_why = why.into();
        self
    }

    /// Why `value` (in `unit`) is out of these bounds, or `None` when it is within them.
    pub fn problem(&self, value: i128, unit: &str) -> Option<String> {
        let amount = |n: i128| {
            if unit.is_empty() {
                n.to_string()
            } else if unit == "\"" {
                format!("{n}\"")
            } else {
                format!("{n} {unit}")
            }
        };
        let max = i128::try_from(self.max).unwrap_or(i128::MAX);
        let min = i128::try_from(self.min).unwrap_or(i128::MAX);
        if value > max {
            Some(format!(
                "{} is more than {}: {}",
                amount(value),
                amount(max),
                self.max_why
            ))
        } else if value < min {
            Some(if self.min_why.is_empty() {
                format!("{} is less than {}", amount(value), amount(min))
            } else {
                format!(
                    "{} is less than {}: {}",
                    amount(value),
                    amount(min),
                    self.min_why
                )
            })
        } else {
            None
        }
    }
}

impl Field {
    /// The most options a [`Field::Flags`] holds (one bit each of its value).
    pub const MOST_FLAGS: usize = usize::BITS as usize;

    /// The field's label.
    pub fn label(&self) -> &str {
        match self {
            Field::Choice { label, .. }
            | Field::Toggle { label }
            | Field::Flags { label, .. }
            | Field::Number { label, .. } => label,
        }
    }

    /// What the field holds before the umpire answers it: only what the state gives (the one
    /// option of a choice, a count the books hold), else nothing.
    pub fn start(&self) -> Option<usize> {
        match self {
            Field::Choice { options, .. } if options.len() == 1 => Some(0),
            Field::Number { start, .. } => *start,
            _ => None,
        }
    }

    /// Why `value` cannot be this field's answer, or `None` when it can.
    pub fn problem(&self, value: usize) -> Option<String> {
        let label = self.label();
        match self {
            Field::Choice { options, .. } => (value >= options.len())
                .then(|| format!("{label}: there is no option {}", value + 1)),
            Field::Toggle { .. } => (value > 1).then(|| format!("{label}: answer yes or no")),
            Field::Flags { options, .. } => {
                let all = if options.len() >= Self::MOST_FLAGS {
                    usize::MAX
                } else {
                    (1usize << options.len()) - 1
                };
                (value & !all != 0).then(|| format!("{label}: there is no such option"))
            }
            Field::Number { bounds, unit, .. } => {
                let value = i128::try_from(value).unwrap_or(i128::MAX);
                bounds.problem(value, unit).map(|p| format!("{label}: {p}"))
            }
        }
    }

    /// A number as the umpire typed it, read for this field: the value, or why it cannot
    /// be taken (not a whole number, or out of bounds: naming the bound and its rule).
    /// Nothing typed is no answer yet.
    pub fn typed(&self, text: &str) -> Result<Option<usize>, String> {
        let Field::Number { bounds, unit, .. } = self else {
            return Err(format!("{}: not a number field", self.label()));
        };
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let Ok(n) = text.parse::<i128>() else {
            return Err(format!("\"{text}\" is not a whole number"));
        };
        if let Some(problem) = bounds.problem(n, unit) {
            return Err(problem);
        }
        usize::try_from(n)
            .map(Some)
            .map_err(|_| format!("{n} is too large"))
    }
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

    /// Adds a yes or no.
    #[must_use]
    pub fn toggle(mut self, label: &str) -> Self {
        self.fields.push(Field::Toggle {
            label: label.to_owned(),
        });
        self
    }

    /// Adds a list of which any may apply (at most [`Field::MOST_FLAGS`] options: any more
    /// are a mistake of the rule set, and are left off with the list's label saying so).
    #[must_use]
    pub fn flags(mut self, label: &str, mut options: Vec<String>) -> Self {
        let label = if options.len() > Field::MOST_FLAGS {
            options.truncate(Field::MOST_FLAGS);
            format!("{label} (the first {})", Field::MOST_FLAGS)
        } else {
            label.to_owned()
        };
        self.fields.push(Field::Flags { label, options });
        self
    }

    /// Adds a whole number in `unit` within `bounds`, starting empty.
    #[must_use]
    pub fn number(mut self, label: &str, unit: &str, bounds: Bounds) -> Self {
        self.fields.push(Field::Number {
            label: label.to_owned(),
            unit: unit.to_owned(),
            bounds,
            start: None,
        });
        self
    }

    /// Adds a whole number in `unit` within `bounds`, starting at what the state knows it to
    /// be (`start`: a count the books hold, which the umpire corrects).
    #[must_use]
    pub fn number_from(mut self, label: &str, unit: &str, bounds: Bounds, start: usize) -> Self {
        self.fields.push(Field::Number {
            label: label.to_owned(),
            unit: unit.to_owned(),
            bounds,
            start: Some(start),
        });
        self
    }

    /// The starting values: only what the state gives, every other field unanswered.
    pub fn defaults(&self) -> Vec<Option<usize>> {
        self.fields.iter().map(Field::start).collect()
    }

    /// The labels of the fields not yet answered.
    pub fn missing(&self, values: &[Option<usize>]) -> Vec<&str> {
        self.fields
            .iter()
            .enumerate()
            .filter(|(i, _)| values.get(*i).copied().flatten().is_none())
            .map(|(_, f)| f.label())
            .collect()
    }

    /// Checks a whole set of values against the form: one for every field, each one the
    /// field takes (a number within its bounds).
    ///
    /// # Errors
    /// A value missing, or the first value the form does not take, naming its field and,
    /// for a number, the bound and its rule.
    pub fn check(&self, values: &[usize]) -> Result<(), String> {
        if let Some(field) = self.fields.get(values.len()) {
            return Err(format!("{}: not answered", field.label()));
        }
        if values.len() > self.fields.len() {
            return Err(format!(
                "{} takes {} values, not {}",
                self.label,
                self.fields.len(),
                values.len()
            ));
        }
        match self
            .fields
            .iter()
            .zip(values)
            .find_map(|(f, v)| f.problem(*v))
        {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }
}

/// What an action's values come to: the command, and the card that previews it.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionPlan<C> {
    /// The command to send.
    pub command: C,
    /// The pool, reasons and odds, when the action rolls dice.
    pub preview: Option<Check<C>>,
    /// What the order records that removes, kills or wounds, in words naming who and what
    /// (`Ii yari lost 2 stands`): the app asks once before carrying it out.
    pub confirm: Option<String>,
}

impl<C> ActionPlan<C> {
    /// A command with nothing to preview.
    pub fn plain(command: C) -> Self {
        Self::new(command, None)
    }

    /// A command and its preview card.
    pub fn new(command: C, preview: Option<Check<C>>) -> Self {
        Self {
            command,
            preview,
            confirm: None,
        }
    }

    /// Asks once before carrying the order out: it removes, kills or wounds `what`.
    #[must_use]
    pub fn confirming(mut self, what: impl Into<String>) -> Self {
        self.confirm = Some(what.into());
        self
    }

    /// The plan with its command mapped (the shared screens see `()`).
    pub fn map<D>(self, f: impl Fn(C) -> D) -> ActionPlan<D> {
        ActionPlan {
            command: f(self.command),
            preview: self.preview.map(|c| c.map(&f)),
            confirm: self.confirm,
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
