//! The state of a skirmish: every figure's wounds and pending hits, units' status, the turn.

use serde::{Deserialize, Serialize};

use super::command::Ground;
use super::roster::{Army, FigureSpec, UnitSpec, UnitType};

/// A side: 0 or 1, in roster order.
pub type Side = usize;

/// A unit: side and place in the army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitRef(pub u8, pub u8);

/// A figure: side, unit, place in the unit (the leader is 0 in a led unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FigureRef(pub u8, pub u8, pub u8);

impl UnitRef {
    /// The side it belongs to.
    pub fn side(self) -> Side {
        usize::from(self.0)
    }

    /// The stable id shown in views and logs.
    pub fn id(self) -> String {
        format!("{}.{}", self.0, self.1)
    }
}

impl FigureRef {
    /// The side it belongs to.
    pub fn side(self) -> Side {
        usize::from(self.0)
    }

    /// Its unit.
    pub fn unit(self) -> UnitRef {
        UnitRef(self.0, self.1)
    }

    /// The stable id shown in views and logs.
    pub fn id(self) -> String {
        format!("{}.{}.{}", self.0, self.1, self.2)
    }
}

/// The four sections of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Section {
    /// Precedence, charges declared, then moves (and defensive fire).
    Movement,
    /// Shooting.
    Firing,
    /// Bouts between paired figures.
    Melee,
    /// Hits resolved; morale.
    Results,
}

impl Section {
    /// The name shown.
    pub fn name(self) -> &'static str {
        match self {
            Section::Movement => "Movement",
            Section::Firing => "Firing",
            Section::Melee => "Melee",
            Section::Results => "Results",
        }
    }

    /// The section after this one (`None` after Results: a new turn).
    pub fn next(self) -> Option<Section> {
        match self {
            Section::Movement => Some(Section::Firing),
            Section::Firing => Some(Section::Melee),
            Section::Melee => Some(Section::Results),
            Section::Results => None,
        }
    }

    /// 0..=3, for counting sections across turns.
    pub fn index(self) -> u32 {
        self as u32
    }
}

/// A wound from the 1d12 result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wound {
    /// -2" move.
    Leg,
    /// No firing, -1 die in combat.
    Arm,
}

/// Why a morale test is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// The unit lost its leader.
    LeaderLost,
    /// Half the unit fell (ruling `half_lost`).
    HalfLost,
    /// The unit tries to rally (declared by the umpire).
    Rally,
    /// A fleeing friendly unit passed within 6" while it was unengaged (declared by the umpire).
    FleeingFriend,
}

impl Trigger {
    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            Trigger::LeaderLost => "lost its leader",
            Trigger::HalfLost => "lost half its number",
            Trigger::Rally => "is trying to rally",
            Trigger::FleeingFriend => "a fleeing unit passed close while it was unengaged",
        }
    }
}

/// What the umpire must settle before play goes on: a unit's morale test, in two steps. The
/// umpire first says the ground the unit stands on, which sets its dice (ruling
/// `morale_ground`); the test is then rolled on that ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Due {
    /// A morale test has fallen due: the unit's ground is to be said (optional rule).
    Morale(UnitRef, Trigger),
    /// The morale test, to be rolled on the ground the umpire said.
    MoraleRoll(UnitRef, Trigger, Ground),
}

impl Due {
    /// The unit that tests.
    pub fn unit(self) -> UnitRef {
        match self {
            Due::Morale(u, _) | Due::MoraleRoll(u, _, _) => u,
        }
    }

    /// Why it tests.
    pub fn trigger(self) -> Trigger {
        match self {
            Due::Morale(_, t) | Due::MoraleRoll(_, t, _) => t,
        }
    }
}

/// One figure in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureState {
    /// What the roster says.
    pub spec: FigureSpec,
    /// Wounds taken, oldest first.
    pub wounds: Vec<Wound>,
    /// Dead (or out of the fight).
    pub dead: bool,
    /// Hits landed and not yet resolved.
    pub pending_hits: u32,
    /// The last (turn, section) it shot in.
    pub last_shot: Option<(u32, Section)>,
}

impl FigureState {
    fn new(spec: &FigureSpec) -> Self {
        // What a campaign carried: the figure's death, and its wounds (leg first).
        let carried = std::iter::repeat_n(Wound::Leg, spec.leg_wounds as usize)
            .chain(std::iter::repeat_n(Wound::Arm, spec.arm_wounds as usize));
        Self {
            spec: spec.clone(),
            wounds: carried.collect(),
            dead: spec.dead,
            pending_hits: 0,
            last_shot: None,
        }
    }

