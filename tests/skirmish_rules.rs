//! Samurai Skirmish: one test per rule, named after it, driving the real engine with the
//! faces a table would roll. Sections are those of the rules text.
#![allow(clippy::expect_used)] // Tests fail loudly; the lint guards user-supplied data elsewhere.

use gunbai::dice::TableDice;
use gunbai::engine::RuleSet as _;
use gunbai::engine::{Battle, BattleError, Dice};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::skirmish::command::{Ground, Shot};
use gunbai::rules::skirmish::movement::move_allowance;
use gunbai::rules::skirmish::state::{Due, FigureRef, Section, Trigger, UnitRef, Wound};
use gunbai::rules::skirmish::{Army, Command, Skirmish, numbers, pairing};

// Oda raiders (side 0) and the village defenders (side 1), as in rosters/skirmish/.
const BOWMEN: UnitRef = UnitRef(0, 0);
const TEPPO: UnitRef = UnitRef(0, 1);
const MAEDA: UnitRef = UnitRef(0, 2);
const RONIN: UnitRef = UnitRef(1, 0);
const NINJA: UnitRef = UnitRef(1, 1);
const MONKS: UnitRef = UnitRef(1, 2);
const KINOSHITA: FigureRef = FigureRef(0, 0, 0);
const BOWMAN: FigureRef = FigureRef(0, 0, 1);
const TEPPO_1: FigureRef = FigureRef(0, 1, 1);
const SPEARMAN: FigureRef = FigureRef(0, 1, 7);
const MAEDA_TOSHIIE: FigureRef = FigureRef(0, 2, 0);
const KAMBEI: FigureRef = FigureRef(1, 0, 0);
const HEIHACHI: FigureRef = FigureRef(1, 0, 3);
const NINJA_1: FigureRef = FigureRef(1, 1, 0);
const ABBOT: FigureRef = FigureRef(1, 2, 0);
const MONK_1: FigureRef = FigureRef(1, 2, 1);
const MALLET_MONK: FigureRef = FigureRef(1, 2, 5);

fn demo(file: &str) -> Army {
    let path = format!("{}/rosters/skirmish/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = RosterText::read(std::path::Path::new(&path)).expect("demo roster readable");
    Skirmish::load_army(&text).expect("demo roster valid").army
}

fn custom(source: &str) -> Result<Army, Vec<String>> {
    let text = RosterText {
        file: "t.ron".into(),
        source: source.into(),
    };
    Skirmish::load_army(&text)
        .map(|l| l.army)
        .map_err(|e| e.iter().map(ToString::to_string).collect())
}

fn battle_with(house: HouseRules) -> Battle<Skirmish> {
    Battle::<Skirmish>::start(
        [demo("oda_raiders.ron"), demo("village_defenders.ron")],
        house,
        None,
    )
    .expect("battle starts")
}

fn battle() -> Battle<Skirmish> {
    battle_with(HouseRules::default())
}

fn morale_on() -> HouseRules {
    let mut house = HouseRules::default();
    house.optional.insert("morale".into());
    house
}

fn run(
    b: &mut Battle<Skirmish>,
    command: Command,
    faces: &[u32],
) -> Result<Vec<String>, BattleError> {
    b.execute_with(command, Dice::Table(TableDice::new(faces.to_vec())))
        .map(|e| e.lines.clone())
}

fn ok(b: &mut Battle<Skirmish>, command: Command, faces: &[u32]) -> Vec<String> {
    match run(b, command.clone(), faces) {
        Ok(lines) => lines,
        Err(e) => panic!("{command:?} with {faces:?} refused: {e}"),
    }
}

/// Oda wins precedence and moves first.
fn moving(b: &mut Battle<Skirmish>) {
    ok(b, Command::RollPrecedence, &[6, 1]);
    ok(b, Command::MovesFirst(0), &[]);
}

/// Advances to a section of turn 1.
fn at(b: &mut Battle<Skirmish>, section: Section) {
    if b.state().section == Section::Movement && b.state().first.is_none() {
        moving(b);
    }
    while b.state().section != section {
        if b.state().section == Section::Melee {
            // Figures in contact must fight: the rest of the bouts, every die a miss.
            fight_required_bouts(b);
        }
        ok(b, Command::EndSection, &[]);
    }
}

/// A shot at a target `inches` away: 10" is close range for every weapon, 20" long range
/// for a yumi or an arquebus and out of range for thrown weapons.
fn shot(shooters: &[FigureRef], target: FigureRef, inches: u32, cover: bool) -> Shot {
    Shot {
        shooters: shooters.to_vec(),
        target,
        inches,
        cover,
    }
}

fn bout(a: FigureRef, b: FigureRef) -> Command {
    Command::Melee {
        a,
        b,
        obstacle: [false, false],
    }
}

// --- Unit sizes and leaders ---------------------------------------------------------------

#[test]
fn figure_groups_expand_into_numbered_figures_and_the_leader_counts_in_the_size() {
    let oda = demo("oda_raiders.ron");
    let bowmen = &oda.units[0];
    assert_eq!(bowmen.figures.len(), 8, "leader + 7 yumi Ashigaru");
    assert!(bowmen.figures[0].leader);
    assert_eq!(bowmen.figures[1].name, "Ashigaru yumi 1");
    assert_eq!(bowmen.figures[7].name, "Ashigaru yumi 7");
    assert!(bowmen.figures[1].trained);
}

#[test]
fn unit_sizes_are_checked_with_the_leader_included() {
    let src = "(\n    name: \"X\",\n    units: [\n        (\n            name: \"Bows\",\n            troop: Ashigaru,\n            leader: (name: \"Jiro\"),\n            figures: [(count: 10)],\n        ),\n    ],\n)\n";
    let errors = custom(src).expect_err("11 figures is too many");
    assert_eq!(
        errors,
        // At the unit's figure list (line 8), the size being the list's with the leader's.
        vec!["t.ron:8:13: 11 figures, its leader included: Ashigaru units have 8 to 10"]
    );
    assert!(custom(&src.replace("count: 10", "count: 9")).is_ok());
}

#[test]
fn only_the_listed_troop_types_may_lead_a_unit() {
    let src = "(name: \"X\", units: [(name: \"Retainers\", troop: Samurai, leader: (name: \"Goro\", troop: Ashigaru), figures: [(count: 4)])])";
    let errors = custom(src).expect_err("an Ashigaru cannot lead Samurai");
    assert!(
        errors[0]
            .contains("a Ashigaru cannot lead Samurai units: allowed Samurai, Hatamoto, Daimyo"),
        "{errors:?}"
    );
}

#[test]
fn ronin_and_ninja_units_are_leaderless() {
    let src = "(name: \"X\", units: [(name: \"Band\", troop: Ronin, leader: (name: \"Goro\", troop: Ronin), figures: [(count: 3)])])";
    assert!(custom(src).expect_err("leaderless")[0].contains("leaderless"));
    let src = "(name: \"X\", units: [(name: \"Band\", troop: Ninja, figures: [(count: 7, weapon: Thrown, trained: true)])])";
    assert!(custom(src).expect_err("too many")[0].contains("Ninja units have 1 to 6"));
}

#[test]
fn shooters_must_say_whether_they_are_trained_at_the_group() {
    let src = "(\n    name: \"X\",\n    units: [\n        (\n            name: \"Bows\",\n            troop: Ashigaru,\n            leader: (name: \"Jiro\"),\n            figures: [\n                (count: 7, weapon: Yumi),\n            ],\n        ),\n    ],\n)\n";
    let errors = custom(src).expect_err("trained missing");
    assert_eq!(
        errors.len(),
        1,
        "one problem per group, not per figure: {errors:?}"
    );
    assert!(
        errors[0].starts_with("t.ron:9:17: say whether this yumi shooter is trained"),
        "{errors:?}"
    );
}

#[test]
fn only_ninja_carry_thrown_weapons() {
    let src = "(name: \"X\", units: [(name: \"Band\", troop: Ronin, figures: [(count: 2, weapon: Thrown, trained: true)])])";
    assert!(custom(src).expect_err("not ninja")[0].contains("only Ninja carry thrown weapons"));
}

// --- Sequence of play ---------------------------------------------------------------------

#[test]
fn precedence_is_1d6_each_high_chooses_and_a_tie_rolls_again() {
    let mut b = battle();
    ok(&mut b, Command::RollPrecedence, &[3, 3]);
    assert_eq!(
        b.state().precedence,
        None,
        "a tie rolls again (ruling precedence)"
    );
    ok(&mut b, Command::RollPrecedence, &[2, 5]);
    assert_eq!(b.state().precedence, Some(1));
    assert!(
        run(&mut b, Command::EndSection, &[]).is_err(),
        "the winner must choose first"
    );
    ok(&mut b, Command::MovesFirst(0), &[]);
    assert_eq!(
        b.state().first,
        Some(0),
        "the winner may let the other side move first"
    );
}

#[test]
fn umpire_may_rule_that_the_precedence_winner_moves_first() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("precedence".into(), "d6_high_moves_first".into());
    let mut b = battle_with(house);
    ok(&mut b, Command::RollPrecedence, &[2, 5]);
    assert_eq!(b.state().first, Some(1));
}

