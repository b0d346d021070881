//! The rout and pursuit forms' questions: what only the table shows of a diced move, the
//! ground it crossed (Terrain Effects: it disorders in any move) and where a pursuit ended
//! (Charge: units come into contact only by charging or pursuing).

use super::{enemies, names};
use crate::engine::action::FormValues;
use crate::rules::daimyo::command::{Crossed, PursuitEnd};
use crate::rules::daimyo::state::State;

/// Into dense terrain: it disorders all but peasants.
pub(super) const INTO_DENSE: &str = "Into dense terrain (disorders all but peasants)";
/// Over a linear obstacle: it disorders.
pub(super) const OVER_OBSTACLE: &str = "Over a linear obstacle (disorders)";
/// Where a pursuit ends, which only the table shows.
pub(super) const PURSUIT_ENDS: &str = "At the end of the pursuit";

/// What the umpire says a rout or pursuit move crossed.
pub(super) fn read_crossed(v: &mut FormValues<'_>) -> Crossed {
    Crossed {
        dense: v.on(),
        obstacle: v.on(),
    }
}

/// The pursuit's ends: no enemy reached (its melee is over), or an enemy unit on the table.
pub(super) fn pursuit_ends(state: &State, unit: usize) -> Vec<String> {
    let mut out = vec!["No enemy reached: out of melee".to_owned()];
    out.extend(
        names(state, &enemies(state, unit))
            .into_iter()
            .map(|name| format!("Pursues into contact with {name}: melee")),
    );
    out
}

/// Reads the "At the end of the pursuit" choice: no enemy reached, then each enemy unit.
pub(super) fn read_pursuit_end(
    state: &State,
    unit: usize,
    v: &mut FormValues<'_>,
) -> Result<PursuitEnd, String> {
    match v.index() {
        0 => Ok(PursuitEnd::NoContact),
        n => enemies(state, unit)
            .get(n - 1)
            .map(|&e| PursuitEnd::Contacts(e))
            .ok_or_else(|| "no such enemy unit".to_owned()),
    }
}
