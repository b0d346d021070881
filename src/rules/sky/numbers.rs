//! Every number a Sky roll needs, with its reasons: shared by the rolls and the check cards,
//! so what the card shows is exactly what is rolled.

use super::event::Test;
use super::roster::{Troop, Weapon};
use super::state::{ClanRef, MoraleKind, State, UnitRef, UnitState};
use super::tables::Rules;
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::Modifier;
use crate::rules::sky::tables::{
    AttachedPenalty, ChargeTestPass, CoverRounding, LeaderInMelee, RouteThreshold,
};

const TURN: &str = "sky: Turn Sequence";
const BUSHI: &str = "sky: Command and Bushi";
const CHARGE: &str = "sky: Charge and Bushi Test";
const ROUTE: &str = "sky: Route and Rally";
const FIRE: &str = "sky: Firing Procedure";
const MELEE: &str = "sky: Melee Adjudication";
const MORALE: &str = "sky: The Morale Phase";

/// A 2d6 test: modifier on the dice, the rating to stay at or under, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct TestNumbers {
    /// Dice rolled.
    pub dice: u32,
    /// Sides of each die.
    pub sides: u32,
    /// Added to the dice.
    pub modifier: i64,
    /// The rating.
    pub target: i64,
    /// Passing needs strictly under the rating (ruling `charge_test_pass`).
    pub strictly_under: bool,
    /// The rating before anything changes it, and whose it is (`Samurai Bushi`,
    /// `Kōsaka Masanobu's Command`): the target, never shown as a modifier.
    pub base: (i64, String),
    /// The modifiers on the dice and the changes to the rating.
    pub reasons: Vec<Modifier>,
}

impl TestNumbers {
    /// Whether a roll of `faces` passes.
    pub fn passes(&self, faces: &[u32]) -> bool {
        let total = faces.iter().map(|&f| i64::from(f)).sum::<i64>() + self.modifier;
        if self.strictly_under {
            total < self.target
        } else {
            total <= self.target
        }
    }

    /// The comparison the odds come from.
    pub fn comparison(&self) -> Comparison {
        let op = if self.strictly_under {
            CmpOp::Lt
        } else {
            CmpOp::Le
        };
        Comparison::new(
            Expr::dice(self.dice, self.sides).offset(self.modifier),
            op,
            Expr::constant(self.target),
        )
    }

    /// The rating's parts: its base, then each change to it (a leader's rating as the roster
    /// and the battle made it).
    pub fn rating_parts(&self) -> Vec<Modifier> {
        let (base, whose) = &self.base;
        std::iter::once(Modifier::total(*base, whose.clone(), BUSHI))
            .chain(self.reasons.iter().cloned())
            .collect()
    }

    /// `2d6 - 2 at or under Bushi 9 (Samurai Bushi)`; a rating changed by the modifiers
    /// says from what: `2d6 at or under Command 6 (Kōsaka Masanobu's Command 8, changed as
    /// below)`.
    pub fn words(&self, rating: &str) -> String {
        let m = match self.modifier {
            0 => String::new(),
            m if m > 0 => format!(" + {m}"),
            m => format!(" - {}", -m),
        };
        let cmp = if self.strictly_under {
            "under"
        } else {
            "at or under"
        };
        let (base, whose) = &self.base;
        let from = if *base == self.target {
            whose.clone()
        } else {
            format!("{whose} {base}, changed as below")
        };
        format!(
            "{}d{}{m} {cmp} {rating} {} ({from})",
            self.dice, self.sides, self.target
        )
    }
}

/// Effective Command of a Clan Leader (or the General, with `clan` none) for a purpose, with
/// the reasons a card shows.
pub fn command(
    rules: &Rules,
    state: &State,
    side: usize,
    clan: Option<ClanRef>,
    activation: bool,
) -> TestNumbers {
    command_numbers(rules, state, side, clan, activation, Reasons::kept())
}

/// The same Command test as [`command`] without its words (no reasons, no name on the
/// rating): what a roll needs. Every clan's activation rolls through this on every replay, and
/// building the reasons' text was a fifth of reopening a long battle; both come from
/// `command_numbers`, so the card's odds and the roll cannot part.
pub fn command_roll(
    rules: &Rules,
    state: &State,
    side: usize,
    clan: Option<ClanRef>,
    activation: bool,
) -> TestNumbers {
    command_numbers(rules, state, side, clan, activation, Reasons::skipped())
}

