//! The state of a Kozeriai battle: every figure's sheet, whose contingent acts, the turn.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::command::Ride;
use super::roster::{Army, FigureSpec};
use super::tables::Rules;
use crate::rules::kozeriai::tables::{Capacity, OrderOfMovement};

/// A side: 0 or 1, in roster order.
pub type Side = usize;

/// A figure: side and place in its army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FigureRef(pub u8, pub u8);

impl FigureRef {
    /// The side it belongs to.
    pub fn side(self) -> Side {
        usize::from(self.0)
    }

    /// The stable id shown in views and logs.
    pub fn id(self) -> String {
        format!("{}.{}", self.0, self.1)
    }
}

/// A horse's activity, slowest first (Moving Horses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Speed {
    /// Standing still (turning, or halted).
    #[default]
    Halt,
    /// 1 hex.
    Walk,
    /// 2 hexes.
    Trot,
    /// 3 hexes.
    Canter,
    /// 4 hexes straight ahead.
    Gallop,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 5] = [
        Speed::Halt,
        Speed::Walk,
        Speed::Trot,
        Speed::Canter,
        Speed::Gallop,
    ];

    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Halt => "halted",
            Speed::Walk => "walking",
            Speed::Trot => "trotting",
            Speed::Canter => "cantering",
            Speed::Gallop => "galloping",
        }
    }

    /// Hexes a turn at this speed.
    pub fn hexes(self, rules: &Rules) -> u32 {
        let h = &rules.t.horses;
        match self {
            Speed::Halt => 0,
            Speed::Walk => h.walk,
            Speed::Trot => h.trot,
            Speed::Canter => h.canter,
            Speed::Gallop => h.gallop,
        }
    }
}

/// The stage of a contingent's part of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Its figures take their actions.
    Moving,
    /// Its shooting and clashes are resolved.
    Fighting,
}

/// What makes a figure dice for tripping (Tripping Over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TripCause {
    /// Pushed back into a hex with a body on the ground.
    Body,
    /// Forced back into an obstacle.
    Obstacle,
    /// Entangled by a barbed restraining weapon.
    Entangled,
    /// Jumping a low obstacle.
    Jump,
    /// Forced back uphill or up steps.
    Uphill,
    /// Fighting on a slippery surface.
    Slippery,
}

impl TripCause {
    /// Every cause, in the table's order.
    pub const ALL: [TripCause; 6] = [
        TripCause::Body,
        TripCause::Obstacle,
        TripCause::Entangled,
        TripCause::Jump,
        TripCause::Uphill,
        TripCause::Slippery,
    ];

    /// The causes a push back can end in (body, obstacle, uphill).
    pub const PUSHED: [TripCause; 3] = [TripCause::Body, TripCause::Obstacle, TripCause::Uphill];

    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            TripCause::Body => "pushed back onto a body",
            TripCause::Obstacle => "forced back into an obstacle",
            TripCause::Entangled => "entangled by a restraining weapon",
            TripCause::Jump => "jumping a low obstacle",
            TripCause::Uphill => "forced back uphill or up steps",
            TripCause::Slippery => "fighting on a slippery surface",
        }
    }
}

/// What the umpire must settle before the contingent's turn goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Due {
    /// A figure must dice for tripping.
    Trip(FigureRef, TripCause),
    /// A figure was pushed back: where it ended may make it dice for tripping.
    PushedBack(FigureRef),
    /// A body charge went home: dice on the falling table.
    Fall {
        /// The charger.
        attacker: FigureRef,
        /// The figure charged.
        defender: FigureRef,
        /// Both were moving (else the defender stood still).
        moving: bool,
    },
}

impl Due {
    /// The figure the due is about.
    pub fn figure(self) -> FigureRef {
        match self {
            Due::Trip(f, _) | Due::PushedBack(f) => f,
            Due::Fall { defender, .. } => defender,
        }
    }
}

