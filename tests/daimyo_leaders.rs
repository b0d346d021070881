//! Daimyo's leaders, clause by clause: the General joining a unit and moving again with it,
//! and a refused challenge between Generals.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod daimyo_support;
use daimyo_support::*;

fn leader_move(leader: usize, cm: i64) -> Command {
    Command::LeaderMove { leader, cm }
}

fn attach(leader: usize, unit: usize) -> Command {
    Command::Attach {
        leader,
        unit,
        cm: 0,
    }
}

/// Line 115: an unattached General who joins a unit that has not yet moved moves again with
/// it, his own move spent or not; one who joins a unit that has already moved is carried only
/// within what is left of his own move.
#[test]
fn leaders_the_general_moves_again_only_with_a_unit_that_had_not_yet_moved() {
    // Ieyasu (leader move 30 cm) spends it all, then joins the samurai before they move.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.run(leader_move(GENERAL, 30), &[]);
    g.run(attach(GENERAL, SAMURAI), &[]);
    g.mv(SAMURAI, open(10)).unwrap();
    assert_eq!(g.state.leaders[GENERAL].moved_mm, 300, "not counted");
    // The samurai move 5 cm first; Ieyasu, with 2 cm of his move left, joins them.
    let mut g = Game::new();
    g.activate_for(SAMURAI);
    g.mv(SAMURAI, open(5)).unwrap();
    g.run(leader_move(GENERAL, 28), &[]);
    g.run(attach(GENERAL, SAMURAI), &[]);
    let err = g.mv(SAMURAI, open(3)).unwrap_err();
    assert!(
        err.contains("2 cm of his move left") && err.contains("leave the unit first"),
        "{err}"
    );
    g.mv(SAMURAI, open(2)).unwrap();
    assert_eq!(g.state.leaders[GENERAL].moved_mm, 300, "counted");
    // Next turn he is with them from the start: he moves at their speed again.
    g.run(Command::EndTurn, &[]);
    g.activate_for(SAMURAI);
    g.mv(SAMURAI, open(10)).unwrap();
    assert_eq!(g.state.leaders[GENERAL].moved_mm, 0);
}

/// Line 117: a General who refuses a General's challenge loses 1 Command, as any refuser but
/// a General challenged by a Daimyo does.
#[test]
fn refusing_a_challenge_costs_a_general_refusing_a_general_one_command() {
    let mut g = Game::new();
    g.run(
        Command::Challenge {
            challenger: GENERAL,
            challenged: FOE_GENERAL,
            cm: 0,
        },
        &[],
    );
    let events = g.run_step(Command::AnswerChallenge { accept: false }, &[]);
    assert_eq!(
        events,
        [Event::Refused {
            leader: FOE_GENERAL,
            delta: -1,
            retreat_mm: 50,
        }]
    );
    assert_eq!(g.state.leaders[FOE_GENERAL].rating, 1);
}
