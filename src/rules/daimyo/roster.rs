//! Daimyo armies: a General with his hatamoto, and clans under their Daimyos, each unit a
//! number of stands of one troop type and quality, with the army's own move rates.

use serde::{Deserialize, Serialize};

/// A unit's troop type, as far as the movement chapter tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Troop {
    /// Samurai on foot.
    SamuraiFoot,
    /// Ashigaru with spears.
    AshigaruSpear,
    /// Ashigaru archers: missile-armed.
    AshigaruBow,
    /// Ashigaru arquebusiers: missile-armed.
    AshigaruArquebus,
    /// Armed peasants.
    Peasants,
    /// Mounted samurai.
    Cavalry,
}

impl Troop {
    /// Every troop type, in menu order.
    pub const ALL: [Troop; 6] = [
        Troop::SamuraiFoot,
        Troop::AshigaruSpear,
        Troop::AshigaruBow,
        Troop::AshigaruArquebus,
        Troop::Peasants,
        Troop::Cavalry,
    ];

    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Troop::SamuraiFoot => "Samurai foot",
            Troop::AshigaruSpear => "Ashigaru spear",
            Troop::AshigaruBow => "Ashigaru bow",
            Troop::AshigaruArquebus => "Ashigaru arquebus",
            Troop::Peasants => "Peasants",
            Troop::Cavalry => "Cavalry",
        }
    }

    /// Mounted troops: the cavalry costs and limits of the chapter apply.
    pub fn cavalry(self) -> bool {
        self == Troop::Cavalry
    }

    /// Missile-armed ashigaru (archers and arquebusiers): their own fall back, charge tests
    /// and interpenetration exception.
    pub fn missile(self) -> bool {
        matches!(self, Troop::AshigaruBow | Troop::AshigaruArquebus)
    }

    /// Ashigaru of any arms: spear, bow or arquebus (Charge Response's "Ashigaru").
    pub fn ashigaru(self) -> bool {
        matches!(
            self,
            Troop::AshigaruSpear | Troop::AshigaruBow | Troop::AshigaruArquebus
        )
    }

    /// Peasants: never disordered by entering dense terrain, test to charge and to be charged.
    pub fn peasants(self) -> bool {
        self == Troop::Peasants
    }
}

/// A unit's quality, which sets its wheel and turn costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quality {
    /// Wheels at normal speed, turns for a quarter move; never tests to receive cavalry.
    Elite,
    /// Wheels at normal speed, turns for a quarter move.
    Veteran,
    /// Wheels count double, turns cost half a move.
    Seasoned,
    /// Wheels count triple, turns cost half a move.
    Raw,
}

impl Quality {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Quality::Elite => "Elite",
            Quality::Veteran => "Veteran",
            Quality::Seasoned => "Seasoned",
            Quality::Raw => "Raw",
        }
    }
}

/// A General or Daimyo and his Command Rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderSpec {
    /// His name.
    pub name: String,
    /// Command Rating, 1 to 4.
    pub rating: i64,
    /// Killed in an earlier battle of a campaign, with nobody in his place: the battle
    /// begins with him dead. Written only when he was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fallen: bool,
}

/// One unit as the roster gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Its name, unique in the army.
    pub name: String,
    /// Troop type.
    pub troop: Troop,
    /// Quality.
    pub quality: Quality,
    /// Frenzied troops never test to receive cavalry and must finish a failed charge's move.
    pub frenzied: bool,
    /// Stands at the start.
    pub stands: u32,
    /// Stands in the front rank at the start.
    pub wide: u32,
    /// Stands lost in earlier battles of a campaign and not recovered: the unit takes the
    /// field with `stands - lost` (all lost: it does not). Written only when some are.
    #[serde(default, skip_serializing_if = "crate::campaign::is_zero")]
    pub lost: u32,
}

/// A clan: its Daimyo and units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClanSpec {
    /// The clan's name.
    pub name: String,
    /// Its Daimyo.
    pub daimyo: LeaderSpec,
    /// Its units.
    pub units: Vec<UnitSpec>,
}

/// The most a troop type moves in line, in cm (the rule book's table, given by the roster).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRate {
    /// The troop type.
    pub troop: Troop,
    /// A normal move.
    pub normal: i64,
    /// A charge move.
    pub charge: i64,
}

/// A validated army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// The General.
    pub general: LeaderSpec,
    /// The General's own units (hatamoto), if any.
    pub hatamoto: Vec<UnitSpec>,
    /// The clans.
    pub clans: Vec<ClanSpec>,
    /// Move rates per troop type, in cm.
    pub moves: Vec<MoveRate>,
    /// An unattached leader's move, in cm.
    pub leader_move: i64,
    /// A Daimyo's command radius in cm, when the rule book's figure is given.
    pub command_radius: Option<i64>,
}

impl Army {
    /// The move rates of a troop type (every type used has one, checked on loading).
    pub fn rate(&self, troop: Troop) -> MoveRate {
        self.moves
            .iter()
            .find(|m| m.troop == troop)
            .copied()
            .unwrap_or(MoveRate {
                troop,
                normal: 0,
                charge: 0,
            })
    }
}
