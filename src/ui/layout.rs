//! The app's frame: the panels laid out around the battle, the toolbar, the banner, the
//! windows, and the keyboard shortcuts.

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers, RichText};

use super::action_panel::Outcome;
use super::app::App;
use super::files::save_as;
use super::journal_window::JournalRequest;
use super::live::Live;
use super::roster_panel::details_ui;
use super::{Intent, theme};

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
                .default_size(190.0)
                .show(ui, |ui| {
                    let d = live.derived();
                    self.log
                        .ui(ui, live.game.log(), &d.units, &d.kinds, stamp, &mut intents);
                });
            egui::Panel::left("roster")
                .resizable(true)
                .default_size(380.0)
                .size_range(260.0..=520.0)
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
                .size_range(320.0..=600.0)
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
        self.watch_journal();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.discard_if_empty();
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
        let top = self.live.as_ref().and_then(|l| l.derived().checks.first());
        // R settles the top card with its default answer (the first: `Roll` on a test).
        let roll = top.filter(|c| !c.answers.is_empty()).map(|_| 0);
        // N steps on: the top card's first answer that rolls nothing.
        let step = top.and_then(|c| c.answers.iter().position(|a| !a.rolls));
        if let Some(answer) = roll
            && (pressed(Modifiers::NONE, Key::R) || pressed(Modifiers::NONE, Key::Space))
        {
            intents.push(Intent::Answer {
                check: 0,
                answer,
                faces: None,
            });
        }
        if let Some(answer) = step
            && pressed(Modifiers::NONE, Key::N)
        {
            intents.push(Intent::Answer {
                check: 0,
                answer,
                faces: None,
            });
        }
        if pressed(Modifiers::NONE, Key::T) {
            self.turn.focus_faces();
        }
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
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
                let settings = super::files::Settings { dark: self.dark };
                if let Err(e) = self.data.save_settings(&settings) {
                    self.banner = Some((format!("Cannot save the theme: {e}"), true));
                }
            }
            if ui.button("Help (F1)").clicked() {
                self.help.open = true;
            }
            ui.separator();
            if let Some(live) = &self.live {
                let [a, b] = live.game.army_names();
                ui.label(RichText::new(format!("{}: {a} vs {b}", live.game.title())).strong());
                let read_only = live.game.read_only();
                match live.journal() {
                    Some(path) if read_only.is_some() => ui
                        .colored_label(ui.visuals().error_fg_color, "READ-ONLY")
                        .on_hover_text(format!(
                            "{}\nNothing is written to {}",
                            read_only.unwrap_or_default(),
                            path.display()
                        )),
                    Some(path) => ui
                        .label(RichText::new("journal saved").small())
                        .on_hover_text(format!(
                            "Every entry is on disk before it is shown:\n{}",
                            path.display()
                        )),
                    None => ui.colored_label(ui.visuals().error_fg_color, "NOT SAVED"),
                };
            }
        });
    }

    fn banner_ui(&mut self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        if self.resume_offer.is_none() && self.banner.is_none() && self.read_only_offer.is_none() {
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
            if let Some(path) = self.read_only_offer.clone() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{} is open in another window.", path.display()));
                    if ui.button("Open read-only").clicked() {
                        intents.push(Intent::OpenReadOnly(path));
                    }
                    if ui.button("Not now").clicked() {
                        self.read_only_offer = None;
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
                let result = match &self.live {
                    Some(live) => save_as(live.game.as_ref(), &to)
                        .map(|()| format!("Saved a copy as {}", to.display())),
                    None => Err("no battle is open".to_owned()),
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
