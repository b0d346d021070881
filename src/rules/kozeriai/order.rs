//! Kozeriai's *when*: what each due cites, when a due lapses, which comes first and what may
//! happen while one is owed (the engine's queue of dues asks these of a rule set); and what a
//! figure may still do this turn, given what it did and the state it is in.
//!
//! Kozeriai keeps a figure's turn on its own sheet (`TurnRecord`) rather than on the engine's
//! activity ledger: its limits are a figure's, one turn long (one action, one attacking
//! stroke, a shot that is the whole phase), and its special states (on the ground, entangled,
//! grappling, shouting, out of stamina) are the figure's too.

use super::command::{Action, ClashKind, Ride, Step};
use super::state::{Due, FigureRef, FigureState, Speed, State, TripCause};
use super::tables::{Bodies, Rules};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;

/// The sections the order rules come from.
pub const ACTIONS: &str = "kozeriai: Actions";
/// The one attacking stroke a turn.
pub const BLOWS: &str = "kozeriai: Exchanging Blows";
/// Tripping Over.
pub const TRIPPING: &str = "kozeriai: Tripping Over";
/// Body Charges.
pub const BODY_CHARGES: &str = "kozeriai: Body Charges";
/// A shot is the figure's whole phase.
pub const SHOOTING: &str = "kozeriai: Shooting";
/// Grappling.
pub const GRAPPLING: &str = "kozeriai: Grappling";
/// The shout.
pub const KI_AI: &str = "kozeriai: Ki-Ai";
/// Out of stamina.
pub const EXHAUSTION: &str = "kozeriai: Exhaustion";
/// A rider and the horse's activity.
pub const HORSES: &str = "kozeriai: Moving Horses";

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

/// Whether the state bears out a trip roll for `cause`: one the rules made due is answered;
/// the umpire records one nothing made due only where the state cannot see the cause, and
/// never where it contradicts it (Tripping Over):
///
/// - a body, an obstacle or a slope ends a push back: only a figure with a push back still to
///   settle, and a body only where some other figure lies on the ground;
/// - an entangling makes its victim dice as the clash that entangles it requires, not later;
/// - a jump on foot is asked on the move that makes it; after a dash (which asks nothing) the
///   umpire records it for a figure that dashed this turn;
/// - a slippery surface trips a figure that fought this turn, once a turn (ruling
///   `slippery_trip`).
///
/// # Errors
/// Why the state contradicts the cause.
pub fn trip_borne_out(
    rules: &Rules,
    state: &State,
    f: FigureRef,
    cause: TripCause,
) -> Result<(), String> {
    if state.due.contains(&Due::Trip(f, cause)) {
        return Ok(());
    }
    let x = state
        .figure(f)
        .ok_or_else(|| format!("there is no figure {}", f.id()))?;
    let name = &x.spec.name;
    match cause {
        TripCause::Body | TripCause::Obstacle | TripCause::Uphill
            if !state.due.contains(&Due::PushedBack(f)) =>
        {
            Err(format!(
                "{name} has no push back to settle: only a push back ends {}",
                cause.words()
            ))
        }
        TripCause::Body if !body_lies(rules, state, &[f]) => Err(format!(
            "{}: {name} has no body to be pushed onto",
            no_body(rules)
        )),
        TripCause::Entangled => Err(format!(
            "{name} dices for an entangling when the clash that entangles it requires it"
        )),
        TripCause::Jump if !x.this_turn.dashed => Err(format!(
            "{name} has not dashed this turn: a jump on foot is asked on its move"
        )),
        TripCause::Slippery if x.this_turn.exchanges == 0 => Err(format!(
            "{name} has not fought this turn: the slippery ground trips those who fight on it"
        )),
        TripCause::Slippery if x.this_turn.slipped => Err(format!(
            "{name} has diced for the slippery ground this turn already"
        )),
        _ => Ok(()),
    }
}

/// Whether a body lies on the ground, other than the figures named: one a figure may be
/// pushed onto or stand among (Tripping Over; Tactical Factors). A body is any figure on the
/// ground (dead, knocked out, collapsed, fallen or lying down), or only a dead one (ruling
/// `bodies`).
pub fn body_lies(rules: &Rules, state: &State, except: &[FigureRef]) -> bool {
    let dead_only = rules.rulings.bodies == Bodies::TheDeadOnly;
    state
        .all_figures()
        .into_iter()
        .filter(|f| !except.contains(f))
        .filter_map(|f| state.figure(f))
        .any(|x| x.lying && (x.dead || !dead_only))
}

/// Why no body lies on the ground, in words (ruling `bodies`).
pub fn no_body(rules: &Rules) -> &'static str {
    match rules.rulings.bodies {
        Bodies::AnyFigureDown => "no figure lies on the ground",
        Bodies::TheDeadOnly => "no dead figure lies on the ground",
    }
}

/// Actions a figure may take in a turn: two for a Heroic Super Samurai (the optional rule on).
pub fn allowed_actions(rules: &Rules, x: &FigureState) -> u32 {
    if rules.optional("heroic") && x.spec.heroic {
        rules.t.heroic.actions
    } else {
        1
    }
}

/// Whether a figure may take another action this turn: it has one left, and has not shot
/// (a shot is its whole phase: Shooting, ruling `shooting_action`).
///
/// # Errors
/// The refusal, citing the rule.
pub fn may_act(rules: &Rules, x: &FigureState) -> Result<(), CommandError> {
    let name = &x.spec.name;
    if x.this_turn.shot {
        return Err(refuse(
            format!("{name} has shot this turn: the shot is its whole phase"),
            SHOOTING,
        ));
    }
    if x.this_turn.actions >= allowed_actions(rules, x) {
        return Err(refuse(
            format!("{name} has taken its action this turn"),
            ACTIONS,
        ));
    }
    Ok(())
}

