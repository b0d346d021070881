//! A campaign's report, for a club to post: the series at a glance, each battle's result and
//! turning points, the losses carried from one battle to the next, the leaders' fortunes, and
//! the campaign rulings it was played under. Markdown, or one self-contained HTML file with
//! inline SVG charts (each side in its one colour).

use std::fmt::Write as _;
use std::path::Path;

use chrono::Local;

use super::change::{Change, What};
use super::file::Campaign;
use super::series::{Point, fortunes, series};
use crate::engine::words::counted;
use crate::escape;

/// Everything the report shows, gathered once.
struct Facts {
    title: String,
    armies: [String; 2],
    noun: &'static str,
    points: Vec<Point>,
    rulings: Vec<(String, String, bool)>,
    battles: Vec<BattleFacts>,
}

/// One battle, as the report tells it.
struct BattleFacts {
    number: usize,
    date: String,
    journal: String,
    result: String,
    turning_points: Vec<String>,
    /// Each leader whose rating changed in it: his name and `turn 3: +1 Honor…; …`.
    leaders: Vec<(String, String)>,
    carried: Option<Vec<Change>>,
}

fn facts(c: &Campaign, path: &Path) -> Facts {
    let info = c.info().ok();
    let noun = info.map_or("stand", |i| i.noun);
    let title = crate::rules::find(&c.ruleset).map_or(c.ruleset.clone(), |r| r.title.to_owned());
    let points = series(c);
    let armies = army_names(c, &points);
    let rulings = super::rulings::in_force(&c.ruleset, &c.rulings)
        .into_iter()
        .filter(|(_, r, _)| r.options.len() > 1)
        .map(|(key, r, option)| {
            let default = r.options.first() == Some(&option);
            (r.title_or(&key), r.choice(&option), default)
        })
        .collect();
    let dir = path.parent().unwrap_or(Path::new("."));
    let battles = c
        .battles
        .iter()
        .enumerate()
        .map(|(i, b)| {
            // The summary kept when the next battle began; the last battle's, read now.
            let summary = b.summary.clone().or_else(|| {
                crate::rules::open_journal(&dir.join(&b.journal), true, false)
                    .ok()
                    .map(|(g, _)| super::Summary::of(g.as_ref()))
            });
            let result = match (&b.result, &summary) {
                (Some(r), Some(s)) => format!("{r}. {}.", s.outcome(noun)),
                (Some(r), None) => format!("{r}."),
                (None, Some(s)) => format!("{}.", s.outcome(noun)),
                (None, None) => "Its journal cannot be read.".to_owned(),
            };
            BattleFacts {
                number: i + 1,
                date: b
                    .started
                    .with_timezone(&Local)
                    .format("%Y-%m-%d")
                    .to_string(),
                journal: b.journal.clone(),
                result,
                turning_points: summary
                    .as_ref()
                    .map(|s| s.turning_points.clone())
                    .unwrap_or_default(),
                leaders: summary
                    .map(|s| {
                        s.leaders
                            .iter()
                            .filter(|l| !l.changes.is_empty())
                            .map(|l| (l.name.clone(), l.changes.join("; ")))
                            .collect()
                    })
                    .unwrap_or_default(),
                carried: b.carried.clone(),
            }
        })
        .collect();
    Facts {
        title,
        armies,
        noun,
        points,
        rulings,
        battles,
    }
}

/// The armies' names, from the first battle that names them (or the muster).
fn army_names(c: &Campaign, points: &[Point]) -> [String; 2] {
    let from_summary = c
        .battles
        .iter()
        .find_map(|b| b.summary.as_ref().map(|s| s.armies.clone()));
    from_summary.unwrap_or_else(|| {
        let name = |i: usize| {
            ron::from_str::<ron::Value>(&c.mustered[i])
                .ok()
                .and_then(|v| match v {
                    ron::Value::Map(m) => m.get(&ron::Value::String("name".into())).cloned(),
                    _ => None,
                })
                .and_then(|v| v.into_rust::<String>().ok())
                .unwrap_or_else(|| format!("Army {}", i + 1))
        };
        let _ = points;
        [name(0), name(1)]
    })
}

