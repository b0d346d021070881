//! The state of a Sky battle.

use serde::{Deserialize, Serialize};

use super::roster::{Army, Formation, Troop, UnitSpec, Weapon};
use super::tables::Rules;
use crate::engine::dues::Dues;
use crate::engine::ledger::{Ledger, Scope};
use crate::engine::view::RatingChange;

/// A side: 0 or 1, in roster order.
pub type Side = usize;

/// A clan: its side and its place in the army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ClanRef(pub u8, pub u8);

/// A unit: side, clan, place in the clan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitRef(pub u8, pub u8, pub u8);

impl ClanRef {
    /// The side it belongs to.
    pub fn side(self) -> Side {
        usize::from(self.0)
    }
}

impl UnitRef {
    /// The side it belongs to.
    pub fn side(self) -> Side {
        usize::from(self.0)
    }

    /// Its clan.
    pub fn clan(self) -> ClanRef {
        ClanRef(self.0, self.1)
    }

    /// The stable id shown in views and logs.
    pub fn id(self) -> String {
        format!("{}.{}.{}", self.0, self.1, self.2)
    }
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Both Generals roll for the first round.
    Initiative,
    /// A side chooses a clan to try to activate.
    Rounds {
        /// Whose round it is.
        side: Side,
    },
    /// A clan is activated and spends its actions.
    Activation {
        /// The clan.
        clan: ClanRef,
    },
    /// Rally routing units and re-order disordered ones.
    Morale,
    /// The roll call before the next turn.
    EndOfTurn,
}

/// What the umpire must settle before play goes on, in the order it arose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Due {
    /// The activated clan's actions roll (the higher of 2d6).
    Actions(ClanRef),
    /// A routing unit of the activated clan moves a full move to the rear.
    RoutMove(UnitRef),
    /// A Samurai unit of the activated clan: is it within charge distance of enemy Samurai?
    Impetus(UnitRef),
    /// Its Bushi test to do something other than charge the enemy Samurai.
    ImpetusTest(UnitRef),
    /// It passed: it must charge the nearest enemy Samurai, for no action.
    ImpetusCharge(UnitRef),
    /// A Route test.
    Route(UnitRef),
    /// The unit's attached Clan Leader tests for injury.
    Injury(UnitRef),
    /// A routing unit the Clan Leader may rally.
    Rally(UnitRef),
    /// A disordered unit the Clan Leader may re-order.
    Reorder(UnitRef),
    /// The General may retry a failed rally or re-order.
    GeneralRetry(UnitRef, MoraleKind),
    /// The optional first Bushi roll (1d6), owed before the unit's first test against Bushi.
    Spirit(UnitRef),
    /// The next step of a charge (or of a melee between units left in contact): a charge is
    /// fought out step by step before anything else happens (Charge Procedure).
    Charge(Charge),
}

/// Rally or re-order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleKind {
    /// Bring a routing unit back (it stays disordered).
    Rally,
    /// Clear disorder.
    Reorder,
}

/// Where a charge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChargeStage {
    /// The target may fire at the charger.
    DefensiveFire,
    /// The charger tests Bushi to go in.
    ChargerTest,
    /// The target tests Bushi to stand.
    TargetTest,
    /// The target fled: is the charger still in contact?
    StillContacted,
    /// The melee is fought.
    Melee,
}

/// A charge under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// The charging unit.
    pub charger: UnitRef,
    /// Its target.
    pub target: UnitRef,
    /// Where it stands.
    pub stage: ChargeStage,
    /// A real charge (the charger's extra dice); false for units already in contact.
    pub charging: bool,
}

/// Kinds of action, each at most once per unit per activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionKind {
    /// Move (1).
    Move,
    /// Charge (1, or 0 when driven by Bushi).
    Charge,
    /// Cross a wall or obstacle (1, with a move).
    CrossObstacle,
    /// Reload an arquebus (1).
    Reload,
    /// Fire bows (0).
    Fire,
    /// Fight a melee (0).
    Melee,
    /// Fire an arquebus (0): no move or charge in the same activation.
    FireArquebus,
    /// A routing unit's full move to the rear.
    RoutMove,
}

