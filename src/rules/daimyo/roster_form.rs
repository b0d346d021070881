//! What a daimyo roster holds, as data for the army builder (see [`crate::roster::form`]).

use super::load::{MAX_MOVE_CM, MAX_STANDS};
use super::roster::{Quality, Troop};
use super::tables::Rules;
use crate::reference::HouseRules;
use crate::roster::MAX_LISTED;
use crate::roster::form::{FieldForm, FieldKind, RecordForm, RosterForm, Total, choices};

/// A new move rate's normal move, in cm: the shipped rosters' own figure, since the
/// chapter's movement table is not in the text (the umpire enters his rule book's).
const START_NORMAL_CM: i64 = 10;
/// A new move rate's charge move, in cm (as [`START_NORMAL_CM`]).
const START_CHARGE_CM: i64 = 15;
/// A new army's unattached leader's move and command radius, in cm (as [`START_NORMAL_CM`]).
const START_LEADER_CM: i64 = 30;

/// The roster form.
pub fn form() -> RosterForm {
    match Rules::new(&HouseRules::default()) {
        Ok(rules) => form_for(&rules),
        // The embedded reference always loads (its own tests say so); were it broken,
        // every roster would fail at its first line anyway.
        Err(_) => RosterForm {
            about: Vec::new(),
            totals: Vec::new(),
            army: RecordForm::new("army", vec![name("Army name", "The army's name.")]),
        },
    }
}

fn form_for(rules: &Rules) -> RosterForm {
    let f = &rules.t.formation;
    let l = &rules.t.leaders;
    RosterForm {
        about: vec![
            "Daimyo, chapter 3 (Movement). The chapter's movement table is not in its text, so"
                .into(),
            "`moves` gives each troop type's line move and charge move in cm: use your rule book's."
                .into(),
            format!(
                "Command Ratings are {} to {}. `wide` is the stands in the front rank: {}+ wide and",
                l.rating_min, l.rating_max, f.line_min_wide
            ),
            format!(
                "at most {} deep is a line; 1 wide, or {}+ deep, a column. `hatamoto` are the General's own units.",
                f.line_max_deep, f.column_min_deep
            ),
        ],
        totals: vec![Total::new("stands", "stand")],
        army: RecordForm::new(
            "army",
            vec![
                name("Army name", "The army's name, shown on the battle screen."),
                FieldForm::required(
                    "general",
                    "General",
                    "The army's commander and his Command Rating.",
                    FieldKind::Record(leader(rules, "General")),
                ),
                FieldForm::optional(
                    "command_radius",
                    "Command radius (cm)",
                    "How far a Daimyo's units may stray before they must test obedience to move. \
                     Left out: the umpire judges who is out of command.",
                    cm(START_LEADER_CM),
                ),
                FieldForm::required(
                    "leader_move",
                    "Leader's move (cm)",
                    "How far a leader moves when not with a unit.",
                    cm(START_LEADER_CM),
                ),
                FieldForm::required(
                    "moves",
                    "Move rates",
                    "Each troop type's move in line, from your rule book's movement table: every \
                     troop type the army fields needs one.",
                    FieldKind::List {
                        item: move_rate(),
                        min: 1,
                        max: Troop::ALL.len(),
                    },
                ),
                FieldForm::optional(
                    "hatamoto",
                    "Hatamoto",
                    "The General's own units, which obey him rather than a Daimyo. Left out: none.",
                    FieldKind::List {
                        item: unit(f),
                        min: 0,
                        max: MAX_LISTED,
                    },
                ),
                FieldForm::required(
                    "clans",
                    "Clans",
                    "The clans, each under its Daimyo: an army needs at least one.",
                    FieldKind::List {
                        item: clan(rules),
                        min: 1,
                        max: MAX_LISTED,
                    },
                ),
            ],
        ),
    }
}

fn name(label: &str, help: &str) -> FieldForm {
    FieldForm::required("name", label, help, FieldKind::Text)
}

/// A distance in cm, up to a table's length.
fn cm(default: i64) -> FieldKind {
    FieldKind::Number {
        min: 1,
        max: MAX_MOVE_CM,
        default,
    }
}

