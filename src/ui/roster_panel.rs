//! The roster panel (left): sides, clans and units with strength, hits and badges;
//! leaders with their effective rating and where every point of it comes from.

use std::collections::HashMap;
use std::hash::{Hash as _, Hasher as _};

use chrono::Local;
use eframe::egui::{self, RichText};

use super::{Intent, theme};
use crate::engine::view::{BattleView, GroupView, LeaderView, Tone, UnitView};
use crate::engine::words::count;

/// The roster panel's own state.
#[derive(Default)]
pub struct RosterPanel {
    /// The height each unit took when last drawn, by id, with what that height depends on:
    /// a unit scrolled out of view holds its place without being laid out.
    heights: HashMap<String, Drawn>,
    /// The same for each clan (group), by side and place: a clan wholly out of view holds
    /// its place without its header, leader and badges being laid out.
    groups: HashMap<(usize, usize), Drawn>,
}

/// A unit's or a clan's height as last drawn, and what it was drawn with: names and badges
/// wrap, so the width and their words decide the height (and the scale, text being placed
/// on pixels).
struct Drawn {
    width: f32,
    scale: f32,
    words: u64,
    height: f32,
    /// A unit's top below its clan's top (0 for a clan): where a clan out of view puts it.
    below: f32,
    /// Whether a clan showed its units (it was not folded); true for a unit.
    open: bool,
}

impl Drawn {
    /// Whether this height still holds for what is drawn now.
    fn holds(&self, width: f32, scale: f32, words: u64) -> bool {
        self.width == width && self.scale == scale && self.words == words
    }
}

/// What a unit's height depends on besides the width: the words of its rows (its name and
/// badges; its measure and whether it has marked hits, which may wrap in a narrow roster).
fn words_of(unit: &UnitView) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    unit.name.hash(&mut hasher);
    unit.measure.hash(&mut hasher);
    (unit.marked_hits > 0).hash(&mut hasher);
    for b in &unit.badges {
        b.label.hash(&mut hasher);
    }
    hasher.finish()
}

/// What a clan's height depends on besides the width: its name, badges and leader's row,
/// and its units' words. Strength and hits are drawn in rows of fixed height.
fn group_words(group: &GroupView) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    group.name.hash(&mut hasher);
    for b in &group.badges {
        b.label.hash(&mut hasher);
    }
    if let Some(leader) = &group.leader {
        leader.name.hash(&mut hasher);
        leader.rating_name.hash(&mut hasher);
        leader.rating.hash(&mut hasher);
        for b in &leader.badges {
            b.label.hash(&mut hasher);
        }
    }
    for unit in &group.units {
        words_of(unit).hash(&mut hasher);
    }
    hasher.finish()
}

impl RosterPanel {
    /// Shows every side; clicking a unit selects it.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &BattleView,
        selected: Option<&str>,
        intents: &mut Vec<Intent>,
    ) {
        let dark = ui.visuals().dark_mode;
        egui::ScrollArea::vertical()
            .id_salt("roster")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (s, side) in view.sides.iter().enumerate() {
                    let color = theme::side_color(s, dark);
                    let (now, start) = side.strength();
                    // The side's name and strength in its colour, large: read from the table.
                    let title = RichText::new(format!("{}  {now}/{start}", side.name))
                        .heading()
                        .strong()
                        .color(color);
                    egui::CollapsingHeader::new(wrapped(ui, title))
                        .id_salt(("side", s))
                        .default_open(true)
                        .show(ui, |ui| {
                            let width = ui.available_width().min(420.0);
                            theme::strength_bar(
                                ui,
                                (now, start),
                                color,
                                width,
                                &format!("{} strength: {now} of {start}", side.name),
                            );
                            if let Some(general) = &side.general {
                                leader_ui(ui, "General", general);
                            }
                            for (g, group) in side.groups.iter().enumerate() {
                                self.group_in_place(ui, (s, g), group, color, selected, intents);
                            }
                        });
                }
            });
    }
}

