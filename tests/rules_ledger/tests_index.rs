//! The tests a test target really has, read from its sources as the compiler would find them:
//! from `tests/NAME.rs` or `tests/NAME/main.rs`, through every `mod` (inline, in a file, or at
//! a `#[path]`), into `proptest!` blocks and into the target's own simple macros
//! (`macro_rules!` whose one rule takes plain `$name:kind` arguments), each test at its module
//! path. A function without `#[test]`, a name in a comment or a string, a `#[test]` inside
//! a function, an impl or a macro the reader cannot expand is no test; an `#[ignore]`d or
//! `#[cfg]`-gated test is recorded as such.
//!
//! For each test it also knows what its code reaches: the functions and macros of the target
//! it calls, by name, however deep, and so whether it runs a command or reads a check (calls
//! one of [`DRIVERS`]) and which string literals it holds (a ruling's key and option).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::lexer::{Tok, lex, matching};

/// The engine's entry points: calling one runs a command (`execute`, `execute_with`,
/// `Exec::run`, `run_in`, `run_on`, `events_of`, `do_action`, `answer`, `undo`, `redo`),
/// reads the check cards (`pending`, `checks`, `card_commands`) or puts an army through the roster's check
/// (`load_army`), where the rules of organisation are refereed.
pub const DRIVERS: [&str; 13] = [
    "execute",
    "execute_with",
    "run_in",
    "run_on",
    "events_of",
    "do_action",
    "answer",
    "undo",
    "redo",
    "pending",
    "checks",
    "card_commands",
    "load_army",
];

/// One test function.
#[derive(Clone, Debug)]
pub struct Test {
    pub ignored: bool,
    /// Under a `#[cfg(…)]` (the test or a module around it): it may not be built.
    pub gated: bool,
    body: Vec<Tok>,
}

/// What a test's code reaches.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// It runs a command or reads a check.
    pub drives: bool,
    /// Every string literal in its body and in what it calls.
    pub strings: BTreeSet<String>,
}

/// A test target's tests by path (`module::name`), and its functions and macros by name.
#[derive(Default)]
pub struct Target {
    pub tests: HashMap<String, Test>,
    functions: HashMap<String, Vec<Vec<Tok>>>,
    /// Macros the reader met but could not expand, for messages.
    pub unexpanded: BTreeSet<String>,
    reach: HashMap<String, Reach>,
}

/// Reads the files of a target; `None` when there is no such file.
pub type Files<'a> = dyn Fn(&Path) -> Option<String> + 'a;

/// A `macro_rules!` the reader can expand: its argument names and its body.
#[derive(Clone)]
struct Macro {
    params: Vec<String>,
    body: Vec<Tok>,
}

struct Reader<'a> {
    files: &'a Files<'a>,
    target: Target,
    macros: HashMap<String, Macro>,
}

impl Target {
    /// Reads target `name` from `tests/` (through `files`); `None` when it has no root file.
    pub fn read(tests: &Path, name: &str, files: &Files) -> Option<Target> {
        let (root, dir) = {
            let single = tests.join(format!("{name}.rs"));
            if files(&single).is_some() {
                (single, tests.to_path_buf())
            } else {
                (tests.join(name).join("main.rs"), tests.join(name))
            }
        };
        let text = files(&root)?;
        let mut reader = Reader {
            files,
            target: Target::default(),
            macros: HashMap::new(),
        };
        reader.items(&lex(&text), &[], &root, &dir, false);
        let mut target = reader.target;
        target.settle_reach();
        Some(target)
    }

    /// What the code of test `path` reaches.
    pub fn reach(&self, path: &str) -> Option<&Reach> {
        self.reach.get(path)
    }

