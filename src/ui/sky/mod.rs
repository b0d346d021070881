//! From the Sky we Came: the action forms (Move, Fire, Charge, Reload, Attach leader,
//! Formation). Everything else arrives as check cards.

mod fire;
mod simple;

use eframe::egui::{self, RichText};

use super::forms::{ActionForms, Outcome};
use crate::dice::{DiceSource, TableDice};
use crate::engine::{Battle, Dice, Game};
use crate::rules::sky::Sky;
use crate::rules::sky::roster::Weapon;
use crate::rules::sky::state::{Phase, State, UnitRef};

/// The forms' tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Move,
    Fire,
    Charge,
    Reload,
    Attach,
    Formation,
}

const TABS: [(Tab, &str); 6] = [
    (Tab::Move, "Move"),
    (Tab::Fire, "Fire"),
    (Tab::Charge, "Charge"),
    (Tab::Reload, "Reload"),
    (Tab::Attach, "Attach leader"),
    (Tab::Formation, "Formation"),
];

/// The Sky action forms' state.
pub struct SkyForms {
    tab: Tab,
    unit: Option<UnitRef>,
    target: Option<UnitRef>,
    weapon: Weapon,
    in_range: bool,
    cover: bool,
    cross_obstacle: bool,
    line_width: u32,
    column: bool,
    attach: Option<u8>,
    faces: String,
    followed: Option<String>,
}

impl Default for SkyForms {
    fn default() -> Self {
        Self {
            tab: Tab::Move,
            unit: None,
            target: None,
            weapon: Weapon::Bow,
            in_range: true,
            cover: false,
            cross_obstacle: false,
            line_width: 3,
            column: false,
            attach: None,
            faces: String::new(),
            followed: None,
        }
    }
}

/// `1.2.3` -> a unit reference.
fn parse_ref(id: &str) -> Option<UnitRef> {
    let mut parts = id.split('.').map(|p| p.parse::<u8>().ok());
    Some(UnitRef(parts.next()??, parts.next()??, parts.next()??))
}

impl ActionForms for SkyForms {
    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        game: &mut dyn Game,
        selected: Option<&str>,
        dice: &mut dyn DiceSource,
    ) -> Option<Outcome> {
        let battle = game.as_any_mut().downcast_mut::<Battle<Sky>>()?;
        // Follow the roster's selection into the acting-unit picker.
        if selected.map(str::to_owned) != self.followed {
            self.followed = selected.map(str::to_owned);
            if let Some(u) = selected.and_then(parse_ref) {
                self.unit = Some(u);
            }
        }
        let command = {
            let (rules, state) = (battle.rules(), battle.state());
            open_actions_ui(ui, state, self.unit);
            ui.horizontal_wrapped(|ui| {
                for (tab, label) in TABS {
                    ui.selectable_value(&mut self.tab, tab, label);
                }
            });
            ui.separator();
            match self.tab {
                Tab::Move => self.move_ui(ui, state),
                Tab::Fire => self.fire_ui(ui, rules, state),
                Tab::Charge => self.charge_ui(ui, state),
                Tab::Reload => self.reload_ui(ui, state),
                Tab::Attach => self.attach_ui(ui, state),
                Tab::Formation => self.formation_ui(ui, state),
            }
        }?;
        let faces = std::mem::take(&mut self.faces);
        let dice = if faces.trim().is_empty() {
            Dice::Roll(dice)
        } else {
            match TableDice::parse(&faces) {
                Ok(table) => Dice::Table(table),
                Err(e) => {
                    self.faces = faces;
                    return Some(Outcome::Refused(e.to_string()));
                }
            }
        };
        Some(match battle.execute_with(command, dice) {
            Ok(entry) => Outcome::Done(entry.lines.clone()),
            Err(e) => Outcome::Refused(e.to_string()),
        })
    }
}

/// The actions open to the unit now, as the rules' sequence allows them.
fn open_actions_ui(ui: &mut egui::Ui, state: &State, unit: Option<UnitRef>) {
    let Some(u) = unit.and_then(|u| state.unit(u).map(|s| (u, s))) else {
        return;
    };
    let (unit_ref, unit) = u;
    let text = match state.phase {
        Phase::Activation { clan } if clan == unit_ref.clan() && unit.in_good_standing() => {
            let mut open = Vec::new();
            let left = state.actions_left.unwrap_or(0);
            if left > 0 {
                open.push("Move");
                open.push("Charge");
                if !unit.loaded && unit.spec.weapons.contains(&Weapon::Arquebus) {
                    open.push("Reload");
                }
            }
            if unit.spec.weapons.iter().any(|w| w.fires())
                && (unit.loaded
                    || !unit.spec.weapons.contains(&Weapon::Arquebus)
                    || unit.spec.weapons.contains(&Weapon::Bow))
            {
                open.push("Fire");
            }
            format!(
                "Open to {} now ({} actions left): {}",
                unit.spec.name,
                left,
                open.join(", ")
            )
        }
        Phase::Activation { .. } => format!(
            "{} is not in the activated clan: only the umpire's forms apply.",
            unit.spec.name
        ),
        _ => "Nothing to activate now: settle the Required now queue.".to_owned(),
    };
    ui.label(RichText::new(text).strong());
}
