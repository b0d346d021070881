//! Daimyo rosters: each problem lands at the value it is about, even when a comment above
//! names the same word, and an empty name is refused at its field.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use gunbai::roster::{RosterPath, RosterText};
use gunbai::roster_path;
use gunbai::rules::check_roster;

const ROSTER: &str = r#"// "Ii yari" and "Ii" and stands and wide and rating, all in a comment.
(
    name: "Eastern Army",
    general: (name: "Tokugawa Ieyasu", rating: 4),
    leader_move: 30,
    moves: [
        (troop: Cavalry, normal: 20, charge: 30),
        (troop: AshigaruSpear, normal: 10, charge: 0),
    ],
    clans: [
        (
            name: "Ii",
            daimyo: (name: "Ii Naomasa", rating: 9),
            units: [
                (name: "Ii yari", troop: AshigaruSpear, quality: Veteran, stands: 6, wide: 3),
                (name: "Ii yari", troop: SamuraiFoot, quality: Veteran, stands: 4, wide: 7),
                (name: "", troop: Cavalry, quality: Elite, stands: 4, wide: 2),
            ],
        ),
        (name: "Empty", daimyo: (name: "Nobody", rating: 2), units: []),
    ],
)
"#;

/// The line and column of the `nth` occurrence of `needle` after the comment line.
fn at(needle: &str, nth: usize) -> (usize, usize) {
    let body = ROSTER.find('\n').unwrap_or(0);
    let byte = body
        + ROSTER[body..]
            .match_indices(needle)
            .nth(nth)
            .map(|(i, _)| i)
            .unwrap_or_else(|| panic!("{needle} #{nth}"));
    super::line_column(ROSTER, byte)
}

fn problem(errors: &[gunbai::roster::RosterProblem], path: &RosterPath) -> (usize, usize) {
    let p = errors
        .iter()
        .find(|p| p.path == *path)
        .unwrap_or_else(|| panic!("no problem at {path}: {errors:#?}"));
    (p.line, p.column)
}

#[test]
fn each_problem_lands_at_its_value_not_at_a_comment() {
    let errors = check_roster(
        "daimyo",
        &RosterText {
            file: "test.ron".into(),
            source: ROSTER.into(),
        },
    )
    .expect_err("the roster has errors");
    let unit = |i: usize| roster_path!("clans", 0_usize, "units", i);
    // The second "Ii yari" is the one used twice: its `name` key.
    assert_eq!(
        problem(&errors, &unit(1).field("name")),
        at("name: \"Ii yari\"", 1)
    );
    assert_eq!(problem(&errors, &unit(1).field("wide")), at("wide: 7", 0));
    assert_eq!(
        problem(&errors, &unit(1).field("troop")),
        at("troop: SamuraiFoot", 0)
    );
    assert_eq!(
        problem(&errors, &unit(2).field("name")),
        at("name: \"\"", 0)
    );
    assert_eq!(
        problem(&errors, &roster_path!("clans", 0_usize, "daimyo", "rating")),
        at("rating: 9", 0)
    );
    assert_eq!(
        problem(&errors, &roster_path!("clans", 1_usize, "units")),
        at("units: []", 0)
    );
    assert_eq!(
        problem(&errors, &roster_path!("moves", 1_usize, "charge")),
        at("charge: 0", 0)
    );
    let empty = errors
        .iter()
        .find(|p| p.path == unit(2).field("name"))
        .map(|p| p.message.clone());
    assert_eq!(
        empty.as_deref(),
        Some("every unit needs a name to be referred to")
    );
    assert_eq!(errors.len(), 7, "{errors:#?}");
}

#[test]
fn the_template_passes_check() {
    let template = gunbai::rules::roster_template("daimyo", "Test army").expect("template");
    println!("{template}");
    let checked = check_roster(
        "daimyo",
        &RosterText {
            file: "template.ron".into(),
            source: template.clone(),
        },
    );
    assert!(checked.is_ok(), "{checked:?}\n{template}");
}
