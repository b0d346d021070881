//! `gunbai odds EXPR... [--json]`: exact odds, one answer per expression.
//!
//! Every expression is answered on its own: a bad one gets an error answer and the
//! others still run; the exit code is 1 at the end if any was bad. `-` reads
//! expressions from standard input, one per line, with a bounded line length so that
//! garbage cannot make us allocate without limit.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde::ser::{Serialize, SerializeMap as _, Serializer};

use crate::dice::{Notation, parse};

/// The longest line read from standard input, in bytes; longer lines are an error answer.
pub const MAX_LINE_BYTES: usize = 10_000;

/// Arguments of `gunbai odds`.
#[derive(clap::Args, Debug)]
pub struct OddsArgs {
    /// Expressions (`2d6+1`) or comparisons (`"2d6<=8"`); `-` reads them from standard
    /// input, one per line (blank lines skipped). Put `--` before an expression that
    /// starts with `-`: `gunbai odds -- -1d6+3`.
    #[arg(required = true, value_name = "EXPR")]
    pub exprs: Vec<String>,
    /// Print exactly one JSON object per line per expression, in input order.
    #[arg(long)]
    pub json: bool,
}

/// The answer for one expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A comparison: the probability that it holds.
    Probability {
        /// The expression as given.
        expr: String,
        /// P(comparison holds).
        probability: f64,
    },
    /// An expression: its mean and its distribution.
    Distribution {
        /// The expression as given.
        expr: String,
        /// The expected total.
        mean: f64,
        /// Every total with a non-zero probability, ascending.
        distribution: Vec<(i64, f64)>,
    },
    /// The expression could not be answered.
    Error {
        /// The expression as given (possibly shortened, or with invalid UTF-8 replaced).
        expr: String,
        /// What was wrong, e.g. `column 4: ...`.
        error: String,
    },
}

impl Answer {
    /// Whether this answer reports an error.
    #[must_use]
    pub fn is_error(&self) -> bool {
        matches!(self, Answer::Error { .. })
    }

    /// The answer as one line of JSON (no newline).
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serialising plain numbers and strings cannot fail; keep a valid line regardless.
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(
                "{{\"expr\":\"\",\"error\":{}}}",
                serde_json::Value::from(e.to_string())
            )
        })
    }

    /// Writes the answer as readable text.
    ///
    /// # Errors
    /// Only I/O errors from `out`.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Answer::Probability { expr, probability } => {
                writeln!(out, "{}: {:.2}%", expr.trim(), probability * 100.0)
            }
            Answer::Error { expr, error } => writeln!(out, "{}: error: {error}", expr.trim()),
            Answer::Distribution {
                expr,
                mean,
                distribution,
            } => write_table(out, expr.trim(), *mean, distribution),
        }
    }
}

/// A distribution as a table: value, %, "at least" %, and a bar.
fn write_table(out: &mut dyn Write, expr: &str, mean: f64, dist: &[(i64, f64)]) -> io::Result<()> {
    const BAR: f64 = 40.0;
    writeln!(out, "{expr}: mean {mean:.2}")?;
    writeln!(out, "{:>8} {:>8} {:>9}", "value", "%", "at least")?;
    let peak = dist.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    let mut at_least: f64 = dist.iter().map(|(_, p)| p).sum();
    for &(value, p) in dist {
        let bar = "#".repeat((p / peak * BAR).round() as usize);
        let shown = at_least.min(1.0) * 100.0;
        writeln!(out, "{value:>8} {:>7.2}% {shown:>8.2}%  {bar}", p * 100.0)?;
        at_least -= p;
    }
    writeln!(out)
}

impl Serialize for Answer {
    /// Keys in a fixed order (`expr` first) and distribution keys in ascending numeric order.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Ordered<'a>(&'a [(i64, f64)]);
        impl Serialize for Ordered<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for (value, p) in self.0 {
                    map.serialize_entry(&value.to_string(), p)?;
                }
                map.end()
            }
        }
        let mut map = s.serialize_map(None)?;
        match self {
            Answer::Probability { expr, probability } => {
                map.serialize_entry("expr", expr)?;
                map.serialize_entry("probability", probability)?;
            }
            Answer::Distribution {
                expr,
                mean,
                distribution,
            } => {
                map.serialize_entry("expr", expr)?;
                map.serialize_entry("mean", mean)?;
                map.serialize_entry("distribution", &Ordered(distribution))?;
            }
            Answer::Error { expr, error } => {
                map.serialize_entry("expr", expr)?;
                map.serialize_entry("error", error)?;
            }
        }
        map.end()
    }
}

/// Answers one expression or comparison: the path both arguments and stdin lines take.
#[must_use]
pub fn answer_line(expr: &str) -> Answer {
    match parse(expr) {
        Err(e) => Answer::Error {
            expr: expr.to_owned(),
            error: e.to_string(),
        },
        Ok(Notation::Comparison(c)) => Answer::Probability {
            expr: expr.to_owned(),
            probability: c.probability(),
        },
        Ok(Notation::Expr(e)) => {
            let dist = e.distribution();
            Answer::Distribution {
                expr: expr.to_owned(),
                mean: dist.mean(),
                distribution: dist.iter().filter(|(_, p)| *p > 0.0).collect(),
            }
        }
    }
}

