//! The app's frame: the panels laid out around the battle, the toolbar, the banner, the
//! windows, and the keyboard shortcuts.

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers, RichText};

use super::app::App;
use super::files::save_as;
use super::journal_window::JournalRequest;
use super::live::Live;
use super::panels::Edge;
use super::stage::centre_ui;
use super::{Intent, theme};

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.pick_zoom_for_the_screen(&ctx);
        self.remember_zoom_and_size(&ctx);
        let mut intents = Vec::new();
        self.shortcuts(&ctx, &mut intents);
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar_ui(ui));
        self.banner_ui(ui, &mut intents);
        self.settle_panels(ui);
        if let Some(live) = self.live.as_mut() {
            // What the umpire saw when this frame's clicks and keys were made: a change since
            // (the frame before drew other cards) makes them stale, and they are refused.
            let seen = live.shown_version();
            let now = ctx.input(|i| i.time);
            live.refresh(now);
            let hold = live.hold_left(now);
            if hold > 0.0 {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(hold));
            }
            let settled = hold == 0.0;
            let stamp = live.stamp();
            // Each panel takes its share of the window: the default, or what the umpire
            // dragged it to.
            let screen = ctx.content_rect().size();
            let shares = self.settings.panels;
            let mut fold = None;
            if shares.log_folded {
                egui::Panel::bottom("log-folded")
                    .resizable(false)
                    .show(ui, |ui| {
                        if self.log.folded_ui(ui, live.game.log()) {
                            fold = Some(false);
                        }
                    });
            } else {
                Edge::Log.panel(&shares, screen).show(ui, |ui| {
                    let d = live.derived();
                    let folding = self.log.ui(
                        ui,
                        live.game.log(),
                        (&d.units, &|| live.kinds()),
                        stamp,
                        live.game.redoable(),
                        &mut intents,
                    );
                    if folding {
                        fold = Some(true);
                    }
                });
            }
            Edge::Roster.panel(&shares, screen).show(ui, |ui| {
                super::panels::within(ui, |ui| {
                    self.roster.ui(
                        ui,
                        &live.derived().view,
                        self.selected.as_deref(),
                        &mut intents,
                    );
                });
            });
            Edge::Turn.panel(&shares, screen).show(ui, |ui| {
                super::panels::within(ui, |ui| {
                    let d = live.derived();
                    self.turn.ui(ui, (&d.view, &d.heading), &d.checks, stamp);
                });
            });
            egui::CentralPanel::default().show(ui, |ui| {
                let parts = (&mut self.turn, &mut self.actions, &mut self.players);
                let moment = (stamp, seen, settled);
                let selected = self.selected.as_deref();
                centre_ui(ui, parts, live, selected, moment, &mut intents);
            });
            self.reference.ui(&ctx, live.game.key());
            self.report.ui(&ctx, live.game.as_ref(), stamp, &self.data);
            if let Some(folded) = fold {
                self.set_log_folded(folded);
            }
            self.keep_dragged_panels(ui, screen);
        } else {
            egui::CentralPanel::default().show(ui, |ui| {
                ui.heading("No battle is open: start a New battle, or open a journal.");
            });
        }
        if let Some(live) = self.live.as_ref() {
            self.players.track(live);
        }
        self.players.show(&ctx, self.live.as_ref(), self.dark);
        self.windows_ui(&ctx);
        self.confirm_end_ui(&ctx, &mut intents);
        self.carry_out(intents);
        self.watch_journal();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if self.players.placed != self.settings.players_window {
            self.settings.players_window = self.players.placed;
            self.save_settings();
        }
        self.discard_if_empty();
    }
}

impl App {
    /// Writes the after-action report of a listed battle, read without resuming it (a
    /// damaged one up to its damage), to the data directory's reports; returns where.
    fn export_report(&self, journal: &std::path::Path) -> Result<std::path::PathBuf, String> {
        let (game, _) = crate::rules::open_journal(journal, true, false)
            .map_err(|e| format!("cannot read {}: {e}", journal.display()))?;
        let to = self.data.report_path("html");
        super::files::write_file(&to, crate::report::html(game.as_ref()).as_bytes())?;
        Ok(to)
    }

