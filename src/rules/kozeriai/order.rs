//! Kozeriai's *when*: what each due cites, when a due lapses, which comes first and what may
//! happen while one is owed (the engine's queue of dues asks these of a rule set); and what a
//! figure may still do this turn, given what it did and the state it is in.
//!
//! Kozeriai keeps a figure's turn on its own sheet (`TurnRecord`) rather than on the engine's
//! activity ledger: its limits are a figure's, one turn long (one action, one attacking
//! stroke, a shot that is the whole phase), and its special states (on the ground, entangled,
//! grappling, shouting, out of stamina) are the figure's too.

use super::state::{Due, FigureRef, FigureState, State};

/// The sections the order rules come from.
pub const ACTIONS: &str = "kozeriai: Actions";
/// The one attacking stroke a turn.
pub const BLOWS: &str = "kozeriai: Exchanging Blows";
/// Tripping Over.
pub const TRIPPING: &str = "kozeriai: Tripping Over";
/// Body Charges.
pub const BODY_CHARGES: &str = "kozeriai: Body Charges";

/// The rule that requires a due.
pub fn citation(due: Due) -> &'static str {
    match due {
        Due::Trip(..) => TRIPPING,
        Due::PushedBack(_) => BLOWS,
        Due::Fall { .. } => BODY_CHARGES,
    }
}

/// Why a figure can take no part in a due any more: it is not in the battle, or dead.
fn gone(state: &State, f: FigureRef) -> Option<String> {
    match state.figure(f) {
        None => Some(format!("there is no figure {}", f.id())),
        Some(x) if x.dead => Some(format!("{} is dead", x.spec.name)),
        Some(_) => None,
    }
}

/// Why a figure cannot fall (any more): gone, or already on the ground.
fn cannot_fall(state: &State, f: FigureRef) -> Option<String> {
    gone(state, f).or_else(|| {
        state
            .figure(f)
            .filter(|x| x.lying)
            .map(|x| format!("{} is already on the ground", x.spec.name))
    })
}

/// Why nobody can answer a due any more, if so. A trip roll, and the question of where a
/// pushed-back figure ended (asked only for the trip it may bring), lapse when the figure is
/// dead, already on the ground, or on horseback (only figures on foot trip: Tripping Over).
/// A body charge's falling roll lapses when neither figure can still fall.
pub fn moot(state: &State, due: Due) -> Option<String> {
    match due {
        Due::Trip(f, _) | Due::PushedBack(f) => cannot_fall(state, f).or_else(|| {
            state.figure(f).filter(|x| x.mounted).map(|x| {
                format!(
                    "{} is on horseback, and only figures on foot trip",
                    x.spec.name
                )
            })
        }),
        Due::Fall {
            attacker, defender, ..
        } => {
            let a = cannot_fall(state, attacker)?;
            let d = cannot_fall(state, defender)?;
            Some(format!("neither can fall: {a}, and {d}"))
        }
    }
}

/// Which of two dues comes first: none. Each follows at once from the blow, jump, shout or
/// charge that caused it, and each is about one figure's footing, so they are answered in any
/// order; one that fells a figure makes its others lapse ([`moot`]).
pub fn precedes(_first: Due, _then: Due) -> Option<&'static str> {
    None
}

/// What may happen while something is owed without settling it: nothing. A trip roll, a push
/// back's footing and a charge's falling roll follow at once from what caused them (Tripping
/// Over: a figure dices "if one of the following occurs"; Moving Horses: riders fall
/// "immediately"), so the engine's default holds: every command but those that answer them
/// is refused, and ending the battle.
pub fn interleaves(_due: Due) -> Option<&'static str> {
    None
}

/// A figure on foot and standing, which a trip roll is about.
pub fn may_trip(x: &FigureState) -> Result<(), String> {
    if x.dead {
        Err(format!("{} is dead", x.spec.name))
    } else if x.mounted {
        Err("tripping is for figures on foot".into())
    } else if x.lying {
        Err(format!("{} is already on the ground", x.spec.name))
    } else {
        Ok(())
    }
}
