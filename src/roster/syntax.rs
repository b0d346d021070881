//! A RON text as a tree of values with their byte spans.
//!
//! `ron` decodes a roster into its serde types but keeps no positions for the values it
//! read. This reads the same text once more into a plain tree that does, so a validator's
//! problem about `clans[1].units[3].stands` is placed at that value in the file (never at
//! a word found by searching), and the army builder can open any roster file. It is only
//! asked about text `ron` has already accepted; on anything else it stops with the place.

/// How deep values may nest; a real roster nests five or six levels.
const MAX_DEPTH: usize = 64;

/// One value and where it is in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Byte offset of the value's first character.
    pub start: usize,
    /// The value.
    pub kind: Kind,
}

/// The kinds of value a roster holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `(key: value, ...)` or `Name(key: value, ...)`: fields with each key's offset.
    Record(Vec<Field>),
    /// `Name(a, b)` or `(a, b)`: an enum variant with data, `Some(x)`, or a tuple.
    Tuple(Option<String>, Vec<Node>),
    /// `[a, b]`.
    List(Vec<Node>),
    /// `{a: b}`.
    Map(Vec<(Node, Node)>),
    /// A string, unescaped.
    Text(String),
    /// A number as written.
    Number(String),
    /// A bare word: `true`, `None`, an enum variant.
    Word(String),
    /// A character literal.
    Char(char),
}

/// A record's field.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The key.
    pub key: String,
    /// Byte offset of the key.
    pub key_start: usize,
    /// The value.
    pub value: Node,
}

impl Node {
    /// The record field with this key.
    pub fn field(&self, key: &str) -> Option<&Field> {
        match &self.unwrap_some().kind {
            Kind::Record(fields) => fields.iter().find(|f| f.key == key),
            _ => None,
        }
    }

    /// The items of a list (or tuple).
    pub fn items(&self) -> &[Node] {
        match &self.unwrap_some().kind {
            Kind::List(items) | Kind::Tuple(_, items) => items,
            _ => &[],
        }
    }

    /// `Some(x)` read as `x`: rosters write optional values plainly, but either is valid.
    pub fn unwrap_some(&self) -> &Self {
        match &self.kind {
            Kind::Tuple(Some(name), items) if name == "Some" && items.len() == 1 => &items[0],
            _ => self,
        }
    }

    /// The byte offset of the entry `key` of the map at `path` (a figure's skill with one
    /// weapon), or of the map itself when it has no such entry.
    pub fn offset_of_entry(&self, path: &super::RosterPath, key: &str) -> usize {
        let mut node = Some(self);
        for step in path.steps() {
            node = node.and_then(|n| match step {
                super::Step::Field(k) => n.field(k).map(|f| &f.value),
                super::Step::Index(i) => n.items().get(*i),
            });
        }
        let entry = node.and_then(|n| match &n.unwrap_some().kind {
            Kind::Map(entries) => entries
                .iter()
                .find(|(k, _)| matches!(&k.kind, Kind::Text(t) if t == key))
                .map(|(k, _)| k.start),
            _ => None,
        });
        entry.unwrap_or_else(|| self.offset_of(path))
    }

    /// The start of the value the text at `byte` belongs to: a number or word written
    /// across it, or a value that starts there. A reading error RON places inside a value
    /// (`-5` for a count, `1.5` for a whole number) or just before it is moved to its start.
    pub fn value_start_at(&self, byte: usize) -> Option<usize> {
        let written = |n: &Node| match &n.kind {
            Kind::Number(text) | Kind::Word(text) => text.len(),
            _ => 0,
        };
        if self.start == byte || (self.start < byte && byte < self.start + written(self)) {
            let deeper = self.children().find_map(|c| c.value_start_at(byte));
            return deeper.or(Some(self.start));
        }
        self.children().find_map(|c| c.value_start_at(byte))
    }

    /// The values directly inside this one.
    fn children(&self) -> Box<dyn Iterator<Item = &Node> + '_> {
        match &self.kind {
            Kind::Record(fields) => Box::new(fields.iter().map(|f| &f.value)),
            Kind::Tuple(_, items) | Kind::List(items) => Box::new(items.iter()),
            Kind::Map(entries) => Box::new(entries.iter().flat_map(|(k, v)| [k, v])),
            _ => Box::new(std::iter::empty()),
        }
    }

    /// The byte offset of the value at `path`, or of the deepest value on the way that the
    /// text has (a field left out is placed at the record that lacks it).
    pub fn offset_of(&self, path: &super::RosterPath) -> usize {
        let mut node = self;
        let mut at = self.start;
        for step in path.steps() {
            match step {
                super::Step::Field(key) => match node.field(key) {
                    Some(f) => {
                        at = f.key_start;
                        node = &f.value;
                    }
                    None => return at,
                },
                super::Step::Index(i) => match node.items().get(*i) {
                    Some(item) => {
                        at = item.start;
                        node = item;
                    }
                    None => return at,
                },
            }
        }
        at
    }
}

