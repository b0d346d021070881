//! Melee section: modifiers, the worked example, parries, pairing, bouts owed.

use super::*;

#[test]
fn melee_example_samurai_rolls_4_against_an_armoured_samurai_3() {
    let src = |name: &str, armoured: bool| {
        format!(
            "(name: \"{name}\", units: [(name: \"{name} band\", troop: Samurai, leader: (name: \"{name}\", armoured: {armoured}), figures: [(count: 3, troop: Samurai, armoured: {armoured})])])"
        )
    };
    let a = custom(&src("A", true)).expect("valid");
    let b_army = custom(&src("B", false)).expect("valid");
    let mut b =
        Battle::<Skirmish>::start([a, b_army], HouseRules::default(), None).expect("starts");
    let (pa, pb) = (FigureRef(0, 0, 0), FigureRef(1, 0, 0));
    assert_eq!(
        numbers::melee(b.rules(), b.state(), pa, pb, false).dice,
        4,
        "Player A: 4 D6"
    );
    assert_eq!(
        numbers::melee(b.rules(), b.state(), pb, pa, false).dice,
        3,
        "Player B: 3 D6, A is armoured"
    );
    ok(&mut b, Command::Engage(UnitRef(0, 0), UnitRef(1, 0)), &[]);
    at(&mut b, Section::Melee);
    ok(&mut b, bout(pa, pb), &[4, 4, 1, 1, 6, 1, 1]);
    assert_eq!(
        b.state().figure(pb).map(|f| f.pending_hits),
        Some(1),
        "2 hits against 1: one parried, one lands"
    );
    assert_eq!(b.state().figure(pa).map(|f| f.pending_hits), Some(0));
}

#[test]
fn melee_modifiers_weapon_charge_mounted_naginata_obstacle_ninja() {
    let mut b = battle();
    let dice = |b: &Battle<Skirmish>, me, enemy, obstacle| {
        numbers::melee(b.rules(), b.state(), me, enemy, obstacle).dice
    };
    assert_eq!(dice(&b, HEIHACHI, MONK_1, false), 4, "Ronin 3 + axe 1");
    assert_eq!(dice(&b, MALLET_MONK, KAMBEI, false), 3, "Monk 2 + mallet 1");
    assert_eq!(
        dice(&b, MONK_1, HEIHACHI, false),
        3,
        "Monk 2 + naginata against foot 1"
    );
    assert_eq!(
        dice(&b, MONK_1, MAEDA_TOSHIIE, false),
        3,
        "Monk 2 + naginata against mounted 2 - armoured 1"
    );
    assert_eq!(
        dice(&b, MAEDA_TOSHIIE, KAMBEI, false),
        7,
        "Hatamoto 5 + mounted 1 + naginata 1"
    );
    assert_eq!(
        dice(&b, KAMBEI, MAEDA_TOSHIIE, true),
        1,
        "Ronin 3 - armoured 1 - obstacle 1"
    );
    assert_eq!(dice(&b, KAMBEI, NINJA_1, false), 2, "a Ninja opponent -1");
    assert_eq!(
        dice(&b, SPEARMAN, KAMBEI, false),
        2,
        "Ashigaru 1 + two-handed spear 1"
    );
    moving(&mut b);
    ok(&mut b, charge(MAEDA, RONIN), &[]);
    assert_eq!(dice(&b, MAEDA_TOSHIIE, KAMBEI, false), 8, "charged +1");
    let mut hurt = b.state().clone();
    if let Some(f) = hurt.figure_mut(KAMBEI) {
        f.wounds = vec![Wound::Arm, Wound::Leg];
    }
    assert_eq!(
        numbers::melee(b.rules(), &hurt, KAMBEI, MONK_1, false).dice,
        2,
        "an arm wound -1 in combat"
    );
}

