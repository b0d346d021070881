//! What the table reports and the engine cannot see for itself: a cause of Formation Fail, a
//! unit's cover, its melee, smoke, a friend seen retreating. Each is checked against what the
//! state does know, and is taken only of a unit on the table.

use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{FailCause, Status};
use crate::rules::simple::event::Event;
use crate::rules::simple::order::{FORMATION_FAIL, MORALE};
use crate::rules::simple::roster::{Formation, Troop};
use crate::rules::simple::state::{Due, MoraleCause, State, UnitRef};

/// The causes of Formation Fail the table may report for a unit, those only the table sees:
/// skirmishers out of line of sight or less than 1 cm apart, and a unit found out of base to
/// base contact after finishing a change of formation. (Its moves, melees and retreats record
/// their own causes.) Animals take no Formation Fail (ruling `animals`).
pub fn fail_causes(state: &State, u: UnitRef) -> Vec<FailCause> {
    let Some(x) = state.unit(u) else {
        return Vec::new();
    };
    if x.spec.troop == Troop::Animals {
        return Vec::new();
    }
    let mut out = Vec::new();
    if x.formation == Formation::Skirmish {
        out.extend([FailCause::OutOfSight, FailCause::SkirmishersTooClose]);
    }
    if x.reformed {
        out.push(FailCause::NotInContact);
    }
    out
}

/// Whether the table may clear a unit's own smoke (for a target to a flank, ruling
/// `smoke_timing`): only a unit in smoke.
pub fn may_clear_smoke(state: &State, u: UnitRef) -> bool {
    state.unit(u).is_some_and(|x| x.present() && x.smoke)
}

/// Whether a friendly unit of `u`'s is in Retreat somewhere on the table: what the table's
/// word that `u` sees one retreat (within 30 cm) needs to be true.
pub fn sees_a_friend_retreat(state: &State, u: UnitRef) -> bool {
    let side = state.owner(u);
    state
        .present_units_of(side)
        .into_iter()
        .any(|v| v != u && state.in_retreat(v))
}

/// Whether a unit's morale test waits on the table's word that it sees (or does not see) a
/// friend retreating within reach: a friendly unit is in Retreat and nobody has said yet.
/// The card asks it before it offers the roll, and the roll is refused until it is told.
pub fn morale_waits_on_retreat_answer(state: &State, u: UnitRef, cause: MoraleCause) -> bool {
    state.unit(u).is_some_and(|x| {
        !crate::rules::simple::numbers::sees_friend_retreat(x, cause)
            && !x.retreat_told
            && sees_a_friend_retreat(state, u)
    })
}

/// The table reports a cause of Formation Fail.
pub(super) fn mark_fail(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    cause: FailCause,
) -> Result<(), CommandError> {
    ctx.present_unit(u)?;
    if !fail_causes(ctx.state(), u).contains(&cause) {
        return Err(refuse(
            format!(
                "{}: {} is not a cause the table reports for it now (out of sight and too close are for skirmishers, out of contact for a unit that has just changed formation; moves, melees and retreats record their own)",
                ctx.state().unit_name(u),
                cause.words()
            ),
            FORMATION_FAIL,
        ));
    }
    ctx.emit(Event::FormationFailed { unit: u, cause })
}

/// The table reports a unit's status.
pub(super) fn set_status(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    status: Status,
) -> Result<(), CommandError> {
    ctx.present_unit(u)?;
    match status {
        Status::Cover(c) if c < ctx.state().cover_floor(u) => {
            return Err(refuse(
                format!(
                    "{} has {} at least (the structure it is in or behind, or smoke from a fire over it): a record of {} would change nothing",
                    ctx.state().unit_name(u),
                    ctx.state().cover_floor(u).name(),
                    c.name()
                ),
                FORMATION_FAIL,
            ));
        }
        Status::Cover(_) | Status::InMelee(_) | Status::FireSmoke(_) => {}
        Status::Smoke(false) if may_clear_smoke(ctx.state(), u) => {}
        Status::Smoke(_) => {
            return Err(illegal(
                "smoke forms by itself after firing; the table only clears a unit's smoke",
            ));
        }
        Status::SeesRetreat(_) => {
            let testing = ctx
                .state()
                .due
                .iter()
                .any(|d| matches!(d, Due::Morale(v, _) if *v == u));
            let told = ctx.unit(u)?.retreat_told;
            if !testing || told || !sees_a_friend_retreat(ctx.state(), u) {
                return Err(refuse(
                    "whether it sees a friend retreat is told once, as the unit takes a morale test, and only while a friendly unit is in Retreat",
                    MORALE,
                ));
            }
        }
    }
    ctx.emit(Event::StatusSet { unit: u, status })
}
