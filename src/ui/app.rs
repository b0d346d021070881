//! The app shell: the battle in progress, the panels around it, shortcuts, and the one
//! place where the umpire's intents change the battle.

use std::path::{Path, PathBuf};

use super::action_panel::ActionPanel;
use super::dice_tray::DiceTray;
use super::files::DataDir;
use super::help::Help;
use super::journal_window::JournalWindow;
use super::live::Live;
use super::log_panel::LogPanel;
use super::new_battle::NewBattle;
use super::reference_window::ReferenceWindow;
use super::report_window::ReportWindow;
use super::roster_panel::RosterPanel;
use super::table_entry::EntryField;
use super::turn_panel::TurnPanel;
use super::{Intent, Typed, fonts, theme};
use crate::cli::launch::Launch;
use crate::dice::{RngDice, TableDice};
use crate::engine::words::count;
use crate::engine::{BattleError, Dice, Game};
use crate::reference::HouseRules;
use crate::rules::{StartRequest, demo_rosters, open_journal, start_battle};

/// The desktop app.
pub struct App {
    pub(super) data: DataDir,
    pub(super) live: Option<Live>,
    pub(super) generation: u64,
    pub(super) actions: ActionPanel,
    pub(super) dice: RngDice,
    pub(super) selected: Option<String>,
    pub(super) dark: bool,
    pub(super) resume_offer: Option<PathBuf>,
    /// A journal open in another window, which may be opened read-only.
    pub(super) read_only_offer: Option<PathBuf>,
    /// A damaged journal, which may be recovered: opened read-only up to its damage.
    pub(super) recover_offer: Option<PathBuf>,
    /// Why the battle shown is read-only, as last announced.
    pub(super) read_only_seen: Option<String>,
    /// A message across the top: text and whether it is an error.
    pub(super) banner: Option<(String, bool)>,
    pub(super) remembered: Option<PathBuf>,
    /// The journal of the last battle this app started, while it may still be discarded.
    pub(super) created: Option<PathBuf>,
    pub(super) roster: RosterPanel,
    pub(super) turn: TurnPanel,
    pub(super) log: LogPanel,
    pub(super) reference: ReferenceWindow,
    pub(super) tray: DiceTray,
    pub(super) report: ReportWindow,
    pub(super) new_battle: NewBattle,
    pub(super) army_builder: super::army_builder::ArmyBuilder,
    pub(super) journal: JournalWindow,
    pub(super) help: Help,
    /// The "End the battle?" question is open.
    pub(super) confirm_end: bool,
    /// The theme, scale and window size, as last saved.
    pub(super) settings: super::files::Settings,
    /// The panels whose divider the umpire is dragging.
    pub(super) dragging: Vec<super::panels::Edge>,
    /// The scale picked for the screen, if one was.
    pub(super) zoom_picked_as: Option<f32>,
    /// The players' screen, a second window facing the table.
    pub(super) players: super::players::PlayersScreen,
}

