//! What happens in a Kozeriai battle: events carry every die, read 0 to 9.

use serde::{Deserialize, Serialize};

use super::command::{Action, ClashOrder, Obstacle, ShotOrder};
use super::numbers::clash::Outcome;
use super::state::{Due, FigureRef, Stage, TripCause};

/// How a horse took an obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JumpResult {
    /// Refused and threw its rider.
    Thrown,
    /// Refused and stopped.
    Refused,
    /// Cleared it.
    Cleared,
}

/// Who fell after a body charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FallResult {
    /// Both fall.
    Both,
    /// The defender falls.
    Defender,
    /// The attacker falls.
    Attacker,
    /// Neither falls.
    Neither,
}

/// One figure's roll against a Ki-ai.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KiAiRoll {
    /// The figure in the area.
    pub target: FigureRef,
    /// The die, read 0-9.
    pub die: u32,
    /// Hit at or under this.
    pub needed: i64,
    /// Hit.
    pub hit: bool,
}

/// The dice of a shot, read 0-9.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShotDice {
    /// The musket's misfire die.
    pub misfire: Option<u32>,
    /// The musket failed to go off.
    pub misfired: bool,
    /// The shooting die.
    pub die: Option<u32>,
    /// Die + factors.
    pub total: i64,
    /// The score needed.
    pub needed: i64,
    /// Hit.
    pub hit: bool,
    /// The Yadomejutsu dice, and whether they deflected it.
    pub deflect: Option<(Vec<u32>, bool)>,
    /// The effect die.
    pub effect: Option<u32>,
    /// Wounds caused.
    pub wounds: u32,
}

/// The dice of a clash, read 0-9.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClashDice {
    /// Each side's Iaijutsu draw die and whether it succeeded.
    pub draws: [Option<(u32, bool)>; 2],
    /// Each side's die.
    pub dice: [u32; 2],
    /// Each side's total.
    pub totals: [i64; 2],
    /// What the difference did.
    pub outcome: Outcome,
}

/// A Kozeriai event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A figure took an action.
    Acted {
        /// The figure.
        figure: FigureRef,
        /// The action.
        action: Action,
    },
    /// A figure's reload advanced.
    Reloaded {
        /// The figure.
        figure: FigureRef,
        /// The weapon.
        weapon: String,
        /// Turns still to go.
        left: u32,
    },
    /// A figure shot.
    Shot {
        /// The order.
        order: ShotOrder,
        /// The dice.
        dice: ShotDice,
        /// Reload turns now needed.
        reload: u32,
    },
    /// A clash of blades was fought.
    Clash {
        /// The order.
        order: ClashOrder,
        /// The dice.
        dice: ClashDice,
    },
    /// An outsider's attack on grapplers fell on one of them.
    GrappleSplit {
        /// The die, read 0-9.
        die: u32,
        /// The figure it falls on.
        falls_on: FigureRef,
    },
    /// A figure took wounds.
    Wounded {
        /// The figure.
        figure: FigureRef,
        /// How many.
        wounds: u32,
    },
    /// A figure took distractions.
    Distracted {
        /// The figure.
        figure: FigureRef,
        /// How many.
        distractions: u32,
    },
    /// A figure died.
    Died(FigureRef),
    /// A figure was knocked out.
    KnockedOut(FigureRef),
    /// A figure is on the ground.
    Fell(FigureRef),
    /// A rider's horse ran the figure down: it fell under the horse.
    RanDown {
        /// The rider.
        rider: FigureRef,
        /// The figure run down.
        figure: FigureRef,
    },
    /// A rider is off the horse.
    Unhorsed(FigureRef),
    /// A figure is entangled.
    Entangled(FigureRef),
    /// A figure is free of entanglement.
    Freed(FigureRef),
    /// Two figures may elect to grapple (a body charge went home).
    Grappling(FigureRef, FigureRef),
    /// The first elected to grapple the second: the two grapple now.
    Grappled(FigureRef, FigureRef),
    /// A Ki-ai was shouted.
    KiAi {
        /// The shouter.
        shouter: FigureRef,
        /// Each figure's roll.
        rolls: Vec<KiAiRoll>,
    },
    /// A trip roll.
    Tripped {
        /// The figure.
        figure: FigureRef,
        /// Why.
        cause: TripCause,
        /// The die, read 0-9.
        die: u32,
        /// Trips at or under this.
        needed: i64,
        /// Fell.
        fell: bool,
    },
    /// A horse jump.
    Jumped {
        /// The rider.
        figure: FigureRef,
        /// The obstacle.
        obstacle: Obstacle,
        /// The die, read 0-9.
        die: u32,
        /// What happened.
        result: JumpResult,
    },
    /// The falling roll after a body charge.
    FallRoll {
        /// The charger.
        attacker: FigureRef,
        /// The charged.
        defender: FigureRef,
        /// The die, read 0-9.
        die: u32,
        /// Who fell.
        result: FallResult,
    },
    /// Something must be settled.
    Required(Due),
    /// It was settled.
    Settled(Due),
    /// Something due is no longer owed: its subject left play.
    Dropped(Due),
    /// A distraction recovered at the turn's end.
    Recovered(FigureRef),
    /// A knocked-out or collapsed figure came round.
    CameRound(FigureRef),
    /// Stamina spent or recovered at the turn's end (Exhaustion).
    Stamina {
        /// The figure.
        figure: FigureRef,
        /// The change.
        change: i64,
        /// Why, in words.
        why: String,
    },
    /// A figure collapsed from exhaustion.
    Collapsed(FigureRef),
    /// A contingent's stage begins.
    StageBegins {
        /// The contingent's place in the order.
        contingent: usize,
        /// The stage.
        stage: Stage,
    },
    /// A new turn begins.
    TurnBegins(u32),
    /// The umpire ended the battle.
    BattleEnded,
}
