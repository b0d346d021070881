//! The checks a Sky battle requires (or offers) right now, as cards.

mod phase;

use super::command::Command;
use super::event::Test;
use super::numbers::{self, TestNumbers};
use super::roster::Weapon;
use super::state::{ChargeStage, ClanRef, Due, MoraleKind, RouteCause, State, UnitRef};
use super::tables::Rules;
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Answer, Check, Modifier, Odds, RollSpec};
use crate::engine::dues::answerable_now;
use crate::rules::sky::tables::CoverRounding;

pub(super) fn answer(label: &str, command: Command, rolls: bool) -> Answer<Command> {
    Answer::new(label, command, rolls)
}

pub(super) fn roll(command: Command) -> Answer<Command> {
    answer("Roll", command, true)
}

/// A card for a 2d6 test.
pub(super) fn test_card(
    who: String,
    what: &str,
    why: String,
    citation: &str,
    n: &TestNumbers,
    rating: &str,
) -> Check<Command> {
    let comparison = n.comparison();
    let p = comparison.probability();
    Check {
        key: String::new(),
        kind: String::new(),
        who,
        what: what.to_owned(),
        why,
        citation: citation.to_owned(),
        target: n.words(rating),
        modifiers: n.reasons.clone(),
        odds: vec![Odds::pass(p)],
        roll: Some(RollSpec::Test(comparison)),
        required: true,
        answers: Vec::new(),
        notes: Vec::new(),
        faces: Default::default(),
    }
}

/// Every check due now, most urgent first.
pub fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    if state.ended {
        return Vec::new();
    }
    // What can be answered now, in the order it fell due; what waits for it (a charge's next
    // step waits for the tests its last step caused) comes up when its turn comes.
    let mut cards: Vec<Check<Command>> = answerable_now::<super::Sky>(state)
        .into_iter()
        .filter_map(|d| due_card(rules, state, d))
        .collect();
    cards.extend(phase::phase_cards(rules, state));
    cards
}

fn unit_who(state: &State, u: UnitRef) -> String {
    let side = state.sides.get(u.side()).map_or("", |s| s.name.as_str());
    format!("{} ({side})", state.unit_name(u))
}

/// The optional first-Bushi-test roll, due before the test it precedes.
fn spirit_card(rules: &Rules, state: &State, unit: UnitRef) -> Check<Command> {
    let s = &rules.t.spirit;
    Check {
        key: String::new(),
        kind: String::new(),
        who: unit_who(state, unit),
        what: "First Bushi test: spirit roll".into(),
        why: "its first test against Bushi is due (optional rule in play)".into(),
        citation: "sky: Command and Bushi (optional)".into(),
        roll: Some(RollSpec::Value(Expr::dice(1, s.sides))),
        target: format!(
            "{}: Bushi -{c}; {}: Bushi +{c}; otherwise unchanged",
            s.low_face,
            s.high_face,
            c = s.bushi_change
        ),
        modifiers: Vec::new(),
        odds: vec![
            Odds::of(
                "Bushi down",
                1.0 / f64::from(s.sides),
                "spirit",
                CmpOp::Lt,
                0,
            ),
            Odds::of("Bushi up", 1.0 / f64::from(s.sides), "spirit", CmpOp::Gt, 0),
        ],
        required: true,
        answers: vec![roll(Command::SpiritRoll(unit))],
        notes: Vec::new(),
        faces: Default::default(),
    }
}

