//! Writes the builder's records as the commented RON the shipped rosters use.
//!
//! The output is a function of the records alone (fixed field order, fixed layout), so an
//! army saved, opened and saved again gives the same file byte for byte.

use std::fmt::Write as _;

use super::doc::{Record, Value};
use super::form::{FieldKind, RecordForm, RosterForm};

/// The widest a record is written on one line before its fields go one per line.
const ONE_LINE: usize = 100;

/// The roster file for `army`: `title` and the form's notes as comments, then the army.
pub fn write_roster(form: &RosterForm, title: &str, army: &Record) -> String {
    let mut out = String::new();
    for line in std::iter::once(title).chain(form.about.iter().map(String::as_str)) {
        for part in line.lines() {
            let _ = writeln!(out, "// {part}");
        }
    }
    out.push_str(&multi_line(&form.army, army, 0));
    out.push('\n');
    out
}

fn indent(depth: usize) -> String {
    "    ".repeat(depth)
}

/// A record with each field on its own line, at `depth`.
fn multi_line(form: &RecordForm, record: &Record, depth: usize) -> String {
    let mut out = String::from("(\n");
    for (f, (_, value)) in form.fields.iter().zip(&record.fields) {
        if *value == Value::Absent {
            continue;
        }
        let _ = writeln!(
            out,
            "{}{}: {},",
            indent(depth + 1),
            f.key,
            field(&f.kind, value, depth + 1)
        );
    }
    out.push_str(&indent(depth));
    out.push(')');
    out
}

/// A record on one line, if it has no list of records and fits.
fn one_line(form: &RecordForm, record: &Record) -> Option<String> {
    if form.has_list() {
        return None;
    }
    let parts: Vec<String> = form
        .fields
        .iter()
        .zip(&record.fields)
        .filter(|(_, (_, v))| *v != Value::Absent)
        .map(|(f, (_, v))| format!("{}: {}", f.key, field(&f.kind, v, 0)))
        .collect();
    let line = format!("({})", parts.join(", "));
    (line.chars().count() <= ONE_LINE).then_some(line)
}

fn record(form: &RecordForm, record: &Record, depth: usize) -> String {
    one_line(form, record).unwrap_or_else(|| multi_line(form, record, depth))
}

fn field(kind: &FieldKind, value: &Value, depth: usize) -> String {
    match (kind, value) {
        (_, Value::Text(t)) => quote(t),
        (_, Value::Number(n)) => n.to_string(),
        (_, Value::Flag(b)) => b.to_string(),
        (FieldKind::Name(_), Value::Choice(ident, _)) => quote(ident),
        (_, Value::Choice(ident, None)) => ident.clone(),
        (_, Value::Choice(ident, Some(n))) => format!("{ident}({n})"),
        (FieldKind::Names(_), Value::Set(items)) => list(items.iter().map(|s| quote(s))),
        (_, Value::Set(items)) => list(items.iter().cloned()),
        (_, Value::Scores(items)) => format!(
            "{{{}}}",
            items
                .iter()
                .map(|(name, n)| format!("{}: {n}", quote(name)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        (FieldKind::Record(form), Value::Record(r)) => record(form, r, depth),
        (FieldKind::List { item, .. }, Value::List(items)) => {
            if items.is_empty() {
                return "[]".into();
            }
            let mut out = String::from("[\n");
            for r in items {
                let _ = writeln!(out, "{}{},", indent(depth + 1), record(item, r, depth + 1));
            }
            out.push_str(&indent(depth));
            out.push(']');
            out
        }
        // A value of the wrong kind for its field is the builder's own error: write what
        // it is, and the validator will say what is wrong with the file.
        (_, Value::Record(r)) => format!("{r:?}"),
        (_, Value::List(_) | Value::Absent) => "[]".into(),
    }
}

fn list(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}

/// A RON string literal.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::roster::doc::read;
    use crate::roster::form::{Choice, FieldForm};

    fn form() -> RosterForm {
        let unit = RecordForm::new(
            "unit",
            vec![
                FieldForm::required("name", "Name", "", FieldKind::Text),
                FieldForm::required(
                    "formation",
                    "Formation",
                    "",
                    FieldKind::Choice(vec![
                        Choice::with_number("Line", "Line", 1, 8, 4),
                        Choice::new("Column", "Column"),
                    ]),
                ),
                FieldForm::optional(
                    "stands",
                    "Stands",
                    "",
                    FieldKind::Number {
                        min: 1,
                        max: 12,
                        default: 6,
                    },
                ),
                FieldForm::required(
                    "weapons",
                    "Weapons",
                    "",
                    FieldKind::Names(vec![Choice::new("Katana", "Katana")]),
                ),
                FieldForm::required(
                    "main",
                    "Main weapon",
                    "",
                    FieldKind::Name(vec![Choice::new("Katana", "Katana")]),
                ),
                FieldForm::optional(
                    "skills",
                    "Skills",
                    "",
                    FieldKind::Scores {
                        names: vec![Choice::new("Katana", "Katana"), Choice::new("Kyu", "Kyu")],
                        min: -2,
                        max: 9,
                        default: 1,
                    },
                ),
            ],
        );
        RosterForm {
            about: vec!["Two lines\nof notes.".into()],
            totals: vec![crate::roster::form::Total::new("stands", "stand")],
            army: RecordForm::new(
                "army",
                vec![
                    FieldForm::required("name", "Name", "", FieldKind::Text),
                    FieldForm::required(
                        "units",
                        "Units",
                        "",
                        FieldKind::List {
                            item: unit,
                            min: 1,
                            max: 40,
                        },
                    ),
                ],
            ),
        }
    }

    #[test]
    fn a_written_army_reads_back_to_the_same_records_and_text() {
        let form = form();
        let mut army = Record::blank(&form.army);
        *army.get_mut("name").unwrap() = Value::Text("Odd \"name\" \\ 武田\n".into());
        let skills = crate::roster_path!("units", 0_usize, "skills");
        if let Some(slot) = army.at_mut(&skills) {
            *slot = Value::Scores(vec![("Kyu".into(), -2), ("Katana".into(), 4)]);
        }
        let text = write_roster(&form, "A test army", &army);
        assert!(text.starts_with("// A test army\n// Two lines\n// of notes.\n("));
        let back = read(&form, &text).unwrap();
        assert_eq!(back, army);
        assert_eq!(write_roster(&form, "A test army", &back), text);
        assert!(text.contains(
            "(name: \"\", formation: Line(4), weapons: [], main: \"Katana\", skills: {\"Kyu\": -2, \"Katana\": 4}),"
        ));
    }
}
