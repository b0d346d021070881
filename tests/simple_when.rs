//! Simple Samurai Rules – Late Period: *when*, *each*, *only* and *after* (Sequence, Melee,
//! Firing, Movement, Formation Fail, Morale, Event Cards), each rule driven through the engine
//! with the faces a table would roll.

#![allow(clippy::expect_used, clippy::unwrap_used)] // Tests fail loudly.

use gunbai::dice::RngDice;
use gunbai::engine::Dice;
use gunbai::engine::RuleSet as _;
use gunbai::engine::exec::events_of;
use gunbai::reference::HouseRules;
use gunbai::rules::simple::command::MoveKind;
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
    // A building wholly ablaze needs a Samurai unit to fire one and a 5 or 6: forms that ask
    // more questions (cover, sight, the morale card's cover) leave random play fewer fires
    // and bombardments a battle, so 60 battles.
    for seed in 0..60 {
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
        // The event deck card by card.
        "CardEffect",
        "Turncoat",
        "WindBlows",
        "Arrived",
        "NinjaBout",
        "SentBack",
        // Morale called by the opponent, Formation Fails the table reports, the table's word.
        "MoraleCalled",
        "FormationFailed",
        "FormationChanged",
        "StatusSet",
        "Killed",
        "LeftField",
        // The death of a Daimyo.
        "DaimyoKilled",
        "ArmyRetreats",
        "Attached",
        // Places: buildings, structures and fire. The river's flow is rolled only where the
        // terrain roll placed a river (a 9 or 10 on its d10), before the battle begins:
        // random play seldom gets there, and `rivers_a_unit_that_moved_rolls_once_a_turn_and_
        // drowns_by_flow` rolls it with fixed dice.
        "WindRolled",
        "StructureAdded",
        "Bombarded",
        "Occupied",
        "FireLit",
        "BlazeStarted",
        "FiresBurn",
        "BurntOut",
        "Engulfed",
        "FireEscape",
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
    // A unit hidden in ambush is off the table: another unit records what stands near it.
    b.do_action(
        &ODA_GUARD.id(),
        "structure",
        &[1],
        b.version(),
        gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![])),
    )
    .expect("records");
    assert_eq!(b.state().structures[0].hits, 12, "a wooden building");
}

/// The refusal of a command, which must be refused.
fn refused(b: &mut gunbai::engine::Battle<Simple>, c: Command) -> String {
    match run(b, c.clone(), &[]) {
        Ok(lines) => panic!("{c:?} was carried out: {lines:?}"),
        Err(e) => e.to_string(),
    }
}

fn daimyo_attacks(g: gunbai::rules::simple::state::GroupRef, times: usize) -> Command {
    use gunbai::rules::simple::command::{Attacker, Facing, Fighter, MeleeOrder};
    use gunbai::rules::simple::state::Target;
    Command::Melee(MeleeOrder {
        defender: Target::Unit(ODA_YARI),
        attackers: vec![
            Attacker {
                fighter: Fighter::Daimyo(g),
                facing: Facing::Front,
                touches_friend: true,
            };
            times
        ],
        defender_touches_friend: true,
        rear_support: None,
        in_building: false,
        door: None,
        defender_cover: Some(gunbai::rules::simple::state::Cover::Open),
    })
}

#[test]
fn melee_each_attacking_figure_throws_once_a_turn() {
    use gunbai::rules::simple::command::Facing;
    use gunbai::rules::simple::state::GroupRef;
    let mut b = begun();
    let yoshimoto = GroupRef(1, 0);
    // One order may not list the same figure twice.
    let twice = refused(&mut b, daimyo_attacks(yoshimoto, 2));
    assert!(twice.contains("simple: Melee"), "{twice}");
    // The Daimyo throws 1 on his d12 against the Yari's 6: no kill, and he has attacked.
    ok(&mut b, daimyo_attacks(yoshimoto, 1), &[1, 6]);
    let again = refused(&mut b, daimyo_attacks(yoshimoto, 1));
    assert!(
        again.contains("simple: Melee") && again.contains("Daimyo"),
        "{again}"
    );
    // A unit's five figures attack once each: three, then two more, then no more.
    let three = |n| {
        let mut o = one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front);
        o.attackers = vec![o.attackers[0]; n];
        Command::Melee(o)
    };
    ok(&mut b, three(3), &[1, 6, 1, 6, 1, 6]);
    let over = refused(&mut b, three(3));
    assert!(over.contains("throws once"), "{over}");
    ok(&mut b, three(2), &[1, 6, 1, 6]);
    assert!(refused(&mut b, three(1)).contains("simple: Melee"));
    // A new turn, a new throw.
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    ok(&mut b, Command::FormationTest(IMA_SWORD_SAMURAI), &[10]);
    ok(&mut b, daimyo_attacks(yoshimoto, 1), &[1, 6]);
}