    /// Wounds of one kind.
    pub fn count(&self, wound: Wound) -> u32 {
        self.wounds.iter().filter(|w| **w == wound).count() as u32
    }
}

/// One unit in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: UnitType,
    /// Its figures.
    pub figures: Vec<FigureState>,
    /// Routed and removed from the game.
    pub routed: bool,
    /// Holds its ground (morale) until this section of this turn begins.
    pub holding_until: Option<(u32, Section)>,
    /// The unit it declared a charge on this turn.
    pub charging: Option<UnitRef>,
    /// Moved this turn.
    pub moved: bool,
    /// A figure of it was shot at this turn.
    pub shot_at: bool,
    /// Figures alive at the start of this turn.
    pub alive_at_turn_start: u32,
    /// The turn it routed in: its friends may test as it flees past them (ruling
    /// `fleeing_friend`).
    #[serde(default)]
    pub routed_turn: Option<u32>,
}

impl UnitState {
    fn new(spec: &UnitSpec) -> Self {
        Self {
            name: spec.name.clone(),
            kind: spec.kind,
            figures: spec.figures.iter().map(FigureState::new).collect(),
            routed: false,
            holding_until: None,
            charging: None,
            moved: false,
            shot_at: false,
            alive_at_turn_start: spec.figures.iter().filter(|f| !f.dead).count() as u32,
            routed_turn: None,
        }
    }

    /// Figures alive (routed units' figures included: they are off the table, not dead).
    pub fn alive(&self) -> u32 {
        self.figures.iter().filter(|f| !f.dead).count() as u32
    }

    /// Still fighting: not routed and someone alive.
    pub fn on_table(&self) -> bool {
        !self.routed && self.alive() > 0
    }

    /// The leader figure, if the unit is led.
    pub fn leader(&self) -> Option<&FigureState> {
        self.figures.first().filter(|f| f.spec.leader)
    }

    /// Holding its ground in this turn.
    pub fn holding(&self, now: (u32, Section)) -> bool {
        self.holding_until.is_some_and(|until| now < until)
    }
}

/// One army in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    /// The army's name.
    pub name: String,
    /// Its units.
    pub units: Vec<UnitState>,
}

/// The whole skirmish.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Turn number, from 1.
    pub turn: u32,
    /// The current section.
    pub section: Section,
    /// Who won the precedence roll this turn.
    pub precedence: Option<Side>,
    /// Who moves first this turn, once chosen.
    pub first: Option<Side>,
    /// Some unit has moved this turn: no more charges may be declared.
    pub moves_begun: bool,
    /// Things to settle, oldest first.
    pub due: crate::engine::dues::Dues<Due>,
    /// Units in melee with each other (the lower reference first).
    pub engagements: Vec<(UnitRef, UnitRef)>,
    /// Pairs of figures that fought a bout this turn.
    pub bouts: Vec<(FigureRef, FigureRef)>,
    /// What the umpire said of bouts not yet fought this section: which of the pair (in
    /// [`pair`] order) defends an obstacle.
    #[serde(default)]
    pub obstacles_said: Vec<((FigureRef, FigureRef), [bool; 2])>,
    /// What sides, units and figures did this section and turn.
    #[serde(default)]
    pub ledger: super::order::SkirmishLedger,
    /// Both armies.
    pub sides: [SideState; 2],
    /// The umpire ended the battle.
    pub ended: bool,
}

impl State {
    /// A battle's first moment: turn 1, movement section, precedence to roll.
    pub fn new(armies: &[Army; 2]) -> Self {
        let side = |a: &Army| SideState {
            name: a.name.clone(),
            units: a.units.iter().map(UnitState::new).collect(),
        };
        Self {
            turn: 1,
            section: Section::Movement,
            precedence: None,
            first: None,
            moves_begun: false,
            due: crate::engine::dues::Dues::default(),
            engagements: Vec::new(),
            bouts: Vec::new(),
            obstacles_said: Vec::new(),
            ledger: super::order::SkirmishLedger::default(),
            sides: [side(&armies[0]), side(&armies[1])],
            ended: false,
        }
    }

