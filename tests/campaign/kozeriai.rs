//! Kozeriai: a figure out at its last wound stays dead (or a fresh one takes its place); the
//! wounds of the living carry (or heal) and count toward the next fight's resilience.

use gunbai::engine::Game;
use gunbai::rules::kozeriai::command::{ClashKind, ClashOrder, Fighter, Situation};
use gunbai::rules::kozeriai::state::{FigureRef, Stage};
use gunbai::rules::kozeriai::{Command, Kozeriai};

use super::support::{armies, battle, effects, end, muster, ok};

const KAMBEI: FigureRef = FigureRef(0, 0);
const BANDIT_CHIEF: FigureRef = FigureRef(1, 0);
const BANDIT_1: FigureRef = FigureRef(1, 6);

/// The 0 face is typed as 10.
fn go(game: &mut Box<dyn Game>, command: Command, reads: &[u32]) {
    let faces: Vec<u32> = reads.iter().map(|&r| if r == 0 { 10 } else { r }).collect();
    ok::<Kozeriai>(game, command, &faces);
}

fn strike(attacker: FigureRef, aw: &str, defender: FigureRef, dw: &str) -> Command {
    let fighter = |figure, weapon: &str| Fighter {
        figure,
        weapon: weapon.into(),
        ni_ten: false,
        iaijutsu: false,
        situation: Situation::default(),
    };
    Command::Clash(ClashOrder {
        attacker: fighter(attacker, aw),
        defender: fighter(defender, dw),
        kind: ClashKind::Strike,
        both_strike: false,
        closing: false,
        moving: false,
        range: 1,
        attackable: None,
    })
}

/// Ends stages until Kambei's contingent fights.
fn to_kambei_fighting(game: &mut Box<dyn Game>) {
    loop {
        let s = battle::<Kozeriai>(game).state();
        if s.current == 0 && s.stage == Stage::Fighting {
            return;
        }
        go(game, Command::EndStage, &[]);
    }
}

const KYUZO: FigureRef = FigureRef(0, 1);

#[test]
fn kozeriai_campaign_carries_the_dead_and_their_wounds_into_the_next_fight_by_the_rulings() {
    let mut c = muster("kozeriai", &[]);
    // Fight 1: Kambei cuts down Bandit 1; Kyūzō gives the bandit chief 3 wounds (his armour
    // ignores 2 of 5).
    let mut one = c.first();
    let g = &mut one;
    to_kambei_fighting(g);
    go(g, strike(KAMBEI, "Katana", BANDIT_1, "Yari"), &[9, 0]);
    go(g, strike(KYUZO, "Katana", BANDIT_CHIEF, "Katana"), &[7, 5]);
    assert_eq!(battle::<Kozeriai>(g).state().sides[1].figures[0].wounds, 3);
    end(g);

    let next = c.campaign.next_from(one.as_ref()).unwrap();
    assert_eq!(
        effects(&next.changes, "figure"),
        ["Bandit chief: +3 wounds", "Bandit 1: killed"]
    );

    // Each campaign ruling's options, on the same first fight.
    let bandits =
        |chosen: &[(&str, &str)]| c.armies_under::<Kozeriai>(one.as_ref(), chosen)[1].clone();
    let kept = bandits(&[]);
    assert_eq!(
        (kept.figures[0].wounds_taken, kept.figures[6].dead),
        (3, true)
    );
    assert!(
        !bandits(&[("replacements", "all")]).figures[6].dead,
        "a fresh bandit takes his place"
    );
    assert_eq!(
        bandits(&[("recovery", "half")]).figures[0].wounds_taken,
        2,
        "1 of 3 heals"
    );
    assert_eq!(bandits(&[("recovery", "all")]).figures[0].wounds_taken, 0);

    // Fight 2 begins with Bandit 1 dead and the chief's 3 wounds: 3 more put him past 5.
    let mut two = c.begin(&next);
    let [_, now] = armies::<Kozeriai>(&mut two);
    assert!(now.figures[6].dead);
    let s = battle::<Kozeriai>(&mut two).state();
    assert!(s.sides[1].figures[6].dead);
    assert_eq!(s.sides[1].figures[0].wounds, 3);
    let g = &mut two;
    to_kambei_fighting(g);
    go(g, strike(KYUZO, "Katana", BANDIT_CHIEF, "Katana"), &[7, 5]);
    assert!(
        battle::<Kozeriai>(g).state().sides[1].figures[0].dead,
        "his old wounds count"
    );
    end(g);
    let third = c.campaign.next_from(two.as_ref()).unwrap();
    assert_eq!(
        effects(&third.changes, "figure"),
        ["Bandit chief: killed"],
        "Bandit 1 is not killed twice"
    );
}
