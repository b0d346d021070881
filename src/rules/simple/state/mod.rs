//! The state of a Simple Samurai battle: sides, groups (own troops and allied clans), units.

use serde::{Deserialize, Serialize};

mod terms;
pub use terms::*;

use super::roster::{Army, Formation, Group, Koku, Leader, Troop, UnitSpec, Weapon};

/// A unit: side of origin, group, index in the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitRef(pub u8, pub u8, pub u8);

impl UnitRef {
    /// The side the unit came with.
    pub fn side(self) -> usize {
        usize::from(self.0)
    }
    /// Its group.
    pub fn group(self) -> GroupRef {
        GroupRef(self.0, self.1)
    }
    /// `0.1.2` (side, group, unit), read back by [`crate::engine::view::parse_id`].
    pub fn id(self) -> String {
        format!("{}.{}.{}", self.0, self.1, self.2)
    }
}

/// A group (the Daimyo's troops or an allied clan), also naming its Daimyo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupRef(pub u8, pub u8);

impl GroupRef {
    /// `0.1` (side, group).
    pub fn id(self) -> String {
        format!("{}.{}", self.0, self.1)
    }
}

/// One unit's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// The roster entry.
    pub spec: UnitSpec,
    /// Figures alive (on the table or in hiding).
    pub alive: u32,
    /// Its formation now.
    pub formation: Formation,
    /// Has a Formation Fail.
    pub formation_fail: bool,
    /// Retreat moves still to make (0: not retreating).
    pub retreat_moves: u32,
    /// Smoke from its own firing hides targets to its front.
    pub smoke: bool,
    /// The cover it is in.
    pub cover: Cover,
    /// Crossing soft or hard cover (no Formation Fail test meanwhile).
    pub crossing: bool,
    /// In melee (no Formation Fail test meanwhile).
    /// Turn ends left during which it counts as in melee: a fight marks both sides for
    /// the rest of this turn and the opponent's next (ruling melee_contact).
    pub melee_turns: u32,
    /// A gun or wagon limbered (a gun cannot fire).
    pub limbered: bool,
    /// A gun that must realign before firing at a new target.
    pub realigning: bool,
    /// Off the battlefield (fled, hiding, left with its clan).
    pub gone: bool,
    /// Kept off the table in ambush.
    pub in_ambush: bool,
    /// Fired this turn.
    pub fired: bool,
    /// Moved this turn.
    pub moved: bool,
    /// Fired a volley this turn (no move with it).
    pub volleyed: bool,
    /// Fired in its previous turn (for smoke).
    pub fired_before: bool,
    /// A gun's present target: firing at another needs a realignment first.
    #[serde(default)]
    pub aim: Option<Target>,
    /// A gun whose crew were killed in melee: the side that captured it.
    #[serde(default)]
    pub captured_by: Option<u8>,
    /// A captured gun crewed by the captors' artillerymen: the side it fires for now.
    #[serde(default)]
    pub held_by: Option<u8>,
    /// The structure it is in (building, fieldworks) or behind (a wall), by index.
    #[serde(default)]
    pub structure: Option<u8>,
    /// Covered by smoke from a fire: classed as in soft cover.
    #[serde(default)]
    pub fire_smoke: bool,
    /// Sees a friendly unit retreating (the table says so): +1d10 against its next morale test.
    #[serde(default)]
    pub sees_retreat: bool,
    /// The umpire said, for the morale test due, whether it sees a friendly unit retreat.
    #[serde(default)]
    pub retreat_told: bool,
    /// The umpire said, for the morale test due, the cover it stands in (the card asks it
    /// before the roll).
    #[serde(default)]
    pub cover_told: bool,
    /// Rolled for drowning this turn (once a move in a river).
    #[serde(default)]
    pub waded: bool,
    /// The opponent called for a morale test this turn (ruling `morale_calls`: once a turn).
    #[serde(default)]
    pub called: bool,
    /// A change of formation under way that its first move did not complete.
    #[serde(default)]
    pub reforming: Option<Reforming>,
    /// Finished a change of formation in its side's last turn: the table may then find it out
    /// of contact (a cause of Formation Fail).
    #[serde(default)]
    pub reformed: bool,
}

/// A change of formation that takes more than one move (Movement: measured to the furthest
/// figure, a change not completed takes a further move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reforming {
    /// The formation it is changing to.
    pub to: Formation,
    /// Moves still needed to finish the change.
    pub moves_left: u32,
}