/// A change in one line: `Kakizaki's Yari: -6 stands — routed off…; lost 6 of 8 stands
/// (campaign ruling recovery: none)`, and the table's reason when it set it aside.
fn change_line(c: &Change, noun: &str) -> String {
    let mut line = format!("{}: {} — {} ({})", c.who, c.effect(noun), c.cause, c.rule);
    if let Some(why) = &c.set_aside {
        let _ = write!(line, "; set aside by the table: {why}");
    }
    line
}

/// Every change kept, by army and by who, with the battle it came from.
fn losses_carried(f: &Facts) -> [Vec<(String, Vec<String>)>; 2] {
    let mut out: [Vec<(String, Vec<String>)>; 2] = [Vec::new(), Vec::new()];
    for b in &f.battles {
        for c in b.carried.iter().flatten() {
            if !c.applies() || matches!(c.what, What::Rating { .. }) {
                continue;
            }
            let Some(side) = out.get_mut(c.side) else {
                continue;
            };
            let entry = format!("battle {}: {}", b.number, c.effect(f.noun));
            match side.iter_mut().find(|(who, _)| *who == c.who) {
                Some((_, list)) => list.push(entry),
                None => side.push((c.who.clone(), vec![entry])),
            }
        }
    }
    out
}

/// A leader's rating from point to point: `8 (Mustered) → 9 (After battle 1)`.
fn course(l: &super::series::Fortune, labels: &[&str]) -> String {
    let steps: Vec<String> = l
        .values
        .iter()
        .map(|(i, v)| format!("{v} ({})", labels.get(*i).unwrap_or(&"")))
        .collect();
    steps.join(" → ")
}

/// A leader told in the report: his fortune, its course in words, and what each battle did
/// to his rating.
type Told = (super::series::Fortune, String, Vec<(usize, String)>);

/// The leaders whose rating moved in some battle (each with what moved it, battle by battle),
/// and the others in one list: `Takeda Shingen 武田信玄 9`. A club reads the stories, not
/// the ones that stood still.
fn leaders_told(f: &Facts) -> (Vec<Told>, Vec<String>) {
    let labels: Vec<&str> = f.points.iter().map(|p| p.label.as_str()).collect();
    let mut told = Vec::new();
    let mut steady = Vec::new();
    for l in fortunes(&f.points) {
        let battles: Vec<(usize, String)> = f
            .battles
            .iter()
            .flat_map(|b| {
                b.leaders
                    .iter()
                    .filter(|(name, _)| *name == l.name)
                    .map(|(_, what)| (b.number, what.clone()))
            })
            .collect();
        let moved = l.values.windows(2).any(|w| w[0].1 != w[1].1);
        if moved || !battles.is_empty() {
            let course = course(&l, &labels);
            told.push((l, course, battles));
        } else {
            steady.push(format!("{} {}", l.name, l.values.last().map_or(0, |v| v.1)));
        }
    }
    (told, steady)
}

