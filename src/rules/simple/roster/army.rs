//! The validated army of Simple Samurai Rules: groups of units of figures.

use serde::{Deserialize, Serialize};

/// The troop type of a unit: it decides the die it rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Troop {
    /// Peasants (d4).
    Peasant,
    /// Ashigaru, including artillerymen (d6).
    Ashigaru,
    /// Ronin (d8).
    Ronin,
    /// Samurai on foot (d10).
    SamuraiFoot,
    /// Samurai foot guard, flagbearers included (d12).
    SamuraiGuard,
    /// Warrior monks on foot (d12).
    Monks,
    /// Mounted Samurai (d12).
    SamuraiCavalry,
    /// Mounted monks (d12).
    MonkCavalry,
    /// Oxen, artillery horses or mules drawing wagons and guns.
    Animals,
}

impl Troop {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Troop::Peasant => "Peasants",
            Troop::Ashigaru => "Ashigaru",
            Troop::Ronin => "Ronin",
            Troop::SamuraiFoot => "Samurai foot",
            Troop::SamuraiGuard => "Samurai foot guard",
            Troop::Monks => "Monks",
            Troop::SamuraiCavalry => "Samurai cavalry",
            Troop::MonkCavalry => "Monk cavalry",
            Troop::Animals => "Animals",
        }
    }

    /// Whether the troops ride.
    pub fn mounted(self) -> bool {
        matches!(self, Troop::SamuraiCavalry | Troop::MonkCavalry)
    }

    /// Samurai and monks never test morale.
    pub fn samurai_or_monk(self) -> bool {
        matches!(
            self,
            Troop::SamuraiFoot
                | Troop::SamuraiGuard
                | Troop::Monks
                | Troop::SamuraiCavalry
                | Troop::MonkCavalry
        )
    }
}

/// What a unit fights or shoots with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weapon {
    /// Swords only.
    Sword,
    /// Bows (the only troops that may skirmish).
    Bow,
    /// Arquebuses.
    Arquebus,
    /// Spears.
    Spear,
    /// Pikes.
    Pike,
    /// Naginata.
    Naginata,
    /// An artillery gun and its crew.
    Gun,
    /// Wagons (with their team).
    Wagon,
}

impl Weapon {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Sword => "sword",
            Weapon::Bow => "bow",
            Weapon::Arquebus => "arquebus",
            Weapon::Spear => "spear",
            Weapon::Pike => "pike",
            Weapon::Naginata => "naginata",
            Weapon::Gun => "artillery gun",
            Weapon::Wagon => "wagon",
        }
    }

    /// Whether it shoots.
    pub fn fires(self) -> bool {
        matches!(self, Weapon::Bow | Weapon::Arquebus | Weapon::Gun)
    }
}

/// How a unit stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Formation {
    /// A line of figures base to base.
    Line,
    /// One figure wide.
    Column,
    /// Open order (archers only).
    Skirmish,
}

impl Formation {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Skirmish => "skirmish",
        }
    }
}

/// A Daimyo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// His name.
    pub name: String,
    /// On horse or on foot.
    #[serde(default)]
    pub mounted: bool,
}

/// A validated unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Its name.
    pub name: String,
    /// Its troop type.
    pub troop: Troop,
    /// Its weapon.
    pub weapon: Weapon,
    /// Figures at the start (artillerymen for a gun).
    pub figures: u32,
    /// Starting formation.
    pub formation: Formation,
    /// Flagbearers among the figures (guard units).
    pub flagbearers: u32,
    /// Sharpshooters among the figures (+1 when firing).
    pub sharpshooters: u32,
    /// Figures killed in earlier battles of a campaign and not replaced: the unit takes the
    /// field with `figures - lost` (all lost: it does not). Written only when some are.
    #[serde(default, skip_serializing_if = "crate::campaign::is_zero")]
    pub lost: u32,
}

impl UnitSpec {
    /// `Ashigaru, arquebus, 1 sharpshooter`.
    pub fn kind(&self) -> String {
        let mut s = format!("{}, {}", self.troop.name(), self.weapon.name());
        if self.flagbearers > 0 {
            s.push_str(&format!(
                ", {}",
                crate::engine::words::counted(self.flagbearers, "flagbearer")
            ));
        }
        if self.sharpshooters > 0 {
            s.push_str(&format!(
                ", {}",
                crate::engine::words::counted(self.sharpshooters, "sharpshooter")
            ));
        }
        s
    }
}

/// An allied clan's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Koku {
    /// 10,000 koku: activates on 1d12.
    K10000,
    /// 5,000 koku: activates on 1d10.
    K5000,
}

impl Koku {
    /// `10,000 koku`.
    pub fn name(self) -> &'static str {
        match self {
            Koku::K10000 => "10,000 koku",
            Koku::K5000 => "5,000 koku",
        }
    }
}

/// A command: the army's own troops (no koku) or an allied clan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// Its name.
    pub name: String,
    /// The allied clan's size, or `None` for the army's own troops.
    pub koku: Option<Koku>,
    /// Its Daimyo (the army's, or the allied Daimyo).
    pub daimyo: Leader,
    /// Its units.
    pub units: Vec<UnitSpec>,
}

/// A validated army: the Daimyo's own group first, then allied clans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// Group 0 is the Daimyo's own; the rest are allied clans.
    pub groups: Vec<Group>,
}
