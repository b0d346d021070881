//! What the players' screen shows, composed from the battle and from what is kept from the
//! players: plain data, so the tests read it without a window and the drawing only lays it
//! out.

use std::collections::{HashMap, HashSet};

use crate::engine::journal::Rolled as Dice;
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
    Check(Box<Shown>),
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
    /// Whose chance each outcome is, by side, in the odds' order: the side it names, or the
    /// side of who tests; none when no one side's (its bar is then neutral).
    pub odds_sides: Vec<Option<usize>>,
}

/// A check just answered and what came of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// The check as it was shown before the answer.
    pub check: Shown,
    /// What the journal says happened: the faces (and whose dice) and the outcome.
    pub lines: Vec<String>,
    /// Whose dice the answer rolled (none, for a decision).
    pub dice: Dice,
}

impl Rolled {
    /// What the screen heads it with: a roll only when dice were rolled.
    pub fn heading(&self) -> &'static str {
        match self.dice {
            Dice::App | Dice::Table => "Last roll",
            Dice::Nothing => "Last decision",
            Dice::Unrecorded => "Last answer",
        }
    }
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
    /// Their names, to recognise any words about one of them.
    pub names: Vec<String>,
    /// The key of the check the umpire hid until it is rolled.
    pub check: Option<String>,
    /// The strength (now, at the start) the players last saw of each kept unit: what it
    /// counts for in its side's total, so keeping a unit, or anything that happens to it
    /// while kept, changes no number on the screen. A unit they never saw counts for nothing.
    pub last_seen: HashMap<String, (u32, u32)>,
}

impl Secrets {
    /// The secrets of `view`: the units with these ids, the hidden check's key, and what the
    /// players last saw of each unit's strength.
    pub fn new(
        view: &BattleView,
        units: HashSet<String>,
        check: Option<String>,
        last_seen: HashMap<String, (u32, u32)>,
    ) -> Self {
        let names = view
            .sides
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.units)
            .filter(|u| units.contains(&u.id) && !u.name.trim().is_empty())
            .map(|u| u.name.clone())
            .collect();
        Self {
            units,
            names,
            check,
            last_seen,
        }
    }

    /// Whether `text` names a unit kept from the players.
    pub fn names_in(&self, text: &str) -> bool {
        self.names.iter().any(|n| names(text, n))
    }

    /// Whether a log entry speaks of a unit kept from the players, by its units or its words.
    pub fn hides_entry(&self, entry: &LogEntry) -> bool {
        entry.units.iter().any(|u| self.units.contains(u))
            || entry.lines.iter().any(|l| self.names_in(l))
    }

    /// Whether a check is about, or names, a unit kept from the players: its odds would
    /// tell of it too.
    pub fn hides_check(&self, check: &Check<()>) -> bool {
        [&check.who, &check.what, &check.why, &check.target]
            .into_iter()
            .chain(check.modifiers.iter().map(|m| &m.reason))
            .chain(check.odds.iter().map(|o| &o.outcome))
            .chain(&check.notes)
            .any(|t| self.names_in(t))
    }

    /// Whether a check as shown names a unit kept from the players.
    fn hides_shown(&self, shown: &Shown) -> bool {
        [&shown.who, &shown.what, &shown.why, &shown.target]
            .into_iter()
            .chain(&shown.modifiers)
            .chain(shown.odds.iter().map(|(o, _)| o))
            .any(|t| self.names_in(t))
    }

    /// `text` with every kept unit's name blotted out (a phase named after a leader kept
    /// from the players).
    fn blot(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for name in &self.names {
            while let Some(at) = find_name(&out, name) {
                out.replace_range(at..at + name.len(), "—");
            }
        }
        out
    }
}