// One arm per kind of thing due; each builds its card where it can be read whole.
#[allow(clippy::too_many_lines)]
fn due_card(rules: &Rules, state: &State, due: Due) -> Option<Check<Command>> {
    Some(match due {
        Due::Actions(clan) => {
            let a = &rules.t.actions;
            let expr = Expr::keep_highest(a.dice, a.sides, a.keep_highest);
            let dist = expr.distribution();
            Check {
                key: String::new(),
                kind: String::new(),
                who: clan_who(state, clan),
                what: "Actions".into(),
                why: "the clan activated".into(),
                citation: "sky: Turn Sequence".into(),
                target: format!("actions = the higher of {}d{}", a.dice, a.sides),
                modifiers: Vec::new(),
                odds: vec![Odds::of(
                    "4 or more actions",
                    dist.probability_that(CmpOp::Ge, 4),
                    "actions",
                    CmpOp::Ge,
                    4,
                )],
                roll: Some(RollSpec::Value(expr)),
                required: true,
                answers: vec![roll(Command::RollActions)],
                notes: Vec::new(),
                faces: Default::default(),
            }
        }
        Due::RoutMove(unit) => plain_card(
            state,
            unit,
            "Rout move",
            "routing when its clan activated: a full move to the rear (no action)",
            "sky: Clan Activation",
            vec![
                answer(
                    "Moved to the rear",
                    Command::RoutMove {
                        unit,
                        left_table: false,
                    },
                    false,
                ),
                answer(
                    "Reached the table edge: remove",
                    Command::RoutMove {
                        unit,
                        left_table: true,
                    },
                    false,
                ),
            ],
        ),
        Due::Impetus(unit) => {
            let (reach, bonus) = super::actions::charge_reach(rules, state.unit(unit)?);
            let mut card = plain_card(
                state,
                unit,
                "Samurai near enemy Samurai?",
                "Samurai within charge distance of enemy Samurai must charge them (1 action), or test Bushi to do anything else",
                "sky: Clan Activation",
                vec![
                    answer(
                        "None within charge distance",
                        Command::NoImpetus(unit),
                        false,
                    ),
                    answer(
                        "Will charge them (Charge form, 1 action)",
                        Command::ImpetusObeyed(unit),
                        false,
                    )
                    .opening(unit.id(), "charge"),
                    answer(
                        "Ordered otherwise: Bushi test",
                        Command::ImpetusOrderedOtherwise(unit),
                        false,
                    ),
                ],
            );
            card.notes.push(format!(
                "Its charge distance: {}\" (a {reach}\" move and {bonus}\" for charging); it may measure.",
                reach + bonus
            ));
            card
        }
        Due::ImpetusTest(unit) => {
            let n = numbers::bushi(rules, state, Test::Impetus(unit));
            let mut c = test_card(unit_who(state, unit), "Bushi test: obey the order?", "ordered to do other than charge the enemy Samurai near it; a pass means it charges them anyway, disordered, for no action".into(), "sky: Clan Activation", &n, "Bushi");
            let p = c.odds[0].probability;
            c.odds = vec![
                Odds::of("does as ordered (fails)", 1.0 - p, "passed", CmpOp::Eq, 0),
                Odds::of(
                    "charges the enemy Samurai anyway (passes)",
                    p,
                    "passed",
                    CmpOp::Eq,
                    1,
                ),
            ];
            c.answers = vec![roll(Command::ImpetusTest(unit))];
            c
        }
        Due::ImpetusCharge(unit) => {
            let mut answers: Vec<Answer<Command>> = state
                .all_units()
                .into_iter()
                .filter(|t| {
                    t.side() != unit.side()
                        && state.unit(*t).is_some_and(|u| !u.removed && u.is_samurai())
                })
                .map(|t| {
                    answer(
                        &format!("Charge {}", state.unit_name(t)),
                        Command::Charge {
                            unit,
                            target: t,
                            cross_obstacle: false,
                        },
                        false,
                    )
                })
                .collect();
            answers.truncate(12);
            answers.push(answer(
                "No enemy Samurai within reach",
                Command::ImpetusBlocked(unit),
                false,
            ));
            plain_card(
                state,
                unit,
                "Charge the nearest enemy Samurai",
                "its Bushi overrode the order: it charges, disordered, for no action",
                "sky: Clan Activation",
                answers,
            )
        }
        Due::Route(unit) => {
            let n = numbers::bushi(rules, state, Test::Route(unit));
            let u = state.unit(unit)?;
            let causes: Vec<String> = u
                .route_causes
                .iter()
                .map(|cause| match cause {
                    RouteCause::Weakened { left, start } => {
                        format!("down to {left} of its {start} stands")
                    }
                    RouteCause::LostMelee => "lost the melee and withdrew".to_owned(),
                    RouteCause::FailedChargeDisordered => {
                        "failed its charge test while already disordered".to_owned()
                    }
                })
                .collect();
            // Both causes at once are answered by this one test (Route and Rally).
            let why = match causes.as_slice() {
                [] => format!("{} of {} stands left", u.stands, u.spec.stands),
                [one] => one.clone(),
                many => format!("{}: one test for both", many.join(", and ")),
            };
            let mut c = test_card(
                unit_who(state, unit),
                "Route test",
                why,
                "sky: Route and Rally",
                &n,
                "Bushi",
            );
            c.answers = vec![roll(Command::RouteTest(unit))];
            c
        }
        Due::Injury(unit) => {
            let i = &rules.t.injury;
            let leader = state
                .clan(unit.clan())
                .map_or(String::new(), |c| c.leader.name.clone());
            Check {
                key: String::new(),
                kind: String::new(),
                who: leader,
                what: "Clan Leader injury".into(),
                why: format!("attached to {}, which lost a stand", state.unit_name(unit)),
                citation: "sky: Clan Leader Injury".into(),
                roll: Some(RollSpec::Test(Comparison::new(
                    Expr::dice(1, i.sides),
                    CmpOp::Eq,
                    Expr::constant(i64::from(i.injured_on)),
                ))),
                target: format!(
                    "injured on a {} (Command {:+})",
                    i.injured_on, i.command_change
                ),
                modifiers: Vec::new(),
                odds: vec![Odds::of(
                    "injured",
                    1.0 / f64::from(i.sides.max(1)),
                    "injured",
                    CmpOp::Eq,
                    1,
                )],
                required: true,
                answers: vec![roll(Command::InjuryRoll(unit))],
                notes: Vec::new(),
                faces: Default::default(),
            }
        }
        Due::Rally(unit) | Due::Reorder(unit) | Due::GeneralRetry(unit, _) => {
            morale_card(rules, state, due, unit)
        }
        Due::Charge(c) => charge_card(rules, state, c)?,
        Due::Spirit(unit) => spirit_card(rules, state, unit),
    })
}

