//! What a Simple Samurai battle carries into the next of a campaign.
//!
//! The dead stay dead: figures killed are lost unless the campaign ruling `recovery` brings
//! some back, and a Daimyo killed is gone (`fallen_leaders`): with nobody in his place, his
//! army cannot take the field again (the text sends an army whose Daimyo dies off the
//! battlefield) and an allied clan whose Daimyo died leaves the army; with a successor, one
//! takes his place. A unit that fled or left the field rejoins (`left_field`). Formation
//! Fails, retreats, smoke, cover, captured guns, turned coats, arrivals by card and the
//! village's peasants end with the battle. Places: `Commander` is the army's Daimyo,
//! `Leader(g)` the Daimyo of group `g` (0 the army's own troops, then its allied clans),
//! `Unit(g, u)` unit `u` of group `g`.

use serde::Deserialize;

use super::Simple;
use super::roster::Army;
use super::state::{GroupState, State, UnitState};
use crate::campaign::change::{Change, Target, UnitLoss, What};
use crate::campaign::rulings::{FallenLeaders, LeftField, Recovery, StartingStrength, cite};
use crate::campaign::seam::CampaignRules;

/// Simple's campaign rulings (`reference/simple.ron`, section `campaign`).
#[derive(Debug, Deserialize)]
pub struct CampaignRulings {
    /// What comes back of the figures killed.
    pub recovery: Recovery,
    /// What becomes of a Daimyo killed.
    pub fallen_leaders: FallenLeaders,
    /// Whether a unit that fled the field rejoins.
    pub left_field: LeftField,
    /// A unit's starting strength in a later battle.
    pub starting_strength: StartingStrength,
}

impl CampaignRules for Simple {
    type CampaignRulings = CampaignRulings;
    const NOUN: &'static str = "figure";

    fn carry(
        rulings: &CampaignRulings,
        armies: &[Army; 2],
        state: &State,
        _events: &[&super::Event],
    ) -> Vec<Change> {
        let mut changes = Vec::new();
        for (side, s) in state.sides.iter().enumerate() {
            // Groups that arrived by card are not the army's: only those it mustered carry.
            let mustered = armies.get(side).map_or(0, |a| a.groups.len());
            for (g, group) in s.groups.iter().take(mustered).enumerate() {
                changes.extend(daimyo_fell(rulings, side, g, group));
                for (u, unit) in group.units.iter().enumerate() {
                    changes.extend(losses(rulings, side, Target::Unit(g, u), unit));
                }
            }
        }
        changes
    }

    fn apply_change(army: &mut Army, change: &Change) -> Result<(), String> {
        match (change.target, &change.what) {
            (Target::Commander, What::Fallen) => {
                return Err(
                    "the army's Daimyo fell with nobody in his place (campaign ruling fallen_leaders: stay dead): without him the army cannot take the field"
                        .into(),
                );
            }
            (Target::Commander, What::Replaced) => succeed(army, 0)?,
            (Target::Leader(g), What::Replaced) => succeed(army, g)?,
            (Target::Leader(g), What::Leaves) if g > 0 && g < army.groups.len() => {
                army.groups.remove(g);
            }
            (Target::Unit(g, u), What::Lost { count, .. }) => {
                let unit = army
                    .groups
                    .get_mut(g)
                    .and_then(|group| group.units.get_mut(u))
                    .ok_or("no such unit")?;
                unit.lost = unit.lost.saturating_add(*count).min(unit.figures);
            }
            _ => return Err("not a change a Simple Samurai army carries".into()),
        }
        Ok(())
    }
}

/// A successor takes the place of group `g`'s Daimyo, under his name.
fn succeed(army: &mut Army, g: usize) -> Result<(), String> {
    let daimyo = &mut army.groups.get_mut(g).ok_or("no such group")?.daimyo;
    daimyo.name = format!("{}'s successor", daimyo.name);
    Ok(())
}

/// The change a Daimyo's death makes, if he was killed.
fn daimyo_fell(
    rulings: &CampaignRulings,
    side: usize,
    g: usize,
    group: &GroupState,
) -> Option<Change> {
    let daimyo = group.daimyo.as_ref().filter(|d| !d.alive)?;
    let target = if g == 0 {
        Target::Commander
    } else {
        Target::Leader(g)
    };
    let (what, cause) = match (rulings.fallen_leaders, g) {
        (FallenLeaders::Successor, _) => (What::Replaced, "killed; a successor takes his place"),
        (FallenLeaders::StayDead, 0) => (
            What::Fallen,
            "killed; the army cannot take the field without its Daimyo",
        ),
        (FallenLeaders::StayDead, _) => (
            What::Leaves,
            "killed; his clan leaves the army, as it left the battlefield",
        ),
    };
    Some(Change {
        side,
        target,
        who: daimyo.leader.name.clone(),
        what,
        cause: cause.to_owned(),
        rule: cite("fallen_leaders", rulings.fallen_leaders.option()),
        set_aside: None,
    })
}

/// The figures a unit lost for good, if it lost any.
fn losses(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    unit: &UnitState,
) -> Option<Change> {
    // The state's starting strength is what the unit brought to this battle.
    let of = unit.spec.figures;
    let alive = unit.alive.min(of);
    let fled = unit.gone && alive > 0;
    let (lost, what) = if fled && rulings.left_field == LeftField::Lost {
        (of, "left the field and is lost with the battle")
    } else if fled {
        (of - alive, "left the field and rejoins")
    } else {
        (of - alive, "")
    };
    UnitLoss {
        side,
        target,
        who: &unit.spec.name,
        lost,
        of,
        noun: "figure",
        what,
        left_field: fled.then_some(rulings.left_field),
    }
    .change(rulings.recovery)
}
