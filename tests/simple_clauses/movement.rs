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