#[test]
fn a_turn_is_four_sections_then_the_next_turn() {
    let mut b = battle();
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    assert_eq!((b.state().turn, b.state().section), (2, Section::Movement));
    assert_eq!(b.state().precedence, None);
}

#[test]
fn charges_are_declared_before_any_movement() {
    let mut b = battle();
    assert!(
        run(
            &mut b,
            Command::DeclareCharge {
                unit: MAEDA,
                target: RONIN
            },
            &[]
        )
        .is_err(),
        "after precedence"
    );
    moving(&mut b);
    ok(
        &mut b,
        Command::DeclareCharge {
            unit: MAEDA,
            target: RONIN,
        },
        &[],
    );
    assert!(
        b.state().engaged(MAEDA, RONIN),
        "a declared charge puts the units in melee"
    );
    ok(
        &mut b,
        Command::Move {
            unit: BOWMEN,
            obstacles: 0,
            difficult: false,
        },
        &[],
    );
    let late = run(
        &mut b,
        Command::DeclareCharge {
            unit: TEPPO,
            target: MONKS,
        },
        &[],
    );
    assert!(late.is_err(), "no charge once anyone has moved");
}

// --- Movement Section ---------------------------------------------------------------------

#[test]
fn move_rates_foot_5_ninja_8_mounted_10_with_their_modifiers() {
    let b = battle();
    let (s, r) = (b.state(), b.rules());
    let foot = s.figure(BOWMAN).expect("bowman");
    let ninja = s.figure(NINJA_1).expect("ninja");
    let horse = s.figure(MAEDA_TOSHIIE).expect("Maeda");
    assert_eq!(move_allowance(r, foot, false, 0, false).0, 5.0);
    assert_eq!(move_allowance(r, ninja, false, 0, false).0, 8.0);
    assert_eq!(move_allowance(r, horse, false, 0, false).0, 10.0);
    assert_eq!(
        move_allowance(r, foot, true, 1, false).0,
        5.0,
        "+2 charging, -2 an obstacle"
    );
    assert_eq!(
        move_allowance(r, foot, false, 0, true).0,
        2.5,
        "difficult ground halves"
    );
    assert_eq!(
        move_allowance(r, ninja, true, 2, true).0,
        11.0,
        "Ninja ignore modifiers and charge +3"
    );
    let mut hurt = foot.clone();
    hurt.wounds.push(Wound::Leg);
    assert_eq!(
        move_allowance(r, &hurt, false, 0, false).0,
        3.0,
        "leg wound -2\""
    );
}

#[test]
fn holding_units_may_not_move() {
    let mut b = battle_with(morale_on());
    at(&mut b, Section::Results);
    ok(
        &mut b,
        Command::DeclareMorale {
            unit: BOWMEN,
            trigger: Trigger::Rally,
        },
        &[],
    );
    // Samurai leader: 4 + 1 alive + 1 Samurai - 2 open = 4 dice; one 5+ holds.
    ok(
        &mut b,
        Command::MoraleTest {
            unit: BOWMEN,
            ground: Ground::Open,
        },
        &[5, 1, 1, 1],
    );
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    assert!(
        run(
            &mut b,
            Command::Move {
                unit: BOWMEN,
                obstacles: 0,
                difficult: false
            },
            &[]
        )
        .is_err()
    );
}

// --- Firing Section -----------------------------------------------------------------------

#[test]
fn fire_dice_are_the_troop_number_modified_by_range_cover_armour_and_moving() {
    let mut b = battle();
    let pool = |b: &Battle<Skirmish>, s, t, close: bool, cover| {
        numbers::fire(
            b.rules(),
            b.state(),
            s,
            t,
            if close { 10 } else { 20 },
            cover,
        )
    };
    assert_eq!(
        pool(&b, BOWMAN, KAMBEI, true, false).dice,
        2,
        "Ashigaru 1 + yumi close 1"
    );
    assert_eq!(
        pool(&b, BOWMAN, KAMBEI, false, false).dice,
        1,
        "long range: no bonus"
    );
    assert_eq!(
        pool(&b, BOWMAN, NINJA_1, true, false).dice,
        1,
        "a Ninja target -1"
    );
    assert_eq!(
        pool(&b, TEPPO_1, KAMBEI, true, false).dice,
        3,
        "teppo close +2"
    );
    assert_eq!(pool(&b, TEPPO_1, KAMBEI, true, true).dice, 2, "cover -1");
    let gorobei = FigureRef(1, 0, 2);
    assert_eq!(
        pool(&b, gorobei, KINOSHITA, false, false).dice,
        2,
        "Ronin 3, armoured target -1"
    );
    moving(&mut b);
    ok(
        &mut b,
        Command::Move {
            unit: TEPPO,
            obstacles: 0,
            difficult: false,
        },
        &[],
    );
    assert_eq!(
        pool(&b, TEPPO_1, KAMBEI, true, false).dice,
        2,
        "firer moved -1"
    );
}

