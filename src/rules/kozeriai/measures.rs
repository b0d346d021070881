//! The measures of a roll's result that Kozeriai's cards speak of, read from the events the
//! roll gave: the odds on every card are the chance of one of these, and the engine's
//! contract test checks each against every face the dice can show.

use super::event::{Event, FallResult, JumpResult};
use super::state::State;
use super::tables::Rules;
use crate::engine::ruleset::Measure;

/// A trip roll: 1 when the figure fell.
pub const FELL: &str = "fell";
/// A horse jump: 0 cleared, 1 refused, 2 refused and threw its rider.
pub const JUMP: &str = "jump";
/// The falling roll after a body charge: 0 both, 1 the defender, 2 the attacker, 3 neither.
pub const FALL: &str = "fall";
/// A musket shot: 1 when it misfired.
pub const MISFIRE: &str = "misfire";
/// A shot: 1 when it hit.
pub const HIT: &str = "hit";
/// A shot: 1 when it hit and was not deflected.
pub const THROUGH: &str = "through";
/// A shot: the wounds its effect die gave (-1 when no effect die was rolled).
pub const SHOT_WOUNDS: &str = "shot wounds";
/// A clash: the side that won (0 the attacker, 1 the defender, -1 none).
pub const WINNER: &str = "winner";
/// A clash: 1 when the loser was only pushed back.
pub const PUSHED_ONLY: &str = "push back only";
/// A clash: 1 when the shorter weapon may close (Closing Rule).
pub const MAY_CLOSE: &str = "may close";
/// A clash: 1 when the loser was entangled.
pub const ENTANGLED: &str = "entangled";
/// A clash: 1 when the loser was thrown down.
pub const THROWN: &str = "thrown";
/// A clash: 1 when the attacker tore free.
pub const FREED: &str = "freed";
/// A clash: 1 when the body charge went home.
pub const CHARGE_HOME: &str = "charge home";
/// A clash: wounds on each side (attacker, defender).
pub const WOUNDS: [&str; 2] = ["attacker wounds", "defender wounds"];
/// A clash: distractions on each side (attacker, defender).
pub const DISTRACTIONS: [&str; 2] = ["attacker distractions", "defender distractions"];
/// A Ki-ai: the figures it hit.
pub const KI_AI_HITS: &str = "ki-ai hits";

/// The measures of a roll's result, read from its events.
pub fn measures(_rules: &Rules, _before: &State, events: &[Event]) -> Vec<Measure> {
    let mut out = Vec::new();
    for event in events {
        match event {
            Event::Tripped { fell, .. } => out.push((FELL, i64::from(*fell))),
            Event::Jumped { result, .. } => out.push((JUMP, jump_index(*result))),
            Event::FallRoll { result, .. } => out.push((FALL, fall_index(*result))),
            Event::Shot { dice, .. } => {
                out.push((MISFIRE, i64::from(dice.misfired)));
                out.push((HIT, i64::from(dice.hit)));
                let deflected = dice.deflect.as_ref().is_some_and(|(_, ok)| *ok);
                out.push((THROUGH, i64::from(dice.hit && !deflected)));
                let wounds = dice.effect.map_or(-1, |_| i64::from(dice.wounds));
                out.push((SHOT_WOUNDS, wounds));
            }
            Event::Clash { dice, .. } => {
                let o = &dice.outcome;
                let winner = o.winner.map_or(-1, |w| i64::try_from(w).unwrap_or(-1));
                out.push((WINNER, winner));
                let only = o.push_back && o.wounds == 0 && o.distractions == 0;
                out.push((PUSHED_ONLY, i64::from(only)));
                out.push((MAY_CLOSE, i64::from(o.may_close)));
                out.push((ENTANGLED, i64::from(o.entangled)));
                out.push((THROWN, i64::from(o.thrown)));
                out.push((FREED, i64::from(o.freed)));
                out.push((CHARGE_HOME, i64::from(o.charge_home)));
                for side in 0..2 {
                    let on = o.loser() == Some(side);
                    let w = if on { i64::from(o.wounds) } else { 0 };
                    let d = if on { i64::from(o.distractions) } else { 0 };
                    out.push((WOUNDS[side], w));
                    out.push((DISTRACTIONS[side], d));
                }
            }
            Event::KiAi { rolls, .. } => {
                let hits = rolls.iter().filter(|r| r.hit).count();
                out.push((KI_AI_HITS, i64::try_from(hits).unwrap_or(i64::MAX)));
            }
            _ => {}
        }
    }
    // The last reading of a measure is the result.
    out.reverse();
    out
}

/// The jump measure's value for a result.
pub fn jump_index(r: JumpResult) -> i64 {
    match r {
        JumpResult::Cleared => 0,
        JumpResult::Refused => 1,
        JumpResult::Thrown => 2,
    }
}

/// The fall measure's value for a result.
pub fn fall_index(r: FallResult) -> i64 {
    match r {
        FallResult::Both => 0,
        FallResult::Defender => 1,
        FallResult::Attacker => 2,
        FallResult::Neither => 3,
    }
}
