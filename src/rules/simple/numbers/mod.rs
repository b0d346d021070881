//! Every number of the Simple Samurai procedures, worked out in one place with its reasons,
//! for both the referee (execute) and the cards (pending).

pub mod preview;

use super::command::{Attacker, Facing, Fighter, MeleeOrder};
use super::roster::{Formation, Troop, Weapon};
use super::state::{Cover, State, Target, UnitRef, UnitState};
use super::tables::Rules;
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::Modifier;
use crate::rules::simple::tables::{
    AttackersLimit, CombinedScore, DaimyoCover, NaginataIsSpear, PassThrough, ReinforcementSquare,
    TurnToFace,
};

const MELEE: &str = "simple: Melee";

/// The die a troop type rolls for Formation Fail tests and melee.
pub fn troop_die(rules: &Rules, troop: Troop) -> u32 {
    let d = &rules.t.troop_dice;
    match troop {
        Troop::Peasant => d.peasant,
        Troop::Ashigaru => d.ashigaru,
        Troop::Ronin => d.ronin,
        Troop::SamuraiFoot => d.samurai_foot,
        Troop::SamuraiGuard => d.samurai_guard,
        Troop::Monks => d.monks,
        Troop::SamuraiCavalry | Troop::MonkCavalry => d.cavalry,
        Troop::Animals => d.animals,
    }
}

/// The dice for an arriving unit's square: (count, sides), 1d24 or 2d12 by ruling
/// `reinforcement_square`.
pub fn arrival_dice(rules: &Rules) -> (u32, u32) {
    match rules.rulings.reinforcement_square {
        ReinforcementSquare::TwoD12 => (2, rules.t.terrain.squares / 2),
        ReinforcementSquare::D24 => (1, rules.t.terrain.reinforcement_die),
    }
}

/// How far a unit may move in one move over this going, in cm (Movement, ruling
/// `move_allowance`); `None` where it may not go at all (a wagon or gun into hard cover).
pub fn move_allowance(
    rules: &Rules,
    unit: &UnitState,
    going: super::command::Going,
    in_retreat: bool,
) -> Option<f64> {
    use super::command::Going;
    let m = &rules.t.movement_cm;
    let wheeled = matches!(unit.spec.weapon, Weapon::Wagon | Weapon::Gun);
    if wheeled {
        let pushed = || {
            let pushers = unit.alive.clamp(1, m.wagon_pushed_max_figures.max(1));
            m.wagon_pushed_one_figure + m.wagon_pushed_per_extra_figure * f64::from(pushers - 1)
        };
        // An unlimbered gun is pushed by its artillerymen, a wagon by the foot it is given
        // to; a wagon drawn by animals (and a limbered gun) moves at its team's rate.
        let standard = match unit.spec.weapon {
            Weapon::Gun if !unit.limbered => pushed(),
            Weapon::Wagon if unit.spec.troop != Troop::Animals => pushed(),
            Weapon::Wagon if unit.alive == 1 => m.wagon_one_beast,
            _ => m.wagon_two_beasts,
        };
        // Hard cover is by definition what a wagon, limber or gun cannot cross, in Retreat
        // too: Retreat only spares the loss of distance.
        return match going {
            Going::Hard => None,
            _ => Some(standard),
        };
    }
    let cavalry = unit.spec.troop.mounted();
    let pick = |infantry: f64, cav: f64| if cavalry { cav } else { infantry };
    Some(if in_retreat {
        pick(m.infantry_retreat, m.cavalry_retreat)
    } else {
        match going {
            Going::Standard => pick(m.infantry_standard, m.cavalry_standard),
            Going::Road => pick(m.infantry_road, m.cavalry_road),
            Going::Soft => pick(m.infantry_soft, m.cavalry_soft),
            Going::Hard => pick(m.infantry_hard, m.cavalry_hard),
        }
    })
}

/// The longest move a unit may make over any going, in whole cm: what the move form offers
/// (the engine then holds the move to its going's allowance).
pub fn longest_move_cm(rules: &Rules, unit: &UnitState, in_retreat: bool) -> u32 {
    super::command::Going::ALL
        .iter()
        .filter_map(|g| move_allowance(rules, unit, *g, in_retreat))
        .fold(0.0, f64::max)
        .floor() as u32
}

