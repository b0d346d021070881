//! The campaign page: the series at a glance (battles, dates, results), each army's strength
//! from battle to battle and each leader's rating over time (egui_plot, each side in its one
//! colour), what every battle carried into the next, and the way on: the next battle, or the
//! campaign's report. Also the campaigns in the Journal window's list, and the offer to
//! continue a campaign when its battle ends.

use std::path::{Path, PathBuf};

use eframe::egui::{self, RichText};
use egui_plot::{Legend, Line, MarkerShape, Plot, PlotPoints, Points};

use super::theme;
use crate::campaign::file::{Campaign, SUFFIX, is_campaign_file};
use crate::campaign::series::{Point, fortunes, series};
use crate::engine::words::{counted, plural};

/// What the umpire asked of a campaign window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignAction {
    /// Prepare the next battle of the campaign at this file (named so).
    Continue(PathBuf, String),
    /// Show the campaign page of the campaign at this file.
    Show(PathBuf, String),
    /// Write the campaign's report (HTML) to the data directory's reports.
    Report(PathBuf, String),
}

/// The campaign windows: the page and the offer made when a campaign's battle ends.
#[derive(Default)]
pub struct CampaignUi {
    /// The page, while it is open.
    pub page: Option<CampaignPage>,
    /// A campaign battle just ended: its campaign file, name and place.
    pub offer: Option<(PathBuf, String, u32)>,
    /// What the last action did: message and whether it failed.
    pub message: Option<(String, bool)>,
}

/// A campaign as its page shows it.
pub struct CampaignPage {
    /// The campaign file.
    pub path: PathBuf,
    /// The campaign.
    pub campaign: Campaign,
    points: Vec<Point>,
    /// Each battle's result in words, read once.
    results: Vec<String>,
}

impl CampaignPage {
    /// The page of `campaign` (its file at `path`).
    pub fn new(path: PathBuf, campaign: Campaign) -> Self {
        let mut points = series(&campaign);
        // A last battle that has ended but carried nothing yet: the armies as it leaves them.
        let carried = campaign
            .battles
            .iter()
            .filter(|b| b.carried.is_some())
            .count();
        if campaign.battles.len() > carried {
            let after = campaign
                .next(&path)
                .ok()
                .and_then(|next| campaign.next_armies(&next).ok())
                .and_then(|armies| {
                    let label = format!("After battle {}", campaign.battles.len());
                    crate::campaign::series::point(&campaign.ruleset, label, &armies)
                });
            points.extend(after);
        }
        let noun = campaign.info().map_or("stand", |i| i.noun);
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let results = campaign
            .battles
            .iter()
            .map(|b| {
                let summary = b.summary.clone().or_else(|| {
                    crate::rules::open_journal(&dir.join(&b.journal), true, false)
                        .ok()
                        .map(|(g, _)| crate::campaign::Summary::of(g.as_ref()))
                });
                match (&b.result, summary) {
                    (Some(r), Some(s)) => format!("{r}. {}", s.outcome(noun)),
                    (Some(r), None) => r.clone(),
                    (None, Some(s)) => s.outcome(noun),
                    (None, None) => "its journal cannot be read".to_owned(),
                }
            })
            .collect();
        Self {
            path,
            campaign,
            points,
            results,
        }
    }
}

impl CampaignUi {
    /// Draws the page and the offer; returns what the umpire asked for.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<CampaignAction> {
        let mut action = self.offer_ui(ctx);
        let mut open = self.page.is_some();
        if let Some(page) = &self.page {
            let screen = ctx.content_rect().size();
            // Below the toolbar, its title bar included, whatever the screen.
            let tall = (screen.y - 140.0).clamp(240.0, 900.0);
            super::window_fit::fitted(
                egui::Window::new(format!("Campaign: {}", page.campaign.name)),
                ctx,
                [1000.0, tall],
            )
            .default_pos([40.0, 60.0])
            .max_width((screen.x - 48.0).max(320.0))
            .max_height(tall)
            .open(&mut open)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    // The scroll bar floats over the page's right edge: keep the page clear of
                    // it, so no chart or name runs under it.
                    let bar = &ui.spacing().scroll;
                    let right = bar.bar_width + bar.bar_inner_margin + bar.bar_outer_margin;
                    egui::Frame::NONE
                        .inner_margin(egui::Margin {
                            right: right.ceil() as i8,
                            ..egui::Margin::ZERO
                        })
                        .show(ui, |ui| {
                            action = action.take().or(page_ui(ui, page, self.message.as_ref()));
                        });
                });
            });
        }
        if !open {
            self.page = None;
        }
        action
    }

    /// When a campaign's battle has just ended: the way on.
    fn offer_ui(&mut self, ctx: &egui::Context) -> Option<CampaignAction> {
        let (path, name, battle) = self.offer.clone()?;
        let mut action = None;
        egui::Window::new("The battle has ended")
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(format!("Battle {battle} of the campaign {name} has ended."));
                ui.horizontal(|ui| {
                    if ui
                        .button(RichText::new("Continue the campaign").strong())
                        .on_hover_text("The next battle's New battle dialog, with both armies as they now stand")
                        .clicked()
                    {
                        action = Some(CampaignAction::Continue(path.clone(), name.clone()));
                    }
                    if ui.button("Campaign page").clicked() {
                        action = Some(CampaignAction::Show(path.clone(), name.clone()));
                    }
                    if ui.button("Not now").clicked() {
                        self.offer = None;
                    }
                });
            });
        if action.is_some() {
            self.offer = None;
        }
        action
    }
}

