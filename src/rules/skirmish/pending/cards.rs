//! Building check cards: plain steps, pools and volleys, bouts, and the d12 results.

use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Answer, Check, Modifier, Odds, RollSpec};
use crate::rules::skirmish::command::Command;
use crate::rules::skirmish::numbers::{self, Pool};
use crate::rules::skirmish::order::cite;
use crate::rules::skirmish::state::{FigureRef, State, UnitRef};
use crate::rules::skirmish::tables::{Parry, Rules};

/// A button.
pub fn answer(label: &str, command: Command, rolls: bool) -> Answer<Command> {
    Answer::new(label, command, rolls)
}

/// A card with no dice.
pub fn step(
    who: String,
    what: &str,
    why: String,
    citation: &str,
    answers: Vec<Answer<Command>>,
) -> Check<Command> {
    Check {
        key: String::new(),
        kind: String::new(),
        answers,
        ..Check::card(who, what, why, citation)
    }
}

/// `Taro (Oda raiders)`.
pub fn figure_who(state: &State, f: FigureRef) -> String {
    let side = state.sides.get(f.side()).map_or("", |s| s.name.as_str());
    format!(
        "{} of {} ({side})",
        state.figure_name(f),
        state.unit_name(f.unit())
    )
}

/// `Ashigaru bowmen (Oda raiders)`.
pub fn unit_who(state: &State, u: UnitRef) -> String {
    let side = state.sides.get(u.side()).map_or("", |s| s.name.as_str());
    format!("{} ({side})", state.unit_name(u))
}

/// The odds of a number of hits: at least one (with the mean), two or more.
fn hit_odds(expr: &Expr) -> Vec<Odds> {
    let dist = expr.distribution();
    vec![
        Odds::of(
            format!("at least 1 hit (mean {:.2})", dist.mean()),
            dist.probability_that(CmpOp::Ge, 1),
            "hits",
            CmpOp::Ge,
            1,
        ),
        Odds::of(
            "2 or more hits",
            dist.probability_that(CmpOp::Ge, 2),
            "hits",
            CmpOp::Ge,
            2,
        ),
    ]
}

/// A card that rolls `expr` for hits, with the odds of its hits.
fn hits_card(
    who: String,
    what: &str,
    why: String,
    citation: &str,
    target: String,
    modifiers: Vec<Modifier>,
    expr: Expr,
) -> Check<Command> {
    Check {
        target,
        modifiers,
        odds: hit_odds(&expr),
        roll: Some(RollSpec::Value(expr)),
        ..Check::card(who, what, why, citation)
    }
}

/// A shooting card: the pool, its hits' odds.
pub fn pool_card(
    who: String,
    what: &str,
    why: String,
    citation: &str,
    pool: &Pool,
) -> Check<Command> {
    hits_card(
        who,
        what,
        why,
        citation,
        pool.words(),
        pool.reasons.clone(),
        pool.expr(),
    )
}

/// A volley card: each shooter's pool (alike pools shown once) and the odds of the total
/// hits. One shooter gives exactly that shooter's [`pool_card`].
pub fn volley_card(
    who: String,
    what: &str,
    why: String,
    citation: &str,
    shooters: &[(String, Pool)],
) -> Check<Command> {
    let mut groups: Vec<(Vec<&str>, &Pool)> = Vec::new();
    for (name, pool) in shooters {
        match groups.iter_mut().find(|(_, p)| *p == pool) {
            Some((names, _)) => names.push(name),
            None => groups.push((vec![name.as_str()], pool)),
        }
    }
    let single = match groups.as_slice() {
        [(names, pool)] if names.len() == 1 => Some(*pool),
        _ => None,
    };
    if let Some(pool) = single {
        return pool_card(who, what, why, citation, pool);
    }
    let mut pools = shooters.iter().map(|(_, p)| p.expr());
    let expr = pools
        .next()
        .map(|first| pools.fold(first, Expr::plus))
        .unwrap_or_else(|| Expr::constant(0));
    let label = |names: &[&str]| match names {
        [one] => (*one).to_owned(),
        [first, rest @ ..] => format!("{first} and {} more", rest.len()),
        [] => String::new(),
    };
    let modifiers = groups
        .iter()
        .flat_map(|(names, pool)| {
            let who = label(names);
            pool.reasons.iter().map(move |m| Modifier {
                reason: format!("{who}: {}", m.reason),
                ..m.clone()
            })
        })
        .collect();
    let target = groups
        .iter()
        .map(|(names, pool)| format!("{} x {}", names.len(), pool.words()))
        .collect::<Vec<_>>()
        .join(" + ");
    Check {
        notes: vec!["Each shooter rolls its own dice, in the order listed.".into()],
        ..hits_card(
            who,
            what,
            why,
            citation,
            format!("{target}; hits add up"),
            modifiers,
            expr,
        )
    }
}

