//! The checks a Simple Samurai battle requires (or offers) right now, as cards.

mod morale;
mod places;

use morale::{morale_calls, morale_card};
pub use places::escape_card_for;

use super::command::Command;
use super::describe::words::due_words;
use super::numbers;
use super::state::{Due, GroupRef, Phase, State, UnitRef};
use super::tables::Rules;
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::check::{Answer, Check, Odds, RollSpec, TableFaces};
use crate::engine::dues::answerable_now;
use crate::engine::ledger::Scope;

pub(super) fn answer(label: &str, command: Command, rolls: bool) -> Answer<Command> {
    Answer::new(label, command, rolls)
}

pub(super) fn card(who: String, what: &str, why: String, citation: &str) -> Check<Command> {
    Check {
        key: String::new(),
        kind: String::new(),
        required: true,
        ..Check::card(who, what, why, citation)
    }
}

/// A set-up roll the umpire may make (or skip): one Roll button, its first die and the
/// chance of what matters most about it.
fn set_up_roll(
    (who, what, why, citation): (&str, &str, &str, &str),
    command: Command,
    first: Comparison,
    (outcome, measure): (&str, &'static str),
) -> Check<Command> {
    let mut c = card(who.into(), what, why.into(), citation);
    c.required = false;
    c.answers.push(answer("Roll", command, true));
    let p = first.probability();
    c.roll = Some(RollSpec::Test(first));
    c.target = why.into();
    c.odds = vec![Odds::of(outcome, p, measure, CmpOp::Eq, 1)];
    c
}

pub(super) fn at_least(sides: u32, on: u32) -> Comparison {
    Comparison::new(
        Expr::dice(1, sides),
        CmpOp::Ge,
        Expr::constant(i64::from(on)),
    )
}

/// A pass/fail card: its dice, the target in words, and the chance that `measure` of the
/// roll's result is 1 (`passed`, `acts`, `lit`...).
pub(super) fn test(
    mut c: Check<Command>,
    cmp: Comparison,
    target: String,
    outcome: &str,
    measure: &'static str,
) -> Check<Command> {
    c.odds = vec![Odds::of(outcome, cmp.probability(), measure, CmpOp::Eq, 1)];
    c.roll = Some(RollSpec::Test(cmp));
    c.target = target;
    c
}

fn side_name(state: &State, s: u8) -> String {
    state
        .sides
        .get(usize::from(s))
        .map_or(String::new(), |x| x.name.clone())
}

/// Every check due now, most urgent first.
pub fn pending(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    if state.ended {
        return Vec::new();
    }
    // What is owed and may be answered now; the rest wait their turn (order::precedes).
    let mut cards: Vec<Check<Command>> = answerable_now::<super::Simple>(state)
        .into_iter()
        .map(|d| due_card(rules, state, d))
        .collect();
    match state.phase {
        Phase::Setup => cards.extend(setup_cards(rules, state)),
        Phase::Turn if state.due.is_empty() => {
            // Ending the turn gives up the morale tests the opponent may call now: it asks.
            let calls = morale_calls(rules, state);
            let callable: Vec<String> = calls.iter().map(|c| c.who.clone()).collect();
            cards.push(turn_card(state, &callable));
            cards.extend(calls);
            cards.extend(places::fire_cards(rules, state));
            if state.weather.is_none() && state.blazes.iter().any(|b| !b.out) {
                cards.push(wind_card(rules));
            }
        }
        Phase::Turn => {}
    }
    cards
}

/// The acting Daimyo's turn, once nothing is due: the umpire ends it when its units have
/// fired, moved and fought (Sequence); ending it asks first when units have done nothing or
/// the opponent may still call morale tests (`callable`).
fn turn_card(state: &State, callable: &[String]) -> Check<Command> {
    let side = state.acting;
    let next = side_name(state, 1 - side.min(1));
    let mut c = card(
        side_name(state, side),
        "Turn",
        format!(
            "sequence {}: the units fire, move then melee (or melee, move then fire); then {next}'s turn",
            state.turn
        ),
        "simple: Sequence",
    );
    c.required = false;
    let idle: Vec<String> = state
        .present_units_of(usize::from(side))
        .into_iter()
        .filter(|&u| {
            state
                .ledger
                .deeds_of(super::command::Fighter::Unit(u), Scope::Turn)
                .next()
                .is_none()
        })
        .filter_map(|u| state.unit(u))
        .filter(|x| !x.moved && !x.fired)
        .map(|x| x.spec.name.clone())
        .collect();
    let mut lost: Vec<String> = Vec::new();
    if !idle.is_empty() {
        lost.push(format!(
            "Not yet moved, fired or fought: {}",
            idle.join(", ")
        ));
    }
    c.notes.extend(lost.clone());
    if !callable.is_empty() {
        lost.push(format!(
            "morale tests the opponent may still call: {}",
            callable.join(", ")
        ));
    }
    let lost = (!lost.is_empty()).then(|| lost.join("; "));
    c.answers.push(
        answer("End the turn", Command::EndTurn, false)
            .ending()
            .confirming(lost),
    );
    c
}

fn due_card(rules: &Rules, state: &State, due: Due) -> Check<Command> {
    let why = due_words(state, &due);
    match due {
        Due::DrawCard(s) => {
            let mut c = card(
                side_name(state, s),
                "Draw an event card",
                why,
                "simple: Event Cards",
            );
            c.notes.push(format!(
                "{} of {} cards left in the pack",
                state.deck.len().saturating_sub(state.spent.len()),
                state.deck.len()
            ));
            c.answers.push(answer(
                "Draw from the shuffled deck",
                Command::DrawCard { card: None },
                false,
            ));
            // A table drawing from a real deck says which card came up.
            let deck = u8::try_from(rules.t.cards.deck).unwrap_or(u8::MAX);
            // Only a card still in the pack can come up.
            let left = (1..=deck).filter(|n| !state.spent.contains(n));
            c.answers.extend(left.map(|n| {
                answer(
                    &format!("{n}: {}", super::describe::words::card_text(n)),
                    Command::DrawCard { card: Some(n) },
                    false,
                )
                .in_pick("Card drawn at the table")
            }));
            c
        }
        Due::AllyActivation(g) => ally_card(rules, state, g, why),
        Due::FormationTest(u) => {
            let sides = state
                .unit(u)
                .map_or(6, |x| numbers::troop_die(rules, x.spec.troop));
            let on = rules.t.formation_fail.pass_on;
            let mut c = card(
                state.unit_name(u),
                "Formation Fail test",
                "has a Formation Fail at the start of its turn".into(),
                "simple: Formation Fail",
            );
            c.answers
                .push(answer("Roll", Command::FormationTest(u), true));
            test(
                c,
                at_least(sides, on),
                format!("1d{sides} at {on}+"),
                "pass",
                "passed",
            )
        }
        Due::Morale(u, cause) => morale_card(rules, state, u, cause, true),
        Due::RetreatMove(u) => {
            let mut c = card(state.unit_name(u), "Retreat move", why, "simple: Morale");
            c.answers.push(answer(
                "Moved back",
                Command::RetreatMove {
                    unit: u,
                    left_field: false,
                },
                false,
            ));
            c.answers.push(answer(
                "Left the field",
                Command::RetreatMove {
                    unit: u,
                    left_field: true,
                },
                false,
            ));
            c
        }
        Due::CardInstruction(s, card_number) => instruction_card(state, s, card_number, why),
        Due::CavalryAdvance(u) => advance_card(rules, state, u, why),
        Due::Arrival(s, _) => arrival_card(rules, state, s, why),
        Due::VillagersAttack(u) => places::villagers_card(rules, state, u, why),
        Due::FireEscape(u) => places::escape_card(rules, state, u, why),
        Due::Ninja(s) => ninja_card(rules, state, s, why),
    }
}

/// The ninja fights the figures around the Daimyo (those of the unit he is with, up to 4),
/// then the Daimyo: a tie or lower removes him (ruling `ninja`).
fn ninja_card(rules: &Rules, state: &State, s: u8, why: String) -> Check<Command> {
    let mut c = card(
        side_name(state, s),
        "Ninja attack",
        why,
        "simple: Event Cards",
    );
    let ninja = rules.t.troop_dice.daimyo;
    let guards = numbers::ninja_guards(rules, state, s);
    let mut p = 1.0;
    for g in &guards {
        let sides = state
            .unit(*g)
            .map_or(ninja, |x| numbers::troop_die(rules, x.spec.troop));
        p *= Comparison::new(Expr::dice(1, ninja), CmpOp::Gt, Expr::dice(1, sides)).probability();
    }
    let last = Comparison::new(Expr::dice(1, ninja), CmpOp::Gt, Expr::dice(1, ninja));
    p *= last.probability();
    let first_sides = guards
        .first()
        .and_then(|g| state.unit(*g))
        .map_or(ninja, |x| numbers::troop_die(rules, x.spec.troop));
    let first = Comparison::new(Expr::dice(1, ninja), CmpOp::Gt, Expr::dice(1, first_sides));
    c.notes.push(format!(
        "{} of the unit the Daimyo is with fight first, one at a time; then the Daimyo",
        crate::engine::words::counted(guards.len(), "guarding figure")
    ));
    c.answers.push(answer(
        "Roll",
        Command::Ninja {
            guards: guards.clone(),
        },
        true,
    ));
    c.roll = Some(RollSpec::Test(first.clone()));
    // Each bout takes two faces, the ninja's first; only his wins call for the next bout.
    c.faces = TableFaces::new(
        vec![(2, "the first bout, the ninja's die first".into())],
        Some("2 more for each bout he wins, the Daimyo's last".into()),
    );
    c.target =
        format!("1d{ninja} higher than each figure's die in turn, then the Daimyo's 1d{ninja}");
    c.odds = vec![
        Odds::shown("the ninja wins his first bout", first.probability()),
        Odds::of(
            "the ninja kills the Daimyo",
            p,
            "daimyo killed",
            CmpOp::Eq,
            1,
        ),
    ];
    c
}

/// The square of an arriving allied unit: 1d24 (or 2d12, ruling `reinforcement_square`).
fn arrival_card(rules: &Rules, state: &State, s: u8, why: String) -> Check<Command> {
    let (count, sides) = numbers::arrival_dice(rules);
    let dice = Expr::dice(count, sides);
    let half = rules.t.terrain.squares / 2;
    let near = Comparison::new(dice.clone(), CmpOp::Le, Expr::constant(i64::from(half)));
    let mut c = card(
        side_name(state, s),
        "Allies arrive",
        why,
        "simple: Event Cards",
    );
    c.answers.push(answer("Roll", Command::RollArrival, true));
    c.roll = Some(RollSpec::Value(dice.clone()));
    c.target = format!("{dice}: the square of the terrain board they are placed in");
    c.odds = vec![Odds::of(
        format!("in the Home Daimyo's half (squares 1-{half})"),
        near.probability(),
        "square",
        CmpOp::Le,
        i64::from(half),
    )];
    c
}

fn ally_card(rules: &Rules, state: &State, g: GroupRef, why: String) -> Check<Command> {
    let a = &rules.t.allies;
    let sides = match state.group(g).and_then(|x| x.koku) {
        Some(super::roster::Koku::K5000) => a.die_5000_koku,
        _ => a.die_10000_koku,
    };
    let mut c = card(
        state.group(g).map_or(String::new(), |x| x.name.clone()),
        "Allied clan activation",
        why,
        "simple: Allied Clans",
    );
    c.answers
        .push(answer("Roll", Command::AllyActivation(g), true));
    test(
        c,
        at_least(sides, a.acts_on),
        format!("1d{sides} at {}+", a.acts_on),
        "acts",
        "acts",
    )
}

/// Each Daimyo rolls 1d12; the higher is Home, and ties roll again.
fn home_card(rules: &Rules, state: &State) -> Check<Command> {
    let sides = rules.t.sequence.home_die;
    let mut c = card(
        "Both Daimyo".into(),
        "Roll for Home",
        "the higher 1d12 is the Home Daimyo; the Invader plays first".into(),
        "simple: Sequence",
    );
    c.answers.push(answer("Roll", Command::RollForHome, true));
    // Ruling home_tie: ties roll again, so each army is Home with the chance that its
    // die is the higher of two unequal ones.
    let higher = Comparison::new(Expr::dice(1, sides), CmpOp::Gt, Expr::dice(1, sides));
    let tie = Comparison::new(Expr::dice(1, sides), CmpOp::Eq, Expr::dice(1, sides));
    c.roll = Some(RollSpec::Test(higher.clone()));
    c.target = format!("1d{sides} each, higher wins; ties roll again");
    c.odds = vec![Odds::of(
        format!("{} is Home", side_name(state, 0)),
        higher.probability() / (1.0 - tie.probability()),
        "home",
        CmpOp::Eq,
        0,
    )];
    c
}

fn setup_cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    if state.home.is_none() {
        out.push(home_card(rules, state));
    }
    if state.deck.is_empty() {
        out.push(shuffle_card(rules));
    }
    if state.terrain.is_empty() && state.home.is_some() {
        let t = &rules.t.terrain;
        let mut c = set_up_roll(
            (
                "Home Daimyo",
                "Roll for terrain",
                "1d10 terrain pieces, in the listed order, then 1d24 a piece for its square",
                "simple: Terrain",
            ),
            Command::RollTerrain,
            Comparison::new(
                Expr::dice(1, t.pieces_die),
                CmpOp::Ge,
                Expr::constant(i64::from(t.village_piece)),
            ),
            ("the village (and its peasants) is among them", "village"),
        );
        c.faces = TableFaces::new(
            vec![(1, "how many pieces".into())],
            Some(format!("1 more per piece, its square (d{})", t.squares)),
        );
        out.push(c);
    }
    // Only a river on the table has a flow to roll (the terrain roll's ninth piece).
    if state.river.is_none() && super::describe::words::river_placed(&state.terrain) {
        let r = &rules.t.river;
        out.push(set_up_roll(
            (
                "Umpire",
                "Roll the river's flow",
                "1: fast, 2-3: steady, 4-6: slow",
                "simple: Rivers",
            ),
            Command::RollRiver,
            Comparison::new(
                Expr::dice(1, r.die),
                CmpOp::Le,
                Expr::constant(i64::from(r.fast_up_to)),
            ),
            ("fast: crossed only at fords and bridges", "fast"),
        ));
    }
    if state.weather.is_none() {
        out.push(wind_card(rules));
    }
    if state.home.is_some() && !state.deck.is_empty() {
        let mut c = card(
            "Umpire".into(),
            "Begin the battle",
            "the Invader's turn comes first".into(),
            "simple: Sequence",
        );
        c.answers.push(answer("Begin", Command::BeginBattle, false));
        c.notes.push(
            "Set-up helpers (terrain, ambush, river, wind, structures) may still be used.".into(),
        );
        out.push(c);
    }
    out
}

