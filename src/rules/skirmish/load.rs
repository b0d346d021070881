//! Reading a skirmish army file: raw RON, then validated figures with positioned problems.

use serde::Deserialize;

use super::roster::{Army, FigureSpec, Troop, UnitSpec, UnitType, Weapon};
use super::tables::Rules;
use crate::roster::{RosterReport, RosterText, Validator, parse_raw};

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

/// Reads and validates a skirmish army.
pub fn load(rules: &Rules, roster: &RosterText) -> RosterReport<Army> {
    let raw: raw::Army = parse_raw(roster).map_err(|e| vec![e])?;
    let mut v = Validator::new(roster);
    v.bounded("units", "units", raw.units.len() as u64)?;
    if raw.units.is_empty() {
        v.error("units", 0, "an army needs at least one unit");
    }
    // Uses of each name so far: a map, so a file of thousands of units is read in linear time.
    let mut names: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut units = Vec::new();
    for u in &raw.units {
        let anchor = format!("\"{}\"", u.name);
        let uses = names.entry(u.name.as_str()).or_insert(0);
        let twice = *uses;
        *uses += 1;
        if twice > 0 {
            v.error(
                &anchor,
                twice,
                format!(
                    "the unit name \"{}\" is used twice; every unit needs its own",
                    u.name
                ),
            );
        }
        units.push(unit(&mut v, rules, roster, u, twice));
    }
    v.finish(Army {
        name: raw.name,
        units,
    })
}

/// Validates one unit: its leader, rank and file, and size.
fn unit(
    v: &mut Validator<'_>,
    rules: &Rules,
    roster: &RosterText,
    u: &raw::Unit,
    nth: usize,
) -> UnitSpec {
    let at = format!("\"{}\"", u.name);
    let mut figures = Vec::new();
    match (&u.leader, u.troop.led()) {
        (Some(l), true) => figures.push(leader(v, u, l)),
        (None, true) => v.error(
            &at,
            nth,
            format!(
                "{} units need a leader: leader: (name: \"…\", troop: …)",
                u.troop.name()
            ),
        ),
        (Some(_), false) => v.error(
            &at,
            nth,
            format!("{} units are leaderless: remove the leader", u.troop.name()),
        ),
        (None, false) => {}
    }
    // The size is checked against the rules before any figure is made, so a count of a
    // billion costs nothing.
    let planned = u.figures.iter().fold(figures.len() as u64, |n, g| {
        n.saturating_add(u64::from(g.count.unwrap_or(1)))
    });
    if planned > u64::from(largest_unit(rules)) {
        size(
            v,
            rules,
            &at,
            nth,
            u.troop,
            usize::try_from(planned).unwrap_or(usize::MAX),
        );
        return UnitSpec {
            name: u.name.clone(),
            kind: u.troop,
            figures,
        };
    }
    let groups = group_positions(roster, &at, nth, u.figures.len());
    for (g, group) in u.figures.iter().enumerate() {
        let anchor_nth = groups.get(g).copied();
        let problem =
            |v: &mut Validator<'_>, error: bool, message: String| match (anchor_nth, error) {
                (Some(n), true) => v.error("(", n, message),
                (Some(n), false) => v.warn("(", n, message),
                (None, true) => v.error(&at, nth, message),
                (None, false) => v.warn(&at, nth, message),
            };
        let troop = group.troop.unwrap_or(u.troop.members()[0]);
        if !u.troop.members().contains(&troop) {
            let allowed = u
                .troop
                .members()
                .iter()
                .map(|t| t.name())
                .collect::<Vec<_>>()
                .join(" or ");
            problem(
                v,
                true,
                format!(
                    "{} units are made of {allowed}, not {}",
                    u.troop.name(),
                    troop.name()
                ),
            );
        }
        let count = group.count.unwrap_or(1);
        if count == 0 {
            problem(v, true, "a group needs a count of 1 or more".into());
        }
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
            let mut checked = Vec::new();
            let spec = figure(&mut Collect(&mut checked), "", group, troop, name, false);
            if i == 0 {
                for (error, m) in checked {
                    problem(v, error, m);
                }
            }
            figures.push(spec);
        }
    }
    size(v, rules, &at, nth, u.troop, figures.len());
    UnitSpec {
        name: u.name.clone(),
        kind: u.troop,
        figures,
    }
}