#[test]
fn trained_shooters_hit_on_3_untrained_on_4() {
    let b = battle();
    assert_eq!(
        numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 10, false).needed,
        3
    );
    assert_eq!(
        numbers::fire(b.rules(), b.state(), TEPPO_1, KAMBEI, 10, false).needed,
        4
    );
}

#[test]
fn below_one_die_roll_one_that_hits_only_on_a_6() {
    let mut b = battle();
    let p = numbers::fire(b.rules(), b.state(), BOWMAN, NINJA_1, 20, true);
    assert_eq!(
        (p.dice, p.needed),
        (1, 6),
        "1 - cover - Ninja = -1: one die, 6 only"
    );
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], NINJA_1, 20, true)),
        &[5],
    );
    assert_eq!(b.state().figure(NINJA_1).map(|f| f.pending_hits), Some(0));
    ok(
        &mut b,
        Command::Fire(shot(&[FigureRef(0, 0, 2)], NINJA_1, 20, true)),
        &[6],
    );
    assert_eq!(
        b.state().figure(NINJA_1).map(|f| f.pending_hits),
        Some(1),
        "a 6 always hits"
    );
}

#[test]
fn a_volley_rolls_each_shooter_and_marks_the_hits() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN, FigureRef(0, 0, 2)], KAMBEI, 10, false)),
        &[3, 2, 6, 1],
    );
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(2));
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
            &[1, 1]
        )
        .is_err(),
        "one shot per section"
    );
}

#[test]
fn arquebus_fires_once_per_two_firing_sections() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
        &[1, 1, 1],
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    at(&mut b, Section::Firing);
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
            &[1, 1, 1]
        )
        .is_err(),
        "reloading in turn 2"
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], KAMBEI, 10, false)),
        &[1, 1, 1],
    );
}

#[test]
fn thrown_weapons_have_only_close_range() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[NINJA_1], BOWMAN, 20, false)),
            &[1, 1, 1]
        )
        .is_err()
    );
    // Ninja 3 dice; an unarmoured Ashigaru target: no modifier.
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[1, 2, 3],
    );
}

#[test]
fn an_arm_wound_stops_firing() {
    let mut b = battle();
    let gorobei = FigureRef(1, 0, 2);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], gorobei, 10, false)),
        &[6, 1],
    );
    at(&mut b, Section::Results);
    ok(&mut b, Command::ResolveHits(gorobei), &[9]);
    assert_eq!(
        b.state().figure(gorobei).map(|f| f.wounds.clone()),
        Some(vec![Wound::Arm])
    );
    ok(&mut b, Command::EndSection, &[]);
    at(&mut b, Section::Firing);
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[gorobei], BOWMAN, 10, false)),
            &[6, 6]
        )
        .is_err()
    );
}

#[test]
fn defensive_fire_only_at_a_unit_charging_the_shooters() {
    let mut b = battle();
    moving(&mut b);
    ok(
        &mut b,
        Command::DeclareCharge {
            unit: MAEDA,
            target: RONIN,
        },
        &[],
    );
    let gorobei = FigureRef(1, 0, 2);
    let cards = b.pending();
    assert!(
        cards.iter().any(|c| c.what == "Defensive fire"),
        "offered to the charged unit's shooters"
    );
    // Ronin 3 dice at long range, armoured Samurai -1: 2 dice at 3+.
    ok(
        &mut b,
        Command::DefensiveFire(shot(&[gorobei], FigureRef(0, 2, 1), 20, false)),
        &[3, 1],
    );
    assert_eq!(
        b.state().figure(FigureRef(0, 2, 1)).map(|f| f.pending_hits),
        Some(1)
    );
    assert!(
        run(
            &mut b,
            Command::DefensiveFire(shot(&[BOWMAN], KAMBEI, 10, false)),
            &[1, 1]
        )
        .is_err(),
        "the Ronin are not charging the bowmen"
    );
}

// --- Melee section ------------------------------------------------------------------------

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
    ok(
        &mut b,
        Command::DeclareCharge {
            unit: MAEDA,
            target: RONIN,
        },
        &[],
    );
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

#[test]
fn hits_parry_one_for_one_and_each_pair_fights_once_a_section() {
    let mut b = battle();
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
    let pairs = pairing::suggest(b.rules(), b.state(), BOWMEN, MONKS);
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
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Melee bout")
        .expect("a bout card");
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

// --- Results Section ----------------------------------------------------------------------

/// Kinoshita takes `hits` from Kambei in a bout (Kambei's 2 dice all hit, Kinoshita misses).
fn kinoshita_hit(b: &mut Battle<Skirmish>) {
    ok(b, Command::Engage(BOWMEN, RONIN), &[]);
    at(b, Section::Melee);
    ok(b, bout(KINOSHITA, KAMBEI), &[1, 1, 1, 1, 6, 6]);
    at(b, Section::Results);
}

#[test]
fn results_d12_3_or_less_dead_4_to_7_leg_8_to_11_arm_12_lucky() {
    for (face, wounds, dead) in [
        (3, vec![], true),
        (4, vec![Wound::Leg], false),
        (7, vec![Wound::Leg], false),
        (8, vec![Wound::Arm], false),
        (11, vec![Wound::Arm], false),
        (12, vec![], false),
    ] {
        let mut b = battle();
        kinoshita_hit(&mut b);
        ok(&mut b, Command::ResolveHits(KINOSHITA), &[face, 12]);
        let f = b.state().figure(KINOSHITA).expect("Kinoshita");
        assert_eq!((f.wounds.clone(), f.dead), (wounds, dead), "face {face}");
    }
}

#[test]
fn three_wounds_kill_a_samurai() {
    let mut b = battle();
    kinoshita_hit(&mut b);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[5, 9]);
    assert!(!b.state().figure(KINOSHITA).expect("K").dead, "2 wounds");
    ok(&mut b, Command::EndSection, &[]);
    assert!(
        b.state().engaged(BOWMEN, RONIN),
        "melee goes on into the next turn"
    );
    at(&mut b, Section::Melee);
    // His arm wound costs a die: 3 against Kambei's 2.
    ok(&mut b, bout(KINOSHITA, KAMBEI), &[1, 1, 1, 6, 1]);
    at(&mut b, Section::Results);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[10]);
    assert!(
        b.state().figure(KINOSHITA).expect("K").dead,
        "the third wound kills"
    );
}

