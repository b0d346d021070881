//! Reading a skirmish army file: raw RON, then validated figures with positioned problems.

use serde::Deserialize;

use super::{Army, FigureSpec, Troop, UnitSpec, UnitType, Weapon};
use crate::roster::{RosterPath, RosterReport, RosterText, Validator, parse_raw};
use crate::roster_path;
use crate::rules::skirmish::tables::Rules;

#[allow(missing_docs)]
mod raw {
    use super::{Deserialize, Troop, UnitType, Weapon};

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Army {
        pub name: String,
        pub units: Vec<Unit>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Unit {
        pub name: String,
        pub troop: UnitType,
        #[serde(default)]
        pub leader: Option<Figure>,
        pub figures: Vec<Figure>,
    }
    /// A figure, or a group of `count` alike figures (numbered when expanded).
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Figure {
        #[serde(default)]
        pub count: Option<u32>,
        #[serde(default)]
        pub name: Option<String>,
        #[serde(default)]
        pub troop: Option<Troop>,
        #[serde(default)]
        pub weapon: Option<Weapon>,
        #[serde(default)]
        pub armoured: Option<bool>,
        #[serde(default)]
        pub mounted: bool,
        #[serde(default)]
        pub trained: Option<bool>,
    }
}

/// An army file's shape, written from a validated army (see [`army_roster`]).
mod written {
    use serde::Serialize;

    use super::{Troop, UnitType, Weapon};

    #[derive(Serialize)]
    pub(super) struct Army<'a> {
        pub name: &'a str,
        pub units: Vec<Unit<'a>>,
    }
    #[derive(Serialize)]
    pub(super) struct Unit<'a> {
        pub name: &'a str,
        pub troop: UnitType,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub leader: Option<Figure<'a>>,
        pub figures: Vec<Figure<'a>>,
    }
    #[derive(Serialize)]
    pub(super) struct Figure<'a> {
        pub name: &'a str,
        pub troop: Troop,
        pub weapon: Weapon,
        pub armoured: bool,
        pub mounted: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub trained: Option<bool>,
    }
}

/// A validated army written back as an army file, each figure by its own name and a led
/// unit's leader apart (so a journal's header is checked like a roster).
///
/// # Errors
/// The army cannot be written.
pub fn army_roster(army: &Army) -> Result<String, String> {
    fn figure(f: &FigureSpec) -> written::Figure<'_> {
        written::Figure {
            name: &f.name,
            troop: f.troop,
            weapon: f.weapon,
            armoured: f.armoured,
            mounted: f.mounted,
            // Only a shooter says whether it is trained.
            trained: f.weapon.missile().then_some(f.trained),
        }
    }
    let units = army
        .units
        .iter()
        .map(|u| {
            let (leader, rest) = match u.figures.split_first() {
                Some((l, rest)) if l.leader => (Some(figure(l)), rest),
                _ => (None, u.figures.as_slice()),
            };
            written::Unit {
                name: &u.name,
                troop: u.kind,
                leader,
                figures: rest.iter().map(figure).collect(),
            }
        })
        .collect();
    let file = written::Army {
        name: &army.name,
        units,
    };
    ron::to_string(&file).map_err(|e| e.to_string())
}

/// Reads and validates a skirmish army.
pub fn load(rules: &Rules, roster: &RosterText) -> RosterReport<Army> {
    let raw: raw::Army = parse_raw(roster).map_err(|e| vec![e])?;
    let mut v = Validator::new(roster);
    v.bounded(
        crate::roster::RosterPath::root().field("units"),
        "units",
        raw.units.len() as u64,
    )?;
    if raw.name.trim().is_empty() {
        v.error_at(
            roster_path!("name"),
            "the army needs a name for the app to refer to it by",
        );
    }
    if raw.units.is_empty() {
        v.error_at(roster_path!("units"), "an army needs at least one unit");
    }
    // Uses of each name so far: a map, so a file of thousands of units is read in linear time.
    let mut names: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut units = Vec::new();
    for (i, u) in raw.units.iter().enumerate() {
        let at = roster_path!("units", i);
        let uses = names.entry(u.name.as_str()).or_insert(0);
        let twice = *uses;
        *uses += 1;
        if u.name.trim().is_empty() {
            v.error_at(
                at.field("name"),
                "every unit needs a name for the app to refer to it by",
            );
        } else if twice > 0 {
            v.error_at(
                at.field("name"),
                format!(
                    "the unit name \"{}\" is used twice; every unit needs its own",
                    u.name
                ),
            );
        }
        units.push(unit(&mut v, rules, &at, u));
    }
    v.finish(Army {
        name: raw.name,
        units,
    })
}

