//! A rule-set-neutral picture of a battle: what the roster panel, `replay` and the report show.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::check::Modifier;

/// The whole battle at one moment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BattleView {
    /// The turn number, from 1.
    pub turn: u32,
    /// The current phase, in words.
    pub phase: String,
    /// What comes after this phase.
    pub next: String,
    /// Whether the umpire has ended the battle.
    pub ended: bool,
    /// Both sides, in roster order.
    pub sides: Vec<SideView>,
}

/// One army.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideView {
    /// The army's name.
    pub name: String,
    /// Its overall commander, if the rule set has one.
    pub general: Option<LeaderView>,
    /// Clans, commands or contingents, each with its units.
    pub groups: Vec<GroupView>,
}

impl SideView {
    /// Current and starting strength summed over every unit of the side's own groups, in the
    /// units' own measure (a group shown beside it but fighting for no one is not counted).
    pub fn strength(&self) -> (u32, u32) {
        self.groups
            .iter()
            .filter(|g| g.in_strength)
            .flat_map(|g| &g.units)
            .fold((0, 0), |(now, start), u| {
                (now + u.strength, start + u.starting_strength)
            })
    }
}

/// A clan, command or contingent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupView {
    /// Whether its units count in the side's strength: false for troops shown beside a side
    /// but fighting for no one (simple's village peasants).
    pub in_strength: bool,
    /// Its name.
    pub name: String,
    /// Its leader, if any.
    pub leader: Option<LeaderView>,
    /// Badges for the group as a whole (`Activated`, `Missed`).
    pub badges: Vec<Badge>,
    /// Its units or figures.
    pub units: Vec<UnitView>,
}

/// A unit (or a figure, in a skirmish game).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitView {
    /// A stable id, unique in the battle.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it is: `Mounted Samurai, armoured, bow`.
    pub kind: String,
    /// Strength now, in `measure` (stands, figures, wounds left).
    pub strength: u32,
    /// Strength at the start of the battle.
    pub starting_strength: u32,
    /// What strength counts: `stands`, `figures`.
    pub measure: Cow<'static, str>,
    /// Hits marked but not yet enough to remove a stand.
    pub marked_hits: u32,
    /// Still in play. False once destroyed, removed, dead, routed off or fled: what is gone
    /// takes no part (no orders, no tests, no target, counts for nothing).
    pub in_play: bool,
    /// Status badges.
    pub badges: Vec<Badge>,
    /// Further facts for the details pane, as label and value.
    pub details: Vec<(Cow<'static, str>, String)>,
}

/// How a badge should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Tone {
    /// Plain information.
    Info,
    /// Something is wrong but the unit still fights.
    Warning,
    /// The unit is broken, fleeing or gone.
    Danger,
    /// Something good, like Honor.
    Good,
}

/// A short status marker on a unit or group.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Badge {
    /// The word shown: `Disordered`.
    pub label: Cow<'static, str>,
    /// Its colour.
    pub tone: Tone,
    /// What it means and why it is there, shown on hover.
    pub why: Cow<'static, str>,
}

impl Badge {
    /// A badge with its tone and explanation.
    pub fn new(
        label: impl Into<Cow<'static, str>>,
        tone: Tone,
        why: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            label: label.into(),
            tone,
            why: why.into(),
        }
    }
}

/// Adds a badge to `badges` when `on`: the rule sets' views list their badges as a run of
/// conditions.
pub fn push_if(
    badges: &mut Vec<Badge>,
    on: bool,
    label: impl Into<Cow<'static, str>>,
    tone: Tone,
    why: impl Into<Cow<'static, str>>,
) {
    if on {
        badges.push(Badge::new(label, tone, why));
    }
}

/// A leader and the rating the rules use for him.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeaderView {
    /// His name.
    pub name: String,
    /// What the rating is called: `Command`.
    pub rating_name: Cow<'static, str>,
    /// The rating in force now, all parts included.
    pub rating: i64,
    /// The parts that make it up, base first.
    pub parts: Vec<Modifier>,
    /// Every change, oldest first.
    pub history: Vec<RatingChange>,
    /// Badges: `Attached to …`, `Injured`.
    pub badges: Vec<Badge>,
}

/// One change of a leader's rating.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct RatingChange {
    /// The turn it happened in.
    pub turn: u32,
    /// The signed change.
    pub delta: i64,
    /// Why: `Honor: won the melee against …`.
    pub reason: String,
    /// When, from the journal entry.
    pub at: DateTime<Utc>,
}

/// Reads a view id of `N` dot-separated small numbers (`0.1.2`), as rule sets number their
/// units and figures.
pub fn parse_id<const N: usize>(id: &str) -> Option<[u8; N]> {
    let mut out = [0u8; N];
    let mut parts = id.split('.');
    for slot in &mut out {
        *slot = parts.next()?.parse().ok()?;
    }
    parts.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::parse_id;

    #[test]
    fn view_ids_are_read_whole_or_not_at_all() {
        assert_eq!(parse_id::<3>("0.1.2"), Some([0, 1, 2]));
        assert_eq!(parse_id::<3>("0.1"), None);
        assert_eq!(parse_id::<3>("0.1.2.3"), None);
        assert_eq!(parse_id::<2>("0.x"), None);
        assert_eq!(parse_id::<1>("300"), None);
    }
}
