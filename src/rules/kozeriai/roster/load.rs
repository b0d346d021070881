//! Reading a Kozeriai army file: raw RON, then validated figures with positioned problems.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::super::tables::Rules;
use super::super::tables::weapons::{Class, Shoots};
use super::{Armour, Army, FigureSpec, Template};
use crate::roster::{RosterPath, RosterReport, RosterText, Validator, parse_raw};
use crate::roster_path;

#[allow(missing_docs)]
mod raw {
    use super::{Armour, BTreeMap, Deserialize, Template};

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Army {
        pub name: String,
        pub figures: Vec<Figure>,
    }
    /// A figure, or `count` alike figures (numbered when expanded).
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Figure {
        pub name: String,
        pub player: String,
        #[serde(default)]
        pub count: Option<u32>,
        #[serde(default)]
        pub template: Option<Template>,
        #[serde(default)]
        pub main: Option<String>,
        #[serde(default)]
        pub secondary: Vec<String>,
        #[serde(default)]
        pub skills: BTreeMap<String, i64>,
        #[serde(default)]
        pub armour: Armour,
        #[serde(default)]
        pub wounds: Option<u32>,
        #[serde(default)]
        pub iaijutsu: Option<i64>,
        #[serde(default)]
        pub ki_ai: Option<i64>,
        #[serde(default)]
        pub yadomejutsu: BTreeMap<String, i64>,
        #[serde(default)]
        pub ni_ten: Option<i64>,
        #[serde(default)]
        pub stamina: Option<i64>,
        #[serde(default)]
        pub horse: bool,
        #[serde(default)]
        pub heroic: bool,
        #[serde(default)]
        pub dead: bool,
        #[serde(default)]
        pub wounds_taken: u32,
    }
}

/// The weapon skills a figure normally has (Weapon Skill: "normally between 0 and 10");
/// the text allows any whole number, so others are warned of, not refused.
const NORMAL_SKILL: (i64, i64) = (0, 10);

/// The range of any skill: the text allows any whole number (normally 0 to 10); beyond twice
/// a die's sides either way no roll of the game can tell two skills apart, so a roster may
/// not go further (and no sum of a roll and skills can overflow).
pub(in crate::rules::kozeriai) fn skill_range(rules: &Rules) -> (i64, i64) {
    let most = 2 * i64::from(rules.t.dice.sides);
    (-most, most)
}

/// The stamina a roster may give: at least 1, and at most twice the most the text suggests
/// (Exhaustion), as the army builder offers.
pub(in crate::rules::kozeriai) fn stamina_range(rules: &Rules) -> (i64, i64) {
    (1, 2 * rules.t.exhaustion.max)
}

/// Checks one skill (a weapon's, or a special skill's) against the range a roster may give,
/// refusing what no roll could tell apart and warning outside the text's usual range.
fn skill_in_range(v: &mut Validator<'_>, rules: &Rules, at: Place<'_>, what: &str, skill: i64) {
    let (lo, hi) = skill_range(rules);
    let (normal_lo, normal_hi) = NORMAL_SKILL;
    if !(lo..=hi).contains(&skill) {
        at.error(
            v,
            format!("{what} {skill}: a skill is {lo} to {hi} (the text: normally {normal_lo} to {normal_hi})"),
        );
    } else if !(normal_lo..=normal_hi).contains(&skill) {
        at.warn(
            v,
            format!("{what} {skill}: the text says skills are normally {normal_lo} to {normal_hi}"),
        );
    }
}

/// Where a problem about a figure's value goes: a field, or one weapon's entry of its
/// `skills` or `yadomejutsu` (in the file at the entry, in the builder at the field).
struct Place<'a>(RosterPath, Option<&'a str>);

impl Place<'_> {
    fn error(&self, v: &mut Validator<'_>, message: String) {
        match self.1 {
            Some(weapon) => v.error_at_entry(self.0.clone(), weapon, message),
            None => v.error_at(self.0.clone(), message),
        }
    }

    fn warn(&self, v: &mut Validator<'_>, message: String) {
        match self.1 {
            Some(weapon) => v.warn_at_entry(self.0.clone(), weapon, message),
            None => v.warn_at(self.0.clone(), message),
        }
    }
}

/// An army file's shape, written from a validated army (see [`army_roster`]).
mod written {
    use serde::Serialize;

    use super::{Armour, BTreeMap, Template};

