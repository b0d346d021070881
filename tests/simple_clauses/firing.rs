//! Firing (lines 65-109): who may fire, at what, and with how many dice.

use gunbai::rules::simple::command::Command;
use gunbai::rules::simple::state::UnitRef;

use super::*;

/// A gun added to the Oda army, to man what it captures.
const ODA_GUN: UnitRef = UnitRef(0, 0, 12);

fn oda_with_a_gun() -> gunbai::rules::simple::Army {
    army_with(
        "oda.ron",
        "flagbearers: 2),\n    ],\n    allies",
        "flagbearers: 2),\n        (name: \"Oda Gun\", troop: Ashigaru, weapon: Gun),\n    ],\n    allies",
    )
}

#[test]
fn firing_a_gun_fires_with_the_crew_it_has_and_is_silent_once_they_are_shot_down() {
    let mut b = begun_between(oda_with_a_gun(), army("imagawa.ron"));
    to_oda_turn_passing_tests(&mut b);
    // One artilleryman shot: nobody replaces him, and the gun fires with two.
    ok(
        &mut b,
        fire(ODA_TEPPO_1, IMA_GUN, false),
        &[6, 5, 1, 1, 1, 1],
    );
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, IMA_GUN), 2);
    to_imagawa_turn_passing_tests(&mut b);
    ok(&mut b, fire(IMA_GUN, ODA_YARI, false), &[6, 6, 4, 1]);
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, ODA_YARI), 4, "two dice: two hits, one save");
    // The other two shot down: the gun is silent, and no one's to take.
    to_oda_turn_passing_tests(&mut b);
    ok(
        &mut b,
        fire(ODA_TEPPO_2, IMA_GUN, false),
        &[6, 6, 1, 1, 1, 1, 1],
    );
    let gun = b.state().unit(IMA_GUN).unwrap();
    assert_eq!((gun.alive, gun.captured_by), (0, None));
    let man = Command::CrewCapturedGun {
        gun: IMA_GUN,
        crew: ODA_GUN,
    };
    assert!(refused(&mut b, man, &[]).contains("replaced"));
    to_imagawa_turn_passing_tests(&mut b);
    let err = refused(&mut b, fire(IMA_GUN, ODA_YARI, false), &[6, 6, 6]);
    assert!(err.contains("not on the table"), "{err}");
}

/// The target options of a unit's form, and where `target` stands among them.
fn target_index(
    b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>,
    unit: UnitRef,
    form: &str,
    target: UnitRef,
) -> usize {
    option_of(b, unit, form, target)
}

/// The labels of a form's fields.
fn labels(
    b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>,
    unit: UnitRef,
    form: &str,
) -> Vec<String> {
    use gunbai::engine::Game as _;
    b.action_forms(&unit.id())
        .into_iter()
        .find(|f| f.key == form)
        .expect("the form")
        .fields
        .iter()
        .map(|f| match f {
            gunbai::engine::Field::Choice { label, .. }
            | gunbai::engine::Field::Toggle { label }
            | gunbai::engine::Field::Flags { label, .. }
            | gunbai::engine::Field::Number { label, .. } => label.clone(),
        })
        .collect()
}

