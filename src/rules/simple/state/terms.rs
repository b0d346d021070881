//! The small vocabulary of a Simple Samurai battle: cover, targets, what is due, structures.

use serde::{Deserialize, Serialize};

use super::{GroupRef, UnitRef};
use crate::rules::simple::command::Kindling;

/// The owner of the village's peasants: neither side (they fight whoever enters).
pub const NOBODY: u8 = 2;

/// What stands between a figure and the enemy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cover {
    /// In the open.
    #[default]
    Open,
    /// Soft cover: fence, stream, broken ground, hill, marsh, smoke.
    Soft,
    /// Hard cover: wall, woods, buildings, fieldworks, rivers.
    Hard,
}

impl Cover {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Cover::Open => "open",
            Cover::Soft => "soft cover",
            Cover::Hard => "hard cover",
        }
    }
}

/// What is fired at or fought: a unit, or a Daimyo standing alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// A unit's figures.
    Unit(UnitRef),
    /// The Daimyo of a group.
    Daimyo(GroupRef),
}

/// Why a unit must test morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleCause {
    /// Lost figures to fire.
    FireLosses,
    /// Lost figures as a melee defender.
    MeleeLosses,
    /// Half strength or less (asked by the opponent).
    HalfStrength,
    /// A current Formation Fail (asked by the opponent).
    FormationFail,
    /// Saw a friendly unit retreat close by (asked by the opponent).
    FriendRetreating,
    /// Finished its retreat moves.
    AfterRetreat,
}

impl MoraleCause {
    /// Why, in words.
    pub fn words(self) -> &'static str {
        match self {
            MoraleCause::FireLosses => "lost figures to fire",
            MoraleCause::MeleeLosses => "lost figures in melee",
            MoraleCause::HalfStrength => "at half strength or less",
            MoraleCause::FormationFail => "has a Formation Fail",
            MoraleCause::FriendRetreating => "saw a friendly unit retreating close by",
            MoraleCause::AfterRetreat => "has made its retreat moves",
        }
    }
}

/// Something the rules require before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Due {
    /// The side's Daimyo draws an event card.
    DrawCard(u8),
    /// An allied clan rolls to act this turn.
    AllyActivation(GroupRef),
    /// A unit with a Formation Fail tests at the start of its turn.
    FormationTest(UnitRef),
    /// A unit tests morale.
    Morale(UnitRef, MoraleCause),
    /// A retreating unit makes its retreat move.
    RetreatMove(UnitRef),
    /// A drawn card tells the table to do something (umpire confirms).
    CardInstruction(u8, u8),
    /// The ninja attacks this side's Daimyo.
    Ninja(u8),
    /// The village's peasants attack a unit that moved into the village.
    VillagersAttack(UnitRef),
    /// A unit inside a burning building rolls to escape the fire.
    FireEscape(UnitRef),
    /// Allied Monks (card 17) or Ronin (card 19) arrive for this side: roll their square.
    Arrival(u8, u8),
    /// Card 29: a cavalry unit of the drawer moves a full move toward the nearest enemy.
    CavalryAdvance(UnitRef),
}

/// A structure with hit points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Structure {
    /// Its name.
    pub name: String,
    /// Stone, wood, earth.
    pub kind: StructureKind,
    /// Hits left.
    pub hits: u32,
    /// Hits at the start.
    pub start_hits: u32,
    /// The side that killed a defender at its door and may now enter.
    #[serde(default)]
    pub door_taken_by: Option<u8>,
    /// Brought down by guns: a building, bridge or fieldworks at 4 hits or less, a linear
    /// object at 0 (simple: Firing at Soft/Hard Cover).
    #[serde(default)]
    pub ruined: bool,
}

impl Structure {
    /// Whether it still stands, to be used: not ruined by guns, and (a wall burnt down by a
    /// cart) not at 0 hits.
    pub fn standing(&self) -> bool {
        !self.ruined && self.hits > 0
    }
}

