//! Building check cards: shots, clashes, the small tables, and plain steps.

use super::super::command::{ClashOrder, Command, Obstacle, ShotOrder};
use super::super::event::{FallResult, JumpResult};
use super::super::execute::{fall_result, jump_result, jump_row, trip_needed};
use super::super::measures::{self as m, fall_index, jump_index};
use super::super::numbers::odds;
use super::super::numbers::shooting;
use super::super::numbers::{clash, clash_odds};
use super::super::order::body_lies;
use super::super::state::{Due, FigureRef, State, TripCause};
use super::super::tables::Rules;
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Answer, Check, Modifier, Odds, RollSpec};

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

/// `Kambei (Village defenders)`.
pub fn figure_who(state: &State, f: FigureRef) -> String {
    let side = state.sides.get(f.side()).map_or("", |s| s.name.as_str());
    format!("{} ({side})", state.figure_name(f))
}

/// The chance that a measure of the roll's result equals `n`.
fn odds_of(outcome: impl Into<String>, probability: f64, measure: &'static str, n: i64) -> Odds {
    Odds::of(outcome, probability, measure, CmpOp::Eq, n)
}

/// A one-die test: `1d10-1 <= n` read 0-9.
fn under_card(
    rules: &Rules,
    who: String,
    what: &str,
    why: String,
    citation: &str,
    needed: i64,
) -> Check<Command> {
    let sides = rules.t.dice.sides;
    let mut c = step(who, what, why, citation, Vec::new());
    c.roll = Some(RollSpec::Test(Comparison::new(
        odds::die_expr(sides, 0),
        CmpOp::Le,
        Expr::constant(needed),
    )));
    c.target = format!("1d10 read 0-9, {needed} or less");
    c.required = true;
    c
}