impl ActionKind {
    /// The kind of action firing a weapon is: an arquebus shot forbids moving and charging.
    pub fn firing(weapon: Weapon) -> Self {
        if weapon == Weapon::Arquebus {
            ActionKind::FireArquebus
        } else {
            ActionKind::Fire
        }
    }

    /// Whether it is a shot, with either weapon.
    pub fn is_fire(self) -> bool {
        matches!(self, ActionKind::Fire | ActionKind::FireArquebus)
    }
}

/// What an umpire's answer committed a unit to, until it is met or the rules release it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    /// A Samurai unit will charge the enemy Samurai within charge distance: that charge is its
    /// next action (Clan Activation).
    ChargeSamurai,
}

/// Why a unit owes a Route test (Route and Rally), for the card to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RouteCause {
    /// It lost a stand (or took hits, under ruling `route_trigger`) and is down to this
    /// many of its starting stands.
    Weakened {
        /// Stands left.
        left: u32,
        /// Stands at the start.
        start: u32,
    },
    /// It lost a melee and withdrew.
    LostMelee,
    /// It failed its charge test while already disordered.
    FailedChargeDisordered,
}

/// What changed a leader's Command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChangeKind {
    /// A melee won with the leader attached.
    Honor,
    /// The General stepped in after the leader failed.
    Dishonor,
    /// Injured in combat.
    Injury,
}

/// A leader: base Command and its history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderState {
    /// His name.
    pub name: String,
    /// Command from the roster.
    pub base: i64,
    /// Every change, oldest first.
    pub changes: Vec<(ChangeKind, RatingChange)>,
}

impl LeaderState {
    /// Sum of the changes of one kind.
    pub fn total(&self, kind: ChangeKind) -> i64 {
        self.changes
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, c)| c.delta)
            .sum()
    }

    /// Command with every permanent change (not the situational ones).
    pub fn command(&self) -> i64 {
        self.base + self.changes.iter().map(|(_, c)| c.delta).sum::<i64>()
    }
}

/// A unit on the table (or gone from it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// What the roster says.
    pub spec: UnitSpec,
    /// Stands left.
    pub stands: u32,
    /// Hits marked short of a stand.
    pub marked_hits: u32,
    /// Disordered.
    pub disordered: bool,
    /// Routing.
    pub routing: bool,
    /// Arquebus loaded.
    pub loaded: bool,
    /// Tedate still carried.
    pub tedate: bool,
    /// Destroyed or off the table.
    pub removed: bool,
    /// Why its Route test is owed, while it is.
    pub route_cause: Option<RouteCause>,
    /// The optional first Bushi roll's change, once rolled.
    pub spirit: Option<i64>,
    /// Current formation (the umpire may change it).
    pub formation: Formation,
}

impl UnitState {
    fn new(spec: &UnitSpec) -> Self {
        Self {
            stands: spec.stands,
            marked_hits: 0,
            disordered: false,
            routing: false,
            loaded: spec.weapons.contains(&Weapon::Arquebus),
            tedate: spec.tedate,
            removed: false,
            route_cause: None,
            spirit: None,
            formation: spec.formation,
            spec: spec.clone(),
        }
    }

    /// On the table and not routing: able to act.
    pub fn in_good_standing(&self) -> bool {
        !self.removed && !self.routing
    }

    /// Bushi with the optional first-test change.
    pub fn bushi(&self) -> i64 {
        self.spec.bushi + self.spirit.unwrap_or(0)
    }

    /// Stands lost so far.
    pub fn stands_lost(&self) -> u32 {
        self.spec.stands.saturating_sub(self.stands)
    }

    /// Stands in the front rank (ruling `front_rank`).
    pub fn front_rank(&self) -> u32 {
        match self.formation {
            Formation::Column => self.stands.min(1),
            Formation::Line(width) => self.stands.min(width),
        }
    }

    /// Its formation as it stands on the table: a line of fewer stands than its width is
    /// only as wide as its stands.
    pub fn formation_as_stood(&self) -> Formation {
        match self.formation {
            Formation::Column => Formation::Column,
            Formation::Line(_) => Formation::Line(self.front_rank()),
        }
    }

