//! Samurai Skirmish: the dead stay dead (or are replaced, by ruling), a unit's leader among
//! them; leg and arm wounds carry (or heal) and count toward the wounds that kill; a unit
//! that routed rejoins (or is lost).

use gunbai::engine::Game;
use gunbai::reference::HouseRules;
use gunbai::rules::skirmish::command::{Ground, Shot};
use gunbai::rules::skirmish::state::{FigureRef, Section, UnitRef};
use gunbai::rules::skirmish::{Command, Skirmish};

use super::support::{armies, battle, effects, end, muster, ok};

const TEPPO_1: FigureRef = FigureRef(0, 1, 1);
const TEPPO_2: FigureRef = FigureRef(0, 1, 2);
const KAMBEI: FigureRef = FigureRef(1, 0, 0);
const MONKS: UnitRef = UnitRef(1, 2);
const ABBOT: FigureRef = FigureRef(1, 2, 0);

fn go(game: &mut Box<dyn Game>, command: Command, faces: &[u32]) {
    ok::<Skirmish>(game, command, faces);
}

/// Morale on; hits resolved at once.
fn house() -> HouseRules {
    let mut house = HouseRules::default();
    house.optional.insert("morale".into());
    house
        .rulings
        .insert("when_hits_resolve".into(), "at_once".into());
    house
}

fn shot(shooter: FigureRef, target: FigureRef) -> Command {
    Command::Fire(Shot {
        shooters: vec![shooter],
        target,
        inches: 10,
        cover: false,
    })
}

/// Precedence to the raiders, on to the firing section.
fn to_firing(game: &mut Box<dyn Game>) {
    go(game, Command::RollPrecedence, &[6, 1]);
    go(game, Command::MovesFirst(0), &[]);
    while battle::<Skirmish>(game).state().section != Section::Firing {
        go(game, Command::EndSection, &[]);
    }
}

/// A hit on Kambei (a Ronin) resolved on the results table with `face`.
fn kambei_hit(game: &mut Box<dyn Game>, shooter: FigureRef, face: u32) {
    go(game, shot(shooter, KAMBEI), &[6, 1, 1]);
    go(game, Command::ResolveHits(KAMBEI), &[face]);
}

#[test]
fn skirmish_campaign_carries_the_dead_and_their_wounds_into_the_next_battle_by_the_rulings() {
    let mut c = muster("skirmish", &[]);
    // Battle 1: a teppō kills the abbot; his monks test morale and rout. Another teppō gives
    // Kambei a leg wound (a 5 on the results table).
    let mut one = c.first_with(house());
    let g = &mut one;
    to_firing(g);
    go(g, shot(TEPPO_1, ABBOT), &[6, 1, 1]);
    go(
        g,
        Command::MoraleGround {
            unit: MONKS,
            ground: Ground::Open,
        },
        &[],
    );
    go(g, Command::MoraleTest { unit: MONKS }, &[1]);
    assert!(battle::<Skirmish>(g).state().unit(MONKS).unwrap().routed);
    kambei_hit(g, TEPPO_2, 5);
    end(g);

    let next = c.campaign.next_from(one.as_ref()).unwrap();
    assert_eq!(
        effects(&next.changes, "figure"),
        [
            "Shimada Kambei 島田勘兵衛: +1 leg wound",
            "Abbot Kakuzen: killed"
        ],
    );

    // Each campaign ruling's options, on the same first battle.
    let by = |chosen: &[(&str, &str)]| c.armies_under::<Skirmish>(one.as_ref(), chosen);
    let village = |chosen: &[(&str, &str)]| by(chosen)[1].clone();
    let kept = village(&[]);
    assert!(kept.units[2].figures[0].dead, "the abbot stays dead");
    assert_eq!(kept.units[0].figures[0].leg_wounds, 1);
    assert!(!kept.units[2].figures[1].dead, "his routed monks rejoin");
    let fresh = village(&[("replacements", "all")]);
    assert!(
        !fresh.units[2].figures[0].dead,
        "a fresh abbot takes his place"
    );
    assert_eq!(
        village(&[("recovery", "half")]).units[0].figures[0].leg_wounds,
        1
    );
    assert_eq!(
        village(&[("recovery", "all")]).units[0].figures[0].leg_wounds,
        0
    );
    let routed = village(&[("left_field", "lost")]);
    assert!(
        routed.units[2].figures.iter().all(|f| f.dead),
        "the routed monks are lost"
    );

    // Battle 2 begins with the abbot dead and Kambei's leg wound; a second wound kills him
    // (a Ronin dies at two).
    let mut two = c.begin_with(&next, house());
    let [_, village_now] = armies::<Skirmish>(&mut two);
    assert!(village_now.units[2].figures[0].dead);
    let s = battle::<Skirmish>(&mut two).state();
    assert!(s.figure(ABBOT).unwrap().dead);
    assert_eq!(s.figure(KAMBEI).unwrap().wounds.len(), 1);
    let g = &mut two;
    to_firing(g);
    kambei_hit(g, TEPPO_1, 9);
    assert!(
        battle::<Skirmish>(g).state().figure(KAMBEI).unwrap().dead,
        "his old wound counts"
    );
    end(g);
    let third = c.campaign.next_from(two.as_ref()).unwrap();
    assert_eq!(
        effects(&third.changes, "figure"),
        ["Shimada Kambei 島田勘兵衛: killed"],
        "the abbot is not killed twice"
    );
}