/// The page itself.
fn page_ui(
    ui: &mut egui::Ui,
    page: &CampaignPage,
    message: Option<&(String, bool)>,
) -> Option<CampaignAction> {
    let c = &page.campaign;
    let dark = ui.visuals().dark_mode;
    let title = crate::rules::find(&c.ruleset).map_or(c.ruleset.as_str(), |r| r.title);
    let names = page.points.first().map_or_else(
        || ["Army 1".to_owned(), "Army 2".to_owned()],
        |p| p.names.clone(),
    );
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("{title}:")).italics());
        ui.label(
            RichText::new(&names[0])
                .color(theme::side_color(0, dark))
                .strong(),
        );
        ui.label("against");
        ui.label(
            RichText::new(&names[1])
                .color(theme::side_color(1, dark))
                .strong(),
        );
        ui.label(format!("— {}", counted(c.battles.len(), "battle")));
    });
    let mut action = None;
    ui.horizontal(|ui| {
        let (path, name) = (page.path.clone(), c.name.clone());
        if ui
            .button(RichText::new("Continue the campaign").strong())
            .on_hover_text("The next battle, or the last one while it is under way")
            .clicked()
        {
            action = Some(CampaignAction::Continue(path.clone(), name.clone()));
        }
        if ui
            .button("Write the campaign's report")
            .on_hover_text("An HTML report in the data directory's reports folder")
            .clicked()
        {
            action = Some(CampaignAction::Report(path, name));
        }
    });
    if let Some((text, failed)) = message {
        let color = if *failed {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().text_color()
        };
        ui.colored_label(color, text);
    }
    if !c.blocked.is_empty() {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("The armies cannot take the field: {}", c.blocked.join("; ")),
        );
    }
    battles_ui(ui, page);
    let noun = c.info().map_or("stand", |i| i.noun);
    // Side by side where the page is wide enough, so both charts show at a glance.
    if ui.available_width() >= 820.0 {
        ui.columns(2, |cols| {
            strength_ui(&mut cols[0], page, &names, noun, dark);
            leaders_ui(&mut cols[1], page, dark);
        });
    } else {
        strength_ui(ui, page, &names, noun, dark);
        leaders_ui(ui, page, dark);
    }
    carried_ui(ui, c, noun, dark);
    action
}

/// The battles: number, date, result.
fn battles_ui(ui: &mut egui::Ui, page: &CampaignPage) {
    ui.label(RichText::new("Battles").heading());
    if page.campaign.battles.is_empty() {
        ui.label("None yet: Continue the campaign begins the first.");
        return;
    }
    egui::Grid::new("campaign-battles")
        .striped(true)
        .show(ui, |ui| {
            for heading in ["Battle", "Date", "Result"] {
                ui.label(RichText::new(heading).strong());
            }
            ui.end_row();
            for (i, b) in page.campaign.battles.iter().enumerate() {
                ui.label(format!("{}", i + 1));
                ui.label(
                    b.started
                        .with_timezone(&chrono::Local)
                        .format("%Y-%m-%d")
                        .to_string(),
                );
                ui.label(page.results.get(i).map_or("", String::as_str));
                ui.end_row();
            }
        });
}

/// The x axis of the campaign's charts: one mark per point, named by it.
fn points_plot<'a>(id: &'a str, labels: Vec<String>, legend: egui_plot::Corner) -> Plot<'a> {
    Plot::new(id)
        .height(200.0)
        .include_x(-0.3)
        .include_x(labels.len().saturating_sub(1) as f64 + 0.3)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .legend(Legend::default().position(legend))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        // No crosshair or coordinates under the pointer: the marks are battles, not numbers.
        .show_x(false)
        .show_y(false)
}

