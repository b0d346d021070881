//! Kozeriai rosters: each problem lands at the value it is about, even when a comment above
//! names the same word, and an empty name is refused at its field.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use gunbai::roster::builder::Builder;
use gunbai::roster::{RosterPath, RosterProblem, RosterText};
use gunbai::roster_path;
use gunbai::rules::{check_roster, demo_rosters, find};

const ROSTER: &str = r#"// "Kambei" and "Farmer" with stamina, wounds and Tetsubo, all in a comment.
(
    name: "The village",
    figures: [
        (name: "Kambei", player: "Kambei", template: Samurai, main: "Katana", wounds: 9),
        (name: "Kambei", player: "", template: Farmer, main: "Katana", stamina: 0),
        (name: "Farmer", player: "Rikichi", count: 2, skills: {"Yari": 1}, yadomejutsu: {"Yari": 11}),
        (name: "", player: "Rikichi", iaijutsu: 5),
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

fn problem(problems: &[RosterProblem], path: &RosterPath, says: &str) -> (usize, usize) {
    let p = problems
        .iter()
        .find(|p| p.path == *path && p.message.contains(says))
        .unwrap_or_else(|| panic!("no `{says}` at {path}: {problems:#?}"));
    (p.line, p.column)
}

#[test]
fn each_problem_lands_at_its_value_not_at_a_comment() {
    let errors = check_roster(
        "kozeriai",
        &RosterText {
            file: "test.ron".into(),
            source: ROSTER.into(),
        },
    )
    .expect_err("the roster has errors");
    let fig = |i: usize| roster_path!("figures", i);
    assert_eq!(
        problem(&errors, &fig(0).field("wounds"), "Variable Wounds"),
        at("wounds: 9", 0)
    );
    assert_eq!(
        problem(&errors, &fig(1).field("name"), "used twice"),
        at("name: \"Kambei\"", 1)
    );
    assert_eq!(
        problem(&errors, &fig(1).field("player"), "player's name"),
        at("player: \"\"", 0)
    );
    assert_eq!(
        problem(&errors, &fig(1).field("main"), "farmers cannot"),
        at("main: \"Katana\"", 1)
    );
    assert_eq!(
        problem(&errors, &fig(1).field("stamina"), "at least 1"),
        at("stamina: 0", 0)
    );
    assert_eq!(
        problem(
            &errors,
            &fig(2).field("yadomejutsu"),
            "cannot be done with Yari"
        ),
        at("\"Yari\": 11", 0),
        "issue 41: at the weapon's entry, not the start of the map"
    );
    assert_eq!(
        problem(&errors, &fig(3).field("name"), "every figure needs a name"),
        at("name: \"\"", 0)
    );
    assert_eq!(
        problem(&errors, &fig(3), "needs a weapon"),
        at("(name: \"\"", 0)
    );
    assert_eq!(errors.len(), 8, "{errors:#?}");
}

/// Issue 41: a skill out of range sits at its weapon's entry of `skills`, where several
/// weapons share the line.
#[test]
fn a_skill_lands_at_its_weapons_entry() {
    let text = r#"// "Katana" and "Yari" in a comment
(name: "A", figures: [(name: "B", player: "C", skills: {"Yari": 1, "Katana": 99})])"#;
    let errors = check_roster(
        "kozeriai",
        &RosterText {
            file: "s.ron".into(),
            source: text.into(),
        },
    )
    .expect_err("skill 99");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].path, roster_path!("figures", 0_usize, "skills"));
    let col = text.lines().nth(1).unwrap().find("\"Katana\"").unwrap() + 1;
    assert_eq!((errors[0].line, errors[0].column), (2, col), "{errors:#?}");
}

#[test]
fn warnings_land_at_their_value() {
    let text = r#"// stamina and iaijutsu
(name: "A", figures: [(name: "B", player: "C", template: AshigaruSpearman, stamina: 40, iaijutsu: 5)])"#;
    let warnings = check_roster(
        "kozeriai",
        &RosterText {
            file: "w.ron".into(),
            source: text.into(),
        },
    )
    .expect("valid");
    let paths: Vec<String> = warnings.iter().map(|w| w.path.to_string()).collect();
    assert_eq!(paths, ["figures[0].stamina", "figures[0].iaijutsu"]);
    let col = text.lines().nth(1).unwrap().find("stamina").unwrap() + 1;
    assert_eq!((warnings[0].line, warnings[0].column), (2, col));
}

#[test]
fn the_template_passes_check_and_the_village_keeps_its_skills() {
    let template = gunbai::rules::roster_template("kozeriai", "Test army").expect("template");
    println!("{template}");
    let checked = check_roster(
        "kozeriai",
        &RosterText {
            file: "template.ron".into(),
            source: template.clone(),
        },
    );
    assert!(checked.is_ok(), "{checked:?}\n{template}");
    let info = find("kozeriai").unwrap();
    let [village, _] = demo_rosters("kozeriai").unwrap();
    let b = Builder::open(
        info.key,
        info.title,
        (info.roster_form)(),
        info.check_fn(),
        &village,
    )
    .unwrap();
    println!("{}", b.text());
    assert!(b.text().contains(r#"skills: {"Katana": 2, "Kyu": 1}"#));
    assert!(b.text().contains(r#"yadomejutsu: {"Katana": 11}"#));
}