/// Whether `mover` may move through the friendly unit `other` (Formation Fail, ruling
/// `pass_through`): when either is in skirmish order, or (by default) is archers, who can form
/// skirmish. Units base to base otherwise go round one another.
pub fn may_pass_through(rules: &Rules, state: &State, mover: UnitRef, other: UnitRef) -> bool {
    let (Some(a), Some(b)) = (state.unit(mover), state.unit(other)) else {
        return false;
    };
    let loose = |x: &UnitState| {
        x.formation == Formation::Skirmish
            || (rules.rulings.pass_through == PassThrough::EitherCanSkirmish
                && x.spec.weapon == Weapon::Bow)
    };
    mover != other
        && state.owner(mover) == state.owner(other)
        && b.present()
        && (loose(a) || loose(b))
}

/// Why a unit cannot move `distance` cm over this `going` (simple: Movement), or `None`
/// when it can: the move form and the command refuse alike.
pub fn too_far(
    rules: &Rules,
    unit: &UnitState,
    (distance, going): (u32, super::command::Going),
    in_retreat: bool,
) -> Option<String> {
    let name = &unit.spec.name;
    match move_allowance(rules, unit, going, in_retreat) {
        None => Some(format!(
            "{name} cannot cross hard cover: no wagon, limber or gun can"
        )),
        Some(most) if f64::from(distance) > most => Some(format!(
            "{name} moves at most {most} cm {}{}: {distance} cm is too far",
            going.words(),
            if in_retreat { " (in Retreat)" } else { "" }
        )),
        Some(_) => None,
    }
}

/// The score needed to hit a figure in this formation and cover.
pub fn to_hit(rules: &Rules, formation: Formation, cover: Cover) -> u32 {
    let h = &rules.t.to_hit;
    match (formation, cover) {
        (Formation::Skirmish, Cover::Open) => h.skirmish_open,
        (Formation::Skirmish, Cover::Soft) => h.skirmish_soft,
        (Formation::Skirmish, Cover::Hard) => h.skirmish_hard,
        (_, Cover::Open) => h.line_open,
        (_, Cover::Soft) => h.line_soft,
        (_, Cover::Hard) => h.line_hard,
    }
}

/// The score a gun's d8 needs to hit a structure: 7 against soft cover, 8 against hard
/// (Firing at Soft/Hard Cover), by what the structure is built as.
pub fn bombard_needs(rules: &Rules, kind: super::state::StructureKind) -> u32 {
    let s = &rules.t.structures;
    match kind.built_as() {
        Cover::Hard => s.hard_needs,
        Cover::Soft | Cover::Open => s.soft_needs,
    }
}

/// Whether a structure with `hits` left is ruined: a linear object at 0 hits, anything else
/// (a building, a bridge, fieldworks) at 4 or less (Firing at Soft/Hard Cover).
pub fn ruined_at(rules: &Rules, kind: super::state::StructureKind, hits: u32) -> bool {
    if kind.linear() {
        hits == 0
    } else {
        hits <= rules.t.structures.unusable_at
    }
}

/// The weapon's range in cm, halved by the wind card.
pub fn range_cm(rules: &Rules, state: &State, weapon: Weapon) -> Option<u32> {
    let r = &rules.t.ranges_cm;
    let base = match weapon {
        Weapon::Bow => r.bow,
        Weapon::Arquebus => r.arquebus,
        Weapon::Gun => r.gun,
        _ => return None,
    };
    Some(if state.wind_turns > 0 {
        base / r.wind_divisor.max(1)
    } else {
        base
    })
}

