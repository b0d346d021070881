//! Firing (lines 65-109): who may fire, at what, and with how many dice.

use gunbai::rules::simple::command::Command;
use gunbai::rules::simple::state::UnitRef;

use super::*;

/// A gun added to the Oda army, to man what it captures.
const ODA_GUN: UnitRef = UnitRef(0, 0, 12);

fn oda_with_a_gun() -> gunbai::rules::simple::Army {
    army_with(
        "oda.ron",
        "flagbearers: 2),\n    ],\n    allies",
        "flagbearers: 2),\n        (name: \"Oda Gun\", troop: Ashigaru, weapon: Gun),\n    ],\n    allies",
    )
}

#[test]
fn firing_a_gun_fires_with_the_crew_it_has_and_is_silent_once_they_are_shot_down() {
    let mut b = begun_between(oda_with_a_gun(), army("imagawa.ron"));
    to_oda_turn_passing_tests(&mut b);
    // One artilleryman shot: nobody replaces him, and the gun fires with two.
    ok(
        &mut b,
        fire(ODA_TEPPO_1, IMA_GUN, false),
        &[6, 5, 1, 1, 1, 1],
    );
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, IMA_GUN), 2);
    to_imagawa_turn_passing_tests(&mut b);
    ok(&mut b, fire(IMA_GUN, ODA_YARI, false), &[6, 6, 4, 1]);
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, ODA_YARI), 4, "two dice: two hits, one save");
    // The other two shot down: the gun is silent, and no one's to take.
    to_oda_turn_passing_tests(&mut b);
    ok(
        &mut b,
        fire(ODA_TEPPO_2, IMA_GUN, false),
        &[6, 6, 1, 1, 1, 1, 1],
    );
    let gun = b.state().unit(IMA_GUN).unwrap();
    assert_eq!((gun.alive, gun.captured_by), (0, None));
    let man = Command::CrewCapturedGun {
        gun: IMA_GUN,
        crew: ODA_GUN,
    };
    assert!(refused(&mut b, man, &[]).contains("replaced"));
    to_imagawa_turn_passing_tests(&mut b);
    let err = refused(&mut b, fire(IMA_GUN, ODA_YARI, false), &[6, 6, 6]);
    assert!(err.contains("not on the table"), "{err}");
}

/// The target options of a unit's form, and where `target` stands among them.
fn target_index(
    b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>,
    unit: UnitRef,
    form: &str,
    target: UnitRef,
) -> usize {
    option_of(b, unit, form, target)
}

/// The labels of a form's fields.
fn labels(
    b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>,
    unit: UnitRef,
    form: &str,
) -> Vec<String> {
    use gunbai::engine::Game as _;
    b.action_forms(&unit.id())
        .into_iter()
        .find(|f| f.key == form)
        .expect("the form")
        .fields
        .iter()
        .map(|f| match f {
            gunbai::engine::Field::Choice { label, .. }
            | gunbai::engine::Field::Toggle { label }
            | gunbai::engine::Field::Number { label, .. } => label.clone(),
        })
        .collect()
}

#[test]
fn firing_the_fire_form_asks_the_targets_cover_and_the_score_to_hit_follows_the_answer() {
    use gunbai::engine::Game as _;
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::state::{Cover, StructureKind};
    let mut b = begun();
    assert_eq!(
        labels(&b, IMA_TEPPO, "fire"),
        ["Target", "Target's cover", "Distance", "Volley"]
    );
    // The unit's old cover record does not count: the answer does.
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_YARI,
            status: Status::Cover(Cover::Hard),
        },
        &[],
    );
    let needs = |b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>, target, cover| {
        let t = target_index(b, IMA_TEPPO, "fire", target);
        b.preview_action(&IMA_TEPPO.id(), "fire", &[t, cover, 20, 0])
            .expect("fits")
            .expect("odds")
            .target
    };
    // Line or column 6, 7, 8; skirmishers 7, 8, 9 (dice paired).
    for (cover, line, skirmish) in [(0, "6+", "7+"), (1, "7+", "8+"), (2, "8+", "9+")] {
        assert!(needs(&b, ODA_YARI, cover).contains(&format!("needing {line}")));
        assert!(needs(&b, ODA_ARCHERS_SKIRMISH, cover).contains(&format!("needing {skirmish}")));
    }
    // Fired as answered: in the open a 6 hits though the record says hard cover.
    let t = target_index(&b, IMA_TEPPO, "fire", ODA_YARI);
    b.do_action(
        &IMA_TEPPO.id(),
        "fire",
        &[t, 0, 20, 0],
        b.version(),
        gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![6, 1, 1, 1, 1, 1])),
    )
    .unwrap();
    assert_eq!(alive(&b, ODA_YARI), 4);
    pass_morale_dues(&mut b);
    // Inside a building a target is in hard cover whatever the answer.
    ok(
        &mut b,
        Command::AddStructure {
            name: "Farmhouse".into(),
            kind: StructureKind::WoodenBuilding,
            sections: 1,
        },
        &[],
    );
    to_oda_turn_passing_tests(&mut b);
    ok(
        &mut b,
        Command::Occupy {
            unit: ODA_TEPPO_2,
            structure: Some(0),
        },
        &[],
    );
    to_imagawa_turn_passing_tests(&mut b);
    let err = refused(
        &mut b,
        fire_in(IMA_ARCHERS, ODA_TEPPO_2, Cover::Soft),
        &[8; 5],
    );
    assert!(
        err.contains("hard cover at least") && err.contains("simple: Firing"),
        "{err}"
    );
    ok(
        &mut b,
        fire_in(IMA_ARCHERS, ODA_TEPPO_2, Cover::Hard),
        &[7, 7, 7, 7, 7],
    );
}

#[test]
fn melee_the_melee_form_asks_the_defenders_cover_and_adds_1_or_2_from_the_answer() {
    use gunbai::engine::Game as _;
    let b = begun();
    let fields = labels(&b, IMA_SWORD_SAMURAI, "melee");
    assert_eq!(fields[..2], ["Defender", "Defender's cover"]);
    let t = target_index(&b, IMA_SWORD_SAMURAI, "melee", ODA_TEPPO_1);
    for (cover, bonus) in [(0, None), (1, Some(1)), (2, Some(2))] {
        let card = b
            .preview_action(&IMA_SWORD_SAMURAI.id(), "melee", &[t, cover, 0, 0, 1, 1, 0])
            .expect("fits")
            .expect("odds");
        let found = card
            .modifiers
            .iter()
            .find(|m| m.reason.contains("cover"))
            .map(|m| m.value);
        assert_eq!(found, bonus, "{:?}", card.modifiers);
    }
}
