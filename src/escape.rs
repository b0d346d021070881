//! Text from files shown safely: a name in a roster or a journal is whatever its author
//! typed, and must not become a terminal's command or a report's markup.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether a character would act rather than show: control characters (escape sequences,
/// carriage returns, bells, line breaks) and the invisible ones that reorder or hide text
/// (bidirectional overrides, zero-width joiners used to disguise it).
fn acts(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Whether a character shows nothing at all: white space, and the invisible format
/// characters (zero-width spaces and joiners, direction marks, the byte-order mark, soft
/// hyphens, word joiners, variation selectors, tags, blank fillers).
fn shows_nothing(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
        || c.is_control()
}

/// Whether a name is blank: empty, or made only of characters that show nothing (a
/// zero-width space is no name anyone can read or find). Every name is checked with this.
pub fn is_blank(name: &str) -> bool {
    name.chars().all(shows_nothing)
}

/// Writes a character that would act as its escape, `\u{1b}`.
fn escaped(out: &mut String, c: char) {
    let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
}

/// Text for a terminal: every character that would act shown as its escape (`\u{1b}`), the
/// rest as it is.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if acts(c) {
            escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// HTML's entity for a character that markup would read, in text and in a quoted
/// attribute alike.
fn entity(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\'' => Some("&#39;"),
        _ => None,
    }
}

/// Text for HTML: markup characters as entities, characters that would act as escapes.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if let Some(e) = entity(c) {
            out.push_str(e);
        } else if acts(c) {
            escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// Text for Markdown: what HTML would read as markup as entities (a Markdown viewer passes
/// HTML through), a table's cell separator and Markdown's own markup characters escaped, and
/// characters that would act as escapes, so a name stays one piece of plain text.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // Quotes are markup only inside a tag, and every `<` is an entity already.
        if let Some(e) = entity(c).filter(|_| !matches!(c, '"' | '\'')) {
            out.push_str(e);
        } else if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '!') {
            out.push('\\');
            out.push(c);
        } else if acts(c) {
            escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_of_invisible_characters_is_blank_and_one_letter_is_not() {
        for blank in [
            "",
            " ",
            "\u{200B}",
            "\u{200E}\u{FEFF}",
            "\u{3164}",
            "\t\u{E0041}",
        ] {
            assert!(is_blank(blank), "{blank:?}");
        }
        for name in ["a", "\u{200B}武", "Baba\u{200D}"] {
            assert!(!is_blank(name), "{name:?}");
        }
    }

    #[test]
    fn a_terminal_sees_escapes_not_commands() {
        assert_eq!(terminal("Takeda 武田"), "Takeda 武田");
        assert_eq!(terminal("red\x1b[31m\r\n"), "red\\u{1b}[31m\\u{d}\\u{a}");
        assert_eq!(terminal("abc\u{202E}def"), "abc\\u{202e}def");
    }

    #[test]
    fn html_escapes_markup_in_names() {
        assert_eq!(html("<b>&\"</b>"), "&lt;b&gt;&amp;&quot;&lt;/b&gt;");
    }

    #[test]
    fn markdown_keeps_a_name_plain_text() {
        assert_eq!(markdown("<script>|*x*"), "&lt;script&gt;\\|\\*x\\*");
        assert_eq!(markdown("a\nb"), "a\\u{a}b");
        assert_eq!(markdown("Oda's \"Nobu\" & co"), "Oda's \"Nobu\" &amp; co");
    }
}
