//! Flattens a reference table into searchable rows for the quick reference.

use ron::Value;

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
}

impl RefRow {
    /// Whether every word of `query` appears somewhere in the row (case-insensitive).
    pub fn matches(&self, query: &str) -> bool {
        let hay = format!(
            "{} {} {} {}",
            self.topic, self.item, self.value, self.section
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
        let topic = words(&plain(key));
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
                let mut value = text("we_do");
                if value.is_empty() {
                    value = text("summary");
                }
                let options = text("options");
                if options.contains(',') {
                    value = format!("{value} (umpire may choose: {options})");
                }
                rows.push(RefRow {
                    topic: topic.clone(),
                    item: words(&plain(name)),
                    value,
                    section: section_of(member),
                });
            }
            continue;
        }
        for (name, value) in entries.iter() {
            let name = plain(name);
            if name == "section" {
                continue;
            }
            rows.push(RefRow {
                topic: topic.clone(),
                item: words(&name),
                value: plain(value),
                section: table_section.clone(),
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
        other => format!("{other:?}"),
    }
}

/// `foot_bow` -> `foot bow`.
fn words(key: &str) -> String {
    key.replace('_', " ")
}
