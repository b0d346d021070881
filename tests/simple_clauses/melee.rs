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
    draw_blank(&mut b);
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

/// The battle begun under ruling `attackers_limit` set to `option` by name.
fn begun_attackers(option: &str) -> gunbai::engine::Battle<gunbai::rules::simple::Simple> {
    let mut house = gunbai::reference::HouseRules::default();
    house
        .rulings
        .insert("attackers_limit".into(), option.into());
    begun_with(house)
}

/// `n` figures of Imagawa's sword Samurai set on one figure of `defender`, who touches a
/// friend or not (the table's word on the Melee form).
fn set_on(defender: UnitRef, n: usize, touches: bool) -> Command {
    use gunbai::rules::simple::command::Facing;
    let mut order = one_on_one(IMA_SWORD_SAMURAI, defender, Facing::Front);
    order.attackers = vec![order.attackers[0]; n];
    order.defender_touches_friend = touches;
    Command::Melee(order)
}

/// Faces for `n` bouts none of which kills: the attacker's d10 1, the defender's 6.
fn missing(n: usize) -> Vec<u32> {
    [1, 6].repeat(n)
}

#[test]
fn melee_up_to_4_figures_set_on_any_defender_and_3_on_one_touching_a_friend() {
    // Ruling attackers_limit every_defender: a figure in line touching no friend takes 4.
    let mut b = begun_attackers("every_defender");
    let err = refused(&mut b, set_on(ODA_YARI, 4, true), &missing(4));
    assert!(err.contains("1 to 3 figures"), "{err}");
    ok(&mut b, set_on(ODA_YARI, 3, true), &missing(3));
    let mut b = begun_attackers("every_defender");
    ok(&mut b, set_on(ODA_YARI, 4, false), &missing(4));
    let err = refused(&mut b, set_on(ODA_TEPPO_1, 5, false), &missing(5));
    assert!(err.contains("1 to 4 figures"), "{err}");
}

#[test]
fn melee_4_figures_set_only_on_a_skirmisher_as_an_option() {
    // Ruling attackers_limit skirmish_order: a figure in line takes 3 at most, touching a
    // friend or not; a skirmisher 4, or 3 when he touches a friend.
    let mut b = begun_attackers("skirmish_order");
    let err = refused(&mut b, set_on(ODA_YARI, 4, false), &missing(4));
    assert!(err.contains("1 to 3 figures"), "{err}");
    ok(&mut b, set_on(ODA_YARI, 3, false), &missing(3));
    let mut b = begun_attackers("skirmish_order");
    let err = refused(&mut b, set_on(ODA_ARCHERS_SKIRMISH, 4, true), &missing(4));
    assert!(err.contains("1 to 3 figures"), "{err}");
    ok(&mut b, set_on(ODA_ARCHERS_SKIRMISH, 4, false), &missing(4));
}

#[test]
fn melee_the_melee_form_asks_how_many_figures_set_on_the_defender() {
    use gunbai::engine::{Field, Game as _};
    let mut b = begun();
    let id = IMA_SWORD_SAMURAI.id();
    let forms = b.action_forms(&id);
    let form = forms.iter().find(|f| f.key == "melee").expect("the form");
    let Some(Field::Choice { label, options }) = form.fields.last() else {
        panic!("the count comes last: {:?}", form.fields)
    };
    assert_eq!(label, "Figures setting on this defender (base to base)");
    assert_eq!(
        options,
        &[
            "1 figure",
            "2 figures",
            "3 figures",
            "4 figures (not on one touching a friend)"
        ]
    );
    assert_eq!(form.defaults().last(), Some(&None), "asked, never assumed");
    // A Daimyo is one figure: the state gives the answer.
    let daimyo = b.action_forms("d1.0");
    let his = daimyo.iter().find(|f| f.key == "melee").expect("his form");
    assert_eq!(his.defaults().last(), Some(&Some(0)));
    let t = option_of(&b, IMA_SWORD_SAMURAI, "melee", ODA_YARI);
    // Each answer: 4 figures on a defender touching no friend; 4 on one touching a friend is
    // refused (3 at most).
    let four = b
        .preview_action(&id, "melee", &[t, 0, 0, 0, 1, 0, 3])
        .expect("4 fit the form");
    assert!(
        four.preview.expect("odds").odds[0]
            .outcome
            .contains("4 bouts")
    );
    let table = |n| gunbai::engine::Dice::Table(gunbai::dice::TableDice::new(missing(n)));
    let v = b.version();
    let err = b
        .do_action(&id, "melee", &[t, 0, 0, 0, 1, 1, 3], v, table(4))
        .expect_err("3 at most on a defender touching a friend");
    assert!(err.to_string().contains("1 to 3 figures"), "{err}");
    let v = b.version();
    b.do_action(&id, "melee", &[t, 0, 0, 0, 1, 1, 2], v, table(3))
        .expect("3 set on a defender touching a friend");
    let v = b.version();
    b.do_action(&id, "melee", &[t, 0, 0, 0, 1, 0, 1], v, table(2))
        .expect("2 more of its figures on a defender touching no friend");
    assert!(b.state().unit(ODA_YARI).is_some_and(|x| x.alive == 5));
}