/// Validates one unit (at `at`): its leader, rank and file, and size.
fn unit(v: &mut Validator<'_>, rules: &Rules, at: &RosterPath, u: &raw::Unit) -> UnitSpec {
    let mut figures = Vec::new();
    match (&u.leader, u.troop.led()) {
        (Some(l), true) => figures.push(leader(v, rules, &at.field("leader"), u, l)),
        (None, true) => v.error_at(
            at.field("leader"),
            format!(
                "{} units need a leader: leader: (name: \"…\", troop: …)",
                u.troop.name()
            ),
        ),
        (Some(_), false) => v.error_at(
            at.field("leader"),
            format!("{} units are leaderless: remove the leader", u.troop.name()),
        ),
        (None, false) => {}
    }
    let groups = at.field("figures");
    // The size is checked against the rules before any figure is made, so a count of a
    // billion costs nothing.
    let planned = u.figures.iter().fold(figures.len() as u64, |n, g| {
        n.saturating_add(u64::from(g.count.unwrap_or(1)))
    });
    if planned > u64::from(largest_unit(rules)) {
        size(
            v,
            rules,
            &groups,
            u.troop,
            usize::try_from(planned).unwrap_or(usize::MAX),
        );
        return UnitSpec {
            name: u.name.clone(),
            kind: u.troop,
            figures,
        };
    }
    for (g, group) in u.figures.iter().enumerate() {
        let here = groups.index(g);
        let troop = group.troop.unwrap_or(u.troop.members()[0]);
        if !u.troop.members().contains(&troop) {
            let allowed = u
                .troop
                .members()
                .iter()
                .map(|t| t.name())
                .collect::<Vec<_>>()
                .join(" or ");
            v.error_at(
                here.field("troop"),
                format!(
                    "{} units are made of {allowed}, not {}",
                    u.troop.name(),
                    troop.name()
                ),
            );
        }
        let count = group.count.unwrap_or(1);
        if count == 0 {
            v.error_at(here.field("count"), "a group needs a count of 1 or more");
        }
        named(v, &here, group.name.as_deref(), "figure");
        let base = group
            .name
            .clone()
            .unwrap_or_else(|| default_name(troop, group.weapon.unwrap_or(Weapon::Hand)));
        for i in 0..count {
            let name = if count == 1 && group.name.is_some() {
                base.clone()
            } else {
                format!("{base} {}", i + 1)
            };
            // The group's problems are its first figure's, reported once at the group.
            let report = (i == 0).then_some(&here);
            figures.push(figure(v, rules, report, group, troop, name, false));
        }
    }
    size(v, rules, &groups, u.troop, figures.len());
    UnitSpec {
        name: u.name.clone(),
        kind: u.troop,
        figures,
    }
}

/// A given name that is empty: an error at it (left out, a figure is named for its kind).
fn named(v: &mut Validator<'_>, at: &RosterPath, name: Option<&str>, what: &str) {
    if name.is_some_and(|n| n.trim().is_empty()) {
        v.error_at(
            at.field("name"),
            format!(
                "every {what} needs a name for the app to refer to it by: give one, or leave \
                 `name` out for one made from its kind"
            ),
        );
    }
}

/// Validates a unit's leader (at `at`) against the table of who may lead it.
fn leader(
    v: &mut Validator<'_>,
    rules: &Rules,
    at: &RosterPath,
    u: &raw::Unit,
    l: &raw::Figure,
) -> FigureSpec {
    named(v, at, l.name.as_deref(), "leader");
    let name = l
        .name
        .clone()
        .unwrap_or_else(|| format!("{} leader", u.name));
    let troop = l.troop.unwrap_or(u.troop.leaders()[0]);
    if !u.troop.leaders().contains(&troop) {
        let allowed = u
            .troop
            .leaders()
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", ");
        v.error_at(
            at.field("troop"),
            format!(
                "a {} cannot lead {} units: allowed {allowed}",
                troop.name(),
                u.troop.name()
            ),
        );
    }
    if l.count.is_some_and(|c| c != 1) {
        v.error_at(at.field("count"), "a unit has one leader: drop `count`");
    }
    figure(v, rules, Some(at), l, troop, name, true)
}

