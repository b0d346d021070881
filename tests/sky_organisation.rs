//! From the Sky we Came: Units and organization, Unit Types, and Command and Bushi, as a
//! roster is read: one test per rule, named after it.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use gunbai::engine::RuleSet as _;
use gunbai::roster::RosterText;
use gunbai::rules::sky::Sky;

/// An army of one clan holding `units`, beside two units that are always valid.
fn army(leader: &str, units: &str) -> String {
    format!(
        "(
    name: \"Takeda\",
    general: (name: \"Takeda Shingen\"),
    clans: [
        (
            name: \"Baba\",
            leader: (name: \"Baba Nobuharu\"{leader}),
            units: [
                (name: \"Baba's Horse\", troop: Samurai, mounted: true, stands: 4, formation: Line(4)),
                (name: \"Baba's Samurai\", troop: Samurai, weapons: [PoleArms], stands: 6, formation: Line(3)),
{units}
            ],
        ),
    ],
)
"
    )
}

/// The problems a roster's text gives (errors, or warnings when it loads).
fn problems(source: &str) -> (bool, Vec<String>) {
    let text = RosterText {
        file: "test.ron".into(),
        source: source.into(),
    };
    match Sky::load_army(&text) {
        Ok(loaded) => (
            true,
            loaded.warnings.into_iter().map(|p| p.message).collect(),
        ),
        Err(errors) => (false, errors.into_iter().map(|p| p.message).collect()),
    }
}

fn refused(units: &str, words: &str) {
    let (loads, found) = problems(&army("", units));
    assert!(!loads, "{units} loads");
    assert!(found.iter().any(|m| m.contains(words)), "{found:?}");
}

fn loads(leader: &str, units: &str) -> gunbai::rules::sky::Army {
    let text = RosterText {
        file: "test.ron".into(),
        source: army(leader, units),
    };
    Sky::load_army(&text)
        .unwrap_or_else(|e| panic!("{units}: {e:?}"))
        .army
}

const THIRD: &str = "(name: \"Baba's Teppo\", troop: Ashigaru, weapons: [Arquebus], armoured: true, stands: 6, formation: Line(3)),";

#[test]
fn units_and_organization_cavalry_have_3_or_4_stands_and_infantry_6_to_8() {
    refused(
        &format!(
            "{THIRD}(name: \"Big Horse\", troop: Samurai, mounted: true, stands: 5, formation: Column),"
        ),
        "cavalry units have 3 to 4",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Big Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 9, formation: Column),"
        ),
        "infantry units have 6 to 8",
    );
    loads(
        "",
        &format!(
            "{THIRD}(name: \"Small Horse\", troop: Samurai, mounted: true, stands: 3, formation: Line(3)),"
        ),
    );
}

#[test]
fn units_and_organization_lines_are_3_or_4_wide_one_deep_for_cavalry_two_for_infantry() {
    refused(
        &format!(
            "{THIRD}(name: \"Wide Horse\", troop: Samurai, mounted: true, stands: 4, formation: Line(3)),"
        ),
        "one deep",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Deep Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 8, formation: Line(3)),"
        ),
        "two ranks",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Thin Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 6, formation: Line(5)),"
        ),
        "3 or 4 wide",
    );
    loads(
        "",
        &format!(
            "{THIRD}(name: \"Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 8, formation: Column),"
        ),
    );
}

#[test]
fn units_and_organization_a_clan_leader_commands_3_to_8_units() {
    let (loads, found) = problems(&army("", ""));
    assert!(!loads);
    assert!(
        found.iter().any(|m| m.contains("commands 3 to 8")),
        "{found:?}"
    );
}

#[test]
fn unit_types_only_samurai_and_warrior_monks_ride() {
    refused(
        &format!(
            "{THIRD}(name: \"Mounted Ashigaru\", troop: Ashigaru, mounted: true, armoured: true, stands: 3, formation: Column),"
        ),
        "only Samurai and Warrior Monks ride",
    );
    loads(
        "",
        &format!(
            "{THIRD}(name: \"Mounted Sohei\", troop: WarriorMonks, mounted: true, armoured: false, stands: 3, formation: Column),"
        ),
    );
}

