//! The New battle dialog continuing a campaign: both armies as they now stand, what the last
//! battle carries into this one (each change with its battle, cause and rule), and the table's
//! word on any change it sets aside, with its reason. The armies are worked out again after
//! every such change, so the dialog always shows what the battle will begin with.

use std::path::PathBuf;

use eframe::egui::{self, RichText};

use super::theme;
use crate::campaign::series::point;
use crate::campaign::{Campaign, Next};
use crate::reference::HouseRules;
use crate::rules::StartRequest;

/// A campaign's next battle, while the New battle dialog prepares it.
pub struct NextBattle {
    /// The campaign file.
    pub path: PathBuf,
    /// The campaign as read.
    pub campaign: Campaign,
    /// The battle to begin and what the last one carries.
    pub next: Next,
    /// The reason being typed to set each change aside, by its place in `next.changes`.
    reasons: Vec<String>,
    /// Which change's reason field is open.
    editing: Option<usize>,
    /// The armies' strength as they would begin, or why they cannot take the field.
    standing: Result<[u32; 2], Vec<String>>,
    /// The armies' names.
    names: [String; 2],
}

impl NextBattle {
    /// The next battle of `campaign` (its file at `path`).
    pub fn new(path: PathBuf, campaign: Campaign, next: Next) -> Self {
        let names = ["Army 1".to_owned(), "Army 2".to_owned()];
        let reasons = vec![String::new(); next.changes.len()];
        let mut page = Self {
            path,
            campaign,
            next,
            reasons,
            editing: None,
            standing: Ok([0, 0]),
            names,
        };
        page.work_out();
        page
    }

    /// The armies as they would begin, worked out again: their names and strength, or why
    /// they cannot take the field.
    fn work_out(&mut self) {
        let key = self.campaign.ruleset.clone();
        let point = self.campaign.next_armies(&self.next).and_then(|armies| {
            point(&key, String::new(), &armies)
                .ok_or_else(|| vec!["the armies cannot be set up for a battle".to_owned()])
        });
        self.standing = point.map(|p| {
            self.names = p.names;
            p.strength
        });
    }

    /// The request that begins the battle, with the dialog's house rules.
    ///
    /// # Errors
    /// The armies cannot take the field: why.
    pub fn request(&self, house: HouseRules) -> Result<StartRequest, Vec<String>> {
        self.campaign.request(&self.next, house)
    }

    /// The rule set's key.
    pub fn key(&self) -> &str {
        &self.campaign.ruleset
    }