/// The least of 1, 2 or 5 times a power of ten that is at least `least`: a step up an
/// axis that reads at a glance.
fn round_step(least: f64) -> f64 {
    let power = 10f64.powf(least.max(1.0).log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|step| *step >= least)
        .unwrap_or(10.0 * power)
}

/// Each army's strength as mustered and as it stood after each battle.
fn strength_ui(
    ui: &mut egui::Ui,
    page: &CampaignPage,
    names: &[String; 2],
    noun: &str,
    dark: bool,
) {
    ui.label(RichText::new(format!("Strength from battle to battle ({})", plural(noun))).heading());
    let labels: Vec<String> = page.points.iter().map(|p| p.label.clone()).collect();
    // Strength starts high and falls: the legend sits low, out of the lines' way.
    let top = page
        .points
        .iter()
        .flat_map(|p| p.strength)
        .max()
        .unwrap_or(0);
    // Room above the strongest, so no mark sits on the frame.
    let height = f64::from(top.max(1)) * 1.1;
    // Four to six marks up the axis, each labelled: egui_plot's own steps of ten are too
    // close to label on a chart this high, which left only the 0 named.
    let step = round_step(height / 5.0);
    points_plot("campaign-strength", labels, egui_plot::Corner::RightBottom)
        .include_y(0.0)
        .include_y(height)
        .y_grid_spacer(egui_plot::uniform_grid_spacer(move |_| {
            [step, step * 5.0, step * 10.0]
        }))
        .show(ui, |plot| {
            for (side, name) in names.iter().enumerate() {
                let xy: Vec<[f64; 2]> = page
                    .points
                    .iter()
                    .enumerate()
                    .map(|(i, p)| [i as f64, f64::from(p.strength[side])])
                    .collect();
                let color = theme::side_color(side, dark);
                plot.points(
                    Points::new(name.clone(), PlotPoints::from(xy.clone()))
                        .radius(4.0)
                        .color(color),
                );
                plot.line(Line::new(name.clone(), PlotPoints::from(xy)).color(color));
            }
        });
    // The numbers, for reading at a glance what the chart shows.
    egui::Grid::new("campaign-strength-numbers").show(ui, |ui| {
        ui.label("");
        for p in &page.points {
            ui.label(RichText::new(&p.label).strong());
        }
        ui.end_row();
        for (side, name) in names.iter().enumerate() {
            ui.label(
                RichText::new(name)
                    .color(theme::side_color(side, dark))
                    .strong(),
            );
            for p in &page.points {
                ui.label(p.strength[side].to_string());
            }
            ui.end_row();
        }
    });
}

/// Each leader's rating as mustered and after each battle: his side's colour, his own marker.
/// Only the leaders whose rating changed are drawn (the others are named below the chart), so
/// the lines that tell a story are not lost among those that do not.
fn leaders_ui(ui: &mut egui::Ui, page: &CampaignPage, dark: bool) {
    let (moved, steady): (Vec<_>, Vec<_>) = fortunes(&page.points)
        .into_iter()
        .partition(|l| l.values.windows(2).any(|w| w[0].1 != w[1].1));
    let rating = moved
        .first()
        .or(steady.first())
        .map_or("Command", |l| l.rating.as_str())
        .to_owned();
    ui.label(RichText::new(format!("Leaders' {rating} over the campaign")).heading());
    if moved.is_empty() {
        ui.label(format!("No leader's {rating} has changed yet."));
    } else {
        let labels: Vec<String> = page.points.iter().map(|p| p.label.clone()).collect();
        let shapes = [
            MarkerShape::Circle,
            MarkerShape::Square,
            MarkerShape::Diamond,
            MarkerShape::Up,
            MarkerShape::Down,
            MarkerShape::Cross,
            MarkerShape::Plus,
            MarkerShape::Asterisk,
        ];
        let ratings = moved.iter().flat_map(|l| l.values.iter().map(|v| v.1));
        let (low, high) = (
            ratings.clone().min().unwrap_or(0),
            ratings.max().unwrap_or(0),
        );
        // Leaders whose ratings run alike would hide one another: each is drawn a little
        // beside the battle's mark, in the order of the legend.
        let count = moved.len() as f64;
        let step = (0.3 / count).min(0.08);
        let plot = points_plot("campaign-leaders", labels, egui_plot::Corner::LeftBottom)
            .include_y(low as f64 - 0.5)
            .include_y(high as f64 + 0.5)
            .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]));
        plot.show(ui, |plot| {
            for (n, l) in moved.iter().enumerate() {
                let beside = (n as f64 - (count - 1.0) / 2.0) * step;
                let xy: Vec<[f64; 2]> = l
                    .values
                    .iter()
                    .map(|(i, v)| [*i as f64 + beside, *v as f64])
                    .collect();
                let color = theme::side_color(l.side, dark);
                plot.points(
                    Points::new(l.name.clone(), PlotPoints::from(xy.clone()))
                        .shape(shapes[n % shapes.len()])
                        .radius(5.0)
                        .color(color),
                );
                plot.line(Line::new(l.name.clone(), PlotPoints::from(xy)).color(color));
            }
        });
    }
    if !steady.is_empty() {
        let names: Vec<String> = steady
            .iter()
            .map(|l| format!("{} {}", l.name, l.values.last().map_or(0, |v| v.1)))
            .collect();
        ui.label(RichText::new(format!("Unchanged: {}", names.join(", "))).weak());
    }
}

