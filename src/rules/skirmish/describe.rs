//! A plain sentence for every skirmish event, for the battle log and the report.

use super::command::Ground;
use super::event::{BoutRoll, Event, MoraleResult, Outcome};
use super::numbers::move_allowance;
use super::state::{Due, FigureRef, State, UnitRef};
use super::tables::Rules;
use crate::engine::ruleset::Sentence;
use crate::engine::words::counted;

fn faces(f: &[u32]) -> String {
    f.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Dead => "dead",
        Outcome::Leg => "leg wound",
        Outcome::Arm => "arm wound",
        Outcome::Lucky => "lucky escape",
        Outcome::NoEffect => "no effect",
    }
}

/// A sentence about whole units: it names their figures in play (the roster lists figures, so
/// the log filter finds the sentence under each), or every figure of a unit already gone.
fn about(state: &State, text: String, units: &[UnitRef]) -> Sentence {
    let ids = units
        .iter()
        .flat_map(|&u| {
            let all = state.figures_of(u);
            let in_play: Vec<FigureRef> =
                all.iter().copied().filter(|&f| state.in_play(f)).collect();
            if in_play.is_empty() { all } else { in_play }
        })
        .map(FigureRef::id)
        .collect();
    Sentence::new(text, ids)
}

/// A sentence about some figures: it names them.
fn of_figures(text: String, figures: &[FigureRef]) -> Sentence {
    Sentence::new(text, figures.iter().map(|f| f.id()).collect())
}

fn none(text: String) -> Sentence {
    Sentence::new(text, Vec::new())
}

fn fig(state: &State, f: FigureRef) -> String {
    format!("{} ({})", state.figure_name(f), state.unit_name(f.unit()))
}

/// Whether an event's sentence only says what a later one of the same command tells: a
/// morale roll settled, then rolled, is told by its roll.
pub fn told_later(event: &Event, later: &[Event]) -> bool {
    let Event::Settled(Due::MoraleRoll(u, _, _)) = event else {
        return false;
    };
    later
        .iter()
        .any(|e| matches!(e, Event::MoraleRolled { unit, .. } if unit == u))
}

/// The sentence for an event, read against the state just before it.
pub fn describe(rules: &Rules, state: &State, event: &Event) -> Sentence {
    let unit = |u: UnitRef| state.unit_name(u);
    let side = |s: usize| state.sides.get(s).map_or("?", |x| x.name.as_str());
    match event {
        Event::Precedence { faces: f, winner } => {
            let result = match winner {
                Some(w) => format!("{} wins precedence", side(*w)),
                None => "a tie: roll again".into(),
            };
            let (a, b) = (faces(&f[0]), faces(&f[1]));
            none(format!(
                "Precedence: {} rolled {a}, {} rolled {b}; {result}.",
                side(0),
                side(1)
            ))
        }
        Event::MovesFirst(s) => none(format!("{} moves first this turn.", side(*s))),
        Event::MovesDone(s) => none(format!(
            "{} has made its moves; {} moves now.",
            side(*s),
            side(1 - (*s).min(1))
        )),
        Event::ChargeDeclared { unit: u, target } => {
            let text = format!("{} declares a charge on {}.", unit(*u), unit(*target));
            about(state, text, &[*u, *target])
        }
        Event::Moved {
            unit: u,
            obstacles,
            difficult,
            inches,
        } => moved(rules, state, *u, (*obstacles, *difficult), *inches),
        Event::Routed(u) => about(
            state,
            format!("{} routs and is removed from the game.", unit(*u)),
            &[*u],
        ),
        Event::HoldEnded(u) => about(
            state,
            format!("{} continues as normal: its hold ends.", unit(*u)),
            &[*u],
        ),
        Event::Holding {
            unit: u,
            until: (t, s),
        } => about(
            state,
            format!(
                "{} holds its ground for a turn, until the {} section of turn {t}: it may not \
                 move or charge, and in melee it may only parry.",
                unit(*u),
                s.name()
            ),
            &[*u],
        ),
        Event::Engaged(a, b) => about(
            state,
            format!("{} and {} are in melee.", unit(*a), unit(*b)),
            &[*a, *b],
        ),
        Event::Disengaged(a, b) => about(
            state,
            format!("{} and {} are no longer in melee.", unit(*a), unit(*b)),
            &[*a, *b],
        ),
        Event::SectionBegins(s) => none(format!(
            "Turn {}: the {} section begins.",
            state.turn,
            s.name()
        )),
        Event::TurnBegins(t) => none(format!("Turn {t} begins.")),
        Event::BattleEnded => none("The umpire ends the battle.".into()),
        _ => fighting(state, event),
    }
}