    #[derive(Serialize)]
    pub(super) struct Army<'a> {
        pub name: &'a str,
        pub figures: Vec<Figure<'a>>,
    }
    #[derive(Serialize)]
    pub(super) struct Figure<'a> {
        pub name: &'a str,
        pub player: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub template: Option<Template>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub main: Option<&'a str>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub secondary: Vec<&'a str>,
        pub skills: &'a BTreeMap<String, i64>,
        pub armour: Armour,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub wounds: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub iaijutsu: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub ki_ai: Option<i64>,
        pub yadomejutsu: &'a BTreeMap<String, i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub ni_ten: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub stamina: Option<i64>,
        pub horse: bool,
        pub heroic: bool,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        pub dead: bool,
        #[serde(skip_serializing_if = "crate::campaign::is_zero")]
        pub wounds_taken: u32,
    }
}

/// A validated army written back as an army file, each figure by its own name with every
/// skill it has (so a journal's header is checked like a roster). A figure made from a
/// template keeps it, with one of its own weapons as the template's main and secondary
/// weapon, so the template adds no weapon the figure does not have.
///
/// # Errors
/// The army cannot be written.
pub fn army_roster(army: &Army) -> Result<String, String> {
    let figures = army
        .figures
        .iter()
        .map(|f| {
            let own = f
                .template
                .and_then(|_| f.skills.keys().next())
                .map(String::as_str);
            written::Figure {
                name: &f.name,
                player: &f.player,
                template: f.template,
                main: own,
                secondary: own.into_iter().collect(),
                skills: &f.skills,
                armour: f.armour,
                wounds: f.wounds,
                iaijutsu: f.iaijutsu,
                ki_ai: f.ki_ai,
                yadomejutsu: &f.yadomejutsu,
                ni_ten: f.ni_ten,
                stamina: f.stamina,
                horse: f.horse,
                heroic: f.heroic,
                dead: f.dead,
                wounds_taken: f.wounds_taken,
            }
        })
        .collect();
    let file = written::Army {
        name: &army.name,
        figures,
    };
    ron::to_string(&file).map_err(|e| e.to_string())
}

/// Reports an empty name at its field: the app refers to armies, figures and contingents by
/// name, so each needs one (an app's requirement, not a rule of the game).
fn named(v: &mut Validator<'_>, at: RosterPath, name: &str, message: &str) {
    if crate::escape::is_blank(name) {
        v.error_at(at, message);
    }
}

/// Reads and validates a Kozeriai army.
pub fn load(rules: &Rules, roster: &RosterText) -> RosterReport<Army> {
    let raw: raw::Army = parse_raw(roster).map_err(|e| vec![e])?;
    let mut v = Validator::new(roster);
    let listed = raw.figures.iter().fold(0u64, |n, f| {
        n.saturating_add(u64::from(f.count.unwrap_or(1)))
    });
    v.bounded(
        crate::roster::RosterPath::root().field("figures"),
        "figures",
        listed,
    )?;
    named(
        &mut v,
        roster_path!("name"),
        &raw.name,
        "every army needs a name to be referred to",
    );
    if raw.figures.is_empty() {
        v.error_at(roster_path!("figures"), "an army needs at least one figure");
    }
    let mut figures: Vec<FigureSpec> = Vec::new();
    for (i, f) in raw.figures.iter().enumerate() {
        let at = roster_path!("figures", i);
        named(
            &mut v,
            at.field("name"),
            &f.name,
            "every figure needs a name to be referred to",
        );
        named(
            &mut v,
            at.field("player"),
            &f.player,
            "every figure needs its player's name: its contingent is referred to by it",
        );
        let count = f.count.unwrap_or(1);
        if count == 0 {
            v.error_at(at.field("count"), "a group needs a count of 1 or more");
        }
        let spec = figure(&mut v, rules, &at, f);
        for n in 0..count {
            let mut one = spec.clone();
            if count > 1 {
                one.name = format!("{} {}", f.name, n + 1);
            }
            if !crate::escape::is_blank(&f.name) && figures.iter().any(|x| x.name == one.name) {
                v.error_at(
                    at.field("name"),
                    format!(
                        "the name \"{}\" is used twice; every figure needs its own",
                        one.name
                    ),
                );
            }
            figures.push(one);
        }
    }
    v.finish(Army {
        name: raw.name,
        figures,
    })
}

/// Where a weapon of a figure's skills comes from: its own `skills`, else its `main` or
/// `secondary` weapons, else its template.
fn weapon_source<'a>(at: &RosterPath, f: &raw::Figure, weapon: &'a str) -> Place<'a> {
    if f.skills.contains_key(weapon) {
        Place(at.field("skills"), Some(weapon))
    } else if f.main.as_deref() == Some(weapon) {
        Place(at.field("main"), None)
    } else if f.secondary.iter().any(|w| w == weapon) {
        Place(at.field("secondary"), None)
    } else {
        Place(at.field("template"), None)
    }
}

