//! What a Kozeriai battle carries into the next of a campaign.
//!
//! A figure out at its last wound is dead and stays so unless the campaign ruling
//! `replacements` sends a fresh one of the same kind; the wounds a living figure took carry
//! unless `recovery` heals some. Distractions, stamina, knock-outs and collapses are
//! recovered at the text's own rates while a figure rests (Blunt Weapons, Exhaustion), so a
//! figure starts the next battle without them (`rest`). Weapons in hand, reloads, aim,
//! grapples and the horse's pace end with the battle. Places: `Figure(0, f)` is figure `f`.

use serde::Deserialize;

use super::Kozeriai;
use super::roster::Army;
use super::state::{FigureState, State};
use crate::campaign::change::{Change, Target, What, kept_after};
use crate::campaign::rulings::{Recovery, Replacements, Rest, cite};
use crate::campaign::seam::CampaignRules;

/// Kozeriai's campaign rulings (`reference/kozeriai.ron`, section `campaign`).
#[derive(Debug, Deserialize)]
pub struct CampaignRulings {
    /// What becomes of figures killed.
    pub replacements: Replacements,
    /// What heals of the wounds taken.
    pub recovery: Recovery,
    /// What a figure recovers at rest.
    pub rest: Rest,
}

impl CampaignRules for Kozeriai {
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
            for (f, figure) in s.figures.iter().enumerate() {
                if figure.spec.dead {
                    continue;
                }
                let at = Target::Figure(0, f);
                if figure.dead {
                    changes.push(fell(rulings, side, at, figure));
                } else {
                    changes.extend(wounds(rulings, side, at, figure));
                }
            }
        }
        changes
    }

    fn apply_change(army: &mut Army, change: &Change) -> Result<(), String> {
        let Target::Figure(0, f) = change.target else {
            return Err("a Kozeriai army changes figure by figure".into());
        };
        let figure = army.figures.get_mut(f).ok_or("no such figure")?;
        match &change.what {
            What::Fallen => figure.dead = true,
            What::Replaced => {
                figure.dead = false;
                figure.wounds_taken = 0;
            }
            What::Wounds { count, .. } => {
                figure.wounds_taken = figure.wounds_taken.saturating_add(*count);
            }
            _ => return Err("not a change a Kozeriai army carries".into()),
        }
        Ok(())
    }
}

/// A figure killed, and whether someone takes its place.
fn fell(rulings: &CampaignRulings, side: usize, target: Target, figure: &FigureState) -> Change {
    let (what, cause) = match rulings.replacements {
        Replacements::None => (What::Fallen, "killed"),
        Replacements::All => (What::Replaced, "killed; a fresh figure takes its place"),
    };
    Change {
        side,
        target,
        who: figure.spec.name.clone(),
        what,
        cause: cause.to_owned(),
        rule: format!(
            "kozeriai: Resilience; {}",
            cite("replacements", rulings.replacements.option())
        ),
        set_aside: None,
    }
}

/// The wounds a living figure took in the battle that stay with it.
fn wounds(
    rulings: &CampaignRulings,
    side: usize,
    target: Target,
    figure: &FigureState,
) -> Option<Change> {
    let taken = figure.wounds.saturating_sub(figure.spec.wounds_taken);
    if taken == 0 {
        return None;
    }
    let kept = kept_after(rulings.recovery, taken);
    let healed = taken - kept;
    let cause = if healed == 0 {
        format!("took {}", crate::engine::words::counted(taken, "wound"))
    } else {
        format!(
            "took {}; {healed} healed",
            crate::engine::words::counted(taken, "wound")
        )
    };
    Some(Change {
        side,
        target,
        who: figure.spec.name.clone(),
        what: What::Wounds {
            count: kept,
            kind: String::new(),
        },
        cause,
        rule: cite("recovery", rulings.recovery.option()),
        set_aside: None,
    })
}
