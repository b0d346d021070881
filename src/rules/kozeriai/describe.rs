//! A plain sentence for every Kozeriai event, for the battle log and the report.

use super::command::{Action, ClashKind, Ride};
use super::event::{Event, FallResult, JumpResult};
use super::state::{Due, FigureRef, Stage, State};
use super::tables::Rules;
use crate::engine::ruleset::Sentence;
use crate::engine::words::counted;

fn about(text: String, figures: &[FigureRef]) -> Sentence {
    Sentence::new(text, figures.iter().map(|f| f.id()).collect())
}

fn none(text: String) -> Sentence {
    Sentence::new(text, Vec::new())
}

/// Whether an event's sentence only says what a later one of the same command tells: a trip
/// or falling roll settled, then rolled, is told by its roll.
pub fn told_later(event: &Event, later: &[Event]) -> bool {
    match event {
        Event::Settled(Due::Trip(f, _)) => later
            .iter()
            .any(|e| matches!(e, Event::Tripped { figure, .. } if figure == f)),
        Event::Settled(Due::Fall {
            attacker, defender, ..
        }) => later.iter().any(|e| {
            matches!(e, Event::FallRoll { attacker: a, defender: d, .. } if a == attacker && d == defender)
        }),
        _ => false,
    }
}

/// What is due, in words.
pub fn due_words(state: &State, due: Due) -> String {
    let name = |f| state.figure_name(f);
    match due {
        Due::Trip(f, cause) => format!("{}'s trip roll ({})", name(f), cause.words()),
        Due::PushedBack(f) => format!("where {} was pushed back to", name(f)),
        Due::Fall {
            attacker, defender, ..
        } => format!(
            "the falling roll of {}'s body charge on {}",
            name(attacker),
            name(defender)
        ),
    }
}

fn action_words(state: &State, action: &Action) -> String {
    match action {
        Action::Step {
            step, reload, aim, ..
        } => {
            let mut s = step.words().to_owned();
            if let Some(t) = aim {
                s = format!("{s}, aiming at {}", state.figure_name(*t));
            }
            if *reload {
                s.push_str(", reloading");
            }
            s
        }
        Action::Dash(n) => format!("dashes {n} hexes"),
        Action::StandUp => "stands up".into(),
        Action::LieDown => "lies down".into(),
        Action::Mount => "mounts".into(),
        Action::Dismount => "dismounts".into(),
        Action::Door => "opens or closes a door".into(),
        Action::Ride(Ride::At(s)) => format!("rides, {}", s.name()),
        Action::Ride(Ride::Sidestep) => "sidesteps the horse".into(),
        Action::Ride(Ride::Turn) => "turns the horse".into(),
        Action::Ride(Ride::Back) => "backs the horse a hex".into(),
        Action::RideReload(r) => format!("{}, reloading", action_words(state, &Action::Ride(*r))),
        Action::KiAi(_) => "shouts a Ki-ai".into(),
        Action::BreakOff => "breaks off the grapple".into(),
    }
}

/// The sentence for an event, read against the state just before it.
pub fn describe(rules: &Rules, state: &State, event: &Event) -> Sentence {
    let name = |f: FigureRef| state.figure_name(f);
    match event {
        Event::Acted { figure, action } => about(
            format!("{} {}.", name(*figure), action_words(state, action)),
            &[*figure],
        ),
        Event::Reloaded {
            figure,
            weapon,
            left,
        } => about(
            format!(
                "{} reloads the {weapon}: {} to go.",
                name(*figure),
                counted(*left, "turn")
            ),
            &[*figure],
        ),
        Event::Shot {
            order,
            dice,
            reload,
        } => {
            let mut parts = Vec::new();
            if let Some(m) = dice.misfire {
                parts.push(if dice.misfired {
                    format!("misfire die {m}: the musket fails to go off")
                } else {
                    format!("misfire die {m}: it fires")
                });
            }
            if let Some(d) = dice.die {
                let result = if dice.hit { "a hit" } else { "a miss" };
                parts.push(format!(
                    "rolled {d}, total {} against {}: {result}",
                    dice.total, dice.needed
                ));
            }
            if let Some((faces, ok)) = &dice.deflect {
                let f: Vec<String> = faces.iter().map(u32::to_string).collect();
                let what = if *ok { "deflected" } else { "not deflected" };
                parts.push(format!("Yadomejutsu {}: {what}", f.join("+")));
            }
            if let Some(e) = dice.effect {
                parts.push(format!("effect die {e}: {}", counted(dice.wounds, "wound")));
            }
            if *reload > 0 {
                parts.push(format!("{} to reload", counted(*reload, "turn")));
            }
            about(
                format!(
                    "{} shoots the {} at {} ({} hexes): {}.",
                    name(order.shooter),
                    order.weapon,
                    name(order.target),
                    order.range_hexes,
                    parts.join("; ")
                ),
                &[order.shooter, order.target],
            )
        }
        Event::Clash { order, dice } => {
            let (a, d) = (order.attacker.figure, order.defender.figure);
            let o = &dice.outcome;
            let result = match o.winner {
                None if o.may_close => format!("parried; {} may close", name(d)),
                None if order.kind == ClashKind::BodyCharge => "the charge is stopped".into(),
                None => "parried".into(),
                Some(w) => format!(
                    "{} wins by {}",
                    name(if w == 0 { a } else { d }),
                    dice.totals[0].abs_diff(dice.totals[1])
                ),
            };
            about(
                format!(
                    "{} ({}) attacks {} ({}) with a {}: {} rolled {}, total {}; {} rolled {}, total {}: {result}.",
                    name(a),
                    order.attacker.weapon,
                    name(d),
                    order.defender.weapon,
                    order.kind.name(),
                    name(a),
                    dice.dice[0],
                    dice.totals[0],
                    name(d),
                    dice.dice[1],
                    dice.totals[1],
                ),
                &[a, d],
            )
        }
        _ => effects(rules, state, event),
    }
}