    /// Whether it is Samurai (impetus and target 6).
    pub fn is_samurai(&self) -> bool {
        self.spec.troop == Troop::Samurai
    }
}

/// A clan in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClanState {
    /// Its name.
    pub name: String,
    /// Its Clan Leader.
    pub leader: LeaderState,
    /// The unit the leader is attached to, if any.
    pub attached_to: Option<u8>,
    /// Tried to activate this turn.
    pub tried: bool,
    /// Activated this turn.
    pub activated: bool,
    /// Its units.
    pub units: Vec<UnitState>,
}

/// What a General has done this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralTurn {
    /// Stepped in for a clan that missed activation (once per turn).
    pub intervened: bool,
    /// Failed that attempt: no other action this turn.
    pub barred: bool,
}

/// One army in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    /// The army's name.
    pub name: String,
    /// Its General.
    pub general: LeaderState,
    /// The General's doings this turn.
    pub general_turn: GeneralTurn,
    /// Its clans.
    pub clans: Vec<ClanState>,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Turn number, from 1.
    pub turn: u32,
    /// Current phase.
    pub phase: Phase,
    /// Who took the first round this turn.
    pub first: Option<Side>,
    /// The clan whose leader just missed, while its General may still step in.
    pub intervention: Option<ClanRef>,
    /// Actions left to the activated clan (None until rolled).
    pub actions_left: Option<u32>,
    /// Things to settle, oldest first (a charge under way among them).
    pub due: Dues<Due>,
    /// What each unit did this activation and turn, and what binds it.
    pub ledger: Ledger<UnitRef, ActionKind, Binding>,
    /// Pairs of enemy units left in contact by a melee neither side withdrew from.
    pub contacts: Vec<(UnitRef, UnitRef)>,
    /// Both armies.
    pub sides: [SideState; 2],
    /// The umpire ended the battle.
    pub ended: bool,
}

impl State {
    /// A battle's first moment: turn 1, initiative due.
    pub fn new(_rules: &Rules, armies: &[Army; 2]) -> Self {
        let side = |a: &Army| SideState {
            name: a.name.clone(),
            general: leader(&a.general),
            general_turn: GeneralTurn::default(),
            clans: a
                .clans
                .iter()
                .map(|c| ClanState {
                    name: c.name.clone(),
                    leader: leader(&c.leader),
                    attached_to: None,
                    tried: false,
                    activated: false,
                    units: c.units.iter().map(UnitState::new).collect(),
                })
                .collect(),
        };
        Self {
            turn: 1,
            phase: Phase::Initiative,
            first: None,
            intervention: None,
            actions_left: None,
            due: Dues::default(),
            ledger: Ledger::default(),
            contacts: Vec::new(),
            sides: [side(&armies[0]), side(&armies[1])],
            ended: false,
        }
    }

    /// The charge under way (its next step is due), if any.
    pub fn charge(&self) -> Option<Charge> {
        self.due.iter().find_map(|d| match d {
            Due::Charge(c) => Some(*c),
            _ => None,
        })
    }

    /// A unit, if the reference is valid.
    pub fn unit(&self, u: UnitRef) -> Option<&UnitState> {
        self.clan(u.clan())?.units.get(usize::from(u.2))
    }

    /// A unit, mutably.
    pub fn unit_mut(&mut self, u: UnitRef) -> Option<&mut UnitState> {
        self.clan_mut(u.clan())?.units.get_mut(usize::from(u.2))
    }

    /// A clan, if the reference is valid.
    pub fn clan(&self, c: ClanRef) -> Option<&ClanState> {
        self.sides.get(c.side())?.clans.get(usize::from(c.1))
    }

    /// A clan, mutably.
    pub fn clan_mut(&mut self, c: ClanRef) -> Option<&mut ClanState> {
        self.sides
            .get_mut(c.side())?
            .clans
            .get_mut(usize::from(c.1))
    }

