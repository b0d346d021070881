//! What the umpire can ask for in a Kozeriai battle.

use serde::{Deserialize, Serialize};

use super::state::{Due, FigureRef, Speed, TripCause};

/// A step on foot (Actions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Remain stationary.
    Stay,
    /// Change facing up to 180 degrees without moving.
    Turn,
    /// Change facing up to 60 degrees without moving: all a figure with no stamina may do
    /// (Exhaustion).
    TurnSixty,
    /// One hex forward, turning up to 60 degrees.
    Forward,
    /// Sidestep one hex forward left or right.
    SidestepForward,
    /// Sidestep one hex back left or right.
    SidestepBack,
    /// One hex back, turning up to 60 degrees.
    Back,
}

impl Step {
    /// Every step, in the text's order.
    pub const ALL: [Step; 7] = [
        Step::Forward,
        Step::Turn,
        Step::TurnSixty,
        Step::Stay,
        Step::SidestepForward,
        Step::SidestepBack,
        Step::Back,
    ];

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Step::Stay => "remains stationary",
            Step::Turn => "turns on the spot",
            Step::TurnSixty => "turns up to 60 degrees on the spot",
            Step::Forward => "moves one hex forward",
            Step::SidestepForward => "sidesteps forward",
            Step::SidestepBack => "sidesteps back",
            Step::Back => "steps one hex back",
        }
    }

    /// Stays in its hex: standing still or turning.
    pub fn still(self) -> bool {
        self.hexes() == 0
    }

    /// Hexes moved.
    pub fn hexes(self) -> u32 {
        match self {
            Step::Stay | Step::Turn | Step::TurnSixty => 0,
            _ => 1,
        }
    }
}

/// A horse's action, each at a speed (Moving Horses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ride {
    /// Move at the given speed (walk 1 to gallop 4 hexes), or halt.
    At(Speed),
    /// One hex sideways, no turns.
    Sidestep,
    /// Turn the horse 60 degrees without moving.
    Turn,
    /// One hex back, no turns.
    Back,
}

impl Default for Ride {
    /// A horse standing still: halted, or just mounted.
    fn default() -> Self {
        Ride::At(Speed::Halt)
    }
}

impl Ride {
    /// The speed this action goes at.
    pub fn speed(self) -> Speed {
        match self {
            Ride::At(s) => s,
            Ride::Turn => Speed::Halt,
            Ride::Sidestep | Ride::Back => Speed::Walk,
        }
    }
}

/// A figure's action for its phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// A step on foot, perhaps with a reload and aiming at a target.
    Step {
        /// The step.
        step: Step,
        /// Reloads at the same time.
        reload: bool,
        /// Aims at this target (standing still or turning only).
        aim: Option<FigureRef>,
        /// Jumps or climbs an obstacle on the way (Exhaustion).
        jump: bool,
    },
    /// Dash 2 or 3 hexes forward.
    Dash(u32),
    /// Stand up.
    StandUp,
    /// Lie down.
    LieDown,
    /// Mount a horse.
    Mount,
    /// Dismount.
    Dismount,
    /// Open or close a door.
    Door,
    /// A horse's action; a change of speed is a change of activity.
    Ride(Ride),
    /// A horse's stationary action (halt, or turn on the spot) with a reload: a mounted
    /// archer reloads while the horse stands (Actions: a reload goes with standing still).
    RideReload(Ride),
    /// Shout a Ki-ai at the figures in its area.
    KiAi(Vec<FigureRef>),
    /// Break off a grapple.
    BreakOff,
}

impl Action {
    /// The horse's action, if this is one.
    pub fn ride(&self) -> Option<Ride> {
        match self {
            Action::Ride(r) | Action::RideReload(r) => Some(*r),
            _ => None,
        }
    }

    /// Whether a reload goes with this action.
    pub fn reloads(&self) -> bool {
        matches!(
            self,
            Action::Step { reload: true, .. } | Action::RideReload(_)
        )
    }
}