impl UnitState {
    fn new(spec: &UnitSpec) -> Self {
        // A campaign's losses (campaign ruling `starting_strength`): the unit's strength at
        // the start of this battle is the figures it brings to it.
        let mut spec = spec.clone();
        spec.figures = spec.figures.saturating_sub(spec.lost);
        spec.lost = 0;
        Self {
            alive: spec.figures,
            formation: spec.formation,
            spec,
            formation_fail: false,
            retreat_moves: 0,
            smoke: false,
            cover: Cover::Open,
            crossing: false,
            melee_turns: 0,
            limbered: false,
            realigning: false,
            gone: false,
            in_ambush: false,
            fired: false,
            moved: false,
            volleyed: false,
            fired_before: false,
            aim: None,
            captured_by: None,
            held_by: None,
            structure: None,
            fire_smoke: false,
            sees_retreat: false,
            retreat_told: false,
            cover_told: false,
            waded: false,
            called: false,
            reforming: None,
            reformed: false,
        }
    }

    /// On the table with figures left.
    pub fn present(&self) -> bool {
        !self.gone && !self.in_ambush && self.alive > 0
    }

    /// Still in play: on the table with figures, hidden in ambush, or a captured gun waiting
    /// on the table for artillerymen to man it. Out of play once dead, fled or removed.
    pub fn in_play(&self) -> bool {
        !self.gone && (self.alive > 0 || self.captured_by.is_some())
    }

    /// Figures killed.
    pub fn dead(&self) -> u32 {
        self.spec.figures.saturating_sub(self.alive)
    }

    /// In melee (no Formation Fail test).
    pub fn in_melee(&self) -> bool {
        self.melee_turns > 0
    }

    /// Retreating.
    pub fn retreating(&self) -> bool {
        self.retreat_moves > 0
    }
}

/// A Daimyo's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DaimyoState {
    /// The roster entry.
    pub leader: Leader,
    /// Alive.
    pub alive: bool,
    /// The unit of his group he stands with, if any.
    pub attached: Option<u8>,
}

/// A group's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupState {
    /// Its name.
    pub name: String,
    /// An allied clan's koku.
    pub koku: Option<Koku>,
    /// The side it fights for now (a turncoat changes it).
    pub owner: u8,
    /// Its Daimyo (arriving Monks or Ronin have none).
    pub daimyo: Option<DaimyoState>,
    /// Its units.
    pub units: Vec<UnitState>,
    /// An allied clan that rolled to act this turn.
    pub acting: bool,
    /// The village's peasants: nobody's troops, they fight whoever enters the village.
    #[serde(default)]
    pub village: bool,
}

/// This turn's card restrictions on a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardLimits {
    /// Messenger: no movement except retreats.
    pub no_move: bool,
    /// Tea ceremony: Samurai units (not monks) neither move nor fire.
    pub samurai_idle: bool,
    /// No arquebus fire.
    pub no_arquebus: bool,
    /// No bow fire.
    pub no_bow: bool,
    /// Units the conch and drum card (card 9) still sends back this turn.
    #[serde(default)]
    pub send_back_left: u8,
    /// The cavalry advance on the enemy (card 29).
    #[serde(default)]
    pub cavalry_charge: bool,
}

/// One side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideState {
    /// The army's name.
    pub name: String,
    /// Its groups, as loaded, then any that arrived.
    pub groups: Vec<GroupState>,
    /// The Daimyo is dead: the army retreats toward its base line.
    pub army_retreating: bool,
    /// This turn's card restrictions.
    pub limits: CardLimits,
}

/// The phase of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn: Home roll, the deck, set-up helpers.
    Setup,
    /// A side's turn.
    Turn,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Both sides, in roster order.
    pub sides: Vec<SideState>,
    /// The Home side, once rolled.
    pub home: Option<u8>,
    /// The shuffled deck, card numbers 1-30 in drawing order.
    pub deck: Vec<u8>,
    /// The cards drawn from the pack so far, in order: from the app's shuffle or typed from
    /// the table's deck. The pack holds each card once, and is not shuffled again.
    pub spent: Vec<u8>,
    /// The sequence number, from 1.
    pub turn: u32,
    /// The side whose turn it is.
    pub acting: u8,
    /// The phase.
    pub phase: Phase,
    /// Required before play goes on, oldest first.
    pub due: crate::engine::dues::Dues<Due>,
    /// Turns for which ranges are still halved by the wind card.
    pub wind_turns: u32,
    /// The Home ambush unit and its square.
    pub ambush: Option<(UnitRef, u32)>,
    /// Terrain pieces placed and their squares.
    pub terrain: Vec<(String, u32)>,
    /// The river's flow, once rolled.
    pub river: Option<String>,
    /// The wind for smoke, once rolled.
    pub weather: Option<String>,
    /// Structures with hit points.
    pub structures: Vec<Structure>,
    /// Fires burning or burnt out.
    #[serde(default)]
    pub blazes: Vec<Blaze>,
    /// What each unit and Daimyo did this turn, in order.
    #[serde(default)]
    pub ledger: super::order::SimpleLedger,
    /// The battle is over.
    pub ended: bool,
}

