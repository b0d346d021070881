//! Builders for the roster tests: armies made the way the builder makes them.

#![allow(dead_code)]

use gunbai::roster::RosterPath;
use gunbai::roster::builder::Builder;
use gunbai::roster::doc::{Record, Value};
use gunbai::roster::form::{FieldKind, RecordForm};
use gunbai::rules::{RULE_SETS, RuleSetInfo};

/// A blank builder for a rule set.
pub fn blank(info: &RuleSetInfo) -> Builder {
    Builder::blank(info.key, info.title, (info.roster_form)(), info.check_fn())
}

/// The path of every empty text field in the army, in form order.
pub fn empty_texts(b: &Builder) -> Vec<RosterPath> {
    b.empty_text_fields()
}

/// Gives every empty text field its own name, as an umpire filling in a blank army would.
pub fn name_everything(b: &mut Builder) {
    for (n, path) in empty_texts(b).into_iter().enumerate() {
        b.set(&path, Value::Text(format!("Name {}", n + 1)));
    }
}

/// Every rule set.
pub fn rule_sets() -> &'static [RuleSetInfo] {
    RULE_SETS
}

/// Takes numbers off a tape of random draws (proptest shrinks the tape), 0 when it ends.
pub struct Tape<'a> {
    draws: &'a [u32],
    at: usize,
}

impl<'a> Tape<'a> {
    /// A tape of draws.
    pub fn new(draws: &'a [u32]) -> Self {
        Self { draws, at: 0 }
    }

    /// A number below `n` (0 when `n` is 0 or the tape has run out).
    pub fn below(&mut self, n: usize) -> usize {
        let d = self.draws.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        if n == 0 { 0 } else { d as usize % n }
    }
}

/// Any army the builder's controls can make: every field set to one of the values its
/// widget offers, lists of any length the builder allows (kept small), optional fields
/// given or left out, names drawn from a few (so names used twice happen).
pub fn random_record(form: &RecordForm, tape: &mut Tape<'_>, depth: usize) -> Record {
    Record {
        fields: form
            .fields
            .iter()
            .map(|f| {
                let value = if f.optional && tape.below(3) == 0 {
                    Value::Absent
                } else {
                    random_value(&f.kind, tape, depth)
                };
                (f.key, value)
            })
            .collect(),
    }
}

const NAMES: &[&str] = &[
    "",
    "Takeda",
    "Oda 織田",
    "Ii's \"red\" devils",
    "Kosaka",
    "Baba",
];

fn random_value(kind: &FieldKind, tape: &mut Tape<'_>, depth: usize) -> Value {
    match kind {
        FieldKind::Text => {
            let base = NAMES[tape.below(NAMES.len())];
            let n = tape.below(40);
            Value::Text(if base.is_empty() || n < 10 {
                base.to_owned()
            } else {
                format!("{base} {n}")
            })
        }
        FieldKind::Number { min, max, .. } => {
            let span = usize::try_from(max - min).unwrap_or(0) + 1;
            Value::Number(min + tape.below(span) as i64)
        }
        FieldKind::Flag => Value::Flag(tape.below(2) == 1),
        FieldKind::Choice(choices) | FieldKind::Name(choices) => {
            let c = &choices[tape.below(choices.len())];
            let arg = c.arg.map(|(lo, hi, _)| {
                let span = usize::try_from(hi - lo).unwrap_or(0) + 1;
                lo + tape.below(span) as i64
            });
            Value::Choice(c.ident.clone(), arg)
        }
        FieldKind::Set(choices) | FieldKind::Names(choices) => Value::Set(
            choices
                .iter()
                .filter(|_| tape.below(3) == 0)
                .map(|c| c.ident.clone())
                .collect(),
        ),
        FieldKind::Scores {
            names, min, max, ..
        } => {
            let span = usize::try_from(max - min).unwrap_or(0) + 1;
            let mut scores = Vec::new();
            for c in names {
                if tape.below(8) == 0 {
                    scores.push((c.ident.clone(), min + tape.below(span) as i64));
                }
            }
            Value::Scores(scores)
        }
        FieldKind::Record(form) => Value::Record(random_record(form, tape, depth + 1)),
        FieldKind::List { item, min, max } => {
            let most = (*max).min(if depth == 0 { 4 } else { 3 });
            let n = if most <= *min {
                *min
            } else {
                min + tape.below(most - min + 1)
            };
            Value::List(
                (0..n)
                    .map(|_| random_record(item, tape, depth + 1))
                    .collect(),
            )
        }
    }
}