/// How well the target of a shot can be seen (Shooting Factors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// In plain view.
    Clear,
    /// Partly obscured: -1.
    Partly,
    /// Minimally visible: -2.
    Minimal,
}

/// A shot (Bows and Bullets).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShotOrder {
    /// Who shoots.
    pub shooter: FigureRef,
    /// At whom.
    pub target: FigureRef,
    /// With which missile weapon.
    pub weapon: String,
    /// Range in hexes.
    pub range_hexes: u32,
    /// How well the target is seen.
    pub visibility: Visibility,
    /// The shooter is being shot at.
    pub shot_at: bool,
    /// It is raining (musket misfire).
    pub rain: bool,
    /// The target tries Yadomejutsu.
    pub deflect: bool,
    /// The weapon in the target's hand, whose Yadomejutsu skill it deflects with.
    #[serde(default)]
    pub in_hand: Option<String>,
    /// Arrows the target already deflected this phase.
    pub earlier_arrows: u32,
}

/// What the attacker tries in a clash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClashKind {
    /// An ordinary attacking stroke.
    Strike,
    /// A chain or rope attack at reach (recovered every other turn).
    Chain,
    /// Entangle with a restraining weapon: win by 3.
    Entangle,
    /// Kawa-Nawa trip: win by 3, 2 distractions.
    Trip,
    /// A body charge (Body Charges).
    BodyCharge,
    /// Grappling after a body charge.
    Grapple,
    /// An entangled figure tears free.
    TearFree,
}

impl ClashKind {
    /// Every kind, in the order the form offers them.
    pub const ALL: [ClashKind; 7] = [
        ClashKind::Strike,
        ClashKind::Chain,
        ClashKind::Entangle,
        ClashKind::Trip,
        ClashKind::BodyCharge,
        ClashKind::Grapple,
        ClashKind::TearFree,
    ];

    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            ClashKind::Strike => "attacking stroke",
            ClashKind::Chain => "chain attack",
            ClashKind::Entangle => "entangling attack",
            ClashKind::Trip => "tripping attack",
            ClashKind::BodyCharge => "body charge",
            ClashKind::Grapple => "grapple",
            ClashKind::TearFree => "tearing free",
        }
    }
}

/// One side's situation in a clash: the tactical factors the umpire sees on the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Situation {
    /// Wading in water.
    pub wading: bool,
    /// Standing in a body hex.
    pub body_hex: bool,
    /// On rough ground.
    pub rough: bool,
    /// Stuck in undergrowth.
    pub undergrowth: bool,
    /// Drawing, changing or recovering a weapon this phase.
    pub drawing: bool,
    /// Attacked from its engagement zone's -2 hexes.
    pub zone: bool,
    /// Outnumbered n to 1 by unengaged enemies (0 or 1: not outnumbered).
    pub outnumbered: u32,
    /// The opponent is outside the horse's forward arc: no speed bonus.
    pub off_arc: bool,
    /// Fighting on a slippery surface (mud, snow, ice): dices for tripping (Tripping Over).
    #[serde(default)]
    pub slippery: bool,
}

/// One side of a clash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// The figure.
    pub figure: FigureRef,
    /// The weapon it fights with.
    pub weapon: String,
    /// Fights Ni-Ten Jitsu (two swords).
    pub ni_ten: bool,
    /// Tries an Iaijutsu draw.
    pub iaijutsu: bool,
    /// Its situation.
    pub situation: Situation,
}

/// A clash of blades between an attacker and a defender.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ClashOrder {
    /// The attacker.
    pub attacker: Fighter,
    /// The defender.
    pub defender: Fighter,
    /// What the attacker tries.
    pub kind: ClashKind,
    /// The defender strikes too (its attacking stroke for the turn).
    pub both_strike: bool,
    /// The longer weapon's attack to stop a shorter one closing (Closing Rule).
    pub closing: bool,
    /// Both were moving (body charge falling table).
    pub moving: bool,
    /// The range of the attack in hexes: 1 adjacent; a chain or rope reaches further.
    #[serde(default = "adjacent")]
    pub range: u32,
    /// The umpire's answer, read off the attacker's engagement zone diagram, whether the
    /// defender stands in a hex its weapon can attack (Combat Engagement Zones); `None` where
    /// it is not asked (a body charge, tearing free, a grapple) and in journals from before.
    #[serde(default)]
    pub attackable: Option<bool>,
}