impl State {
    /// The state before the Home roll.
    pub fn new(armies: &[Army; 2]) -> Self {
        let side = |s: usize, a: &Army| SideState {
            name: a.name.clone(),
            groups: a.groups.iter().map(|g| group(s as u8, g)).collect(),
            army_retreating: false,
            limits: CardLimits::default(),
        };
        Self {
            sides: vec![side(0, &armies[0]), side(1, &armies[1])],
            home: None,
            deck: Vec::new(),
            spent: Vec::new(),
            turn: 0,
            acting: 0,
            phase: Phase::Setup,
            due: crate::engine::dues::Dues::default(),
            wind_turns: 0,
            ambush: None,
            terrain: Vec::new(),
            river: None,
            weather: None,
            structures: Vec::new(),
            blazes: Vec::new(),
            ledger: super::order::SimpleLedger::default(),
            ended: false,
        }
    }

    /// A unit.
    pub fn unit(&self, u: UnitRef) -> Option<&UnitState> {
        self.group(u.group())?.units.get(usize::from(u.2))
    }

    /// A unit, mutably.
    pub fn unit_mut(&mut self, u: UnitRef) -> Option<&mut UnitState> {
        self.group_mut(u.group())?.units.get_mut(usize::from(u.2))
    }

    /// A group.
    pub fn group(&self, g: GroupRef) -> Option<&GroupState> {
        self.sides
            .get(usize::from(g.0))?
            .groups
            .get(usize::from(g.1))
    }

    /// A group, mutably.
    pub fn group_mut(&mut self, g: GroupRef) -> Option<&mut GroupState> {
        self.sides
            .get_mut(usize::from(g.0))?
            .groups
            .get_mut(usize::from(g.1))
    }

    /// The unit's name, or its id.
    pub fn unit_name(&self, u: UnitRef) -> String {
        self.unit(u).map_or_else(|| u.id(), |s| s.spec.name.clone())
    }

    /// Who a target is, in words.
    pub fn target_name(&self, t: Target) -> String {
        match t {
            Target::Unit(u) => self.unit_name(u),
            Target::Daimyo(g) => self.daimyo_name(g),
        }
    }

    /// A group's Daimyo's name.
    pub fn daimyo_name(&self, g: GroupRef) -> String {
        self.group(g)
            .and_then(|g| g.daimyo.as_ref())
            .map_or_else(|| g.id(), |d| d.leader.name.clone())
    }

    /// The side a unit fights for now: a crewed captured gun fires for its captors, and
    /// the village's peasants ([`NOBODY`]) for neither side.
    pub fn owner(&self, u: UnitRef) -> usize {
        if let Some(s) = self.unit(u).and_then(|x| x.held_by) {
            return usize::from(s);
        }
        self.group(u.group())
            .map_or(u.side(), |g| usize::from(g.owner))
    }

    /// The cover a unit's figures have: what the table marked (and smoke from a fire), or the
    /// structure it is in or behind while that stands, whichever is harder.
    pub fn cover_of(&self, u: UnitRef) -> Cover {
        self.unit(u)
            .map_or(Cover::Open, |x| x.cover.max(self.cover_floor(u)))
    }

    /// The cover a unit has whatever the table marks: smoke from a fire over it (soft), the
    /// structure it is in or behind while that stands.
    pub fn cover_floor(&self, u: UnitRef) -> Cover {
        let Some(x) = self.unit(u) else {
            return Cover::Open;
        };
        let from_structure = x
            .structure
            .and_then(|s| self.structures.get(usize::from(s)))
            .filter(|s| s.standing())
            .map_or(Cover::Open, |s| s.kind.cover());
        let from_smoke = if x.fire_smoke {
            Cover::Soft
        } else {
            Cover::Open
        };
        from_structure.max(from_smoke)
    }

