//! What a kozeriai roster holds, as data for the army builder (see [`crate::roster::form`]).

use super::roster::load::{skill_range, stamina_range};
use super::roster::{Armour, Template};
use super::tables::Rules;
use crate::reference::HouseRules;
use crate::roster::MAX_LISTED;
use crate::roster::form::{Choice, FieldForm, FieldKind, RecordForm, RosterForm, Total, choices};

/// The roster form.
pub fn form() -> RosterForm {
    match Rules::new(&HouseRules::default()) {
        Ok(rules) => form_for(&rules),
        // The embedded reference always loads (its own tests say so); were it broken,
        // every roster would fail at its first line anyway.
        Err(_) => RosterForm {
            about: Vec::new(),
            totals: Vec::new(),
            army: RecordForm::new(
                "army",
                vec![FieldForm::required(
                    "name",
                    "Army name",
                    "The army's name.",
                    FieldKind::Text,
                )],
            ),
        },
    }
}

fn skill(rules: &Rules, default: i64) -> FieldKind {
    let (min, max) = skill_range(rules);
    FieldKind::Number { min, max, default }
}

fn form_for(rules: &Rules) -> RosterForm {
    let scale = rules.t.variable_wounds.scale();
    let ex = &rules.t.exhaustion;
    RosterForm {
        about: vec![
            "Kozeriai. Each figure names the `player` who commands it (a contingent). Weapon skills come"
                .into(),
            "from a `template` with its `main` and `secondary` weapons, and/or from `skills: {\"Katana\": 3}`."
                .into(),
            format!(
                "Optional: `wounds` ({} to {}, with Variable Wounds), `stamina` ({} to {}, with Exhaustion),",
                scale[0].0,
                scale[scale.len() - 1].0,
                ex.min,
                ex.max
            ),
            "`heroic`, `horse`, `iaijutsu`, `ki_ai`, `ni_ten`, `yadomejutsu`. `count: 4` makes numbered alike figures."
                .into(),
        ],
        totals: vec![Total::new("count", "figure")],
        army: RecordForm::new(
            "army",
            vec![
                FieldForm::required(
                    "name",
                    "Army name",
                    "The army's name, shown on the battle screen.",
                    FieldKind::Text,
                ),
                FieldForm::required(
                    "figures",
                    "Figures",
                    "The army's figures, in the order their players move: at least one.",
                    FieldKind::List {
                        item: figure(rules),
                        min: 1,
                        max: MAX_LISTED,
                    },
                ),
            ],
        ),
    }
}

fn weapons(rules: &Rules) -> Vec<Choice> {
    rules
        .t
        .weapons
        .iter()
        .map(|(name, w)| Choice::new(name.clone(), format!("{name} ({})", w.summary)))
        .collect()
}

fn template_help(rules: &Rules) -> String {
    let c = &rules.t.characters;
    format!(
        "The text's example character the figure's weapon skills come from: Samurai main {:+}, \
         others {:+} (a Katana among them when no sword is named); Ronin {:+} / {:+}; ashigaru spearman spear {:+}, sword {:+}; musketeer \
         musket {:+}, sword {:+}; master swordsman {:+} / {:+}; warrior monk {:+} / {:+}; \
         shinobi shuriken {:+}, sword or spear {:+}; farmer {:+} in everything, no bows or \
         swords. Left out: no template, so give `skills`.",
        c.samurai_main,
        c.samurai_secondary,
        c.ronin_main,
        c.ronin_secondary,
        c.ashigaru_spear,
        c.ashigaru_sword,
        c.musketeer_musket,
        c.musketeer_sword,
        c.master_main,
        c.master_secondary,
        c.monk_main,
        c.monk_secondary,
        c.shinobi_shuriken,
        c.shinobi_secondary,
        c.farmer,
    )
}

fn figure(rules: &Rules) -> RecordForm {
    let (lo, hi) = skill_range(rules);
    let samurai = rules.t.characters.samurai_main;
    let templates = [
        Template::Samurai,
        Template::Ronin,
        Template::AshigaruSpearman,
        Template::AshigaruMusketeer,
        Template::MasterSwordsman,
        Template::WarriorMonk,
        Template::Shinobi,
        Template::Farmer,
    ];
    RecordForm::new(
        "figure",
        vec![
            FieldForm::required(
                "name",
                "Name",
                "The figure's name: every figure needs its own (a group's are numbered).",
                FieldKind::Text,
            ),
            FieldForm::required(
                "player",
                "Player",
                "The player who commands it: figures with the same player are one contingent.",
                FieldKind::Text,
            ),
            FieldForm::optional(
                "count",
                "How many",
                "Alike figures made from this entry, numbered after its name. Left out: one.",
                FieldKind::Number {
                    min: 1,
                    max: MAX_LISTED as i64,
                    default: 2,
                },
            ),
            FieldForm::optional(
                "template",
                "Template",
                template_help(rules),
                FieldKind::Choice(choices(&templates, |t| t.name().to_owned())),
            )
            .given_at_start(),
            FieldForm::optional(
                "main",
                "Main weapon",
                "The weapon the template's main skill goes to. Left out: the template's usual \
                 one (a sword, the ashigaru's spear or musket, the monk's glaive, the shinobi's \
                 shuriken, the farmer's bamboo spear).",
                FieldKind::Name(weapons(rules)),
            ),
            FieldForm::optional(
                "secondary",
                "Secondary weapons",
                "The weapons the template's secondary skill goes to. Left out: the template's \
                 usual ones (a sword for samurai, ashigaru and shinobi).",
                FieldKind::Names(weapons(rules)),
            ),
            FieldForm::optional(
                "skills",
                "Weapon skills",
                format!(
                    "A skill for each weapon, added to the die: given without a template, or \
                     to change the template's. Normally 0 (a beginner) to 10 (a master); \
                     {lo} to {hi} here."
                ),
                FieldKind::Scores {
                    names: weapons(rules),
                    min: lo,
                    max: hi,
                    default: samurai,
                },
            ),
        ]
        .into_iter()
        .chain(condition(rules))
        .collect(),
    )
}