#[test]
fn ronin_and_ninja_die_at_two_wounds_unless_the_umpire_says_otherwise() {
    let hit_kambei = |b: &mut Battle<Skirmish>| {
        ok(b, Command::Engage(BOWMEN, RONIN), &[]);
        at(b, Section::Melee);
        ok(b, bout(KINOSHITA, KAMBEI), &[6, 6, 1, 1, 1, 1]);
        at(b, Section::Results);
        ok(b, Command::ResolveHits(KAMBEI), &[5, 9]);
    };
    let mut b = battle();
    hit_kambei(&mut b);
    assert!(
        b.state().figure(KAMBEI).expect("Kambei").dead,
        "ruling ronin_ninja_wounds: 2"
    );
    let mut house = HouseRules::default();
    house.overrides.insert("wounds_to_kill.ronin".into(), 3);
    let mut b = battle_with(house);
    hit_kambei(&mut b);
    assert!(
        !b.state().figure(KAMBEI).expect("Kambei").dead,
        "the umpire set 3"
    );
}

#[test]
fn other_troops_hit_are_dead_when_results_are_resolved() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[6, 1, 1],
    );
    assert!(
        !b.state().figure(BOWMAN).expect("bowman").dead,
        "marked until the Results section"
    );
    ok(&mut b, Command::EndSection, &[]);
    assert!(
        !b.state().figure(BOWMAN).expect("bowman").dead,
        "a hit figure still fights in melee"
    );
    ok(&mut b, Command::EndSection, &[]);
    assert!(
        b.state().figure(BOWMAN).expect("bowman").dead,
        "an Ashigaru hit is dead"
    );
}

#[test]
fn umpire_may_resolve_hits_at_once() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[6, 1, 1],
    );
    assert!(b.state().figure(BOWMAN).expect("bowman").dead);
    ok(
        &mut b,
        Command::Fire(shot(&[FigureRef(0, 0, 2)], KAMBEI, 10, false)),
        &[6, 1],
    );
    assert!(
        run(&mut b, Command::EndSection, &[]).is_err(),
        "Kambei's result is owed first"
    );
    ok(&mut b, Command::ResolveHits(KAMBEI), &[12]);
    ok(&mut b, Command::EndSection, &[]);
}

#[test]
fn results_cards_give_the_chance_of_death() {
    let mut b = battle();
    kinoshita_hit(&mut b);
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what.starts_with("Results"))
        .expect("a results card");
    // Two hits: dead = 1 - P(alive after two): each roll 1/12 lucky, 8/12 wound, 3/12 dead; 2 wounds < 3.
    let alive = (9.0f64 / 12.0).powi(2);
    assert!(
        (card.odds[0].probability - (1.0 - alive)).abs() < 1e-9,
        "{:?}",
        card.odds
    );
}

// --- Morale (optional) --------------------------------------------------------------------

#[test]
fn morale_is_only_tested_when_the_optional_rule_is_on() {
    let mut b = battle();
    kinoshita_hit(&mut b);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[1, 1]);
    assert!(b.state().due.is_empty());
    assert!(
        run(
            &mut b,
            Command::DeclareMorale {
                unit: BOWMEN,
                trigger: Trigger::Rally
            },
            &[]
        )
        .is_err()
    );
}

#[test]
fn losing_the_leader_requires_a_morale_test_with_the_dead_leaders_dice() {
    let mut b = battle_with(morale_on());
    kinoshita_hit(&mut b);
    ok(&mut b, Command::ResolveHits(KINOSHITA), &[2, 1]);
    assert_eq!(
        b.state().due,
        vec![Due::Morale(BOWMEN, Trigger::LeaderLost)]
    );
    assert!(
        run(&mut b, Command::EndSection, &[]).is_err(),
        "settle the test first"
    );
    // Samurai leader 4 - dead 4 + cover 1 = 1 die at 5+.
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Cover);
    assert_eq!((p.dice, p.needed), (1, 5));
    // In the open: 4 - 4 - 2 = -2: one die, 5+ counting only on a 6.
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Open);
    assert_eq!((p.dice, p.needed), (1, 6));
    ok(
        &mut b,
        Command::MoraleTest {
            unit: BOWMEN,
            ground: Ground::Open,
        },
        &[5],
    );
    assert!(
        b.state().unit(BOWMEN).expect("bowmen").routed,
        "no 5+ counted: rout, removed"
    );
    assert!(!b.state().engaged(BOWMEN, RONIN));
}

#[test]
fn morale_dice_take_the_listed_modifiers() {
    let b = battle_with(morale_on());
    let p = numbers::morale(b.rules(), b.state(), BOWMEN, Ground::Neither);
    assert_eq!(p.dice, 6, "Samurai leader 4 + alive 1 + Samurai 1");
    let p = numbers::morale(b.rules(), b.state(), MONKS, Ground::Cover);
    assert_eq!(p.dice, 4, "Monk leader 2 + alive 1 + cover 1");
    let p = numbers::morale(b.rules(), b.state(), NINJA, Ground::Open);
    assert_eq!(
        p.dice, 1,
        "leaderless Ninja 3 - open 2 (ruling morale_dice)"
    );
    let mut shot_at = b.state().clone();
    if let Some(u) = shot_at.unit_mut(MONKS) {
        u.shot_at = true;
    }
    assert_eq!(
        numbers::morale(b.rules(), &shot_at, MONKS, Ground::Cover).dice,
        2,
        "under ranged attack -2"
    );
}

#[test]
fn morale_results_rout_hold_or_carry_on() {
    let mut b = battle_with(morale_on());
    ok(
        &mut b,
        Command::DeclareMorale {
            unit: MONKS,
            trigger: Trigger::Rally,
        },
        &[],
    );
    // 2 + 1 + 1 (cover) = 4 dice: two 5+ carry on.
    ok(
        &mut b,
        Command::MoraleTest {
            unit: MONKS,
            ground: Ground::Cover,
        },
        &[5, 6, 1, 1],
    );
    assert!(
        !b.state()
            .unit(MONKS)
            .expect("monks")
            .holding(b.state().now())
            && !b.state().unit(MONKS).expect("monks").routed
    );
    ok(
        &mut b,
        Command::DeclareMorale {
            unit: MONKS,
            trigger: Trigger::Rally,
        },
        &[],
    );
    ok(
        &mut b,
        Command::MoraleTest {
            unit: MONKS,
            ground: Ground::Cover,
        },
        &[5, 1, 1, 1],
    );
    let monks = b.state().unit(MONKS).expect("monks");
    assert!(
        monks.holding((1, Section::Results)) && !monks.holding((2, Section::Movement)),
        "one 5+: holds for a turn from the test (taken in turn 1's movement section)"
    );
}

#[test]
fn samurai_units_never_test_morale() {
    let mut b = battle_with(morale_on());
    assert!(
        run(
            &mut b,
            Command::DeclareMorale {
                unit: MAEDA,
                trigger: Trigger::Rally
            },
            &[]
        )
        .is_err()
    );
}

