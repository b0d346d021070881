//! Kozeriai: one test per rule, table and modifier, named after it, driving the real engine
//! with the faces a table would roll (a d10 read 0-9: the 0 face is typed as 10). Sections
//! are those of the rules text.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use gunbai::dice::TableDice;
use gunbai::engine::Battle;
use gunbai::engine::RuleSet as _;
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::kozeriai::command::{Action, ClashKind, Ride, Situation, Step, Visibility};
use gunbai::rules::kozeriai::event::{FallResult, JumpResult};
use gunbai::rules::kozeriai::numbers::clash::{self, UNARMED};
use gunbai::rules::kozeriai::numbers::{odds, shooting};
use gunbai::rules::kozeriai::pending::cards;
use gunbai::rules::kozeriai::roster::Armour;
use gunbai::rules::kozeriai::state::{Due, FigureRef, Speed, Stage, TripCause};
use gunbai::rules::kozeriai::tables::weapons::{Class, Shoots, relative_factor};
use gunbai::rules::kozeriai::{
    Army, Command, Event, Kozeriai, Rules, fall_result, jump_result, jump_row, stamina_change,
    trip_needed,
};

mod kozeriai_support;
use kozeriai_support::*;

const EAST: &str = r#"(
    name: "East",
    figures: [
        (name: "Taro", player: "P1", skills: {"Katana": 3, "Kyu": 4, "Teppo": 3}, armour: Part),
        (name: "Jiro", player: "P1", skills: {"Tetsubo": 2}),
        (name: "Saburo", player: "P1", skills: {"Manrikigusari": 3, "Kusarigama": 3, "Shuriken": 8}),
        (name: "Shiro", player: "P1", skills: {"Katana": 6}, iaijutsu: 6, ni_ten: 5, ki_ai: 5,
         heroic: true, stamina: 15),
        (name: "Rider", player: "P1", skills: {"Yari": 3}, horse: true),
    ],
)"#;

const WEST: &str = r#"(
    name: "West",
    figures: [
        (name: "Goro", player: "P2", skills: {"Katana": 3}, armour: Armoured, wounds: 7,
         yadomejutsu: {"Katana": 12}, ki_ai: 2),
        (name: "Rokuro", player: "P2", skills: {"Wakizashi": 3, "Tanto": 1}),
        (name: "Hachi", player: "P2", skills: {"Katana": 0}),
    ],
)"#;

const TARO: FigureRef = FigureRef(0, 0);
const JIRO: FigureRef = FigureRef(0, 1);
const SABURO: FigureRef = FigureRef(0, 2);
const SHIRO: FigureRef = FigureRef(0, 3);
const RIDER: FigureRef = FigureRef(0, 4);
const GORO: FigureRef = FigureRef(1, 0);
const ROKURO: FigureRef = FigureRef(1, 1);
const HACHI: FigureRef = FigureRef(1, 2);

fn army(file: &str, source: &str) -> Result<Army, Vec<String>> {
    let text = RosterText {
        file: file.into(),
        source: source.into(),
    };
    Kozeriai::load_army(&text)
        .map(|l| l.army)
        .map_err(|e| e.iter().map(ToString::to_string).collect())
}

fn battle_with(house: HouseRules) -> Battle<Kozeriai> {
    let armies = [
        army("east.ron", EAST).unwrap(),
        army("west.ron", WEST).unwrap(),
    ];
    Battle::<Kozeriai>::start(armies, house, None).expect("battle starts")
}

fn battle() -> Battle<Kozeriai> {
    battle_with(HouseRules::default())
}

/// The rider changes the horse's speed.
fn ride(b: &mut Battle<Kozeriai>, speed: Speed) {
    let action = Action::Ride(Ride::At(speed));
    ok(
        b,
        Command::Act {
            figure: RIDER,
            action,
        },
        &[],
    );
}

fn fig(b: &Battle<Kozeriai>, f: FigureRef) -> gunbai::rules::kozeriai::state::FigureState {
    b.state().figure(f).expect("figure").clone()
}

fn clash_outcome(events: &[Event]) -> clash::Outcome {
    events
        .iter()
        .find_map(|e| match e {
            Event::Clash { dice, .. } => Some(dice.outcome.clone()),
            _ => None,
        })
        .expect("a clash event")
}

fn clash_totals(events: &[Event]) -> [i64; 2] {
    events
        .iter()
        .find_map(|e| match e {
            Event::Clash { dice, .. } => Some(dice.totals),
            _ => None,
        })
        .expect("a clash event")
}

// ---- Dice, rosters, reference (Playing the Game, Characteristics, Weapons Glossary) ----

#[test]
fn d10_zero_face_reads_zero() {
    assert_eq!(odds::read(10, 10), 0);
    assert_eq!(odds::read(1, 10), 1);
    assert_eq!(odds::read(9, 10), 9);
    // 1d10-1 runs 0..=9, each a tenth.
    let d = odds::die_expr(10, 0).distribution();
    assert_eq!((d.min(), d.max()), (0, 9));
    assert!((d.probability_of(0) - 0.1).abs() < 1e-12);
}

#[test]
fn demo_rosters_load_and_use_the_example_characters() {
    let [village, bandits] = gunbai::rules::demo_rosters("kozeriai").expect("demo rosters");
    let v = Kozeriai::load_army(&village).expect("village loads").army;
    let b = Kozeriai::load_army(&bandits).expect("bandits load").army;
    // Samurai template: main weapon +4, secondary +2 (Example Character Statistics).
    let kambei = &v.figures[0];
    assert_eq!((kambei.skill("Katana"), kambei.skill("Kyu")), (4, 2));
    // Master swordsman +6; farmers zero in everything; ashigaru spear +2, sword +0.
    assert_eq!(v.figures[1].skill("Katana"), 6);
    assert!(
        v.figures
            .iter()
            .filter(|f| f.name.starts_with("Farmer"))
            .all(|f| f.skill("Take-yari") == 0)
    );
    let bandit = b
        .figures
        .iter()
        .find(|f| f.name == "Bandit 1")
        .expect("bandit 1");
    assert_eq!((bandit.skill("Yari"), bandit.skill("Katana")), (2, 0));
    assert!(v.players().len() >= 2 && b.players().len() >= 2);
}

#[test]
fn roster_errors_name_the_glossary_and_the_farmers_limits() {
    let bad = r#"(name: "X", figures: [
        (name: "A", player: "P", skills: {"Katanna": 3}),
        (name: "B", player: "P", template: Farmer, main: "Katana"),
        (name: "C", player: "P", skills: {"Yari": 1}, wounds: 9),
    ])"#;
    let errors = army("x.ron", bad).expect_err("invalid");
    let all = errors.join("\n");
    assert!(all.contains("x.ron:2:"), "{all}");
    assert!(
        all.contains("`Katanna` is not in the weapons glossary"),
        "{all}"
    );
    assert!(all.contains("farmers cannot use bows or swords"), "{all}");
    assert!(
        all.contains("the Variable Wounds scale is 3 puny weakling"),
        "{all}"
    );
}

#[test]
fn reference_table_loads_with_every_row_sectioned() {
    let rules = Rules::new(&HouseRules::default()).expect("rules");
    assert_eq!(rules.t.dice.sides, 10);
    let rows = gunbai::reference::rows(gunbai::reference::text("kozeriai").expect("embedded"));
    assert!(rows.len() > 60);
    assert!(
        rows.iter().all(|r| !r.section.is_empty()),
        "a row without a section"
    );
    // Glossary classes come from the text.
    assert_eq!(
        rules.weapon("Wakizashi").unwrap().melee_class(),
        Some(Class::Short)
    );
    assert_eq!(
        rules.weapon("Tanto").unwrap().melee_class(),
        Some(Class::CloseIn)
    );
    assert_eq!(
        rules.weapon("Teppo").unwrap().shoots(),
        Some(Shoots::Musket)
    );
    assert_eq!(rules.weapon("Kyu").unwrap().melee_class(), None);
}

