//! A plain sentence for each event, for the battle log and the report.

use super::command::Response;
use super::event::Event;
use super::numbers::cm;
use super::state::{ChargeStage, Due, State};
use crate::engine::ruleset::Sentence;

fn id(u: usize) -> String {
    format!("u{u}")
}

fn lid(l: usize) -> String {
    format!("l{l}")
}

/// The sentence for an event, given the state just before it.
#[allow(clippy::too_many_lines)] // one arm per event, each short
pub fn describe(state: &State, event: &Event) -> Sentence {
    let un = |u: &usize| state.unit_name(*u);
    let ln = |l: &usize| state.leader_name(*l);
    match event {
        Event::TurnBegan { turn } => Sentence::new(format!("Turn {turn} begins."), vec![]),
        Event::Activated { group } => Sentence::new(
            format!(
                "{} activated.",
                state.groups.get(*group).map_or("?", |g| g.name.as_str())
            ),
            vec![],
        ),
        Event::ActivationFinished { group } => Sentence::new(
            format!(
                "{} finished.",
                state.groups.get(*group).map_or("?", |g| g.name.as_str())
            ),
            vec![],
        ),
        Event::Initiative { leader, unit } => Sentence::new(
            format!(
                "{} takes the initiative: {} acts ahead of its clan.",
                ln(leader),
                un(unit)
            ),
            vec![id(*unit), lid(*leader)],
        ),
        Event::Obedience {
            unit,
            face,
            rating,
            passed,
        } => Sentence::new(
            format!(
                "{} tests obedience: {face} + {rating} = {}, {}.",
                un(unit),
                i64::from(*face) + rating,
                if *passed {
                    "it moves"
                } else {
                    "it halts this turn"
                }
            ),
            vec![id(*unit)],
        ),
        Event::Moved {
            unit,
            spent_mm,
            ends_move,
        } => {
            let total = state.unit(*unit).map(|u| u.turn.spent_mm + spent_mm);
            let end = if *ends_move { "; its move is over" } else { "" };
            Sentence::new(
                format!(
                    "{} moves, spending {} ({} this turn){end}.",
                    un(unit),
                    cm(*spent_mm),
                    cm(total.unwrap_or(*spent_mm))
                ),
                vec![id(*unit)],
            )
        }
        Event::Disordered { unit, cause } => Sentence::new(
            format!("{} is disordered: {}.", un(unit), cause.words()),
            vec![id(*unit)],
        ),
        Event::OrderRestored { unit } => Sentence::new(
            format!("{} is back in good order.", un(unit)),
            vec![id(*unit)],
        ),
        Event::Interpenetrated {
            mover,
            other,
            missile_exception,
        } => Sentence::new(
            if *missile_exception {
                format!(
                    "{} passes through {}, which stays in order unless it moves this turn.",
                    un(mover),
                    un(other)
                )
            } else {
                format!(
                    "{} passes through {} and halts beyond it; {} may not move again this turn.",
                    un(mover),
                    un(other),
                    un(other)
                )
            },
            vec![id(*mover), id(*other)],
        ),
        Event::Reformed { unit, wide } => Sentence::new(
            format!(
                "{} reforms {} wide; it does nothing else this turn.",
                un(unit),
                crate::engine::words::counted(*wide, "stand")
            ),
            vec![id(*unit)],
        ),
        Event::Faced { unit, wide } => Sentence::new(
            format!("{} turns 90° and now stands {wide} wide.", un(unit)),
            vec![id(*unit)],
        ),
        Event::RoutMoved { unit, faces } => Sentence::new(
            format!(
                "{} routs: dice {faces:?} for the rout move (free about turn).",
                un(unit)
            ),
            vec![id(*unit)],
        ),
        Event::PursuitMoved { unit, faces } => Sentence::new(
            format!("{} pursues: dice {faces:?} for the pursuit move.", un(unit)),
            vec![id(*unit)],
        ),
        Event::ChargeDeclared {
            charger,
            target,
            bonus,
            ..
        } => Sentence::new(
            format!(
                "{} charges {}{}.",
                un(charger),
                un(target),
                if *bonus {
                    " with the charge bonus"
                } else {
                    " without the charge bonus"
                }
            ),
            vec![id(*charger), id(*target)],
        ),
        Event::ChargeTest { unit, passed, next } => Sentence::new(
            format!(
                "{} {} its morale test{}.",
                un(unit),
                if *passed { "passes" } else { "fails" },
                if next.is_none() {
                    ": the charge is off"
                } else {
                    ""
                }
            ),
            vec![id(*unit)],
        ),
        Event::Responded {
            unit,
            response,
            bonus,
        } => Sentence::new(
            format!(
                "{} {}.",
                un(unit),
                match response {
                    Response::Stand => "stands to receive the charge",
                    Response::StandAndFire => "stands and fires at the chargers",
                    Response::FallBackAndFire => "falls back and fires at the chargers",
                    Response::CounterCharge { .. } if *bonus => {
                        "counter-charges, earning the charge bonus"
                    }
                    Response::CounterCharge { .. } => "counter-charges, without the charge bonus",
                }
            ),
            vec![id(*unit)],
        ),
        Event::ChargeEnded { contact } => {
            let units = state
                .charge_details
                .as_ref()
                .map(|c| vec![id(c.charger), id(c.target)])
                .unwrap_or_default();
            Sentence::new(
                if *contact {
                    "The charge strikes home: melee."
                } else {
                    "The target is out of reach: the chargers halt."
                },
                units,
            )
        }
        Event::Attached { leader, unit } => Sentence::new(
            format!("{} joins {}.", ln(leader), un(unit)),
            vec![id(*unit), lid(*leader)],
        ),
        Event::Detached { leader } => Sentence::new(
            format!("{} leaves his unit.", ln(leader)),
            vec![lid(*leader)],
        ),
        Event::Challenged {
            challenger,
            challenged,
        } => Sentence::new(
            format!(
                "{} challenges {} to personal combat.",
                ln(challenger),
                ln(challenged)
            ),
            vec![lid(*challenger), lid(*challenged)],
        ),
        Event::LeaderMoved { leader, mm } => Sentence::new(
            format!("{} moves {}.", ln(leader), cm(*mm)),
            vec![lid(*leader)],
        ),
        Event::Refused {
            leader,
            delta,
            retreat_mm,
        } => Sentence::new(
            format!(
                "{} refuses and retreats {}{}.",
                ln(leader),
                cm(*retreat_mm),
                if *delta == 0 {
                    String::new()
                } else {
                    format!("; Command {delta:+}")
                }
            ),
            vec![lid(*leader)],
        ),
        Event::Duel {
            challenger,
            challenged,
            rolls,
            winner,
            delta,
        } => {
            let rolls: Vec<String> = rolls.iter().map(|(a, b)| format!("{a} v {b}")).collect();
            Sentence::new(
                format!(
                    "Duel of {} and {}: {}. {} wins{}.",
                    ln(challenger),
                    ln(challenged),
                    rolls.join(", then "),
                    ln(winner),
                    if *delta == 0 {
                        " (Command already at its highest)".to_owned()
                    } else {
                        format!("; Command {delta:+}")
                    }
                ),
                vec![lid(*challenger), lid(*challenged)],
            )
        }
        Event::LeaderKilled { leader, how } => Sentence::new(
            format!("{} is killed: {how}.", ln(leader)),
            vec![lid(*leader)],
        ),
        Event::StandsLost { unit, stands } => Sentence::new(
            format!(
                "{} loses {}.",
                un(unit),
                crate::engine::words::counted(*stands, "stand")
            ),
            vec![id(*unit)],
        ),
        Event::Routing { unit, routing } => Sentence::new(
            format!(
                "{} {}.",
                un(unit),
                if *routing { "routs" } else { "rallies" }
            ),
            vec![id(*unit)],
        ),
        Event::Fired { unit } => Sentence::new(format!("{} fires.", un(unit)), vec![id(*unit)]),
        Event::PursuitContact { unit, enemy } => Sentence::new(
            format!(
                "{} pursues into contact with {}: they fight on in melee.",
                un(unit),
                un(enemy)
            ),
            vec![id(*unit), id(*enemy)],
        ),
        Event::MeleeEnded { unit } => {
            Sentence::new(format!("{} is out of melee.", un(unit)), vec![id(*unit)])
        }
        Event::Removed { unit, why } => Sentence::new(
            format!("{} is removed from the game: {why}.", un(unit)),
            vec![id(*unit)],
        ),
        Event::BattleEnded => Sentence::new("The battle is over.", vec![]),
        Event::Required(due) => {
            let mut s = due_name(state, *due);
            s.text = format!("Now owed: {}.", lower_first(&s.text));
            s
        }
        // The step's own event says what happened; the engine words a dropped due.
        Event::Settled(_) | Event::Dropped(_) => Sentence::new(String::new(), vec![]),
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

/// What a due is, named for a card, a refusal or the log.
pub fn due_name(state: &State, due: Due) -> Sentence {
    match due {
        Due::Charge {
            charger,
            target,
            stage,
        } => {
            let (c, t) = (state.unit_name(charger), state.unit_name(target));
            let step = match stage {
                ChargeStage::ChargerTest => format!("The morale test of {c} to charge {t}"),
                ChargeStage::TargetTest => {
                    format!("The morale test of {t} to receive {c}'s charge")
                }
                ChargeStage::Response => format!("The answer of {t} to {c}'s charge"),
                ChargeStage::Outcome => format!("The outcome of {c}'s charge on {t}"),
            };
            Sentence::new(step, vec![id(charger), id(target)])
        }
        Due::Answer {
            challenger,
            challenged,
        } => Sentence::new(
            format!(
                "The answer of {} to {}'s challenge",
                state.leader_name(challenged),
                state.leader_name(challenger)
            ),
            vec![lid(challenger), lid(challenged)],
        ),
    }
}
