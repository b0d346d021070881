//! Simple Samurai's action forms: move, fire, melee, and the table's own records. Each form
//! offers what the engine accepts for the unit now, so what the umpire can pick is what the
//! rules allow (the engine still checks whose turn it is and every limit).

mod daimyo;
mod melee;
mod places;

pub use daimyo::{daimyo_id, daimyo_ref};

use super::command::{Command, Facing, Fighter, FireOrder, Going, MoveKind, Status};
use super::numbers::{self, preview};
use super::roster::{Formation, Weapon};
use super::state::{Cover, MoraleCause, State, Target, UnitRef, UnitState};
use super::tables::Rules;

use crate::engine::action::{ActionForm, ActionPlan, Bounds};
use crate::engine::check::{Check, Odds, RollSpec};
use crate::engine::view::parse_id;

/// Reads a unit's view id (`0.1.2`: side, group, unit).
pub(super) fn unit_ref(id: &str) -> Option<UnitRef> {
    parse_id::<3>(id).map(|[s, g, u]| UnitRef(s, g, u))
}

/// What a figure of `side` may fire at or fight: the enemy's units on the table, the
/// village's peasants, and an enemy Daimyo standing alone.
pub(super) fn targets(state: &State, side: usize) -> Vec<Target> {
    let mut out: Vec<Target> = state
        .present_units_of(State::other(side))
        .into_iter()
        .map(Target::Unit)
        .collect();
    out.extend(super::execute::village_unit(state).map(Target::Unit));
    for g in state.groups() {
        let enemy = state.group(g).is_some_and(|x| {
            usize::from(x.owner) != side && x.daimyo.as_ref().is_some_and(|d| d.alive)
        });
        if enemy && !numbers::daimyo_shielded(state, g) {
            out.push(Target::Daimyo(g));
        }
    }
    out
}

/// A target's name on a form.
pub(super) fn target_name(state: &State, t: Target) -> String {
    match t {
        Target::Unit(u) => state.unit_name(u),
        Target::Daimyo(g) => format!("{} (Daimyo, alone)", state.daimyo_name(g)),
    }
}

/// The kinds of move with a distance.
const MOVES: [(&str, MoveKind); 6] = [
    ("normal move", MoveKind::Normal),
    ("over a wall or cover, within the move", MoveKind::OverCover),
    ("crossing into cover", MoveKind::CrossCover),
    ("clear of cover", MoveKind::ClearOfCover),
    ("back toward the base line", MoveKind::Back),
    ("into the village", MoveKind::IntoVillage),
];

/// The kinds of move the Move form offers a unit: clear of cover only to one crossing it.
fn moves_for(state: &State, unit: UnitRef) -> Vec<(&'static str, MoveKind)> {
    let crossing = state.unit(unit).is_some_and(|x| x.crossing);
    MOVES
        .into_iter()
        .filter(|(_, k)| *k != MoveKind::ClearOfCover || crossing)
        .collect()
}
const FACINGS: [Facing; 3] = [Facing::Front, Facing::Flank, Facing::Rear];
const COVERS: [Cover; 3] = [Cover::Open, Cover::Soft, Cover::Hard];

/// The Fire form's question of line of sight (Firing): a target out of sight, or outside the
/// arc of a figure in contact (22½° either side of its weapon) or of a gun's barrel (45°), is
/// not fired at.
const IN_SIGHT: &str = "Target in sight, within the firer's arc";

/// The cover the table sees a target or defender in, as the Fire and Melee forms ask it.
fn cover_answers() -> Vec<String> {
    vec![
        "in the open".into(),
        "in or behind soft cover".into(),
        "in or behind hard cover".into(),
    ]
}
const SUPPORT: [Option<Weapon>; 3] = [None, Some(Weapon::Spear), Some(Weapon::Pike)];
const MORALE: [MoraleCause; 3] = [
    MoraleCause::HalfStrength,
    MoraleCause::FormationFail,
    MoraleCause::FriendRetreating,
];