    /// Works out, for every test, what its code reaches (a fixed point over the call graph).
    fn settle_reach(&mut self) {
        let names = |body: &[Tok]| -> (bool, BTreeSet<String>, BTreeSet<String>) {
            let mut drives = false;
            let mut calls = BTreeSet::new();
            let mut strings = BTreeSet::new();
            for (i, t) in body.iter().enumerate() {
                match t {
                    Tok::Ident(name) => {
                        let called = matches!(body.get(i + 1), Some(Tok::Open('(')))
                            || matches!(body.get(i + 1), Some(Tok::Punct(':')))
                                && matches!(body.get(i + 3), Some(Tok::Punct('<')));
                        let exec_run = name == "run"
                            && i >= 3
                            && body[i - 3].is_ident("Exec")
                            && matches!(body[i - 1], Tok::Punct(':'));
                        if (called && DRIVERS.contains(&name.as_str())) || exec_run {
                            drives = true;
                        }
                        calls.insert(name.clone());
                    }
                    Tok::Str(s) => {
                        strings.insert(s.clone());
                    }
                    _ => {}
                }
            }
            (drives, calls, strings)
        };
        // Each function name's own findings, then what it reaches through its calls.
        let mut own: HashMap<String, (bool, BTreeSet<String>, BTreeSet<String>)> = HashMap::new();
        for (name, bodies) in &self.functions {
            let entry = own.entry(name.clone()).or_default();
            for body in bodies {
                let (d, c, s) = names(body);
                entry.0 |= d;
                entry.1.extend(c);
                entry.2.extend(s);
            }
        }
        for (path, test) in &self.tests {
            let (drives, calls, mut strings) = names(&test.body);
            let mut drives = drives;
            let mut seen = BTreeSet::new();
            let mut todo: Vec<String> = calls.into_iter().collect();
            while let Some(name) = todo.pop() {
                if !seen.insert(name.clone()) {
                    continue;
                }
                if let Some((d, c, s)) = own.get(&name) {
                    drives |= d;
                    strings.extend(s.iter().cloned());
                    todo.extend(c.iter().filter(|n| !seen.contains(*n)).cloned());
                }
            }
            self.reach.insert(path.clone(), Reach { drives, strings });
        }
    }
}

