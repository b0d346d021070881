//! A journal's header checked like a roster, before anything is replayed.
//!
//! The header holds both armies as they were loaded when the battle began. A battle can only
//! have begun with armies its rule set's roster validation accepted, so the header's armies
//! must pass that validation again, bounds included, and come out of it unchanged: written
//! as an army file ([`RuleSet::army_roster`]), each is read back by the rule set's own loader. One check, the same as
//! `gunbai check`, for every rule set; nothing is built from an army before it passes.

use std::path::Path;

use super::super::error::BattleError;
use super::super::journal::{Header, damaged};
use super::super::ruleset::RuleSet;
use crate::roster::{RosterPath, RosterText, Step};
use serde_json::Value;

/// The most characters of a value quoted in a refusal.
const QUOTE_CHARS: usize = 60;

/// A value's path, with the name of the unit, clan or leader it lies in (the innermost
/// value along the path that has a name): `clans[0].units[2].stands, of Nobushige's Yari`.
fn where_in(army: &Value, path: &RosterPath) -> String {
    let mut named = None;
    let mut value = Some(army);
    for step in path.steps() {
        value = value.and_then(|v| match step {
            Step::Field(key) => v.get(key.as_ref()),
            Step::Index(i) => v.get(i),
        });
        if let Some(name) = value.and_then(|v| v.get("name")).and_then(Value::as_str) {
            named = Some(name);
        }
    }
    match named {
        Some(name) => format!("{path}, of {name}"),
        None => path.to_string(),
    }
}

/// The value at a path, if there is one.
fn at<'a>(value: &'a Value, path: &RosterPath) -> Option<&'a Value> {
    path.steps().iter().try_fold(value, |v, step| match step {
        Step::Field(key) => v.get(key.as_ref()),
        Step::Index(i) => v.get(i),
    })
}

/// A value in a few characters (nothing: "nothing").
fn short(value: Option<&Value>) -> String {
    let text = value.map_or_else(|| "nothing".to_owned(), Value::to_string);
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Finds the first place two values differ, leaving its path in `path`; `false` if they
/// are the same.
fn first_difference(a: &Value, b: &Value, path: &mut RosterPath) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            for key in keys {
                let (Some(u), Some(v)) = (x.get(key), y.get(key)) else {
                    path.0.push(Step::Field(key.clone().into()));
                    return true;
                };
                path.0.push(Step::Field(key.clone().into()));
                if first_difference(u, v, path) {
                    return true;
                }
                path.0.pop();
            }
            false
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                path.0.push(Step::Index(i));
                if first_difference(u, v, path) {
                    return true;
                }
                path.0.pop();
            }
            false
        }
        _ => a != b,
    }
}

/// Checks both armies of a header with the rule set's roster validation.
///
/// # Errors
/// Damage at line 1, naming the army and its first problem.
pub(super) fn check_armies<R: RuleSet>(
    path: &Path,
    header: &Header<R::Army>,
) -> Result<(), BattleError> {
    for (side, army) in header.armies.iter().enumerate() {
        check_army::<R>(army).map_err(|why| {
            damaged(
                path,
                1,
                &format!(
                    "the header's army {} is not one Gunbai could have begun a battle with: {why}",
                    side + 1
                ),
            )
        })?;
    }
    Ok(())
}

/// A header's house rules that do not fit the rule set's tables (a table value overridden
/// out of its range, a ruling it does not have) are damage at line 1, naming the house rule.
pub(super) fn house_rules_at_line_1(path: &Path, error: BattleError) -> BattleError {
    match error {
        BattleError::Reference(e) => damaged(path, 1, &e.to_string()),
        other => other,
    }
}

/// One army written as a roster and validated again. A problem names the value by its path
/// and the unit, clan or leader it belongs to by name, as the umpire knows them.
fn check_army<R: RuleSet>(army: &R::Army) -> Result<(), String> {
    let source = R::army_roster(army).map_err(|e| format!("it is no army file: {e}"))?;
    let roster = RosterText {
        file: "header".into(),
        source,
    };
    let shown = serde_json::to_value(army).unwrap_or_default();
    match R::load_army(&roster) {
        Ok(loaded) if loaded.army == *army => Ok(()),
        Ok(loaded) => {
            let loaded = serde_json::to_value(&loaded.army).unwrap_or_default();
            let mut path = RosterPath::root();
            Err(if first_difference(&shown, &loaded, &mut path) {
                format!(
                    "{}: the header says {} where the rules would load {}",
                    where_in(&shown, &path),
                    short(at(&shown, &path)),
                    short(at(&loaded, &path))
                )
            } else {
                "it is not as the rules would load it".into()
            })
        }
        Err(problems) => {
            // The problems' paths are the written roster's: their names are looked up there.
            let written = ron::from_str::<ron::Value>(&roster.source)
                .ok()
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or_default();
            let first = problems.first().map_or_else(String::new, |p| {
                if p.path.steps().is_empty() {
                    p.message.clone()
                } else {
                    format!("{}: {}", where_in(&written, &p.path), p.message)
                }
            });
            let more = problems.len().saturating_sub(1);
            Err(if more == 0 {
                first
            } else {
                format!("{first} (and {more} more)")
            })
        }
    }
}
