//! Where a value sits in a roster: `clans[1].units[3].stands`.
//!
//! Validators name the value a problem is about by its path, never by searching the text;
//! the file position comes from the parsed value's own span ([`super::syntax`]) and the
//! army builder shows the problem beside the field with the same path.

use std::borrow::Cow;
use std::fmt;

/// One step into a roster value: a field of a record, or an item of a list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A record's field, by its key in the file.
    Field(Cow<'static, str>),
    /// A list's item, 0-based.
    Index(usize),
}

impl From<&'static str> for Step {
    fn from(key: &'static str) -> Self {
        Self::Field(Cow::Borrowed(key))
    }
}

impl From<usize> for Step {
    fn from(index: usize) -> Self {
        Self::Index(index)
    }
}

/// A path from the army (the file's top value) down to one value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RosterPath(pub Vec<Step>);

impl RosterPath {
    /// The army itself.
    pub fn root() -> Self {
        Self::default()
    }

    /// This path, one field further in.
    #[must_use]
    pub fn field(&self, key: &'static str) -> Self {
        self.then(Step::from(key))
    }

    /// This path, one list item further in.
    #[must_use]
    pub fn index(&self, index: usize) -> Self {
        self.then(Step::Index(index))
    }

    /// This path, one step further in.
    #[must_use]
    pub fn then(&self, step: Step) -> Self {
        let mut steps = self.0.clone();
        steps.push(step);
        Self(steps)
    }

    /// The steps.
    pub fn steps(&self) -> &[Step] {
        &self.0
    }

    /// Whether `self` is `other` or lies inside it.
    pub fn starts_with(&self, other: &Self) -> bool {
        self.0.starts_with(&other.0)
    }
}

impl fmt::Display for RosterPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Field(key) if i == 0 => write!(f, "{key}")?,
                Step::Field(key) => write!(f, ".{key}")?,
                Step::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// A [`RosterPath`] from keys and indices: `roster_path!("clans", c, "units", u, "stands")`.
#[macro_export]
macro_rules! roster_path {
    ($($step:expr),* $(,)?) => {
        $crate::roster::RosterPath(vec![$($crate::roster::Step::from($step)),*])
    };
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    #[test]
    fn a_path_reads_as_fields_and_indices() {
        let p = roster_path!("clans", 1_usize, "units", 3_usize, "stands");
        assert_eq!(p.to_string(), "clans[1].units[3].stands");
        assert!(p.starts_with(&roster_path!("clans", 1_usize)));
        assert!(!p.starts_with(&roster_path!("clans", 2_usize)));
    }
}
