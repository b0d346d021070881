//! Sky army files: the raw RON form and its validation.

use serde::{Deserialize, Serialize};

use super::tables::{Rules, SkyTables};
use crate::roster::{RosterPath, RosterReport, RosterText, Validator, parse_raw};
use crate::roster_path;

/// The kind of troops in a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Troop {
    /// Samurai, foot or mounted.
    Samurai,
    /// Warrior Monks (Sohei), foot or mounted.
    WarriorMonks,
    /// Ashigaru foot soldiers.
    Ashigaru,
    /// Peasant levies.
    Peasants,
}

impl Troop {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Troop::Samurai => "Samurai",
            Troop::WarriorMonks => "Warrior Monks",
            Troop::Ashigaru => "Ashigaru",
            Troop::Peasants => "Peasants",
        }
    }
}

/// A category of weapons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Weapon {
    /// Katana, nodachi.
    HandWeapons,
    /// Yari, naginata.
    PoleArms,
    /// Arquebus (teppo).
    Arquebus,
    /// Bow.
    Bow,
}

impl Weapon {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::HandWeapons => "hand weapons",
            Weapon::PoleArms => "pole arms",
            Weapon::Arquebus => "arquebus",
            Weapon::Bow => "bow",
        }
    }

    /// Whether it shoots.
    pub fn fires(self) -> bool {
        matches!(self, Weapon::Arquebus | Weapon::Bow)
    }
}

/// How a unit stands on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Formation {
    /// One stand wide.
    Column,
    /// A line this many stands wide (cavalry one deep, infantry two ranks).
    Line(u32),
}

impl std::fmt::Display for Formation {
    /// In words: "a column", "a line 4 stands wide".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Formation::Column => f.write_str("a column"),
            Formation::Line(1) => f.write_str("a line 1 stand wide"),
            Formation::Line(width) => write!(f, "a line {width} stands wide"),
        }
    }
}

/// A leader in the roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// His name.
    pub name: String,
    /// His Command rating.
    pub command: i64,
}

/// A validated unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Its name.
    pub name: String,
    /// Its troops.
    pub troop: Troop,
    /// Mounted or on foot.
    pub mounted: bool,
    /// Its weapons (cavalry: a bow at most; their pole arms and swords are assumed).
    pub weapons: Vec<Weapon>,
    /// Armoured (decides Ashigaru and Monks' target number).
    pub armoured: bool,
    /// Starting stands.
    pub stands: u32,
    /// Starting formation.
    pub formation: Formation,
    /// Equipped with Tedate (pavise).
    pub tedate: bool,
    /// Bushi rating.
    pub bushi: i64,
}

impl UnitSpec {
    /// `Mounted Samurai, bow, Tedate`.
    pub fn kind(&self) -> String {
        // Written into one string: the roster shows every unit's kind after every change.
        let mut kind = String::with_capacity(48);
        if self.mounted {
            kind.push_str("Mounted ");
        }
        kind.push_str(self.troop.name());
        let mut part = |word: &str| {
            kind.push_str(", ");
            kind.push_str(word);
        };
        if matches!(self.troop, Troop::Ashigaru | Troop::WarriorMonks) {
            part(if self.armoured {
                "armoured"
            } else {
                "unarmoured"
            });
        }
        for w in &self.weapons {
            part(w.name());
        }
        if self.tedate {
            part("Tedate");
        }
        kind
    }
}

/// A validated clan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clan {
    /// Its name.
    pub name: String,
    /// Its Clan Leader.
    pub leader: Leader,
    /// Its units.
    pub units: Vec<UnitSpec>,
}

/// A validated army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// Its General.
    pub general: Leader,
    /// Its clans.
    pub clans: Vec<Clan>,
}