/// Validates one figure entry.
fn figure(v: &mut Validator<'_>, rules: &Rules, at: &RosterPath, f: &raw::Figure) -> FigureSpec {
    let mut skills = f
        .template
        .map(|t| template_skills(rules, t, f))
        .unwrap_or_default();
    if f.template.is_none() && (f.main.is_some() || !f.secondary.is_empty()) {
        let field = if f.main.is_some() {
            "main"
        } else {
            "secondary"
        };
        v.error_at(
            at.field(field),
            "`main` and `secondary` go with a `template`; without one, give `skills`",
        );
    }
    skills.extend(f.skills.iter().map(|(k, s)| (k.clone(), *s)));
    if skills.is_empty() {
        v.error_at(
            at.clone(),
            "a figure needs a weapon: give `skills: {\"Katana\": 3}` or a `template`",
        );
    }
    for w in skills.keys() {
        if rules.weapon(w).is_none() {
            weapon_source(at, f, w).error(
                v,
                format!(
                    "`{w}` is not in the weapons glossary; known: {}",
                    known(rules)
                ),
            );
        }
    }
    for w in f.yadomejutsu.keys() {
        if rules.weapon(w).is_none() {
            Place(at.field("yadomejutsu"), Some(w)).error(
                v,
                format!(
                    "`{w}` is not in the weapons glossary; known: {}",
                    known(rules)
                ),
            );
        }
    }
    if f.template == Some(Template::Farmer) {
        for (w, &skill) in &skills {
            if banned_for_farmers(rules, w) {
                weapon_source(at, f, w).error(v, format!("farmers cannot use bows or swords: {w}"));
            } else if skill != rules.t.characters.farmer {
                // The example farmer is zero in everything: another skill is the roster's
                // own character, worth a look.
                weapon_source(at, f, w).warn(
                    v,
                    format!(
                        "{w} {skill:+}: the text's farmers have {:+} in everything",
                        rules.t.characters.farmer
                    ),
                );
            }
        }
    }
    special_skills(v, rules, at, f, &skills);
    if f.wounds_taken > MOST_CARRIED_WOUNDS {
        v.error_at(
            at.field("wounds_taken"),
            format!(
                "{} wounds carried: no figure lives with more than {}",
                f.wounds_taken,
                MOST_CARRIED_WOUNDS - 1
            ),
        );
    }
    FigureSpec {
        name: f.name.clone(),
        player: f.player.clone(),
        template: f.template,
        skills,
        armour: f.armour,
        wounds: f.wounds,
        iaijutsu: f.iaijutsu,
        ki_ai: f.ki_ai,
        yadomejutsu: f.yadomejutsu.clone(),
        ni_ten: f.ni_ten,
        stamina: f.stamina,
        horse: f.horse,
        heroic: f.heroic,
        dead: f.dead,
        wounds_taken: f.wounds_taken.min(MOST_CARRIED_WOUNDS),
    }
}

/// The most wounds a roster may carry on a figure: the Variable Wounds scale's top rating
/// (8), at which even the toughest figure is out.
const MOST_CARRIED_WOUNDS: u32 = 8;