#[test]
fn contingents_alternate_sides_in_the_order_of_movement() {
    let east = EAST.replace(
        "(name: \"Jiro\", player: \"P1\"",
        "(name: \"Jiro\", player: \"P3\"",
    );
    let armies = [army("e", &east).unwrap(), army("w", WEST).unwrap()];
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("order_of_movement".into(), "alternate_sides".into());
    let b = Battle::<Kozeriai>::start(armies.clone(), house, None).unwrap();
    let order: Vec<&str> = b
        .state()
        .contingents
        .iter()
        .map(|c| c.player.as_str())
        .collect();
    assert_eq!(order, ["P1", "P2", "P3"]);
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("order_of_movement".into(), "side_by_side".into());
    let b = Battle::<Kozeriai>::start(armies, house, None).unwrap();
    let order: Vec<&str> = b
        .state()
        .contingents
        .iter()
        .map(|c| c.player.as_str())
        .collect();
    assert_eq!(order, ["P1", "P3", "P2"]);
}

// ---- Actions and Moving Horses ----

#[test]
fn one_action_per_figure_per_turn() {
    let mut b = battle();
    let stay = Action::Step {
        step: Step::Forward,
        reload: false,
        aim: None,
        jump: false,
    };
    ok(
        &mut b,
        Command::Act {
            figure: TARO,
            action: stay.clone(),
        },
        &[],
    );
    let why = refused(
        &mut b,
        Command::Act {
            figure: TARO,
            action: stay.clone(),
        },
        &[],
    );
    assert!(why.contains("has taken its action"), "{why}");
    // Only the contingent acting now moves.
    let why = refused(
        &mut b,
        Command::Act {
            figure: GORO,
            action: stay,
        },
        &[],
    );
    assert!(why.contains("not in the contingent"), "{why}");
}

#[test]
fn dash_is_two_or_three_hexes_and_costs_three_in_combat() {
    let mut b = battle();
    let why = refused(
        &mut b,
        Command::Act {
            figure: TARO,
            action: Action::Dash(4),
        },
        &[],
    );
    assert!(why.contains("2 or 3"), "{why}");
    ok(
        &mut b,
        Command::Act {
            figure: TARO,
            action: Action::Dash(3),
        },
        &[],
    );
    let mods = modifier_values(
        b.rules(),
        b.state(),
        &strike(TARO, "Katana", HACHI, "Katana"),
        0,
    );
    assert!(has(&mods, "dashing", -3), "{mods:?}");
    // A body charge may dash without the penalty (Body Charges).
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    let mods = modifier_values(b.rules(), b.state(), &charge, 0);
    assert!(!mods.iter().any(|(r, _)| r.contains("dashing")), "{mods:?}");
}

#[test]
fn horses_change_speed_by_at_most_two_hexes_a_phase() {
    let mut b = battle();
    let why = refused(
        &mut b,
        Command::Act {
            figure: RIDER,
            action: Action::Ride(Ride::At(Speed::Canter)),
        },
        &[],
    );
    assert!(why.contains("at most 2"), "{why}");
    ride(&mut b, Speed::Trot);
    assert_eq!(fig(&b, RIDER).speed, Speed::Trot);
    // A rider who changed the horse's activity cannot attack this turn.
    at(&mut b, 0, Stage::Fighting);
    let why = refused(
        &mut b,
        Command::Clash(strike(RIDER, "Yari", HACHI, "Katana")),
        &[5, 5],
    );
    assert!(why.contains("changed the horse's activity"), "{why}");
}

#[test]
fn horse_speed_gives_the_rider_plus_one_cantering_plus_two_galloping() {
    let b = battle();
    let mut state = b.state().clone();
    state.figure_mut(RIDER).unwrap().speed = Speed::Gallop;
    let order = strike(RIDER, "Yari", HACHI, "Katana");
    assert!(has(
        &modifier_values(b.rules(), &state, &order, 0),
        "horse galloping",
        2
    ));
    state.figure_mut(RIDER).unwrap().speed = Speed::Canter;
    assert!(has(
        &modifier_values(b.rules(), &state, &order, 0),
        "horse cantering",
        1
    ));
    let mut off = order.clone();
    off.attacker.situation.off_arc = true;
    assert!(
        !modifier_values(b.rules(), &state, &off, 0)
            .iter()
            .any(|(r, _)| r.contains("horse"))
    );
    // Only a canter or a gallop gives the bonus: none at a trot, a walk or a halt.
    for speed in [Speed::Trot, Speed::Walk, Speed::Halt] {
        state.figure_mut(RIDER).unwrap().speed = speed;
        let mods = modifier_values(b.rules(), &state, &order, 0);
        assert!(!mods.iter().any(|(r, _)| r.contains("horse")), "{mods:?}");
    }
}

#[test]
fn horse_jump_table() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    use gunbai::rules::kozeriai::command::Obstacle;
    let low = jump_row(&rules, Obstacle::LowHedge);
    assert_eq!(jump_result(low, 0), JumpResult::Thrown);
    assert_eq!(jump_result(low, 1), JumpResult::Refused);
    assert_eq!(jump_result(low, 2), JumpResult::Cleared);
    let barricade = jump_row(&rules, Obstacle::Barricade);
    assert_eq!(jump_result(barricade, 1), JumpResult::Thrown);
    assert_eq!(jump_result(barricade, 4), JumpResult::Refused);
    assert_eq!(jump_result(barricade, 5), JumpResult::Cleared);
    // A 1 hex gap never throws the rider: it refuses on a 0 only.
    let gap = jump_row(&rules, Obstacle::Gap1);
    assert_eq!(jump_result(gap, 0), JumpResult::Refused);
    assert_eq!(jump_result(gap, 1), JumpResult::Cleared);
    let gap3 = jump_row(&rules, Obstacle::Gap3);
    assert_eq!(jump_result(gap3, 3), JumpResult::Refused);
}

#[test]
fn only_cantering_or_galloping_horses_jump_and_a_refusal_can_throw_the_rider() {
    let mut b = battle();
    use gunbai::rules::kozeriai::command::Obstacle;
    let why = refused(&mut b, Command::Jump(RIDER, Obstacle::LowHedge), &[5]);
    assert!(why.contains("cantering or galloping"), "{why}");
    ride(&mut b, Speed::Trot);
    next_turn(&mut b);
    ride(&mut b, Speed::Canter);
    ok(&mut b, Command::Jump(RIDER, Obstacle::LowHedge), &[0]);
    let r = fig(&b, RIDER);
    assert!(!r.mounted && r.lying, "thrown rider is on the ground");
}

// ---- Tripping Over, Body Charges ----

#[test]
fn tripping_table() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    assert_eq!(trip_needed(&rules, TripCause::Body, Armour::None), 3);
    assert_eq!(trip_needed(&rules, TripCause::Obstacle, Armour::None), 4);
    assert_eq!(trip_needed(&rules, TripCause::Entangled, Armour::None), 4);
    assert_eq!(trip_needed(&rules, TripCause::Jump, Armour::None), 5);
    assert_eq!(trip_needed(&rules, TripCause::Jump, Armour::Part), 6);
    assert_eq!(trip_needed(&rules, TripCause::Uphill, Armour::Full), 4);
    assert_eq!(trip_needed(&rules, TripCause::Slippery, Armour::None), 3);
}