impl Reader<'_> {
    /// Reads the items of one module: `toks` is its content, `path` its module path, `file` the
    /// file it is in, `dir` where its child modules' files are.
    fn items(&mut self, toks: &[Tok], path: &[String], file: &Path, dir: &Path, gated: bool) {
        let pairs = matching(toks);
        let mut i = 0;
        while i < toks.len() {
            // Outer attributes; inner ones (`#![…]`) are skipped.
            let mut attrs: Vec<&[Tok]> = Vec::new();
            while matches!(toks.get(i), Some(Tok::Punct('#'))) {
                let open = if matches!(toks.get(i + 1), Some(Tok::Punct('!'))) {
                    i + 2
                } else {
                    i + 1
                };
                if !matches!(toks.get(open), Some(Tok::Open('['))) {
                    break;
                }
                let close = pairs[open].min(toks.len());
                if open == i + 1 {
                    attrs.push(&toks[open + 1..close]);
                }
                i = close + 1;
            }
            i = past_qualifiers(toks, &pairs, i);
            let Some(tok) = toks.get(i) else { break };
            let gated_here = gated
                || attrs
                    .iter()
                    .any(|a| a.first().is_some_and(|t| t.is_ident("cfg")));
            match tok {
                Tok::Ident(w) if w == "fn" => {
                    i = self.function(toks, &pairs, i, path, &attrs, gated_here);
                }
                Tok::Ident(w) if w == "mod" => {
                    i = self.module(toks, &pairs, i, path, file, dir, &attrs, gated_here);
                }
                Tok::Ident(w) if w == "impl" || w == "trait" => {
                    // Methods are functions a test may call, never tests.
                    let mut j = i + 1;
                    while j < toks.len() && !matches!(toks[j], Tok::Open('{')) {
                        j = if matches!(toks[j], Tok::Open(_)) {
                            pairs[j] + 1
                        } else {
                            j + 1
                        };
                    }
                    if j < toks.len() {
                        self.methods(&toks[j + 1..pairs[j].min(toks.len())]);
                    }
                    i = pairs.get(j).map_or(toks.len(), |c| c + 1);
                }
                Tok::Ident(w) if w == "macro_rules" => {
                    i = self.macro_rules(toks, &pairs, i);
                }
                Tok::Ident(name) if matches!(toks.get(i + 1), Some(Tok::Punct('!'))) => {
                    let open = i + 2;
                    if !matches!(toks.get(open), Some(Tok::Open(_))) {
                        i += 1;
                        continue;
                    }
                    let close = pairs[open].min(toks.len());
                    let inner = &toks[open + 1..close];
                    if name == "proptest" {
                        self.items(inner, path, file, dir, gated_here);
                    } else if let Some(expanded) = self.expand(name, inner) {
                        self.items(&expanded, path, file, dir, gated_here);
                    } else {
                        self.target.unexpanded.insert(name.clone());
                    }
                    i = close + 1;
                }
                Tok::Ident(w) if matches!(w.as_str(), "struct" | "enum" | "union") => {
                    // To a `;` or the end of a braced body.
                    let mut j = i + 1;
                    while j < toks.len() {
                        match toks[j] {
                            Tok::Punct(';') => break,
                            Tok::Open('{') => {
                                j = pairs[j];
                                break;
                            }
                            Tok::Open(_) => j = pairs[j] + 1,
                            _ => j += 1,
                        }
                    }
                    i = j + 1;
                }
                Tok::Ident(w) if matches!(w.as_str(), "use" | "const" | "static" | "type") => {
                    let mut j = i + 1;
                    while j < toks.len() && !matches!(toks[j], Tok::Punct(';')) {
                        j = if matches!(toks[j], Tok::Open(_)) {
                            pairs[j] + 1
                        } else {
                            j + 1
                        };
                    }
                    i = j + 1;
                }
                Tok::Open(_) => i = pairs[i] + 1,
                _ => i += 1,
            }
        }
    }

    /// `fn name …{ body }` at `i`: a test when `#[test]` is among its attributes. Returns the
    /// index past it.
    fn function(
        &mut self,
        toks: &[Tok],
        pairs: &[usize],
        i: usize,
        path: &[String],
        attrs: &[&[Tok]],
        gated: bool,
    ) -> usize {
        let Some(Tok::Ident(name)) = toks.get(i + 1) else {
            return i + 1;
        };
        let mut j = i + 2;
        while j < toks.len() && !matches!(toks[j], Tok::Open('{') | Tok::Punct(';')) {
            j = if matches!(toks[j], Tok::Open(_)) {
                pairs[j] + 1
            } else {
                j + 1
            };
        }
        if !matches!(toks.get(j), Some(Tok::Open('{'))) {
            return j + 1;
        }
        let body = toks[j + 1..pairs[j].min(toks.len())].to_vec();
        let is = |word: &str| attrs.iter().any(|a| a.len() == 1 && a[0].is_ident(word));
        let ignored = attrs.iter().any(|a| {
            a.first().is_some_and(|t| t.is_ident("ignore"))
                || a.first().is_some_and(|t| t.is_ident("cfg_attr"))
                    && a.iter().any(|t| t.is_ident("ignore"))
        });
        if is("test") {
            let mut full = path.to_vec();
            full.push(name.clone());
            self.target.tests.insert(
                full.join("::"),
                Test {
                    ignored,
                    gated,
                    body: body.clone(),
                },
            );
        }
        self.target
            .functions
            .entry(name.clone())
            .or_default()
            .push(body);
        pairs[j] + 1
    }

    /// The functions of an impl or trait body.
    fn methods(&mut self, toks: &[Tok]) {
        let pairs = matching(toks);
        let mut i = 0;
        while i < toks.len() {
            if toks[i].is_ident("fn") {
                i = self.function(toks, &pairs, i, &[], &[], false);
            } else if matches!(toks[i], Tok::Open(_)) {
                i = pairs[i] + 1;
            } else {
                i += 1;
            }
        }
    }

    /// `mod name;` (a file) or `mod name { … }` at `i`. Returns the index past it.
    #[allow(clippy::too_many_arguments)]
    fn module(
        &mut self,
        toks: &[Tok],
        pairs: &[usize],
        i: usize,
        path: &[String],
        file: &Path,
        dir: &Path,
        attrs: &[&[Tok]],
        gated: bool,
    ) -> usize {
        let Some(Tok::Ident(name)) = toks.get(i + 1) else {
            return i + 1;
        };
        let mut inner = path.to_vec();
        inner.push(name.clone());
        match toks.get(i + 2) {
            Some(Tok::Open('{')) => {
                let close = pairs[i + 2].min(toks.len());
                self.items(&toks[i + 3..close], &inner, file, &dir.join(name), gated);
                close + 1
            }
            _ => {
                let at = attrs.iter().find_map(|a| match a {
                    [Tok::Ident(p), Tok::Punct('='), Tok::Str(s)] if p == "path" => Some(s),
                    _ => None,
                });
                let (child, child_dir) = match at {
                    Some(p) => {
                        let f = normalize(&file.parent().unwrap_or(dir).join(p));
                        let d = f.parent().map(Path::to_path_buf).unwrap_or_default();
                        (f, d)
                    }
                    None => {
                        let flat = dir.join(format!("{name}.rs"));
                        if (self.files)(&flat).is_some() {
                            (flat, dir.join(name))
                        } else {
                            (dir.join(name).join("mod.rs"), dir.join(name))
                        }
                    }
                };
                if let Some(text) = (self.files)(&child) {
                    self.items(&lex(&text), &inner, &child, &child_dir, gated);
                }
                i + 3
            }
        }
    }

    /// `macro_rules! name { (matcher) => { body } }` at `i`: kept when its one rule takes plain
    /// `$name:kind` arguments separated by commas. Returns the index past it.
    fn macro_rules(&mut self, toks: &[Tok], pairs: &[usize], i: usize) -> usize {
        let (Some(Tok::Ident(name)), Some(Tok::Open(_))) = (toks.get(i + 2), toks.get(i + 3))
        else {
            return i + 1;
        };
        let close = pairs[i + 3].min(toks.len());
        let rules = &toks[i + 4..close];
        let rp = matching(rules);
        let simple = (|| {
            if !matches!(rules.first(), Some(Tok::Open(_))) {
                return None;
            }
            let m_end = rp[0];
            let matcher = &rules[1..m_end];
            if !matches!(rules.get(m_end + 1), Some(Tok::Punct('=')))
                || !matches!(rules.get(m_end + 2), Some(Tok::Punct('>')))
                || !matches!(rules.get(m_end + 3), Some(Tok::Open(_)))
            {
                return None;
            }
            let b_end = rp[m_end + 3];
            let rest = &rules[b_end + 1..];
            if !(rest.is_empty() || rest == [Tok::Punct(';')]) {
                return None;
            }
            let mut params = Vec::new();
            for part in matcher.split(|t| *t == Tok::Punct(',')) {
                match part {
                    [
                        Tok::Punct('$'),
                        Tok::Ident(p),
                        Tok::Punct(':'),
                        Tok::Ident(_),
                    ] => {
                        params.push(p.clone());
                    }
                    [] => {}
                    _ => return None,
                }
            }
            Some(Macro {
                params,
                body: rules[m_end + 4..b_end].to_vec(),
            })
        })();
        match simple {
            Some(m) => {
                self.target
                    .functions
                    .entry(name.clone())
                    .or_default()
                    .push(m.body.clone());
                self.macros.insert(name.clone(), m);
            }
            None => {
                // Not expandable, but a test may still call it: its tokens count as a body.
                self.target
                    .functions
                    .entry(name.clone())
                    .or_default()
                    .push(rules.to_vec());
            }
        }
        close + 1
    }

    /// The tokens of `name!(args)`, for a macro of the target the reader can expand.
    fn expand(&self, name: &str, args: &[Tok]) -> Option<Vec<Tok>> {
        let m = self.macros.get(name)?;
        let pairs = matching(args);
        let mut values: Vec<Vec<Tok>> = vec![Vec::new()];
        let mut i = 0;
        while i < args.len() {
            match args[i] {
                Tok::Punct(',') => values.push(Vec::new()),
                Tok::Open(_) => {
                    let close = pairs[i].min(args.len() - 1);
                    values.last_mut()?.extend_from_slice(&args[i..=close]);
                    i = close;
                }
                ref t => values.last_mut()?.push(t.clone()),
            }
            i += 1;
        }
        if values.last().is_some_and(Vec::is_empty) {
            values.pop();
        }
        if values.len() != m.params.len() {
            return None;
        }
        let mut out = Vec::new();
        let mut i = 0;
        while i < m.body.len() {
            if let (Tok::Punct('$'), Some(Tok::Ident(p))) = (&m.body[i], m.body.get(i + 1))
                && let Some(k) = m.params.iter().position(|q| q == p)
            {
                out.extend(values[k].iter().cloned());
                i += 2;
                continue;
            }
            out.push(m.body[i].clone());
            i += 1;
        }
        Some(out)
    }
}

