//! Skirmish armies: units of named figures, each with its troop type, weapon and gear; and
//! reading them from a roster file ([`load`]).

pub mod load;

use serde::{Deserialize, Serialize};

/// The type of a unit, which sets its size and who may lead it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitType {
    /// Ashigaru foot soldiers: 8 to 10 figures.
    Ashigaru,
    /// Sohei, warrior monks: 6 to 8 figures.
    Sohei,
    /// Samurai: 4 to 6 figures.
    Samurai,
    /// Ronin, masterless samurai: 1 to 6 figures, leaderless.
    Ronin,
    /// Ninja: 1 to 6 figures, leaderless.
    Ninja,
}

impl UnitType {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            UnitType::Ashigaru => "Ashigaru",
            UnitType::Sohei => "Sohei",
            UnitType::Samurai => "Samurai",
            UnitType::Ronin => "Ronin",
            UnitType::Ninja => "Ninja",
        }
    }

    /// Whether the unit has a leader (Ronin and Ninja units do not).
    pub fn led(self) -> bool {
        !matches!(self, UnitType::Ronin | UnitType::Ninja)
    }

    /// The troop types that may lead it (section "Unit sizes and leaders").
    pub fn leaders(self) -> &'static [Troop] {
        match self {
            UnitType::Ashigaru => &[Troop::Ashigaru, Troop::Monk, Troop::Ronin, Troop::Samurai],
            UnitType::Sohei => &[Troop::Monk, Troop::Ronin, Troop::Samurai],
            UnitType::Samurai => &[Troop::Samurai, Troop::Hatamoto, Troop::Daimyo],
            UnitType::Ronin | UnitType::Ninja => &[],
        }
    }

    /// The troop types of its rank and file (ruling `unit_figures`).
    pub fn members(self) -> &'static [Troop] {
        match self {
            UnitType::Ashigaru => &[Troop::Ashigaru],
            UnitType::Sohei => &[Troop::Monk],
            UnitType::Samurai => &[Troop::Samurai, Troop::Hatamoto],
            UnitType::Ronin => &[Troop::Ronin],
            UnitType::Ninja => &[Troop::Ninja],
        }
    }
}

/// The troop type of a figure, which sets its number of dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Troop {
    /// 1 die.
    Ashigaru,
    /// Sohei: 2 dice.
    Monk,
    /// 3 dice.
    Ninja,
    /// 3 dice.
    Ronin,
    /// 4 dice.
    Samurai,
    /// 5 dice.
    Hatamoto,
    /// 6 dice.
    Daimyo,
}

impl Troop {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Troop::Ashigaru => "Ashigaru",
            Troop::Monk => "Monk",
            Troop::Ninja => "Ninja",
            Troop::Ronin => "Ronin",
            Troop::Samurai => "Samurai",
            Troop::Hatamoto => "Hatamoto",
            Troop::Daimyo => "Daimyo",
        }
    }

    /// Samurai, Ronin and Ninja (and Hatamoto and Daimyo, ruling `hatamoto_daimyo`): hit on
    /// 4+ in melee and roll the 1d12 result when hit.
    pub fn warrior_class(self) -> bool {
        matches!(
            self,
            Troop::Samurai | Troop::Hatamoto | Troop::Daimyo | Troop::Ronin | Troop::Ninja
        )
    }

    /// Samurai by birth: the +1 for a Samurai leader in morale.
    pub fn samurai_born(self) -> bool {
        matches!(self, Troop::Samurai | Troop::Hatamoto | Troop::Daimyo)
    }
}

/// What a figure fights or shoots with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weapon {
    /// Katana, wakizashi, yari: no modifier.
    Hand,
    /// Bow.
    Yumi,
    /// Teppo.
    Arquebus,
    /// Ninja throwing weapons: shuriken, knives, blowpipes.
    Thrown,
    /// +1 in melee.
    TwoHandedSpear,
    /// +1 in melee.
    Mallet,
    /// +1 in melee.
    Axe,
    /// +2 against mounted, +1 against foot.
    Naginata,
}

impl Weapon {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Hand => "hand weapon",
            Weapon::Yumi => "yumi",
            Weapon::Arquebus => "arquebus",
            Weapon::Thrown => "thrown weapons",
            Weapon::TwoHandedSpear => "two-handed spear",
            Weapon::Mallet => "mallet",
            Weapon::Axe => "axe",
            Weapon::Naginata => "naginata",
        }
    }

    /// Whether it shoots.
    pub fn missile(self) -> bool {
        matches!(self, Weapon::Yumi | Weapon::Arquebus | Weapon::Thrown)
    }

    /// Two-handed spear, mallet or axe: +1 in melee.
    pub fn heavy(self) -> bool {
        matches!(self, Weapon::TwoHandedSpear | Weapon::Mallet | Weapon::Axe)
    }
}

/// A validated figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSpec {
    /// Its name (numbered when the roster gives a group).
    pub name: String,
    /// Its troop type.
    pub troop: Troop,
    /// Its weapon.
    pub weapon: Weapon,
    /// Wears armour.
    pub armoured: bool,
    /// Rides.
    pub mounted: bool,
    /// A trained shooter (3+ rather than 4+).
    pub trained: bool,
    /// The unit's leader.
    pub leader: bool,
    /// Killed in an earlier battle of a campaign: the battle begins with the figure dead.
    /// Written only when it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dead: bool,
    /// Leg wounds carried from earlier battles of a campaign.
    #[serde(default, skip_serializing_if = "crate::campaign::is_zero")]
    pub leg_wounds: u32,
    /// Arm wounds carried from earlier battles of a campaign.
    #[serde(default, skip_serializing_if = "crate::campaign::is_zero")]
    pub arm_wounds: u32,
}

impl FigureSpec {
    /// `Samurai, armoured, mounted, naginata`.
    pub fn kind(&self) -> String {
        let mut parts = vec![self.troop.name().to_owned()];
        if self.armoured {
            parts.push("armoured".into());
        }
        if self.mounted {
            parts.push("mounted".into());
        }
        parts.push(self.weapon.name().into());
        if self.weapon.missile() {
            parts.push(if self.trained { "trained" } else { "untrained" }.into());
        }
        parts.join(", ")
    }
}

/// A validated unit: its figures, the leader (if any) first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: UnitType,
    /// Its figures; a led unit's leader is the first.
    pub figures: Vec<FigureSpec>,
}

/// A validated army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// Its units.
    pub units: Vec<UnitSpec>,
}