/// Where answers go: JSON lines, or text (errors to their own stream).
pub struct Output<'a> {
    /// Answers (and, with JSON, errors too).
    pub out: &'a mut dyn Write,
    /// Error answers in text mode.
    pub err: &'a mut dyn Write,
    /// JSON lines instead of text.
    pub json: bool,
}

impl Output<'_> {
    /// Writes one answer; returns whether it was a good one.
    ///
    /// # Errors
    /// Only I/O errors.
    pub fn emit(&mut self, answer: &Answer) -> io::Result<bool> {
        if self.json {
            writeln!(self.out, "{}", answer.to_json())?;
        } else if answer.is_error() {
            self.out.flush()?;
            answer.write_text(self.err)?;
        } else {
            answer.write_text(self.out)?;
        }
        Ok(!answer.is_error())
    }
}

/// One line read with a bounded buffer.
enum Line {
    Text(String),
    Bad { shown: String, error: String },
}

/// Reads the next line, keeping at most [`MAX_LINE_BYTES`] of it in memory.
fn read_line(input: &mut dyn BufRead, number: usize) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if bytes.len() + chunk.len() > MAX_LINE_BYTES {
            too_long = true;
            let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..room.min(chunk.len())]);
        } else {
            bytes.extend_from_slice(chunk);
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    if too_long {
        let mut shown: String = String::from_utf8_lossy(&bytes).chars().take(40).collect();
        shown.push('…');
        let error = format!("line {number} is longer than {MAX_LINE_BYTES} bytes");
        return Ok(Some(Line::Bad { shown, error }));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(e) => Line::Bad {
            shown: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            error: format!("line {number} is not valid UTF-8"),
        },
    }))
}

/// Answers every non-blank line of `input`, in order; returns whether all were good.
///
/// # Errors
/// Only I/O errors (bad lines are answers, not errors).
pub fn answer_stream(input: &mut dyn BufRead, output: &mut Output<'_>) -> io::Result<bool> {
    let mut all_good = true;
    let mut number = 0;
    while let Some(line) = read_line(input, number + 1)? {
        number += 1;
        let answer = match line {
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => answer_line(&text),
            Line::Bad { shown, error } => Answer::Error { expr: shown, error },
        };
        all_good &= output.emit(&answer)?;
    }
    Ok(all_good)
}

/// Runs `gunbai odds`.
///
/// # Errors
/// I/O errors other than a closed pipe.
pub fn run(args: &OddsArgs) -> anyhow::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    let mut output = Output {
        out: &mut out,
        err: &mut err,
        json: args.json,
    };
    match answer_all(args, &mut output).and_then(|ok| output.out.flush().map(|()| ok)) {
        Ok(true) => Ok(ExitCode::SUCCESS),
        Ok(false) => Ok(ExitCode::from(1)),
        // `gunbai odds ... | head` is not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}

fn answer_all(args: &OddsArgs, output: &mut Output<'_>) -> io::Result<bool> {
    let mut all_good = true;
    let mut stdin_read = false;
    for expr in &args.exprs {
        if expr == "-" {
            // Standard input can be read only once; a second `-` finds it empty.
            if !stdin_read {
                stdin_read = true;
                all_good &= answer_stream(&mut io::stdin().lock(), output)?;
            }
        } else {
            all_good &= output.emit(&answer_line(expr))?;
        }
    }
    Ok(all_good)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn stream(input: &[u8]) -> (Vec<String>, bool) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut output = Output {
            out: &mut out,
            err: &mut err,
            json: true,
        };
        let ok = answer_stream(&mut &input[..], &mut output).unwrap();
        let lines = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        (lines, ok)
    }

    #[test]
    fn json_keys_come_in_order() {
        let json = answer_line("1d3+1").to_json();
        assert!(
            json.starts_with(r#"{"expr":"1d3+1","mean":3.0,"distribution":{"2":0.333"#),
            "{json}"
        );
        let json = answer_line("2d6").to_json();
        let ten = json.find(r#""10""#).unwrap();
        let nine = json.find(r#""9""#).unwrap();
        assert!(nine < ten, "{json}");
    }

    #[test]
    fn bad_lines_are_answered_and_the_rest_still_run() {
        let (lines, ok) = stream(b"2d6<=8\n\n  \n2d6+\r\n\xff\xfe\n1d6");
        assert!(!ok);
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with(r#"{"expr":"2d6<=8","probability":0.72"#));
        assert_eq!(
            lines[1],
            r#"{"expr":"2d6+","error":"column 5: expected a number or dice such as 2d6, found the end"}"#
        );
        assert!(
            lines[2].contains("line 5 is not valid UTF-8"),
            "{}",
            lines[2]
        );
        assert!(lines[3].starts_with(r#"{"expr":"1d6","mean":3.5"#));
    }

    #[test]
    fn huge_lines_are_refused_without_reading_them_whole() {
        let mut input = vec![b'1'; 3 * MAX_LINE_BYTES];
        input.extend_from_slice(b"\n2d6>7\n");
        let (lines, ok) = stream(&input);
        assert!(!ok);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("line 1 is longer than 10000 bytes"));
        assert!(lines[1].starts_with(r#"{"expr":"2d6>7""#));
    }

    #[test]
    fn text_table_shows_percent_and_at_least() {
        let mut out = Vec::new();
        answer_line("1d4").write_text(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("1d4: mean 2.50\n"), "{text}");
        assert!(
            text.contains("       1   25.00%   100.00%  ########################################"),
            "{text}"
        );
        assert!(text.contains("       4   25.00%    25.00%"), "{text}");
    }
}