/// What a figure did this turn, for its limits and for recovery at the turn's end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Actions taken (one, two for a heroic figure).
    pub actions: u32,
    /// Made its attacking stroke.
    pub attacked: bool,
    /// Attacks and defences made (Exhaustion).
    pub exchanges: u32,
    /// Fought with a heavy weapon (Exhaustion).
    pub heavy: bool,
    /// Hexes moved on foot (Exhaustion).
    pub hexes_on_foot: u32,
    /// Jumped or climbed an obstacle (Exhaustion).
    pub jumped: bool,
    /// Wounds taken (Exhaustion).
    pub wounds: u32,
    /// Moved or changed anything (no rest, no recovery).
    pub active: bool,
    /// Changed its horse's activity (no attack this turn).
    pub changed_horse: bool,
    /// Dashing this turn.
    pub dashed: bool,
    /// Shouting a Ki-ai: cannot defend.
    pub shouting: bool,
    /// Has diced for tripping on a slippery surface this turn.
    #[serde(default)]
    pub slipped: bool,
    /// Figures its horse ran down this turn, which it cannot engage (Horses in Combat).
    #[serde(default)]
    pub ran_down: Vec<FigureRef>,
    /// Aimed an attacking blow this turn, a closing attack included: a rider may then not
    /// change its horse's activity (Moving Horses).
    #[serde(default)]
    pub blow: bool,
    /// Shot this turn: the shot was its whole phase (Shooting).
    #[serde(default)]
    pub shot: bool,
    /// Missiles it tried to deflect this phase (Yadomejutsu: +1 for each after the first).
    #[serde(default)]
    pub deflections: u32,
}

impl TurnRecord {
    /// Fought this turn: attacked, defended, shouted a Ki-ai or shot.
    pub fn fought(&self) -> bool {
        self.exchanges > 0 || self.shot || self.shouting
    }
}

/// One figure in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureState {
    /// What the roster says.
    pub spec: FigureSpec,
    /// Wounds it can take; it dies at one more.
    pub capacity: u32,
    /// Distractions it can take; it is knocked out at one more.
    pub distraction_capacity: u32,
    /// Wounds taken.
    pub wounds: u32,
    /// Distractions carried.
    pub distractions: u32,
    /// Dead (or out of the fight for good).
    pub dead: bool,
    /// Knocked out by distractions.
    pub knocked_out: bool,
    /// Collapsed from exhaustion.
    pub collapsed: bool,
    /// On the ground.
    pub lying: bool,
    /// Entangled by a restraining weapon.
    pub entangled: bool,
    /// The figure whose weapon entangles it: its death lets go.
    #[serde(default)]
    pub entangled_by: Option<FigureRef>,
    /// On its horse.
    pub mounted: bool,
    /// The horse's speed.
    pub speed: Speed,
    /// The horse's activity (Moving Horses: walk, trot, canter, gallop, sidestep, turn, back,
    /// or standing): changing it is an action, and no attacking blow that turn.
    #[serde(default)]
    pub activity: Ride,
    /// Stamina points now (Exhaustion).
    pub stamina: Option<i64>,
    /// The target being aimed at, and complete turns spent aiming.
    pub aiming: Option<(FigureRef, u32)>,
    /// Turns of reloading left, per missile weapon.
    pub reload: BTreeMap<String, u32>,
    /// Once-only surprise bonuses used, by weapon (or `Iaijutsu`).
    pub surprise_used: BTreeSet<String>,
    /// The turn of its last chain attack (Kusarigama and the like).
    pub last_chain: Option<u32>,
    /// The figure it is grappling.
    pub grappling: Option<FigureRef>,
    /// The figure it may elect to grapple after a body charge went home, and the turn of the
    /// charge (Body Charges; ruling `grapple_election`).
    #[serde(default)]
    pub may_grapple: Option<(FigureRef, u32)>,
    /// Won the last round of the grapple it is in: it may always break off (Grappling).
    #[serde(default)]
    pub won_grapple: bool,
    /// Complete turns spent lying still (Exhaustion).
    pub lying_still: u32,
    /// This turn's record.
    pub this_turn: TurnRecord,
}

