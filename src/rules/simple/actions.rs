//! Simple Samurai's action forms: move, fire, melee, and the table's own records.

use super::army::Formation;
use super::command::{
    Attacker, Command, Facing, FailCause, Fighter, FireOrder, Going, MeleeOrder, MoveKind, Status,
};
use super::preview;
use super::state::{Cover, MoraleCause, State, Target, UnitRef};
use super::tables::Rules;

use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::check::{Check, Odds, RollSpec};
use crate::engine::view::parse_id;

/// Reads a unit's view id (`0.1.2`: side, group, unit).
pub(super) fn unit_ref(id: &str) -> Option<UnitRef> {
    parse_id::<3>(id).map(|[s, g, u]| UnitRef(s, g, u))
}

/// The units a unit may fire at or fight: the enemy's, and the village's peasants.
pub(super) fn enemies(state: &State, unit: UnitRef) -> Vec<UnitRef> {
    let side = state.owner(unit);
    let mut out = state.present_units_of(State::other(side));
    out.extend(super::execute::village_unit(state));
    out
}

const MOVES: [(&str, MoveKind); 14] = [
    ("normal move", MoveKind::Normal),
    ("over a wall or cover, within the move", MoveKind::OverCover),
    ("crossing into cover", MoveKind::CrossCover),
    ("clear of cover", MoveKind::ClearOfCover),
    ("form line", MoveKind::ChangeFormation(Formation::Line)),
    ("form column", MoveKind::ChangeFormation(Formation::Column)),
    (
        "form skirmish order",
        MoveKind::ChangeFormation(Formation::Skirmish),
    ),
    ("mount or dismount", MoveKind::MountDismount),
    ("limber", MoveKind::Limber),
    ("unlimber", MoveKind::Unlimber),
    ("into or out of a building", MoveKind::Building),
    ("back toward the base line", MoveKind::Back),
    ("into the village", MoveKind::IntoVillage),
    (
        "through skirmishers (a Formation Fail)",
        MoveKind::ThroughSkirmishers(None),
    ),
];
const DISTANCES_CM: [u32; 6] = [10, 20, 30, 45, 60, 90];
/// Distances a move form offers, in cm.
const MOVE_CM: [u32; 12] = [0, 4, 7, 10, 15, 20, 30, 40, 60, 90, 120, 150];
const FACINGS: [Facing; 3] = [Facing::Front, Facing::Flank, Facing::Rear];
const COVERS: [Cover; 3] = [Cover::Open, Cover::Soft, Cover::Hard];
const CAUSES: [FailCause; 6] = [
    FailCause::ChangingFormation,
    FailCause::OutOfSight,
    FailCause::NotInContact,
    FailCause::Mounting,
    FailCause::SkirmishersTooClose,
    FailCause::MovedThrough,
];
const MORALE: [MoraleCause; 3] = [
    MoraleCause::HalfStrength,
    MoraleCause::FormationFail,
    MoraleCause::FriendRetreating,
];

