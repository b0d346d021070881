//! What a sky roster holds, as data for the army builder (see [`crate::roster::form`]).
//!
//! Keys and order are those of the raw roster type in [`super::roster`] and of the shipped
//! rosters; every number comes from `reference/sky.ron` through [`SkyTables`].

use super::roster::{Troop, Weapon, bushi_range, command_range};
use super::tables::{Rules, SkyTables};
use crate::reference::HouseRules;
use crate::roster::MAX_LISTED;
use crate::roster::doc::Value;
use crate::roster::form::{Choice, FieldForm, FieldKind, RecordForm, RosterForm, Total, choices};

/// The roster form, from the rule set's own tables.
pub fn form() -> RosterForm {
    match Rules::new(&HouseRules::default()) {
        Ok(rules) => form_for(&rules.t),
        // The loader reports the broken table at the file's start; the builder can still
        // name the army.
        Err(e) => RosterForm {
            about: vec![format!("The rule set's tables do not load: {e}")],
            totals: Vec::new(),
            army: RecordForm::new("army", vec![army_name()]),
        },
    }
}

fn army_name() -> FieldForm {
    FieldForm::required(
        "name",
        "Army name",
        "What the army is called in the battle's log and reports.",
        FieldKind::Text,
    )
}

/// The roster form for these tables.
fn form_for(t: &SkyTables) -> RosterForm {
    let o = &t.organisation;
    let c = &t.command;
    let b = &t.bushi;
    RosterForm {
        about: vec![
            format!(
                "Stands: cavalry {}-{} (a line is one deep), infantry {}-{} (a line is two ranks of {} or {}).",
                o.cavalry_stands_min,
                o.cavalry_stands_max,
                o.infantry_stands_min,
                o.infantry_stands_max,
                o.line_width_min,
                o.line_width_max
            ),
            format!(
                "A clan has {} to {} units. Command defaults: General {}, Clan Leader {}.",
                o.clan_units_min, o.clan_units_max, c.general, c.clan_leader
            ),
            format!(
                "Bushi defaults: Samurai {}, Warrior Monks {}, Ashigaru {}, Peasants {}.",
                b.samurai, b.warrior_monks, b.ashigaru, b.peasants
            ),
        ],
        totals: vec![Total::new("stands", "stand")],
        army: RecordForm::new(
            "army",
            vec![
                army_name(),
                FieldForm::required(
                    "general",
                    "General",
                    "The army's commander in chief.",
                    FieldKind::Record(leader(t, "General", c.general)),
                ),
                FieldForm::required(
                    "clans",
                    "Clans",
                    "The army's clans, each under its Clan Leader; an army needs at least one.",
                    FieldKind::List {
                        item: clan(t),
                        min: 1,
                        max: MAX_LISTED,
                    },
                ),
            ],
        ),
    }
}

/// A leader: the General or a Clan Leader, whose Command rating defaults to `default`.
fn leader(t: &SkyTables, who: &str, default: i64) -> RecordForm {
    let (lo, hi) = command_range(t);
    RecordForm::new(
        who.to_lowercase(),
        vec![
            FieldForm::required(
                "name",
                "Name",
                format!("The {who}'s name."),
                FieldKind::Text,
            ),
            FieldForm::optional(
                "command",
                "Command",
                format!(
                    "Rolled against to activate, rally and re-order. Left out: {default}, the \
                     rules' rating for a {who}; a scenario may give another ({lo} to {hi})."
                ),
                FieldKind::Number {
                    min: lo,
                    max: hi,
                    default,
                },
            ),
        ],
    )
}

fn clan(t: &SkyTables) -> RecordForm {
    let o = &t.organisation;
    RecordForm::new(
        "clan",
        vec![
            FieldForm::required("name", "Name", "The clan's name.", FieldKind::Text),
            FieldForm::required(
                "leader",
                "Clan Leader",
                "The leader in charge of the clan's units, a figure of his own.",
                FieldKind::Record(leader(t, "Clan Leader", t.command.clan_leader)),
            ),
            FieldForm::required(
                "units",
                "Units",
                format!(
                    "A Clan Leader commands {} to {} units.",
                    o.clan_units_min, o.clan_units_max
                ),
                FieldKind::List {
                    item: unit(t),
                    min: o.clan_units_min,
                    max: o.clan_units_max,
                },
            ),
        ],
    )
}

/// A troop type in words.
fn troop_label(troop: &Troop) -> String {
    troop.name().to_owned()
}

/// A weapon category in words, with an example of each.
fn weapon_label(weapon: &Weapon) -> String {
    match weapon {
        Weapon::HandWeapons => "Hand weapons (katana, nodachi)",
        Weapon::PoleArms => "Pole arms (yari, naginata)",
        Weapon::Arquebus => "Arquebus (teppo)",
        Weapon::Bow => "Bow",
    }
    .to_owned()
}