/// The whole moves a unit may make where it stands: mounting for cavalry, limbering for guns
/// and wagons.
fn in_place_moves(state: &State, unit: UnitRef) -> Vec<(String, MoveKind)> {
    let Some(x) = state.unit(unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if x.spec.troop.mounted() {
        out.push(("mount or dismount".into(), MoveKind::MountDismount));
    }
    if matches!(x.spec.weapon, Weapon::Gun | Weapon::Wagon) {
        out.push(if x.limbered {
            ("unlimber".into(), MoveKind::Unlimber)
        } else {
            ("limber".into(), MoveKind::Limber)
        });
    }
    out
}

/// The formations a unit may change to: any other than its own (skirmish for archers only).
fn new_formations(state: &State, unit: UnitRef) -> Vec<Formation> {
    let Some(x) = state.unit(unit) else {
        return Vec::new();
    };
    [Formation::Line, Formation::Column, Formation::Skirmish]
        .into_iter()
        .filter(|f| {
            *f != x.formation && (*f != Formation::Skirmish || x.spec.weapon == Weapon::Bow)
        })
        .collect()
}

/// The change of formation open to a unit: a new one, measured to its furthest figure, or
/// the further move that finishes a change under way (Movement).
fn formation_form(rules: &Rules, state: &State, unit: UnitRef) -> ActionForm {
    if let Some(r) = state.unit(unit).and_then(|x| x.reforming) {
        return ActionForm::new(
            "change_formation",
            "Go on changing formation",
            format!(
                "its move goes to forming {}: {} more",
                r.to.name(),
                crate::engine::words::counted(r.moves_left, "move")
            ),
        );
    }
    let most = rules.t.terrain.board_width_cm as usize;
    ActionForm::new(
        "change_formation",
        "Change formation",
        "a whole move, measured to the furthest figure; further than a move, it takes another (a Formation Fail)",
    )
    .choice(
        "New formation",
        new_formations(state, unit)
            .iter()
            .map(|f| f.name().to_owned())
            .collect(),
    )
    .number(
        "Furthest figure moves",
        "cm",
        Bounds::up_to(
            most,
            "the furthest figure's distance is measured on the board (simple: Movement)",
        ),
    )
    .choice("Going", going_choices())
}

/// Friendly units a unit may move through (ruling `pass_through`).
fn passable(rules: &Rules, state: &State, unit: UnitRef) -> Vec<UnitRef> {
    state
        .present_units_of(state.owner(unit))
        .into_iter()
        .filter(|&o| numbers::may_pass_through(rules, state, unit, o))
        .collect()
}

/// The question a move form asks of a unit in melee: it may move away unless 3 or 4 enemy
/// figures surround it (Melee), which only the table sees.
const SURROUNDED: &str = "Surrounded by 3 or 4 enemy figures";

/// A move form, with the question of [`SURROUNDED`] last for a unit in melee.
fn away_from_melee(in_melee: bool, form: ActionForm) -> ActionForm {
    if in_melee {
        form.toggle(SURROUNDED)
    } else {
        form
    }
}

/// The answer to [`SURROUNDED`] in a move form's values (after kind, distance and going), for
/// a unit in melee; none for a unit in no melee.
fn surrounded(state: &State, unit: UnitRef, values: &[usize]) -> Option<bool> {
    state
        .unit(unit)
        .is_some_and(|x| x.in_melee())
        .then(|| values.get(3).copied().unwrap_or(0) == 1)
}

fn going_choices() -> Vec<String> {
    Going::ALL.iter().map(|g| g.words().to_owned()).collect()
}

/// The forms open to a unit (execution checks whose turn it is and every limit).
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
    if let Some(g) = daimyo_ref(id) {
        return daimyo::forms(rules, state, g);
    }
    let Some(unit) = unit_ref(id) else {
        return Vec::new();
    };
    let Some(x) = state.unit(unit) else {
        return Vec::new();
    };
    if x.in_ambush && x.in_play() {
        return places::ambush_forms(state, unit);
    }
    if !x.present() {
        return Vec::new();
    }
    let longest = numbers::longest_move_cm(rules, x, state.in_retreat(unit));
    let distance = || {
        Bounds::up_to(
            longest as usize,
            "its longest move, along a road (simple: Movement)",
        )
    };
    let mut out = vec![
        away_from_melee(
            x.in_melee(),
            ActionForm::new(
                "move",
                "Move",
                "one move, measured to the furthest figure; crossing cover sets a Formation Fail",
            )
            .choice(
                "Kind",
                moves_for(state, unit)
                    .iter()
                    .map(|(w, _)| (*w).to_owned())
                    .collect(),
            )
            .number("Distance", "cm", distance())
            .choice("Going", going_choices()),
        ),
        formation_form(rules, state, unit),
    ];
    let in_place = in_place_moves(state, unit);
    if !in_place.is_empty() {
        out.push(
            ActionForm::new(
                "in_place",
                "Full move in place",
                "mounting or limbering takes the whole move (a Formation Fail)",
            )
            .choice("Move", in_place.into_iter().map(|(w, _)| w).collect()),
        );
    }
    let through = passable(rules, state, unit);
    if !through.is_empty() {
        out.push(away_from_melee(
            x.in_melee(),
            ActionForm::new(
                "through",
                "Move through a unit",
                "through skirmishers or archers: both units get a Formation Fail; others are gone round",
            )
            .choice(
                "Through",
                through.iter().map(|o| state.unit_name(*o)).collect(),
            )
            .number("Distance", "cm", distance())
            .choice("Going", going_choices()),
        ));
    }
    if let Some(range) = numbers::range_cm(rules, state, x.spec.weapon) {
        out.push(fire_form(state, unit, x, range));
    }
    out.push(melee::melee_form(rules, state, Fighter::Unit(unit)));
    out.extend(records(rules, state, unit));
    out.extend(places::forms(rules, state, unit));
    out
}