impl RosterPanel {
    /// A clan where it shows; wholly out of view, the height it took when last drawn (as
    /// long as nothing that decides that height changed), with its units as selectable
    /// items only.
    fn group_in_place(
        &mut self,
        ui: &mut egui::Ui,
        place: (usize, usize),
        group: &GroupView,
        color: egui::Color32,
        selected: Option<&str>,
        intents: &mut Vec<Intent>,
    ) {
        let top = ui.cursor().top();
        let width = ui.available_width();
        let scale = ui.ctx().pixels_per_point();
        let words = group_words(group);
        if let Some(drawn) = self.groups.get(&place)
            && drawn.holds(width, scale, words)
        {
            let rect = egui::Rect::from_min_size(
                egui::pos2(ui.cursor().left(), top),
                egui::vec2(width, drawn.height),
            );
            if !ui.is_rect_visible(rect) {
                // Its units where they were last drawn, unless the clan is folded.
                let units = if drawn.open { &group.units[..] } else { &[] };
                for unit in units {
                    let (below, height) = self
                        .heights
                        .get(&unit.id)
                        .map_or((0.0, 0.0), |d| (d.below, d.height));
                    let place = egui::Rect::from_min_size(
                        rect.left_top() + egui::vec2(0.0, below),
                        egui::vec2(width, height),
                    );
                    let selected = selected == Some(unit.id.as_str());
                    unit_item(ui, place, unit, selected, intents);
                }
                // Counted as the one scope a drawn clan is (below), so the ids of what
                // follows do not depend on which clans were laid out.
                ui.skip_ahead_auto_ids(1);
                ui.add_space(drawn.height);
                return;
            }
        }
        let open = ui.push_id(("group", place), |ui| {
            let header = RichText::new(&group.name).strong().size(18.0);
            egui::CollapsingHeader::new(wrapped(ui, header))
                .id_salt("clan")
                .default_open(true)
                .show(ui, |ui| {
                    if !group.badges.is_empty() {
                        ui.horizontal_wrapped(|ui| {
                            group.badges.iter().for_each(|b| theme::badge(ui, b))
                        });
                    }
                    if let Some(leader) = &group.leader {
                        leader_ui(ui, "Leader", leader);
                    }
                    for unit in &group.units {
                        let selected = selected == Some(unit.id.as_str());
                        self.unit_in_place(ui, (unit, top), color, selected, intents);
                    }
                })
                .body_returned
                .is_some()
        });
        let height = ui.cursor().top() - top;
        self.groups.insert(
            place,
            Drawn {
                width,
                scale,
                words,
                height,
                below: 0.0,
                open: open.inner,
            },
        );
    }

    /// A unit where it shows; out of view (a big battle's roster is mostly scrolled away), the
    /// height it took when last drawn, as long as nothing that decides that height changed.
    fn unit_in_place(
        &mut self,
        ui: &mut egui::Ui,
        (unit, group_top): (&UnitView, f32),
        color: egui::Color32,
        selected: bool,
        intents: &mut Vec<Intent>,
    ) {
        let top = ui.cursor().top();
        let width = ui.available_width();
        let scale = ui.ctx().pixels_per_point();
        let words = words_of(unit);
        if let Some(drawn) = self.heights.get_mut(&unit.id)
            && drawn.holds(width, scale, words)
        {
            let rect = egui::Rect::from_min_size(
                egui::pos2(ui.cursor().left(), top),
                egui::vec2(width, drawn.height),
            );
            if !ui.is_rect_visible(rect) {
                // A unit above may have changed height since this one was drawn.
                drawn.below = top - group_top;
                unit_item(ui, rect, unit, selected, intents);
                // Counted as the one scope a drawn unit is (below), so the ids of the widgets
                // that follow, and with them hover and clicks, do not depend on which units
                // above were laid out.
                ui.skip_ahead_auto_ids(1);
                ui.add_space(drawn.height);
                return;
            }
        }
        // One scope for the whole unit, which egui counts as one widget.
        ui.vertical(|ui| unit_ui(ui, unit, color, selected, intents));
        ui.add_space(2.0);
        let drawn = Drawn {
            width,
            scale,
            words,
            height: ui.cursor().top() - top,
            below: top - group_top,
            open: true,
        };
        match self.heights.get_mut(&unit.id) {
            Some(slot) => *slot = drawn,
            None => {
                self.heights.insert(unit.id.clone(), drawn);
            }
        }
    }
}

/// A header's words wrapped to the room beside its arrow: egui lays a collapsing header's
/// words out on one line however long they are, which would push the panel wider.
fn wrapped(ui: &egui::Ui, words: RichText) -> egui::WidgetText {
    let room = ui.available_width() - ui.spacing().indent - ui.spacing().button_padding.x;
    egui::WidgetText::from(words)
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            room.max(24.0),
            egui::TextStyle::Button,
        )
        .into()
}

/// A unit out of view: one selectable item by its name at `rect`, for assistive technology
/// (and the tests), which may pick it without scrolling to it.
fn unit_item(
    ui: &egui::Ui,
    rect: egui::Rect,
    unit: &UnitView,
    selected: bool,
    intents: &mut Vec<Intent>,
) {
    let id = ui.make_persistent_id(("unit", unit.id.as_str()));
    let response = ui.interact(rect, id, egui::Sense::click());
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::Button, ui.is_enabled(), selected, &unit.name)
    });
    if response.clicked() {
        intents.push(Intent::Select(unit.id.clone()));
    }
}

