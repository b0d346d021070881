//! What an action form keeps when the battle changes under it: each choice by what it names,
//! never by its place in a list that may have changed. A choice whose option is gone (a unit
//! turned coat, an undo took a target away) is cleared and named, for the umpire to choose
//! again: the form never switches to another target by itself.

use crate::engine::{ActionForm, Field};

/// The values a form starts with after the battle changed, and what went stale.
pub struct Carried {
    /// The values, in field order.
    pub values: Vec<usize>,
    /// Choices to be made again.
    pub unset: Vec<bool>,
    /// What went stale, in words.
    pub stale: Option<String>,
}

impl Carried {
    /// A form opened afresh: its defaults.
    pub fn fresh(form: Option<&ActionForm>) -> Self {
        let values = form.map(ActionForm::defaults).unwrap_or_default();
        Self {
            unset: vec![false; values.len()],
            values,
            stale: None,
        }
    }

    /// The form being filled in is no longer open: the one shown instead starts afresh.
    pub fn gone(old: &ActionForm, now: Option<&ActionForm>) -> Self {
        Self {
            stale: Some(format!(
                "{} is no longer open to this unit: what was chosen in it is cleared.",
                old.label
            )),
            ..Self::fresh(now)
        }
    }
}

/// The values of `old` (with `unset` choices still to make), carried over to `new`, the same
/// form as it is now.
pub fn carry_over(old: &ActionForm, values: &[usize], unset: &[bool], new: &ActionForm) -> Carried {
    let mut out = Carried::fresh(Some(new));
    if old.fields.len() != new.fields.len() {
        out.stale = Some(format!(
            "{} changed with the battle: check its fields again.",
            new.label
        ));
        return out;
    }
    let mut gone = Vec::new();
    for (i, (was, now)) in old.fields.iter().zip(&new.fields).enumerate() {
        let value = values.get(i).copied().unwrap_or(0);
        let still_unset = unset.get(i).copied().unwrap_or(false);
        match (was, now) {
            (
                Field::Choice {
                    options: before, ..
                },
                Field::Choice { label, options },
            ) => {
                let named = before.get(value);
                match named.and_then(|n| options.iter().position(|o| o == n)) {
                    Some(j) if !still_unset => out.values[i] = j,
                    _ => {
                        out.unset[i] = true;
                        if !still_unset {
                            gone.push(format!("{label} ({})", named.map_or("?", String::as_str)));
                        }
                    }
                }
            }
            (Field::Toggle { .. }, Field::Toggle { .. }) => out.values[i] = value,
            (Field::Number { .. }, Field::Number { min, max, .. }) => {
                out.values[i] = value.clamp(*min, (*max).max(*min));
            }
            _ => {
                out.stale = Some(format!(
                    "{} changed with the battle: check its fields again.",
                    new.label
                ));
                return Carried {
                    stale: out.stale,
                    ..Carried::fresh(Some(new))
                };
            }
        }
    }
    if !gone.is_empty() {
        out.stale = Some(format!(
            "No longer there since the battle changed: {}. Choose again.",
            gone.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(targets: &[&str]) -> ActionForm {
        ActionForm::new("fire", "Fire", "")
            .choice("Target", targets.iter().map(|t| (*t).to_owned()).collect())
            .toggle("In cover")
    }

    #[test]
    fn a_choice_follows_what_it_names_when_the_list_shifts() {
        let old = form(&["A", "B", "C"]);
        let new = form(&["B", "C"]);
        let c = carry_over(&old, &[2, 1], &[false, false], &new);
        assert_eq!(c.values, vec![1, 1]);
        assert_eq!(c.unset, vec![false, false]);
        assert!(c.stale.is_none());
    }

    #[test]
    fn a_choice_whose_option_is_gone_is_cleared_and_named() {
        let old = form(&["A", "B"]);
        let new = form(&["B"]);
        let c = carry_over(&old, &[0, 0], &[false, false], &new);
        assert_eq!(c.unset, vec![true, false]);
        assert_eq!(
            c.stale.as_deref(),
            Some("No longer there since the battle changed: Target (A). Choose again.")
        );
    }
}