#[test]
fn firing_the_fire_form_asks_the_targets_cover_and_the_score_to_hit_follows_the_answer() {
    use gunbai::engine::Game as _;
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::state::{Cover, StructureKind};
    let mut b = begun();
    assert_eq!(
        labels(&b, IMA_TEPPO, "fire"),
        [
            "Target",
            "Target's cover",
            "Distance to the target",
            "Volley",
            "Target in sight, within the firer's arc"
        ]
    );
    // The unit's old cover record does not count: the answer does.
    ok(
        &mut b,
        Command::SetStatus {
            unit: ODA_YARI,
            status: Status::Cover(Cover::Hard),
        },
        &[],
    );
    let needs = |b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>, target, cover| {
        let t = target_index(b, IMA_TEPPO, "fire", target);
        b.preview_action(&IMA_TEPPO.id(), "fire", &[t, cover, 20, 0, 1])
            .expect("fits")
            .preview
            .expect("odds")
            .target
    };
    // Line or column 6, 7, 8; skirmishers 7, 8, 9 (dice paired).
    for (cover, line, skirmish) in [(0, "6+", "7+"), (1, "7+", "8+"), (2, "8+", "9+")] {
        assert!(needs(&b, ODA_YARI, cover).contains(&format!("needing {line}")));
        assert!(needs(&b, ODA_ARCHERS_SKIRMISH, cover).contains(&format!("needing {skirmish}")));
    }
    // Fired as answered: in the open a 6 hits though the record says hard cover.
    let t = target_index(&b, IMA_TEPPO, "fire", ODA_YARI);
    b.do_action(
        &IMA_TEPPO.id(),
        "fire",
        &[t, 0, 20, 0, 1],
        b.version(),
        gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![6, 1, 1, 1, 1, 1])),
    )
    .unwrap();
    assert_eq!(alive(&b, ODA_YARI), 4);
    pass_morale_dues(&mut b);
    // Inside a building a target is in hard cover whatever the answer.
    ok(
        &mut b,
        Command::AddStructure {
            name: "Farmhouse".into(),
            kind: StructureKind::WoodenBuilding,
            sections: 1,
        },
        &[],
    );
    to_oda_turn_passing_tests(&mut b);
    ok(
        &mut b,
        Command::Occupy {
            unit: ODA_TEPPO_2,
            structure: Some(0),
        },
        &[],
    );
    to_imagawa_turn_passing_tests(&mut b);
    let err = refused(
        &mut b,
        fire_in(IMA_ARCHERS, ODA_TEPPO_2, Cover::Soft),
        &[8; 5],
    );
    assert!(
        err.contains("hard cover at least") && err.contains("simple: Firing"),
        "{err}"
    );
    ok(
        &mut b,
        fire_in(IMA_ARCHERS, ODA_TEPPO_2, Cover::Hard),
        &[7, 7, 7, 7, 7],
    );
}

#[test]
fn melee_the_melee_form_asks_the_defenders_cover_and_adds_1_or_2_from_the_answer() {
    use gunbai::engine::Game as _;
    let b = begun();
    let fields = labels(&b, IMA_SWORD_SAMURAI, "melee");
    assert_eq!(fields[..2], ["Defender", "Where the defender fights"]);
    let t = target_index(&b, IMA_SWORD_SAMURAI, "melee", ODA_TEPPO_1);
    for (cover, bonus) in [(0, None), (1, Some(1)), (2, Some(2))] {
        let card = b
            .preview_action(&IMA_SWORD_SAMURAI.id(), "melee", &[t, cover, 0, 0, 1, 1, 0])
            .expect("fits")
            .preview
            .expect("odds");
        let found = card
            .modifiers
            .iter()
            .find(|m| m.reason.contains("cover"))
            .map(|m| m.value);
        assert_eq!(found, bonus, "{:?}", card.modifiers);
    }
}

/// Imagawa's Teppo fire in each of its turns given (`true`) or stand (`false`), with no hits;
/// between them Oda's turn passes.
fn teppo_turns(b: &mut gunbai::engine::Battle<gunbai::rules::simple::Simple>, fires: &[bool]) {
    for (i, f) in fires.iter().enumerate() {
        if i > 0 {
            to_oda_turn_passing_tests(b);
            to_imagawa_turn_passing_tests(b);
        }
        if *f {
            ok(b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]);
        }
    }
}

fn smoke_ruling(option: &str) -> gunbai::engine::Battle<gunbai::rules::simple::Simple> {
    let mut house = gunbai::reference::HouseRules::default();
    house.rulings.insert("smoke_timing".into(), option.into());
    begun_with(house)
}

fn in_smoke(b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>) -> bool {
    b.state().unit(IMA_TEPPO).unwrap().smoke
}

#[test]
fn fog_of_war_a_turn_without_firing_clears_the_smoke_whatever_was_fired_before() {
    let mut b = smoke_ruling("quiet_turn_clears");
    // Fired two turns running, staying put: smoke after the second.
    teppo_turns(&mut b, &[true, true]);
    to_oda_turn_passing_tests(&mut b);
    assert!(in_smoke(&b));
    to_imagawa_turn_passing_tests(&mut b);
    let err = refused(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]);
    assert!(err.contains("smoke"), "{err}");
    // That turn without firing clears it.
    to_oda_turn_passing_tests(&mut b);
    assert!(!in_smoke(&b));
    to_imagawa_turn_passing_tests(&mut b);
    ok(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]);
}

