//! Action forms of places: realigning and bombarding with a gun, manning a captured gun,
//! taking post in a structure, setting things alight, marking smoke from a fire.

use super::actions::enemies;
use super::command::{Command, Kindling, Status};
use super::pending::{at_least, card, test};
use super::roster::{Troop, Weapon};
use super::state::{Cover, Phase, State, StructureKind, Target, UnitRef};
use super::tables::Rules;
use super::words::kindling;
use crate::dice::{CmpOp, Expr};
use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::check::{Check, Odds, RollSpec};

const KINDLING: [Kindling; 4] = [
    Kindling::Cart,
    Kindling::Haystack,
    Kindling::Building,
    Kindling::BuildingWhileBurning,
];

/// The most inches a d4 realignment can cover; more is offered as one extra option.
const REALIGN_CHOICES: u32 = 5;

fn structure_names(state: &State) -> Vec<String> {
    state.structures.iter().map(|s| s.name.clone()).collect()
}

/// Captured guns a unit's side may man.
fn captured_guns(state: &State, unit: UnitRef) -> Vec<UnitRef> {
    let side = state.owner(unit);
    state
        .units()
        .into_iter()
        .filter(|&g| {
            state
                .unit(g)
                .is_some_and(|x| x.captured_by.is_some_and(|c| usize::from(c) == side))
        })
        .collect()
}

