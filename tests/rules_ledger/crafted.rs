//! The checker's own tests: each kind of false row, in a small crafted ledger over a crafted
//! text, tests and reference, fails with its own message, and the true row beside it passes.

use std::path::PathBuf;

use crate::check::{Context, Reference, Tests, check_ledger};
use crate::ledger::{cells, code_items, parse_how, parse_lines, read_ledger, source_line};
use crate::ranges;
use crate::tests_index::crafted;

/// A rule text of 22 lines: a title, a heading, rules, a long table, a repeat.
fn text() -> String {
    let mut lines = vec![
        "The Game",
        "",
        "Movement",
        "A unit must roll 2d6 to move.",
        "We first played this at a club.",
        "Each unit charges once a turn.",
    ];
    let table: Vec<String> = (1..=14)
        .map(|n| format!("Troop {n}: moves {n} inches"))
        .collect();
    lines.extend(table.iter().map(String::as_str));
    lines.push("");
    lines.push("Again: a unit must roll 2d6 to move.");
    lines.join("\n")
}

/// The tests of target `game`: real tests, a helper, names in comments and strings, a module,
/// a macro's tests, a proptest, an ignored test, and tests that set a ruling's options.
const GAME: &str = r##"
mod support;

fn a_helper() {
    support::run(&mut b, Command::Move, &[3, 4]);
}

/// `#[test] fn in_a_comment() {}`
// #[test] fn in_a_comment() {}
const S: &str = "#[test] fn in_a_string() {}";

#[test]
fn a_unit_rolls_to_move() {
    support::run(&mut b, Command::Move, &[3, 4]);
}

#[test]
fn the_table_gives_six_inches() {
    assert_eq!(numbers::foot_inches(), 6);
}

#[test]
fn rounding_down() {
    house.rulings.insert("rounding".into(), "down".into());
    support::run(&mut b, Command::Fire, &[6]);
}

#[test]
fn rounding_up() {
    let b = battle(ruled("rounding", "up"));
    assert!(b.pending().is_empty());
}

#[test]
#[ignore = "slow"]
fn ignored_test() {
    support::run(&mut b, Command::Move, &[]);
}

#[cfg(feature = "never")]
mod gated {
    #[test]
    fn gated_test() {
        super::support::run(&mut b, Command::Move, &[]);
    }
}

mod inner {
    #[test]
    fn nested_test() {
        super::support::run(&mut b, Command::Move, &[]);
    }
}

macro_rules! contract {
    ($module:ident, $rules:ty) => {
        mod $module {
            #[test]
            fn made_by_a_macro() {
                let _ = <$rules>::execute(x);
            }
        }
    };
}

contract!(sky, Sky);

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]
    #[test]
    fn a_property(faces in proptest::collection::vec(1..7u32, 0..3)) {
        support::run(&mut b, Command::Move, &faces);
    }
}
"##;

const SUPPORT: &str = r"
pub fn run(b: &mut Battle, c: Command, faces: &[u32]) {
    b.execute_with(c, Dice::Table(TableDice::new(faces.to_vec())));
}
";

const REFERENCE: &str = r#"(
    movement: (foot: 6),
    rulings: {
        "rounding": (section: "Fire", text_says: "", we_do: "", options: ["down", "up"]),
        "dice": (section: "Movement", text_says: "", we_do: "", options: ["2d6"]),
    },
)"#;

/// The problems the checker finds in a ledger of `rows` over the crafted text and tests.
fn problems(rows: &[&str]) -> Vec<String> {
    let text = text();
    let mut ledger = format!(
        "Text: `game.txt`, 22 lines, CRC-32 `{:08x}`.\n\n| Lines | Section | What it asks | How | Tests | Rulings |\n|---|---|---|---|---|---|\n",
        crc32fast::hash(text.as_bytes())
    );
    for row in rows {
        ledger.push_str(row);
        ledger.push('\n');
    }
    let files = crafted(&[("game.rs", GAME), ("support.rs", SUPPORT)]);
    let mut problems = Vec::new();
    let parsed = read_ledger("docs/rules/game.md", &ledger, &mut problems).unwrap();
    let mut ctx = Context {
        key: "game",
        text: Some(("game.txt".into(), text.into_bytes())),
        reference: Reference::parse(REFERENCE).unwrap(),
        tests: Tests::new(PathBuf::from("tests"), &files),
        labels: vec!["Distance to the target (inches)".into()],
    };
    check_ledger(&parsed, &mut ctx, &mut problems);
    // Every crafted ledger names both rulings somewhere, or says so.
    problems.retain(|p| !p.contains("is named by no passage"));
    problems
}

