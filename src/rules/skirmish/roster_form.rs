//! What a skirmish roster holds, as data for the army builder (see [`crate::roster::form`]).
//!
//! Sizes and dice come from the reference tables (`reference/skirmish.ron`); who may lead
//! and who may serve in each type of unit come from [`UnitType::leaders`] and
//! [`UnitType::members`], the same lists the loader checks against.

use super::roster::{Troop, UnitType, Weapon};
use super::tables::Rules;
use crate::reference::HouseRules;
use crate::roster::MAX_LISTED;
use crate::roster::form::{Choice, FieldForm, FieldKind, RecordForm, RosterForm, Total};

/// Every type of unit, in the order the builder offers them: a leaderless type first, so a
/// new unit (one figure group, no leader) is already a valid unit.
const UNIT_TYPES: [UnitType; 5] = [
    UnitType::Ronin,
    UnitType::Ninja,
    UnitType::Ashigaru,
    UnitType::Sohei,
    UnitType::Samurai,
];

/// Every troop type, weakest first.
const TROOPS: [Troop; 7] = [
    Troop::Ashigaru,
    Troop::Monk,
    Troop::Ninja,
    Troop::Ronin,
    Troop::Samurai,
    Troop::Hatamoto,
    Troop::Daimyo,
];

/// Every weapon.
const WEAPONS: [Weapon; 8] = [
    Weapon::Hand,
    Weapon::Yumi,
    Weapon::Arquebus,
    Weapon::Thrown,
    Weapon::TwoHandedSpear,
    Weapon::Mallet,
    Weapon::Axe,
    Weapon::Naginata,
];

/// The roster form.
pub fn form() -> RosterForm {
    let rules = Rules::new(&HouseRules::default()).ok();
    let rules = rules.as_ref();
    RosterForm {
        about: about(rules),
        totals: vec![Total::new("count", "figure")],
        army: RecordForm::new(
            "army",
            vec![
                FieldForm::required(
                    "name",
                    "Army name",
                    "What the army is called in the battle and its journal.",
                    FieldKind::Text,
                ),
                FieldForm::required(
                    "units",
                    "Units",
                    "The army's units; it needs at least one.",
                    FieldKind::List {
                        item: unit(rules),
                        min: 1,
                        max: MAX_LISTED,
                    },
                ),
            ],
        ),
    }
}

/// The fewest and most figures a unit of this type has, its leader included.
fn size(rules: &Rules, kind: UnitType) -> (u32, u32) {
    let s = &rules.t.unit_sizes;
    match kind {
        UnitType::Ashigaru => (s.ashigaru_min, s.ashigaru_max),
        UnitType::Sohei => (s.sohei_min, s.sohei_max),
        UnitType::Samurai => (s.samurai_min, s.samurai_max),
        UnitType::Ronin | UnitType::Ninja => (s.leaderless_min, s.leaderless_max),
    }
}

/// The most figures any unit may have: the most one group can hold, and the most groups.
fn largest_unit(rules: Option<&Rules>) -> usize {
    rules.map_or(MAX_LISTED, |r| {
        UNIT_TYPES
            .iter()
            .map(|&k| size(r, k).1 as usize)
            .max()
            .unwrap_or(MAX_LISTED)
    })
}

/// `Ronin or Ninja`, `Monk, Ronin or Samurai`.
fn either(troops: &[Troop]) -> String {
    match troops {
        [] => String::new(),
        [one] => one.name().to_owned(),
        [rest @ .., last] => format!(
            "{} or {}",
            rest.iter().map(|t| t.name()).collect::<Vec<_>>().join(", "),
            last.name()
        ),
    }
}

