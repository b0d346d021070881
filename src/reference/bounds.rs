//! The ranges a house rule may give the numbers of a rule set's tables.
//!
//! A battle's house rules may replace any number of its reference tables
//! (`house_rules.overrides` in a journal's header, by dotted path). Each rule set states, for
//! every number, the range its rule allows ([`Bound`]), which numbers must stay in order (a
//! face on its die, a minimum at most its maximum: [`Order`]), and the rolls its tables
//! make, which must be ones the dice notation accepts ([`Roll`]). An override outside them is
//! refused before a battle starts or a journal replays, naming its path, its value and the
//! range, as a roster's number is: a die of 4294967295 faces or a deck of a hundred million
//! cards never reaches the engine.

use ron::Value;

use super::ReferenceError;

/// The range one number of the tables (or every number a pattern names) may be given.
#[derive(Clone, Copy, Debug)]
pub struct Bound {
    /// A dotted path; `*` stands for any one key (`dice.*`) or any part of one (`*_die`).
    pub path: &'static str,
    /// The least value allowed.
    pub min: i64,
    /// The greatest value allowed.
    pub max: i64,
    /// What the number is, in words that say where the range comes from.
    pub what: &'static str,
}

/// Two numbers of the tables that must stay in order: each number `low` names (a pattern)
/// at most (or, `strict`, below) the number `high` names.
#[derive(Clone, Copy, Debug)]
pub struct Order {
    /// The lower number (a pattern).
    pub low: &'static str,
    /// The higher number.
    pub high: &'static str,
    /// Whether they may be equal.
    pub strict: bool,
}

/// A roll the tables make, in dice notation with `{path}` for each number it takes
/// (`"{command_rolls.dice}d{command_rolls.sides}"`): whatever the house rules, the notation
/// must accept it, within its limits on dice, faces and the work of its exact odds.
#[derive(Clone, Copy, Debug)]
pub struct Roll(pub &'static str);

/// Everything a rule set says about the numbers a house rule may give its tables.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The range of every number (the first bound whose path matches applies).
    pub ranges: &'static [Bound],
    /// The numbers that must stay in order.
    pub orders: &'static [Order],
    /// The rolls the tables make.
    pub rolls: &'static [Roll],
}

impl Bound {
    /// `path` may be `min` to `max`: `what` says what it is.
    pub const fn new(path: &'static str, min: i64, max: i64, what: &'static str) -> Self {
        Self {
            path,
            min,
            max,
            what,
        }
    }
}

impl Order {
    /// Each number `low` names is at most `high`.
    pub const fn at_most(low: &'static str, high: &'static str) -> Self {
        Self {
            low,
            high,
            strict: false,
        }
    }

    /// Each number `low` names is below `high`.
    pub const fn below(low: &'static str, high: &'static str) -> Self {
        Self {
            low,
            high,
            strict: true,
        }
    }
}

/// The notation's limit on the dice of one roll.
pub const MAX_DICE: i64 = crate::dice::MAX_DICE as i64;
/// The notation's limits on a die's faces.
pub const MIN_SIDES: i64 = crate::dice::MIN_SIDES as i64;
/// The notation's limits on a die's faces.
pub const MAX_SIDES: i64 = crate::dice::MAX_SIDES as i64;
/// The notation's largest constant: the greatest rating or target a roll is compared with.
pub const MAX_RATING: i64 = crate::dice::MAX_CONSTANT;
/// The app's bound on a distance, in the table's own unit (inches, centimetres, hexes):
/// far beyond any table.
pub const MAX_DISTANCE: i64 = 1000;
/// The app's bound on a modifier either way: more than any die's faces can make up.
pub const MAX_MODIFIER: i64 = MAX_SIDES;
/// The app's bound on a divisor (halving, thirds...).
pub const MAX_DIVISOR: i64 = 100;
/// The app's bound on dice a pool takes for each stand, figure or bonus: with the largest
/// unit a roster may have, a pool stays within the notation's dice.
pub const MAX_DICE_EACH: i64 = 20;

