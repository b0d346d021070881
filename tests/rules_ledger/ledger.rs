//! Reading a ledger: its source line and its one table, row by row.

/// The one header every ledger's table has, in this order.
pub const HEADER: [&str; 6] = [
    "Lines",
    "Section",
    "What it asks",
    "How",
    "Tests",
    "Rulings",
];

/// How a passage is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Refereed,
    Ruling,
    Umpire,
    NotARule,
}

impl How {
    pub fn word(self) -> &'static str {
        match self {
            How::Refereed => "refereed",
            How::Ruling => "ruling",
            How::Umpire => "umpire",
            How::NotARule => "not a rule",
        }
    }
}

/// One row of a ledger.
#[derive(Debug)]
pub struct Row {
    /// Line of the row in the ledger file, for messages.
    pub at: usize,
    pub first: usize,
    pub last: usize,
    pub how: How,
    /// What the How cell says after its colon.
    pub note: String,
    pub what: String,
    pub tests: Vec<String>,
    pub rulings: Vec<String>,
}

/// A ledger read from its text.
pub struct Ledger {
    /// The text's line count and CRC-32, as the ledger records them.
    pub lines: usize,
    pub crc: u32,
    pub rows: Vec<Row>,
}

/// Splits a Markdown table row into its cells, keeping `\|` inside a cell.
pub fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().unwrap().push('|');
                chars.next();
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
    }
    cells.into_iter().map(|c| c.trim().to_owned()).collect()
}

/// The items of a cell written as `code` spans: `a`, `b`.
pub fn code_items(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .filter(|s| !s.is_empty())
        .collect()
}

/// The How cell: its word and what follows the colon.
pub fn parse_how(cell: &str) -> Result<(How, String), String> {
    let (word, rest) = match cell.split_once(':') {
        Some((w, r)) => (w.trim(), r.trim()),
        None => (cell.trim(), ""),
    };
    let how = match word {
        "refereed" => How::Refereed,
        "ruling" => How::Ruling,
        "umpire" => How::Umpire,
        "not a rule" => How::NotARule,
        other => {
            return Err(format!(
                "How `{other}` is not one of refereed, ruling, umpire, not a rule"
            ));
        }
    };
    if matches!(how, How::Umpire | How::NotARule) && rest.is_empty() {
        return Err(format!(
            "`{word}` says after a colon {}",
            if how == How::Umpire {
                "what the app asks or records"
            } else {
                "what the passage is (heading, title, example...)"
            }
        ));
    }
    if how == How::Refereed && !rest.is_empty() && !rest.starts_with("numbers") {
        return Err(format!(
            "`refereed: {rest}`: after `refereed` a colon only marks a passage of numbers (`refereed: numbers …`)"
        ));
    }
    Ok((how, rest.to_owned()))
}

pub fn parse_lines(cell: &str) -> Result<(usize, usize), String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("Lines `{cell}` is not `N` or `N-M`"))
    };
    let (first, last) = match cell.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(cell)?, number(cell)?),
    };
    if first == 0 || last < first {
        return Err(format!("Lines `{cell}` is not a range of 1-based lines"));
    }
    Ok((first, last))
}

/// Reads `Text: `FILE`, 269 lines, CRC-32 `1a2b3c4d`` from a ledger's introduction.
pub fn source_line(line: &str) -> Option<(usize, u32)> {
    let rest = line.strip_prefix("Text: ")?;
    let (_, after) = rest.split_once("`, ")?;
    let (count, crc) = after.split_once(" lines, CRC-32 `")?;
    let crc = crc.trim_end().trim_end_matches('.').trim_end_matches('`');
    Some((
        count.trim().parse().ok()?,
        u32::from_str_radix(crc, 16).ok()?,
    ))
}

/// Reads a ledger (`name` for messages); every problem is collected with the ledger line it
/// is on.
pub fn read_ledger(name: &str, text: &str, problems: &mut Vec<String>) -> Option<Ledger> {
    let mut source: Option<(usize, u32)> = None;
    let mut rows = Vec::new();
    let mut in_table = false;
    let mut header_seen = false;
    for (i, line) in text.lines().enumerate() {
        let at = i + 1;
        if let Some(found) = source_line(line) {
            source = Some(found);
        }
        if !line.trim_start().starts_with('|') {
            in_table = false;
            continue;
        }
        let cells = cells(line);
        if !header_seen {
            if cells != HEADER {
                problems.push(format!(
                    "{name}:{at}: the table's header must be | {} |",
                    HEADER.join(" | ")
                ));
            }
            header_seen = true;
            in_table = true;
            continue;
        }
        if !in_table {
            problems.push(format!("{name}:{at}: a second table; a ledger has one"));
            continue;
        }
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
        {
            continue;
        }
        if cells.len() != HEADER.len() {
            problems.push(format!(
                "{name}:{at}: {} cells; a row has {}",
                cells.len(),
                HEADER.len()
            ));
            continue;
        }
        let parsed = parse_lines(&cells[0]).and_then(|l| parse_how(&cells[3]).map(|h| (l, h)));
        let ((first, last), (how, note)) = match parsed {
            Ok(p) => p,
            Err(e) => {
                problems.push(format!("{name}:{at}: {e}"));
                continue;
            }
        };
        if cells[1].is_empty() || (cells[2].is_empty() && how != How::NotARule) {
            problems.push(format!(
                "{name}:{at}: a row names its section and what the passage asks"
            ));
        }
        rows.push(Row {
            at,
            first,
            last,
            how,
            note,
            what: cells[2].clone(),
            tests: code_items(&cells[4]),
            rulings: code_items(&cells[5]),
        });
    }
    let Some((lines, crc)) = source else {
        problems.push(format!(
            "{name}: no source line: `Text: \\`FILE\\`, N lines, CRC-32 \\`xxxxxxxx\\``"
        ));
        return None;
    };
    Some(Ledger { lines, crc, rows })
}
