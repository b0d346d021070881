//! The after-action report: strength per turn, losses per unit, leaders' rating histories,
//! the timeline, and export to Markdown or HTML.

use super::file_picker::{FilePicker, Pick};
use chrono::Local;
use eframe::egui::{self, RichText};
use egui_plot::{Legend, Line, Plot, PlotPoints, Points};

use super::files::{DataDir, write_file};
use crate::engine::Game;
use crate::engine::view::BattleView;

/// The report window.
#[derive(Default)]
pub struct ReportWindow {
    /// Whether it is shown.
    pub open: bool,
    /// Where the next export goes (a suggestion until the umpire edits it).
    pub path: String,
    /// What the last export did.
    pub message: Option<(String, bool)>,
    history: Vec<(u32, [u32; 2])>,
    view: Option<BattleView>,
    /// The timeline's lines (the newest 300 entries) and the note above them.
    timeline: Vec<String>,
    timeline_note: Option<String>,
    stamp: Option<(u64, u64)>,
    picker: FilePicker,
}

impl ReportWindow {
    /// Shows the window for the battle at `stamp`.
    pub fn ui(&mut self, ctx: &egui::Context, game: &dyn Game, stamp: (u64, u64), data: &DataDir) {
        if !self.open {
            return;
        }
        if self.stamp != Some(stamp) {
            // The armies as they stood before the first turn, then at the end of every turn.
            self.history = crate::report::strength_by_turn(game);
            self.view = Some(game.view());
            (self.timeline, self.timeline_note) = timeline(game);
            self.stamp = Some(stamp);
        }
        if self.path.is_empty() {
            self.path = data.report_path("html").display().to_string();
        }
        let mut open = self.open;
        let window = egui::Window::new("After-action report");
        super::window_fit::fitted(window, ctx, [820.0, 640.0])
            .default_pos([380.0, 90.0])
            .open(&mut open)
            .show(ctx, |ui| {
                self.export_ui(ui, game);
                ui.separator();
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        self.chart_ui(ui, game);
                        if let Some(view) = &self.view {
                            losses_ui(ui, view);
                        }
                        ui.label(RichText::new("Timeline").heading());
                        if let Some(note) = &self.timeline_note {
                            ui.label(RichText::new(note).weak());
                        }
                        for line in &self.timeline {
                            ui.label(line);
                        }
                    });
            });
        self.open = open;
    }

    fn export_ui(&mut self, ui: &mut egui::Ui, game: &dyn Game) {
        ui.horizontal(|ui| {
            let label = ui.label("Export to");
            ui.add(egui::TextEdit::singleline(&mut self.path).desired_width(420.0))
                .labelled_by(label.id);
            self.picker
                .button(ui, &mut self.path, Pick::Save, ("Report", &["md", "html"]));
        });
        ui.horizontal(|ui| {
            let export = |ext: &str, text: String, path: &mut String| {
                let target = std::path::Path::new(path.as_str()).with_extension(ext);
                *path = target.display().to_string();
                match write_file(&target, text.as_bytes()) {
                    Ok(()) => (format!("Wrote {}", target.display()), false),
                    Err(e) => (e, true),
                }
            };
            if ui.button("Export Markdown").clicked() {
                self.message = Some(export("md", crate::report::markdown(game), &mut self.path));
            }
            if ui.button("Export HTML").clicked() {
                self.message = Some(export("html", crate::report::html(game), &mut self.path));
            }
        });
        if let Some((message, error)) = &self.message {
            let color = if *error {
                ui.visuals().error_fg_color
            } else {
                ui.visuals().text_color()
            };
            ui.colored_label(color, message);
        }
    }

    fn chart_ui(&self, ui: &mut egui::Ui, game: &dyn Game) {
        ui.label(RichText::new("Strength of each side by turn").heading());
        let names = game.army_names();
        let dark = ui.visuals().dark_mode;
        ui.label(RichText::new("Turn 0 is the armies as mustered; each later point is the end of that turn (or now).").weak());
        Plot::new("strength")
            .height(220.0)
            // Turn 0 (the armies as mustered) sits inside the frame, not on its edge.
            .include_x(-0.5)
            .include_y(0.0)
            // Turns are whole: grid lines and labels on whole turns only, never 0.1, 0.2.
            .x_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
                let span = (input.bounds.1 - input.bounds.0).max(1.0);
                let step = (span / 10.0).ceil().max(1.0);
                [step, step * 5.0, step * 10.0]
            }))
            .x_axis_formatter(|mark, _| {
                let turn = mark.value.round();
                if (mark.value - turn).abs() < 1e-6 && turn >= 0.0 {
                    format!("{turn:.0}")
                } else {
                    String::new()
                }
            })
            .x_axis_label("turn")
            .legend(Legend::default())
            .allow_scroll(false)
            .show(ui, |plot| {
                for (side, name) in names.iter().enumerate() {
                    let points: Vec<[f64; 2]> = self
                        .history
                        .iter()
                        .map(|(turn, s)| [f64::from(*turn), f64::from(s[side])])
                        .collect();
                    // One colour per side for its points, its line and its legend entry.
                    let color = super::theme::side_color(side, dark);
                    plot.points(
                        Points::new(name.clone(), PlotPoints::from(points.clone()))
                            .radius(4.0)
                            .color(color),
                    );
                    plot.line(Line::new(name.clone(), PlotPoints::from(points)).color(color));
                }
            });
    }
}

fn losses_ui(ui: &mut egui::Ui, view: &BattleView) {
    ui.label(RichText::new("Losses per unit").heading());
    egui::Grid::new("losses").striped(true).show(ui, |ui| {
        for heading in ["Unit", "Start", "Now", "Lost"] {
            ui.label(RichText::new(heading).strong());
        }
        ui.end_row();
        for unit in view
            .sides
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.units)
        {
            ui.label(&unit.name);
            ui.label(unit.starting_strength.to_string());
            ui.label(unit.strength.to_string());
            ui.label(
                unit.starting_strength
                    .saturating_sub(unit.strength)
                    .to_string(),
            );
            ui.end_row();
        }
    });
    ui.label(RichText::new("Leaders").heading());
    let leaders = view.sides.iter().flat_map(|s| {
        s.general
            .iter()
            .chain(s.groups.iter().filter_map(|g| g.leader.as_ref()))
    });
    for leader in leaders {
        let changes: Vec<String> = leader
            .history
            .iter()
            .map(|c| format!("turn {} {:+} {}", c.turn, c.delta, c.reason))
            .collect();
        let text = if changes.is_empty() {
            "unchanged".to_owned()
        } else {
            changes.join("; ")
        };
        ui.label(format!(
            "{}: {} {} ({text})",
            leader.name, leader.rating_name, leader.rating
        ));
    }
}

/// The timeline's lines, the newest 300 entries, and a note when there are more.
fn timeline(game: &dyn Game) -> (Vec<String>, Option<String>) {
    let log = game.log();
    let shown = log.len().saturating_sub(300);
    let note = (shown > 0).then(|| {
        format!(
            "The last 300 of {} (the export has them all).",
            crate::engine::words::count(log.len(), "entry")
        )
    });
    let lines = log[shown..]
        .iter()
        .map(|entry| {
            let at = entry.at.with_timezone(&Local).format("%H:%M");
            let dice = entry
                .dice
                .words()
                .map_or_else(String::new, |d| format!(" ({d})"));
            format!(
                "{at} turn {} {}{dice}: {}",
                entry.turn,
                entry.phase,
                entry.lines.join(" ")
            )
        })
        .collect();
    (lines, note)
}