/// The reasons for a test's numbers, or none when only the numbers are wanted.
struct Reasons(Option<Vec<Modifier>>);

impl Reasons {
    fn kept() -> Self {
        Self(Some(Vec::new()))
    }

    fn skipped() -> Self {
        Self(None)
    }

    /// Adds a reason, its words built only when they are kept.
    fn push(&mut self, change: i64, why: impl FnOnce() -> String, section: &'static str) {
        if let Some(reasons) = &mut self.0 {
            reasons.push(Modifier::total(change, why(), section));
        }
    }

    /// A name, built only when the reasons are kept.
    fn name(&self, name: impl FnOnce() -> String) -> String {
        if self.0.is_some() {
            name()
        } else {
            String::new()
        }
    }

    fn into_vec(self) -> Vec<Modifier> {
        self.0.unwrap_or_default()
    }
}

fn command_numbers(
    rules: &Rules,
    state: &State,
    side: usize,
    clan: Option<ClanRef>,
    activation: bool,
    mut reasons: Reasons,
) -> TestNumbers {
    let t = &rules.t;
    let leader = match clan.and_then(|c| state.clan(c)) {
        Some(c) => &c.leader,
        None => &state.sides[side].general,
    };
    let base = (
        leader.base,
        reasons.name(|| format!("{}'s Command", leader.name)),
    );
    for (kind, change) in &leader.changes {
        let section = match kind {
            super::state::ChangeKind::Honor => MELEE,
            super::state::ChangeKind::Dishonor => MORALE,
            super::state::ChangeKind::Injury => "sky: Clan Leader Injury",
        };
        reasons.push(
            change.delta,
            || format!("{} (turn {})", change.reason, change.turn),
            section,
        );
    }
    let mut target = leader.command();
    if let Some((c_ref, c)) = clan.and_then(|r| state.clan(r).map(|c| (r, c))) {
        let applies =
            activation || rules.rulings.attached_penalty == AttachedPenalty::AllCommandRolls;
        if c.attached_to.is_some() && applies {
            let change = t.command_rolls.attached_leader_command;
            target += change;
            reasons.push(change, || "attached to a unit".into(), TURN);
        }
        let other = 1 - side;
        // Only a clan that still has its chance rolls one lower, while the other side has none.
        if activation && state.untried(side).contains(&c_ref) && state.untried(other).is_empty() {
            let change = t.command_rolls.last_side_command;
            target += change;
            reasons.push(
                change,
                || "only this side has clans left to try".into(),
                TURN,
            );
        }
    }
    TestNumbers {
        dice: t.command_rolls.dice,
        sides: t.command_rolls.sides,
        modifier: 0,
        target,
        strictly_under: false,
        base,
        reasons: reasons.into_vec(),
    }
}

/// A rally or re-order roll: by the Clan Leader or by the General.
pub fn morale(rules: &Rules, state: &State, unit: UnitRef, by_general: bool) -> TestNumbers {
    let clan = (!by_general).then_some(unit.clan());
    command(rules, state, unit.side(), clan, false)
}

/// The same rally or re-order test as [`morale`] without its words: what the roll needs.
pub fn morale_roll(rules: &Rules, state: &State, unit: UnitRef, by_general: bool) -> TestNumbers {
    let clan = (!by_general).then_some(unit.clan());
    command_roll(rules, state, unit.side(), clan, false)
}

