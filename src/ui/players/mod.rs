//! The players' screen: a second window of the same app for a TV, a monitor or a projector
//! facing the table. It follows the battle live and has no controls: turn and phase, the
//! check being resolved with every modifier and its odds as bars, the last roll and its
//! result, the last few entries, and each side's strength and leaders. What the rules keep
//! from the players (an ambush) and what the umpire hides never reaches it.

mod compose;
mod draw;

use std::collections::{HashMap, HashSet};

use eframe::egui;

pub use compose::{Now, Rolled, Screen, Secrets, Shown, compose};

use super::live::Live;
use crate::engine::{Check, LogEntry};

/// The players' screen's own state; the battle itself is the app's, never copied.
#[derive(Default)]
pub struct PlayersScreen {
    /// The window is open.
    pub open: bool,
    /// The window's place and size on the desktop (x, y, width, height), as last seen.
    pub placed: Option<[f32; 4]>,
    /// The window is fullscreen (F11 in it).
    fullscreen: bool,
    /// Units the umpire keeps from the players, by view id.
    kept_units: HashSet<String>,
    /// The check the umpire hid, by key, until it is settled.
    hidden_check: Option<String>,
    /// The last check answered and its result, with the log entry that holds it.
    rolled: Option<(usize, Rolled)>,
    /// The battle and its version as last seen.
    stamp: (u64, u64),
    /// The strength (now, at the start) of each unit as the window last showed it, while it
    /// was open and the unit not kept: a kept unit counts for that in its side's total, so
    /// keeping it, or what happens to it while kept, moves no number on the screen.
    last_seen: HashMap<String, (u32, u32)>,
    /// The battle, its version and the umpire's keeping the last seen strengths are of.
    seen_stamp: Option<((u64, u64), u64)>,
    /// Bumped whenever the umpire keeps a unit or shows it again.
    kept_changes: u64,
}

/// The players' window's id among the app's viewports.
fn viewport_id() -> egui::ViewportId {
    egui::ViewportId::from_hash_of("gunbai players' screen")
}

impl PlayersScreen {
    /// A closed screen that opens where it was last left.
    pub fn placed_at(placed: Option<[f32; 4]>) -> Self {
        Self {
            placed,
            ..Self::default()
        }
    }

    /// Notes that the umpire answered `card` when the log held `before` entries: the entry
    /// it made, if any, is the result the screen holds until the next answer.
    pub fn answered(&mut self, card: &Check<()>, before: usize, log: &[LogEntry]) {
        if log.len() > before
            && let Some(entry) = log.last()
        {
            let rolled = Rolled {
                check: compose::shown(card),
                lines: entry.lines.clone(),
                dice: entry.dice,
            };
            self.rolled = Some((log.len() - 1, rolled));
            // Rolled, it is public: a tie rolled again under the same card shows.
            if self.hidden_check.as_ref() == Some(&card.key) {
                self.hidden_check = None;
            }
        }
    }

    /// Follows the battle: drops a result whose entry was undone, and a hidden check once it
    /// is settled. Cheap when nothing changed, so it runs every frame whether the window is
    /// open or not.
    pub fn track(&mut self, live: &Live) {
        let stamp = live.stamp();
        if self.open && self.seen_stamp != Some((stamp, self.kept_changes)) {
            self.see(live);
            self.seen_stamp = Some((stamp, self.kept_changes));
        }
        if stamp == self.stamp {
            return;
        }
        let log = live.game.log();
        let checks = &live.derived().checks;
        if stamp.0 != self.stamp.0 {
            // Another battle: nothing of the last one carries over.
            self.rolled = None;
            self.kept_units.clear();
            self.hidden_check = None;
            self.last_seen.clear();
        }
        if self
            .rolled
            .as_ref()
            .is_some_and(|(entry, _)| *entry >= log.len())
        {
            self.rolled = None;
        }
        if let Some(key) = &self.hidden_check
            && !checks.iter().any(|c| &c.key == key)
        {
            self.hidden_check = None;
        }
        self.stamp = stamp;
    }

