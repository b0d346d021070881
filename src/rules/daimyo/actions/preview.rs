//! Preview cards for the action forms: what a move costs and leaves, whether a charge
//! reaches and what it sets off, the odds of an obedience test or a duel.

use crate::dice::CmpOp;
use crate::engine::check::{Check, Odds, RollSpec};
use crate::rules::daimyo::command::{ChargePlan, Command, Response, Run};
use crate::rules::daimyo::execute::{
    charge_allowance, charge_bonus, charge_cost, charge_disorder, charger_tests, duel_odds,
    manoeuvre_cost, obedience_rating, response_refused, starts_far, target_tests,
};
use crate::rules::daimyo::measures::SCORE;
use crate::rules::daimyo::numbers::{
    MovePlan, TurnMade, allowance, cm, costs, frontage_after_quarter_turn, move_dice,
};
use crate::rules::daimyo::pending::obedience_card;
use crate::rules::daimyo::state::State;
use crate::rules::daimyo::tables::Rules;

/// The obedience test this order needs, if it needs one.
pub fn obedience(
    rules: &Rules,
    state: &State,
    unit: usize,
    out_of_command: bool,
) -> Option<Check<Command>> {
    let obeyed = state.unit(unit).is_none_or(|u| u.turn.obeyed);
    (out_of_command && !obeyed).then(|| {
        let rating = obedience_rating(rules, state, unit);
        let mut c = obedience_card(rules, state, unit, rating);
        if state.is_hatamoto(unit) {
            c.why = format!(
                "over {} cm from the General: it must pass to move",
                rules.t.obedience.hatamoto_radius_cm
            );
        } else if let Some(r) = state
            .unit(unit)
            .and_then(|u| state.army_of(u).command_radius)
        {
            c.why = format!("beyond its Daimyo's {r} cm command radius: it must pass to move");
        }
        c
    })
}

/// Why a planned move is more than the unit's allowance left, if it is: the order is
/// refused as typed, never shortened (daimyo: Movement).
pub fn too_far(rules: &Rules, state: &State, unit: usize, plan: &MovePlan) -> Option<String> {
    let u = state.unit(unit)?;
    let (allowed, _) = allowance(rules, state, u, plan);
    let cost: i64 = costs(rules, state, u, plan).iter().map(|l| l.mm).sum();
    let left = allowed - u.turn.spent_mm;
    (cost > left).then(|| {
        format!(
            "Too far: this move costs {} and {} has {} left of its {} allowance (daimyo: Movement)",
            cm(cost),
            u.spec.name,
            cm(left.max(0)),
            cm(allowed)
        )
    })
}

/// The movement calculator for a planned move.
pub fn movement(
    rules: &Rules,
    state: &State,
    unit: usize,
    plan: &MovePlan,
    out_of_command: bool,
) -> Check<Command> {
    let Some(u) = state.unit(unit) else {
        return Check::card(String::new(), "Move", String::new(), "daimyo: Movement");
    };
    let (allowed, lines) = allowance(rules, state, u, plan);
    let costs = costs(rules, state, u, plan);
    let cost: i64 = costs.iter().map(|l| l.mm).sum();
    let left = allowed - u.turn.spent_mm - cost;
    let verdict = if left >= 0 {
        format!("Left after this move: {}", cm(left))
    } else {
        format!("Too far: {} over the allowance", cm(-left))
    };
    // The verdict heads the card, so it shows without scrolling past the notes.
    let mut c = obedience(rules, state, unit, out_of_command).unwrap_or_else(|| {
        Check::card(
            u.spec.name.clone(),
            "Movement calculator",
            verdict.clone(),
            "daimyo: Movement; Wheeling; Turns; Terrain Effects",
        )
    });
    let parts: Vec<String> = lines
        .iter()
        .map(|l| format!("{} {}", l.what, cm(l.mm)))
        .collect();
    c.notes
        .push(format!("Allowance {}: {}", cm(allowed), parts.join(", ")));
    if u.turn.spent_mm > 0 {
        c.notes
            .push(format!("Already spent this turn: {}", cm(u.turn.spent_mm)));
    }
    for l in &costs {
        c.notes.push(format!("Costs {}: {}", cm(l.mm), l.what));
    }
    c.notes.push(verdict);
    if plan.turn == TurnMade::Quarter {
        let wide = frontage_after_quarter_turn(u);
        let deep = u.stands.div_ceil(wide);
        c.notes
            .push(format!("After the 90° turn: {wide} wide, {deep} deep."));
    }
    if (plan.dense_cm > 0 || plan.building) && !u.spec.troop.peasants() && !u.disordered {
        c.notes.push("Entering dense terrain disorders it.".into());
    }
    if plan.building && plan.dense_cm == 0 {
        c.notes.push(
            "A building counts as dense terrain: enter the distance from its edge as the \
             distance in dense terrain."
                .into(),
        );
    }
    if plan.obstacles > 0 && !u.disordered {
        c.notes
            .push("Crossing a linear obstacle disorders it.".into());
    }
    if plan.building && u.stands > rules.t.terrain.building_stands {
        c.notes.push(format!(
            "A building holds at most {} stands.",
            rules.t.terrain.building_stands
        ));
    }
    c.notes.push(format!(
        "Moving (not charging), it halts at least {} cm from any enemy unit.",
        rules.t.charge.halt_short_cm
    ));
    if u.turn.missile_passed {
        c.notes
            .push("Missile ashigaru passed through it this turn: moving disorders it.".into());
    }
    c
}

