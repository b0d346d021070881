//! The numbers of a clash of blades: each side's factors, what every difference of the two
//! scores does, and the exact odds of each result (10 x 10 faces enumerated).

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use super::super::command::{ClashKind, ClashOrder, Fighter};
use super::super::order::{body_lies, no_body};
use super::super::roster::Armour;
use super::super::state::{FigureState, Speed, State};
use super::super::tables::Rules;
use super::super::tables::weapons::{Class, WeaponInfo, relative_factor};
use super::super::tables::{BluntArmour, ChainRecovery, EngagementZones, GrappleResult};
use super::odds::{self, Mixture};
use crate::engine::check::Modifier;

const SKILL: &str = "kozeriai: Weapons Skill";
const RELATIVE: &str = "kozeriai: Relative Weapon Factors";
const TACTICAL: &str = "kozeriai: Tactical Factors";
const BLOWS: &str = "kozeriai: Exchanging Blows";

/// The weapon every figure has: its bare hands (ruling `unarmed_fallback`).
pub const UNARMED: &str = "Jujutsu";

/// What a clash did, read from the difference of the scores.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// 0: the attacker won; 1: the defender did; none: parried or nothing.
    pub winner: Option<usize>,
    /// The loser is pushed back one hex.
    pub push_back: bool,
    /// Wounds on the loser, after armour.
    pub wounds: u32,
    /// Distractions on the loser.
    pub distractions: u32,
    /// The loser is entangled.
    pub entangled: bool,
    /// The loser is on the ground.
    pub thrown: bool,
    /// The entangled attacker tore free.
    pub freed: bool,
    /// The body charge went home.
    pub charge_home: bool,
    /// A shorter weapon deflected the longer by 3 or more: it may close (Closing Rule).
    pub may_close: bool,
}

impl Outcome {
    /// The side that suffers the result.
    pub fn loser(&self) -> Option<usize> {
        self.winner.map(|w| 1 - w)
    }
}

/// One side's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct SideNumbers {
    /// Every factor added to its die.
    pub modifiers: Vec<Modifier>,
    /// An Iaijutsu draw: the skill to roll under, and the drawing penalty a failure keeps.
    pub iaijutsu: Option<(i64, i64)>,
    /// Its weapon causes distractions instead of wounds, with this many extra.
    pub blunt: Option<u32>,
    /// Wounds its armour ignores from each attack.
    pub armour: i64,
    /// Wounds taken off its own successful attacks (Ni-Ten Jitsu).
    pub weaker: i64,
    /// Wounds it ignores (Heroic Super Samurai).
    pub heroic: i64,
    /// A bonus that counts against the other's stroke only, not for its own: Ni-Ten Jitsu's
    /// +2 when the two strike at once (it applies to the defending rolls only).
    pub defence_only: i64,
}

impl SideNumbers {
    /// The factors' sum (with a successful draw, if any).
    pub fn total(&self) -> i64 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// Its modifier as alternatives: a failed Iaijutsu draw keeps the drawing penalty.
    pub fn mixture(&self, sides: u32) -> Mixture {
        match self.iaijutsu {
            Some((skill, penalty)) => {
                let p = odds::chance(sides, |v| v <= skill);
                vec![(p, self.total()), (1.0 - p, self.total() + penalty)]
            }
            None => vec![(1.0, self.total())],
        }
    }
}

/// Everything about a clash before its dice are rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct ClashNumbers {
    /// Attacker, defender.
    pub sides: [SideNumbers; 2],
    /// What the attacker tries.
    pub kind: ClashKind,
    /// The defender strikes too.
    pub both_strike: bool,
    /// A closing attack by the longer weapon.
    pub closing: bool,
}

fn figure<'a>(state: &'a State, f: &Fighter) -> Result<&'a FigureState, String> {
    state
        .figure(f.figure)
        .ok_or_else(|| format!("there is no figure {}", f.figure.id()))
}

