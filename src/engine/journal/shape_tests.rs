//! What a journal line holds is tied to the format number: a change to the header's or an
//! entry's fields, their names, their order or what is left out of a line changes the lines
//! below, and this test fails until [`FORMAT_VERSION`] is raised, the new lines written here
//! and a journal of the new format kept in `tests/journals/` (see its README). The rule sets'
//! commands and events are what each rule set writes inside an entry; the journals kept there
//! hold them, and must open and report the same.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use chrono::DateTime;

use super::line::{entry_line, header_line, parse_entry};
use super::{Action, Entry, FORMAT_VERSION, Header, Rolled, parse_line};
use crate::reference::HouseRules;

/// The lines each format writes for [`samples`]: the header, then each entry.
const SHAPES: &[(u32, &[&str])] = &[
    (
        3,
        &[
            r#"(format:3,app_version:"0.1.0",ruleset:"sky",started:"2026-11-23T10:00:00Z",armies:("a","b"),house_rules:(optional:["o"],rulings:{"r":"x"},overrides:{"p":1}),crc:"fe5daabf")"#,
            r#"(seq:1,at:"2026-11-23T10:00:01.500Z",action:Command(command:"c",events:[7,8],dice:[6,1],rolled:App),crc:"9fe74169")"#,
            r#"(seq:2,at:"2026-11-23T10:00:02Z",action:Command(command:"c",events:[9],dice:[4],counts:[3],rolled:Table),crc:"199055dd")"#,
            r#"(seq:3,at:"2026-11-23T10:00:03Z",action:Command(command:"d",events:[],rolled:Nothing),crc:"048391df")"#,
            r#"(seq:4,at:"2026-11-23T10:00:04Z",action:Undo(count:2),crc:"f7d796b0")"#,
            r#"(seq:5,at:"2026-11-23T10:00:05Z",action:Redo(count:1),crc:"6c8feede")"#,
        ],
    ),
    (
        4,
        &[
            r#"(format:4,app_version:"0.1.0",ruleset:"sky",started:"2026-11-23T10:00:00Z",armies:("a","b"),house_rules:(optional:["o"],rulings:{"r":"x"},overrides:{"p":1}),crc:"79139338")"#,
            r#"(seq:1,at:"2026-11-23T10:00:01.500Z",action:Command(command:"c",events:[7,8],dice:[6,1],rolled:App),crc:"9fe74169")"#,
            r#"(seq:2,at:"2026-11-23T10:00:02Z",action:Command(command:"c",events:[9],dice:[4],counts:[3],rolled:Table),crc:"199055dd")"#,
            r#"(seq:3,at:"2026-11-23T10:00:03Z",action:Command(command:"d",events:[],rolled:Nothing),crc:"048391df")"#,
            r#"(seq:4,at:"2026-11-23T10:00:04Z",action:Undo(count:2),crc:"f7d796b0")"#,
            r#"(seq:5,at:"2026-11-23T10:00:05Z",action:Redo(count:1),crc:"6c8feede")"#,
        ],
    ),
];

type Sample = Entry<String, u8>;

/// A header and an entry of every kind, every field that may be left out both present and
/// absent. Each is built field by field, so a field added to them fails to compile here
/// until it is given a value that is written (and so changes the lines).
fn samples() -> (Header<String>, Vec<Sample>) {
    let at = |secs: i64, nanos: u32| {
        DateTime::from_timestamp(1_795_428_000 + secs, nanos).unwrap_or(DateTime::UNIX_EPOCH)
    };
    let header = Header {
        format: FORMAT_VERSION,
        app_version: "0.1.0".into(),
        ruleset: "sky".into(),
        started: at(0, 0),
        armies: ["a".into(), "b".into()],
        house_rules: HouseRules {
            optional: BTreeSet::from(["o".to_owned()]),
            rulings: BTreeMap::from([("r".to_owned(), "x".to_owned())]),
            overrides: BTreeMap::from([("p".to_owned(), 1)]),
            // Written only in a campaign's battles, and read by format 3 readers as absent
            // (house rules take no unknown field amiss): a line outside a campaign is as it was.
            campaign: None,
        },
    };
    let command = |name: &str, events: Vec<u8>, dice: Vec<u32>, counts, rolled| Action::Command {
        command: name.to_owned(),
        events,
        dice,
        counts,
        rolled,
    };
    let entries = vec![
        Entry {
            at: at(1, 500_000_000),
            action: command("c", vec![7, 8], vec![6, 1], vec![], Rolled::App),
        },
        Entry {
            at: at(2, 0),
            action: command("c", vec![9], vec![4], vec![3], Rolled::Table),
        },
        Entry {
            at: at(3, 0),
            action: command("d", vec![], vec![], vec![], Rolled::Nothing),
        },
        Entry {
            at: at(4, 0),
            action: Action::Undo { count: 2 },
        },
        Entry {
            at: at(5, 0),
            action: Action::Redo { count: 1 },
        },
    ];
    (header, entries)
}

#[test]
fn what_a_line_holds_changes_only_with_the_format_number() {
    let (header, entries) = samples();
    let mut written = vec![header_line(&header).unwrap_or_default()];
    for (seq, entry) in (1..).zip(&entries) {
        written.push(entry_line(FORMAT_VERSION, seq, entry).unwrap_or_default());
    }
    let Some((_, kept)) = SHAPES.iter().find(|(format, _)| *format == FORMAT_VERSION) else {
        panic!(
            "no lines kept for format {FORMAT_VERSION}: add these to SHAPES\n{}",
            written.join("\n")
        );
    };
    assert_eq!(
        written, *kept,
        "what a journal line holds changed, and format {FORMAT_VERSION}'s journals hold the kept lines: raise FORMAT_VERSION, add the new lines to SHAPES beside the old, teach replay to read the old ones, and keep a journal of the new format in tests/journals"
    );
}

#[test]
fn every_format_s_lines_still_read_as_they_were_written() {
    let (header, entries) = samples();
    for (format, lines) in SHAPES {
        let path = Path::new("shape");
        let read: Result<Header<String>, _> = parse_line(path, 1, lines[0]);
        assert_eq!(
            read.ok(),
            Some(Header {
                format: *format,
                ..header.clone()
            }),
            "format {format}'s header"
        );
        for ((seq, line), entry) in (1..).zip(&lines[1..]).zip(&entries) {
            let read = parse_entry::<String, u8>(path, seq + 1, line, *format, seq as u64);
            assert_eq!(read.ok().as_ref(), Some(entry), "format {format}: {line}");
        }
    }
}
