//! What the surface offers now, listed for the check that declared triggers are checked: every
//! card's answers and every value of every action form. A form whose choices and numbers run
//! to more combinations than can be listed is listed with its numbers as ranges: its choices
//! are each planned once with the numbers at their least, and a number a form carries into the
//! command one for one becomes a range of the values its field allows.

use std::collections::HashSet;

use gunbai::engine::action::{ActionForm, Field};
use gunbai::engine::surface::{card_commands, unit_ids};
use gunbai::engine::{Battle, RuleSet};

/// The most plans listed for one form.
const CAP: usize = 4000;

/// The commands on offer, by their RON text.
pub struct Offered {
    exact: HashSet<String>,
    patterns: Vec<Pattern>,
}

impl Offered {
    /// Whether a command's RON text is on offer.
    pub fn contains(&self, text: &str) -> bool {
        self.exact.contains(text) || self.patterns.iter().any(|p| p.matches(text))
    }
}

/// A command's RON text with some of its numbers free within a range.
struct Pattern {
    /// The text between the values, one more than the values.
    literals: Vec<String>,
    /// Each value: as written, or any number within a range.
    values: Vec<Value>,
}

enum Value {
    Is(String),
    Within(u64, u64),
}

impl Pattern {
    fn matches(&self, text: &str) -> bool {
        let (literals, values) = split(text);
        literals == self.literals
            && values.len() == self.values.len()
            && values.iter().zip(&self.values).all(|(v, p)| match p {
                Value::Is(s) => v == s,
                Value::Within(lo, hi) => v.parse::<u64>().is_ok_and(|n| (*lo..=*hi).contains(&n)),
            })
    }
}

/// A RON text cut at its values: the text between them, and the values.
fn split(text: &str) -> (Vec<String>, Vec<String>) {
    let mut literals = Vec::new();
    let mut values = Vec::new();
    let mut at = 0;
    for (start, end) in value_spots(text) {
        literals.push(text[at..start].to_owned());
        values.push(text[start..end].to_owned());
        at = end;
    }
    literals.push(text[at..].to_owned());
    (literals, values)
}

/// Byte ranges of the numbers and booleans in a RON text, outside its strings (a name the
/// umpire typed is his to choose).
pub fn value_spots(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spots = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            continue;
        }
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if bytes[i].is_ascii_digit() && word_start {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spots.push((start, i));
            continue;
        }
        for word in ["true", "false"] {
            let end = i + word.len();
            let ends_word = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
            if word_start && text[i..].starts_with(word) && ends_word {
                spots.push((i, end));
            }
        }
        i += 1;
    }
    spots
}

/// A number field's least and most values; `None` for any other field.
fn number_range(field: &Field) -> Option<(usize, usize)> {
    match field {
        Field::Number { bounds, .. } => Some((bounds.min, bounds.max.max(bounds.min))),
        _ => None,
    }
}

/// How many values a field takes.
fn size(field: &Field) -> usize {
    match field {
        Field::Choice { options, .. } => options.len().max(1),
        Field::Toggle { .. } => 2,
        _ => number_range(field).map_or(1, |(min, max)| max - min + 1),
    }
}

/// Every combination of values of the fields `free` (the others at their least), or none if
/// there are more than `CAP`.
fn combinations(form: &ActionForm, free: &[bool]) -> Option<Vec<Vec<usize>>> {
    let sizes: Vec<usize> = form
        .fields
        .iter()
        .zip(free)
        .map(|(f, free)| if *free { size(f) } else { 1 })
        .collect();
    let total = sizes
        .iter()
        .try_fold(1usize, |acc, s| acc.checked_mul(*s))?;
    if total > CAP {
        return None;
    }
    let least: Vec<usize> = form
        .fields
        .iter()
        .map(|f| number_range(f).map_or(0, |(min, _)| min))
        .collect();
    Some(
        (0..total)
            .map(|mut k| {
                sizes
                    .iter()
                    .zip(&least)
                    .map(|(size, min)| {
                        let v = min + k % size;
                        k /= size;
                        v
                    })
                    .collect()
            })
            .collect(),
    )
}