/// A place the text stops making sense, with what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset.
    pub at: usize,
    /// What was expected there.
    pub expected: &'static str,
}

/// Reads a whole RON text (attributes like `#![enable(...)]` and comments skipped).
///
/// # Errors
/// Text that is not a single RON value, or nests deeper than [`MAX_DEPTH`].
pub fn parse(source: &str) -> Result<Node, SyntaxError> {
    let mut p = Parser { s: source, at: 0 };
    p.skip_blank();
    while p.rest().starts_with("#!") {
        p.skip_attribute()?;
        p.skip_blank();
    }
    let node = p.value(0)?;
    p.skip_blank();
    if p.at < source.len() {
        return Err(p.error("the end of the file"));
    }
    Ok(node)
}

struct Parser<'a> {
    s: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        self.s.get(self.at..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn error(&self, expected: &'static str) -> SyntaxError {
        SyntaxError {
            at: self.at,
            expected,
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), SyntaxError> {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// Whitespace and comments (block comments nest, as in RON).
    fn skip_blank(&mut self) {
        loop {
            let rest = self.rest();
            if rest.starts_with("//") {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with("/*") {
                let mut depth = 0_usize;
                let bytes = rest.as_bytes();
                let mut i = 0;
                while i < bytes.len() {
                    if bytes[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if bytes[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                self.at += i;
            } else if let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
                self.at += c.len_utf8();
            } else {
                return;
            }
        }
    }

    fn skip_attribute(&mut self) -> Result<(), SyntaxError> {
        match self.rest().find(']') {
            Some(end) => {
                self.at += end + 1;
                Ok(())
            }
            None => Err(self.error("`]` closing the attribute")),
        }
    }

    fn word(&mut self) -> String {
        let start = self.at;
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            self.at += c.len_utf8();
        }
        self.s.get(start..self.at).unwrap_or("").to_owned()
    }

    fn value(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        if depth > MAX_DEPTH {
            return Err(self.error("values nested less deeply"));
        }
        self.skip_blank();
        let start = self.at;
        let kind = match self.peek() {
            Some('(') => self.parenthesised(None, depth)?,
            Some('[') => {
                self.bump();
                Kind::List(self.sequence(']', depth)?)
            }
            Some('{') => self.map(depth)?,
            Some('"') => Kind::Text(self.string()?),
            Some('\'') => self.char_literal()?,
            Some('r') if matches!(self.rest().as_bytes().get(1), Some(b'"' | b'#')) => {
                self.bump();
                Kind::Text(self.raw_string()?)
            }
            Some('b') if self.rest().as_bytes().get(1) == Some(&b'"') => {
                self.bump();
                Kind::Text(self.string()?)
            }
            Some(c) if c.is_ascii_digit() || matches!(c, '+' | '-' | '.') => {
                Kind::Number(self.number())
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let word = self.word();
                self.skip_blank();
                if self.peek() == Some('(') {
                    self.parenthesised(Some(word), depth)?
                } else {
                    Kind::Word(word)
                }
            }
            _ => return Err(self.error("a value")),
        };
        Ok(Node { start, kind })
    }

    /// After a name or at `(`: a record if the first thing inside is `key:`, else a tuple.
    fn parenthesised(&mut self, name: Option<String>, depth: usize) -> Result<Kind, SyntaxError> {
        self.expect('(', "`(`")?;
        self.skip_blank();
        let save = self.at;
        let key = self.word();
        self.skip_blank();
        let is_record =
            !key.is_empty() && self.peek() == Some(':') && !self.rest().starts_with("::");
        self.at = save;
        if !is_record {
            return Ok(Kind::Tuple(name, self.sequence(')', depth)?));
        }
        let mut fields = Vec::new();
        loop {
            self.skip_blank();
            if self.peek() == Some(')') {
                self.bump();
                return Ok(Kind::Record(fields));
            }
            let key_start = self.at;
            let key = self.word();
            if key.is_empty() {
                return Err(self.error("a field name or `)`"));
            }
            self.skip_blank();
            self.expect(':', "`:` after the field name")?;
            let value = self.value(depth + 1)?;
            fields.push(Field {
                key,
                key_start,
                value,
            });
            self.skip_blank();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(')') => {}
                _ => return Err(self.error("`,` or `)`")),
            }
        }
    }

    fn sequence(&mut self, close: char, depth: usize) -> Result<Vec<Node>, SyntaxError> {
        let mut items = Vec::new();
        loop {
            self.skip_blank();
            if self.peek() == Some(close) {
                self.bump();
                return Ok(items);
            }
            items.push(self.value(depth + 1)?);
            self.skip_blank();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(c) if c == close => {}
                _ => return Err(self.error("`,` or the closing bracket")),
            }
        }
    }

    fn map(&mut self, depth: usize) -> Result<Kind, SyntaxError> {
        self.expect('{', "`{`")?;
        let mut entries = Vec::new();
        loop {
            self.skip_blank();
            if self.peek() == Some('}') {
                self.bump();
                return Ok(Kind::Map(entries));
            }
            let key = self.value(depth + 1)?;
            self.skip_blank();
            self.expect(':', "`:` after the key")?;
            let value = self.value(depth + 1)?;
            entries.push((key, value));
            self.skip_blank();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some('}') => {}
                _ => return Err(self.error("`,` or `}`")),
            }
        }
    }

    fn number(&mut self) -> String {
        let start = self.at;
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.' | '_'))
        {
            self.at += c.len_utf8();
        }
        self.s.get(start..self.at).unwrap_or("").to_owned()
    }

    fn escape(&mut self) -> Result<char, SyntaxError> {
        Ok(match self.bump() {
            Some('n') => '\n',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('0') => '\0',
            Some('u') => {
                self.expect('{', "`{` after \\u")?;
                let start = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                    self.bump();
                }
                let hex = self.s.get(start..self.at).unwrap_or("");
                self.expect('}', "`}` closing \\u{…}")?;
                u32::from_str_radix(hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or(SyntaxError {
                        at: start,
                        expected: "a Unicode scalar value",
                    })?
            }
            Some('x') => {
                let start = self.at;
                self.bump();
                self.bump();
                let hex = self.s.get(start..self.at).unwrap_or("");
                u8::from_str_radix(hex, 16)
                    .map(char::from)
                    .map_err(|_| SyntaxError {
                        at: start,
                        expected: "two hex digits",
                    })?
            }
            Some(c) => c,
            None => return Err(self.error("an escaped character")),
        })
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.expect('"', "`\"`")?;
        let mut out = String::new();
        loop {
            match self.bump() {
                Some('"') => return Ok(out),
                Some('\\') => out.push(self.escape()?),
                Some(c) => out.push(c),
                None => return Err(self.error("`\"` closing the string")),
            }
        }
    }

    fn raw_string(&mut self) -> Result<String, SyntaxError> {
        let mut hashes = 0;
        while self.peek() == Some('#') {
            self.bump();
            hashes += 1;
        }
        self.expect('"', "`\"` opening the raw string")?;
        let close = format!("\"{}", "#".repeat(hashes));
        match self.rest().find(&close) {
            Some(end) => {
                let text = self.rest().get(..end).unwrap_or("").to_owned();
                self.at += end + close.len();
                Ok(text)
            }
            None => Err(self.error("the raw string's closing quote")),
        }
    }

    fn char_literal(&mut self) -> Result<Kind, SyntaxError> {
        self.expect('\'', "`'`")?;
        let c = match self.bump() {
            Some('\\') => self.escape()?,
            Some(c) => c,
            None => return Err(self.error("a character")),
        };
        self.expect('\'', "`'` closing the character")?;
        Ok(Kind::Char(c))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::roster_path;

    const TEXT: &str = r#"// units: a comment that names a field
#![enable(implicit_some)]
(
    name: "A \"quoted\" name 武田",
    clans: [
        (name: "First", units: [(name: "u", stands: 4, formation: Line(4))]),
        (name: "Second", /* units: not here */ units: [(name: "v", stands: 0)]),
    ],
)"#;

    #[test]
    fn a_path_lands_on_its_value_not_on_a_comment_naming_it() {
        let tree = parse(TEXT).unwrap();
        let at = tree.offset_of(&roster_path!("clans", 1_usize, "units", 0_usize, "stands"));
        assert!(TEXT[at..].starts_with("stands: 0"));
        let at = tree.offset_of(&roster_path!("clans", 1_usize, "units"));
        assert!(TEXT[at..].starts_with("units: [(name: \"v\""));
    }

    #[test]
    fn a_missing_field_lands_on_the_record_that_lacks_it() {
        let tree = parse(TEXT).unwrap();
        let at = tree.offset_of(&roster_path!("clans", 0_usize, "units", 0_usize, "bushi"));
        assert!(TEXT[at..].starts_with("(name: \"u\""));
    }

    #[test]
    fn strings_are_unescaped_and_variants_keep_their_data() {
        let tree = parse(TEXT).unwrap();
        assert_eq!(
            tree.field("name").unwrap().value.kind,
            Kind::Text("A \"quoted\" name 武田".into())
        );
        let unit = &tree.field("clans").unwrap().value.items()[0]
            .field("units")
            .unwrap()
            .value
            .items()[0];
        let Kind::Tuple(Some(name), items) = &unit.field("formation").unwrap().value.kind else {
            panic!("formation is a variant with data");
        };
        assert_eq!(name, "Line");
        assert_eq!(items[0].kind, Kind::Number("4".into()));
    }

    #[test]
    fn deep_nesting_and_unclosed_values_are_errors_not_panics() {
        assert!(parse(&"[".repeat(10_000)).is_err());
        assert!(parse("(name: \"open").is_err());
        assert!(parse("(a: 1,, b: 2)").is_err());
        assert!(parse("'").is_err());
        assert!(parse("\"\\u{110000}\"").is_err());
    }
}
