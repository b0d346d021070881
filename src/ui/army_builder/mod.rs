//! The army builder: make or edit a roster of any rule set in forms, checked as you type by
//! the rule set's own validator, saved as commented RON into the data directory's rosters.
//!
//! One window for every rule set: the fields come from the rule set's roster form
//! ([`crate::roster::form`]); the verdict from the same `check` that `gunbai check` and a
//! battle's start run, so an army the builder calls ready is one a battle accepts.

mod fields;
mod rows;
mod widgets;

use std::path::{Path, PathBuf};

use eframe::egui::{self, RichText};

use crate::roster::RosterText;
use crate::roster::builder::Builder;
use crate::rules::{RULE_SETS, RuleSetInfo, demo_rosters};

use fields::Draw;

/// Where an army was opened from, to start the builder with.
#[derive(Clone, Debug, PartialEq, Eq)]
enum StartFrom {
    Blank,
    Shipped(usize),
    Saved(PathBuf),
}

/// The army builder window.
pub struct ArmyBuilder {
    /// Whether it is shown.
    pub open: bool,
    key: &'static str,
    builder: Builder,
    /// The saved roster the army was opened from (saving to it again replaces it).
    opened_from: Option<PathBuf>,
    data_root: PathBuf,
    /// The last save's or open's outcome: text and whether it is an error.
    message: Option<(String, bool)>,
    /// A roster was saved since the New battle dialog last listed them.
    pub saved: bool,
}

fn info(key: &str) -> &'static RuleSetInfo {
    RULE_SETS
        .iter()
        .find(|r| r.key == key)
        .unwrap_or(&RULE_SETS[0])
}

impl ArmyBuilder {
    /// A builder saving under `data_root`, on a blank sky army.
    pub fn new(data_root: PathBuf) -> Self {
        let key = RULE_SETS[0].key;
        Self {
            open: false,
            key,
            builder: info(key).builder(),
            opened_from: None,
            data_root,
            message: None,
            saved: false,
        }
    }

    /// Opens the window on a blank army of rule set `key`, unless it already holds one of it.
    pub fn show(&mut self, key: &'static str) {
        self.open = true;
        if self.key != key {
            self.start(key, &StartFrom::Blank);
        }
    }

    /// The army being built (tests).
    pub fn builder(&self) -> &Builder {
        &self.builder
    }

    fn saved_rosters(&self) -> Vec<PathBuf> {
        crate::roster::store::list(&crate::roster::store::rosters_dir(
            &self.data_root,
            self.key,
        ))
    }

    fn start(&mut self, key: &'static str, from: &StartFrom) {
        let rules = info(key);
        let roster = match from {
            StartFrom::Blank => None,
            StartFrom::Shipped(i) => demo_rosters(key).and_then(|d| d.get(*i).cloned()),
            StartFrom::Saved(path) => match RosterText::read(path) {
                Ok(text) => Some(text),
                Err(e) => {
                    self.message = Some((e.to_string(), true));
                    return;
                }
            },
        };
        let opened = match roster {
            None => Ok(rules.builder()),
            Some(text) => Builder::open(
                rules.key,
                rules.title,
                (rules.roster_form)(),
                rules.check_fn(),
                &text,
            ),
        };
        match opened {
            Ok(b) => {
                self.key = key;
                self.builder = b;
                self.opened_from = match from {
                    StartFrom::Saved(p) => Some(p.clone()),
                    _ => None,
                };
                self.message = None;
            }
            Err(problem) => self.message = Some((problem.to_string(), true)),
        }
    }

    fn save(&mut self) {
        let path = self.builder.save_path(&self.data_root);
        match self.builder.save(&path) {
            Ok(()) => {
                let draft = !self.builder.errors().is_empty();
                self.message = Some((
                    if draft {
                        format!(
                            "Saved as a draft to {}: fix its errors before it can fight",
                            path.display()
                        )
                    } else {
                        format!("Saved to {}: choose it in New battle", path.display())
                    },
                    false,
                ));
                self.opened_from = Some(path);
                self.saved = true;
            }
            Err(e) => self.message = Some((format!("Not saved: {e}"), true)),
        }
    }

