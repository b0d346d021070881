//! The Sky forms that need no dice preview: Move, Charge, Reload, Attach leader, Formation.

use eframe::egui::{self, RichText};

use super::SkyForms;
use crate::rules::sky::Command;
use crate::rules::sky::roster::Formation;
use crate::rules::sky::state::{State, UnitRef};

/// The Resolve button.
pub fn resolve(ui: &mut egui::Ui) -> bool {
    ui.button(RichText::new("Resolve").strong()).clicked()
}

/// A unit picker over every unit on the table, optionally only one side's.
pub fn pick_unit(
    ui: &mut egui::Ui,
    state: &State,
    label: &str,
    unit: &mut Option<UnitRef>,
    side: Option<usize>,
) {
    let name = unit.map_or_else(|| "choose…".to_owned(), |u| state.unit_name(u));
    egui::ComboBox::from_label(label)
        .selected_text(name)
        .width(300.0)
        .show_ui(ui, |ui| {
            for u in state.all_units() {
                let on_table = state.unit(u).is_some_and(|x| !x.removed);
                if on_table && side.is_none_or(|s| u.side() == s) {
                    let clan = state.clan(u.clan()).map_or("", |c| c.name.as_str());
                    ui.selectable_value(unit, Some(u), format!("{} ({clan})", state.unit_name(u)));
                }
            }
        });
}

impl SkyForms {
    pub(super) fn move_ui(&mut self, ui: &mut egui::Ui, state: &State) -> Option<Command> {
        pick_unit(ui, state, "Acting unit", &mut self.unit, None);
        ui.checkbox(
            &mut self.cross_obstacle,
            "Crossing a wall or obstacle (+1 action)",
        );
        let unit = self.unit?;
        resolve(ui).then_some(Command::Move {
            unit,
            cross_obstacle: self.cross_obstacle,
        })
    }

    pub(super) fn reload_ui(&mut self, ui: &mut egui::Ui, state: &State) -> Option<Command> {
        pick_unit(ui, state, "Acting unit", &mut self.unit, None);
        let unit = self.unit?;
        if let Some(u) = state.unit(unit) {
            ui.label(if u.loaded {
                "Its arquebus is loaded."
            } else {
                "Its arquebus is not loaded."
            });
        }
        resolve(ui).then_some(Command::Reload(unit))
    }

    pub(super) fn charge_ui(&mut self, ui: &mut egui::Ui, state: &State) -> Option<Command> {
        pick_unit(ui, state, "Acting unit", &mut self.unit, None);
        let enemy = self.unit.map(|u| 1 - u.side());
        pick_unit(ui, state, "Target", &mut self.target, enemy);
        ui.label(
            RichText::new("The charge's tests, defensive fire and melee follow as check cards.")
                .weak(),
        );
        let (unit, target) = (self.unit?, self.target?);
        resolve(ui).then_some(Command::Charge { unit, target })
    }

    pub(super) fn attach_ui(&mut self, ui: &mut egui::Ui, state: &State) -> Option<Command> {
        pick_unit(ui, state, "Unit of the clan", &mut self.unit, None);
        let unit = self.unit?;
        let clan = state.clan(unit.clan())?;
        let name = |i: Option<u8>| {
            i.and_then(|i| clan.units.get(usize::from(i)))
                .map_or("detached".to_owned(), |u| u.spec.name.clone())
        };
        ui.label(format!(
            "{} is now {}",
            clan.leader.name,
            match clan.attached_to {
                Some(i) => format!("attached to {}", name(Some(i))),
                None => "detached".to_owned(),
            }
        ));
        egui::ComboBox::from_label("Attach to")
            .selected_text(name(self.attach))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.attach, None, "detached");
                for (i, u) in clan.units.iter().enumerate() {
                    if let Ok(i) = u8::try_from(i) {
                        ui.selectable_value(&mut self.attach, Some(i), &u.spec.name);
                    }
                }
            });
        resolve(ui).then_some(Command::Attach {
            clan: unit.clan(),
            unit: self.attach,
        })
    }

    pub(super) fn formation_ui(&mut self, ui: &mut egui::Ui, state: &State) -> Option<Command> {
        pick_unit(ui, state, "Acting unit", &mut self.unit, None);
        let unit = self.unit?;
        if let Some(u) = state.unit(unit) {
            ui.label(format!("Now: {}", formation_words(u.formation)));
        }
        ui.checkbox(&mut self.column, "Column (one stand wide)");
        if !self.column {
            let label = ui.label("Line width in stands");
            ui.add(egui::DragValue::new(&mut self.line_width).range(1..=12))
                .labelled_by(label.id);
        }
        let formation = if self.column {
            Formation::Column
        } else {
            Formation::Line(self.line_width)
        };
        resolve(ui).then_some(Command::SetFormation { unit, formation })
    }
}

/// `line 4 wide`, `column`.
pub fn formation_words(f: Formation) -> String {
    match f {
        Formation::Column => "column".to_owned(),
        Formation::Line(w) => format!("line {w} wide"),
    }
}