    /// Until the umpire has chosen a scale, picks one for the window (not the monitor: a
    /// window of 1400 × 900 on a large monitor reads at scale 1, its toolbar on one row), and
    /// picks again when the window is resized, so a maximised window reads at arm's length.
    fn pick_zoom_for_the_screen(&mut self, ctx: &egui::Context) {
        if self.settings.zoom_is_chosen() {
            return;
        }
        let ppp = ctx.input(|i| i.viewport().native_pixels_per_point.unwrap_or(1.0));
        // The window in physical pixels, whatever scale it is drawn at now.
        let points = ctx.content_rect().size() * ctx.zoom_factor();
        let zoom = super::files::auto_zoom([points.x * ppp, points.y * ppp]);
        if self.zoom_picked_as != Some(zoom) {
            ctx.set_zoom_factor(zoom);
            // Picked, not chosen: the next start picks again for whatever window it has.
            self.zoom_picked_as = Some(zoom);
        }
    }

    /// Keeps the scale (Ctrl+Plus / Ctrl+Minus, egui's own keys) and the window's size for
    /// the next start, saving when either has changed and settled.
    fn remember_zoom_and_size(&mut self, ctx: &egui::Context) {
        let zoom = ctx.zoom_factor();
        let size = ctx.input(|i| i.viewport().inner_rect.map(|r| [r.width(), r.height()]));
        // Sizes in whole points: a window resized by a fraction is the same window.
        let size = size.map(|[w, h]| [(w * zoom).round(), (h * zoom).round()]);
        let zoom_changed = (zoom - self.settings.zoom).abs() > 1e-3;
        let size_changed = size.is_some() && size != self.settings.window;
        if !zoom_changed && !size_changed {
            return;
        }
        self.settings.zoom = zoom;
        // The picked scale landing (it takes effect a frame later) is not the umpire's choice.
        let picked = self.zoom_picked_as.is_some_and(|p| (p - zoom).abs() < 1e-3);
        self.settings.zoom_chosen =
            Some(self.settings.zoom_is_chosen() || (zoom_changed && !picked));
        if size.is_some() {
            self.settings.window = size;
        }
        // A drag resizes over many frames: write once the pointer is up.
        if zoom_changed || !ctx.input(|i| i.pointer.any_down()) {
            self.save_settings();
        }
    }

    /// Opens the players' screen, or closes it keeping where it was for the next time.
    fn toggle_players_screen(&mut self) {
        self.players.open = !self.players.open;
        if !self.players.open && self.players.placed != self.settings.players_window {
            self.settings.players_window = self.players.placed;
            self.save_settings();
        }
    }

