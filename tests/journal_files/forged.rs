//! Commands forged with numbers the battle does not have (sides, units, figures, counts):
//! running them again never panics; each is refused naming its line, or is a command the
//! rules accept.

use super::craft::{command, join, text_lines, with_command};
use super::{journal_bytes, open};

/// The byte ranges of the whole numbers in a command's text (outside strings).
fn numbers(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let (mut out, mut i, mut in_string) = (Vec::new(), 0, false);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' {
            in_string = !in_string;
        } else if !in_string
            && b.is_ascii_digit()
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
        {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            out.push(start..i);
            continue;
        }
        i += 1;
    }
    out
}

#[test]
fn forged_numbers_in_commands_never_panic() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut panics = Vec::new();
    for info in gunbai::rules::RULE_SETS {
        let lines = text_lines(&journal_bytes(info.key, 60));
        let commands: Vec<usize> = (1..lines.len())
            .filter(|&i| command(&lines[i]).is_some())
            .take(12)
            .collect();
        for i in commands {
            let text = command(&lines[i]).expect("command").to_owned();
            for range in numbers(&text).into_iter().take(3) {
                for value in ["2", "200", "4294967295"] {
                    let forged = format!("{}{value}{}", &text[..range.start], &text[range.end..]);
                    // What follows the forged line plays no part in whether it panics.
                    let mut edited = lines[..=i].to_vec();
                    edited[i] = with_command(&lines[i], &forged);
                    let path = dir.path().join("forged.ron");
                    std::fs::write(&path, join(&edited)).expect("write");
                    let result = std::panic::catch_unwind(|| open(&path, false).map(|_| ()));
                    if result.is_err() {
                        panics.push(format!("{}: line {}: {forged}", info.key, i + 1));
                    }
                }
            }
        }
    }
    assert!(panics.is_empty(), "{}", panics.join("\n"));
}
