//! Melee (lines 111-164): who may attack whom, how often, and what the defender may do.

use gunbai::dice::RngDice;
use gunbai::engine::Dice;
use gunbai::rules::simple::command::{Command, Going, MoveKind};
use gunbai::rules::simple::state::{Due, UnitRef};

use super::*;

/// Oda Home, the terrain's first three pieces rolled (the village and its 5 peasants), and
/// Imagawa's first turn begun.
fn with_the_village() -> gunbai::engine::Battle<gunbai::rules::simple::Simple> {
    let mut b = battle_with(gunbai::reference::HouseRules::default());
    ok(&mut b, Command::RollForHome, &[9, 2]);
    ok(&mut b, Command::RollTerrain, &[3, 1, 24, 7]);
    b.execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .expect("shuffles");
    ok(&mut b, Command::BeginBattle, &[]);
    ok(&mut b, Command::DrawCard { card: Some(2) }, &[]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    b
}

fn into_village(unit: UnitRef) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::IntoVillage,
        distance_cm: 10,
        going: Going::Standard,
        surrounded: None,
    }
}

#[test]
fn melee_each_of_the_village_peasants_attacks_once_a_turn() {
    let mut b = with_the_village();
    // Three peasants set on a Teppo figure (it touches a friend): d4 1s against d6 6s.
    ok(&mut b, into_village(IMA_TEPPO), &[]);
    ok(
        &mut b,
        Command::VillagersAttack(IMA_TEPPO),
        &[1, 6, 1, 6, 1, 6],
    );
    // Two of the five are left to throw this turn.
    ok(&mut b, into_village(IMA_ARCHERS), &[]);
    let err = refused(
        &mut b,
        Command::VillagersAttack(IMA_ARCHERS),
        &[1, 6, 1, 6, 1, 6],
    );
    assert!(err.contains("faces"), "two bouts, not three: {err}");
    ok(&mut b, Command::VillagersAttack(IMA_ARCHERS), &[1, 6, 1, 6]);
    // None is left: the next unit in is not attacked this turn.
    ok(&mut b, into_village(UnitRef(1, 0, 2)), &[]);
    assert!(
        !b.state()
            .due
            .iter()
            .any(|d| matches!(d, Due::VillagersAttack(_)))
    );
}

fn step(unit: UnitRef, surrounded: Option<bool>) -> Command {
    Command::Move {
        unit,
        kind: MoveKind::Normal,
        distance_cm: 10,
        going: Going::Standard,
        surrounded,
    }
}

#[test]
fn melee_a_defender_may_move_away_in_his_turn_unless_surrounded_by_3_or_4_figures() {
    use gunbai::engine::Game as _;
    use gunbai::rules::simple::command::Facing;
    let mut b = begun();
    let attack = Command::Melee(one_on_one(IMA_SWORD_SAMURAI, ODA_YARI, Facing::Front));
    ok(&mut b, attack, &[1, 6]);
    to_oda_turn_passing_tests(&mut b);
    assert!(b.state().unit(ODA_YARI).unwrap().in_melee());
    // The Move form asks it of the unit in melee, and of no other.
    let asks = |b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>, u: UnitRef| {
        b.action_forms(&u.id())
            .iter()
            .find(|f| f.key == "move")
            .is_some_and(|f| format!("{:?}", f.fields).contains("Surrounded by 3 or 4"))
    };
    assert!(asks(&b, ODA_YARI) && !asks(&b, ODA_TEPPO_1));
    let err = refused(&mut b, step(ODA_YARI, None), &[]);
    assert!(err.contains("say whether"), "{err}");
    let err = refused(&mut b, step(ODA_YARI, Some(true)), &[]);
    assert!(
        err.contains("cannot move away") && err.contains("simple: Melee"),
        "{err}"
    );
    let err = refused(&mut b, step(ODA_TEPPO_1, Some(false)), &[]);
    assert!(err.contains("no melee"), "{err}");
    // Not surrounded: it moves away, out of the melee.
    let values = [0, 10, 0, 1];
    assert!(
        b.do_action(
            &ODA_YARI.id(),
            "move",
            &values,
            b.version(),
            Dice::Table(gunbai::dice::TableDice::new(vec![]))
        )
        .is_err()
    );
    let lines = ok(&mut b, step(ODA_YARI, Some(false)), &[]);
    assert!(lines.iter().any(|l| l.contains("moves away")), "{lines:?}");
    assert!(!b.state().unit(ODA_YARI).unwrap().in_melee());
}