#[test]
fn a_unit_losing_half_its_number_in_a_turn_tests() {
    let mut b = battle_with(morale_on());
    at(&mut b, Section::Firing);
    for (i, monk) in (1..=4).enumerate() {
        let shooter = FigureRef(0, 0, u8::try_from(i + 1).expect("small"));
        ok(
            &mut b,
            Command::Fire(shot(&[shooter], FigureRef(1, 2, monk), 10, false)),
            &[6, 1],
        );
    }
    at(&mut b, Section::Results);
    assert_eq!(b.state().unit(MONKS).expect("monks").alive(), 3);
    assert_eq!(
        b.state().due,
        vec![Due::Morale(MONKS, Trigger::HalfLost)],
        "4 of 7: once"
    );
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Morale test")
        .expect("card");
    assert!(
        card.roll.is_none() && card.answers.iter().all(|a| !a.rolls),
        "the umpire says the ground first (ruling morale_ground): a decision, no dice"
    );
    ok(
        &mut b,
        Command::MoraleGround {
            unit: MONKS,
            ground: Ground::Open,
        },
        &[],
    );
    let card = b
        .pending()
        .into_iter()
        .find(|c| c.what == "Morale test")
        .expect("card");
    // Monk 2 + alive 1 - open 2 - shot at 2 = -1: one die, 6 only: rout 5/6.
    assert!(
        (card.odds[0].probability - 5.0 / 6.0).abs() < 1e-9,
        "{:?}",
        card.odds
    );
}

#[test]
fn a_holding_unit_only_parries() {
    let b = battle();
    assert_eq!(
        numbers::landed(b.rules(), [3, 1], [true, false]),
        [0, 0],
        "the holder's hits parry"
    );
    assert_eq!(numbers::landed(b.rules(), [1, 3], [true, false]), [0, 2]);
}

// --- The battle as a whole ------------------------------------------------------------------

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
        assert!(
            game.log().len() > 50,
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

// --- Action forms -------------------------------------------------------------------------

/// The index of the option of a form's choice field that starts with `text`.
fn option(forms: &[gunbai::engine::ActionForm], key: &str, field: usize, text: &str) -> usize {
    let form = forms
        .iter()
        .find(|f| f.key == key)
        .unwrap_or_else(|| panic!("a `{key}` form in {forms:?}"));
    let gunbai::engine::Field::Choice { options, .. } = &form.fields[field] else {
        panic!("field {field} of `{key}` is a choice")
    };
    options
        .iter()
        .position(|o| o.starts_with(text))
        .unwrap_or_else(|| panic!("`{text}` among {options:?}"))
}

#[test]
fn fire_form_previews_the_pool_the_shot_rolls_and_carries_it_out() {
    use gunbai::engine::Game as _;
    let mut b = battle();
    at(&mut b, Section::Firing);
    let forms = b.action_forms(&BOWMAN.id());
    let kambei = option(&forms, "fire", 1, "Shimada Kambei");
    assert_eq!(
        option(&forms, "fire", 0, "Ashigaru yumi 1"),
        0,
        "the figure alone first"
    );
    let values = [0, kambei, 0, 0];
    let pool = numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 0, false);
    let preview = b
        .preview_action(&BOWMAN.id(), "fire", &values)
        .expect("fits")
        .expect("a dice preview");
    assert_eq!(preview.target, pool.words(), "2d6, each 3+");
    assert_eq!(
        preview.modifiers, pool.reasons,
        "every reason the shot rolls with"
    );
    let volley = option(&forms, "fire", 0, "All 7 ready");
    let all = b
        .preview_action(&BOWMAN.id(), "fire", &[volley, kambei, 0, 0])
        .expect("fits")
        .expect("a dice preview");
    assert!(all.target.starts_with("7 x 2d6, each 3+"), "{}", all.target);
    b.do_action(
        &BOWMAN.id(),
        "fire",
        &values,
        b.version(),
        Dice::Table(TableDice::new(vec![3, 1])),
    )
    .expect("shoots");
    assert_eq!(b.state().figure(KAMBEI).map(|f| f.pending_hits), Some(1));
    assert_eq!(
        option(&b.action_forms(&BOWMAN.id()), "fire", 0, "All 6 ready"),
        0,
        "the bowman has shot this section: the rest of the unit may still"
    );
}

#[test]
fn melee_form_previews_both_pools_with_the_obstacle_and_fights_the_bout() {
    use gunbai::engine::Game as _;
    let mut b = battle();
    ok(&mut b, Command::Engage(BOWMEN, RONIN), &[]);
    at(&mut b, Section::Melee);
    let forms = b.action_forms(&KINOSHITA.id());
    let kambei = option(&forms, "melee", 0, "Shimada Kambei");
    // Kambei defends an obstacle: Kinoshita rolls a die less.
    let values = [kambei, 1, 0];
    let mine = numbers::melee(b.rules(), b.state(), KINOSHITA, KAMBEI, true);
    let his = numbers::melee(b.rules(), b.state(), KAMBEI, KINOSHITA, false);
    assert!(mine.reasons.iter().any(|m| m.reason.contains("obstacle")));
    let preview = b
        .preview_action(&KINOSHITA.id(), "melee", &values)
        .expect("fits")
        .expect("a dice preview");
    assert!(
        preview.target.contains(&format!(": {} vs ", mine.words()))
            && preview.target.contains(&format!(": {};", his.words())),
        "{}",
        preview.target
    );
    assert_eq!(
        preview.modifiers.len(),
        mine.reasons.len() + his.reasons.len()
    );
    let mut faces = vec![6; mine.dice as usize];
    faces.extend(vec![1; his.dice as usize]);
    b.do_action(
        &KINOSHITA.id(),
        "melee",
        &values,
        b.version(),
        Dice::Table(TableDice::new(faces)),
    )
    .expect("fights");
    assert_eq!(
        b.state().figure(KAMBEI).map(|f| f.pending_hits),
        Some(mine.dice),
        "every 6 lands: Kambei parried none"
    );
    let after = b.action_forms(&KINOSHITA.id());
    assert!(
        after
            .iter()
            .filter(|f| f.key == "melee")
            .all(|f| !format!("{:?}", f.fields).contains("Shimada Kambei")),
        "each pair fights once a section"
    );
}