#[test]
fn samurai_ronin_and_ninja_hit_on_4_others_on_5() {
    let b = battle();
    let needed = |me, enemy| numbers::melee(b.rules(), b.state(), me, enemy, false).needed;
    assert_eq!(needed(KINOSHITA, KAMBEI), 4);
    assert_eq!(needed(KAMBEI, KINOSHITA), 4);
    assert_eq!(needed(NINJA_1, BOWMAN), 4);
    assert_eq!(needed(BOWMAN, KAMBEI), 5);
    assert_eq!(
        needed(BOWMAN, NINJA_1),
        6,
        "1 die - Ninja 1: below one die, a 6 only"
    );
    assert_eq!(needed(MONK_1, BOWMAN), 5);
    assert_eq!(
        needed(MAEDA_TOSHIIE, KAMBEI),
        4,
        "Hatamoto as Samurai (ruling hatamoto_daimyo)"
    );
}

/// Below one die a pool rolls one, needing a 6: its parts still add up to the one die the
/// card shows.
#[test]
fn a_pool_below_one_die_rolls_one_and_its_parts_add_up_to_it() {
    let b = battle();
    let pool = numbers::melee(b.rules(), b.state(), BOWMAN, NINJA_1, false);
    assert_eq!((pool.dice, pool.needed), (1, 6));
    let sum: i64 = pool.reasons.iter().map(|m| m.value).sum();
    assert_eq!(sum, 1, "{:?}", pool.reasons);
    // Further below: an Ashigaru with an arm wound against armour, 1 - 1 - 1 = -1 die.
    let mut state = b.state().clone();
    *state.figure_mut(BOWMAN).expect("bowman") = wounded(&b, BOWMAN, &[Wound::Arm]);
    let pool = numbers::melee(b.rules(), &state, BOWMAN, KINOSHITA, false);
    assert_eq!((pool.dice, pool.needed), (1, 6));
    let floor = pool.reasons.last().expect("the floor").value;
    assert_eq!(floor, 2, "+2 dice bring -1 to one: {:?}", pool.reasons);
    let sum: i64 = pool.reasons.iter().map(|m| m.value).sum();
    assert_eq!(sum, 1, "{:?}", pool.reasons);
}

#[test]
fn hits_parry_one_for_one_and_each_pair_fights_once_a_section() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("parry".into(), "cancel_one_for_one".into());
    let mut b = battle_with(house);
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    // Kinoshita 4d6 at 4+: 3 hits; Kambei 2d6 (Kinoshita armoured) at 4+: 1 hit.
    ok(&mut b, bout(KINOSHITA, KAMBEI), &[6, 5, 4, 1, 4, 2]);
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(2));
    assert_eq!(b.state().figure(KINOSHITA).map(|f| f.pending_hits), Some(0));
    assert!(run(&mut b, bout(KAMBEI, KINOSHITA), &[1, 1, 1, 1, 1, 1]).is_err());
}

#[test]
fn umpire_may_rule_that_all_hits_land() {
    let mut house = HouseRules::default();
    house.rulings.insert("parry".into(), "all_hits_land".into());
    let mut b = battle_with(house);
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    ok(&mut b, bout(KINOSHITA, KAMBEI), &[6, 5, 4, 1, 4, 2]);
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(3));
    assert_eq!(b.state().figure(KINOSHITA).map(|f| f.pending_hits), Some(1));
}

#[test]
fn bouts_need_the_units_in_melee() {
    let mut b = battle();
    at(&mut b, Section::Melee);
    assert!(run(&mut b, bout(KINOSHITA, KAMBEI), &[1, 1, 1, 1, 1, 1]).is_err());
}

#[test]
fn suggested_pairing_matches_leaders_with_leaders_then_the_greatest() {
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, MONKS), &[]);
    let pairs = suggest(b.rules(), b.state(), BOWMEN, MONKS);
    assert_eq!(pairs.len(), 8);
    assert_eq!(pairs[0], (KINOSHITA, ABBOT), "leader against leader");
    assert_eq!(pairs[1], (BOWMAN, MONK_1));
    assert_eq!(
        pairs[7],
        (FigureRef(0, 0, 7), ABBOT),
        "the spare bowman doubles up on the greatest enemy"
    );
    at(&mut b, Section::Melee);
    let cards: Vec<_> = b
        .pending()
        .into_iter()
        .filter(|c| c.what == "Melee bout")
        .collect();
    assert_eq!(cards.len(), 8, "a card per suggested bout");
}