impl App {
    /// The app with its battles in the platform data directory, on the demo battle.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        Self::with_data_dir(cc, DataDir::platform().root().to_path_buf())
    }

    /// The app keeping its battles under `dir` (tests give a temporary one). It opens on a
    /// ready demo battle and offers to resume the last battle if there is one.
    pub fn with_data_dir(cc: &eframe::CreationContext<'_>, dir: PathBuf) -> Self {
        Self::with_launch(cc, dir, Launch::Usual)
    }

    /// The app keeping its battles under `dir`, opened on what the command line asked for:
    /// a journal (resumed, or the reason it cannot be with what may be done instead), a
    /// roster in the New battle dialog, a new battle, or a file it cannot open and why.
    /// Only plain `gunbai` opens the demo battle and offers the last one: a file or battle
    /// asked for by name is what the umpire wants to see, even when it cannot be opened.
    pub fn with_launch(cc: &eframe::CreationContext<'_>, dir: PathBuf, launch: Launch) -> Self {
        let mut app = Self::empty(cc, DataDir::new(dir));
        match launch {
            Launch::Usual => {
                app.resume_offer = app.data.last_battle();
                let demo = demo_rosters("sky").map(|rosters| StartRequest {
                    key: "sky",
                    rosters,
                    house: HouseRules::default(),
                });
                if let Some(request) = demo {
                    app.start(request);
                }
            }
            Launch::Journal(path) => app.open(&path, false),
            Launch::Roster { path, key } => app.new_battle.choose_roster(key, &path),
            Launch::NewBattle(request) => app.start(request),
            refused @ Launch::Refused { .. } => {
                app.banner = refused.refusal().map(|message| (message, true));
            }
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
        let settings = data.settings();
        let settings_players = settings.players_window;
        let dark = settings.dark;
        theme::apply(&cc.egui_ctx, dark);
        if settings.zoom_is_chosen() {
            cc.egui_ctx.set_zoom_factor(settings.zoom());
        }
        let mut new_battle = NewBattle::default();
        new_battle.set_rosters_dir(data.root().join("rosters"));
        let army_builder = super::army_builder::ArmyBuilder::new(data.root().to_path_buf());
        Self {
            data,
            live: None,
            generation: 0,
            actions: ActionPanel::default(),
            dice: RngDice::from_os(),
            selected: None,
            dark,
            resume_offer: None,
            read_only_offer: None,
            recover_offer: None,
            read_only_seen: None,
            banner: None,
            remembered: None,
            created: None,
            roster: RosterPanel::default(),
            turn: TurnPanel::default(),
            log: LogPanel::default(),
            reference: ReferenceWindow::default(),
            tray: DiceTray::default(),
            report: ReportWindow::default(),
            army_builder,
            new_battle,
            journal: JournalWindow::default(),
            help: Help::default(),
            confirm_end: false,
            settings,
            dragging: Vec::new(),
            zoom_picked_as: None,
            players: super::players::PlayersScreen::placed_at(settings_players),
        }
    }

    /// Closes the Journal window, as its close button does (tests).
    pub fn close_journal_window(&mut self) {
        self.journal.open = false;
    }

    /// The army in the army builder (tests).
    pub fn built_army(&self) -> &crate::roster::builder::Builder {
        self.army_builder.builder()
    }

    /// What the players' screen shows now, or `None` while it is closed (tests).
    pub fn players_screen(&self) -> Option<super::players::Screen> {
        let live = self.live.as_ref().filter(|_| self.players.open)?;
        Some(self.players.screen(live))
    }

    /// The error shown on the card on stage, if any (tests).
    pub fn stage_error(&self) -> Option<String> {
        let checks = &self.live.as_ref()?.derived().checks;
        let (_, top) = self.turn.on_stage(checks)?;
        self.turn.error(&top.key)
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

    pub(super) fn set_game(&mut self, game: Box<dyn Game>) {
        self.discard_if_empty();
        self.generation += 1;
        self.actions = ActionPanel::default();
        self.read_only_seen = game.read_only();
        self.live = Some(Live::new(game, self.generation));
        self.selected = None;
        self.turn.show_result(Vec::new(), false);
        self.log = LogPanel::default();
    }

    /// Starts a battle, journalled in the data directory (unsaved, with a warning, if it cannot be).
    pub(super) fn start(&mut self, request: StartRequest) {
        let journal = self.data.new_journal(request.key);
        let path = journal.as_ref().ok().map(PathBuf::as_path);
        match start_battle(request.key, &request.rosters, request.house, path) {
            Ok(game) => {
                self.set_game(game);
                self.created = self.live.as_ref().and_then(Live::journal);
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

    pub(super) fn open(&mut self, path: &Path, recover: bool) {
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
                self.read_only_offer = None;
                self.recover_offer = None;
                let note = if recover {
                    " (read-only: Save As to keep it)"
                } else {
                    ""
                };
                let mut message = format!("Opened {}{note}", path.display());
                for w in &warnings {
                    message.push('\n');
                    message.push_str(w);
                }
                self.banner = Some((message.clone(), !warnings.is_empty()));
                self.journal.message = Some((message, !warnings.is_empty()));
            }
            Err(e) => {
                match &e {
                    BattleError::Locked { .. } => self.read_only_offer = Some(path.to_owned()),
                    // Recovery keeps the entries before the damage; a damaged header (line 1)
                    // leaves nothing to keep, so nothing is offered.
                    BattleError::Damaged { line, .. } if *line > 1 && !recover => {
                        self.recover_offer = Some(path.to_owned());
                    }
                    _ => {}
                }
                let message = format!("Could not open {}: {e}", path.display());
                self.journal.message = Some((message.clone(), true));
                self.banner = Some((message, true));
            }
        }
    }

    /// Puts up a banner when the battle has just become read-only (its journal could not be
    /// written): why, and where the journal is.
    pub(super) fn watch_journal(&mut self) {
        let Some(live) = &self.live else { return };
        let reason = live.game.read_only();
        if reason == self.read_only_seen {
            return;
        }
        if let Some(why) = &reason {
            let place = live
                .journal()
                .map_or_else(String::new, |p| format!(" Journal: {}", p.display()));
            self.banner = Some((format!("This battle is now read-only: {why}.{place}"), true));
        }
        self.read_only_seen = reason;
    }

    /// Carries out what the panels asked for.
    pub(super) fn carry_out(&mut self, intents: Vec<Intent>) {
        for intent in intents {
            // Until the umpire says whether to resume the last battle, nothing changes the demo
            // battle shown meanwhile: a stray key must not start it and hide the real one.
            if self.resume_offer.is_some() && intent.changes_the_battle() {
                self.turn.show_result(
                    vec![
                        "First choose: Resume your last battle, or Not now to play this one."
                            .into(),
                    ],
                    true,
                );
                continue;
            }
            // A note such as "Opened …" is old news once the battle moves on.
            if intent.changes_the_battle() && self.banner.as_ref().is_some_and(|(_, e)| !e) {
                self.banner = None;
            }
            match intent {
                Intent::Select(id) => self.selected = Some(id),
                Intent::Open(path) => self.open(&path, false),
                Intent::OpenReadOnly(path) => self.open(&path, true),
                Intent::Answer {
                    check,
                    answer,
                    version,
                    table,
                } => {
                    // The card as the players saw it, for their screen's last roll.
                    let asked = self.live.as_ref().and_then(|l| {
                        let card = l.derived().checks.iter().find(|c| c.key == check)?;
                        Some((card.clone(), l.game.log().len()))
                    });
                    let opens = self.answer(&check, answer, version, table);
                    if let (Some((card, before)), Some(live)) = (asked, self.live.as_ref()) {
                        self.players.answered(&card, before, live.game.log());
                    }
                    if let Some((unit, form)) = opens {
                        self.actions.open_form(&unit, &form);
                        self.selected = Some(unit);
                    }
                }
                Intent::Action {
                    unit,
                    form,
                    values,
                    version,
                    faces,
                } => self.act(&unit, &form, &values, version, faces),
                Intent::EndBattle { version } => {
                    let Some(live) = self.live.as_mut() else {
                        continue;
                    };
                    match live.game.end_battle(version) {
                        Ok(()) => {
                            let lines = last_lines(live.game.as_ref());
                            self.turn.show_result(lines, false);
                        }
                        Err(e) => self.turn.show_result(vec![e.to_string()], true),
                    }
                }
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
                            .show_result(vec![format!("{word} {}.", count(n, "entry"))], false),
                        Err(e) => self.turn.show_result(vec![e.to_string()], true),
                    }
                }
            }
        }
        self.remember();
    }

    /// Settles a check; returns the unit and form the answer opens next, if any.
    fn answer(
        &mut self,
        check: &str,
        answer: usize,
        version: u64,
        table: Option<Typed>,
    ) -> Option<(String, String)> {
        let live = self.live.as_mut()?;
        let card = live.derived().checks.iter().find(|c| c.key == check);
        let opens = card
            .and_then(|c| c.answers.get(answer))
            .and_then(|a| a.opens.clone());
        // A refusal of the table's dice says again what the roll takes, whole.
        let takes = card.map(|c| c.table_faces().words()).unwrap_or_default();
        let field = match &table {
            Some(Typed::Counts(_)) => EntryField::Counts,
            _ => EntryField::Faces,
        };
        let dice = match table.as_ref().map(Typed::dice) {
            None => Dice::Roll(&mut self.dice),
            Some(Ok(table)) => Dice::Table(table),
            Some(Err(e)) => {
                self.turn.card_error(check, field, e.to_string());
                return None;
            }
        };
        match live.game.answer(check, answer, version, dice) {
            Ok(()) => {
                let lines = last_lines(live.game.as_ref());
                self.turn.show_result(lines, false);
                opens
            }
            Err(e) if table.is_some() => {
                let message = match field {
                    EntryField::Faces => format!("{e}; this roll takes {takes}"),
                    EntryField::Counts => e.to_string(),
                };
                self.turn.card_error(check, field, message);
                None
            }
            Err(e) => {
                self.turn.show_result(vec![e.to_string()], true);
                None
            }
        }
    }

    fn act(
        &mut self,
        unit: &str,
        form: &str,
        values: &[usize],
        version: u64,
        faces: Option<String>,
    ) {
        let Some(live) = self.live.as_mut() else {
            return;
        };
        let dice = match &faces {
            None => Dice::Roll(&mut self.dice),
            Some(text) => match TableDice::parse(text) {
                Ok(table) => Dice::Table(table),
                Err(e) => return self.actions.faces_error(e.to_string()),
            },
        };
        match live.game.do_action(unit, form, values, version, dice) {
            Ok(()) => {
                self.actions.ordered();
                let lines = last_lines(live.game.as_ref());
                self.turn.show_result(lines, false);
            }
            // The table's faces stay in their field, with why beside them.
            Err(e) if faces.is_some() => self.actions.faces_error(format!("Refused: {e}")),
            Err(e) => self.turn.show_result(vec![format!("Refused: {e}")], true),
        }
    }

    /// Removes the journal of a battle left without a single entry (the demo battle every
    /// start opens), so the battles folder holds only battles someone played.
    pub(super) fn discard_if_empty(&mut self) {
        let Some(live) = self.live.take() else { return };
        let path = live.journal();
        // Only a journal this app created this session, never a file the umpire opened.
        let empty = live.game.entries() == 0 && path.is_some() && path == self.created;
        drop(live);
        if let Some(path) = path.filter(|_| empty) {
            let _ = std::fs::remove_file(path);
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

/// The sentences of the newest entry in effect, and whose dice it rolled.
fn last_lines(game: &dyn Game) -> Vec<String> {
    game.log()
        .last()
        .map(|e| {
            let mut lines = e.lines.clone();
            lines.extend(e.dice.words().map(|w| format!("({w})")));
            lines
        })
        .unwrap_or_default()
}
