//! What a battle carries into the next: one [`Change`] to an army, with its cause and the rule
//! or campaign ruling behind it. The armies of the next battle are the armies as mustered
//! with every change kept so far applied in order; a change the table set aside keeps the
//! reason it gave.

use serde::{Deserialize, Serialize};

/// Who a change is about, by place in the army (stable from battle to battle: units and
/// figures stay listed when they fall, so places never shift). Each rule set says in its
/// `campaign.rs` what the places name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Target {
    /// The army's commander: Sky's and Daimyo's General, Simple's Daimyo.
    Commander,
    /// The leader of group `g`: a Sky Clan Leader, a Daimyo clan's lord, a Simple allied
    /// Daimyo.
    Leader(usize),
    /// Unit `u` of group `g`.
    Unit(usize, usize),
    /// Figure `f` of unit `u` (Kozeriai's figures are all in unit 0).
    Figure(usize, usize),
}

/// What changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum What {
    /// Stands or figures lost for good, after any recovery (`count` of them; 0 when every
    /// one lost came back), out of `of` brought to the battle.
    Lost {
        /// Lost for good.
        count: u32,
        /// Brought to the battle.
        of: u32,
    },
    /// A leader's rating went up or down by `by`.
    Rating {
        /// The change.
        by: i64,
        /// The rating's name: `Command`.
        rating: String,
    },
    /// Killed, with nobody in his place.
    Fallen,
    /// Killed, and a successor (a leader) or a fresh figure of the same kind takes the place.
    Replaced,
    /// Wounds carried: `count` of them, of a kind (`leg`, `arm`; empty: Kozeriai's wounds).
    Wounds {
        /// How many.
        count: u32,
        /// Which kind.
        kind: String,
    },
    /// A group (a Simple allied clan) leaves the army: it does not take the field again.
    Leaves,
}

/// One thing a battle carries into the next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The side it happened to: 0 or 1, the campaign's army in that place.
    pub side: usize,
    /// Who, by place.
    pub target: Target,
    /// Who, by name.
    pub who: String,
    /// What changed.
    pub what: What,
    /// Why, in words: `lost 3 of 8 stands`, `Honor: won the melee against …`.
    pub cause: String,
    /// The rule (`sky: Clan Leader Injury`) or campaign ruling (`campaign ruling recovery:
    /// none`) that carries it.
    pub rule: String,
    /// The table set it aside, and why: it is not applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_aside: Option<String>,
}

impl Change {
    /// Whether it changes the army (one set aside, or a loss of none, does not).
    pub fn applies(&self) -> bool {
        self.set_aside.is_none()
            && !matches!(
                self.what,
                What::Lost { count: 0, .. } | What::Wounds { count: 0, .. }
            )
    }

    /// In a few words: `Nobushige's Yari: lost 3 of 8 stands (campaign ruling recovery:
    /// none)`.
    pub fn words(&self) -> String {
        format!("{}: {} ({})", self.who, self.cause, self.rule)
    }

    /// What it does to the army, in a few words: `-3 stands`, `Command +1`, `killed`.
    pub fn effect(&self, noun: &str) -> String {
        match &self.what {
            What::Lost { count: 0, .. } => "nothing lost for good".to_owned(),
            What::Lost { count, .. } => format!("-{}", crate::engine::words::count(*count, noun)),
            What::Rating { by, rating } => format!("{rating} {by:+}"),
            What::Fallen => "killed".to_owned(),
            What::Replaced => "killed; replaced".to_owned(),
            What::Wounds { count: 0, .. } => "every wound healed".to_owned(),
            What::Wounds { count, kind } if kind.is_empty() => {
                format!("+{}", crate::engine::words::count(*count, "wound"))
            }
            What::Wounds { count, kind } => {
                format!(
                    "+{}",
                    crate::engine::words::count(*count, &format!("{kind} wound"))
                )
            }
            What::Leaves => "leaves the army".to_owned(),
        }
    }
}

/// The part of `lost` that stays lost under a recovery ruling: none, half (rounded down)
/// or all come back.
pub fn kept_after(recovery: super::rulings::Recovery, lost: u32) -> u32 {
    use super::rulings::Recovery;
    match recovery {
        Recovery::None => lost,
        Recovery::Half => lost - lost / 2,
        Recovery::All => 0,
    }
}

/// What a unit's losses carry into the next battle: the part the recovery ruling keeps lost,
/// with its cause (`what` happened first, if anything) and the rulings that carry it (the
/// left-field ruling too for a unit that left the field). `None` when it lost nothing.
pub struct UnitLoss<'a> {
    /// The side and place of the unit.
    pub side: usize,
    /// Who, by place.
    pub target: Target,
    /// Who, by name.
    pub who: &'a str,
    /// How many it lost, of how many it had (`noun`s: stands, figures).
    pub lost: u32,
    /// How many it had.
    pub of: u32,
    /// What it counts in.
    pub noun: &'a str,
    /// What happened to it, in words, or empty.
    pub what: &'a str,
    /// The left-field ruling in force, where the unit left the field.
    pub left_field: Option<super::rulings::LeftField>,
}

impl UnitLoss<'_> {
    /// The change the loss makes under `recovery`, if it lost anything.
    pub fn change(self, recovery: super::rulings::Recovery) -> Option<Change> {
        use super::rulings::cite;
        if self.lost == 0 {
            return None;
        }
        let kept = kept_after(recovery, self.lost);
        let mut cause = loss_cause(self.lost, self.of, kept, self.noun);
        if !self.what.is_empty() {
            cause = format!("{}; {cause}", self.what);
        }
        let mut rule = cite("recovery", recovery.option());
        if let Some(left) = self.left_field {
            rule = format!("{rule}; {}", cite("left_field", left.option()));
        }
        Some(Change {
            side: self.side,
            target: self.target,
            who: self.who.to_owned(),
            what: What::Lost {
                count: kept,
                of: self.of,
            },
            cause,
            rule,
            set_aside: None,
        })
    }
}

/// The cause of a loss in words, with what came back: `lost 4 of 8 stands; 2 came back`.
pub fn loss_cause(lost: u32, of: u32, kept: u32, noun: &str) -> String {
    let plural = if of == 1 {
        noun.to_owned()
    } else {
        format!("{noun}s")
    };
    let back = lost - kept;
    if back == 0 {
        format!("lost {lost} of {of} {plural}")
    } else if kept == 0 {
        format!("lost {lost} of {of} {plural}; all came back")
    } else {
        format!("lost {lost} of {of} {plural}; {back} came back")
    }
}

#[cfg(test)]
mod tests {
    use super::super::rulings::Recovery;
    use super::*;

    #[test]
    fn half_of_the_losses_come_back_rounded_down() {
        assert_eq!(kept_after(Recovery::None, 5), 5);
        assert_eq!(kept_after(Recovery::Half, 5), 3);
        assert_eq!(kept_after(Recovery::Half, 1), 1);
        assert_eq!(kept_after(Recovery::All, 5), 0);
    }
}
