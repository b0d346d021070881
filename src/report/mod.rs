//! The after-action report: Markdown, or one self-contained HTML file with inline SVG charts.

pub(crate) mod svg;

use std::fmt::Write as _;

use chrono::{DateTime, Local, Utc};

use crate::engine::Game;
use crate::engine::view::{BattleView, LeaderView};
use crate::escape;

/// Everything a report shows, gathered once from a battle.
struct Facts {
    title: String,
    armies: [String; 2],
    started: String,
    view: BattleView,
    history: Vec<(u32, [u32; 2])>,
    timeline: Vec<Moment>,
    /// How a leader's rating change is timed: with its date when the battle spans days.
    change_time: &'static str,
    /// The entries of an older journal taken as recorded, and the checks that skipped.
    taken_as_recorded: Option<String>,
}

/// One entry of the timeline: its time, turn, phase, whose dice it rolled (if any) and its
/// sentences.
struct Moment {
    time: String,
    turn: u32,
    phase: String,
    dice: Option<&'static str>,
    lines: Vec<String>,
}

impl Moment {
    /// `12:04:31 · turn 2 · Melee (table dice)`: the dice only when the entry rolled any.
    fn heading(&self) -> String {
        let dice = self.dice.map_or_else(String::new, |d| format!(" ({d})"));
        format!("{} · turn {} · {}{dice}", self.time, self.turn, self.phase)
    }
}

/// Each side's strength by turn for the charts: turn 0 is the armies as mustered, then the end
/// of every turn (the last point: now).
pub fn strength_by_turn(game: &dyn Game) -> Vec<(u32, [u32; 2])> {
    let view = game.view();
    let start = |i: usize| view.sides.get(i).map_or(0, |s| s.strength().1);
    std::iter::once((0, [start(0), start(1)]))
        .chain(game.strength_history())
        .collect()
}

/// Whether the battle's times (its start, its entries and its leaders' rating changes) fall
/// on more than one day where the report is read: then each time says its date too.
fn spans_days(game: &dyn Game, view: &BattleView) -> bool {
    let day = |at: &DateTime<Utc>| at.with_timezone(&Local).date_naive();
    let first = day(&game.started());
    let changes = leaders(view).into_iter().flat_map(|(_, l)| &l.history);
    game.log().iter().map(|e| day(&e.at)).any(|d| d != first)
        || changes.map(|h| day(&h.at)).any(|d| d != first)
}

fn facts(game: &dyn Game) -> Facts {
    let view = game.view();
    let (entry_time, change_time) = if spans_days(game, &view) {
        ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M")
    } else {
        ("%H:%M:%S", "%H:%M")
    };
    Facts {
        title: game.title().to_owned(),
        armies: game.army_names(),
        started: game
            .started()
            .with_timezone(&Local)
            .format("%Y-%m-%d %H:%M")
            .to_string(),
        history: strength_by_turn(game),
        timeline: game
            .log()
            .iter()
            .map(|e| Moment {
                time: e.at.with_timezone(&Local).format(entry_time).to_string(),
                turn: e.turn,
                phase: e.phase.clone(),
                dice: e.dice.words(),
                lines: e.lines.clone(),
            })
            .collect(),
        view,
        change_time,
        taken_as_recorded: game.taken_as_recorded(),
    }
}

/// What the report says of entries taken as recorded: a reader of the report is told, as
/// the umpire who opened the journal was.
fn taken_as_recorded_note(f: &Facts) -> Option<String> {
    f.taken_as_recorded
        .as_ref()
        .map(|words| format!("Note: this journal was written by an older Gunbai. {words}."))
}

fn outcome(f: &Facts) -> String {
    let s: Vec<(u32, u32)> = f.view.sides.iter().map(|s| s.strength()).collect();
    let pct = |(now, start): (u32, u32)| {
        if start == 0 {
            0.0
        } else {
            100.0 * f64::from(now) / f64::from(start)
        }
    };
    match s.as_slice() {
        [a, b] => format!(
            "{} kept {}/{} ({:.0}%), {} kept {}/{} ({:.0}%) after {}{}.",
            f.armies[0],
            a.0,
            a.1,
            pct(*a),
            f.armies[1],
            b.0,
            b.1,
            pct(*b),
            crate::engine::words::counted(f.view.turn, "turn"),
            if f.view.ended {
                "; the umpire ended the battle"
            } else {
                "; the battle is still under way"
            }
        ),
        _ => String::new(),
    }
}

fn leaders(view: &BattleView) -> Vec<(&str, &LeaderView)> {
    view.sides
        .iter()
        .flat_map(|s| {
            s.general
                .iter()
                .chain(s.groups.iter().filter_map(|g| g.leader.as_ref()))
                .map(move |l| (s.name.as_str(), l))
        })
        .collect()
}

