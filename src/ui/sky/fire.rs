//! The Sky Fire form: firer, weapon, target, range and cover; the pool builds up with its
//! reasons and the odds live.

use eframe::egui::{self, RichText};

use super::SkyForms;
use super::simple::{pick_unit, resolve};
use crate::dice::CmpOp;
use crate::rules::sky::numbers;
use crate::rules::sky::state::State;
use crate::rules::sky::{Command, Rules};

impl SkyForms {
    pub(super) fn fire_ui(
        &mut self,
        ui: &mut egui::Ui,
        rules: &Rules,
        state: &State,
    ) -> Option<Command> {
        pick_unit(ui, state, "Firing unit", &mut self.unit, None);
        let enemy = self.unit.map(|u| 1 - u.side());
        pick_unit(ui, state, "Target", &mut self.target, enemy);
        let (unit, target) = (self.unit?, self.target?);
        let (firer, aim) = (state.unit(unit)?, state.unit(target)?);
        let weapons: Vec<_> = firer
            .spec
            .weapons
            .iter()
            .copied()
            .filter(|w| w.fires())
            .collect();
        if weapons.is_empty() {
            ui.label(format!("{} has no bow or arquebus.", firer.spec.name));
            return None;
        }
        if !weapons.contains(&self.weapon) {
            self.weapon = weapons[0];
        }
        ui.horizontal(|ui| {
            for w in &weapons {
                ui.radio_value(&mut self.weapon, *w, w.name());
            }
        });
        ui.checkbox(&mut self.in_range, "In range (the umpire measured it)");
        ui.checkbox(&mut self.cover, "Target in cover (building, castle wall)");
        let pool = numbers::fire(rules, firer, self.weapon, aim);
        ui.label(
            RichText::new(format!("Pool: {}", pool.expr()))
                .monospace()
                .strong()
                .size(19.0),
        );
        for m in &pool.reasons {
            let unit_word = if m.unit.is_empty() {
                String::new()
            } else {
                format!(" {}", m.unit)
            };
            ui.label(format!("{:+}{unit_word}  {}", m.value, m.reason))
                .on_hover_text(&m.citation);
        }
        let dist = pool.expr().distribution();
        let cover = self.cover || aim.tedate;
        let per_stand = rules.t.casualties.hits_per_stand.max(1);
        let stand_lost: f64 = dist
            .iter()
            .filter(|(hits, _)| {
                let counted = numbers::after_cover(rules, u32::try_from(*hits).unwrap_or(0), cover);
                (counted + aim.marked_hits) >= per_stand
            })
            .map(|(_, p)| p)
            .sum();
        ui.label(
            RichText::new(format!(
                "Expected hits {:.2}; at least one hit {:.1}%; a stand lost {:.1}%{}",
                dist.mean(),
                dist.probability_that(CmpOp::Ge, 1) * 100.0,
                stand_lost * 100.0,
                if cover {
                    " (cover counts half the hits)"
                } else {
                    ""
                }
            ))
            .strong(),
        );
        if !self.in_range {
            ui.label("Out of range: no dice are rolled (an arquebus still unloads).");
        }
        ui.horizontal(|ui| {
            let label = ui.label("Fire table faces");
            ui.add(
                egui::TextEdit::singleline(&mut self.faces)
                    .hint_text("empty: Gunbai rolls")
                    .desired_width(200.0),
            )
            .labelled_by(label.id);
        });
        let command = Command::Fire {
            unit,
            weapon: self.weapon,
            target,
            in_range: self.in_range,
            cover: self.cover,
        };
        resolve(ui).then_some(command)
    }
}