impl FigureState {
    fn new(rules: &Rules, spec: &FigureSpec) -> Self {
        // A figure rated N on the Variable Wounds scale is out at its Nth wound or
        // distraction (ruling `capacity`); without the option, after the main rules' 5.
        let rated = spec
            .wounds
            .filter(|_| rules.optional("variable_wounds"))
            .map(|n| match rules.rulings.capacity {
                Capacity::OutAtRating => n.saturating_sub(1),
                Capacity::CapacityPlusOne => n,
            });
        let capacity = rated.unwrap_or(rules.t.resilience.wounds);
        let distraction_capacity = rated.unwrap_or(rules.t.resilience.distractions);
        let stamina = rules
            .optional("exhaustion")
            .then(|| rules.stamina_total(spec.stamina));
        Self {
            spec: spec.clone(),
            capacity,
            distraction_capacity,
            // A campaign's carried wounds; past the capacity (a battle with a lower one
            // than the last) the figure is out as at its last wound.
            wounds: spec.wounds_taken,
            distractions: 0,
            dead: spec.dead || spec.wounds_taken > capacity,
            knocked_out: false,
            collapsed: false,
            lying: false,
            entangled: false,
            entangled_by: None,
            mounted: spec.horse,
            speed: Speed::Halt,
            activity: Ride::default(),
            stamina,
            aiming: None,
            reload: BTreeMap::new(),
            surprise_used: BTreeSet::new(),
            last_chain: None,
            grappling: None,
            may_grapple: None,
            won_grapple: false,
            lying_still: 0,
            this_turn: TurnRecord::default(),
        }
    }

    /// Can take actions and attack: alive, conscious, not collapsed.
    pub fn active(&self) -> bool {
        !self.dead && !self.knocked_out && !self.collapsed
    }

    /// The figure it may still elect to grapple in `turn`: a body charge that went home
    /// opens the grapple until the end of the next turn (ruling `grapple_election`).
    pub fn may_grapple_with(&self, turn: u32) -> Option<FigureRef> {
        self.may_grapple
            .filter(|(_, t)| turn <= t.saturating_add(1))
            .map(|(f, _)| f)
    }

    /// Moved this turn: a step or dash on foot, or on a horse still moving.
    pub fn moved(&self) -> bool {
        self.this_turn.hexes_on_foot > 0 || (self.mounted && self.speed != Speed::Halt)
    }

    /// Out of stamina: may only turn (Exhaustion).
    pub fn spent(&self) -> bool {
        self.stamina.is_some_and(|s| s <= 0)
    }

    /// Still standing in the fight (not dead).
    pub fn alive(&self) -> bool {
        !self.dead
    }

    /// Wounds or distractions left before death or a knock-out.
    pub fn wounds_left(&self) -> u32 {
        self.out_at().saturating_sub(self.wounds)
    }

    /// The wounds that put it out of the fight.
    pub fn out_at(&self) -> u32 {
        self.capacity.saturating_add(1)
    }

    /// The distractions that knock it out.
    pub fn knocked_out_at(&self) -> u32 {
        self.distraction_capacity.saturating_add(1)
    }
}

/// A contingent: one player's figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contingent {
    /// The side.
    pub side: Side,
    /// The player.
    pub player: String,
}

/// One army in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    /// The army's name.
    pub name: String,
    /// Its figures.
    pub figures: Vec<FigureState>,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Turn number, from 1.
    pub turn: u32,
    /// Every contingent, in the order they move.
    pub contingents: Vec<Contingent>,
    /// The contingent acting now.
    pub current: usize,
    /// Its stage.
    pub stage: Stage,
    /// Things to settle, oldest first.
    pub due: crate::engine::dues::Dues<Due>,
    /// Both armies.
    pub sides: [SideState; 2],
    /// The umpire ended the battle.
    pub ended: bool,
}