#[test]
fn firing_at_soft_hard_cover_wooden_barricades_are_hard_cover_for_guns_and_fire() {
    use gunbai::rules::simple::state::{Cover, StructureKind};
    let mut b = begun();
    ok(
        &mut b,
        Command::AddStructure {
            name: "Palisade".into(),
            kind: StructureKind::WoodenBarricade,
            sections: 1,
        },
        &[],
    );
    to_oda_turn(&mut b, [5, 5]);
    ok(
        &mut b,
        Command::Occupy {
            unit: ODA_YARI,
            structure: Some(0),
        },
        &[],
    );
    assert_eq!(b.state().cover_of(ODA_YARI), Cover::Hard);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    // Fire at the Yari behind it needs 8 (a line behind hard cover): one 8, four 7s.
    let lines = ok(
        &mut b,
        fire_in(IMA_TEPPO, ODA_YARI, Cover::Hard),
        &[8, 7, 7, 7, 7, 1],
    );
    assert_eq!(alive(&b, ODA_YARI), 4, "{lines:?}");
    morale(&mut b, ODA_YARI, &[5, 5, 5, 5, 1]);
    // The gun needs 8 to hit the barricade: three 7s do nothing.
    let bombard = Command::Bombard {
        gun: IMA_GUN,
        structure: 0,
    };
    ok(&mut b, bombard, &[7, 7, 7]);
    assert_eq!(b.state().structures[0].hits, 4);
}

#[test]
fn event_cards_the_tea_ceremony_idles_samurai_but_not_monks() {
    use gunbai::rules::simple::command::MoveKind;
    use gunbai::rules::simple::state::UnitRef;
    let mut b = begun();
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(17) }, &[]);
    ok(&mut b, Command::RollArrival, &[20]);
    let g = (b.state().sides[1].groups.len() - 1) as u8;
    let monks = UnitRef(1, g, 0);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(11) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let step = |unit| Command::Move {
        unit,
        kind: MoveKind::Normal,
        distance_cm: 10,
        going: gunbai::rules::simple::command::Going::Standard,
        surrounded: None,
    };
    let samurai = refused(&mut b, step(IMA_SWORD_SAMURAI));
    assert!(samurai.contains("tea ceremony"), "{samurai}");
    ok(&mut b, step(monks), &[]);
}