/// The comment lines at the head of a saved file.
fn about(rules: Option<&Rules>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(r) = rules {
        let sized = |k: UnitType| {
            let (lo, hi) = size(r, k);
            format!("{} {lo}-{hi}", k.name())
        };
        let (lo, hi) = size(r, UnitType::Ronin);
        lines.push(format!(
            "Unit sizes count the leader: {}, {}, {};\nRonin and Ninja {lo}-{hi}, with no leader.",
            sized(UnitType::Ashigaru),
            sized(UnitType::Sohei),
            sized(UnitType::Samurai),
        ));
    }
    for k in [UnitType::Ashigaru, UnitType::Sohei, UnitType::Samurai] {
        lines.push(format!(
            "{} units are led by {}.",
            k.name(),
            either(k.leaders())
        ));
    }
    lines.push(
        "A figure group with `count` stands for that many alike figures, numbered in turn.".into(),
    );
    lines.push(
        "Shooters say whether they are `trained`. Samurai, Hatamoto and Daimyo wear armour\n\
         unless `armoured: false`; everyone else only with `armoured: true`."
            .into(),
    );
    lines
}

/// A unit: its name, type, leader and figure groups.
fn unit(rules: Option<&Rules>) -> RecordForm {
    let kinds = UNIT_TYPES
        .iter()
        .map(|&k| {
            let what = match k {
                UnitType::Ashigaru => "foot soldiers",
                UnitType::Sohei => "warrior monks",
                UnitType::Samurai => "warriors",
                UnitType::Ronin => "masterless warriors, no leader",
                UnitType::Ninja => "no leader",
            };
            let label = match rules.map(|r| size(r, k)) {
                Some((lo, hi)) => format!("{} ({what}; {lo} to {hi} figures)", k.name()),
                None => format!("{} ({what})", k.name()),
            };
            Choice::new(format!("{k:?}"), label)
        })
        .collect();
    RecordForm::new(
        "unit",
        vec![
            FieldForm::required(
                "name",
                "Unit name",
                "What the unit is called; every unit needs its own.",
                FieldKind::Text,
            ),
            FieldForm::required(
                "troop",
                "Unit type",
                "Sets how many figures the unit has, who may lead it and who serves in it.",
                FieldKind::Choice(kinds),
            ),
            FieldForm::optional(
                "leader",
                "Leader",
                "The figure leading the unit, counted in its size. Ashigaru, Sohei and \
                 Samurai units need one; Ronin and Ninja units have none.",
                FieldKind::Record(figure(rules, true)),
            ),
            FieldForm::required(
                "figures",
                "Figures",
                "The unit's rank and file: single figures, or groups of alike figures.",
                FieldKind::List {
                    item: figure(rules, false),
                    min: 1,
                    max: largest_unit(rules),
                },
            ),
        ],
    )
}

/// A leader, or a figure group of a unit's rank and file.
fn figure(rules: Option<&Rules>, leader: bool) -> RecordForm {
    // Who may lead some unit, or serve in one.
    let allowed = |t: &Troop| {
        UNIT_TYPES.iter().any(|k| {
            if leader {
                k.leaders().contains(t)
            } else {
                k.members().contains(t)
            }
        })
    };
    let troops = TROOPS
        .iter()
        .filter(|t| allowed(t))
        .map(|&t| troop_choice(rules, t))
        .collect();
    // Thrown weapons are the Ninja's alone, and no Ninja leads.
    let ninja = allowed(&Troop::Ninja);
    let weapons = WEAPONS
        .iter()
        .filter(|&&w| w != Weapon::Thrown || ninja)
        .map(|&w| Choice::new(format!("{w:?}"), weapon_label(w)))
        .collect();
    let fields = vec![
        count_field(rules, leader),
        FieldForm::optional(
            "name",
            "Name",
            if leader {
                "The leader's name. Left out: the unit's name followed by \"leader\"."
            } else {
                "The figure's name, or the stem of a group's numbered names. Left out: its \
                 troop type and weapon (\"Ashigaru yumi\")."
            },
            FieldKind::Text,
        ),
        FieldForm::optional(
            "troop",
            "Troop type",
            troop_help(leader),
            FieldKind::Choice(troops),
        ),
        FieldForm::optional(
            "mounted",
            "Mounted",
            "Rides a horse (Ninja never do). Left out: on foot.",
            FieldKind::Flag,
        ),
        FieldForm::optional(
            "weapon",
            "Weapon",
            "What it fights or shoots with. Left out: hand weapons.",
            FieldKind::Choice(weapons),
        ),
        FieldForm::optional(
            "armoured",
            "Armour",
            "Whether it wears armour. Left out: Samurai, Hatamoto and Daimyo do, everyone \
             else does not.",
            FieldKind::Choice(vec![
                Choice::new("true", "Armoured"),
                Choice::new("false", "Unarmoured"),
            ]),
        ),
        trained_field(rules),
    ];
    RecordForm::new(if leader { "leader" } else { "figure group" }, fields)
}

