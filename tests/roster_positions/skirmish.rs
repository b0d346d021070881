//! Skirmish roster problems land at the value they are about, by its path: never at a
//! comment or another value that happens to mention the same word.
#![allow(clippy::expect_used)] // Tests fail loudly; the lint guards user-supplied data elsewhere.

use gunbai::engine::RuleSet as _;
use gunbai::roster::RosterText;
use gunbai::rules::skirmish::Skirmish;

/// Every error of a roster as `line:column path: message`.
fn errors(source: &str) -> Vec<String> {
    let text = RosterText {
        file: "t.ron".into(),
        source: source.into(),
    };
    match Skirmish::load_army(&text) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .iter()
            .map(|e| format!("{}:{} {}: {}", e.line, e.column, e.path, e.message))
            .collect(),
    }
}

/// Every warning of a valid roster, the same way.
fn warnings(source: &str) -> Vec<String> {
    let text = RosterText {
        file: "t.ron".into(),
        source: source.into(),
    };
    Skirmish::load_army(&text)
        .expect("valid")
        .warnings
        .iter()
        .map(|e| format!("{}:{} {}: {}", e.line, e.column, e.path, e.message))
        .collect()
}

#[test]
fn a_name_used_twice_is_placed_at_the_second_units_name_not_a_comment() {
    let src = r#"// "Bows" and "Bows" again: a comment that names the unit twice.
(
    name: "X",
    units: [
        (name: "Bows", troop: Ronin, figures: [(count: 2)]),
        // the second "Bows"
        (name: "Bows", troop: Ronin, figures: [(count: 2)]),
    ],
)
"#;
    assert_eq!(
        errors(src),
        vec!["7:10 units[1].name: the unit name \"Bows\" is used twice; every unit needs its own"]
    );
}

#[test]
fn a_units_size_is_placed_at_its_figure_list() {
    let src = r#"// figures: "Bows" has too many figures
(
    name: "X",
    units: [
        (
            name: "Bows",
            troop: Ninja,
            figures: [(count: 4, weapon: Thrown, trained: true), (count: 3)],
        ),
    ],
)
"#;
    assert_eq!(
        errors(src),
        vec!["8:13 units[0].figures: 7 figures: Ninja units have 1 to 6"]
    );
}

#[test]
fn a_groups_problems_are_placed_at_its_own_fields() {
    let src = r#"// (weapon: Thrown) is for Ninja; (troop: Ashigaru) serves in Ashigaru units.
(
    name: "X",
    units: [
        (
            name: "Band",
            troop: Ronin,
            figures: [
                (count: 2, weapon: Thrown, trained: true),
                (troop: Ashigaru),
                (count: 2, weapon: Yumi),
            ],
        ),
    ],
)
"#;
    assert_eq!(
        errors(src),
        vec![
            "9:28 units[0].figures[0].weapon: only Ninja carry thrown weapons, not Ronin",
            "10:18 units[0].figures[1].troop: Ronin units are made of Ronin, not Ashigaru",
            // `trained` is left out: the problem is placed at the group that lacks it.
            "11:17 units[0].figures[2].trained: say whether this yumi shooter is trained \
             (trained: true or false): it hits on 3+ or 4+",
        ]
    );
}

#[test]
fn leader_problems_are_placed_at_the_leader_or_its_fields() {
    let src = r#"// "Goro" leads; a leader: line in a comment.
(
    name: "X",
    units: [
        (name: "Retainers", troop: Samurai, leader: (name: "Goro", troop: Ashigaru), figures: [(count: 4)]),
        (name: "Band", troop: Ronin, leader: (name: "Goro"), figures: [(count: 3)]),
        (name: "Bows", troop: Ashigaru, figures: [(count: 9, weapon: Yumi, trained: true)]),
    ],
)
"#;
    assert_eq!(
        errors(src),
        vec![
            "5:68 units[0].leader.troop: a Ashigaru cannot lead Samurai units: allowed Samurai, \
             Hatamoto, Daimyo",
            "6:38 units[1].leader: Ronin units are leaderless: remove the leader",
            // No leader in the file: placed at the unit that lacks one.
            "7:9 units[2].leader: Ashigaru units need a leader: leader: (name: \"…\", troop: …)",
        ]
    );
}

#[test]
fn warnings_are_placed_at_the_field_they_are_about() {
    let src = r#"// mounted: true and armoured: true are said below.
(
    name: "X",
    units: [
        (name: "Shadows", troop: Ninja, figures: [(troop: Ninja, armoured: true, trained: true)]),
    ],
)
"#;
    assert_eq!(
        warnings(src),
        vec![
            "5:82 units[0].figures[0].trained: `trained` matters only for shooters: ignored",
            "5:66 units[0].figures[0].armoured: a Ninja counts -1 to hit already; armour does \
             not add another (ruling armoured_ninja)",
        ]
    );
}

#[test]
fn every_named_thing_needs_a_name_for_the_app_to_refer_to_it() {
    let src = r#"(
    name: " ",
    units: [
        (name: "", troop: Ronin, figures: [(name: "", count: 2)]),
        (name: "Bows", troop: Sohei, leader: (name: ""), figures: [(count: 5)]),
    ],
)
"#;
    assert_eq!(
        errors(src),
        vec![
            "2:5 name: the army needs a name for the app to refer to it by",
            "4:10 units[0].name: every unit needs a name for the app to refer to it by",
            "4:45 units[0].figures[0].name: every figure needs a name for the app to refer to \
             it by: give one, or leave `name` out for one made from its kind",
            "5:47 units[1].leader.name: every leader needs a name for the app to refer to it \
             by: give one, or leave `name` out for one made from its kind",
        ]
    );
    // Left out, a leader and a group are named for their unit and kind.
    let named = src
        .replace("\" \"", "\"X\"")
        .replace("name: \"\", troop", "name: \"Band\", troop")
        .replace("(name: \"\", count: 2)", "(count: 2)")
        .replace("leader: (name: \"\")", "leader: ()");
    assert_eq!(errors(&named), Vec::<String>::new());
}
