//! The numbers of a shot: the factors, the score needed from the range table, the odds.

use super::super::command::{ShotOrder, Visibility};
use super::super::roster::Armour;
use super::super::state::{FigureRef, FigureState, Speed, State};
use super::super::tables::Rules;
use super::super::tables::WoundsInShooting;
use super::super::tables::weapons::{Shoots, WeaponInfo};
use super::odds;
use crate::dice::{CmpOp, Expr};
use crate::engine::check::Modifier;

const SHOOTING: &str = "kozeriai: Shooting";
const EFFECT: &str = "kozeriai: Effect of Hits";

/// Everything about a shot before its dice are rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotNumbers {
    /// The missile row.
    pub shoots: Shoots,
    /// The factors added to the die.
    pub modifiers: Vec<Modifier>,
    /// The score needed, from the range table.
    pub needed: i64,
    /// The factors taken from the effect die.
    pub effect: Vec<Modifier>,
    /// The Yadomejutsu skill the target deflects with, and the modifiers to its 2d10.
    pub deflect: Option<(i64, Vec<Modifier>)>,
    /// A musket that misfires on this or less (after the rain modifier).
    pub misfire_at_most: Option<i64>,
    /// The target grapples: the figure a hit may fall on instead, 50:50, and what is taken
    /// off the effect die if it does (Grappling).
    pub split: Option<(FigureRef, Vec<Modifier>)>,
}

impl ShotNumbers {
    /// The sum of the factors.
    pub fn total(&self) -> i64 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// The chance of a hit: not a natural 0, and die + factors at or over the score needed.
    pub fn hit_chance(&self, rules: &Rules) -> f64 {
        let zero = i64::from(rules.t.shooting.natural_miss);
        let total = self.total();
        let fires = self
            .misfire_at_most
            .map_or(1.0, |m| 1.0 - odds::chance(rules.t.dice.sides, |v| v <= m));
        fires
            * odds::chance(rules.t.dice.sides, |v| {
                v != zero && v + total >= self.needed
            })
    }

    /// The chance the target deflects a hit.
    pub fn deflect_chance(&self, rules: &Rules) -> f64 {
        let Some((skill, mods)) = &self.deflect else {
            return 0.0;
        };
        let add: i64 = mods.iter().map(|m| m.value).sum();
        let dice = rules.t.special.yadomejutsu_dice;
        // Each die is read 0 to 9: the sum of n dice less n, plus the modifiers.
        Expr::dice(dice, rules.t.dice.sides)
            .offset(add - i64::from(dice))
            .distribution()
            .probability_that(CmpOp::Le, *skill)
    }

    /// The chance of each number of wounds from one hit (index = wounds): on a grappler,
    /// half the time as its partner would take it.
    pub fn wound_chances(&self, rules: &Rules) -> Vec<f64> {
        let sides = rules.t.dice.sides;
        let mut out = vec![0.0; sides as usize + 1];
        let keeps = odds::chance(sides, |v| {
            u32::try_from(v).is_ok_and(|v| super::grapple::split_keeps_target(rules, v))
        });
        let mut falls = vec![(1.0, &self.effect)];
        if let Some((_, effect)) = &self.split {
            falls = vec![(keeps, &self.effect), (1.0 - keeps, effect)];
        }
        for (weight, effect) in falls {
            let less: i64 = effect.iter().map(|m| m.value).sum();
            for v in 0..sides {
                let w = usize::try_from((i64::from(v) + less).max(0)).unwrap_or(0);
                if let Some(slot) = out.get_mut(w) {
                    *slot += weight / f64::from(sides);
                }
            }
        }
        while out.len() > 1 && out.last() == Some(&0.0) {
            out.pop();
        }
        out
    }
}

/// The score needed at a range, from the range table; `None` out of range.
pub fn needed(rules: &Rules, shoots: Shoots, range_hexes: u32) -> Option<i64> {
    let r = &rules.t.ranges;
    let band = r.band_hexes.iter().filter(|&&b| range_hexes > b).count();
    let row = match shoots {
        Shoots::Bow => &r.bow,
        Shoots::Thrown => &r.thrown,
        Shoots::Musket => &r.musket,
    };
    row.get(band).copied().flatten()
}

/// Turns to reload a missile weapon at a skill (Preparation for shooting).
pub fn reload_turns(rules: &Rules, shoots: Shoots, skill: i64) -> u32 {
    let r = &rules.t.reload_turns;
    let band = r.skill_bands.iter().filter(|&&b| skill >= b).count();
    let row = match shoots {
        Shoots::Bow => &r.bow,
        Shoots::Thrown => &r.thrown,
        Shoots::Musket => &r.musket,
    };
    row.get(band).copied().unwrap_or(0)
}