/// The glossary entry of a fighter's weapon, if the figure can fight with it.
fn weapon<'a>(rules: &'a Rules, x: &FigureState, f: &Fighter) -> Result<&'a WeaponInfo, String> {
    let info = rules
        .weapon(&f.weapon)
        .ok_or_else(|| format!("`{}` is not in the glossary", f.weapon))?;
    if f.weapon != UNARMED && !x.spec.skills.contains_key(&f.weapon) {
        return Err(format!("{} has no {}", x.spec.name, f.weapon));
    }
    if info.melee_class().is_none() {
        return Err(format!(
            "a {} cannot be used in the clash of blades",
            f.weapon
        ));
    }
    // Grappling renders every weapon but the close-in ones useless (Grappling).
    let close = matches!(info.melee_class(), Some(Class::CloseIn | Class::Unarmed));
    if x.grappling.is_some() && !close {
        return Err(format!(
            "{} is grappling: only close-in weapons or bare hands serve, not a {}",
            x.spec.name, f.weapon
        ));
    }
    Ok(info)
}

/// Whether an attack with this weapon at `range` hexes is a chain (or rope) attack, which
/// must be recovered before the next: a Kusarigama's flail (and its entangling throw, unless
/// ruling `chain_recovery` says the flail only), the Feruzue's chain, every Manrikigusari
/// attack, and any Kawa-Nawa attack at its recovery range (3 or 4 hexes).
pub fn chain_attack(rules: &Rules, info: &WeaponInfo, kind: ClashKind, range: u32) -> bool {
    if !info.chain {
        return false;
    }
    if info.recover_from > 0 {
        let rope = !matches!(
            kind,
            ClashKind::BodyCharge | ClashKind::Grapple | ClashKind::TearFree
        );
        return rope && range >= info.recover_from;
    }
    match kind {
        _ if info.chain_only => true,
        ClashKind::Chain | ClashKind::Trip => true,
        ClashKind::Entangle => rules.rulings.chain_recovery == ChainRecovery::EveryOtherTurn,
        _ => false,
    }
}

/// How far an attack of `kind` with this weapon reaches, in hexes, where that is known: the
/// reach the text gives in words (a chain's or a rope's, the Kumade's), for an ordinary
/// stroke too unless the weapon has a stroke of its own (the Kusarigama's sickle, the
/// Feruzue's short spear); else its diagram's, as `zone_reach` lists it (ruling
/// `engagement_zones`), or none under the other reading, where the umpire reads the diagram.
pub fn reach(rules: &Rules, info: &WeaponInfo, kind: ClashKind) -> Option<u32> {
    let chain_kind = matches!(
        kind,
        ClashKind::Chain | ClashKind::Entangle | ClashKind::Trip
    );
    let own_stroke =
        info.stroke_class.is_some() || (info.chain && !info.chain_only && info.recover_from == 0);
    if info.reach > 0 && (chain_kind || !own_stroke) {
        return Some(info.reach);
    }
    match rules.rulings.engagement_zones {
        EngagementZones::DiagramReach => info.zone.map(|z| rules.t.zone_reach.of(z)),
        EngagementZones::UmpireReadsDiagram => None,
    }
}

/// Works out a clash, or says why it cannot be fought.
///
/// # Errors
/// No such figure, two of one side, a weapon the figure lacks or that cannot do the attack.
pub fn numbers(rules: &Rules, state: &State, order: &ClashOrder) -> Result<ClashNumbers, String> {
    let a = figure(state, &order.attacker)?;
    let d = figure(state, &order.defender)?;
    let wa = weapon(rules, a, &order.attacker)?;
    let wd = weapon(rules, d, &order.defender)?;
    check_kind(order, wa, wd)?;
    borne_out(rules, state, order)?;
    let ca = fighting_class(rules, &order.attacker, wa, Some(order.kind));
    let cd = fighting_class(rules, &order.defender, wd, None);
    let attacker = side(rules, order, 0, (a, wa, ca), cd)?;
    let defender = side(rules, order, 1, (d, wd, cd), ca)?;
    Ok(ClashNumbers {
        sides: [attacker, defender],
        kind: order.kind,
        both_strike: order.both_strike,
        closing: order.closing,
    })
}

