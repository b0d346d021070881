//! The panels around the stage and their sizes: each takes a share of the window, the
//! umpire's when he has dragged its divider (kept between runs), and nothing else ever
//! changes it. Content never widens a panel: a badge that appears wraps inside the roster
//! rather than pushing the stage aside under the pointer.

use eframe::egui;

use super::app::App;
use super::files::PanelShares;

/// A panel around the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edge {
    /// The roster, on the left.
    Roster,
    /// The turn panel (the queue and the result), on the right.
    Turn,
    /// The battle log, along the bottom.
    Log,
}

impl Edge {
    /// Every panel.
    pub const ALL: [Edge; 3] = [Edge::Roster, Edge::Turn, Edge::Log];

    /// The panel's id salt.
    pub fn salt(self) -> &'static str {
        match self {
            Edge::Roster => "roster",
            Edge::Turn => "turn",
            Edge::Log => "log",
        }
    }

    /// The share of the window a panel takes until the umpire drags it, and the least and
    /// most it may take: the stage keeps at least a third of the width, and the log never
    /// hides it.
    fn shares(self) -> (f32, std::ops::RangeInclusive<f32>) {
        match self {
            Edge::Roster => (0.24, 0.15..=0.4),
            Edge::Turn => (0.25, 0.17..=0.4),
            Edge::Log => (0.2, 0.08..=0.5),
        }
    }

    /// The window's length along the panel's axis.
    fn along(self, screen: egui::Vec2) -> f32 {
        match self {
            Edge::Log => screen.y,
            Edge::Roster | Edge::Turn => screen.x,
        }
    }

    fn kept(self, shares: &PanelShares) -> Option<f32> {
        match self {
            Edge::Roster => shares.roster,
            Edge::Turn => shares.turn,
            Edge::Log => shares.log,
        }
    }

    fn keep(self, shares: &mut PanelShares, share: f32) {
        let slot = match self {
            Edge::Roster => &mut shares.roster,
            Edge::Turn => &mut shares.turn,
            Edge::Log => &mut shares.log,
        };
        *slot = Some(share);
    }

    /// The size of the panel in a window of `screen` points, with the shares the umpire
    /// left.
    pub fn size(self, shares: &PanelShares, screen: egui::Vec2) -> f32 {
        let (default, range) = self.shares();
        let share = self
            .kept(shares)
            .filter(|s| s.is_finite())
            .unwrap_or(default)
            .clamp(*range.start(), *range.end());
        share * self.along(screen)
    }

    /// The sizes the panel may be dragged to.
    pub fn range(self, screen: egui::Vec2) -> egui::Rangef {
        let (_, range) = self.shares();
        let along = self.along(screen);
        egui::Rangef::new(range.start() * along, range.end() * along)
    }

    /// A panel of this edge, placed at its size for `screen`, its divider draggable.
    pub fn panel(self, shares: &PanelShares, screen: egui::Vec2) -> egui::Panel {
        let panel = match self {
            Edge::Roster => egui::Panel::left(self.salt()),
            Edge::Turn => egui::Panel::right(self.salt()),
            Edge::Log => egui::Panel::bottom(self.salt()),
        };
        panel
            .resizable(true)
            .default_size(self.size(shares, screen))
            .size_range(self.range(screen))
    }
}

/// Draws `add` in what is left of a panel's `ui`, clipped to it, and takes exactly that room
/// in the panel: content wider than the panel is cut at its edge, never widening the panel
/// past the frame it paints (which left a black band between the roster and the stage).
pub(super) fn within<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let rect = ui.available_rect_before_wrap();
    let mut inner = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    inner.shrink_clip_rect(rect);
    let r = add(&mut inner);
    ui.advance_cursor_after_rect(rect);
    r
}

impl App {
    /// Before the panels are drawn: every panel whose divider is not being dragged forgets
    /// the size egui stored, so it is drawn at its share, whatever its content did last
    /// frame and however the window changed.
    pub(super) fn settle_panels(&mut self, ui: &egui::Ui) {
        let ctx = ui.ctx();
        for edge in Edge::ALL {
            let id = ui.scope_id().with(edge.salt());
            if ctx.is_being_dragged(id.with("__resize")) {
                if !self.dragging.contains(&edge) {
                    self.dragging.push(edge);
                }
            } else if !self.dragging.contains(&edge) {
                ctx.data_mut(|d| d.remove::<egui::PanelState>(id));
            }
        }
    }

    /// After the panels are drawn: a divider the umpire has let go of (egui has just stored
    /// where) is kept as its panel's share of the window, and saved for the next start.
    pub(super) fn keep_dragged_panels(&mut self, ui: &egui::Ui, screen: egui::Vec2) {
        let ctx = ui.ctx().clone();
        let mut changed = false;
        for edge in Edge::ALL {
            let id = ui.scope_id().with(edge.salt());
            if !self.dragging.contains(&edge) || ctx.is_being_dragged(id.with("__resize")) {
                continue;
            }
            self.dragging.retain(|e| *e != edge);
            let Some(state) = egui::PanelState::load(&ctx, id) else {
                continue;
            };
            let size = match edge {
                Edge::Log => state.outer_rect.height(),
                Edge::Roster | Edge::Turn => state.outer_rect.width(),
            };
            let along = edge.along(screen);
            if along > 0.0 {
                edge.keep(&mut self.settings.panels, size / along);
                changed = true;
            }
        }
        if changed {
            self.save_settings();
        }
    }

    /// Folds the log to one line, or opens it again; kept for the next start.
    pub(super) fn set_log_folded(&mut self, folded: bool) {
        if self.settings.panels.log_folded != folded {
            self.settings.panels.log_folded = folded;
            self.save_settings();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_takes_its_default_share_until_the_umpire_drags_it() {
        let screen = egui::vec2(1280.0, 720.0);
        let mut shares = PanelShares::default();
        assert!((Edge::Log.size(&shares, screen) - 144.0).abs() < 0.01);
        shares.log = Some(0.3);
        assert!((Edge::Log.size(&shares, screen) - 216.0).abs() < 0.01);
        // A share from a hand-edited settings file stays within the panel's range.
        shares.roster = Some(9.0);
        assert!((Edge::Roster.size(&shares, screen) - 512.0).abs() < 0.01);
        shares.turn = Some(f32::NAN);
        assert!((Edge::Turn.size(&shares, screen) - 320.0).abs() < 0.01);
    }
}
