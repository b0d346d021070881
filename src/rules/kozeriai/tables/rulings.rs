//! The rulings the Kozeriai code reads, typed: each an enum of the options recorded in
//! `reference/kozeriai.ron`, the first of which is our default.

use serde::Deserialize;

/// The rulings the kozeriai code reads, each the option in force (see `reference/kozeriai.ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct KozeriaiRulings {
    /// How wounds lower shooting.
    pub wounds_in_shooting: WoundsInShooting,
    /// In what order contingents move.
    pub order_of_movement: OrderOfMovement,
    /// Which wounds count for Exhaustion.
    pub exhaustion_wounds: ExhaustionWounds,
    /// What a closing attack is.
    pub closing_attack: ClosingAttack,
    /// Whether armour lowers blunt distractions.
    pub blunt_armour: BluntArmour,
    /// The stamina of a figure whose roster gives none.
    pub default_stamina: DefaultStamina,
    /// What a figure's Variable Wounds rating means.
    pub capacity: Capacity,
    /// When a rider may reload.
    pub mounted_reload: MountedReload,
    /// When a contingent's shooting and combat are resolved.
    pub combat_timing: CombatTiming,
    /// What a round of grappling does to its loser.
    pub grapple_result: GrappleResult,
    /// When armour costs stamina.
    pub exhaustion_armour: ExhaustionArmour,
    /// How far the weapons without a reach in words reach.
    pub engagement_zones: EngagementZones,
    /// Which chain attacks of the Kusarigama need recovering.
    pub chain_recovery: ChainRecovery,
    /// Which figures on the ground are bodies.
    pub bodies: Bodies,
}

/// Which figures on the ground are bodies, to be pushed onto or to stand among (Bring Out
/// Your Dead!; Tripping Over; Tactical Factors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bodies {
    /// `any_figure_down`: any figure on the ground: dead, knocked out, collapsed or fallen.
    AnyFigureDown,
    /// `the_dead_only`: only a dead figure, as Bring Out Your Dead! marks them.
    TheDeadOnly,
}

/// How far a weapon whose reach the text gives only in its diagram reaches (Combat
/// Engagement Zones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngagementZones {
    /// `diagram_reach`: as `zone_reach` lists its diagram's reach.
    DiagramReach,
    /// `umpire_reads_diagram`: unchecked; only the reaches the text gives in words are.
    UmpireReadsDiagram,
}

/// Which Kusarigama (or Nagegama) attacks need the chain recovered (Kusarigama or Nagegama).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainRecovery {
    /// `every_other_turn`: every chain attack, the flail and the entangling alike.
    EveryOtherTurn,
    /// `flail_only`: only the flail, as the text says; its entangling throws need none.
    FlailOnly,
}

/// When a rider may reload (Actions: a reload goes with the first list of actions only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MountedReload {
    /// `horse_standing`: only while the horse halts or turns on the spot.
    HorseStanding,
    /// `activity_unchanged`: whenever the rider keeps the horse's activity.
    ActivityUnchanged,
}

/// When a contingent's shooting and combat are resolved (Movement, Order of Movement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatTiming {
    /// `per_contingent`: each contingent moves, then shoots and fights, before the next moves.
    PerContingent,
    /// `after_all_moved`: every contingent moves, then each shoots and fights in turn.
    AfterAllMoved,
}

/// What a round of grappling does to its loser (Grappling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrappleResult {
    /// `thrown_and_two`: thrown to the ground with 2 distractions, nothing more.
    ThrownAndTwo,
    /// `blow_lands_too`: also the winner's blow, as in the clash but with no push back.
    BlowLandsToo,
}

/// When armour costs stamina (Exhaustion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExhaustionArmour {
    /// `when_fighting`: 1 for armour, 2 for full armour, in a turn the figure fought.
    WhenFighting,
    /// `full_every_move`: full armour costs 2 every turn; other armour 1 in a turn it fought.
    FullEveryMove,
}

/// What a figure's rating on the Variable Wounds scale means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Capacity {
    /// `out_at_rating`: a figure rated N is out at its Nth wound or distraction.
    OutAtRating,
    /// `capacity_plus_one`: a figure rated N takes N and is out at N + 1.
    CapacityPlusOne,
}

/// The stamina of a figure whose roster gives none (Exhaustion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefaultStamina {
    /// `lowest`: the bottom of the typical range.
    Lowest,
    /// `middle`: the middle of the typical range.
    Middle,
}

/// How wounds lower shooting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundsInShooting {
    /// `per_wound`.
    PerWound,
    /// `per_two_wounds`.
    PerTwoWounds,
}

/// In what order contingents move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderOfMovement {
    /// `alternate_sides`.
    AlternateSides,
    /// `side_by_side`.
    SideBySide,
}

/// Which wounds count for Exhaustion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExhaustionWounds {
    /// `taken_this_turn`.
    TakenThisTurn,
    /// `every_wound_carried`.
    EveryWoundCarried,
}

/// What a closing attack is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClosingAttack {
    /// `extra_stroke`.
    ExtraStroke,
    /// `counts_as_stroke`.
    CountsAsStroke,
}

/// Whether armour lowers blunt distractions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BluntArmour {
    /// `no_effect`.
    NoEffect,
    /// `reduces`.
    Reduces,
}