/// The card for a shot, with its factors and exact odds.
///
/// # Errors
/// The shot cannot be made, in words.
pub fn shot_card(
    rules: &Rules,
    state: &State,
    order: &ShotOrder,
) -> Result<Check<Command>, String> {
    let n = shooting::numbers(rules, state, order)?;
    let sides = rules.t.dice.sides;
    let mut c = step(
        figure_who(state, order.shooter),
        "Shooting",
        format!(
            "{} at {} hexes",
            state.figure_name(order.target),
            order.range_hexes
        ),
        "kozeriai: Shooting",
        vec![answer(
            &format!("Shoot at {}", state.figure_name(order.target)),
            Command::Shoot(order.clone()),
            true,
        )],
    );
    c.roll = Some(RollSpec::Test(Comparison::new(
        odds::die_expr(sides, n.total()),
        CmpOp::Ge,
        Expr::constant(n.needed),
    )));
    c.target = format!(
        "1d10 read 0-9 + factors, {} or more ({} range table); a natural 0 always misses",
        n.needed,
        n.shoots.name()
    );
    c.modifiers = n.modifiers.clone();
    let hit = n.hit_chance(rules);
    let through = hit * (1.0 - n.deflect_chance(rules));
    c.odds.push(odds_of("hit", hit, m::HIT, 1));
    if let Some(at_most) = n.misfire_at_most {
        let p = odds::chance(sides, |v| v <= at_most);
        c.odds.push(odds_of("misfire", p, m::MISFIRE, 1));
    }
    if n.deflect.is_some() {
        c.odds
            .push(odds_of("hit and not deflected", through, m::THROUGH, 1));
    }
    for (w, p) in n.wound_chances(rules).iter().enumerate().skip(1) {
        let wounds = i64::try_from(w).unwrap_or(i64::MAX);
        c.odds.push(odds_of(
            crate::engine::words::counted(w, "wound").to_string(),
            through * p,
            m::SHOT_WOUNDS,
            wounds,
        ));
    }
    c.notes = n
        .effect
        .iter()
        .map(|m| format!("effect of a hit: {}", m.sentence()))
        .collect();
    c.notes.push(table_faces_order(
        n.misfire_at_most.is_some(),
        n.deflect.is_some(),
        n.split.is_some(),
    ));
    if let Some((partner, _)) = &n.split {
        let target = state.figure_name(order.target);
        c.notes.push(format!(
            "{target} is grappling {}: a hit falls on either, 50:50 (a d10 after the hit die: 0-4 {target})",
            state.figure_name(*partner)
        ));
    }
    let after_hit = if n.deflect.is_some() {
        "on a hit, 2 Yadomejutsu dice and the effect die"
    } else {
        "on a hit, the effect die"
    };
    // A musket's misfire die comes first; the hit die follows unless it misfired.
    let (first, then) = if n.misfire_at_most.is_some() {
        (
            "the misfire die",
            format!("the hit die unless it misfired, then {after_hit}"),
        )
    } else {
        ("the hit die", after_hit.to_owned())
    };
    c.faces = crate::engine::check::TableFaces::new(vec![(1, first.into())], Some(then));
    if let Some((skill, mods)) = &n.deflect {
        c.notes.push(format!(
            "Yadomejutsu: 2d10 read 0-9 {} at or under {skill}",
            mods.iter()
                .map(Modifier::sentence)
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(c)
}

/// In what order a shot takes the table's faces, since it may roll more than its hit die.
fn table_faces_order(musket: bool, deflect: bool, split: bool) -> String {
    let mut order = Vec::new();
    if musket {
        order.push("the misfire die");
    }
    order.push("the hit die");
    if deflect {
        order.push("on a hit, the 2 Yadomejutsu dice");
    }
    if split {
        order.push("on a hit, the die for which grappler it falls on");
    }
    order.push("on a hit, the effect die");
    format!(
        "Table faces, in order: {} (0 is typed 0).",
        order.join(", then ")
    )
}

/// The card for a clash of blades: both sides' factors and the exact opposed odds.
///
/// # Errors
/// The clash cannot be fought, in words.
pub fn clash_card(
    rules: &Rules,
    state: &State,
    order: &ClashOrder,
) -> Result<Check<Command>, String> {
    let n = clash::numbers(rules, state, order)?;
    let sides = rules.t.dice.sides;
    let (a, d) = (order.attacker.figure, order.defender.figure);
    let names = [state.figure_name(a), state.figure_name(d)];
    let mut c = step(
        format!("{} against {}", figure_who(state, a), figure_who(state, d)),
        "Clash of blades",
        format!("{} with the {}", order.kind.name(), order.attacker.weapon),
        clash::CITATION,
        vec![answer("Fight", Command::Clash(order.clone()), true)],
    );
    c.roll = Some(RollSpec::Opposed(
        odds::die_expr(sides, n.sides[0].total()),
        odds::die_expr(sides, n.sides[1].total()),
    ));
    c.target = "higher score wins: a tie is parried, 1 pushes back, more wounds by the difference less armour".into();
    for (i, s) in n.sides.iter().enumerate() {
        c.modifiers.extend(s.modifiers.iter().map(|m| Modifier {
            reason: format!("{}: {}", names[i], m.reason),
            ..m.clone()
        }));
        if s.defence_only != 0 {
            c.notes.push(format!(
                "{}: Ni-Ten Jitsu {:+} against {}'s stroke only, both striking",
                names[i],
                s.defence_only,
                names[1 - i]
            ));
        }
        if let Some((skill, penalty)) = s.iaijutsu {
            c.notes.push(format!(
                "{}: Iaijutsu draw, 1d10 at or under {skill} ({:.0}%) or take {penalty:+} for drawing",
                names[i],
                100.0 * odds::chance(sides, |v| v <= skill)
            ));
        }
    }
    let alternatives = super::super::numbers::grapple::alternatives(rules, state, order)
        .into_iter()
        .map(|(p, o)| clash::numbers(rules, state, &o).map(|n| (p, n)))
        .collect::<Result<Vec<_>, String>>()?;
    // The table's faces in the order the clash rolls them: which grappler a blow falls on,
    // the Iaijutsu draws, then the two fighters' dice.
    let mut faces = Vec::new();
    if alternatives.len() > 1 {
        c.notes.push(format!(
            "{} is grappling: the blow falls on either grappler, 50:50 (a d10 first: 0-4 {})",
            names[1], names[1]
        ));
        faces.push((1, "which grappler the blow falls on".to_owned()));
    }
    for (i, s) in n.sides.iter().enumerate() {
        if s.iaijutsu.is_some() {
            faces.push((1, format!("{}'s Iaijutsu draw", names[i])));
        }
    }
    faces.extend(names.iter().map(|name| (1, name.clone())));
    c.faces = crate::engine::check::TableFaces::new(faces, None);
    c.odds = clash_odds::odds(rules, &alternatives, [&names[0], &names[1]]);
    Ok(c)
}

/// The card for a trip roll.
pub fn trip_card(rules: &Rules, state: &State, f: FigureRef, cause: TripCause) -> Check<Command> {
    let armour = state.figure(f).map(|x| x.spec.armour).unwrap_or_default();
    let needed = trip_needed(rules, cause, armour);
    let mut c = under_card(
        rules,
        figure_who(state, f),
        "Trip roll",
        cause.words().into(),
        "kozeriai: Tripping Over",
        needed,
    );
    let p = odds::chance(rules.t.dice.sides, |v| v <= needed);
    c.odds = vec![odds_of("falls", p, m::FELL, 1)];
    c.answers = vec![answer("Roll", Command::Trip(f, cause), true)];
    c
}

/// The card for a horse jump (a preview: the umpire declares it).
pub fn jump_card(rules: &Rules, state: &State, f: FigureRef, obstacle: Obstacle) -> Check<Command> {
    let row = jump_row(rules, obstacle);
    let mut c = under_card(
        rules,
        figure_who(state, f),
        "Horse jump",
        obstacle.name().into(),
        "kozeriai: Moving Horses",
        row.refuse,
    );
    c.required = false;
    let thrown = row.thrown.map_or_else(
        || "the rider is never thrown".to_owned(),
        |t| format!("rider thrown at {t} or less"),
    );
    c.target = format!("1d10 read 0-9: {} or less refuses ({thrown})", row.refuse);
    let sides = rules.t.dice.sides;
    let p = |r: JumpResult| odds::chance(sides, |v| jump_result(row, v) == r);
    let line = |label: &str, r: JumpResult| odds_of(label, p(r), m::JUMP, jump_index(r));
    c.odds = vec![
        line("clears", JumpResult::Cleared),
        line("refuses", JumpResult::Refused),
        line("rider thrown", JumpResult::Thrown),
    ];
    c.answers = vec![answer("Jump", Command::Jump(f, obstacle), true)];
    c
}

/// The card for the falling roll after a body charge.
pub fn fall_card(rules: &Rules, state: &State, due: Due) -> Check<Command> {
    let (attacker, defender, moving) = match due {
        Due::Fall {
            attacker,
            defender,
            moving,
        } => (attacker, defender, moving),
        _ => (due.figure(), due.figure(), false),
    };
    let sides = rules.t.dice.sides;
    let mut c = step(
        format!(
            "{} and {}",
            figure_who(state, attacker),
            figure_who(state, defender)
        ),
        "Falling roll",
        if moving {
            "body charge, both moving".into()
        } else {
            "body charge on a stationary defender".into()
        },
        "kozeriai: Body Charges",
        vec![answer("Roll", Command::Fall(due), true)],
    );
    c.required = true;
    c.roll = Some(RollSpec::Value(odds::die_expr(sides, 0)));
    c.target = "1d10 read 0-9 on the falling table".into();
    let p = |r: FallResult| odds::chance(sides, |v| fall_result(rules, moving, v) == r);
    let line = |label: String, r: FallResult| odds_of(label, p(r), m::FALL, fall_index(r));
    c.odds = vec![
        line("both fall".into(), FallResult::Both),
        line(
            format!("{} falls", state.figure_name(defender)),
            FallResult::Defender,
        ),
        line(
            format!("{} falls", state.figure_name(attacker)),
            FallResult::Attacker,
        ),
        line("neither falls".into(), FallResult::Neither),
    ];
    c
}

/// The card asking where a pushed-back figure ended: each answer a decision; a place that
/// trips makes the trip roll due, with its own card.
pub fn pushed_card(rules: &Rules, state: &State, f: FigureRef) -> Check<Command> {
    let mut c = step(
        figure_who(state, f),
        "Pushed back",
        "moved one hex directly away from the attacker: where did it end?".into(),
        "kozeriai: Exchanging Blows",
        vec![answer("Clear ground", Command::NoHazard(f), false)],
    );
    c.required = true;
    let Some(x) = state.figure(f).filter(|x| !x.mounted) else {
        return c;
    };
    for cause in TripCause::PUSHED {
        // A body to be pushed onto only where a figure lies on the ground (Tripping Over).
        if cause == TripCause::Body && !body_lies(rules, state, &[f]) {
            continue;
        }
        let needed = trip_needed(rules, cause, x.spec.armour);
        c.answers.push(answer(
            &format!("{}: trips on {needed} or less", cause.words()),
            Command::PushedInto(f, cause),
            false,
        ));
    }
    c
}

/// The card for a Ki-ai: each figure in the area's chance of being hit.
pub fn ki_ai_card(
    rules: &Rules,
    state: &State,
    shouter: FigureRef,
    targets: &[FigureRef],
) -> Option<Check<Command>> {
    let s = state.figure(shouter)?;
    let sides = rules.t.dice.sides;
    let mut c = step(
        figure_who(state, shouter),
        "Ki-ai",
        format!(
            "{} in the area",
            crate::engine::words::counted(targets.len(), "figure")
        ),
        "kozeriai: Ki-Ai",
        vec![answer(
            "Shout",
            Command::Act {
                figure: shouter,
                action: super::super::command::Action::KiAi(targets.to_vec()),
            },
            true,
        )],
    );
    let n = u32::try_from(targets.len()).unwrap_or(u32::MAX);
    c.roll = Some(RollSpec::Value(Expr::dice(n, sides).offset(-i64::from(n))));
    c.target = "1d10 read 0-9 for each figure: at or under the shouter's Ki-ai less its own".into();
    let mut none_hit = 1.0;
    for &t in targets {
        let x = state.figure(t)?;
        let needed = super::super::execute::ki_ai_needed(s, x);
        let p = odds::chance(sides, |v| v <= needed);
        none_hit *= 1.0 - p;
        c.odds.push(Odds::shown(
            format!(
                "{}: pushed back, {} distractions",
                x.spec.name, rules.t.special.ki_ai_distractions
            ),
            p,
        ));
    }
    c.odds.insert(
        0,
        Odds::of(
            "at least one figure hit",
            1.0 - none_hit,
            m::KI_AI_HITS,
            CmpOp::Ge,
            1,
        ),
    );
    Some(c)
}
