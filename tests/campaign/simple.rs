//! Simple Samurai: the dead stay dead (or are made good, by ruling); an allied Daimyo's
//! death takes his clan out of the army, the army's own Daimyo's keeps it off the field (or
//! a successor takes his place); a unit that left the field rejoins (or is lost).

use gunbai::dice::RngDice;
use gunbai::engine::{Dice, Game};
use gunbai::rules::simple::command::FireOrder;
use gunbai::rules::simple::state::{GroupRef, Target, UnitRef};
use gunbai::rules::simple::{Command, Simple};

use super::support::{armies, battle, effects, end, muster, ok};

const ODA_YARI: UnitRef = UnitRef(0, 0, 4);
const IMA_TEPPO_1: UnitRef = UnitRef(1, 0, 2);
const IMA_TEPPO_2: UnitRef = UnitRef(1, 0, 3);
const MATSUDAIRA: GroupRef = GroupRef(1, 1);
const TOKUGAWA: GroupRef = GroupRef(0, 1);

fn go(game: &mut Box<dyn Game>, command: Command, faces: &[u32]) {
    ok::<Simple>(game, command, faces);
}

fn fire(unit: UnitRef, target: Target) -> Command {
    Command::Fire(FireOrder {
        unit,
        target,
        volley: false,
        distance_cm: 10,
        target_cover: Some(gunbai::rules::simple::state::Cover::Open),
    })
}

/// Oda is Home; Imagawa invades and plays first, Matsudaira acting.
fn begin(game: &mut Box<dyn Game>) {
    go(game, Command::RollForHome, &[9, 2]);
    battle::<Simple>(game)
        .execute_with(Command::ShuffleDeck, Dice::Roll(&mut RngDice::seeded(3)))
        .unwrap();
    go(game, Command::BeginBattle, &[]);
    go(game, Command::DrawCard { card: Some(2) }, &[]);
    go(game, Command::AllyActivation(MATSUDAIRA), &[7]);
}

#[test]
fn simple_campaign_carries_the_dead_and_the_daimyos_fate_into_the_next_battle_by_the_rulings() {
    let mut c = muster("simple", &[]);
    // Battle 1: Imagawa's teppo kill one of Oda Yari 1 (two hits, one saved) and shoot
    // Tokugawa Ieyasu, the allied Daimyo: his clan leaves the field.
    let mut one = c.first();
    let g = &mut one;
    begin(g);
    go(
        g,
        fire(IMA_TEPPO_2, Target::Unit(ODA_YARI)),
        &[6, 5, 8, 1, 2, 4, 3],
    );
    // The morale card asks where the Yari stand first: in the open.
    let open = gunbai::rules::simple::state::Cover::Open;
    let status = gunbai::rules::simple::command::Status::Cover(open);
    go(
        g,
        Command::SetStatus {
            unit: ODA_YARI,
            status,
        },
        &[],
    );
    go(
        g,
        Command::Morale {
            unit: ODA_YARI,
            cover: Some(open),
        },
        &[6, 6, 6, 6, 1],
    );
    go(
        g,
        fire(IMA_TEPPO_1, Target::Daimyo(TOKUGAWA)),
        &[6, 1, 1, 1, 1, 1],
    );
    assert!(
        battle::<Simple>(g)
            .state()
            .unit(UnitRef(0, 1, 0))
            .unwrap()
            .gone
    );
    end(g);

    let next = c.campaign.next_from(one.as_ref()).unwrap();
    assert_eq!(
        effects(&next.changes, "figure"),
        [
            "Oda Yari 1: -1 figure",
            "Tokugawa Ieyasu 徳川家康: leaves the army"
        ],
        "his clan left the field alive: it goes with him, not as losses"
    );

    // Each campaign ruling's options, on the same first battle.
    let by = |chosen: &[(&str, &str)]| c.armies_under::<Simple>(one.as_ref(), chosen);
    let oda = |a: &[gunbai::rules::simple::Army; 2]| a[0].clone();
    let stayed = oda(&by(&[]));
    assert_eq!(
        stayed.groups.len(),
        2,
        "the Tokugawa clan is gone; Mizuno stays"
    );
    assert_eq!(stayed.groups[1].name, "Mizuno");
    assert_eq!(stayed.groups[0].units[4].lost, 1);
    let heir = oda(&by(&[("fallen_leaders", "successor")]));
    assert_eq!(
        heir.groups[1].daimyo.name,
        "Tokugawa Ieyasu 徳川家康's successor"
    );
    assert_eq!(
        heir.groups[1].units[0].lost, 0,
        "his clan left the field alive and rejoins"
    );
    let lost = oda(&by(&[
        ("fallen_leaders", "successor"),
        ("left_field", "lost"),
    ]));
    assert_eq!(lost.groups[1].units[0].lost, 5, "lost with the battle");
    assert_eq!(
        oda(&by(&[("recovery", "half")])).groups[0].units[4].lost,
        1,
        "half of 1, rounded down, comes back: none"
    );
    assert_eq!(oda(&by(&[("recovery", "all")])).groups[0].units[4].lost, 0);

    // Battle 2 begins with the army as it stands: Oda Yari 1 brings 4 figures.
    let mut two = c.begin(&next);
    let [oda_now, _] = armies::<Simple>(&mut two);
    assert_eq!(oda_now.groups.len(), 2);
    let s = battle::<Simple>(&mut two).state();
    assert_eq!(s.unit(ODA_YARI).unwrap().alive, 4);
    assert_eq!(
        s.unit(ODA_YARI).unwrap().spec.figures,
        4,
        "its strength is what it brings"
    );

    // Battle 2: Oda Nobunaga himself is shot. Without a successor the army cannot take the
    // field again, until the table sets his death aside with its reason.
    let g = &mut two;
    begin(g);
    go(
        g,
        fire(IMA_TEPPO_1, Target::Daimyo(GroupRef(0, 0))),
        &[6, 1, 1, 1, 1, 1],
    );
    end(g);
    let mut third = c.campaign.next_from(two.as_ref()).unwrap();
    assert_eq!(
        effects(&third.changes, "figure"),
        ["Oda Nobunaga 織田信長: killed"]
    );
    let refused = c.campaign.next_armies(&third).unwrap_err();
    assert!(refused[0].contains("cannot take the field"), "{refused:?}");
    third.changes[0].set_aside = Some("his heir Nobutada takes the field under his banner".into());
    let three = c.begin(&third);
    assert_eq!(three.army_names()[0], "Oda 織田");
    let record = &c.campaign.battles[1];
    assert_eq!(
        record.carried.as_ref().unwrap()[0].set_aside.as_deref(),
        Some("his heir Nobutada takes the field under his banner"),
        "the reason is kept with the change"
    );
}
