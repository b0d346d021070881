//! The battle as a whole: random play on the surface, replay, journals.

use super::*;

#[test]
fn simulate_plays_legal_commands_and_the_journal_replays_exactly() {
    use gunbai::dice::RngDice;
    use gunbai::rules;
    use rand::SeedableRng as _;
    let state = |g: &dyn gunbai::engine::Game| {
        g.as_any()
            .downcast_ref::<Battle<Skirmish>>()
            .map(|b| b.state().clone())
            .expect("a skirmish")
    };
    for seed in 0..4u64 {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("skirmish.ron");
        let rosters = rules::demo_rosters("skirmish").expect("demo");
        let mut house = morale_on();
        if seed % 2 == 1 {
            house
                .rulings
                .insert("when_hits_resolve".into(), "at_once".into());
        }
        let mut game =
            rules::start_battle("skirmish", &rosters, house, Some(&path)).expect("starts");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        for _ in 0..600 {
            if !game
                .random_step(&mut rng, &mut dice)
                .expect("journal writes")
            {
                break;
            }
        }
        // Random play goes on until the umpire ends the battle (now and then, as he may).
        assert!(
            game.log().len() > 50 || game.ended(),
            "seed {seed}: only {} commands",
            game.log().len()
        );
        game.undo(2).expect("undo");
        game.redo(1).expect("redo");
        let (replayed, warnings) = rules::open_journal(&path, false, false).expect("replays");
        assert!(warnings.is_empty());
        assert_eq!(state(replayed.as_ref()), state(game.as_ref()));
    }
}

#[test]
fn simulate_exercises_every_procedure() {
    use gunbai::rules::skirmish::event::Event;
    use rand::SeedableRng as _;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..6u64 {
        let mut b = battle_with(morale_on());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for _ in 0..1500 {
            let Some(command) =
                gunbai::engine::surface::random_command::<Skirmish>(b.rules(), b.state(), &mut rng)
            else {
                break;
            };
            let _ = b.execute(command, &mut dice);
        }
        for entry in b.entries() {
            if let gunbai::engine::journal::Action::Command { events, .. } = &entry.action {
                for e in events {
                    let name = format!("{e:?}");
                    let name = name
                        .split(|c: char| !c.is_alphanumeric())
                        .next()
                        .unwrap_or_default()
                        .to_owned();
                    if let Event::Shot {
                        defensive: true, ..
                    } = e
                    {
                        seen.insert("DefensiveFire".to_owned());
                    }
                    // The ground said: the first step of answering a morale test.
                    if let Event::Required(Due::MoraleRoll(..)) = e {
                        seen.insert("GroundSaid".to_owned());
                    }
                    seen.insert(name);
                }
            }
        }
    }
    for needed in [
        "Precedence",
        "MovesFirst",
        "MovesDone",
        "ChargeDeclared",
        "Moved",
        "Shot",
        "DefensiveFire",
        "Bout",
        "Hit",
        "Results",
        "Died",
        "Required",
        "Settled",
        "GroundSaid",
        "MoraleRolled",
        "Routed",
        "Holding",
        "Engaged",
        "Disengaged",
        "SectionBegins",
        "TurnBegins",
        "BattleEnded",
    ] {
        assert!(
            seen.contains(needed),
            "random play never reached {needed}; saw {seen:?}"
        );
    }
}

#[test]
fn edited_events_that_cannot_follow_are_refused_not_applied() {
    use gunbai::engine::ruleset::ApplyContext;
    use gunbai::rules::skirmish::event::Event;
    let b = battle();
    let at = ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    };
    for bad in [
        Event::TurnBegins(u32::MAX),
        Event::TurnBegins(5),
        Event::SectionBegins(Section::Results),
        Event::Precedence {
            faces: [vec![6], vec![1]],
            winner: Some(7),
        },
        Event::MovesFirst(2),
        Event::Hit {
            figure: KAMBEI,
            hits: u32::MAX,
        },
    ] {
        let mut state = b.state().clone();
        assert!(
            Skirmish::apply(b.rules(), &mut state, &bad, at).is_err(),
            "{bad:?} applied"
        );
    }
}

#[test]
fn play_a_figure_out_of_play_offers_no_orders() {
    use gunbai::engine::Game as _;
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    // Ninja 3 dice at 3+: a hit kills the bowman (an Ashigaru) at once.
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[6, 1, 1],
    );
    assert!(b.state().figure(BOWMAN).is_some_and(|f| f.dead));
    assert!(
        b.action_forms(&BOWMAN.id()).is_empty(),
        "{:?}",
        b.action_forms(&BOWMAN.id())
    );
    assert!(
        b.action_forms(&FigureRef(0, 0, 2).id())
            .iter()
            .any(|f| f.key == "engage"),
        "his unit's orders are its living figures'"
    );
    assert!(
        b.preview_action(&BOWMAN.id(), "engage", &[0]).is_err(),
        "nor does a plan for it"
    );
}

#[test]
fn play_the_log_names_the_figures_an_event_concerns() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[6, 1],
    );
    let entry = b.log().last().expect("an entry");
    assert_eq!(entry.units, vec![BOWMAN.id(), KAMBEI.id()]);
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    let entry = b.log().last().expect("an entry");
    assert!(
        entry.units.contains(&KINOSHITA.id()) && entry.units.contains(&HEIHACHI.id()),
        "a unit's event names its figures, as the roster lists them: {:?}",
        entry.units
    );
}