/// The save: its die and the face needed, with the reason.
pub fn save(
    rules: &Rules,
    state: &State,
    target: Target,
    firer_failed: bool,
) -> (u32, u32, String) {
    let s = &rules.t.saves;
    let (guard, animal) = match target {
        Target::Daimyo(_) => (true, false),
        Target::Unit(u) => state.unit(u).map_or((false, false), |u| {
            (
                u.spec.troop == Troop::SamuraiGuard,
                u.spec.troop == Troop::Animals,
            )
        }),
    };
    let sides = if animal { s.animal_die } else { s.die };
    let (on, why) = match (guard, firer_failed) {
        (true, true) => (
            s.guard_vs_fail,
            "guard or Daimyo, firer has a Formation Fail",
        ),
        (true, false) => (s.guard, "guard or Daimyo"),
        (false, true) => (s.ordinary_vs_fail, "the firer has a Formation Fail"),
        (false, false) => (s.ordinary, "ordinary save"),
    };
    (sides, on, format!("1d{sides} at {on}+ per hit ({why})"))
}

/// What the target of fire stands in: the formation and cover that set the score needed.
/// The cover is the table's word (`told`, the Fire form's answer); an order without one (an
/// older journal) reads the unit's cover record, and a Daimyo's the open.
pub fn target_stance(
    rules: &Rules,
    state: &State,
    target: Target,
    told: Option<Cover>,
) -> (Formation, Cover) {
    match target {
        Target::Unit(u) => state.unit(u).map_or((Formation::Line, Cover::Open), |x| {
            (x.formation, told.unwrap_or_else(|| state.cover_of(u)))
        }),
        // Ruling daimyo_cover: a lone Daimyo stands as a figure in line or as a skirmisher.
        Target::Daimyo(_) => {
            let cover = told.unwrap_or(Cover::Open);
            match rules.rulings.daimyo_cover {
                DaimyoCover::LineInOpen => (Formation::Line, cover),
                DaimyoCover::SkirmishInOpen => (Formation::Skirmish, cover),
            }
        }
    }
}

/// The cover a melee defender fights from: hard at a building's door, else the table's word
/// (the Melee form's answer); an order without one (an older journal, the village's peasants)
/// reads the unit's cover record.
pub fn defender_cover(state: &State, order: &MeleeOrder) -> Cover {
    if order.door.is_some() {
        return Cover::Hard;
    }
    order
        .defender_cover
        .unwrap_or_else(|| match order.defender {
            Target::Unit(u) => state.cover_of(u),
            Target::Daimyo(_) => Cover::Open,
        })
}

/// Firing dice: (die, figures rolling, sharpshooter dice).
pub fn fire_dice(rules: &Rules, unit: &UnitState, volley: bool) -> (u32, u32, u32) {
    let f = &rules.t.fire;
    let sides = if volley { f.volley_die } else { f.die };
    (sides, unit.alive, unit.spec.sharpshooters.min(unit.alive))
}

/// Hits from the faces: dice that can reach the score alone count alone; the rest pair up.
/// A die's score is its face and its bonus (a sharpshooter's +1), alone or in a pair.
pub fn count_hits(
    rules: &Rules,
    sides: u32,
    faces: &[u32],
    bonus: &[u32],
    needs: u32,
) -> (u32, Vec<(usize, usize)>) {
    let exact = rules.rulings.combined_score == CombinedScore::PairsExact;
    let bonus_of = |i: usize| bonus.get(i).copied().unwrap_or(0);
    let score = |i: usize| faces[i] + bonus_of(i);
    let (alone, weak): (Vec<usize>, Vec<usize>) =
        (0..faces.len()).partition(|&i| sides + bonus_of(i) >= needs);
    let mut hits = alone.iter().filter(|&&i| score(i) >= needs).count() as u32;
    let mut pairs = Vec::new();
    for pair in weak.chunks_exact(2) {
        let (a, b) = (pair[0], pair[1]);
        let sum = score(a) + score(b);
        pairs.push((a, b));
        if (exact && sum == needs) || (!exact && sum >= needs) {
            hits += 1;
        }
    }
    (hits, pairs)
}

/// The melee die of a fighter.
pub fn fighter_die(rules: &Rules, state: &State, f: Fighter) -> u32 {
    match f {
        Fighter::Unit(u) => state.unit(u).map_or(rules.t.troop_dice.ashigaru, |u| {
            troop_die(rules, u.spec.troop)
        }),
        Fighter::Daimyo(_) => rules.t.troop_dice.daimyo,
    }
}

