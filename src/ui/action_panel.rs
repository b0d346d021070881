//! The centre: the selected unit's details and the actions open to it now.
//!
//! Every rule set describes its actions as forms (`Game::action_forms`): choices, yes-or-no
//! questions, lists of what applies and numbers, turned into a command with a preview card of
//! the dice pool, its reasons and the odds. This panel draws any rule set's forms the same
//! way, so a new rule set needs no new screen; refusals show the engine's reason and change
//! nothing. What the umpire can trust of it:
//!
//! - no form is chosen until he chooses one, and after an order is carried out none is: the
//!   next click cannot land on a form that slid under the pointer;
//! - a field starts unanswered unless the state gives its answer, and the order cannot be
//!   carried out until every field is answered and taken (its button disabled, saying why);
//! - a number is kept as typed: out of bounds it is an error on the field, never changed;
//! - an order that removes, kills or wounds asks once, naming who and what;
//! - a form never rolls silently: one whose action rolls says "Roll (app dice)" beside the
//!   field for the table's faces; and a choice that went stale when the battle changed is
//!   cleared and says so, never swapped for another by itself.

use eframe::egui::{self, RichText};

use super::form_carry::{Carried, carry_over};
use super::form_fields::{Answers, fields_ui};
use super::table_entry::faces_needed;
use super::{Intent, check_card};
use crate::engine::{ActionForm, ActionPlan, Game};

/// What an action's values come to (its preview card and what it asks first), or why they do
/// not fit.
type Planned = Result<ActionPlan<()>, String>;

/// The action panel's own state.
#[derive(Default)]
pub struct ActionPanel {
    key: Option<((u64, u64), String)>,
    /// The unit's forms: orders first, then the umpire's records, each in the rule set's order.
    forms: Vec<ActionForm>,
    /// The form chosen, if any.
    tab: Option<usize>,
    answers: Answers,
    /// What went stale, said once above the form.
    stale: Option<String>,
    planned: Option<(usize, Vec<usize>, Planned)>,
    /// The umpire pressed the order's button and it asks first: waiting for his yes.
    asking: bool,
    /// An order was just carried out: the forms are read afresh with none chosen.
    ordered: bool,
    /// The turn the forms were read in: a new turn chooses none (nothing left armed).
    turn: u32,
    /// The unit whose forms were last shown: another one starts at the top of its forms.
    shown_unit: Option<String>,
    /// The height the order's bar took when last drawn.
    bar_height: f32,
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

    /// The order was carried out: the next reading of the forms chooses none.
    pub fn ordered(&mut self) {
        self.ordered = true;
        self.faces.clear();
        self.error = None;
    }

    /// The faces were refused: say why beside them and keep the umpire in the field.
    pub fn faces_error(&mut self, message: String) {
        self.error = Some(message);
        self.focus = true;
    }

    /// Whether `unit` is not the unit shown last: its forms start from their top. Remembers
    /// it as shown.
    pub fn new_unit(&mut self, unit: Option<&str>) -> bool {
        let new = self.shown_unit.as_deref() != unit;
        self.shown_unit = unit.map(str::to_owned);
        new
    }

    /// The height to keep below the unit's details for the order's bar.
    pub fn bar_height(&self) -> f32 {
        if self.tab.is_some() {
            self.bar_height.max(40.0)
        } else {
            0.0
        }
    }

    /// Shows the forms open to unit `unit` of the battle at `stamp`: the tabs, the chosen
    /// form's fields and its preview. The order's button is drawn by [`Self::bar_ui`].
    pub fn ui(&mut self, ui: &mut egui::Ui, game: &dyn Game, stamp: (u64, u64), unit: &str) {
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
        self.tabs_ui(ui);
        let Some(form) = self.tab.and_then(|t| self.forms.get(t)).cloned() else {
            ui.label(RichText::new("Choose an order or a record above.").weak());
            return;
        };
        ui.label(RichText::new(&form.note).italics());
        if fields_ui(ui, &form, &mut self.answers) {
            self.asking = false;
            if self.answers.problems(&form).is_empty() {
                self.stale = None;
            }
        }
        self.refresh_plan(game, unit, &form);
        self.preview_ui(ui);
    }

