//! The chapter's *when*: what is owed before play goes on (a charge's next step, a
//! challenge's answer), the rule that requires each, what may happen in between, and when
//! nobody can answer it any more.

use super::command::Command;
use super::state::{ChargeStage, Due, State};

/// The charge procedure, from declaration to contact.
pub const CHARGE: &str = "daimyo: Charge";
/// The target's answer to a charge, and the fire before contact.
pub const RESPONSE: &str = "daimyo: Charge Response";
/// Challenges and duels.
pub const LEADERS: &str = "daimyo: Leaders";
/// An unattached leader reached by an enemy unit's move.
pub const CONTACT: &str = "daimyo: Contacting Enemy Leaders";

/// The rule that requires a due.
pub fn citation(due: Due) -> &'static str {
    match due {
        Due::Charge {
            stage: ChargeStage::TargetTest | ChargeStage::Response,
            ..
        } => RESPONSE,
        Due::Charge { .. } => CHARGE,
        Due::Answer { .. } => LEADERS,
    }
}

/// Why nobody can answer a due any more, if so. A charge whose charger has left the game or
/// is routing makes no contact, and one whose target has left the game has nothing to reach;
/// a challenge is over when either leader is dead.
pub fn moot(state: &State, due: Due) -> Option<String> {
    let gone = |u: usize| match state.unit(u) {
        Some(x) => x
            .removed
            .as_ref()
            .map(|why| format!("{} is out of the game ({why})", x.spec.name)),
        None => Some(format!("there is no unit {u}")),
    };
    let dead = |l: usize| match state.leader(l) {
        Some(x) => x
            .killed
            .as_ref()
            .map(|how| format!("{} is dead ({how})", x.name)),
        None => Some(format!("there is no leader {l}")),
    };
    match due {
        Due::Charge {
            charger, target, ..
        } => gone(charger)
            .map(|why| format!("{why}: its charge makes no contact"))
            .or_else(|| {
                state
                    .unit(charger)
                    .filter(|x| x.routing)
                    .map(|x| format!("{} is routing: its charge is over", x.spec.name))
            })
            .or_else(|| gone(target).map(|why| format!("the target is gone: {why}"))),
        Due::Answer {
            challenger,
            challenged,
        } => dead(challenged).or_else(|| dead(challenger)),
    }
}

/// What may happen while `due` is owed without settling it. Once the target has chosen how
/// to meet a charge and before contact, the umpire records what the chapters the text lacks
/// decide: the losses, rout or disorder the target's fire before contact caused, or a failed
/// test's reaction (Charge Response); and the chargers' run may reach an unattached enemy
/// leader on the way (Contacting Enemy Leaders). Nothing may happen while a challenge waits
/// for its answer: the answer comes at once.
pub fn interleaves(due: Due, command: &Command) -> Option<&'static str> {
    match (due, command) {
        (
            Due::Charge {
                stage: ChargeStage::Response | ChargeStage::Outcome,
                ..
            },
            Command::LoseStands { .. } | Command::SetRouting { .. } | Command::SetDisordered { .. },
        ) => Some(RESPONSE),
        (
            Due::Charge {
                stage: ChargeStage::Outcome,
                ..
            },
            Command::LeaderContacted { .. },
        ) => Some(CONTACT),
        _ => None,
    }
}

/// Checks a due's references before it is queued or settled: a forged journal's due is
/// refused.
///
/// # Errors
/// A unit or leader the battle does not have.
pub fn check(state: &State, due: Due) -> Result<(), String> {
    let unit = |u: usize| state.unit(u).map(|_| ()).ok_or(format!("no unit {u}"));
    let leader = |l: usize| state.leader(l).map(|_| ()).ok_or(format!("no leader {l}"));
    match due {
        Due::Charge {
            charger, target, ..
        } => unit(charger).and(unit(target)),
        Due::Answer {
            challenger,
            challenged,
        } => leader(challenger).and(leader(challenged)),
    }
}
