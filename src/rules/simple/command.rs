//! What the umpire asks of a Simple Samurai battle.

use serde::{Deserialize, Serialize};

use super::roster::{Formation, Weapon};
use super::state::{Cover, GroupRef, MoraleCause, StructureKind, Target, UnitRef};

/// How a unit moved, for the Formation Fails a move causes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// An ordinary move.
    Normal,
    /// Moving into or across soft or hard cover.
    CrossCover,
    /// Out the far side of the cover it was crossing.
    ClearOfCover,
    /// A full move to change formation.
    ChangeFormation(Formation),
    /// A full move to mount or dismount.
    MountDismount,
    /// A full move to limber a gun or wagon.
    Limber,
    /// A full move to unlimber.
    Unlimber,
    /// Into or out of a building.
    Building,
    /// Through (or being passed by) skirmishers: both units fail.
    ThroughSkirmishers(Option<UnitRef>),
    /// Back toward its own base line (the only way an army whose Daimyo died may go).
    Back,
    /// Into the village, where its peasants attack.
    IntoVillage,
    /// Over soft or hard cover and out the far side within this one move (a low wall):
    /// a Formation Fail, tested at the start of the unit's next turn.
    OverCover,
}

/// The going a move crosses, for its allowance (Movement).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Going {
    /// Open ground: the standard rate.
    #[default]
    Standard,
    /// Along a road.
    Road,
    /// Through soft cover.
    Soft,
    /// Through hard cover.
    Hard,
}

impl Going {
    /// Every going, as the move form offers them.
    pub const ALL: [Going; 4] = [Going::Standard, Going::Road, Going::Soft, Going::Hard];

    /// The going in words.
    pub fn words(self) -> &'static str {
        match self {
            Going::Standard => "open ground",
            Going::Road => "along a road",
            Going::Soft => "through soft cover",
            Going::Hard => "through hard cover",
        }
    }
}

/// A cause of Formation Fail the table sees (moves cause theirs by themselves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FailCause {
    /// Changing formation.
    ChangingFormation,
    /// Crossing soft or hard cover.
    CrossingCover,
    /// Skirmishers out of line of sight.
    OutOfSight,
    /// After a melee.
    AfterMelee,
    /// Not base to base after changing formation.
    NotInContact,
    /// Mounting or dismounting.
    Mounting,
    /// Limbering or unlimbering.
    Limbering,
    /// Moving into or out of buildings.
    Buildings,
    /// Skirmishers less than 1 cm apart.
    SkirmishersTooClose,
    /// Retreating.
    Retreat,
    /// Moving through skirmishers, or being moved through.
    MovedThrough,
}

impl FailCause {
    /// The cause in words.
    pub fn words(self) -> &'static str {
        match self {
            FailCause::ChangingFormation => "changing formation",
            FailCause::CrossingCover => "crossing cover",
            FailCause::OutOfSight => "skirmishers out of line of sight",
            FailCause::AfterMelee => "after melee",
            FailCause::NotInContact => "not base to base after changing formation",
            FailCause::Mounting => "mounting or dismounting",
            FailCause::Limbering => "limbering or unlimbering",
            FailCause::Buildings => "moving into or out of a building",
            FailCause::SkirmishersTooClose => "skirmishers less than 1 cm apart",
            FailCause::Retreat => "retreating",
            FailCause::MovedThrough => "moving through skirmishers",
        }
    }
}

/// A status the table reports for a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// The cover it stands in.
    Cover(Cover),
    /// In melee or not.
    InMelee(bool),
    /// Smoke over its bases (the umpire may clear it).
    Smoke(bool),
    /// Covered by smoke drifting from a fire: soft cover.
    FireSmoke(bool),
    /// Sees a friendly unit retreating within 30 cm: +1d10 against its next morale test.
    SeesRetreat(bool),
}

/// A unit or a Daimyo fighting in melee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fighter {
    /// A figure of a unit.
    Unit(UnitRef),
    /// A Daimyo.
    Daimyo(GroupRef),
}

/// Where an attacker strikes the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Facing {
    /// The front.
    Front,
    /// A flank (+1).
    Flank,
    /// The rear (+2).
    Rear,
}

/// One attacking figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    /// Whose figure.
    pub fighter: Fighter,
    /// Where it strikes.
    pub facing: Facing,
    /// Base to base with a friendly figure.
    pub touches_friend: bool,
}