impl State {
    /// A battle's first moment: turn 1, the first contingent moving.
    pub fn new(rules: &Rules, armies: &[Army; 2]) -> Self {
        let side = |a: &Army| SideState {
            name: a.name.clone(),
            figures: a
                .figures
                .iter()
                .map(|f| FigureState::new(rules, f))
                .collect(),
        };
        Self {
            turn: 1,
            contingents: order(rules, armies),
            current: 0,
            stage: Stage::Moving,
            due: crate::engine::dues::Dues::default(),
            sides: [side(&armies[0]), side(&armies[1])],
            ended: false,
        }
    }

    /// A figure, if the reference is valid.
    pub fn figure(&self, f: FigureRef) -> Option<&FigureState> {
        self.sides.get(f.side())?.figures.get(usize::from(f.1))
    }

    /// A figure, mutably.
    pub fn figure_mut(&mut self, f: FigureRef) -> Option<&mut FigureState> {
        self.sides
            .get_mut(f.side())?
            .figures
            .get_mut(usize::from(f.1))
    }

    /// Every figure of a side.
    pub fn figures_of(&self, side: Side) -> Vec<FigureRef> {
        let n = self.sides.get(side).map_or(0, |s| s.figures.len());
        let s = u8::try_from(side).unwrap_or(0);
        (0..n)
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| FigureRef(s, i))
            .collect()
    }

    /// Every figure in the battle.
    pub fn all_figures(&self) -> Vec<FigureRef> {
        (0..2).flat_map(|s| self.figures_of(s)).collect()
    }

    /// Figures that can still act.
    pub fn active_of(&self, side: Side) -> Vec<FigureRef> {
        self.figures_of(side)
            .into_iter()
            .filter(|&f| self.figure(f).is_some_and(FigureState::active))
            .collect()
    }

    /// The contingent acting now.
    pub fn contingent(&self) -> Option<&Contingent> {
        self.contingents.get(self.current)
    }

    /// The figures of the contingent acting now, alive or not.
    pub fn current_figures(&self) -> Vec<FigureRef> {
        let Some(c) = self.contingent() else {
            return Vec::new();
        };
        self.figures_of(c.side)
            .into_iter()
            .filter(|&f| self.figure(f).is_some_and(|x| x.spec.player == c.player))
            .collect()
    }

    /// A figure's name.
    pub fn figure_name(&self, f: FigureRef) -> String {
        self.figure(f)
            .map_or_else(|| format!("figure {}", f.id()), |x| x.spec.name.clone())
    }

    /// Whether a figure other than `f` is on a horse: one `f`'s horse may collide with
    /// (Horses in Combat).
    pub fn another_horse(&self, f: FigureRef) -> bool {
        self.all_figures()
            .into_iter()
            .any(|o| o != f && self.figure(o).is_some_and(|y| y.mounted && !y.dead))
    }

    /// Whether a side still has a figure able to fight.
    pub fn has_fighters(&self, side: Side) -> bool {
        !self.active_of(side).is_empty()
    }
}

/// The order contingents move in (ruling `order_of_movement`).
fn order(rules: &Rules, armies: &[Army; 2]) -> Vec<Contingent> {
    let players: Vec<Vec<Contingent>> = armies
        .iter()
        .enumerate()
        .map(|(side, a)| {
            a.players()
                .into_iter()
                .map(|player| Contingent { side, player })
                .collect()
        })
        .collect();
    if rules.rulings.order_of_movement == OrderOfMovement::SideBySide {
        return players.into_iter().flatten().collect();
    }
    let longest = players.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|i| players.iter().filter_map(move |p| p.get(i).cloned()))
        .collect()
}