#[test]
fn movement_forms_declare_charges_and_move_with_the_calculator() {
    use gunbai::engine::Game as _;
    let mut b = battle();
    moving(&mut b);
    let forms = b.action_forms(&NINJA_1.id());
    let bowmen = option(&forms, "charge", 0, "Kinoshita's bowmen");
    let preview = b
        .preview_action(&NINJA_1.id(), "charge", &[bowmen])
        .expect("fits")
        .expect("the calculator");
    assert!(
        preview.notes[0].starts_with("Ninja 1 and 3 more: 11\""),
        "{:?}",
        preview.notes
    );
    b.do_action(
        &NINJA_1.id(),
        "charge",
        &[bowmen],
        b.version(),
        Dice::Table(TableDice::new(vec![])),
    )
    .expect("declared");
    assert_eq!(b.state().unit(NINJA).and_then(|u| u.charging), Some(BOWMEN));
    assert!(
        b.action_forms(&MONK_1.id()).iter().all(|f| f.key != "move"),
        "the Oda move first"
    );
    ok(&mut b, Command::MovesDone(0), &[]);
    let move_preview = b
        .preview_action(&MONK_1.id(), "move", &[1, 1])
        .expect("fits")
        .expect("the calculator");
    assert!(
        move_preview.notes[0].contains("difficult ground: half"),
        "{:?}",
        move_preview.notes
    );
    b.do_action(
        &MONK_1.id(),
        "move",
        &[1, 1],
        b.version(),
        Dice::Table(TableDice::new(vec![])),
    )
    .expect("moved");
    assert!(b.state().unit(MONKS).is_some_and(|u| u.moved));
    assert!(
        b.action_forms(&MONK_1.id())
            .iter()
            .all(|f| f.key != "move" && f.key != "charge"),
        "moved once; no charges after the first move"
    );
}

#[test]
fn action_forms_fire_with_the_pool_the_preview_shows() {
    use gunbai::engine::{Dice, Field, Game as _};
    let mut b = battle();
    at(&mut b, Section::Firing);
    let id = format!("{}.{}.{}", BOWMAN.0, BOWMAN.1, BOWMAN.2);
    let forms = b.action_forms(&id);
    let fire = forms.iter().find(|f| f.key == "fire").expect("a fire form");
    let Field::Choice { options, .. } = &fire.fields[1] else {
        panic!("target choice")
    };
    let target = options
        .iter()
        .position(|o| o.starts_with(&b.state().figure_name(KAMBEI)))
        .expect("Kambei listed");
    // The bowman alone, at Kambei, close range, in the open.
    let values = [0, target, 0, 0];
    let preview = b
        .preview_action(&id, "fire", &values)
        .expect("fits")
        .expect("a dice preview");
    let pool = numbers::fire(b.rules(), b.state(), BOWMAN, KAMBEI, 0, false);
    assert_eq!(preview.target, pool.words());
    let faces: Vec<u32> = vec![6; usize::try_from(pool.expr().dice_count()).expect("small")];
    b.do_action(
        &id,
        "fire",
        &values,
        b.version(),
        Dice::Table(gunbai::dice::TableDice::new(faces)),
    )
    .expect("fires");
    assert!(
        b.state().figure(KAMBEI).expect("Kambei").pending_hits > 0,
        "the hits wait for the Results section"
    );
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

// --- Melee section: figures in contact fight ------------------------------------------------

/// Fights every required bout card with dice that all miss.
fn fight_required_bouts(b: &mut Battle<Skirmish>) -> usize {
    let mut fought = 0;
    while let Some(card) = b
        .pending()
        .into_iter()
        .find(|c| c.required && c.what == "Melee bout")
    {
        let dice = card.roll.as_ref().map_or(0, |r| r.dice_count());
        let roll = card.answers.iter().find(|a| a.rolls).expect("a roll");
        ok(b, roll.command.clone(), &vec![1; dice as usize]);
        fought += 1;
        assert!(fought < 50, "bouts run out");
    }
    fought
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
    let left = pairing::suggest(b.rules(), b.state(), BOWMEN, RONIN);
    assert!(left.iter().all(|(x, y)| *x != KINOSHITA && *y != HEIHACHI));
    assert!(
        left.iter().any(|(_, y)| *y == KAMBEI),
        "Kambei still owes his"
    );
    assert_eq!(fight_required_bouts(&mut b), 7, "4 pairs left and 3 spares");
    assert!(pairing::owing_bouts(b.state()).is_empty());
    ok(&mut b, Command::EndSection, &[]);
    assert_eq!(b.state().section, Section::Results);
}

// --- Morale: no test for a unit with nobody left ----------------------------------------------

/// Six bowmen shoot the six monks under the abbot, each rolling a hit and a miss.
fn shoot_every_monk(b: &mut Battle<Skirmish>) -> Vec<String> {
    let mut lines = Vec::new();
    for i in 1..=6u8 {
        lines.extend(ok(
            b,
            Command::Fire(shot(&[FigureRef(0, 0, i)], FigureRef(1, 2, i), 10, false)),
            &[6, 1],
        ));
    }
    lines
}

#[test]
fn morale_a_unit_wiped_out_owes_no_test() {
    let mut b = battle_with(morale_on());
    at(&mut b, Section::Firing);
    shoot_every_monk(&mut b);
    // The abbot too, by the teppo.
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], ABBOT, 10, false)),
        &[6, 1, 1],
    );
    at(&mut b, Section::Results);
    assert_eq!(b.state().unit(MONKS).map(|u| u.alive()), Some(0));
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    assert!(b.pending().iter().all(|c| c.what != "Morale test"));
}

#[test]
fn morale_a_unit_whose_last_figure_dies_after_its_leader_owes_no_test() {
    let mut house = morale_on();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[TEPPO_1], ABBOT, 10, false)),
        &[6, 1, 1],
    );
    assert_eq!(
        b.state().due,
        vec![Due::Morale(MONKS, Trigger::LeaderLost)],
        "the abbot is dead: a test is due"
    );
    let lines = shoot_every_monk(&mut b);
    assert_eq!(b.state().unit(MONKS).map(|u| u.alive()), Some(0));
    assert!(b.state().due.is_empty(), "dropped: {:?}", b.state().due);
    assert!(
        lines.iter().any(|l| l.contains("no longer owed")),
        "{lines:#?}"
    );
    ok(&mut b, Command::EndSection, &[]);
}

// --- Firing Section: ranges and rate of fire from the table ------------------------------------

#[test]
fn firing_range_bands_come_from_the_weapon_table_and_beyond_long_range_is_refused() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let dice = |b: &Battle<Skirmish>, s, t, inches| {
        numbers::fire(b.rules(), b.state(), s, t, inches, false).dice
    };
    assert_eq!(dice(&b, BOWMAN, KAMBEI, 15), 2, "yumi 0-15\": close, +1");
    assert_eq!(dice(&b, BOWMAN, KAMBEI, 16), 1, "yumi 16-30\": long");
    assert_eq!(
        dice(&b, TEPPO_1, KAMBEI, 12),
        3,
        "arquebus 0-12\": close, +2"
    );
    assert_eq!(dice(&b, TEPPO_1, KAMBEI, 13), 1, "arquebus 13-24\": long");
    for (shooter, target, beyond) in [
        (BOWMAN, KAMBEI, 31),
        (TEPPO_1, KAMBEI, 25),
        (NINJA_1, BOWMAN, 11),
    ] {
        let refused = run(
            &mut b,
            Command::Fire(shot(&[shooter], target, beyond, false)),
            &[],
        )
        .expect_err("beyond long range");
        assert!(
            refused.to_string().contains("beyond")
                && refused.to_string().contains("Firing Section"),
            "{refused}"
        );
    }
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 30, false)),
        &[1],
    );
    ok(
        &mut b,
        Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
        &[1, 1, 1],
    );
    // A house rule that changes a range changes the game.
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("ranges_inches.yumi_close".into(), 20);
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    assert_eq!(
        dice(&b, BOWMAN, KAMBEI, 18),
        2,
        "18\" is close with a 20\" close range"
    );
}