/// A melee against one defending figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeOrder {
    /// The defending figure's unit, or a Daimyo alone.
    pub defender: Target,
    /// The attacking figures (up to 4; 3 when the defender touches a friend).
    pub attackers: Vec<Attacker>,
    /// The defender is base to base with a friendly figure.
    pub defender_touches_friend: bool,
    /// A friendly figure behind the defender, base to base, with this weapon.
    pub rear_support: Option<Weapon>,
    /// Fought in a building: no modifiers at all.
    pub in_building: bool,
    /// Fought at this building's door: the defender is in hard cover, and killing him
    /// opens the building to the attacker's side.
    #[serde(default)]
    pub door: Option<u8>,
    /// The cover the table sees the defender behind (the Melee form asks); none in older
    /// journals, which read the unit's cover record.
    #[serde(default)]
    pub defender_cover: Option<Cover>,
}

/// An order to fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireOrder {
    /// The firing unit.
    pub unit: UnitRef,
    /// What it fires at.
    pub target: Target,
    /// Volley fire (d10 per figure).
    pub volley: bool,
    /// The distance measured on the table.
    pub distance_cm: u32,
    /// The cover the table sees the target in (the Fire form asks); none in older journals,
    /// which read the unit's cover record.
    #[serde(default)]
    pub target_cover: Option<Cover>,
}

/// What is being set alight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kindling {
    /// A hay cart or wagon.
    Cart,
    /// A haystack.
    Haystack,
    /// A building fired by Samurai.
    Building,
    /// A building when something is already on fire.
    BuildingWhileBurning,
}

/// A structure recorded before bridges had a length: one piece.
fn one_section() -> u32 {
    1
}

