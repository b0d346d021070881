//! The app shell: the battle in progress, the panels around it, shortcuts, and the one
//! place where the umpire's intents change the battle.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers, RichText};

use super::action_panel::{ActionPanel, Outcome};
use super::dice_tray::DiceTray;
use super::files::{DataDir, save_as};
use super::help::Help;
use super::journal_window::{JournalRequest, JournalWindow};
use super::live::Live;
use super::log_panel::LogPanel;
use super::new_battle::{NewBattle, StartRequest};
use super::reference_window::ReferenceWindow;
use super::report_window::ReportWindow;
use super::roster_panel::{RosterPanel, details_ui};
use super::turn_panel::TurnPanel;
use super::{Intent, fonts, theme};
use crate::dice::{RngDice, TableDice};
use crate::engine::{Dice, Game};
use crate::reference::HouseRules;
use crate::rules::{demo_rosters, open_journal, start_battle};

/// The desktop app.
pub struct App {
    data: DataDir,
    live: Option<Live>,
    generation: u64,
    actions: ActionPanel,
    dice: RngDice,
    selected: Option<String>,
    dark: bool,
    resume_offer: Option<PathBuf>,
    /// A message across the top: text and whether it is an error.
    banner: Option<(String, bool)>,
    remembered: Option<PathBuf>,
    roster: RosterPanel,
    turn: TurnPanel,
    log: LogPanel,
    reference: ReferenceWindow,
    tray: DiceTray,
    report: ReportWindow,
    new_battle: NewBattle,
    journal: JournalWindow,
    help: Help,
}