/// The number of dice of a roll: 1 to the notation's limit.
pub const fn dice(path: &'static str) -> Bound {
    Bound::new(
        path,
        1,
        MAX_DICE,
        "the dice of a roll (the notation's limit)",
    )
}

/// Dice a pool takes for each stand or figure, or adds for a bonus: 0 to [`MAX_DICE_EACH`].
pub const fn dice_each(path: &'static str) -> Bound {
    Bound::new(
        path,
        0,
        MAX_DICE_EACH,
        "dice for each stand, figure or bonus (so a pool stays within the notation's dice)",
    )
}

/// A die's faces: the notation's limits.
pub const fn sides(path: &'static str) -> Bound {
    Bound::new(
        path,
        MIN_SIDES,
        MAX_SIDES,
        "a die's faces (the notation's limits)",
    )
}

/// A face of a die (a rule set orders it with its die's faces).
pub const fn face(path: &'static str) -> Bound {
    Bound::new(path, 1, MAX_SIDES, "a face of a die")
}

/// A rating or a target a roll is compared with.
pub const fn rating(path: &'static str) -> Bound {
    Bound::new(
        path,
        0,
        MAX_RATING,
        "a rating or target a roll is compared with",
    )
}

/// A distance, in the table's own unit.
pub const fn distance(path: &'static str) -> Bound {
    Bound::new(path, 0, MAX_DISTANCE, "a distance")
}

/// A signed modifier.
pub const fn modifier(path: &'static str) -> Bound {
    Bound::new(path, -MAX_MODIFIER, MAX_MODIFIER, "a modifier")
}

/// A modifier that only adds (a bonus) or only takes away (a penalty, given positive).
pub const fn amount(path: &'static str) -> Bound {
    Bound::new(path, 0, MAX_MODIFIER, "an amount added or taken away")
}

/// An amount only ever taken away, written with its minus sign (a reduction in the tables).
pub const fn reduction(path: &'static str) -> Bound {
    Bound::new(
        path,
        -MAX_MODIFIER,
        0,
        "an amount taken away, written with its minus sign",
    )
}

/// A divisor.
pub const fn divisor(path: &'static str) -> Bound {
    Bound::new(path, 1, MAX_DIVISOR, "a divisor")
}

impl Bounds {
    /// The bound a path falls under, if any.
    pub fn range_of(&self, path: &str) -> Option<&Bound> {
        self.ranges.iter().find(|b| matches(b.path, path))
    }

    /// Checks a battle's overrides, already written into the tables `value`: each within its
    /// range, every order kept and every roll one the notation accepts.
    ///
    /// # Errors
    /// The first override out of its range, out of order, or making a roll the notation
    /// refuses, naming the path, the value and what is allowed.
    pub fn check(
        &self,
        value: &Value,
        overrides: &std::collections::BTreeMap<String, i64>,
    ) -> Result<(), ReferenceError> {
        for (path, &given) in overrides {
            let bound = self
                .range_of(path)
                .ok_or_else(|| ReferenceError::UnknownOverride(path.clone()))?;
            if !(bound.min..=bound.max).contains(&given) {
                return Err(ReferenceError::OutOfRange {
                    path: path.clone(),
                    value: given,
                    min: bound.min,
                    max: bound.max,
                    what: bound.what,
                });
            }
        }
        for order in self.orders {
            self.check_order(order, value, overrides)?;
        }
        for roll in self.rolls {
            check_roll(roll, value, overrides)?;
        }
        Ok(())
    }

    fn check_order(
        &self,
        order: &Order,
        value: &Value,
        overrides: &std::collections::BTreeMap<String, i64>,
    ) -> Result<(), ReferenceError> {
        let Some(high) = number_at(value, order.high) else {
            return Ok(());
        };
        for (low_path, low) in numbers_matching(value, order.low) {
            let kept = if order.strict {
                low < high
            } else {
                low <= high
            };
            if kept {
                continue;
            }
            // Name the number the house rules changed (the tables alone are in order).
            let (path, given, other, other_value, relation) = if overrides.contains_key(order.high)
            {
                let relation = if order.strict { "above" } else { "at least" };
                (order.high.to_owned(), high, low_path, low, relation)
            } else {
                let relation = if order.strict { "below" } else { "at most" };
                (low_path, low, order.high.to_owned(), high, relation)
            };
            return Err(ReferenceError::OutOfOrder {
                path,
                value: given,
                relation,
                other,
                other_value,
            });
        }
        Ok(())
    }
}

