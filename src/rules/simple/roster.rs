//! Simple Samurai army files: the raw RON form and its validation.

use serde::Deserialize;

use super::tables::Rules;
use crate::roster::{RosterReport, RosterText, Validator, parse_raw};

pub use super::army::*;

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
    v.bounded("units", "units and allies", listed)?;
    let mut names: Vec<String> = Vec::new();
    let mut seen = |v: &mut Validator<'_>, name: &str| {
        let count = names.iter().filter(|n| *n == name).count();
        if count > 0 {
            v.error(
                &format!("\"{name}\""),
                count,
                format!(
                    "the name \"{name}\" is used twice; every Daimyo, clan and unit needs its own"
                ),
            );
        }
        names.push(name.to_owned());
    };
    seen(&mut v, &raw.daimyo.name);
    let own: Vec<UnitSpec> = raw
        .units
        .iter()
        .map(|u| {
            seen(&mut v, &u.name);
            unit(&mut v, rules, u)
        })
        .collect();
    if own.is_empty() {
        v.error("units", 0, "the Daimyo's army needs at least one unit");
    }
    template(&mut v, rules, &own);
    let mut groups = vec![Group {
        name: raw.name.clone(),
        koku: None,
        daimyo: raw.daimyo.clone(),
        units: own,
    }];
    for a in &raw.allies {
        groups.push(ally(&mut v, rules, &mut seen, a));
    }
    let arquebus: u32 = groups
        .iter()
        .flat_map(|g| &g.units)
        .filter(|u| u.weapon == Weapon::Arquebus)
        .map(|u| u.figures)
        .sum();
    let sharp: u32 = groups
        .iter()
        .flat_map(|g| &g.units)
        .map(|u| u.sharpshooters)
        .sum();
    let per = rules.t.army.arquebus_per_sharpshooter.max(1);
    if sharp > arquebus / per {
        v.error(
            "sharpshooters",
            0,
            format!(
                "{sharp} sharpshooters: at most 1 per {per} arquebus figures ({arquebus} here)"
            ),
        );
    }
    v.finish(Army {
        name: raw.name,
        groups,
    })
}

/// Validates one allied clan.
fn ally(
    v: &mut Validator<'_>,
    rules: &Rules,
    seen: &mut impl FnMut(&mut Validator<'_>, &str),
    a: &raw::Ally,
) -> Group {
    seen(v, &a.name);
    seen(v, &a.daimyo.name);
    let units: Vec<UnitSpec> = a
        .units
        .iter()
        .map(|u| {
            seen(v, &u.name);
            unit(v, rules, u)
        })
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
        v.warn(
            &format!("\"{}\"", a.name),
            0,
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
        v.warn(
            "units",
            0,
            format!(
                "the basic 50,000 koku army is {} Ashigaru, {} Samurai foot, {} cavalry and {} guard units; this army has {}, {}, {} and {} (fine when the koku is adjusted)",
                basic[0], basic[1], basic[2], basic[3], found[0], found[1], found[2], found[3]
            ),
        );
    }
}

/// Validates one unit.
fn unit(v: &mut Validator<'_>, rules: &Rules, u: &raw::Unit) -> UnitSpec {
    let a = &rules.t.army;
    let at = format!("\"{}\"", u.name);
    let default = match u.weapon {
        Weapon::Gun => rules.t.artillery.crew,
        // A wagon is drawn by a team of 2 oxen, horses or mules.
        Weapon::Wagon => 2,
        _ => a.figures_per_unit,
    };
    let figures = u.figures.unwrap_or(default);
    if figures == 0 || figures > 4 * a.figures_per_unit {
        v.error(
            &at,
            0,
            format!(
                "{figures} figures: a unit has 1 to {} (usually {default})",
                4 * a.figures_per_unit
            ),
        );
    } else if figures != default {
        v.warn(
            &at,
            0,
            format!("{figures} figures where the rules expect {default}"),
        );
    }
    let formation = u.formation.unwrap_or(Formation::Line);
    if formation == Formation::Skirmish && u.weapon != Weapon::Bow {
        v.error(
            &at,
            0,
            "only archers (weapon: Bow) may be in skirmish order",
        );
    }
    if u.weapon == Weapon::Gun && u.troop != Troop::Ashigaru {
        v.error(&at, 0, "artillery guns are crewed by Ashigaru artillerymen");
    }
    if u.weapon == Weapon::Gun && figures > rules.t.artillery.crew {
        v.error(
            &at,
            0,
            format!("a gun has at most {} artillerymen", rules.t.artillery.crew),
        );
    }
    if u.troop == Troop::Animals && u.weapon != Weapon::Wagon {
        v.error(
            &at,
            0,
            "animals draw wagons or guns: give them weapon: Wagon",
        );
    }
    if u.flagbearers > 0 && u.troop != Troop::SamuraiGuard {
        v.error(&at, 0, "only a Samurai foot guard unit carries flagbearers");
    } else if u.flagbearers > figures {
        v.error(
            &at,
            0,
            format!("{} flagbearers in {figures} figures", u.flagbearers),
        );
    } else if u.troop == Troop::SamuraiGuard && u.flagbearers != a.guard_flagbearers {
        v.warn(
            &at,
            0,
            format!(
                "a guard unit usually has {} flagbearers",
                a.guard_flagbearers
            ),
        );
    }
    if u.sharpshooters > 0 && u.weapon != Weapon::Arquebus {
        v.error(&at, 0, "sharpshooters carry arquebuses");
    } else if u.sharpshooters > figures {
        v.error(
            &at,
            0,
            format!("{} sharpshooters in {figures} figures", u.sharpshooters),
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
    }
}
