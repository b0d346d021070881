//! What a roster of a rule set holds, as data: the army builder draws its one shared window
//! from this, writes files from it and reads them back with it.
//!
//! A rule set describes its roster the way it describes its action forms: records of
//! fields, each with a label, a kind (text, a number in the rules' range, a choice among
//! what the rules allow, a list of records) and whether the file may leave it out. The
//! choices and ranges come from the rule set's reference tables, so the builder offers
//! only what the rules allow; everything else (names used twice, a clan of the wrong
//! size) is the rule set's validator's, the same code `gunbai check` and a battle's start run.

/// A rule set's roster: what a file of it holds and how it opens.
#[derive(Clone, Debug)]
pub struct RosterForm {
    /// Lines written as comments at the head of every file the builder saves, after its
    /// title line: what a reader of the file should know (sizes, defaults), in our words.
    pub about: Vec<String>,
    /// The army, the file's top value.
    pub army: RecordForm,
    /// Number fields summed over the whole army for its totals line ("84 stands").
    pub totals: Vec<Total>,
}

/// A number field summed over the army, and what a record that leaves it out counts.
#[derive(Clone, Debug)]
pub struct Total {
    /// The field's key (`stands`, `count`).
    pub key: &'static str,
    /// The noun counted, singular ("stand", "figure").
    pub noun: String,
    /// What a record without the field counts, by the choice another of its fields holds
    /// (a simple gun without `figures` is its crew): (field, choice, count).
    pub absent_when: Vec<(&'static str, String, i64)>,
    /// What a record without the field counts otherwise (1: a group without `count` is one
    /// figure).
    pub absent: i64,
}

impl Total {
    /// A total of `key` in `noun`s, a record without it counting once.
    pub fn new(key: &'static str, noun: impl Into<String>) -> Self {
        Self {
            key,
            noun: noun.into(),
            absent_when: Vec::new(),
            absent: 1,
        }
    }

    /// A record without the field counts `n`.
    #[must_use]
    pub fn absent_counts(mut self, n: i64) -> Self {
        self.absent = n;
        self
    }

    /// A record without the field whose `field` holds `choice` counts `n`.
    #[must_use]
    pub fn absent_when(mut self, field: &'static str, choice: impl Into<String>, n: i64) -> Self {
        self.absent_when.push((field, choice.into(), n));
        self
    }
}

/// A record: the army, a clan, a unit, a leader.
#[derive(Clone, Debug)]
pub struct RecordForm {
    /// What one is called, in the singular ("unit", "clan").
    pub noun: String,
    /// Its fields, in the order files write them.
    pub fields: Vec<FieldForm>,
}

/// One field of a record.
#[derive(Clone, Debug)]
pub struct FieldForm {
    /// The key in the file (`stands`).
    pub key: &'static str,
    /// The label beside it ("Stands").
    pub label: String,
    /// A short hint shown on hover: what it means, the rules' default when left out.
    pub help: String,
    /// What it holds.
    pub kind: FieldKind,
    /// Whether a file may leave it out (then the rules' default applies, as `help` says).
    pub optional: bool,
    /// The value a new record gives it, where that is not its kind's starting value: an
    /// optional field a new record writes out (a new sky unit's weapons), so a new record
    /// can be valid as it stands.
    pub start: Option<super::doc::Value>,
}

/// What a field holds.
#[derive(Clone, Debug)]
pub enum FieldKind {
    /// Free text (a name).
    Text,
    /// A whole number from `min` to `max`; a new record starts with `default`.
    Number {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
        /// A new record's value.
        default: i64,
    },
    /// Yes or no, written `true` / `false`.
    Flag,
    /// One of these, written as its identifier (`Samurai`, `Line(4)`).
    Choice(Vec<Choice>),
    /// One of these, written as a string (`"Katana"`).
    Name(Vec<Choice>),
    /// Any of these, each at most once, written as a list of identifiers (`[Bow, Spear]`).
    Set(Vec<Choice>),
    /// Any of these, each at most once, written as a list of strings (`["Katana"]`).
    Names(Vec<Choice>),
    /// A whole number for each of any of these names, each at most once, written as a map
    /// (`{"Katana": 4, "Kyu": 2}`): a figure's weapon skills.
    Scores {
        /// The names that may be given.
        names: Vec<Choice>,
        /// The least score allowed.
        min: i64,
        /// The most allowed.
        max: i64,
        /// A newly added name's score.
        default: i64,
    },
    /// A record of its own (a leader).
    Record(RecordForm),
    /// A list of records, with how many the form allows.
    List {
        /// One item.
        item: RecordForm,
        /// The fewest a new army starts with (the rules' minimum, where it is structural).
        min: usize,
        /// The most the builder adds.
        max: usize,
    },
}

/// One allowed value of a [`FieldKind::Choice`], [`FieldKind::Name`], [`FieldKind::Set`],
/// [`FieldKind::Names`] or a name of [`FieldKind::Scores`].
#[derive(Clone, Debug)]
pub struct Choice {
    /// How the file writes it (`HandWeapons`, `"Katana"` without quotes, `true`).
    pub ident: String,
    /// How the builder shows it ("Hand weapons").
    pub label: String,
    /// A whole number the choice carries, written in brackets (`Line(4)`): its range and
    /// the value a new choice starts with.
    pub arg: Option<(i64, i64, i64)>,
}

impl Choice {
    /// A choice without data.
    pub fn new(ident: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            ident: ident.into(),
            label: label.into(),
            arg: None,
        }
    }

