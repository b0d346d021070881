//! A roster as the army builder holds it: records of values shaped by a [`RosterForm`].
//!
//! The builder edits these, writes them as commented RON ([`super::write_roster`]) and
//! reads any roster file back into them ([`read`]); the rule set's validator then checks
//! the written text, so the builder's verdict is `gunbai check`'s.

use super::form::{FieldForm, FieldKind, RecordForm, RosterForm};
use super::syntax::{self, Kind, Node};
use super::{RosterPath, Step};

/// One field's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Left out of the file (an optional field; the rules' default applies).
    Absent,
    /// Text.
    Text(String),
    /// A whole number.
    Number(i64),
    /// Yes or no.
    Flag(bool),
    /// One choice by its identifier (a [`FieldKind::Name`]'s string), with its number if it
    /// carries one.
    Choice(String, Option<i64>),
    /// Several choices by identifier (a set of identifiers or of names).
    Set(Vec<String>),
    /// Names with a whole number each, in the file's order.
    Scores(Vec<(String, i64)>),
    /// A record.
    Record(Record),
    /// A list of records.
    List(Vec<Record>),
}

/// A record's values, in its form's field order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Each field's key and value.
    pub fields: Vec<(&'static str, Value)>,
}

impl Record {
    /// A new record of this form: required fields (and optional ones marked given at the
    /// start) at their starting values, other optional ones left out, lists holding their
    /// fewest.
    pub fn blank(form: &RecordForm) -> Self {
        Self {
            fields: form
                .fields
                .iter()
                .map(|f| (f.key, Value::blank(f)))
                .collect(),
        }
    }

    /// The value of a field.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// The value of a field, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.fields
            .iter_mut()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }

    /// The text of a field, if it is text (a record's name, for headings).
    pub fn text(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(Value::Text(t)) => Some(t),
            _ => None,
        }
    }

    /// The value at `path` inside this record (a field's value, not a list's item).
    pub fn at(&self, path: &RosterPath) -> Option<&Value> {
        in_record(self, path.steps())
    }

    /// The value at `path` inside this record, to change.
    pub fn at_mut(&mut self, path: &RosterPath) -> Option<&mut Value> {
        in_record_mut(self, path.steps())
    }

    /// Sums a number field over this record and every record inside it; a record of a
    /// form with the field that leaves it out counts as the total says.
    pub fn total(&self, form: &RecordForm, total: &super::form::Total) -> i64 {
        let mut sum = 0;
        for (f, (_, value)) in form.fields.iter().zip(&self.fields) {
            match (&f.kind, value) {
                (FieldKind::Number { .. }, Value::Number(n)) if f.key == total.key => sum += n,
                (FieldKind::Number { .. }, Value::Absent) if f.key == total.key => {
                    sum += total
                        .absent_when
                        .iter()
                        .find(|(field, choice, _)| {
                            matches!(self.get(field), Some(Value::Choice(c, _)) if c == choice)
                        })
                        .map_or(total.absent, |(_, _, n)| *n);
                }
                (FieldKind::Record(inner), Value::Record(r)) => sum += r.total(inner, total),
                (FieldKind::List { item, .. }, Value::List(items)) => {
                    sum += items.iter().map(|r| r.total(item, total)).sum::<i64>();
                }
                _ => {}
            }
        }
        sum
    }
}

fn in_record<'a>(record: &'a Record, steps: &[Step]) -> Option<&'a Value> {
    let (Step::Field(key), rest) = steps.split_first()? else {
        return None;
    };
    in_value(record.get(key)?, rest)
}

fn in_value<'a>(value: &'a Value, steps: &[Step]) -> Option<&'a Value> {
    match (steps.split_first(), value) {
        (None, _) => Some(value),
        (Some((Step::Index(i), rest)), Value::List(items)) => in_record(items.get(*i)?, rest),
        (Some((Step::Field(_), _)), Value::Record(r)) => in_record(r, steps),
        _ => None,
    }
}

fn in_record_mut<'a>(record: &'a mut Record, steps: &[Step]) -> Option<&'a mut Value> {
    let (Step::Field(key), rest) = steps.split_first()? else {
        return None;
    };
    in_value_mut(record.get_mut(key)?, rest)
}

fn in_value_mut<'a>(value: &'a mut Value, steps: &[Step]) -> Option<&'a mut Value> {
    match (steps.split_first(), value) {
        (None, value) => Some(value),
        (Some((Step::Index(i), rest)), Value::List(items)) => {
            in_record_mut(items.get_mut(*i)?, rest)
        }
        (Some((Step::Field(_), _)), Value::Record(r)) => in_record_mut(r, steps),
        _ => None,
    }
}