/// The village's card for `unit`.
fn villagers_card(
    b: &gunbai::engine::Battle<gunbai::rules::simple::Simple>,
) -> gunbai::engine::Check<Command> {
    use gunbai::engine::RuleSet as _;
    gunbai::rules::simple::Simple::pending(b.rules(), b.state())
        .into_iter()
        .find(|c| c.what == "Villagers attack")
        .expect("the peasants attack")
}

#[test]
fn terrain_the_villagers_card_asks_where_the_figure_fights_before_the_roll() {
    use gunbai::rules::simple::command::Status;
    use gunbai::rules::simple::state::Cover;
    let mut b = with_the_village();
    ok(&mut b, into_village(IMA_TEPPO), &[]);
    // Asked first: every cover, the record marked; no roll and no odds for a cover not given.
    let asked = villagers_card(&b);
    let labels: Vec<&str> = asked.answers.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "The figure fights in the open (+0, recorded)",
            "The figure fights behind soft cover (+1)",
            "The figure fights behind hard cover (+2)"
        ]
    );
    assert!(asked.answers.iter().all(|a| !a.rolls) && asked.odds.is_empty());
    let attack = |cover| Command::VillagersAttackIn {
        unit: IMA_TEPPO,
        cover,
    };
    let early = refused(&mut b, attack(Cover::Open), &[1, 6, 1, 6, 1, 6]);
    assert!(early.contains("first say where it stands"), "{early}");
    // Behind soft cover: the roll is offered for it, the defender adding 1.
    let soft = Command::SetStatus {
        unit: IMA_TEPPO,
        status: Status::Cover(Cover::Soft),
    };
    ok(&mut b, soft, &[]);
    let told = villagers_card(&b);
    assert_eq!(told.answers[0].command, attack(Cover::Soft));
    assert!(
        told.modifiers
            .iter()
            .any(|m| m.value == 1 && m.reason.contains("soft cover")),
        "{:?}",
        told.modifiers
    );
    let other = refused(&mut b, attack(Cover::Open), &[1, 6, 1, 6, 1, 6]);
    assert!(other.contains("soft cover as told"), "{other}");
    // Three peasants on a figure in line (it touches a friend): d4 4 + 0 against d6 3 + 1 kills
    // nobody; three bouts.
    ok(&mut b, attack(Cover::Soft), &[4, 3, 4, 3, 4, 3]);
    assert_eq!(alive(&b, IMA_TEPPO), 5);
}

#[test]
fn terrain_the_villagers_set_4_on_a_skirmisher_who_touches_no_friend() {
    use gunbai::rules::simple::state::Cover;
    const IMA_SKIRMISHERS: UnitRef = UnitRef(1, 0, 0);
    let mut b = with_the_village();
    assert_eq!(
        b.state().unit(IMA_SKIRMISHERS).unwrap().formation,
        gunbai::rules::simple::roster::Formation::Skirmish
    );
    ok(&mut b, into_village(IMA_SKIRMISHERS), &[]);
    tell_recorded_villagers_cover(&mut b);
    let card = villagers_card(&b);
    assert!(
        card.notes.iter().any(|n| n.starts_with("4 peasants")),
        "{:?}",
        card.notes
    );
    let attack = Command::VillagersAttackIn {
        unit: IMA_SKIRMISHERS,
        cover: Cover::Open,
    };
    let err = refused(&mut b, attack.clone(), &[1, 6, 1, 6, 1, 6]);
    assert!(err.contains("faces"), "four bouts, not three: {err}");
    ok(&mut b, attack, &[1, 6, 1, 6, 1, 6, 1, 6]);
}

/// Tells the villagers' card the cover on record.
fn tell_recorded_villagers_cover(b: &mut gunbai::engine::Battle<gunbai::rules::simple::Simple>) {
    let recorded = villagers_card(b)
        .answers
        .into_iter()
        .find(|a| a.label.ends_with(", recorded)"))
        .expect("the record is offered");
    ok(b, recorded.command, &[]);
}