/// The most figures any unit may have (`unit_sizes`).
fn largest_unit(rules: &Rules) -> u32 {
    let s = &rules.t.unit_sizes;
    [s.ashigaru_max, s.sohei_max, s.samurai_max, s.leaderless_max]
        .into_iter()
        .max()
        .unwrap_or(0)
}

/// Checks the unit's size, the leader included; a problem is placed at its figure list.
fn size(v: &mut Validator<'_>, rules: &Rules, at: &RosterPath, kind: UnitType, n: usize) {
    let s = &rules.t.unit_sizes;
    let (lo, hi) = match kind {
        UnitType::Ashigaru => (s.ashigaru_min, s.ashigaru_max),
        UnitType::Sohei => (s.sohei_min, s.sohei_max),
        UnitType::Samurai => (s.samurai_min, s.samurai_max),
        UnitType::Ronin | UnitType::Ninja => (s.leaderless_min, s.leaderless_max),
    };
    if !(lo as usize..=hi as usize).contains(&n) {
        let leader = if kind.led() {
            ", its leader included"
        } else {
            ""
        };
        v.error_at(
            at.clone(),
            format!(
                "{n} figures{leader}: {} units have {lo} to {hi}",
                kind.name()
            ),
        );
    }
}

/// Validates one figure's gear, reporting its problems at the fields of the record at `at`
/// (none when `at` is `None`: the later figures of a group, already reported at the group).
fn figure(
    v: &mut Validator<'_>,
    rules: &Rules,
    at: Option<&RosterPath>,
    f: &raw::Figure,
    troop: Troop,
    name: String,
    leader: bool,
) -> FigureSpec {
    let mut error = |key: &'static str, message: String| {
        if let Some(at) = at {
            v.error_at(at.field(key), message);
        }
    };
    let weapon = f.weapon.unwrap_or(Weapon::Hand);
    if weapon == Weapon::Thrown && troop != Troop::Ninja {
        error(
            "weapon",
            format!("only Ninja carry thrown weapons, not {}", troop.name()),
        );
    }
    if f.mounted && troop == Troop::Ninja {
        error(
            "mounted",
            "Ninja fight on foot: they have their own move (ruling ninja_on_foot)".into(),
        );
    }
    let trained = match (weapon.missile(), f.trained) {
        (true, Some(t)) => t,
        (true, None) => {
            error(
                "trained",
                format!(
                    "say whether this {} shooter is trained (trained: true or false): it hits \
                     on {}+ or {}+",
                    weapon.name(),
                    rules.t.fire_hit.trained,
                    rules.t.fire_hit.untrained
                ),
            );
            false
        }
        (false, _) => false,
    };
    let armoured = f.armoured.unwrap_or(troop.samurai_born());
    if let Some(at) = at {
        if f.mounted && troop != Troop::Ninja && !troop.samurai_born() && troop != Troop::Ronin {
            v.warn_at(
                at.field("mounted"),
                format!(
                    "a mounted {} is unusual; it moves {}\" and fights at {:+}",
                    troop.name(),
                    rules.t.movement_inches.mounted,
                    rules.t.melee_modifiers.mounted
                ),
            );
        }
        if !weapon.missile() && f.trained.is_some() {
            v.warn_at(
                at.field("trained"),
                "`trained` matters only for shooters: ignored",
            );
        }
        if armoured && troop == Troop::Ninja {
            v.warn_at(
                at.field("armoured"),
                "a Ninja counts -1 to hit already; armour does not add another (ruling \
                 armoured_ninja)",
            );
        }
    }
    FigureSpec {
        name,
        troop,
        weapon,
        armoured,
        mounted: f.mounted,
        trained,
        leader,
    }
}

/// `Ashigaru yumi`, the stem of a group's numbered names.
fn default_name(troop: Troop, weapon: Weapon) -> String {
    match weapon {
        Weapon::Hand | Weapon::Thrown => troop.name().to_owned(),
        w => format!("{} {}", troop.name(), w.name()),
    }
}