/// The event deck's shuffle, by the app's dice (one die per place) or a real deck's cards.
fn shuffle_card(rules: &Rules) -> Check<Command> {
    let cards = &rules.t.cards;
    let mut c = card(
        "Umpire".into(),
        "Shuffle the event deck",
        format!(
            "{} cards, {} blank; each Daimyo draws one before his turn",
            cards.deck, cards.blank
        ),
        "simple: Event Cards",
    );
    c.answers
        .push(answer("Shuffle", Command::ShuffleDeck, true));
    let n = cards.deck.max(2);
    // A d(n) picks the card for the last place, then d(n-1)... down to a d2.
    let dice = (2..n)
        .rev()
        .fold(Expr::dice(1, n), |e, s| e.plus(Expr::dice(1, s)));
    c.roll = Some(RollSpec::Value(dice));
    c.target = format!("d{n}, d{} ... d2: one die per place, last first", n - 1);
    c.odds = vec![Odds::of(
        "the first card drawn is blank",
        f64::from(cards.blank) / f64::from(n),
        "first blank",
        CmpOp::Eq,
        1,
    )];
    c.notes.push("The order is kept in the journal: replay never reshuffles. A table using a real deck types each drawn card instead.".into());
    c
}

/// The wind for smoke: a set-up roll, and one to make when a fire burns and none was made.
fn wind_card(rules: &Rules) -> Check<Command> {
    let w = &rules.t.smoke;
    let mut c = set_up_roll(
        (
            "Umpire",
            "Roll for wind",
            "1-4: wind (then 1d4 for its direction), 5-6: none",
            "simple: Smoke",
        ),
        Command::RollWind,
        Comparison::new(
            Expr::dice(1, w.die),
            CmpOp::Le,
            Expr::constant(i64::from(w.wind_up_to)),
        ),
        ("wind carries the smoke", "wind"),
    );
    c.faces = TableFaces::new(
        vec![(1, "the wind".into())],
        Some(format!(
            "1 more for its direction (d{}) when there is wind",
            w.direction_die
        )),
    );
    c
}

