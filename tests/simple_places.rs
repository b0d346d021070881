//! Simple Samurai Rules – Late Period: the rules of places, one test per rule, named after
//! it — the village and its peasants, buildings and their doors, captured guns,
//! realigning a gun, ruined structures, fire and smoke, and the base-line retreat; and the
//! rules of odd troops and going: wagons, oxen, naginata, Retreat through cover.

#![allow(clippy::expect_used)] // Tests fail loudly; the lint guards user-supplied data elsewhere.

use gunbai::dice::RngDice;
use gunbai::engine::RuleSet as _;
use gunbai::engine::{Battle, Dice};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::simple::command::{Attacker, Facing, Fighter, Kindling, MeleeOrder, MoveKind};
use gunbai::rules::simple::command::{FireOrder, Status};
use gunbai::rules::simple::roster::{Formation, Troop};
use gunbai::rules::simple::state::{Due, GroupRef, StructureKind, Target, UnitRef};
use gunbai::rules::simple::{Command, Simple};

mod simple_support;
use simple_support::*;

const IMA_YARI: UnitRef = UnitRef(1, 0, 4);
/// The village's peasants: the group after Oda's two allied clans.
const VILLAGERS: UnitRef = UnitRef(0, 3, 0);

/// Plays the rest of Imagawa's turn and Oda's, so the sequence ends, up to Imagawa's next.
fn next_sequence(b: &mut Battle<Simple>) {
    ok(b, Command::EndTurn, &[]);
    to_oda_turn_after_end(b);
    ok(b, Command::EndTurn, &[]);
    draw_blank(b);
    ok(b, Command::AllyActivation(MATSUDAIRA), &[7]);
}

fn structure(b: &mut Battle<Simple>, name: &str, kind: StructureKind) {
    ok(
        b,
        Command::AddStructure {
            name: name.into(),
            kind,
            sections: 1,
        },
        &[],
    );
}

fn shot(unit: UnitRef, target: UnitRef, distance_cm: u32) -> Command {
    Command::Fire(FireOrder {
        unit,
        target: Target::Unit(target),
        volley: false,
        distance_cm,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    })
}