#[test]
fn firing_the_shooting_cards_offer_each_band_of_the_weapon_from_the_table() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let cards = b.pending();
    let inches_of = |what: &str, who: &str| -> Vec<u32> {
        cards
            .iter()
            .filter(|c| c.what == what && c.who.contains(who))
            .flat_map(|c| &c.answers)
            .filter_map(|a| match &a.command {
                Command::Fire(s) => Some(s.inches),
                _ => None,
            })
            .collect()
    };
    assert_eq!(inches_of("Shooting at close", "Kinoshita"), vec![15]);
    assert_eq!(inches_of("Shooting at long", "Kinoshita"), vec![30]);
    assert_eq!(inches_of("Shooting at close", "teppō"), vec![12]);
    assert_eq!(inches_of("Shooting at long", "teppō"), vec![24]);
    assert_eq!(inches_of("Shooting at close", "Iga"), vec![10]);
    assert!(
        inches_of("Shooting at long", "Iga").is_empty(),
        "thrown: no long range"
    );
}

#[test]
fn firing_rate_of_fire_is_read_from_the_table() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    let refused = run(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    )
    .expect_err("one shot a section");
    assert!(refused.to_string().contains("Firing Section"), "{refused}");
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("rate_of_fire.yumi_shots_per_section".into(), 2);
    house
        .overrides
        .insert("rate_of_fire.thrown_shots_per_section".into(), 0);
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    ok(
        &mut b,
        Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
        &[1, 1],
    );
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[BOWMAN], KAMBEI, 10, false)),
            &[1, 1]
        )
        .is_err()
    );
    assert!(
        run(
            &mut b,
            Command::Fire(shot(&[NINJA_1], BOWMAN, 10, false)),
            &[1, 1, 1]
        )
        .is_err(),
        "no thrown shots at all under that house rule"
    );
}

#[test]
fn firing_defensive_fire_only_at_a_charger_that_started_beyond_half_close_range() {
    let mut b = battle();
    moving(&mut b);
    for (unit, target) in [(NINJA, BOWMEN), (RONIN, TEPPO), (MAEDA, NINJA)] {
        ok(&mut b, Command::DeclareCharge { unit, target }, &[]);
    }
    // Half close range: yumi 7.5", arquebus 6", thrown 5".
    for (shooter, charger, too_near, far_enough, dice) in [
        (BOWMAN, NINJA_1, 7, 8, 1),
        (TEPPO_1, KAMBEI, 6, 7, 3),
        (NINJA_1, MAEDA_TOSHIIE, 5, 6, 2),
    ] {
        let refused = run(
            &mut b,
            Command::DefensiveFire(shot(&[shooter], charger, too_near, false)),
            &[],
        )
        .expect_err("too near");
        assert!(refused.to_string().contains("half"), "{refused}");
        ok(
            &mut b,
            Command::DefensiveFire(shot(&[shooter], charger, far_enough, false)),
            &vec![1; dice],
        );
    }
}

// --- Sequence of play: precedence orders the movement -------------------------------------------

#[test]
fn precedence_the_side_that_moves_first_makes_its_moves_before_the_other_side() {
    let mut b = battle();
    ok(&mut b, Command::RollPrecedence, &[2, 5]);
    ok(&mut b, Command::MovesFirst(1), &[]);
    let mv = |unit| Command::Move {
        unit,
        obstacles: 0,
        difficult: false,
    };
    let refused = run(&mut b, mv(BOWMEN), &[]).expect_err("the village moves first");
    assert!(
        refused.to_string().contains("Sequence of play"),
        "{refused}"
    );
    ok(&mut b, mv(RONIN), &[]);
    assert!(
        run(&mut b, Command::MovesDone(0), &[]).is_err(),
        "only the side moving first says it is done"
    );
    let done = b
        .pending()
        .into_iter()
        .flat_map(|c| c.answers)
        .find(|a| a.command == Command::MovesDone(1))
        .expect("the movement card offers it");
    assert!(!done.rolls, "a decision");
    ok(&mut b, Command::MovesDone(1), &[]);
    assert!(
        run(&mut b, mv(NINJA), &[]).is_err(),
        "the village has moved"
    );
    ok(&mut b, mv(BOWMEN), &[]);
    ok(&mut b, Command::EndSection, &[]);
    // Next turn, the Oda move first.
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    ok(&mut b, Command::RollPrecedence, &[6, 1]);
    ok(&mut b, Command::MovesFirst(0), &[]);
    assert!(run(&mut b, mv(RONIN), &[]).is_err());
    ok(&mut b, mv(MAEDA), &[]);
}

#[test]
fn firing_the_shooting_card_shows_the_odds_of_the_volley_its_button_fires() {
    let mut b = battle();
    at(&mut b, Section::Firing);
    let cards = b.pending();
    let card = |who: &str| {
        cards
            .iter()
            .find(|c| c.what == "Shooting at close" && c.who.contains(who))
            .expect("a close-range card")
    };
    // Kinoshita's bowmen: all 7 yumi, 2d6 each at 3+ on Kambei: 14 dice.
    let bowmen = card("Kinoshita");
    let Command::Fire(volley) = &bowmen.answers[0].command else {
        panic!("a volley")
    };
    assert_eq!(volley.shooters.len(), 7, "the button fires the whole unit");
    assert_eq!(bowmen.roll.as_ref().map(|r| r.dice_count()), Some(14));
    let all_miss = (1.0_f64 / 3.0).powi(14);
    assert!((bowmen.odds[0].probability - (1.0 - all_miss)).abs() < 1e-12);
    // Murai Nagayori shoots alone for Maeda's retainers: his own 5 dice.
    let murai = card("Murai");
    let Command::Fire(one) = &murai.answers[0].command else {
        panic!("a shot")
    };
    assert_eq!(one.shooters.len(), 1, "one figure's fire");
    assert_eq!(murai.roll.as_ref().map(|r| r.dice_count()), Some(5));
    assert!((murai.odds[0].probability - (1.0 - (1.0_f64 / 3.0).powi(5))).abs() < 1e-12);
    // The volley rolls exactly the dice the card shows.
    ok(&mut b, bowmen.answers[0].command.clone(), &[1; 14]);
}