/// Whether the state bears out what the order says of the table: a body hex needs a figure
/// on the ground, being outnumbered n to 1 needs n enemies still fighting (Tactical
/// Factors), and a charge on a moving defender needs one that moved this turn (Body
/// Charges: the falling table's columns).
///
/// # Errors
/// What the state contradicts.
fn borne_out(rules: &Rules, state: &State, order: &ClashOrder) -> Result<(), String> {
    let both = [order.attacker.figure, order.defender.figure];
    for f in [&order.attacker, &order.defender] {
        let name = state.figure_name(f.figure);
        let s = &f.situation;
        if s.body_hex && !body_lies(rules, state, &both) {
            return Err(format!(
                "{}: {name} cannot stand in a body hex",
                no_body(rules)
            ));
        }
        let enemies = state.active_of(1 - f.figure.side()).len();
        if s.outnumbered > 1 && enemies < usize::try_from(s.outnumbered).unwrap_or(usize::MAX) {
            return Err(format!(
                "{name} cannot be outnumbered {}-1: its enemies have {} still fighting",
                s.outnumbered,
                crate::engine::words::counted(enemies, "figure")
            ));
        }
    }
    let defender = state.figure(order.defender.figure);
    if order.kind == ClashKind::BodyCharge
        && order.moving
        && !defender.is_some_and(FigureState::moved)
    {
        return Err(format!(
            "{} has not moved this turn: it is charged standing still",
            state.figure_name(order.defender.figure)
        ));
    }
    Ok(())
}

/// The class a weapon fights in: `attack` is the kind of attack its wielder makes, `None`
/// for the defender. An ordinary stroke or a parry with a Kusarigama is its sickle's short
/// sword; its chain attacks keep the weapon's class (ruling `sickle_stroke`).
pub fn class_in(info: &WeaponInfo, attack: Option<ClashKind>) -> Class {
    let chain = matches!(
        attack,
        Some(ClashKind::Chain | ClashKind::Entangle | ClashKind::Trip)
    );
    match info.stroke_class {
        Some(c) if !chain => c,
        _ => info.melee_class().unwrap_or(Class::Unarmed),
    }
}

/// The class a fighter fights in: two swords fought together (Ni-Ten Jitsu) are the class
/// the glossary gives the technique, whichever sword the order names; else its weapon's.
fn fighting_class(
    rules: &Rules,
    fighter: &Fighter,
    info: &WeaponInfo,
    attack: Option<ClashKind>,
) -> Class {
    if fighter.ni_ten {
        rules.t.special.ni_ten_class
    } else {
        class_in(info, attack)
    }
}

/// Whether a weapon's blows cause distractions, and how many extra: a weapon that injures
/// as another (Mojiri and Sodegarami as the Bo) is blunt when that one is.
pub fn blunt(rules: &Rules, info: &WeaponInfo) -> Option<u32> {
    let injures = info
        .injures_as
        .as_deref()
        .and_then(|w| rules.weapon(w))
        .unwrap_or(info);
    injures.blunt.then_some(injures.extra_distractions)
}

/// The weapons each kind of attack needs, and a hex the attacker's weapon can attack.
fn check_kind(order: &ClashOrder, wa: &WeaponInfo, wd: &WeaponInfo) -> Result<(), String> {
    let w = &order.attacker.weapon;
    if order.attackable == Some(false) {
        return Err(format!(
            "a {w} cannot attack the hex its opponent stands in, by its engagement zone diagram (Combat Engagement Zones)"
        ));
    }
    match order.kind {
        ClashKind::Chain if !wa.chain => Err(format!("a {w} has no chain attack")),
        ClashKind::Entangle if !wa.entangles => Err(format!("a {w} cannot entangle")),
        ClashKind::Trip if !wa.trips => Err(format!("a {w} cannot trip at reach")),
        ClashKind::Grapple
            if [wa, wd]
                .iter()
                .any(|x| !matches!(x.melee_class(), Some(Class::CloseIn | Class::Unarmed))) =>
        {
            Err("only close-in weapons or bare hands can be used when grappling".into())
        }
        _ => Ok(()),
    }
}

