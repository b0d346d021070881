//! Every number a skirmish roll needs, with its reasons: shared by the rolls and the check
//! cards, so what the card shows is exactly what is rolled.

use super::command::Ground;
use super::event::{MoraleResult, Outcome};
use super::roster::{Troop, Weapon};
use super::state::{FigureRef, FigureState, State, UnitRef, Wound};
use super::tables::Rules;
use crate::dice::{CmpOp, Expr, PoolRoll, SuccessCount};
use crate::engine::check::Modifier;
use crate::engine::error::CommandError;
use crate::engine::exec::Exec;
use crate::engine::ledger::Refusal;
use crate::rules::skirmish::Skirmish;
use crate::rules::skirmish::tables::{DifficultGround, FireAndMelee, Parry};

use super::order::cite::{DICE, FIRE, MELEE, MORALE, RESULTS};

/// A pool of d6, each counting at or over `needed`, with how it was built.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    /// Dice to roll.
    pub dice: u32,
    /// Sides of each die (`reference: dice.sides`, `morale.sides`).
    pub sides: u32,
    /// Each die counts at or over this.
    pub needed: u32,
    /// Every part of the pool (the number needed is its target, not one of them).
    pub reasons: Vec<Modifier>,
}

impl Pool {
    /// `3d6cs>=4`.
    pub fn expr(&self) -> Expr {
        Expr::success_count(self.dice, self.sides, CmpOp::Ge, i64::from(self.needed))
    }

    /// Dice of a roll of this pool that count.
    pub fn count(&self, roll: &PoolRoll) -> u32 {
        roll.successes(|f| f >= self.needed)
    }

    /// Rolls the pool: the table may give the count of dice that count instead of faces.
    ///
    /// # Errors
    /// The dice could not be had.
    pub fn roll(&self, ctx: &mut Exec<'_, Skirmish>) -> Result<PoolRoll, CommandError> {
        ctx.roll_pool(self.dice, self.sides, SuccessCount::at_least(self.needed))
    }

    /// `3d6, each 4+`.
    pub fn words(&self) -> String {
        format!("{}d{}, each {}+", self.dice, self.sides, self.needed)
    }
}

/// Builds a pool from a base, its signed modifiers, and the number needed, applying the
/// floor: below one die, roll one that counts only on a 6.
fn pool(rules: &Rules, reasons: Vec<Modifier>, needed: u32) -> Pool {
    pool_of(rules, rules.t.dice.sides, reasons, needed)
}

/// [`pool`] with dice of `sides` (morale has its own).
fn pool_of(rules: &Rules, sides: u32, mut reasons: Vec<Modifier>, needed: u32) -> Pool {
    let d = &rules.t.dice;
    let total: i64 = reasons.iter().map(|m| m.value).sum();
    let lowest = d.always_misses + 1;
    let mut needed = needed.clamp(lowest, d.always_hits);
    let dice = if total < 1 {
        reasons.push(Modifier::dice(1 - total, "below one die: roll one", DICE));
        needed = d.always_hits;
        1
    } else {
        u32::try_from(total).unwrap_or(1)
    };
    // The number each die needs is the pool's target (`Pool::words`), never a modifier.
    Pool {
        dice,
        sides,
        needed,
        reasons,
    }
}

/// A troop type's number of dice.
pub fn troop_dice(rules: &Rules, troop: Troop) -> i64 {
    let d = &rules.t.dice;
    match troop {
        Troop::Ashigaru => d.ashigaru,
        Troop::Monk => d.monk,
        Troop::Ninja => d.ninja,
        Troop::Ronin => d.ronin,
        Troop::Samurai => d.samurai,
        Troop::Hatamoto => d.hatamoto,
        Troop::Daimyo => d.daimyo,
    }
}

fn base(rules: &Rules, f: &FigureState) -> Modifier {
    Modifier::dice(
        troop_dice(rules, f.spec.troop),
        format!("{}: No. of D6", f.spec.troop.name()),
        DICE,
    )
}

/// Armoured or a Ninja (once, ruling `armoured_ninja`).
fn hard_target(f: &FigureState) -> bool {
    f.spec.armoured || f.spec.troop == Troop::Ninja
}