/// The Fire form: the target, its cover, the distance within the weapon's range (halved by the
/// wind card), a volley for bows and arquebuses, and whether the target is seen.
fn fire_form(state: &State, unit: UnitRef, x: &UnitState, range: u32) -> ActionForm {
    let wind = if state.wind_turns > 0 {
        ", halved by the wind card"
    } else {
        ""
    };
    let reach = Bounds::up_to(
        range as usize,
        format!(
            "the {}'s range{wind} (simple: Ranges)",
            x.spec.weapon.name()
        ),
    );
    let mut fire = ActionForm::new(
        "fire",
        "Fire",
        "1d8 a figure, or a 1d10 volley (2+ figures, no move)",
    )
    .choice(
        "Target",
        targets(state, state.owner(unit))
            .into_iter()
            .map(|t| target_name(state, t))
            .collect(),
    )
    .choice("Target's cover", cover_answers())
    .number("Distance to the target", "cm", reach);
    if x.spec.weapon != Weapon::Gun {
        fire = fire.toggle("Volley");
    }
    fire.toggle(IN_SIGHT)
}

/// The table's records of a unit: its cover, melee, Formation Fail causes, a morale call,
/// wading, smoke cleared, figures caught by fire.
///
/// The covers the Cover record offers: none below what the state proves (the structure the
/// unit is in or behind, smoke from a fire over it), which a record could not lower.
fn covers_from(state: &State, unit: UnitRef) -> Vec<Cover> {
    let floor = state.cover_floor(unit);
    COVERS.into_iter().filter(|c| *c >= floor).collect()
}

