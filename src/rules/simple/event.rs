//! What happened in a Simple Samurai battle, with every die face.

use serde::{Deserialize, Serialize};

use super::command::{FailCause, Fighter, Kindling, MoveKind, Status};
use super::roster::{Formation, Troop, Weapon};
use super::state::{Blaze, Due, GroupRef, MoraleCause, Structure, Target, UnitRef};

/// One volley's dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRoll {
    /// The firer.
    pub unit: UnitRef,
    /// The target.
    pub target: Target,
    /// Volley fire.
    pub volley: bool,
    /// The firing die.
    pub sides: u32,
    /// One face per firing figure.
    pub faces: Vec<u32>,
    /// The sharpshooters' bonus per die.
    pub bonus: Vec<u32>,
    /// The score needed.
    pub needs: u32,
    /// Dice paired by the combined-score rule, as indexes into `faces`.
    pub pairs: Vec<(usize, usize)>,
    /// Hits scored.
    pub hits: u32,
    /// The save die.
    pub save_sides: u32,
    /// The save needed.
    pub save_on: u32,
    /// One save face per hit.
    pub saves: Vec<u32>,
    /// Figures killed.
    pub killed: u32,
}

/// One attacker's bout against the defending figure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bout {
    /// The attacker.
    pub attacker: Fighter,
    /// The attacker's die and face.
    pub attacker_die: u32,
    /// Its face.
    pub attacker_face: u32,
    /// Its total after modifiers.
    pub attacker_total: i64,
    /// The defender's die.
    pub defender_die: u32,
    /// Its face.
    pub defender_face: u32,
    /// Its total after modifiers.
    pub defender_total: i64,
    /// The attacker scored higher.
    pub kills: bool,
}