/// How far a figure may move, in inches, with the reasons (the movement calculator).
pub fn move_allowance(
    rules: &Rules,
    f: &FigureState,
    charging: bool,
    obstacles: u32,
    difficult: bool,
) -> (f64, Vec<String>) {
    let m = &rules.t.movement_inches;
    let ninja = f.spec.troop == Troop::Ninja;
    let (base, what) = if f.spec.mounted {
        (m.mounted, "mounted")
    } else if ninja {
        (m.ninja, "Ninja")
    } else {
        (m.foot, "foot")
    };
    let mut parts = vec![format!("{what} {base}\"")];
    let mut inches = base;
    if ninja {
        if charging {
            inches += m.ninja_charge;
            parts.push(format!("charging {:+}\"", m.ninja_charge));
        }
        if obstacles > 0 || difficult {
            parts.push("Ninja ignore obstacles and difficult ground".into());
        }
    } else {
        if charging {
            inches += m.charge;
            parts.push(format!("charging {:+}\"", m.charge));
        }
        if obstacles > 0 {
            inches += m.obstacle * i64::from(obstacles);
            parts.push(format!(
                "{} {:+}\"",
                crate::engine::words::counted(obstacles, "obstacle"),
                m.obstacle * i64::from(obstacles)
            ));
        }
    }
    let legs = i64::from(f.count(Wound::Leg));
    if legs > 0 {
        inches += m.leg_wound * legs;
        parts.push(format!("leg wound x{legs} {:+}\"", m.leg_wound * legs));
    }
    let halved = difficult && !ninja;
    let divisor = m.difficult_divisor.max(1) as f64;
    // Ruling `difficult_ground`: the whole move halved last, or only the troop's own move.
    match rules.rulings.difficult_ground {
        DifficultGround::HalveLast => {
            let mut inches = inches.max(0) as f64;
            if halved {
                inches /= divisor;
                parts.push("difficult ground: half".into());
            }
            (inches, parts)
        }
        DifficultGround::HalveTheBase => {
            let mut inches = inches as f64;
            if halved {
                inches -= base as f64 - base as f64 / divisor;
                parts.insert(1, format!("difficult ground: half of {base}\""));
            }
            (inches.max(0.0), parts)
        }
    }
}

/// How far each figure of a unit still fighting may move with these inputs, with the
/// calculator's reasons, in the unit's order.
pub fn allowances(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    charging: bool,
    (obstacles, difficult): (u32, bool),
) -> Vec<(FigureRef, f64, Vec<String>)> {
    state
        .fighting(unit)
        .into_iter()
        .filter_map(|f| {
            let x = state.figure(f)?;
            let (inches, parts) = move_allowance(rules, x, charging, obstacles, difficult);
            Some((f, inches, parts))
        })
        .collect()
}

/// The most any figure of a unit still fighting may move with these inputs, the figure that
/// may (the first of the furthest), and the calculator's reasons for it; `None` for a unit
/// with nobody to move.
pub fn furthest_move(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    charging: bool,
    obstacles: u32,
    difficult: bool,
) -> Option<(f64, FigureRef, Vec<String>)> {
    let mut best: Option<(f64, FigureRef, Vec<String>)> = None;
    for (f, inches, parts) in allowances(rules, state, unit, charging, (obstacles, difficult)) {
        if best.as_ref().is_none_or(|(most, _, _)| inches > *most) {
            best = Some((inches, f, parts));
        }
    }
    best
}

/// The most obstacles a move can cross: enough to take the longest charge's every inch (the
/// table's longest move and charge bonus, less the table's inches per obstacle). The move form
/// offers no more, and a move across more is refused.
pub fn most_obstacles(rules: &Rules) -> u32 {
    let m = &rules.t.movement_inches;
    let longest = m.foot.max(m.ninja).max(m.mounted) + m.charge.max(m.ninja_charge).max(0);
    let per = (-m.obstacle).max(1);
    u32::try_from((longest + per - 1) / per).unwrap_or(0)
}

/// A weapon's range band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// Close range.
    Close,
    /// Long range.
    Long,
}

/// A missile weapon's close and long range in inches (`reference: ranges_inches`); thrown
/// weapons have only a close range, so their long range is their close range.
pub fn ranges(rules: &Rules, weapon: Weapon) -> Option<(i64, i64)> {
    let r = &rules.t.ranges_inches;
    match weapon {
        Weapon::Yumi => Some((r.yumi_close, r.yumi_long)),
        Weapon::Arquebus => Some((r.arquebus_close, r.arquebus_long)),
        Weapon::Thrown => Some((r.thrown_close, r.thrown_close)),
        _ => None,
    }
}

