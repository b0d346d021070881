//! The army builder's state, apart from any screen: a rule set's roster form, the army as
//! records, and the verdict of the rule set's own validator on the text it would save.
//!
//! Every edit rewrites the text and checks it again with the same function `gunbai check`
//! and a battle's start use, so what the builder shows is what they will say. Rosters are a
//! few kilobytes: writing and checking one takes well under a millisecond.

use std::path::{Path, PathBuf};

use super::doc::{Record, Value, read};
use super::form::{FieldKind, RecordForm, RosterForm};
use super::{RosterPath, RosterProblem, RosterText, Step, write_roster};

/// A rule set's roster check: its warnings, or every error (the registry's `check`).
pub type Check = fn(&RosterText) -> Result<Vec<RosterProblem>, Vec<RosterProblem>>;

/// An army being built.
#[derive(Clone, Debug)]
pub struct Builder {
    /// The rule set's key.
    pub key: &'static str,
    /// The rule set's title, for the file's first line.
    pub title: &'static str,
    /// What a roster holds.
    pub form: RosterForm,
    /// The army.
    pub army: Record,
    check: Check,
    text: String,
    errors: Vec<RosterProblem>,
    warnings: Vec<RosterProblem>,
}

/// Which way to move a list item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the start of the list.
    Up,
    /// Towards its end.
    Down,
}

impl Builder {
    /// A blank army: the form's required fields at their starting values.
    pub fn blank(key: &'static str, title: &'static str, form: RosterForm, check: Check) -> Self {
        let army = Record::blank(&form.army);
        Self::with_army(key, title, form, check, army)
    }

    /// The builder holding `army`, checked.
    fn with_army(
        key: &'static str,
        title: &'static str,
        form: RosterForm,
        check: Check,
        army: Record,
    ) -> Self {
        let mut b = Self {
            key,
            title,
            form,
            army,
            check,
            text: String::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
        };
        b.revalidate();
        b
    }

    /// An army read from a roster file's text (a shipped roster, a saved one, any file).
    ///
    /// # Errors
    /// The text is not a roster this form can hold; the problem names its line and column.
    pub fn open(
        key: &'static str,
        title: &'static str,
        form: RosterForm,
        check: Check,
        roster: &RosterText,
    ) -> Result<Self, RosterProblem> {
        let army = read(&form, &roster.source).map_err(|e| {
            let (line, column) = super::position_of_byte(&roster.source, e.at);
            RosterProblem {
                file: roster.file.clone(),
                line,
                column,
                message: e.message,
                path: RosterPath::root(),
            }
        })?;
        Ok(Self::with_army(key, title, form, check, army))
    }

    /// The army's name, as typed.
    pub fn name(&self) -> &str {
        self.army.text("name").unwrap_or("")
    }

    /// The file the builder would write.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The file's first line.
    pub fn title_line(&self) -> String {
        let name = self.name().trim();
        let name = if name.is_empty() { "An army" } else { name };
        format!(
            "{name}, for {}. Made with Gunbai's army builder.",
            self.title
        )
    }

    /// The name problems are reported under: where the army would be saved.
    pub fn file_label(&self) -> String {
        format!(
            "rosters/{}/{}",
            self.key,
            super::store::file_name(self.name())
        )
    }

    /// The validator's errors on the current text.
    pub fn errors(&self) -> &[RosterProblem] {
        &self.errors
    }

    /// The validator's warnings on the current text.
    pub fn warnings(&self) -> &[RosterProblem] {
        &self.warnings
    }

    /// Every error, then every warning (`true` for an error).
    pub fn problems(&self) -> impl Iterator<Item = (&RosterProblem, bool)> {
        let errors = self.errors.iter().map(|p| (p, true));
        errors.chain(self.warnings.iter().map(|p| (p, false)))
    }

