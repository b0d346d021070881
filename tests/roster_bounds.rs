//! Rosters a hostile or careless hand might write: armies listing thousands of units or a group
//! of a billion figures are refused, with their position, before anything is built from them.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use gunbai::roster::{MAX_LISTED, RosterProblem, RosterText};
use gunbai::rules::{RULE_SETS, check_roster};

/// The demo roster's text with the first entry of its top list of units (or figures)
/// repeated `times`; an entry spans from its `(` to the line that closes it.
fn with_first_entry_repeated(text: &str, times: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let list = lines
        .iter()
        .position(|l| l.trim_end().ends_with("units: [") || l.trim_end().ends_with("figures: ["))
        .expect("a list of units or figures");
    let start = lines[list + 1..]
        .iter()
        .position(|l| l.trim_start().starts_with('('))
        .map(|i| list + 1 + i)
        .expect("an entry");
    let mut depth = 0i32;
    let end = (start..lines.len())
        .find(|&i| {
            for c in lines[i].chars() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    _ => {}
                }
            }
            depth == 0
        })
        .expect("the entry's end");
    let entry = lines[start..=end].join("\n");
    let mut out: Vec<String> = lines[..start].iter().map(|l| (*l).to_owned()).collect();
    out.extend(std::iter::repeat_n(entry, times));
    out.extend(lines[end + 1..].iter().map(|l| (*l).to_owned()));
    out.join("\n")
}

fn check(key: &str, source: String) -> Result<Vec<RosterProblem>, Vec<RosterProblem>> {
    let roster = RosterText {
        file: format!("{key}.ron"),
        source,
    };
    check_roster(key, &roster)
}

#[test]
fn an_army_listing_more_than_the_app_reads_is_refused_in_every_rule_set() {
    for info in RULE_SETS {
        let (_, demo) = info.demo[0];
        check(info.key, demo.to_owned()).expect("the demo roster is valid");
        let crafted = with_first_entry_repeated(demo, 4 * MAX_LISTED);
        let errors = check(info.key, crafted).expect_err("too many entries");
        let bound = errors
            .iter()
            .find(|e| e.message.contains(&format!("at most {MAX_LISTED}")))
            .unwrap_or_else(|| panic!("{}: no bound in {errors:?}", info.key));
        assert!(bound.line > 1, "{}: the error is placed: {bound}", info.key);
    }
}

#[test]
fn a_skirmish_group_of_a_billion_figures_is_refused_by_the_unit_size() {
    let (_, demo) = RULE_SETS
        .iter()
        .find(|r| r.key == "skirmish")
        .expect("skirmish")
        .demo[0];
    let crafted = demo.replacen("count: 7", "count: 1000000000", 1);
    assert_ne!(crafted, demo, "the demo roster has a group of 7");
    let errors = check("skirmish", crafted).expect_err("too large a unit");
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("1000000") && e.message.contains("units have")),
        "{errors:?}"
    );
}

#[test]
fn kozeriai_alike_figures_count_towards_the_bound_before_they_are_numbered() {
    let (_, demo) = RULE_SETS
        .iter()
        .find(|r| r.key == "kozeriai")
        .expect("kozeriai")
        .demo[0];
    let crafted = demo.replacen("count: 4, template", "count: 100000, template", 1);
    assert_ne!(crafted, demo, "the demo roster has a pair of alike figures");
    let errors = check("kozeriai", crafted).expect_err("too many figures");
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains(&format!("at most {MAX_LISTED}"))),
        "{errors:?}"
    );
}

#[test]
fn a_file_with_thousands_of_errors_reports_the_first_hundred() {
    let (_, demo) = RULE_SETS.iter().find(|r| r.key == "sky").expect("sky").demo[0];
    // Every repeated unit's name is used twice: hundreds of errors in a bounded army.
    let crafted = with_first_entry_repeated(demo, MAX_LISTED / 2);
    let errors = check("sky", crafted).expect_err("names used twice");
    assert_eq!(errors.len(), gunbai::roster::MAX_PROBLEMS);
}

#[test]
fn kozeriai_skills_beyond_any_roll_are_refused() {
    let (_, demo) = RULE_SETS
        .iter()
        .find(|r| r.key == "kozeriai")
        .expect("kozeriai")
        .demo[0];
    // A figure of its own, first in the list, carrying only the number under test.
    let with = |fields: &str| {
        demo.replacen(
            "figures: [",
            &format!(
                "figures: [(name: \"Forged\", player: \"Forger\", template: Samurai, {fields}),"
            ),
            1,
        )
    };
    let numbers = [
        "-9223372036854775808",
        "-1000",
        "4294967295",
        "9223372036854775807",
    ];
    for field in ["iaijutsu", "ki_ai", "ni_ten", "stamina"] {
        for n in numbers {
            let errors = check("kozeriai", with(&format!("{field}: {n}"))).expect_err("refused");
            assert!(
                errors
                    .iter()
                    .any(|e| e.path.to_string() == format!("figures[0].{field}")),
                "{field} {n}: {errors:?}"
            );
        }
    }
    for field in ["skills", "yadomejutsu"] {
        for n in numbers {
            let errors = check("kozeriai", with(&format!("{field}: {{\"Katana\": {n}}}")))
                .expect_err("refused");
            assert!(
                errors
                    .iter()
                    .any(|e| e.path.to_string() == format!("figures[0].{field}")),
                "{field} {n}: {errors:?}"
            );
        }
    }
}
