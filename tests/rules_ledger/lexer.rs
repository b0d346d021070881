//! Just enough of Rust's lexical grammar to read test sources exactly: comments and string,
//! character and raw string literals are never mistaken for code, and brackets are matched, so
//! a name in a comment or a string is never taken for an item.

/// One token of Rust source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    /// A string literal's value (escapes read), for labels and ruling options.
    Str(String),
    /// Any other literal: a number, a character, a byte.
    Lit,
    Lifetime,
    Open(char),
    Close(char),
    Punct(char),
}

impl Tok {
    pub fn is_ident(&self, name: &str) -> bool {
        matches!(self, Tok::Ident(s) if s == name)
    }
}

/// The tokens of a source text.
pub fn lex(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            i = block_comment_end(&c, i);
        } else if let Some((value, end)) = string_at(&c, i) {
            out.push(Tok::Str(value));
            i = end;
        } else if ch == '\'' {
            let (tok, end) = quote_at(&c, i);
            out.push(tok);
            i = end;
        } else if ch == '_' || ch.is_alphabetic() {
            let start = if ch == 'r' && next == Some('#') {
                i + 2
            } else {
                i
            };
            let mut end = start;
            while end < c.len() && (c[end] == '_' || c[end].is_alphanumeric()) {
                end += 1;
            }
            out.push(Tok::Ident(c[start..end].iter().collect()));
            i = end;
        } else if ch.is_ascii_digit() {
            i += 1;
            while i < c.len()
                && (c[i] == '_'
                    || c[i].is_alphanumeric()
                    || (c[i] == '.' && c.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            out.push(Tok::Lit);
        } else {
            out.push(match ch {
                '(' | '[' | '{' => Tok::Open(ch),
                ')' | ']' | '}' => Tok::Close(ch),
                _ => Tok::Punct(ch),
            });
            i += 1;
        }
    }
    out
}

/// The index just past a block comment starting at `i` (they nest).
fn block_comment_end(c: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// A string literal starting at `i` (`"…"`, `r#"…"#`, `b"…"`, `br"…"`, `c"…"`): its value and
/// the index past it.
fn string_at(c: &[char], i: usize) -> Option<(String, usize)> {
    let mut j = i;
    // A prefix only counts where it does not end an identifier (`ab"` is not `b"`).
    if i > 0 && (c[i - 1] == '_' || c[i - 1].is_alphanumeric()) {
        return None;
    }
    if matches!(c.get(j), Some('b' | 'c')) {
        j += 1;
    }
    let raw = c.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    let mut hashes = 0;
    while raw && c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if c.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    let mut value = String::new();
    while j < c.len() {
        if raw {
            if c[j] == '"' && (0..hashes).all(|k| c.get(j + 1 + k) == Some(&'#')) {
                return Some((value, j + 1 + hashes));
            }
            value.push(c[j]);
            j += 1;
            continue;
        }
        match c[j] {
            '"' => return Some((value, j + 1)),
            '\\' => j = escape(c, j, &mut value),
            ch => {
                value.push(ch);
                j += 1;
            }
        }
    }
    Some((value, j))
}

/// Reads the escape at `c[j] == '\\'` into `value`; the index past it.
fn escape(c: &[char], j: usize, value: &mut String) -> usize {
    match c.get(j + 1) {
        Some('n') => value.push('\n'),
        Some('t') => value.push('\t'),
        Some('r') => value.push('\r'),
        Some('0') => value.push('\0'),
        Some('\n') => {
            // A line continuation: the newline and the next line's leading blanks go.
            let mut k = j + 1;
            while k < c.len() && c[k].is_whitespace() {
                k += 1;
            }
            return k;
        }
        Some('u') => {
            let mut k = j + 2;
            let mut hex = String::new();
            while k < c.len() && c[k] != '}' {
                if c[k].is_ascii_hexdigit() {
                    hex.push(c[k]);
                }
                k += 1;
            }
            if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                value.push(ch);
            }
            return k + 1;
        }
        Some('x') => {
            let hex: String = c.iter().skip(j + 2).take(2).collect();
            if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                value.push(ch);
            }
            return j + 4;
        }
        Some(&other) => value.push(other),
        None => {}
    }
    j + 2
}

/// A character literal (`'x'`, `'\n'`) or a lifetime (`'a`) at `i`.
fn quote_at(c: &[char], i: usize) -> (Tok, usize) {
    if c.get(i + 1) == Some(&'\\') {
        let mut j = i + 3;
        while j < c.len() && c[j] != '\'' {
            j += 1;
        }
        return (Tok::Lit, j + 1);
    }
    if c.get(i + 2) == Some(&'\'') {
        return (Tok::Lit, i + 3);
    }
    let mut j = i + 1;
    while j < c.len() && (c[j] == '_' || c[j].is_alphanumeric()) {
        j += 1;
    }
    (Tok::Lifetime, j)
}

/// For each `Open` token, the index of its `Close` (and the other way round); unmatched
/// brackets point past the end.
pub fn matching(toks: &[Tok]) -> Vec<usize> {
    let mut pairs = vec![toks.len(); toks.len()];
    let mut stack = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Open(_) => stack.push(i),
            Tok::Close(_) => {
                if let Some(open) = stack.pop() {
                    pairs[open] = i;
                    pairs[i] = open;
                }
            }
            _ => {}
        }
    }
    pairs
}

/// Every string literal's value in a source text.
pub fn strings(text: &str) -> impl Iterator<Item = String> {
    lex(text).into_iter().filter_map(|t| match t {
        Tok::Str(s) => Some(s),
        _ => None,
    })
}