fn records(rules: &Rules, state: &State, unit: UnitRef) -> Vec<ActionForm> {
    let mut out = vec![
        ActionForm::new("cover", "Cover", "umpire's record").choice(
            "Cover",
            covers_from(state, unit)
                .iter()
                .map(|c| c.name().into())
                .collect(),
        ),
        ActionForm::new("in_melee", "In melee", "umpire's record").toggle("In melee"),
    ];
    let causes = super::execute::fail_causes(state, unit);
    if !causes.is_empty() {
        out.push(
            ActionForm::new("formation_fail", "Formation Fail", "a cause the table sees").choice(
                "Cause",
                causes.iter().map(|c| c.words().to_owned()).collect(),
            ),
        );
    }
    if state.unit(unit).is_some_and(numbers::takes_morale) {
        out.push(
            ActionForm::new("morale", "Call a morale test", "the opponent calls it").choice(
                "Cause",
                vec![
                    "half strength or less".into(),
                    "Formation Fail".into(),
                    format!(
                        "saw a friend retreat within {} cm",
                        rules.t.morale.friend_retreating_within_cm
                    ),
                ],
            ),
        );
    }
    if super::execute::may_wade(state, unit) {
        out.push(ActionForm::new(
            "cross_river",
            "Wade the river",
            "after a move into or across it: drowning rolls per figure",
        ));
    }
    if super::execute::may_clear_smoke(state, unit) {
        out.push(ActionForm::new(
            "clear_smoke",
            "Clear its smoke",
            "the table clears the unit's own smoke (for a target to a flank)",
        ));
    }
    if super::execute::may_be_caught_by_fire(state, unit) {
        let alive = state.unit(unit).map_or(0, |x| x.alive);
        out.push(
            ActionForm::new(
                "near_fire",
                "Caught near a fire",
                "figures within 1 inch of a fire roll 1d6 each to survive",
            )
            .number(
                "Figures within 1 inch of the fire",
                "",
                Bounds::up_to(alive as usize, "the figures it has alive (the books)")
                    .at_least(1, "at least one figure is caught"),
            ),
        );
    }
    out
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
    if let Some(g) = daimyo_ref(id) {
        return daimyo::plan(rules, state, g, form, values);
    }
    let unit = unit_ref(id).ok_or("no such unit")?;
    state.unit(unit).ok_or("no such unit")?;
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let cm = |i: usize| u32::try_from(value(i)).map_err(|_| "pick a distance".to_owned());
    let going = |i: usize| Going::ALL.get(value(i)).copied().ok_or("pick the going");
    let plain = |command| Ok(ActionPlan::plain(command));
    match form {
        "move" => {
            let (distance_cm, going) = within_move(rules, state, unit, (cm(1)?, going(2)?))?;
            plain(Command::Move {
                unit,
                kind: moves_for(state, unit).get(value(0)).ok_or("pick a move")?.1,
                distance_cm,
                going,
                surrounded: surrounded(state, unit, values),
            })
        }
        "in_place" => plain(Command::Move {
            unit,
            kind: in_place_moves(state, unit)
                .get(value(0))
                .ok_or("pick a move")?
                .1,
            distance_cm: 0,
            going: Going::Standard,
            surrounded: None,
        }),
        "change_formation" => {
            let reforming = state.unit(unit).and_then(|x| x.reforming);
            plain(match reforming {
                Some(r) => Command::Move {
                    unit,
                    kind: MoveKind::ChangeFormation(r.to),
                    distance_cm: 0,
                    going: Going::Standard,
                    surrounded: None,
                },
                None => Command::Move {
                    unit,
                    kind: MoveKind::ChangeFormation(
                        *new_formations(state, unit)
                            .get(value(0))
                            .ok_or("pick a formation")?,
                    ),
                    distance_cm: cm(1)?,
                    going: going(2)?,
                    surrounded: None,
                },
            })
        }
        "through" => plain(Command::Move {
            unit,
            kind: MoveKind::ThroughSkirmishers(Some(
                *passable(rules, state, unit)
                    .get(value(0))
                    .ok_or("pick the unit")?,
            )),
            distance_cm: within_move(rules, state, unit, (cm(1)?, going(2)?))?.0,
            going: going(2)?,
            surrounded: surrounded(state, unit, values),
        }),
        "cover" => plain(Command::SetStatus {
            unit,
            status: Status::Cover(*covers_from(state, unit).get(value(0)).ok_or("pick cover")?),
        }),
        "in_melee" => plain(Command::SetStatus {
            unit,
            status: Status::InMelee(value(0) == 1),
        }),
        "formation_fail" => plain(Command::MarkFormationFail {
            unit,
            cause: *super::execute::fail_causes(state, unit)
                .get(value(0))
                .ok_or("pick a cause")?,
        }),
        "morale" => plain(Command::CallMorale {
            unit,
            cause: *MORALE.get(value(0)).ok_or("pick a cause")?,
        }),
        "cross_river" => plain(Command::CrossRiver(unit)),
        "clear_smoke" => plain(Command::SetStatus {
            unit,
            status: Status::Smoke(false),
        }),
        "fire" => fire_plan(rules, state, unit, values),
        "melee" => melee::plan(rules, state, Fighter::Unit(unit), values),
        other => places::plan(rules, state, unit, other, values),
    }
}