/// Every command the surface offers now, if they can all be listed (`None` when a form has
/// too many combinations of choices to list, or a number it does not carry one for one).
pub fn everything<R: RuleSet>(b: &Battle<R>) -> Option<Offered> {
    let key = |c: &R::Command| ron::to_string(c).unwrap_or_default();
    let mut offered = Offered {
        exact: card_commands::<R>(b.rules(), b.state())
            .iter()
            .map(|(_, c)| key(c))
            .collect(),
        patterns: Vec::new(),
    };
    offered.exact.extend(R::end_battle().iter().map(key));
    for unit in unit_ids(&R::view(b.rules(), b.state())) {
        for form in R::action_forms(b.rules(), b.state(), &unit) {
            let plan = |values: &[usize]| {
                R::action(b.rules(), b.state(), &unit, &form.key, values)
                    .ok()
                    .map(|p| key(&p.command))
            };
            if let Some(all) = combinations(&form, &vec![true; form.fields.len()]) {
                offered.exact.extend(all.iter().filter_map(|v| plan(v)));
                continue;
            }
            let choices: Vec<bool> = form
                .fields
                .iter()
                .map(|f| number_range(f).is_none())
                .collect();
            for values in combinations(&form, &choices)? {
                let Some(base) = plan(&values) else { continue };
                offered.patterns.push(ranged(&form, &values, &base, &plan)?);
            }
        }
    }
    Some(offered)
}

/// The command `base` that `values` planned, with each number the form carries one for one
/// into it free over its field's range; `None` when a number does not show in the command
/// as one value that moves with it.
fn ranged(
    form: &ActionForm,
    values: &[usize],
    base: &str,
    plan: &dyn Fn(&[usize]) -> Option<String>,
) -> Option<Pattern> {
    let (literals, written) = split(base);
    let mut pattern: Vec<Value> = written.iter().map(|v| Value::Is(v.clone())).collect();
    for (i, field) in form.fields.iter().enumerate() {
        let Some((min, max)) = number_range(field) else {
            continue;
        };
        if max == min {
            continue;
        }
        let mut next = values.to_vec();
        next[i] = min + 1;
        let (next_literals, next_written) = split(&plan(&next)?);
        if next_literals != literals || next_written.len() != written.len() {
            return None;
        }
        let moved: Vec<usize> = (0..written.len())
            .filter(|&k| written[k] != next_written[k])
            .collect();
        let [k] = moved[..] else { return None };
        let (v0, v1) = (
            written[k].parse::<u64>().ok()?,
            next_written[k].parse::<u64>().ok()?,
        );
        if v1 != v0 + 1 {
            return None;
        }
        pattern[k] = Value::Within(v0, v0 + (max - min) as u64);
    }
    Some(Pattern {
        literals,
        values: pattern,
    })
}

#[test]
fn a_number_listed_as_a_range_is_offered_within_it_and_only_there() {
    let (literals, _) = split("Fire(unit:(1,0,3),distance_cm:0,volley:false)");
    let pattern = Pattern {
        literals,
        values: vec![
            Value::Is("1".into()),
            Value::Is("0".into()),
            Value::Is("3".into()),
            Value::Within(0, 30),
            Value::Is("false".into()),
        ],
    };
    let offered = Offered {
        exact: HashSet::new(),
        patterns: vec![pattern],
    };
    assert!(offered.contains("Fire(unit:(1,0,3),distance_cm:30,volley:false)"));
    assert!(!offered.contains("Fire(unit:(1,0,3),distance_cm:31,volley:false)"));
    assert!(!offered.contains("Fire(unit:(1,0,4),distance_cm:3,volley:false)"));
    assert!(!offered.contains("Fire(unit:(1,0,3),distance_cm:3,volley:true)"));
}
