//! The centre: the selected unit's details and the actions open to it now.
//!
//! Every rule set describes its actions as forms (`Game::action_forms`): choices and
//! toggles, turned into a command with a preview card of the dice pool, its reasons and the
//! odds. This panel draws any rule set's forms the same way, so a new rule set needs no
//! new screen; refusals show the engine's reason and change nothing.

use eframe::egui::{self, RichText};

use super::{Intent, check_card};
use crate::engine::{ActionForm, Check, Field, Game};

/// An action's preview card (none when it rolls no dice), or why its values do not fit.
type Preview = Result<Option<Check<()>>, String>;

/// The action panel's own state.
#[derive(Default)]
pub struct ActionPanel {
    key: Option<((u64, u64), String)>,
    forms: Vec<ActionForm>,
    tab: usize,
    values: Vec<usize>,
    preview: Option<(usize, Vec<usize>, Preview)>,
    /// The faces rolled at the table for the next action (empty: Gunbai rolls).
    pub faces: String,
    /// The form to open when the forms are next read (an answer asked for it).
    wanted: Option<String>,
}

impl ActionPanel {
    /// Opens form `form` of unit `unit` the next time the forms are drawn.
    pub fn open_form(&mut self, unit: &str, form: &str) {
        self.wanted = Some(form.to_owned());
        // Read the forms afresh, even if the same unit stays selected.
        self.key = self.key.take().filter(|(_, u)| u != unit);
    }

    /// Shows the forms open to unit `selected` of the battle at `stamp`; Resolve asks the
    /// app to carry the action out, as seen at version `seen`, once the battle has `settled`
    /// after a change.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        game: &dyn Game,
        (stamp, seen, settled): ((u64, u64), u64, bool),
        selected: Option<&str>,
        intents: &mut Vec<Intent>,
    ) {
        let Some(unit) = selected else { return };
        let key = Some((stamp, unit.to_owned()));
        if self.key != key {
            let forms = game.action_forms(unit);
            // Keep the action picked while the battle changes under the same unit; another
            // unit starts at its first action (or the one an answer asked to open).
            let same_unit = self.key.as_ref().is_some_and(|(_, u)| u == unit);
            let picked = match self.wanted.take() {
                Some(form) => Some(form),
                None if same_unit => self.forms.get(self.tab).map(|f| f.key.clone()),
                None => None,
            };
            self.tab = picked
                .and_then(|k| forms.iter().position(|f| f.key == k))
                .unwrap_or(0);
            self.forms = forms;
            self.values = self
                .forms
                .get(self.tab)
                .map(ActionForm::defaults)
                .unwrap_or_default();
            self.preview = None;
            self.key = key;
        }
        if self.forms.is_empty() {
            ui.label(
                "No action is open to this unit now: settle the Required now queue on the right.",
            );
            return;
        }
        ui.horizontal_wrapped(|ui| {
            for (i, form) in self.forms.iter().enumerate() {
                if ui
                    .selectable_label(self.tab == i, &form.label)
                    .on_hover_text(&form.note)
                    .clicked()
                    && self.tab != i
                {
                    self.tab = i;
                    self.values = form.defaults();
                    self.preview = None;
                }
            }
        });
        let Some(form) = self.forms.get(self.tab).cloned() else {
            return;
        };
        ui.label(RichText::new(&form.note).italics());
        self.fields_ui(ui, &form);
        self.refresh_preview(game, unit, &form);
        // Resolve sits above the preview, so it never scrolls out of reach.
        let resolved = ui.add_enabled_ui(settled, |ui| self.resolve_ui(ui)).inner;
        if let Some(faces) = resolved {
            intents.push(Intent::Action {
                unit: unit.to_owned(),
                form: form.key.clone(),
                values: self.values.clone(),
                version: seen,
                faces,
            });
        }
        self.preview_ui(ui);
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, form: &ActionForm) {
        self.values.resize(form.fields.len(), 0);
        for (field, value) in form.fields.iter().zip(&mut self.values) {
            match field {
                Field::Choice { label, options } => {
                    let shown = options.get(*value).map_or("—", String::as_str);
                    egui::ComboBox::from_label(label.as_str())
                        .selected_text(shown)
                        .width(240.0)
                        .show_ui(ui, |ui| {
                            for (i, option) in options.iter().enumerate() {
                                ui.selectable_value(value, i, option);
                            }
                        });
                }
                Field::Toggle { label } => {
                    let mut on = *value != 0;
                    if ui.checkbox(&mut on, label.as_str()).changed() {
                        *value = usize::from(on);
                    }
                }
                Field::Number {
                    label,
                    min,
                    max,
                    unit,
                } => {
                    ui.horizontal(|ui| {
                        let name = ui.label(label.as_str());
                        ui.add(
                            egui::DragValue::new(value)
                                .range(*min..=*max)
                                .suffix(format!(" {unit}")),
                        )
                        .labelled_by(name.id);
                    });
                }
            }
        }
    }

    fn refresh_preview(&mut self, game: &dyn Game, unit: &str, form: &ActionForm) {
        let fresh = self
            .preview
            .as_ref()
            .is_some_and(|(tab, values, _)| *tab == self.tab && *values == self.values);
        if !fresh {
            let preview = game.preview_action(unit, &form.key, &self.values);
            self.preview = Some((self.tab, self.values.clone(), preview));
        }
    }

    fn preview_ui(&self, ui: &mut egui::Ui) {
        match self.preview.as_ref().map(|(_, _, p)| p) {
            Some(Ok(Some(check))) => check_card::preview(ui, check),
            Some(Err(why)) => {
                ui.colored_label(ui.visuals().warn_fg_color, why);
            }
            _ => {}
        }
    }

    /// The Resolve button and the table-faces field: `Some` when the umpire resolves, with
    /// the faces typed (none: Gunbai rolls).
    fn resolve_ui(&mut self, ui: &mut egui::Ui) -> Option<Option<String>> {
        let rolls = matches!(&self.preview, Some((_, _, Ok(Some(c)))) if c.roll.is_some());
        let mut go = false;
        ui.horizontal(|ui| {
            go = ui
                .button(RichText::new("Resolve").strong())
                .on_hover_text("Gunbai rolls any dice")
                .clicked();
            if rolls {
                let label = ui.label("Action table faces");
                let response = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.faces)
                            .hint_text("or type the table's dice")
                            .desired_width(200.0),
                    )
                    .labelled_by(label.id);
                go |= response.lost_focus()
                    && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    && !self.faces.trim().is_empty();
            }
        });
        go.then(|| Some(self.faces.clone()).filter(|f| !f.trim().is_empty()))
    }
}
