//! The Weapons Glossary, read row by row: every weapon's class as the text's table gives it,
//! and the Ni-Ten Jitsu row (two swords fight as a standard weapon).

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::kozeriai::state::Stage;
use gunbai::rules::kozeriai::tables::weapons::{Class, Shoots};
use gunbai::rules::kozeriai::{Command, Event, Kozeriai, Rules};

use super::*;

/// The glossary's table: each weapon, the class it fights in (none for a missile only), and
/// the missile row it is shot or thrown on.
const GLOSSARY: &[(&str, Option<Class>, Option<Shoots>)] = &[
    ("Aiguchi", Some(Class::CloseIn), Some(Shoots::Thrown)),
    ("Bo", Some(Class::Standard), None),
    ("Bokken", Some(Class::Standard), None),
    ("Daisho", Some(Class::Standard), None),
    ("Doshi", Some(Class::CloseIn), None),
    ("Feruzue", Some(Class::Standard), None),
    ("Futayama-yari", Some(Class::Standard), None),
    ("Gekken", Some(Class::Standard), None),
    ("Inoshishi-no-yari", Some(Class::Standard), None),
    ("Jujutsu", Some(Class::Unarmed), None),
    ("Jutte", Some(Class::Short), None),
    ("Jo", Some(Class::Standard), None),
    ("Kage-yari", Some(Class::Standard), None),
    ("Kama", Some(Class::Short), None),
    ("Kama-yari", Some(Class::Standard), None),
    ("Katana", Some(Class::Standard), None),
    ("Kawa-Nawa", Some(Class::Standard), None),
    ("Kiseru", Some(Class::Short), None),
    ("Kodachi", Some(Class::Short), None),
    ("Konsaibo", Some(Class::Standard), None),
    ("Kumade", Some(Class::Standard), None),
    ("Kusarigama", Some(Class::Standard), None),
    ("Kyu", None, Some(Shoots::Bow)),
    ("Kyusen", None, Some(Shoots::Bow)),
    ("Magari-yari", Some(Class::Standard), None),
    ("Makura-yari", Some(Class::Short), None),
    ("Manrikigusari", Some(Class::Short), None),
    ("Mojiri", Some(Class::Standard), None),
    ("Nagamaki", Some(Class::Standard), None),
    ("Naginata", Some(Class::Standard), None),
    ("Nagegama", Some(Class::Standard), None),
    ("Ninjato", Some(Class::Standard), None),
    ("Nodachi", Some(Class::Standard), None),
    ("Nunchaku", Some(Class::Short), None),
    ("Ono", Some(Class::Standard), None),
    ("Otsuchi", Some(Class::Standard), None),
    ("Sai", Some(Class::Short), None),
    ("Satsumata", Some(Class::Standard), None),
    ("Sariken", Some(Class::CloseIn), Some(Shoots::Thrown)),
    ("Shakujo-yari", Some(Class::Standard), None),
    ("Shuko", Some(Class::CloseIn), None),
    ("Shuriken", None, Some(Shoots::Thrown)),
    ("Sodegarami", Some(Class::Standard), None),
    ("Su-yari", Some(Class::Standard), None),
    ("Tachi", Some(Class::Standard), None),
    ("Tanto", Some(Class::CloseIn), None),
    ("Take-yari", Some(Class::Standard), None),
    ("Teppo", None, Some(Shoots::Musket)),
    ("Teppo-yumi", None, Some(Shoots::Bow)),
    ("Tessen", Some(Class::Short), None),
    ("Tetsubo", Some(Class::Standard), None),
    ("Tonfa", Some(Class::CloseIn), None),
    ("Uchi-ne", None, Some(Shoots::Thrown)),
    ("Wakizashi", Some(Class::Short), None),
    ("Yari", Some(Class::Standard), None),
    ("Yari-nage", Some(Class::Standard), Some(Shoots::Thrown)),
    ("Yumi-yari", Some(Class::Standard), None),
    ("Yawara", Some(Class::CloseIn), None),
];

#[test]
fn weapons_glossary_every_weapon_fights_in_the_class_the_text_gives() {
    let rules = Rules::new(&HouseRules::default()).expect("rules");
    for &(name, class, shoots) in GLOSSARY {
        let w = rules
            .weapon(name)
            .unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!((w.melee_class(), w.shoots()), (class, shoots), "{name}");
    }
    // The two bows the text leaves without a class shoot as bows (ruling `unclassed_bows`);
    // nothing else is in the glossary.
    for name in ["Daikyu", "O-yumi"] {
        let w = rules.weapon(name).unwrap();
        assert_eq!(
            (w.melee_class(), w.shoots()),
            (None, Some(Shoots::Bow)),
            "{name}"
        );
    }
    assert_eq!(rules.t.weapons.len(), GLOSSARY.len() + 2);
}

const NITEN: &str = r#"(
    name: "East",
    figures: [
        (name: "Musashi", player: "P1", skills: {"Wakizashi": 3, "Katana": 3}, ni_ten: 5),
    ],
)"#;
const MUSASHI: FigureRef = FigureRef(0, 0);

#[test]
fn weapons_glossary_ni_ten_jitsu_fights_as_a_standard_weapon_with_either_sword() {
    let armies = [army("east.ron", NITEN), army("west.ron", WEST)];
    let mut b = Battle::<Kozeriai>::start(armies, HouseRules::default(), None).expect("starts");
    let mut order = strike(MUSASHI, "Wakizashi", HACHI, "Katana");
    order.attacker.ni_ten = true;
    // Two swords at once are a standard weapon: Hachi's Katana gains nothing over them, as it
    // would over the short sword alone.
    let hachi = modifier_values(b.rules(), b.state(), &order, 1);
    assert!(
        !has(&hachi, "standard weapon against short", 1),
        "{hachi:?}"
    );
    let mut dagger = order.clone();
    dagger.defender.weapon = "Tanto".into();
    let musashi = modifier_values(b.rules(), b.state(), &dagger, 0);
    assert!(
        has(&musashi, "standard weapon against close-in", 2),
        "{musashi:?}"
    );
    // Fought: 5 + 5 against 5 + 0, a difference of 5: 5 - 1 (one-handed) = 4 wounds.
    at(&mut b, 0, Stage::Fighting);
    let events = ok(&mut b, Command::Clash(order), &[5, 5]);
    let totals = events
        .iter()
        .find_map(|e| match e {
            Event::Clash { dice, .. } => Some(dice.totals),
            _ => None,
        })
        .expect("a clash");
    assert_eq!(totals, [10, 5]);
    assert_eq!(fig(&b, HACHI).wounds, 4);
}
