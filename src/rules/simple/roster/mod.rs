//! Simple Samurai army files: the raw RON form and its validation.

use serde::Deserialize;

use super::tables::Rules;
use crate::roster::{RosterPath, RosterReport, RosterText, Validator, parse_raw};
use crate::roster_path;

mod army;
pub use army::*;

#[allow(missing_docs)]
mod raw {
    use super::{Deserialize, Formation, Koku, Leader, Troop, Weapon};

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Army {
        pub name: String,
        pub daimyo: Leader,
        pub units: Vec<Unit>,
        #[serde(default)]
        pub allies: Vec<Ally>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Ally {
        pub name: String,
        pub koku: Koku,
        pub daimyo: Leader,
        pub units: Vec<Unit>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Unit {
        pub name: String,
        pub troop: Troop,
        pub weapon: Weapon,
        #[serde(default)]
        pub figures: Option<u32>,
        #[serde(default)]
        pub formation: Option<Formation>,
        #[serde(default)]
        pub flagbearers: u32,
        #[serde(default)]
        pub sharpshooters: u32,
        #[serde(default)]
        pub lost: u32,
    }
}

/// The most figures a unit may have: four full units' worth, the app's own bound (the rules
/// field units of a fixed size).
pub fn most_figures(rules: &Rules) -> u32 {
    4 * rules.t.army.figures_per_unit
}

/// An army file's shape, written from a validated army (see [`army_roster`]).
mod written {
    use serde::Serialize;

    use super::{Formation, Koku, Leader, Troop, Weapon};

    #[derive(Serialize)]
    pub(super) struct Army<'a> {
        pub name: &'a str,
        pub daimyo: &'a Leader,
        pub units: Vec<Unit<'a>>,
        pub allies: Vec<Ally<'a>>,
    }
    #[derive(Serialize)]
    pub(super) struct Ally<'a> {
        pub name: &'a str,
        pub koku: Koku,
        pub daimyo: &'a Leader,
        pub units: Vec<Unit<'a>>,
    }
    #[derive(Serialize)]
    pub(super) struct Unit<'a> {
        pub name: &'a str,
        pub troop: Troop,
        pub weapon: Weapon,
        pub figures: u32,
        pub formation: Formation,
        pub flagbearers: u32,
        pub sharpshooters: u32,
        #[serde(skip_serializing_if = "crate::campaign::is_zero")]
        pub lost: u32,
    }
}