#[test]
fn bout_odds_are_the_chance_each_side_lands_a_hit_after_parries() {
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    let card = say_obstacles(&mut b, "Neither defends an obstacle");
    // Kinoshita 4d6 at 4+ against Kambei 2d6 at 4+: P(X > Y) = 10.5 / 16.
    assert!(
        (card.odds[0].probability - 10.5 / 16.0).abs() < 1e-9,
        "{:?}",
        card.odds
    );
    // Kambei lands only with more hits: P(Y > X) = (1/4)(1/16) + (1/4)(5/16) = 6/64 ... exact sum.
    let p_y_gt_x = 0.5 * (1.0 / 16.0) + 0.25 * (5.0 / 16.0);
    assert!(
        (card.odds[1].probability - p_y_gt_x).abs() < 1e-9,
        "{:?}",
        card.odds
    );
}

#[test]
fn melee_figures_in_contact_must_fight_their_bout_before_the_section_ends() {
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    let bouts: Vec<_> = b
        .pending()
        .into_iter()
        .filter(|c| c.what == "Melee bout")
        .collect();
    assert_eq!(bouts.len(), 8, "5 pairs and 3 spare bowmen doubling up");
    assert!(bouts.iter().all(|c| c.required), "the bouts are required");
    let refused = run(&mut b, Command::EndSection, &[]).expect_err("bouts owed");
    assert!(
        refused.to_string().contains("Melee section"),
        "cites the rule: {refused}"
    );
    // The umpire pairs Kinoshita with Heihachi instead: the suggestion follows.
    ok(&mut b, bout(KINOSHITA, HEIHACHI), &[1; 7]);
    let left = suggest(b.rules(), b.state(), BOWMEN, RONIN);
    assert!(left.iter().all(|(x, y)| *x != KINOSHITA && *y != HEIHACHI));
    assert!(
        left.iter().any(|(_, y)| *y == KAMBEI),
        "Kambei still owes his"
    );
    assert_eq!(fight_required_bouts(&mut b), 7, "4 pairs left and 3 spares");
    assert!(owing_bouts(b.state()).is_empty());
    ok(&mut b, Command::EndSection, &[]);
    assert_eq!(b.state().section, Section::Results);
}