#[test]
fn formation_fail_worked_example_a_wall_crossed_within_one_move_is_tested_next_turn() {
    use gunbai::rules::simple::command::MoveKind;
    let mut b = begun();
    to_oda_turn(&mut b, [5, 5]);
    // The Ashigaru move 16 cm over a low stone wall and out the far side: a Formation Fail.
    ok(
        &mut b,
        Command::Move {
            unit: ODA_YARI,
            kind: MoveKind::OverCover,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    let yari = b.state().unit(ODA_YARI).expect("unit");
    assert!(yari.formation_fail && !yari.crossing);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    to_oda_turn(&mut b, [5, 5]);
    // Next turn, before moving, 1d6: a 3 fails; the unit moves on with its Formation Fail.
    assert!(b.state().due.contains(&Due::FormationTest(ODA_YARI)));
    ok(&mut b, Command::FormationTest(ODA_YARI), &[3]);
    assert!(b.state().unit(ODA_YARI).expect("unit").formation_fail);
    ok(
        &mut b,
        Command::Move {
            unit: ODA_YARI,
            kind: MoveKind::Normal,
            distance_cm: 10,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    to_oda_turn(&mut b, [5, 5]);
    // The turn after, a 6 passes.
    ok(&mut b, Command::FormationTest(ODA_YARI), &[6]);
    assert!(!b.state().unit(ODA_YARI).expect("unit").formation_fail);
}

#[test]
fn morale_seeing_a_friendly_unit_retreat_adds_1d10_on_the_card_and_in_the_roll() {
    use gunbai::rules::simple::state::MoraleCause;
    let mut b = begun();
    let call = Command::CallMorale {
        unit: ODA_YARI,
        cause: MoraleCause::FriendRetreating,
    };
    // No friend of Oda's is in Retreat: the trigger the table declares is refused.
    let err = refused(&mut b, call);
    assert!(err.contains("does not meet that trigger"), "{err}");
    // Oda Teppo 2 loses a figure to fire and fails its test (four 1s against a 5).
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    morale(&mut b, ODA_TEPPO_2, &[1, 1, 1, 1, 5]);
    assert!(b.state().unit(ODA_TEPPO_2).expect("unit").retreating());
    ok(
        &mut b,
        Command::CallMorale {
            unit: ODA_YARI,
            cause: MoraleCause::FriendRetreating,
        },
        &[],
    );
    tell_recorded_cover(&mut b, ODA_YARI);
    let cards = Simple::pending(b.rules(), b.state());
    let card = cards
        .iter()
        .find(|c| c.what == "Morale test")
        .expect("the test is due");
    let roll = card.roll.as_ref().expect("dice").notation();
    assert!(roll.contains("5d6") && roll.contains("1d10"), "{roll}");
    let p = card.odds[0].probability;
    assert!(p < 1.0 && p > 0.9, "5d6 against 1d10: {p}");
    assert_eq!(card.answers.iter().filter(|a| a.rolls).count(), 1);
    // Five 1s against a 10: the unit retreats.
    morale(&mut b, ODA_YARI, &[1, 1, 1, 1, 1, 10]);
    assert!(b.state().unit(ODA_YARI).expect("unit").retreating());
}

#[test]
fn morale_with_a_friend_in_retreat_the_card_asks_whether_it_is_seen_before_the_roll_and_the_roll_waits()
 {
    use gunbai::rules::simple::command::Status;
    let mut b = begun();
    // Oda Teppo 2 fails its test and retreats.
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    morale(&mut b, ODA_TEPPO_2, &[1, 1, 1, 1, 5]);
    assert!(b.state().in_retreat(ODA_TEPPO_2));
    // Imagawa's archers kill one of Oda's Yari: its morale test is due.
    ok(
        &mut b,
        fire(IMA_ARCHERS, ODA_YARI, false),
        &[8, 1, 1, 1, 1, 1],
    );
    assert!(
        b.state()
            .due
            .iter()
            .any(|d| matches!(d, Due::Morale(u, _) if *u == ODA_YARI)),
        "{:?}",
        b.state().due
    );
    let card = |b: &gunbai::engine::Battle<Simple>| {
        Simple::pending(b.rules(), b.state())
            .into_iter()
            .find(|c| c.what == "Morale test" && c.who.contains("Oda Yari"))
            .expect("the Yari's test is due")
    };
    // Asked first: no roll until the umpire says whether it sees the friend retreat.
    let asked = card(&b);
    assert!(
        asked.answers.iter().all(|a| !a.rolls),
        "{:?}",
        asked.answers
    );
    let labels: Vec<&str> = asked.answers.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Sees a friend retreat within 30 cm (+1d10 against)",
            "Sees no friend retreat within 30 cm"
        ]
    );
    // The engine waits on the answer too: a roll sent before it is refused.
    let early = refused(
        &mut b,
        Command::Morale {
            unit: ODA_YARI,
            cover: Some(gunbai::rules::simple::state::Cover::Open),
        },
    );
    assert!(
        early.contains("first say whether it sees a friend retreat"),
        "{early}"
    );
    // He says no: the roll is offered, without the d10 for it, and he is not asked again.
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_YARI,
            status: Status::SeesRetreat(false),
        },
        &[],
    );
    // Then where it stands (the open, its record), and the roll follows.
    tell_recorded_cover(&mut b, ODA_YARI);
    let rolled = card(&b);
    // The roll, then the covers it may be changed to until the roll.
    assert_eq!(rolled.answers.iter().filter(|a| a.rolls).count(), 1);
    assert!(rolled.answers[0].rolls);
    assert!(
        rolled
            .modifiers
            .iter()
            .all(|m| !m.reason.contains("retreating")),
        "{:?}",
        rolled.modifiers
    );
    let again = refused(
        &mut b,
        Command::SetStatus {
            unit: ODA_YARI,
            status: Status::SeesRetreat(true),
        },
    );
    assert!(again.contains("told once"), "{again}");
}