/// Validates a unit's leader against the table of who may lead it.
fn leader(v: &mut Validator<'_>, u: &raw::Unit, l: &raw::Figure) -> FigureSpec {
    let name = l
        .name
        .clone()
        .unwrap_or_else(|| format!("{} leader", u.name));
    let troop = l.troop.unwrap_or(u.troop.leaders()[0]);
    let anchor = l
        .name
        .as_ref()
        .map_or_else(|| "leader".to_owned(), |n| format!("\"{n}\""));
    if !u.troop.leaders().contains(&troop) {
        let allowed = u
            .troop
            .leaders()
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", ");
        v.error(
            &anchor,
            0,
            format!(
                "a {} cannot lead {} units: allowed {allowed}",
                troop.name(),
                u.troop.name()
            ),
        );
    }
    if l.count.is_some_and(|c| c != 1) {
        v.error(&anchor, 0, "a unit has one leader: drop `count`");
    }
    figure(v, &anchor, l, troop, name, true)
}

/// The most figures any unit may have (`unit_sizes`).
fn largest_unit(rules: &Rules) -> u32 {
    let s = &rules.t.unit_sizes;
    [s.ashigaru_max, s.sohei_max, s.samurai_max, s.leaderless_max]
        .into_iter()
        .max()
        .unwrap_or(0)
}

/// Checks the unit's size, the leader included.
fn size(v: &mut Validator<'_>, rules: &Rules, at: &str, nth: usize, kind: UnitType, n: usize) {
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
        v.error(
            at,
            nth,
            format!(
                "{n} figures{leader}: {} units have {lo} to {hi}",
                kind.name()
            ),
        );
    }
}

/// Where problems about a figure go: the validator, or a list for the first of a group.
trait Problems {
    fn problem(&mut self, anchor: &str, message: String);
    fn note(&mut self, anchor: &str, message: String);
}

impl Problems for Validator<'_> {
    fn problem(&mut self, anchor: &str, message: String) {
        self.error(anchor, 0, message);
    }
    fn note(&mut self, anchor: &str, message: String) {
        self.warn(anchor, 0, message);
    }
}

/// Problems of a group's figure, kept to be reported once at the group.
struct Collect<'a>(&'a mut Vec<(bool, String)>);

impl Problems for Collect<'_> {
    fn problem(&mut self, _: &str, message: String) {
        self.0.push((true, message));
    }
    fn note(&mut self, _: &str, message: String) {
        self.0.push((false, message));
    }
}

/// Validates one figure's gear.
fn figure(
    p: &mut dyn Problems,
    anchor: &str,
    f: &raw::Figure,
    troop: Troop,
    name: String,
    leader: bool,
) -> FigureSpec {
    let weapon = f.weapon.unwrap_or(Weapon::Hand);
    if weapon == Weapon::Thrown && troop != Troop::Ninja {
        p.problem(
            anchor,
            format!("only Ninja carry thrown weapons, not {}", troop.name()),
        );
    }
    if f.mounted && troop == Troop::Ninja {
        p.problem(anchor, "Ninja fight on foot".into());
    } else if f.mounted && !troop.samurai_born() && troop != Troop::Ronin {
        p.note(
            anchor,
            format!(
                "a mounted {} is unusual; it moves 10\" and fights at +1",
                troop.name()
            ),
        );
    }
    let trained = match (weapon.missile(), f.trained) {
        (true, Some(t)) => t,
        (true, None) => {
            p.problem(anchor, format!("say whether this {} shooter is trained (trained: true or false): it hits on 3+ or 4+", weapon.name()));
            false
        }
        (false, Some(_)) => {
            p.note(
                anchor,
                "`trained` matters only for shooters: ignored".into(),
            );
            false
        }
        (false, None) => false,
    };
    let armoured = f.armoured.unwrap_or(troop.samurai_born());
    if armoured && troop == Troop::Ninja {
        p.note(
            anchor,
            "a Ninja counts -1 to hit already; armour does not add another (ruling armoured_ninja)"
                .into(),
        );
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

/// For each figure group of the unit named at the `nth` `anchor`, the index of its opening
/// parenthesis among all `(` in the file, so problems point at the group itself.
fn group_positions(roster: &RosterText, anchor: &str, nth: usize, groups: usize) -> Vec<usize> {
    let src = &roster.source;
    let Some((start, _)) = src.match_indices(anchor).nth(nth) else {
        return Vec::new();
    };
    let Some(list) = src
        .get(start..)
        .and_then(|s| s.find("figures"))
        .map(|i| start + i)
    else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut depth = 0i32;
    let mut in_comment = false;
    let mut in_string = false;
    let bytes = src.as_bytes();
    for (i, &b) in bytes.iter().enumerate().skip(list) {
        match b {
            b'\n' => in_comment = false,
            _ if in_comment => {}
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'/' if bytes.get(i + 1) == Some(&b'/') => in_comment = true,
            b'[' | b'(' => {
                if b == b'(' && depth == 1 {
                    found.push(src.get(..i).map_or(0, |s| s.matches('(').count()));
                }
                depth += 1;
            }
            b']' | b')' => {
                depth -= 1;
                if depth <= 0 {
                    break;
                }
            }
            _ => {}
        }
        if found.len() == groups {
            break;
        }
    }
    found
}
