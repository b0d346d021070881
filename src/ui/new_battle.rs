//! The New battle dialog: rule set, two rosters (demo or file), optional and house rules.
//! Invalid rosters show every problem as `file:line:col: message` and start nothing.

use std::path::{Path, PathBuf};

use eframe::egui::{self, RichText};

use super::file_picker::{FilePicker, Pick};
use crate::reference::{Choices, HouseRules};
use crate::roster::RosterText;
use crate::rules::{RULE_SETS, StartRequest, check_roster, demo_rosters};

/// Where a side's roster comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    /// A shipped demo roster, by its place in [`demo_rosters`].
    Demo(usize),
    /// A roster kept in the data directory's `rosters/<key>/`, by its path.
    Saved(PathBuf),
    /// A file elsewhere, by a typed path.
    File,
}

/// The New battle dialog.
pub struct NewBattle {
    /// Whether it is shown.
    pub open: bool,
    key: &'static str,
    sources: [Source; 2],
    /// The roster file paths typed, one per side.
    pub paths: [String; 2],
    house: HouseRules,
    choices: Choices,
    /// Problems found in the rosters or in starting the battle.
    pub problems: Vec<String>,
    /// The data directory's `rosters` folder: one folder per rule set.
    pub rosters_dir: Option<PathBuf>,
    /// The rosters found there for the chosen rule set, read when it was chosen.
    saved: Vec<(PathBuf, Option<Vec<String>>)>,
    /// The umpire asked for the army builder from here.
    pub wants_builder: bool,
    pickers: [FilePicker; 2],
    /// The first side's roster (rule set, source and path) the second side was last offered
    /// a different army for.
    offered_for: Option<(&'static str, Source, String)>,
}

impl Default for NewBattle {
    fn default() -> Self {
        let mut dialog = Self {
            open: false,
            key: "sky",
            sources: [Source::Demo(0), Source::Demo(1)],
            paths: [String::new(), String::new()],
            house: HouseRules::default(),
            choices: Choices::default(),
            problems: Vec::new(),
            rosters_dir: None,
            saved: Vec::new(),
            wants_builder: false,
            pickers: Default::default(),
            offered_for: None,
        };
        dialog.set_key("sky");
        dialog
    }
}

impl NewBattle {
    fn set_key(&mut self, key: &'static str) {
        self.key = key;
        self.house = HouseRules::default();
        self.choices = Choices::of(key);
        self.problems.clear();
        self.saved = self.saved_rosters();
        for source in &mut self.sources {
            if matches!(source, Source::Saved(_)) {
                *source = Source::File;
            }
        }
    }

    /// The `.ron` files in `rosters/<key>/` of the data directory, by name, each with its
    /// errors if it is a draft (checked as it is listed: rosters are a few kilobytes).
    fn saved_rosters(&self) -> Vec<(PathBuf, Option<Vec<String>>)> {
        let Some(dir) = &self.rosters_dir else {
            return Vec::new();
        };
        crate::roster::store::list(&dir.join(self.key))
            .into_iter()
            .map(|path| {
                let errors = match RosterText::read(&path) {
                    Ok(text) => check_roster(self.key, &text)
                        .err()
                        .map(|errors| errors.iter().map(ToString::to_string).collect()),
                    Err(e) => Some(vec![e.to_string()]),
                };
                (path, errors)
            })
            .collect()
    }

    /// Opens the dialog, listing the saved rosters afresh.
    pub fn show(&mut self) {
        self.open = true;
        self.saved = self.saved_rosters();
    }

    /// Opens the dialog on rule set `key` with the roster file at `path` chosen for the first
    /// side (`gunbai ROSTER`), its problems shown at once when it has any, as a draft's are.
    pub fn choose_roster(&mut self, key: &'static str, path: &Path) {
        self.set_key(key);
        self.sources[0] = Source::File;
        self.paths[0] = path.display().to_string();
        self.show();
        self.offer_another_army();
        if let Err(problems) = self.read_side(0) {
            self.problems = problems;
        }
    }