/// The forms of places open to a unit.
pub fn forms(rules: &Rules, state: &State, unit: UnitRef) -> Vec<ActionForm> {
    let Some(u) = state.unit(unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let structures = structure_names(state);
    if u.spec.weapon == Weapon::Gun {
        let targets = enemies(state, unit)
            .iter()
            .map(|t| state.unit_name(*t))
            .collect();
        let inches = (1..=REALIGN_CHOICES)
            .map(|i| {
                if i < REALIGN_CHOICES {
                    format!("{i} inch(es)")
                } else {
                    format!("more than {}", REALIGN_CHOICES - 1)
                }
            })
            .collect();
        out.push(
            ActionForm::new(
                "realign",
                "Realign the gun",
                "1d4 inches of barrel movement for a new target",
            )
            .choice("New target", targets)
            .choice("Barrel must move", inches),
        );
        if !structures.is_empty() {
            out.push(
                ActionForm::new(
                    "bombard",
                    "Bombard",
                    "1d8 per artilleryman, 7+ soft, 8+ hard",
                )
                .choice("Structure", structures.clone()),
            );
        }
        let guns: Vec<String> = captured_guns(state, unit)
            .iter()
            .map(|g| state.unit_name(*g))
            .collect();
        if !guns.is_empty() {
            out.push(
                ActionForm::new(
                    "crew_captured",
                    "Man a captured gun",
                    "only artillerymen can fire a captured gun",
                )
                .choice("Gun", guns),
            );
        }
    }
    let mut posts = vec!["come out".to_owned()];
    posts.extend(structures.iter().cloned());
    out.push(
        ActionForm::new(
            "occupy",
            "Take post",
            "a building holds 5 figures; an enemy-held one opens only when its door is won",
        )
        .choice("Structure", posts),
    );
    let mut at = vec!["nothing else".to_owned()];
    at.extend(structures);
    out.push(
        ActionForm::new(
            "set_alight",
            "Set alight",
            "1d6: carts and haystacks 5+, buildings by Samurai 5+ (3+ once something burns)",
        )
        .choice(
            "What",
            KINDLING.iter().map(|k| kindling(*k).to_owned()).collect(),
        )
        .choice("At", at),
    );
    out.push(
        ActionForm::new("fire_smoke", "Fire smoke", "umpire's record: soft cover")
            .toggle("Under smoke from a fire"),
    );
    out.extend(record_forms(rules, state, unit, u.spec.troop));
    out
}

fn preview(
    who: String,
    (what, citation): (&str, &str),
    cmp: crate::dice::Comparison,
    target: String,
    (outcome, measure): (&str, &'static str),
) -> Check<Command> {
    let mut c = card(who, what, String::new(), citation);
    c.required = false;
    test(c, cmp, target, outcome, measure)
}

/// A form of places as a command, with its odds.
///
/// # Errors
/// A value that does not fit the unit now.
pub fn plan(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let name = state.unit_name(unit);
    let structure = |v: usize| -> Result<Option<u8>, String> {
        match v {
            0 => Ok(None),
            n if n <= state.structures.len() => Ok(Some((n - 1) as u8)),
            _ => Err("pick a structure".into()),
        }
    };
    let (command, check) = match form {
        "realign" => {
            let t = *enemies(state, unit).get(value(0)).ok_or("pick a target")?;
            let needed = value(1) as u32 + 1;
            let die = rules.t.artillery.realign_die;
            let p = preview(
                name,
                ("Realign", "simple: Movement"),
                at_least(die, needed),
                format!("1d{die} at {needed}+: fire this turn, else next move"),
                ("ready to fire this turn", "ready"),
            );
            (
                Command::Realign {
                    gun: unit,
                    needed_inches: needed,
                    target: Some(Target::Unit(t)),
                },
                Some(p),
            )
        }
        "bombard" => bombard(rules, state, unit, name, value(0))?,
        "crew_captured" => {
            let gun = *captured_guns(state, unit)
                .get(value(0))
                .ok_or("pick a gun")?;
            (Command::CrewCapturedGun { gun, crew: unit }, None)
        }
        "occupy" => (
            Command::Occupy {
                unit,
                structure: structure(value(0))?,
            },
            None,
        ),
        "set_alight" => {
            let what = *KINDLING.get(value(0)).ok_or("pick what")?;
            let b = &rules.t.burning;
            let on = super::numbers::alight_on(rules, what);
            let p = preview(
                name,
                ("Set alight", "simple: Fire"),
                at_least(b.die, on),
                format!("1d{} at {on}+", b.die),
                ("it catches", "lit"),
            );
            (
                Command::SetAlight {
                    what,
                    structure: structure(value(1))?,
                    by: Some(unit),
                },
                Some(p),
            )
        }
        "structure" => {
            let kind = *StructureKind::ALL.get(value(0)).ok_or("pick a kind")?;
            let n = state.structures.len() + 1;
            (
                Command::AddStructure {
                    name: format!("{} {n}", kind.words()),
                    kind,
                },
                None,
            )
        }
        "ambush" => (
            Command::SetAmbush {
                unit,
                square: u32::try_from(value(0)).map_err(|_| "pick a square")?,
            },
            None,
        ),
        "fire_smoke" => (
            Command::SetStatus {
                unit,
                status: Status::FireSmoke(value(0) == 1),
            },
            None,
        ),
        other => return Err(format!("no action `{other}`")),
    };
    Ok(ActionPlan {
        command,
        preview: check,
    })
}

/// A bombardment of a structure, with the chance of at least one hit.
fn bombard(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    name: String,
    s: usize,
) -> Result<(Command, Option<Check<Command>>), String> {
    let st = state.structures.get(s).ok_or("pick a structure")?;
    let x = &rules.t.structures;
    let needs = if st.kind.cover() == Cover::Hard {
        x.hard_needs
    } else {
        x.soft_needs
    };
    let die = rules.t.fire.die;
    let crew = state.unit(unit).map_or(0, |x| x.alive);
    let mut p = preview(
        name,
        ("Bombard", "simple: Firing at Soft/Hard Cover"),
        at_least(die, needs),
        format!("1d{die} per artilleryman ({crew}) at {needs}+ for a hit"),
        ("one die hits", "hits"),
    );
    let one = p.odds.first().map_or(0.0, |o| o.probability);
    p.roll = Some(RollSpec::Value(Expr::success_count(
        crew,
        die,
        CmpOp::Ge,
        i64::from(needs),
    )));
    p.odds = vec![
        Odds::shown("one die hits", one),
        Odds::of(
            "at least one hit",
            1.0 - (1.0 - one).powi(i32::try_from(crew).unwrap_or(i32::MAX)),
            "hits",
            CmpOp::Ge,
            1,
        ),
    ];
    Ok((
        Command::Bombard {
            gun: unit,
            structure: u8::try_from(s).map_err(|_| "pick a structure")?,
        },
        Some(p),
    ))
}

/// The set-up and record forms of any unit: a structure near it, and (Home, before the
/// battle, not the guard) hiding it in ambush.
fn record_forms(rules: &Rules, state: &State, unit: UnitRef, troop: Troop) -> Vec<ActionForm> {
    let mut out = vec![
        ActionForm::new(
            "structure",
            "Record a structure",
            "a building, wall or fieldworks on the table, with its hits (near this unit)",
        )
        .choice(
            "Kind",
            StructureKind::ALL
                .iter()
                .map(|k| k.words().to_owned())
                .collect(),
        )
        .as_record(),
    ];
    if state.phase == Phase::Setup
        && state.home == Some(unit.0)
        && state.ambush.is_none()
        && troop != Troop::SamuraiGuard
    {
        let squares = rules.t.terrain.ambush_squares;
        out.push(
            ActionForm::new(
                "ambush",
                "Hide in ambush",
                "the Home Daimyo keeps one unit (not the guard) off the table in a square 1-18",
            )
            .number("Square", 1, usize::try_from(squares).unwrap_or(18), ""),
        );
    }
    out
}