#[test]
fn morale_after_the_daimyo_is_killed_the_army_falls_back_in_retreat() {
    use gunbai::rules::simple::command::Facing;
    use gunbai::rules::simple::state::{GroupRef, MoraleCause};
    let mut b = begun();
    shoot_daimyo(&mut b, GroupRef(0, 0));
    assert!(b.state().sides[0].army_retreating);
    let yari = b.state().unit(ODA_YARI).expect("unit");
    assert!(yari.formation_fail, "whilst in Retreat: a Formation Fail");
    assert!(b.state().in_retreat(ODA_YARI));
    assert!(
        b.state()
            .due
            .contains(&Due::Morale(ODA_YARI, MoraleCause::FormationFail)),
        "a current Formation Fail calls for a morale test"
    );
    assert!(
        !b.state()
            .due
            .iter()
            .any(|d| matches!(d, Due::Morale(u, _) if *u == ODA_PIKE_SAMURAI)),
        "samurai take no morale test"
    );
    pass_morale_dues(&mut b);
    // Attackers of a unit in Retreat add 2.
    let order = one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front);
    let bouts = gunbai::rules::simple::numbers::preview::melee(b.rules(), b.state(), &order);
    assert!(
        bouts[0]
            .attacker
            .iter()
            .any(|m| m.value == 2 && m.reason.contains("retreat")),
        "{:?}",
        bouts[0].attacker
    );
    // The Formation Fail stays: no test at the start of the army's turns.
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    assert!(!b.state().due.contains(&Due::FormationTest(ODA_YARI)));
}

#[test]
fn firing_added_scores_must_be_exact_by_default_and_may_reach_as_an_option() {
    use gunbai::reference::HouseRules;
    use gunbai::rules::simple::state::Cover;
    // Skirmishers behind hard cover need 9: no d8 reaches it, so dice pair up.
    let mut b = begun();
    // 5+5 = 10 is not exactly 9: no hit; 4+5 = 9 is; the fifth die is unpaired.
    ok(
        &mut b,
        fire_in(IMA_TEPPO, ODA_ARCHERS_SKIRMISH, Cover::Hard),
        &[5, 5, 4, 5, 8, 1],
    );
    assert_eq!(alive(&b, ODA_ARCHERS_SKIRMISH), 4, "one pair exact");
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("combined_score".into(), "pairs_reach".into());
    let mut b = begun_with(house);
    ok(
        &mut b,
        fire_in(IMA_TEPPO, ODA_ARCHERS_SKIRMISH, Cover::Hard),
        &[5, 5, 4, 5, 8, 1, 1],
    );
    assert_eq!(alive(&b, ODA_ARCHERS_SKIRMISH), 3, "both pairs reach 9");
}

fn step(
    unit: gunbai::rules::simple::state::UnitRef,
    distance_cm: u32,
    going: gunbai::rules::simple::command::Going,
) -> Command {
    Command::Move {
        unit,
        kind: gunbai::rules::simple::command::MoveKind::Normal,
        distance_cm,
        going,
        surrounded: None,
    }
}

#[test]
fn movement_each_move_is_refused_beyond_the_troop_types_allowance() {
    use gunbai::rules::simple::command::Going;
    use gunbai::rules::simple::state::UnitRef;
    let mut b = begun();
    // Infantry: 20 cm, 10 through soft cover.
    let far = refused(&mut b, step(IMA_SWORD_SAMURAI, 30, Going::Standard));
    assert!(
        far.contains("simple: Movement") && far.contains("20"),
        "{far}"
    );
    let soft = refused(&mut b, step(IMA_SWORD_SAMURAI, 15, Going::Soft));
    assert!(soft.contains("10"), "{soft}");
    ok(&mut b, step(IMA_SWORD_SAMURAI, 30, Going::Road), &[]);
    // Wagons: 15 cm, and never through hard cover.
    let oxen = UnitRef(1, 0, 13);
    let hard = refused(&mut b, step(oxen, 5, Going::Hard));
    assert!(hard.contains("hard cover"), "{hard}");
    assert!(refused(&mut b, step(oxen, 20, Going::Standard)).contains("15"));
    ok(&mut b, step(oxen, 15, Going::Standard), &[]);
}