/// Sentences for what happens to figures, the small tables and the turn.
fn effects(_rules: &Rules, state: &State, event: &Event) -> Sentence {
    let name = |f: FigureRef| state.figure_name(f);
    let one = |f: FigureRef, text: String| about(text, &[f]);
    match event {
        Event::GrappleSplit { die, falls_on } => one(
            *falls_on,
            format!(
                "The blow falls among the grapplers (die {die}): on {}.",
                name(*falls_on)
            ),
        ),
        Event::Wounded { figure, wounds } => one(
            *figure,
            format!("{} takes {}.", name(*figure), counted(*wounds, "wound")),
        ),
        Event::Distracted {
            figure,
            distractions,
        } => one(
            *figure,
            format!(
                "{} takes {}.",
                name(*figure),
                counted(*distractions, "distraction")
            ),
        ),
        Event::Died(f) => one(*f, format!("{} is dead.", name(*f))),
        Event::KnockedOut(f) => one(*f, format!("{} is knocked out.", name(*f))),
        Event::Fell(f) => one(*f, format!("{} is on the ground.", name(*f))),
        Event::Unhorsed(f) => one(*f, format!("{} falls from the horse.", name(*f))),
        Event::RanDown { rider, figure } => about(
            format!(
                "{} is under {}'s horse: the rider cannot engage it this turn.",
                name(*figure),
                name(*rider)
            ),
            &[*rider, *figure],
        ),
        Event::Entangled(f) => one(*f, format!("{} is entangled.", name(*f))),
        Event::Freed(f) => one(*f, format!("{} tears free.", name(*f))),
        Event::Grappling(a, b) => about(
            format!(
                "{} and {} may elect to grapple on their next action phase.",
                name(*a),
                name(*b)
            ),
            &[*a, *b],
        ),
        Event::Grappled(a, b) => about(format!("{} grapples {}.", name(*a), name(*b)), &[*a, *b]),
        Event::KiAi { shouter, rolls } => {
            let parts: Vec<String> = rolls
                .iter()
                .map(|r| {
                    let hit = if r.hit { "hit" } else { "unmoved" };
                    format!(
                        "{} rolled {} (at most {}): {hit}",
                        name(r.target),
                        r.die,
                        r.needed
                    )
                })
                .collect();
            let mut figures = vec![*shouter];
            figures.extend(rolls.iter().map(|r| r.target));
            about(
                format!("{}'s Ki-ai: {}.", name(*shouter), parts.join("; ")),
                &figures,
            )
        }
        Event::Tripped {
            figure,
            cause,
            die,
            needed,
            fell,
        } => one(
            *figure,
            format!(
                "{} dices for tripping ({}): {die} against {needed} or less: {}.",
                name(*figure),
                cause.words(),
                if *fell { "falls" } else { "keeps its feet" }
            ),
        ),
        _ => turn_events(state, event),
    }
}

/// Sentences for dues, recovery and the turn.
fn turn_events(state: &State, event: &Event) -> Sentence {
    let name = |f: FigureRef| state.figure_name(f);
    let one = |f: FigureRef, text: String| about(text, &[f]);
    match event {
        Event::Jumped {
            figure,
            obstacle,
            die,
            result,
        } => one(
            *figure,
            format!(
                "{}'s horse jumps a {} (die {die}): {}.",
                name(*figure),
                obstacle.name(),
                match result {
                    JumpResult::Thrown => "refuses and throws its rider",
                    JumpResult::Refused => "refuses and stops",
                    JumpResult::Cleared => "clears it",
                }
            ),
        ),
        Event::FallRoll {
            attacker,
            defender,
            die,
            result,
        } => about(
            format!(
                "Falling roll {die}: {}.",
                match result {
                    FallResult::Both => "both fall".to_owned(),
                    FallResult::Defender => format!("{} falls", name(*defender)),
                    FallResult::Attacker => format!("{} falls", name(*attacker)),
                    FallResult::Neither => "neither falls".to_owned(),
                }
            ),
            &[*attacker, *defender],
        ),
        Event::Required(due) => one(due.figure(), format!("Now: {}.", due_words(state, *due))),
        Event::Settled(due) => one(
            due.figure(),
            format!("Settled: {}.", due_words(state, *due)),
        ),
        Event::Dropped(_) => none(String::new()),
        Event::Recovered(f) => one(*f, format!("{} recovers a distraction.", name(*f))),
        Event::CameRound(f) => one(*f, format!("{} comes round.", name(*f))),
        Event::Stamina {
            figure,
            change,
            why,
        } => one(
            *figure,
            format!("{}: stamina {change:+} ({why}).", name(*figure)),
        ),
        Event::Collapsed(f) => one(*f, format!("{} collapses, exhausted.", name(*f))),
        Event::StageBegins { contingent, stage } => {
            let who = state
                .contingents
                .get(*contingent)
                .map_or_else(|| "?".to_owned(), |c| c.player.clone());
            let what = match stage {
                Stage::Moving => "moves",
                Stage::Fighting => "shoots and fights",
            };
            none(format!("{who}'s contingent {what}."))
        }
        Event::TurnBegins(t) => none(format!("Turn {t} begins.")),
        Event::BattleEnded => none("The umpire ends the battle.".into()),
        _ => none(String::new()),
    }
}

/// What a due is, in a few words for the log.
pub fn due_name(state: &State, due: Due) -> Sentence {
    about(due_words(state, due), &[due.figure()])
}