/// What each battle carried into the next.
fn carried_ui(ui: &mut egui::Ui, c: &Campaign, noun: &str, dark: bool) {
    ui.label(RichText::new("Carried from battle to battle").heading());
    for (i, b) in c.battles.iter().enumerate() {
        let Some(changes) = &b.carried else {
            continue;
        };
        egui::CollapsingHeader::new(format!(
            "Battle {} into battle {} ({})",
            i + 1,
            i + 2,
            changes.len()
        ))
        .id_salt(("campaign-carried", i))
        .default_open(i + 2 == c.battles.len())
        .show(ui, |ui| {
            if changes.is_empty() {
                ui.label("Nothing.");
            }
            for ch in changes {
                let mut line = format!(
                    "{}: {} — {} ({})",
                    ch.who,
                    ch.effect(noun),
                    ch.cause,
                    ch.rule
                );
                if let Some(why) = &ch.set_aside {
                    line.push_str(&format!("; set aside by the table: {why}"));
                }
                ui.label(RichText::new(line).color(theme::side_color(ch.side, dark)));
            }
        });
    }
}

/// A campaign as the Journal window lists it: its file, name, and what it is (or its damage).
type Listed = (PathBuf, String, String);

/// The campaigns in `dir`, read again at most every two seconds (kept in egui's memory): a
/// campaign file is read and checked whole, so not at every frame.
fn listed(ui: &egui::Ui, dir: &Path) -> std::sync::Arc<Vec<Listed>> {
    type Cache = (std::time::Instant, std::sync::Arc<Vec<Listed>>);
    let id = ui.scope_id().with(("campaign-list", dir));
    let ctx = ui.ctx();
    let fresh = ctx
        .data(|d| d.get_temp::<Cache>(id))
        .filter(|(at, _)| at.elapsed() < std::time::Duration::from_secs(2));
    if let Some((_, list)) = fresh {
        return list;
    }
    let list = std::sync::Arc::new(read_list(dir));
    ctx.data_mut(|d| d.insert_temp::<Cache>(id, (std::time::Instant::now(), list.clone())));
    list
}

/// Every campaign file in `dir`, by name.
fn read_list(dir: &Path) -> Vec<Listed> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| is_campaign_file(p) && p.is_file())
        .collect();
    found.sort();
    found
        .into_iter()
        .map(|path| {
            let stem = path
                .file_name()
                .map(|n| n.to_string_lossy().trim_end_matches(SUFFIX).to_owned())
                .unwrap_or_default();
            // The file says what it is; a damaged one is listed by its name, to be rebuilt.
            match Campaign::read(&path) {
                Ok(c) => {
                    let title = crate::rules::find(&c.ruleset)
                        .map_or(c.ruleset.clone(), |r| r.title.to_owned());
                    let about = format!("{title}, {}", counted(c.battles.len(), "battle"));
                    (path, c.name, about)
                }
                Err(e) => (
                    path,
                    stem,
                    format!("damaged: {e} (opening it rebuilds it from its journals)"),
                ),
            }
        })
        .collect()
}

/// The campaigns in the battles folder, for the Journal window's list: each opens its page.
pub fn campaigns_ui(ui: &mut egui::Ui, dir: &Path) -> Option<(PathBuf, String)> {
    let list = listed(ui, dir);
    if list.is_empty() {
        return None;
    }
    ui.label(RichText::new(format!("Campaigns ({})", list.len())).strong());
    let mut chosen = None;
    for (path, name, about) in list.iter() {
        ui.horizontal(|ui| {
            if ui.button(format!("Open campaign {name}")).clicked() {
                chosen = Some((path.clone(), name.clone()));
            }
            ui.label(about);
        });
    }
    ui.separator();
    chosen
}