    /// Which of `a` and `b` the umpire said defends an obstacle in their bout, in that
    /// order; `None` until he has said.
    pub fn obstacles_said(&self, a: FigureRef, b: FigureRef) -> Option<[bool; 2]> {
        let said = self
            .obstacles_said
            .iter()
            .find(|(p, _)| *p == pair(a, b))
            .map(|(_, o)| *o)?;
        Some(if a <= b { said } else { [said[1], said[0]] })
    }

    /// The turn and section now.
    pub fn now(&self) -> (u32, Section) {
        (self.turn, self.section)
    }

    /// A unit, if the reference is valid.
    pub fn unit(&self, u: UnitRef) -> Option<&UnitState> {
        self.sides.get(u.side())?.units.get(usize::from(u.1))
    }

    /// A unit, mutably.
    pub fn unit_mut(&mut self, u: UnitRef) -> Option<&mut UnitState> {
        self.sides
            .get_mut(u.side())?
            .units
            .get_mut(usize::from(u.1))
    }

    /// A figure, if the reference is valid.
    pub fn figure(&self, f: FigureRef) -> Option<&FigureState> {
        self.unit(f.unit())?.figures.get(usize::from(f.2))
    }

    /// A figure, mutably.
    pub fn figure_mut(&mut self, f: FigureRef) -> Option<&mut FigureState> {
        self.unit_mut(f.unit())?.figures.get_mut(usize::from(f.2))
    }

    /// Every unit of a side.
    pub fn units_of(&self, side: Side) -> Vec<UnitRef> {
        let n = self.sides.get(side).map_or(0, |s| s.units.len());
        let s = u8::try_from(side).unwrap_or(0);
        (0..n)
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| UnitRef(s, i))
            .collect()
    }

    /// Every unit in the battle.
    pub fn all_units(&self) -> Vec<UnitRef> {
        (0..2).flat_map(|s| self.units_of(s)).collect()
    }

    /// Every figure of a unit.
    pub fn figures_of(&self, u: UnitRef) -> Vec<FigureRef> {
        let n = self.unit(u).map_or(0, |x| x.figures.len());
        (0..n)
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| FigureRef(u.0, u.1, i))
            .collect()
    }

    /// Figures of a unit still fighting: alive, unit not routed.
    pub fn fighting(&self, u: UnitRef) -> Vec<FigureRef> {
        if self.unit(u).is_none_or(|x| x.routed) {
            return Vec::new();
        }
        self.figures_of(u)
            .into_iter()
            .filter(|&f| self.figure(f).is_some_and(|x| !x.dead))
            .collect()
    }

    /// A unit's name.
    pub fn unit_name(&self, u: UnitRef) -> String {
        self.unit(u)
            .map_or_else(|| format!("unit {}", u.id()), |x| x.name.clone())
    }

    /// A figure's name.
    pub fn figure_name(&self, f: FigureRef) -> String {
        self.figure(f)
            .map_or_else(|| format!("figure {}", f.id()), |x| x.spec.name.clone())
    }

    /// Whether two units are in melee.
    pub fn engaged(&self, a: UnitRef, b: UnitRef) -> bool {
        self.engagements.contains(&pair(a, b))
    }

    /// Whether a unit is in melee with anyone.
    pub fn in_melee(&self, u: UnitRef) -> bool {
        self.engagements.iter().any(|(a, b)| *a == u || *b == u)
    }

    /// Whether a side still has a unit fighting.
    pub fn has_units(&self, side: Side) -> bool {
        self.units_of(side)
            .iter()
            .any(|&u| self.unit(u).is_some_and(UnitState::on_table))
    }

    /// Whether a unit still fights: on the table, someone alive.
    pub fn on_table(&self, u: UnitRef) -> bool {
        self.unit(u).is_some_and(UnitState::on_table)
    }

    /// Whether a figure still fights: alive, its unit on the table.
    pub fn in_play(&self, f: FigureRef) -> bool {
        self.on_table(f.unit()) && self.figure(f).is_some_and(|x| !x.dead)
    }

    /// Whether a figure has fought a bout this turn (one melee section a turn).
    pub fn has_fought(&self, f: FigureRef) -> bool {
        self.bouts.iter().any(|(x, y)| *x == f || *y == f)
    }

    /// The morale test a unit owes, at whichever step.
    pub fn owed_test(&self, u: UnitRef) -> Option<Due> {
        self.due.iter().copied().find(|d| d.unit() == u)
    }
}

/// An unordered pair in its stored order.
pub fn pair<T: Ord>(a: T, b: T) -> (T, T) {
    if a <= b { (a, b) } else { (b, a) }
}
