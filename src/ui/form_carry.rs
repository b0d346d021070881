//! What an action form keeps when the battle changes under it: each choice by what it names,
//! never by its place in a list that may have changed, and each number as typed. A choice
//! whose option is gone (a unit turned coat, an undo took a target away) is cleared and named,
//! for the umpire to choose again: the form never switches to another target by itself.

use super::form_fields::Answers;
use crate::engine::{ActionForm, Field};

/// The answers a form starts with after the battle changed, and what went stale.
pub struct Carried {
    /// The answers, in field order.
    pub answers: Answers,
    /// What went stale, in words.
    pub stale: Option<String>,
}

impl Carried {
    /// A form opened afresh: only what the state gives is answered.
    pub fn fresh(form: Option<&ActionForm>) -> Self {
        Self {
            answers: Answers::fresh(form),
            stale: None,
        }
    }

    /// The form being filled in is no longer open: nothing is chosen instead.
    pub fn gone(old: &ActionForm) -> Self {
        Self {
            stale: Some(format!(
                "{} is no longer open to this unit: what was chosen in it is cleared.",
                old.label
            )),
            ..Self::fresh(None)
        }
    }
}

/// The answers `given` to `old`, carried over to `new`, the same form as it is now.
pub fn carry_over(old: &ActionForm, given: &Answers, new: &ActionForm) -> Carried {
    let mut out = Carried::fresh(Some(new));
    let changed = || Carried {
        stale: Some(format!(
            "{} changed with the battle: check its fields again.",
            new.label
        )),
        ..Carried::fresh(Some(new))
    };
    if old.fields.len() != new.fields.len() {
        return changed();
    }
    let mut gone = Vec::new();
    for (i, (was, now)) in old.fields.iter().zip(&new.fields).enumerate() {
        let value = given.values.get(i).copied().flatten();
        let slot = &mut out.answers.values[i];
        match (was, now) {
            (
                Field::Choice {
                    options: before, ..
                },
                Field::Choice { label, options },
            ) => {
                let named = value.and_then(|v| before.get(v));
                match named.map(|n| options.iter().position(|o| o == n)) {
                    Some(Some(j)) => *slot = Some(j),
                    Some(None) => {
                        *slot = None;
                        gone.push(format!("{label} ({})", named.map_or("?", String::as_str)));
                    }
                    // Not chosen before: what the state gives now, if anything.
                    None => {}
                }
            }
            (Field::Toggle { .. }, Field::Toggle { .. }) => *slot = value,
            (
                Field::Flags {
                    options: before, ..
                },
                Field::Flags { label, options },
            ) => {
                let Some(mask) = value else { continue };
                let mut carried = 0;
                for (b, name) in before.iter().enumerate() {
                    if mask & (1 << b) == 0 {
                        continue;
                    }
                    match options.iter().position(|o| o == name) {
                        Some(j) => carried |= 1 << j,
                        None => gone.push(format!("{label} ({name})")),
                    }
                }
                *slot = Some(carried);
            }
            (Field::Number { .. }, Field::Number { .. }) => {
                // Kept as typed: bounds that changed show their error on the field.
                out.answers.texts[i] = given.texts.get(i).cloned().unwrap_or_default();
                *slot = value;
            }
            _ => return changed(),
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

    fn given(values: &[Option<usize>]) -> Answers {
        Answers {
            values: values.to_vec(),
            texts: vec![String::new(); values.len()],
        }
    }

    #[test]
    fn a_choice_follows_what_it_names_when_the_list_shifts() {
        let old = form(&["A", "B", "C"]);
        let new = form(&["B", "C"]);
        let c = carry_over(&old, &given(&[Some(2), Some(1)]), &new);
        assert_eq!(c.answers.values, vec![Some(1), Some(1)]);
        assert!(c.stale.is_none());
    }

    #[test]
    fn a_choice_whose_option_is_gone_is_cleared_and_named() {
        let old = form(&["A", "B"]);
        let new = form(&["B", "C"]);
        let c = carry_over(&old, &given(&[Some(0), Some(0)]), &new);
        assert_eq!(c.answers.values, vec![None, Some(0)]);
        assert_eq!(
            c.stale.as_deref(),
            Some("No longer there since the battle changed: Target (A). Choose again.")
        );
    }

    #[test]
    fn an_unanswered_yes_or_no_stays_unanswered() {
        let old = form(&["A", "B"]);
        let c = carry_over(&old, &given(&[Some(1), None]), &old);
        assert_eq!(c.answers.values, vec![Some(1), None]);
    }
}