#[test]
fn sequence_a_unit_fires_moves_then_melees_or_melees_moves_then_fires() {
    use gunbai::rules::simple::command::{Facing, Going};
    let mut b = begun();
    // Fire, melee, then move: out of order.
    ok(&mut b, fire(IMA_TEPPO, ODA_YARI, false), &[1, 1, 1, 1, 1]);
    ok(
        &mut b,
        Command::Melee(one_on_one(IMA_TEPPO, ODA_YARI, Facing::Front)),
        &[1, 6],
    );
    let late = refused(&mut b, step(IMA_TEPPO, 10, Going::Standard));
    assert!(late.contains("simple: Sequence"), "{late}");
    // Melee, move, then fire: in order.
    ok(
        &mut b,
        Command::Melee(one_on_one(IMA_ARCHERS, ODA_YARI, Facing::Front)),
        &[1, 6],
    );
    // In melee now, it moves away: not surrounded by 3 or 4 figures.
    let mut away = step(IMA_ARCHERS, 10, Going::Standard);
    if let Command::Move { surrounded, .. } = &mut away {
        *surrounded = Some(false);
    }
    ok(&mut b, away, &[]);
    ok(&mut b, fire(IMA_ARCHERS, ODA_YARI, false), &[1, 1, 1, 1, 1]);
    // A second fire is refused.
    assert!(refused(&mut b, fire(IMA_ARCHERS, ODA_YARI, false)).contains("fire"));
}

#[test]
fn firing_at_a_lone_daimyo_and_arriving_monks_follow_the_recorded_rulings() {
    use gunbai::reference::HouseRules;
    use gunbai::rules::simple::roster::Weapon;
    use gunbai::rules::simple::state::{GroupRef, UnitRef};
    let alive = |b: &gunbai::engine::Battle<Simple>| {
        b.state()
            .group(GroupRef(0, 0))
            .and_then(|g| g.daimyo.as_ref())
            .is_some_and(|d| d.alive)
    };
    // Ruling daimyo_cover: by default a lone Daimyo is hit on 6, as a line in the open.
    let mut b = begun();
    shoot_daimyo(&mut b, GroupRef(0, 0));
    assert!(!alive(&b));
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("daimyo_cover".into(), "skirmish_in_open".into());
    house.rulings.insert("monk_weapon".into(), "sword".into());
    let mut b = begun_with(house);
    // As a skirmisher he needs 7: the 6 misses.
    ok(
        &mut b,
        Command::Fire(gunbai::rules::simple::command::FireOrder {
            unit: IMA_TEPPO,
            target: gunbai::rules::simple::state::Target::Daimyo(GroupRef(0, 0)),
            volley: false,
            distance_cm: 10,
            target_cover: Some(gunbai::rules::simple::state::Cover::Open),
        }),
        &[6, 1, 1, 1, 1],
    );
    assert!(alive(&b));
    // Ruling monk_weapon: arriving Monks carry what the umpire chose.
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(17) }, &[]);
    ok(&mut b, Command::RollArrival, &[20]);
    let g = (b.state().sides[1].groups.len() - 1) as u8;
    let monks = b.state().unit(UnitRef(1, g, 0)).expect("monks");
    assert_eq!(monks.spec.weapon, Weapon::Sword);
}

#[test]
fn sequence_the_home_roll_card_gives_each_army_an_even_chance_as_ties_roll_again() {
    let b = battle_with(gunbai::reference::HouseRules::default());
    let cards = Simple::pending(b.rules(), b.state());
    let home = cards
        .iter()
        .find(|c| c.what == "Roll for Home")
        .expect("the Home card");
    assert!(
        (home.odds[0].probability - 0.5).abs() < 1e-12,
        "{}",
        home.odds[0].probability
    );
    // What the button does: a tie rolls again inside the same roll.
    let mut b = b;
    ok(&mut b, Command::RollForHome, &[4, 4, 7, 7, 2, 9]);
    assert_eq!(b.state().home, Some(1));
}

