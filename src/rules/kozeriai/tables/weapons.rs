//! The weapons glossary: each weapon's class and what it does, read from the reference table.

use serde::{Deserialize, Serialize};

use super::RelativeWeapons;

/// A weapon class of the glossary, longest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String")]
pub enum Class {
    /// Swords, spears, staves.
    Standard,
    /// Short swords and the like.
    Short,
    /// Daggers.
    CloseIn,
    /// Unarmed combat.
    Unarmed,
    /// Shot or thrown.
    Missile,
}

impl TryFrom<String> for Class {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Ok(match s.as_str() {
            "Standard" => Class::Standard,
            "Short" => Class::Short,
            "CloseIn" => Class::CloseIn,
            "Unarmed" => Class::Unarmed,
            "Missile" => Class::Missile,
            other => return Err(format!("unknown weapon class `{other}`")),
        })
    }
}

impl Class {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Class::Standard => "standard",
            Class::Short => "short",
            Class::CloseIn => "close-in",
            Class::Unarmed => "unarmed",
            Class::Missile => "missile",
        }
    }
}

/// Which row of the range and reload tables a missile weapon uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String")]
pub enum Shoots {
    /// Bows (and, by ruling, crossbows): arrows.
    Bow,
    /// Hand thrown objects.
    Thrown,
    /// The matchlock musket.
    Musket,
}

impl TryFrom<String> for Shoots {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Ok(match s.as_str() {
            "Bow" => Shoots::Bow,
            "Thrown" => Shoots::Thrown,
            "Musket" => Shoots::Musket,
            "" => return Err("a missile weapon needs a row".into()),
            other => return Err(format!("unknown missile row `{other}`")),
        })
    }
}

impl Shoots {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Shoots::Bow => "bow",
            Shoots::Thrown => "hand thrown",
            Shoots::Musket => "musket",
        }
    }
}

/// The engagement zone diagram a weapon fights on (Combat Engagement Zones): the text's own
/// lists, and for a glossary weapon no list names, the diagram of the weapon it is most like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String")]
pub enum Zone {
    /// The sword's, also for the Wakizashi, Bokken, Jo, Tonfa, Nunchaku, the unarmed arts and
    /// the Kumade.
    Katana,
    /// The spear's, also for the barbed poles restraining.
    Yari,
    /// The glaive's, also for the Nagamaki.
    Naginata,
    /// The staff's, also for the barbed poles injuring.
    Bo,
    /// The iron staff's, also for the Konsaibo and the Ono (war hammer).
    Tetsubo,
    /// The war fan's, also for clubs and daggers.
    Tessen,
    /// The Feruzue's short spear.
    ShortSpear,
}

impl TryFrom<String> for Zone {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Ok(match s.as_str() {
            "Katana" => Zone::Katana,
            "Yari" => Zone::Yari,
            "Naginata" => Zone::Naginata,
            "Bo" => Zone::Bo,
            "Tetsubo" => Zone::Tetsubo,
            "Tessen" => Zone::Tessen,
            "ShortSpear" => Zone::ShortSpear,
            other => return Err(format!("unknown engagement zone `{other}`")),
        })
    }
}

/// One weapon of the glossary.
#[derive(Clone, Debug, Deserialize)]
pub struct WeaponInfo {
    /// The rule section it comes from.
    pub section: String,
    /// What it is, in a few words.
    pub summary: String,
    /// Its classes (a few are both a hand weapon and a missile).
    pub class: Vec<Class>,
    /// A sword: what farmers cannot use, and what Iaijutsu draws and Ni-Ten Jitsu pairs.
    #[serde(default)]
    pub sword: bool,
    /// The missile row it shoots on (`Bow`, `Thrown`, `Musket`), empty if it is not shot.
    #[serde(default, rename = "shoots")]
    pub shoots_row: String,
    /// Causes distractions instead of wounds (Blunt Weapons).
    #[serde(default)]
    pub blunt: bool,
    /// Extra distractions on a hit (Ono and Konsaibo +1, Tetsubo +2).
    #[serde(default)]
    pub extra_distractions: u32,
    /// A heavy weapon for Exhaustion.
    #[serde(default)]
    pub heavy: bool,
    /// Reach in hexes, where the text gives one in words.
    #[serde(default)]
    pub reach: u32,
    /// The engagement zone diagram it fights on, for a hand weapon.
    #[serde(default)]
    pub zone: Option<Zone>,
    /// Has a chain (or rope) attack that must be recovered after use.
    #[serde(default)]
    pub chain: bool,
    /// Its attacks need recovering only from this range in hexes (Kawa-Nawa: 3); 0 for
    /// every chain attack.
    #[serde(default)]
    pub recover_from: u32,
    /// Every attack it makes is a chain attack (Manrikigusari).
    #[serde(default)]
    pub chain_only: bool,
    /// Entangles on a win by 3 or more.
    #[serde(default)]
    pub entangles: bool,
    /// An entangled victim dices for tripping (the barbed Mojiri and Sodegarami, the
    /// Kusarigama and Nagegama; Tripping Over).
    #[serde(default)]
    pub entangle_trips: bool,
    /// The class an ordinary stroke or a parry fights in, when not the weapon's own (the
    /// Kusarigama's sickle is a short sword).
    #[serde(default)]
    pub stroke_class: Option<Class>,
    /// The weapon it injures as, when it strikes to injure (Mojiri and Sodegarami as the Bo).
    #[serde(default)]
    pub injures_as: Option<String>,
    /// Can trip at reach (Kawa-Nawa): win by 3.
    #[serde(default)]
    pub trips: bool,
    /// Hidden: +2 surprise on first use.
    #[serde(default)]
    pub concealed: bool,
    /// A shuriken or sariken: -4 on the effect of a hit, +4 to deflect.
    #[serde(default)]
    pub star: bool,
}

impl WeaponInfo {
    /// The missile row it shoots on, if it is shot or thrown.
    pub fn shoots(&self) -> Option<Shoots> {
        Shoots::try_from(self.shoots_row.clone()).ok()
    }

    /// The class it fights with in the clash of blades, if it can be used there.
    pub fn melee_class(&self) -> Option<Class> {
        self.class.iter().copied().find(|c| *c != Class::Missile)
    }
}

/// The relative weapon factor for one side: what its class gains over the other's.
pub fn relative_factor(t: &RelativeWeapons, mine: Class, theirs: Class) -> i64 {
    match (mine, theirs) {
        (Class::Standard, Class::Unarmed) => t.standard_vs_unarmed,
        (Class::Standard, Class::CloseIn) => t.standard_vs_close_in,
        (Class::Standard, Class::Short) => t.standard_vs_short,
        (Class::Short, Class::Unarmed) => t.short_vs_unarmed,
        (Class::Short, Class::CloseIn) => t.short_vs_close_in,
        (Class::CloseIn, Class::Unarmed) => t.close_in_vs_unarmed,
        _ => 0,
    }
}