    /// The least cover the state proves a unit's figures have, whatever the table says of
    /// the line of fire: hard cover inside a standing building, soft cover under smoke from a
    /// fire (a wall, fence or earthwork covers only from its far side, which the table sees).
    pub fn least_cover(&self, u: UnitRef) -> Cover {
        let Some(x) = self.unit(u) else {
            return Cover::Open;
        };
        let inside = x
            .structure
            .and_then(|s| self.structures.get(usize::from(s)))
            .is_some_and(|s| s.standing() && s.kind.building());
        if inside {
            Cover::Hard
        } else if x.fire_smoke {
            Cover::Soft
        } else {
            Cover::Open
        }
    }

    /// Whether a unit is in Retreat: retreating after a failed morale test, or falling back
    /// to its base line with its army after its Daimyo was killed.
    pub fn in_retreat(&self, u: UnitRef) -> bool {
        self.unit(u).is_some_and(UnitState::retreating)
            || self
                .sides
                .get(self.owner(u))
                .is_some_and(|s| s.army_retreating)
    }

    /// Units in (or behind) a structure.
    pub fn units_in(&self, structure: u8) -> Vec<UnitRef> {
        self.units()
            .into_iter()
            .filter(|&u| {
                self.unit(u)
                    .is_some_and(|x| x.present() && x.structure == Some(structure))
            })
            .collect()
    }

    /// A structure on fire now.
    pub fn burning(&self, structure: u8) -> bool {
        self.blazes
            .iter()
            .any(|b| b.structure == Some(structure) && !b.out)
    }

    /// Every group, with its reference.
    pub fn groups(&self) -> Vec<GroupRef> {
        let mut out = Vec::new();
        for (s, side) in self.sides.iter().enumerate() {
            for g in 0..side.groups.len() {
                out.push(GroupRef(s as u8, g as u8));
            }
        }
        out
    }

    /// Every unit, with its reference.
    pub fn units(&self) -> Vec<UnitRef> {
        // Counted first, and no list of the groups made: the end of every turn asks for every
        // unit several times, and a list grown a unit at a time was a fifth of a long
        // battle's replay.
        let groups = self.sides.iter().flat_map(|side| &side.groups);
        let mut out = Vec::with_capacity(groups.map(|g| g.units.len()).sum());
        for (s, side) in self.sides.iter().enumerate() {
            for (g, group) in side.groups.iter().enumerate() {
                let unit = |i: usize| UnitRef(s as u8, g as u8, i as u8);
                out.extend((0..group.units.len()).map(unit));
            }
        }
        out
    }

    /// Every unit, with its reference and state, in the order of [`State::units`], without
    /// building a list (the end of every turn goes over them all).
    pub fn each_unit(&self) -> impl Iterator<Item = (UnitRef, &UnitState)> + '_ {
        self.sides.iter().enumerate().flat_map(|(s, side)| {
            side.groups.iter().enumerate().flat_map(move |(g, group)| {
                let unit = move |(i, x)| (UnitRef(s as u8, g as u8, i as u8), x);
                group.units.iter().enumerate().map(unit)
            })
        })
    }

    /// Units fighting for a side now, present on the table.
    pub fn present_units_of(&self, side: usize) -> Vec<UnitRef> {
        self.each_unit()
            .filter(|&(u, x)| x.present() && self.owner(u) == side)
            .map(|(u, _)| u)
            .collect()
    }

    /// The side that is not `side`.
    pub fn other(side: usize) -> usize {
        1 - side.min(1)
    }
}

fn group(side: u8, g: &Group) -> GroupState {
    GroupState {
        name: g.name.clone(),
        koku: g.koku,
        owner: side,
        daimyo: Some(DaimyoState {
            leader: g.daimyo.clone(),
            alive: true,
            attached: None,
        }),
        units: g.units.iter().map(UnitState::new).collect(),
        acting: g.koku.is_none(),
        village: false,
    }
}

/// A fresh unit arriving by card.
pub fn arriving_unit(name: &str, troop: Troop, weapon: Weapon, figures: u32) -> UnitState {
    UnitState::new(&UnitSpec {
        name: name.to_owned(),
        troop,
        weapon,
        figures,
        formation: Formation::Line,
        flagbearers: 0,
        sharpshooters: 0,
        lost: 0,
    })
}
