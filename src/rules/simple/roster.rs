//! Simple Samurai army files: the raw RON form and its validation.

use serde::{Deserialize, Serialize};

use super::tables::Rules;
use crate::roster::{RosterReport, RosterText, Validator, parse_raw};

/// The troop type of a unit: it decides the die it rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Troop {
    /// Peasants (d4).
    Peasant,
    /// Ashigaru, including artillerymen (d6).
    Ashigaru,
    /// Ronin (d8).
    Ronin,
    /// Samurai on foot (d10).
    SamuraiFoot,
    /// Samurai foot guard, flagbearers included (d12).
    SamuraiGuard,
    /// Warrior monks on foot (d12).
    Monks,
    /// Mounted Samurai (d12).
    SamuraiCavalry,
    /// Mounted monks (d12).
    MonkCavalry,
    /// Oxen, artillery horses or mules drawing wagons and guns.
    Animals,
}

impl Troop {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Troop::Peasant => "Peasants",
            Troop::Ashigaru => "Ashigaru",
            Troop::Ronin => "Ronin",
            Troop::SamuraiFoot => "Samurai foot",
            Troop::SamuraiGuard => "Samurai foot guard",
            Troop::Monks => "Monks",
            Troop::SamuraiCavalry => "Samurai cavalry",
            Troop::MonkCavalry => "Monk cavalry",
            Troop::Animals => "Animals",
        }
    }

    /// Whether the troops ride.
    pub fn mounted(self) -> bool {
        matches!(self, Troop::SamuraiCavalry | Troop::MonkCavalry)
    }

    /// Samurai and monks never test morale.
    pub fn samurai_or_monk(self) -> bool {
        matches!(
            self,
            Troop::SamuraiFoot
                | Troop::SamuraiGuard
                | Troop::Monks
                | Troop::SamuraiCavalry
                | Troop::MonkCavalry
        )
    }
}

/// What a unit fights or shoots with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weapon {
    /// Swords only.
    Sword,
    /// Bows (the only troops that may skirmish).
    Bow,
    /// Arquebuses.
    Arquebus,
    /// Spears.
    Spear,
    /// Pikes.
    Pike,
    /// Naginata.
    Naginata,
    /// An artillery gun and its crew.
    Gun,
    /// Wagons (with their team).
    Wagon,
}

impl Weapon {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Sword => "sword",
            Weapon::Bow => "bow",
            Weapon::Arquebus => "arquebus",
            Weapon::Spear => "spear",
            Weapon::Pike => "pike",
            Weapon::Naginata => "naginata",
            Weapon::Gun => "artillery gun",
            Weapon::Wagon => "wagon",
        }
    }

    /// Whether it shoots.
    pub fn fires(self) -> bool {
        matches!(self, Weapon::Bow | Weapon::Arquebus | Weapon::Gun)
    }
}

/// How a unit stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Formation {
    /// A line of figures base to base.
    Line,
    /// One figure wide.
    Column,
    /// Open order (archers only).
    Skirmish,
}

impl Formation {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Skirmish => "skirmish",
        }
    }
}

/// A Daimyo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// His name.
    pub name: String,
    /// On horse or on foot.
    #[serde(default)]
    pub mounted: bool,
}

/// A validated unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Its name.
    pub name: String,
    /// Its troop type.
    pub troop: Troop,
    /// Its weapon.
    pub weapon: Weapon,
    /// Figures at the start (artillerymen for a gun).
    pub figures: u32,
    /// Starting formation.
    pub formation: Formation,
    /// Flagbearers among the figures (guard units).
    pub flagbearers: u32,
    /// Sharpshooters among the figures (+1 when firing).
    pub sharpshooters: u32,
}

impl UnitSpec {
    /// `Ashigaru, arquebus, 1 sharpshooter`.
    pub fn kind(&self) -> String {
        let mut s = format!("{}, {}", self.troop.name(), self.weapon.name());
        if self.flagbearers > 0 {
            s.push_str(&format!(", {} flagbearers", self.flagbearers));
        }
        if self.sharpshooters > 0 {
            s.push_str(&format!(", {} sharpshooter(s)", self.sharpshooters));
        }
        s
    }
}

/// An allied clan's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Koku {
    /// 10,000 koku: activates on 1d12.
    K10000,
    /// 5,000 koku: activates on 1d10.
    K5000,
}

impl Koku {
    /// `10,000 koku`.
    pub fn name(self) -> &'static str {
        match self {
            Koku::K10000 => "10,000 koku",
            Koku::K5000 => "5,000 koku",
        }
    }
}

/// A command: the army's own troops (no koku) or an allied clan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// Its name.
    pub name: String,
    /// The allied clan's size, or `None` for the army's own troops.
    pub koku: Option<Koku>,
    /// Its Daimyo (the army's, or the allied Daimyo).
    pub daimyo: Leader,
    /// Its units.
    pub units: Vec<UnitSpec>,
}

/// A validated army: the Daimyo's own group first, then allied clans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// Group 0 is the Daimyo's own; the rest are allied clans.
    pub groups: Vec<Group>,
}

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
    for ally in &raw.allies {
        seen(&mut v, &ally.name);
        seen(&mut v, &ally.daimyo.name);
        let units: Vec<UnitSpec> = ally
            .units
            .iter()
            .map(|u| {
                seen(&mut v, &u.name);
                unit(&mut v, rules, u)
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
        let expected = match ally.koku {
            Koku::K10000 => (1, 1),
            Koku::K5000 => (1, 0),
        };
        if (guards, spears) != expected || units.len() != expected.0 + expected.1 {
            v.warn(
                &format!("\"{}\"", ally.name),
                0,
                format!(
                    "a {} allied clan is usually 1 guard unit{}; this one differs",
                    ally.koku.name(),
                    if expected.1 == 1 {
                        " and 1 Ashigaru spear unit"
                    } else {
                        ""
                    }
                ),
            );
        }
        groups.push(Group {
            name: ally.name.clone(),
            koku: Some(ally.koku),
            daimyo: ally.daimyo.clone(),
            units,
        });
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

/// Warns where the Daimyo's own troops depart from the basic 50,000 koku army.
fn template(v: &mut Validator<'_>, rules: &Rules, units: &[UnitSpec]) {
    let a = &rules.t.army;
    let count = |t: Troop| units.iter().filter(|u| u.troop == t).count();
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
    let default = if u.weapon == Weapon::Gun {
        rules.t.artillery.crew
    } else {
        a.figures_per_unit
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
