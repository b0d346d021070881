//! Sky's action forms: move, fire, charge, melee, reload, and the umpire's own records.
//!
//! A form is offered only while the order of actions allows it (the activity ledger), so
//! what the umpire sees is what the engine would accept.

use super::command::Command;
use super::order::ORDER;
use super::pending::{fire_card, melee_card};
use super::roster::{Formation, Weapon};
use super::state::{ActionKind, Binding, Charge, ChargeStage, Phase, State, UnitRef, UnitState};
use super::tables::Rules;
use crate::engine::action::{ActionForm, ActionPlan, Bounds};
use crate::engine::check::{Check, Odds};
use crate::engine::view::parse_id;

/// Reads a unit's view id (`side.clan.unit`).
pub fn unit_ref(id: &str) -> Option<UnitRef> {
    parse_id::<3>(id).map(|[s, c, u]| UnitRef(s, c, u))
}

fn enemies(state: &State, unit: UnitRef) -> Vec<UnitRef> {
    state
        .all_units()
        .into_iter()
        .filter(|t| t.side() != unit.side() && state.unit(*t).is_some_and(|x| !x.removed))
        .collect()
}

/// The enemies a unit may charge now: any, or only Samurai when it is committed to them.
fn charge_targets(state: &State, unit: UnitRef) -> Vec<UnitRef> {
    let committed = state.ledger.binding(unit) == Some(&Binding::ChargeSamurai);
    enemies(state, unit)
        .into_iter()
        .filter(|t| !committed || state.unit(*t).is_some_and(UnitState::is_samurai))
        .collect()
}

fn names(state: &State, units: &[UnitRef]) -> Vec<String> {
    units.iter().map(|u| state.unit_name(*u)).collect()
}

fn weapons(u: &UnitState) -> Vec<Weapon> {
    u.spec
        .weapons
        .iter()
        .copied()
        .filter(|w| w.fires())
        .collect()
}

const FORMATIONS: [Formation; 3] = [Formation::Column, Formation::Line(3), Formation::Line(4)];

/// The formations a unit's stands fit now (Units and organization), each named as it will
/// stand on the table: a line wider than the unit's stands is only as wide as its stands, so
/// a unit of 2 stands ordered into a line 3 or 4 wide is told it stands 2 wide. (The engine
/// takes either width, as journals always have: the form offers each.)
fn formations(rules: &Rules, u: &UnitState) -> Vec<(Formation, String)> {
    FORMATIONS
        .into_iter()
        .filter(|f| super::roster::line_fits(rules, u.spec.mounted, u.stands, *f).is_ok())
        .map(|f| {
            let label = match f {
                Formation::Column => "Column".to_owned(),
                Formation::Line(w) if u.stands < w => {
                    format!("Line, {w} wide: {} stands wide on the table", u.stands)
                }
                Formation::Line(w) => format!("Line, {w} wide"),
            };
            (f, label)
        })
        .collect()
}

/// The options of the fire form's range field: the common case first, in words.
const RANGE: [&str; 2] = [
    "In range (measured after declaring)",
    "Out of range: no effect (an arquebus still unloads)",
];

/// Whether the order of actions lets the unit take this action now.
fn allowed(state: &State, unit: UnitRef, kind: ActionKind) -> bool {
    state.ledger.permits(unit, &kind, ORDER).is_ok()
}

/// The forms open to a unit now.
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
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
    let committed = state.ledger.binding(unit) == Some(&Binding::ChargeSamurai);
    if active && committed {
        forms.push(charge_form(state, unit));
        forms.push(ActionForm::new(
            "ordered_otherwise",
            "Order it otherwise",
            "it was committed to charge the enemy Samurai: any other order needs its Bushi test first",
        ));
    } else if active {
        forms.extend(unit_forms(rules, state, unit, u));
    }
    let leader = if state.leader_attached(unit) {
        "Clan Leader leaves"
    } else {
        "Clan Leader joins"
    };
    forms.push(
        ActionForm::new(
            "attach",
            leader,
            format!(
                "umpire's record: attached leaders fight with the unit and lower Command by 1; a leader stand moves up to {}\"",
                rules.t.movement_inches.leader
            ),
        )
        .as_record(),
    );
    if state.phase == Phase::EndOfTurn {
        forms.push(
            ActionForm::new(
                "count",
                "Correct the count",
                "roll call: the table's count, when it differs from the books",
            )
            .number_from(
                &format!("Stands (the books: {})", u.stands),
                "stands",
                Bounds::up_to(
                    u.spec.stands as usize,
                    "the stands it has in its army list (sky: Units and organization)",
                ),
                u.stands as usize,
            )
            .number_from(
                &format!("Hits marked (the books: {})", u.marked_hits),
                "hits",
                Bounds::up_to(
                    rules.t.casualties.hits_per_stand.saturating_sub(1) as usize,
                    format!(
                        "{} hits remove a stand instead (sky: Firing Procedure)",
                        rules.t.casualties.hits_per_stand
                    ),
                ),
                u.marked_hits as usize,
            )
            .as_record(),
        );
    }
    forms.push(
        ActionForm::new(
            "formation",
            "Formation",
            "umpire's record of how the unit stands",
        )
        .choice(
            "Formation",
            formations(rules, u).into_iter().map(|(_, l)| l).collect(),
        )
        .as_record(),
    );
    forms
}