    /// A choice carrying a whole number from `min` to `max`, starting at `default`.
    pub fn with_number(
        ident: impl Into<String>,
        label: impl Into<String>,
        min: i64,
        max: i64,
        default: i64,
    ) -> Self {
        Self {
            ident: ident.into(),
            label: label.into(),
            arg: Some((min, max, default)),
        }
    }
}

impl FieldForm {
    /// A field the file must give.
    pub fn required(
        key: &'static str,
        label: impl Into<String>,
        help: impl Into<String>,
        kind: FieldKind,
    ) -> Self {
        Self {
            key,
            label: label.into(),
            help: help.into(),
            kind,
            optional: false,
            start: None,
        }
    }

    /// A field the file may leave out (`help` says what then applies).
    pub fn optional(
        key: &'static str,
        label: impl Into<String>,
        help: impl Into<String>,
        kind: FieldKind,
    ) -> Self {
        Self {
            optional: true,
            ..Self::required(key, label, help, kind)
        }
    }

    /// This optional field, given at its kind's starting value in a new record (a figure
    /// starts from a template, so that it has a weapon).
    #[must_use]
    pub fn given_at_start(self) -> Self {
        let value = super::doc::Value::start(&self.kind);
        self.starting(value)
    }

    /// This field, given `value` in a new record.
    #[must_use]
    pub fn starting(self, value: super::doc::Value) -> Self {
        Self {
            start: Some(value),
            ..self
        }
    }
}

impl RecordForm {
    /// A record of these fields.
    pub fn new(noun: impl Into<String>, fields: Vec<FieldForm>) -> Self {
        Self {
            noun: noun.into(),
            fields,
        }
    }

    /// The field with this key.
    pub fn field(&self, key: &str) -> Option<&FieldForm> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// Whether the record holds a list (so the builder shows it as a section, not a row).
    pub fn has_list(&self) -> bool {
        self.fields
            .iter()
            .any(|f| matches!(f.kind, FieldKind::List { .. }))
    }
}

/// Choices from a rule set's enum: each variant's identifier and a label in words.
pub fn choices<T: std::fmt::Debug>(variants: &[T], label: impl Fn(&T) -> String) -> Vec<Choice> {
    variants
        .iter()
        .map(|v| Choice::new(format!("{v:?}"), label(v)))
        .collect()
}