#[test]
fn falling_table() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    let s = |d| fall_result(&rules, false, d);
    assert_eq!(
        [s(9), s(8), s(7), s(6), s(5), s(0)],
        [
            FallResult::Both,
            FallResult::Both,
            FallResult::Defender,
            FallResult::Attacker,
            FallResult::Neither,
            FallResult::Neither
        ]
    );
    let m = |d| fall_result(&rules, true, d);
    assert_eq!(
        [m(7), m(6), m(5), m(4), m(3)],
        [
            FallResult::Both,
            FallResult::Defender,
            FallResult::Defender,
            FallResult::Attacker,
            FallResult::Neither
        ]
    );
}

#[test]
fn body_charge_that_is_not_beaten_pushes_back_with_two_distractions_and_a_falling_roll() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    // Taro bare-handed 0; Hachi 0 with +2 (standard weapon against unarmed): 5 against 3+2.
    let events = ok(&mut b, Command::Clash(charge), &[5, 3]);
    assert!(clash_outcome(&events).charge_home);
    assert_eq!(fig(&b, HACHI).distractions, 2);
    let due = Due::Fall {
        attacker: TARO,
        defender: HACHI,
        moving: false,
    };
    assert_eq!(b.state().due, vec![due]);
    assert_eq!(fig(&b, TARO).may_grapple, Some((HACHI, 1)));
    assert_eq!(fig(&b, TARO).grappling, None, "until one elects to grapple");
    ok(&mut b, Command::Fall(due), &[7]);
    assert!(fig(&b, HACHI).lying && !fig(&b, TARO).lying);
    assert!(b.state().due.is_empty());
}

#[test]
fn a_beaten_body_charge_is_stopped() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    let events = ok(&mut b, Command::Clash(charge), &[2, 3]);
    let o = clash_outcome(&events);
    assert!(!o.charge_home && o.winner.is_none());
    assert_eq!(fig(&b, HACHI).distractions, 0);
}

#[test]
fn grappling_loser_is_thrown_with_two_distractions_and_only_close_in_weapons_serve() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    ok(&mut b, Command::Clash(charge), &[9, 0]);
    let due = b.state().due[0];
    ok(&mut b, Command::Fall(due), &[0]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let mut grapple = strike(TARO, "Katana", HACHI, UNARMED);
    grapple.kind = ClashKind::Grapple;
    let why = refused(&mut b, Command::Clash(grapple.clone()), &[5, 5]);
    assert!(why.contains("close-in"), "{why}");
    grapple.attacker.weapon = UNARMED.into();
    // 6 against Hachi's 2 distractions (-2): Hachi thrown, 2 more distractions, no push back.
    ok(&mut b, Command::Clash(grapple), &[6, 3]);
    let h = fig(&b, HACHI);
    assert!(h.lying);
    assert_eq!(h.distractions, 4);
    assert!(b.state().due.is_empty());
}

// ---- Bows and Bullets ----

#[test]
fn range_table() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    let n = |s, h| shooting::needed(&rules, s, h);
    assert_eq!(
        [
            n(Shoots::Bow, 20),
            n(Shoots::Bow, 21),
            n(Shoots::Bow, 80),
            n(Shoots::Bow, 81)
        ],
        [Some(5), Some(7), Some(9), Some(12)]
    );
    assert_eq!(
        [
            n(Shoots::Thrown, 20),
            n(Shoots::Thrown, 40),
            n(Shoots::Thrown, 41)
        ],
        [Some(7), Some(12), None]
    );
    assert_eq!(
        [
            n(Shoots::Musket, 40),
            n(Shoots::Musket, 80),
            n(Shoots::Musket, 200)
        ],
        [Some(9), Some(11), Some(14)]
    );
}

#[test]
fn reload_table() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    let r = |s, k| shooting::reload_turns(&rules, s, k);
    assert_eq!(
        [
            r(Shoots::Bow, 1),
            r(Shoots::Bow, 3),
            r(Shoots::Bow, 5),
            r(Shoots::Bow, 6)
        ],
        [4, 3, 2, 1]
    );
    assert_eq!(
        [
            r(Shoots::Thrown, 0),
            r(Shoots::Thrown, 2),
            r(Shoots::Thrown, 4),
            r(Shoots::Thrown, 9)
        ],
        [3, 2, 1, 0]
    );
    assert_eq!(
        [
            r(Shoots::Musket, 1),
            r(Shoots::Musket, 3),
            r(Shoots::Musket, 4),
            r(Shoots::Musket, 7)
        ],
        [15, 15, 13, 10]
    );
}

#[test]
fn arrow_hit_wounds_are_the_die_less_the_arrow_and_armour() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Kyu +4 needs 5 at 20 hexes: a 1 hits. Effect 9 - 2 (arrow) - 3 (armoured) = 4 wounds.
    let events = ok(&mut b, Command::Shoot(shot(TARO, GORO, "Kyu", 20)), &[1, 9]);
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Shot { dice, reload: 2, .. } if dice.hit && dice.wounds == 4)
        )
    );
    assert_eq!(fig(&b, GORO).wounds, 4);
    // The bow is reloading: 2 turns at skill 4.
    assert_eq!(fig(&b, TARO).reload.get("Kyu"), Some(&2));
}

#[test]
fn reload_goes_with_a_move_and_counts_down() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Shoot(shot(TARO, HACHI, "Kyu", 20)), &[0]);
    next_turn(&mut b);
    let step = Action::Step {
        step: Step::Back,
        reload: true,
        aim: None,
        jump: false,
    };
    ok(
        &mut b,
        Command::Act {
            figure: TARO,
            action: step,
        },
        &[],
    );
    assert_eq!(fig(&b, TARO).reload.get("Kyu"), Some(&1));
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Shoot(shot(TARO, HACHI, "Kyu", 20)), &[5]);
    assert!(why.contains("reload"), "{why}");
}

#[test]
fn natural_zero_always_misses() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Shuriken +8 needs 7: a 0 would make 8, but a natural 0 misses.
    let events = ok(
        &mut b,
        Command::Shoot(shot(SABURO, HACHI, "Shuriken", 10)),
        &[0],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Shot { dice, .. } if !dice.hit && dice.total == 8))
    );
    let card =
        cards::shot_card(b.rules(), b.state(), &shot(SABURO, HACHI, "Shuriken", 10)).unwrap();
    let hit = card
        .odds
        .iter()
        .find(|o| o.outcome == "hit")
        .unwrap()
        .probability;
    assert!((hit - 0.9).abs() < 1e-12, "{hit}");
}

#[test]
fn shuriken_hits_take_four_and_the_target_armour() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // 9 - 4 (shuriken) - 1 (unarmoured) = 4.
    ok(
        &mut b,
        Command::Shoot(shot(SABURO, HACHI, "Shuriken", 10)),
        &[5, 9],
    );
    assert_eq!(fig(&b, HACHI).wounds, 4);
}

#[test]
fn musket_misfires_on_a_zero_and_stays_loaded() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let events = ok(&mut b, Command::Shoot(shot(TARO, HACHI, "Teppo", 20)), &[0]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Shot { dice, reload: 0, .. } if dice.misfired))
    );
    assert!(fig(&b, TARO).reload.is_empty());
    // In rain the misfire die takes -2: a 0, 1 or 2 fails.
    let mut rain = shot(TARO, HACHI, "Teppo", 20);
    rain.rain = true;
    let card = cards::shot_card(b.rules(), b.state(), &rain).unwrap();
    let misfire = card
        .odds
        .iter()
        .find(|o| o.outcome == "misfire")
        .unwrap()
        .probability;
    assert!((misfire - 0.3).abs() < 1e-12, "{misfire}");
}