fn charge_form(state: &State, unit: UnitRef) -> ActionForm {
    ActionForm::new(
        "charge",
        "Charge",
        "1 action (none when Bushi drives Samurai at Samurai); +1 over a wall or obstacle",
    )
    .choice("Target", names(state, &charge_targets(state, unit)))
    .toggle("Over a wall or obstacle (+1 action)")
}

/// A unit's own orders in its clan's activation, as far as the order of actions allows.
fn unit_forms(rules: &Rules, state: &State, unit: UnitRef, u: &UnitState) -> Vec<ActionForm> {
    let mut forms = Vec::new();
    let targets = names(state, &enemies(state, unit));
    if allowed(state, unit, ActionKind::Move) {
        forms.push(
            ActionForm::new("move", "Move", move_note(rules, u))
                .toggle("Crossing a wall or obstacle (+1 action)"),
        );
    }
    if allowed(state, unit, ActionKind::Charge) {
        forms.push(charge_form(state, unit));
    }
    let fire: Vec<Weapon> = weapons(u)
        .into_iter()
        .filter(|w| allowed(state, unit, ActionKind::firing(*w)))
        .collect();
    if !fire.is_empty() {
        forms.push(
            ActionForm::new(
                "fire",
                "Fire",
                format!(
                    "no action; declare first, then measure ({}); {}an arquebus that fires neither moves nor charges this activation",
                    ranges_note(rules, u, &fire),
                    if u.spec.mounted {
                        ""
                    } else {
                        "foot bows and arquebuses shoot only within 45° of straight ahead; "
                    }
                ),
            )
            .choice("Weapon", fire.iter().map(|w| w.name().to_owned()).collect())
            .choice("Target", targets)
            .choice("Range", RANGE.iter().map(|r| (*r).to_owned()).collect())
            .toggle("Target in cover (building, castle wall)"),
        );
    }
    if u.spec.weapons.contains(&Weapon::Arquebus)
        && !u.loaded
        && allowed(state, unit, ActionKind::Reload)
    {
        forms.push(ActionForm::new("reload", "Reload", "1 action"));
    }
    let contact = state.in_contact_with(unit);
    if !contact.is_empty() && allowed(state, unit, ActionKind::Melee) {
        forms.push(
            ActionForm::new(
                "melee",
                "Melee (already in contact)",
                "no action: units a melee left in contact fight again, with no charge",
            )
            .choice("Enemy in contact", names(state, &contact)),
        );
    }
    forms
}

