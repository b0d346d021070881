//! Clauses the mutation run (`docs/rules/README.md`, Mutation runs) found no test asserting:
//! each test kills the mutants of the rule it names.

use super::*;

/// The card says why each die is taken off: a Ninja target is not an armoured one, and a
/// sound fighter's pool shows no arm wound.
#[test]
fn troop_to_hit_the_pool_names_a_ninja_or_armour_and_only_wounds_there_are() {
    let b = battle();
    let reasons = |pool: numbers::Pool| -> Vec<String> {
        pool.reasons.iter().map(|m| m.reason.to_string()).collect()
    };
    let fire = |t| reasons(numbers::fire(b.rules(), b.state(), TEPPO_1, t, 10, false));
    assert!(
        fire(NINJA_1).contains(&"target is a Ninja".to_owned()),
        "{:?}",
        fire(NINJA_1)
    );
    assert!(
        fire(KINOSHITA).contains(&"target armoured".to_owned()),
        "{:?}",
        fire(KINOSHITA)
    );
    let melee = |me, e| reasons(numbers::melee(b.rules(), b.state(), me, e, false));
    assert!(melee(KAMBEI, NINJA_1).contains(&"opponent is a Ninja".to_owned()));
    assert!(melee(KAMBEI, KINOSHITA).contains(&"opponent armoured".to_owned()));
    assert!(
        melee(KAMBEI, BOWMAN).iter().all(|r| !r.contains("wound")),
        "{:?}",
        melee(KAMBEI, BOWMAN)
    );
}

/// Each weapon's shots a section come from its own entry of the table: a house rule giving
/// thrown weapons two leaves the yumi at one.
#[test]
fn rate_of_fire_each_weapon_reads_its_own_shots_a_section() {
    use gunbai::rules::skirmish::roster::Weapon;
    let mut house = HouseRules::default();
    house
        .overrides
        .insert("rate_of_fire.thrown_shots_per_section".into(), 2);
    let b = battle_with(house);
    assert_eq!(numbers::shots_per_section(b.rules(), Weapon::Thrown), 2);
    assert_eq!(numbers::shots_per_section(b.rules(), Weapon::Yumi), 1);
}

/// A figure shoots only alive, with a missile weapon, without an arm wound, and in a unit
/// that has not routed.
#[test]
fn firing_an_arm_wound_or_a_rout_stops_a_figure_shooting() {
    let b = battle();
    assert!(
        numbers::ready(b.rules(), b.state(), BOWMAN),
        "a sound bowman"
    );
    let mut state = b.state().clone();
    *state.figure_mut(BOWMAN).expect("bowman") = wounded(&b, BOWMAN, &[Wound::Leg]);
    assert!(
        numbers::ready(b.rules(), &state, BOWMAN),
        "a leg wound still shoots"
    );
    *state.figure_mut(BOWMAN).expect("bowman") = wounded(&b, BOWMAN, &[Wound::Arm]);
    assert!(
        !numbers::ready(b.rules(), &state, BOWMAN),
        "an arm wound does not"
    );
    let mut state = b.state().clone();
    state.unit_mut(BOWMEN).expect("bowmen").routed = true;
    assert!(
        !numbers::ready(b.rules(), &state, BOWMAN),
        "a routed unit does not"
    );
}

/// With hits resolved at once, a volley at a figure that dies of any hit ends at its first
/// hit: the card gives only the chance of one hit. A figure that takes wounds (a Samurai)
/// keeps every count, and in the Firing section with hits resolved later so does anyone.
#[test]
fn firing_with_hits_resolved_at_once_the_card_keeps_only_the_chance_of_a_first_hit() {
    use gunbai::dice::CmpOp;
    use gunbai::engine::check::Odds;
    let odds = || {
        (1..=3)
            .map(|n| Odds::of(format!("{n}+ hits"), 0.5, "hits", CmpOp::Ge, n))
            .collect::<Vec<_>>()
    };
    let counts = |b: &Battle<Skirmish>, target| {
        let mut o = odds();
        numbers::first_hit_ends_volley(b.rules(), b.state(), target, &mut o);
        o.iter().map(|o| o.outcome.clone()).collect::<Vec<_>>()
    };
    let mut house = HouseRules::default();
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    let mut b = battle_with(house);
    at(&mut b, Section::Firing);
    assert_eq!(counts(&b, MONK_1), ["1+ hits"], "a monk dies of any hit");
    assert_eq!(counts(&b, KAMBEI).len(), 3, "a Ronin takes wounds");
    let mut b = battle();
    at(&mut b, Section::Firing);
    assert_eq!(counts(&b, MONK_1).len(), 3, "hits resolved later");
}

/// An arquebus reloads for the table's firing sections after a shot: the badge shows until
/// then.
#[test]
fn rate_of_fire_an_arquebus_shows_reloading_until_it_may_fire_again() {
    let b = battle();
    assert!(
        !numbers::reloading(b.rules(), b.state(), TEPPO_1),
        "not yet fired"
    );
    let mut state = b.state().clone();
    let turn = state.turn;
    state.figure_mut(TEPPO_1).expect("teppo").last_shot = Some((turn, Section::Firing));
    assert!(
        numbers::reloading(b.rules(), &state, TEPPO_1),
        "fired this turn"
    );
    state.turn = turn + 1;
    assert!(
        numbers::reloading(b.rules(), &state, TEPPO_1),
        "2 sections a shot"
    );
    state.turn = turn + 2;
    assert!(
        !numbers::reloading(b.rules(), &state, TEPPO_1),
        "ready again"
    );
    // A bow shoots every section: never reloading.
    state.figure_mut(BOWMAN).expect("bowman").last_shot = Some((turn + 2, Section::Firing));
    assert!(!numbers::reloading(b.rules(), &state, BOWMAN));
}