fn err_text(b: &mut Battle<Simple>, c: Command, faces: &[u32]) -> String {
    match run(b, c.clone(), faces) {
        Ok(lines) => panic!("{c:?} was allowed: {lines:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn terrain_the_villages_peasants_are_shown_beside_the_home_side_and_counted_in_neither_sides_strength()
 {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    let before: Vec<(u32, u32)> = b.view().sides.iter().map(|s| s.strength()).collect();
    ok(&mut b, Command::RollTerrain, &[3, 1, 24, 7]);
    let view = b.view();
    let home = usize::from(b.state().home.expect("a Home side"));
    assert!(
        view.sides[home]
            .groups
            .iter()
            .any(|g| !g.in_strength && g.units.iter().any(|u| u.strength == 5)),
        "the villagers are shown beside the Home side, outside its strength"
    );
    let after: Vec<(u32, u32)> = view.sides.iter().map(|s| s.strength()).collect();
    assert_eq!(after, before, "no side's strength grows by the peasants");
}

#[test]
fn terrain_village_brings_5_peasants_who_attack_whoever_enters_and_never_leave() {
    let mut none = battle_with(HouseRules::default());
    ok(&mut none, Command::RollForHome, &[9, 2]);
    ok(&mut none, Command::RollTerrain, &[2, 5, 6]);
    assert!(
        none.state().unit(VILLAGERS).is_none(),
        "two pieces: no village"
    );

    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    ok(&mut b, Command::RollTerrain, &[3, 1, 24, 7]);
    let v = b.state().unit(VILLAGERS).expect("the village's peasants");
    assert_eq!((v.alive, v.spec.troop), (5, Troop::Peasant));
    assert_eq!(b.state().owner(VILLAGERS), 2, "nobody's troops");
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffle");
    ok(&mut b, Command::BeginBattle, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);

    let into_village = |unit| Command::Move {
        unit,
        kind: MoveKind::IntoVillage,
        distance_cm: 10,
        going: gunbai::rules::simple::command::Going::Standard,
        surrounded: None,
    };
    ok(&mut b, into_village(IMA_TEPPO), &[]);
    assert_eq!(b.state().due, vec![Due::VillagersAttack(IMA_TEPPO)]);
    assert!(
        run(&mut b, shot(IMA_ARCHERS, ODA_YARI, 20), &[1; 5]).is_err(),
        "the peasants strike first"
    );
    // Three peasants may attack one Teppo figure (it touches a friend): d4 against d6,
    // a tie or less fails, the third bout kills.
    let lines = ok(
        &mut b,
        Command::VillagersAttack(IMA_TEPPO),
        &[2, 5, 3, 3, 4, 1],
    );
    assert_eq!(alive(&b, IMA_TEPPO), 4, "{lines:?}");
    morale(&mut b, IMA_TEPPO, &[6, 6, 6, 6, 1, 1]);
    assert!(
        err_text(&mut b, into_village(VILLAGERS), &[]).contains("turn"),
        "no one orders the peasants about"
    );
    // Either side may fight them; a failed morale sends them into hiding.
    ok(
        &mut b,
        Command::Melee(one_on_one(IMA_YARI, VILLAGERS, Facing::Front)),
        &[6, 1],
    );
    assert_eq!(alive(&b, VILLAGERS), 4);
    morale(&mut b, VILLAGERS, &[1, 1, 1, 1, 10, 10]);
    assert!(b.state().unit(VILLAGERS).expect("unit").gone);
    ok(&mut b, into_village(IMA_ARCHERS), &[]);
    assert!(b.state().due.is_empty(), "an empty village attacks no one");
}

#[test]
fn captured_gun_is_taken_in_melee_and_fired_only_by_artillerymen() {
    let mut b = battle_with_oda_gun();
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    let man = |crew| Command::CrewCapturedGun { gun: IMA_GUN, crew };
    assert!(
        err_text(&mut b, man(ODA_GUN), &[]).contains("replaced"),
        "a gun still crewed is not Oda's to man"
    );
    capture_imagawas_gun(&mut b);
    let gun = b.state().unit(IMA_GUN).expect("gun");
    assert_eq!((gun.alive, gun.captured_by), (0, Some(0)));
    assert!(
        err_text(&mut b, man(ODA_PIKE_SAMURAI), &[]).contains("artillerymen"),
        "Samurai cannot fire a captured gun"
    );
    ok(&mut b, man(ODA_GUN), &[]);
    assert_eq!(b.state().owner(IMA_GUN), 0);
    assert_eq!(alive(&b, IMA_GUN), 3);
    assert!(b.state().unit(ODA_GUN).expect("crew").gone);
    ok(&mut b, shot(IMA_GUN, IMA_TEPPO, 60), &[8, 8, 1, 1, 1]);
    assert_eq!(alive(&b, IMA_TEPPO), 3, "the gun fires on its old owners");
}

#[test]
fn building_holds_5_figures_and_the_door_defender_must_be_killed_first() {
    let mut b = begun();
    structure(&mut b, "Farmhouse", StructureKind::WoodenBuilding);
    let occupy = |unit| Command::Occupy {
        unit,
        structure: Some(0),
    };
    ok(&mut b, occupy(IMA_TEPPO), &[]);
    assert_eq!(b.state().unit(IMA_TEPPO).expect("unit").structure, Some(0));
    assert!(b.state().unit(IMA_TEPPO).expect("unit").formation_fail);
    assert!(err_text(&mut b, occupy(IMA_ARCHERS), &[]).contains("holds 5 figures"));
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    assert!(err_text(&mut b, occupy(ODA_YARI), &[]).contains("door"));
    let at_door = |defender| MeleeOrder {
        defender: Target::Unit(defender),
        attackers: vec![Attacker {
            fighter: Fighter::Unit(ODA_PIKE_SAMURAI),
            facing: Facing::Front,
            touches_friend: true,
        }],
        defender_touches_friend: true,
        rear_support: None,
        in_building: false,
        door: Some(0),
        defender_cover: Some(gunbai::rules::simple::state::Cover::Hard),
    };
    assert!(
        err_text(&mut b, Command::Melee(at_door(IMA_ARCHERS)), &[10, 1]).contains("inside"),
        "only a figure in the building defends its door"
    );
    let bouts =
        gunbai::rules::simple::numbers::preview::melee(b.rules(), b.state(), &at_door(IMA_TEPPO));
    assert!(
        bouts[0]
            .defender
            .iter()
            .any(|m| m.value == 2 && m.reason.contains("hard cover")),
        "the door's defender is in hard cover: {:?}",
        bouts[0].defender
    );
    // The table cannot put the door's defender anywhere but in hard cover.
    let mut open = at_door(IMA_TEPPO);
    open.defender_cover = Some(gunbai::rules::simple::state::Cover::Open);
    assert!(err_text(&mut b, Command::Melee(open), &[10, 1]).contains("hard cover"));
    // 3 against 4 + 2 - 1 (the defender's Formation Fail): the door holds.
    ok(&mut b, Command::Melee(at_door(IMA_TEPPO)), &[3, 4]);
    assert_eq!(b.state().structures[0].door_taken_by, None);
    ok(&mut b, Command::Melee(at_door(IMA_TEPPO)), &[10, 1]);
    assert_eq!(b.state().structures[0].door_taken_by, Some(0));
    morale(&mut b, IMA_TEPPO, &[6, 6, 6, 6, 1, 1]);
    // The door is won; the 4 Teppo left inside still leave no room for 5 Yari.
    assert!(err_text(&mut b, occupy(ODA_YARI), &[]).contains("holds 5 figures"));
}

#[test]
fn artillery_realignment_1d4_is_required_for_a_new_target() {
    use gunbai::engine::Game as _;
    let mut b = begun();
    ok(&mut b, shot(IMA_GUN, ODA_YARI, 60), &[1, 1, 1]);
    next_sequence(&mut b);
    let err = err_text(&mut b, shot(IMA_GUN, ODA_TEPPO_1, 60), &[1, 1, 1]);
    assert!(err.contains("realign"), "{err}");
    // The form previews the d4: 3 inches or more comes up half the time.
    let id = IMA_GUN.id();
    let t = option_of(&b, IMA_GUN, "realign", ODA_TEPPO_1);
    let preview = b
        .preview_action(&id, "realign", &[t, 2])
        .expect("fits")
        .preview
        .expect("odds");
    assert!((preview.odds[0].probability - 0.5).abs() < 1e-12);
    let realign = |target, needed_inches| Command::Realign {
        gun: IMA_GUN,
        needed_inches,
        target: Some(Target::Unit(target)),
    };
    ok(&mut b, realign(ODA_TEPPO_1, 3), &[4]);
    ok(&mut b, shot(IMA_GUN, ODA_TEPPO_1, 60), &[1, 1, 1]);
    next_sequence(&mut b);
    // Short of the 4 inches: no fire now, the realignment finishes next move.
    ok(&mut b, realign(ODA_YARI, 4), &[2]);
    ok(
        &mut b,
        Command::Move {
            unit: IMA_GUN,
            kind: MoveKind::Normal,
            distance_cm: 5,
            going: gunbai::rules::simple::command::Going::Standard,
            surrounded: None,
        },
        &[],
    );
    let err = err_text(&mut b, shot(IMA_GUN, ODA_YARI, 60), &[1, 1, 1]);
    assert!(err.contains("realigning"), "{err}");
    next_sequence(&mut b);
    ok(&mut b, shot(IMA_GUN, ODA_YARI, 60), &[1, 1, 1]);
}

#[test]
fn structures_ruined_by_guns_remove_the_figures_in_or_behind_them() {
    let mut b = begun();
    structure(&mut b, "Palisade", StructureKind::WoodenBarricade);
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    ok(
        &mut b,
        Command::Occupy {
            unit: ODA_YARI,
            structure: Some(0),
        },
        &[],
    );
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    let bombard = Command::Bombard {
        gun: IMA_GUN,
        structure: 0,
    };
    // A wooden barricade is hard cover: 8 on the d8; 4 hits per 15 cm.
    ok(&mut b, bombard.clone(), &[8, 8, 7]);
    assert_eq!(b.state().structures[0].hits, 2);
    assert!(!b.state().unit(ODA_YARI).expect("unit").gone);
    next_sequence(&mut b);
    ok(&mut b, bombard, &[8, 8, 1]);
    assert_eq!(b.state().structures[0].hits, 0);
    assert!(
        b.state().unit(ODA_YARI).expect("unit").gone,
        "figures behind a destroyed linear object are removed"
    );
}

#[test]
fn fire_spreads_1_inch_a_sequence_carts_burn_3_sequences_and_smoke_drifts_with_the_wind() {
    let mut b = battle_with(HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    ok(&mut b, Command::RollWind, &[1, 2]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffle");
    ok(&mut b, Command::BeginBattle, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    structure(&mut b, "Palisade", StructureKind::WoodenBarricade);
    structure(&mut b, "Storehouse", StructureKind::WoodenBuilding);
    let alight = |what, structure, by| Command::SetAlight {
        what,
        structure,
        by,
    };
    let samurai = Some(IMA_SWORD_SAMURAI);
    let err = err_text(
        &mut b,
        alight(Kindling::BuildingWhileBurning, Some(1), samurai),
        &[6],
    );
    assert!(err.contains("nothing is on fire"), "{err}");
    let err = err_text(
        &mut b,
        alight(Kindling::Building, Some(1), Some(IMA_TEPPO)),
        &[6],
    );
    assert!(err.contains("Samurai"), "{err}");
    ok(&mut b, alight(Kindling::Haystack, None, None), &[4]);
    assert!(b.state().blazes.is_empty(), "a haystack needs 5 or 6");
    ok(&mut b, alight(Kindling::Cart, Some(0), None), &[5]);
    // Once something burns, Samurai fire a building on 3+.
    ok(
        &mut b,
        alight(Kindling::BuildingWhileBurning, Some(1), samurai),
        &[3],
    );
    assert_eq!(b.state().blazes.len(), 2);
    next_sequence(&mut b);
    let cart = &b.state().blazes[0];
    assert_eq!(
        (cart.spread_inches, cart.smoke_cm, cart.out),
        (1, 10, false)
    );
    next_sequence(&mut b);
    next_sequence(&mut b);
    assert!(b.state().blazes[0].out, "the cart burns 3 sequences");
    assert_eq!(
        b.state().structures[0].hits,
        0,
        "the palisade's section is burnt down"
    );
    let house = &b.state().blazes[1];
    assert_eq!(
        (house.spread_inches, house.smoke_cm, house.out),
        (3, 30, false)
    );
    assert!(
        b.pending()
            .iter()
            .any(|c| c.what == "Fire burning" && c.notes.iter().any(|n| n.contains("30 cm"))),
        "the umpire sees the smoke's reach"
    );
    // Wholly ablaze: the smoke stops 3 sequences later.
    ok(&mut b, Command::Engulfed(1), &[]);
    for _ in 0..2 {
        next_sequence(&mut b);
    }
    assert!(b.state().blazes[1].smoke_cm > 0);
    next_sequence(&mut b);
    assert_eq!(b.state().blazes[1].smoke_cm, 0);
}

#[test]
fn burning_building_figures_inside_roll_to_escape_and_die_when_it_is_engulfed() {
    let mut b = begun();
    structure(&mut b, "Storehouse", StructureKind::WoodenBuilding);
    structure(&mut b, "Barn", StructureKind::WoodenBuilding);
    for (unit, s) in [(IMA_TEPPO, 0), (IMA_ARCHERS, 1)] {
        ok(
            &mut b,
            Command::Occupy {
                unit,
                structure: Some(s),
            },
            &[],
        );
    }
    for (what, s, face) in [
        (Kindling::Building, 0, 5),
        (Kindling::BuildingWhileBurning, 1, 3),
    ] {
        ok(
            &mut b,
            Command::SetAlight {
                what,
                structure: Some(s),
                by: Some(IMA_SWORD_SAMURAI),
            },
            &[face],
        );
    }
    ok(&mut b, Command::Engulfed(1), &[]);
    assert_eq!(alive(&b, IMA_ARCHERS), 0, "no unburnt room left: all die");
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    assert!(b.state().due.contains(&Due::FireEscape(IMA_TEPPO)));
    // The event card is drawn before anything else in the turn.
    draw_blank(&mut b);
    ok(
        &mut b,
        Command::EscapeFire {
            unit: IMA_TEPPO,
            figures: 5,
        },
        &[5, 6, 1, 2, 6],
    );
    let teppo = b.state().unit(IMA_TEPPO).expect("unit");
    assert_eq!((teppo.alive, teppo.structure), (3, None), "5 or 6 survives");
}

#[test]
fn daimyo_killed_army_falls_back_to_its_base_line_and_cannot_move_forward() {
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("daimyo_killed".into(), "base_line".into());
    let mut b = begun_with(house);
    shoot_daimyo(&mut b, GroupRef(0, 0));
    assert!(b.state().sides[0].army_retreating);
    pass_morale_dues(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    let moving = |unit, kind| Command::Move {
        unit,
        kind,
        distance_cm: 10,
        going: gunbai::rules::simple::command::Going::Standard,
        surrounded: None,
    };
    for kind in [
        MoveKind::Normal,
        MoveKind::IntoVillage,
        MoveKind::CrossCover,
    ] {
        let err = err_text(&mut b, moving(ODA_YARI, kind), &[]);
        assert!(err.contains("base line"), "{err}");
    }
    assert!(
        run(
            &mut b,
            Command::Melee(one_on_one(ODA_PIKE_SAMURAI, IMA_TEPPO, Facing::Front)),
            &[10, 1]
        )
        .is_err(),
        "it fights only if attacked"
    );
    ok(&mut b, moving(ODA_YARI, MoveKind::Back), &[]);
    // Changing formation, its whole move where the unit stands, is no move forward.
    ok(
        &mut b,
        moving(ODA_TEPPO_1, MoveKind::ChangeFormation(Formation::Column)),
        &[],
    );
    assert_eq!(
        b.state().unit(ODA_TEPPO_1).expect("unit").formation,
        Formation::Column
    );
}

#[test]
fn smoke_from_a_fire_is_soft_cover_for_firing_and_morale() {
    use gunbai::rules::simple::state::Cover;
    let mut b = begun();
    let order = |target_cover| FireOrder {
        unit: IMA_TEPPO,
        target: Target::Unit(ODA_YARI),
        volley: false,
        distance_cm: 20,
        target_cover: Some(target_cover),
    };
    let needs = |b: &Battle<Simple>, cover| {
        gunbai::rules::simple::numbers::preview::fire(b.rules(), b.state(), &order(cover))
            .expect("preview")
            .needs
    };
    assert_eq!(needs(&b, Cover::Open), 6);
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_YARI,
            status: Status::FireSmoke(true),
        },
        &[],
    );
    assert_eq!(needs(&b, Cover::Soft), 7, "a line in soft cover");
    let err = err_text(&mut b, Command::Fire(order(Cover::Open)), &[1; 5]);
    assert!(err.contains("soft cover at least"), "{err}");
    let yari = b.state().unit(ODA_YARI).expect("unit");
    let cover = b.state().cover_of(ODA_YARI);
    let dice = gunbai::rules::simple::numbers::morale(b.rules(), yari, cover, false);
    assert_eq!(dice.own_sides, 8, "Ashigaru in soft cover test on d8");
}

#[test]
fn movement_worked_example_a_gun_unlimbered_from_its_wagon_fires_with_a_formation_fail() {
    let in_place = |kind| Command::Move {
        unit: IMA_GUN,
        kind,
        distance_cm: 0,
        going: gunbai::rules::simple::command::Going::Standard,
        surrounded: None,
    };
    let mut b = begun();
    ok(&mut b, in_place(MoveKind::Limber), &[]);
    let err = err_text(&mut b, shot(IMA_GUN, ODA_YARI, 60), &[1, 1, 1]);
    assert!(err.contains("limbered"), "{err}");
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    // Its Formation Fail test fails on a 1; it unlimbers (its whole move) and fires anyway.
    ok(&mut b, Command::FormationTest(IMA_GUN), &[1]);
    ok(&mut b, in_place(MoveKind::Unlimber), &[]);
    assert!(b.state().unit(IMA_GUN).is_some_and(|x| x.formation_fail));
    ok(&mut b, shot(IMA_GUN, ODA_YARI, 60), &[1, 1, 1]);
}

/// A move of `distance_cm` over `going`.
fn going(unit: UnitRef, distance_cm: u32, going: gunbai::rules::simple::command::Going) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::Back,
        distance_cm,
        going,
        surrounded: None,
    }
}

#[test]
fn movement_a_wagon_behind_one_beast_moves_7_5_cm_and_in_retreat_at_its_standard_rate() {
    use gunbai::rules::simple::command::Going;
    let oxen = UnitRef(1, 0, 13);
    // The Imagawa wagon with one ox (ruling wagon_team: its team is its own figures).
    let path = format!("{}/rosters/simple/imagawa.ron", env!("CARGO_MANIFEST_DIR"));
    let mut text = RosterText::read(std::path::Path::new(&path)).expect("demo roster");
    text.source = text.source.replace(
        "(name: \"Supply Oxen\", troop: Animals, weapon: Wagon)",
        "(name: \"Supply Oxen\", troop: Animals, weapon: Wagon, figures: 1)",
    );
    let imagawa = Simple::load_army(&text)
        .expect("one ox is a valid team")
        .army;
    let mut b = begun_from(
        Battle::<Simple>::start([army("oda.ron"), imagawa], HouseRules::default(), None)
            .expect("battle starts"),
    );
    let far = err_text(&mut b, going(oxen, 8, Going::Standard), &[]);
    assert!(far.contains("7.5"), "{far}");
    ok(&mut b, going(oxen, 7, Going::Standard), &[]);

    // With two oxen, in Retreat once Imagawa's Daimyo is shot: a wagon keeps its standard
    // 15 cm (not the infantry's 40) and still crosses no hard cover.
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    let at = Command::Fire(FireOrder {
        unit: ODA_TEPPO_1,
        target: Target::Daimyo(GroupRef(1, 0)),
        volley: false,
        distance_cm: 10,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    });
    ok(&mut b, at, &[6, 1, 1, 1, 1, 1]);
    assert!(
        b.state().sides[1].army_retreating,
        "Imagawa's Daimyo is dead"
    );
    pass_morale_dues(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    draw_blank(&mut b);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    assert!(b.state().in_retreat(oxen));
    let far = err_text(&mut b, going(oxen, 16, Going::Standard), &[]);
    assert!(far.contains("15") && far.contains("in Retreat"), "{far}");
    let hard = err_text(&mut b, going(oxen, 5, Going::Hard), &[]);
    assert!(hard.contains("hard cover"), "{hard}");
    ok(&mut b, going(oxen, 15, Going::Standard), &[]);
}

#[test]
fn movement_a_unit_in_retreat_loses_nothing_to_cover() {
    use gunbai::rules::simple::command::Going;
    // Oda's Daimyo is shot: his army is in Retreat and moves back at the Retreat rate, 40 cm
    // for infantry, through soft or hard cover as in the open.
    let mut b = begun();
    shoot_daimyo(&mut b, GroupRef(0, 0));
    pass_morale_dues(&mut b);
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    assert!(b.state().in_retreat(ODA_YARI));
    let far = err_text(&mut b, going(ODA_YARI, 41, Going::Hard), &[]);
    assert!(far.contains("40") && far.contains("in Retreat"), "{far}");
    ok(&mut b, going(ODA_YARI, 40, Going::Hard), &[]);
    ok(&mut b, going(ODA_TEPPO_1, 40, Going::Soft), &[]);
}

#[test]
fn firing_oxen_are_shot_as_figures_are_and_save_on_a_d6() {
    let oxen = UnitRef(1, 0, 13);
    let mut b = begun();
    ok(&mut b, Command::EndTurn, &[]);
    to_oda_turn_after_end(&mut b);
    // A save of 7 is no face of a d6.
    let err = err_text(&mut b, shot(ODA_TEPPO_1, oxen, 20), &[6, 6, 1, 1, 1, 7, 3]);
    assert!(err.contains('7'), "{err}");
    // Two hits as on any figure in the open; saves 4 (saved) and 3 (killed).
    ok(&mut b, shot(ODA_TEPPO_1, oxen, 20), &[6, 6, 1, 1, 1, 4, 3]);
    assert_eq!(alive(&b, oxen), 1);
}

#[test]
fn notes_naginata_count_as_spears_unless_the_umpire_rules_they_take_no_modifier() {
    // Udono's naginata Samurai (d10 6) attack Oda's Yari (d6 5). A spear defender adds 1
    // against a weapon that is no spear: as spears, 6 beats 5; as no spear, 6 meets 5 + 1.
    let udono = UnitRef(1, 0, 9);
    for (option, left) in [("spear", 4), ("no_modifier", 5)] {
        let mut house = HouseRules::default();
        house
            .rulings
            .insert("naginata_is_spear".into(), option.into());
        let mut b = begun_with(house);
        let order = one_on_one(udono, ODA_YARI, Facing::Front);
        ok(&mut b, Command::Melee(order), &[6, 5]);
        assert_eq!(alive(&b, ODA_YARI), left, "naginata as {option}");
    }
}