/// The kinds of structure the bombardment rules value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StructureKind {
    /// A stone building.
    StoneBuilding,
    /// A wooden building.
    WoodenBuilding,
    /// 15 cm of stone wall.
    StoneWall,
    /// 15 cm of wooden barricade or fence.
    WoodenBarricade,
    /// 15 cm of fieldworks or earthworks.
    Fieldworks,
    /// 15 cm of low fence: a linear wooden object in soft cover (ruling `fences`).
    Fence,
    /// A stone bridge, valued by its length (ruling `bridges`).
    StoneBridge,
    /// A wooden bridge, valued by its length (ruling `bridges`).
    WoodenBridge,
}

impl StructureKind {
    /// The bridges, which the Record a bridge form offers with their length.
    pub const BRIDGES: [StructureKind; 2] =
        [StructureKind::StoneBridge, StructureKind::WoodenBridge];

    /// Every kind recorded a piece at a time (a building, or 15 cm of wall or fieldworks), in
    /// the order the Record a structure form offers them.
    pub const ALL: [StructureKind; 6] = [
        StructureKind::StoneBuilding,
        StructureKind::WoodenBuilding,
        StructureKind::StoneWall,
        StructureKind::WoodenBarricade,
        StructureKind::Fieldworks,
        StructureKind::Fence,
    ];

    /// The kind in words.
    pub fn words(self) -> &'static str {
        match self {
            StructureKind::StoneBuilding => "stone building",
            StructureKind::WoodenBuilding => "wooden building",
            StructureKind::StoneWall => "stone wall (15 cm)",
            StructureKind::WoodenBarricade => "wooden barricade (15 cm)",
            StructureKind::Fieldworks => "fieldworks (15 cm)",
            StructureKind::Fence => "fence (15 cm)",
            StructureKind::StoneBridge => "stone bridge",
            StructureKind::WoodenBridge => "wooden bridge",
        }
    }

    /// Whether a linear object (destroyed at 0) rather than a building (unusable at 4).
    pub fn linear(self) -> bool {
        matches!(
            self,
            StructureKind::StoneWall | StructureKind::WoodenBarricade | StructureKind::Fence
        )
    }

    /// A wooden wall a burning cart brings down.
    pub fn wooden_wall(self) -> bool {
        matches!(self, StructureKind::WoodenBarricade | StructureKind::Fence)
    }

    /// What it counts as under a gun's fire, which sets the score to hit it: a low fence is
    /// soft cover; walls, buildings, barricades, fieldworks and bridges (built as the walls of
    /// their stone or wood, ruling `bridges`) are hard.
    pub fn built_as(self) -> Cover {
        match self {
            StructureKind::Fence => Cover::Soft,
            _ => Cover::Hard,
        }
    }

    /// The cover it gives the figures in or behind it: what it is built as, but none on a
    /// bridge (a river is hard cover except across its bridges).
    pub fn cover(self) -> Cover {
        match self {
            StructureKind::StoneBridge | StructureKind::WoodenBridge => Cover::Open,
            other => other.built_as(),
        }
    }

    /// A bridge (valued by its length, ruling `bridges`).
    pub fn bridge(self) -> bool {
        matches!(
            self,
            StructureKind::StoneBridge | StructureKind::WoodenBridge
        )
    }
}

impl StructureKind {
    /// A building (5 figures at most, entered by its door).
    pub fn building(self) -> bool {
        matches!(
            self,
            StructureKind::StoneBuilding | StructureKind::WoodenBuilding
        )
    }
}

/// Something on fire: a cart, a haystack, a building or a wall.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blaze {
    /// What caught.
    pub what: Kindling,
    /// The structure burning, or the one a cart was pushed against.
    pub structure: Option<u8>,
    /// Sequences it has burnt so far.
    pub sequences: u32,
    /// Inches the fire has spread in every direction.
    pub spread_inches: u32,
    /// The whole building is ablaze (the table says so): its smoke stops 3 sequences on.
    pub engulfed_since: Option<u32>,
    /// Centimetres its smoke reaches downwind.
    pub smoke_cm: u32,
    /// Burnt out: no more spread or smoke.
    pub out: bool,
}