/// An event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Each Daimyo's d12 (side 0 then 1), and the Home side unless tied.
    HomeRolled {
        /// The faces.
        faces: Vec<u32>,
        /// The Home side.
        home: Option<u8>,
    },
    /// The deck's order and the dice that made it.
    DeckShuffled {
        /// Card numbers in drawing order.
        order: Vec<u8>,
        /// The dice rolled (d30, d29, ... d2).
        faces: Vec<u32>,
    },
    /// A side's turn begins.
    TurnBegins {
        /// The sequence.
        turn: u32,
        /// The acting side.
        side: u8,
    },
    /// Something became due.
    Required(Due),
    /// Something due was settled.
    Settled(Due),
    /// Something due is no longer owed: its subject left play.
    Dropped(Due),
    /// A card was drawn.
    CardDrawn {
        /// The drawer.
        side: u8,
        /// The card number (even: blank).
        card: u8,
        /// Typed in from a real deck.
        from_table: bool,
    },
    /// A card's restriction or wind took effect.
    CardEffect {
        /// The drawer.
        side: u8,
        /// The card.
        card: u8,
    },
    /// The wind card halves ranges for this many turns.
    WindBlows(u32),
    /// An allied clan changes sides.
    Turncoat {
        /// The clan.
        group: GroupRef,
        /// Its new side.
        to: u8,
    },
    /// The ambush unit is placed on the table.
    AmbushRevealed(UnitRef),
    /// Allied Monks or Ronin arrive.
    Arrived {
        /// For whom.
        side: u8,
        /// The unit's name.
        name: String,
        /// Troop.
        troop: Troop,
        /// Weapon.
        weapon: Weapon,
        /// The square.
        square: u32,
        /// The dice rolled for the square.
        faces: Vec<u32>,
    },
    /// The ninja fights one figure.
    NinjaBout {
        /// His opponent.
        against: Target,
        /// The ninja's d12.
        ninja: u32,
        /// The opponent's die.
        sides: u32,
        /// The opponent's face.
        face: u32,
        /// The ninja won.
        won: bool,
    },
    /// An allied clan rolled to act.
    AllyRolled {
        /// The clan.
        group: GroupRef,
        /// Its die.
        sides: u32,
        /// The face.
        face: u32,
        /// It acts this turn.
        acts: bool,
    },
    /// A Formation Fail test.
    FormationTested {
        /// The unit.
        unit: UnitRef,
        /// Its die.
        sides: u32,
        /// The face.
        face: u32,
        /// Passed: the Formation Fail is gone.
        passed: bool,
    },
    /// A unit got a Formation Fail.
    FormationFailed {
        /// The unit.
        unit: UnitRef,
        /// Why.
        cause: FailCause,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitRef,
        /// How.
        kind: MoveKind,
    },
    /// A unit's formation changed.
    FormationChanged {
        /// The unit.
        unit: UnitRef,
        /// The new formation.
        formation: Formation,
    },
    /// A unit in melee moved away from it, not surrounded (Melee).
    MovedAway(UnitRef),
    /// A change of formation the unit's move did not complete: its furthest figure has
    /// further to go, and the change takes more moves (Movement).
    FormationChangeGoesOn {
        /// The unit.
        unit: UnitRef,
        /// The formation it is changing to.
        formation: Formation,
        /// Moves it still needs to finish the change.
        moves_left: u32,
    },
    /// A status reported by the table.
    StatusSet {
        /// The unit.
        unit: UnitRef,
        /// The status.
        status: Status,
    },
    /// A unit fired.
    Fired(Box<FireRoll>),
    /// Figures (or a Daimyo) killed.
    Killed {
        /// Whose.
        target: Target,
        /// How many.
        figures: u32,
    },
    /// A melee against one figure.
    Melee {
        /// The defender.
        defender: Target,
        /// Each attacker's bout.
        bouts: Vec<Bout>,
    },
    /// A morale test.
    MoraleTested {
        /// The unit.
        unit: UnitRef,
        /// Why.
        cause: MoraleCause,
        /// The die of each living figure.
        own_sides: u32,
        /// Their faces.
        own: Vec<u32>,
        /// The d10s against: dead figures, Formation Fail, friend retreating.
        against: Vec<u32>,
        /// Passed.
        passed: bool,
    },
    /// A unit begins to retreat.
    Retreating {
        /// The unit.
        unit: UnitRef,
        /// Moves to make.
        moves: u32,
    },
    /// A retreat move made.
    RetreatMoved(UnitRef),
    /// A unit stops retreating.
    Rallied(UnitRef),
    /// A unit leaves the battlefield.
    LeftField {
        /// The unit.
        unit: UnitRef,
        /// Why.
        why: String,
    },
    /// A Daimyo is killed.
    DaimyoKilled(GroupRef),
    /// The army of a dead Daimyo retreats to its base line.
    ArmyRetreats(u8),
    /// A Daimyo joins a unit, or stands alone.
    Attached {
        /// His group.
        group: GroupRef,
        /// The unit.
        unit: Option<u8>,
    },
    /// A side's turn ends (smoke is judged).
    TurnEnded(u8),
    /// The battle is over.
    BattleEnded,
    /// Terrain: pieces rolled and squares suggested.
    TerrainRolled {
        /// The d10.
        count_face: u32,
        /// The d24 per piece.
        squares: Vec<u32>,
    },
    /// A unit hidden in ambush.
    AmbushSet {
        /// The unit.
        unit: UnitRef,
        /// Its square.
        square: u32,
    },
    /// The river's flow.
    RiverRolled {
        /// The d6.
        face: u32,
        /// fast, steady, slow.
        flow: String,
    },
    /// A unit wades a river.
    RiverCrossed {
        /// The unit.
        unit: UnitRef,
        /// One d6 per figure.
        faces: Vec<u32>,
        /// Figures drowned.
        drowned: u32,
    },
    /// Wind for smoke.
    WindRolled {
        /// The d6, then the d4 if windy.
        faces: Vec<u32>,
        /// In words.
        wind: String,
    },
    /// A fire attempt.
    FireLit {
        /// What.
        what: Kindling,
        /// The d6.
        face: u32,
        /// It caught.
        lit: bool,
    },
    /// Figures escaping fire.
    FireEscape {
        /// The unit.
        unit: UnitRef,
        /// One d6 each.
        faces: Vec<u32>,
        /// Figures lost.
        killed: u32,
    },
    /// A structure recorded.
    StructureAdded(Structure),
    /// A gun bombards a structure.
    Bombarded {
        /// The gun.
        gun: UnitRef,
        /// The structure.
        structure: u8,
        /// One d8 per artilleryman, or the hits counted at the table.
        faces: crate::dice::PoolRoll,
        /// Score needed.
        needs: u32,
        /// Hits.
        hits: u32,
        /// Hits it has left.
        left: u32,
        /// What the structure is now, in words.
        verdict: String,
    },
    /// A gun realigned.
    Realigned {
        /// The gun.
        gun: UnitRef,
        /// The d4.
        face: u32,
        /// Inches needed.
        needed: u32,
        /// It may fire now.
        ready: bool,
        /// The target it is now laid on.
        #[serde(default)]
        target: Option<Target>,
    },
    /// A gun's last artilleryman fell in melee: the attacker's side captures it.
    GunCaptured {
        /// The gun.
        gun: UnitRef,
        /// The captors.
        by: u8,
    },
    /// Artillerymen take over a captured gun and leave their own post.
    GunCrewed {
        /// The captured gun.
        gun: UnitRef,
        /// The artillerymen's unit.
        crew: UnitRef,
        /// How many man it.
        figures: u32,
        /// The side it fires for now.
        side: u8,
    },
    /// A unit goes into (or behind) a structure, or leaves it.
    Occupied {
        /// The unit.
        unit: UnitRef,
        /// The structure, or none.
        structure: Option<u8>,
    },
    /// A defender at a building's door was killed: the attacker's side may go in.
    DoorTaken {
        /// The building.
        structure: u8,
        /// The side that may enter.
        side: u8,
    },
    /// A structure fell: figures in it (or behind it) are removed.
    Ruined {
        /// The structure.
        structure: u8,
    },
    /// Something caught fire.
    BlazeStarted(Blaze),
    /// A sequence ends: every fire spreads, its smoke drifts downwind.
    FiresBurn {
        /// Inches each fire spreads.
        spread_inches: u32,
        /// Centimetres of smoke per inch of spread.
        smoke_cm_per_inch: u32,
        /// Sequences after a building is wholly ablaze that its smoke stops.
        smoke_stops_after: u32,
        /// There is wind to carry the smoke.
        drifts: bool,
    },
    /// A fire burnt a wooden wall's section down, or burnt out.
    BurntOut {
        /// The blaze's index.
        blaze: u8,
        /// The wall section it burnt down, if any.
        wall: Option<u8>,
    },
    /// The whole building is ablaze.
    Engulfed(u8),
    /// Card 9: the opponent sent a unit back a full move (its move this turn); it leaves any
    /// building and any melee.
    SentBack(UnitRef),
    /// Card 11: a Samurai unit in melee disengages and moves back (its move this turn).
    Disengaged(UnitRef),
    /// The opponent called for a morale test on a unit (once a turn, ruling `morale_calls`).
    MoraleCalled {
        /// The unit.
        unit: UnitRef,
        /// The trigger called.
        cause: MoraleCause,
    },
    /// The village's peasants hold the village.
    VillagersPlaced {
        /// The side whose books carry them (the Home Daimyo's).
        side: u8,
        /// Figures.
        figures: u32,
    },
}