/// A command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Each Daimyo rolls 1d12: the higher is Home.
    RollForHome,
    /// Shuffles the 30-card event deck (the order is kept in the journal).
    ShuffleDeck,
    /// Starts the first sequence: the Invader's turn.
    BeginBattle,
    /// The acting Daimyo draws a card: the next of the shuffled deck, or the one the table drew.
    DrawCard {
        /// The card drawn from a real deck, if the table uses one.
        card: Option<u8>,
    },
    /// An allied clan rolls to act.
    AllyActivation(GroupRef),
    /// A unit takes its Formation Fail test.
    FormationTest(UnitRef),
    /// A unit moves.
    Move {
        /// The unit.
        unit: UnitRef,
        /// What kind of move.
        kind: MoveKind,
        /// The distance its furthest figure moves, in cm.
        #[serde(default)]
        distance_cm: u32,
        /// The going it crosses.
        #[serde(default)]
        going: Going,
        /// For a unit in melee moving away, the table's word whether 3 or 4 enemy figures
        /// surround it (then it cannot); none for a unit in no melee (Melee).
        #[serde(default)]
        surrounded: Option<bool>,
    },
    /// A retreating unit makes a retreat move.
    RetreatMove {
        /// The unit.
        unit: UnitRef,
        /// It left the battlefield.
        left_field: bool,
    },
    /// The table reports a cause of Formation Fail.
    MarkFormationFail {
        /// The unit.
        unit: UnitRef,
        /// The cause.
        cause: FailCause,
    },
    /// The table reports a unit's status.
    SetStatus {
        /// The unit.
        unit: UnitRef,
        /// The status.
        status: Status,
    },
    /// A unit fires.
    Fire(FireOrder),
    /// Figures attack one defending figure.
    Melee(MeleeOrder),
    /// A unit takes a morale test that is due. A friend seen retreating and the cover it
    /// stands in are recorded before the roll (`SetStatus` `SeesRetreat`, `Cover`), as the
    /// morale card asks.
    Morale {
        /// The unit.
        unit: UnitRef,
        /// The cover the table told for this test (its figures' dice go by it); none in older
        /// journals, whose tests read the unit's cover record.
        #[serde(default)]
        cover: Option<Cover>,
    },
    /// The opponent calls for a morale test.
    CallMorale {
        /// The unit.
        unit: UnitRef,
        /// Why.
        cause: MoraleCause,
    },
    /// The ninja fights the guarding figures named, in order, then the Daimyo.
    Ninja {
        /// The units of the figures around the Daimyo.
        guards: Vec<UnitRef>,
    },
    /// The table has done what a drawn card says.
    CardDone,
    /// A Daimyo joins a unit of his group, or stands alone.
    Attach {
        /// The Daimyo's group.
        group: GroupRef,
        /// The unit, or none.
        unit: Option<u8>,
    },
    /// Ends the acting side's turn.
    EndTurn,
    /// Ends the battle.
    EndBattle,
    /// Set-up: the Home Daimyo rolls 1d10 for terrain pieces, with suggested squares.
    RollTerrain,
    /// Set-up: the Home Daimyo hides a unit in ambush in square 1-18.
    SetAmbush {
        /// The unit.
        unit: UnitRef,
        /// The square.
        square: u32,
    },
    /// Set-up: rolls the river's flow.
    RollRiver,
    /// A unit wades a river without bridge or ford: 1d6 per figure.
    CrossRiver(UnitRef),
    /// Rolls for wind (smoke drift).
    RollWind,
    /// Tries to set something alight.
    SetFire(Kindling),
    /// Figures caught by fire try to escape: 1d6 each.
    EscapeFire {
        /// The unit.
        unit: UnitRef,
        /// How many of its figures are caught.
        figures: u32,
    },
    /// Records a structure with its hit points.
    AddStructure {
        /// Its name.
        name: String,
        /// Its kind.
        kind: StructureKind,
        /// A bridge's length in 15 cm sections, which sets its hits (ruling `bridges`); 1 for
        /// anything else, recorded a building or a 15 cm section at a time.
        #[serde(default = "one_section")]
        sections: u32,
    },
    /// A gun bombards a structure.
    Bombard {
        /// The gun.
        gun: UnitRef,
        /// The structure's index.
        structure: u8,
    },
    /// A gun realigns: 1d4 inches of barrel movement.
    Realign {
        /// The gun.
        gun: UnitRef,
        /// Inches the barrel must travel.
        needed_inches: u32,
        /// The new target it is laid on.
        #[serde(default)]
        target: Option<Target>,
    },
    /// The captors' artillerymen take over a captured gun (no other troops may).
    CrewCapturedGun {
        /// The captured gun.
        gun: UnitRef,
        /// The artillerymen: a gun unit of the capturing side.
        crew: UnitRef,
    },
    /// A unit goes into a building or fieldworks, or behind a wall (or leaves: `None`).
    Occupy {
        /// The unit.
        unit: UnitRef,
        /// The structure's index.
        structure: Option<u8>,
    },
    /// Tries to set something alight, saying where and who.
    SetAlight {
        /// What is kindled.
        what: Kindling,
        /// The building or wall burning, or the one the cart is pushed against.
        structure: Option<u8>,
        /// The unit doing it (Samurai for buildings).
        by: Option<UnitRef>,
    },
    /// The table reports a building wholly ablaze: figures still inside are killed.
    Engulfed(u8),
    /// The village's peasants attack a unit that moved into the village (in older journals:
    /// its figure fought from the unit's cover record, touching a friend if it had one left).
    VillagersAttack(UnitRef),
    /// The village's peasants attack a unit that moved into the village, its figure fighting
    /// from the cover the card was told (and touching a friend as its formation shows).
    VillagersAttackIn {
        /// The unit attacked.
        unit: UnitRef,
        /// The cover its figure fights from, as told.
        cover: Cover,
    },
    /// Rolls the square where the allied Monks or Ronin of a drawn card arrive.
    RollArrival,
    /// Card 9: the opponent sends one of the drawer's units back a full move.
    SendBack(UnitRef),
}

impl Command {
    /// A short name for the log filter.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::RollForHome | Command::BeginBattle | Command::EndTurn => "sequence",
            Command::ShuffleDeck
            | Command::DrawCard { .. }
            | Command::CardDone
            | Command::RollArrival
            | Command::SendBack(_) => "card",
            Command::Ninja { .. } => "card",
            Command::AllyActivation(_) => "allies",
            Command::FormationTest(_) | Command::MarkFormationFail { .. } => "formation",
            Command::Move { .. } | Command::RetreatMove { .. } => "movement",
            Command::SetStatus { .. } | Command::Attach { .. } => "status",
            Command::Fire(_) => "fire",
            Command::Melee(_) => "melee",
            Command::Morale { .. } | Command::CallMorale { .. } => "morale",
            Command::EndBattle => "end",
            Command::RollTerrain
            | Command::SetAmbush { .. }
            | Command::RollRiver
            | Command::CrossRiver(_)
            | Command::RollWind
            | Command::SetFire(_)
            | Command::SetAlight { .. }
            | Command::Engulfed(_)
            | Command::Occupy { .. }
            | Command::VillagersAttack(_)
            | Command::VillagersAttackIn { .. }
            | Command::EscapeFire { .. } => "terrain",
            Command::AddStructure { .. }
            | Command::Bombard { .. }
            | Command::Realign { .. }
            | Command::CrewCapturedGun { .. } => "artillery",
        }
    }
}