/// The band a target `inches` away falls in for a weapon, or `None` beyond its long range.
pub fn band(rules: &Rules, weapon: Weapon, inches: u32) -> Option<Band> {
    let (close, long) = ranges(rules, weapon)?;
    let d = i64::from(inches);
    if d <= close {
        Some(Band::Close)
    } else if d <= long {
        Some(Band::Long)
    } else {
        None
    }
}

/// `0-15" close, 16-30" long`.
pub fn range_words(rules: &Rules, weapon: Weapon) -> String {
    match ranges(rules, weapon) {
        Some((close, long)) if long > close => {
            format!("0-{close}\" close, {}-{long}\" long", close + 1)
        }
        Some((close, _)) => format!("0-{close}\" close, no long range"),
        None => "no missile weapon".into(),
    }
}

/// The dice a figure shoots at a target `inches` away with (a target beyond long range is
/// refused by the shot; its dice are those of long range).
pub fn fire(
    rules: &Rules,
    state: &State,
    shooter: FigureRef,
    target: FigureRef,
    inches: u32,
    cover: bool,
) -> Pool {
    let m = &rules.t.fire_modifiers;
    let (Some(s), Some(t)) = (state.figure(shooter), state.figure(target)) else {
        return pool(rules, Vec::new(), rules.t.dice.always_hits);
    };
    let close = band(rules, s.spec.weapon, inches) == Some(Band::Close);
    let mut reasons = vec![base(rules, s)];
    if cover {
        reasons.push(Modifier::dice(m.cover, "target in cover", FIRE));
    }
    if hard_target(t) {
        let what = if t.spec.troop == Troop::Ninja {
            "target is a Ninja"
        } else {
            "target armoured"
        };
        reasons.push(Modifier::dice(m.armoured_or_ninja, what, FIRE));
    }
    match (close, s.spec.weapon) {
        (true, Weapon::Yumi) => {
            reasons.push(Modifier::dice(m.yumi_close, "close range with yumi", FIRE))
        }
        (true, Weapon::Arquebus) => reasons.push(Modifier::dice(
            m.arquebus_close,
            "close range with teppo",
            FIRE,
        )),
        _ => {}
    }
    if state.unit(shooter.unit()).is_some_and(|u| u.moved) {
        reasons.push(Modifier::dice(m.firer_moved, "firer moved", FIRE));
    }
    let h = &rules.t.fire_hit;
    let needed = if s.spec.trained {
        h.trained
    } else {
        h.untrained
    };
    pool(rules, reasons, needed)
}

/// The dice a figure fights an enemy with; `obstacle`: the enemy defends an obstacle.
pub fn melee(
    rules: &Rules,
    state: &State,
    me: FigureRef,
    enemy: FigureRef,
    obstacle: bool,
) -> Pool {
    let m = &rules.t.melee_modifiers;
    let (Some(f), Some(e)) = (state.figure(me), state.figure(enemy)) else {
        return pool(rules, Vec::new(), rules.t.dice.always_hits);
    };
    let mut reasons = vec![base(rules, f)];
    if hard_target(e) {
        let what = if e.spec.troop == Troop::Ninja {
            "opponent is a Ninja"
        } else {
            "opponent armoured"
        };
        reasons.push(Modifier::dice(m.armoured_or_ninja, what, MELEE));
    }
    if obstacle {
        reasons.push(Modifier::dice(
            m.defending_obstacle,
            "opponent defends an obstacle",
            MELEE,
        ));
    }
    if f.spec.weapon.heavy() {
        reasons.push(Modifier::dice(m.heavy_weapon, f.spec.weapon.name(), MELEE));
    }
    if state
        .unit(me.unit())
        .is_some_and(|u| u.charging == Some(enemy.unit()))
    {
        reasons.push(Modifier::dice(m.charged, "charged this turn", MELEE));
    }
    if f.spec.mounted {
        reasons.push(Modifier::dice(m.mounted, "mounted", MELEE));
    }
    if f.spec.weapon == Weapon::Naginata {
        let (n, what) = if e.spec.mounted {
            (m.naginata_vs_mounted, "naginata against mounted")
        } else {
            (m.naginata_vs_foot, "naginata against foot")
        };
        reasons.push(Modifier::dice(n, what, MELEE));
    }
    let arms = i64::from(f.count(Wound::Arm));
    if arms > 0 {
        reasons.push(Modifier::dice(
            m.arm_wound * arms,
            format!("arm wound x{arms}"),
            RESULTS,
        ));
    }
    let h = &rules.t.melee_hit;
    let needed = if f.spec.troop.warrior_class() {
        h.samurai_ronin_ninja
    } else {
        h.others
    };
    pool(rules, reasons, needed)
}