/// Where `name` stands in `text` as a name, not inside a longer word ("Ninja 1" is not in
/// "Ninja 12").
fn find_name(text: &str, name: &str) -> Option<usize> {
    if name.is_empty() {
        return None;
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut from = 0;
    while let Some(found) = text[from..].find(name) {
        let at = from + found;
        let end = at + name.len();
        if !word(text[..at].chars().next_back()) && !word(text[end..].chars().next()) {
            return Some(at);
        }
        from = at + name.chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// Whether `text` names `name`.
fn names(text: &str, name: &str) -> bool {
    find_name(text, name).is_some()
}

/// The side whose army, group, unit or leader `text` names, when it names one side only.
fn side_named(view: &BattleView, text: &str) -> Option<usize> {
    let mut sides = view.sides.iter().enumerate().filter(|(_, side)| {
        let leaders = side
            .general
            .iter()
            .chain(side.groups.iter().filter_map(|g| g.leader.as_ref()))
            .map(|l| l.name.as_str());
        let units = side
            .groups
            .iter()
            .flat_map(|g| &g.units)
            .map(|u| u.name.as_str());
        let groups = side.groups.iter().map(|g| g.name.as_str());
        std::iter::once(side.name.as_str())
            .chain(leaders)
            .chain(units)
            .chain(groups)
            .any(|n| !n.trim().is_empty() && names(text, n))
    });
    match (sides.next(), sides.next()) {
        (Some((s, _)), None) => Some(s),
        _ => None,
    }
}

/// The screen for `view`, its top check, its log and what was last answered.
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
        Some(c) => Now::Check(Box::new(shown_for(c, view))),
    };
    let rolled = rolled
        .filter(|r| !secrets.hides_shown(&r.check) && !r.lines.iter().any(|l| secrets.names_in(l)));
    let recent = log
        .iter()
        .rev()
        .filter(|e| !secrets.hides_entry(e))
        // The last answer is shown whole above: not twice.
        .filter(|e| rolled.is_none_or(|r| r.lines != e.lines))
        .take(RECENT)
        .map(|e| e.lines.clone())
        .collect();
    Screen {
        turn: format!("Turn {}", view.turn),
        phase: secrets.blot(&view.phase),
        next: secrets.blot(&view.next),
        ended: view.ended,
        now,
        rolled: rolled.cloned(),
        recent,
        sides: view.sides.iter().map(|s| side_line(s, secrets)).collect(),
    }
}

/// A check without its buttons, each outcome's odds told by whose chance it is.
fn shown_for(check: &Check<()>, view: &BattleView) -> Shown {
    let mut shown = shown(check);
    let tester = side_named(view, &check.who);
    shown.odds_sides = check
        .odds
        .iter()
        .map(|o| side_named(view, &o.outcome).or(tester))
        .collect();
    shown
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
        odds_sides: vec![None; check.odds.len()],
    }
}

fn side_line(side: &crate::engine::view::SideView, secrets: &Secrets) -> SideLine {
    let units = || side.groups.iter().flat_map(|g| &g.units);
    // A kept unit counts as the players last saw it: nothing changes when it is kept.
    let strength = units().fold((0, 0), |(now, start), u| {
        let (n, s) = if secrets.units.contains(&u.id) {
            secrets.last_seen.get(&u.id).copied().unwrap_or((0, 0))
        } else {
            (u.strength, u.starting_strength)
        };
        (now + n, start + s)
    });
    // What most of its units count (daimyo's leaders count as units of one "leader").
    let mut measures: Vec<&str> = units().map(|u| u.measure.as_ref()).collect();
    measures.sort_unstable();
    let measure = measures
        .chunk_by(|a, b| a == b)
        .max_by_key(|run| run.len())
        .and_then(|run| run.first())
        .map(|m| (*m).to_owned())
        .unwrap_or_default();
    let leaders = side
        .general
        .iter()
        .chain(side.groups.iter().filter_map(|g| g.leader.as_ref()))
        .filter(|l| !secrets.names_in(&l.name))
        .map(|l| (l.name.clone(), l.rating_name.to_string(), l.rating))
        .collect();
    SideLine {
        name: side.name.clone(),
        strength,
        measure,
        leaders,
    }
}