/// The index past `pub`, `pub(crate)`, `async`, `unsafe`, `extern "C"` and a `const` before
/// `fn` at `i`.
fn past_qualifiers(toks: &[Tok], pairs: &[usize], mut i: usize) -> usize {
    loop {
        match toks.get(i) {
            Some(Tok::Ident(w)) if w == "pub" => {
                i += 1;
                if matches!(toks.get(i), Some(Tok::Open('('))) {
                    i = pairs[i] + 1;
                }
            }
            Some(Tok::Ident(w)) if w == "extern" => {
                i += 1;
                if matches!(toks.get(i), Some(Tok::Str(_))) {
                    i += 1;
                }
            }
            Some(Tok::Ident(w)) if w == "async" || w == "unsafe" => i += 1,
            Some(Tok::Ident(w))
                if w == "const"
                    && toks
                        .get(i + 1)
                        .is_some_and(|t| t.is_ident("fn") || t.is_ident("unsafe")) =>
            {
                i += 1;
            }
            _ => return i,
        }
    }
}

/// `a/b/../c` as `a/c`: paths read through `#[path = "../x"]` name one file one way.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The real files under the checkout.
pub fn disk(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// Crafted files for the checker's own tests: `(path under tests/, text)`.
pub fn crafted(files: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> {
    let files: HashMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (Path::new("tests").join(p), (*t).to_owned()))
        .collect();
    move |p: &Path| files.get(p).cloned()
}
