//! Firing at Soft/Hard Cover (lines 198-216): what guns bring down, and what is then unusable.

use gunbai::engine::Battle;
use gunbai::reference::HouseRules;
use gunbai::rules::simple::state::{Cover, StructureKind, UnitRef};
use gunbai::rules::simple::{Command, Simple};

use super::*;

const ODA_YARI_2: UnitRef = UnitRef(0, 0, 5);

fn record(b: &mut Battle<Simple>, kind: StructureKind, sections: u32) {
    ok(
        b,
        Command::AddStructure {
            name: kind.words().into(),
            kind,
            sections,
        },
        &[],
    );
}

fn bombard(b: &mut Battle<Simple>, faces: &[u32]) -> Vec<String> {
    let structure = u8::try_from(b.state().structures.len() - 1).unwrap();
    ok(
        b,
        Command::Bombard {
            gun: IMA_GUN,
            structure,
        },
        faces,
    )
}

fn take_post(unit: UnitRef, structure: u8) -> Command {
    Command::Occupy {
        unit,
        structure: Some(structure),
    }
}

/// Imagawa's gun bombards the last structure recorded in each of its turns with the faces
/// given; between them Oda's turn passes, its Formation Fail tests passed.
fn bombard_turns(b: &mut Battle<Simple>, turns: &[[u32; 3]]) {
    for faces in turns {
        to_oda_turn_passing_tests(b);
        to_imagawa_turn_passing_tests(b);
        bombard(b, faces);
    }
}

#[test]
fn firing_at_soft_hard_cover_at_4_hits_a_building_is_unusable_and_none_takes_post_in_it() {
    let mut b = begun();
    record(&mut b, StructureKind::WoodenBuilding, 1);
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, take_post(ODA_YARI, 0), &[]);
    to_imagawa_turn_passing_tests(&mut b);
    bombard(&mut b, &[8, 8, 8]);
    bombard_turns(&mut b, &[[8, 8, 8], [8, 1, 1]]);
    // 5 hits left: it stands, and its defenders stay.
    assert_eq!(b.state().structures[0].hits, 5);
    assert!(b.state().unit(ODA_YARI).unwrap().present());
    assert_eq!(b.state().cover_of(ODA_YARI), Cover::Hard);
    bombard_turns(&mut b, &[[8, 1, 1]]);
    assert_eq!(b.state().structures[0].hits, 4);
    assert!(!b.state().unit(ODA_YARI).unwrap().present(), "removed");
    to_oda_turn_passing_tests(&mut b);
    let err = refused(&mut b, take_post(ODA_YARI_2, 0), &[]);
    assert!(
        err.contains("unusable") && err.contains("simple: Firing at Soft/Hard Cover"),
        "{err}"
    );
}

#[test]
fn firing_at_soft_hard_cover_fieldworks_are_24_hits_a_15_cm_and_unusable_at_4() {
    let mut b = begun();
    record(&mut b, StructureKind::Fieldworks, 1);
    assert_eq!(b.state().structures[0].hits, 24);
    // A house rule of 7 hits lets three shots of the gun bring it down to 4.
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("structures.fieldworks_per_15cm".into(), 7);
    let mut b = begun_with(house);
    record(&mut b, StructureKind::Fieldworks, 1);
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, take_post(ODA_YARI, 0), &[]);
    to_imagawa_turn_passing_tests(&mut b);
    // Earthworks are hard cover: a 7 does not hit.
    bombard(&mut b, &[8, 8, 7]);
    assert_eq!(b.state().structures[0].hits, 5);
    assert!(b.state().unit(ODA_YARI).unwrap().present());
    bombard_turns(&mut b, &[[8, 7, 7]]);
    assert_eq!(b.state().structures[0].hits, 4);
    assert!(!b.state().unit(ODA_YARI).unwrap().present(), "removed");
    to_oda_turn_passing_tests(&mut b);
    assert!(refused(&mut b, take_post(ODA_YARI_2, 0), &[]).contains("unusable"));
}

#[test]
fn firing_at_soft_hard_cover_a_bridge_is_valued_by_its_length_and_unusable_at_4() {
    let mut b = begun();
    // Ruling bridges: 8 hits of stone or 4 of wood for each 15 cm of its length.
    record(&mut b, StructureKind::StoneBridge, 2);
    assert_eq!(b.state().structures[0].hits, 16);
    record(&mut b, StructureKind::WoodenBridge, 3);
    assert_eq!(b.state().structures[1].hits, 12);
    for (kind, sections, why) in [
        (StructureKind::WoodenBridge, 1, "unusable from the start"),
        (StructureKind::StoneBridge, 0, "sections"),
        (StructureKind::StoneBridge, 13, "sections"),
        (StructureKind::StoneWall, 2, "one at a time"),
    ] {
        let add = Command::AddStructure {
            name: "x".into(),
            kind,
            sections,
        };
        let err = refused(&mut b, add, &[]);
        assert!(err.contains(why), "{kind:?} {sections}: {err}");
    }
    // Those on a bridge have no cover of it; under guns it is hard.
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, take_post(ODA_YARI, 1), &[]);
    assert_eq!(b.state().cover_of(ODA_YARI), Cover::Open);
    to_imagawa_turn_passing_tests(&mut b);
    bombard(&mut b, &[8, 8, 7]);
    assert_eq!(b.state().structures[1].hits, 10);
    bombard_turns(&mut b, &[[8, 8, 8], [8, 8, 1]]);
    assert_eq!(b.state().structures[1].hits, 5);
    assert!(
        b.state().unit(ODA_YARI).unwrap().present(),
        "5 hits: it stands"
    );
    bombard_turns(&mut b, &[[8, 1, 1]]);
    assert!(!b.state().unit(ODA_YARI).unwrap().present(), "caught on it");
    to_oda_turn_passing_tests(&mut b);
    assert!(refused(&mut b, take_post(ODA_YARI_2, 1), &[]).contains("unusable"));
    // The stone bridge still stands: units go onto it.
    ok(&mut b, take_post(ODA_YARI_2, 0), &[]);
}
