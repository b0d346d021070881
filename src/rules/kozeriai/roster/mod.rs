//! Kozeriai armies: named figures, each with weapon skills, armour and special skills,
//! grouped by the player who commands them (a contingent).

pub mod load;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The four armour categories (Armour).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Armour {
    /// No protection.
    #[default]
    None,
    /// Breastplate and helmet.
    Part,
    /// The usual samurai armour.
    Armoured,
    /// Everything covered.
    Full,
}

impl Armour {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Armour::None => "unarmoured",
            Armour::Part => "part armoured",
            Armour::Armoured => "armoured",
            Armour::Full => "fully armoured",
        }
    }
}

/// The example characters of the text, as roster templates (Example Character Statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Template {
    /// Clan samurai: main weapon +4, others +2; always a sword.
    Samurai,
    /// Masterless samurai: main +3, secondary +1.
    Ronin,
    /// Spear +2, sword +0.
    AshigaruSpearman,
    /// Musket +3, sword +0.
    AshigaruMusketeer,
    /// Main +6, secondary +4.
    MasterSwordsman,
    /// Main +3, secondary +1.
    WarriorMonk,
    /// Shuriken +3, sword or spear +1.
    Shinobi,
    /// Zero in everything; no bows or swords.
    Farmer,
}

impl Template {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Template::Samurai => "Samurai",
            Template::Ronin => "Ronin",
            Template::AshigaruSpearman => "Ashigaru spearman",
            Template::AshigaruMusketeer => "Ashigaru musketeer",
            Template::MasterSwordsman => "Master swordsman",
            Template::WarriorMonk => "Warrior monk",
            Template::Shinobi => "Shinobi",
            Template::Farmer => "Farmer",
        }
    }
}

/// A validated figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSpec {
    /// Its name.
    pub name: String,
    /// The player commanding it: its contingent.
    pub player: String,
    /// The example character it was built from, if any.
    pub template: Option<Template>,
    /// Weapon skill per weapon of the glossary.
    pub skills: BTreeMap<String, i64>,
    /// Its armour.
    pub armour: Armour,
    /// Wounds it can take under Variable Wounds (3 to 8).
    pub wounds: Option<u32>,
    /// Iaijutsu skill.
    pub iaijutsu: Option<i64>,
    /// Ki-ai skill.
    pub ki_ai: Option<i64>,
    /// Yadomejutsu skill per weapon.
    pub yadomejutsu: BTreeMap<String, i64>,
    /// Ni-Ten Jitsu skill.
    pub ni_ten: Option<i64>,
    /// Stamina points for Exhaustion.
    pub stamina: Option<i64>,
    /// Rides a horse.
    pub horse: bool,
    /// A Heroic Super Samurai.
    pub heroic: bool,
    /// Killed in an earlier battle of a campaign: the battle begins with the figure dead.
    /// Written only when it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dead: bool,
    /// Wounds carried from earlier battles of a campaign.
    #[serde(default, skip_serializing_if = "crate::campaign::is_zero")]
    pub wounds_taken: u32,
}

impl FigureSpec {
    /// `Samurai, armoured, Katana +4, Kyu +2`.
    pub fn kind(&self) -> String {
        let mut parts = Vec::new();
        if let Some(t) = self.template {
            parts.push(t.name().to_owned());
        }
        parts.push(self.armour.name().to_owned());
        if self.horse {
            parts.push("mounted".into());
        }
        parts.extend(self.skills.iter().map(|(w, s)| format!("{w} {s:+}")));
        parts.join(", ")
    }

    /// Its skill with a weapon; a weapon it has no skill in counts 0.
    pub fn skill(&self, weapon: &str) -> i64 {
        self.skills.get(weapon).copied().unwrap_or(0)
    }
}

/// A validated army: its figures, in roster order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// Its figures.
    pub figures: Vec<FigureSpec>,
}

impl Army {
    /// Its players, in the order they first appear.
    pub fn players(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for f in &self.figures {
            if !out.contains(&f.player) {
                out.push(f.player.clone());
            }
        }
        out
    }
}
