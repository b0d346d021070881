//! Reference tables: every number a rule set uses, with the section it comes from, and the
//! rulings we make where the text is unclear. Embedded at compile time from `reference/`.
//!
//! The engine deserialises its typed tables from the same text the quick reference shows,
//! after applying a battle's house-rule overrides, so what the umpire reads is what the
//! engine uses.

pub mod bounds;
mod rows;

use std::collections::{BTreeMap, BTreeSet};

use ron::Value;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

pub use bounds::{Bound, Bounds, Order, Roll};
pub use rows::{RefRow, rows};

/// Options a battle plays with beyond the reference tables, recorded in its journal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HouseRules {
    /// Optional rules switched on, by key.
    pub optional: BTreeSet<String>,
    /// The option chosen for a ruling, by ruling key, where it differs from our default.
    pub rulings: BTreeMap<String, String>,
    /// Table values replaced, by dotted path (`movement.foot_inches`).
    pub overrides: BTreeMap<String, i64>,
    /// The campaign this battle belongs to, if any: its name, the battle's place in it, the
    /// campaign rulings, and what carried into this battle (so the journals alone can
    /// rebuild a damaged campaign file). Absent from battles outside a campaign.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<Box<crate::campaign::CampaignTag>>,
}

/// A ruling: what the rules text leaves open, and what Gunbai does about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// Its title in words ("Halving hits in cover"); empty: made from its key.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Each option as a plain sentence, in the order of `options`; empty: made from them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// The rule section concerned.
    pub section: String,
    /// What the text says or leaves unsaid, in our words.
    pub text_says: String,
    /// What Gunbai does by default.
    pub we_do: String,
    /// The options an umpire may pick; the first is the default. One option: not switchable.
    pub options: Vec<String>,
}

impl Ruling {
    /// Its title, or words made from its key `key` ("cover_rounding": "Cover rounding").
    pub fn title_or(&self, key: &str) -> String {
        title_or(&self.title, key)
    }

    /// Option `option` as a plain sentence (or the option's key in words).
    pub fn choice(&self, option: &str) -> String {
        self.options
            .iter()
            .position(|o| o == option)
            .and_then(|i| self.choices.get(i))
            .cloned()
            .unwrap_or_else(|| words(option))
    }
}

/// `title`, or words made from `key` when it is empty: "first_bushi_roll": "First bushi roll".
pub fn title_or(title: &str, key: &str) -> String {
    if !title.is_empty() {
        return title.to_owned();
    }
    let mut text = words(key);
    if let Some(first) = text.get(..1) {
        let upper = first.to_uppercase();
        text.replace_range(..1, &upper);
    }
    text
}

/// A key in words: `foot_bow` -> `foot bow`.
pub fn words(key: &str) -> String {
    key.replace('_', " ")
}

/// An optional rule from the text that a battle may switch on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionalRule {
    /// Its title in words; empty: made from its key.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The rule section.
    pub section: String,
    /// What switching it on does, in our words.
    pub summary: String,
}

/// Why a rule set's tables could not be set up for a battle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReferenceError {
    /// The embedded table does not fit its typed form (a build defect, caught by tests).
    #[error("reference table for {ruleset}: {message}")]
    Table {
        /// The rule set.
        ruleset: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A house rule names a value the tables do not have.
    #[error("house rule `{0}`: no such table value")]
    UnknownOverride(String),
    /// A house rule gives a number outside the range its rule allows.
    #[error("house rule `{path}` = {value}: out of range; {what} must be {min} to {max}")]
    OutOfRange {
        /// The number's dotted path.
        path: String,
        /// The value given.
        value: i64,
        /// The least allowed.
        min: i64,
        /// The greatest allowed.
        max: i64,
        /// What the number is.
        what: &'static str,
    },
    /// A house rule puts two numbers out of the order their rules need (a face beyond its
    /// die, a minimum above its maximum).
    #[error("house rule `{path}` = {value}: it must be {relation} `{other}` ({other_value})")]
    OutOfOrder {
        /// The number the house rule changed.
        path: String,
        /// Its value.
        value: i64,
        /// "below", "at most", "above" or "at least".
        relation: &'static str,
        /// The number it is compared with.
        other: String,
        /// That number's value.
        other_value: i64,
    },
    /// House rules make a roll of the tables the dice notation does not allow.
    #[error("house rule {overrides}: {roll} is not a roll Gunbai can make: {why}")]
    Roll {
        /// The overrides concerned, as `path` = value.
        overrides: String,
        /// The roll, in dice notation.
        roll: String,
        /// Why the notation refuses it.
        why: String,
    },
    /// A house rule picks a ruling that does not exist.
    #[error("house rule: no ruling `{0}`")]
    UnknownRuling(String),
    /// A house rule picks an option the ruling does not offer.
    #[error("ruling `{ruling}`: `{option}` is not one of {options:?}")]
    UnknownOption {
        /// The ruling.
        ruling: String,
        /// The option asked for.
        option: String,
        /// The options it has.
        options: Vec<String>,
    },
    /// A house rule switches on an optional rule that does not exist.
    #[error("no optional rule `{0}`")]
    UnknownOptional(String),
}