/// Asserts the rows pass.
fn passes(rows: &[&str]) {
    let found = problems(rows);
    assert!(found.is_empty(), "{found:#?}");
}

/// Asserts the rows fail, with one problem holding each of `messages`.
fn fails(rows: &[&str], messages: &[&str]) {
    let found = problems(rows);
    for m in messages {
        assert!(
            found.iter().any(|p| p.contains(m)),
            "no problem says {m:?}: {found:#?}"
        );
    }
}

#[test]
fn a_named_test_must_be_a_test_the_binary_runs_at_its_module_path() {
    passes(&[
        "| 4 | Movement | A roll to move. | refereed | `game::a_unit_rolls_to_move`, `game::inner::nested_test`, `game::sky::made_by_a_macro`, `game::a_property` | |",
    ]);
    fails(
        &[
            "| 4 | Movement | A roll to move. | refereed | `game::a_helper`, `game::in_a_comment`, `game::in_a_string`, `game::nested_test`, `game::ignored_test`, `game::gated::gated_test`, `nowhere::a_unit_rolls_to_move`, `game::support::run` | |",
        ],
        &[
            "`game::a_helper` is not a test: tests/game has no #[test] fn at `a_helper`",
            "`game::in_a_comment` is not a test",
            "`game::in_a_string` is not a test",
            "`game::nested_test` is not a test: tests/game has no #[test] fn at `nested_test`; it has game::inner::nested_test",
            "`game::ignored_test` is #[ignore]d",
            "`game::gated::gated_test` is under a #[cfg]",
            "`nowhere::a_unit_rolls_to_move`: no test target",
            "`game::support::run` is not a test",
        ],
    );
}

#[test]
fn a_refereed_row_whose_tests_run_no_command_and_read_no_check_fails() {
    fails(
        &["| 4 | Movement | A roll to move. | refereed | `game::the_table_gives_six_inches` | |"],
        &["no test named runs a command or reads a check (game::the_table_gives_six_inches)"],
    );
    // A passage of a table's numbers says so.
    passes(&[
        "| 7 | Movement | The first troop's move. | refereed: numbers | `game::the_table_gives_six_inches` | `movement.foot` |",
    ]);
    fails(
        &[
            "| 4 | Movement | A roll to move. | refereed: because | `game::a_unit_rolls_to_move` | |",
        ],
        &["a colon only marks a passage of numbers"],
    );
    fails(
        &["| 4 | Movement | A roll to move. | refereed | | |"],
        &["a refereed passage names the tests that assert it"],
    );
}

#[test]
fn an_umpire_or_not_a_rule_row_that_names_tests_fails() {
    fails(
        &[
            "| 1 | (title) | | not a rule: title | `game::a_unit_rolls_to_move` | |",
            "| 4 | Movement | A roll to move. | umpire: the form asks the `Distance to the target` | `game::a_unit_rolls_to_move` | |",
        ],
        &[
            "docs/rules/game.md:5: a `not a rule` row names no tests",
            "docs/rules/game.md:6: a `umpire` row names no tests",
        ],
    );
}

#[test]
fn a_ruling_row_names_a_test_that_sets_each_option_of_its_rulings() {
    passes(&[
        "| 6 | Fire | Hits halved. | ruling | `game::rounding_down`, `game::rounding_up` | `rounding` |",
    ]);
    fails(
        &[
            "| 6 | Fire | Hits halved. | ruling | `game::rounding_down`, `game::a_unit_rolls_to_move` | `rounding` |",
        ],
        &["no test named sets ruling `rounding` to `up`"],
    );
    fails(
        &["| 6 | Fire | Hits halved. | ruling | `game::rounding_down` | `movement.foot` |"],
        &["a `ruling` row names the ruling of reference/game.ron that decides it"],
    );
}

