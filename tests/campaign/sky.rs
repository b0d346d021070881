//! Sky: Honor, Dishonor and injury change a Clan Leader's Command; stands lost stay lost
//! (or come back, by ruling); a unit that routed off the table rejoins (or is lost).

use gunbai::engine::Game;
use gunbai::rules::sky::Sky;
use gunbai::rules::sky::command::Command;
use gunbai::rules::sky::numbers;
use gunbai::rules::sky::state::{ClanRef, MoraleKind, Phase, UnitRef};

use super::support::{OnDisk, armies, battle, effects, end, muster, ok};

const TAKEDA: ClanRef = ClanRef(0, 0);
const KAKIZAKI: ClanRef = ClanRef(1, 0);
const HORSE: UnitRef = UnitRef(0, 0, 0);
const SAMURAI: UnitRef = UnitRef(0, 0, 1);
const YARI: UnitRef = UnitRef(0, 0, 2);
const ENEMY_SAMURAI: UnitRef = UnitRef(1, 0, 1);
const ENEMY_YARI: UnitRef = UnitRef(1, 0, 2);

fn go(game: &mut Box<dyn Game>, command: Command, faces: &[u32]) {
    ok::<Sky>(game, command, faces);
}

fn charge(unit: UnitRef, target: UnitRef) -> Command {
    Command::Charge {
        unit,
        target,
        cross_obstacle: false,
    }
}

/// Every clan misses its activation until the Morale phase.
fn miss_to_morale(game: &mut Box<dyn Game>) {
    loop {
        let s = battle::<Sky>(game).state();
        let Phase::Rounds { side } = s.phase else {
            return;
        };
        if s.intervention.is_some() {
            go(game, Command::DeclineGeneral, &[]);
            continue;
        }
        let clan = s.untried(side)[0];
        go(game, Command::TryActivation(clan), &[6, 6]);
    }
}

/// Battle 1. Takeda Nobushige, attached to his Horse, charges Kakizaki's Yari and wins: 20
/// hits take 6 of its 8 stands, 3 take one of the Horse's 4 (his injury test rolls a 1), and
/// he gains Honor. The Yari routs and, in Kakizaki's activation, routs off the table. His
/// Yari falters in a charge; in the Morale phase he fails to re-order it and the General
/// does: he is dishonoured.
pub(super) fn first_battle(c: &mut OnDisk) -> Box<dyn Game> {
    let mut game = c.first();
    let g = &mut game;
    go(g, Command::RollInitiative, &[6, 6, 1, 1]);
    go(g, Command::TryActivation(TAKEDA), &[1, 1]);
    go(g, Command::RollActions, &[2, 6]);
    go(g, Command::NoImpetus(HORSE), &[]);
    go(g, Command::NoImpetus(SAMURAI), &[]);
    go(
        g,
        Command::Attach {
            clan: TAKEDA,
            unit: Some(0),
        },
        &[],
    );
    go(g, charge(HORSE, ENEMY_YARI), &[]);
    go(g, Command::ChargerTest, &[1, 1]);
    go(g, Command::TargetTest, &[1, 1]);
    let b = battle::<Sky>(g);
    let dice = |u, t, charging| numbers::melee(b.rules(), b.state(), u, t, charging).dice as usize;
    let (ours, theirs) = (
        dice(HORSE, ENEMY_YARI, true),
        dice(ENEMY_YARI, HORSE, false),
    );
    let mut faces = vec![6; 20];
    faces.extend(vec![1; ours - 20]);
    faces.extend(vec![6; 3]);
    faces.extend(vec![1; theirs - 3]);
    go(g, Command::FightMelee, &faces);
    go(g, Command::InjuryRoll(HORSE), &[1]);
    go(g, Command::RouteTest(ENEMY_YARI), &[1, 1]);
    assert!(battle::<Sky>(g).state().unit(ENEMY_YARI).unwrap().routing);
    go(g, charge(YARI, ENEMY_SAMURAI), &[]);
    go(g, Command::ChargerTest, &[6, 6]);
    go(g, Command::EndActivation, &[]);
    go(g, Command::TryActivation(KAKIZAKI), &[1, 1]);
    go(g, Command::RollActions, &[2, 6]);
    go(
        g,
        Command::RoutMove {
            unit: ENEMY_YARI,
            left_table: true,
        },
        &[],
    );
    for u in [UnitRef(1, 0, 0), ENEMY_SAMURAI] {
        go(g, Command::NoImpetus(u), &[]);
    }
    go(g, Command::EndActivation, &[]);
    miss_to_morale(g);
    let reorder = |by_general| Command::Morale {
        unit: YARI,
        kind: MoraleKind::Reorder,
        by_general,
    };
    go(g, reorder(false), &[6, 6]);
    go(g, reorder(true), &[1, 1]);
    end(g);
    game
}