    /// Draws the campaign's part of the dialog.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let dark = ui.visuals().dark_mode;
        ui.heading(format!(
            "{}: battle {}",
            self.campaign.name, self.next.battle
        ));
        let noun = self.campaign.info().map_or("stand", |i| i.noun);
        match &self.standing {
            Ok(strength) => {
                ui.label("Both armies take the field as they now stand:");
                for (side, (name, n)) in self.names.iter().zip(strength).enumerate() {
                    ui.label(
                        RichText::new(format!("{name}: {}", crate::engine::words::count(*n, noun)))
                            .color(theme::side_color(side, dark))
                            .strong(),
                    );
                }
            }
            Err(problems) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    "The armies cannot take the field as the last battle left them:",
                );
                for p in problems {
                    ui.colored_label(ui.visuals().error_fg_color, p);
                }
                ui.label("Set aside the change at fault, with the table's reason, to field them.");
            }
        }
        if self.next.battle > 1 {
            self.result_ui(ui);
            self.changes_ui(ui, noun, dark);
        }
        self.earlier_ui(ui, noun, dark);
        self.rulings_ui(ui);
        ui.separator();
    }

    /// The campaign rulings it is played under, chosen when it was mustered.
    fn rulings_ui(&self, ui: &mut egui::Ui) {
        let rulings: Vec<_> =
            crate::campaign::rulings::in_force(&self.campaign.ruleset, &self.campaign.rulings)
                .into_iter()
                .filter(|(_, r, _)| r.options.len() > 1)
                .collect();
        egui::CollapsingHeader::new(format!("Campaign rulings ({})", rulings.len()))
            .id_salt("campaign-rulings")
            .show(ui, |ui| {
                for (key, ruling, option) in &rulings {
                    ui.label(format!(
                        "{}: {}",
                        ruling.title_or(key),
                        ruling.choice(option)
                    ))
                    .on_hover_text(format!(
                        "{}\nThe text: {}\nWe: {}",
                        ruling.section, ruling.text_says, ruling.we_do
                    ));
                }
            });
    }

    /// The last battle's result, as the table calls it.
    fn result_ui(&mut self, ui: &mut egui::Ui) {
        let before = self.next.battle - 1;
        if let Some(s) = &self.next.summary {
            ui.label(format!(
                "Battle {before}: {}.",
                s.outcome(self.campaign.info().map_or("stand", |i| i.noun))
            ));
        }
        ui.horizontal(|ui| {
            let label = ui.label(format!("Battle {before}'s result, as the table calls it"));
            ui.add(
                egui::TextEdit::singleline(&mut self.next.result)
                    .hint_text("e.g. Takeda holds the ford")
                    .desired_width(320.0),
            )
            .labelled_by(label.id);
        });
    }

    /// What the last battle carries, army by army, each change with a way to set it aside.
    fn changes_ui(&mut self, ui: &mut egui::Ui, noun: &str, dark: bool) {
        let before = self.next.battle - 1;
        ui.label(RichText::new(format!("Carried from battle {before}")).strong());
        if self.next.changes.is_empty() {
            ui.label("Nothing: both armies are as they began it.");
        }
        let mut changed = false;
        for side in 0..2 {
            if !self.next.changes.iter().any(|c| c.side == side) {
                continue;
            }
            let color = theme::side_color(side, dark);
            ui.label(RichText::new(&self.names[side]).color(color).strong());
            let of_side: Vec<usize> = (0..self.next.changes.len())
                .filter(|&i| self.next.changes[i].side == side)
                .collect();
            for i in of_side {
                changed |= self.change_ui(ui, i, (before, noun, color));
            }
        }
        if changed {
            self.work_out();
        }
    }

    /// One change: what, why, its rule on hover, and setting it aside (or keeping it after
    /// all); true when that changed.
    fn change_ui(
        &mut self,
        ui: &mut egui::Ui,
        i: usize,
        (before, noun, color): (u32, &str, egui::Color32),
    ) -> bool {
        let mut changed = false;
        let change = self.next.changes[i].clone();
        ui.horizontal_wrapped(|ui| {
            let text =
                RichText::new(format!("{}: {}", change.who, change.effect(noun))).color(color);
            if change.set_aside.is_some() {
                ui.label(text.strikethrough());
            } else {
                ui.label(text.strong());
            }
            ui.label(format!("— battle {before}: {}", change.cause))
                .on_hover_text(&change.rule);
            let aside = change.set_aside.is_some();
            if aside
                && ui
                    .small_button("Keep it after all")
                    .on_hover_text(format!("{} carries into this battle", change.who))
                    .clicked()
            {
                self.next.changes[i].set_aside = None;
                changed = true;
            } else if !aside
                && self.editing != Some(i)
                && ui
                    .small_button("Set aside…")
                    .on_hover_text("The table agrees it does not carry: say why")
                    .clicked()
            {
                self.editing = Some(i);
            }
        });
        if let Some(why) = &change.set_aside {
            ui.label(RichText::new(format!("Set aside by the table: {why}")).italics());
        } else if self.editing == Some(i) {
            changed |= self.reason_ui(ui, i);
        }
        changed
    }

    /// The reason field for setting change `i` aside; true once it is set aside.
    fn reason_ui(&mut self, ui: &mut egui::Ui, i: usize) -> bool {
        let mut done = false;
        ui.horizontal(|ui| {
            let label = ui.label("Why the table sets it aside");
            ui.add(egui::TextEdit::singleline(&mut self.reasons[i]).desired_width(280.0))
                .labelled_by(label.id);
            let reason = self.reasons[i].trim().to_owned();
            if ui
                .add_enabled(!reason.is_empty(), egui::Button::new("Set it aside"))
                .on_disabled_hover_text("Write the table's reason first")
                .clicked()
            {
                self.next.changes[i].set_aside = Some(reason);
                self.editing = None;
                done = true;
            }
            if ui.button("Cancel").clicked() {
                self.editing = None;
            }
        });
        done
    }

    /// What earlier battles carried, for the record.
    fn earlier_ui(&self, ui: &mut egui::Ui, noun: &str, dark: bool) {
        let earlier: Vec<(usize, &crate::campaign::Change)> = self
            .campaign
            .battles
            .iter()
            .enumerate()
            .flat_map(|(i, b)| b.carried.iter().flatten().map(move |c| (i + 1, c)))
            .collect();
        if earlier.is_empty() {
            return;
        }
        egui::CollapsingHeader::new(format!("Carried from earlier battles ({})", earlier.len()))
            .id_salt("campaign-earlier")
            .show(ui, |ui| {
                for (battle, c) in earlier {
                    let mut line = format!(
                        "Battle {battle}: {}: {} ({})",
                        c.who,
                        c.effect(noun),
                        c.cause
                    );
                    if let Some(why) = &c.set_aside {
                        line.push_str(&format!("; set aside: {why}"));
                    }
                    ui.label(RichText::new(line).color(theme::side_color(c.side, dark)));
                }
            });
    }
}