    /// Every unit reference of a clan.
    pub fn units_of(&self, c: ClanRef) -> Vec<UnitRef> {
        let n = self.clan(c).map_or(0, |clan| clan.units.len());
        (0..n)
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| UnitRef(c.0, c.1, i))
            .collect()
    }

    /// Every clan reference of a side.
    pub fn clans_of(&self, side: Side) -> Vec<ClanRef> {
        let n = self.sides.get(side).map_or(0, |s| s.clans.len());
        let s = u8::try_from(side).unwrap_or(0);
        (0..n)
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| ClanRef(s, i))
            .collect()
    }

    /// Every unit reference in the battle.
    pub fn all_units(&self) -> Vec<UnitRef> {
        self.units().map(|(unit, _)| unit).collect()
    }

    /// Every unit with its reference, in the order of [`State::all_units`]: what `units_of`
    /// gives for each clan of `clans_of` of each side. (A reference holds no index above
    /// 255: none is made.)
    pub fn units(&self) -> impl Iterator<Item = (UnitRef, &UnitState)> + '_ {
        self.sides
            .iter()
            .zip(0..=u8::MAX)
            .flat_map(|(side, s)| side.clans.iter().zip(0..=u8::MAX).map(move |c| (s, c)))
            .flat_map(|(s, (clan, c))| {
                clan.units
                    .iter()
                    .zip(0..=u8::MAX)
                    .map(move |(unit, u)| (UnitRef(s, c, u), unit))
            })
    }

    /// The unit's display name.
    pub fn unit_name(&self, u: UnitRef) -> String {
        self.unit_label(u).into_owned()
    }

    /// The unit's display name, borrowed from the state where the unit has one: the log's
    /// sentences name units in every entry a reopen runs again.
    pub fn unit_label(&self, u: UnitRef) -> std::borrow::Cow<'_, str> {
        self.unit(u).map_or_else(
            || format!("unit {}", u.id()).into(),
            |x| x.spec.name.as_str().into(),
        )
    }

    /// Whether the unit has taken a kind of action this activation.
    pub fn has_taken(&self, unit: UnitRef, is: impl Fn(&ActionKind) -> bool) -> bool {
        self.ledger.has_done(unit, Scope::Activation, is)
    }

    /// The enemy units this one is in contact with.
    pub fn in_contact_with(&self, unit: UnitRef) -> Vec<UnitRef> {
        self.contacts
            .iter()
            .filter_map(|&(a, b)| {
                if a == unit {
                    Some(b)
                } else if b == unit {
                    Some(a)
                } else {
                    None
                }
            })
            .collect()
    }

    /// Whether the clan's leader is attached to this unit.
    pub fn leader_attached(&self, u: UnitRef) -> bool {
        self.clan(u.clan())
            .is_some_and(|c| c.attached_to == Some(u.2))
    }

    /// Clans still under a General's control (ruling `clans_under_control`).
    pub fn clans_under_control(&self, side: Side) -> usize {
        self.sides[side]
            .clans
            .iter()
            .filter(|c| c.units.iter().any(UnitState::in_good_standing))
            .count()
    }

    /// Clans of a side that may still try to activate this turn.
    pub fn untried(&self, side: Side) -> Vec<ClanRef> {
        self.untried_clans(side).collect()
    }

    /// Whether a side has a clan that may still try to activate this turn (asked at every
    /// round: no list made).
    pub fn has_untried(&self, side: Side) -> bool {
        self.untried_clans(side).next().is_some()
    }

    /// The clans of [`State::untried`], one by one.
    fn untried_clans(&self, side: Side) -> impl Iterator<Item = ClanRef> + '_ {
        let s = u8::try_from(side).unwrap_or(0);
        let clans = self.sides.get(side).map_or(&[][..], |x| x.clans.as_slice());
        clans
            .iter()
            .zip(0..=u8::MAX)
            .filter(|(x, _)| !x.tried && x.units.iter().any(|u| !u.removed))
            .map(move |(_, c)| ClanRef(s, c))
    }
}

fn leader(l: &super::roster::Leader) -> LeaderState {
    LeaderState {
        name: l.name.clone(),
        base: l.command,
        changes: Vec::new(),
    }
}