#[test]
fn unit_types_infantry_name_their_weapons_and_only_samurai_carry_two_kinds() {
    refused(
        &format!(
            "{THIRD}(name: \"Bare Yari\", troop: Ashigaru, armoured: true, stands: 6, formation: Column),"
        ),
        "must be marked with their weapons",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Busy Yari\", troop: Ashigaru, weapons: [PoleArms, Bow], armoured: true, stands: 6, formation: Column),"
        ),
        "only Samurai infantry may carry two",
    );
    loads(
        "",
        &format!(
            "{THIRD}(name: \"Archer Samurai\", troop: Samurai, weapons: [HandWeapons, Bow], stands: 6, formation: Column),"
        ),
    );
}

#[test]
fn unit_types_cavalry_fight_with_pole_arms_and_swords_without_listing_them() {
    let (loads, warnings) = problems(&army(
        "",
        &format!(
            "{THIRD}(name: \"Lancers\", troop: Samurai, mounted: true, weapons: [PoleArms], stands: 3, formation: Line(3)),"
        ),
    ));
    assert!(loads);
    assert!(
        warnings
            .iter()
            .any(|m| m.contains("cavalry always fight with pole arms and swords")),
        "{warnings:?}"
    );
}

#[test]
fn pavise_only_bow_or_arquebus_infantry_carry_tedate() {
    refused(
        &format!(
            "{THIRD}(name: \"Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 6, formation: Column, tedate: true),"
        ),
        "only bow- or arquebus-armed infantry may carry Tedate",
    );
    let army = loads(
        "",
        &format!(
            "{THIRD}(name: \"Archers\", troop: Ashigaru, weapons: [Bow], armoured: false, stands: 6, formation: Line(3), tedate: true),"
        ),
    );
    assert!(army.clans[0].units[3].tedate);
}

#[test]
fn command_and_bushi_clan_leaders_have_command_8_and_the_general_9_unless_the_scenario_says() {
    let army = loads("", THIRD);
    assert_eq!(army.clans[0].leader.command, 8);
    assert_eq!(army.general.command, 9);
    let army = loads(", command: 7", THIRD);
    assert_eq!(army.clans[0].leader.command, 7, "a scenario's Command");
}

#[test]
fn unit_bushi_rating_samurai_9_monks_8_ashigaru_7_peasants_6() {
    let army = loads(
        "",
        &format!("{THIRD}(name: \"Sohei\", troop: WarriorMonks, weapons: [PoleArms], armoured: true, stands: 6, formation: Column),
                (name: \"Levies\", troop: Peasants, weapons: [PoleArms], stands: 6, formation: Column),"),
    );
    let bushi: Vec<i64> = army.clans[0].units.iter().map(|u| u.bushi).collect();
    assert_eq!(bushi, vec![9, 9, 7, 8, 6]);
}

#[test]
fn units_and_organization_the_bounds_themselves_are_allowed_and_one_past_them_refused() {
    refused(
        &format!(
            "{THIRD}(name: \"Thin Horse\", troop: Samurai, mounted: true, stands: 2, formation: Column),"
        ),
        "cavalry units have 3 to 4",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Thin Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 5, formation: Column),"
        ),
        "infantry units have 6 to 8",
    );
    let army = loads(
        "",
        &format!(
            "{THIRD}(name: \"Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 6, formation: Line(3)),
                (name: \"Big Yari\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 8, formation: Line(4)),"
        ),
    );
    let stands: Vec<u32> = army.clans[0].units.iter().map(|u| u.stands).collect();
    assert_eq!(stands, vec![4, 6, 6, 6, 8]);
}