/// Sentences for shooting, bouts, hits, results and morale.
fn fighting(state: &State, event: &Event) -> Sentence {
    let unit = |u: UnitRef| state.unit_name(u);
    match event {
        Event::Shot {
            shooter,
            target,
            weapon,
            faces: f,
            needed,
            hits,
            defensive,
        } => {
            let kind = if *defensive { "Defensive fire: " } else { "" };
            let (s, t) = (fig(state, *shooter), fig(state, *target));
            let text = format!(
                "{kind}{s} shoots {} at {t}: {} needing {needed}+: {}.",
                weapon.name(),
                f.rolled(),
                counted(*hits, "hit")
            );
            of_figures(text, &[*shooter, *target])
        }
        Event::BoutObstacles { a, b, obstacle } => {
            let (na, nb) = (fig(state, *a), fig(state, *b));
            let text = match obstacle {
                [false, false] => format!("Neither {na} nor {nb} defends an obstacle."),
                [true, false] => format!("{na} defends an obstacle against {nb}."),
                [false, true] => format!("{nb} defends an obstacle against {na}."),
                [true, true] => format!("{na} and {nb} each defend an obstacle."),
            };
            of_figures(text, &[*a, *b])
        }
        Event::Bout(r) => {
            let part = |x: &BoutRoll| {
                let who = fig(state, x.figure);
                format!(
                    "{who} {} ({}+): {}, {} land",
                    x.faces.rolled(),
                    x.needed,
                    counted(x.hits, "hit"),
                    x.landed
                )
            };
            of_figures(
                format!("Bout: {}; {}.", part(&r[0]), part(&r[1])),
                &[r[0].figure, r[1].figure],
            )
        }
        Event::Hit { figure, hits } => of_figures(
            format!("{} takes {}.", fig(state, *figure), counted(*hits, "hit")),
            &[*figure],
        ),
        Event::Results {
            figure,
            faces: f,
            outcomes,
        } => {
            let parts: Vec<String> = f
                .iter()
                .zip(outcomes)
                .map(|(x, o)| format!("{x}: {}", outcome_words(*o)))
                .collect();
            of_figures(
                format!("Results for {}: {}.", fig(state, *figure), parts.join(", ")),
                &[*figure],
            )
        }
        Event::Died { figure, why } => {
            let last = state.unit(figure.unit()).is_some_and(|u| u.alive() == 1);
            let gone = if last {
                format!(": {} has no figure left", unit(figure.unit()))
            } else {
                String::new()
            };
            of_figures(
                format!("{} is dead ({why}){gone}.", fig(state, *figure)),
                &[*figure],
            )
        }
        _ => morale(state, event),
    }
}

/// Sentences for the morale tests: required, the ground said, rolled.
fn morale(state: &State, event: &Event) -> Sentence {
    let unit = |u: UnitRef| state.unit_name(u);
    match event {
        Event::Required(Due::Morale(u, t)) => about(
            state,
            format!("{} must test morale: it {}.", unit(*u), t.words()),
            &[*u],
        ),
        Event::Required(Due::MoraleRoll(u, _, ground)) => about(
            state,
            format!("{} tests morale {}.", unit(*u), ground_words(*ground)),
            &[*u],
        ),
        Event::Settled(Due::Morale(u, _)) => about(
            state,
            format!("The umpire says the ground of {}.", unit(*u)),
            &[*u],
        ),
        Event::Settled(Due::MoraleRoll(u, _, _)) => about(
            state,
            format!("{}'s morale test is taken.", unit(*u)),
            &[*u],
        ),
        Event::Dropped(_) => none(String::new()),
        Event::MoraleRolled {
            unit: u,
            faces: f,
            needed,
            successes,
            result,
        } => {
            let r = match result {
                MoraleResult::Rout => "it routs",
                MoraleResult::Hold => "it holds its ground",
                MoraleResult::CarryOn => "it carries on",
            };
            let text = format!(
                "Morale for {}: {} needing {needed}+: {successes} counted, {r}.",
                unit(*u),
                f.rolled()
            );
            about(state, text, &[*u])
        }
        other => none(format!("{other:?}")),
    }
}

/// `Kinoshita's bowmen moves: up to Kinoshita 5", Ashigaru yumi 1 5"…`.
fn moved(
    rules: &Rules,
    state: &State,
    u: UnitRef,
    (obstacles, difficult): (u32, bool),
    inches: Option<u32>,
) -> Sentence {
    let charging = state.unit(u).is_some_and(|x| x.charging.is_some());
    let moves: Vec<String> = state
        .fighting(u)
        .iter()
        .filter_map(|&f| state.figure(f))
        .map(|f| {
            format!(
                "{} {}\"",
                f.spec.name,
                move_allowance(rules, f, charging, obstacles, difficult).0
            )
        })
        .collect();
    let how = match (obstacles, difficult) {
        (0, false) => String::new(),
        (n, d) => format!(
            " ({}{})",
            counted(n, "obstacle"),
            if d { ", difficult ground" } else { "" }
        ),
    };
    // Journals written before the Move asked the distance say only what it could be.
    let far = inches.map(|n| format!(" {n}\"")).unwrap_or_default();
    about(
        state,
        format!(
            "{} moves{far}{how}: up to {}.",
            state.unit_name(u),
            moves.join(", ")
        ),
        &[u],
    )
}

/// `in the open`.
pub fn ground_words(ground: Ground) -> &'static str {
    match ground {
        Ground::Open => "in the open",
        Ground::Cover => "in cover",
        Ground::Neither => "on ground neither open nor cover",
    }
}

/// What a due is, in a few words for the log.
pub fn due_name(state: &State, due: Due) -> Sentence {
    let (u, t) = (due.unit(), due.trigger());
    let step = match due {
        Due::Morale(..) => "its ground to say",
        Due::MoraleRoll(_, _, ground) => ground_words(ground),
    };
    about(
        state,
        format!(
            "The morale test of {} ({}; {step})",
            state.unit_name(u),
            t.words()
        ),
        &[u],
    )
}