/// Hits each side lands after parries (ruling `parry`); a holding side only parries.
pub fn landed(rules: &Rules, hits: [u32; 2], holding: [bool; 2]) -> [u32; 2] {
    let cancel = rules.rulings.parry != Parry::AllHitsLand;
    let land = |mine: u32, theirs: u32, their_holding: bool| {
        if cancel || their_holding {
            mine.saturating_sub(theirs)
        } else {
            mine
        }
    };
    [
        if holding[0] {
            0
        } else {
            land(hits[0], hits[1], holding[1])
        },
        if holding[1] {
            0
        } else {
            land(hits[1], hits[0], holding[0])
        },
    ]
}

/// The morale dice of a unit on its ground.
pub fn morale(rules: &Rules, state: &State, unit: UnitRef, ground: Ground) -> Pool {
    let m = &rules.t.morale;
    let Some(u) = state.unit(unit) else {
        return pool_of(rules, m.sides, Vec::new(), m.counts_at);
    };
    let mut reasons = Vec::new();
    match u.leader() {
        Some(l) => {
            let who = if l.dead { "dead leader's" } else { "leader's" };
            reasons.push(Modifier::dice(
                troop_dice(rules, l.spec.troop),
                format!("{who} No. of D6 ({})", l.spec.troop.name()),
                MORALE,
            ));
            if l.dead {
                reasons.push(Modifier::dice(m.leader_dead, "leader is dead", MORALE));
            } else {
                reasons.push(Modifier::dice(m.leader_alive, "leader alive", MORALE));
                if l.spec.troop.samurai_born() {
                    reasons.push(Modifier::dice(
                        m.leader_samurai,
                        "leader is a Samurai",
                        MORALE,
                    ));
                }
            }
        }
        None => {
            let troop = u.figures.first().map_or(Troop::Ronin, |f| f.spec.troop);
            reasons.push(Modifier::dice(
                troop_dice(rules, troop),
                format!("leaderless: a {}'s No. of D6", troop.name()),
                MORALE,
            ));
        }
    }
    match ground {
        Ground::Cover => reasons.push(Modifier::dice(m.in_cover, "in cover", MORALE)),
        Ground::Open => reasons.push(Modifier::dice(m.in_open, "in the open", MORALE)),
        Ground::Neither => {}
    }
    if u.shot_at {
        reasons.push(Modifier::dice(
            m.under_ranged_attack,
            "under ranged attack (shot at this turn)",
            MORALE,
        ));
    }
    pool_of(rules, m.sides, reasons, m.counts_at)
}

/// What a number of 5+ dice means.
pub fn morale_result(rules: &Rules, successes: u32) -> MoraleResult {
    let m = &rules.t.morale;
    if successes < m.rout_below {
        MoraleResult::Rout
    } else if successes < m.carry_on_at {
        MoraleResult::Hold
    } else {
        MoraleResult::CarryOn
    }
}

/// What one d12 result face does.
pub fn outcome(rules: &Rules, face: u32) -> Outcome {
    let r = &rules.t.results;
    if face <= r.dead_at_most {
        Outcome::Dead
    } else if face <= r.leg_at_most {
        Outcome::Leg
    } else if face <= r.arm_at_most {
        Outcome::Arm
    } else {
        Outcome::Lucky
    }
}

/// Wounds that kill a figure, or `None` for troops killed by any hit (no d12 roll).
pub fn wounds_to_kill(rules: &Rules, troop: Troop) -> Option<u32> {
    let w = &rules.t.wounds_to_kill;
    match troop {
        Troop::Samurai => Some(w.samurai),
        Troop::Hatamoto => Some(w.hatamoto),
        Troop::Daimyo => Some(w.daimyo),
        Troop::Ronin => Some(w.ronin),
        Troop::Ninja => Some(w.ninja),
        Troop::Ashigaru | Troop::Monk => None,
    }
}