impl Value {
    /// A new field's value (see [`Record::blank`]): the form's starting value if it gives
    /// one.
    pub fn blank(field: &FieldForm) -> Self {
        if let Some(start) = &field.start {
            return start.clone();
        }
        if field.optional {
            return Self::Absent;
        }
        Self::start(&field.kind)
    }

    /// The value a field takes when it is first given.
    pub fn start(kind: &FieldKind) -> Self {
        match kind {
            FieldKind::Text => Self::Text(String::new()),
            FieldKind::Number { default, .. } => Self::Number(*default),
            FieldKind::Flag => Self::Flag(false),
            FieldKind::Choice(choices) | FieldKind::Name(choices) => {
                choices.first().map_or(Self::Absent, |c| {
                    Self::Choice(c.ident.clone(), c.arg.map(|(_, _, d)| d))
                })
            }
            FieldKind::Scores { .. } => Self::Scores(Vec::new()),
            FieldKind::Set(_) | FieldKind::Names(_) => Self::Set(Vec::new()),
            FieldKind::Record(form) => Self::Record(Record::blank(form)),
            FieldKind::List { item, min, .. } => {
                Self::List((0..*min).map(|_| Record::blank(item)).collect())
            }
        }
    }
}

/// A roster file the builder cannot open, with the byte it stops at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Byte offset in the text.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a roster's text into the builder's records.
///
/// # Errors
/// Text that is not RON, or holds a field, value or choice the form does not have.
pub fn read(form: &RosterForm, source: &str) -> Result<Record, ReadError> {
    let tree = syntax::parse(source).map_err(|e| ReadError {
        at: e.at,
        message: format!("expected {}", e.expected),
    })?;
    record(&form.army, &tree)
}

fn wrong(node: &Node, message: String) -> ReadError {
    ReadError {
        at: node.start,
        message,
    }
}

fn record(form: &RecordForm, node: &Node) -> Result<Record, ReadError> {
    let node = node.unwrap_some();
    // `()`: a record whose fields are all left out (a figure of every default).
    let fields: &[syntax::Field] = match &node.kind {
        Kind::Record(fields) => fields,
        Kind::Tuple(None, items) if items.is_empty() => &[],
        _ => return Err(wrong(node, format!("expected a {} in brackets", form.noun))),
    };
    if let Some(extra) = fields.iter().find(|f| form.field(&f.key).is_none()) {
        return Err(ReadError {
            at: extra.key_start,
            message: format!("`{}` is not a field of the {}", extra.key, form.noun),
        });
    }
    let mut out = Vec::with_capacity(form.fields.len());
    for f in &form.fields {
        let value = match fields.iter().find(|x| x.key == f.key) {
            Some(given) => value(f, &given.value)?,
            None if f.optional => Value::Absent,
            None => {
                return Err(wrong(
                    node,
                    format!("this {} needs `{}` ({})", form.noun, f.key, f.label),
                ));
            }
        };
        out.push((f.key, value));
    }
    Ok(Record { fields: out })
}

fn number(node: &Node) -> Option<i64> {
    match &node.unwrap_some().kind {
        Kind::Number(n) => n.replace('_', "").parse().ok(),
        _ => None,
    }
}

/// One string from `choices`, in quotes.
fn one_name(label: &str, choices: &[super::form::Choice], node: &Node) -> Result<Value, ReadError> {
    match &node.kind {
        Kind::Text(t) if choices.iter().any(|c| c.ident == *t) => {
            Ok(Value::Choice(t.clone(), None))
        }
        Kind::Text(t) => Err(wrong(
            node,
            format!("{label}: `{t}` is not one of its choices"),
        )),
        _ => Err(wrong(node, format!("{label}: expected a name in quotes"))),
    }
}

/// A list of `choices`, each at most once: strings when `quoted`, else identifiers.
fn set(
    label: &str,
    choices: &[super::form::Choice],
    quoted: bool,
    node: &Node,
) -> Result<Value, ReadError> {
    let Kind::List(items) = &node.kind else {
        return Err(wrong(node, format!("{label}: expected a list in [ ]")));
    };
    let mut out: Vec<String> = Vec::new();
    for item in items {
        let ident = match (&item.kind, quoted) {
            (Kind::Text(t), true) | (Kind::Word(t), false) => t,
            _ => return Err(wrong(item, format!("{label}: expected one of its choices"))),
        };
        if !choices.iter().any(|c| c.ident == *ident) {
            return Err(wrong(
                item,
                format!("{label}: `{ident}` is not one of its choices"),
            ));
        }
        if out.contains(ident) {
            return Err(wrong(item, format!("{label}: `{ident}` is listed twice")));
        }
        out.push(ident.clone());
    }
    Ok(Value::Set(out))
}