/// A Bushi test (charge, stand, impetus) or a Route test.
pub fn bushi(rules: &Rules, state: &State, test: Test) -> TestNumbers {
    let t = &rules.t;
    let (unit, leader_penalty, route) = match test {
        Test::Charge(u) | Test::Stand(u) => (Some(u), true, false),
        Test::Impetus(u) => (Some(u), false, false),
        Test::Route(u) => (Some(u), false, true),
        // Command tests are `command`'s.
        Test::Activation { .. } | Test::Morale { .. } => (None, false, false),
    };
    let (dice, sides) = if route {
        (t.route_test.dice, t.route_test.sides)
    } else {
        (t.bushi_test.dice, t.bushi_test.sides)
    };
    let mut reasons = Vec::new();
    let mut modifier = 0;
    // A unit the battle does not have passes nothing.
    let Some((unit, u)) = unit.and_then(|r| state.unit(r).map(|u| (r, u))) else {
        return TestNumbers {
            dice,
            sides,
            modifier: 0,
            target: 0,
            strictly_under: false,
            base: (0, "Bushi".into()),
            reasons,
        };
    };
    let base = (u.spec.bushi, format!("{} Bushi", u.spec.troop.name()));
    if let Some(change) = u.spirit.filter(|c| *c != 0) {
        reasons.push(Modifier::total(
            change,
            "first Bushi test roll (optional rule)",
            "sky: Command and Bushi (optional)",
        ));
    }
    if leader_penalty && state.leader_attached(unit) {
        let change = t.bushi_test.attached_leader_dice;
        modifier += change;
        reasons.push(Modifier::total(
            change,
            "Clan Leader attached: on the dice",
            CHARGE,
        ));
    }
    if route {
        let lost = i64::from(u.stands_lost()) * t.route_test.per_stand_lost;
        if lost != 0 {
            modifier += lost;
            reasons.push(Modifier::total(
                lost,
                format!("{} stands lost: on the dice", u.stands_lost()),
                ROUTE,
            ));
        }
    }
    let strictly_under = matches!(test, Test::Charge(_))
        && rules.rulings.charge_test_pass == ChargeTestPass::StrictlyUnder;
    TestNumbers {
        dice,
        sides,
        modifier,
        target: u.bushi(),
        strictly_under,
        base,
        reasons,
    }
}

/// The number each die needs to hit this unit (firing and melee alike).
pub fn hit_target(rules: &Rules, target: &UnitState) -> u32 {
    let h = &rules.t.hit_target;
    let n = match target.spec.troop {
        Troop::Samurai => h.samurai,
        Troop::Ashigaru | Troop::WarriorMonks if target.spec.armoured => {
            h.armoured_ashigaru_or_monk
        }
        _ => h.unarmoured,
    };
    u32::try_from(n).unwrap_or(6)
}

/// A dice pool with its reasons.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    /// Dice to roll.
    pub dice: u32,
    /// Sides of each die.
    pub sides: u32,
    /// Each die hits at or over this.
    pub needed: u32,
    /// What it hits, which sets the number needed: `Ashigaru, armoured, pole arms`.
    pub against: String,
    /// How the pool was built (the number needed is the target, not one of them).
    pub reasons: Vec<Modifier>,
}

impl Pool {
    /// `7d6cs>=6`.
    pub fn expr(&self) -> Expr {
        Expr::success_count(self.dice, self.sides, CmpOp::Ge, i64::from(self.needed))
    }

    /// `3d6, each 5+ hits (to hit Ashigaru, armoured, pole arms)`.
    pub fn words(&self) -> String {
        format!(
            "{}d{}, each {}+ hits (to hit {})",
            self.dice, self.sides, self.needed, self.against
        )
    }
}

/// Firing dice of a unit with a weapon at a target.
pub fn fire(rules: &Rules, firer: &UnitState, weapon: Weapon, target: &UnitState) -> Pool {
    let t = &rules.t;
    let mut reasons = Vec::new();
    let per = t.fire_dice.per_stand;
    let (stands, what) = if firer.spec.mounted {
        (firer.stands, "mounted bow: every stand")
    } else {
        (firer.front_rank(), "front-rank stands")
    };
    let mut dice = per * stands;
    reasons.push(Modifier::dice(
        i64::from(dice),
        format!("{per} per stand x {stands} ({what}, {})", weapon.name()),
        FIRE,
    ));
    if firer.disordered {
        let half = dice / t.fire_dice.disordered_divisor.max(1);
        reasons.push(Modifier::dice(
            i64::from(half) - i64::from(dice),
            "disordered: half the dice",
            FIRE,
        ));
        dice = half;
    }
    Pool {
        dice,
        sides: t.fire_dice.sides,
        needed: hit_target(rules, target),
        against: target.spec.kind(),
        reasons,
    }
}

