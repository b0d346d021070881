//! Daimyo: Command Ratings changed by refusals and duels carry (or end with the battle); a
//! leader killed stays dead (or a successor takes his place); stands the umpire records lost
//! stay lost (or come back); a unit that left the table rejoins (or is lost).

use gunbai::engine::Game;
use gunbai::rules::daimyo::{Command, Daimyo};

use super::support::{armies, battle, effects, end, muster, ok};

// Leaders and units by their place in the battle (the demo armies: Tokugawa, Ishida).
const II_NAOMASA: usize = 1;
const FUKUSHIMA: usize = 2;
const SHIMAZU: usize = 4;
const UKITA: usize = 5;
const UKITA_HORSE: usize = 10;
const UKITA_YARI: usize = 11;

fn go(game: &mut Box<dyn Game>, command: Command, faces: &[u32]) {
    ok::<Daimyo>(game, command, faces);
}

fn challenge(
    game: &mut Box<dyn Game>,
    challenger: usize,
    challenged: usize,
    accept: bool,
    faces: &[u32],
) {
    go(
        game,
        Command::Challenge {
            challenger,
            challenged,
            cm: 0,
        },
        &[],
    );
    go(game, Command::AnswerChallenge { accept }, faces);
}

#[test]
fn daimyo_campaign_carries_ratings_deaths_and_stands_into_the_next_battle_by_the_rulings() {
    let mut c = muster("daimyo", &[]);
    // Battle 1: Ukita refuses Ii Naomasa's challenge (-1); Fukushima duels Shimazu and kills
    // him (2 + 6 against 3 + 1: +1). The umpire records two stands of Ukita's yari lost, one
    // of his horse, and the horse leaving the table.
    let mut one = c.first();
    let g = &mut one;
    go(g, Command::Activate { group: 1 }, &[]);
    challenge(g, II_NAOMASA, UKITA, false, &[]);
    go(g, Command::FinishActivation, &[]);
    go(g, Command::Activate { group: 2 }, &[]);
    challenge(g, FUKUSHIMA, SHIMAZU, true, &[6, 1]);
    go(
        g,
        Command::LoseStands {
            unit: UKITA_YARI,
            stands: 2,
        },
        &[],
    );
    go(
        g,
        Command::LoseStands {
            unit: UKITA_HORSE,
            stands: 1,
        },
        &[],
    );
    go(g, Command::LeftTable { unit: UKITA_HORSE }, &[]);
    end(g);

    let next = c.campaign.next_from(one.as_ref()).unwrap();
    assert_eq!(
        effects(&next.changes, "stand"),
        [
            "Fukushima Masanori 福島正則: Command Rating +1",
            "Shimazu Yoshihiro 島津義弘: killed",
            "Ukita Hideie 宇喜多秀家: Command Rating -1",
            "Ukita horse: -1 stand",
            "Ukita yari: -2 stands",
        ]
    );

    // Each campaign ruling's options, on the same first battle.
    let by = |chosen: &[(&str, &str)]| c.armies_under::<Daimyo>(one.as_ref(), chosen);
    let kept = by(&[]);
    assert_eq!(
        (
            kept[0].clans[1].daimyo.rating,
            kept[1].clans[1].daimyo.rating
        ),
        (3, 1)
    );
    assert!(kept[1].clans[0].daimyo.fallen);
    assert_eq!(
        (
            kept[1].clans[1].units[0].lost,
            kept[1].clans[1].units[1].lost
        ),
        (1, 2)
    );
    let brief = by(&[("rating_changes", "battle_only")]);
    assert_eq!(
        (
            brief[0].clans[1].daimyo.rating,
            brief[1].clans[1].daimyo.rating
        ),
        (2, 2)
    );
    let heir = by(&[("fallen_leaders", "successor")]);
    assert_eq!(
        heir[1].clans[0].daimyo.name,
        "Shimazu Yoshihiro 島津義弘's successor"
    );
    assert!(!heir[1].clans[0].daimyo.fallen);
    let half = by(&[("recovery", "half")]);
    assert_eq!(
        (
            half[1].clans[1].units[0].lost,
            half[1].clans[1].units[1].lost
        ),
        (1, 1)
    );
    let all = by(&[("recovery", "all")]);
    assert_eq!(
        (all[1].clans[1].units[0].lost, all[1].clans[1].units[1].lost),
        (0, 0)
    );
    assert_eq!(by(&[("left_field", "lost")])[1].clans[1].units[0].lost, 4);

    // Battle 2 begins with Shimazu dead and Ukita's losses; he refuses again, already at the
    // rating's floor, and his yari loses another stand.
    let mut two = c.begin(&next);
    let [_, ishida] = armies::<Daimyo>(&mut two);
    assert!(ishida.clans[0].daimyo.fallen);
    let s = battle::<Daimyo>(&mut two).state();
    assert!(s.leaders[SHIMAZU].killed.is_some());
    assert_eq!(s.leaders[UKITA].rating, 1);
    assert_eq!(
        (s.units[UKITA_HORSE].stands, s.units[UKITA_YARI].stands),
        (3, 4)
    );
    let g = &mut two;
    go(g, Command::Activate { group: 1 }, &[]);
    challenge(g, II_NAOMASA, UKITA, false, &[]);
    go(
        g,
        Command::LoseStands {
            unit: UKITA_YARI,
            stands: 1,
        },
        &[],
    );
    end(g);
    let third = c.campaign.next_from(two.as_ref()).unwrap();
    assert_eq!(
        effects(&third.changes, "stand"),
        ["Ukita yari: -1 stand"],
        "nothing more at the floor; Shimazu is not killed twice"
    );
    let mut three = c.begin(&third);
    assert_eq!(armies::<Daimyo>(&mut three)[1].clans[1].units[1].lost, 3);
}