    /// When the first side's roster has changed, offers the second side another army if it
    /// now names the same one (opening `takeda.ron` against the demo's own Takeda): the first
    /// demo army that differs. A choice the umpire makes for the second side afterwards is
    /// his, and stays.
    fn offer_another_army(&mut self) {
        let first = (self.key, self.sources[0].clone(), self.paths[0].clone());
        if self.offered_for.as_ref() == Some(&first) {
            return;
        }
        self.offered_for = Some(first);
        let Some(army) = self.army_of(0) else {
            return;
        };
        if self.army_of(1).as_ref() != Some(&army) {
            return;
        }
        let Some(demos) = demo_rosters(self.key) else {
            return;
        };
        if let Some(i) = demos.iter().position(|d| army_name(self.key, d) != army) {
            self.sources[1] = Source::Demo(i);
        }
    }

    /// Which army a side's roster is (its name), when it can be read.
    fn army_of(&self, side: usize) -> Option<String> {
        let text = match &self.sources[side] {
            Source::Demo(i) => demo_rosters(self.key)?.get(*i).cloned()?,
            Source::Saved(path) => RosterText::read(path).ok()?,
            Source::File => RosterText::read(Path::new(self.paths[side].trim())).ok()?,
        };
        Some(army_name(self.key, &text))
    }

    /// The chosen rule set's key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// Lists the saved rosters again (one was just saved).
    pub fn refresh_saved(&mut self) {
        self.saved = self.saved_rosters();
    }

    /// Sets where saved rosters live, and lists those of the chosen rule set.
    pub fn set_rosters_dir(&mut self, dir: PathBuf) {
        self.rosters_dir = Some(dir);
        self.saved = self.saved_rosters();
    }

    /// Shows the dialog; returns a battle to start when the umpire asks and the rosters are valid.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<StartRequest> {
        let mut open = self.open;
        let mut request = None;
        super::window_fit::fitted(egui::Window::new("New battle"), ctx, [700.0, 620.0])
            .default_pos([380.0, 90.0])
            .open(&mut open)
            .show(ctx, |ui| {
                // The start button and any problems stay in sight below the scrolled choices.
                let below = 92.0 + 24.0 * self.problems.len().min(8) as f32;
                egui::ScrollArea::vertical()
                    .max_height((ui.available_height() - below).max(160.0))
                    .show(ui, |ui| {
                        self.ruleset_ui(ui);
                        for side in 0..2 {
                            self.roster_ui(ui, side);
                        }
                        self.offer_another_army();
                        self.house_ui(ui);
                    });
                ui.separator();
                if ui
                    .button("Make or edit an army…")
                    .on_hover_text("The army builder: saved armies appear above as choices")
                    .clicked()
                {
                    self.wants_builder = true;
                }
                egui::ScrollArea::vertical()
                    .id_salt("problems")
                    .max_height(200.0)
                    .show(ui, |ui| {
                        for problem in &self.problems {
                            ui.colored_label(ui.visuals().error_fg_color, problem);
                        }
                    });
                if ui
                    .button(RichText::new("Start the battle").strong())
                    .clicked()
                {
                    request = self.request();
                }
            });
        self.open = open && request.is_none();
        request
    }

    fn ruleset_ui(&mut self, ui: &mut egui::Ui) {
        let title = RULE_SETS
            .iter()
            .find(|r| r.key == self.key)
            .map_or(self.key, |r| r.title);
        let mut chosen = self.key;
        egui::ComboBox::from_label("Rule set")
            .selected_text(title)
            .show_ui(ui, |ui| {
                for info in RULE_SETS {
                    ui.selectable_value(&mut chosen, info.key, info.title);
                }
            });
        if chosen != self.key {
            self.set_key(chosen);
        }
    }

