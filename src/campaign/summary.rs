//! What a campaign keeps of each battle for its page and its report: how it ended, each
//! side's strength at the start and the end, the leaders' ratings at the end and how they
//! changed, and its turning points.

use serde::{Deserialize, Serialize};

use crate::engine::Game;
use crate::engine::view::{BattleView, LeaderView};

/// A leader at the end of a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderMark {
    /// His side.
    pub side: usize,
    /// His name.
    pub name: String,
    /// The rating's name: `Command`.
    pub rating_name: String,
    /// The rating as the battle ended.
    pub rating: i64,
    /// Each change in the battle: `turn 3: +1 Honor: won the melee against …`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
}

/// A battle as the campaign remembers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The umpire ended it.
    pub ended: bool,
    /// The turn it ended in.
    pub turns: u32,
    /// Each side's name.
    pub armies: [String; 2],
    /// Each side's strength at the start and at the end: `[[start, end], [start, end]]`.
    pub strength: [[u32; 2]; 2],
    /// The leaders as the battle ended.
    #[serde(default)]
    pub leaders: Vec<LeaderMark>,
    /// What decided it, in order: leaders' fortunes, units lost, the worst turn for each side.
    #[serde(default)]
    pub turning_points: Vec<String>,
}

impl Summary {
    /// The summary of a battle as it stands.
    pub fn of(game: &dyn Game) -> Self {
        let view = game.view();
        let history = crate::report::strength_by_turn(game);
        let first = history.first().map_or([0, 0], |(_, s)| *s);
        let last = history.last().map_or([0, 0], |(_, s)| *s);
        Self {
            ended: game.ended(),
            turns: view.turn,
            armies: game.army_names(),
            strength: [[first[0], last[0]], [first[1], last[1]]],
            leaders: leaders(&view),
            turning_points: turning_points(&view, &history),
        }
    }

    /// The result in words, from the strength each side kept: `Takeda kept 61 of 80 stands
    /// (76%), Uesugi 40 of 78 (51%)`; `Under way, turn 2: … so far` while it is fought.
    pub fn outcome(&self, noun: &str) -> String {
        let kept = |side: usize| {
            let [start, end] = self.strength[side];
            let pct = if start == 0 {
                0
            } else {
                (100 * u64::from(end) / u64::from(start)) as u32
            };
            (end, start, pct)
        };
        let (a, b) = (kept(0), kept(1));
        let mut out = format!(
            "{} kept {} of {} {} ({}%), {} {} of {} ({}%)",
            self.armies[0],
            a.0,
            a.1,
            crate::engine::words::plural(noun),
            a.2,
            self.armies[1],
            b.0,
            b.1,
            b.2
        );
        if !self.ended {
            // Said first: a battle still being fought has no result yet, only a position.
            out = format!("Under way, turn {}: {out} so far", self.turns);
        }
        out
    }
}

/// Every leader with his rating as the battle ended and the changes made in it.
fn leaders(view: &BattleView) -> Vec<LeaderMark> {
    let mark = |side: usize, l: &LeaderView| LeaderMark {
        side,
        name: l.name.clone(),
        rating_name: l.rating_name.to_string(),
        rating: l.rating,
        changes: l
            .history
            .iter()
            .map(|h| format!("turn {}: {:+} {}", h.turn, h.delta, h.reason))
            .collect(),
    };
    view.sides
        .iter()
        .enumerate()
        .flat_map(|(side, s)| {
            s.general
                .iter()
                .chain(s.groups.iter().filter_map(|g| g.leader.as_ref()))
                .map(move |l| mark(side, l))
        })
        .collect()
}

/// The moments that decided a battle: each leader's change of fortune, each unit that left
/// play, and each side's worst turn.
fn turning_points(view: &BattleView, history: &[(u32, [u32; 2])]) -> Vec<String> {
    let mut points = Vec::new();
    for side in &view.sides {
        let leaders = side
            .general
            .iter()
            .chain(side.groups.iter().filter_map(|g| g.leader.as_ref()));
        for l in leaders {
            for h in &l.history {
                points.push((
                    h.turn,
                    format!(
                        "Turn {}: {} {} {:+}: {}",
                        h.turn, l.name, l.rating_name, h.delta, h.reason
                    ),
                ));
            }
        }
    }
    for side in &view.sides {
        for u in side.groups.iter().flat_map(|g| &g.units) {
            if !u.in_play && u.starting_strength > 0 {
                let why: Vec<&str> = u.badges.iter().map(|b| b.label.as_ref()).collect();
                let why = if why.is_empty() {
                    "out of the fight".to_owned()
                } else {
                    why.join(", ").to_lowercase()
                };
                points.push((u32::MAX, format!("{} ({}): {why}", u.name, side.name)));
            }
        }
    }
    for (i, side) in view.sides.iter().enumerate().take(2) {
        let worst = history
            .windows(2)
            .map(|w| (w[1].0, w[0].1[i].saturating_sub(w[1].1[i])))
            .max_by_key(|(turn, lost)| (*lost, std::cmp::Reverse(*turn)));
        if let Some((turn, lost)) = worst.filter(|(_, lost)| *lost > 0) {
            points.push((
                turn,
                format!("Turn {turn}: {}'s worst turn, {lost} lost", side.name),
            ));
        }
    }
    points.sort_by_key(|(turn, _)| *turn);
    points.into_iter().map(|(_, p)| p).collect()
}