/// A validated army written back as an army file: the Daimyo's own group as the army's
/// units, the others as allied clans (so a journal's header is checked like a roster).
///
/// # Errors
/// The groups are not an army file's: the first is not the army's own, or a later one is.
pub fn army_roster(army: &Army) -> Result<String, String> {
    fn units(g: &Group) -> Vec<written::Unit<'_>> {
        g.units
            .iter()
            .map(|u| written::Unit {
                name: &u.name,
                troop: u.troop,
                weapon: u.weapon,
                figures: u.figures,
                formation: u.formation,
                flagbearers: u.flagbearers,
                sharpshooters: u.sharpshooters,
                lost: u.lost,
            })
            .collect()
    }
    let Some((own, allies)) = army.groups.split_first() else {
        return Err("an army has its Daimyo's own group".into());
    };
    if own.koku.is_some() || own.name != army.name {
        return Err("the first group is not the army's own".into());
    }
    let allies = allies
        .iter()
        .map(|g| {
            let koku = g.koku.ok_or("an allied clan has its koku")?;
            Ok(written::Ally {
                name: &g.name,
                koku,
                daimyo: &g.daimyo,
                units: units(g),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let file = written::Army {
        name: &army.name,
        daimyo: &own.daimyo,
        units: units(own),
        allies,
    };
    ron::to_string(&file).map_err(|e| e.to_string())
}

/// Names seen so far, to refuse one used twice and report an empty one.
#[derive(Default)]
struct Names(Vec<String>);

impl Names {
    /// Checks the name at `at` (a record's `name` field): `what` says what it names.
    fn check(&mut self, v: &mut Validator<'_>, at: RosterPath, name: &str, what: &str) {
        if crate::escape::is_blank(name) {
            v.error_at(
                at,
                format!(
                    "every {what} needs a name to be referred to in the battle (the app's own \
                     requirement, not a rule of the game)"
                ),
            );
            return;
        }
        if self.0.iter().any(|n| n == name) {
            v.error_at(
                at,
                format!(
                    "the name \"{name}\" is used twice; every Daimyo, clan and unit needs its own"
                ),
            );
        }
        self.0.push(name.to_owned());
    }
}

/// Reads and validates an army.
pub fn load(rules: &Rules, roster: &RosterText) -> RosterReport<Army> {
    let raw: raw::Army = parse_raw(roster).map_err(|e| vec![e])?;
    let mut v = Validator::new(roster);
    let listed = raw.units.len() as u64
        + raw
            .allies
            .iter()
            .map(|a| 1 + a.units.len() as u64)
            .sum::<u64>();
    v.bounded(
        crate::roster::RosterPath::root().field("units"),
        "units and allies",
        listed,
    )?;
    let mut names = Names::default();
    names.check(&mut v, roster_path!("name"), &raw.name, "army");
    names.check(
        &mut v,
        roster_path!("daimyo", "name"),
        &raw.daimyo.name,
        "Daimyo",
    );
    let own: Vec<UnitSpec> = raw
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| unit(&mut v, rules, &mut names, roster_path!("units", i), u))
        .collect();
    if own.is_empty() {
        v.error_at(
            roster_path!("units"),
            "the Daimyo's army needs at least one unit",
        );
    }
    template(&mut v, rules, &own);
    let mut groups = vec![Group {
        name: raw.name.clone(),
        koku: None,
        daimyo: raw.daimyo.clone(),
        units: own,
    }];
    for (i, a) in raw.allies.iter().enumerate() {
        groups.push(ally(&mut v, rules, &mut names, i, a));
    }
    sharpshooters(&mut v, rules, &raw, &groups);
    v.finish(Army {
        name: raw.name,
        groups,
    })
}

/// Refuses more sharpshooters than the army's arquebus figures allow, placed at the first
/// unit that lists any.
fn sharpshooters(v: &mut Validator<'_>, rules: &Rules, raw: &raw::Army, groups: &[Group]) {
    // Summed wide: a unit's numbers are refused one by one before this, but not yet cut down,
    // and a u32 sum of hand-written ones could wrap.
    let arquebus: u64 = groups
        .iter()
        .flat_map(|g| &g.units)
        .filter(|u| u.weapon == Weapon::Arquebus)
        .map(|u| u64::from(u.figures))
        .sum();
    let sharp: u64 = groups
        .iter()
        .flat_map(|g| &g.units)
        .map(|u| u64::from(u.sharpshooters))
        .sum();
    let per = u64::from(rules.t.army.arquebus_per_sharpshooter.max(1));
    if sharp <= arquebus / per {
        return;
    }
    let own = raw
        .units
        .iter()
        .position(|u| u.sharpshooters > 0)
        .map(|i| roster_path!("units", i, "sharpshooters"));
    let allied = || {
        raw.allies.iter().enumerate().find_map(|(a, ally)| {
            ally.units
                .iter()
                .position(|u| u.sharpshooters > 0)
                .map(|i| roster_path!("allies", a, "units", i, "sharpshooters"))
        })
    };
    v.error_at(
        own.or_else(allied).unwrap_or_default(),
        format!("{sharp} sharpshooters: at most 1 per {per} arquebus figures ({arquebus} here)"),
    );
}

/// Validates one allied clan, the `i`th.
fn ally(v: &mut Validator<'_>, rules: &Rules, names: &mut Names, i: usize, a: &raw::Ally) -> Group {
    names.check(v, roster_path!("allies", i, "name"), &a.name, "allied clan");
    names.check(
        v,
        roster_path!("allies", i, "daimyo", "name"),
        &a.daimyo.name,
        "allied Daimyo",
    );
    let units: Vec<UnitSpec> = a
        .units
        .iter()
        .enumerate()
        .map(|(j, u)| unit(v, rules, names, roster_path!("allies", i, "units", j), u))
        .collect();
    let guards = units
        .iter()
        .filter(|u| u.troop == Troop::SamuraiGuard)
        .count();
    let spears = units
        .iter()
        .filter(|u| u.troop == Troop::Ashigaru && u.weapon == Weapon::Spear)
        .count();
    let expected = match a.koku {
        Koku::K10000 => (1, 1),
        Koku::K5000 => (1, 0),
    };
    if (guards, spears) != expected || units.len() != expected.0 + expected.1 {
        v.warn_at(
            roster_path!("allies", i, "units"),
            format!(
                "a {} allied clan is usually 1 guard unit{}; this one differs",
                a.koku.name(),
                if expected.1 == 1 {
                    " and 1 Ashigaru spear unit"
                } else {
                    ""
                }
            ),
        );
    }
    Group {
        name: a.name.clone(),
        koku: Some(a.koku),
        daimyo: a.daimyo.clone(),
        units,
    }
}

/// Warns where the Daimyo's own troops depart from the basic 50,000 koku army.
fn template(v: &mut Validator<'_>, rules: &Rules, units: &[UnitSpec]) {
    let a = &rules.t.army;
    // Gun crews are Ashigaru too, but the basic army's seven Ashigaru units are foot.
    let count = |t: Troop| {
        units
            .iter()
            .filter(|u| u.troop == t && u.weapon != Weapon::Gun)
            .count()
    };
    let found = [
        count(Troop::Ashigaru),
        count(Troop::SamuraiFoot),
        count(Troop::SamuraiCavalry) + count(Troop::MonkCavalry),
        count(Troop::SamuraiGuard),
    ];
    let basic = [
        a.basic_ashigaru_units,
        a.basic_samurai_foot_units,
        a.basic_cavalry_units,
        a.basic_guard_units,
    ];
    if found != basic {
        v.warn_at(
            roster_path!("units"),
            format!(
                "the basic 50,000 koku army is {} Ashigaru, {} Samurai foot, {} cavalry and {} guard units; this army has {}, {}, {} and {} (fine when the koku is adjusted)",
                basic[0], basic[1], basic[2], basic[3], found[0], found[1], found[2], found[3]
            ),
        );
    }
    // Its Ashigaru: archers, arquebus and spears (naginata); one Samurai foot unit may have pike.
    let ashigaru = |w: &[Weapon]| {
        units
            .iter()
            .filter(|u| u.troop == Troop::Ashigaru && w.contains(&u.weapon))
            .count()
    };
    let split = [
        ashigaru(&[Weapon::Bow]),
        ashigaru(&[Weapon::Arquebus]),
        ashigaru(&[Weapon::Spear, Weapon::Naginata]),
    ];
    let basic_split = [
        a.basic_archer_units,
        a.basic_arquebus_units,
        a.basic_spear_units,
    ];
    if found[0] == basic[0] && split != basic_split {
        v.warn_at(
            roster_path!("units"),
            format!(
                "the basic army's Ashigaru are {} archer, {} arquebus and {} spear (naginata) units; this army's are {}, {} and {}",
                basic_split[0], basic_split[1], basic_split[2], split[0], split[1], split[2]
            ),
        );
    }
    let pikes: Vec<&UnitSpec> = units.iter().filter(|u| u.weapon == Weapon::Pike).collect();
    if pikes.len() > a.basic_pike_units || pikes.iter().any(|u| u.troop != Troop::SamuraiFoot) {
        v.warn_at(
            roster_path!("units"),
            format!(
                "in the basic army at most {} Samurai foot unit has pike; this army has {}{}",
                a.basic_pike_units,
                crate::engine::words::counted(pikes.len(), "pike unit"),
                if pikes.iter().any(|u| u.troop != Troop::SamuraiFoot) {
                    ", not all of them Samurai foot"
                } else {
                    ""
                }
            ),
        );
    }
}

/// Validates one unit, the record at `at`.
fn unit(
    v: &mut Validator<'_>,
    rules: &Rules,
    names: &mut Names,
    at: RosterPath,
    u: &raw::Unit,
) -> UnitSpec {
    let a = &rules.t.army;
    names.check(v, at.field("name"), &u.name, "unit");
    let default = match u.weapon {
        Weapon::Gun => rules.t.artillery.crew,
        // A wagon is drawn by its team of oxen, horses or mules, or pushed by a unit of foot.
        Weapon::Wagon if u.troop == Troop::Animals => rules.t.movement_cm.wagon_team,
        _ => a.figures_per_unit,
    };
    let figures = u.figures.unwrap_or(default);
    let most = most_figures(rules);
    if figures == 0 || figures > most {
        v.error_at(
            at.field("figures"),
            format!("{figures} figures: a unit has 1 to {most} (usually {default})"),
        );
    } else if figures != default {
        v.warn_at(
            at.field("figures"),
            format!("{figures} figures where the rules expect {default}"),
        );
    }
    let formation = u.formation.unwrap_or(Formation::Line);
    if formation == Formation::Skirmish && u.weapon != Weapon::Bow {
        v.error_at(
            at.field("formation"),
            "only archers (weapon: Bow) may be in skirmish order",
        );
    }
    if u.weapon == Weapon::Gun && u.troop != Troop::Ashigaru {
        v.error_at(
            at.field("troop"),
            "artillery guns are crewed by Ashigaru artillerymen",
        );
    }
    if u.weapon == Weapon::Gun && figures > rules.t.artillery.crew {
        v.error_at(
            at.field("figures"),
            format!("a gun has at most {} artillerymen", rules.t.artillery.crew),
        );
    }
    if u.weapon == Weapon::Wagon && u.troop.mounted() {
        v.error_at(
            at.field("troop"),
            "a wagon is drawn by animals (troop: Animals) or pushed and pulled by foot",
        );
    }
    if u.troop == Troop::Animals && u.weapon != Weapon::Wagon {
        v.error_at(
            at.field("weapon"),
            "animals draw wagons or guns: give them weapon: Wagon",
        );
    }
    let flagbearers = at.field("flagbearers");
    if u.flagbearers > 0 && u.troop != Troop::SamuraiGuard {
        v.error_at(
            flagbearers,
            "only a Samurai foot guard unit carries flagbearers",
        );
    } else if u.flagbearers > figures {
        v.error_at(
            flagbearers,
            format!("{} flagbearers in {figures} figures", u.flagbearers),
        );
    } else if u.troop == Troop::SamuraiGuard && u.flagbearers != a.guard_flagbearers {
        v.warn_at(
            flagbearers,
            format!(
                "a guard unit usually has {} flagbearers",
                a.guard_flagbearers
            ),
        );
    }
    let sharpshooters = at.field("sharpshooters");
    if u.sharpshooters > 0 && u.weapon != Weapon::Arquebus {
        v.error_at(sharpshooters, "sharpshooters carry arquebuses");
    } else if u.sharpshooters > figures {
        v.error_at(
            sharpshooters,
            format!("{} sharpshooters in {figures} figures", u.sharpshooters),
        );
    }
    if u.lost > figures {
        v.error_at(
            at.field("lost"),
            format!(
                "{} figures lost in earlier battles: the unit has {figures}",
                u.lost
            ),
        );
    }
    UnitSpec {
        name: u.name.clone(),
        troop: u.troop,
        weapon: u.weapon,
        figures,
        formation,
        flagbearers: u.flagbearers,
        sharpshooters: u.sharpshooters,
        lost: u.lost.min(figures),
    }
}