    fn roster_ui(&mut self, ui: &mut egui::Ui, side: usize) {
        ui.label(RichText::new(format!("Side {}", side + 1)).strong());
        let demos = demo_rosters(self.key);
        ui.horizontal_wrapped(|ui| {
            for (i, demo) in demos.iter().flatten().enumerate() {
                ui.radio_value(
                    &mut self.sources[side],
                    Source::Demo(i),
                    format!("Side {} demo {}", side + 1, demo.file),
                );
            }
            for (path, errors) in &self.saved {
                let name = path
                    .file_stem()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                ui.radio_value(
                    &mut self.sources[side],
                    Source::Saved(path.clone()),
                    format!("Side {} saved {name}", side + 1),
                );
                // A draft says so before it is chosen, not only when the battle is refused.
                if let Some(errors) = errors {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        format!(
                            "(draft: {})",
                            crate::engine::words::count(errors.len(), "error")
                        ),
                    )
                    .on_hover_text(errors.join("\n"));
                }
            }
            ui.radio_value(
                &mut self.sources[side],
                Source::File,
                format!("Side {} file", side + 1),
            );
        });
        if self.sources[side] == Source::File {
            ui.horizontal(|ui| {
                let label = ui.label(format!("Side {} roster path", side + 1));
                ui.add(egui::TextEdit::singleline(&mut self.paths[side]).desired_width(460.0))
                    .labelled_by(label.id);
                self.pickers[side].button(
                    ui,
                    &mut self.paths[side],
                    Pick::Open,
                    ("Army roster", &["ron"]),
                );
            });
        }
    }

    fn house_ui(&mut self, ui: &mut egui::Ui) {
        if !self.choices.optional.is_empty() {
            ui.label(RichText::new("Optional rules").strong());
        }
        for (key, rule) in &self.choices.optional {
            let mut on = self.house.optional.contains(key);
            let title = crate::reference::title_or(&rule.title, key);
            if ui
                .checkbox(&mut on, title)
                .on_hover_text(format!("{}\n{}", rule.section, rule.summary))
                .changed()
            {
                if on {
                    self.house.optional.insert(key.clone());
                } else {
                    self.house.optional.remove(key);
                }
            }
            ui.label(RichText::new(&rule.summary).weak());
        }
        ui.label(
            RichText::new("House rules (our rulings; the first choice is our default)").strong(),
        );
        for (key, ruling) in self
            .choices
            .rulings
            .iter()
            .filter(|(_, r)| r.options.len() > 1)
        {
            let current = self
                .house
                .rulings
                .get(key)
                .or(ruling.options.first())
                .cloned()
                .unwrap_or_default();
            let mut chosen = current.clone();
            let title = ruling.title_or(key);
            ui.add_space(4.0);
            let label = ui
                .label(RichText::new(&title).strong())
                .on_hover_text(format!(
                    "{}\nThe text: {}",
                    ruling.section, ruling.text_says
                ));
            egui::ComboBox::from_id_salt(("ruling", key))
                .selected_text(ruling.choice(&chosen))
                .width((ui.available_width() - 8.0).clamp(200.0, 560.0))
                .show_ui(ui, |ui| {
                    for option in &ruling.options {
                        ui.selectable_value(&mut chosen, option.clone(), ruling.choice(option));
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text(format!("We: {}", ruling.we_do));
            if chosen != current {
                if ruling.options.first() == Some(&chosen) {
                    self.house.rulings.remove(key);
                } else {
                    self.house.rulings.insert(key.clone(), chosen);
                }
            }
        }
    }

    /// Reads and checks both rosters: a request, or `None` with the problems shown.
    fn request(&mut self) -> Option<StartRequest> {
        self.problems.clear();
        let mut rosters = Vec::new();
        for side in 0..2 {
            match self.read_side(side) {
                Ok(text) => rosters.push(text),
                Err(problems) => self.problems.extend(problems),
            }
        }
        if !self.problems.is_empty() {
            return None;
        }
        let rosters: [RosterText; 2] = rosters.try_into().ok()?;
        Some(StartRequest {
            key: self.key,
            rosters,
            house: self.house.clone(),
        })
    }

    /// A side's roster, read and checked for the chosen rule set, or its problems.
    fn read_side(&self, side: usize) -> Result<RosterText, Vec<String>> {
        let read = |path: &Path| RosterText::read(path).map_err(|p| vec![p.to_string()]);
        let text = match &self.sources[side] {
            Source::Demo(i) => demo_rosters(self.key)
                .and_then(|d| d.get(*i).cloned())
                .ok_or_else(|| vec![format!("{} has no demo army {}", self.key, i + 1)])?,
            Source::Saved(path) => read(path)?,
            Source::File => read(Path::new(self.paths[side].trim()))?,
        };
        check_roster(self.key, &text)
            .map_err(|problems| problems.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        Ok(text)
    }
}

/// An army's name as its roster gives it, or, for one the builder's form cannot read, its
/// whole text: two rosters with the same name are the same army.
fn army_name(key: &str, roster: &RosterText) -> String {
    crate::rules::find(key)
        .and_then(|info| crate::roster::doc::read(&(info.roster_form)(), &roster.source).ok())
        .and_then(|army| army.text("name").map(str::to_owned))
        .unwrap_or_else(|| roster.source.trim().to_owned())
}
