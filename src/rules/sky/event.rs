//! What happens in a Sky battle: events carry every die face rolled.

use serde::{Deserialize, Serialize};

use crate::dice::PoolRoll;

use super::roster::{Formation, Weapon};
use super::state::{
    ActionKind, Binding, ChangeKind, Charge, ClanRef, Due, MoraleKind, Phase, RouteCause, Side,
    UnitRef,
};

/// What a 2d6 test was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Test {
    /// Activating a clan; by the General when he steps in.
    Activation {
        /// The clan.
        clan: ClanRef,
        /// The General rolled.
        by_general: bool,
    },
    /// A charger's Bushi test to contact.
    Charge(UnitRef),
    /// A charged unit's Bushi test to stand.
    Stand(UnitRef),
    /// A Samurai unit's Bushi test to do other than charge enemy Samurai.
    Impetus(UnitRef),
    /// A Route test.
    Route(UnitRef),
    /// A rally or re-order roll.
    Morale {
        /// The unit.
        unit: UnitRef,
        /// Which.
        kind: MoraleKind,
        /// The General rolled.
        by_general: bool,
    },
}

/// One side's part of a melee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeRoll {
    /// The unit.
    pub unit: UnitRef,
    /// The faces rolled, or the hits counted at the table.
    pub faces: PoolRoll,
    /// The number each die needed.
    pub needed: u32,
    /// Hits scored.
    pub hits: u32,
}

/// A Sky event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Initiative: each General's faces and clans counted; the first side, or none on a tie.
    Initiative {
        /// Faces per side.
        faces: [Vec<u32>; 2],
        /// Clans under control per side.
        clans: [u32; 2],
        /// Who goes first (none: tied, roll again).
        first: Option<Side>,
    },
    /// A 2d6 test against a rating.
    Tested {
        /// What for.
        test: Test,
        /// The faces.
        faces: Vec<u32>,
        /// Added to the faces.
        modifier: i64,
        /// The rating the total must not exceed (or stay under).
        target: i64,
        /// Passed.
        passed: bool,
    },
    /// A phase begins.
    PhaseBegins(Phase),
    /// A new turn begins.
    TurnBegins(u32),
    /// The General may step in for this clan.
    InterventionOffered(ClanRef),
    /// The offer lapsed (declined or used).
    InterventionClosed,
    /// The General failed: he may do nothing else this turn.
    GeneralBarred(Side),
    /// The activated clan's actions.
    ActionsRolled {
        /// The faces.
        faces: Vec<u32>,
        /// Actions (the higher face).
        actions: u32,
    },
    /// Something must be settled.
    Required(Due),
    /// It was settled.
    Settled(Due),
    /// Something due is no longer owed: its subject left play.
    Dropped(Due),
    /// A unit took an action, at a cost.
    ActionTaken {
        /// The unit.
        unit: UnitRef,
        /// What kind.
        kind: ActionKind,
        /// Actions spent.
        cost: u32,
    },
    /// A routing unit fell back a full move.
    RoutMoved(UnitRef),
    /// A unit left the table or was destroyed.
    Removed {
        /// The unit.
        unit: UnitRef,
        /// Why, in words.
        why: String,
    },
    /// A Samurai unit had no enemy Samurai within charge distance, or obeyed its order.
    ImpetusSettled {
        /// The unit.
        unit: UnitRef,
        /// It had tested and obeyed (rather than having no enemy near).
        obeyed: bool,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitRef,
        /// Crossing an obstacle.
        obstacle: bool,
    },
    /// An arquebus was reloaded.
    Reloaded(UnitRef),
    /// A unit fired.
    Fired {
        /// The firer.
        unit: UnitRef,
        /// The target.
        target: UnitRef,
        /// The weapon.
        weapon: Weapon,
        /// Faces rolled (none when out of range), or the hits counted at the table.
        faces: PoolRoll,
        /// The number each die needed.
        needed: u32,
        /// Dice at or over it.
        hits: u32,
        /// Hits that count after cover.
        counted: u32,
        /// In range.
        in_range: bool,
        /// Cover halved the hits.
        cover: bool,
        /// Defensive fire at a charger.
        defensive: bool,
    },
    /// An arquebus is now unloaded.
    Unloaded(UnitRef),
    /// Hits taken: stands lost and hits left marked.
    Casualties {
        /// The unit.
        unit: UnitRef,
        /// New hits.
        hits: u32,
        /// Stands removed.
        stands_lost: u32,
        /// Hits marked afterwards.
        marked: u32,
    },
    /// A unit became disordered.
    Disordered {
        /// The unit.
        unit: UnitRef,
        /// Why.
        why: String,
    },
    /// A unit is no longer disordered.
    Reordered(UnitRef),
    /// A unit began to rout.
    Routed(UnitRef),
    /// A routing unit rallied (and is disordered).
    Rallied(UnitRef),
    /// Tedate lost (charging or routing).
    TedateLost(UnitRef),
    /// A charge was declared (or units in contact begin a melee): its steps follow as dues.
    ChargeDeclared(Charge),
    /// The charger failed its test: half a move, disordered.
    ChargeFailed(UnitRef),
    /// The target failed to stand: it moves away a full move, disordered.
    Fled(UnitRef),
    /// A melee was fought.
    Melee([MeleeRoll; 2]),
    /// A unit withdrew from melee (a full move to the rear, facing the enemy).
    Withdrew(UnitRef),
    /// A leader's Command changed.
    CommandChanged {
        /// The clan (its leader), or none for the General of `side`.
        clan: Option<ClanRef>,
        /// The side.
        side: Side,
        /// Honor, Dishonor, Injury.
        kind: ChangeKind,
        /// The change.
        delta: i64,
        /// Why.
        reason: String,
    },
    /// A Clan Leader's injury roll.
    InjuryRolled {
        /// The unit he is with.
        unit: UnitRef,
        /// The face.
        face: u32,
        /// Injured.
        injured: bool,
    },
    /// The optional first Bushi roll.
    SpiritRolled {
        /// The unit.
        unit: UnitRef,
        /// The face.
        face: u32,
        /// The change to its Bushi.
        change: i64,
    },
    /// The activated clan's activation ended.
    ActivationEnded(ClanRef),
    /// A Clan Leader was attached or detached.
    Attached {
        /// The clan.
        clan: ClanRef,
        /// The unit, or none.
        unit: Option<u8>,
    },
    /// At the roll call, a unit's count set to what the table shows.
    CountCorrected {
        /// The unit.
        unit: UnitRef,
        /// Its stands now.
        stands: u32,
        /// Hits marked on it now.
        marked: u32,
    },
    /// A unit's formation changed.
    FormationSet {
        /// The unit.
        unit: UnitRef,
        /// The formation.
        formation: Formation,
    },
    /// The umpire ended the battle.
    BattleEnded,
    /// An umpire's answer committed a unit (held in the activity ledger until met).
    Bound {
        /// The unit.
        unit: UnitRef,
        /// What it is committed to.
        binding: Binding,
    },
    /// What bound a unit is met or released.
    Released(UnitRef),
    /// Why a unit's Route test is owed, for its card.
    RouteOwed {
        /// The unit.
        unit: UnitRef,
        /// Why.
        cause: RouteCause,
    },
    /// Two units fought a melee neither withdrew from: they stay in contact.
    ContactKept(UnitRef, UnitRef),
}