/// Whether a figure may shoot now: a shot is its whole phase, so it has taken no other action
/// and made no attacking stroke this turn (a heroic figure's second action included); a
/// grappler's bow or musket is useless; a figure out of stamina cannot attack.
///
/// # Errors
/// The refusal, citing the rule.
pub fn may_shoot(x: &FigureState) -> Result<(), CommandError> {
    let name = &x.spec.name;
    if x.this_turn.actions > 0 || x.this_turn.attacked {
        return Err(refuse(
            format!("{name} has acted this turn: shooting is the whole phase"),
            SHOOTING,
        ));
    }
    if x.grappling.is_some() {
        return Err(refuse(
            format!("{name} is grappling: only close-in weapons serve, and none is shot"),
            GRAPPLING,
        ));
    }
    if x.spent() {
        return Err(refuse(
            format!("{name} has no stamina left: it cannot attack"),
            EXHAUSTION,
        ));
    }
    Ok(())
}

/// Whether a figure may aim an attacking blow this turn (as the attacker, or striking back):
/// one stroke a turn (a closing attack is an extra one under ruling `closing_attack`, and
/// tearing free is no stroke); none after a shot, with no stamina, or after changing its
/// horse's activity.
///
/// # Errors
/// The refusal, citing the rule.
pub fn may_strike(x: &FigureState, kind: ClashKind, extra: bool) -> Result<(), CommandError> {
    let name = &x.spec.name;
    if x.this_turn.shot {
        return Err(refuse(
            format!("{name} has shot this turn: the shot is its whole phase"),
            SHOOTING,
        ));
    }
    if x.this_turn.attacked && kind != ClashKind::TearFree && !extra {
        return Err(refuse(
            format!("{name} has made its one attacking stroke this turn"),
            BLOWS,
        ));
    }
    if x.spent() {
        return Err(refuse(
            format!("{name} has no stamina left: it cannot attack"),
            EXHAUSTION,
        ));
    }
    if x.this_turn.changed_horse {
        return Err(refuse(
            format!("{name} changed the horse's activity this turn: no attack"),
            HORSES,
        ));
    }
    Ok(())
}

/// Whether a figure may body charge: the charge is a move into the defender's hex, so a
/// figure on the ground, entangled or grappling cannot make one; a rider's horse runs figures
/// down instead (Horses in Combat).
///
/// # Errors
/// The refusal, citing the rule.
pub fn may_charge(x: &FigureState) -> Result<(), CommandError> {
    let name = &x.spec.name;
    let why = if x.mounted {
        "is mounted: its horse runs figures down instead"
    } else if x.lying {
        "is on the ground: a charge is a move"
    } else if x.entangled {
        "is entangled: a charge is a move"
    } else if x.grappling.is_some() {
        "is grappling: a charge is a move"
    } else {
        return Ok(());
    };
    Err(refuse(format!("{name} {why}"), BODY_CHARGES))
}

/// Whether a figure may shout a Ki-ai: the shouter cannot move whilst shouting, so not after
/// a move this turn (a heroic figure's included, or on a moving horse); and the shout is its
/// attack.
///
/// # Errors
/// The refusal, citing the rule.
pub fn may_shout(x: &FigureState) -> Result<(), CommandError> {
    let name = &x.spec.name;
    if x.moved() {
        return Err(refuse(
            format!("{name} moved this turn: a shouter cannot move"),
            KI_AI,
        ));
    }
    if x.this_turn.attacked {
        return Err(refuse(
            format!("{name} has made its attack this turn"),
            BLOWS,
        ));
    }
    Ok(())
}

/// Whether the figure's state lets it take this action at all: out of stamina it neither moves
/// nor attacks, but may turn 60 degrees and do what is no movement (stand up, lie down, open a
/// door: Actions); on the ground, entangled or grappling it does not move.
///
/// # Errors
/// The refusal, citing the rule.
pub fn may_move(x: &FigureState, action: &Action) -> Result<(), CommandError> {
    let name = &x.spec.name;
    let moves = match action {
        Action::Step { step, .. } => step.hexes() > 0,
        Action::Dash(_) => true,
        Action::Ride(r) | Action::RideReload(r) => r.speed() != Speed::Halt,
        _ => false,
    };
    let may_when_spent = matches!(
        action,
        Action::Step {
            step: Step::Stay | Step::TurnSixty,
            ..
        } | Action::Ride(Ride::Turn | Ride::At(Speed::Halt))
            | Action::StandUp
            | Action::LieDown
            | Action::Door
    );
    if x.spent() && !may_when_spent {
        return Err(refuse(
            format!("{name} has no stamina left: it may only turn up to 60 degrees"),
            EXHAUSTION,
        ));
    }
    let why = if !moves {
        return Ok(());
    } else if x.lying {
        "is on the ground: stand up first"
    } else if x.entangled {
        "is entangled: tear free first"
    } else if x.grappling.is_some() && !x.mounted {
        "is grappling: break off first"
    } else {
        return Ok(());
    };
    Err(refuse(format!("{name} {why}"), ACTIONS))
}

/// Whether a rider may reload with this horse action (ruling `mounted_reload`).
pub fn rider_reloads(rules: &Rules, x: &FigureState, ride: Ride) -> bool {
    match rules.rulings.mounted_reload {
        super::tables::MountedReload::HorseStanding => ride.speed() == Speed::Halt,
        super::tables::MountedReload::ActivityUnchanged => ride == x.activity,
    }
}