/// The comparison of the first bout of `order`, as the Melee form's preview shows it.
fn first_bout(
    b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>,
    order: &gunbai::rules::simple::command::MeleeOrder,
) -> gunbai::rules::simple::numbers::preview::BoutPreview {
    gunbai::rules::simple::numbers::preview::melee(b.rules(), b.state(), order)
        .into_iter()
        .next()
        .unwrap()
}

#[test]
fn melee_each_troop_type_fights_with_its_own_die() {
    use gunbai::rules::simple::command::{Attacker, Facing, Fighter};
    use gunbai::rules::simple::state::GroupRef;
    let mut b = begun();
    to_oda_turn_passing_tests(&mut b);
    // Card 19 brings Oda a unit of Ronin.
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(17) }, &[]);
    ok(&mut b, Command::RollArrival, &[20]);
    ok(&mut b, Command::AllyActivation(MATSUDAIRA), &[7]);
    ok(&mut b, Command::EndTurn, &[]);
    ok(&mut b, Command::DrawCard { card: Some(19) }, &[]);
    ok(&mut b, Command::RollArrival, &[5]);
    let ronin = UnitRef(0, 3, 0);
    let monks = UnitRef(1, 2, 0);
    // Attackers of Oda's against Imagawa's Teppo (d6), and Imagawa's Monks and Levies defending.
    let plain = |attacker: Fighter, defender: UnitRef| {
        let mut o = one_on_one(ODA_YARI, defender, Facing::Front);
        o.attackers = vec![Attacker {
            fighter: attacker,
            facing: Facing::Front,
            touches_friend: true,
        }];
        o
    };
    for (attacker, die) in [
        (Fighter::Unit(ODA_YARI), 6),
        (Fighter::Unit(ronin), 8),
        (Fighter::Unit(ODA_PIKE_SAMURAI), 10),
        (Fighter::Unit(UnitRef(0, 0, 10)), 12),
        (Fighter::Unit(ODA_GUARD), 12),
        (Fighter::Daimyo(GroupRef(0, 0)), 12),
    ] {
        let kills = first_bout(&b, &plain(attacker, IMA_TEPPO))
            .kills
            .to_string();
        assert!(
            kills.starts_with(&format!("1d{die} ")) && kills.contains("> 1d6"),
            "{attacker:?}: {kills}"
        );
    }
    for (defender, die) in [(monks, 12), (IMA_LEVIES, 4)] {
        let kills = first_bout(&b, &plain(Fighter::Unit(ODA_YARI), defender))
            .kills
            .to_string();
        assert!(
            kills.contains(&format!("> 1d{die}")),
            "{defender:?}: {kills}"
        );
    }
}

