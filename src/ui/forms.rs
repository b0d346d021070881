//! The centre: the selected unit's details, and the rule set's own action forms.
//!
//! A rule set plugs its forms in here through [`ActionForms`]; the shared screens never
//! change for a new rule set. Without forms, everything goes through the check queue.

use eframe::egui::{self, RichText};

use super::theme;
use crate::dice::DiceSource;
use crate::engine::Game;
use crate::engine::view::BattleView;

/// What an action form did.
pub enum Outcome {
    /// The command was carried out: the new entry's sentences.
    Done(Vec<String>),
    /// The engine refused it, or the typed faces were wrong: nothing changed.
    Refused(String),
}

/// A rule set's action forms.
pub trait ActionForms {
    /// Shows the forms for the battle; `selected` is the unit picked in the roster.
    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        game: &mut dyn Game,
        selected: Option<&str>,
        dice: &mut dyn DiceSource,
    ) -> Option<Outcome>;
}

/// The forms of rule set `key`.
pub fn for_ruleset(key: &str) -> Box<dyn ActionForms> {
    match key {
        "sky" => Box::new(super::sky::SkyForms::default()),
        _ => Box::new(NoForms),
    }
}

/// A rule set with no forms of its own yet.
struct NoForms;

impl ActionForms for NoForms {
    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        game: &mut dyn Game,
        _: Option<&str>,
        _: &mut dyn DiceSource,
    ) -> Option<Outcome> {
        ui.label(format!(
            "{} has no action forms in this version: settle everything through the Required now queue on the right.",
            game.title()
        ));
        None
    }
}

/// The selected unit: what it is, its strength, badges and further facts.
pub fn details_ui(ui: &mut egui::Ui, view: &BattleView, selected: Option<&str>) {
    let unit = selected.and_then(|id| {
        view.sides
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.units)
            .find(|u| u.id == id)
    });
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
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!(
                "{} of {} {}",
                unit.strength, unit.starting_strength, unit.measure
            ))
            .strong(),
        );
        if unit.marked_hits > 0 {
            ui.label(format!("{} hits marked", unit.marked_hits));
        }
        for b in &unit.badges {
            theme::badge(ui, b);
        }
    });
    egui::Grid::new("unit-details").show(ui, |ui| {
        for (label, value) in &unit.details {
            ui.label(RichText::new(label).weak());
            ui.label(value);
            ui.end_row();
        }
    });
}