/// The campaign's report as Markdown, every name escaped.
pub fn markdown(c: &Campaign, path: &Path) -> String {
    let f = facts(c, path);
    let e = escape::markdown;
    let mut out = String::new();
    let _ = writeln!(out, "# {}: campaign report\n", e(&c.name));
    let _ = writeln!(
        out,
        "*{}*: {} against {}, {}.\n",
        e(&f.title),
        e(&f.armies[0]),
        e(&f.armies[1]),
        counted(f.battles.len(), "battle")
    );
    out.push_str("## The series\n\n| Battle | Date | Result |\n|---:|---|---|\n");
    for b in &f.battles {
        let _ = writeln!(out, "| {} | {} | {} |", b.number, b.date, e(&b.result));
    }
    let _ = writeln!(
        out,
        "\n## Strength brought to each battle\n\n| | {} | {} |\n|---|---:|---:|",
        e(&f.armies[0]),
        e(&f.armies[1])
    );
    for p in &f.points {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            p.label, p.strength[0], p.strength[1]
        );
    }
    for b in &f.battles {
        let _ = writeln!(
            out,
            "\n## Battle {}, {}\n\n{}\n",
            b.number,
            b.date,
            e(&b.result)
        );
        if !b.turning_points.is_empty() {
            out.push_str("Turning points:\n\n");
            for t in &b.turning_points {
                let _ = writeln!(out, "- {}", e(t));
            }
            out.push('\n');
        }
        if let Some(carried) = &b.carried {
            let _ = writeln!(out, "Carried into battle {}:\n", b.number + 1);
            if carried.is_empty() {
                out.push_str("- nothing\n");
            }
            // Army by army, as the next battle's dialog lists them.
            for (side, army) in f.armies.iter().enumerate() {
                let of_side: Vec<&Change> = carried.iter().filter(|c| c.side == side).collect();
                if of_side.is_empty() {
                    continue;
                }
                let _ = writeln!(out, "- **{}**", e(army));
                for ch in of_side {
                    let _ = writeln!(out, "  - {}", e(&change_line(ch, f.noun)));
                }
            }
        }
        let _ = writeln!(out, "\n*Journal: {}*", e(&b.journal));
    }
    out.push_str("\n## Losses carried\n");
    for (side, list) in losses_carried(&f).iter().enumerate() {
        let _ = writeln!(out, "\n**{}**\n", e(&f.armies[side]));
        if list.is_empty() {
            out.push_str("- none\n");
        }
        for (who, entries) in list {
            let _ = writeln!(out, "- {}: {}", e(who), e(&entries.join("; ")));
        }
    }
    out.push_str("\n## The leaders' fortunes\n\n");
    let (told, steady) = leaders_told(&f);
    for (l, course, battles) in &told {
        let _ = writeln!(
            out,
            "- **{}** ({}), {}: {}",
            e(&l.name),
            e(&f.armies[l.side.min(1)]),
            e(&l.rating),
            e(course)
        );
        for (n, what) in battles {
            let _ = writeln!(out, "  - battle {n}: {}", e(what));
        }
    }
    if !steady.is_empty() {
        let _ = writeln!(out, "- Unchanged: {}", e(&steady.join(", ")));
    }
    rulings_md(&mut out, &f);
    out
}

fn rulings_md(out: &mut String, f: &Facts) {
    out.push_str("\n## Campaign rulings\n\n");
    for (title, choice, default) in &f.rulings {
        let mark = if *default {
            ""
        } else {
            " (chosen for this campaign)"
        };
        let _ = writeln!(
            out,
            "- {}: {}{mark}",
            escape::markdown(title),
            escape::markdown(choice)
        );
    }
}