/// A bout between two figures: both pools and the odds of landing hits after parries.
/// `obstacle`: which of the two defends an obstacle (the other then rolls a die less).
pub fn bout_card(
    rules: &Rules,
    state: &State,
    a: FigureRef,
    b: FigureRef,
    obstacle: [bool; 2],
) -> Check<Command> {
    let pa = numbers::melee(rules, state, a, b, obstacle[1]);
    let pb = numbers::melee(rules, state, b, a, obstacle[0]);
    let holding = [a, b].map(|f| state.unit(f.unit()).is_some_and(|u| u.holding(state.now())));
    let (ea, eb) = (pa.expr(), pb.expr());
    let lands = |mine: &Expr, theirs: &Expr, me_holding: bool, them_holding: bool| -> f64 {
        if me_holding {
            0.0
        } else if rules.rulings.parry == Parry::AllHitsLand && !them_holding {
            mine.distribution().probability_that(CmpOp::Ge, 1)
        } else {
            Comparison::new(mine.clone(), CmpOp::Gt, theirs.clone()).probability()
        }
    };
    let (name_a, name_b) = (state.figure_name(a), state.figure_name(b));
    let mut modifiers: Vec<Modifier> = pa
        .reasons
        .iter()
        .map(|m| Modifier {
            reason: format!("{name_a}: {}", m.reason),
            ..m.clone()
        })
        .collect();
    modifiers.extend(pb.reasons.iter().map(|m| Modifier {
        reason: format!("{name_b}: {}", m.reason),
        ..m.clone()
    }));
    let parry = if rules.rulings.parry == Parry::AllHitsLand {
        "every hit lands"
    } else {
        "hits parry one for one; the difference lands"
    };
    let mut notes = Vec::new();
    for (h, n) in holding.iter().zip([&name_a, &name_b]) {
        if *h {
            notes.push(format!(
                "{n}'s unit is holding its ground: its hits only parry"
            ));
        }
    }
    Check {
        key: String::new(),
        kind: String::new(),
        who: format!("{} vs {}", figure_who(state, a), figure_who(state, b)),
        what: "Melee bout".into(),
        why: "suggested pairing: the greatest opponents first".into(),
        citation: cite::MELEE.into(),
        target: format!(
            "{name_a}: {} vs {name_b}: {}; simultaneous, {parry}",
            pa.words(),
            pb.words()
        ),
        modifiers,
        odds: vec![
            Odds::of(
                format!("{name_a} lands a hit"),
                lands(&ea, &eb, holding[0], holding[1]),
                "a lands",
                CmpOp::Ge,
                1,
            ),
            Odds::of(
                format!("{name_b} lands a hit"),
                lands(&eb, &ea, holding[1], holding[0]),
                "b lands",
                CmpOp::Ge,
                1,
            ),
        ],
        roll: Some(RollSpec::Opposed(ea, eb)),
        required: false,
        answers: vec![answer("Roll", Command::Melee { a, b, obstacle }, true)],
        notes,
        faces: Default::default(),
    }
}

/// The d12 results for a figure's hits.
pub fn results_card(rules: &Rules, state: &State, f: FigureRef) -> Option<Check<Command>> {
    let x = state.figure(f)?;
    let kill = numbers::wounds_to_kill(rules, x.spec.troop)?;
    let r = &rules.t.results;
    let hits = x.pending_hits;
    let p = numbers::death_chance(rules, x.wounds.len() as u32, kill, hits);
    Some(Check {
        key: String::new(),
        kind: String::new(),
        who: figure_who(state, f),
        what: format!("Results: {}", crate::engine::words::counted(hits, "hit")),
        why: format!(
            "hit by fire or melee; {} so far, {kill} kill",
            crate::engine::words::counted(x.wounds.len(), "wound")
        ),
        citation: cite::RESULTS.into(),
        roll: Some(RollSpec::Value(Expr::dice(hits, r.sides))),
        target: format!(
            "each 1d{}: {} or less dead, to {} leg wound, to {} arm wound, {} lucky escape",
            r.sides, r.dead_at_most, r.leg_at_most, r.arm_at_most, r.sides
        ),
        modifiers: Vec::new(),
        odds: vec![Odds::of("dead", p, "dead", CmpOp::Ge, 1)],
        required: true,
        answers: vec![answer("Roll", Command::ResolveHits(f), true)],
        notes: Vec::new(),
        faces: Default::default(),
    })
}