fn leader(rules: &Rules, noun: &str) -> RecordForm {
    let l = &rules.t.leaders;
    RecordForm::new(
        noun.to_lowercase(),
        vec![
            name("Name", "His name."),
            FieldForm::required(
                "rating",
                "Command Rating",
                format!(
                    "Added to the die for obedience tests and duels: {} to {}.",
                    l.rating_min, l.rating_max
                ),
                FieldKind::Number {
                    min: l.rating_min,
                    max: l.rating_max,
                    default: (l.rating_min + l.rating_max) / 2,
                },
            ),
        ],
    )
}

fn troop() -> FieldKind {
    FieldKind::Choice(choices(&Troop::ALL, |t| t.name().to_owned()))
}

fn move_rate() -> RecordForm {
    RecordForm::new(
        "move rate",
        vec![
            FieldForm::required(
                "troop",
                "Troop type",
                "The troop type these moves are for (one rate per type).",
                troop(),
            ),
            FieldForm::required(
                "normal",
                "Normal move (cm)",
                "Its move in line formation.",
                cm(START_NORMAL_CM),
            ),
            FieldForm::required(
                "charge",
                "Charge move (cm)",
                "Its charge allowance.",
                cm(START_CHARGE_CM),
            ),
        ],
    )
}

fn unit(f: &super::tables::Formation) -> RecordForm {
    let stands = |default: u32| FieldKind::Number {
        min: 1,
        max: i64::from(MAX_STANDS),
        default: i64::from(default),
    };
    let qualities = [
        Quality::Elite,
        Quality::Veteran,
        Quality::Seasoned,
        Quality::Raw,
    ];
    RecordForm::new(
        "unit",
        vec![
            name("Name", "The unit's name: every unit needs its own."),
            FieldForm::required(
                "troop",
                "Troop type",
                "What it is; the army's move rates must give this type.",
                troop(),
            ),
            FieldForm::required(
                "quality",
                "Quality",
                "Sets how dearly it wheels and turns: elite and veteran units manoeuvre best.",
                FieldKind::Choice(choices(&qualities, |q| q.name().to_owned())),
            ),
            FieldForm::optional(
                "frenzied",
                "Frenzied",
                "Never tests to receive cavalry, and must finish a failed charge's move. \
                 Left out: not frenzied.",
                FieldKind::Flag,
            ),
            FieldForm::required(
                "stands",
                "Stands",
                "How many stands it has at the start.",
                stands(f.line_min_wide * f.line_max_deep),
            ),
            FieldForm::required(
                "wide",
                "Stands wide",
                format!(
                    "Stands in its front rank, at most its stands: {}+ wide and at most {} deep \
                     is a line, else a column.",
                    f.line_min_wide, f.line_max_deep
                ),
                stands(f.line_min_wide),
            ),
        ],
    )
}

fn clan(rules: &Rules) -> RecordForm {
    RecordForm::new(
        "clan",
        vec![
            name("Name", "The clan's name."),
            FieldForm::required(
                "daimyo",
                "Daimyo",
                "The clan's lord, whose rating its units obey with.",
                FieldKind::Record(leader(rules, "Daimyo")),
            ),
            FieldForm::required(
                "units",
                "Units",
                "The clan's units: at least one.",
                FieldKind::List {
                    item: unit(&rules.t.formation),
                    min: 1,
                    max: MAX_LISTED,
                },
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_follows_the_reference() {
        let Ok(rules) = Rules::new(&HouseRules::default()) else {
            panic!("the reference loads");
        };
        let f = form();
        let Some(FieldKind::Record(general)) = f.army.field("general").map(|f| &f.kind) else {
            panic!("a general");
        };
        let Some(FieldKind::Number { min, max, .. }) = general.field("rating").map(|f| &f.kind)
        else {
            panic!("a rating");
        };
        assert_eq!(
            (*min, *max),
            (rules.t.leaders.rating_min, rules.t.leaders.rating_max)
        );
    }
}
