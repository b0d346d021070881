//! Movement and Formation Fail (lines 23-25, 45): a change of formation measured to its
//! furthest figure, and every cause of a Formation Fail.

use gunbai::engine::{Battle, Game as _};
use gunbai::reference::HouseRules;
use gunbai::rules::simple::Simple;
use gunbai::rules::simple::command::{Command, Facing, FailCause, Going, MoveKind};
use gunbai::rules::simple::roster::Formation;
use gunbai::rules::simple::state::{StructureKind, UnitRef};

use super::*;

const IMA_YARI_1: UnitRef = UnitRef(1, 0, 4);
const IMA_YARI_2: UnitRef = UnitRef(1, 0, 5);
const II_SAMURAI: UnitRef = UnitRef(1, 0, 7);
const IMA_HORSE: UnitRef = UnitRef(1, 0, 10);
const IMA_TEPPO_1: UnitRef = UnitRef(1, 0, 2);
const OXEN: UnitRef = UnitRef(1, 0, 13);

fn reform(unit: UnitRef, to: Formation, distance_cm: u32, going: Going) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::ChangeFormation(to),
        distance_cm,
        going,
        surrounded: None,
    }
}

fn walk(unit: UnitRef, kind: MoveKind, distance_cm: u32) -> Command {
    Command::Move {
        unit,
        kind,
        distance_cm,
        going: Going::Standard,
        surrounded: None,
    }
}

fn formation(b: &Battle<Simple>, u: UnitRef) -> Formation {
    b.state().unit(u).unwrap().formation
}

fn begun_ruling(option: &str) -> Battle<Simple> {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("formation_change".into(), option.into());
    begun_with(house)
}

#[test]
fn movement_a_change_of_formation_within_its_move_is_made_at_once_and_one_beyond_takes_one_further_move()
 {
    let mut b = begun_ruling("one_further_move");
    // The furthest figure goes 20 cm over open ground: within the Teppo's move.
    ok(
        &mut b,
        reform(IMA_TEPPO, Formation::Column, 20, Going::Standard),
        &[],
    );
    assert_eq!(formation(&b, IMA_TEPPO), Formation::Column);
    // 15 cm through soft cover is past the Yari's 10: the change goes on.
    ok(
        &mut b,
        reform(IMA_YARI_1, Formation::Column, 15, Going::Soft),
        &[],
    );
    // 45 cm is past two moves, yet one further move finishes it.
    ok(
        &mut b,
        reform(IMA_YARI_2, Formation::Column, 45, Going::Standard),
        &[],
    );
    for u in [IMA_YARI_1, IMA_YARI_2] {
        let x = b.state().unit(u).unwrap();
        assert_eq!(x.formation, Formation::Line, "not yet formed");
        assert!(x.formation_fail && x.reforming.is_some_and(|r| r.moves_left == 1));
    }
    // No change into the formation a unit has.
    let err = refused(
        &mut b,
        reform(IMA_ARCHERS, Formation::Line, 0, Going::Standard),
        &[],
    );
    assert!(err.contains("already"), "{err}");
    to_oda_turn_passing_tests(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    // Its move goes to the change: no other move, and it finishes where it stands.
    let err = refused(&mut b, walk(IMA_YARI_1, MoveKind::Normal, 5), &[]);
    assert!(err.contains("simple: Movement"), "{err}");
    let err = refused(
        &mut b,
        reform(IMA_YARI_1, Formation::Column, 5, Going::Standard),
        &[],
    );
    assert!(err.contains("where it stands"), "{err}");
    // The form offers the further move.
    let forms = b.action_forms(&IMA_YARI_1.id());
    let go_on = forms.iter().find(|f| f.key == "change_formation").unwrap();
    assert_eq!(go_on.label, "Go on changing formation");
    b.do_action(
        &IMA_YARI_1.id(),
        "change_formation",
        &[],
        b.version(),
        gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![])),
    )
    .unwrap();
    ok(
        &mut b,
        reform(IMA_YARI_2, Formation::Column, 0, Going::Standard),
        &[],
    );
    for u in [IMA_YARI_1, IMA_YARI_2] {
        let x = b.state().unit(u).unwrap();
        assert_eq!((x.formation, x.reforming), (Formation::Column, None));
        assert!(x.formation_fail, "a Formation Fail whilst changing");
    }
}

