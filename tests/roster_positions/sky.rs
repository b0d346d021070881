//! Sky rosters: each problem lands on the value it is about, whatever the comments say, and
//! the army builder's new army reads as a sky army should.

#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

use gunbai::roster::{RosterPath, RosterProblem, RosterText};
use gunbai::roster_path;
use gunbai::rules::{check_roster, find};

fn check(source: &str) -> Result<Vec<RosterProblem>, Vec<RosterProblem>> {
    check_roster(
        "sky",
        &RosterText {
            file: "test.ron".into(),
            source: source.to_owned(),
        },
    )
}

/// The 1-based line and column of the first occurrence of `needle` after `after`.
fn position(source: &str, after: &str, needle: &str) -> (usize, usize) {
    let from = source.find(after).expect("marker") + after.len();
    let byte = from + source[from..].find(needle).expect("needle");
    super::line_column(source, byte)
}

fn at(p: &RosterProblem) -> (usize, usize) {
    (p.line, p.column)
}

/// Comments above the army mention every word a problem could be searched by.
const HEAD: &str = "\
// units: stands, formation, weapons, tedate, armoured, bushi, mounted, command, clans.
// \"Baba's Teppo\" \"Baba\" \"Kosaka\" \"Takeda Shingen\"
";

fn army(clans: &str) -> String {
    format!(
        "{HEAD}(
    name: \"Takeda\",
    general: (name: \"Takeda Shingen\", command: 9),
    clans: [
{clans}
    ],
)
"
    )
}

fn baba(units: &str) -> String {
    format!(
        "        (
            name: \"Baba\",
            leader: (name: \"Baba Nobuharu\"),
            units: [
                (name: \"Baba's Horse\", troop: Samurai, mounted: true, stands: 4, formation: Line(4)),
                (name: \"Baba's Samurai\", troop: Samurai, weapons: [PoleArms], stands: 6, formation: Line(3)),
{units}
            ],
        ),"
    )
}

#[test]
fn a_unit_problem_lands_on_its_field_not_on_a_comment() {
    let source = army(&baba(
        "                (name: \"Baba's Teppo\", troop: Ashigaru, weapons: [Arquebus], armoured: true, stands: 9, formation: Line(3), tedate: true),",
    ));
    let errors = check(&source).expect_err("nine stands");
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    assert_eq!(
        e.path,
        roster_path!("clans", 0_usize, "units", 2_usize, "stands")
    );
    assert_eq!(
        at(e),
        position(&source, "\"Baba's Teppo\", troop", "stands")
    );
    assert!(e.to_string().starts_with("test.ron:"), "{e}");
}

/// Issue 41: a value RON cannot read (a negative count, a number for a yes or no) sits at
/// that value, not at the space before it or after its sign.
#[test]
fn a_value_of_the_wrong_kind_lands_on_the_value() {
    for (value, says) in [
        ("stands: -5", "out of bounds"),
        ("stands: true", "Expected integer"),
        ("stands: 6.5", ""),
        ("tedate: 7", "Expected boolean"),
    ] {
        let source = army(&baba(&format!(
            "                (name: \"Baba's Teppo\", troop: Ashigaru, weapons: [Arquebus], armoured: true, formation: Line(3), {value}),",
        )));
        let errors = check(&source).expect_err("unreadable");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains(says), "{errors:?}");
        let (key, _) = value.split_once(": ").expect("key: value");
        let (line, column) = position(&source, "\"Baba's Teppo\"", value);
        assert_eq!(
            at(&errors[0]),
            (line, column + key.len() + 2),
            "{value}: {errors:?}"
        );
    }
}

#[test]
fn a_formation_a_tedate_and_a_bushi_land_on_theirs() {
    let source = army(&baba(
        "                (name: \"Baba's Teppo\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 8, formation: Line(3), tedate: true, bushi: 13),",
    ));
    let errors = check(&source).expect_err("three problems");
    let unit = roster_path!("clans", 0_usize, "units", 2_usize);
    let marker = "\"Baba's Teppo\", troop";
    for key in ["formation", "tedate", "bushi"] {
        let e = errors
            .iter()
            .find(|e| e.path == unit.field(key))
            .unwrap_or_else(|| panic!("no error at {key}: {errors:?}"));
        assert_eq!(at(e), position(&source, marker, key), "{key}");
    }
    assert_eq!(errors.len(), 3, "{errors:?}");
}

#[test]
fn a_clan_of_too_few_units_is_placed_at_its_units() {
    let source = army(&baba(""));
    let errors = check(&source).expect_err("two units");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].path, roster_path!("clans", 0_usize, "units"));
    assert_eq!(
        at(&errors[0]),
        position(&source, "name: \"Baba\",", "units")
    );
}

