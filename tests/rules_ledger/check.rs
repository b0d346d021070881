//! What makes a ledger's row false, checked against everything it names: the rule set's text,
//! the tests (as the test binaries would list them, and what their code reaches), the
//! reference's keys and rulings, and the labels the app shows.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::PathBuf;

use crate::ledger::{How, Ledger, Row, code_items};
use crate::tests_index::{Files, Reach, Target};

/// The most non-blank lines a row may cover, unless it says it is a title, contents, a table
/// reproduced as data or an example.
pub const LONGEST_ROW: usize = 12;

/// The words that show a passage may hold a rule.
const RULE_WORDS: [&str; 4] = ["must", "may", "only", "cannot"];

/// What a `not a rule` row over a rule-looking passage says it is instead.
const NOT_A_RULE_BECAUSE: [&str; 6] = [
    "heading",
    "title",
    "contents",
    "history",
    "example",
    "repeat of line",
];

/// What a long row says it is.
const LONG_BECAUSE: [&str; 4] = ["title", "contents", "table reproduced as data", "example"];

/// The reference's keys a ledger may name, and its rulings with their options.
pub struct Reference {
    pub names: BTreeSet<String>,
    pub rulings: BTreeMap<String, Vec<String>>,
}

impl Reference {
    /// Reads `reference/<key>.ron`: rulings, optional rules, and the tables and their fields
    /// (`movement_inches`, `movement_inches.foot`).
    pub fn parse(text: &str) -> Result<Reference, String> {
        let value: ron::Value = ron::from_str(text).map_err(|e| e.to_string())?;
        let ron::Value::Map(map) = value else {
            return Err("not a map".into());
        };
        let string = |v: &ron::Value| match v {
            ron::Value::String(s) => Some(s.clone()),
            _ => None,
        };
        let mut names = BTreeSet::new();
        let mut rulings = BTreeMap::new();
        for (k, v) in map.iter() {
            let Some(k) = string(k) else { continue };
            let ron::Value::Map(fields) = v else {
                names.insert(k);
                continue;
            };
            for (f, fv) in fields.iter() {
                let Some(f) = string(f) else { continue };
                match k.as_str() {
                    "rulings" => {
                        let options = match fv {
                            ron::Value::Map(r) => r
                                .iter()
                                .find(|(n, _)| string(n).as_deref() == Some("options"))
                                .and_then(|(_, o)| match o {
                                    ron::Value::Seq(o) => {
                                        Some(o.iter().filter_map(string).collect())
                                    }
                                    _ => None,
                                })
                                .unwrap_or_default(),
                            _ => Vec::new(),
                        };
                        rulings.insert(f.clone(), options);
                        names.insert(f);
                    }
                    "optional" => {
                        names.insert(f);
                    }
                    _ => {
                        names.insert(format!("{k}.{f}"));
                    }
                }
            }
            if k != "rulings" && k != "optional" {
                names.insert(k);
            }
        }
        Ok(Reference { names, rulings })
    }
}

/// The test targets under `tests/`, read when a ledger first names one.
pub struct Tests<'a> {
    pub dir: PathBuf,
    pub files: &'a Files<'a>,
    targets: HashMap<String, Option<Target>>,
}

impl<'a> Tests<'a> {
    pub fn new(dir: PathBuf, files: &'a Files<'a>) -> Self {
        Tests {
            dir,
            files,
            targets: HashMap::new(),
        }
    }

    /// What test `target::path::name` reaches, or why it names no test that runs.
    pub fn resolve(&mut self, name: &str) -> Result<&Reach, String> {
        let Some((target, path)) = name.split_once("::") else {
            return Err(format!("`{name}` is not file::function"));
        };
        let (dir, files) = (&self.dir, self.files);
        let found = self
            .targets
            .entry(target.to_owned())
            .or_insert_with(|| Target::read(dir, target, files));
        let Some(t) = found else {
            return Err(format!(
                "`{name}`: no test target tests/{target}.rs or tests/{target}/main.rs"
            ));
        };
        let Some(test) = t.tests.get(path) else {
            let leaf = path.rsplit("::").next().unwrap_or(path);
            let mut elsewhere: Vec<&String> = t
                .tests
                .keys()
                .filter(|k| k.rsplit("::").next() == Some(leaf))
                .collect();
            elsewhere.sort();
            let hint = if elsewhere.is_empty() {
                if t.unexpanded.is_empty() {
                    String::new()
                } else {
                    let names: Vec<&str> = t.unexpanded.iter().map(String::as_str).collect();
                    format!(
                        " (the checker cannot expand its macros {})",
                        names.join(", ")
                    )
                }
            } else {
                let at: Vec<String> = elsewhere.iter().map(|k| format!("{target}::{k}")).collect();
                format!("; it has {}", at.join(", "))
            };
            return Err(format!(
                "`{name}` is not a test: tests/{target} has no #[test] fn at `{path}`{hint}"
            ));
        };
        if test.ignored {
            return Err(format!("`{name}` is #[ignore]d: it never runs"));
        }
        if test.gated {
            return Err(format!("`{name}` is under a #[cfg]: it may not be built"));
        }
        Ok(t.reach(path).expect("every test has its reach"))
    }
}

