//! One journal line, as written and as checked.
//!
//! Format 2 numbers every entry and ends every line, the header included, with a
//! checksum of the line:
//!
//! ```text
//! (seq:12,at:"2026-11-23T10:00:00Z",action:Undo(count:1),crc:"5d3a61c0")
//! ```
//!
//! `seq` counts the entries from 1, so a deleted or repeated line shows as a gap or a
//! repeat; `crc` is the CRC-32 (IEEE) of the line's text before `,crc:`, in eight
//! lowercase hex digits, so an edited or damaged line shows too. Each line is still one
//! RON value. Format 1 lines are the plain values, without either.

use std::path::Path;

use chrono::{DateTime, Datelike as _, SecondsFormat, Timelike as _, Utc};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::{Action, Entry, FORMAT_V1, FORMAT_V2, Header, damaged, parse_line};
use crate::engine::error::BattleError;

/// `,crc:"` + eight hex digits + `")`.
const SEAL_LEN: usize = 16;

/// An entry as format 2 writes it: what [`write_entry_line`] writes by hand, and how the
/// tests check it writes exactly that.
#[cfg(test)]
#[derive(Serialize)]
struct NumberedRef<'a, C, E> {
    seq: u64,
    at: &'a DateTime<Utc>,
    action: &'a Action<C, E>,
}

/// An entry as format 2 reads it (its `crc` was checked on the text).
#[derive(Deserialize)]
struct Numbered<C, E> {
    seq: u64,
    at: DateTime<Utc>,
    action: Action<C, E>,
}

/// Adds the checksum to a RON struct's text: `(…)` becomes `(…,crc:"xxxxxxxx")`.
fn seal(mut text: String) -> Result<String, String> {
    seal_in_place(&mut text)?;
    Ok(text)
}

/// [`seal`], in the text's own buffer.
fn seal_in_place(text: &mut String) -> Result<(), String> {
    if text.pop() != Some(')') {
        return Err("a journal line must be a RON struct".into());
    }
    let crc = crc32fast::hash(text.as_bytes());
    text.push_str(",crc:\"");
    // Eight lowercase hex digits, as `{crc:08x}` writes them, without the formatting
    // machinery: a reopen seals every line it writes again.
    for shift in (0..8).rev() {
        let nibble = (crc >> (shift * 4)) & 0xf;
        text.push(char::from_digit(nibble, 16).unwrap_or('0'));
    }
    text.push_str("\")");
    Ok(())
}

