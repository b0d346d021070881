//! Characteristics and the example characters, read against the roster's checks: a weapon
//! skill is any whole number, each template gives the text's main and secondary skills, and a
//! farmer is zero in everything.

use gunbai::engine::RuleSet as _;
use gunbai::roster::RosterText;
use gunbai::rules::kozeriai::Kozeriai;

fn loaded(figures: &str) -> gunbai::roster::Loaded<gunbai::rules::kozeriai::Army> {
    let text = RosterText {
        file: "x.ron".into(),
        source: format!("(name: \"X\", figures: [{figures}])"),
    };
    Kozeriai::load_army(&text).unwrap_or_else(|e| panic!("{e:?}"))
}

#[test]
fn weapon_skill_is_any_whole_number_a_negative_one_too() {
    let l = loaded(r#"(name: "Clumsy", player: "P", skills: {"Katana": -2})"#);
    assert_eq!(l.army.figures[0].skill("Katana"), -2);
    assert!(
        l.warnings
            .iter()
            .any(|w| w.message.contains("normally 0 to 10")),
        "{:?}",
        l.warnings
    );
}

#[test]
fn example_character_statistics_each_template_gives_the_text_s_main_and_secondary_skills() {
    let l = loaded(
        r#"(name: "Sam", player: "P", template: Samurai, main: "Kyu", secondary: ["Katana", "Yari"]),
        (name: "Ron", player: "P", template: Ronin, main: "Yari", secondary: ["Katana"]),
        (name: "Ashi", player: "P", template: AshigaruSpearman),
        (name: "Teppo", player: "P", template: AshigaruMusketeer),
        (name: "Master", player: "P", template: MasterSwordsman, secondary: ["Yari"]),
        (name: "Monk", player: "P", template: WarriorMonk, main: "Bo", secondary: ["Naginata"]),
        (name: "Shinobi", player: "P", template: Shinobi, secondary: ["Yari"])"#,
    );
    let skills = |i: usize| -> Vec<(String, i64)> {
        l.army.figures[i]
            .skills
            .iter()
            .map(|(w, s)| (w.clone(), *s))
            .collect()
    };
    let s = |pairs: &[(&str, i64)]| -> Vec<(String, i64)> {
        let mut v: Vec<(String, i64)> = pairs.iter().map(|(w, n)| ((*w).into(), *n)).collect();
        v.sort();
        v
    };
    // Samurai: the best weapon +4, the others 2 lower.
    assert_eq!(skills(0), s(&[("Katana", 2), ("Kyu", 4), ("Yari", 2)]));
    // Ronin: main +3, secondary +1.
    assert_eq!(skills(1), s(&[("Katana", 1), ("Yari", 3)]));
    // Ashigaru spearman: spear +2, sword +0; musketeer: musket +3, sword +0.
    assert_eq!(skills(2), s(&[("Katana", 0), ("Yari", 2)]));
    assert_eq!(skills(3), s(&[("Katana", 0), ("Teppo", 3)]));
    // Master swordsman: main +6, secondary +4.
    assert_eq!(skills(4), s(&[("Katana", 6), ("Yari", 4)]));
    // Warrior monk: main +3, secondary +1.
    assert_eq!(skills(5), s(&[("Bo", 3), ("Naginata", 1)]));
    // Shinobi: shuriken +3, sword or spear +1.
    assert_eq!(skills(6), s(&[("Shuriken", 3), ("Yari", 1)]));
}

#[test]
fn example_character_statistics_a_farmer_is_zero_in_everything() {
    let l = loaded(r#"(name: "Farmer", player: "P", template: Farmer, main: "Take-yari")"#);
    assert_eq!(l.army.figures[0].skill("Take-yari"), 0);
    assert!(l.warnings.is_empty(), "{:?}", l.warnings);
    // Given a skill of its own, the roster says the text's farmers have none.
    let l = loaded(
        r#"(name: "Farmer", player: "P", template: Farmer, main: "Take-yari", skills: {"Take-yari": 2})"#,
    );
    assert_eq!(l.army.figures[0].skill("Take-yari"), 2);
    assert!(
        l.warnings
            .iter()
            .any(|w| w.message.contains("farmers have +0 in everything")),
        "{:?}",
        l.warnings
    );
}

#[test]
fn example_character_statistics_every_samurai_has_a_sword_at_the_secondary_skill() {
    // A samurai who specialised in the bow, named with the spear as its other weapon: the
    // sword still comes, 2 lower than the bow (all samurai have skill in the sword).
    let l = loaded(
        r#"(name: "Sam", player: "P", template: Samurai, main: "Kyu", secondary: ["Yari"])"#,
    );
    let skills: Vec<(&str, i64)> = l.army.figures[0]
        .skills
        .iter()
        .map(|(w, s)| (w.as_str(), *s))
        .collect();
    assert_eq!(skills, [("Katana", 2), ("Kyu", 4), ("Yari", 2)]);
    // A sword named among its weapons is the sword: no Katana is added beside a Tachi.
    let l = loaded(
        r#"(name: "Sam", player: "P", template: Samurai, main: "Yari", secondary: ["Tachi"])"#,
    );
    let skills: Vec<(&str, i64)> = l.army.figures[0]
        .skills
        .iter()
        .map(|(w, s)| (w.as_str(), *s))
        .collect();
    assert_eq!(skills, [("Tachi", 2), ("Yari", 4)]);
}

#[test]
fn example_character_statistics_farmers_cannot_use_bows_or_swords_of_any_name() {
    for weapon in [
        "Kyu",
        "Daikyu",
        "Kyusen",
        "O-yumi",
        "Teppo-yumi",
        "Katana",
        "Tachi",
        "Daisho",
        "Kodachi",
        "Wakizashi",
        "Nodachi",
        "Ninjato",
    ] {
        let text = RosterText {
            file: "x.ron".into(),
            source: format!(
                "(name: \"X\", figures: [(name: \"F\", player: \"P\", template: Farmer, main: \"Take-yari\", skills: {{\"{weapon}\": 0}})])"
            ),
        };
        let errors = Kozeriai::load_army(&text).expect_err(weapon);
        let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(
            all.iter()
                .any(|e| e.contains(&format!("farmers cannot use bows or swords: {weapon}"))),
            "{weapon}: {all:?}"
        );
    }
    // Their bamboo spears and farm tools, a dagger and a musket, they may.
    let l = loaded(
        r#"(name: "F", player: "P", template: Farmer, main: "Take-yari", skills: {"Kama": 0, "Tanto": 0, "Teppo": 0, "Bo": 0})"#,
    );
    assert_eq!(l.army.figures[0].skills.len(), 5);
    assert!(l.warnings.is_empty(), "{:?}", l.warnings);
}

#[test]
fn variable_wounds_the_scale_runs_from_three_to_eight() {
    let rated = |w: u32| {
        let text = RosterText {
            file: "x.ron".into(),
            source: format!(
                "(name: \"X\", figures: [(name: \"A\", player: \"P\", skills: {{\"Yari\": 1}}, wounds: {w})])"
            ),
        };
        Kozeriai::load_army(&text)
            .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())
    };
    for w in 3..=8 {
        assert_eq!(
            rated(w).expect("on the scale").army.figures[0].wounds,
            Some(w)
        );
    }
    for w in [0, 2, 9] {
        let errors = rated(w).expect_err("off the scale");
        assert!(
            errors
                .iter()
                .any(|e| e.contains("the Variable Wounds scale is 3 puny weakling")),
            "{w}: {errors:?}"
        );
    }
}