    /// Errors and warnings about exactly the value at `path` (`true` for an error).
    pub fn problems_at<'a>(
        &'a self,
        path: &'a RosterPath,
    ) -> impl Iterator<Item = (&'a RosterProblem, bool)> + 'a {
        self.problems().filter(move |(p, _)| p.path == *path)
    }

    /// Writes the text again and checks it.
    fn revalidate(&mut self) {
        self.text = write_roster(&self.form, &self.title_line(), &self.army);
        let roster = RosterText {
            file: self.file_label(),
            source: self.text.clone(),
        };
        match (self.check)(&roster) {
            Ok(warnings) => {
                self.errors.clear();
                self.warnings = warnings;
            }
            Err(errors) => {
                self.errors = errors;
                self.warnings.clear();
            }
        }
    }

    /// The value at `path`.
    pub fn value(&self, path: &RosterPath) -> Option<&Value> {
        self.army.at(path)
    }

    /// Sets the value at `path`; `false` if there is none there or it is unchanged.
    pub fn set(&mut self, path: &RosterPath, value: Value) -> bool {
        match self.army.at_mut(path) {
            Some(slot) if *slot != value => {
                *slot = value;
                self.revalidate();
                true
            }
            _ => false,
        }
    }

    /// The list of records at `path` and its form.
    fn list(&mut self, path: &RosterPath) -> Option<(&mut Vec<Record>, RecordForm, usize)> {
        let (item, max) = match field_kind(&self.form.army, path)? {
            FieldKind::List { item, max, .. } => (item.clone(), *max),
            _ => return None,
        };
        match self.army.at_mut(path)? {
            Value::List(items) => Some((items, item, max)),
            _ => None,
        }
    }

    /// Adds a new record at the end of the list at `path`.
    pub fn add(&mut self, path: &RosterPath) -> bool {
        let Some((items, form, max)) = self.list(path) else {
            return false;
        };
        if items.len() >= max.min(super::MAX_LISTED) {
            return false;
        }
        items.push(Record::blank(&form));
        self.revalidate();
        true
    }

    /// Copies item `i` of the list at `path` just after it, its name marked as a copy.
    pub fn duplicate(&mut self, path: &RosterPath, i: usize) -> bool {
        let Some((items, _, max)) = self.list(path) else {
            return false;
        };
        if items.len() >= max.min(super::MAX_LISTED) {
            return false;
        }
        let Some(mut copy) = items.get(i).cloned() else {
            return false;
        };
        if let Some(Value::Text(name)) = copy.get_mut("name") {
            name.push_str(" (copy)");
        }
        items.insert(i + 1, copy);
        self.revalidate();
        true
    }

    /// Removes item `i` of the list at `path`.
    pub fn remove(&mut self, path: &RosterPath, i: usize) -> bool {
        let Some((items, _, _)) = self.list(path) else {
            return false;
        };
        if i >= items.len() {
            return false;
        }
        items.remove(i);
        self.revalidate();
        true
    }

    /// Moves item `i` of the list at `path` one place up or down.
    pub fn shift(&mut self, path: &RosterPath, i: usize, direction: Direction) -> bool {
        let Some((items, _, _)) = self.list(path) else {
            return false;
        };
        let j = match direction {
            Direction::Up => i.checked_sub(1),
            Direction::Down => Some(i + 1).filter(|j| *j < items.len()),
        };
        let Some(j) = j.filter(|_| i < items.len()) else {
            return false;
        };
        items.swap(i, j);
        self.revalidate();
        true
    }

    /// The path of every empty text field, in form order (the names still to give).
    pub fn empty_text_fields(&self) -> Vec<RosterPath> {
        let mut blanks = Vec::new();
        empty_texts(
            &self.form.army,
            &self.army,
            &RosterPath::root(),
            &mut blanks,
        );
        blanks.into_iter().map(|(path, _)| path).collect()
    }

    /// Fills every empty text field: the army's name with `army_name`, every other with its
    /// record's noun and a number ("Clan 1", "Unit 3"), so a template reads and checks.
    pub fn name_blanks(&mut self, army_name: &str) {
        let mut blanks = Vec::new();
        empty_texts(
            &self.form.army,
            &self.army,
            &RosterPath::root(),
            &mut blanks,
        );
        for (n, (path, noun)) in blanks.into_iter().enumerate() {
            let name = if path == RosterPath::root().field("name") {
                army_name.to_owned()
            } else {
                format!("{} {n}", crate::engine::words::capitalised(&noun))
            };
            if let Some(slot) = self.army.at_mut(&path) {
                *slot = Value::Text(name);
            }
        }
        self.revalidate();
    }

    /// The army's totals: how many of each kind of record, and the form's summed numbers
    /// ("4 clans", "14 units", "88 stands").
    pub fn totals(&self) -> Vec<String> {
        let mut counts: Vec<(String, usize)> = Vec::new();
        count_records(&self.form.army, &self.army, &mut counts);
        // A kind of record that is also a summed noun (a kozeriai figure entry with its
        // count) is shown once, as the sum.
        counts.retain(|(noun, _)| !self.form.totals.iter().any(|t| t.noun == *noun));
        let mut out: Vec<String> = counts
            .into_iter()
            .map(|(noun, n)| crate::engine::words::count(n, &noun))
            .collect();
        for total in &self.form.totals {
            out.push(crate::engine::words::count(
                self.army.total(&self.form.army, total),
                &total.noun,
            ));
        }
        out
    }

    /// Saves the army to `path` (whatever its verdict: an army with errors is a draft).
    ///
    /// # Errors
    /// The write fails; nothing is left half written.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        super::store::save(path, &self.text)
    }

    /// Where the army would be saved in a data directory.
    pub fn save_path(&self, data_root: &Path) -> PathBuf {
        super::store::rosters_dir(data_root, self.key).join(super::store::file_name(self.name()))
    }
}