#[test]
fn a_ruling_row_whose_rulings_have_one_option_says_why_the_text_is_unclear() {
    fails(
        &["| 4 | Movement | Two dice to move. | ruling | `game::a_unit_rolls_to_move` | `dice` |"],
        &["its rulings (dice) have one option each"],
    );
    passes(&[
        "| 4 | Movement | Two dice to move. | ruling: the text is silent on what the dice are | `game::a_unit_rolls_to_move` | `dice` |",
    ]);
    // Its one option still needs a test that drives the engine.
    fails(
        &[
            "| 4 | Movement | Two dice. | ruling: the text is unclear | `game::the_table_gives_six_inches` | `dice` |",
        ],
        &["ruling `dice` is applied by no test named"],
    );
}

#[test]
fn an_umpire_row_quotes_a_label_the_app_shows() {
    passes(&[
        "| 4 | Movement | The distance moved. | umpire: the Move form asks `Distance to the target` | | |",
    ]);
    fails(
        &["| 4 | Movement | The distance moved. | umpire: the Move form asks the distance | | |"],
        &["quotes in backticks the label the app shows"],
    );
    fails(
        &["| 4 | Movement | The distance moved. | umpire: the Move form asks `How far?` | | |"],
        &["`How far?` is shown nowhere: no string under src/rules/game/ holds it"],
    );
}

#[test]
fn a_row_over_twelve_non_blank_lines_fails_unless_it_says_it_is_a_table_title_contents_or_example()
{
    fails(
        &[
            "| 7-20 | Movement | Each troop's move. | refereed: numbers | `game::the_table_gives_six_inches` | |",
        ],
        &["lines 7-20 are 14 non-blank lines, more than 12: split them"],
    );
    passes(&[
        "| 7-20 | Movement | Each troop's move: a table reproduced as data. | refereed: numbers | `game::the_table_gives_six_inches` | |",
    ]);
    // Twelve lines are one row's most; blank lines do not count.
    passes(&[
        "| 9-21 | Movement | The last troops' moves. | refereed: numbers | `game::the_table_gives_six_inches` | |",
    ]);
}

#[test]
fn a_not_a_rule_row_over_a_rule_word_says_why_it_is_none() {
    passes(&[
        "| 1 | (title) | | not a rule: the designer's memories | | |",
        "| 5 | Movement | | not a rule: the designer's memories | | |",
    ]);
    fails(
        &["| 4 | Movement | | not a rule: the designer's memories | | |"],
        &["line 4 has `must`, so it may be a rule"],
    );
    fails(
        &["| 7 | Movement | | not a rule: a note | | |"],
        &["line 7 has `1`, so it may be a rule"],
    );
    passes(&["| 22 | Movement | | not a rule: a repeat of line 4 | | |"]);
    fails(
        &["| 22 | Movement | | not a rule: a repeat of line 22 | | |"],
        &["`repeat of line N` names a line of the text outside this row"],
    );
    passes(&["| 7 | Movement | | not a rule: an example | | |"]);
}

#[test]
fn the_ledger_reader_finds_what_is_wrong() {
    assert!(parse_how("refereed").is_ok());
    assert!(
        parse_how("umpire").is_err(),
        "umpire says what the app asks"
    );
    assert!(parse_how("umpire: the charge form asks `Distance`").is_ok());
    assert!(parse_how("maybe").is_err());
    assert_eq!(parse_lines("104-106"), Ok((104, 106)));
    assert!(parse_lines("106-104").is_err());
    assert!(parse_lines("0").is_err());
    assert_eq!(
        cells("| 1 | A | b \\| c | refereed | `x::y` |  |"),
        vec!["1", "A", "b | c", "refereed", "`x::y`", ""]
    );
    assert_eq!(code_items("`a::b`, `c::d`"), vec!["a::b", "c::d"]);
    assert_eq!(
        source_line("Text: `x.txt`, 269 lines, CRC-32 `0a0b0c0d`."),
        Some((269, 0x0a0b_0c0d))
    );
    assert_eq!(ranges(&[3, 4, 5, 9, 11, 12]), "3-5, 9, 11-12");
    fails(
        &[
            "| 4 | Movement | A roll. | refereed | `game::a_unit_rolls_to_move` | `no_such_key` |",
            "| 3 | Movement | | not a rule: heading | | |",
            "| 30 | Movement | | not a rule: heading | | |",
        ],
        &[
            "`no_such_key` is not in reference/game.ron",
            "lines 3-3 are not after the row before",
            "line 30 is past the text's 22 lines",
        ],
    );
}