// One field after another, in the order the shipped rosters write them.
#[allow(clippy::too_many_lines)]
fn unit(t: &SkyTables) -> RecordForm {
    let o = &t.organisation;
    let b = &t.bushi;
    let (bushi_lo, bushi_hi) = bushi_range(t);
    let troops = [
        Troop::Samurai,
        Troop::WarriorMonks,
        Troop::Ashigaru,
        Troop::Peasants,
    ];
    let weapons = [
        Weapon::HandWeapons,
        Weapon::PoleArms,
        Weapon::Arquebus,
        Weapon::Bow,
    ];
    let stands_lo = o.cavalry_stands_min.min(o.infantry_stands_min);
    let stands_hi = o.cavalry_stands_max.max(o.infantry_stands_max);
    RecordForm::new(
        "unit",
        vec![
            FieldForm::required("name", "Name", "The unit's name.", FieldKind::Text),
            FieldForm::required(
                "troop",
                "Troops",
                "What kind of troops the unit is; it sets its Bushi and melee dice.",
                FieldKind::Choice(choices(&troops, troop_label)),
            ),
            FieldForm::optional(
                "mounted",
                "Mounted",
                "Cavalry: only Samurai and Warrior Monks ride. Left out: on foot.",
                FieldKind::Flag,
            ),
            // A new unit is Samurai on foot, who must say their weapons: they start with
            // hand weapons, so a new unit is valid as it stands.
            FieldForm::optional(
                "weapons",
                "Weapons",
                "Infantry must list theirs, one kind (Samurai may have two, such as hand \
                 weapons and bow). Cavalry fight with pole arms and swords without listing \
                 them; list only a bow. Left out: none listed.",
                FieldKind::Set(choices(&weapons, weapon_label)),
            )
            .starting(Value::Set(vec![format!("{:?}", Weapon::HandWeapons)])),
            FieldForm::optional(
                "armoured",
                "Armoured",
                "Ashigaru and Warrior Monks must say whether they wear armour: it sets the \
                 number to hit them. Samurai are always armoured; Peasants fight unarmoured \
                 whatever they wear. Left out: not said.",
                FieldKind::Choice(vec![
                    Choice::new("true", "Armoured"),
                    Choice::new("false", "Unarmoured"),
                ]),
            ),
            FieldForm::required(
                "stands",
                "Stands",
                format!(
                    "Cavalry units have {} to {} stands, infantry {} to {}.",
                    o.cavalry_stands_min,
                    o.cavalry_stands_max,
                    o.infantry_stands_min,
                    o.infantry_stands_max
                ),
                FieldKind::Number {
                    min: i64::from(stands_lo),
                    max: i64::from(stands_hi),
                    default: i64::from(o.infantry_stands_min),
                },
            ),
            FieldForm::required(
                "formation",
                "Formation",
                format!(
                    "How the unit starts on the table: a column one stand wide, or a line {} or \
                     {} stands wide (cavalry one deep, so as wide as its stands; infantry two \
                     ranks).",
                    o.line_width_min, o.line_width_max
                ),
                FieldKind::Choice(vec![
                    Choice::new("Column", "Column"),
                    Choice::with_number(
                        "Line",
                        "Line",
                        i64::from(o.line_width_min),
                        i64::from(o.line_width_max),
                        i64::from(o.line_width_min),
                    ),
                ]),
            ),
            FieldForm::optional(
                "tedate",
                "Tedate",
                "Pavises: only infantry with bows or arquebuses may carry them; Samurai fight with theirs only under the default of ruling `tedate_troops`. Left out: none.",
                FieldKind::Flag,
            ),
            FieldForm::optional(
                "bushi",
                "Bushi",
                format!(
                    "The unit's martial spirit, tested to charge and to stand. Left out: the \
                     rules' rating for its troops (Samurai {}, Warrior Monks {}, Ashigaru {}, \
                     Peasants {}); a scenario may give another ({bushi_lo} to {bushi_hi}).",
                    b.samurai, b.warrior_monks, b.ashigaru, b.peasants
                ),
                FieldKind::Number {
                    min: bushi_lo,
                    max: bushi_hi,
                    default: b.samurai,
                },
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_follows_the_raw_roster_and_the_tables() {
        let Ok(rules) = Rules::new(&HouseRules::default()) else {
            panic!("the sky tables load");
        };
        let o = &rules.t.organisation;
        let f = form();
        let keys: Vec<_> = f.army.fields.iter().map(|f| f.key).collect();
        assert_eq!(keys, ["name", "general", "clans"]);
        let Some(FieldKind::List {
            item: clan, min, ..
        }) = f.army.field("clans").map(|f| &f.kind)
        else {
            panic!("clans is a list");
        };
        assert_eq!(*min, 1);
        let Some(FieldKind::List {
            item: unit,
            min,
            max,
        }) = clan.field("units").map(|f| &f.kind)
        else {
            panic!("units is a list");
        };
        assert_eq!((*min, *max), (o.clan_units_min, o.clan_units_max));
        let keys: Vec<_> = unit.fields.iter().map(|f| f.key).collect();
        assert_eq!(
            keys,
            [
                "name",
                "troop",
                "mounted",
                "weapons",
                "armoured",
                "stands",
                "formation",
                "tedate",
                "bushi"
            ]
        );
        let Some(FieldKind::Number { min, max, default }) =
            unit.field("stands").map(|f| f.kind.clone())
        else {
            panic!("stands is a number");
        };
        assert_eq!(
            (min, max, default),
            (
                i64::from(o.cavalry_stands_min),
                i64::from(o.infantry_stands_max),
                i64::from(o.infantry_stands_min)
            )
        );
    }
}