#[test]
fn a_field_left_out_is_placed_at_the_unit_that_lacks_it() {
    let source = army(&baba(
        "                (name: \"Baba's Teppo\", troop: Ashigaru, weapons: [Arquebus], stands: 6, formation: Line(3)),",
    ));
    let errors = check(&source).expect_err("armour not said");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].path,
        roster_path!("clans", 0_usize, "units", 2_usize, "armoured")
    );
    assert_eq!(
        at(&errors[0]),
        position(&source, "Line(3)),\n", "(name: \"Baba's Teppo\"")
    );
}

#[test]
fn a_name_used_twice_lands_on_the_second_name() {
    let source = army(&baba(
        "                (name: \"Baba\", troop: Ashigaru, weapons: [Arquebus], armoured: false, stands: 6, formation: Line(3)),",
    ));
    let errors = check(&source).expect_err("Baba twice");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].path,
        roster_path!("clans", 0_usize, "units", 2_usize, "name")
    );
    assert_eq!(
        at(&errors[0]),
        position(&source, "Line(3)),\n", "name: \"Baba\"")
    );
}

#[test]
fn a_leaders_command_lands_on_it() {
    let source = army(&baba(
        "                (name: \"Baba's Teppo\", troop: Ashigaru, weapons: [Arquebus], armoured: false, stands: 6, formation: Line(3)),",
    ))
    .replace("command: 9", "command: 10");
    let warnings = check(&source).expect("a scenario rating is allowed");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].path, roster_path!("general", "command"));
    assert_eq!(
        at(&warnings[0]),
        position(&source, "Takeda Shingen\", ", "command")
    );
}

#[test]
fn empty_names_are_errors_at_each_name_and_not_names_used_twice() {
    let source = army(&baba(
        "                (name: \"\", troop: Ashigaru, weapons: [Arquebus], armoured: false, stands: 6, formation: Line(3)),",
    ))
    .replace("name: \"Takeda\"", "name: \" \"")
    .replace("name: \"Baba Nobuharu\"", "name: \"\"");
    let errors = check(&source).expect_err("empty names");
    let paths: Vec<String> = errors.iter().map(|e| e.path.to_string()).collect();
    assert_eq!(
        paths,
        ["name", "clans[0].leader.name", "clans[0].units[2].name"],
        "{errors:?}"
    );
    assert!(
        errors.iter().all(|e| e.message.contains("needs a name")),
        "{errors:?}"
    );
    assert_eq!(at(&errors[0]), position(&source, "(\n", "name"));
}

#[test]
fn a_new_army_is_a_valid_sky_army_once_named() {
    let info = find("sky").expect("sky");
    let mut b = info.builder();
    b.name_blanks("Test");
    assert!(b.errors().is_empty(), "{:?}\n{}", b.errors(), b.text());
    let text = b.text();
    // One clan of the fewest units the rules allow, each Samurai foot with hand weapons.
    assert_eq!(text.matches("troop: Samurai").count(), 3, "{text}");
    assert_eq!(text.matches("weapons: [HandWeapons]").count(), 3, "{text}");
    assert!(text.contains("// A clan has 3 to 8 units."), "{text}");
    // An empty unit name is an error beside the name field.
    let name = roster_path!("clans", 0_usize, "units", 1_usize, "name");
    b.set(&name, gunbai::roster::doc::Value::Text(String::new()));
    assert!(
        b.problems_at(&name).any(|(_, error)| error),
        "{:?}",
        b.errors()
    );
    assert!(b.problems_at(&RosterPath::root()).next().is_none());
}