fn morale_card(rules: &Rules, state: &State, due: Due, unit: UnitRef) -> Check<Command> {
    let (kind, by_general) = match due {
        Due::Rally(_) => (MoraleKind::Rally, false),
        Due::GeneralRetry(_, k) => (k, true),
        _ => (MoraleKind::Reorder, false),
    };
    let n = numbers::morale(rules, state, unit, by_general);
    let words = numbers::morale_words(kind);
    let (what, why) = match (kind, by_general) {
        (_, true) => (format!("General retries the {words}"), "the Clan Leader failed; the Clan Leader loses 1 Command (Dishonor) if the General tries".to_owned()),
        (MoraleKind::Rally, _) => ("Rally".to_owned(), "routing: a pass turns it about, disordered".to_owned()),
        (MoraleKind::Reorder, _) => ("Re-order".to_owned(), "disordered: a pass restores good order".to_owned()),
    };
    let mut c = test_card(
        unit_who(state, unit),
        &what,
        why,
        "sky: The Morale Phase",
        &n,
        "Command",
    );
    c.required = false;
    c.answers = vec![
        roll(Command::Morale {
            unit,
            kind,
            by_general,
        }),
        answer("Don't try", Command::SkipMorale(unit), false),
    ];
    c
}

fn plain_card(
    state: &State,
    unit: UnitRef,
    what: &str,
    why: &str,
    citation: &str,
    answers: Vec<Answer<Command>>,
) -> Check<Command> {
    Check {
        key: String::new(),
        kind: String::new(),
        required: true,
        answers,
        ..Check::card(unit_who(state, unit), what, why, citation)
    }
}