/// Whether a line ends the way a format 2 line does, with `,crc:"xxxxxxxx")`, whether or
/// not the checksum holds.
pub fn looks_sealed(line: &str) -> bool {
    line.len()
        .checked_sub(SEAL_LEN)
        .and_then(|at| line.get(at..))
        .and_then(|seal| seal.strip_prefix(",crc:\""))
        .and_then(|rest| rest.strip_suffix("\")"))
        .is_some_and(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Checks a format 2 line's checksum.
///
/// # Errors
/// The line has no checksum, or not the one its text has.
pub fn check_seal(line: &str) -> Result<(), String> {
    let bytes = line.as_bytes();
    let Some(body_len) = bytes.len().checked_sub(SEAL_LEN) else {
        return Err("the line is too short to carry its checksum".into());
    };
    let (body, seal) = bytes.split_at(body_len);
    let hex = seal
        .strip_prefix(b",crc:\"")
        .and_then(|rest| rest.strip_suffix(b"\")"))
        .filter(|hex| hex.iter().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .and_then(|hex| std::str::from_utf8(hex).ok())
        .and_then(|hex| u32::from_str_radix(hex, 16).ok());
    let Some(written) = hex else {
        return Err("the line does not end with its checksum (`,crc:\"xxxxxxxx\")`)".into());
    };
    if crc32fast::hash(body) == written {
        Ok(())
    } else {
        Err("the checksum does not match: the line was edited or damaged".into())
    }
}

/// The header line in this build's format.
///
/// # Errors
/// The header cannot be encoded.
pub fn header_line<A: Serialize>(header: &Header<A>) -> Result<String, String> {
    let text = ron::to_string(header).map_err(|e| format!("cannot encode the header: {e}"))?;
    seal(text)
}

/// An entry's line: numbered and sealed in format 2, plain in format 1.
///
/// # Errors
/// The entry cannot be encoded.
pub fn entry_line<C: Serialize, E: Serialize>(
    format: u32,
    seq: u64,
    entry: &Entry<C, E>,
) -> Result<String, String> {
    let mut text = String::new();
    write_entry_line(&mut text, format, seq, entry)?;
    Ok(text)
}

/// [`entry_line`] into `text`, which it empties first: replay writes a line again for
/// every entry it takes from the derived cache, to compare with the journal's, into one
/// buffer.
///
/// Format 2's line is the RON struct `(seq:…,at:"…",action:…)`, sealed. The number and
/// the time are written here as `ron` writes them (a number's digits; the time as `chrono`
/// gives it, in quotes, its characters being none that `ron` escapes), and the action by
/// [`compact_ron`](super::compact_ron), which writes `ron`'s bytes in a fraction of `ron`'s
/// time (and leaves to `ron` what it is not sure to write as `ron` does).
///
/// # Errors
/// The entry cannot be encoded.
pub fn write_entry_line<C: Serialize, E: Serialize>(
    text: &mut String,
    format: u32,
    seq: u64,
    entry: &Entry<C, E>,
) -> Result<(), String> {
    let encode = |e: ron::Error| format!("cannot encode entry {seq}: {e}");
    text.clear();
    if format == FORMAT_V1 {
        return entry
            .serialize(&mut ron::Serializer::new(&mut *text, None).map_err(encode)?)
            .map_err(encode);
    }
    text.push_str("(seq:");
    crate::engine::words::push_number(text, seq);
    text.push_str(",at:\"");
    if !push_time(text, &entry.at) {
        let at = entry.at.to_rfc3339_opts(SecondsFormat::AutoSi, true);
        if !at
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b':' | b'.'))
        {
            return Err(format!("cannot encode entry {seq}: its time is {at:?}"));
        }
        text.push_str(&at);
    }
    text.push_str("\",action:");
    super::compact_ron::write(text, &entry.action).map_err(encode)?;
    text.push(')');
    seal_in_place(text)
}

/// Appends `at` as `to_rfc3339_opts(SecondsFormat::AutoSi, true)` writes it
/// (`2026-11-23T10:00:00.120Z`: the fraction to the milli-, micro- or nanosecond, as its
/// digits need, or none), without a `String` of its own: this is written for every entry
/// a reopen checks. Only years 0 to 9999 outside a leap second; `false`, with nothing
/// written, for the others, which `chrono` writes.
fn push_time(text: &mut String, at: &DateTime<Utc>) -> bool {
    /// `n`'s last digits, zero-padded, into all of `out`.
    fn digits(out: &mut [u8], mut n: u32) {
        for digit in out.iter_mut().rev() {
            // A digit: `n % 10` is below 10.
            *digit = b'0' + (n % 10) as u8;
            n /= 10;
        }
    }
    // Read once as UTC's calendar: each of `DateTime`'s own accessors converts it again.
    let at = at.naive_utc();
    let (year, nano) = (at.year(), at.nanosecond());
    let Ok(year) = u32::try_from(year) else {
        return false;
    };
    if year > 9999 || nano >= 1_000_000_000 {
        return false;
    }
    // Written into one array, then pushed at once.
    let mut out = *b"0000-00-00T00:00:00.000000000Z";
    digits(&mut out[0..4], year);
    digits(&mut out[5..7], at.month());
    digits(&mut out[8..10], at.day());
    digits(&mut out[11..13], at.hour());
    digits(&mut out[14..16], at.minute());
    digits(&mut out[17..19], at.second());
    // The fraction's digits after the `.`, as `AutoSi` has them.
    let fraction = if nano == 0 {
        0
    } else if nano % 1_000_000 == 0 {
        digits(&mut out[20..23], nano / 1_000_000);
        3
    } else if nano % 1_000 == 0 {
        digits(&mut out[20..26], nano / 1_000);
        6
    } else {
        digits(&mut out[20..29], nano);
        9
    };
    let end = if fraction == 0 { 19 } else { 20 + fraction };
    out[end] = b'Z';
    // ASCII, so always text.
    match std::str::from_utf8(&out[..=end]) {
        Ok(time) => {
            text.push_str(time);
            true
        }
        Err(_) => false,
    }
}

/// Reads entry `expected` from its line: checksum, then the value, then its number.
///
/// # Errors
/// Damage, naming the line: a bad checksum, a value that does not parse, or a number
/// that is not the next one (a line missing or repeated).
pub fn parse_entry<C: DeserializeOwned, E: DeserializeOwned>(
    path: &Path,
    line: usize,
    text: &str,
    format: u32,
    expected: u64,
) -> Result<Entry<C, E>, BattleError> {
    if format == FORMAT_V1 {
        // Lines without checks under a header that says so; a numbered, sealed line here
        // means the header's format was lowered to switch its checks off.
        if looks_sealed(text) || text.trim_start().starts_with("(seq:") {
            return Err(damaged(
                path,
                line,
                "the header says format 1 (lines without checks) but this line is numbered and sealed as format 2 lines are: the header's format was lowered",
            ));
        }
        return parse_line(path, line, text);
    }
    check_seal(text).map_err(|m| damaged(path, line, &m))?;
    let numbered: Numbered<C, E> = parse_line(path, line, text)?;
    if numbered.seq != expected {
        let why = if numbered.seq < expected {
            format!(
                "entry {} again where entry {expected} was expected: a line is repeated or out of order",
                numbered.seq
            )
        } else {
            format!(
                "entry {} where entry {expected} was expected: {} entries are missing before it",
                numbered.seq,
                numbered.seq - expected
            )
        };
        return Err(damaged(path, line, &why));
    }
    Ok(Entry {
        at: numbered.at,
        action: numbered.action,
    })
}

/// A whole journal in its header's format, a format 1 journal's as format 2: the header,
/// then every entry numbered and sealed (Save As, and upgrading a format 1 battle).
///
/// # Errors
/// A value cannot be encoded.
pub fn render<A: Serialize + Clone, C: Serialize, E: Serialize>(
    header: &Header<A>,
    entries: &[Entry<C, E>],
) -> Result<Vec<u8>, String> {
    let format = header.format.max(FORMAT_V2);
    let header = Header {
        format,
        ..header.clone()
    };
    let mut out = header_line(&header)?.into_bytes();
    out.push(b'\n');
    for (seq, entry) in (1u64..).zip(entries) {
        out.extend_from_slice(entry_line(format, seq, entry)?.as_bytes());
        out.push(b'\n');
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::FORMAT_VERSION;
    use super::*;

    type Plain = Entry<u8, u8>;

    fn entry() -> Plain {
        Entry {
            at: DateTime::UNIX_EPOCH,
            action: Action::Undo { count: 1 },
        }
    }

    /// An entry with strings to escape and options, in both lists.
    type Odd = Entry<Vec<String>, (u8, Option<i64>)>;

    /// The line as `ron` writes the whole numbered entry, sealed.
    fn as_ron_writes_it<C: Serialize, E: Serialize>(seq: u64, entry: &Entry<C, E>) -> String {
        let numbered = NumberedRef {
            seq,
            at: &entry.at,
            action: &entry.action,
        };
        seal(ron::to_string(&numbered).unwrap()).unwrap()
    }

    #[test]
    fn a_line_is_written_as_ron_writes_it_whatever_the_time() {
        // Whole seconds, milli-, micro- and nanoseconds, a leap second, years far off.
        let times = [
            (0, 0),
            (1_795_000_000, 0),
            (1_795_000_000, 120_000_000),
            (1_795_000_000, 123_456_000),
            (1_795_000_000, 123_456_789),
            (1_795_000_019, 1_500_000_000),
            (-62_200_000_000, 7),
            (253_500_000_000, 999_999_999),
        ];
        for (secs, nanos) in times {
            let at = DateTime::from_timestamp(secs, nanos).unwrap();
            let entries: [Odd; 3] = [
                Entry {
                    at,
                    action: Action::Undo { count: 3 },
                },
                Entry {
                    at,
                    action: Action::Command {
                        command: vec!["a \"quoted\" name\n".into(), "r#x".into()],
                        events: vec![(1, None), (2, Some(-5))],
                        dice: vec![6, 1],
                        counts: vec![],
                        rolled: super::super::Rolled::Table,
                    },
                },
                Entry {
                    at,
                    action: Action::Redo { count: 1 },
                },
            ];
            for (seq, entry) in (1..).zip(&entries) {
                let line = entry_line(FORMAT_VERSION, seq, entry).unwrap();
                assert_eq!(line, as_ron_writes_it(seq, entry), "{at:?}");
                let back: Odd = parse_entry(Path::new("j"), 2, &line, FORMAT_VERSION, seq).unwrap();
                assert_eq!(&back, entry);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_time_is_written_as_chrono_writes_it(
            secs in -62_167_219_200i64..253_402_300_800,
            nanos in 0u32..1_000_000_000,
            trailing in 0usize..4,
        ) {
            // Whole seconds, milli- and microseconds as often as nanoseconds.
            let nanos = [0, nanos / 1_000_000 * 1_000_000, nanos / 1_000 * 1_000, nanos][trailing];
            let at = DateTime::from_timestamp(secs, nanos).unwrap();
            let mut ours = String::new();
            proptest::prop_assert!(push_time(&mut ours, &at));
            proptest::prop_assert_eq!(ours, at.to_rfc3339_opts(SecondsFormat::AutoSi, true));
        }
    }

    #[test]
    fn times_outside_years_0_to_9999_and_leap_seconds_are_left_to_chrono() {
        for (secs, nanos) in [
            (-62_167_219_201, 0),
            (253_402_300_800, 0),
            (1_795_000_019, 1_500_000_000),
        ] {
            let at = DateTime::from_timestamp(secs, nanos).unwrap();
            let mut ours = String::from("kept");
            assert!(!push_time(&mut ours, &at), "{at:?}");
            assert_eq!(ours, "kept");
        }
    }

    #[test]
    fn a_sealed_line_is_one_ron_value_that_checks() {
        let line = entry_line(FORMAT_VERSION, 7, &entry()).unwrap();
        assert!(line.starts_with("(seq:7,at:"), "{line}");
        assert!(check_seal(&line).is_ok());
        let back: Plain = parse_entry(Path::new("j"), 3, &line, FORMAT_VERSION, 7).unwrap();
        assert_eq!(back, entry());
    }

    #[test]
    fn any_changed_byte_breaks_the_seal() {
        let line = entry_line(FORMAT_VERSION, 7, &entry()).unwrap();
        for at in 0..line.len() {
            let mut bytes = line.clone().into_bytes();
            bytes[at] ^= 0x01;
            let changed = String::from_utf8_lossy(&bytes);
            assert!(check_seal(&changed).is_err(), "byte {at}: {changed}");
        }
    }

    #[test]
    fn a_gap_and_a_repeat_name_the_line() {
        let line = entry_line(FORMAT_VERSION, 7, &entry()).unwrap();
        let gap = parse_entry::<u8, u8>(Path::new("j"), 9, &line, FORMAT_VERSION, 6)
            .unwrap_err()
            .to_string();
        assert!(gap.starts_with("j:9:") && gap.contains("missing"), "{gap}");
        let repeat = parse_entry::<u8, u8>(Path::new("j"), 9, &line, FORMAT_VERSION, 8)
            .unwrap_err()
            .to_string();
        assert!(repeat.contains("repeated"), "{repeat}");
    }

    #[test]
    fn a_format_2_line_under_a_format_1_header_is_damage() {
        let line = entry_line(FORMAT_VERSION, 7, &entry()).unwrap();
        assert!(looks_sealed(&line));
        let err = parse_entry::<u8, u8>(Path::new("j"), 2, &line, FORMAT_V1, 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("format was lowered"), "{err}");
    }

    #[test]
    fn format_1_lines_are_plain_values() {
        let line = entry_line(FORMAT_V1, 7, &entry()).unwrap();
        assert!(!line.contains("crc") && !line.contains("seq"));
        let back: Plain = parse_entry(Path::new("j"), 2, &line, FORMAT_V1, 99).unwrap();
        assert_eq!(back, entry());
    }
}