/// A drawn card waiting on the table: card 9 asks which of the drawer's units the opponent
/// sends back, one at a time; card 11 waits for the disengaged Samurai to be moved back.
fn instruction_card(state: &State, s: u8, card_number: u8, why: String) -> Check<Command> {
    let mut c = card(
        side_name(state, s),
        "Event card",
        why,
        "simple: Event Cards",
    );
    if card_number == 9 {
        let left = state
            .sides
            .get(usize::from(s))
            .map_or(0, |x| x.limits.send_back_left);
        c.notes.push(format!(
            "The opponent picks {} more, not the foot guard: each goes back a full move, out of any melee or building.",
            crate::engine::words::counted(left, "unit")
        ));
        for u in state.present_units_of(usize::from(s)) {
            if super::execute::may_be_sent_back(state, s, u) {
                c.answers.push(answer(
                    &format!("Send back {}", state.unit_name(u)),
                    Command::SendBack(u),
                    false,
                ));
            }
        }
    } else {
        c.answers.push(answer("Done", Command::CardDone, false));
    }
    c
}

/// Card 29: a cavalry unit owes its advance; the card offers the full move over open ground,
/// the unit's move form any other (a shorter move that reached the enemy, other going).
fn advance_card(rules: &Rules, state: &State, u: UnitRef, why: String) -> Check<Command> {
    let mut c = card(
        state.unit_name(u),
        "Cavalry advance",
        why,
        "simple: Event Cards",
    );
    let full = state
        .unit(u)
        .and_then(|x| numbers::move_allowance(rules, x, super::command::Going::Standard, false));
    if let Some(cm) = full {
        let distance_cm = cm.floor() as u32;
        c.answers.push(answer(
            &format!("Advanced its full move ({distance_cm} cm) toward the nearest enemy"),
            Command::Move {
                unit: u,
                kind: super::command::MoveKind::Normal,
                distance_cm,
                going: super::command::Going::Standard,
                surrounded: None,
            },
            false,
        ));
    }
    c.notes.push(
        "If it reaches the enemy it melees with them; another distance or going goes on its Move form."
            .into(),
    );
    c
}
