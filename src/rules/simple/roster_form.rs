//! What a simple roster holds, as data for the army builder (see [`crate::roster::form`]).
//!
//! Every number here is read from the reference tables (`reference/simple.ron`) through
//! [`Rules`]; the choices are the roster's own enums, labelled in words.

use crate::reference::HouseRules;
use crate::roster::MAX_LISTED;
use crate::roster::form::{Choice, FieldForm, FieldKind, RecordForm, RosterForm, Total};

use super::numbers::troop_die;
use super::roster::{Formation, Koku, Troop, Weapon, most_figures};
use super::tables::Rules;

/// The roster form, with the default rules' numbers.
pub fn form() -> RosterForm {
    match Rules::new(&HouseRules::default()) {
        Ok(rules) => form_for(&rules),
        // The embedded tables always load (tests read them); should they not, the builder
        // still opens, with only the army's name and the reason.
        Err(e) => RosterForm {
            about: vec![format!("the reference tables do not load: {e}")],
            totals: Vec::new(),
            army: RecordForm::new(
                "army",
                vec![FieldForm::required(
                    "name",
                    "Army name",
                    "",
                    FieldKind::Text,
                )],
            ),
        },
    }
}

/// The roster form for these rules.
pub fn form_for(rules: &Rules) -> RosterForm {
    RosterForm {
        about: about(rules),
        // A unit that leaves `figures` out has the rules' number for its kind: a full unit,
        // a gun's crew, a wagon's team.
        totals: vec![
            Total::new("figures", "figure")
                .absent_counts(i64::from(rules.t.army.figures_per_unit))
                .absent_when("weapon", "Gun", i64::from(rules.t.artillery.crew))
                .absent_when("weapon", "Wagon", i64::from(rules.t.movement_cm.wagon_team)),
        ],
        army: RecordForm::new(
            "army",
            vec![
                FieldForm::required(
                    "name",
                    "Army name",
                    "What the army is called in the battle and its log.",
                    FieldKind::Text,
                ),
                FieldForm::required(
                    "daimyo",
                    "Daimyo",
                    "The lord who commands the army; if he falls, the whole army gives up the fight.",
                    FieldKind::Record(leader("Daimyo")),
                ),
                FieldForm::required(
                    "units",
                    "Units",
                    "The Daimyo's own units; the army needs at least one.",
                    FieldKind::List {
                        item: unit(rules),
                        min: 1,
                        max: MAX_LISTED,
                    },
                ),
                FieldForm::optional(
                    "allies",
                    "Allied clans",
                    "Clans fighting beside the army under their own Daimyo, each acting only when \
                     its die allows. None when left out.",
                    FieldKind::List {
                        item: ally(rules),
                        min: 0,
                        max: MAX_LISTED,
                    },
                ),
            ],
        ),
    }
}

/// The comment lines at the head of a saved roster.
fn about(rules: &Rules) -> Vec<String> {
    let t = &rules.t;
    let a = &t.army;
    // Troops by die, those of one die together: `SamuraiGuard / Monks / ... d12`.
    let mut by_die: Vec<(u32, Vec<String>)> = Vec::new();
    let mut troops = TROOPS.to_vec();
    troops.sort_by_key(|&troop| troop_die(rules, troop));
    for troop in troops {
        let die = troop_die(rules, troop);
        match by_die.last_mut() {
            Some((d, names)) if *d == die => names.push(format!("{troop:?}")),
            _ => by_die.push((die, vec![format!("{troop:?}")])),
        }
    }
    let dice = by_die
        .iter()
        .map(|(die, names)| format!("{} d{die}", names.join(" / ")))
        .collect::<Vec<_>>()
        .join(", ");
    let paragraphs = [
        format!(
            "Units are {} figures unless `figures` says otherwise; a gun has {} Ashigaru \
             artillerymen, a wagon a team of {} Animals. Formation: Line (when left out), \
             Column, or Skirmish (archers only).",
            a.figures_per_unit, t.artillery.crew, t.movement_cm.wagon_team
        ),
        format!("Troops: {dice}."),
        format!(
            "A basic army is {} Ashigaru, {} SamuraiFoot, {} cavalry and {} SamuraiGuard units \
             ({} flagbearers), with 1 sharpshooter per {} arquebus figures at most.",
            a.basic_ashigaru_units,
            a.basic_samurai_foot_units,
            a.basic_cavalry_units,
            a.basic_guard_units,
            a.guard_flagbearers,
            a.arquebus_per_sharpshooter
        ),
        format!(
            "Allied clans: K10000 rolls a d{}, K5000 a d{}, each turn, and acts on {} or more; \
             each clan has its own Daimyo.",
            t.allies.die_10000_koku, t.allies.die_5000_koku, t.allies.acts_on
        ),
    ];
    paragraphs.iter().flat_map(|p| wrap(p, 88)).collect()
}

/// Splits text into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Troop types, the most common first (a new unit starts as the first).
const TROOPS: &[Troop] = &[
    Troop::Ashigaru,
    Troop::Peasant,
    Troop::Ronin,
    Troop::SamuraiFoot,
    Troop::SamuraiGuard,
    Troop::Monks,
    Troop::SamuraiCavalry,
    Troop::MonkCavalry,
    Troop::Animals,
];

/// Weapons, the most common first (a new unit starts with the first, which any foot
/// troops may carry).
const WEAPONS: &[Weapon] = &[
    Weapon::Spear,
    Weapon::Sword,
    Weapon::Bow,
    Weapon::Arquebus,
    Weapon::Pike,
    Weapon::Naginata,
    Weapon::Gun,
    Weapon::Wagon,
];