/// One unit: its name and badges, then a bar and the number of its strength in its side's
/// colour, and marked hits. Rows whose height depends only on the roster's width and the
/// unit's words, so a count that changes does not move the units below under the pointer.
fn unit_ui(
    ui: &mut egui::Ui,
    unit: &UnitView,
    color: egui::Color32,
    selected: bool,
    intents: &mut Vec<Intent>,
) {
    ui.horizontal_wrapped(|ui| {
        let gone = unit.strength == 0;
        let mut name = RichText::new(&unit.name);
        if gone {
            name = name.strikethrough().weak();
        }
        if ui
            .selectable_label(selected, name)
            .on_hover_text(&unit.kind)
            .clicked()
        {
            intents.push(Intent::Select(unit.id.clone()));
        }
        for b in &unit.badges {
            theme::badge(ui, b);
        }
    });
    // Wrapped, so a long measure ("wounds to death") goes under the bar in a narrow roster.
    ui.horizontal_wrapped(|ui| {
        ui.add_space(12.0);
        let strength = (unit.strength, unit.starting_strength);
        theme::strength_bar(
            ui,
            strength,
            color,
            90.0,
            &format!(
                "{}: {} of {} {}",
                unit.name, unit.strength, unit.starting_strength, unit.measure
            ),
        );
        ui.label(
            RichText::new(format!("{}/{}", unit.strength, unit.starting_strength))
                .monospace()
                .strong()
                .size(18.0),
        );
        ui.label(unit.measure.as_ref());
        if unit.marked_hits > 0 {
            ui.label(
                RichText::new(format!("+{}", count(unit.marked_hits, "hit")))
                    .color(theme::tone_color(Tone::Warning, ui.visuals().dark_mode)),
            );
        }
    });
}

fn leader_ui(ui: &mut egui::Ui, role: &str, leader: &LeaderView) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("{role}: {}", leader.name)).italics())
            .on_hover_ui(|ui| leader_hover(ui, leader));
        let rating = RichText::new(format!("{} {}", leader.rating_name, leader.rating))
            .strong()
            .size(18.0);
        ui.label(rating).on_hover_ui(|ui| leader_hover(ui, leader));
        for b in &leader.badges {
            theme::badge(ui, b);
        }
    });
}

/// Every part of a leader's rating and every change, with turn, reason and local time.
pub fn leader_hover(ui: &mut egui::Ui, leader: &LeaderView) {
    ui.label(
        RichText::new(format!(
            "{} {} {}",
            leader.name, leader.rating_name, leader.rating
        ))
        .strong(),
    );
    for part in &leader.parts {
        ui.label(format!(
            "{:+}  {}  ({})",
            part.value, part.reason, part.citation
        ));
    }
    if leader.history.is_empty() {
        ui.label(RichText::new("No changes yet.").weak());
    } else {
        ui.separator();
        for change in &leader.history {
            let at = change.at.with_timezone(&Local).format("%H:%M:%S");
            ui.label(format!(
                "turn {}  {:+}  {}  at {at}",
                change.turn, change.delta, change.reason
            ));
        }
    }
}

/// The unit with id `selected`, if it is in the battle.
pub fn selected_unit<'a>(view: &'a BattleView, selected: Option<&str>) -> Option<&'a UnitView> {
    let id = selected?;
    view.sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.units)
        .find(|u| u.id == id)
}

/// The selected unit in a line or two: its name, what it is, its strength and badges (or
/// what selecting one gives, when none is).
pub fn unit_heading_ui(ui: &mut egui::Ui, unit: Option<&UnitView>) {
    let Some(unit) = unit else {
        ui.label(
            RichText::new(
                "Select a unit in the roster to see its details and the actions open to it.",
            )
            .weak(),
        );
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&unit.name).heading());
        ui.label(&unit.kind);
        ui.label(
            RichText::new(format!(
                "{} of {} {}",
                unit.strength, unit.starting_strength, unit.measure
            ))
            .strong(),
        );
        if unit.marked_hits > 0 {
            ui.label(format!("{} marked", count(unit.marked_hits, "hit")));
        }
        for b in &unit.badges {
            theme::badge(ui, b);
        }
    });
}

/// The selected unit's further facts (ratings, formation, what hits it).
pub fn unit_facts_ui(ui: &mut egui::Ui, unit: &UnitView) {
    egui::Grid::new("unit-details").show(ui, |ui| {
        for (label, value) in &unit.details {
            ui.label(RichText::new(label.as_ref()).weak());
            ui.label(value);
            ui.end_row();
        }
    });
}