#[allow(missing_docs)]
mod raw {
    use super::{Deserialize, Formation, Troop, Weapon};

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Army {
        pub name: String,
        pub general: Leader,
        pub clans: Vec<Clan>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Leader {
        pub name: String,
        #[serde(default)]
        pub command: Option<i64>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Clan {
        pub name: String,
        pub leader: Leader,
        pub units: Vec<Unit>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Unit {
        pub name: String,
        pub troop: Troop,
        #[serde(default)]
        pub mounted: bool,
        #[serde(default)]
        pub weapons: Vec<Weapon>,
        #[serde(default)]
        pub armoured: Option<bool>,
        pub stands: u32,
        pub formation: Formation,
        #[serde(default)]
        pub tedate: bool,
        #[serde(default)]
        pub bushi: Option<i64>,
    }
}

/// The Command ratings a roster may give: what the Command roll's dice can reach.
pub(super) fn command_range(t: &SkyTables) -> (i64, i64) {
    let r = &t.command_rolls;
    (i64::from(r.dice), i64::from(r.dice) * i64::from(r.sides))
}

/// The Bushi ratings a roster may give: what the Bushi test's dice can reach.
pub(super) fn bushi_range(t: &SkyTables) -> (i64, i64) {
    let r = &t.bushi_test;
    (i64::from(r.dice), i64::from(r.dice) * i64::from(r.sides))
}

/// Reports an empty name at its field: the app refers to everyone by name (its own
/// requirement, not a rule of the game). `true` if the name is given.
fn named(v: &mut Validator<'_>, at: &RosterPath, name: &str, what: &str) -> bool {
    let given = !name.trim().is_empty();
    if !given {
        v.error_at(
            at.field("name"),
            format!("every {what} needs a name, for Gunbai to refer to it by"),
        );
    }
    given
}

/// Reads and validates a Sky army.
// Validation reads top to bottom like the roster it checks.
#[allow(clippy::too_many_lines)]
pub fn load(rules: &Rules, roster: &RosterText) -> RosterReport<Army> {
    let raw: raw::Army = parse_raw(roster).map_err(|e| vec![e])?;
    let mut v = Validator::new(roster);
    let listed = raw.clans.iter().map(|c| 1 + c.units.len() as u64).sum();
    v.bounded(
        crate::roster::RosterPath::root().field("clans"),
        "clans and units",
        listed,
    )?;
    let t = &rules.t;
    let mut names: Vec<String> = Vec::new();
    // A name is checked against the others once it is given (an empty one is its own error).
    let mut seen = |v: &mut Validator<'_>, at: &RosterPath, name: &str, what: &str| {
        if !named(v, at, name, what) {
            return;
        }
        if names.iter().any(|n| n == name) {
            v.error_at(
                at.field("name"),
                format!(
                    "the name \"{name}\" is used twice; every leader, clan and unit needs its own"
                ),
            );
        }
        names.push(name.to_owned());
    };
    let (command_lo, command_hi) = command_range(t);
    let dice = format!("{}d{}", t.command_rolls.dice, t.command_rolls.sides);
    let leader = |v: &mut Validator<'_>, at: &RosterPath, l: &raw::Leader, default: i64| {
        let command = l.command.unwrap_or(default);
        let at = at.field("command");
        if !(command_lo..=command_hi).contains(&command) {
            v.error_at(
                at,
                format!(
                    "Command {command} cannot be rolled against on {dice}: allowed {command_lo} to {command_hi} (default {default})"
                ),
            );
        } else if command != default {
            v.warn_at(
                at,
                format!("Command {command} differs from the rules' {default} (scenario rating)"),
            );
        }
        Leader {
            name: l.name.clone(),
            command,
        }
    };
    named(&mut v, &RosterPath::root(), &raw.name, "army");
    if raw.clans.is_empty() {
        v.error_at(
            RosterPath::root().field("clans"),
            "an army needs at least one clan",
        );
    }
    let at = RosterPath::root().field("general");
    seen(&mut v, &at, &raw.general.name, "leader");
    let general = leader(&mut v, &at, &raw.general, t.command.general);
    let mut clans = Vec::new();
    for (c, clan) in raw.clans.iter().enumerate() {
        let at = roster_path!("clans", c);
        seen(&mut v, &at, &clan.name, "clan");
        let leader_at = at.field("leader");
        seen(&mut v, &leader_at, &clan.leader.name, "leader");
        let n = clan.units.len();
        let (lo, hi) = (t.organisation.clan_units_min, t.organisation.clan_units_max);
        if !(lo..=hi).contains(&n) {
            v.error_at(
                at.field("units"),
                format!("clan has {n} units: a Clan Leader commands {lo} to {hi}"),
            );
        }
        let leader = leader(&mut v, &leader_at, &clan.leader, t.command.clan_leader);
        let units = clan.units.iter().enumerate().map(|(u, unit_raw)| {
            let at = at.field("units").index(u);
            seen(&mut v, &at, &unit_raw.name, "unit");
            unit(&mut v, rules, &at, unit_raw)
        });
        clans.push(Clan {
            name: clan.name.clone(),
            leader,
            units: units.collect(),
        });
    }
    v.finish(Army {
        name: raw.name,
        general,
        clans,
    })
}

/// Whether a unit of `stands` can stand in `formation`: a line is 3 or 4 stands wide, one
/// stand deep for cavalry and at most two deep for infantry (a column always fits). A unit
/// that has lost stands may stand narrower than its line's width.
///
/// # Errors
/// Why it does not fit, in words.
pub fn line_fits(
    rules: &Rules,
    mounted: bool,
    stands: u32,
    formation: Formation,
) -> Result<(), String> {
    let Formation::Line(width) = formation else {
        return Ok(());
    };
    let o = &rules.t.organisation;
    if !(o.line_width_min..=o.line_width_max).contains(&width) {
        return Err(format!(
            "a line {width} stands wide: lines are {} or {} wide",
            o.line_width_min, o.line_width_max
        ));
    }
    let deep = if mounted { 1 } else { 2 };
    if stands > deep * width {
        return Err(if mounted {
            format!(
                "cavalry in line stand one deep: {stands} stands do not fit a line {width} wide"
            )
        } else {
            format!(
                "infantry in line form two ranks: {stands} stands do not fit a line {width} wide"
            )
        });
    }
    Ok(())
}

/// Validates one unit, at `at`, against the organisation rules.
// Each rule of the organisation section in turn, in the order the text gives them.
#[allow(clippy::too_many_lines)]
fn unit(v: &mut Validator<'_>, rules: &Rules, at: &RosterPath, u: &raw::Unit) -> UnitSpec {
    let t = &rules.t;
    let o = &t.organisation;
    if u.mounted && !matches!(u.troop, Troop::Samurai | Troop::WarriorMonks) {
        v.error_at(
            at.field("mounted"),
            format!(
                "{} cannot be mounted: only Samurai and Warrior Monks ride",
                u.troop.name()
            ),
        );
    }
    let (lo, hi, what) = if u.mounted {
        (o.cavalry_stands_min, o.cavalry_stands_max, "cavalry")
    } else {
        (o.infantry_stands_min, o.infantry_stands_max, "infantry")
    };
    let stands_ok = (lo..=hi).contains(&u.stands);
    if !stands_ok {
        v.error_at(
            at.field("stands"),
            format!("{} stands: {what} units have {lo} to {hi}", u.stands),
        );
    }
    // A formation is judged only for a legal number of stands, so one mistake gives one error.
    if let (Formation::Line(width), true) = (u.formation, stands_ok) {
        let at = at.field("formation");
        if !(o.line_width_min..=o.line_width_max).contains(&width) {
            v.error_at(
                at,
                format!(
                    "a line {width} stands wide: lines are {} or {} wide",
                    o.line_width_min, o.line_width_max
                ),
            );
        } else if u.mounted && width != u.stands {
            v.error_at(
                at,
                format!(
                    "cavalry in line stand one deep: width {width} must equal its {} stands",
                    u.stands
                ),
            );
        } else if !u.mounted && (u.stands > 2 * width || u.stands <= width) {
            v.error_at(
                at,
                format!(
                    "infantry in line form two ranks: {} stands do not fit a line {width} wide",
                    u.stands
                ),
            );
        }
    }
    let mut weapons = u.weapons.clone();
    weapons.sort();
    weapons.dedup();
    if u.mounted {
        if weapons.iter().any(|w| *w != Weapon::Bow) {
            v.warn_at(
                at.field("weapons"),
                "cavalry always fight with pole arms and swords; only a bow needs listing",
            );
            weapons.retain(|w| *w == Weapon::Bow);
        }
    } else if weapons.is_empty() {
        v.error_at(
            at.field("weapons"),
            "infantry must be marked with their weapons: HandWeapons, PoleArms, Arquebus or Bow",
        );
    } else if weapons.len() > 2 || (weapons.len() == 2 && u.troop != Troop::Samurai) {
        v.error_at(
            at.field("weapons"),
            "only Samurai infantry may carry two kinds of weapons (e.g. HandWeapons and Bow)",
        );
    }
    if u.tedate && (u.mounted || !weapons.iter().any(|w| w.fires())) {
        v.error_at(
            at.field("tedate"),
            "only bow- or arquebus-armed infantry may carry Tedate",
        );
    }
    let armoured = match (u.troop, u.armoured) {
        (Troop::Samurai, _) => true,
        (Troop::Peasants, Some(true)) => {
            v.warn_at(
                at.field("armoured"),
                "Peasants fight as unarmoured whatever they wear",
            );
            false
        }
        (Troop::Peasants, _) => false,
        (_, Some(a)) => a,
        (_, None) => {
            v.error_at(
                at.field("armoured"),
                format!(
                    "say whether these {} are armoured (armoured: true or false): it sets their target number",
                    u.troop.name()
                ),
            );
            false
        }
    };
    let default = match u.troop {
        Troop::Samurai => t.bushi.samurai,
        Troop::WarriorMonks => t.bushi.warrior_monks,
        Troop::Ashigaru => t.bushi.ashigaru,
        Troop::Peasants => t.bushi.peasants,
    };
    let bushi = u.bushi.unwrap_or(default);
    let (bushi_lo, bushi_hi) = bushi_range(t);
    if !(bushi_lo..=bushi_hi).contains(&bushi) {
        v.error_at(
            at.field("bushi"),
            format!(
                "Bushi {bushi}: allowed {bushi_lo} to {bushi_hi} ({} default {default})",
                u.troop.name()
            ),
        );
    } else if bushi != default {
        v.warn_at(
            at.field("bushi"),
            format!(
                "Bushi {bushi} differs from the rules' {default} for {}",
                u.troop.name()
            ),
        );
    }
    UnitSpec {
        name: u.name.clone(),
        troop: u.troop,
        mounted: u.mounted,
        weapons,
        armoured,
        stands: u.stands,
        formation: u.formation,
        tedate: u.tedate,
        bushi,
    }
}
