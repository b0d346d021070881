//! What a Daimyo battle carries into the next of a campaign.
//!
//! The chapter changes leaders' Command Ratings in personal combat (a refusal costs one, a
//! duel won gains one) and kills leaders (a duel lost, a unit's contact); the text gives the
//! changes no end (campaign ruling `rating_changes`) and names no successor
//! (`fallen_leaders`). Stands the umpire records lost may come back (`recovery`), and a unit
//! that left the table may rejoin (`left_field`). Disorder, routs, melees, formations and
//! attachments end with the battle. Places: `Commander` is the General, `Leader(c)` clan
//! `c`'s Daimyo, `Unit(0, u)` the General's hatamoto unit `u`, `Unit(c + 1, u)` unit `u` of
//! clan `c`.

use serde::Deserialize;

use super::Daimyo;
use super::roster::{Army, UnitSpec};
use super::state::{Leader, State, Unit};
use crate::campaign::change::{Change, Target, UnitLoss, What};
use crate::campaign::rulings::{
    FallenLeaders, Lasting, LeftField, Recovery, StartingStrength, cite,
};
use crate::campaign::seam::CampaignRules;

/// Daimyo's campaign rulings (`reference/daimyo.ron`, section `campaign`).
#[derive(Debug, Deserialize)]
pub struct CampaignRulings {
    /// Whether ratings changed by refusals and duels stay changed.
    pub rating_changes: Lasting,
    /// What becomes of a leader killed.
    pub fallen_leaders: FallenLeaders,
    /// What comes back of the stands lost.
    pub recovery: Recovery,
    /// Whether a unit that left the table rejoins.
    pub left_field: LeftField,
    /// A unit's starting strength in a later battle.
    pub starting_strength: StartingStrength,
}

impl CampaignRules for Daimyo {
    type CampaignRulings = CampaignRulings;
    const NOUN: &'static str = "stand";

    fn carry(
        rulings: &CampaignRulings,
        armies: &[Army; 2],
        state: &State,
        _events: &[&super::Event],
    ) -> Vec<Change> {
        let mut changes = Vec::new();
        // The state lists leaders and units in the order it made them from the armies.
        let (mut leaders, mut units) = (state.leaders.iter(), state.units.iter());
        for (side, army) in armies.iter().enumerate() {
            let mut leader = |target, fallen_before: bool| {
                // A leader who fell in an earlier battle began this one dead: nothing new.
                if let Some(l) = leaders.next().filter(|_| !fallen_before) {
                    leader_changes(rulings, side, target, l, &mut changes);
                }
            };
            leader(Target::Commander, army.general.fallen);
            for (c, clan) in army.clans.iter().enumerate() {
                leader(Target::Leader(c), clan.daimyo.fallen);
            }
            let groups = std::iter::once(&army.hatamoto).chain(army.clans.iter().map(|c| &c.units));
            for (g, group) in groups.enumerate() {
                for u in 0..group.len() {
                    if let Some(unit) = units.next() {
                        changes.extend(losses(rulings, side, Target::Unit(g, u), unit));
                    }
                }
            }
        }
        changes
    }

    fn apply_change(army: &mut Army, change: &Change) -> Result<(), String> {
        let leader = match change.target {
            Target::Commander => Some(&mut army.general),
            Target::Leader(c) => Some(&mut army.clans.get_mut(c).ok_or("no such clan")?.daimyo),
            _ => None,
        };
        match (leader, &change.what) {
            (Some(l), What::Rating { by, .. }) => l.rating += by,
            (Some(l), What::Fallen) => l.fallen = true,
            (Some(l), What::Replaced) => {
                l.name = format!("{}'s successor", l.name);
                l.fallen = false;
            }
            (None, What::Lost { count, .. }) => {
                let unit = unit_mut(army, change.target).ok_or("no such unit")?;
                unit.lost = unit.lost.saturating_add(*count).min(unit.stands);
            }
            _ => return Err("not a change a Daimyo army carries".into()),
        }
        Ok(())
    }
}

fn unit_mut(army: &mut Army, target: Target) -> Option<&mut UnitSpec> {
    match target {
        Target::Unit(0, u) => army.hatamoto.get_mut(u),
        Target::Unit(g, u) => army.clans.get_mut(g - 1)?.units.get_mut(u),
        _ => None,
    }
}

/// A leader's rating changes that outlast the battle, and his death.
fn leader_changes(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    leader: &Leader,
    out: &mut Vec<Change>,
) {
    let change = |what, cause: String, rule: String| Change {
        side,
        target,
        who: leader.name.clone(),
        what,
        cause,
        rule,
        set_aside: None,
    };
    if rulings.rating_changes == Lasting::Carries {
        for h in leader.history.iter().filter(|h| h.delta != 0) {
            out.push(change(
                What::Rating {
                    by: h.delta,
                    rating: "Command Rating".into(),
                },
                format!("{} (turn {})", h.reason, h.turn),
                cite("rating_changes", "carries"),
            ));
        }
    }
    if let Some(how) = &leader.killed {
        let what = match rulings.fallen_leaders {
            FallenLeaders::StayDead => What::Fallen,
            FallenLeaders::Successor => What::Replaced,
        };
        out.push(change(
            what,
            format!("killed: {how}"),
            cite("fallen_leaders", rulings.fallen_leaders.option()),
        ));
    }
}

/// The stands a unit lost for good, if it lost any.
fn losses(rulings: &CampaignRulings, side: usize, target: Target, unit: &Unit) -> Option<Change> {
    // The state's starting strength is what the unit brought to this battle.
    let of = unit.spec.stands;
    let left = unit.removed.is_some() && unit.stands > 0;
    let (lost, what) = if left && rulings.left_field == LeftField::Lost {
        (of, "left the table and is lost with the battle")
    } else if left {
        (of - unit.stands.min(of), "left the table and rejoins")
    } else {
        (of - unit.stands.min(of), "")
    };
    UnitLoss {
        side,
        target,
        who: &unit.spec.name,
        lost,
        of,
        noun: "stand",
        what,
        left_field: left.then_some(rulings.left_field),
    }
    .change(rulings.recovery)
}
