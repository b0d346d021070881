//! The battle state: units with their order and what they have done this turn, leaders with
//! their ratings and attachments, the clan being activated, and any charge or challenge under
//! way.

use super::event::Cause;
use super::roster::{Army, LeaderSpec, Troop, UnitSpec};
use crate::engine::view::RatingChange;

/// An activation group: a clan under its Daimyo, or the General's hatamoto.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// `Ii clan`, `Tokugawa Ieyasu's hatamoto`.
    pub name: String,
    /// The side, 0 or 1.
    pub side: usize,
    /// The leader whose rating the group's obedience tests use (index into `leaders`).
    pub leader: usize,
    /// Whether the group has been activated this turn.
    pub activated: bool,
}

/// Line or column, from the unit's frontage and depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formation {
    /// Two or more stands wide and no more than two deep.
    Line,
    /// One stand wide, or three or more deep.
    Column,
}

/// One unit in the battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// As the roster gave it.
    pub spec: UnitSpec,
    /// The side, 0 or 1.
    pub side: usize,
    /// Its activation group (index into `groups`).
    pub group: usize,
    /// Stands now.
    pub stands: u32,
    /// Stands in the front rank now.
    pub wide: u32,
    /// Disordered.
    pub disordered: bool,
    /// Routing (recorded by the umpire from the morale and melee chapters).
    pub routing: bool,
    /// In melee.
    pub in_melee: bool,
    /// Gone: left the table or destroyed; never returns.
    pub removed: Option<String>,
    /// What it has done this turn.
    pub turn: TurnFlags,
}

/// What a unit has done this turn; cleared when a turn begins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnFlags {
    /// Activated early with the General (may not act again with its clan).
    pub early: bool,
    /// Passed an obedience test this turn.
    pub obeyed: bool,
    /// Failed an obedience test: halted for the turn.
    pub halted: bool,
    /// Allowance spent this turn, in mm.
    pub spent_mm: i64,
    /// Moved at all this turn.
    pub moved: bool,
    /// Interpenetrated by another unit: no further movement this turn.
    pub penetrated: bool,
    /// Passed through by missile ashigaru while still: disordered if it moves later.
    pub missile_passed: bool,
    /// Fired this turn (recorded; the fire chapter is not in the text).
    pub fired: bool,
    /// Reformed: no other movement or firing this turn.
    pub reformed: bool,
    /// Charged or counter-charged this turn.
    pub charged: bool,
    /// How far its charge or counter-charge ran, in cm, as measured (any wheel at the start
    /// and the run to the target): what the charge spent, which is not its move allowance.
    pub charged_cm: i64,
    /// Made a pursuit move this turn.
    pub pursued: bool,
}

/// General or Daimyo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    /// The army's commander: may attach to any unit.
    General,
    /// A clan's lord: attaches only to his clan (the group index).
    Daimyo(usize),
}

/// One leader.
#[derive(Clone, Debug, PartialEq)]
pub struct Leader {
    /// His name.
    pub name: String,
    /// The side, 0 or 1.
    pub side: usize,
    /// General or Daimyo.
    pub rank: Rank,
    /// Command Rating now.
    pub rating: i64,
    /// Rating at the start.
    pub starting_rating: i64,
    /// Every change of rating.
    pub history: Vec<RatingChange>,
    /// The unit he accompanies.
    pub attached: Option<usize>,
    /// How he died, if he did.
    pub killed: Option<String>,
    /// What he moved this turn, in mm: on his own, and (a Daimyo) with units.
    pub moved_mm: i64,
    /// He joined or left a unit this turn: a Daimyo's moves with units then count against
    /// his own maximum.
    pub shifted: bool,
    /// His movement is over this turn (he made a challenge).
    pub move_over: bool,
}

impl Leader {
    /// Alive and with no unit: free to challenge or be challenged, and killed by contact.
    pub fn unattached(&self) -> bool {
        self.killed.is_none() && self.attached.is_none()
    }
}