#[test]
fn musket_that_fires_reloads_by_the_table() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Teppo +3 needs 9: 6 + 3 hits; effect 7 - 2 (part armour on Hachi? no: unarmoured -1) = 6.
    ok(
        &mut b,
        Command::Shoot(shot(TARO, HACHI, "Teppo", 20)),
        &[4, 6, 7],
    );
    assert_eq!(fig(&b, HACHI).wounds, 6);
    assert!(fig(&b, HACHI).dead, "the sixth wound kills");
    assert_eq!(fig(&b, TARO).reload.get("Teppo"), Some(&15));
}

#[test]
fn aiming_adds_one_a_move_up_to_three_for_bows_only() {
    let mut b = battle();
    let aim = Action::Step {
        step: Step::Stay,
        reload: false,
        aim: Some(GORO),
        jump: false,
    };
    ok(
        &mut b,
        Command::Act {
            figure: TARO,
            action: aim,
        },
        &[],
    );
    let n = shooting::numbers(b.rules(), b.state(), &shot(TARO, GORO, "Kyu", 20)).unwrap();
    assert!(
        n.modifiers
            .iter()
            .any(|m| m.reason.contains("aimed 1") && m.value == 1)
    );
    let musket = shooting::numbers(b.rules(), b.state(), &shot(TARO, GORO, "Teppo", 20)).unwrap();
    assert!(!musket.modifiers.iter().any(|m| m.reason.contains("aimed")));
    let mut state = b.state().clone();
    state.figure_mut(TARO).unwrap().aiming = Some((GORO, 5));
    let n = shooting::numbers(b.rules(), &state, &shot(TARO, GORO, "Kyu", 20)).unwrap();
    assert!(
        n.modifiers
            .iter()
            .any(|m| m.reason.contains("aimed 3") && m.value == 3)
    );
    // Aiming at someone else does not help.
    let other = shooting::numbers(b.rules(), &state, &shot(TARO, HACHI, "Kyu", 20)).unwrap();
    assert!(!other.modifiers.iter().any(|m| m.reason.contains("aimed")));
}

#[test]
fn shooting_factors_for_target_and_shooter() {
    let b = battle();
    let mut state = b.state().clone();
    {
        let t = state.figure_mut(TARO).unwrap();
        t.wounds = 2;
        t.distractions = 1;
        t.mounted = true;
        t.speed = Speed::Trot;
    }
    state.figure_mut(GORO).unwrap().mounted = true;
    state.figure_mut(GORO).unwrap().speed = Speed::Gallop;
    // Someone on the other side shoots: Taro may be being shot at.
    state
        .figure_mut(ROKURO)
        .unwrap()
        .spec
        .skills
        .insert("Kyu".into(), 1);
    let mut order = shot(TARO, GORO, "Kyu", 20);
    order.visibility = Visibility::Minimal;
    order.shot_at = true;
    let n = shooting::numbers(b.rules(), &state, &order).unwrap();
    let v = |what: &str| {
        n.modifiers
            .iter()
            .find(|m| m.reason.contains(what))
            .map(|m| m.value)
    };
    assert_eq!(v("skill"), Some(4));
    assert_eq!(v("galloping"), Some(-1));
    assert_eq!(v("minimally visible"), Some(-2));
    assert_eq!(v("trotting"), Some(-2));
    assert_eq!(v("wound"), Some(-2), "shooting counts every wound");
    assert_eq!(v("distraction"), Some(-1));
    assert_eq!(v("being shot at"), Some(-1));
    // The exact hit chance: die + 4-2-1-2-1-2-1-1 = die - 6 >= 5 needs an 11: impossible.
    assert!(n.hit_chance(b.rules()).abs() < 1e-12);
}

#[test]
fn yadomejutsu_deflects_at_or_under_skill_never_bullets() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = shot(TARO, GORO, "Kyu", 20);
    order.deflect = true;
    order.in_hand = Some("Katana".into());
    // Hit on a 5; 2d10 6+5 = 11, at or under Goro's 12: deflected, no effect die.
    let events = ok(&mut b, Command::Shoot(order.clone()), &[5, 6, 5]);
    assert!(events.iter().any(|e| matches!(e, Event::Shot { dice, .. } if dice.deflect.as_ref().is_some_and(|(_, ok)| *ok) && dice.effect.is_none())));
    assert_eq!(fig(&b, GORO).wounds, 0);
    // +1 per arrow already deflected, +4 against shuriken; nothing against musket bullets.
    order.earlier_arrows = 1;
    let n = shooting::numbers(b.rules(), b.state(), &order).unwrap();
    let (skill, mods) = n.deflect.clone().unwrap();
    assert_eq!((skill, mods.iter().map(|m| m.value).sum::<i64>()), (12, 1));
    let mut bullet = shot(TARO, GORO, "Teppo", 20);
    bullet.deflect = true;
    bullet.in_hand = Some("Katana".into());
    // A deflection declared against a bullet is refused, with the reason.
    let why = shooting::numbers(b.rules(), b.state(), &bullet).unwrap_err();
    assert!(why.contains("musket bullets"), "{why}");
    let mut star = shot(SABURO, GORO, "Shuriken", 10);
    star.deflect = true;
    star.in_hand = Some("Katana".into());
    star.earlier_arrows = 1;
    let n = shooting::numbers(b.rules(), b.state(), &star).unwrap();
    assert_eq!(
        n.deflect.unwrap().1.iter().map(|m| m.value).sum::<i64>(),
        1 + 4
    );
}

// ---- The Clash of Blades ----

#[test]
fn difference_of_zero_is_parried() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[3, 6],
    );
    let o = clash_outcome(&events);
    assert_eq!(o, clash::Outcome::default());
    assert!(b.state().due.is_empty());
}

#[test]
fn difference_of_one_pushes_back() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[4, 6],
    );
    let o = clash_outcome(&events);
    assert!(o.push_back && o.wounds == 0 && o.winner == Some(0));
    assert_eq!(b.state().due, vec![Due::PushedBack(HACHI)]);
    let why = refused(&mut b, Command::EndStage, &[]);
    assert!(why.contains("pushed back"), "{why}");
    ok(&mut b, Command::NoHazard(HACHI), &[]);
    ok(&mut b, Command::EndStage, &[]);
}

#[test]
fn pushed_back_onto_a_body_dices_for_tripping() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Saburo's sickle kills Rokuro (3 + 9 against 3 + 0): a body lies on the ground.
    ok(
        &mut b,
        Command::Clash(strike(SABURO, "Kusarigama", ROKURO, "Wakizashi")),
        &[9, 0],
    );
    assert!(fig(&b, ROKURO).dead);
    ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[4, 6],
    );
    ok(&mut b, Command::Trip(HACHI, TripCause::Body), &[3]);
    assert!(fig(&b, HACHI).lying, "3 or less trips");
    assert!(b.state().due.is_empty());
}

#[test]
fn difference_over_one_wounds_by_the_difference_less_armour() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Taro 7+3 against Goro 4+3: 3 wounds, armoured ignores 2.
    let events = ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", GORO, "Katana")),
        &[7, 4],
    );
    let o = clash_outcome(&events);
    assert_eq!((o.wounds, o.push_back), (1, true));
    assert_eq!(fig(&b, GORO).wounds, 1);
}

#[test]
fn armour_ignores_zero_one_two_three_wounds() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    let a = &rules.t.armour_ignores;
    assert_eq!([a.none, a.part, a.armoured, a.full], [0, 1, 2, 3]);
}

#[test]
fn sixth_wound_kills() {
    // A difference of 5 leaves Hachi alive with 5 wounds; 6 kills.
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[8, 6],
    );
    assert_eq!((fig(&b, HACHI).wounds, fig(&b, HACHI).dead), (5, false));
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let events = ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[9, 6],
    );
    assert!(events.contains(&Event::Died(HACHI)));
    assert!(b.state().due.is_empty(), "the dead are not pushed back");
}