/// The shooter's modifiers for being on a horse, by its speed.
fn horse_modifier(rules: &Rules, f: &FigureState) -> Option<Modifier> {
    if !f.mounted {
        return None;
    }
    let s = &rules.t.shooting;
    let (value, what) = match f.speed {
        Speed::Halt | Speed::Walk => (s.horse_still_or_walk, "on a stationary or walking horse"),
        Speed::Trot | Speed::Canter => (s.horse_trot_or_canter, "on a trotting or cantering horse"),
        Speed::Gallop => (s.horse_gallop, "on a galloping horse"),
    };
    Some(Modifier::total(value, what, SHOOTING))
}

/// The automatic penalties of a figure's wounds and distractions on a shot.
fn hurt_modifiers(rules: &Rules, f: &FigureState) -> Vec<Modifier> {
    let s = &rules.t.shooting;
    let wounds = if rules.rulings.wounds_in_shooting == WoundsInShooting::PerTwoWounds {
        (rules.t.tactical.per_two_wounds, 2)
    } else {
        (s.per_wound, 1)
    };
    super::clash::hurt_penalties(f, wounds, s.per_distraction, SHOOTING)
}

/// Works out a shot, or says why it cannot be made.
///
/// # Errors
/// A weapon that is not a missile or not the shooter's, no such figure, out of range.
pub fn numbers(rules: &Rules, state: &State, order: &ShotOrder) -> Result<ShotNumbers, String> {
    let shooter = state
        .figure(order.shooter)
        .ok_or_else(|| format!("there is no figure {}", order.shooter.id()))?;
    let target = state
        .figure(order.target)
        .ok_or_else(|| format!("there is no figure {}", order.target.id()))?;
    let info: &WeaponInfo = rules
        .weapon(&order.weapon)
        .ok_or_else(|| format!("`{}` is not in the glossary", order.weapon))?;
    let shoots = info
        .shoots()
        .ok_or_else(|| format!("a {} is not shot or thrown", order.weapon))?;
    if !shooter.spec.skills.contains_key(&order.weapon) {
        return Err(format!("{} has no {}", shooter.spec.name, order.weapon));
    }
    let needed = needed(rules, shoots, order.range_hexes).ok_or_else(|| {
        format!(
            "{} hexes is out of range for a {} weapon",
            order.range_hexes,
            shoots.name()
        )
    })?;
    let s = &rules.t.shooting;
    let skill = shooter.spec.skill(&order.weapon);
    let mut modifiers = vec![Modifier::total(
        skill,
        format!("{} skill", order.weapon),
        SHOOTING,
    )];
    if shoots == Shoots::Bow {
        // Aiming helps bows only: the text excludes muskets and thrown weapons.
        if let Some((_, turns)) = shooter.aiming.filter(|(t, n)| *t == order.target && *n > 0) {
            let turns = turns.min(s.aim_max);
            let value = s.aim_per_move * i64::from(turns);
            modifiers.push(Modifier::total(
                value,
                format!("aimed {}", crate::engine::words::counted(turns, "move")),
                SHOOTING,
            ));
        }
    }
    if target.mounted && target.speed == Speed::Gallop {
        modifiers.push(Modifier::total(
            s.target_galloping,
            "target galloping",
            SHOOTING,
        ));
    }
    match order.visibility {
        Visibility::Clear => {}
        Visibility::Partly => {
            modifiers.push(Modifier::total(
                s.partly_obscured,
                "target partly obscured",
                SHOOTING,
            ));
        }
        Visibility::Minimal => {
            modifiers.push(Modifier::total(
                s.minimally_visible,
                "target minimally visible",
                SHOOTING,
            ));
        }
    }
    modifiers.extend(horse_modifier(rules, shooter));
    modifiers.extend(hurt_modifiers(rules, shooter));
    if order.shot_at && !shot_at_by_someone(rules, state, order.shooter) {
        return Err(format!(
            "no enemy of {} still fighting has a bow, musket or thrown weapon: it is not being shot at",
            shooter.spec.name
        ));
    }
    if order.shot_at {
        modifiers.push(Modifier::total(s.being_shot_at, "being shot at", SHOOTING));
    }
    let misfire_at_most = (shoots == Shoots::Musket).then(|| {
        if order.rain {
            s.misfire_at_most - s.rain
        } else {
            s.misfire_at_most
        }
    });
    // An outsider's hit on a grappler falls on either of the two (Grappling).
    let split = target
        .grappling
        .filter(|p| *p != order.shooter)
        .and_then(|p| Some((p, state.figure(p)?)))
        .map(|(p, x)| (p, effect_modifiers(rules, info, shoots, x)));
    Ok(ShotNumbers {
        shoots,
        modifiers,
        needed,
        effect: effect_modifiers(rules, info, shoots, target),
        deflect: deflect(rules, info, shoots, target, order)?,
        misfire_at_most,
        split,
    })
}