/// The embedded reference text of a rule set, by key.
pub fn text(ruleset: &str) -> Option<&'static str> {
    crate::rules::find(ruleset).map(|r| r.reference)
}

/// The rulings and optional rules a rule set offers a battle, as its reference text records
/// them: what the New battle dialog lists and `gunbai new --house` is checked against.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Choices {
    /// Rulings by key (one with a single option is not switchable).
    #[serde(default)]
    pub rulings: BTreeMap<String, Ruling>,
    /// Optional rules by key.
    #[serde(default)]
    pub optional: BTreeMap<String, OptionalRule>,
}

impl Choices {
    /// What rule set `ruleset` offers (nothing for an unknown key).
    pub fn of(ruleset: &str) -> Self {
        text(ruleset)
            .and_then(|t| ron::from_str(t).ok())
            .unwrap_or_default()
    }
}

/// Reads a rule set's typed tables from its reference text, with house-rule overrides.
///
/// # Errors
/// An override that names no numeric value or is outside its bounds, or a table that does
/// not fit `T`.
pub fn load<T: DeserializeOwned>(
    ruleset: &'static str,
    text: &str,
    bounds: &Bounds,
    house: &HouseRules,
) -> Result<T, ReferenceError> {
    let table = |message: String| ReferenceError::Table { ruleset, message };
    let mut value: Value = ron::from_str(text).map_err(|e| table(e.to_string()))?;
    for (path, new) in &house.overrides {
        let slot = lookup_mut(&mut value, path)
            .filter(|v| matches!(v, Value::Number(_)))
            .ok_or_else(|| ReferenceError::UnknownOverride(path.clone()))?;
        *slot = Value::Number(ron::value::Number::from(*new));
    }
    bounds.check(&value, &house.overrides)?;
    value.into_rust().map_err(|e| table(e.to_string()))
}

/// A rule set's typed reference tables, as [`InForce`] needs to know them.
pub trait Tables: DeserializeOwned {
    /// The rule set's key, which names its reference text.
    const KEY: &'static str;
    /// `reference/<key>.ron`, embedded at build time: the one copy of the rule set's numbers.
    const TEXT: &'static str;
    /// The rulings the rule set's code reads, typed: a struct with one field per ruling,
    /// named by its key, each an enum of the ruling's options (snake_case in the file).
    type Rulings: DeserializeOwned + std::fmt::Debug;
    /// The range of every number a house rule may override, the orders and the rolls.
    const BOUNDS: Bounds;
    /// The rulings the tables record.
    fn rulings(&self) -> &BTreeMap<String, Ruling>;
    /// The optional rules the tables offer.
    fn optional_rules(&self) -> &BTreeMap<String, OptionalRule>;
}

/// Implements [`Tables`] for a rule set's table struct with `rulings` and `optional` fields.
#[macro_export]
macro_rules! reference_tables {
    ($tables:ty, $key:literal, $rulings:ty, $bounds:expr) => {
        impl $crate::reference::Tables for $tables {
            const KEY: &'static str = $key;
            const TEXT: &'static str = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/reference/",
                $key,
                ".ron"
            ));
            type Rulings = $rulings;
            const BOUNDS: $crate::reference::Bounds = $bounds;
            fn rulings(&self) -> &std::collections::BTreeMap<String, $crate::reference::Ruling> {
                &self.rulings
            }
            fn optional_rules(
                &self,
            ) -> &std::collections::BTreeMap<String, $crate::reference::OptionalRule> {
                &self.optional
            }
        }
    };
}

