//! The odds of an action before it is taken, for the action forms: the same numbers the
//! referee uses, so the form and the result never disagree.

use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::Modifier;
use crate::rules::simple::command::{FireOrder, MeleeOrder};
use crate::rules::simple::numbers;
use crate::rules::simple::state::State;
use crate::rules::simple::tables::CombinedScore;
use crate::rules::simple::tables::Rules;

/// What a volley will roll and its chances.
#[derive(Clone, Debug, PartialEq)]
pub struct FirePreview {
    /// One die per firing figure.
    pub dice: Expr,
    /// The score needed per die (per pair when no single die reaches it).
    pub needs: u32,
    /// Dice pair up under the combined-score rule.
    pub paired: bool,
    /// The chance one ordinary die (or pair) hits.
    pub hit: f64,
    /// The save, in words.
    pub save: String,
    /// The chance one hit kills (the save fails).
    pub kill_per_hit: f64,
    /// The chance the order kills at least one figure: every die (or pair) that hits and
    /// whose save fails kills one, each on its own.
    pub kills_any: f64,
}

/// The odds of a fire order, or `None` if the firer or target is unknown.
pub fn fire(rules: &Rules, state: &State, order: &FireOrder) -> Option<FirePreview> {
    let firer = state.unit(order.unit)?;
    let (sides, n, _) = numbers::fire_dice(rules, firer, order.volley);
    let (formation, cover) = numbers::target_stance(rules, state, order.target, order.target_cover);
    let needs = numbers::to_hit(rules, formation, cover);
    let paired = sides < needs;
    let hit = if paired {
        let op = if rules.rulings.combined_score == CombinedScore::PairsExact {
            CmpOp::Eq
        } else {
            CmpOp::Ge
        };
        Comparison::new(Expr::dice(2, sides), op, Expr::constant(i64::from(needs))).probability()
    } else {
        Comparison::new(
            Expr::dice(1, sides),
            CmpOp::Ge,
            Expr::constant(i64::from(needs)),
        )
        .probability()
    };
    let (save_sides, save_on, save) =
        numbers::save(rules, state, order.target, firer.formation_fail);
    let saved = Comparison::new(
        Expr::dice(1, save_sides),
        CmpOp::Ge,
        Expr::constant(i64::from(save_on)),
    )
    .probability();
    let kill_per_hit = 1.0 - saved;
    let misses_all: f64 = hit_chances(rules, firer, order.volley, needs)
        .iter()
        .map(|p| 1.0 - p * kill_per_hit)
        .product();
    Some(FirePreview {
        dice: Expr::dice(n, sides),
        needs,
        paired,
        hit,
        save,
        kill_per_hit,
        kills_any: 1.0 - misses_all,
    })
}

/// The chance of a hit for each die that counts alone and each pair, as
/// [`numbers::count_hits`] reads the faces: the sharpshooters' dice first.
fn hit_chances(
    rules: &Rules,
    firer: &crate::rules::simple::state::UnitState,
    volley: bool,
    needs: u32,
) -> Vec<f64> {
    let (sides, n, sharp) = numbers::fire_dice(rules, firer, volley);
    let bonus = |i: u32| {
        if i < sharp {
            rules.t.fire.sharpshooter_bonus
        } else {
            0
        }
    };
    let op = if rules.rulings.combined_score == CombinedScore::PairsExact {
        CmpOp::Eq
    } else {
        CmpOp::Ge
    };
    let mut out = Vec::new();
    let mut weak = Vec::new();
    for i in 0..n {
        let b = bonus(i);
        if sides + b >= needs {
            let die = Expr::dice(1, sides).offset(i64::from(b));
            out.push(
                Comparison::new(die, CmpOp::Ge, Expr::constant(i64::from(needs))).probability(),
            );
        } else {
            weak.push(b);
        }
    }
    for pair in weak.chunks_exact(2) {
        let sum = Expr::dice(2, sides).offset(i64::from(pair[0] + pair[1]));
        out.push(Comparison::new(sum, op, Expr::constant(i64::from(needs))).probability());
    }
    out
}

/// One attacker's bout: the comparison that kills, with each side's modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct BoutPreview {
    /// `1d10+1 > 1d6+2`: the defender dies when it holds.
    pub kills: Comparison,
    /// Its chance.
    pub odds: f64,
    /// The attacker's modifiers.
    pub attacker: Vec<Modifier>,
    /// The defender's modifiers.
    pub defender: Vec<Modifier>,
}

/// The odds of each attacker's bout in a melee order.
pub fn melee(rules: &Rules, state: &State, order: &MeleeOrder) -> Vec<BoutPreview> {
    let defender_die = match order.defender {
        crate::rules::simple::state::Target::Unit(u) => numbers::fighter_die(
            rules,
            state,
            crate::rules::simple::command::Fighter::Unit(u),
        ),
        crate::rules::simple::state::Target::Daimyo(g) => numbers::fighter_die(
            rules,
            state,
            crate::rules::simple::command::Fighter::Daimyo(g),
        ),
    };
    order
        .attackers
        .iter()
        .map(|a| {
            let (am, dm) = numbers::melee_modifiers(rules, state, order, a);
            let sum = |m: &[Modifier]| m.iter().map(|x| x.value).sum::<i64>();
            let kills = Comparison::new(
                Expr::dice(1, numbers::fighter_die(rules, state, a.fighter)).offset(sum(&am)),
                CmpOp::Gt,
                Expr::dice(1, defender_die).offset(sum(&dm)),
            );
            BoutPreview {
                odds: kills.probability(),
                kills,
                attacker: am,
                defender: dm,
            }
        })
        .collect()
}