    /// Notes the strength of every unit the window shows now (one not kept from it).
    fn see(&mut self, live: &Live) {
        let kept = self.kept(live);
        let view = &live.derived().view;
        for unit in view
            .sides
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.units)
        {
            if !kept.contains(&unit.id) {
                self.last_seen
                    .insert(unit.id.clone(), (unit.strength, unit.starting_strength));
            }
        }
    }

    /// The units kept from the players now: the rules' and the umpire's.
    fn kept(&self, live: &Live) -> HashSet<String> {
        let mut units: HashSet<String> = live.game.kept_from_players().into_iter().collect();
        units.extend(self.kept_units.iter().cloned());
        units
    }

    /// Hides the battle's top check from the players until it is settled, or shows it again.
    pub fn toggle_hidden_check(&mut self, live: &Live) {
        let top = live.derived().checks.first().map(|c| c.key.clone());
        self.hidden_check = match (&self.hidden_check, top) {
            (Some(hidden), Some(top)) if *hidden == top => None,
            (_, top) => top,
        };
    }

    /// Whether the top check is hidden from the players.
    pub fn hides_top_check(&self) -> bool {
        self.hidden_check.is_some()
    }

    /// Whether the players' screen holds the top check back because it names a unit kept
    /// from it (the umpire's card says so).
    pub fn keeps_top_check(&self, live: &Live) -> bool {
        let Some(top) = live.derived().checks.first() else {
            return false;
        };
        let kept = self.kept(live);
        !kept.is_empty()
            && Secrets::new(&live.derived().view, kept, None, HashMap::new()).hides_check(top)
    }

    /// Whether the umpire keeps unit `id` from the players.
    pub fn keeps(&self, id: &str) -> bool {
        self.kept_units.contains(id)
    }

    /// Keeps unit `id` from the players, or shows it again.
    pub fn toggle_kept(&mut self, id: &str) {
        if !self.kept_units.remove(id) {
            self.kept_units.insert(id.to_owned());
        }
        self.kept_changes += 1;
    }

    /// What the screen shows for the battle now.
    pub fn screen(&self, live: &Live) -> Screen {
        let derived = live.derived();
        let units = self.kept(live);
        let last_seen = units
            .iter()
            .filter_map(|id| self.last_seen.get(id).map(|s| (id.clone(), *s)))
            .collect();
        let secrets = Secrets::new(&derived.view, units, self.hidden_check.clone(), last_seen);
        let rolled = self
            .rolled
            .as_ref()
            .filter(|(entry, _)| {
                live.game
                    .log()
                    .get(*entry)
                    .is_none_or(|e| !secrets.hides_entry(e))
            })
            .map(|(_, r)| r);
        compose(
            &derived.view,
            derived.checks.first(),
            live.game.log(),
            rolled,
            &secrets,
        )
    }

    /// Shows the window while it is open; closing it (or F11's fullscreen) is the window's
    /// own business, and its place is remembered for the next time.
    pub fn show(&mut self, ctx: &egui::Context, live: Option<&Live>, dark: bool) {
        if !self.open {
            return;
        }
        let screen = live.map(|l| self.screen(l));
        let mut builder = egui::ViewportBuilder::default()
            .with_title("Gunbai 軍配: players' screen")
            .with_app_id("gunbai")
            .with_min_inner_size([480.0, 320.0]);
        builder = match self.placed {
            Some([x, y, w, h]) => builder.with_position([x, y]).with_inner_size([w, h]),
            None => builder.with_inner_size([1280.0, 720.0]),
        };
        ctx.show_viewport_immediate(viewport_id(), builder, |ui, class| {
            let embedded = class == egui::ViewportClass::EmbeddedWindow;
            if !embedded {
                let (close, f11, rect) = ui.input(|i| {
                    (
                        i.viewport().close_requested(),
                        i.key_pressed(egui::Key::F11),
                        i.viewport().outer_rect.zip(i.viewport().inner_rect),
                    )
                });
                if close {
                    self.open = false;
                }
                if f11 {
                    self.fullscreen = !self.fullscreen;
                    ui.ctx()
                        .send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.fullscreen));
                }
                if let Some((outer, inner)) = rect
                    && !self.fullscreen
                {
                    self.placed = Some([outer.min.x, outer.min.y, inner.width(), inner.height()]);
                }
            }
            draw::screen_ui(ui, screen.as_ref(), dark);
        });
    }
}
