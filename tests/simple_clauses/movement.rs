//! Movement (lines 13-27): how far each kind of unit goes, and what takes a whole move.

use gunbai::engine::RuleSet as _;
use gunbai::roster::RosterText;
use gunbai::rules::simple::Simple;
use gunbai::rules::simple::command::{Command, Going, MoveKind};
use gunbai::rules::simple::state::UnitRef;

use super::*;

/// Imagawa's wagon, whoever moves it.
const WAGON: UnitRef = UnitRef(1, 0, 13);

fn forward(unit: UnitRef, distance_cm: u32) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::Normal,
        distance_cm,
        going: Going::Standard,
        surrounded: None,
    }
}

/// Imagawa's first turn with its wagon given to `troop` with `figures`.
fn wagon_of(troop: &str, figures: u32) -> gunbai::engine::Battle<Simple> {
    let imagawa = army_with(
        "imagawa.ron",
        "(name: \"Supply Oxen\", troop: Animals, weapon: Wagon)",
        &format!("(name: \"Supply Oxen\", troop: {troop}, weapon: Wagon, figures: {figures})"),
    );
    begun_between(army("oda.ron"), imagawa)
}

#[test]
fn movement_a_wagon_moves_at_its_teams_rate_or_4_cm_and_1_more_a_figure_pushing_it() {
    // Two beasts 15 cm, one 7.5; one figure of foot 4 cm, each more 1 cm, up to 5 figures.
    for (troop, figures, most) in [
        ("Animals", 2, 15),
        ("Animals", 1, 7),
        ("Ashigaru", 1, 4),
        ("Ashigaru", 3, 6),
        ("Peasant", 5, 8),
    ] {
        let mut b = wagon_of(troop, figures);
        let err = refused(&mut b, forward(WAGON, most + 1), &[]);
        assert!(err.contains("simple: Movement"), "{troop} {figures}: {err}");
        ok(&mut b, forward(WAGON, most), &[]);
    }
    // Six figures push no faster than five.
    let mut b = wagon_of("Ashigaru", 6);
    assert!(refused(&mut b, forward(WAGON, 9), &[]).contains("8 cm"));
}

#[test]
fn movement_a_wagon_is_drawn_by_animals_or_pushed_by_foot_never_by_horsemen() {
    let path = format!("{}/rosters/simple/imagawa.ron", env!("CARGO_MANIFEST_DIR"));
    let mut text = RosterText::read(std::path::Path::new(&path)).unwrap();
    text.source = text.source.replace(
        "(name: \"Supply Oxen\", troop: Animals, weapon: Wagon)",
        "(name: \"Supply Oxen\", troop: SamuraiCavalry, weapon: Wagon)",
    );
    let errors = Simple::load_army(&text).expect_err("horsemen do not push wagons");
    assert!(
        errors.iter().any(|e| e.to_string().contains("wagon")),
        "{errors:?}"
    );
}

