//! What a Samurai Skirmish battle carries into the next of a campaign.
//!
//! Figures the results table kills (or three wounds make dead) stay dead unless the campaign
//! ruling `replacements` sends fresh figures in their places, a unit's leader among them; leg
//! and arm wounds carry unless `recovery` heals some; a unit that routed off may rejoin
//! (`left_field`). Held ground, charges and shots end with the battle. Places:
//! `Figure(u, f)` is figure `f` of unit `u` (a led unit's leader is its figure 0).

use serde::Deserialize;

use super::Skirmish;
use super::roster::Army;
use super::state::{FigureState, State, Wound};
use crate::campaign::change::{Change, Target, What, kept_after};
use crate::campaign::rulings::{LeftField, Recovery, Replacements, cite};
use crate::campaign::seam::CampaignRules;

/// Skirmish's campaign rulings (`reference/skirmish.ron`, section `campaign`).
#[derive(Debug, Deserialize)]
pub struct CampaignRulings {
    /// What becomes of figures killed.
    pub replacements: Replacements,
    /// What heals of the wounds taken.
    pub recovery: Recovery,
    /// Whether a unit that routed off rejoins.
    pub left_field: LeftField,
}

impl CampaignRules for Skirmish {
    type CampaignRulings = CampaignRulings;
    const NOUN: &'static str = "figure";

    fn carry(
        rulings: &CampaignRulings,
        _armies: &[Army; 2],
        state: &State,
        _events: &[&super::Event],
    ) -> Vec<Change> {
        let mut changes = Vec::new();
        for (side, s) in state.sides.iter().enumerate() {
            for (u, unit) in s.units.iter().enumerate() {
                let routed_lost = unit.routed && rulings.left_field == LeftField::Lost;
                for (f, figure) in unit.figures.iter().enumerate() {
                    let at = Target::Figure(u, f);
                    if figure.spec.dead {
                        continue;
                    }
                    if figure.dead || routed_lost {
                        changes.push(fell(rulings, side, at, figure, figure.dead));
                    } else {
                        changes.extend(wounds(rulings, side, at, figure));
                    }
                }
            }
        }
        changes
    }

    fn apply_change(army: &mut Army, change: &Change) -> Result<(), String> {
        let Target::Figure(u, f) = change.target else {
            return Err("a Skirmish army changes figure by figure".into());
        };
        let figure = army
            .units
            .get_mut(u)
            .and_then(|unit| unit.figures.get_mut(f))
            .ok_or("no such figure")?;
        match &change.what {
            What::Fallen => figure.dead = true,
            What::Replaced => {
                figure.dead = false;
                figure.leg_wounds = 0;
                figure.arm_wounds = 0;
            }
            What::Wounds { count, kind } if kind == "leg" => {
                figure.leg_wounds = figure.leg_wounds.saturating_add(*count);
            }
            What::Wounds { count, kind } if kind == "arm" => {
                figure.arm_wounds = figure.arm_wounds.saturating_add(*count);
            }
            _ => return Err("not a change a Skirmish army carries".into()),
        }
        Ok(())
    }
}

/// A figure killed (or lost with its routed unit), and whether someone takes its place.
fn fell(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    figure: &FigureState,
    killed: bool,
) -> Change {
    let (what, how) = match rulings.replacements {
        Replacements::None => (What::Fallen, ""),
        Replacements::All => (What::Replaced, "; a fresh figure takes its place"),
    };
    let (cause, mut rule) = if killed {
        ("killed".to_owned(), "skirmish: Results Section".to_owned())
    } else {
        (
            "its unit routed and is lost with the battle".to_owned(),
            cite("left_field", "lost"),
        )
    };
    rule = format!(
        "{rule}; {}",
        cite("replacements", rulings.replacements.option())
    );
    Change {
        side,
        target,
        who: figure.spec.name.clone(),
        what,
        cause: format!("{cause}{how}"),
        rule,
        set_aside: None,
    }
}

/// The wounds a living figure took in the battle that stay with it.
fn wounds(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    figure: &FigureState,
) -> Vec<Change> {
    let carried = [
        (Wound::Leg, "leg", figure.spec.leg_wounds),
        (Wound::Arm, "arm", figure.spec.arm_wounds),
    ];
    carried
        .into_iter()
        .filter_map(|(wound, kind, before)| {
            let taken = figure.count(wound).saturating_sub(before);
            if taken == 0 {
                return None;
            }
            let kept = kept_after(rulings.recovery, taken);
            let healed = taken - kept;
            let cause = if healed == 0 {
                format!(
                    "took {}",
                    crate::engine::words::counted(taken, &format!("{kind} wound"))
                )
            } else {
                let took =
                    crate::engine::words::counted(taken, &format!("{kind} wound")).to_string();
                format!("took {took}; {healed} healed")
            };
            Some(Change {
                side,
                target,
                who: figure.spec.name.clone(),
                what: What::Wounds {
                    count: kept,
                    kind: kind.to_owned(),
                },
                cause,
                rule: cite("recovery", rulings.recovery.option()),
                set_aside: None,
            })
        })
        .collect()
}
