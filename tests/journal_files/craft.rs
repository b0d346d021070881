//! Crafting hostile journals as a forger would: edit a line's text, then fix its checksum
//! and the entries' numbers so that every line check passes.

/// A journal's lines as text, without their line endings.
pub fn text_lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8(bytes.to_vec())
        .expect("text")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The lines back into a file's bytes.
pub fn join(lines: &[String]) -> Vec<u8> {
    let mut out = lines.join("\n");
    out.push('\n');
    out.into_bytes()
}

/// The `n`th of a run of times a second apart in 2100, long after any battle the tests
/// play, as a journal line writes it: entries added after a played battle keep their order.
pub fn later(n: usize) -> chrono::DateTime<chrono::Utc> {
    let secs = 4_102_444_800 + i64::try_from(n).expect("a count");
    chrono::DateTime::from_timestamp(secs, 0).expect("a time")
}

/// The time a line holds (an entry's, or the header's start) as written, and where it lies.
pub fn time_of(line: &str) -> (String, std::ops::Range<usize>) {
    let key = if line.starts_with("(seq:") {
        ",at:\""
    } else {
        "started:\""
    };
    let start = line.find(key).expect("a time") + key.len();
    let end = start + line[start..].find('"').expect("its end");
    (line[start..end].to_owned(), start..end)
}

/// A line with its time replaced by `at`, resealed.
pub fn with_time(line: &str, at: &str) -> String {
    let (_, range) = time_of(line);
    reseal(&format!(
        "{}{at}{}",
        &line[..range.start],
        &line[range.end..]
    ))
}

/// A line with its time moved by `by`, resealed.
pub fn moved(line: &str, by: chrono::TimeDelta) -> String {
    let at: chrono::DateTime<chrono::Utc> = time_of(line).0.parse().expect("a time");
    let at = (at + by).to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true);
    with_time(line, &at)
}

/// A format 2 line with its checksum made right again after an edit.
pub fn reseal(line: &str) -> String {
    let body = &line[..line.len() - 16];
    format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()))
}

/// Numbers every entry line from 1 again and reseals it: entries deleted, repeated or moved
/// then leave no gap for the line checks to see.
pub fn renumber(lines: &mut [String]) {
    for (seq, line) in lines.iter_mut().enumerate().skip(1) {
        let rest = line
            .strip_prefix("(seq:")
            .and_then(|r| r.split_once(','))
            .map(|(_, rest)| rest.to_owned())
            .expect("a numbered line");
        *line = reseal(&format!("(seq:{seq},{rest}"));
    }
}

/// The end of the bracketed value that opens at `open` (its closing bracket's index),
/// skipping brackets inside strings.
fn close_of(text: &str, open: usize) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut escaped) = (0_i32, false, false);
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced: {text}")
}

/// The items of a bracketed list's inside, split at its top-level commas.
fn items(inside: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    let bytes = inside.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' | b'"' => {
                i = if bytes[i] == b'"' {
                    string_end(inside, i)
                } else {
                    close_of(inside, i)
                };
            }
            b',' => {
                out.push(inside[at..i].to_owned());
                at = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if at < inside.len() {
        out.push(inside[at..].to_owned());
    }
    out
}

fn string_end(text: &str, open: usize) -> usize {
    let bytes = text.as_bytes();
    let mut escaped = false;
    for (i, &b) in bytes.iter().enumerate().skip(open + 1) {
        match (escaped, b) {
            (true, _) => escaped = false,
            (false, b'\\') => escaped = true,
            (false, b'"') => return i,
            _ => {}
        }
    }
    panic!("unterminated string: {text}")
}

/// The byte range of the list inside `key:[…]` (brackets excluded), if the line has one.
pub fn list_of(line: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let open = line.find(&format!("{key}:["))? + key.len() + 1;
    Some(open + 1..close_of(line, open))
}

/// The events of an entry line.
pub fn events(line: &str) -> Vec<String> {
    list_of(line, "events").map_or_else(Vec::new, |r| items(&line[r]))
}

/// The line with its events replaced, resealed.
pub fn with_events(line: &str, events: &[String]) -> String {
    let r = list_of(line, "events").expect("events");
    reseal(&format!(
        "{}{}{}",
        &line[..r.start],
        events.join(","),
        &line[r.end..]
    ))
}

/// The faces a line records (`dice:[…]`), if any.
pub fn dice(line: &str) -> Option<Vec<String>> {
    list_of(line, "dice").map(|r| items(&line[r]))
}

/// The line with its recorded faces replaced (or removed, with `None`), resealed.
pub fn with_dice(line: &str, faces: Option<&[String]>) -> String {
    let r = list_of(line, "dice").expect("dice");
    let edited = match faces {
        Some(faces) => format!("{}{}{}", &line[..r.start], faces.join(","), &line[r.end..]),
        None => {
            let start = r.start - ",dice:[".len();
            format!("{}{}", &line[..start], &line[r.end + 1..])
        }
    };
    reseal(&edited)
}

/// The command of an entry line, as text.
pub fn command(line: &str) -> Option<&str> {
    let open = line.find("command:")? + "command:".len();
    let end = line[open..].find(['(', ','])? + open;
    let end = if line.as_bytes()[end] == b'(' {
        close_of(line, end) + 1
    } else {
        end
    };
    Some(&line[open..end])
}

/// The line with its command replaced, resealed.
pub fn with_command(line: &str, new: &str) -> String {
    let old = command(line).expect("a command");
    let open = line.find("command:").expect("command") + "command:".len();
    reseal(&format!(
        "{}{new}{}",
        &line[..open],
        &line[open + old.len()..]
    ))
}

/// The first line (by index) at or after `from` that `pick` accepts.
pub fn first(lines: &[String], from: usize, pick: impl Fn(&str) -> bool) -> usize {
    (from..lines.len())
        .find(|&i| pick(&lines[i]))
        .unwrap_or_else(|| panic!("no such line after {from}"))
}

/// Replaces the first `old` after the events start with `new`, resealed.
pub fn in_events(line: &str, old: &str, new: &str) -> Option<String> {
    let r = list_of(line, "events")?;
    let at = line[r.clone()].find(old)? + r.start;
    Some(reseal(&format!(
        "{}{new}{}",
        &line[..at],
        &line[at + old.len()..]
    )))
}