/// The report as Markdown: every name and sentence escaped, so what its author typed stays
/// text (no HTML markup, no table cells, no terminal commands when it is printed).
pub fn markdown(game: &dyn Game) -> String {
    let f = facts(game);
    let e = escape::markdown;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# After-action report: {} vs {}\n",
        e(&f.armies[0]),
        e(&f.armies[1])
    );
    let _ = writeln!(
        out,
        "*{}*, begun {}. {}\n",
        e(&f.title),
        e(&f.started),
        e(&outcome(&f))
    );
    if let Some(note) = taken_as_recorded_note(&f) {
        let _ = writeln!(out, "> {}\n", e(&note));
    }
    let _ = writeln!(
        out,
        "## Strength per turn\n\n| Turn | {} | {} |\n|---:|---:|---:|",
        e(&f.armies[0]),
        e(&f.armies[1])
    );
    for (turn, s) in &f.history {
        let _ = writeln!(out, "| {turn} | {} | {} |", s[0], s[1]);
    }
    out.push_str("\n## Losses per unit\n\n| Side | Group | Unit | Left | Start | Status |\n|---|---|---|---:|---:|---|\n");
    for side in &f.view.sides {
        for g in &side.groups {
            for u in &g.units {
                let badges: Vec<&str> = u.badges.iter().map(|b| b.label.as_ref()).collect();
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} |",
                    e(&side.name),
                    e(&g.name),
                    e(&u.name),
                    u.strength,
                    u.starting_strength,
                    e(&badges.join(", "))
                );
            }
        }
    }
    out.push_str("\n## Leaders\n\n");
    for (side, l) in leaders(&f.view) {
        let _ = writeln!(
            out,
            "- **{}** ({}): {} {}",
            e(&l.name),
            e(side),
            e(&l.rating_name),
            l.rating
        );
        for h in &l.history {
            let _ = writeln!(
                out,
                "  - turn {}: {:+} — {} ({})",
                h.turn,
                h.delta,
                e(&h.reason),
                h.at.with_timezone(&Local).format(f.change_time)
            );
        }
    }
    out.push_str("\n## Timeline\n\n");
    for m in &f.timeline {
        let _ = writeln!(out, "- {}: {}", e(&m.heading()), e(&m.lines.join(" ")));
    }
    out
}

/// Side `side`'s colour on the report's white page: the palette every screen uses.
pub(crate) fn side_hex(side: usize) -> String {
    crate::palette::side(side, crate::palette::Ground::Light).hex()
}

/// The report as one self-contained HTML file (inline CSS and SVG, no scripts).
pub fn html(game: &dyn Game) -> String {
    let f = facts(game);
    let e = escape::html;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Gunbai report: {a} vs {b}</title>\
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}}\
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.2rem .5rem}}td.n{{text-align:right}}\
.s0{{color:{s0}}}.s1{{color:{s1}}}</style></head><body>",
        a = e(&f.armies[0]),
        b = e(&f.armies[1]),
        s0 = side_hex(0),
        s1 = side_hex(1),
    );
    let _ = write!(
        out,
        "<h1>After-action report: {} vs {}</h1><p><em>{}</em>, begun {}. {}</p>",
        e(&f.armies[0]),
        e(&f.armies[1]),
        e(&f.title),
        e(&f.started),
        e(&outcome(&f))
    );
    if let Some(note) = taken_as_recorded_note(&f) {
        let _ = write!(out, "<p><strong>{}</strong></p>", e(&note));
    }
    let _ = write!(
        out,
        "<h2>Strength per turn</h2>{}",
        svg::strength_chart(&f.history, &f.armies)
    );
    out.push_str("<h2>Losses per unit</h2><table><tr><th>Side</th><th>Group</th><th>Unit</th><th>Left</th><th>Start</th><th>Status</th></tr>");
    for side in &f.view.sides {
        for g in &side.groups {
            for u in &g.units {
                let badges: Vec<&str> = u.badges.iter().map(|b| b.label.as_ref()).collect();
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td class=n>{}</td><td class=n>{}</td><td>{}</td></tr>",
                    e(&side.name),
                    e(&g.name),
                    e(&u.name),
                    u.strength,
                    u.starting_strength,
                    e(&badges.join(", "))
                );
            }
        }
    }
    out.push_str("</table><h2>Leaders</h2><ul>");
    for (side, l) in leaders(&f.view) {
        let _ = write!(
            out,
            "<li><strong>{}</strong> ({}): {} {}<ul>",
            e(&l.name),
            e(side),
            e(&l.rating_name),
            l.rating
        );
        for h in &l.history {
            let _ = write!(
                out,
                "<li>turn {}: {:+} — {}</li>",
                h.turn,
                h.delta,
                e(&h.reason)
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul><h2>Timeline</h2><ol>");
    for m in &f.timeline {
        let _ = write!(
            out,
            "<li>{}: {}</li>",
            e(&m.heading()),
            e(&m.lines.join(" "))
        );
    }
    out.push_str("</ol></body></html>\n");
    out
}
