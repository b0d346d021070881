//! Reading a Daimyo army file: raw RON, then a validated army with positioned problems.

use serde::Deserialize;

use super::roster::{Army, ClanSpec, LeaderSpec, MoveRate, Quality, Troop, UnitSpec};
use super::tables::Rules;
use crate::roster::{RosterPath, RosterReport, RosterText, Validator, parse_raw};
use crate::roster_path;

#[allow(missing_docs)]
mod raw {
    use super::{Deserialize, Quality, Troop};

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Army {
        pub name: String,
        pub general: Leader,
        #[serde(default)]
        pub hatamoto: Vec<Unit>,
        pub clans: Vec<Clan>,
        pub moves: Vec<Move>,
        pub leader_move: i64,
        #[serde(default)]
        pub command_radius: Option<i64>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Leader {
        pub name: String,
        pub rating: i64,
        #[serde(default)]
        pub fallen: bool,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Clan {
        pub name: String,
        pub daimyo: Leader,
        pub units: Vec<Unit>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Unit {
        pub name: String,
        pub troop: Troop,
        pub quality: Quality,
        #[serde(default)]
        pub frenzied: bool,
        pub stands: u32,
        pub wide: u32,
        #[serde(default)]
        pub lost: u32,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Move {
        pub troop: Troop,
        pub normal: i64,
        pub charge: i64,
    }
}

/// The most stands a unit may have: far beyond any real unit, and it bounds the menus.
pub(super) const MAX_STANDS: u32 = 48;
/// The longest move a roster may give, in cm (a whole table's length).
pub(super) const MAX_MOVE_CM: i64 = 240;

/// Reports an empty name at its field: the app refers to armies, leaders, clans and units by
/// name, so each needs one (an app's requirement, not a rule of the game).
fn named(v: &mut Validator<'_>, at: &RosterPath, name: &str, what: &str) {
    if crate::escape::is_blank(name) {
        v.error_at(
            at.field("name"),
            format!("every {what} needs a name to be referred to"),
        );
    }
}

/// Reads and validates a Daimyo army.
pub fn load(rules: &Rules, roster: &RosterText) -> RosterReport<Army> {
    let raw: raw::Army = parse_raw(roster).map_err(|e| vec![e])?;
    let mut v = Validator::new(roster);
    let listed = (raw.hatamoto.len() + raw.moves.len()) as u64
        + raw
            .clans
            .iter()
            .map(|c| 1 + c.units.len() as u64)
            .sum::<u64>();
    v.bounded(
        crate::roster::RosterPath::root().field("clans"),
        "clans, units and moves",
        listed,
    )?;
    named(&mut v, &RosterPath::root(), &raw.name, "army");
    let general = leader(&mut v, rules, &roster_path!("general"), &raw.general);
    let mut names: Vec<String> = Vec::new();
    let hatamoto = raw
        .hatamoto
        .iter()
        .enumerate()
        .map(|(i, u)| unit(&mut v, &mut names, &roster_path!("hatamoto", i), u))
        .collect();
    let mut clans = Vec::new();
    for (c, clan) in raw.clans.iter().enumerate() {
        let at = roster_path!("clans", c);
        named(&mut v, &at, &clan.name, "clan");
        let units: Vec<UnitSpec> = clan
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| unit(&mut v, &mut names, &at.field("units").index(i), u))
            .collect();
        if units.is_empty() {
            v.error_at(
                at.field("units"),
                format!("the {} clan has no units", clan.name),
            );
        }
        clans.push(ClanSpec {
            name: clan.name.clone(),
            daimyo: leader(&mut v, rules, &at.field("daimyo"), &clan.daimyo),
            units,
        });
    }
    if clans.is_empty() {
        v.error_at(roster_path!("clans"), "an army needs at least one clan");
    }
    let moves = move_rates(&mut v, &raw);
    if !(1..=MAX_MOVE_CM).contains(&raw.leader_move) {
        v.error_at(
            roster_path!("leader_move"),
            format!("a leader's move is 1 to {MAX_MOVE_CM} cm"),
        );
    }
    if raw
        .command_radius
        .is_some_and(|r| !(1..=MAX_MOVE_CM).contains(&r))
    {
        v.error_at(
            roster_path!("command_radius"),
            format!("a command radius is 1 to {MAX_MOVE_CM} cm"),
        );
    }
    v.finish(Army {
        name: raw.name,
        general,
        hatamoto,
        clans,
        moves,
        leader_move: raw.leader_move,
        command_radius: raw.command_radius,
    })
}

fn leader(v: &mut Validator<'_>, rules: &Rules, at: &RosterPath, l: &raw::Leader) -> LeaderSpec {
    named(v, at, &l.name, "leader");
    let (lo, hi) = (rules.t.leaders.rating_min, rules.t.leaders.rating_max);
    if !(lo..=hi).contains(&l.rating) {
        v.error_at(
            at.field("rating"),
            format!(
                "{}: a Command Rating is {lo} to {hi}, not {}",
                l.name, l.rating
            ),
        );
    }
    LeaderSpec {
        name: l.name.clone(),
        rating: l.rating,
        fallen: l.fallen,
    }
}

fn unit(
    v: &mut Validator<'_>,
    names: &mut Vec<String>,
    at: &RosterPath,
    u: &raw::Unit,
) -> UnitSpec {
    named(v, at, &u.name, "unit");
    if !crate::escape::is_blank(&u.name) && names.contains(&u.name) {
        v.error_at(
            at.field("name"),
            format!(
                "the unit name \"{}\" is used twice; every unit needs its own",
                u.name
            ),
        );
    }
    names.push(u.name.clone());
    if !(1..=MAX_STANDS).contains(&u.stands) {
        v.error_at(
            at.field("stands"),
            format!("{}: 1 to {MAX_STANDS} stands", u.name),
        );
    } else if !(1..=u.stands).contains(&u.wide) {
        v.error_at(
            at.field("wide"),
            format!("{}: `wide` is 1 to its {} stands", u.name, u.stands),
        );
    }
    if u.lost > u.stands {
        v.error_at(
            at.field("lost"),
            format!(
                "{}: {} stands lost in earlier battles, of its {}",
                u.name, u.lost, u.stands
            ),
        );
    }
    UnitSpec {
        name: u.name.clone(),
        troop: u.troop,
        quality: u.quality,
        frenzied: u.frenzied,
        stands: u.stands,
        wide: u.wide,
        lost: u.lost.min(u.stands),
    }
}

/// Every troop type the army fields needs its move rates, since the chapter's table is absent.
fn move_rates(v: &mut Validator<'_>, raw: &raw::Army) -> Vec<MoveRate> {
    let mut moves: Vec<MoveRate> = Vec::new();
    for (i, m) in raw.moves.iter().enumerate() {
        let at = roster_path!("moves", i);
        if moves.iter().any(|x| x.troop == m.troop) {
            v.error_at(
                at.field("troop"),
                format!("{} has two move rates", m.troop.name()),
            );
        }
        for (what, cm) in [("normal", m.normal), ("charge", m.charge)] {
            if !(1..=MAX_MOVE_CM).contains(&cm) {
                v.error_at(
                    at.field(what),
                    format!("{}: a {what} move is 1 to {MAX_MOVE_CM} cm", m.troop.name()),
                );
            }
        }
        moves.push(MoveRate {
            troop: m.troop,
            normal: m.normal,
            charge: m.charge,
        });
    }
    let hatamoto = raw
        .hatamoto
        .iter()
        .enumerate()
        .map(|(i, u)| (roster_path!("hatamoto", i), u));
    let clans = raw.clans.iter().enumerate().flat_map(|(c, clan)| {
        clan.units
            .iter()
            .enumerate()
            .map(move |(i, u)| (roster_path!("clans", c, "units", i), u))
    });
    for (at, u) in hatamoto.chain(clans) {
        if !moves.iter().any(|m| m.troop == u.troop) {
            v.error_at(
                at.field("troop"),
                format!(
                    "no move rate for {}: add (troop: {:?}, normal: …, charge: …) to `moves`",
                    u.troop.name(),
                    u.troop
                ),
            );
            moves.push(MoveRate {
                troop: u.troop,
                normal: 0,
                charge: 0,
            });
        }
    }
    moves
}
