//! An outsider's blow on a figure that grapples: the split die decides whether it falls on the
//! named defender or on the figure it grapples (Grappling; ruling `grapple_hits`).

use super::super::command::{ClashKind, ClashOrder};
use super::super::state::{FigureRef, State};
use super::super::tables::Rules;
use super::clash::UNARMED;
use super::odds;

/// The figure an outsider's blow may fall on instead of the defender: the one it grapples
/// (Grappling; ruling `grapple_hits`), unless the attacker is that figure or is grappling.
pub fn grapple_partner(state: &State, order: &ClashOrder) -> Option<FigureRef> {
    if order.kind == ClashKind::Grapple {
        return None;
    }
    let d = state.figure(order.defender.figure)?;
    d.grappling.filter(|g| *g != order.attacker.figure)
}

/// Whether the split die keeps the blow on the named defender (0-4 of a d10 read 0-9).
pub fn split_keeps_target(rules: &Rules, die: u32) -> bool {
    die < rules.t.dice.sides / 2
}

/// The clash when the blow falls on the defender's grappling partner: it meets the blow
/// bare-handed, and strikes nothing back.
pub fn struck_partner(order: &ClashOrder, partner: FigureRef) -> ClashOrder {
    let mut o = order.clone();
    o.defender.figure = partner;
    o.defender.weapon = UNARMED.into();
    o.defender.ni_ten = false;
    o.defender.iaijutsu = false;
    o.both_strike = false;
    o
}

/// The orders a clash may be fought as, each with its chance.
pub fn alternatives(rules: &Rules, state: &State, order: &ClashOrder) -> Vec<(f64, ClashOrder)> {
    match grapple_partner(state, order) {
        None => vec![(1.0, order.clone())],
        Some(partner) => {
            let p = odds::chance(rules.t.dice.sides, |v| {
                u32::try_from(v).is_ok_and(|v| split_keeps_target(rules, v))
            });
            vec![
                (p, order.clone()),
                (1.0 - p, struck_partner(order, partner)),
            ]
        }
    }
}