#[test]
fn variable_wounds_set_the_capacity() {
    let b = battle();
    assert_eq!(
        fig(&b, GORO).capacity,
        5,
        "without the option every figure takes 5"
    );
    // Goro is rated 7: out at his 7th wound (ruling `capacity`); Hachi has no rating.
    let b = battle_with(with_optional(&["variable_wounds"]));
    assert_eq!(fig(&b, GORO).capacity, 6);
    assert_eq!(fig(&b, HACHI).capacity, 5);
}

#[test]
fn relative_weapon_factors() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    let r = |a, b| relative_factor(&rules.t.relative_weapons, a, b);
    assert_eq!(r(Class::Standard, Class::Unarmed), 2);
    assert_eq!(r(Class::Standard, Class::CloseIn), 2);
    assert_eq!(r(Class::Standard, Class::Short), 1);
    assert_eq!(r(Class::Short, Class::Unarmed), 2);
    assert_eq!(r(Class::Short, Class::CloseIn), 1);
    assert_eq!(r(Class::CloseIn, Class::Unarmed), 1);
    assert_eq!(r(Class::Short, Class::Standard), 0);
    assert_eq!(r(Class::Standard, Class::Standard), 0);
    let b = battle();
    let mods = modifier_values(
        b.rules(),
        b.state(),
        &strike(TARO, "Katana", ROKURO, "Tanto"),
        0,
    );
    assert!(
        has(&mods, "standard weapon against close-in", 2),
        "{mods:?}"
    );
}

#[test]
fn every_two_wounds_and_each_distraction_cost_one() {
    let b = battle();
    let mut state = b.state().clone();
    state.figure_mut(TARO).unwrap().wounds = 3;
    state.figure_mut(TARO).unwrap().distractions = 2;
    let mods = modifier_values(
        b.rules(),
        &state,
        &strike(TARO, "Katana", HACHI, "Katana"),
        0,
    );
    assert!(has(&mods, "3 wound", -1), "{mods:?}");
    assert!(has(&mods, "2 distraction", -2), "{mods:?}");
}

#[test]
fn tactical_factors_table() {
    let b = battle();
    let mut state = b.state().clone();
    state.figure_mut(TARO).unwrap().lying = true;
    state.figure_mut(TARO).unwrap().entangled = true;
    // A figure on the ground, for the body hex.
    state.figure_mut(ROKURO).unwrap().lying = true;
    let mut order = strike(TARO, "Katana", HACHI, "Katana");
    order.attacker.situation = Situation {
        wading: true,
        body_hex: true,
        rough: true,
        undergrowth: true,
        drawing: true,
        zone: true,
        outnumbered: 3,
        off_arc: false,
        slippery: false,
    };
    let mods = modifier_values(b.rules(), &state, &order, 0);
    for (reason, value) in [
        ("wading", -2),
        ("body hex", -2),
        ("rough", -1),
        ("lying", -2),
        ("undergrowth", -3),
        ("entangled", -3),
        ("drawing", -4),
        ("outnumbered 3-1", -3),
        ("weak zone", -2),
    ] {
        assert!(has(&mods, reason, value), "{reason}: {mods:?}");
    }
    order.attacker.situation.outnumbered = 2;
    assert!(has(
        &modifier_values(b.rules(), &state, &order, 0),
        "outnumbered 2-1",
        -2
    ));
}

#[test]
fn opposed_odds_are_exact_over_ten_by_ten_faces() {
    let b = battle();
    let order = strike(TARO, "Katana", GORO, "Katana");
    let card = cards::clash_card(b.rules(), b.state(), &order).unwrap();
    // Both +3: count the 100 face pairs by hand.
    let count = |f: &dyn Fn(i64) -> bool| {
        let mut n = 0;
        for a in 0..10 {
            for d in 0..10 {
                if f(a - d) {
                    n += 1;
                }
            }
        }
        f64::from(n) / 100.0
    };
    let p = |what: &str| {
        card.odds
            .iter()
            .find(|o| o.outcome == what)
            .map_or(-1.0, |o| o.probability)
    };
    let same = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(same(p("Taro wins"), count(&|d| d > 0)));
    assert!(same(p("no result (parried)"), count(&|d| d <= 0)));
    // A difference of 2 less armour 2 is no wound: a push back only.
    assert!(same(p("push back only"), count(&|d| d == 1 || d == 2)));
    assert!(same(p("Goro: 1 wound"), count(&|d| d == 3)));
    assert!(same(p("Goro: 7 wounds"), count(&|d| d == 9)));
    let total: f64 = card.odds.iter().take(2).map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn one_attacking_stroke_per_turn_any_number_of_parries() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(TARO, "Katana", HACHI, "Katana")),
        &[3, 6],
    );
    let why = refused(
        &mut b,
        Command::Clash(strike(TARO, "Katana", GORO, "Katana")),
        &[3, 6],
    );
    assert!(why.contains("one attacking stroke"), "{why}");
    // Hachi parried, and may still parry Jiro.
    ok(
        &mut b,
        Command::Clash(strike(JIRO, "Tetsubo", HACHI, "Katana")),
        &[0, 0],
    );
}

#[test]
fn when_both_strike_the_higher_score_wins() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut both = strike(TARO, "Katana", HACHI, "Katana");
    both.both_strike = true;
    // Taro 0+3 against Hachi 9+0: Hachi wins by 6, Taro part armoured ignores 1: 5 wounds.
    let events = ok(&mut b, Command::Clash(both), &[0, 9]);
    let o = clash_outcome(&events);
    assert_eq!((o.winner, o.wounds), (Some(1), 5));
    assert_eq!(fig(&b, TARO).wounds, 5);
    assert!(fig(&b, HACHI).this_turn.attacked, "Hachi used its stroke");
}

#[test]
fn closing_rule_deflection_by_three_lets_the_shorter_weapon_close() {
    let mut b = battle();
    // Off its own turn (West moves): Jiro's Tetsubo (2 hexes) against Goro's Katana (1).
    at(&mut b, 1, Stage::Moving);
    let mut closing = strike(JIRO, "Tetsubo", GORO, "Katana");
    closing.closing = true;
    // Jiro 3 + 2 against Goro 4 + 3: deflected by 2, Goro may not close.
    let events = ok(&mut b, Command::Clash(closing.clone()), &[3, 4]);
    let o = clash_outcome(&events);
    assert!(o.winner.is_none() && !o.may_close, "{o:?}");
    // Jiro 2 + 2 against Goro 4 + 3: deflected by 3, Goro may close; nobody is hurt.
    let events = ok(&mut b, Command::Clash(closing), &[2, 4]);
    let o = clash_outcome(&events);
    assert!(o.may_close && o.wounds == 0 && !o.push_back, "{o:?}");
    assert!(
        !fig(&b, JIRO).this_turn.attacked,
        "ruling closing_attack: an extra stroke"
    );
    // Only a weapon that outreaches its opponent's attacks a figure closing.
    let mut even = strike(GORO, "Katana", TARO, "Katana");
    even.closing = true;
    let why = refused(&mut b, Command::Clash(even), &[2, 5]);
    assert!(why.contains("does not outreach"), "{why}");
}

// ---- Blunt Weapons, Resilience ----

#[test]
fn tetsubo_adds_two_distractions_and_six_knock_out() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Jiro 5+2 against Hachi 3: difference 4 -> 4 + 2 distractions, knocked out at 6.
    let events = ok(
        &mut b,
        Command::Clash(strike(JIRO, "Tetsubo", HACHI, "Katana")),
        &[5, 3],
    );
    let o = clash_outcome(&events);
    assert_eq!((o.wounds, o.distractions), (0, 6));
    assert!(events.contains(&Event::KnockedOut(HACHI)));
    assert_eq!(fig(&b, HACHI).wounds, 0, "blunt weapons do not wound");
}