impl Serialize for ClashOrder {
    /// As derived, except that a journal line (a human-readable form) leaves `attackable`
    /// out when it was not asked, as lines from before it was asked have it; the derived
    /// cache's binary form, which names no fields and so cannot tell a field left out, keeps
    /// every one (left out there, no cache of a clash could be read back).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let leave_out = serializer.is_human_readable() && self.attackable.is_none();
        let mut s = serializer.serialize_struct("ClashOrder", 8 - usize::from(leave_out))?;
        s.serialize_field("attacker", &self.attacker)?;
        s.serialize_field("defender", &self.defender)?;
        s.serialize_field("kind", &self.kind)?;
        s.serialize_field("both_strike", &self.both_strike)?;
        s.serialize_field("closing", &self.closing)?;
        s.serialize_field("moving", &self.moving)?;
        s.serialize_field("range", &self.range)?;
        if leave_out {
            s.skip_field("attackable")?;
        } else {
            s.serialize_field("attackable", &self.attackable)?;
        }
        s.end()
    }
}

fn adjacent() -> u32 {
    1
}

/// An obstacle a horse jumps (Moving Horses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obstacle {
    /// A low hedge.
    LowHedge,
    /// A high hedge.
    HighHedge,
    /// A barricade, or a collision.
    Barricade,
    /// A gap of 1 hex.
    Gap1,
    /// A gap of 2 hexes.
    Gap2,
    /// A gap of 3 hexes.
    Gap3,
}

impl Obstacle {
    /// Every obstacle, in the table's order.
    pub const ALL: [Obstacle; 6] = [
        Obstacle::LowHedge,
        Obstacle::HighHedge,
        Obstacle::Barricade,
        Obstacle::Gap1,
        Obstacle::Gap2,
        Obstacle::Gap3,
    ];

    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Obstacle::LowHedge => "low hedge",
            Obstacle::HighHedge => "high hedge",
            Obstacle::Barricade => "barricade or collision",
            Obstacle::Gap1 => "1 hex gap",
            Obstacle::Gap2 => "2 hex gap",
            Obstacle::Gap3 => "3 hex gap",
        }
    }
}

/// A Kozeriai command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// A figure takes an action.
    Act {
        /// The figure.
        figure: FigureRef,
        /// The action.
        action: Action,
    },
    /// A figure shoots.
    Shoot(ShotOrder),
    /// A clash of blades.
    Clash(ClashOrder),
    /// A figure dices for tripping.
    Trip(FigureRef, TripCause),
    /// A pushed-back figure ended clear of anything that trips.
    NoHazard(FigureRef),
    /// A pushed-back figure ended where it must dice for tripping (a body, an obstacle,
    /// uphill): the umpire's answer, which makes the trip roll due.
    PushedInto(FigureRef, TripCause),
    /// A horse jumps an obstacle (or collides: the barricade row).
    Jump(FigureRef, Obstacle),
    /// A cantering or galloping horse runs down a figure on foot.
    RunDown(FigureRef, FigureRef),
    /// The falling roll after a body charge.
    Fall(Due),
    /// The contingent's stage is done.
    EndStage,
    /// The umpire declares the battle over.
    EndBattle,
}

impl Command {
    /// A short kind name for the log filter.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::Act { .. } => "action",
            Command::Shoot(_) => "shooting",
            Command::Clash(_) => "clash",
            Command::Trip(..)
            | Command::NoHazard(_)
            | Command::PushedInto(..)
            | Command::Fall(_) => "tripping",
            Command::Jump(..) | Command::RunDown(..) => "horses",
            Command::EndStage | Command::EndBattle => "turn",
        }
    }
}
