//! The odds a clash card shows: who wins, parries, push backs, and each number of wounds or
//! distractions, exact over every face of the two dice and every way the clash may be fought.

use std::collections::BTreeMap;

use super::super::measures;
use super::super::tables::Rules;
use super::clash::ClashNumbers;
use crate::dice::CmpOp;
use crate::engine::check::Odds;

/// The odds a clash card shows, over the alternatives the clash may be fought as (each with
/// its chance): who wins, parries, push backs, and each number of wounds or distractions.
pub fn odds(rules: &Rules, alternatives: &[(f64, ClashNumbers)], names: [&str; 2]) -> Vec<Odds> {
    let mut win = [0.0; 2];
    let (mut parried, mut pushed, mut close) = (0.0, 0.0, 0.0);
    let mut hurt = BTreeMap::<(usize, bool, u32), f64>::new();
    let mut special = BTreeMap::<&'static str, f64>::new();
    for (weight, n) in alternatives {
        for (diff, p) in n.differences(rules) {
            let p = p * weight;
            let o = n.outcome(rules, diff);
            match o.winner {
                None => parried += p,
                Some(w) => win[w.min(1)] += p,
            }
            if o.may_close {
                close += p;
            }
            if o.push_back && o.wounds == 0 && o.distractions == 0 {
                pushed += p;
            }
            let loser = o.loser().unwrap_or(1).min(1);
            if o.wounds > 0 {
                *hurt.entry((loser, false, o.wounds)).or_insert(0.0) += p;
            }
            if o.distractions > 0 {
                *hurt.entry((loser, true, o.distractions)).or_insert(0.0) += p;
            }
            for (on, label) in [
                (o.entangled, measures::ENTANGLED),
                (o.thrown, measures::THROWN),
                (o.freed, measures::FREED),
                (o.charge_home, measures::CHARGE_HOME),
            ] {
                if on {
                    *special.entry(label).or_insert(0.0) += p;
                }
            }
        }
    }
    let is = |label: String, p: f64, measure: &'static str, n: i64| {
        Odds::of(label, p, measure, CmpOp::Eq, n)
    };
    let mut out = vec![
        is(format!("{} wins", names[0]), win[0], measures::WINNER, 0),
        is("no result (parried)".into(), parried, measures::WINNER, -1),
    ];
    if win[1] > 0.0 {
        out.push(is(
            format!("{} wins", names[1]),
            win[1],
            measures::WINNER,
            1,
        ));
    }
    if pushed > 0.0 {
        out.push(is(
            "push back only".into(),
            pushed,
            measures::PUSHED_ONLY,
            1,
        ));
    }
    if close > 0.0 {
        out.push(is(
            format!("{} may close", names[1]),
            close,
            measures::MAY_CLOSE,
            1,
        ));
    }
    out.extend(special.into_iter().map(|(measure, p)| {
        let label = match measure {
            measures::ENTANGLED => "entangles",
            measures::THROWN => "throws the loser down",
            measures::FREED => "tears free",
            _ => "charge goes home",
        };
        is(label.into(), p, measure, 1)
    }));
    out.extend(hurt.into_iter().map(|((loser, blunt, n), p)| {
        let (what, measure) = if blunt {
            ("distraction", measures::DISTRACTIONS[loser])
        } else {
            ("wound", measures::WOUNDS[loser])
        };
        is(
            format!(
                "{}: {}",
                names[loser],
                crate::engine::words::counted(n, what)
            ),
            p,
            measure,
            i64::from(n),
        )
    }));
    out
}