/// One side's factors: skill, relative weapons, tactical factors, horse, surprise.
fn side(
    rules: &Rules,
    order: &ClashOrder,
    i: usize,
    (me, info, class): (&FigureState, &WeaponInfo, Class),
    their_class: Class,
) -> Result<SideNumbers, String> {
    let sp = &rules.t.special;
    let fighter = if i == 0 {
        &order.attacker
    } else {
        &order.defender
    };
    let name = &me.spec.name;
    let (skill, what) = if fighter.ni_ten {
        let s = me
            .spec
            .ni_ten
            .ok_or_else(|| format!("{name} has no Ni-Ten Jitsu skill"))?;
        (s, "Ni-Ten Jitsu".to_owned())
    } else {
        (me.spec.skill(&fighter.weapon), fighter.weapon.clone())
    };
    let mut m = vec![Modifier::total(skill, format!("{what} skill"), SKILL)];
    let rel = relative_factor(&rules.t.relative_weapons, class, their_class);
    if rel != 0 {
        let why = format!("{} weapon against {}", class.name(), their_class.name());
        m.push(Modifier::total(rel, why, RELATIVE));
    }
    m.extend(hurt(rules, me));
    if (fighter.ni_ten || fighter.iaijutsu) && !info.sword {
        return Err(format!(
            "a {} is not a sword: Ni-Ten Jitsu and Iaijutsu are sword techniques",
            fighter.weapon
        ));
    }
    let iaijutsu = match fighter.iaijutsu {
        true => Some(
            me.spec
                .iaijutsu
                .ok_or_else(|| format!("{name} has no Iaijutsu skill"))?,
        ),
        false => None,
    };
    let mut flags = situation(rules, order, i, me, iaijutsu.is_some());
    flags.extend(specials(rules, order, i, me, info, iaijutsu.is_some()));
    m.extend(
        flags
            .into_iter()
            .filter(|(on, value, ..)| *on && *value != 0)
            .map(|(_, value, why, cite)| Modifier::total(value, why, cite)),
    );
    let armour = match me.spec.armour {
        Armour::None => rules.t.armour_ignores.none,
        Armour::Part => rules.t.armour_ignores.part,
        Armour::Armoured => rules.t.armour_ignores.armoured,
        Armour::Full => rules.t.armour_ignores.full,
    };
    let heroic = rules.optional("heroic") && me.spec.heroic;
    Ok(SideNumbers {
        modifiers: m,
        // Iaijutsu is the cut made as the sword is drawn: the draw is rolled, and a failed
        // draw keeps the drawing penalty.
        iaijutsu: iaijutsu.map(|s| (s, rules.t.tactical.drawing)),
        blunt: blunt(rules, info),
        armour,
        weaker: if fighter.ni_ten { -sp.ni_ten_wounds } else { 0 },
        heroic: if heroic {
            rules.t.heroic.ignore_wounds
        } else {
            0
        },
        defence_only: if fighter.ni_ten && order.both_strike {
            sp.ni_ten_defence
        } else {
            0
        },
    })
}