fn fighter_unit(state: &State, f: Fighter) -> Option<&UnitState> {
    match f {
        Fighter::Unit(u) => state.unit(u),
        Fighter::Daimyo(_) => None,
    }
}

fn spear_class(rules: &Rules, w: Option<Weapon>) -> u8 {
    match w {
        Some(Weapon::Pike) => 2,
        Some(Weapon::Spear) => 1,
        Some(Weapon::Naginata) if rules.rulings.naginata_is_spear == NaginataIsSpear::Spear => 1,
        _ => 0,
    }
}

/// Where the attacker strikes once the defender has turned: a figure attacked in the flank or
/// rear turns to face without penalty unless he is in melee with a figure to his front (ruling
/// `turn_to_face`: his unit is in melee, or another figure of the same order attacks his front).
pub fn facing(rules: &Rules, state: &State, order: &MeleeOrder, attacker: &Attacker) -> Facing {
    if attacker.facing == Facing::Front || rules.rulings.turn_to_face == TurnToFace::AsDeclared {
        return attacker.facing;
    }
    let unit_in_melee = match order.defender {
        Target::Unit(u) => state.unit(u).is_some_and(UnitState::in_melee),
        Target::Daimyo(_) => false,
    };
    let front = order.attackers.iter().any(|a| a.facing == Facing::Front);
    if unit_in_melee || front {
        attacker.facing
    } else {
        Facing::Front
    }
}

/// The modifiers of one bout: (attacker's, defender's).
pub fn melee_modifiers(
    rules: &Rules,
    state: &State,
    order: &MeleeOrder,
    attacker: &Attacker,
) -> (Vec<Modifier>, Vec<Modifier>) {
    let m = &rules.t.melee;
    let (mut att, mut def) = (Vec::new(), Vec::new());
    if order.in_building && order.door.is_none() {
        return (att, def);
    }
    let defender = match order.defender {
        Target::Unit(u) => state.unit(u),
        Target::Daimyo(_) => None,
    };
    // Defending a building's door is fighting from hard cover.
    match defender_cover(state, order) {
        Cover::Soft => def.push(Modifier::total(
            m.soft_cover,
            "defender behind soft cover",
            MELEE,
        )),
        Cover::Hard => def.push(Modifier::total(
            m.hard_cover,
            "defender behind hard cover",
            MELEE,
        )),
        Cover::Open => {}
    }
    if let Target::Unit(u) = order.defender
        && state.in_retreat(u)
    {
        att.push(Modifier::total(
            m.defender_retreating,
            "defender is retreating",
            MELEE,
        ));
    }
    match facing(rules, state, order, attacker) {
        Facing::Flank => att.push(Modifier::total(m.flank, "attacking a flank", MELEE)),
        Facing::Rear => att.push(Modifier::total(m.rear, "attacking the rear", MELEE)),
        Facing::Front => {}
    }
    match spear_class(rules, order.rear_support) {
        2 => def.push(Modifier::total(
            m.pike_support,
            "pike behind the defender",
            MELEE,
        )),
        1 => def.push(Modifier::total(
            m.spear_support,
            "spear behind the defender",
            MELEE,
        )),
        _ => {}
    }
    let a_unit = fighter_unit(state, attacker.fighter);
    let a_class = spear_class(rules, a_unit.map(|u| u.spec.weapon));
    let d_class = spear_class(rules, defender.map(|u| u.spec.weapon));
    if d_class == 2 && a_class < 2 {
        def.push(Modifier::total(
            m.pike_against_none,
            "defender has pike, attacker has none",
            MELEE,
        ));
    } else if d_class == 1 && a_class == 0 {
        def.push(Modifier::total(
            m.spear_against_none,
            "defender has spear, attacker has none",
            MELEE,
        ));
    }
    let a_fail = a_unit.is_some_and(|u| u.formation_fail);
    let d_fail = defender.is_some_and(|u| u.formation_fail);
    if a_fail != d_fail {
        let side = if a_fail { &mut att } else { &mut def };
        side.push(Modifier::total(
            m.formation_fail,
            "Formation Fail (the other has none)",
            MELEE,
        ));
    }
    let (a_alone, d_alone) = (!attacker.touches_friend, !order.defender_touches_friend);
    if a_alone != d_alone {
        let side = if a_alone { &mut att } else { &mut def };
        side.push(Modifier::total(
            m.no_friendly_contact,
            "no friendly figure in contact",
            MELEE,
        ));
    }
    (att, def)
}

