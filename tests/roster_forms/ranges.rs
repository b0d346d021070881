//! Every number of every rule set's roster has a range: whatever a hand writes outside what
//! the army builder offers (down to `-9223372036854775808`, up to `4294967295` and beyond),
//! `check` refuses it at its value or warns there, naming the range the rules give.

use gunbai::roster::RosterPath;
use gunbai::roster::builder::{Builder, field_kind};
use gunbai::roster::doc::{Record, Value};
use gunbai::roster::form::{FieldKind, RecordForm};

use crate::roster_support::{blank, name_everything, rule_sets};

/// What kind of number a field holds, to set it.
#[derive(Clone, Debug)]
enum Number {
    /// A plain number field.
    Plain,
    /// A score of this name in a map of scores (a weapon skill).
    Score(String),
    /// The number a choice carries (`Line(4)`).
    Arg(String),
}

/// Every number field of a form, with its range, the first item of each list standing for
/// all; and the holders and records met, which must be there for their numbers to be set.
fn numbers(
    form: &RecordForm,
    at: &RosterPath,
    out: &mut Vec<(RosterPath, Number, i64, i64)>,
    holders: &mut Vec<RosterPath>,
) {
    for f in &form.fields {
        let path = at.field(f.key);
        match &f.kind {
            FieldKind::Number { min, max, .. } => out.push((path, Number::Plain, *min, *max)),
            FieldKind::Scores {
                names, min, max, ..
            } => {
                if let Some(name) = names.first() {
                    out.push((path, Number::Score(name.ident.clone()), *min, *max));
                }
            }
            FieldKind::Choice(choices) => {
                if let Some((c, (lo, hi, _))) = choices.iter().find_map(|c| c.arg.map(|a| (c, a))) {
                    out.push((path, Number::Arg(c.ident.clone()), lo, hi));
                }
            }
            FieldKind::Record(inner) => {
                holders.push(path.clone());
                numbers(inner, &path, out, holders);
            }
            FieldKind::List { item, .. } => {
                holders.push(path.clone());
                numbers(item, &path.index(0), out, holders);
            }
            _ => {}
        }
    }
}

/// The value to set a number field to.
fn value(kind: &Number, n: i64) -> Value {
    match kind {
        Number::Plain => Value::Number(n),
        Number::Score(name) => Value::Scores(vec![(name.clone(), n)]),
        Number::Arg(ident) => Value::Choice(ident.clone(), Some(n)),
    }
}

/// Whether `check` said something about the number at `path`: an error there or anywhere
/// above it (a value refused as it is read), or a warning there that names a range.
fn answered(b: &Builder, path: &RosterPath) -> bool {
    let errors = b.errors().iter().any(|e| path.starts_with(&e.path));
    let warned = b.warnings().iter().any(|w| {
        w.path.starts_with(path) && w.message.contains(" to ") || w.message.contains("at most")
    });
    errors || warned
}

#[test]
fn every_number_of_every_rule_set_has_a_range_check_gives() {
    let mut silent = Vec::new();
    for info in rule_sets() {
        let mut base = blank(info);
        let (mut fields, mut holders) = (Vec::new(), Vec::new());
        numbers(
            &base.form.army.clone(),
            &RosterPath::root(),
            &mut fields,
            &mut holders,
        );
        for list in &holders {
            // An optional list or record left out is given, then every list holds an item.
            if matches!(base.value(list), Some(Value::Absent)) {
                let given = match field_kind(&base.form.army, list) {
                    Some(FieldKind::Record(form)) => Value::Record(Record::blank(form)),
                    _ => Value::List(Vec::new()),
                };
                base.set(list, given);
            }
            if matches!(base.value(list), Some(Value::List(items)) if items.is_empty()) {
                base.add(list);
            }
        }
        name_everything(&mut base);
        for (path, kind, min, max) in fields {
            let outside = [
                min.saturating_sub(1),
                max.saturating_add(1),
                i64::MIN,
                -1,
                i64::from(u32::MAX),
                i64::MAX,
            ];
            for n in outside.into_iter().filter(|n| !(min..=max).contains(n)) {
                let mut b = base.clone();
                if !b.set(&path, value(&kind, n)) {
                    silent.push(format!("{}: {path} cannot be set", info.key));
                    continue;
                }
                if !answered(&b, &path) {
                    silent.push(format!(
                        "{}: {path} = {n} passes without a word ({min} to {max} offered): {:?}",
                        info.key,
                        b.warnings()
                    ));
                }
            }
        }
    }
    assert!(silent.is_empty(), "{}", silent.join("\n"));
}