#[test]
fn blunt_weapons_distractions_do_not_combine_with_wounds_to_knock_out_or_kill() {
    // Hachi carries 3 wounds (-1). Jiro 3 + 2 against Hachi 3 - 1: a win by 3, 3 + 2 = 5
    // distractions. Five distractions and three wounds are eight together, but each counts
    // on its own: Hachi stays up, neither knocked out nor dead.
    let b = battle();
    let mut state = b.state().clone();
    state.current = 0;
    state.stage = Stage::Fighting;
    state.figure_mut(HACHI).unwrap().wounds = 3;
    let events = gunbai::engine::exec::events_of::<Kozeriai>(
        b.rules(),
        &state,
        &Command::Clash(strike(JIRO, "Tetsubo", HACHI, "Katana")),
        &mut TableDice::new(vec![3, 3]),
    )
    .unwrap();
    let o = clash_outcome(&events);
    assert_eq!((o.wounds, o.distractions), (0, 5), "{o:?}");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::KnockedOut(_) | Event::Died(_))),
        "{events:?}"
    );
}

#[test]
fn armour_does_not_stop_distractions_unless_the_umpire_rules_so() {
    let b = battle();
    let n = clash::numbers(
        b.rules(),
        b.state(),
        &strike(JIRO, "Tetsubo", GORO, "Katana"),
    )
    .unwrap();
    assert_eq!(n.outcome(b.rules(), 3).distractions, 5);
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("blunt_armour".into(), "reduces".into());
    let b = battle_with(house);
    let n = clash::numbers(
        b.rules(),
        b.state(),
        &strike(JIRO, "Tetsubo", GORO, "Katana"),
    )
    .unwrap();
    assert_eq!(n.outcome(b.rules(), 3).distractions, 3);
}

#[test]
fn distractions_recover_one_per_complete_move_spent_still() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    // Jiro 3+2 against Hachi 3: 2 + 2 = 4 distractions and a push back.
    ok(
        &mut b,
        Command::Clash(strike(JIRO, "Tetsubo", HACHI, "Katana")),
        &[3, 3],
    );
    ok(&mut b, Command::NoHazard(HACHI), &[]);
    next_turn(&mut b);
    assert_eq!(
        fig(&b, HACHI).distractions,
        4,
        "no recovery in a turn it fought"
    );
    next_turn(&mut b);
    assert_eq!(fig(&b, HACHI).distractions, 3);
    // Moving stops recovery.
    at(&mut b, 1, Stage::Moving);
    let step = Action::Step {
        step: Step::Forward,
        reload: false,
        aim: None,
        jump: false,
    };
    ok(
        &mut b,
        Command::Act {
            figure: HACHI,
            action: step,
        },
        &[],
    );
    next_turn(&mut b);
    assert_eq!(fig(&b, HACHI).distractions, 3);
}

#[test]
fn knocked_out_figures_come_round_below_the_threshold() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(JIRO, "Tetsubo", HACHI, "Katana")),
        &[5, 3],
    );
    assert!(fig(&b, HACHI).knocked_out);
    // Down already: it is not asked where its push back ended (Tripping Over).
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    next_turn(&mut b);
    assert!(fig(&b, HACHI).knocked_out, "it fought this turn");
    next_turn(&mut b);
    assert!(!fig(&b, HACHI).knocked_out);
    assert_eq!(fig(&b, HACHI).distractions, 5);
}

// ---- Additional Combat Rules ----

#[test]
fn entangling_weapon_wins_by_three_and_the_manrikigusari_victim_does_not_dice_for_tripping() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(SABURO, "Manrikigusari", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    // Saburo 3 + 2 surprise (first use) = 5; Hachi 0 + 1 (standard against short).
    let mods = modifier_values(b.rules(), b.state(), &order, 0);
    assert!(has(&mods, "surprise", 2), "{mods:?}");
    let events = ok(&mut b, Command::Clash(order.clone()), &[5, 6]);
    assert_eq!(clash_totals(&events), [10, 7]);
    assert!(clash_outcome(&events).entangled);
    // Tripping Over names only the barbed poles and the Kusarigama: no trip roll here
    // (tests/kozeriai_when.rs has those).
    assert!(b.state().due.is_empty(), "{:?}", b.state().due);
    assert!(fig(&b, HACHI).entangled && !fig(&b, HACHI).lying);
    // Entangled: -3 in the clash.
    let mods = modifier_values(
        b.rules(),
        b.state(),
        &strike(TARO, "Katana", HACHI, "Katana"),
        1,
    );
    assert!(has(&mods, "entangled", -3));
    // The surprise is spent.
    let mods = modifier_values(b.rules(), b.state(), &order, 0);
    assert!(!mods.iter().any(|(r, _)| r.contains("surprise")));
}

#[test]
fn chain_attacks_only_every_other_phase() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut flail = strike(SABURO, "Kusarigama", HACHI, "Katana");
    flail.kind = ClashKind::Chain;
    ok(&mut b, Command::Clash(flail.clone()), &[3, 6]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    let why = refused(&mut b, Command::Clash(flail.clone()), &[3, 6]);
    assert!(why.contains("every other turn"), "{why}");
    // The sickle still cuts as a short sword.
    ok(
        &mut b,
        Command::Clash(strike(SABURO, "Kusarigama", HACHI, "Katana")),
        &[3, 6],
    );
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    ok(&mut b, Command::Clash(flail), &[3, 6]);
}

#[test]
fn tearing_free_needs_a_win_against_the_restrainer() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut order = strike(SABURO, "Manrikigusari", HACHI, "Katana");
    order.kind = ClashKind::Entangle;
    ok(&mut b, Command::Clash(order), &[5, 6]);
    at(&mut b, 1, Stage::Fighting);
    let mut tear = strike(HACHI, "Katana", SABURO, "Manrikigusari");
    tear.kind = ClashKind::TearFree;
    ok(&mut b, Command::Clash(tear), &[9, 0]);
    assert!(!fig(&b, HACHI).entangled);
    assert!(
        !fig(&b, HACHI).this_turn.attacked,
        "tearing free is not its stroke"
    );
}

#[test]
fn ki_ai_hits_at_or_under_the_shouters_skill_less_the_targets() {
    let mut b = battle();
    // With combat, after the contingent's movement.
    at(&mut b, 0, Stage::Fighting);
    let shout = Action::KiAi(vec![GORO, HACHI]);
    // Goro has Ki-ai 2: needs 5-2 = 3 or less; Hachi 5 or less.
    let events = ok(
        &mut b,
        Command::Act {
            figure: SHIRO,
            action: shout,
        },
        &[4, 5],
    );
    assert!(events.iter().any(|e| matches!(e, Event::KiAi { rolls, .. } if rolls[0].needed == 3 && !rolls[0].hit && rolls[1].hit)));
    assert_eq!(fig(&b, HACHI).distractions, 4);
    assert_eq!(fig(&b, GORO).distractions, 0);
    assert_eq!(b.state().due, vec![Due::PushedBack(HACHI)]);
    // The shouter cannot defend: -6.
    let mods = modifier_values(
        b.rules(),
        b.state(),
        &strike(GORO, "Katana", SHIRO, "Katana"),
        1,
    );
    assert!(has(&mods, "cannot defend", -6), "{mods:?}");
}