impl App {
    /// The app with its battles in the platform data directory.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        Self::with_data_dir(cc, DataDir::platform().root().to_path_buf())
    }

    /// The app keeping its battles under `dir` (tests give a temporary one). It opens on a
    /// ready demo battle and offers to resume the last battle if there is one.
    pub fn with_data_dir(cc: &eframe::CreationContext<'_>, dir: PathBuf) -> Self {
        let data = DataDir::new(dir);
        let mut app = Self::empty(cc, data);
        app.resume_offer = app.data.last_battle();
        let demo = demo_rosters("sky").map(|rosters| StartRequest {
            key: "sky",
            rosters,
            house: HouseRules::default(),
        });
        if let Some(request) = demo {
            app.start(request);
        }
        app
    }

    /// The app showing `game` (for benchmarks and tests), with no resume offer.
    pub fn with_game(cc: &eframe::CreationContext<'_>, dir: PathBuf, game: Box<dyn Game>) -> Self {
        let mut app = Self::empty(cc, DataDir::new(dir));
        app.set_game(game);
        app
    }

    fn empty(cc: &eframe::CreationContext<'_>, data: DataDir) -> Self {
        fonts::install(&cc.egui_ctx);
        let dark = false;
        theme::apply(&cc.egui_ctx, dark);
        Self {
            data,
            live: None,
            generation: 0,
            actions: ActionPanel::default(),
            dice: RngDice::from_os(),
            selected: None,
            dark,
            resume_offer: None,
            banner: None,
            remembered: None,
            roster: RosterPanel::default(),
            turn: TurnPanel::default(),
            log: LogPanel::default(),
            reference: ReferenceWindow::default(),
            tray: DiceTray::default(),
            report: ReportWindow::default(),
            new_battle: NewBattle::default(),
            journal: JournalWindow::default(),
            help: Help::default(),
        }
    }

    /// The battle in progress.
    pub fn game(&self) -> Option<&dyn Game> {
        self.live.as_ref().map(|l| l.game.as_ref())
    }

    /// The battle in progress, to change it directly (benchmarks).
    pub fn game_mut(&mut self) -> Option<&mut (dyn Game + 'static)> {
        self.live.as_mut().map(|l| l.game.as_mut())
    }

    /// Makes Gunbai's dice reproducible (tests).
    pub fn seed_dice(&mut self, seed: u64) {
        self.dice = RngDice::seeded(seed);
    }

    /// The message across the top, if any.
    pub fn banner(&self) -> Option<&str> {
        self.banner.as_ref().map(|(m, _)| m.as_str())
    }

    fn set_game(&mut self, game: Box<dyn Game>) {
        self.generation += 1;
        self.actions = ActionPanel::default();
        self.live = Some(Live::new(game, self.generation));
        self.selected = None;
        self.turn.show_result(Vec::new(), false);
        self.log = LogPanel::default();
    }

    /// Starts a battle, journalled in the data directory (unsaved, with a warning, if it cannot be).
    fn start(&mut self, request: StartRequest) {
        let journal = self.data.new_journal(request.key);
        let path = journal.as_ref().ok().map(PathBuf::as_path);
        match start_battle(request.key, &request.rosters, request.house, path) {
            Ok(game) => {
                self.set_game(game);
                self.new_battle.open = false;
                self.banner = journal
                    .err()
                    .map(|e| (format!("This battle is NOT being saved: {e}"), true));
            }
            Err(e) => {
                self.new_battle.problems = e.to_string().lines().map(str::to_owned).collect();
                self.new_battle.open = true;
            }
        }
    }

    fn open(&mut self, path: &Path, recover: bool) {
        if self.live.as_ref().is_some_and(|l| l.writes_to(path)) {
            self.banner = Some((
                format!("{} is the battle already open.", path.display()),
                false,
            ));
            return;
        }
        match open_journal(path, recover, !recover) {
            Ok((game, warnings)) => {
                self.set_game(game);
                self.resume_offer = None;
                let note = if recover {
                    " (read-only: Save As to keep it)"
                } else {
                    ""
                };
                let mut message = format!("Opened {}{note}", path.display());
                for w in &warnings {
                    message.push_str("\n");
                    message.push_str(w);
                }
                self.banner = Some((message.clone(), !warnings.is_empty()));
                self.journal.message = Some((message, !warnings.is_empty()));
            }
            Err(e) => {
                let message = format!("Could not open {}: {e}", path.display());
                self.journal.message = Some((message.clone(), true));
                self.banner = Some((message, true));
            }
        }
    }

    /// Carries out what the panels asked for.
    fn carry_out(&mut self, intents: Vec<Intent>) {
        for intent in intents {
            match intent {
                Intent::Select(id) => self.selected = Some(id),
                Intent::Open(path) => self.open(&path, false),
                Intent::Answer {
                    check,
                    answer,
                    faces,
                } => self.answer(check, answer, faces),
                Intent::Undo(n) | Intent::Redo(n) => {
                    let Some(live) = self.live.as_mut() else {
                        continue;
                    };
                    let undo = matches!(intent, Intent::Undo(_));
                    let result = if undo {
                        live.game.undo(n)
                    } else {
                        live.game.redo(n)
                    };
                    let word = if undo { "Took back" } else { "Put back" };
                    match result {
                        Ok(()) => self
                            .turn
                            .show_result(vec![format!("{word} {n} entries.")], false),
                        Err(e) => self.turn.show_result(vec![e.to_string()], true),
                    }
                }
            }
        }
        self.remember();
    }

    fn answer(&mut self, check: usize, answer: usize, faces: Option<String>) {
        let Some(live) = self.live.as_mut() else {
            return;
        };
        let dice = match &faces {
            None => Dice::Roll(&mut self.dice),
            Some(text) => match TableDice::parse(text) {
                Ok(table) => Dice::Table(table),
                Err(e) => return self.turn.card_error(check, e.to_string()),
            },
        };
        match live.game.answer(check, answer, dice) {
            Ok(()) => {
                let lines = live
                    .game
                    .log()
                    .last()
                    .map(|e| e.lines.clone())
                    .unwrap_or_default();
                self.turn.show_result(lines, false);
            }
            Err(e) if faces.is_some() => self.turn.card_error(check, e.to_string()),
            Err(e) => self.turn.show_result(vec![e.to_string()], true),
        }
    }

    /// Remembers the battle as the one to resume once it has an entry.
    fn remember(&mut self) {
        let Some(live) = &self.live else { return };
        let Some(path) = live.journal() else { return };
        if live.game.entries() > 0 && self.remembered.as_ref() != Some(&path) {
            match self.data.remember(&path) {
                Ok(()) => self.remembered = Some(path),
                Err(e) => {
                    self.banner = Some((format!("Cannot remember the last battle: {e}"), true))
                }
            }
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let mut intents = Vec::new();
        self.shortcuts(&ctx, &mut intents);
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar_ui(ui));
        self.banner_ui(ui, &mut intents);
        if let Some(live) = self.live.as_mut() {
            live.refresh();
            let stamp = live.stamp();
            egui::Panel::bottom("log")
                .resizable(true)
                .default_size(230.0)
                .show(ui, |ui| {
                    let d = live.derived();
                    self.log
                        .ui(ui, live.game.log(), &d.units, &d.kinds, stamp, &mut intents);
                });
            egui::Panel::left("roster")
                .resizable(true)
                .default_size(360.0)
                .show(ui, |ui| {
                    self.roster.ui(
                        ui,
                        &live.derived().view,
                        self.selected.as_deref(),
                        &mut intents,
                    );
                });
            egui::Panel::right("turn")
                .resizable(true)
                .default_size(440.0)
                .show(ui, |ui| {
                    let d = live.derived();
                    self.turn.ui(ui, &d.view, &d.checks, stamp, &mut intents);
                });
            egui::CentralPanel::default().show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("centre")
                    .show(ui, |ui| {
                        details_ui(ui, &live.derived().view, self.selected.as_deref());
                        ui.separator();
                        ui.label(RichText::new("Actions").heading());
                        match self.actions.ui(
                            ui,
                            live.game.as_mut(),
                            stamp,
                            self.selected.as_deref(),
                            &mut self.dice,
                        ) {
                            Some(Outcome::Done(lines)) => self.turn.show_result(lines, false),
                            Some(Outcome::Refused(why)) => {
                                self.turn.show_result(vec![format!("Refused: {why}")], true)
                            }
                            None => {}
                        }
                    });
            });
            self.reference.ui(&ctx, live.game.key(), live.game.title());
            self.report.ui(&ctx, live.game.as_ref(), stamp, &self.data);
        } else {
            egui::CentralPanel::default().show(ui, |ui| {
                ui.heading("No battle is open: start a New battle, or open a journal.");
            });
        }
        self.windows_ui(&ctx);
        self.carry_out(intents);
    }
}