#[test]
fn movement_a_change_of_formation_may_take_a_move_for_each_moves_distance_as_an_option() {
    let mut b = begun_ruling("move_by_move");
    // 45 cm at 20 cm a move: three moves, two of them further.
    ok(
        &mut b,
        reform(IMA_YARI_2, Formation::Column, 45, Going::Standard),
        &[],
    );
    ok(
        &mut b,
        reform(IMA_YARI_1, Formation::Column, 40, Going::Standard),
        &[],
    );
    let left = |b: &Battle<Simple>, u| b.state().unit(u).unwrap().reforming.map(|r| r.moves_left);
    assert_eq!(
        (left(&b, IMA_YARI_2), left(&b, IMA_YARI_1)),
        (Some(2), Some(1))
    );
    to_oda_turn_passing_tests(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    ok(
        &mut b,
        reform(IMA_YARI_2, Formation::Column, 0, Going::Standard),
        &[],
    );
    ok(
        &mut b,
        reform(IMA_YARI_1, Formation::Column, 0, Going::Standard),
        &[],
    );
    assert_eq!(left(&b, IMA_YARI_2), Some(1));
    assert_eq!(formation(&b, IMA_YARI_1), Formation::Column);
    to_oda_turn_passing_tests(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    ok(
        &mut b,
        reform(IMA_YARI_2, Formation::Column, 0, Going::Standard),
        &[],
    );
    assert_eq!(formation(&b, IMA_YARI_2), Formation::Column);
}

#[test]
fn formation_fail_each_cause_a_move_melee_or_retreat_records_marks_the_unit() {
    let mut b = begun();
    ok(
        &mut b,
        Command::AddStructure {
            name: "Farmhouse".into(),
            kind: StructureKind::WoodenBuilding,
            sections: 1,
        },
        &[],
    );
    let commands = [
        // Changing formation.
        reform(IMA_TEPPO, Formation::Column, 0, Going::Standard),
        // Crossing soft or hard cover, into it or over it within the move.
        walk(IMA_ARCHERS, MoveKind::CrossCover, 5),
        walk(IMA_YARI_2, MoveKind::OverCover, 10),
        // Mounting or dismounting, limbering or unlimbering.
        walk(IMA_HORSE, MoveKind::MountDismount, 0),
        walk(IMA_GUN, MoveKind::Limber, 0),
        // Moving into (or out of) a building.
        Command::Occupy {
            unit: II_SAMURAI,
            structure: Some(0),
        },
        // After melee, both the attacker's and the defender's.
        Command::Melee(one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front)),
    ];
    for c in commands {
        let faces: &[u32] = if matches!(c, Command::Melee(_)) {
            &[1, 6]
        } else {
            &[]
        };
        ok(&mut b, c, faces);
    }
    for u in [
        IMA_TEPPO,
        IMA_ARCHERS,
        IMA_YARI_2,
        IMA_HORSE,
        IMA_GUN,
        II_SAMURAI,
        IMA_SWORD_SAMURAI,
        ODA_YARI,
    ] {
        assert!(
            b.state().unit(u).unwrap().formation_fail,
            "{}",
            b.state().unit_name(u)
        );
    }
    // In Retreat, after a failed morale test.
    assert!(!b.state().unit(ODA_TEPPO_2).unwrap().formation_fail);
    ok(
        &mut b,
        fire(IMA_TEPPO_1, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    morale(&mut b, ODA_TEPPO_2, &[1, 1, 1, 1, 5]);
    assert!(b.state().unit(ODA_TEPPO_2).unwrap().formation_fail);
}

#[test]
fn formation_fail_the_table_marks_only_the_causes_it_sees_and_the_state_allows() {
    let mut b = begun();
    let mark = |unit, cause| Command::MarkFormationFail { unit, cause };
    // Out of sight and closer than 1 cm: skirmishers only.
    for cause in [FailCause::OutOfSight, FailCause::SkirmishersTooClose] {
        let err = refused(&mut b, mark(IMA_TEPPO, cause), &[]);
        assert!(err.contains("simple: Formation Fail"), "{err}");
    }
    ok(&mut b, mark(UnitRef(1, 0, 0), FailCause::OutOfSight), &[]);
    // Out of contact: only after a change of formation.
    let err = refused(&mut b, mark(IMA_TEPPO, FailCause::NotInContact), &[]);
    assert!(err.contains("changed formation"), "{err}");
    ok(
        &mut b,
        reform(IMA_TEPPO, Formation::Column, 0, Going::Standard),
        &[],
    );
    ok(&mut b, mark(IMA_TEPPO, FailCause::NotInContact), &[]);
    // What a move, a melee or a retreat records is not the table's to mark; nor are animals.
    for cause in [
        FailCause::ChangingFormation,
        FailCause::CrossingCover,
        FailCause::AfterMelee,
        FailCause::Mounting,
        FailCause::Limbering,
        FailCause::Buildings,
        FailCause::Retreat,
        FailCause::MovedThrough,
    ] {
        assert!(refused(&mut b, mark(IMA_YARI_1, cause), &[]).contains("not a cause"));
    }
    for cause in [FailCause::NotInContact, FailCause::OutOfSight] {
        assert!(refused(&mut b, mark(OXEN, cause), &[]).contains("not a cause"));
    }
    // The form lists what may be marked now.
    let form = |b: &Battle<Simple>, u: UnitRef| {
        b.action_forms(&u.id())
            .into_iter()
            .find(|f| f.key == "formation_fail")
            .map(|f| format!("{:?}", f.fields))
    };
    assert_eq!(form(&b, IMA_YARI_1), None);
    assert!(form(&b, IMA_TEPPO).unwrap().contains("not base to base"));
    assert!(form(&b, UnitRef(1, 0, 0)).unwrap().contains("1 cm"));
}

fn through(unit: UnitRef, other: UnitRef) -> Command {
    walk(unit, MoveKind::ThroughSkirmishers(Some(other)), 10)
}

#[test]
fn formation_fail_units_go_round_one_another_unless_one_can_form_skirmish() {
    let mut b = begun_ruling_pass("either_can_skirmish");
    // Close order through close order: they go round.
    let err = refused(&mut b, through(IMA_TEPPO, IMA_SWORD_SAMURAI), &[]);
    assert!(
        err.contains("go round") && err.contains("simple: Formation Fail"),
        "{err}"
    );
    // Archers in line can form skirmish: the Teppo pass through them, both failing.
    ok(&mut b, through(IMA_TEPPO, IMA_ARCHERS), &[]);
    // Skirmishers pass through close order, both failing.
    ok(&mut b, through(UnitRef(1, 0, 0), IMA_YARI_1), &[]);
    for u in [IMA_TEPPO, IMA_ARCHERS, UnitRef(1, 0, 0), IMA_YARI_1] {
        assert!(b.state().unit(u).unwrap().formation_fail);
    }
}

#[test]
fn formation_fail_units_pass_only_through_skirmish_order_as_an_option() {
    let mut b = begun_ruling_pass("in_skirmish_order");
    let err = refused(&mut b, through(IMA_TEPPO, IMA_ARCHERS), &[]);
    assert!(err.contains("go round"), "archers in line: {err}");
    ok(&mut b, through(IMA_TEPPO, UnitRef(1, 0, 0)), &[]);
    ok(&mut b, through(UnitRef(1, 0, 0), IMA_YARI_1), &[]);
}

fn begun_ruling_pass(option: &str) -> Battle<Simple> {
    let mut house = HouseRules::default();
    house.rulings.insert("pass_through".into(), option.into());
    begun_with(house)
}

#[test]
fn formation_fail_each_troop_type_tests_with_its_own_die_and_passes_on_4() {
    use gunbai::engine::RuleSet as _;
    let mut b = begun();
    // Imagawa's turn: units of each kind change formation (a Formation Fail).
    let kinds = [
        (IMA_TEPPO, 6),          // Ashigaru
        (IMA_SWORD_SAMURAI, 10), // Samurai foot
        (IMA_HORSE, 12),         // Samurai cavalry
        (UnitRef(1, 0, 11), 12), // Samurai foot guard
        (IMA_LEVIES, 4),         // Peasants
    ];
    for (u, _) in kinds {
        change_formation(&mut b, u);
    }
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let cards = Simple::pending(b.rules(), b.state());
    for (u, die) in kinds {
        let name = b.state().unit_name(u);
        let card = cards
            .iter()
            .find(|c| c.what == "Formation Fail test" && c.who == name)
            .unwrap_or_else(|| panic!("{name} tests"));
        assert_eq!(card.target, format!("1d{die} at 4+"), "{name}");
        // A 3 fails and a 4 passes, on every die.
        let x = b.state().unit(u).unwrap();
        assert!(x.formation_fail);
        let over = refused(&mut b, Command::FormationTest(u), &[die + 1]);
        assert!(over.contains(&format!("d{die}")), "{name}: {over}");
    }
    ok(&mut b, Command::FormationTest(IMA_LEVIES), &[4]);
    ok(&mut b, Command::FormationTest(IMA_TEPPO), &[3]);
    assert!(!b.state().unit(IMA_LEVIES).unwrap().formation_fail);
    assert!(b.state().unit(IMA_TEPPO).unwrap().formation_fail);
}

#[test]
fn formation_fail_is_not_tested_while_crossing_cover_and_is_once_clear_of_it() {
    let mut b = begun();
    let err = refused(&mut b, walk(IMA_TEPPO, MoveKind::ClearOfCover, 5), &[]);
    assert!(err.contains("crossing no cover"), "{err}");
    ok(&mut b, walk(IMA_TEPPO, MoveKind::CrossCover, 5), &[]);
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    use gunbai::rules::simple::state::Due;
    assert!(
        !b.state().due.contains(&Due::FormationTest(IMA_TEPPO)),
        "still crossing"
    );
    ok(&mut b, walk(IMA_TEPPO, MoveKind::ClearOfCover, 5), &[]);
    to_oda_turn_passing_tests(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    assert!(
        b.state().due.contains(&Due::FormationTest(IMA_TEPPO)),
        "clear of it"
    );
}
