//! Simple Samurai Rules – Late Period: *when*, *each*, *only* and *after* (Sequence, Melee,
//! Firing, Movement, Formation Fail, Morale, Event Cards), each rule driven through the engine
//! with the faces a table would roll.

#![allow(clippy::expect_used, clippy::unwrap_used)] // Tests fail loudly.

use gunbai::engine::RuleSet as _;
use gunbai::engine::exec::events_of;
use gunbai::rules::simple::state::Due;
use gunbai::rules::simple::{Command, Simple};

mod simple_support;
use simple_support::*;

#[test]
fn sequence_the_acting_daimyo_ends_his_turn_from_the_turn_card() {
    let mut b = begun();
    let cards = Simple::pending(b.rules(), b.state());
    let turn = cards
        .iter()
        .find(|c| c.what == "Turn")
        .expect("a Turn card once nothing is due");
    let end = turn
        .answers
        .iter()
        .find(|a| a.command == Command::EndTurn)
        .expect("the Turn card ends the turn");
    assert!(!end.rolls, "ending a turn is the umpire's decision");
    ok(&mut b, end.command.clone(), &[]);
    assert_eq!(b.state().acting, 0, "the Home Daimyo's turn follows");
    assert_eq!(b.state().due.first(), Some(&Due::DrawCard(0)));
    assert!(
        Simple::pending(b.rules(), b.state())
            .iter()
            .all(|c| c.what != "Turn"),
        "no Turn card while the card is still to draw"
    );
}

#[test]
fn random_play_reaches_every_procedure() {
    use rand::SeedableRng as _;
    let mut seen = std::collections::BTreeSet::new();
    let rules = Simple::rules(&gunbai::reference::HouseRules::default()).unwrap();
    let at = gunbai::engine::ruleset::ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    };
    for seed in 0..12 {
        let mut state = Simple::start(&rules, &[army("oda.ron"), army("imagawa.ron")]);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for _ in 0..700 {
            let Some(command) =
                gunbai::engine::surface::random_command::<Simple>(&rules, &state, &mut rng)
            else {
                break;
            };
            let Ok(events) = events_of::<Simple>(&rules, &state, &command, &mut dice) else {
                continue;
            };
            for e in &events {
                gunbai::engine::exec::apply_event::<Simple>(&rules, &mut state, e, at).unwrap();
                let name = format!("{e:?}");
                seen.insert(name.split([' ', '{', '(']).next().unwrap().to_owned());
            }
        }
    }
    for kind in [
        "HomeRolled",
        "DeckShuffled",
        "CardDrawn",
        "AllyRolled",
        "FormationTested",
        "Moved",
        "Fired",
        "Melee",
        "MoraleTested",
        "Retreating",
        "RetreatMoved",
        "TurnEnded",
        "TurnBegins",
    ] {
        assert!(
            seen.contains(kind),
            "random play never reached {kind}: {seen:?}"
        );
    }
}

#[test]
fn terrain_the_home_daimyo_hides_an_ambush_and_records_structures_from_the_forms() {
    use gunbai::engine::Game as _;
    let mut b = battle_with(gunbai::reference::HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    let yari = ODA_YARI.id();
    let forms = b.action_forms(&yari);
    assert!(forms.iter().any(|f| f.key == "ambush"), "Oda is Home");
    assert!(
        b.action_forms(&ODA_GUARD.id())
            .iter()
            .all(|f| f.key != "ambush"),
        "not the guard unit"
    );
    assert!(
        b.action_forms(&IMA_TEPPO.id())
            .iter()
            .all(|f| f.key != "ambush"),
        "not the Invader"
    );
    b.do_action(
        &yari,
        "ambush",
        &[7],
        b.version(),
        gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![])),
    )
    .expect("hides");
    assert_eq!(b.state().ambush, Some((ODA_YARI, 7)));
    b.do_action(
        &yari,
        "structure",
        &[1],
        b.version(),
        gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![])),
    )
    .expect("records");
    assert_eq!(b.state().structures[0].hits, 12, "a wooden building");
}