#[test]
fn fog_of_war_firing_renews_the_smoke_after_a_quiet_turn_as_an_option() {
    let mut b = smoke_ruling("firing_renews");
    teppo_turns(&mut b, &[true, true, false]);
    to_oda_turn_passing_tests(&mut b);
    assert!(in_smoke(&b), "the second turn's firing covers it again");
    to_imagawa_turn_passing_tests(&mut b);
    assert!(refused(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]).contains("smoke"));
    to_oda_turn_passing_tests(&mut b);
    assert!(!in_smoke(&b));
}

#[test]
fn fog_of_war_smoke_forms_over_a_unit_that_stays_and_only_a_move_forward_clears_it() {
    use gunbai::rules::simple::command::{Going, MoveKind};
    let teppo_1 = UnitRef(1, 0, 2);
    let mut b = begun();
    // Fired, then a turn standing: smoke at its end, not before.
    teppo_turns(&mut b, &[true]);
    to_oda_turn_passing_tests(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    ok(&mut b, fire(teppo_1, ODA_PIKE_SAMURAI, false), &[1; 5]);
    assert!(!in_smoke(&b));
    to_oda_turn_passing_tests(&mut b);
    assert!(in_smoke(&b));
    to_imagawa_turn_passing_tests(&mut b);
    let step = |unit, kind| Command::Move {
        unit,
        kind,
        distance_cm: 5,
        going: Going::Standard,
        surrounded: None,
    };
    // Moving back leaves the smoke to its front.
    ok(&mut b, step(IMA_TEPPO, MoveKind::Back), &[]);
    assert!(refused(&mut b, fire(IMA_TEPPO, ODA_PIKE_SAMURAI, false), &[1; 5]).contains("smoke"));
    // A unit that fired and then moves makes none.
    ok(&mut b, step(teppo_1, MoveKind::Normal), &[]);
    to_oda_turn_passing_tests(&mut b);
    assert!(!b.state().unit(teppo_1).unwrap().smoke);
}

#[test]
fn firing_only_at_a_target_in_sight_within_the_firers_arc_the_fire_form_asks() {
    use gunbai::engine::Game as _;
    let mut b = begun();
    let gun_fields = labels(&b, IMA_GUN, "fire");
    assert_eq!(
        gun_fields.last().map(String::as_str),
        Some("Target in sight, within the firer's arc"),
        "a gun's barrel arc too: {gun_fields:?}"
    );
    let t = target_index(&b, IMA_TEPPO, "fire", ODA_YARI);
    let fire_form = |b: &mut gunbai::engine::Battle<gunbai::rules::simple::Simple>, sight| {
        b.do_action(
            &IMA_TEPPO.id(),
            "fire",
            &[t, 0, 20, 0, sight],
            b.version(),
            gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(vec![1; 5])),
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    };
    let err = fire_form(&mut b, 0).expect_err("out of sight");
    assert!(
        err.contains("in sight") && err.contains("simple: Firing"),
        "{err}"
    );
    assert!(!b.state().unit(IMA_TEPPO).unwrap().fired, "nothing fired");
    fire_form(&mut b, 1).expect("in sight");
    assert!(b.state().unit(IMA_TEPPO).unwrap().fired);
    // The gun's question comes after its distance (it has no volley).
    let g = target_index(&b, IMA_GUN, "fire", ODA_YARI);
    assert!(
        b.preview_action(&IMA_GUN.id(), "fire", &[g, 0, 60, 0])
            .is_err()
    );
    assert!(
        b.preview_action(&IMA_GUN.id(), "fire", &[g, 0, 60, 1])
            .is_ok()
    );
}

fn shot_at(
    unit: UnitRef,
    target: gunbai::rules::simple::state::Target,
    distance_cm: u32,
    volley: bool,
) -> Command {
    Command::Fire(gunbai::rules::simple::command::FireOrder {
        unit,
        target,
        volley,
        distance_cm,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    })
}

#[test]
fn ranges_bows_and_arquebuses_reach_30_cm_and_a_gun_90() {
    use gunbai::rules::simple::state::Target;
    let mut b = begun();
    let yari = Target::Unit(ODA_YARI);
    for (unit, range, dice) in [(IMA_ARCHERS, 30, 5), (IMA_TEPPO, 30, 5), (IMA_GUN, 90, 3)] {
        let err = refused(
            &mut b,
            shot_at(unit, yari, range + 1, false),
            &vec![1; dice],
        );
        assert!(err.contains(&format!("reaches {range} cm")), "{err}");
        ok(&mut b, shot_at(unit, yari, range, false), &vec![1; dice]);
    }
}

#[test]
fn volley_fire_needs_at_least_2_figures() {
    use gunbai::rules::simple::state::Target;
    let mut b = begun();
    to_oda_turn_passing_tests(&mut b);
    // Four of the Teppo's five shot down, in two turns.
    ok(
        &mut b,
        fire(ODA_TEPPO_1, IMA_TEPPO, false),
        &[6, 6, 6, 1, 1, 1, 1, 1],
    );
    pass_morale_dues(&mut b);
    ok(
        &mut b,
        fire(ODA_TEPPO_2, IMA_TEPPO, false),
        &[6, 1, 1, 1, 1, 1],
    );
    pass_morale_dues(&mut b);
    to_imagawa_turn_passing_tests(&mut b);
    assert_eq!(alive(&b, IMA_TEPPO), 1);
    let err = refused(
        &mut b,
        shot_at(IMA_TEPPO, Target::Unit(ODA_YARI), 10, true),
        &[10],
    );
    assert!(err.contains("at least 2 figures"), "{err}");
    ok(
        &mut b,
        shot_at(UnitRef(1, 0, 2), Target::Unit(ODA_YARI), 10, true),
        &[1; 5],
    );
}

#[test]
fn firing_a_daimyo_saves_as_a_guard_and_is_a_target_once_his_unit_is_gone() {
    use gunbai::rules::simple::state::{GroupRef, Target};
    let mut b = begun();
    let tokugawa = GroupRef(0, 1);
    ok(
        &mut b,
        Command::Attach {
            group: tokugawa,
            unit: Some(1),
        },
        &[],
    );
    let at_him = |unit| shot_at(unit, Target::Daimyo(tokugawa), 10, false);
    assert!(refused(&mut b, at_him(IMA_TEPPO), &[6; 5]).contains("with a unit"));
    // His Yari shot down to the last figure: he is alone and a target.
    ok(
        &mut b,
        fire(IMA_TEPPO, UnitRef(0, 1, 1), false),
        &[6, 6, 6, 6, 6, 1, 1, 1, 1, 1],
    );
    assert!(!b.state().unit(UnitRef(0, 1, 1)).unwrap().present());
    // A hit on him is saved on 3, as a foot guard's.
    ok(&mut b, at_him(UnitRef(1, 0, 2)), &[6, 1, 1, 1, 1, 3]);
    let alive = |b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>| {
        b.state()
            .group(tokugawa)
            .unwrap()
            .daimyo
            .as_ref()
            .unwrap()
            .alive
    };
    assert!(alive(&b));
    // Against a firer with a Formation Fail a 2 saves; a 1 does not.
    change_formation(&mut b, IMA_ARCHERS);
    ok(&mut b, at_him(IMA_ARCHERS), &[6, 6, 1, 1, 1, 2, 1]);
    assert!(!alive(&b));
}

#[test]
fn firing_a_figure_that_reaches_the_score_alone_counts_alone_and_each_exact_pair_hits() {
    use gunbai::rules::simple::state::Cover;
    let ima_skirmishers = UnitRef(1, 0, 0);
    let mut b = begun();
    to_oda_turn_passing_tests(&mut b);
    // Skirmishers behind hard cover need 9. Oda Teppo 1's sharpshooter (his die first) reaches
    // it alone with his +1: his 8 hits by itself. The four others cannot, and pair up in the
    // order rolled: 4+5 and 3+6 are each exactly 9, two hits more. Three saves fail.
    let lines = ok(
        &mut b,
        fire_in(ODA_TEPPO_1, ima_skirmishers, Cover::Hard),
        &[8, 4, 5, 3, 6, 1, 1, 1],
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("needing 9+") && l.contains("3 hits")),
        "{lines:?}"
    );
    assert_eq!(alive(&b, ima_skirmishers), 2);
}