/// What the chapter requires before play goes on: the next step of a charge under way, or a
/// challenged leader's answer. Each is owed on the engine's queue, so nothing else happens
/// meanwhile but what `order::interleaves` allows, and it is dropped when nobody can answer
/// it (`order::moot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Due {
    /// The next step of a charge.
    Charge {
        /// The charging unit.
        charger: usize,
        /// Its target.
        target: usize,
        /// The step owed.
        stage: ChargeStage,
    },
    /// A challenged leader's answer.
    Answer {
        /// Who challenged.
        challenger: usize,
        /// Who must answer.
        challenged: usize,
    },
}

/// Who must pass a morale test before a charge goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChargeStage {
    /// Missile ashigaru or peasants test to charge.
    ChargerTest,
    /// The target tests to receive it.
    TargetTest,
    /// The target chooses how to meet it.
    Response,
    /// The umpire says whether the charge reached its target.
    Outcome,
}

/// A charge under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge {
    /// The charging unit.
    pub charger: usize,
    /// Its target.
    pub target: usize,
    /// Where it is in the procedure.
    pub stage: ChargeStage,
    /// The charger's path, as measured.
    pub run: super::command::Run,
    /// The charge bonus is earned (straight last half).
    pub bonus: bool,
    /// The charger was over half its charge move away: the target may fire if able.
    pub far: bool,
    /// Why the charger's path disorders it, if it does.
    pub disorders: Option<Cause>,
    /// The target must test to receive the charge.
    pub target_tests: bool,
    /// The target failed its test to receive.
    pub target_failed: bool,
    /// The target counter-charged.
    pub countered: bool,
    /// The counter-charge earned the charge bonus.
    pub counter_bonus: bool,
    /// The target fell back (and fired) in answer: it may be out of reach.
    pub fell_back: bool,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The armies as loaded.
    pub armies: [Army; 2],
    /// The turn, from 1.
    pub turn: u32,
    /// Activation groups, side 0's first.
    pub groups: Vec<Group>,
    /// Every unit.
    pub units: Vec<Unit>,
    /// Every leader: each side's General first, then its Daimyos.
    pub leaders: Vec<Leader>,
    /// The group being activated.
    pub active: Option<usize>,
    /// The details of the last charge declared. It is under way only while one of its steps
    /// is owed on `due` (read it through [`State::charge`]): a charge whose step was dropped
    /// (its charger gone) is over.
    pub charge_details: Option<Charge>,
    /// The umpire ended the battle, or one side has nothing left.
    pub ended: bool,
    /// The engine's queue of what is due: a charge's next step, a challenge's answer.
    pub due: crate::engine::dues::Dues<Due>,
}

fn new_unit(spec: &UnitSpec, side: usize, group: usize) -> Unit {
    Unit {
        spec: spec.clone(),
        side,
        group,
        stands: spec.stands,
        wide: spec.wide,
        disordered: false,
        routing: false,
        in_melee: false,
        removed: None,
        turn: TurnFlags::default(),
    }
}

fn new_leader(spec: &LeaderSpec, side: usize, rank: Rank) -> Leader {
    Leader {
        name: spec.name.clone(),
        side,
        rank,
        rating: spec.rating,
        starting_rating: spec.rating,
        history: Vec::new(),
        attached: None,
        killed: None,
        moved_mm: 0,
        shifted: false,
        move_over: false,
    }
}

impl State {
    /// The state at the start of turn 1.
    pub fn new(armies: &[Army; 2]) -> Self {
        let mut s = Self {
            armies: armies.clone(),
            turn: 1,
            groups: Vec::new(),
            units: Vec::new(),
            leaders: Vec::new(),
            active: None,
            charge_details: None,
            ended: false,
            due: crate::engine::dues::Dues::default(),
        };
        for (side, army) in armies.iter().enumerate() {
            let general = s.leaders.len();
            s.leaders
                .push(new_leader(&army.general, side, Rank::General));
            if !army.hatamoto.is_empty() {
                s.add_group(
                    format!("{}'s hatamoto", army.general.name),
                    side,
                    general,
                    &army.hatamoto,
                );
            }
            for clan in &army.clans {
                let daimyo = s.leaders.len();
                s.leaders
                    .push(new_leader(&clan.daimyo, side, Rank::Daimyo(s.groups.len())));
                s.add_group(format!("{} clan", clan.name), side, daimyo, &clan.units);
            }
        }
        s
    }

