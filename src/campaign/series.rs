//! A campaign from battle to battle: each army's strength and each leader's rating as they
//! stood when the campaign mustered and before each later battle (with every change kept), for
//! the campaign page's charts and the report.

use super::file::Campaign;
use crate::engine::words::count;
use crate::reference::HouseRules;
use crate::roster::RosterText;

/// The armies at one point of the campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// `Mustered`, `After battle 1`…
    pub label: String,
    /// The armies' names.
    pub names: [String; 2],
    /// Each army's strength, in its rule set's measure (stands, figures).
    pub strength: [u32; 2],
    /// Every leader: side, name, rating's name, rating.
    pub leaders: Vec<(usize, String, String, i64)>,
}

/// The campaign's points: mustered, then after each battle that carried into the next, and
/// (when the last battle has not carried yet) nothing more. A point whose armies cannot take
/// the field ends the series.
pub fn series(campaign: &Campaign) -> Vec<Point> {
    let Ok(info) = campaign.info() else {
        return Vec::new();
    };
    let batches: Vec<&[super::Change]> = campaign
        .battles
        .iter()
        .filter_map(|b| b.carried.as_deref())
        .collect();
    let mut points = Vec::new();
    for k in 0..=batches.len() {
        let Ok((armies, blocked)) = info.apply(&campaign.mustered, &batches[..k]) else {
            break;
        };
        if !blocked.is_empty() {
            break;
        }
        let label = if k == 0 {
            "Mustered".to_owned()
        } else {
            format!("After battle {k}")
        };
        match point(info.key, label, &armies) {
            Some(p) => points.push(p),
            None => break,
        }
    }
    points
}

/// The armies' strength and leaders, read from a battle begun between them (never written,
/// never journalled).
pub fn point(key: &str, label: String, armies: &[String; 2]) -> Option<Point> {
    let roster = |i: usize| RosterText {
        file: format!("army {}", i + 1),
        source: armies[i].clone(),
    };
    let game =
        crate::rules::start_battle(key, &[roster(0), roster(1)], HouseRules::default(), None)
            .ok()?;
    let view = game.view();
    let strength = |i: usize| view.sides.get(i).map_or(0, |s| s.strength().1);
    let name = |i: usize| {
        view.sides
            .get(i)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    let leaders = view
        .sides
        .iter()
        .enumerate()
        .flat_map(|(side, s)| {
            s.general
                .iter()
                .chain(s.groups.iter().filter_map(|g| g.leader.as_ref()))
                .map(move |l| (side, l.name.clone(), l.rating_name.to_string(), l.rating))
        })
        .collect();
    Some(Point {
        label,
        names: [name(0), name(1)],
        strength: [strength(0), strength(1)],
        leaders,
    })
}

/// One leader's rating over the campaign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fortune {
    /// His side.
    pub side: usize,
    /// His name.
    pub name: String,
    /// The rating's name.
    pub rating: String,
    /// His rating at each point he was there: `(point, rating)`.
    pub values: Vec<(usize, i64)>,
}

/// Each leader's rating at every point, for a chart, in the order they first appear.
pub fn fortunes(points: &[Point]) -> Vec<Fortune> {
    let mut out: Vec<Fortune> = Vec::new();
    for (i, p) in points.iter().enumerate() {
        for (side, name, rating, value) in &p.leaders {
            match out.iter_mut().find(|l| l.side == *side && l.name == *name) {
                Some(l) => l.values.push((i, *value)),
                None => out.push(Fortune {
                    side: *side,
                    name: name.clone(),
                    rating: rating.clone(),
                    values: vec![(i, *value)],
                }),
            }
        }
    }
    out
}

/// `61 stands`, in the rule set's noun.
pub fn strength_words(n: u32, noun: &str) -> String {
    count(n, noun)
}