/// The most attackers allowed on one defending figure: 4, or 3 when he touches a friendly
/// figure; under ruling `attackers_limit` `skirmish_order`, 4 only on a skirmisher (a lone
/// Daimyo standing as one under `daimyo_cover`) and 3 on any other.
pub fn max_attackers(rules: &Rules, state: &State, order: &MeleeOrder) -> usize {
    let m = &rules.t.melee;
    let skirmisher = match order.defender {
        Target::Unit(u) => state
            .unit(u)
            .is_some_and(|x| x.formation == Formation::Skirmish),
        Target::Daimyo(_) => rules.rulings.daimyo_cover == DaimyoCover::SkirmishInOpen,
    };
    let four_only_on_skirmishers = rules.rulings.attackers_limit == AttackersLimit::SkirmishOrder;
    if order.defender_touches_friend || (four_only_on_skirmishers && !skirmisher) {
        m.max_attackers_touching_friend
    } else {
        m.max_attackers
    }
}

/// Whether the figure the village's peasants set on touches a friend: with the cover told (the
/// card's answer) as its formation shows (close order, another figure left; skirmishers stand
/// apart); in an older journal's attack, whenever another figure was left.
pub fn villager_target_touches_friend(state: &State, u: UnitRef, told: Option<Cover>) -> bool {
    state
        .unit(u)
        .is_some_and(|x| x.alive > 1 && (told.is_none() || x.formation != Formation::Skirmish))
}

/// How many of the village's peasants attack the figure of a unit that came into the
/// village: as many as may attack one defending figure, and as they have that have not yet
/// attacked this turn (each attacking figure throws once in melee).
pub fn villagers_attacking(
    rules: &Rules,
    state: &State,
    village: UnitRef,
    order: &MeleeOrder,
) -> u32 {
    villagers_yet_to_attack(state, village)
        .min(u32::try_from(max_attackers(rules, state, order)).unwrap_or(u32::MAX))
}

/// The village's peasants alive that have not attacked this turn.
pub fn villagers_yet_to_attack(state: &State, village: UnitRef) -> u32 {
    let alive = state.unit(village).map_or(0, |x| x.alive);
    let attacked = super::order::attacks(&state.ledger, Fighter::Unit(village));
    alive.saturating_sub(u32::try_from(attacked).unwrap_or(u32::MAX))
}

/// A morale test's dice: the living figures' pool against the d10s, with the reasons.
#[derive(Clone, Debug, PartialEq)]
pub struct MoraleDice {
    /// The die of each living figure (by troop type and cover).
    pub own_sides: u32,
    /// Living figures.
    pub own: u32,
    /// d10s against.
    pub against: u32,
    /// Why each part is there.
    pub reasons: Vec<Modifier>,
}

impl MoraleDice {
    /// `3d6 >= 3d10`: the unit carries on when it holds.
    pub fn comparison(&self, rules: &Rules) -> Comparison {
        Comparison::new(
            Expr::dice(self.own, self.own_sides),
            CmpOp::Ge,
            if self.against == 0 {
                Expr::constant(0)
            } else {
                Expr::dice(self.against, rules.t.morale.dead_die)
            },
        )
    }
}

/// Whether a morale test counts the 1d10 for seeing a friendly unit retreat: the test was
/// called for it, or the table marked the unit as seeing one.
pub fn sees_friend_retreat(unit: &UnitState, cause: super::state::MoraleCause) -> bool {
    cause == super::state::MoraleCause::FriendRetreating || unit.sees_retreat
}