    fn add_group(&mut self, name: String, side: usize, leader: usize, units: &[UnitSpec]) {
        let group = self.groups.len();
        self.groups.push(Group {
            name,
            side,
            leader,
            activated: false,
        });
        for u in units {
            self.units.push(new_unit(u, side, group));
        }
    }

    /// A unit by index.
    pub fn unit(&self, u: usize) -> Option<&Unit> {
        self.units.get(u)
    }

    /// A leader by index.
    pub fn leader(&self, l: usize) -> Option<&Leader> {
        self.leaders.get(l)
    }

    /// A unit's name, or `?` for a bad index.
    pub fn unit_name(&self, u: usize) -> String {
        self.unit(u)
            .map_or_else(|| "?".into(), |x| x.spec.name.clone())
    }

    /// A leader's name, or `?`.
    pub fn leader_name(&self, l: usize) -> String {
        self.leader(l)
            .map_or_else(|| "?".into(), |x| x.name.clone())
    }

    /// The army a unit belongs to.
    pub fn army_of(&self, u: &Unit) -> &Army {
        &self.armies[u.side.min(1)]
    }

    /// The unit's formation, from its frontage and depth (Unit Formations): a column when
    /// narrower than a line or at least `column_min_deep` deep; a line when wide enough and
    /// no deeper than `line_max_deep`; anything between counts as a column.
    pub fn formation(&self, u: &Unit, f: &super::tables::Formation) -> Formation {
        let deep = u.stands.div_ceil(u.wide.max(1));
        let column = u.wide < f.line_min_wide || deep >= f.column_min_deep;
        if !column && deep <= f.line_max_deep {
            Formation::Line
        } else {
            Formation::Column
        }
    }

    /// Units of a side still on the table.
    pub fn on_table(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.side == side && u.removed.is_none())
            .map(|(i, _)| i)
    }

    /// Whether a unit may act now: its group is active, or it was activated early and its
    /// group is not yet; and nothing stops it (gone, halted, in melee, routing).
    pub fn may_act(&self, u: usize) -> bool {
        let Some(x) = self.unit(u) else { return false };
        let active = match self.active {
            Some(g) => g == x.group && !x.turn.early,
            None => x.turn.early && !self.groups.get(x.group).is_some_and(|g| g.activated),
        };
        active && x.removed.is_none() && !x.in_melee && !x.routing && self.charge().is_none()
    }

    /// The charge under way: the one whose next step is owed.
    pub fn charge(&self) -> Option<&Charge> {
        let c = self.charge_details.as_ref()?;
        self.due
            .iter()
            .any(|d| {
                matches!(d, Due::Charge { charger, target, .. }
                    if *charger == c.charger && *target == c.target)
            })
            .then_some(c)
    }

    /// The challenge awaiting its answer: (challenger, challenged).
    pub fn challenge(&self) -> Option<(usize, usize)> {
        self.due.iter().find_map(|d| match *d {
            Due::Answer {
                challenger,
                challenged,
            } => Some((challenger, challenged)),
            Due::Charge { .. } => None,
        })
    }

    /// The General of a side.
    pub fn general(&self, side: usize) -> Option<usize> {
        self.leaders
            .iter()
            .position(|l| l.side == side && l.rank == Rank::General)
    }

    /// The leader whose rating a unit's obedience test uses, if he lives.
    pub fn commander(&self, u: usize) -> Option<usize> {
        let g = self.groups.get(self.unit(u)?.group)?;
        self.leader(g.leader)
            .is_some_and(|l| l.killed.is_none())
            .then_some(g.leader)
    }

    /// Whether a unit is the General's own (hatamoto).
    pub fn is_hatamoto(&self, u: usize) -> bool {
        self.unit(u)
            .and_then(|x| self.groups.get(x.group))
            .and_then(|g| self.leader(g.leader))
            .is_some_and(|l| l.rank == Rank::General)
    }

    /// Leaders attached to a unit.
    pub fn attached_to(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.leaders
            .iter()
            .enumerate()
            .filter(move |(_, l)| l.killed.is_none() && l.attached == Some(u))
            .map(|(i, _)| i)
    }

    /// The troop type of a unit (peasants if the index is bad, the least privileged).
    pub fn troop(&self, u: usize) -> Troop {
        self.unit(u).map_or(Troop::Peasants, |x| x.spec.troop)
    }
}