/// How many figures a group stands for (a leader is always one).
fn count_field(rules: Option<&Rules>, leader: bool) -> FieldForm {
    if leader {
        return FieldForm::optional(
            "count",
            "Count",
            "A unit has one leader: leave this out.",
            FieldKind::Number {
                min: 1,
                max: 1,
                default: 1,
            },
        );
    }
    FieldForm::optional(
        "count",
        "Count",
        "How many alike figures this group stands for, numbered in turn \
         (\"Ashigaru yumi 1\", \"Ashigaru yumi 2\"...). Left out: one figure.",
        FieldKind::Number {
            min: 1,
            max: i64::try_from(largest_unit(rules)).unwrap_or(i64::MAX),
            default: 1,
        },
    )
}

/// The hover help of a leader's or a group's troop type, with what a left-out one is.
fn troop_help(leader: bool) -> String {
    let defaults = UNIT_TYPES
        .iter()
        .filter(|k| !leader || k.led())
        .filter_map(|&k| {
            let first = if leader { k.leaders() } else { k.members() }.first()?;
            Some(format!("{} in {} units", first.name(), k.name()))
        })
        .collect::<Vec<_>>()
        .join(", ");
    if leader {
        format!(
            "Who leads; it must be one the unit's type allows. Left out: the first allowed \
             ({defaults})."
        )
    } else {
        format!("Sets the figure's dice; it must serve in the unit's type. Left out: {defaults}.")
    }
}

/// Whether a shooter is trained, with the hit numbers from the reference.
fn trained_field(rules: Option<&Rules>) -> FieldForm {
    let on = |n: Option<u32>| n.map_or_else(String::new, |n| format!(" (hits on {n}+)"));
    let hit = |trained: bool| {
        rules.map(|r| {
            if trained {
                r.t.fire_hit.trained
            } else {
                r.t.fire_hit.untrained
            }
        })
    };
    FieldForm::optional(
        "trained",
        "Trained shooter",
        "Shooters (yumi, arquebus, thrown weapons) must say whether they are trained; \
         other figures leave it out.",
        FieldKind::Choice(vec![
            Choice::new("true", format!("Trained{}", on(hit(true)))),
            Choice::new("false", format!("Untrained{}", on(hit(false)))),
        ]),
    )
}

/// A troop type with its dice.
fn troop_choice(rules: Option<&Rules>, t: Troop) -> Choice {
    let dice = rules.map(|r| {
        let d = &r.t.dice;
        match t {
            Troop::Ashigaru => d.ashigaru,
            Troop::Monk => d.monk,
            Troop::Ninja => d.ninja,
            Troop::Ronin => d.ronin,
            Troop::Samurai => d.samurai,
            Troop::Hatamoto => d.hatamoto,
            Troop::Daimyo => d.daimyo,
        }
    });
    let label = match dice {
        Some(1) => format!("{} (1 die)", t.name()),
        Some(n) => format!("{} ({n} dice)", t.name()),
        None => t.name().to_owned(),
    };
    Choice::new(format!("{t:?}"), label)
}

/// A weapon in words.
fn weapon_label(w: Weapon) -> String {
    match w {
        Weapon::Hand => "Hand weapons (katana, yari)".into(),
        Weapon::Yumi => "Yumi (bow)".into(),
        Weapon::Arquebus => "Arquebus (teppō)".into(),
        Weapon::Thrown => "Thrown weapons (Ninja only)".into(),
        Weapon::TwoHandedSpear => "Two-handed spear".into(),
        Weapon::Mallet => "Mallet".into(),
        Weapon::Axe => "Axe".into(),
        Weapon::Naginata => "Naginata".into(),
    }
}