fn troop_label(rules: &Rules, troop: Troop) -> String {
    let what = match troop {
        Troop::Peasant => "Peasants",
        Troop::Ashigaru => "Ashigaru (foot soldiers, gunners too)",
        Troop::Ronin => "Ronin",
        Troop::SamuraiFoot => "Samurai on foot",
        Troop::SamuraiGuard => "Samurai foot guard",
        Troop::Monks => "Warrior monks",
        Troop::SamuraiCavalry => "Samurai cavalry",
        Troop::MonkCavalry => "Mounted monks",
        Troop::Animals => "Animals (a wagon's or gun's team)",
    };
    format!("{what}, d{}", troop_die(rules, troop))
}

fn weapon_label(weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::Sword => "Swords",
        Weapon::Bow => "Bows",
        Weapon::Arquebus => "Arquebuses",
        Weapon::Spear => "Spears",
        Weapon::Pike => "Pikes",
        Weapon::Naginata => "Naginata",
        Weapon::Gun => "Artillery gun (Ashigaru crew)",
        Weapon::Wagon => "Wagon (Animals draw it)",
    }
}

fn formation_label(formation: Formation) -> &'static str {
    match formation {
        Formation::Line => "Line (figures side by side)",
        Formation::Column => "Column (one figure wide)",
        Formation::Skirmish => "Skirmish (open order, archers only)",
    }
}

/// A Daimyo: the army's or an allied clan's.
fn leader(noun: &str) -> RecordForm {
    RecordForm::new(
        noun,
        vec![
            FieldForm::required(
                "name",
                "Name",
                "The Daimyo's name, as the battle refers to him.",
                FieldKind::Text,
            ),
            FieldForm::optional(
                "mounted",
                "Mounted",
                "Whether he rides; on foot when left out.",
                FieldKind::Flag,
            ),
        ],
    )
}

/// An allied clan.
fn ally(rules: &Rules) -> RecordForm {
    let t = &rules.t.allies;
    RecordForm::new(
        "allied clan",
        vec![
            FieldForm::required(
                "name",
                "Clan name",
                "What the clan is called in the battle.",
                FieldKind::Text,
            ),
            FieldForm::required(
                "koku",
                "Size",
                format!(
                    "The clan's wealth: it decides the die that says each turn whether the clan \
                     acts ({}+ to act).",
                    t.acts_on
                ),
                FieldKind::Choice(vec![
                    Choice::new(
                        format!("{:?}", Koku::K10000),
                        format!(
                            "10,000 koku (d{}; a guard unit and an Ashigaru spear unit)",
                            t.die_10000_koku
                        ),
                    ),
                    Choice::new(
                        format!("{:?}", Koku::K5000),
                        format!("5,000 koku (d{}; a guard unit)", t.die_5000_koku),
                    ),
                ]),
            ),
            FieldForm::required(
                "daimyo",
                "Allied Daimyo",
                "The clan's own lord; if he falls, his clan leaves the battle.",
                FieldKind::Record(leader("allied Daimyo")),
            ),
            FieldForm::required(
                "units",
                "Units",
                "The clan's units; a clan has at least one.",
                FieldKind::List {
                    item: unit(rules),
                    min: 1,
                    max: MAX_LISTED,
                },
            ),
        ],
    )
}

/// A unit.
fn unit(rules: &Rules) -> RecordForm {
    let a = &rules.t.army;
    let most = i64::from(most_figures(rules));
    RecordForm::new(
        "unit",
        vec![
            FieldForm::required(
                "name",
                "Name",
                "The unit's name, as the battle refers to it.",
                FieldKind::Text,
            ),
            FieldForm::required(
                "troop",
                "Troops",
                "Who they are: it decides the die they roll in melee and for formation tests.",
                FieldKind::Choice(
                    TROOPS
                        .iter()
                        .map(|&t| Choice::new(format!("{t:?}"), troop_label(rules, t)))
                        .collect(),
                ),
            ),
            FieldForm::required(
                "weapon",
                "Weapon",
                "What they fight or shoot with; a gun or a wagon makes the unit its crew or team.",
                FieldKind::Choice(
                    WEAPONS
                        .iter()
                        .map(|&w| Choice::new(format!("{w:?}"), weapon_label(w)))
                        .collect(),
                ),
            ),
            FieldForm::optional(
                "figures",
                "Figures",
                format!(
                    "How many figures; when left out, {} ({} for a gun's crew, {} for a wagon's team).",
                    a.figures_per_unit, rules.t.artillery.crew, rules.t.movement_cm.wagon_team
                ),
                FieldKind::Number {
                    min: 1,
                    max: most,
                    default: i64::from(a.figures_per_unit),
                },
            ),
            FieldForm::optional(
                "formation",
                "Formation",
                "How the unit starts; in line when left out.",
                FieldKind::Choice(
                    [Formation::Line, Formation::Column, Formation::Skirmish]
                        .iter()
                        .map(|&f| Choice::new(format!("{f:?}"), formation_label(f)))
                        .collect(),
                ),
            ),
            FieldForm::optional(
                "flagbearers",
                "Flagbearers",
                format!(
                    "Flagbearers among the figures, for a Samurai foot guard unit only (usually {}); \
                     none when left out.",
                    a.guard_flagbearers
                ),
                FieldKind::Number {
                    min: 0,
                    max: most,
                    default: i64::from(a.guard_flagbearers),
                },
            ),
            FieldForm::optional(
                "sharpshooters",
                "Sharpshooters",
                format!(
                    "Marksmen among an arquebus unit's figures, each adding to his firing die; \
                     the army may have one per {} arquebus figures. None when left out.",
                    a.arquebus_per_sharpshooter
                ),
                FieldKind::Number {
                    min: 0,
                    max: most,
                    default: 1,
                },
            ),
        ],
    )
}