/// Melee dice of a unit against an enemy.
pub fn melee(rules: &Rules, state: &State, unit: UnitRef, enemy: UnitRef, charging: bool) -> Pool {
    let t = &rules.t.melee_dice;
    let (Some(u), Some(e)) = (state.unit(unit), state.unit(enemy)) else {
        return Pool {
            dice: 0,
            sides: t.sides,
            needed: t.sides,
            against: String::new(),
            reasons: Vec::new(),
        };
    };
    let mut reasons = Vec::new();
    let base = match u.spec.troop {
        Troop::Samurai => t.samurai,
        Troop::WarriorMonks => t.warrior_monks,
        Troop::Ashigaru => t.ashigaru,
        Troop::Peasants => t.peasants,
    };
    let stands = u.stands;
    let mut dice = base * stands;
    reasons.push(Modifier::dice(
        i64::from(dice),
        format!("{base} per stand x {stands} ({})", u.spec.troop.name()),
        MELEE,
    ));
    let mut add = |n: u32, why: String, reasons: &mut Vec<Modifier>| {
        if n > 0 {
            dice += n;
            reasons.push(Modifier::dice(i64::from(n), why, MELEE));
        }
    };
    if u.spec.mounted {
        add(
            t.mounted_bonus * stands,
            format!("mounted: +{} per stand", t.mounted_bonus),
            &mut reasons,
        );
    }
    if charging {
        add(
            t.charging_bonus * stands,
            format!("charging: +{} per stand", t.charging_bonus),
            &mut reasons,
        );
    }
    if !u.spec.mounted && u.spec.weapons.contains(&Weapon::PoleArms) {
        let front = u.front_rank();
        let backed = front.min(stands.saturating_sub(front));
        add(
            t.pole_arm_second_rank_bonus * backed,
            format!("{backed} front stands backed by pole arms"),
            &mut reasons,
        );
    }
    if state.leader_attached(unit) {
        let mut n = t.samurai;
        if rules.rulings.leader_in_melee == LeaderInMelee::StandWithUnitBonuses {
            n += if u.spec.mounted { t.mounted_bonus } else { 0 }
                + if charging { t.charging_bonus } else { 0 };
        }
        add(
            n,
            "attached Clan Leader fights as a Samurai stand".to_owned(),
            &mut reasons,
        );
    }
    if u.disordered {
        let half = dice / t.disordered_divisor.max(1);
        reasons.push(Modifier::dice(
            i64::from(half) - i64::from(dice),
            "disordered: half the dice, rounded down",
            MELEE,
        ));
        dice = half;
    }
    Pool {
        dice,
        sides: t.sides,
        needed: hit_target(rules, e),
        against: e.spec.kind(),
        reasons,
    }
}

/// Hits that count against a unit in cover (ruling `cover_rounding`).
pub fn after_cover(rules: &Rules, hits: u32, cover: bool) -> u32 {
    if !cover {
        return hits;
    }
    let d = rules.t.casualties.cover_divisor.max(1);
    if rules.rulings.cover_rounding == CoverRounding::Up {
        hits.div_ceil(d)
    } else {
        hits / d
    }
}

/// Whether a unit with `stands` left of `start` is weak enough to test (ruling `route_threshold`).
pub fn at_route_threshold(rules: &Rules, stands: u32, start: u32) -> bool {
    if rules.rulings.route_threshold == RouteThreshold::UnderHalf {
        2 * stands < start
    } else {
        2 * stands <= start
    }
}

/// The kind of morale roll due for a unit, in words.
pub fn morale_words(kind: MoraleKind) -> &'static str {
    match kind {
        MoraleKind::Rally => "rally",
        MoraleKind::Reorder => "re-order",
    }
}

/// What `hits` (already halved for cover) do to a unit: stands lost, and hits left marked
/// (Firing Procedure: every `hits_per_stand` hits removes a stand; the rest stay marked and
/// add to the next hits, ruling `marked_hits`).
pub fn stands_lost(rules: &Rules, unit: &UnitState, hits: u32) -> (u32, u32) {
    let per = rules.t.casualties.hits_per_stand.max(1);
    let total = unit.marked_hits + hits;
    let lost = (total / per).min(unit.stands);
    let marked = if lost == unit.stands {
        0
    } else {
        total - lost * per
    };
    (lost, marked)
}