#[test]
fn event_cards_the_ninja_fights_the_daimyos_guards_first_from_his_card() {
    use gunbai::rules::simple::state::GroupRef;
    let mut b = begun();
    ok(
        &mut b,
        Command::Attach {
            group: GroupRef(0, 0),
            unit: Some(ODA_GUARD.2),
        },
        &[],
    );
    to_oda_turn(&mut b, [5, 5]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(21) }, &[]);
    let cards = Simple::pending(b.rules(), b.state());
    let card = cards
        .iter()
        .find(|c| c.what == "Ninja attack")
        .expect("the ninja card");
    let roll = card.answers.iter().find(|a| a.rolls).expect("a roll");
    assert_eq!(
        roll.command,
        Command::Ninja {
            guards: vec![ODA_GUARD; 4]
        },
        "four figures of the guard around the Daimyo"
    );
    let win = 66.0 / 144.0_f64;
    assert!((card.odds[1].probability - win.powi(5)).abs() < 1e-12);
    // He beats the first guard (12 against 3), then loses to the second (2 against 9).
    ok(&mut b, roll.command.clone(), &[12, 3, 2, 9]);
    assert_eq!(alive(&b, ODA_GUARD), 4);
}

/// Imagawa's first turn with `card` drawn, the river rolled first when `river` is given.
fn imagawa_draws(card: u8, river: Option<u32>) -> gunbai::engine::Battle<Simple> {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    if let Some(face) = river {
        // Nine terrain pieces: the river among them.
        let mut terrain = vec![9];
        terrain.extend(1..=9);
        ok(&mut b, Command::RollTerrain, &terrain);
        ok(&mut b, Command::RollRiver, &[face]);
    }
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffles");
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(card) }, &[]);
    b
}

fn walk(unit: gunbai::rules::simple::state::UnitRef, kind: MoveKind, cm: u32) -> Command {
    Command::Move {
        unit,
        kind,
        distance_cm: cm,
        going: gunbai::rules::simple::command::Going::Standard,
        surrounded: None,
    }
}

#[test]
fn event_cards_the_cavalry_card_sends_cavalry_forward_before_anything_else() {
    let mut b = imagawa_draws(29, None);
    let horse = b
        .state()
        .due
        .iter()
        .find_map(|d| match d {
            Due::CavalryAdvance(u) => Some(*u),
            _ => None,
        })
        .expect("the cavalry owes its advance");
    assert!(
        b.state()
            .unit(horse)
            .is_some_and(|x| x.spec.troop.mounted()),
        "only cavalry is sent forward"
    );
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    // Nothing else moves first, and a move back is no advance.
    let err = refused(&mut b, walk(IMA_TEPPO, MoveKind::Normal, 10));
    assert!(err.contains("card 29"), "{err}");
    let err = refused(&mut b, walk(horse, MoveKind::Back, 10));
    assert!(err.contains("card 29"), "{err}");
    ok(&mut b, walk(horse, MoveKind::Normal, 60), &[]);
    assert!(!b.state().due.contains(&Due::CavalryAdvance(horse)));
    ok(&mut b, walk(IMA_TEPPO, MoveKind::Normal, 10), &[]);
}

#[test]
fn event_cards_the_conch_sends_back_four_units_but_not_the_guard() {
    use gunbai::rules::simple::roster::Troop;
    let mut b = imagawa_draws(9, None);
    assert!(b.state().due.contains(&Due::CardInstruction(1, 9)));
    let guard = b
        .state()
        .present_units_of(1)
        .into_iter()
        .find(|&u| {
            b.state()
                .unit(u)
                .is_some_and(|x| x.spec.troop == Troop::SamuraiGuard)
        })
        .expect("Imagawa's foot guard");
    let err = refused(&mut b, Command::SendBack(guard));
    assert!(err.contains("foot guard"), "{err}");
    assert!(
        run(&mut b, Command::SendBack(ODA_YARI), &[]).is_err(),
        "only the drawer's units go back"
    );
    for (n, u) in [IMA_TEPPO, IMA_ARCHERS, IMA_SWORD_SAMURAI, IMA_GUN]
        .into_iter()
        .enumerate()
    {
        ok(&mut b, Command::SendBack(u), &[]);
        assert!(b.state().unit(u).is_some_and(|x| x.moved), "its move");
        assert_eq!(
            b.state().due.contains(&Due::CardInstruction(1, 9)),
            n < 3,
            "4 units, no more"
        );
    }
    assert!(run(&mut b, Command::SendBack(IMA_LEVIES), &[]).is_err());
}