    pub(super) fn save_settings(&mut self) {
        if let Err(e) = self.data.save_settings(&self.settings) {
            self.banner = Some((format!("Cannot save the settings: {e}"), true));
        }
    }

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
            self.new_battle.show();
        }
        if pressed(Modifiers::COMMAND, Key::P) {
            self.toggle_players_screen();
        }
        if pressed(Modifiers::COMMAND, Key::H)
            && let Some(live) = self.live.as_ref()
        {
            self.players.toggle_hidden_check(live);
        }
        if typing {
            return;
        }
        if pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z) {
            intents.push(Intent::Redo(1));
        } else if pressed(Modifiers::COMMAND, Key::Z) {
            intents.push(Intent::Undo(1));
        }
        self.card_keys(ctx, intents);
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui) {
        // One row from 1280 points wide: the battle's name is at the top of the turn panel,
        // and the journal's state takes a word at the end.
        ui.horizontal(|ui| {
            ui.label(RichText::new("軍配 Gunbai").strong().size(19.0));
            if ui.button("New battle…").on_hover_text("Ctrl+N").clicked() {
                self.new_battle.show();
            }
            if ui
                .button("Army builder…")
                .on_hover_text("Make or edit an army, checked as you type")
                .clicked()
            {
                let key = self.live.as_ref().map_or("sky", |l| l.game.key());
                self.army_builder.show(key);
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
            if self.live.as_ref().is_some_and(|l| l.game.can_end())
                && ui
                    .button("End battle…")
                    .on_hover_text("The umpire calls the battle over (it can be undone)")
                    .clicked()
            {
                self.confirm_end = true;
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
            let players = if self.players.open {
                "Close players' screen"
            } else {
                "Players' screen"
            };
            if ui
                .button(players)
                .on_hover_text(
                    "Ctrl+P: a second window for the table (F11 in it: fullscreen); \
                     Ctrl+H hides the check at the top from it until rolled",
                )
                .clicked()
            {
                self.toggle_players_screen();
            }
            let theme = if self.dark {
                "Light theme"
            } else {
                "Dark theme"
            };
            if ui.button(theme).clicked() {
                self.dark = !self.dark;
                theme::apply(ui.ctx(), self.dark);
                self.settings.dark = self.dark;
                self.save_settings();
            }
            if ui.button("Help").on_hover_text("F1").clicked() {
                self.help.open = true;
            }
            ui.separator();
            if let Some(live) = &self.live {
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
                        .label(RichText::new("saved").small())
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
        let offers = [
            &self.resume_offer,
            &self.read_only_offer,
            &self.recover_offer,
        ];
        if self.banner.is_none() && offers.iter().all(|o| o.is_none()) {
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
            if let Some(path) = self.recover_offer.clone() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!(
                        "{} is damaged. Recover opens it read-only with the entries before the damage (Save As then keeps them).",
                        path.display()
                    ));
                    if ui.button("Recover (read-only)").clicked() {
                        intents.push(Intent::OpenReadOnly(path));
                    }
                    if ui.button("Not now").clicked() {
                        self.recover_offer = None;
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

    /// Asks before ending the battle: a click that ends it must be meant.
    fn confirm_end_ui(&mut self, ctx: &egui::Context, intents: &mut Vec<Intent>) {
        if !self.confirm_end {
            return;
        }
        let Some(version) = self.live.as_ref().map(|l| l.game.version()) else {
            self.confirm_end = false;
            return;
        };
        egui::Window::new("End the battle?")
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label("The battle is logged as ended; Ctrl+Z takes that back.");
                ui.horizontal(|ui| {
                    if ui.button("End the battle").clicked() {
                        intents.push(Intent::EndBattle { version });
                        self.confirm_end = false;
                    }
                    if ui.button("Cancel").clicked() {
                        self.confirm_end = false;
                    }
                });
            });
    }

    fn windows_ui(&mut self, ctx: &egui::Context) {
        self.help.ui(ctx);
        self.tray.ui(ctx, &mut self.dice);
        if std::mem::take(&mut self.new_battle.wants_builder) {
            self.army_builder.show(self.new_battle.key());
        }
        self.army_builder.ui(ctx);
        if std::mem::take(&mut self.army_builder.saved) {
            self.new_battle.refresh_saved();
        }
        if let Some(request) = self.new_battle.ui(ctx) {
            // Starting a battle is the umpire's answer to the resume offer.
            self.resume_offer = None;
            self.start(request);
        }
        let current = self.live.as_ref().and_then(Live::journal);
        match self.journal.ui(ctx, current.as_deref(), &self.data) {
            Some(JournalRequest::Open(path)) => {
                self.open(&path, false);
                self.journal.battles = None;
            }
            Some(JournalRequest::Recover(path)) => {
                self.open(&path, true);
                self.journal.battles = None;
            }
            Some(JournalRequest::Remove(path)) => {
                let message = if current.as_deref() == Some(path.as_path()) {
                    ("The battle open here cannot be removed.".to_owned(), true)
                } else {
                    match self.data.remove_battle(&path) {
                        Ok(to) => (format!("Moved to {}", to.display()), false),
                        Err(e) => (e, true),
                    }
                };
                self.journal.message = Some(message);
                self.journal.battles = None;
            }
            Some(JournalRequest::Export(path)) => {
                self.journal.message = Some(match self.export_report(&path) {
                    Ok(to) => (format!("Wrote its report to {}", to.display()), false),
                    Err(e) => (e, true),
                });
            }
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