/// Checks wounds, stamina and the special skills against the limits the text gives.
fn special_skills(
    v: &mut Validator<'_>,
    rules: &Rules,
    at: &RosterPath,
    f: &raw::Figure,
    skills: &BTreeMap<String, i64>,
) {
    let vw = &rules.t.variable_wounds;
    let scale = vw.scale();
    if let Some(w) = f.wounds.filter(|w| !scale.iter().any(|(n, _)| n == w)) {
        let names: Vec<String> = scale
            .iter()
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
        v.error_at(
            at.field("wounds"),
            format!(
                "{w} wounds: the Variable Wounds scale is {}",
                names.join(", ")
            ),
        );
    }
    let ex = &rules.t.exhaustion;
    let (lo, hi) = stamina_range(rules);
    if let Some(s) = f.stamina.filter(|s| !(lo..=hi).contains(s)) {
        v.error_at(
            at.field("stamina"),
            if s < lo {
                format!("stamina {s}: a figure needs at least {lo}")
            } else {
                format!(
                    "stamina {s}: a figure has {lo} to {hi} (the text suggests {} to {})",
                    ex.min, ex.max
                )
            },
        );
    } else if let Some(s) = f.stamina.filter(|s| !(ex.min..=ex.max).contains(s)) {
        v.warn_at(
            at.field("stamina"),
            format!("stamina {s}: the text suggests {} to {}", ex.min, ex.max),
        );
    }
    for (w, &s) in skills {
        skill_in_range(v, rules, weapon_source(at, f, w), &format!("{w} skill"), s);
    }
    let special = [
        ("iaijutsu", "Iaijutsu", f.iaijutsu),
        ("ki_ai", "Ki-ai", f.ki_ai),
        ("ni_ten", "Ni-Ten Jitsu", f.ni_ten),
    ];
    for (field, what, skill) in special {
        if let Some(s) = skill {
            skill_in_range(v, rules, Place(at.field(field), None), what, s);
        }
    }
    for (w, &s) in &f.yadomejutsu {
        skill_in_range(
            v,
            rules,
            Place(at.field("yadomejutsu"), Some(w)),
            &format!("Yadomejutsu with {w}"),
            s,
        );
    }
    let min = rules.t.special.iaijutsu_min_skill;
    let best = skills.values().copied().max().unwrap_or(0);
    let samurai_born = matches!(
        f.template,
        None | Some(Template::Samurai | Template::Ronin | Template::MasterSwordsman)
    );
    if f.iaijutsu.is_some() && (best < min || !samurai_born) {
        v.warn_at(
            at.field("iaijutsu"),
            format!("Iaijutsu is meant for Samurai or Ronin of skill +{min} or more"),
        );
    }
    let allowed = &rules.t.yadomejutsu_weapons.list;
    for w in f.yadomejutsu.keys().filter(|w| !allowed.contains(w)) {
        Place(at.field("yadomejutsu"), Some(w)).error(
            v,
            format!(
                "Yadomejutsu cannot be done with {w}; it can with {}",
                allowed.join(", ")
            ),
        );
    }
}

/// Skills from an example character: main and secondary weapons.
fn template_skills(rules: &Rules, t: Template, f: &raw::Figure) -> BTreeMap<String, i64> {
    let c = &rules.t.characters;
    let main = |default: &str| f.main.clone().unwrap_or_else(|| default.to_owned());
    let secondaries = |default: &[&str]| -> Vec<String> {
        if f.secondary.is_empty() {
            default.iter().map(|s| (*s).to_owned()).collect()
        } else {
            f.secondary.clone()
        }
    };
    let (main_weapon, main_skill, seconds, second_skill) = match t {
        Template::Samurai => (
            main("Katana"),
            c.samurai_main,
            secondaries(&["Katana"]),
            c.samurai_secondary,
        ),
        Template::Ronin => (
            main("Katana"),
            c.ronin_main,
            secondaries(&[]),
            c.ronin_secondary,
        ),
        Template::AshigaruSpearman => (
            main("Yari"),
            c.ashigaru_spear,
            secondaries(&["Katana"]),
            c.ashigaru_sword,
        ),
        Template::AshigaruMusketeer => (
            main("Teppo"),
            c.musketeer_musket,
            secondaries(&["Katana"]),
            c.musketeer_sword,
        ),
        Template::MasterSwordsman => (
            main("Katana"),
            c.master_main,
            secondaries(&[]),
            c.master_secondary,
        ),
        Template::WarriorMonk => (
            main("Naginata"),
            c.monk_main,
            secondaries(&[]),
            c.monk_secondary,
        ),
        Template::Shinobi => (
            main("Shuriken"),
            c.shinobi_shuriken,
            secondaries(&["Katana"]),
            c.shinobi_secondary,
        ),
        Template::Farmer => (main("Take-yari"), c.farmer, secondaries(&[]), c.farmer),
    };
    let mut out: BTreeMap<String, i64> = seconds.into_iter().map(|w| (w, second_skill)).collect();
    out.insert(main_weapon, main_skill);
    // All samurai have skill in the sword: one named neither main nor secondary is the
    // Katana, at the secondary score (Example Character Statistics).
    let sworded = out.keys().any(|w| rules.weapon(w).is_some_and(|i| i.sword));
    if t == Template::Samurai && !sworded {
        out.insert("Katana".to_owned(), second_skill);
    }
    out
}

/// Bows and swords, which the text says farmers cannot use.
fn banned_for_farmers(rules: &Rules, weapon: &str) -> bool {
    rules.weapon(weapon).is_some_and(|w| {
        w.sword || (w.shoots() == Some(Shoots::Bow) && w.melee_class() != Some(Class::Standard))
    })
}

fn known(rules: &Rules) -> String {
    rules
        .t
        .weapons
        .keys()
        .cloned()
        .collect::<Vec<_>>()
        .join(", ")
}