#[test]
fn rivers_a_unit_that_moved_rolls_once_a_turn_and_drowns_by_flow() {
    // 2 on the d6: a steady river, where foot drown on 1 to 3.
    let mut b = imagawa_draws(2, Some(2));
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let err = refused(&mut b, Command::CrossRiver(IMA_ARCHERS));
    assert!(err.contains("once a turn"), "not before it moved: {err}");
    ok(&mut b, walk(IMA_ARCHERS, MoveKind::Normal, 10), &[]);
    ok(&mut b, Command::CrossRiver(IMA_ARCHERS), &[1, 3, 4, 5, 6]);
    assert_eq!(alive(&b, IMA_ARCHERS), 3, "1 and 3 drown");
    let err = refused(&mut b, Command::CrossRiver(IMA_ARCHERS));
    assert!(err.contains("once a turn"), "{err}");
    let err = refused(&mut b, Command::CrossRiver(IMA_GUN));
    assert!(err.contains("bridges"), "guns never wade: {err}");
    // 1 on the d6: a fast river is crossed only at fords and bridges, and nobody wades it.
    let mut b = imagawa_draws(2, Some(1));
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    ok(&mut b, walk(IMA_ARCHERS, MoveKind::Normal, 10), &[]);
    let err = refused(&mut b, Command::CrossRiver(IMA_ARCHERS));
    assert!(err.contains("fords and bridges"), "{err}");
}

#[test]
fn formation_fail_only_archers_skirmish_and_passing_through_skirmishers_fails_both() {
    use gunbai::rules::simple::roster::Formation;
    let mut b = begun();
    let err = refused(
        &mut b,
        walk(IMA_TEPPO, MoveKind::ChangeFormation(Formation::Skirmish), 0),
    );
    assert!(err.contains("only archers"), "{err}");
    ok(
        &mut b,
        walk(
            IMA_ARCHERS,
            MoveKind::ChangeFormation(Formation::Skirmish),
            0,
        ),
        &[],
    );
    // Close-order troops go round one another.
    let err = refused(
        &mut b,
        walk(
            IMA_TEPPO,
            MoveKind::ThroughSkirmishers(Some(IMA_SWORD_SAMURAI)),
            10,
        ),
    );
    assert!(err.contains("go round"), "{err}");
    ok(
        &mut b,
        walk(
            IMA_TEPPO,
            MoveKind::ThroughSkirmishers(Some(IMA_ARCHERS)),
            10,
        ),
        &[],
    );
    for u in [IMA_TEPPO, IMA_ARCHERS] {
        assert!(b.state().unit(u).is_some_and(|x| x.formation_fail));
    }
}

#[test]
fn melee_a_figure_attacked_in_flank_turns_to_face_unless_held_to_his_front() {
    use gunbai::rules::simple::command::{Attacker, Facing, Fighter, Status};
    use gunbai::rules::simple::numbers::preview;
    let mut b = begun();
    fn flank_bonus(
        b: &gunbai::engine::Battle<Simple>,
        order: &gunbai::rules::simple::command::MeleeOrder,
        bout: usize,
    ) -> bool {
        preview::melee(b.rules(), b.state(), order)[bout]
            .attacker
            .iter()
            .any(|m| m.reason.contains("flank"))
    }
    // Alone, he turns: the flank attack counts as frontal.
    let mut order = one_on_one(IMA_SWORD_SAMURAI, ODA_PIKE_SAMURAI, Facing::Flank);
    assert!(!flank_bonus(&b, &order, 0), "he turns to face");
    // Another figure at his front holds him: the flank attack earns its +1.
    order.attackers.insert(
        0,
        Attacker {
            fighter: Fighter::Unit(IMA_SWORD_SAMURAI),
            facing: Facing::Front,
            touches_friend: false,
        },
    );
    assert!(flank_bonus(&b, &order, 1), "held to his front");
    // So does his unit's melee.
    let order = one_on_one(IMA_SWORD_SAMURAI, ODA_PIKE_SAMURAI, Facing::Flank);
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_PIKE_SAMURAI,
            status: Status::InMelee(true),
        },
        &[],
    );
    assert!(flank_bonus(&b, &order, 0), "in melee to his front");
}

