//! Unit sizes and leaders: rosters are checked against the table.

use super::*;

#[test]
fn figure_groups_expand_into_numbered_figures_and_the_leader_counts_in_the_size() {
    let oda = demo("oda_raiders.ron");
    let bowmen = &oda.units[0];
    assert_eq!(bowmen.figures.len(), 8, "leader + 7 yumi Ashigaru");
    assert!(bowmen.figures[0].leader);
    assert_eq!(bowmen.figures[1].name, "Ashigaru yumi 1");
    assert_eq!(bowmen.figures[7].name, "Ashigaru yumi 7");
    assert!(bowmen.figures[1].trained);
}

#[test]
fn unit_sizes_are_checked_with_the_leader_included() {
    let src = "(\n    name: \"X\",\n    units: [\n        (\n            name: \"Bows\",\n            troop: Ashigaru,\n            leader: (name: \"Jiro\"),\n            figures: [(count: 10)],\n        ),\n    ],\n)\n";
    let errors = custom(src).expect_err("11 figures is too many");
    assert_eq!(
        errors,
        // At the unit's figure list (line 8), the size being the list's with the leader's.
        vec!["t.ron:8:13: 11 figures, its leader included: Ashigaru units have 8 to 10"]
    );
    assert!(custom(&src.replace("count: 10", "count: 9")).is_ok());
}

#[test]
fn only_the_listed_troop_types_may_lead_a_unit() {
    let src = "(name: \"X\", units: [(name: \"Retainers\", troop: Samurai, leader: (name: \"Goro\", troop: Ashigaru), figures: [(count: 4)])])";
    let errors = custom(src).expect_err("an Ashigaru cannot lead Samurai");
    assert!(
        errors[0]
            .contains("a Ashigaru cannot lead Samurai units: allowed Samurai, Hatamoto, Daimyo"),
        "{errors:?}"
    );
}

#[test]
fn ronin_and_ninja_units_are_leaderless() {
    let src = "(name: \"X\", units: [(name: \"Band\", troop: Ronin, leader: (name: \"Goro\", troop: Ronin), figures: [(count: 3)])])";
    assert!(custom(src).expect_err("leaderless")[0].contains("leaderless"));
    let src = "(name: \"X\", units: [(name: \"Band\", troop: Ninja, figures: [(count: 7, weapon: Thrown, trained: true)])])";
    assert!(custom(src).expect_err("too many")[0].contains("Ninja units have 1 to 6"));
}

#[test]
fn shooters_must_say_whether_they_are_trained_at_the_group() {
    let src = "(\n    name: \"X\",\n    units: [\n        (\n            name: \"Bows\",\n            troop: Ashigaru,\n            leader: (name: \"Jiro\"),\n            figures: [\n                (count: 7, weapon: Yumi),\n            ],\n        ),\n    ],\n)\n";
    let errors = custom(src).expect_err("trained missing");
    assert_eq!(
        errors.len(),
        1,
        "one problem per group, not per figure: {errors:?}"
    );
    assert!(
        errors[0].starts_with("t.ron:9:17: say whether this yumi shooter is trained"),
        "{errors:?}"
    );
}

#[test]
fn only_ninja_carry_thrown_weapons() {
    let src = "(name: \"X\", units: [(name: \"Band\", troop: Ronin, figures: [(count: 2, weapon: Thrown, trained: true)])])";
    assert!(custom(src).expect_err("not ninja")[0].contains("only Ninja carry thrown weapons"));
}

#[test]
fn roster_a_ninja_moves_on_foot_and_is_never_mounted_by_ruling() {
    let src = "(name: \"X\", units: [(name: \"Shadows\", troop: Ninja, figures: [(count: 2, mounted: true)])])";
    let refused = custom(src).expect_err("a mounted Ninja");
    assert!(refused[0].contains("Ninja fight on foot"), "{refused:?}");
    assert!(refused[0].contains("ninja_on_foot"), "{refused:?}");
    let src = "(name: \"X\", units: [(name: \"Shadows\", troop: Ninja, figures: [(count: 2)])])";
    assert!(custom(src).is_ok());
}

/// A one-unit roster of `troop` led by `leader` (none for a leaderless unit), with `count`
/// figures besides the leader.
fn one_unit(troop: &str, leader: Option<&str>, count: u32) -> String {
    let leader = leader.map_or(String::new(), |l| {
        format!("leader: (name: \"Goro\", troop: {l}), ")
    });
    let figures = if count == 0 {
        String::new()
    } else {
        format!("(count: {count})")
    };
    format!(
        "(name: \"X\", units: [(name: \"Band\", troop: {troop}, {leader}figures: [{figures}])])"
    )
}

#[test]
fn unit_sizes_each_type_is_held_to_its_range_with_the_leader_counted() {
    // (unit type, its leader, least and most figures, the leader included)
    for (troop, leader, least, most) in [
        ("Ashigaru", Some("Ashigaru"), 8, 10),
        ("Sohei", Some("Monk"), 6, 8),
        ("Samurai", Some("Samurai"), 4, 6),
        ("Ronin", None, 1, 6),
        ("Ninja", None, 1, 6),
    ] {
        let led = u32::from(leader.is_some());
        for n in [least - 1, least, most, most + 1] {
            let src = one_unit(troop, leader, n - led);
            let fits = (least..=most).contains(&n);
            match custom(&src) {
                Ok(_) => assert!(fits, "{troop}: {n} figures accepted"),
                Err(e) => {
                    assert!(!fits, "{troop}: {n} figures refused: {e:?}");
                    assert!(
                        e.iter()
                            .any(|e| e.contains(&format!("units have {least} to {most}"))),
                        "{e:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn unit_sizes_each_type_is_led_only_by_the_troop_types_listed() {
    // Who may lead each type of unit, as the table lists them; any other troop type is refused.
    let troops = [
        "Ashigaru", "Monk", "Ronin", "Samurai", "Hatamoto", "Daimyo", "Ninja",
    ];
    for (unit, size, allowed) in [
        ("Ashigaru", 8, &["Ashigaru", "Monk", "Ronin", "Samurai"][..]),
        ("Sohei", 6, &["Monk", "Ronin", "Samurai"][..]),
        ("Samurai", 4, &["Samurai", "Hatamoto", "Daimyo"][..]),
    ] {
        for leader in troops {
            let led = custom(&one_unit(unit, Some(leader), size - 1));
            assert_eq!(
                led.is_ok(),
                allowed.contains(&leader),
                "a {leader} leading {unit}: {led:?}"
            );
            if let Err(e) = led {
                assert!(e[0].contains("cannot lead"), "{e:?}");
            }
        }
    }
}