pub(super) fn clan_who(state: &State, clan: ClanRef) -> String {
    match (state.clan(clan), state.sides.get(clan.side())) {
        (Some(c), Some(s)) => format!("{} clan, {} ({})", c.name, c.leader.name, s.name),
        _ => String::new(),
    }
}

fn charge_card(rules: &Rules, state: &State, c: super::state::Charge) -> Option<Check<Command>> {
    let (charger, target) = (state.unit(c.charger)?, state.unit(c.target)?);
    let verb = if c.charging { "charges" } else { "fights" };
    let headline = format!("{} {verb} {}", charger.spec.name, target.spec.name);
    Some(match c.stage {
        ChargeStage::DefensiveFire => {
            let weapon = if target.spec.weapons.contains(&Weapon::Bow) {
                Weapon::Bow
            } else {
                Weapon::Arquebus
            };
            let mut card = fire_card(rules, state, c.target, weapon, c.charger, false)?;
            card.who = unit_who(state, c.target);
            card.what = "Defensive fire".into();
            card.why = format!("{headline}: the target may shoot first");
            card.citation = "sky: Charge and Bushi Test".into();
            card.required = false;
            if !target.spec.mounted {
                // Whether the charger comes from the front is the table's (ruling `fire_arc`).
                card.notes.push(
                    "Foot bows and arquebuses shoot only within 45° of straight ahead: a charger from the flank or rear is not shot at (Hold fire).".into(),
                );
            }
            card.answers = vec![
                answer(
                    "Fire (in range)",
                    Command::DefensiveFire {
                        weapon,
                        in_range: true,
                        cover: false,
                    },
                    true,
                ),
                answer(
                    "Fire: out of range",
                    Command::DefensiveFire {
                        weapon,
                        in_range: false,
                        cover: false,
                    },
                    false,
                ),
                answer("Hold fire", Command::SkipDefensiveFire, false),
            ];
            card
        }
        ChargeStage::ChargerTest | ChargeStage::TargetTest => {
            let (unit, test, what, why) = if c.stage == ChargeStage::ChargerTest {
                (
                    c.charger,
                    Test::Charge(c.charger),
                    "Charge test",
                    format!("{headline}: does it close to contact?"),
                )
            } else {
                (
                    c.target,
                    Test::Stand(c.target),
                    "Stand test",
                    format!(
                        "{headline}: does it stand? A fail disorders it and it falls back a full move"
                    ),
                )
            };
            let n = numbers::bushi(rules, state, test);
            let command = if c.stage == ChargeStage::ChargerTest {
                Command::ChargerTest
            } else {
                Command::TargetTest
            };
            let mut card = test_card(
                unit_who(state, unit),
                what,
                why,
                "sky: Charge and Bushi Test",
                &n,
                "Bushi",
            );
            card.answers = vec![roll(command)];
            card
        }
        ChargeStage::StillContacted => plain_card(
            state,
            c.charger,
            "Still in contact?",
            "the target failed to stand and fell back a full move: if the charger still reaches it, it is destroyed",
            "sky: Charge and Bushi Test",
            vec![
                answer(
                    "Still contacted: destroy the target",
                    Command::StillContacted(true),
                    false,
                ),
                answer("Out of reach", Command::StillContacted(false), false),
            ],
        ),
        ChargeStage::Melee => melee_card(rules, state, c, headline),
    })
}