/// A map of names from `names` to whole numbers in `range`, each name at most once.
fn scores(
    label: &str,
    names: &[super::form::Choice],
    (min, max): (i64, i64),
    node: &Node,
) -> Result<Value, ReadError> {
    let Kind::Map(entries) = &node.kind else {
        return Err(wrong(node, format!("{label}: expected a map in {{ }}")));
    };
    let mut out: Vec<(String, i64)> = Vec::new();
    for (key, score) in entries {
        let Kind::Text(name) = &key.kind else {
            return Err(wrong(key, format!("{label}: expected a name in quotes")));
        };
        if !names.iter().any(|c| c.ident == *name) {
            return Err(wrong(
                key,
                format!("{label}: `{name}` is not one of its choices"),
            ));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(wrong(key, format!("{label}: `{name}` is listed twice")));
        }
        // Any whole number opens: the form's range bounds the builder's own edits, and
        // the rule set's validator says what it makes of a number a hand wrote.
        match number(score) {
            Some(n) => out.push((name.clone(), n)),
            None => {
                return Err(wrong(
                    score,
                    format!("{label}: {name} takes a whole number from {min} to {max}"),
                ));
            }
        }
    }
    Ok(Value::Scores(out))
}

fn value(field: &FieldForm, node: &Node) -> Result<Value, ReadError> {
    let node = node.unwrap_some();
    let label = &field.label;
    match &field.kind {
        FieldKind::Text => match &node.kind {
            Kind::Text(t) => Ok(Value::Text(t.clone())),
            _ => Err(wrong(node, format!("{label}: expected text in quotes"))),
        },
        // Any whole number opens (see `scores`): a file edited by hand with a value the
        // builder would not offer still opens, and its warning or error shows beside it.
        FieldKind::Number { min, max, .. } => match number(node) {
            Some(n) => Ok(Value::Number(n)),
            None => Err(wrong(
                node,
                format!("{label}: expected a whole number ({min} to {max})"),
            )),
        },
        FieldKind::Flag => match &node.kind {
            Kind::Word(w) if w == "true" => Ok(Value::Flag(true)),
            Kind::Word(w) if w == "false" => Ok(Value::Flag(false)),
            _ => Err(wrong(node, format!("{label}: expected true or false"))),
        },
        FieldKind::Choice(choices) => {
            let (ident, arg) = match &node.kind {
                Kind::Word(w) => (w.as_str(), None),
                Kind::Tuple(Some(name), items) if items.len() == 1 => {
                    (name.as_str(), Some(&items[0]))
                }
                _ => return Err(wrong(node, format!("{label}: expected one of its choices"))),
            };
            let choice = choices.iter().find(|c| c.ident == ident).ok_or_else(|| {
                wrong(
                    node,
                    format!(
                        "{label}: `{ident}` is not one of {}",
                        choices
                            .iter()
                            .map(|c| c.ident.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?;
            match (choice.arg, arg) {
                (None, None) => Ok(Value::Choice(ident.to_owned(), None)),
                (Some((min, max, _)), Some(arg)) => match number(arg) {
                    Some(n) => Ok(Value::Choice(ident.to_owned(), Some(n))),
                    None => Err(wrong(
                        arg,
                        format!("{label}: {ident} takes a whole number from {min} to {max}"),
                    )),
                },
                (Some(_), None) => Err(wrong(node, format!("{label}: {ident} needs its number"))),
                (None, Some(_)) => Err(wrong(node, format!("{label}: {ident} takes no number"))),
            }
        }
        FieldKind::Name(choices) => one_name(label, choices, node),
        FieldKind::Scores {
            names, min, max, ..
        } => scores(label, names, (*min, *max), node),
        FieldKind::Set(choices) | FieldKind::Names(choices) => set(
            label,
            choices,
            matches!(field.kind, FieldKind::Names(_)),
            node,
        ),
        FieldKind::Record(form) => Ok(Value::Record(record(form, node)?)),
        FieldKind::List { item, .. } => {
            let Kind::List(items) = &node.kind else {
                return Err(wrong(node, format!("{label}: expected a list in [ ]")));
            };
            if items.len() > super::MAX_LISTED {
                return Err(wrong(
                    node,
                    format!("{label}: more than {} listed", super::MAX_LISTED),
                ));
            }
            Ok(Value::List(
                items
                    .iter()
                    .map(|n| record(item, n))
                    .collect::<Result<_, _>>()?,
            ))
        }
    }
}