#[test]
fn morale_a_unit_in_retreat_attacks_no_one_and_the_opponent_calls_each_unit_once_a_turn() {
    use gunbai::rules::simple::command::Facing;
    use gunbai::rules::simple::state::MoraleCause;
    let mut b = begun();
    // Oda Yari changed formation in Oda's turn: a Formation Fail the opponent may call on.
    formation_fail(&mut b, ODA_YARI);
    // Oda Teppo 2 loses a figure to fire and fails its test: it is in Retreat.
    ok(
        &mut b,
        fire(IMA_TEPPO, ODA_TEPPO_2, false),
        &[6, 1, 1, 1, 1, 1],
    );
    morale(&mut b, ODA_TEPPO_2, &[1, 1, 1, 1, 5]);
    let err = refused(
        &mut b,
        Command::CallMorale {
            unit: ODA_TEPPO_2,
            cause: MoraleCause::FormationFail,
        },
    );
    assert!(
        err.contains("retreating"),
        "no call during its retreat: {err}"
    );
    // A call the state bears out is taken; the same unit is not called twice in a turn.
    let call = Command::CallMorale {
        unit: ODA_YARI,
        cause: MoraleCause::FormationFail,
    };
    ok(&mut b, call.clone(), &[]);
    morale(&mut b, ODA_YARI, &[6, 6, 6, 6, 6, 1]);
    let err = refused(&mut b, call);
    assert!(err.contains("this turn"), "{err}");
    // In its own turn the retreating unit moves back, and attacks no one.
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    ok(&mut b, Command::FormationTest(ODA_YARI), &[6]);
    ok(
        &mut b,
        Command::RetreatMove {
            unit: ODA_TEPPO_2,
            left_field: false,
        },
        &[],
    );
    let err = refused(
        &mut b,
        Command::Melee(one_on_one(ODA_TEPPO_2, IMA_TEPPO, Facing::Front)),
    );
    assert!(err.contains("attacks no one"), "{err}");
}

#[test]
fn event_cards_the_tea_ceremony_disengages_samurai_in_melee_at_once() {
    use gunbai::rules::simple::command::Status;
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    ok(
        &mut b,
        Command::SetStatus {
            unit: IMA_SWORD_SAMURAI,
            status: Status::InMelee(true),
        },
        &[],
    );
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(11) }, &[]);
    let x = b.state().unit(IMA_SWORD_SAMURAI).expect("unit");
    assert!(!x.in_melee() && x.moved, "out of the melee: its move back");
    assert!(b.state().due.contains(&Due::CardInstruction(1, 11)));
    let err = refused(&mut b, walk(IMA_SWORD_SAMURAI, MoveKind::Normal, 10));
    assert!(
        err.contains("moved this turn"),
        "its move was the move back: {err}"
    );
    ok(&mut b, Command::CardDone, &[]);
}

#[test]
fn firing_at_soft_hard_cover_a_fence_is_soft_cover_of_4_hits_a_15_cm() {
    use gunbai::rules::simple::state::{Cover, StructureKind};
    let mut b = begun();
    ok(
        &mut b,
        Command::AddStructure {
            name: "Fence".into(),
            kind: StructureKind::Fence,
            sections: 1,
        },
        &[],
    );
    assert_eq!(b.state().structures[0].hits, 4);
    assert_eq!(StructureKind::Fence.cover(), Cover::Soft);
    // Soft cover: 7 or more hits, so 7 and 8 hit and 6 misses.
    ok(
        &mut b,
        Command::Bombard {
            gun: IMA_GUN,
            structure: 0,
        },
        &[7, 6, 8],
    );
    assert_eq!(b.state().structures[0].hits, 2);
}