/// `bow 16", arquebus 20"`: each weapon's range (Firing Procedure).
fn ranges_note(rules: &Rules, u: &UnitState, weapons: &[Weapon]) -> String {
    let r = &rules.t.ranges_inches;
    weapons
        .iter()
        .map(|w| {
            let inches = match w {
                Weapon::Bow if u.spec.mounted => r.mounted_bow,
                Weapon::Bow => r.foot_bow,
                _ => r.arquebus,
            };
            format!("{} {inches}\"", w.name())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit's move and its charge bonus, in inches (Movement Rates).
pub(super) fn charge_reach(rules: &Rules, u: &UnitState) -> (i64, i64) {
    let m = &rules.t.movement_inches;
    if u.spec.mounted {
        (m.mounted, m.mounted_charge_bonus)
    } else {
        (m.foot, m.foot_charge_bonus)
    }
}

/// `1 action (+1 over a wall): up to 6" (Tedate: 4")`.
fn move_note(rules: &Rules, u: &UnitState) -> String {
    let m = &rules.t.movement_inches;
    let (base, _) = charge_reach(rules, u);
    let tedate = if u.tedate {
        format!(", {}\" with its Tedate", base + m.tedate)
    } else {
        String::new()
    };
    format!("1 action (+1 over a wall or obstacle): up to {base}\"{tedate}")
}

/// A form's values as a command, with a preview of the dice.
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
    let plain = |command| Ok(ActionPlan::plain(command));
    match form {
        "move" => Ok(ActionPlan {
            confirm: None,
            command: Command::Move {
                unit,
                cross_obstacle: value(0) == 1,
            },
            preview: Some(cost_card(rules, state, u, "Move", value(0) == 1)),
        }),
        "reload" => plain(Command::Reload(unit)),
        "ordered_otherwise" => plain(Command::ImpetusOrderedOtherwise(unit)),
        "attach" => plain(Command::Attach {
            clan: unit.clan(),
            unit: (!state.leader_attached(unit)).then_some(unit.2),
        }),
        "count" => {
            let stands = u32::try_from(value(0)).map_err(|_| "too many stands")?;
            let marked = u32::try_from(value(1)).map_err(|_| "too many hits")?;
            let plan = ActionPlan::plain(Command::CorrectCount {
                unit,
                stands,
                marked,
            });
            Ok(match u.stands.checked_sub(stands).filter(|n| *n > 0) {
                Some(lost) => plan.confirming(format!(
                    "{} loses {lost} stand{} ({} to {stands}) by the table's count",
                    u.spec.name,
                    if lost == 1 { "" } else { "s" },
                    u.stands
                )),
                None => plan,
            })
        }
        "formation" => plain(Command::SetFormation {
            unit,
            formation: formations(rules, u)
                .get(value(0))
                .ok_or("pick a formation")?
                .0,
        }),
        "fire" => fire_plan(rules, state, unit, u, values),
        "charge" => {
            let target = *charge_targets(state, unit)
                .get(value(0))
                .ok_or("pick a target")?;
            let cross_obstacle = value(1) == 1;
            let mut card = contact_card(rules, state, unit, target, true);
            let cost = cost_card(rules, state, u, "Charge", cross_obstacle);
            card.notes.extend(cost.notes);
            Ok(ActionPlan {
                confirm: None,
                command: Command::Charge {
                    unit,
                    target,
                    cross_obstacle,
                },
                preview: Some(card),
            })
        }
        "melee" => {
            let target = *state
                .in_contact_with(unit)
                .get(value(0))
                .ok_or("pick an enemy in contact")?;
            Ok(ActionPlan {
                confirm: None,
                command: Command::Melee { unit, target },
                preview: Some(contact_card(rules, state, unit, target, false)),
            })
        }
        other => Err(format!("no action `{other}`")),
    }
}

fn fire_plan(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    u: &UnitState,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let allowed_weapons: Vec<Weapon> = weapons(u)
        .into_iter()
        .filter(|w| allowed(state, unit, ActionKind::firing(*w)))
        .collect();
    let weapon = *allowed_weapons.get(value(0)).ok_or("pick a weapon")?;
    let target = *enemies(state, unit).get(value(1)).ok_or("pick a target")?;
    let in_range = value(2) == 0;
    let cover = value(3) == 1;
    let command = Command::Fire {
        unit,
        weapon,
        target,
        in_range,
        cover,
    };
    let preview = if in_range {
        fire_card(rules, state, unit, weapon, target, cover)
    } else {
        let mut card = Check::card(
            state.unit_name(unit),
            "Fire: out of range",
            format!("{} at {}", weapon.name(), state.unit_name(target)),
            "sky: Firing Procedure",
        );
        card.notes
            .push("Out of range: no dice and no effect; an arquebus is still unloaded.".into());
        Some(card)
    };
    Ok(ActionPlan {
        confirm: None,
        command,
        preview,
    })
}

/// The melee a charge (or units in contact) would bring, as its card without answers.
fn contact_card(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    target: UnitRef,
    charging: bool,
) -> Check<Command> {
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
        format!(
            "{} {verb} {}",
            state.unit_name(unit),
            state.unit_name(target)
        ),
    );
    card.answers.clear();
    if charging {
        // Declaring the charge rolls nothing: the melee's dice and odds are what may follow.
        // Units already in contact fight at once, so their form keeps its roll (and shows
        // "Roll (app dice)" beside the faces field).
        if let Some(roll) = card.roll.take() {
            card.target = format!("if it comes to melee: {}; {}", roll.notation(), card.target);
        }
        for odds in &mut card.odds {
            *odds = Odds::shown(
                format!("if it comes to melee: {}", odds.outcome),
                odds.probability,
            );
        }
        card.notes
            .push("Contact first: defensive fire, then the Bushi tests.".into());
    }
    card
}

/// What a move or charge costs, and what the clan has left after it.
fn cost_card(
    rules: &Rules,
    state: &State,
    u: &UnitState,
    what: &str,
    obstacle: bool,
) -> Check<Command> {
    let costs = &rules.t.action_costs;
    let cost = costs.move_or_charge + if obstacle { costs.cross_obstacle } else { 0 };
    let left = state.actions_left.unwrap_or(0);
    let mut card = Check::card(
        u.spec.name.clone(),
        what,
        move_note(rules, u),
        "sky: Clan Activation",
    );
    let actions = |n: u32| if n == 1 { "action" } else { "actions" };
    card.notes.push(match left.checked_sub(cost) {
        Some(after) => format!(
            "Costs {cost} {}: the clan has {left}, {after} left after.",
            actions(cost)
        ),
        None => format!(
            "Costs {cost} {}, but the clan has only {left} left.",
            actions(cost)
        ),
    });
    if what == "Charge" {
        let (_, bonus) = charge_reach(rules, u);
        card.notes.push(format!(
            "Charge reach: the move plus {bonus}\"; the unit may measure before declaring."
        ));
    }
    card
}