/// Checks that a roll of the tables, with the overrides, is one the notation accepts.
fn check_roll(
    roll: &Roll,
    value: &Value,
    overrides: &std::collections::BTreeMap<String, i64>,
) -> Result<(), ReferenceError> {
    let mut text = String::new();
    let mut changed = Vec::new();
    let mut rest = roll.0;
    while let Some(open) = rest.find('{') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}').unwrap_or(after.len());
        let path = &after[..close];
        let n = number_at(value, path).unwrap_or(0);
        text.push_str(&n.to_string());
        if overrides.contains_key(path) {
            changed.push(format!("`{path}` = {n}"));
        }
        rest = after.get(close + 1..).unwrap_or("");
    }
    text.push_str(rest);
    match crate::dice::parse(&text) {
        Ok(_) => Ok(()),
        Err(e) => Err(ReferenceError::Roll {
            overrides: changed.join(", "),
            roll: text,
            why: e.message,
        }),
    }
}

/// Whether a dotted path matches a pattern, key by key: a `*` in a key of the pattern
/// stands for any text (`*` any key, `*_die` any key ending so).
fn matches(pattern: &str, path: &str) -> bool {
    let mut parts = path.split('.');
    for want in pattern.split('.') {
        match parts.next() {
            Some(part) if key_matches(want, part) => {}
            _ => return false,
        }
    }
    parts.next().is_none()
}

/// Whether one key matches one key of a pattern (with at most one `*`).
fn key_matches(want: &str, key: &str) -> bool {
    match want.split_once('*') {
        None => want == key,
        Some((head, tail)) => {
            key.len() >= head.len() + tail.len() && key.starts_with(head) && key.ends_with(tail)
        }
    }
}

/// The whole number at a dotted path of the tables, if there is one.
fn number_at(value: &Value, path: &str) -> Option<i64> {
    let mut current = value;
    for part in path.split('.') {
        let Value::Map(map) = current else {
            return None;
        };
        current = map.get(&Value::String(part.to_owned()))?;
    }
    whole(current)
}

/// Every whole number whose path matches a pattern, with its path.
fn numbers_matching(value: &Value, pattern: &str) -> Vec<(String, i64)> {
    let mut found = Vec::new();
    collect(value, pattern, String::new(), &mut found);
    found
}

fn collect(value: &Value, pattern: &str, prefix: String, found: &mut Vec<(String, i64)>) {
    let (want, rest) = pattern.split_once('.').unwrap_or((pattern, ""));
    let Value::Map(map) = value else { return };
    for (key, inner) in map.iter() {
        let Value::String(key) = key else { continue };
        if !key_matches(want, key) {
            continue;
        }
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        if rest.is_empty() {
            if let Some(n) = whole(inner) {
                found.push((path, n));
            }
        } else {
            collect(inner, rest, path, found);
        }
    }
}

/// A number of the tables as a whole number (a fraction by its whole part).
pub(super) fn whole(value: &Value) -> Option<i64> {
    match value {
        // A float table value (7.5 cm) is far inside i64; its whole part orders it.
        #[allow(clippy::cast_possible_truncation)]
        Value::Number(n) => Some(n.into_f64() as i64),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn a_pattern_matches_whole_keys_only() {
        assert!(matches("dice.*", "dice.sides"));
        assert!(matches("dice.sides", "dice.sides"));
        assert!(!matches("dice.*", "dice"));
        assert!(!matches("dice.*", "dice.sides.x"));
        assert!(!matches("dice.side", "dice.sides"));
        assert!(matches("*.*.refuse", "horse_jumps.gap_1.refuse"));
        assert!(matches("*.*_die", "terrain.pieces_die"));
        assert!(!matches("*.*_die", "morale.dead_dice"));
        assert!(matches("*.die_*", "allies.die_5000_koku"));
        assert!(!matches("*.die_*", "allies.die"));
    }
}
