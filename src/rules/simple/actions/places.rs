//! Action forms of places: realigning and bombarding with a gun, manning a captured gun,
//! taking post in a structure, setting things alight, marking smoke from a fire.

use crate::dice::{CmpOp, Expr};
use crate::engine::action::{ActionForm, ActionPlan, Bounds};
use crate::engine::check::{Check, Odds, RollSpec};
use crate::rules::simple::actions::{target_name, targets};
use crate::rules::simple::command::{Command, Kindling, Status};
use crate::rules::simple::describe::words::kindling;
use crate::rules::simple::pending::{at_least, card, escape_card_for, test};
use crate::rules::simple::roster::{Troop, Weapon};
use crate::rules::simple::state::{Phase, State, StructureKind, UnitRef};
use crate::rules::simple::tables::Rules;

/// What may be set alight (a building catches on 3+ once anything burns: the engine knows).
const KINDLING: [Kindling; 3] = [Kindling::Cart, Kindling::Haystack, Kindling::Building];

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
        let targets = targets(state, state.owner(unit))
            .into_iter()
            .map(|t| target_name(state, t))
            .collect();
        // The die's inches, and one more choice for a travel longer than it can give.
        let die = rules.t.artillery.realign_die;
        let inches = (1..=die + 1)
            .map(|i| {
                if i <= die {
                    crate::engine::words::counted(i, "inch").to_string()
                } else {
                    format!("more than {die}")
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
    let structure = |v: usize| structure_at(state, v);
    let (command, check) = match form {
        "realign" => realign(rules, state, unit, name, value(0), value(1))?,
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
        "set_alight" => set_alight(rules, state, unit, name, value(0), value(1))?,
        "near_fire" => {
            // Previewed with the dice the figures counted roll to escape: the due's card.
            let figures = u32::try_from(value(0)).map_err(|_| "pick the figures")?;
            let why = "caught within an inch of a fire".to_owned();
            let mut p = escape_card_for(rules, state, unit, why, figures);
            p.required = false;
            (Command::EscapeFire { unit, figures }, Some(p))
        }
        "structure" => {
            let kind = *StructureKind::ALL.get(value(0)).ok_or("pick a kind")?;
            let n = state.structures.len() + 1;
            (
                Command::AddStructure {
                    name: format!("{} {n}", kind.words()),
                    kind,
                    sections: 1,
                },
                None,
            )
        }
        "bridge" => {
            let kind = *StructureKind::BRIDGES
                .get(value(0))
                .ok_or("pick what it is built of")?;
            let n = state.structures.len() + 1;
            (
                Command::AddStructure {
                    name: format!("{} {n}", kind.words()),
                    kind,
                    sections: u32::try_from(value(1)).map_err(|_| "give its length")?,
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
        "spring" => (
            Command::Move {
                unit,
                kind: crate::rules::simple::command::MoveKind::Normal,
                distance_cm: 0,
                going: crate::rules::simple::command::Going::Standard,
                surrounded: None,
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
        confirm: None,
        command,
        preview: check,
    })
}

/// The structure a form's choice names: the first choice is none.
fn structure_at(state: &State, v: usize) -> Result<Option<u8>, String> {
    match v {
        0 => Ok(None),
        n if n <= state.structures.len() => u8::try_from(n - 1)
            .map(Some)
            .map_err(|_| "pick a structure".into()),
        _ => Err("pick a structure".into()),
    }
}

/// A gun realigning on a target, with the odds it is ready to fire this turn.
fn realign(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    name: String,
    target: usize,
    inches: usize,
) -> Result<(Command, Option<Check<Command>>), String> {
    let t = *targets(state, state.owner(unit))
        .get(target)
        .ok_or("pick a target")?;
    let needed = u32::try_from(inches).map_err(|_| "pick the inches")? + 1;
    let die = rules.t.artillery.realign_die;
    let p = preview(
        name,
        ("Realign", "simple: Movement"),
        at_least(die, needed),
        format!("1d{die} at {needed}+: fire this turn, else next move"),
        ("ready to fire this turn", "ready"),
    );
    Ok((
        Command::Realign {
            gun: unit,
            needed_inches: needed,
            target: Some(t),
        },
        Some(p),
    ))
}

/// Setting something alight, with the odds it catches: once anything burns a building
/// catches more easily.
fn set_alight(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    name: String,
    what: usize,
    at: usize,
) -> Result<(Command, Option<Check<Command>>), String> {
    let what = *KINDLING.get(what).ok_or("pick what")?;
    let b = &rules.t.burning;
    let burning = state.blazes.iter().any(|x| !x.out);
    let scored = match what {
        Kindling::Building if burning => Kindling::BuildingWhileBurning,
        other => other,
    };
    let on = crate::rules::simple::numbers::alight_on(rules, scored);
    let p = preview(
        name,
        ("Set alight", "simple: Fire"),
        at_least(b.die, on),
        format!("1d{} at {on}+", b.die),
        ("it catches", "lit"),
    );
    Ok((
        Command::SetAlight {
            what,
            structure: structure_at(state, at)?,
            by: Some(unit),
        },
        Some(p),
    ))
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
    let needs = crate::rules::simple::numbers::bombard_needs(rules, st.kind);
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
        bridge_form(rules),
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
            .number(
                "Square",
                "",
                Bounds::up_to(
                    usize::try_from(squares).unwrap_or(usize::MAX),
                    format!("the table has {squares} ambush squares (simple: Terrain)"),
                )
                .at_least(1, "the squares are numbered from 1 (simple: Terrain)"),
            ),
        );
    }
    out
}

/// A bridge, recorded with its length: its hits are those of a wall of its stone or wood for
/// each 15 cm (ruling `bridges`).
fn bridge_form(rules: &Rules) -> ActionForm {
    let s = &rules.t.structures;
    let most = rules.t.terrain.board_width_cm / s.section_cm.max(1);
    ActionForm::new(
        "bridge",
        "Record a bridge",
        format!(
            "{} hits of stone or {} of wood for each {} cm; unusable at {} or less",
            s.stone_linear_per_15cm, s.wooden_linear_per_15cm, s.section_cm, s.unusable_at
        ),
    )
    .choice(
        "Built of",
        StructureKind::BRIDGES
            .iter()
            .map(|k| k.words().to_owned())
            .collect(),
    )
    .number(
        &format!("Length ({} cm sections)", s.section_cm),
        "",
        Bounds::up_to(
            usize::try_from(most).unwrap_or(usize::MAX),
            "no bridge is longer than the board is wide (simple: Terrain)",
        )
        .at_least(1, "a bridge is at least one section long"),
    )
    .as_record()
}

/// The forms of a unit hidden in ambush: in the Home Daimyo's turn he springs it, placing it
/// on the table (base to base with the invader that entered its square, to melee).
pub fn ambush_forms(state: &State, unit: UnitRef) -> Vec<ActionForm> {
    let home_turn = state.phase == Phase::Turn
        && state.home == Some(state.acting)
        && state.owner(unit) == usize::from(state.acting);
    if home_turn {
        vec![ActionForm::new(
            "spring",
            "Spring the ambush",
            "an invader entered its square: the unit is placed base to base with it, to melee",
        )]
    } else {
        Vec::new()
    }
}