    /// The tabs: orders on one row, records on the next, each in the rule set's order, so a
    /// form sits where it did for every kind of unit.
    fn tabs_ui(&mut self, ui: &mut egui::Ui) {
        let mut chosen = None;
        for (records, heading) in [(false, "Orders"), (true, "Records")] {
            if !self.forms.iter().any(|f| f.record == records) {
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(heading).small().weak());
                for (i, form) in self.forms.iter().enumerate() {
                    if form.record != records {
                        continue;
                    }
                    if ui
                        .selectable_label(self.tab == Some(i), &form.label)
                        .on_hover_text(&form.note)
                        .clicked()
                        && self.tab != Some(i)
                    {
                        chosen = Some(i);
                    }
                }
            });
        }
        if let Some(i) = chosen {
            self.tab = Some(i);
            self.answers = Answers::fresh(self.forms.get(i));
            self.stale = None;
            self.planned = None;
            self.asking = false;
        }
    }

    /// Reads the unit's forms again. The form chosen stays chosen while the battle changes
    /// under the same unit in the same turn, with its answers kept by what they name; another
    /// unit, the same after an order was carried out, or a new turn starts with none chosen
    /// (or the one an answer asked to open).
    fn read_forms(&mut self, game: &dyn Game, unit: &str) {
        let mut forms = game.action_forms(unit);
        // Orders first, then records, each keeping the rule set's order.
        forms.sort_by_key(|f| f.record);
        let same_unit = self.key.as_ref().is_some_and(|(_, u)| u == unit);
        let wanted = self.wanted.take();
        let turn = game.view().turn;
        // An order carried out, or a new turn: nothing stays chosen from before.
        let ordered = std::mem::take(&mut self.ordered) || turn != self.turn;
        self.turn = turn;
        let before = if same_unit && wanted.is_none() && !ordered {
            self.tab.and_then(|t| self.forms.get(t)).cloned()
        } else {
            None
        };
        let picked = wanted.or_else(|| before.as_ref().map(|f| f.key.clone()));
        self.tab = picked.and_then(|k| forms.iter().position(|f| f.key == k));
        self.forms = forms;
        self.planned = None;
        self.asking = false;
        let now = self.tab.and_then(|t| self.forms.get(t));
        let carried = match (&before, now) {
            (Some(old), Some(new)) => carry_over(old, &self.answers, new),
            (Some(old), None) => Carried::gone(old),
            (None, _) => Carried::fresh(now),
        };
        self.answers = carried.answers;
        if carried.stale.is_some() || !same_unit || ordered {
            self.stale = carried.stale;
        }
    }

    fn refresh_plan(&mut self, game: &dyn Game, unit: &str, form: &ActionForm) {
        let Some((tab, values)) = self.tab.zip(self.answers.complete(form)) else {
            self.planned = None;
            return;
        };
        let fresh = self
            .planned
            .as_ref()
            .is_some_and(|(t, v, _)| *t == tab && *v == values);
        if !fresh {
            let planned = game.preview_action(unit, &form.key, &values);
            self.planned = Some((tab, values, planned));
        }
    }

    fn preview_ui(&self, ui: &mut egui::Ui) {
        if let Some((_, _, Ok(plan))) = &self.planned
            && let Some(check) = &plan.preview
        {
            check_card::preview(ui, check);
        }
    }

    /// The order's bar, kept in view below the unit's details: why the order cannot be
    /// carried out yet, or its button (and, when it rolls, the field for the table's faces
    /// beside it), and the question it asks first. Its button takes clicks once the battle
    /// has `settled`; the order goes as seen at version `seen`.
    pub fn bar_ui(
        &mut self,
        ui: &mut egui::Ui,
        (seen, settled): (u64, bool),
        unit: &str,
        intents: &mut Vec<Intent>,
    ) {
        let Some(form) = self.tab.and_then(|t| self.forms.get(t)).cloned() else {
            return;
        };
        let top = ui.cursor().top();
        ui.separator();
        let problems = self.answers.problems(&form);
        let refused = match &self.planned {
            Some((_, _, Err(why))) => Some(why.clone()),
            _ => None,
        };
        // Why not yet, on one line (all of it on hover): the bar stays low, the fields in view.
        let go = if let Some(first) = problems.first() {
            ui.horizontal(|ui| {
                ui.add_enabled(false, egui::Button::new(RichText::new("Resolve").strong()))
                    .on_disabled_hover_text(problems.join("\n"));
                let color = ui.visuals().warn_fg_color;
                ui.add(egui::Label::new(RichText::new(first).color(color)).truncate())
                    .on_hover_text(problems.join("\n"));
            });
            None
        } else if let Some(why) = refused {
            ui.horizontal_wrapped(|ui| {
                ui.add_enabled(false, egui::Button::new(RichText::new("Resolve").strong()));
                ui.colored_label(ui.visuals().error_fg_color, why);
            });
            None
        } else {
            ui.add_enabled_ui(settled, |ui| self.resolve_ui(ui)).inner
        };
        let confirm = match &self.planned {
            Some((_, _, Ok(plan))) => plan.confirm.clone(),
            _ => None,
        };
        let values = self.answers.complete(&form);
        let send = |faces: Option<String>, intents: &mut Vec<Intent>| {
            if let Some(values) = values.clone() {
                intents.push(Intent::Action {
                    unit: unit.to_owned(),
                    form: form.key.clone(),
                    values,
                    version: seen,
                    faces,
                });
            }
        };
        match (go, &confirm) {
            (Some(faces), None) => send(faces, intents),
            (Some(_), Some(_)) => self.asking = true,
            (None, _) => {}
        }
        if let (true, Some(what)) = (self.asking, confirm) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("This records that {what}. Record it?"),
            );
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button(RichText::new(format!("Yes: {}", form.label)).strong())
                    .clicked()
                {
                    self.asking = false;
                    let faces = (!self.faces.trim().is_empty()).then(|| self.faces.clone());
                    send(faces, intents);
                }
                if ui.button("No").clicked() {
                    self.asking = false;
                }
            });
        }
        self.bar_height = ui.cursor().top() - top;
    }

    /// The button that carries the action out and, when it rolls, the table-faces field
    /// beside it: `Some` when the umpire resolves, with the faces typed (none: Gunbai rolls).
    fn resolve_ui(&mut self, ui: &mut egui::Ui) -> Option<Option<String>> {
        let wanted = match &self.planned {
            Some((_, _, Ok(plan))) => plan
                .preview
                .as_ref()
                .filter(|c| c.roll.is_some())
                .map(crate::engine::Check::table_faces),
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
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(RichText::new("Roll (app dice)").strong())
                .on_hover_text("Gunbai rolls the dice of this action")
                .clicked()
            {
                go = Some(None);
            }
            ui.label("or");
            let label = ui
                .label("Action table faces")
                .on_hover_text(faces_needed(&wanted));
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut self.faces)
                        .hint_text(faces_needed(&wanted))
                        .desired_width(180.0),
                )
                .labelled_by(label.id);
            if std::mem::take(&mut self.focus) {
                response.request_focus();
            }
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (entered || ui.button("Use faces").clicked()) && !self.faces.trim().is_empty() {
                go = Some(Some(self.faces.clone()));
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        go
    }
}