#[test]
fn sky_campaign_carries_command_and_stands_into_the_next_battle_by_the_rulings() {
    let mut c = muster("sky", &[]);
    let one = first_battle(&mut c);
    let next = c.campaign.next_from(one.as_ref()).unwrap();
    assert_eq!(
        effects(&next.changes, "stand"),
        [
            "Takeda Nobushige 武田信繁: Command +1",
            "Takeda Nobushige 武田信繁: Command -1",
            "Takeda Nobushige 武田信繁: Command -1",
            "Nobushige's Horse: -1 stand",
            "Kakizaki's Yari: -6 stands",
        ],
        "Honor, injury and Dishonor, in the order they came; the stands lost"
    );
    assert!(
        next.changes[1].rule.contains("Clan Leader Injury"),
        "an injury is for good: the text says so"
    );

    // Each campaign ruling's options, on the same first battle.
    let by = |chosen: &[(&str, &str)]| c.armies_under::<Sky>(one.as_ref(), chosen);
    assert_eq!(
        by(&[("honor", "battle_only")])[0].clans[0].leader.command,
        6
    );
    assert_eq!(
        by(&[("dishonor", "battle_only")])[0].clans[0]
            .leader
            .command,
        8
    );
    let half = by(&[("recovery", "half")]);
    assert_eq!(
        (
            half[0].clans[0].units[0].lost,
            half[1].clans[0].units[2].lost
        ),
        (1, 3)
    );
    let all = by(&[("recovery", "all")]);
    assert_eq!(
        (all[0].clans[0].units[0].lost, all[1].clans[0].units[2].lost),
        (0, 0)
    );
    let gone = by(&[("left_field", "lost")]);
    assert_eq!(
        gone[1].clans[0].units[2].lost, 8,
        "routed off the table: lost with the battle"
    );

    // The second battle begins with the armies as they now stand.
    let mut two = c.begin(&next);
    let [takeda, uesugi] = armies::<Sky>(&mut two);
    assert_eq!(
        takeda.clans[0].leader.command, 7,
        "8 + Honor - injury - Dishonor"
    );
    assert_eq!(takeda.clans[0].units[0].lost, 1);
    assert_eq!(
        uesugi.clans[0].units[2].lost, 6,
        "routed off with 2 stands: it rejoins with them"
    );
    let s = battle::<Sky>(&mut two).state();
    assert_eq!(s.unit(HORSE).unwrap().stands, 3);
    assert_eq!(
        s.unit(ENEMY_YARI).unwrap().spec.stands,
        2,
        "its starting strength is what it brings"
    );
    assert_eq!(s.sides[0].clans[0].leader.command(), 7);

    // Battle 2: at the roll call the umpire finds the Horse down to 2 stands. Battle 3 begins
    // with both battles' losses.
    let g = &mut two;
    go(g, Command::RollInitiative, &[6, 6, 1, 1]);
    miss_to_morale(g);
    go(g, Command::EndMorale, &[]);
    go(
        g,
        Command::CorrectCount {
            unit: HORSE,
            stands: 2,
            marked: 0,
        },
        &[],
    );
    end(g);
    let third = c.campaign.next_from(two.as_ref()).unwrap();
    assert_eq!(
        effects(&third.changes, "stand"),
        ["Nobushige's Horse: -1 stand"]
    );
    let mut three = c.begin(&third);
    let [takeda, _] = armies::<Sky>(&mut three);
    assert_eq!(
        (
            takeda.clans[0].units[0].lost,
            takeda.clans[0].leader.command
        ),
        (2, 7)
    );
}