/// The kind of the field at `path` (list items stepped through).
pub fn field_kind<'a>(form: &'a RecordForm, path: &RosterPath) -> Option<&'a FieldKind> {
    let mut record = form;
    let mut kind = None;
    for step in path.steps() {
        match step {
            Step::Field(key) => {
                let f = record.field(key)?;
                kind = Some(&f.kind);
                if let FieldKind::Record(inner) = &f.kind {
                    record = inner;
                }
            }
            Step::Index(_) => match kind? {
                FieldKind::List { item, .. } => record = item,
                _ => return None,
            },
        }
    }
    kind
}

/// Every empty text field, with the noun of the record it is in.
fn empty_texts(
    form: &RecordForm,
    record: &Record,
    at: &RosterPath,
    out: &mut Vec<(RosterPath, String)>,
) {
    for (f, (_, value)) in form.fields.iter().zip(&record.fields) {
        let here = at.field(f.key);
        match (&f.kind, value) {
            (FieldKind::Text, Value::Text(t)) if t.is_empty() => {
                out.push((here, form.noun.clone()))
            }
            (FieldKind::Record(inner), Value::Record(r)) => empty_texts(inner, r, &here, out),
            (FieldKind::List { item, .. }, Value::List(items)) => {
                for (i, r) in items.iter().enumerate() {
                    empty_texts(item, r, &here.index(i), out);
                }
            }
            _ => {}
        }
    }
}

fn count_records(form: &RecordForm, record: &Record, counts: &mut Vec<(String, usize)>) {
    for (f, (_, value)) in form.fields.iter().zip(&record.fields) {
        match (&f.kind, value) {
            (FieldKind::List { item, .. }, Value::List(items)) => {
                match counts.iter_mut().find(|(noun, _)| *noun == item.noun) {
                    Some((_, n)) => *n += items.len(),
                    None => counts.push((item.noun.clone(), items.len())),
                }
                for r in items {
                    count_records(item, r, counts);
                }
            }
            (FieldKind::Record(inner), Value::Record(r)) => count_records(inner, r, counts),
            _ => {}
        }
    }
}