/// A volley's card: its pool, and the chances of a hit and of a stand lost, from the same
/// numbers the roll uses: the pool, the target's number, cover (and the Tedate) halving the
/// hits with the rounding ruling, the hits already marked on the target, and the hits a stand
/// takes.
pub(super) fn fire_card(
    rules: &Rules,
    state: &State,
    firer: UnitRef,
    weapon: Weapon,
    target: UnitRef,
    cover: bool,
) -> Option<Check<Command>> {
    let (f, t) = (state.unit(firer)?, state.unit(target)?);
    let pool = numbers::fire(rules, f, weapon, t);
    let expr = pool.expr();
    let dist = expr.distribution();
    let cover = cover || t.tedate;
    let lose_a_stand: f64 = dist
        .iter()
        .filter(|&(hits, _)| {
            let counted = numbers::after_cover(rules, u32::try_from(hits).unwrap_or(0), cover);
            numbers::stands_lost(rules, t, counted).0 >= 1
        })
        .map(|(_, p)| p)
        .sum();
    let per = rules.t.casualties.hits_per_stand;
    let mut notes = Vec::new();
    if t.marked_hits > 0 {
        notes.push(format!(
            "{} has {} hit{} marked already: {per} in all remove a stand.",
            t.spec.name,
            t.marked_hits,
            if t.marked_hits == 1 { "" } else { "s" }
        ));
    }
    if cover {
        let why = if t.tedate {
            "behind its Tedate"
        } else {
            "in cover"
        };
        let rounding = match rules.rulings.cover_rounding {
            CoverRounding::Down => "down",
            CoverRounding::Up => "up",
        };
        notes.push(format!(
            "{} is {why}: half the hits count, rounded {rounding}.",
            t.spec.name
        ));
    }
    Some(Check {
        key: String::new(),
        kind: String::new(),
        who: state.unit_name(firer),
        what: "Fire".into(),
        why: format!("{} at {}", weapon.name(), t.spec.name),
        citation: "sky: Firing Procedure".into(),
        target: pool.words(),
        modifiers: pool.reasons.clone(),
        odds: vec![
            Odds::of(
                format!("at least 1 hit (mean {:.1})", dist.mean()),
                dist.probability_that(CmpOp::Ge, 1),
                "hits",
                CmpOp::Ge,
                1,
            ),
            Odds::of("a stand lost", lose_a_stand, "stands lost", CmpOp::Ge, 1),
        ],
        roll: Some(RollSpec::Value(expr)),
        required: true,
        answers: Vec::new(),
        notes,
        faces: Default::default(),
    })
}

pub(super) fn melee_card(
    rules: &Rules,
    state: &State,
    c: super::state::Charge,
    headline: String,
) -> Check<Command> {
    let (charger, target) = (c.charger, c.target);
    let a = numbers::melee(rules, state, charger, target, c.charging);
    let b = numbers::melee(rules, state, target, charger, false);
    let (ea, eb) = (a.expr(), b.expr());
    let p_win = Comparison::new(ea.clone(), CmpOp::Gt, eb.clone()).probability();
    let p_tie = Comparison::new(ea.clone(), CmpOp::Eq, eb.clone()).probability();
    let name = |u| state.unit_name(u);
    let mut modifiers: Vec<Modifier> = a
        .reasons
        .iter()
        .map(|m| Modifier {
            reason: format!("{}: {}", name(charger), m.reason),
            ..m.clone()
        })
        .collect();
    modifiers.extend(b.reasons.iter().map(|m| Modifier {
        reason: format!("{}: {}", name(target), m.reason),
        ..m.clone()
    }));
    Check {
        key: String::new(),
        kind: String::new(),
        who: headline,
        what: "Melee".into(),
        why: "both passed their tests (or the charger came in disordered)".into(),
        citation: "sky: Melee Adjudication".into(),
        target: format!(
            "{}: {} vs {}: {}; more hits taken withdraws",
            name(charger),
            a.words(),
            name(target),
            b.words()
        ),
        modifiers,
        odds: vec![
            Odds::of(
                format!("{} scores more hits", name(charger)),
                p_win,
                "melee",
                CmpOp::Gt,
                0,
            ),
            Odds::of("equal hits", p_tie, "melee", CmpOp::Eq, 0),
            Odds::of(
                format!("{} scores more hits", name(target)),
                (1.0 - p_win - p_tie).max(0.0),
                "melee",
                CmpOp::Lt,
                0,
            ),
        ],
        roll: Some(RollSpec::Opposed(ea, eb)),
        required: true,
        answers: vec![roll(Command::FightMelee)],
        notes: Vec::new(),
        faces: Default::default(),
    }
}