/// Armour, horse, wounds and stamina: all optional.
fn condition(rules: &Rules) -> Vec<FieldForm> {
    let scale = rules.t.variable_wounds.scale();
    let ex = &rules.t.exhaustion;
    let armours = [Armour::None, Armour::Part, Armour::Armoured, Armour::Full];
    vec![
        FieldForm::optional(
            "armour",
            "Armour",
            "How well it is protected: armour ignores wounds from each attack. Left out: \
                 unarmoured.",
            FieldKind::Choice(choices(&armours, |a| {
                crate::engine::words::capitalised(a.name())
            })),
        ),
        FieldForm::optional(
            "horse",
            "Mounted",
            "Rides a horse. Left out: on foot.",
            FieldKind::Flag,
        ),
        FieldForm::optional(
            "wounds",
            "Wounds rating",
            format!(
                "Its rating on the Variable Wounds scale, {} ({}) to {} ({}), used when \
                     that rule is on. Left out: the main rules' typical fighter.",
                scale[0].0,
                scale[0].1,
                scale[scale.len() - 1].0,
                scale[scale.len() - 1].1
            ),
            FieldKind::Number {
                min: i64::from(scale[0].0),
                max: i64::from(scale[scale.len() - 1].0),
                default: i64::from(rules.t.variable_wounds.tough),
            },
        ),
        FieldForm::optional(
            "stamina",
            "Stamina",
            format!(
                "Stamina points, spent as it tires, used when the Exhaustion rule is on: \
                     the text suggests {} to {} (others are allowed, with a warning). \
                     Left out: the umpire's choice of the lowest or the middle.",
                ex.min, ex.max
            ),
            // The builder offers what `check` accepts; it warns outside the suggested range.
            FieldKind::Number {
                min: stamina_range(rules).0,
                max: stamina_range(rules).1,
                default: (ex.min + ex.max) / 2,
            },
        ),
    ]
    .into_iter()
    .chain(special_skills(rules))
    .collect()
}

/// Iaijutsu, Ki-ai, Ni-Ten Jitsu, Yadomejutsu and the heroic: all optional.
fn special_skills(rules: &Rules) -> Vec<FieldForm> {
    let (lo, hi) = skill_range(rules);
    let samurai = rules.t.characters.samurai_main;
    let yadomejutsu: Vec<Choice> = rules
        .t
        .yadomejutsu_weapons
        .list
        .iter()
        .map(|w| Choice::new(w.clone(), w.clone()))
        .collect();
    vec![
        FieldForm::optional(
            "iaijutsu",
            "Iaijutsu",
            format!(
                "Skill at cutting while drawing the sword, meant for Samurai or Ronin of \
                     skill +{} or more. Left out: none.",
                rules.t.special.iaijutsu_min_skill
            ),
            skill(rules, rules.t.special.iaijutsu_min_skill),
        ),
        FieldForm::optional(
            "ki_ai",
            "Ki-ai",
            "Skill at the shout that pushes back and distracts everyone in front. Left out: \
                 none.",
            skill(rules, samurai),
        ),
        FieldForm::optional(
            "ni_ten",
            "Ni-Ten Jitsu",
            "Skill at fighting with both swords at once. Left out: none.",
            skill(rules, samurai),
        ),
        FieldForm::optional(
            "yadomejutsu",
            "Yadomejutsu",
            "Skill at deflecting arrows, for each weapon it is done with (two dice at or \
                 under it). Left out: none.",
            FieldKind::Scores {
                names: yadomejutsu,
                min: lo,
                max: hi,
                default: i64::from(rules.t.dice.sides),
            },
        ),
        FieldForm::optional(
            "heroic",
            "Heroic",
            "A Heroic Super Samurai, with extra actions and wounds shrugged off. Left out: \
                 an ordinary figure.",
            FieldKind::Flag,
        ),
    ]
}