/// The chance a figure with `wounds` dies from `hits` d12 results (exact).
pub fn death_chance(rules: &Rules, wounds: u32, kill: u32, hits: u32) -> f64 {
    let r = &rules.t.results;
    let sides = f64::from(r.sides.max(1));
    let p_dead = f64::from(r.dead_at_most) / sides;
    let p_wound = f64::from(r.arm_at_most.saturating_sub(r.dead_at_most)) / sides;
    let p_lucky = 1.0 - p_dead - p_wound;
    // alive[w]: chance of being alive with w wounds.
    let kill = kill.max(1) as usize;
    let mut alive = vec![0.0; kill];
    if let Some(slot) = alive.get_mut(wounds as usize) {
        *slot = 1.0;
    } else {
        return 1.0;
    }
    for _ in 0..hits {
        let mut next = vec![0.0; kill];
        for (w, p) in alive.iter().enumerate() {
            next[w] += p * p_lucky;
            if w + 1 < kill {
                next[w + 1] += p * p_wound;
            }
        }
        alive = next;
    }
    1.0 - alive.iter().sum::<f64>()
}

/// Shots a figure's weapon allows each section (`reference: rate_of_fire`); an arquebus's
/// rate is counted in firing sections instead ([`ready`]).
pub fn shots_per_section(rules: &Rules, weapon: Weapon) -> u32 {
    let r = &rules.t.rate_of_fire;
    match weapon {
        Weapon::Thrown => r.thrown_shots_per_section,
        Weapon::Yumi => r.yumi_shots_per_section,
        _ => 1,
    }
}

/// Whether being in melee keeps a unit out of the firing section's shooting, as shooter or
/// target (ruling `fire_and_melee`). Defensive fire is not barred: it is shot before contact.
pub fn melee_bars_fire(rules: &Rules, state: &State, unit: UnitRef) -> bool {
    rules.rulings.fire_and_melee == FireAndMelee::NotInMelee && state.in_melee(unit)
}

/// Whether a figure can shoot now: alive, a missile weapon, no arm wound, and its rate of
/// fire allows (an arquebus: ruling `arquebus_rate`; others: the table's shots per section,
/// counted in the ledger).
pub fn ready(rules: &Rules, state: &State, figure: FigureRef) -> bool {
    let Some(f) = state.figure(figure) else {
        return false;
    };
    if f.dead
        || !f.spec.weapon.missile()
        || f.count(Wound::Arm) > 0
        || state.unit(figure.unit()).is_none_or(|u| u.routed)
    {
        return false;
    }
    rate_of_fire(rules, state, figure, f.spec.weapon).is_ok()
}

/// Whether a figure's rate of fire lets it shoot now: an arquebus once per so many firing
/// sections (ruling `arquebus_rate`), other weapons so many shots a section (the ledger).
///
/// # Errors
/// Why not, and the rule.
pub fn rate_of_fire(
    rules: &Rules,
    state: &State,
    figure: FigureRef,
    weapon: Weapon,
) -> Result<(), Refusal> {
    use super::order::{Actor, Deed, FIRE, shots_per_section as rule};
    if weapon == Weapon::Arquebus {
        let every = rules.t.rate_of_fire.arquebus_sections_per_shot;
        let last = state.figure(figure).and_then(|f| f.last_shot);
        return match last {
            Some((t, _)) if state.turn < t + every => Err(Refusal {
                reason: format!("its arquebus is reloading: one shot per {every} firing sections"),
                citation: FIRE,
            }),
            _ => Ok(()),
        };
    }
    let per = rule(shots_per_section(rules, weapon));
    state
        .ledger
        .permits(Actor::Figure(figure), &Deed::Shot, &per)
}

/// Whether an arquebus is reloading (for the badge).
pub fn reloading(rules: &Rules, state: &State, figure: FigureRef) -> bool {
    state.figure(figure).is_some_and(|f| {
        f.spec.weapon == Weapon::Arquebus
            && f.last_shot.is_some_and(|(t, _)| {
                state.turn < t + rules.t.rate_of_fire.arquebus_sections_per_shot
            })
    })
}

/// When hits are resolved at once (ruling `when_hits_resolve`) on a target that dies of any
/// hit, the volley stops at the first hit: only the odds of at least one hit stand.
pub fn first_hit_ends_volley(
    rules: &Rules,
    state: &State,
    target: FigureRef,
    odds: &mut Vec<crate::engine::check::Odds>,
) {
    let plain = state
        .figure(target)
        .is_some_and(|t| wounds_to_kill(rules, t.spec.troop).is_none());
    if plain && super::execute::resolving_now(rules, state.section) {
        odds.retain(|o| {
            !matches!(o.of, crate::engine::check::Outcome::Measure("hits", CmpOp::Ge, n) if n > 1)
        });
    }
}