#[test]
fn units_and_organization_a_clan_of_8_units_is_allowed_and_of_9_refused() {
    let unit = |i: usize| {
        format!(
            "(name: \"Yari {i}\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 6, formation: Column),"
        )
    };
    let six: String = (0..6).map(unit).collect();
    assert_eq!(loads("", &six).clans[0].units.len(), 8);
    let seven: String = (0..7).map(unit).collect();
    let (loaded, found) = problems(&army("", &seven));
    assert!(!loaded);
    assert!(
        found.iter().any(|m| m.contains("clan has 9 units")),
        "{found:?}"
    );
    // Three units are enough.
    assert_eq!(loads("", THIRD).clans[0].units.len(), 3);
}

#[test]
fn unit_types_peasants_do_not_ride_and_samurai_carry_two_kinds_of_weapons_at_most() {
    refused(
        &format!(
            "{THIRD}(name: \"Mounted Levies\", troop: Peasants, mounted: true, stands: 3, formation: Column),"
        ),
        "only Samurai and Warrior Monks ride",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Busy Samurai\", troop: Samurai, weapons: [HandWeapons, PoleArms, Bow], stands: 6, formation: Column),"
        ),
        "only Samurai infantry may carry two",
    );
    refused(
        &format!(
            "{THIRD}(name: \"Busy Sohei\", troop: WarriorMonks, weapons: [PoleArms, HandWeapons], armoured: true, stands: 6, formation: Column),"
        ),
        "only Samurai infantry may carry two",
    );
}

#[test]
fn pavise_a_samurai_unit_with_a_tedate_is_warned_of_ruling_tedate_troops() {
    let (loaded, warnings) = problems(&army(
        "",
        &format!(
            "{THIRD}(name: \"Archer Samurai\", troop: Samurai, weapons: [HandWeapons, Bow], stands: 6, formation: Line(3), tedate: true),"
        ),
    ));
    assert!(loaded, "{warnings:?}");
    assert!(
        warnings.iter().any(|m| m.contains("tedate_troops")),
        "{warnings:?}"
    );
    // Mounted troops carry none, whatever they shoot with.
    refused(
        &format!(
            "{THIRD}(name: \"Horse Archers\", troop: Samurai, mounted: true, weapons: [Bow], stands: 3, formation: Line(3), tedate: true),"
        ),
        "only bow- or arquebus-armed infantry may carry Tedate",
    );
    // Ashigaru with bows carry theirs without a word.
    let (_, warnings) = problems(&army(
        "",
        &format!(
            "{THIRD}(name: \"Archers\", troop: Ashigaru, weapons: [Bow], armoured: false, stands: 6, formation: Line(3), tedate: true),"
        ),
    ));
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn unit_bushi_rating_another_rating_is_a_scenarios_and_is_warned_of() {
    let (loaded, warnings) = problems(&army(
        "",
        &format!(
            "{THIRD}(name: \"Veterans\", troop: Ashigaru, weapons: [PoleArms], armoured: true, stands: 6, formation: Column, bushi: 8),"
        ),
    ));
    assert!(loaded);
    assert!(
        warnings
            .iter()
            .any(|m| m.contains("Bushi 8 differs from the rules' 7")),
        "{warnings:?}"
    );
}

#[test]
fn firing_procedure_ashigaru_and_monks_say_whether_they_are_armoured_peasants_never_are() {
    refused(
        &format!(
            "{THIRD}(name: \"Sohei\", troop: WarriorMonks, weapons: [PoleArms], stands: 6, formation: Column),"
        ),
        "say whether these Warrior Monks are armoured",
    );
    let (loaded, warnings) = problems(&army(
        "",
        &format!(
            "{THIRD}(name: \"Levies\", troop: Peasants, weapons: [PoleArms], armoured: true, stands: 6, formation: Column),"
        ),
    ));
    assert!(loaded);
    assert!(
        warnings
            .iter()
            .any(|m| m.contains("Peasants fight as unarmoured")),
        "{warnings:?}"
    );
}