#[test]
fn ni_ten_jitsu_defends_at_plus_two_and_strikes_one_wound_lighter() {
    let mut b = battle();
    let mut order = strike(GORO, "Katana", SHIRO, "Katana");
    order.defender.ni_ten = true;
    let mods = modifier_values(b.rules(), b.state(), &order, 1);
    assert!(
        has(&mods, "Ni-Ten Jitsu skill", 5) && has(&mods, "Ni-Ten Jitsu defending", 2),
        "{mods:?}"
    );
    order.both_strike = true;
    let mods = modifier_values(b.rules(), b.state(), &order, 1);
    assert!(
        !mods.iter().any(|(r, _)| r.contains("defending")),
        "striking too: no +2"
    );
    at(&mut b, 0, Stage::Fighting);
    let mut attack = strike(SHIRO, "Katana", HACHI, "Katana");
    attack.attacker.ni_ten = true;
    // 6+5 against 6: 5, one less for Ni-Ten: 4 wounds.
    let events = ok(&mut b, Command::Clash(attack), &[6, 6]);
    assert_eq!(clash_outcome(&events).wounds, 4);
}

#[test]
fn iaijutsu_draw_ignores_the_drawing_penalty_and_surprises_once() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut draw = strike(SHIRO, "Katana", HACHI, "Katana");
    draw.attacker.iaijutsu = true;
    draw.attacker.situation.drawing = true;
    let card = cards::clash_card(b.rules(), b.state(), &draw).unwrap();
    assert!(
        card.notes.iter().any(|n| n.contains("Iaijutsu draw")),
        "{:?}",
        card.notes
    );
    // Draw 6 (at or under 6): 1 + 6 + 2 surprise = 9, no -4.
    let events = ok(&mut b, Command::Clash(draw.clone()), &[6, 1, 9]);
    assert_eq!(clash_totals(&events), [9, 9]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // Draw 7 fails: 1 + 6 - 4 = 3, and the surprise is gone.
    let events = ok(&mut b, Command::Clash(draw), &[7, 1, 3]);
    assert_eq!(clash_totals(&events), [3, 3]);
}

#[test]
fn outsiders_hitting_grapplers_strike_either_one() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut charge = strike(TARO, UNARMED, HACHI, "Katana");
    charge.kind = ClashKind::BodyCharge;
    ok(&mut b, Command::Clash(charge), &[9, 0]);
    let due = b.state().due[0];
    ok(&mut b, Command::Fall(due), &[0]);
    // Only once they grapple (Body Charges: both may elect to; Hachi does, in its stage).
    at(&mut b, 1, Stage::Fighting);
    let mut grapple = strike(HACHI, UNARMED, TARO, UNARMED);
    grapple.kind = ClashKind::Grapple;
    ok(&mut b, Command::Clash(grapple), &[4, 4]);
    next_turn(&mut b);
    at(&mut b, 0, Stage::Fighting);
    // Jiro attacks Hachi: a 7 puts the blow on Taro, who cannot defend (-6).
    let events = ok(
        &mut b,
        Command::Clash(strike(JIRO, "Tetsubo", HACHI, "Katana")),
        &[7, 0, 0],
    );
    assert!(events.contains(&Event::GrappleSplit {
        die: 7,
        falls_on: TARO
    }));
    assert_eq!(
        clash_totals(&events)[1],
        -6,
        "a 0 bare-handed, and -6: a grappler cannot defend against an outsider"
    );
}

// ---- Optional rules ----

#[test]
fn heroic_super_samurai_takes_two_actions_and_ignores_one_wound() {
    let mut b = battle();
    let step = Action::Step {
        step: Step::Forward,
        reload: false,
        aim: None,
        jump: false,
    };
    ok(
        &mut b,
        Command::Act {
            figure: SHIRO,
            action: step.clone(),
        },
        &[],
    );
    refused(
        &mut b,
        Command::Act {
            figure: SHIRO,
            action: step.clone(),
        },
        &[],
    );
    let mut b = battle_with(with_optional(&["heroic"]));
    ok(
        &mut b,
        Command::Act {
            figure: SHIRO,
            action: step.clone(),
        },
        &[],
    );
    ok(
        &mut b,
        Command::Act {
            figure: SHIRO,
            action: step.clone(),
        },
        &[],
    );
    refused(
        &mut b,
        Command::Act {
            figure: SHIRO,
            action: step,
        },
        &[],
    );
    at(&mut b, 1, Stage::Fighting);
    // Goro 9+3 against Shiro 0+6: 6, one ignored: 5.
    let events = ok(
        &mut b,
        Command::Clash(strike(GORO, "Katana", SHIRO, "Katana")),
        &[9, 0],
    );
    assert_eq!(clash_outcome(&events).wounds, 5);
}

#[test]
fn exhaustion_spends_stamina_by_the_listed_rates() {
    let b = battle_with(with_optional(&["exhaustion"]));
    let mut x = fig(&b, TARO);
    assert_eq!(
        x.stamina,
        Some(15),
        "no stamina in the roster: the text's lowest"
    );
    x.this_turn.exchanges = 2;
    x.this_turn.wounds = 1;
    x.this_turn.active = true;
    x.this_turn.hexes_on_foot = 6;
    x.this_turn.jumped = true;
    // 2 exchanges, 1 wound, part armour fighting, more than 5 hexes, a jump.
    assert_eq!(stamina_change(b.rules(), &x).0, -2 - 1 - 1 - 1 - 2);
    let mut jiro = fig(&b, JIRO);
    jiro.this_turn.exchanges = 1;
    jiro.this_turn.heavy = true;
    jiro.this_turn.active = true;
    assert_eq!(stamina_change(b.rules(), &jiro).0, -1 - 2);
    let rest = fig(&b, HACHI);
    assert_eq!(stamina_change(b.rules(), &rest).0, 1);
}

#[test]
fn exhaustion_spent_at_the_turn_end_and_at_zero_a_figure_may_only_turn() {
    let mut b = battle_with(with_optional(&["exhaustion"]));
    at(&mut b, 0, Stage::Fighting);
    // Shiro (15 stamina) fights: two exchanges this turn.
    ok(
        &mut b,
        Command::Clash(strike(SHIRO, "Katana", HACHI, "Katana")),
        &[0, 0],
    );
    at(&mut b, 1, Stage::Fighting);
    ok(
        &mut b,
        Command::Clash(strike(GORO, "Katana", SHIRO, "Katana")),
        &[9, 6],
    );
    next_turn(&mut b);
    assert_eq!(fig(&b, SHIRO).stamina, Some(13));
    let mut state = b.state().clone();
    state.figure_mut(SHIRO).unwrap().stamina = Some(0);
    let step = Action::Step {
        step: Step::Forward,
        reload: false,
        aim: None,
        jump: false,
    };
    let mut dice = TableDice::new(vec![]);
    let err = gunbai::engine::exec::events_of::<Kozeriai>(
        b.rules(),
        &state,
        &Command::Act {
            figure: SHIRO,
            action: step,
        },
        &mut dice,
    );
    assert!(err.is_err_and(|e| e.to_string().contains("may only turn")));
}

#[test]
fn every_form_previews_and_plans_from_the_same_state() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let forms = Kozeriai::action_forms(b.rules(), b.state(), &TARO.id());
    let keys: Vec<&str> = forms.iter().map(|f| f.key.as_str()).collect();
    assert!(
        keys.contains(&"shoot") && keys.contains(&"attack"),
        "{keys:?}"
    );
    for form in &forms {
        let plan = Kozeriai::action(
            b.rules(),
            b.state(),
            &TARO.id(),
            &form.key,
            // The first option of every field, nothing ticked.
            &vec![0; form.fields.len()],
        )
        .unwrap_or_else(|e| panic!("{}: {e}", form.key));
        if form.key == "attack" || form.key == "shoot" {
            let preview = plan.preview.expect("a preview with odds");
            assert!(!preview.odds.is_empty());
        }
    }
}