/// The campaign's report as one self-contained HTML file (inline CSS and SVG, no scripts).
pub fn html(c: &Campaign, path: &Path) -> String {
    let f = facts(c, path);
    let e = escape::html;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{n}: campaign report</title>\
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}}\
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.2rem .5rem}}td.n{{text-align:right}}\
.s0{{stroke:{c0};color:{c0}}}.s1{{stroke:{c1};color:{c1}}}.aside{{color:#777}}</style></head><body>",
        n = e(&c.name),
        // The sides' colours of every screen and report (`palette`), on the page's white.
        c0 = crate::palette::side(0, crate::palette::Ground::Light).hex(),
        c1 = crate::palette::side(1, crate::palette::Ground::Light).hex(),
    );
    let _ = write!(
        out,
        "<h1>{}: campaign report</h1><p><em>{}</em>: <span class=s0>{}</span> against <span class=s1>{}</span>, {}.</p>",
        e(&c.name),
        e(&f.title),
        e(&f.armies[0]),
        e(&f.armies[1]),
        counted(f.battles.len(), "battle")
    );
    out.push_str("<h2>The series</h2><table><tr><th>Battle</th><th>Date</th><th>Result</th></tr>");
    for b in &f.battles {
        let _ = write!(
            out,
            "<tr><td class=n>{}</td><td>{}</td><td>{}</td></tr>",
            b.number,
            b.date,
            e(&b.result)
        );
    }
    out.push_str("</table><h2>Strength brought to each battle</h2>");
    let history: Vec<(u32, [u32; 2])> = f
        .points
        .iter()
        .zip(1u32..)
        .map(|(p, n)| (n, p.strength))
        .collect();
    out.push_str(&crate::report::svg::strength_chart(&history, &f.armies));
    let _ = write!(
        out,
        "<table><tr><th></th><th class=s0>{}</th><th class=s1>{}</th></tr>",
        e(&f.armies[0]),
        e(&f.armies[1])
    );
    for p in &f.points {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td></tr>",
            p.label, p.strength[0], p.strength[1]
        );
    }
    out.push_str("</table>");
    battles_html(&mut out, &f);
    out.push_str("<h2>Losses carried</h2>");
    for (side, list) in losses_carried(&f).iter().enumerate() {
        let _ = write!(out, "<h3 class=s{side}>{}</h3><ul>", e(&f.armies[side]));
        if list.is_empty() {
            out.push_str("<li>none</li>");
        }
        for (who, entries) in list {
            let _ = write!(out, "<li>{}: {}</li>", e(who), e(&entries.join("; ")));
        }
        out.push_str("</ul>");
    }
    out.push_str("<h2>The leaders' fortunes</h2><ul>");
    let (told, steady) = leaders_told(&f);
    for (l, course, battles) in &told {
        let _ = write!(
            out,
            "<li><strong class=s{}>{}</strong>, {}: {}<ul>",
            l.side.min(1),
            e(&l.name),
            e(&l.rating),
            e(course)
        );
        for (n, what) in battles {
            let _ = write!(out, "<li>battle {n}: {}</li>", e(what));
        }
        out.push_str("</ul></li>");
    }
    if !steady.is_empty() {
        let _ = write!(out, "<li>Unchanged: {}</li>", e(&steady.join(", ")));
    }
    out.push_str("</ul><h2>Campaign rulings</h2><ul>");
    for (title, choice, default) in &f.rulings {
        let mark = if *default {
            ""
        } else {
            " (chosen for this campaign)"
        };
        let _ = write!(out, "<li>{}: {}{mark}</li>", e(title), e(choice));
    }
    out.push_str("</ul></body></html>\n");
    out
}

/// Each battle's section of the HTML report: result, turning points, what it carried.
fn battles_html(out: &mut String, f: &Facts) {
    let e = escape::html;
    for b in &f.battles {
        let _ = write!(
            out,
            "<h2>Battle {}, {}</h2><p>{}</p>",
            b.number,
            b.date,
            e(&b.result)
        );
        if !b.turning_points.is_empty() {
            out.push_str("<p>Turning points:</p><ul>");
            for t in &b.turning_points {
                let _ = write!(out, "<li>{}</li>", e(t));
            }
            out.push_str("</ul>");
        }
        if let Some(carried) = &b.carried {
            let _ = write!(out, "<p>Carried into battle {}:</p><ul>", b.number + 1);
            if carried.is_empty() {
                out.push_str("<li>nothing</li>");
            }
            for ch in carried {
                let class = if ch.set_aside.is_some() {
                    " class=aside"
                } else {
                    ""
                };
                let side = format!("s{}", ch.side.min(1));
                let _ = write!(
                    out,
                    "<li{class}><span class={side}>■</span> {}</li>",
                    e(&change_line(ch, f.noun))
                );
            }
            out.push_str("</ul>");
        }
        let _ = write!(out, "<p><small>Journal: {}</small></p>", e(&b.journal));
    }
}