#[test]
fn melee_the_charge_die_is_the_chargers_against_the_unit_it_charged_that_turn_only() {
    let mut b = battle();
    let dice = |b: &Battle<Skirmish>, me, enemy| {
        numbers::melee(b.rules(), b.state(), me, enemy, false).dice
    };
    moving(&mut b);
    ok(&mut b, charge(MAEDA, RONIN), &[]);
    assert_eq!(
        dice(&b, MAEDA_TOSHIIE, KAMBEI),
        8,
        "5 + mounted + naginata + charged"
    );
    assert_eq!(
        dice(&b, MAEDA_TOSHIIE, MONK_1),
        7,
        "no charge die against a unit it did not charge"
    );
    assert_eq!(
        dice(&b, KAMBEI, MAEDA_TOSHIIE),
        2,
        "the charged unit gains nothing"
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    assert_eq!(b.state().turn, 2);
    assert_eq!(
        dice(&b, MAEDA_TOSHIIE, KAMBEI),
        7,
        "the charge die lapses with the turn it was declared in"
    );
}

#[test]
fn to_hit_each_troop_type_rolls_its_listed_number_of_d6() {
    // Every troop type against an unarmoured Ashigaru with a hand weapon: nothing added or
    // taken away, so each rolls its own number of dice.
    let a = custom(
        "(name: \"A\", units: [\
         (name: \"Yari\", troop: Ashigaru, leader: (name: \"L1\", troop: Ashigaru), figures: [(count: 7, troop: Ashigaru)]),\
         (name: \"Sohei\", troop: Sohei, leader: (name: \"L2\", troop: Monk), figures: [(count: 5, troop: Monk)]),\
         (name: \"Honjin\", troop: Samurai, leader: (name: \"L3\", troop: Daimyo), figures: [(count: 2, troop: Samurai), (name: \"H\", troop: Hatamoto)]),\
         (name: \"Band\", troop: Ronin, figures: [(count: 1, troop: Ronin)]),\
         (name: \"Shadows\", troop: Ninja, figures: [(count: 1, troop: Ninja)])])",
    )
    .expect("valid");
    let b_army = custom(
        "(name: \"B\", units: [(name: \"Yari\", troop: Ashigaru, leader: (name: \"L\", troop: Ashigaru), figures: [(count: 7, troop: Ashigaru)])])",
    )
    .expect("valid");
    let mut b =
        Battle::<Skirmish>::start([a, b_army], HouseRules::default(), None).expect("starts");
    let enemy = FigureRef(1, 0, 1);
    for (who, dice) in [
        (FigureRef(0, 0, 1), 1), // Ashigaru
        (FigureRef(0, 1, 1), 2), // Monk
        (FigureRef(0, 4, 0), 3), // Ninja
        (FigureRef(0, 3, 0), 3), // Ronin
        (FigureRef(0, 2, 1), 4), // Samurai
        (FigureRef(0, 2, 3), 5), // Hatamoto
        (FigureRef(0, 2, 0), 6), // Daimyo
    ] {
        let pool = numbers::melee(b.rules(), b.state(), who, enemy, false);
        assert_eq!(pool.dice, dice, "{who:?}: {:?}", pool.reasons);
    }
    // Fought: the Daimyo's six dice and the Ashigaru's one, seven faces in all.
    ok(&mut b, Command::Engage(UnitRef(0, 2), UnitRef(1, 0)), &[]);
    at(&mut b, Section::Melee);
    assert!(run(&mut b, bout(FigureRef(0, 2, 0), enemy), &[1; 6]).is_err());
    ok(
        &mut b,
        bout(FigureRef(0, 2, 0), enemy),
        &[4, 4, 1, 1, 1, 1, 6],
    );
    assert_eq!(b.state().figure(enemy).map(|f| f.pending_hits), Some(1));
}

/// A move of 3" that says whether it reached the charged unit.
fn step(unit: UnitRef, contact: bool) -> Command {
    Command::Move {
        unit,
        obstacles: 0,
        difficult: false,
        contact,
        inches: Some(3),
    }
}

#[test]
fn melee_charge_contact_the_two_are_in_melee_only_once_the_chargers_own_move_reaches() {
    use gunbai::engine::Game as _;
    let begun = || {
        let mut house = HouseRules::default();
        house.rulings.insert(
            "charge_contact".into(),
            "contact_on_the_chargers_move".into(),
        );
        let mut b = battle_with(house);
        moving(&mut b);
        ok(&mut b, charge(MAEDA, RONIN), &[]);
        b
    };
    // Declared: nobody is in melee yet.
    let mut b = begun();
    assert!(!b.state().engaged(MAEDA, RONIN));
    // Only the charger's Move asks whether it reached.
    let asks = |b: &Battle<Skirmish>, unit: UnitRef| {
        b.action_forms(&unit.id())
            .into_iter()
            .filter(|f| f.key == "move")
            .flat_map(|f| f.fields)
            .any(|f| f.label().starts_with("Reached"))
    };
    assert!(asks(&b, MAEDA) && !asks(&b, BOWMEN));
    // A move that falls short leaves both out of melee.
    ok(&mut b, step(MAEDA, false), &[]);
    assert!(!b.state().engaged(MAEDA, RONIN));
    // The charged unit's own move makes no contact: that is Engage's to record.
    ok(&mut b, Command::MovesDone(0), &[]);
    let refused = run(&mut b, step(RONIN, true), &[]).expect_err("not the charger");
    assert!(refused.to_string().contains("Engage"), "{refused}");
    // A move that reaches puts the two in melee.
    let mut b = begun();
    ok(&mut b, step(MAEDA, true), &[]);
    assert!(b.state().engaged(MAEDA, RONIN));
    // Another unit's move reaches nobody: no charge was declared.
    let refused = run(&mut b, step(BOWMEN, true), &[]).expect_err("no charge");
    assert!(
        refused.to_string().contains("declared no charge"),
        "{refused}"
    );
}

/// Answers the first bout card's question of obstacles with the answer labelled `label`: the
/// card as it then stands.
fn say_obstacles(b: &mut Battle<Skirmish>, label: &str) -> gunbai::engine::check::Check<Command> {
    let first = |b: &Battle<Skirmish>| {
        b.pending()
            .into_iter()
            .find(|c| c.what == "Melee bout")
            .expect("a bout card")
    };
    let answer = first(b)
        .answers
        .into_iter()
        .find(|a| a.label == label)
        .unwrap_or_else(|| panic!("no answer {label}"));
    assert!(!answer.rolls, "a decision");
    ok(b, answer.command, &[]);
    first(b)
}

#[test]
fn melee_the_bout_card_asks_whether_either_figure_defends_an_obstacle_before_the_roll() {
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Melee bout")
        .expect("a bout card");
    assert!(card.who.contains("Kinoshita") && card.who.contains("Kambei"));
    // Nothing is rolled until the table has said: four answers, none of them a roll.
    assert!(card.roll.is_none() && card.answers.iter().all(|a| !a.rolls));
    // Only of a suggested bout, as its card names it: the form says it of any other.
    for (x, y) in [(KINOSHITA, HEIHACHI), (KAMBEI, KINOSHITA)] {
        let said = Command::BoutObstacles {
            a: x,
            b: y,
            obstacle: [false, false],
        };
        assert!(run(&mut b, said, &[]).is_err(), "{x:?} {y:?}");
    }
    let (kinoshita, kambei) = (
        b.state().figure_name(KINOSHITA),
        b.state().figure_name(KAMBEI),
    );
    let labels: Vec<_> = card.answers.iter().map(|a| a.label.clone()).collect();
    assert_eq!(
        labels,
        [
            "Neither defends an obstacle".to_owned(),
            format!("{kinoshita} defends an obstacle"),
            format!("{kambei} defends an obstacle"),
            "Both defend an obstacle".to_owned(),
        ]
    );
    // Each answer sets the dice: Kinoshita 4 (Samurai), Kambei 2 (Ronin 3, Kinoshita armoured),
    // and the defender of an obstacle takes a die from his opponent.
    for (label, dice) in [
        ("Neither defends an obstacle".to_owned(), 4 + 2),
        (format!("{kinoshita} defends an obstacle"), 4 + 1),
        (format!("{kambei} defends an obstacle"), 3 + 2),
        ("Both defend an obstacle".to_owned(), 3 + 1),
    ] {
        let card = say_obstacles(&mut b, &label);
        let roll = card.answers.iter().find(|a| a.rolls).expect("now a roll");
        assert_eq!(
            card.roll.as_ref().map(|r| r.dice_count()),
            Some(dice),
            "{label}"
        );
        assert!(
            card.answers.iter().all(|a| a.label != label),
            "what was said is not offered again"
        );
        if label.starts_with("Both") {
            // Rolled as said: Kinoshita's three dice, Kambei's one.
            let roll = roll.command.clone();
            assert!(run(&mut b, roll.clone(), &[1; 6]).is_err(), "3 + 1 dice");
            ok(&mut b, roll, &[4, 4, 1, 1]);
            assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(2));
        }
    }
}

/// A melee whose one side has nobody left fighting (all dead, or routed) owes no bouts: the
/// other side has no one to fight. While both have figures, each of them owes its bout.
#[test]
fn melee_a_unit_with_nobody_left_fighting_owes_no_bouts_and_leaves_none_owed() {
    let b = battle();
    let mut state = b.state().clone();
    state.engagements.push((BOWMEN, MONKS));
    let owed = owing_bouts(&state);
    assert!(owed.contains(&BOWMAN) && owed.contains(&MONK_1), "{owed:?}");
    let mut routed = state.clone();
    routed.unit_mut(MONKS).expect("monks").routed = true;
    assert!(owing_bouts(&routed).is_empty());
    for f in state.figures_of(MONKS) {
        state.figure_mut(f).expect("monk").dead = true;
    }
    assert!(owing_bouts(&state).is_empty());
}
