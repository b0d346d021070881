//! What is due after a blow, a shout or a charge: the engine's defaults for Kozeriai. A due
//! blocks every command but those that answer it, citing its rule; a due about a figure that
//! can no longer trip lapses with the reason in the log.

use gunbai::engine::RuleSet as _;
use gunbai::rules::kozeriai::command::Action;
use gunbai::rules::kozeriai::state::{Due, Stage, TripCause};
use gunbai::rules::kozeriai::{Command, Event, Kozeriai};

use super::*;

/// Taro pushes Hachi back by a difference of 1 (3 + 0 against 0 + 2) on slippery ground.
fn push_back_on_mud(b: &mut gunbai::engine::Battle<Kozeriai>) {
    at(b, 0, Stage::Fighting);
    let mut order = strike(TARO, "Katana", HACHI, "Katana");
    order.defender.situation.slippery = true;
    ok(b, Command::Clash(order), &[0, 2]);
    assert_eq!(
        b.state().due,
        vec![
            Due::PushedBack(HACHI),
            Due::Trip(HACHI, TripCause::Slippery)
        ]
    );
}

#[test]
fn tripping_over_a_figure_already_on_the_ground_is_not_asked_to_trip_again() {
    let mut b = battle();
    push_back_on_mud(&mut b);
    // The slippery ground fells Hachi (0, at or under 3): where the push back ended can no
    // longer trip it, so that question lapses, with the reason in the log.
    let events = ok(&mut b, Command::Trip(HACHI, TripCause::Slippery), &[0]);
    assert!(fig(&b, HACHI).lying);
    assert!(
        events.contains(&Event::Dropped(Due::PushedBack(HACHI))),
        "{events:?}"
    );
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    let lines = last_lines(&b);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("no longer owed") && l.contains("already on the ground")),
        "{lines:?}"
    );
    // Nor may the umpire record a trip roll for a figure already down.
    let why = refused(&mut b, Command::Trip(HACHI, TripCause::Body), &[0]);
    assert!(
        why.contains("already on the ground") && why.contains("(kozeriai: Tripping Over)"),
        "{why}"
    );
}

#[test]
fn tripping_over_only_figures_on_foot_are_asked() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Sohei's Ki-ai (6) catches Yumi on her horse and Hachi on foot: both hit (3 and 1).
    ok(
        &mut b,
        Command::Act {
            figure: SOHEI,
            action: Action::KiAi(vec![YUMI, HACHI]),
        },
        &[3, 1],
    );
    assert_eq!(fig(&b, YUMI).distractions, 4);
    // Only the figure on foot is asked where its push back ended: a rider does not trip.
    assert_eq!(b.state().due, vec![Due::PushedBack(HACHI)]);
    let why = refused(&mut b, Command::Trip(YUMI, TripCause::Body), &[0]);
    assert!(why.contains("figures on foot"), "{why}");
}

#[test]
fn a_due_blocks_every_command_but_those_that_answer_it_citing_its_rule() {
    let mut b = battle();
    push_back_on_mud(&mut b);
    for command in [
        Command::EndStage,
        Command::Act {
            figure: SOHEI,
            action: Action::KiAi(vec![JO]),
        },
        Command::Clash(strike(KUSA, "Kusarigama", JO, "Yari")),
        // A trip roll the umpire records for another figure (Taro fought on the same mud)
        // answers nothing owed.
        Command::Trip(TARO, TripCause::Slippery),
    ] {
        let why = refused(&mut b, command.clone(), &[5, 5]);
        assert!(
            why.contains("settle this first")
                && why.contains("where Hachi was pushed back to")
                && why.contains("(kozeriai: Exchanging Blows)"),
            "{command:?}: {why}"
        );
    }
    // The answers settle what they answer, one at a time; then play goes on.
    ok(&mut b, Command::NoHazard(HACHI), &[]);
    assert_eq!(b.state().due, vec![Due::Trip(HACHI, TripCause::Slippery)]);
    let why = refused(&mut b, Command::EndStage, &[]);
    assert!(why.contains("(kozeriai: Tripping Over)"), "{why}");
    ok(&mut b, Command::Trip(HACHI, TripCause::Slippery), &[4]);
    assert!(b.state().due.is_empty());
    ok(&mut b, Command::EndStage, &[]);
}

#[test]
fn body_charges_a_falling_roll_lapses_only_when_neither_figure_can_fall() {
    let b = battle();
    let due = Due::Fall {
        attacker: TARO,
        defender: HACHI,
        moving: false,
    };
    let mut state = b.state().clone();
    assert_eq!(Kozeriai::due_moot(&state, &due), None);
    state.figure_mut(HACHI).unwrap().lying = true;
    assert_eq!(
        Kozeriai::due_moot(&state, &due),
        None,
        "Taro may still fall"
    );
    state.figure_mut(TARO).unwrap().lying = true;
    let why = Kozeriai::due_moot(&state, &due).expect("both are down");
    assert!(why.contains("neither can fall"), "{why}");
}

/// A trip roll owed by a figure that is dead (or not in the battle at all) lapses: nobody can
/// roll it; one owed by a figure on its feet, on foot, stands.
#[test]
fn tripping_over_a_dead_figure_is_not_asked_to_trip() {
    use gunbai::rules::kozeriai::state::FigureRef;
    let b = battle();
    let trip = Due::Trip(HACHI, TripCause::Slippery);
    assert_eq!(Kozeriai::due_moot(b.state(), &trip), None, "Hachi stands");
    let mut state = b.state().clone();
    state.figure_mut(HACHI).expect("Hachi").dead = true;
    let why = Kozeriai::due_moot(&state, &trip).expect("lapses");
    assert!(why.contains("Hachi is dead"), "{why}");
    let nobody = Due::PushedBack(FigureRef(1, 40));
    let why = Kozeriai::due_moot(b.state(), &nobody).expect("lapses");
    assert!(why.contains("there is no figure"), "{why}");
}