/// The rules in force for one battle: a rule set's tables with the battle's house-rule
/// overrides applied, and the rulings and optional rules it chose.
#[derive(Debug)]
pub struct InForce<T: Tables> {
    /// The tables.
    pub t: T,
    /// The option in force for every ruling the code reads, typed.
    pub rulings: T::Rulings,
    /// The house rules as recorded in the journal.
    pub house: HouseRules,
}

impl<T: Tables> InForce<T> {
    /// Builds the rules in force from the embedded table and a battle's house rules.
    ///
    /// # Errors
    /// A house rule that does not fit the tables.
    pub fn new(house: &HouseRules) -> Result<Self, ReferenceError> {
        let t: T = load(T::KEY, T::TEXT, &T::BOUNDS, house)?;
        check_choices(t.rulings(), t.optional_rules(), house)?;
        let rulings = typed_rulings(T::KEY, t.rulings(), house)?;
        Ok(Self {
            t,
            rulings,
            house: house.clone(),
        })
    }

    /// Whether an optional rule is on.
    pub fn optional(&self, key: &str) -> bool {
        self.house.optional.contains(key)
    }
}

/// Checks a battle's chosen rulings and optional rules against those the tables offer.
///
/// # Errors
/// A ruling, option or optional rule that does not exist.
pub fn check_choices(
    rulings: &BTreeMap<String, Ruling>,
    optional: &BTreeMap<String, OptionalRule>,
    house: &HouseRules,
) -> Result<(), ReferenceError> {
    for (key, option) in &house.rulings {
        let ruling = rulings
            .get(key)
            .ok_or_else(|| ReferenceError::UnknownRuling(key.clone()))?;
        if !ruling.options.contains(option) {
            return Err(ReferenceError::UnknownOption {
                ruling: key.clone(),
                option: option.clone(),
                options: ruling.options.clone(),
            });
        }
    }
    for key in &house.optional {
        if !optional.contains_key(key) {
            return Err(ReferenceError::UnknownOptional(key.clone()));
        }
    }
    Ok(())
}

/// The option in force for a ruling: the house rule's choice, or our default (the first).
pub fn chosen<'a>(
    rulings: &'a BTreeMap<String, Ruling>,
    house: &'a HouseRules,
    key: &str,
) -> &'a str {
    house
        .rulings
        .get(key)
        .map(String::as_str)
        .or_else(|| {
            rulings
                .get(key)
                .and_then(|r| r.options.first())
                .map(String::as_str)
        })
        .unwrap_or("")
}

/// The option in force for every ruling, read into the rule set's typed rulings: a ruling
/// the code reads but the tables lack, or an option its enum does not know, is an error
/// when the battle starts, never a silent default.
///
/// # Errors
/// The typed rulings do not fit the recorded ones.
pub fn typed_rulings<R: DeserializeOwned>(
    ruleset: &'static str,
    rulings: &BTreeMap<String, Ruling>,
    house: &HouseRules,
) -> Result<R, ReferenceError> {
    let chosen: serde_json::Map<String, serde_json::Value> = rulings
        .keys()
        .map(|key| {
            let option = chosen(rulings, house, key).to_owned();
            (key.clone(), serde_json::Value::String(option))
        })
        .collect();
    serde_json::from_value(serde_json::Value::Object(chosen)).map_err(|e| ReferenceError::Table {
        ruleset,
        message: format!("rulings: {e}"),
    })
}

/// Every number of a reference text a house rule may override, by its dotted path, with
/// its value in the text (a number with a fraction is read as its whole part), in the
/// text's order.
pub fn numbers(text: &str) -> Vec<(String, i64)> {
    fn walk(value: &Value, prefix: &str, out: &mut Vec<(String, i64)>) {
        match value {
            Value::Map(map) => {
                for (key, value) in map.iter() {
                    if let Value::String(key) = key {
                        let path = if prefix.is_empty() {
                            key.clone()
                        } else {
                            format!("{prefix}.{key}")
                        };
                        walk(value, &path, out);
                    }
                }
            }
            other => {
                if let Some(n) = bounds::whole(other) {
                    out.push((prefix.to_owned(), n));
                }
            }
        }
    }
    let mut out = Vec::new();
    if let Ok(value) = ron::from_str::<Value>(text) {
        walk(&value, "", &mut out);
    }
    out
}

fn lookup_mut<'a>(value: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    let mut current = value;
    for part in path.split('.') {
        let Value::Map(map) = current else {
            return None;
        };
        current = map.get_mut(&Value::String(part.to_owned()))?;
    }
    Some(current)
}
