//! Flattens a reference table into searchable rows for the quick reference.

use ron::Value;

use super::{Ruling, title_or};

/// Names that say more than their key, by (table, entry): a key that reads wrong in words.
const NAMES: &[(&str, &str, &str)] = &[(
    "bushi_test",
    "attached_leader_dice",
    "Clan Leader attached: on the dice (it helps: the test passes at or under Bushi)",
)];

/// The bonuses of tables that mix them with other numbers, by (table, entry): shown with
/// their sign ("+2"), as every entry of a table of modifiers is. Every other positive number
/// is a value (dice, sides, a distance, a bound) and shows bare; a reduction is negative in
/// the reference itself, so it always shows its minus.
const BONUSES: &[(&str, &str)] = &[
    ("movement_inches", "foot_charge_bonus"),
    ("movement_inches", "mounted_charge_bonus"),
    ("movement_inches", "charge"),
    ("movement_inches", "ninja_charge"),
    ("melee", "soft_cover"),
    ("melee", "hard_cover"),
    ("melee", "defender_retreating"),
    ("melee", "flank"),
    ("melee", "rear"),
    ("melee", "spear_support"),
    ("melee", "spear_against_none"),
    ("melee", "pike_support"),
    ("melee", "pike_against_none"),
    ("shooting", "aim_per_move"),
    ("clash", "surprise"),
    ("special", "ni_ten_defence"),
    ("morale", "in_cover"),
    ("morale", "leader_alive"),
    ("morale", "leader_samurai"),
    ("leaders", "duel_win"),
    ("honor", "command_gain"),
];

/// One line of the quick reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefRow {
    /// The table: `Ranges (inches)`.
    pub topic: String,
    /// The entry: `arquebus`.
    pub item: String,
    /// The value, as text.
    pub value: String,
    /// The rule section it comes from.
    pub section: String,
    /// The keys behind it (`combined_score`, its options), searched but not shown.
    pub keys: String,
}

impl RefRow {
    /// Whether every word of `query` appears somewhere in the row (case-insensitive).
    pub fn matches(&self, query: &str) -> bool {
        let hay = format!(
            "{} {} {} {} {}",
            self.topic, self.item, self.value, self.section, self.keys
        )
        .to_lowercase();
        query
            .split_whitespace()
            .all(|w| hay.contains(&w.to_lowercase()))
    }
}

/// Every row of a reference text: each table's entries, then rulings and optional rules.
pub fn rows(text: &str) -> Vec<RefRow> {
    let Ok(Value::Map(top)) = ron::from_str::<Value>(text) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for (key, table) in top.iter() {
        let table_key = plain(key);
        let topic = name(&table_key);
        let Value::Map(entries) = table else { continue };
        let section_of = |v: &Value| match v {
            Value::Map(m) => m
                .get(&Value::String("section".into()))
                .map(plain)
                .unwrap_or_default(),
            _ => String::new(),
        };
        let table_section = section_of(table);
        if table_section.is_empty() {
            // A keyed collection (rulings, optional rules): one row per member.
            for (name, member) in entries.iter() {
                let Value::Map(fields) = member else { continue };
                let text = |f: &str| {
                    fields
                        .get(&Value::String(f.into()))
                        .map(plain)
                        .unwrap_or_default()
                };
                let key = plain(name);
                let mut value = text("we_do");
                if value.is_empty() {
                    value = text("summary");
                }
                let ruling: Option<Ruling> = ron::Value::Map(fields.clone()).into_rust().ok();
                if let Some(r) = ruling.as_ref().filter(|r| r.options.len() > 1) {
                    let choices: Vec<String> = r.options.iter().map(|o| r.choice(o)).collect();
                    value = format!("{value} The umpire may choose: {}.", choices.join("; "));
                }
                rows.push(RefRow {
                    topic: topic.clone(),
                    item: title_or(&text("title"), &key),
                    value,
                    section: section_of(member),
                    keys: format!("{} {key} {}", key.replace('_', " "), text("options")),
                });
            }
            continue;
        }
        // A table of modifiers shows its bonuses with their sign: "+2", never a bare "2"
        // that reads as a value; so do the bonuses of a mixed table.
        let modifiers = table_key.contains("modifier");
        for (name, value) in entries.iter() {
            let name = plain(name);
            if name == "section" {
                continue;
            }
            let signed = modifiers || BONUSES.iter().any(|(t, e)| *t == table_key && *e == name);
            let item = NAMES
                .iter()
                .find(|(t, e, _)| *t == table_key && *e == name)
                .map_or_else(|| self::name(&name), |(_, _, n)| (*n).to_owned());
            rows.push(RefRow {
                topic: topic.clone(),
                item,
                value: match value {
                    Value::Number(n) if signed && n.into_f64() > 0.0 => {
                        format!("+{}", plain(value))
                    }
                    _ => plain(value),
                },
                section: table_section.clone(),
                keys: format!("{table_key} {name}"),
            });
        }
    }
    rows
}

fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.into_f64() {
            f if f.fract() == 0.0 => format!("{f:.0}"),
            f => f.to_string(),
        },
        Value::Bool(b) => b.to_string(),
        Value::Seq(items) => items.iter().map(plain).collect::<Vec<_>>().join(", "),
        Value::Option(Some(v)) => plain(v),
        // An explicit nothing, like a range no weapon reaches: the table's note says what.
        Value::Option(None) => "none".to_owned(),
        other => format!("{other:?}"),
    }
}

/// A key in words, units in brackets: `ranges_inches` -> `Ranges (inches)`,
/// `travel_cm_per_sequence` -> `Travel (cm) per sequence`, `foot_bow` -> `Foot bow`.
fn name(key: &str) -> String {
    let words: Vec<&str> = key
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| match w {
            "cm" => "(cm)",
            "inches" => "(inches)",
            "mm" => "(mm)",
            other => other,
        })
        .collect();
    title_or("", &words.join("_"))
}

#[cfg(test)]
mod tests {
    use super::{name, rows};

    #[test]
    fn a_table_of_modifiers_keeps_the_sign_of_its_bonuses() {
        let text = r#"(fire_modifiers: (section: "Firing", cover: -1, close: 2), ranges: (section: "R", close: 2))"#;
        let rows = rows(text);
        let value = |topic: &str| {
            rows.iter()
                .find(|r| r.topic.starts_with(topic) && r.item == "Close")
                .map(|r| r.value.clone())
        };
        assert_eq!(value("Fire").as_deref(), Some("+2"));
        assert_eq!(value("Ranges").as_deref(), Some("2"));
    }

    #[test]
    fn keys_read_as_words_with_their_units() {
        assert_eq!(name("ranges_inches"), "Ranges (inches)");
        assert_eq!(name("travel_cm_per_sequence"), "Travel (cm) per sequence");
        assert_eq!(name("foot_bow"), "Foot bow");
    }
}