#[test]
fn melee_spear_support_adds_1_and_what_both_sides_share_cancels() {
    use gunbai::rules::simple::command::Facing;
    use gunbai::rules::simple::roster::Weapon;
    let mut b = begun();
    let sum = |m: &[gunbai::engine::check::Modifier]| m.iter().map(|x| x.value).sum::<i64>();
    // Sword Samurai on Oda's Teppo: a spear behind the defender +1.
    let mut order = one_on_one(IMA_SWORD_SAMURAI, ODA_TEPPO_1, Facing::Front);
    order.rear_support = Some(Weapon::Spear);
    let bout = first_bout(&b, &order);
    assert_eq!((sum(&bout.attacker), sum(&bout.defender)), (0, 1));
    // Neither touching a friend: nothing; only one alone: -1 to him.
    order.rear_support = None;
    order.defender_touches_friend = false;
    order.attackers[0].touches_friend = false;
    let bout = first_bout(&b, &order);
    assert_eq!((sum(&bout.attacker), sum(&bout.defender)), (0, 0));
    order.attackers[0].touches_friend = true;
    assert_eq!(sum(&first_bout(&b, &order).defender), -1);
    // A Formation Fail on one side only: -1 to it; on both: nothing.
    order.defender_touches_friend = true;
    change_formation(&mut b, IMA_SWORD_SAMURAI);
    assert_eq!(sum(&first_bout(&b, &order).attacker), -1);
    formation_fail(&mut b, ODA_TEPPO_1);
    let bout = first_bout(&b, &order);
    assert_eq!((sum(&bout.attacker), sum(&bout.defender)), (0, 0));
    ok(&mut b, Command::FormationTest(IMA_SWORD_SAMURAI), &[1]);
    ok(&mut b, Command::Melee(order), &[5, 5]);
}

#[test]
fn melee_figures_fighting_inside_a_building_get_no_additions_or_subtractions() {
    use gunbai::rules::simple::command::Facing;
    use gunbai::rules::simple::state::StructureKind;
    let mut b = begun();
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
            unit: ODA_TEPPO_1,
            structure: Some(0),
        },
        &[],
    );
    to_imagawa_turn_passing_tests(&mut b);
    // A rear attack by a figure touching no friend on a spear-less defender with a Formation
    // Fail: inside, none of it counts.
    let mut order = one_on_one(IMA_SWORD_SAMURAI, ODA_TEPPO_1, Facing::Rear);
    order.attackers[0].touches_friend = false;
    order.in_building = true;
    order.defender_cover = Some(gunbai::rules::simple::state::Cover::Hard);
    let bout = first_bout(&b, &order);
    assert!(
        bout.attacker.is_empty() && bout.defender.is_empty(),
        "{bout:?}"
    );
    assert_eq!(bout.kills.to_string(), "1d10 > 1d6");
    ok(&mut b, Command::Melee(order), &[5, 5]);
}

#[test]
fn melee_pike_gives_the_defender_2_only_against_an_attacker_without_pike() {
    use gunbai::rules::simple::command::{Facing, Fighter};
    // Udono's Samurai take pike for this battle.
    let imagawa = army_with(
        "imagawa.ron",
        "troop: SamuraiFoot, weapon: Naginata",
        "troop: SamuraiFoot, weapon: Pike",
    );
    let ima_pike = UnitRef(1, 0, 9);
    let ima_spear = UnitRef(1, 0, 7);
    let mut b = begun_between(army("oda.ron"), imagawa);
    let pike_bonus = |b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>, attacker| {
        let mut order = one_on_one(ima_pike, ODA_PIKE_SAMURAI, Facing::Front);
        order.attackers[0].fighter = Fighter::Unit(attacker);
        first_bout(b, &order)
            .defender
            .iter()
            .filter(|m| m.reason.contains("has pike"))
            .map(|m| m.value)
            .sum::<i64>()
    };
    // A sword or a spear is not a pike: +2 to the pike defending; pike against pike, nothing.
    assert_eq!(pike_bonus(&b, IMA_SWORD_SAMURAI), 2);
    assert_eq!(pike_bonus(&b, ima_spear), 2);
    assert_eq!(pike_bonus(&b, ima_pike), 0);
    // Fought: the pike's 6 beats the pike's 5, nothing added, and the defender falls.
    ok(
        &mut b,
        Command::Melee(one_on_one(ima_pike, ODA_PIKE_SAMURAI, Facing::Front)),
        &[6, 5],
    );
    assert_eq!(alive(&b, ODA_PIKE_SAMURAI), 4);
}