/// Whether some enemy of `f` still fighting has a weapon that shoots: the least the state
/// must show for `f` to be being shot at (Shooting Factors).
fn shot_at_by_someone(rules: &Rules, state: &State, f: FigureRef) -> bool {
    state.active_of(1 - f.side()).into_iter().any(|e| {
        state.figure(e).is_some_and(|x| {
            x.spec
                .skills
                .keys()
                .any(|w| rules.weapon(w).is_some_and(|i| i.shoots().is_some()))
        })
    })
}

/// What is taken off the effect die: the missile and the target's armour (and heroism).
fn effect_modifiers(
    rules: &Rules,
    info: &WeaponInfo,
    shoots: Shoots,
    target: &FigureState,
) -> Vec<Modifier> {
    let e = &rules.t.hit_effect;
    let mut out = Vec::new();
    if info.star {
        out.push(Modifier::total(e.shuriken, "shuriken or sariken", EFFECT));
    } else if shoots == Shoots::Bow {
        out.push(Modifier::total(e.arrow, "an arrow", EFFECT));
    }
    let armour = match target.spec.armour {
        Armour::None => e.unarmoured,
        Armour::Part => e.part,
        Armour::Armoured => e.armoured,
        Armour::Full => e.full,
    };
    out.push(Modifier::total(
        armour,
        format!("target {}", target.spec.armour.name()),
        EFFECT,
    ));
    if rules.optional("heroic") && target.spec.heroic {
        out.push(Modifier::total(
            -rules.t.heroic.ignore_wounds,
            "heroic: ignores one wound",
            "kozeriai: Heroic Super Samurai",
        ));
    }
    out
}

/// The target's Yadomejutsu attempt, if the shot asks for one: with the skill for the weapon
/// in its hand, never its best (Yadomejutsu: a skill with the Katana is not one with the
/// Naginata), counting the missiles it already tried to deflect this turn.
///
/// # Errors
/// An attempt the rules do not allow: against a musket ball, bare-handed against a sariken or
/// shuriken, by a figure that cannot defend, with no skill for the weapon in hand; or a count
/// of earlier attempts that is not the figure's.
fn deflect(
    rules: &Rules,
    info: &WeaponInfo,
    shoots: Shoots,
    target: &FigureState,
    order: &ShotOrder,
) -> Result<Option<(i64, Vec<Modifier>)>, String> {
    if !order.deflect {
        return Ok(None);
    }
    let sp = &rules.t.special;
    let name = &target.spec.name;
    if shoots == Shoots::Musket {
        return Err("Yadomejutsu does not work against musket bullets".into());
    }
    let helpless = !target.active() || target.grappling.is_some() || target.this_turn.shouting;
    if helpless {
        return Err(format!("{name} cannot defend now, so cannot deflect"));
    }
    let in_hand = order
        .in_hand
        .as_deref()
        .ok_or_else(|| format!("Yadomejutsu: name the weapon in {name}'s hand"))?;
    if in_hand != super::clash::UNARMED && !target.spec.skills.contains_key(in_hand) {
        return Err(format!("{name} has no {in_hand} to deflect with"));
    }
    if info.star && in_hand == super::clash::UNARMED {
        return Err("bare hands do not deflect a sariken or shuriken".into());
    }
    if order.earlier_arrows != target.this_turn.deflections {
        return Err(format!(
            "{name} has tried to deflect {} this turn, not {}",
            crate::engine::words::counted(target.this_turn.deflections, "missile"),
            order.earlier_arrows
        ));
    }
    let skill = *target
        .spec
        .yadomejutsu
        .get(in_hand)
        .ok_or_else(|| format!("{name} has no Yadomejutsu skill with the {in_hand}"))?;
    let cite = "kozeriai: Yadomejutsu (arrow deflecting)";
    let mut mods = Vec::new();
    if order.earlier_arrows > 0 {
        let value = sp.yadomejutsu_per_arrow * i64::from(order.earlier_arrows);
        mods.push(Modifier::total(
            value,
            "arrows already deflected this phase",
            cite,
        ));
    }
    if info.star {
        mods.push(Modifier::total(
            sp.yadomejutsu_shuriken,
            "deflecting a shuriken or sariken",
            cite,
        ));
    }
    Ok(Some((skill, mods)))
}