    /// Shows the window.
    pub fn ui(&mut self, ctx: &egui::Context) {
        if !self.open {
            return;
        }
        let mut open = self.open;
        let screen = ctx.content_rect();
        let size = [
            (screen.width() - 80.0).min(1500.0),
            (screen.height() - 90.0).min(1100.0),
        ];
        crate::ui::window_fit::fitted(egui::Window::new("Army builder"), ctx, size)
            .open(&mut open)
            .default_pos([40.0, 50.0])
            .show(ctx, |ui| {
                self.top_ui(ui);
                ui.separator();
                self.verdict_ui(ui);
                ui.separator();
                // Drawn from the builder as it is (no copy per frame); the edits asked for are
                // made once the drawing is done.
                let b = &self.builder;
                let mut draw = Draw {
                    b,
                    edits: Vec::new(),
                    cell_width: None,
                };
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let root = crate::roster::RosterPath::root();
                        draw.record(ui, &b.form.army, &b.army, &root, "");
                    });
                for edit in draw.edits {
                    edit.apply(&mut self.builder);
                }
            });
        self.open = open;
    }

    fn top_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            let mut chosen = self.key;
            // A fixed width: the buttons after it stay put whichever rule set is chosen.
            egui::ComboBox::from_label("Rule set")
                .width(280.0)
                .selected_text(info(self.key).title)
                .show_ui(ui, |ui| {
                    for r in RULE_SETS {
                        ui.selectable_value(&mut chosen, r.key, r.title);
                    }
                });
            if chosen != self.key {
                self.start(chosen, &StartFrom::Blank);
            }
            ui.separator();
            let mut from = None;
            ui.menu_button("Start from…", |ui| {
                if ui.button("A blank army").clicked() {
                    from = Some(StartFrom::Blank);
                }
                ui.separator();
                ui.label(RichText::new("Shipped (edited as a copy)").weak());
                for (i, demo) in demo_rosters(self.key).iter().flatten().enumerate() {
                    if ui.button(file_stem(Path::new(&demo.file))).clicked() {
                        from = Some(StartFrom::Shipped(i));
                    }
                }
                let saved = self.saved_rosters();
                if !saved.is_empty() {
                    ui.separator();
                    ui.label(RichText::new("Saved").weak());
                }
                for path in saved {
                    if ui.button(file_stem(&path)).clicked() {
                        from = Some(StartFrom::Saved(path));
                    }
                }
            });
            if let Some(from) = from {
                self.start(self.key, &from);
            }
            ui.separator();
            let draft = !self.builder.errors().is_empty();
            let path = self.builder.save_path(&self.data_root);
            let replaces = path.exists() && self.opened_from.as_deref() != Some(path.as_path());
            let label = match (draft, replaces) {
                (_, true) => format!("Replace the saved {}", file_stem(&path)),
                (true, false) => "Save draft".to_owned(),
                (false, false) => "Save".to_owned(),
            };
            if ui
                .button(RichText::new(label).strong())
                .on_hover_text(path.display().to_string())
                .clicked()
            {
                self.save();
            }
        });
        if let Some((text, error)) = &self.message {
            let colour = if *error {
                ui.visuals().error_fg_color
            } else {
                ui.visuals().text_color()
            };
            ui.colored_label(colour, text);
        }
    }

    fn verdict_ui(&self, ui: &mut egui::Ui) {
        let b = &self.builder;
        ui.horizontal_wrapped(|ui| {
            let errors = b.errors().len();
            let warnings = b.warnings().len();
            if errors == 0 {
                ui.label(
                    RichText::new("Ready for battle")
                        .strong()
                        .size(18.0)
                        .color(egui::Color32::from_rgb(40, 150, 70)),
                );
            } else {
                ui.label(
                    RichText::new(format!(
                        "{} to fix: a draft until then",
                        crate::engine::words::count(errors, "error")
                    ))
                    .strong()
                    .size(18.0)
                    .color(ui.visuals().error_fg_color),
                );
            }
            if warnings > 0 {
                ui.label(
                    RichText::new(crate::engine::words::count(warnings, "warning"))
                        .color(ui.visuals().warn_fg_color),
                );
            }
            ui.separator();
            ui.label(RichText::new(b.totals().join(" · ")).size(16.0));
        });
        // Problems about the file as a whole (a syntax error cannot happen: the builder
        // writes the file) are listed here; the rest sit beside their fields.
        for p in b.errors().iter().filter(|p| p.path.steps().is_empty()) {
            ui.colored_label(ui.visuals().error_fg_color, format!("Error: {}", p.message));
        }
    }
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}