#[test]
fn a_cantering_horse_runs_down_a_figure_on_foot_and_horses_collide_on_the_barricade_row() {
    use gunbai::rules::kozeriai::command::Obstacle;
    let mut b = battle();
    let why = refused(&mut b, Command::RunDown(RIDER, HACHI), &[]);
    assert!(why.contains("cantering or galloping"), "{why}");
    ride(&mut b, Speed::Trot);
    // At a trot the barricade row is a collision with another horse: West has none.
    let why = refused(&mut b, Command::Jump(RIDER, Obstacle::Barricade), &[1]);
    assert!(why.contains("no other horse"), "{why}");
    // With a West rider on the field, a collision at a trot rolls the barricade-or-collision
    // row: a 1 unseats the rider.
    let west = WEST.replace(
        "(name: \"Hachi\", player: \"P2\", skills: {\"Katana\": 0}),",
        "(name: \"Hachi\", player: \"P2\", skills: {\"Katana\": 0}),\n        (name: \"Uma\", player: \"P2\", skills: {\"Yari\": 1}, horse: true),",
    );
    let armies = [army("e", EAST).unwrap(), army("w", &west).unwrap()];
    let mut b = Battle::<Kozeriai>::start(armies, HouseRules::default(), None).unwrap();
    ride(&mut b, Speed::Trot);
    let events = ok(&mut b, Command::Jump(RIDER, Obstacle::Barricade), &[1]);
    assert!(events.contains(&Event::Unhorsed(RIDER)));
    let mut b = battle();
    let mut state = b.state().clone();
    state.figure_mut(RIDER).unwrap().speed = Speed::Canter;
    let mut dice = TableDice::new(vec![]);
    let events = gunbai::engine::exec::events_of::<Kozeriai>(
        b.rules(),
        &state,
        &Command::RunDown(RIDER, HACHI),
        &mut dice,
    )
    .expect("runs down");
    assert_eq!(
        events,
        vec![
            Event::Fell(HACHI),
            Event::RanDown {
                rider: RIDER,
                figure: HACHI
            }
        ]
    );
    ok(&mut b, Command::EndStage, &[]);
}

#[test]
fn ki_ai_form_previews_each_targets_chance() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let forms = Kozeriai::action_forms(b.rules(), b.state(), &SHIRO.id());
    let form = forms.iter().find(|f| f.key == "kiai").expect("Ki-ai form");
    // Tick every figure in the area.
    let gunbai::engine::Field::Flags { options, .. } = &form.fields[0] else {
        panic!("the area is a list of figures: {:?}", form.fields)
    };
    let values = vec![(1 << options.len()) - 1];
    let plan = Kozeriai::action(b.rules(), b.state(), &SHIRO.id(), "kiai", &values).unwrap();
    let card = plan.preview.expect("a preview");
    let goro = card
        .odds
        .iter()
        .find(|o| o.outcome.starts_with("Goro"))
        .unwrap();
    // Shiro 5 less Goro's 2: 3 or less, 4 faces in 10.
    assert!((goro.probability - 0.4).abs() < 1e-12);
    let hachi = card
        .odds
        .iter()
        .find(|o| o.outcome.starts_with("Hachi"))
        .unwrap();
    assert!((hachi.probability - 0.6).abs() < 1e-12);
}

#[test]
fn exhaustion_below_minus_the_total_collapses() {
    let b = battle_with(with_optional(&["exhaustion"]));
    let mut state = b.state().clone();
    // The last contingent's fighting stage: ending it ends the turn.
    state.current = state.contingents.len() - 1;
    state.stage = Stage::Fighting;
    {
        let s = state.figure_mut(SHIRO).unwrap();
        s.stamina = Some(-15);
        s.this_turn.exchanges = 1;
        s.this_turn.active = true;
    }
    let mut dice = TableDice::new(vec![]);
    let events = gunbai::engine::exec::events_of::<Kozeriai>(
        b.rules(),
        &state,
        &Command::EndStage,
        &mut dice,
    )
    .unwrap();
    assert!(events.contains(&Event::Collapsed(SHIRO)), "{events:?}");
    // At exactly minus the total it holds on.
    state.figure_mut(SHIRO).unwrap().stamina = Some(-14);
    let events = gunbai::engine::exec::events_of::<Kozeriai>(
        b.rules(),
        &state,
        &Command::EndStage,
        &mut dice,
    )
    .unwrap();
    assert!(!events.contains(&Event::Collapsed(SHIRO)));
}

#[test]
fn chain_attacks_and_hidden_chains() {
    let rules = Rules::new(&HouseRules::default()).unwrap();
    let w = |n: &str| rules.weapon(n).unwrap().clone();
    // The Feruzue's chain is a chain attack; its spear is not. A Manrikigusari is all chain.
    assert!(clash::chain_attack(
        &rules,
        &w("Feruzue"),
        ClashKind::Chain,
        3
    ));
    assert!(!clash::chain_attack(
        &rules,
        &w("Feruzue"),
        ClashKind::Strike,
        1
    ));
    assert!(clash::chain_attack(
        &rules,
        &w("Manrikigusari"),
        ClashKind::Strike,
        1
    ));
    assert!(w("Feruzue").concealed && w("Manrikigusari").concealed && !w("Kusarigama").concealed);
    // Kumade and Kawa-Nawa strikes are blunt; the Kawa-Nawa trips at reach 4.
    assert!(w("Kumade").blunt && w("Kawa-Nawa").blunt && w("Kawa-Nawa").trips);
    assert_eq!(w("Kawa-Nawa").reach, 4);
    assert!(w("Mojiri").entangles && w("Sodegarami").entangles);
}

#[test]
fn kawa_nawa_trip_and_entangling_need_a_win_by_three() {
    let b = battle();
    let mut n = clash::numbers(
        b.rules(),
        b.state(),
        &strike(TARO, "Katana", HACHI, "Katana"),
    )
    .unwrap();
    n.kind = ClashKind::Trip;
    let trip = n.outcome(b.rules(), 3);
    assert!(trip.thrown && trip.distractions == 2 && !trip.push_back);
    let short = n.outcome(b.rules(), 2);
    assert!(short.push_back && !short.thrown && short.wounds == 0);
    n.kind = ClashKind::Entangle;
    assert!(n.outcome(b.rules(), 3).entangled);
    assert!(!n.outcome(b.rules(), 2).entangled && n.outcome(b.rules(), 2).push_back);
}

#[test]
fn heroic_samurai_ignore_one_wound_of_a_missile_hit_too() {
    let b = battle_with(with_optional(&["heroic"]));
    let n = shooting::numbers(b.rules(), b.state(), &shot(TARO, SHIRO, "Kyu", 20)).unwrap();
    let less: i64 = n.effect.iter().map(|m| m.value).sum();
    assert_eq!(less, -2 - 1 - 1, "arrow, unarmoured, heroic");
    let b = battle();
    let n = shooting::numbers(b.rules(), b.state(), &shot(TARO, SHIRO, "Kyu", 20)).unwrap();
    assert_eq!(n.effect.iter().map(|m| m.value).sum::<i64>(), -3);
}

#[test]
fn iaijutsu_surprise_is_spent_by_the_first_attempt_even_when_the_draw_fails() {
    let mut b = battle();
    at(&mut b, 0, Stage::Fighting);
    let mut cut = strike(SHIRO, "Katana", HACHI, "Katana");
    cut.attacker.iaijutsu = true;
    // An Iaijutsu cut is a draw: its die (9) misses the skill 6, so the drawing penalty
    // stands; 6 + 1 + 2 surprise - 4 = 5 against 5.
    let events = ok(&mut b, Command::Clash(cut.clone()), &[9, 1, 5]);
    assert_eq!(clash_totals(&events), [5, 5]);
    let mods = modifier_values(b.rules(), b.state(), &cut, 0);
    assert!(
        !mods.iter().any(|(r, _)| r.contains("surprise")),
        "{mods:?}"
    );
}