/// A factor: whether it applies, its value, why, and its rule.
type Flag = (bool, i64, String, &'static str);

/// The tactical factors of one side.
fn situation(
    rules: &Rules,
    order: &ClashOrder,
    i: usize,
    me: &FigureState,
    iaijutsu: bool,
) -> Vec<Flag> {
    let t = &rules.t.tactical;
    let fighter = if i == 0 {
        &order.attacker
    } else {
        &order.defender
    };
    let s = &fighter.situation;
    let charging = i == 0 && order.kind == ClashKind::BodyCharge;
    let n = s.outnumbered;
    vec![
        (me.lying, t.lying, "lying on the ground".into(), TACTICAL),
        (
            me.entangled,
            t.entangled,
            "entangled by a restraining weapon".into(),
            TACTICAL,
        ),
        (s.wading, t.wading, "wading in water".into(), TACTICAL),
        (
            s.body_hex,
            t.body_hex,
            "standing in a body hex".into(),
            TACTICAL,
        ),
        (s.rough, t.rough_ground, "on rough ground".into(), TACTICAL),
        (
            s.undergrowth,
            t.undergrowth,
            "stuck in undergrowth".into(),
            TACTICAL,
        ),
        (
            me.this_turn.dashed && !charging,
            t.dashing,
            "dashing".into(),
            TACTICAL,
        ),
        (
            s.drawing && !iaijutsu,
            t.drawing,
            "drawing, changing or recovering a weapon".into(),
            TACTICAL,
        ),
        (
            n >= t.outnumbered_from,
            t.outnumbered_per_enemy * i64::from(n),
            format!("outnumbered {n}-1 by unengaged enemies"),
            TACTICAL,
        ),
    ]
}

/// The factors of horses, surprise, Ni-Ten Jitsu and an undefended figure.
fn specials(
    rules: &Rules,
    order: &ClashOrder,
    i: usize,
    me: &FigureState,
    info: &WeaponInfo,
    iaijutsu: bool,
) -> Vec<Flag> {
    let (c, sp) = (&rules.t.clash, &rules.t.special);
    let fighter = if i == 0 {
        &order.attacker
    } else {
        &order.defender
    };
    let s = &fighter.situation;
    let horse = match me.speed {
        Speed::Canter => rules.t.horses.canter_bonus,
        Speed::Gallop => rules.t.horses.gallop_bonus,
        _ => 0,
    };
    let surprise = i == 0
        && info.concealed
        && chain_attack(rules, info, order.kind, order.range)
        && !me.surprise_used.contains(&fighter.weapon);
    let striking = i == 0 || order.both_strike;
    let helpless = me.this_turn.shouting
        || !me.active()
        || me
            .grappling
            .is_some_and(|g| Some(g) != order_partner(order, i));
    vec![
        (
            s.zone,
            c.engagement_zone,
            "attacked from its weak zone".into(),
            "kozeriai: Combat Engagement Zones",
        ),
        (
            iaijutsu && !me.surprise_used.contains("Iaijutsu"),
            c.surprise,
            "first Iaijutsu: surprise".into(),
            "kozeriai: Iaijutsu",
        ),
        (
            me.mounted && !s.off_arc,
            horse,
            format!("horse {}", me.speed.name()),
            "kozeriai: Horses in Combat",
        ),
        (
            surprise,
            c.surprise,
            "first use of a hidden weapon: surprise".into(),
            "kozeriai: Manrikigusari",
        ),
        (
            fighter.ni_ten && !striking,
            sp.ni_ten_defence,
            "Ni-Ten Jitsu defending".into(),
            "kozeriai: Ni-Ten Jitsu",
        ),
        (
            i == 1 && helpless,
            c.no_defence,
            "cannot defend".into(),
            "kozeriai: Ki-Ai",
        ),
    ]
}

/// The other figure of the clash, seen from side `i`.
fn order_partner(order: &ClashOrder, i: usize) -> Option<super::super::state::FigureRef> {
    Some(if i == 0 {
        order.defender.figure
    } else {
        order.attacker.figure
    })
}

/// The automatic penalties of wounds (every two) and distractions (each).
pub fn hurt(rules: &Rules, f: &FigureState) -> Vec<Modifier> {
    let t = &rules.t.tactical;
    hurt_penalties(f, (t.per_two_wounds, 2), t.per_distraction, TACTICAL)
}

/// Penalties for a figure's wounds (`per` for every `divisor` wounds) and distractions.
pub fn hurt_penalties(
    f: &FigureState,
    (per, divisor): (i64, u32),
    per_distraction: i64,
    cite: &str,
) -> Vec<Modifier> {
    let mut out = Vec::new();
    let counted = f.wounds / divisor.max(1);
    if counted > 0 {
        let value = per * i64::from(counted);
        out.push(Modifier::total(
            value,
            crate::engine::words::counted(f.wounds, "wound").to_string(),
            cite,
        ));
    }
    if f.distractions > 0 {
        let value = per_distraction * i64::from(f.distractions);
        out.push(Modifier::total(
            value,
            crate::engine::words::counted(f.distractions, "distraction").to_string(),
            cite,
        ));
    }
    out
}

impl ClashNumbers {
    /// What a difference (attacker's score less defender's) does. A bonus that counts only
    /// against the other's stroke (Ni-Ten Jitsu when both strike) raises the score that
    /// stroke must beat, and not the side's own.
    pub fn outcome(&self, rules: &Rules, diff: i64) -> Outcome {
        let [b0, b1] = [self.sides[0].defence_only, self.sides[1].defence_only];
        if b0 == 0 && b1 == 0 {
            return self.outcome_of(rules, diff);
        }
        let past_defender = diff - b1;
        let past_attacker = diff + b0;
        if past_defender > 0 || (self.kind == ClashKind::BodyCharge && past_defender == 0) {
            self.outcome_of(rules, past_defender)
        } else if past_attacker < 0 {
            self.outcome_of(rules, past_attacker)
        } else {
            Outcome::default()
        }
    }

    /// What a difference does when neither side has a bonus against the other's stroke only.
    fn outcome_of(&self, rules: &Rules, diff: i64) -> Outcome {
        let sp = &rules.t.special;
        let margin = diff.abs();
        let parried = Outcome::default();
        match self.kind {
            ClashKind::BodyCharge if diff >= 0 => Outcome {
                winner: Some(0),
                push_back: true,
                distractions: sp.body_charge_distractions,
                charge_home: true,
                ..Outcome::default()
            },
            ClashKind::Grapple if diff != 0 => self.grapple(rules, margin, diff > 0),
            ClashKind::TearFree if diff > 0 => Outcome {
                winner: Some(0),
                freed: true,
                ..Outcome::default()
            },
            ClashKind::Grapple | ClashKind::TearFree => parried,
            _ if diff == 0 => parried,
            ClashKind::Entangle if diff > 0 && margin >= sp.entangle_by => Outcome {
                winner: Some(0),
                entangled: true,
                ..Outcome::default()
            },
            ClashKind::Trip if diff > 0 && margin >= sp.trip_by => Outcome {
                winner: Some(0),
                thrown: true,
                distractions: sp.kawa_nawa_trip_distractions,
                ..Outcome::default()
            },
            ClashKind::Entangle | ClashKind::Trip if diff > 0 => Outcome {
                winner: Some(0),
                push_back: true,
                ..Outcome::default()
            },
            _ if diff > 0 => self.strike(rules, 0, margin),
            _ if self.both_strike => self.strike(rules, 1, margin),
            _ => Outcome {
                may_close: self.closing && margin >= rules.t.clash.closing_deflection,
                ..parried
            },
        }
    }

    /// A round of grappling won by `margin`: the loser thrown down with its distractions, and
    /// (ruling `grapple_result`) the winner's blow too, but never a push back.
    fn grapple(&self, rules: &Rules, margin: i64, attacker_won: bool) -> Outcome {
        let w = if attacker_won { 0 } else { 1 };
        let mut out = match rules.rulings.grapple_result {
            GrappleResult::ThrownAndTwo => Outcome {
                winner: Some(w),
                ..Outcome::default()
            },
            GrappleResult::BlowLandsToo => self.strike(rules, w, margin),
        };
        out.push_back = false;
        out.thrown = true;
        out.distractions = out
            .distractions
            .saturating_add(rules.t.special.grapple_distractions);
        out
    }

    /// A winning stroke by side `w` by `margin`: a push back, and wounds or distractions.
    fn strike(&self, rules: &Rules, w: usize, margin: i64) -> Outcome {
        let c = &rules.t.clash;
        let mut out = Outcome {
            winner: Some(w),
            push_back: margin >= c.push_back_at,
            ..Outcome::default()
        };
        if margin <= c.wounds_over {
            return out;
        }
        let (me, them) = (&self.sides[w], &self.sides[1 - w]);
        match me.blunt {
            Some(extra) => {
                let armour = if rules.rulings.blunt_armour == BluntArmour::Reduces {
                    them.armour
                } else {
                    0
                };
                let n = margin + i64::from(extra) - armour;
                out.distractions = u32::try_from(n.max(0)).unwrap_or(0);
            }
            None => {
                let n = margin - them.armour - me.weaker - them.heroic;
                out.wounds = u32::try_from(n.max(0)).unwrap_or(0);
            }
        }
        out
    }

    /// The distribution of the difference of the scores.
    pub fn differences(&self, rules: &Rules) -> BTreeMap<i64, f64> {
        let sides = rules.t.dice.sides;
        odds::opposed(
            sides,
            &self.sides[0].mixture(sides),
            &self.sides[1].mixture(sides),
        )
    }
}

/// `BLOWS` for the card's citation.
pub const CITATION: &str = BLOWS;
