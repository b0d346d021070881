//! Simple Samurai rosters: each problem is placed at the value it is about, by the parsed
//! value's own position (never by searching the text for a word), and every army, Daimyo,
//! clan and unit must have a name.

#![allow(clippy::expect_used)]

use gunbai::engine::RuleSet as _;
use gunbai::roster::{RosterProblem, RosterText};
use gunbai::roster_path;
use gunbai::rules::simple::Simple;

fn load(source: &str) -> Result<Vec<RosterProblem>, Vec<RosterProblem>> {
    Simple::load_army(&RosterText {
        file: "army.ron".into(),
        source: source.into(),
    })
    .map(|loaded| loaded.warnings)
}

/// The 1-based line and column of the `nth` occurrence of `needle` in `source`.
fn at(source: &str, needle: &str, nth: usize) -> (usize, usize) {
    let byte = source
        .match_indices(needle)
        .nth(nth)
        .expect("the needle is in the text")
        .0;
    super::line_column(source, byte)
}

const ARMY: &str = r#"// Units, formation, flagbearers and sharpshooters: this comment names every field
// an error below is about, "Spears" and "Guard" included, to mislead a search for words.
(
    name: "Test",
    daimyo: (name: "Lord"),
    units: [
        (name: "Spears", troop: Ashigaru, weapon: Spear, formation: Skirmish),
        (name: "Guard", troop: SamuraiFoot, weapon: Sword, flagbearers: 2),
        (name: "Teppo", troop: Ashigaru, weapon: Bow, sharpshooters: 1),
        (name: "Oxen", troop: Animals, weapon: Spear),
        (name: "Gun", troop: Ronin, weapon: Gun, figures: 4),
    ],
    allies: [
        (
            name: "Clan",
            koku: K5000,
            daimyo: (name: "Ally"),
            units: [(name: "Spears", troop: Ashigaru, weapon: Spear, figures: 0)],
        ),
    ],
)
"#;

#[test]
fn each_error_lands_at_its_own_value_not_at_a_comment_naming_it() {
    let errors = load(ARMY).expect_err("a roster full of mistakes");
    let expect = [
        (
            "skirmish",
            roster_path!("units", 0_usize, "formation"),
            at(ARMY, "formation", 1),
        ),
        (
            "flagbearers",
            roster_path!("units", 1_usize, "flagbearers"),
            at(ARMY, "flagbearers", 1),
        ),
        (
            "sharpshooters carry",
            roster_path!("units", 2_usize, "sharpshooters"),
            at(ARMY, "sharpshooters", 1),
        ),
        (
            "Wagon",
            roster_path!("units", 3_usize, "weapon"),
            at(ARMY, "weapon", 3),
        ),
        (
            "crewed by Ashigaru",
            roster_path!("units", 4_usize, "troop"),
            at(ARMY, "troop: Ronin", 0),
        ),
        (
            "at most 3 artillerymen",
            roster_path!("units", 4_usize, "figures"),
            at(ARMY, "figures", 0),
        ),
        (
            "used twice",
            roster_path!("allies", 0_usize, "units", 0_usize, "name"),
            at(ARMY, "name: \"Spears\"", 1),
        ),
        (
            "0 figures",
            roster_path!("allies", 0_usize, "units", 0_usize, "figures"),
            at(ARMY, "figures", 1),
        ),
    ];
    for (words, path, (line, column)) in expect {
        let e = errors
            .iter()
            .find(|e| e.message.contains(words))
            .unwrap_or_else(|| panic!("no error saying `{words}`: {errors:#?}"));
        assert_eq!(e.path, path, "{e}");
        assert_eq!((e.line, e.column), (line, column), "{e}");
    }
}

#[test]
fn warnings_land_at_the_lists_they_are_about() {
    let source = "// the units of a basic army: 7 Ashigaru units...\n(\n    name: \"A\",\n    daimyo: (name: \"D\"),\n    units: [(name: \"U\", troop: Ashigaru, weapon: Spear)],\n    allies: [(name: \"C\", koku: K10000, daimyo: (name: \"E\"), units: [(name: \"V\", troop: Ronin, weapon: Sword)])],\n)\n";
    let warnings = load(source).expect("valid with warnings");
    let basic = warnings
        .iter()
        .find(|w| w.message.contains("basic 50,000 koku"))
        .expect("the basic army warning");
    assert_eq!(basic.path, roster_path!("units"));
    assert_eq!((basic.line, basic.column), at(source, "units: [", 0));
    let clan = warnings
        .iter()
        .find(|w| w.message.contains("allied clan is usually"))
        .expect("the clan warning");
    assert_eq!(clan.path, roster_path!("allies", 0_usize, "units"));
    assert_eq!((clan.line, clan.column), at(source, "units: [", 1));
}

#[test]
fn too_many_sharpshooters_is_placed_at_the_first_unit_that_has_any() {
    // 5 arquebus figures allow no sharpshooter (1 per 10).
    let own = "// sharpshooters: 1 per 10 arquebus figures\n(\n    name: \"A\",\n    daimyo: (name: \"D\"),\n    units: [\n        (name: \"Y\", troop: Ashigaru, weapon: Spear),\n        (name: \"S\", troop: Ashigaru, weapon: Arquebus, sharpshooters: 1),\n    ],\n)\n";
    let errors = load(own).expect_err("too many sharpshooters");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        errors[0].path,
        roster_path!("units", 1_usize, "sharpshooters")
    );
    assert_eq!(
        (errors[0].line, errors[0].column),
        at(own, "sharpshooters", 1)
    );
    let allied = "(\n    name: \"A\",\n    daimyo: (name: \"D\"),\n    units: [(name: \"T\", troop: Ashigaru, weapon: Arquebus)],\n    allies: [(name: \"C\", koku: K5000, daimyo: (name: \"E\"), units: [(name: \"S\", troop: Ashigaru, weapon: Arquebus, sharpshooters: 2)])],\n)\n";
    let errors = load(allied).expect_err("2 sharpshooters in 10 arquebus figures");
    assert_eq!(
        errors[0].path,
        roster_path!("allies", 0_usize, "units", 0_usize, "sharpshooters")
    );
    assert_eq!(
        (errors[0].line, errors[0].column),
        at(allied, "sharpshooters", 0)
    );
}

#[test]
fn every_named_thing_needs_a_name() {
    let source = "(\n    name: \"\",\n    daimyo: (name: \" \"),\n    units: [(name: \"\", troop: Ashigaru, weapon: Spear), (name: \"\", troop: Ashigaru, weapon: Spear)],\n    allies: [(name: \"\", koku: K5000, daimyo: (name: \"\"), units: [(name: \"G\", troop: SamuraiGuard, weapon: Sword, flagbearers: 2)])],\n)\n";
    let errors = load(source).expect_err("nothing is named");
    let unnamed: Vec<String> = errors
        .iter()
        .filter(|e| e.message.contains("needs a name to be referred to"))
        .map(|e| e.path.to_string())
        .collect();
    assert_eq!(
        unnamed,
        [
            "name",
            "daimyo.name",
            "units[0].name",
            "units[1].name",
            "allies[0].name",
            "allies[0].daimyo.name",
        ]
    );
    assert!(
        errors.iter().all(|e| !e.message.contains("used twice")),
        "an empty name is reported once, as empty: {errors:?}"
    );
}