/// The forms open to a unit (execution checks whose turn it is and every limit).
pub fn forms(rules: &Rules, state: &State, id: &str) -> Vec<ActionForm> {
    let Some(unit) = unit_ref(id) else {
        return Vec::new();
    };
    if !state
        .unit(unit)
        .is_some_and(super::state::UnitState::present)
    {
        return Vec::new();
    }
    let targets: Vec<String> = enemies(state, unit)
        .iter()
        .map(|u| state.unit_name(*u))
        .collect();
    let mut out = vec![
        ActionForm::new(
            "move",
            "Move",
            "one move, measured to the furthest figure; some kinds set Formation Fail",
        )
        .choice("Kind", MOVES.iter().map(|(w, _)| (*w).to_owned()).collect())
        .choice(
            "Distance",
            MOVE_CM.iter().map(|d| format!("{d} cm")).collect(),
        )
        .choice(
            "Going",
            Going::ALL.iter().map(|g| g.words().to_owned()).collect(),
        ),
        ActionForm::new(
            "fire",
            "Fire",
            "1d8 a figure, or a 1d10 volley (2+ figures, no move)",
        )
        .choice("Target", targets.clone())
        .choice(
            "Distance",
            DISTANCES_CM
                .iter()
                .map(|d| format!("up to {d} cm"))
                .collect(),
        )
        .toggle("Volley"),
        ActionForm::new(
            "melee",
            "Melee",
            "in your own turn; the attacker kills on a higher score",
        )
        .choice("Defender", targets)
        .choice(
            "Attacking its",
            vec!["front".into(), "flank".into(), "rear".into()],
        )
        .toggle("Attacker touches a friend")
        .toggle("Defender touches a friend")
        .toggle("Defender is in a building")
        .toggle("At the building's door"),
        ActionForm::new("cover", "Cover", "umpire's record")
            .choice("Cover", vec!["open".into(), "soft".into(), "hard".into()]),
        ActionForm::new("in_melee", "In melee", "umpire's record").toggle("In melee"),
        ActionForm::new("formation_fail", "Formation Fail", "a cause the table sees").choice(
            "Cause",
            CAUSES.iter().map(|c| c.words().to_owned()).collect(),
        ),
        ActionForm::new("morale", "Call a morale test", "the opponent calls it").choice(
            "Cause",
            vec![
                "half strength or less".into(),
                "Formation Fail".into(),
                "saw a friend retreat".into(),
            ],
        ),
        ActionForm::new("attach", "Daimyo joins this unit", "umpire's record"),
        ActionForm::new(
            "cross_river",
            "Cross the river",
            "drowning rolls per figure",
        ),
    ];
    out.extend(super::actions_places::forms(rules, state, unit));
    out
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
            kind: MOVES.get(value(0)).ok_or("pick a move")?.1,
            distance_cm: *MOVE_CM.get(value(1)).ok_or("pick a distance")?,
            going: *Going::ALL.get(value(2)).ok_or("pick the going")?,
        }),
        "cover" => plain(Command::SetStatus {
            unit,
            status: Status::Cover(*COVERS.get(value(0)).ok_or("pick cover")?),
        }),
        "in_melee" => plain(Command::SetStatus {
            unit,
            status: Status::InMelee(value(0) == 1),
        }),
        "formation_fail" => plain(Command::MarkFormationFail {
            unit,
            cause: *CAUSES.get(value(0)).ok_or("pick a cause")?,
        }),
        "morale" => plain(Command::CallMorale {
            unit,
            cause: *MORALE.get(value(0)).ok_or("pick a cause")?,
        }),
        "attach" => plain(Command::Attach {
            group: unit.group(),
            unit: Some(unit.2),
        }),
        "cross_river" => plain(Command::CrossRiver(unit)),
        "fire" => {
            let t = target(0)?;
            let order = FireOrder {
                unit,
                target: Target::Unit(t),
                volley: value(2) == 1,
                distance_cm: *DISTANCES_CM.get(value(1)).ok_or("pick a distance")?,
            };
            let preview = preview::fire(rules, state, &order).map(|p| {
                let n = f64::from(p.dice.dice_count());
                let per = if p.paired { "pair" } else { "die" };
                Check {
                    key: String::new(),
                    who: u.spec.name.clone(),
                    what: "Fire".into(),
                    why: format!("at {}", state.unit_name(t)),
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
                command: Command::Fire(order),
                preview,
            })
        }
        "melee" => {
            let t = target(0)?;
            let order = MeleeOrder {
                defender: Target::Unit(t),
                attackers: vec![Attacker {
                    fighter: Fighter::Unit(unit),
                    facing: *FACINGS.get(value(1)).ok_or("pick a side")?,
                    touches_friend: value(2) == 1,
                }],
                defender_touches_friend: value(3) == 1,
                rear_support: None,
                in_building: value(4) == 1,
                door: if value(5) == 1 {
                    state.unit(t).and_then(|x| x.structure)
                } else {
                    None
                },
            };
            let bouts = preview::melee(rules, state, &order);
            let preview = bouts.first().map(|b| {
                let mut modifiers = b.attacker.clone();
                modifiers.extend(b.defender.iter().cloned());
                Check {
                    key: String::new(),
                    who: u.spec.name.clone(),
                    what: "Melee".into(),
                    why: format!("attacking {}", state.unit_name(t)),
                    citation: "simple: Melee".into(),
                    roll: Some(RollSpec::Test(b.kills.clone())),
                    target: format!("{} : the attacker kills on a higher score", b.kills),
                    modifiers,
                    odds: vec![Odds::of(
                        format!("the defending figure is killed ({} bout)", bouts.len()),
                        b.odds,
                        "killed",
                        crate::dice::CmpOp::Ge,
                        1,
                    )],
                    required: false,
                    answers: Vec::new(),
                    notes: Vec::new(),
                    faces: Default::default(),
                }
            });
            Ok(ActionPlan {
                command: Command::Melee(order),
                preview,
            })
        }
        other => super::actions_places::plan(rules, state, unit, other, values),
    }
}