/// The dice of a unit's morale test.
pub fn morale(
    rules: &Rules,
    unit: &UnitState,
    cover: Cover,
    friend_retreating: bool,
) -> MoraleDice {
    let m = &rules.t.morale;
    const CITE: &str = "simple: Morale";
    let by_cover = |open, soft, hard| match cover {
        Cover::Open => open,
        Cover::Soft => soft,
        Cover::Hard => hard,
    };
    let own_sides = match unit.spec.troop {
        Troop::Peasant => by_cover(m.peasant_open, m.peasant_soft, m.peasant_hard),
        Troop::Ronin => by_cover(m.ronin_open, m.ronin_soft, m.ronin_hard),
        _ => by_cover(m.ashigaru_open, m.ashigaru_soft, m.ashigaru_hard),
    };
    let mut reasons = vec![Modifier::dice(
        i64::from(unit.alive),
        format!("figures alive, 1d{own_sides} each ({})", cover.name()),
        CITE,
    )];
    let mut against = unit.dead();
    // A whole unit throws no d10 for the dead: the card shows no line for them.
    if against > 0 {
        reasons.push(Modifier::dice(
            -i64::from(against),
            "1d10 per dead figure",
            CITE,
        ));
    }
    if unit.formation_fail {
        against += m.formation_fail_dice;
        reasons.push(Modifier::dice(
            -i64::from(m.formation_fail_dice),
            "Formation Fail",
            CITE,
        ));
    }
    if friend_retreating {
        against += m.friend_retreating_dice;
        reasons.push(Modifier::dice(
            -i64::from(m.friend_retreating_dice),
            "sees a friendly unit retreating",
            CITE,
        ));
    }
    MoraleDice {
        own_sides,
        own: unit.alive,
        against,
        reasons,
    }
}

/// The d6 score that sets a kindling alight.
pub fn alight_on(rules: &Rules, what: super::command::Kindling) -> u32 {
    use super::command::Kindling;
    let b = &rules.t.burning;
    match what {
        Kindling::Cart => b.cart_alight_on,
        Kindling::Haystack => b.haystack_alight_on,
        Kindling::Building => b.samurai_alight_on,
        Kindling::BuildingWhileBurning => b.already_burning_alight_on,
    }
}

/// Samurai proper (not monks, not Ashigaru): those who set buildings alight.
pub fn is_samurai(troop: Troop) -> bool {
    matches!(
        troop,
        Troop::SamuraiFoot | Troop::SamuraiGuard | Troop::SamuraiCavalry
    )
}

/// Whether a unit ever tests morale.
pub fn takes_morale(unit: &UnitState) -> bool {
    !unit.spec.troop.samurai_or_monk() && unit.spec.troop != Troop::Animals
}

/// Whether a unit is at half its starting figures or fewer.
pub fn half_strength(unit: &UnitState) -> bool {
    unit.alive * 2 <= unit.spec.figures
}

/// The figures around a side's Daimyo that a ninja must fight first: those of the unit he is
/// with, one entry a figure, as many as may attack one figure (4).
pub fn ninja_guards(rules: &Rules, state: &State, side: u8) -> Vec<UnitRef> {
    let g = super::state::GroupRef(side, 0);
    let Some(i) = state
        .group(g)
        .and_then(|grp| grp.daimyo.as_ref())
        .and_then(|d| d.attached)
    else {
        return Vec::new();
    };
    let u = UnitRef(side, 0, i);
    let n = state.unit(u).filter(|x| x.present()).map_or(0, |x| x.alive);
    let most = u32::try_from(rules.t.melee.max_attackers).unwrap_or(u32::MAX);
    vec![u; n.min(most) as usize]
}

/// The unit a Daimyo shields behind, if he is attached and it still has figures.
pub fn daimyo_shielded(state: &State, g: super::state::GroupRef) -> bool {
    state
        .group(g)
        .and_then(|grp| {
            let d = grp.daimyo.as_ref()?;
            let u = grp.units.get(usize::from(d.attached?))?;
            Some(u.present())
        })
        .unwrap_or(false)
}

/// A unit's figure is fighting: which unit, if any.
pub fn unit_of(f: Fighter) -> Option<UnitRef> {
    match f {
        Fighter::Unit(u) => Some(u),
        Fighter::Daimyo(_) => None,
    }
}
