//! What the players' screen shows, composed from the battle and from what is kept from the
//! players: plain data, so the tests read it without a window and the drawing only lays it
//! out.

use std::collections::HashSet;

use crate::engine::view::BattleView;
use crate::engine::{Check, LogEntry};

/// The whole players' screen at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    /// `Turn 3`.
    pub turn: String,
    /// The phase in words, which names whose round it is where the rules have rounds.
    pub phase: String,
    /// What comes after this phase.
    pub next: String,
    /// The umpire has ended the battle.
    pub ended: bool,
    /// The check being resolved now.
    pub now: Now,
    /// The last check rolled, with its result, held until the next one is settled.
    pub rolled: Option<Rolled>,
    /// The last few things done, newest first.
    pub recent: Vec<Vec<String>>,
    /// Each side's strength and leaders.
    pub sides: Vec<SideLine>,
}

/// The check in front of the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Now {
    /// Nothing is due.
    Nothing,
    /// The umpire keeps the check from the players until it is rolled.
    Hidden,
    /// The check, whole.
    Check(Shown),
}

/// A check as the players see it: everything but the umpire's buttons.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// Who tests.
    pub who: String,
    /// What the test is.
    pub what: String,
    /// Why the rules ask for it now.
    pub why: String,
    /// The rule it comes from.
    pub citation: String,
    /// The dice, in notation (`2d6`), if any are rolled.
    pub dice: Option<String>,
    /// The target in words.
    pub target: String,
    /// Each modifier with its reason: `+1  charging downhill`.
    pub modifiers: Vec<String>,
    /// The odds of each outcome that matters, 0..=1.
    pub odds: Vec<(String, f64)>,
}

/// A check just rolled and what came of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// The check as it was shown before the roll.
    pub check: Shown,
    /// What the journal says happened: the faces (and whose dice) and the outcome.
    pub lines: Vec<String>,
}

/// One side's line at the bottom of the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SideLine {
    /// The army's name.
    pub name: String,
    /// Strength now and at the start, over the units the players may see.
    pub strength: (u32, u32),
    /// What strength counts (`stands`, `figures`), from the first unit.
    pub measure: String,
    /// Each leader's name, what his rating is called, and the rating now.
    pub leaders: Vec<(String, String, i64)>,
}

/// How many of the last entries the screen lists.
pub const RECENT: usize = 3;

/// What is kept from the players now.
#[derive(Clone, Debug, Default)]
pub struct Secrets {
    /// Units by view id: the rules' (an ambush) and the umpire's marks.
    pub units: HashSet<String>,
    /// Their names, to recognise a check about one of them.
    pub names: Vec<String>,
    /// The key of the check the umpire hid until it is rolled.
    pub check: Option<String>,
}

impl Secrets {
    /// The secrets of `view`: the units with these ids, and the hidden check's key.
    pub fn new(view: &BattleView, units: HashSet<String>, check: Option<String>) -> Self {
        let names = view
            .sides
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.units)
            .filter(|u| units.contains(&u.id))
            .map(|u| u.name.clone())
            .collect();
        Self {
            units,
            names,
            check,
        }
    }

    /// Whether a log entry speaks of a unit kept from the players.
    pub fn hides_entry(&self, units: &[String]) -> bool {
        units.iter().any(|u| self.units.contains(u))
    }

    /// Whether a check is about a unit kept from the players.
    fn hides_check(&self, check: &Check<()>) -> bool {
        self.names
            .iter()
            .any(|n| !n.is_empty() && check.who.contains(n.as_str()))
    }
}

/// The screen for `view`, its top check, its log and what was last rolled.
pub fn compose(
    view: &BattleView,
    top: Option<&Check<()>>,
    log: &[LogEntry],
    rolled: Option<&Rolled>,
    secrets: &Secrets,
) -> Screen {
    let now = match top {
        None => Now::Nothing,
        Some(c) if secrets.check.as_ref() == Some(&c.key) || secrets.hides_check(c) => Now::Hidden,
        Some(c) => Now::Check(shown(c)),
    };
    let recent = log
        .iter()
        .rev()
        .filter(|e| !secrets.hides_entry(&e.units))
        // The last roll is shown whole above: not twice.
        .filter(|e| rolled.is_none_or(|r| r.lines != e.lines))
        .take(RECENT)
        .map(|e| e.lines.clone())
        .collect();
    Screen {
        turn: format!("Turn {}", view.turn),
        phase: view.phase.clone(),
        next: view.next.clone(),
        ended: view.ended,
        now,
        rolled: rolled.cloned(),
        recent,
        sides: view.sides.iter().map(|s| side_line(s, secrets)).collect(),
    }
}

/// A check without its buttons.
pub fn shown(check: &Check<()>) -> Shown {
    Shown {
        who: check.who.clone(),
        what: check.what.clone(),
        why: check.why.clone(),
        citation: check.citation.clone(),
        dice: check.roll.as_ref().map(|r| r.notation()),
        target: check.target.clone(),
        modifiers: check
            .modifiers
            .iter()
            .map(|m| {
                let unit = if m.unit.is_empty() {
                    String::new()
                } else {
                    format!(" {}", m.unit)
                };
                format!("{:+}{unit}  {}", m.value, m.reason)
            })
            .collect(),
        odds: check
            .odds
            .iter()
            .map(|o| (o.outcome.clone(), o.probability))
            .collect(),
    }
}

fn side_line(side: &crate::engine::view::SideView, secrets: &Secrets) -> SideLine {
    let seen = || {
        side.groups
            .iter()
            .flat_map(|g| &g.units)
            .filter(|u| !secrets.units.contains(&u.id))
    };
    let strength = seen().fold((0, 0), |(now, start), u| {
        (now + u.strength, start + u.starting_strength)
    });
    let measure = seen()
        .next()
        .map(|u| u.measure.to_string())
        .unwrap_or_default();
    let leaders = side
        .general
        .iter()
        .chain(side.groups.iter().filter_map(|g| g.leader.as_ref()))
        .map(|l| (l.name.clone(), l.rating_name.to_string(), l.rating))
        .collect();
    SideLine {
        name: side.name.clone(),
        strength,
        measure,
        leaders,
    }
}