/// A distance and going the unit's move allows, or why not (simple: Movement): the form
/// refuses what the command would, before anything is resolved.
fn within_move(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    step: (u32, Going),
) -> Result<(u32, Going), String> {
    let x = state.unit(unit).ok_or("no such unit")?;
    match numbers::too_far(rules, x, step, state.in_retreat(unit)) {
        Some(why) => Err(format!("{why} (simple: Movement)")),
        None => Ok(step),
    }
}

/// A fire order from the form, with the odds of its dice.
fn fire_plan(
    rules: &Rules,
    state: &State,
    unit: UnitRef,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let target = *targets(state, state.owner(unit))
        .get(value(0))
        .ok_or("pick a target")?;
    // A gun's form has no Volley: its question of sight comes one field sooner.
    let gun = state
        .unit(unit)
        .is_some_and(|x| x.spec.weapon == Weapon::Gun);
    let (volley, sight) = if gun {
        (false, value(3))
    } else {
        (value(3) == 1, value(4))
    };
    if sight != 1 {
        return Err(
            "only a target in sight is fired at: 360°, but 22½° either side of the weapon for a figure in base to base contact and 45° of a gun's barrel (simple: Firing)"
                .into(),
        );
    }
    let order = FireOrder {
        unit,
        target,
        target_cover: Some(*COVERS.get(value(1)).ok_or("pick the target's cover")?),
        distance_cm: u32::try_from(value(2)).map_err(|_| "pick a distance")?,
        volley,
    };
    let preview = preview::fire(rules, state, &order).map(|p| {
        let n = f64::from(p.dice.dice_count());
        let per = if p.paired { "pair" } else { "die" };
        Check {
            key: String::new(),
            kind: String::new(),
            who: state.unit_name(unit),
            what: "Fire".into(),
            why: format!("at {}", target_name(state, target)),
            citation: "simple: Firing".into(),
            roll: Some(RollSpec::Value(p.dice.clone())),
            target: format!("{} needing {}+ a {per}; saves {}", p.dice, p.needs, p.save),
            modifiers: Vec::new(),
            odds: vec![
                Odds::of(
                    "at least one figure killed",
                    p.kills_any,
                    "killed",
                    crate::dice::CmpOp::Ge,
                    1,
                ),
                Odds::shown(format!("one {per} hits"), p.hit),
                Odds::shown("a hit kills (save fails)", p.kill_per_hit),
                Odds::shown(
                    format!(
                        "expected kills: {:.2}",
                        n * p.hit * p.kill_per_hit / if p.paired { 2.0 } else { 1.0 }
                    ),
                    (p.hit * p.kill_per_hit).min(1.0),
                ),
            ],
            required: false,
            answers: Vec::new(),
            notes: Vec::new(),
            faces: crate::engine::check::TableFaces::new(
                vec![(p.dice.dice_count(), "the shot".into())],
                Some("1 save per hit".into()),
            ),
        }
    });
    Ok(ActionPlan {
        confirm: None,
        command: Command::Fire(order),
        preview,
    })
}