#[test]
fn movement_in_retreat_a_wagon_pushed_by_foot_keeps_its_standard_rate() {
    let mut b = wagon_of("Ashigaru", 3);
    to_oda_turn_passing_tests(&mut b);
    ok(
        &mut b,
        Command::Fire(gunbai::rules::simple::command::FireOrder {
            unit: ODA_TEPPO_1,
            target: gunbai::rules::simple::state::Target::Daimyo(
                gunbai::rules::simple::state::GroupRef(1, 0),
            ),
            volley: false,
            distance_cm: 10,
            target_cover: Some(gunbai::rules::simple::state::Cover::Open),
        }),
        &[6, 1, 1, 1, 1, 1],
    );
    pass_morale_dues(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    assert!(b.state().in_retreat(WAGON));
    let back = |distance_cm, going| Command::Move {
        unit: WAGON,
        kind: MoveKind::Back,
        distance_cm,
        going,
        surrounded: None,
    };
    let err = refused(&mut b, back(7, Going::Soft), &[]);
    assert!(err.contains("6 cm") && err.contains("in Retreat"), "{err}");
    ok(&mut b, back(6, Going::Soft), &[]);
}

/// Whether `unit` may make a move of `cm` over `going` of `kind` now (tried on a copy).
fn may_go(
    b: &gunbai::engine::Battle<Simple>,
    unit: UnitRef,
    kind: MoveKind,
    cm: u32,
    going: Going,
) -> bool {
    let step = Command::Move {
        unit,
        kind,
        distance_cm: cm,
        going,
        surrounded: None,
    };
    let mut dice = gunbai::dice::TableDice::new(Vec::new());
    gunbai::engine::exec::events_of::<Simple>(b.rules(), b.state(), &step, &mut dice).is_ok()
}

#[test]
fn movement_infantry_and_cavalry_go_as_far_as_the_table_allows_on_each_going() {
    let b = begun();
    let horse = UnitRef(1, 0, 10);
    // Infantry 20, 30 on a road, 10 through soft cover, 7.5 through hard; cavalry 60, 90, 30, 15.
    for (unit, going, most) in [
        (IMA_TEPPO, Going::Standard, 20),
        (IMA_TEPPO, Going::Road, 30),
        (IMA_TEPPO, Going::Soft, 10),
        (IMA_TEPPO, Going::Hard, 7),
        (horse, Going::Standard, 60),
        (horse, Going::Road, 90),
        (horse, Going::Soft, 30),
        (horse, Going::Hard, 15),
    ] {
        assert!(
            may_go(&b, unit, MoveKind::Normal, most, going),
            "{unit:?} {going:?} {most}"
        );
        assert!(
            !may_go(&b, unit, MoveKind::Normal, most + 1, going),
            "{unit:?} {going:?} {most}+1"
        );
    }
    // In Retreat (the army falls back once Imagawa's Daimyo is shot): 40 and 120 on any going.
    let mut b = b;
    to_oda_turn_passing_tests(&mut b);
    let at = Command::Fire(gunbai::rules::simple::command::FireOrder {
        unit: ODA_TEPPO_1,
        target: gunbai::rules::simple::state::Target::Daimyo(
            gunbai::rules::simple::state::GroupRef(1, 0),
        ),
        volley: false,
        distance_cm: 10,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    });
    ok(&mut b, at, &[6, 1, 1, 1, 1, 1]);
    pass_morale_dues(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    for (unit, most) in [(IMA_TEPPO, 40), (horse, 120)] {
        for going in [Going::Standard, Going::Hard] {
            assert!(may_go(&b, unit, MoveKind::Back, most, going));
            assert!(!may_go(&b, unit, MoveKind::Back, most + 1, going));
        }
    }
}

/// Imagawa's first turn, the river's flow rolled `face` (nine terrain pieces: the river among them).
fn with_a_river(face: u32) -> gunbai::engine::Battle<Simple> {
    use gunbai::dice::RngDice;
    let mut b = battle_with(gunbai::reference::HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    let mut terrain = vec![9];
    terrain.extend(1..=9);
    ok(&mut b, Command::RollTerrain, &terrain);
    ok(&mut b, Command::RollRiver, &[face]);
    b.execute_with(
        Command::ShuffleDeck,
        gunbai::engine::Dice::Roll(&mut RngDice::seeded(3)),
    )
    .unwrap();
    ok(&mut b, Command::BeginBattle, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    b
}

#[test]
fn rivers_foot_and_cavalry_drown_by_the_rivers_flow() {
    let horse = UnitRef(1, 0, 10);
    // Faces 1 to 5 for five figures: how many drown on each.
    for (face, flow, foot, cavalry) in [
        (2, "steady", 3, 2),
        (3, "steady", 3, 2),
        (4, "slow", 2, 1),
        (6, "slow", 2, 1),
    ] {
        let mut b = with_a_river(face);
        assert_eq!(b.state().river.as_deref(), Some(flow));
        for (unit, drowned) in [(IMA_TEPPO, foot), (horse, cavalry)] {
            ok(&mut b, forward(unit, 10), &[]);
            ok(&mut b, Command::CrossRiver(unit), &[1, 2, 3, 4, 5]);
            assert_eq!(alive(&b, unit), 5 - drowned, "{flow}: {unit:?}");
        }
    }
}

#[test]
fn movement_an_unlimbered_gun_is_pushed_by_its_crew_and_a_limbered_one_moves_as_a_wagon() {
    let in_place = |kind| Command::Move {
        unit: IMA_GUN,
        kind,
        distance_cm: 0,
        going: Going::Standard,
        surrounded: None,
    };
    let mut b = begun();
    // Unlimbered, its artillerymen push it: 4 cm and 1 more for each of them past the first.
    let crew = alive(&b, IMA_GUN);
    let pushed = 4 + crew.min(5) - 1;
    let err = refused(&mut b, forward(IMA_GUN, pushed + 1), &[]);
    assert!(err.contains(&format!("{pushed} cm")), "{err}");
    ok(&mut b, forward(IMA_GUN, pushed), &[]);
    // Limbered (a whole move), it goes at the two-beast wagon rate: 15 cm.
    to_oda_turn_passing_tests(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    ok(&mut b, in_place(MoveKind::Limber), &[]);
    to_oda_turn_passing_tests(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    assert!(refused(&mut b, forward(IMA_GUN, 16), &[]).contains("15 cm"));
    ok(&mut b, forward(IMA_GUN, 15), &[]);
}

/// The most the Move form lets the umpire type for a unit's distance.
fn move_form_most(b: &gunbai::engine::Battle<Simple>, unit: UnitRef) -> usize {
    use gunbai::engine::{Field, Game as _};
    let forms = b.action_forms(&unit.id());
    let form = forms
        .iter()
        .find(|f| f.key == "move")
        .expect("the Move form");
    form.fields
        .iter()
        .find_map(|f| match f {
            Field::Number { label, bounds, .. } if label == "Distance" => Some(bounds.max),
            _ => None,
        })
        .expect("a distance")
}

#[test]
fn movement_the_move_form_takes_a_distance_up_to_the_longest_allowance_of_the_troop_type() {
    let b = begun();
    // Infantry go furthest on a road (30 cm), cavalry too (90 cm), a two-beast wagon 15 cm.
    assert_eq!(move_form_most(&b, IMA_TEPPO), 30);
    assert_eq!(move_form_most(&b, UnitRef(1, 0, 10)), 90);
    assert_eq!(move_form_most(&b, WAGON), 15);
}
