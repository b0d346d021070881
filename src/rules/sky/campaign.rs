//! What a Sky battle carries into the next of a campaign.
//!
//! The text speaks of one thing that lasts: a Clan Leader's injury lowers his Command
//! "permanently" (Clan Leader Injury). Honor and Dishonor change Command with no end given
//! (campaign rulings `honor`, `dishonor`); stands lost may come back (`recovery`); a unit
//! that routed off the table may rejoin (`left_field`). Disorder, routs, marked hits, loaded
//! arquebuses, lost Tedate and the optional first Bushi roll (which the text keeps "throughout
//! the battle") end with the battle. Places: `Commander` is the General, `Leader(c)` clan
//! `c`'s leader, `Unit(c, u)` unit `u` of clan `c`.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::roster::Army;
use super::state::{ChangeKind, LeaderState, State, UnitRef, UnitState};
use super::{Event, Sky};
use crate::campaign::change::{Change, Target, UnitLoss, What};
use crate::campaign::rulings::{Lasting, LeftField, Recovery, StartingStrength, cite};
use crate::campaign::seam::CampaignRules;

/// Sky's campaign rulings (`reference/sky.ron`, section `campaign`).
#[derive(Debug, Deserialize)]
pub struct CampaignRulings {
    /// Whether Command won by Honor stays.
    pub honor: Lasting,
    /// Whether Command lost to Dishonor stays lost.
    pub dishonor: Lasting,
    /// What comes back of the stands lost.
    pub recovery: Recovery,
    /// Whether a unit that routed off the table rejoins.
    pub left_field: LeftField,
    /// A unit's starting strength in a later battle.
    pub starting_strength: StartingStrength,
}

impl CampaignRules for Sky {
    type CampaignRulings = CampaignRulings;
    const NOUN: &'static str = "stand";

    fn carry(
        rulings: &CampaignRulings,
        _armies: &[Army; 2],
        state: &State,
        events: &[&Event],
    ) -> Vec<Change> {
        let left = departures(state, events);
        let mut changes = Vec::new();
        for (side, s) in state.sides.iter().enumerate() {
            leader_changes(rulings, side, Target::Commander, &s.general, &mut changes);
            for (c, clan) in s.clans.iter().enumerate() {
                leader_changes(rulings, side, Target::Leader(c), &clan.leader, &mut changes);
                for (u, unit) in clan.units.iter().enumerate() {
                    let at = UnitRef(side as u8, c as u8, u as u8);
                    let how = left.get(&at).copied();
                    changes.extend(losses(rulings, side, Target::Unit(c, u), unit, how));
                }
            }
        }
        changes
    }

    fn apply_change(army: &mut Army, change: &Change) -> Result<(), String> {
        match (change.target, &change.what) {
            (Target::Commander, What::Rating { by, .. }) => army.general.command += by,
            (Target::Leader(c), What::Rating { by, .. }) => {
                army.clans.get_mut(c).ok_or("no such clan")?.leader.command += by;
            }
            (Target::Unit(c, u), What::Lost { count, .. }) => {
                let unit = army
                    .clans
                    .get_mut(c)
                    .and_then(|clan| clan.units.get_mut(u))
                    .ok_or("no such unit")?;
                unit.lost = unit.lost.saturating_add(*count).min(unit.stands);
            }
            _ => return Err("not a change a Sky army carries".into()),
        }
        Ok(())
    }
}

/// The changes to a leader's Command that outlast the battle, one per change made in it.
fn leader_changes(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    leader: &LeaderState,
    out: &mut Vec<Change>,
) {
    for (kind, change) in &leader.changes {
        let rule = match kind {
            ChangeKind::Injury => {
                "sky: Clan Leader Injury (his Command is reduced permanently)".to_owned()
            }
            ChangeKind::Honor if rulings.honor == Lasting::Carries => cite("honor", "carries"),
            ChangeKind::Dishonor if rulings.dishonor == Lasting::Carries => {
                cite("dishonor", "carries")
            }
            ChangeKind::Honor | ChangeKind::Dishonor => continue,
        };
        out.push(Change {
            side,
            target,
            who: leader.name.clone(),
            what: What::Rating {
                by: change.delta,
                rating: "Command".into(),
            },
            cause: format!("{} (turn {})", change.reason, change.turn),
            rule,
            set_aside: None,
        });
    }
}

/// How each unit that left the table went: the stands it had then, and whether a rout move
/// took it off (rather than its destruction). The state no longer shows either: a removed
/// unit's stands are cleared.
fn departures(state: &State, events: &[&Event]) -> BTreeMap<UnitRef, (u32, bool)> {
    let mut stands: BTreeMap<UnitRef, u32> =
        state.units().map(|(at, u)| (at, u.spec.stands)).collect();
    let mut routed = None;
    let mut left = BTreeMap::new();
    for event in events {
        match event {
            Event::Casualties {
                unit, stands_lost, ..
            } => {
                if let Some(n) = stands.get_mut(unit) {
                    *n = n.saturating_sub(*stands_lost);
                }
            }
            Event::CountCorrected {
                unit, stands: n, ..
            } => {
                stands.insert(*unit, *n);
            }
            Event::Removed { unit, .. } => {
                let had = stands.get(unit).copied().unwrap_or(0);
                left.insert(*unit, (had, routed == Some(*unit)));
            }
            _ => {}
        }
        // A rout move takes a unit off the table with the Removed event that follows it.
        routed = match event {
            Event::RoutMoved(unit) => Some(*unit),
            _ => None,
        };
    }
    left
}

/// The stands a unit lost for good, if it lost any; `left` is how it left the table, if it
/// did (the stands it had, and whether it routed off).
fn losses(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    unit: &UnitState,
    left: Option<(u32, bool)>,
) -> Option<Change> {
    // The state's starting strength is what the unit brought to this battle.
    let of = unit.spec.stands;
    let (lost, what, routed_off) = match left {
        Some((had, true)) if had > 0 && rulings.left_field == LeftField::Lost => {
            (of, "routed off the table and is lost with the battle", true)
        }
        Some((had, true)) if had > 0 => {
            (of - had.min(of), "routed off the table and rejoins", true)
        }
        Some(_) => (of, "destroyed", false),
        None => (of - unit.stands.min(of), "", false),
    };
    UnitLoss {
        side,
        target,
        who: &unit.spec.name,
        lost,
        of,
        noun: "stand",
        what,
        left_field: routed_off.then_some(rulings.left_field),
    }
    .change(rulings.recovery)
}
