//! The centre: the selected unit's details and the actions open to it now.
//!
//! Every rule set describes its actions as forms (`Game::action_forms`): choices and
//! toggles, turned into a command with a preview card of the dice pool, its reasons and the
//! odds. This panel draws any rule set's forms the same way, so a new rule set needs no
//! new screen; refusals show the engine's reason and change nothing. A form never rolls
//! silently: one whose action rolls says "Roll (app dice)" beside the field for the table's
//! faces; and a choice that went stale when the battle changed is cleared and says so,
//! never swapped for another by itself.

use eframe::egui::{self, RichText};

use super::form_carry::{Carried, carry_over};
use super::table_entry::faces_needed;
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
    /// Choices that went stale when the battle changed: the umpire chooses them again.
    unset: Vec<bool>,
    /// What went stale, said once above the form.
    stale: Option<String>,
    preview: Option<(usize, Vec<usize>, Preview)>,
    /// The faces rolled at the table for the next action (empty: Gunbai rolls).
    pub faces: String,
    /// Why the table's faces were refused, beside their field.
    pub error: Option<String>,
    /// Put the keyboard back in the faces field on the next frame.
    pub focus: bool,
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

    /// The faces were refused: say why beside them and keep the umpire in the field.
    pub fn faces_error(&mut self, message: String) {
        self.error = Some(message);
        self.focus = true;
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
            self.read_forms(game, unit);
            self.key = key;
        }
        if let Some(stale) = &self.stale {
            ui.colored_label(ui.visuals().warn_fg_color, stale);
        }
        if self.forms.is_empty() {
            ui.label("No action is open to this unit now: settle the check above it first.");
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
                    self.unset = vec![false; form.fields.len()];
                    self.stale = None;
                    self.preview = None;
                }
            }
        });
        let Some(form) = self.forms.get(self.tab).cloned() else {
            return;
        };
        ui.label(RichText::new(&form.note).italics());
        self.fields_ui(ui, &form);
        if self.unset.iter().any(|u| *u) {
            ui.label("Choose what went stale before this action can be carried out.");
            return;
        }
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

    /// Reads the unit's forms again. The form picked stays picked while the battle changes
    /// under the same unit, with its choices kept by what they name; another unit starts at
    /// its first form (or the one an answer asked to open).
    fn read_forms(&mut self, game: &dyn Game, unit: &str) {
        let forms = game.action_forms(unit);
        let same_unit = self.key.as_ref().is_some_and(|(_, u)| u == unit);
        let wanted = self.wanted.take();
        let before = if same_unit && wanted.is_none() {
            self.forms.get(self.tab).cloned()
        } else {
            None
        };
        let picked = wanted.or_else(|| before.as_ref().map(|f| f.key.clone()));
        self.tab = picked
            .and_then(|k| forms.iter().position(|f| f.key == k))
            .unwrap_or(0);
        self.forms = forms;
        self.preview = None;
        let now = self.forms.get(self.tab);
        let carried = match (&before, now) {
            (Some(old), Some(new)) if old.key == new.key => {
                carry_over(old, &self.values, &self.unset, new)
            }
            (Some(old), _) => Carried::gone(old, now),
            (None, _) => Carried::fresh(now),
        };
        self.values = carried.values;
        self.unset = carried.unset;
        if carried.stale.is_some() || !same_unit {
            self.stale = carried.stale;
        }
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, form: &ActionForm) {
        self.values.resize(form.fields.len(), 0);
        self.unset.resize(form.fields.len(), false);
        let mut changed = false;
        for ((field, value), unset) in form
            .fields
            .iter()
            .zip(&mut self.values)
            .zip(&mut self.unset)
        {
            let before = *value;
            match field {
                Field::Choice { label, options } => {
                    let shown = if *unset {
                        "— choose —"
                    } else {
                        options.get(*value).map_or("—", String::as_str)
                    };
                    egui::ComboBox::from_label(label.as_str())
                        .selected_text(shown)
                        .width(240.0)
                        .show_ui(ui, |ui| {
                            for (i, option) in options.iter().enumerate() {
                                if ui.selectable_value(value, i, option).clicked() {
                                    *unset = false;
                                }
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
                    ..
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
            changed |= *value != before;
        }
        if changed && !self.unset.iter().any(|u| *u) {
            self.stale = None;
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

    /// The button that carries the action out and, when it rolls, the table-faces field
    /// beside it: `Some` when the umpire resolves, with the faces typed (none: Gunbai rolls).
    fn resolve_ui(&mut self, ui: &mut egui::Ui) -> Option<Option<String>> {
        let wanted = match &self.preview {
            Some((_, _, Ok(Some(c)))) if c.roll.is_some() => Some(c.table_faces()),
            _ => None,
        };
        let Some(wanted) = wanted else {
            let go = ui
                .button(RichText::new("Resolve").strong())
                .on_hover_text("Carries the action out: it rolls no dice")
                .clicked();
            return go.then_some(None);
        };
        let mut go = None;
        ui.label(RichText::new(faces_needed(&wanted)).small());
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(RichText::new("Roll (app dice)").strong())
                .on_hover_text("Gunbai rolls the dice of this action")
                .clicked()
            {
                go = Some(None);
            }
            ui.label("or");
            let label = ui.label("Action table faces");
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut self.faces)
                        .hint_text("faces rolled at the table")
                        .desired_width(200.0),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.focus) {
                response.request_focus();
            }
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (entered || ui.button("Use faces").clicked()) && !self.faces.trim().is_empty() {
                go = Some(Some(self.faces.clone()));
            }
            if let Some(error) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, error)
                    .scroll_to_me(None);
            }
        });
        go
    }
}
