//! The chapter's numbers, shared by `execute` and the cards: the dice of a rout or pursuit
//! move, and the movement calculator: a unit's allowance this turn and what each part of a move costs,
//! in millimetres so quarter and half moves stay exact enough (ruling `fractions`).

use serde::{Deserialize, Serialize};

use super::roster::Quality;
use super::state::{Formation, State, Unit};
use super::tables::{ColumnGoodGoing, ColumnRoad, Rules};
use crate::dice::Expr;

/// A turn made during a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnMade {
    /// No turn.
    #[default]
    None,
    /// 90 degrees (also changes column to line or back).
    Quarter,
    /// 180 degrees: an about turn.
    About,
}

/// What the umpire measured for one move on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovePlan {
    /// Distance moved outside dense terrain, in cm.
    pub open_cm: i64,
    /// Distance moved inside dense terrain, in cm.
    pub dense_cm: i64,
    /// Pieces of light terrain passed through.
    pub light_pieces: u32,
    /// Distance the wheeling flank travelled, in cm.
    pub wheel_cm: i64,
    /// A turn made.
    pub turn: TurnMade,
    /// Linear obstacles crossed.
    pub obstacles: u32,
    /// The whole move along a road (a column moves double).
    pub road: bool,
    /// It ends in a building (dense terrain; a unit of at most 4 stands).
    pub building: bool,
}

/// One line of the calculator: what it is and its cost in mm (allowance lines are positive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// `wheel 6 cm x2 (Seasoned)`.
    pub what: String,
    /// Its amount in mm.
    pub mm: i64,
}

/// A unit's full allowance for a normal move this turn, with the reasons.
pub fn allowance(rules: &Rules, state: &State, u: &Unit, plan: &MovePlan) -> (i64, Vec<Line>) {
    let rate = state.army_of(u).rate(u.spec.troop).normal * 10;
    let mut lines = vec![Line {
        what: format!("{} move in line", u.spec.troop.name()),
        mm: rate,
    }];
    let f = &rules.t.formation;
    if state.formation(u, f) == Formation::Column {
        let c = &rules.t.column;
        if plan.road {
            // Ruling `column_road`: whether the good-going bonus is doubled with the move.
            let base = match rules.rulings.column_road {
                ColumnRoad::RoadDoublesTheMove => rate,
                ColumnRoad::RoadDoublesWithBonus => {
                    lines.push(Line {
                        what: "column on good going".into(),
                        mm: c.good_going_cm * 10,
                    });
                    rate + c.good_going_cm * 10
                }
            };
            lines.push(Line {
                what: format!("column on a road: x{}", c.road_times),
                mm: base * (c.road_times - 1),
            });
        } else if on_good_going(rules, plan) {
            lines.push(Line {
                what: "column on good going".into(),
                mm: c.good_going_cm * 10,
            });
        }
    }
    (lines.iter().map(|l| l.mm).sum(), lines)
}

/// Whether a move keeps a column on good going: no light or dense terrain, and (ruling
/// `column_good_going`) no linear obstacle where the umpire so rules.
fn on_good_going(rules: &Rules, plan: &MovePlan) -> bool {
    let obstacle_costs_it = rules.rulings.column_good_going == ColumnGoodGoing::AnyBadTerrain;
    plan.dense_cm == 0 && plan.light_pieces == 0 && !(obstacle_costs_it && plan.obstacles > 0)
}

/// How many times a wheel's distance counts for this quality and order.
pub fn wheel_factor(rules: &Rules, u: &Unit) -> i64 {
    let w = &rules.t.wheel;
    let q = match u.spec.quality {
        Quality::Elite => w.elite,
        Quality::Veteran => w.veteran,
        Quality::Seasoned => w.seasoned,
        Quality::Raw => w.raw,
    };
    if u.disordered { q * w.disordered } else { q }
}

/// What a turn costs, in mm of the unit's normal move (rounded against the mover).
pub fn turn_cost(rules: &Rules, state: &State, u: &Unit) -> i64 {
    let quarters = turn_quarters(rules, u);
    let quarters = if u.disordered {
        quarters * rules.t.turn.disordered
    } else {
        quarters
    };
    let rate = state.army_of(u).rate(u.spec.troop).normal * 10;
    (rate * quarters + 3) / 4
}

/// The cost of each part of a move, in mm.
pub fn costs(rules: &Rules, state: &State, u: &Unit, plan: &MovePlan) -> Vec<Line> {
    let t = &rules.t.terrain;
    let horse = u.spec.troop.cavalry();
    let mut lines = Vec::new();
    if plan.open_cm > 0 {
        lines.push(Line {
            what: format!("{} cm moved", plan.open_cm),
            mm: plan.open_cm * 10,
        });
    }
    if plan.dense_cm > 0 {
        let times = if horse { t.dense_horse } else { t.dense_foot };
        lines.push(Line {
            what: format!("{} cm in dense terrain x{times}", plan.dense_cm),
            mm: plan.dense_cm * 10 * times,
        });
    }
    if plan.light_pieces > 0 {
        lines.push(Line {
            what: format!(
                "light terrain x{}: {} cm each",
                plan.light_pieces, t.light_cm
            ),
            mm: i64::from(plan.light_pieces) * t.light_cm * 10,
        });
    }
    if plan.wheel_cm > 0 {
        let times = wheel_factor(rules, u);
        let why = if u.disordered { ", disordered" } else { "" };
        lines.push(Line {
            what: format!(
                "wheel {} cm x{times} ({}{why})",
                plan.wheel_cm,
                u.spec.quality.name()
            ),
            mm: plan.wheel_cm * 10 * times,
        });
    }
    if plan.turn != TurnMade::None {
        let what = if plan.turn == TurnMade::About {
            "about turn"
        } else {
            "90° turn"
        };
        lines.push(Line {
            what: format!("{what} ({})", turn_words(rules, u)),
            mm: turn_cost(rules, state, u),
        });
    }
    if plan.obstacles > 0 {
        let cm = if horse {
            t.obstacle_horse_cm
        } else {
            t.obstacle_foot_cm
        };
        lines.push(Line {
            what: format!(
                "{}, {cm} cm each",
                crate::engine::words::counted(plan.obstacles, "linear obstacle")
            ),
            mm: i64::from(plan.obstacles) * cm * 10,
        });
    }
    lines
}

/// How many quarters of its normal move a turn costs a unit of this quality in good order.
fn turn_quarters(rules: &Rules, u: &Unit) -> i64 {
    let t = &rules.t.turn;
    match u.spec.quality {
        Quality::Elite | Quality::Veteran => t.elite_veteran_quarters,
        Quality::Seasoned | Quality::Raw => t.others_quarters,
    }
}

fn turn_words(rules: &Rules, u: &Unit) -> String {
    let part = format!("{}/4", turn_quarters(rules, u));
    if u.disordered {
        format!("{part} move, doubled: disordered")
    } else {
        format!("{part} move")
    }
}

/// The frontage after a 90° turn: the unit's depth (its files become ranks).
pub fn frontage_after_quarter_turn(u: &Unit) -> u32 {
    u.stands.div_ceil(u.wide.max(1)).max(1)
}

/// `12.5 cm`.
pub fn cm(mm: i64) -> String {
    if mm % 10 == 0 {
        format!("{} cm", mm / 10)
    } else {
        format!("{:.1} cm", mm as f64 / 10.0)
    }
}

/// The dice of a rout or pursuit move (Movement: diced with 1d6).
pub fn move_dice(rules: &Rules) -> Expr {
    let r = &rules.t.rout;
    Expr::dice(r.dice, r.sides)
}