#[test]
fn firing_the_cards_odds_pair_dice_only_where_no_single_die_reaches_as_the_ruling_counts_pairs() {
    use gunbai::rules::simple::command::FireOrder;
    use gunbai::rules::simple::numbers::preview;
    use gunbai::rules::simple::state::{Cover, Target};
    let ima_skirmishers = UnitRef(1, 0, 0);
    let order = |target, cover| FireOrder {
        unit: ODA_TEPPO_1,
        target: Target::Unit(target),
        volley: false,
        distance_cm: 20,
        target_cover: Some(cover),
    };
    // Two d8 make 9 exactly 8 times in 64, and 9 or more 36 times.
    for (option, pair_odds) in [("pairs_exact", 8.0 / 64.0), ("pairs_reach", 36.0 / 64.0)] {
        let mut house = gunbai::reference::HouseRules::default();
        house.rulings.insert("combined_score".into(), option.into());
        let b = begun_with(house);
        // A line behind hard cover needs 8: a d8 reaches it alone, 1 in 8.
        let p = preview::fire(b.rules(), b.state(), &order(IMA_TEPPO, Cover::Hard)).unwrap();
        assert_eq!((p.needs, p.paired), (8, false), "{option}");
        assert!((p.hit - 1.0 / 8.0).abs() < 1e-12, "{option}: {}", p.hit);
        // Skirmishers behind hard cover need 9: no d8 reaches it, so dice go in pairs.
        let p = preview::fire(b.rules(), b.state(), &order(ima_skirmishers, Cover::Hard)).unwrap();
        assert_eq!((p.needs, p.paired), (9, true), "{option}");
        assert!((p.hit - pair_odds).abs() < 1e-12, "{option}: {}", p.hit);
    }
}