/// Everything a ledger is checked against.
pub struct Context<'a> {
    pub key: &'a str,
    /// The text's file name and bytes, when the texts are at hand.
    pub text: Option<(String, Vec<u8>)>,
    pub reference: Reference,
    pub tests: Tests<'a>,
    /// Every string literal in `src/rules/<key>/`: the labels the app can show.
    pub labels: Vec<String>,
}

/// Whether `word` is in `text` as a word of its own (case aside).
fn has_word(text: &str, word: &str) -> bool {
    let lower = text.to_lowercase();
    lower.match_indices(word).any(|(i, _)| {
        let before = lower[..i].chars().next_back();
        let after = lower[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The first rule word of a passage's lines: one of [`RULE_WORDS`], or a digit (a number or a
/// ±N modifier).
fn rule_word(lines: &[&str]) -> Option<(usize, String)> {
    lines.iter().enumerate().find_map(|(i, line)| {
        RULE_WORDS
            .iter()
            .find(|w| has_word(line, w))
            .map(|w| (*w).to_owned())
            .or_else(|| {
                line.split(|c: char| !c.is_ascii_digit() && c != '+' && c != '-')
                    .find(|s| s.chars().any(|c| c.is_ascii_digit()))
                    .map(|s| s.trim_start_matches('-').to_owned())
            })
            .map(|w| (i, w))
    })
}

/// Checks a ledger against its context; every problem is one message naming its row.
pub fn check_ledger(ledger: &Ledger, ctx: &mut Context, problems: &mut Vec<String>) {
    let name = format!("docs/rules/{}.md", ctx.key);
    let text = ctx
        .text
        .as_ref()
        .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned());
    let lines: Option<Vec<&str>> = text.as_deref().map(|t| t.lines().collect());
    let mut previous = 0;
    for row in &ledger.rows {
        let at = format!("{name}:{}", row.at);
        if row.first <= previous {
            problems.push(format!(
                "{at}: lines {}-{} are not after the row before (which ends at {previous})",
                row.first, row.last
            ));
        }
        previous = previous.max(row.last);
        if row.last > ledger.lines {
            problems.push(format!(
                "{at}: line {} is past the text's {} lines",
                row.last, ledger.lines
            ));
        }
        let passage: Option<Vec<&str>> = lines.as_ref().map(|l| {
            l.iter()
                .skip(row.first - 1)
                .take(row.last + 1 - row.first)
                .copied()
                .collect()
        });
        check_tests(row, &at, ctx, problems);
        match row.how {
            How::Ruling => check_ruling(row, &at, ctx, problems),
            How::Umpire => check_umpire(row, &at, ctx, problems),
            How::NotARule => {
                if let Some(p) = &passage {
                    check_not_a_rule(row, &at, p, ledger.lines, problems);
                }
            }
            How::Refereed => {}
        }
        if let Some(p) = &passage {
            let non_blank = p.iter().filter(|l| !l.trim().is_empty()).count();
            let says = format!("{} {}", row.what, row.note);
            if non_blank > LONGEST_ROW && !LONG_BECAUSE.iter().any(|w| has_word(&says, w)) {
                problems.push(format!(
                    "{at}: lines {}-{} are {non_blank} non-blank lines, more than {LONGEST_ROW}: split them, one rule a row (unless the row says it is a {})",
                    row.first,
                    row.last,
                    LONG_BECAUSE.join(", ")
                ));
            }
        }
        for r in &row.rulings {
            if !ctx.reference.names.contains(r) {
                problems.push(format!("{at}: `{r}` is not in reference/{}.ron", ctx.key));
            }
        }
    }
    let named: BTreeSet<&String> = ledger.rows.iter().flat_map(|r| &r.rulings).collect();
    for r in ctx.reference.rulings.keys() {
        if !named.contains(r) {
            problems.push(format!(
                "{name}: ruling `{r}` of reference/{}.ron is named by no passage",
                ctx.key
            ));
        }
    }
}

/// Every test a row names is a test that runs; a refereed row's tests drive the engine; an
/// umpire's or not-a-rule row names none.
fn check_tests(row: &Row, at: &str, ctx: &mut Context, problems: &mut Vec<String>) {
    match row.how {
        How::Refereed if row.tests.is_empty() => problems.push(format!(
            "{at}: a refereed passage names the tests that assert it"
        )),
        How::Umpire | How::NotARule if !row.tests.is_empty() => problems.push(format!(
            "{at}: a `{}` row names no tests: a passage a test asserts is `refereed`, or `ruling` where a ruling decides it",
            row.how.word()
        )),
        _ => {}
    }
    let mut quiet = Vec::new();
    let mut drives = false;
    for test in &row.tests {
        match ctx.tests.resolve(test) {
            Ok(reach) if reach.drives => drives = true,
            Ok(_) => quiet.push(test.as_str()),
            Err(e) => problems.push(format!("{at}: {e}")),
        }
    }
    if row.how == How::Refereed && !drives && !quiet.is_empty() && !row.note.starts_with("numbers")
    {
        problems.push(format!(
            "{at}: no test named runs a command or reads a check ({}): name one that drives the engine, or mark a passage of a table's numbers `refereed: numbers`",
            quiet.join(", ")
        ));
    }
}

/// A ruling row names a ruling, a test for each of its options (one whose code sets it), and,
/// where every ruling it names has one option, why the text is unclear.
fn check_ruling(row: &Row, at: &str, ctx: &mut Context, problems: &mut Vec<String>) {
    let rulings: Vec<(&String, Vec<String>)> = row
        .rulings
        .iter()
        .filter_map(|r| ctx.reference.rulings.get(r).map(|o| (r, o.clone())))
        .collect();
    if rulings.is_empty() {
        problems.push(format!(
            "{at}: a `ruling` row names the ruling of reference/{}.ron that decides it",
            ctx.key
        ));
        return;
    }
    let mut reached: Vec<(String, bool, BTreeSet<String>)> = Vec::new();
    for test in &row.tests {
        if let Ok(reach) = ctx.tests.resolve(test) {
            reached.push((test.clone(), reach.drives, reach.strings.clone()));
        }
    }
    for (ruling, options) in &rulings {
        if options.len() < 2 {
            if !reached.iter().any(|(_, drives, _)| *drives) {
                problems.push(format!(
                    "{at}: ruling `{ruling}` is applied by no test named (none runs a command or reads a check)"
                ));
            }
            continue;
        }
        for option in options {
            if !reached
                .iter()
                .any(|(_, _, s)| s.contains(*ruling) && s.contains(option))
            {
                problems.push(format!(
                    "{at}: no test named sets ruling `{ruling}` to `{option}` (its code holds \"{ruling}\" and \"{option}\"): name one for each option"
                ));
            }
        }
    }
    if rulings.iter().all(|(_, o)| o.len() < 2)
        && !["unclear", "silent"].iter().any(|w| has_word(&row.note, w))
    {
        let names: Vec<&str> = rulings.iter().map(|(r, _)| r.as_str()).collect();
        problems.push(format!(
            "{at}: its rulings ({}) have one option each: where the text is clear the row is `refereed`; where it is not, the row says why (`ruling: the text is silent on …` or `… unclear …`)",
            names.join(", ")
        ));
    }
}

/// An umpire's row quotes in backticks the labels the app shows for it, each found in a string
/// under `src/rules/<key>/`.
fn check_umpire(row: &Row, at: &str, ctx: &Context, problems: &mut Vec<String>) {
    let labels = code_items(&row.note);
    if labels.is_empty() {
        problems.push(format!(
            "{at}: an `umpire:` row quotes in backticks the label the app shows for it (a form's field, a card's question or answer)"
        ));
    }
    for label in labels {
        if !ctx.labels.iter().any(|s| s.contains(&label)) {
            problems.push(format!(
                "{at}: `{label}` is shown nowhere: no string under src/rules/{}/ holds it",
                ctx.key
            ));
        }
    }
}

/// A `not a rule` row over a passage with a rule word says why it is none.
fn check_not_a_rule(
    row: &Row,
    at: &str,
    passage: &[&str],
    lines: usize,
    problems: &mut Vec<String>,
) {
    let Some((i, word)) = rule_word(passage) else {
        return;
    };
    let because = NOT_A_RULE_BECAUSE.iter().find(|w| has_word(&row.note, w));
    let repeat_ok = || {
        let rest = row.note.to_lowercase();
        let after = rest.split("repeat of line").nth(1).unwrap_or("");
        let number: String = after
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        number
            .parse::<usize>()
            .is_ok_and(|n| n >= 1 && n <= lines && !(row.first..=row.last).contains(&n))
    };
    match because {
        Some(&"repeat of line") if !repeat_ok() => problems.push(format!(
            "{at}: `repeat of line N` names a line of the text outside this row"
        )),
        Some(_) => {}
        None => {
            let mut reasons = String::new();
            let _ = write!(
                reasons,
                "{}, or repeat of line N",
                NOT_A_RULE_BECAUSE[..5].join(", ")
            );
            problems.push(format!(
                "{at}: line {} has `{word}`, so it may be a rule: a `not a rule` row says why it is none ({reasons})",
                row.first + i
            ));
        }
    }
}