#[test]
fn firing_with_hits_resolved_at_once_a_volley_stops_when_its_target_falls() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    // A monk dies of any hit: with hits resolved at once, the second bowman has no target.
    let volley = shot(&[BOWMAN, FigureRef(0, 0, 2)], MONK_1, 10, false);
    let lines = ok(&mut b, Command::Fire(volley), &[6, 1]);
    assert_eq!(
        lines.iter().filter(|l| l.contains("shoots")).count(),
        1,
        "the monk fell to the first bowman: {lines:#?}"
    );
    assert!(b.state().figure(MONK_1).is_some_and(|f| f.dead));
}

// --- Morale: a holding result lasts one turn ------------------------------------------------------

/// The bowmen rally in `section` of turn 1 and hold (one 5+ of 4 dice in the open).
fn bowmen_hold_in(section: Section) -> Battle<Skirmish> {
    let mut b = battle_with(morale_on());
    at(&mut b, section);
    ok(
        &mut b,
        Command::DeclareMorale {
            unit: BOWMEN,
            trigger: Trigger::Rally,
        },
        &[],
    );
    ok(
        &mut b,
        Command::MoraleTest {
            unit: BOWMEN,
            ground: Ground::Open,
        },
        &[5, 1, 1, 1],
    );
    b
}

#[test]
fn morale_a_holding_result_lasts_one_turn_whichever_section_the_test_was_taken_in() {
    let mv = Command::Move {
        unit: BOWMEN,
        obstacles: 0,
        difficult: false,
    };
    // Taken in the movement section: it holds through turn 1, and moves again in turn 2.
    let mut b = bowmen_hold_in(Section::Movement);
    assert!(run(&mut b, mv.clone(), &[]).is_err(), "holding: no move");
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    ok(&mut b, mv.clone(), &[]);
    // Taken in the results section: it holds through turn 2's movement and melee.
    let mut b = bowmen_hold_in(Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    assert!(
        run(&mut b, mv.clone(), &[]).is_err(),
        "still holding in turn 2"
    );
    let bowmen = b.state().unit(BOWMEN).expect("bowmen");
    assert!(bowmen.holding((2, Section::Melee)) && !bowmen.holding((2, Section::Results)));
    at(&mut b, Section::Results);
    ok(&mut b, Command::EndSection, &[]);
    moving(&mut b);
    ok(&mut b, mv, &[]);
}

// --- Rulings recorded: difficult ground, Ninja movement, wounds that stack --------------------

/// A figure of the demo with these wounds.
fn wounded(
    b: &Battle<Skirmish>,
    f: FigureRef,
    wounds: &[Wound],
) -> gunbai::rules::skirmish::state::FigureState {
    let mut x = b.state().figure(f).expect("figure").clone();
    x.wounds = wounds.to_vec();
    x
}

#[test]
fn movement_difficult_ground_halves_the_move_after_the_charge_bonus_obstacles_and_leg_wounds() {
    let b = battle();
    let monk = wounded(&b, MONK_1, &[Wound::Leg]);
    // (5 + 2 charging - 2 obstacle - 2 leg wound) / 2.
    let (inches, why) = move_allowance(b.rules(), &monk, true, 1, true);
    assert!((inches - 1.5).abs() < 1e-9, "{inches} {why:?}");
    assert_eq!(
        why.last().map(String::as_str),
        Some("difficult ground: half")
    );
}

#[test]
fn movement_ninja_ignore_difficult_ground_and_obstacles_but_not_leg_wounds() {
    let b = battle();
    let ninja = wounded(&b, NINJA_1, &[Wound::Leg]);
    let (inches, _) = move_allowance(b.rules(), &ninja, false, 2, true);
    assert!(
        (inches - 6.0).abs() < 1e-9,
        "8 - 2 for the leg wound: {inches}"
    );
    let (inches, _) = move_allowance(b.rules(), &ninja, true, 0, false);
    assert!((inches - 9.0).abs() < 1e-9, "8 + 3 charging - 2: {inches}");
}

#[test]
fn results_arm_and_leg_wounds_stack_per_wound() {
    let b = battle();
    let kambei = wounded(&b, KAMBEI, &[Wound::Leg, Wound::Leg]);
    let (inches, _) = move_allowance(b.rules(), &kambei, false, 0, false);
    assert!((inches - 1.0).abs() < 1e-9, "5 - 2 - 2: {inches}");
    let mut state = b.state().clone();
    *state.figure_mut(KAMBEI).expect("Kambei") = wounded(&b, KAMBEI, &[Wound::Arm, Wound::Arm]);
    // Ronin 3 dice, armoured Kinoshita -1, two arm wounds -2: below one die.
    let pool = numbers::melee(b.rules(), &state, KAMBEI, KINOSHITA, false);
    assert_eq!((pool.dice, pool.needed), (1, 6), "{:?}", pool.reasons);
    assert!(
        pool.reasons
            .iter()
            .any(|m| m.value == -2 && m.reason.contains("arm wound x2"))
    );
}

// --- Journals: events that cannot follow are refused -----------------------------------------

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
fn morale_the_share_of_the_unit_lost_that_tests_is_read_from_the_table() {
    for (percent, due) in [(50, false), (25, true)] {
        let mut house = morale_on();
        house
            .overrides
            .insert("morale.half_lost_percent".into(), percent);
        let mut b = battle_with(house);
        at(&mut b, Section::Firing);
        for i in 1..=2u8 {
            ok(
                &mut b,
                Command::Fire(shot(&[FigureRef(0, 0, i)], FigureRef(1, 2, i), 10, false)),
                &[6, 1],
            );
        }
        at(&mut b, Section::Results);
        assert_eq!(
            b.state()
                .due
                .contains(&Due::Morale(MONKS, Trigger::HalfLost)),
            due,
            "2 of 7 monks lost, {percent}%"
        );
    }
}

/// Hold, then test again: two 5s let the monks continue as normal (ruling `pass_ends_hold`),
/// or, switched, the hold runs its turn.
fn monks_hold_then_pass(house: HouseRules) -> Battle<Skirmish> {
    let mut b = battle_with(house);
    for faces in [[5, 1, 1, 1], [5, 6, 1, 1]] {
        ok(
            &mut b,
            Command::DeclareMorale {
                unit: MONKS,
                trigger: Trigger::Rally,
            },
            &[],
        );
        // 2 + 1 + 1 (cover) = 4 dice: one 5+ holds, then two carry on.
        ok(
            &mut b,
            Command::MoraleTest {
                unit: MONKS,
                ground: Ground::Cover,
            },
            &faces,
        );
    }
    b
}

#[test]
fn morale_two_fives_after_a_hold_let_the_unit_continue_as_normal() {
    let b = monks_hold_then_pass(morale_on());
    let monks = b.state().unit(MONKS).expect("monks");
    assert!(!monks.holding(b.state().now()), "the hold ended");
    let mut house = morale_on();
    house
        .rulings
        .insert("pass_ends_hold".into(), "hold_runs_its_turn".into());
    let b = monks_hold_then_pass(house);
    let monks = b.state().unit(MONKS).expect("monks");
    assert!(
        monks.holding(b.state().now()),
        "switched: the hold runs its turn"
    );
}
