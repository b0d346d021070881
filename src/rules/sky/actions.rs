//! Sky's action forms: move, fire, charge, melee, reload, and the umpire's own records.

use super::command::Command;
use super::numbers;
use super::pending::{melee_card, pool_card};
use super::roster::{Formation, Weapon};
use super::state::{ActionKind, Charge, ChargeStage, Phase, State, UnitRef};
use super::tables::Rules;
use crate::engine::action::{ActionForm, ActionPlan};

/// Reads a unit's view id (`side.clan.unit`).
pub fn unit_ref(id: &str) -> Option<UnitRef> {
    let mut parts = id.split('.').map(|p| p.parse::<u8>().ok());
    let u = UnitRef(parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(u)
}

fn enemies(state: &State, unit: UnitRef) -> Vec<UnitRef> {
    state
        .all_units()
        .into_iter()
        .filter(|t| t.side() != unit.side() && state.unit(*t).is_some_and(|x| !x.removed))
        .collect()
}

fn names(state: &State, units: &[UnitRef]) -> Vec<String> {
    units.iter().map(|u| state.unit_name(*u)).collect()
}

const FORMATIONS: [Formation; 3] = [Formation::Column, Formation::Line(3), Formation::Line(4)];

/// The forms open to a unit now.
pub fn forms(state: &State, id: &str) -> Vec<ActionForm> {
    let Some(unit) = unit_ref(id) else {
        return Vec::new();
    };
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    if u.removed || state.ended {
        return Vec::new();
    }
    let mut forms = Vec::new();
    let active =
        matches!(state.phase, Phase::Activation { clan } if clan == unit.clan()) && !u.routing;
    if active {
        let targets = names(state, &enemies(state, unit));
        if !u.has_taken(ActionKind::Move) && !u.has_taken(ActionKind::Charge) {
            forms.push(
                ActionForm::new("move", "Move", "1 action; +1 to cross a wall or obstacle")
                    .toggle("Crossing a wall or obstacle"),
            );
            forms.push(
                ActionForm::new(
                    "charge",
                    "Charge",
                    "1 action (none when Bushi drives Samurai at Samurai)",
                )
                .choice("Target", targets.clone()),
            );
        }
        let weapons: Vec<String> = u
            .spec
            .weapons
            .iter()
            .filter(|w| w.fires())
            .map(|w| w.name().to_owned())
            .collect();
        if !weapons.is_empty() && !u.has_taken(ActionKind::Fire) {
            forms.push(
                ActionForm::new(
                    "fire",
                    "Fire",
                    "no action; no pre-measuring; an arquebus may not move the same activation",
                )
                .choice("Weapon", weapons)
                .choice("Target", targets.clone())
                .toggle("In range (measured)")
                .toggle("Target in cover (building, castle wall)"),
            );
        }
        if u.spec.weapons.contains(&Weapon::Arquebus)
            && !u.loaded
            && !u.has_taken(ActionKind::Reload)
        {
            forms.push(ActionForm::new("reload", "Reload", "1 action"));
        }
        if !u.has_taken(ActionKind::Melee) {
            forms.push(
                ActionForm::new(
                    "melee",
                    "Melee (already in contact)",
                    "no action: units left in contact by a tied melee",
                )
                .choice("Enemy in contact", targets),
            );
        }
    }
    let leader = if state.leader_attached(unit) {
        "Clan Leader leaves"
    } else {
        "Clan Leader joins"
    };
    forms.push(ActionForm::new(
        "attach",
        leader,
        "umpire's record: attached leaders fight with the unit and lower Command by 1",
    ));
    forms.push(
        ActionForm::new(
            "formation",
            "Formation",
            "umpire's record of how the unit stands",
        )
        .choice(
            "Formation",
            vec![
                "Column".into(),
                "Line, 3 wide".into(),
                "Line, 4 wide".into(),
            ],
        ),
    );
    forms
}

/// A form's values as a command, with a preview of the dice.
// One arm per form, so each order reads whole.
#[allow(clippy::too_many_lines)]
///
/// # Errors
/// A value that does not fit the unit now.
pub fn plan(
    rules: &Rules,
    state: &State,
    id: &str,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let unit = unit_ref(id).ok_or("no such unit")?;
    let u = state.unit(unit).ok_or("no such unit")?;
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let target = |i: usize| {
        enemies(state, unit)
            .get(value(i))
            .copied()
            .ok_or_else(|| "pick a target".to_owned())
    };
    let plain = |command| Ok(ActionPlan::plain(command));
    match form {
        "move" => plain(Command::Move {
            unit,
            cross_obstacle: value(0) == 1,
        }),
        "reload" => plain(Command::Reload(unit)),
        "attach" => plain(Command::Attach {
            clan: unit.clan(),
            unit: (!state.leader_attached(unit)).then_some(unit.2),
        }),
        "formation" => plain(Command::SetFormation {
            unit,
            formation: *FORMATIONS.get(value(0)).ok_or("pick a formation")?,
        }),
        "fire" => {
            let weapons: Vec<Weapon> = u
                .spec
                .weapons
                .iter()
                .copied()
                .filter(|w| w.fires())
                .collect();
            let weapon = *weapons.get(value(0)).ok_or("pick a weapon")?;
            let target = target(1)?;
            let (in_range, cover) = (value(2) == 1, value(3) == 1);
            let t = state.unit(target).ok_or("no such target")?;
            let pool = numbers::fire(rules, u, weapon, t);
            let mut card = pool_card(
                state.unit_name(unit),
                "Fire",
                format!("{} at {}", weapon.name(), t.spec.name),
                "sky: Firing Procedure",
                &pool,
                "hits",
            );
            if !in_range {
                card.notes.push(
                    "Out of range: no dice, no effect (an arquebus is still unloaded).".into(),
                );
            }
            if cover || t.tedate {
                card.notes.push(format!(
                    "Target in cover: half the hits count, rounded {}.",
                    match rules.rulings.cover_rounding {
                        crate::rules::sky::tables::CoverRounding::Down => "down",
                        crate::rules::sky::tables::CoverRounding::Up => "up",
                    }
                ));
            }
            Ok(ActionPlan {
                command: Command::Fire {
                    unit,
                    weapon,
                    target,
                    in_range,
                    cover,
                },
                preview: Some(card),
            })
        }
        "charge" | "melee" => {
            let target = target(0)?;
            let charging = form == "charge";
            let charge = Charge {
                charger: unit,
                target,
                stage: ChargeStage::Melee,
                charging,
            };
            let verb = if charging { "charges" } else { "fights" };
            let mut card = melee_card(
                rules,
                state,
                charge,
                format!("{} {verb} {}", u.spec.name, state.unit_name(target)),
            );
            card.answers.clear();
            if charging {
                card.notes.push(
                    "If contact is made: defensive fire, then the Bushi tests, come first.".into(),
                );
            }
            let command = if charging {
                Command::Charge { unit, target }
            } else {
                Command::Melee { unit, target }
            };
            Ok(ActionPlan {
                command,
                preview: Some(card),
            })
        }
        other => Err(format!("no action `{other}`")),
    }
}