#[test]
fn firing_the_cards_odds_count_each_sharpshooters_die_alone_or_in_its_pair_with_its_bonus() {
    use gunbai::rules::simple::command::FireOrder;
    use gunbai::rules::simple::numbers::preview;
    use gunbai::rules::simple::state::{Cover, Target};
    let ima_skirmishers = UnitRef(1, 0, 0);
    let order = FireOrder {
        unit: ODA_TEPPO_1,
        target: Target::Unit(ima_skirmishers),
        volley: false,
        distance_cm: 20,
        target_cover: Some(Cover::Hard),
    };
    let kills_any =
        |chances: &[f64], k: f64| 1.0 - chances.iter().map(|h| 1.0 - h * k).product::<f64>();
    // Skirmishers behind hard cover need 9: Oda Teppo 1's sharpshooter reaches it alone (his
    // 8 and +1), 1 in 8; the four others make two pairs, each exactly 9 in 8 of 64 throws, or 9
    // or more in 36 of 64.
    for (option, pair) in [("pairs_exact", 8.0 / 64.0), ("pairs_reach", 36.0 / 64.0)] {
        let mut house = gunbai::reference::HouseRules::default();
        house.rulings.insert("combined_score".into(), option.into());
        let b = begun_with(house);
        let p = preview::fire(b.rules(), b.state(), &order).unwrap();
        let want = kills_any(&[1.0 / 8.0, pair, pair], p.kill_per_hit);
        assert!(
            (p.kills_any - want).abs() < 1e-12,
            "{option}: {}",
            p.kills_any
        );
    }
    // With the score set to 11 for the table, two sharpshooters cannot reach it alone: they pair
    // with each other, their +1 each counted (2d8 + 2 exactly 11: 8 in 64), and two others pair
    // without a bonus (2d8 exactly 11: 6 in 64); the fifth die is left over.
    let mut house = gunbai::reference::HouseRules::default();
    house.overrides.insert("to_hit.skirmish_hard".into(), 11);
    let b = begun_with(house);
    let mut state = b.state().clone();
    state.unit_mut(ODA_TEPPO_1).unwrap().spec.sharpshooters = 2;
    let p = preview::fire(b.rules(), &state, &order).unwrap();
    let want = kills_any(&[8.0 / 64.0, 6.0 / 64.0], p.kill_per_hit);
    assert!((p.kills_any - want).abs() < 1e-12, "{}", p.kills_any);
}