impl App {
    fn shortcuts(&mut self, ctx: &egui::Context, intents: &mut Vec<Intent>) {
        let typing = ctx.text_edit_focused();
        let shortcut = |m, k| KeyboardShortcut::new(m, k);
        let pressed = |m: Modifiers, k: Key| ctx.input_mut(|i| i.consume_shortcut(&shortcut(m, k)));
        if pressed(Modifiers::NONE, Key::F1) {
            self.help.open = !self.help.open;
        }
        if pressed(Modifiers::COMMAND, Key::F) || (!typing && pressed(Modifiers::NONE, Key::Slash))
        {
            self.reference.open_for_search();
        }
        if pressed(Modifiers::COMMAND, Key::D) {
            self.tray.open = !self.tray.open;
        }
        if pressed(Modifiers::COMMAND, Key::N) {
            self.new_battle.open = true;
        }
        if typing {
            return;
        }
        if pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z) {
            intents.push(Intent::Redo(1));
        } else if pressed(Modifiers::COMMAND, Key::Z) {
            intents.push(Intent::Undo(1));
        }
        let top = self
            .live
            .as_ref()
            .and_then(|l| l.derived().checks.first().cloned());
        if pressed(Modifiers::NONE, Key::R) || pressed(Modifiers::NONE, Key::Space) {
            if top.as_ref().is_some_and(|c| !c.answers.is_empty()) {
                intents.push(Intent::Answer {
                    check: 0,
                    answer: 0,
                    faces: None,
                });
            }
        }
        if pressed(Modifiers::NONE, Key::T) {
            self.turn.focus_faces();
        }
        if pressed(Modifiers::NONE, Key::N) {
            if let Some(answer) = top.and_then(|c| c.answers.iter().position(|a| !a.rolls)) {
                intents.push(Intent::Answer {
                    check: 0,
                    answer,
                    faces: None,
                });
            }
        }
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("軍配 Gunbai").strong().size(20.0));
            if ui.button("New battle…").on_hover_text("Ctrl+N").clicked() {
                self.new_battle.open = true;
            }
            if ui
                .button("Journal…")
                .on_hover_text("Open a journal, or Save As")
                .clicked()
            {
                self.journal.open = true;
            }
            if ui.button("Report").clicked() {
                self.report.open = true;
            }
            if ui
                .button("Reference")
                .on_hover_text("Ctrl+F or /")
                .clicked()
            {
                self.reference.open_for_search();
            }
            if ui.button("Dice tray").on_hover_text("Ctrl+D").clicked() {
                self.tray.open = true;
            }
            let theme = if self.dark {
                "Light theme"
            } else {
                "Dark theme"
            };
            if ui.button(theme).clicked() {
                self.dark = !self.dark;
                theme::apply(ui.ctx(), self.dark);
            }
            if ui.button("Help (F1)").clicked() {
                self.help.open = true;
            }
            ui.separator();
            if let Some(live) = &self.live {
                let [a, b] = live.game.army_names();
                ui.label(RichText::new(format!("{}: {a} vs {b}", live.game.title())).strong());
                match live.journal() {
                    Some(path) => {
                        ui.label(RichText::new(format!("saved: {}", path.display())).small())
                    }
                    None => ui.colored_label(ui.visuals().error_fg_color, "NOT SAVED"),
                };
            }
        });
    }

    fn banner_ui(&mut self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        if self.resume_offer.is_none() && self.banner.is_none() {
            return;
        }
        egui::Panel::top("banner").show(ui, |ui| {
            if let Some(path) = self.resume_offer.clone() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(format!("Resume your last battle? {}", path.display()))
                            .strong(),
                    );
                    if ui.button("Resume").clicked() {
                        intents.push(Intent::Open(path));
                    }
                    if ui.button("Not now").clicked() {
                        self.resume_offer = None;
                    }
                });
            }
            if let Some((message, error)) = &self.banner {
                let mut close = false;
                ui.horizontal_wrapped(|ui| {
                    let color = if *error {
                        ui.visuals().error_fg_color
                    } else {
                        ui.visuals().text_color()
                    };
                    ui.colored_label(color, message);
                    close = ui.button("Dismiss").clicked();
                });
                if close {
                    self.banner = None;
                }
            }
        });
    }

    fn windows_ui(&mut self, ctx: &egui::Context) {
        self.help.ui(ctx);
        self.tray.ui(ctx, &mut self.dice);
        if let Some(request) = self.new_battle.ui(ctx) {
            self.start(request);
        }
        let current = self.live.as_ref().and_then(Live::journal);
        match self.journal.ui(ctx, current.as_deref()) {
            Some(JournalRequest::Open(path)) => self.open(&path, false),
            Some(JournalRequest::Recover(path)) => self.open(&path, true),
            Some(JournalRequest::SaveAs(to)) => {
                let result = match &current {
                    Some(from) => {
                        save_as(from, &to).map(|()| format!("Saved a copy as {}", to.display()))
                    }
                    None => Err("this battle has no journal to copy".to_owned()),
                };
                self.journal.message = Some(match result {
                    Ok(m) => (m, false),
                    Err(e) => (e, true),
                });
            }
            None => {}
        }
    }
}