/// A charge's reach, bonus and the tests it sets off.
pub fn charge(
    rules: &Rules,
    state: &State,
    unit: usize,
    target: usize,
    plan: &ChargePlan,
) -> Check<Command> {
    let troop = state.troop(unit);
    let allowed = charge_allowance(state, unit);
    let run = plan.run();
    let cost = charge_cost(rules, state, unit, &run);
    let reach = if cost <= allowed {
        "In reach"
    } else {
        "Out of reach"
    };
    let verdict = if plan.open_cm + plan.dense_cm == 0 {
        format!(
            "Enter the run to {} ({} of charge)",
            state.unit_name(target),
            cm(allowed)
        )
    } else {
        format!(
            "{reach}: the charge on {} needs {} of {}",
            state.unit_name(target),
            cm(cost),
            cm(allowed)
        )
    };
    // The verdict heads the card, so it shows without scrolling past the notes.
    let mut c = obedience(rules, state, unit, plan.out_of_command).unwrap_or_else(|| {
        Check::card(
            state.unit_name(unit),
            "Charge",
            verdict.clone(),
            "daimyo: Charge",
        )
    });
    c.notes.push(verdict);
    c.notes.push(manoeuvre_note(rules, state, unit, &run));
    if troop.cavalry() && plan.dense_cm > 0 {
        c.notes
            .push("Cavalry may not charge through dense terrain.".into());
    }
    c.notes.push(if charge_bonus(rules, allowed, &run) {
        "Charge bonus: the last half runs straight.".into()
    } else {
        "No charge bonus: less than half the allowance runs straight.".into()
    });
    if charger_tests(troop) {
        c.notes.push("It must pass a morale test to charge.".into());
    }
    if target_tests(state, unit, target, plan.target_in_open) {
        c.notes.push(format!(
            "{} must test to receive the charge.",
            state.unit_name(target)
        ));
    }
    if starts_far(rules, allowed, &run) {
        c.notes
            .push("Over half its charge move away: good-order missile troops may fire.".into());
    }
    if let Some(cause) = charge_disorder(&run) {
        c.notes
            .push(format!("Its path disorders it: {}.", cause.words()));
    }
    c
}

/// What the wheel and turn at the start cost, against the half of the charge they may use.
fn manoeuvre_note(rules: &Rules, state: &State, unit: usize, run: &Run) -> String {
    let limit = charge_allowance(state, unit) * rules.t.charge.manoeuvre_halves / 2;
    format!(
        "Wheel and turn at the start cost {} (as in a move) of the {} allowed",
        cm(manoeuvre_cost(rules, state, unit, run)),
        cm(limit)
    )
}

/// A counter-charge's reach, bonus and disorder, as for a charge.
pub fn counter_charge(rules: &Rules, state: &State, unit: usize, run: &Run) -> Check<Command> {
    let allowed = charge_allowance(state, unit);
    let cost = charge_cost(rules, state, unit, run);
    let verdict = match response_refused(rules, state, Response::CounterCharge { run: *run }) {
        None if *run != Run::default() => format!(
            "In reach: the counter-charge needs {} of {}",
            cm(cost),
            cm(allowed)
        ),
        None => format!("Enter the run to the chargers ({} of charge)", cm(allowed)),
        Some(why) => format!("Refused: {why}"),
    };
    let mut c = Check::card(
        state.unit_name(unit),
        "Counter-charge",
        verdict.clone(),
        "daimyo: Charge Response",
    );
    c.notes.push(verdict);
    c.notes.push(manoeuvre_note(rules, state, unit, run));
    c.notes.push(if charge_bonus(rules, allowed, run) {
        "Charge bonus: the last half runs straight.".into()
    } else {
        "No charge bonus: less than half the allowance runs straight.".into()
    });
    if let Some(cause) = charge_disorder(run) {
        c.notes
            .push(format!("Its path disorders it: {}.", cause.words()));
    }
    c
}

/// The dice of a rout or pursuit move (`what`): 1d6, read off the movement table.
pub fn diced_move(rules: &Rules, state: &State, unit: usize, what: &str) -> Check<Command> {
    let dice = move_dice(rules);
    let rout = what == "Rout move";
    let mut c = Check::card(
        state.unit_name(unit),
        what,
        if rout {
            "routing units dice their move"
        } else {
            "pursuing units dice their move"
        },
        "daimyo: Movement",
    );
    c.odds = dice
        .distribution()
        .iter()
        .map(|(score, p)| Odds::of(format!("scores {score}"), p, SCORE, CmpOp::Eq, score))
        .collect();
    c.roll = Some(RollSpec::Value(dice));
    c.notes.push(if rout {
        "Read the distance off your movement table; the about turn costs nothing.".into()
    } else {
        "Read the distance off your movement table; if it reaches no enemy, record the unit \
         out of melee."
            .into()
    });
    c
}

/// A challenge's duel odds (the answer's roll comes with the card that asks for it).
pub fn duel(rules: &Rules, state: &State, challenger: usize, challenged: usize) -> Check<Command> {
    let (a, b) = (state.leader(challenger), state.leader(challenged));
    let (ra, rb) = (a.map_or(0, |l| l.rating), b.map_or(0, |l| l.rating));
    let mut c = Check::card(
        state.leader_name(challenger),
        "Challenge",
        format!("personal combat with {}", state.leader_name(challenged)),
        "daimyo: Leaders",
    );
    let p = duel_odds(ra, rb, rules.t.leaders.duel_die);
    c.odds = vec![Odds::shown(
        format!("{} wins if accepted", state.leader_name(challenger)),
        p,
    )];
    c.target = format!("1d6 + {ra} against 1d6 + {rb}; ties rolled again");
    c.notes
        .push("If refused, the refuser loses 1 Command (not a General refusing a Daimyo).".into());
    c
}
