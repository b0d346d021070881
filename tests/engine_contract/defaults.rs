//! The engine's four defaults, held by every rule set, checked over random play on the app's
//! surface (check cards and action forms) and over commands one value away from those the
//! surface offers, as a slip of the umpire's or a forged journal would give them:
//!
//! 1. a required check blocks: while something is due, every command accepted settles
//!    something due, ends the battle, or is one the rule set lets happen in between;
//! 2. a due nobody can answer is dropped: nothing owed is moot, and while something is owed
//!    some command on the surface settles it (or, where a card asks a question first, the
//!    card settles it once the question is answered);
//! 3. declared triggers are checked: a command the surface does not offer (a declaration the
//!    state shows false, a unit the form would not list) is refused;
//! 4. what is gone takes no part: a unit out of play has no orders, and no event of an
//!    accepted command names it except to say a due of its is no longer owed.

use std::collections::HashSet;

use gunbai::dice::RngDice;
use gunbai::engine::dues::DueChange;
use gunbai::engine::exec::{apply_event, describe_in_place, events_of};
use gunbai::engine::ruleset::ApplyContext;
use gunbai::engine::surface::{self, card_commands, random_form_plan, unit_ids};
use gunbai::engine::{Battle, RuleSet};
use gunbai::reference::HouseRules;
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use super::battle;
use super::offered::value_spots;

/// Plays on the surface and calls `visit` on every state reached.
pub fn walk<R: RuleSet>(
    house: &HouseRules,
    seeds: u64,
    steps: usize,
    mut visit: impl FnMut(&Battle<R>, usize, &mut ChaCha8Rng, &mut Vec<String>),
) -> Vec<String> {
    let mut problems = Vec::new();
    for seed in 0..seeds {
        let mut b = battle::<R>(house);
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
        let mut dice = RngDice::seeded(seed + 100);
        for step in 0..steps {
            if R::ended(b.state()) {
                break;
            }
            visit(&b, step, &mut rng, &mut problems);
            for _ in 0..60 {
                let Some(command) = surface::random_command::<R>(b.rules(), b.state(), &mut rng)
                else {
                    break;
                };
                if b.execute(command, &mut dice).is_ok() {
                    break;
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    problems
}

/// The commands the surface offers now: every card's answers and some random forms.
pub(super) fn offered_sample<R: RuleSet>(
    b: &Battle<R>,
    rng: &mut ChaCha8Rng,
    forms: usize,
) -> Vec<R::Command> {
    let mut commands: Vec<R::Command> = card_commands::<R>(b.rules(), b.state())
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    let units = unit_ids(&R::view(b.rules(), b.state()));
    for _ in 0..forms {
        if let Some((_, plan)) = random_form_plan::<R>(b.rules(), b.state(), &units, rng) {
            commands.push(plan.command);
        }
    }
    commands.extend(R::end_battle());
    commands
}

/// Commands one value away from `command`: a number changed or a flag flipped, as RON.
fn neighbours<R: RuleSet>(command: &R::Command, rng: &mut ChaCha8Rng, n: usize) -> Vec<R::Command> {
    let Ok(text) = ron::to_string(command) else {
        return Vec::new();
    };
    let spots = value_spots(&text);
    let mut out = Vec::new();
    for _ in 0..n {
        if spots.is_empty() {
            break;
        }
        let (start, end) = spots[rng.random_range(0..spots.len())];
        let old = &text[start..end];
        let new = match old {
            "true" => "false".to_owned(),
            "false" => "true".to_owned(),
            number => {
                let v: i64 = number.parse().unwrap_or(0);
                let delta = [1, -1, 2, -2, 5][rng.random_range(0..5)];
                (v + delta).max(0).to_string()
            }
        };
        let edited = format!("{}{new}{}", &text[..start], &text[end..]);
        if let Ok(c) = ron::from_str::<R::Command>(&edited)
            && c != *command
        {
            out.push(c);
        }
    }
    out
}

/// Whether `command`'s events settle something owed before it.
fn settles<R: RuleSet>(before: &R::State, events: &[R::Event]) -> bool {
    let owed = R::dues(before);
    events
        .iter()
        .any(|e| matches!(R::due_change(e), Some((DueChange::Settled, due)) if owed.contains(due)))
}

pub(super) fn accepted<R: RuleSet>(b: &Battle<R>, command: &R::Command) -> Option<Vec<R::Event>> {
    events_of::<R>(b.rules(), b.state(), command, &mut RngDice::seeded(9)).ok()
}

/// The accepted commands among those offered now (cards and `forms` random forms) and one
/// value away from them, with their events.
fn accepted_near<R: RuleSet>(
    b: &Battle<R>,
    rng: &mut ChaCha8Rng,
    forms: usize,
) -> Vec<(R::Command, Vec<R::Event>)> {
    let mut commands = offered_sample(b, rng, forms);
    let near: Vec<_> = commands
        .iter()
        .flat_map(|c| neighbours::<R>(c, rng, 1))
        .collect();
    commands.extend(near);
    commands
        .into_iter()
        .filter_map(|c| accepted(b, &c).map(|e| (c, e)))
        .collect()
}

/// Default 1: while something is due, what is accepted settles it, ends the battle or is
/// allowed in between by the rule set, citing its rule.
pub fn a_required_check_blocks<R: RuleSet>(house: &HouseRules, seeds: u64, steps: usize) {
    let problems = walk::<R>(house, seeds, steps, |b, _, rng, problems| {
        let owed = R::dues(b.state());
        if owed.is_empty() {
            return;
        }
        for (command, events) in accepted_near(b, rng, 6) {
            let ends = R::end_battle().as_ref() == Some(&command);
            let allowed = owed
                .iter()
                .all(|d| R::interleaves(b.rules(), b.state(), d, &command).is_some());
            if !ends && !allowed && !settles::<R>(b.state(), &events) {
                problems.push(format!(
                    "{}: {:?} was accepted while {} was due, and settled nothing",
                    R::KEY,
                    command,
                    R::describe_due(b.rules(), b.state(), &owed[0]).text
                ));
            }
        }
    });
    assert!(problems.is_empty(), "{}", super::report(&problems));
}

/// Default 2: nothing owed is moot, and something on the surface answers what is owed.
pub fn a_due_nobody_can_answer_is_dropped<R: RuleSet>(
    house: &HouseRules,
    seeds: u64,
    steps: usize,
) {
    let problems = walk::<R>(house, seeds, steps, |b, _, rng, problems| {
        let owed = R::dues(b.state());
        if owed.is_empty() {
            return;
        }
        for due in owed.iter() {
            if let Some(why) = R::due_moot(b.state(), due) {
                problems.push(format!(
                    "{}: {} is still owed, but {why}",
                    R::KEY,
                    R::describe_due(b.rules(), b.state(), due).text
                ));
            }
        }
        // The cards first; then forms, as many as random play would try.
        let answers = |c: &R::Command| {
            R::end_battle().as_ref() != Some(c)
                && accepted(b, c).is_some_and(|e| settles::<R>(b.state(), &e))
        };
        // A question a card asks before its roll (a decision the rule set lets happen in
        // between, as where a unit stands for its morale) answers the due when, once it is
        // given (and any question after it, up to three), a card then settles it.
        let asks_first = |c: &R::Command| asked_then_settled::<R>(b.rules(), b.state(), c, 3);
        let units = unit_ids(&R::view(b.rules(), b.state()));
        let cards = card_commands::<R>(b.rules(), b.state());
        let answered = cards.iter().any(|(_, c)| answers(c))
            || cards.iter().any(|(_, c)| asks_first(c))
            || (0..200).any(|_| {
                random_form_plan::<R>(b.rules(), b.state(), &units, rng)
                    .is_some_and(|(_, plan)| answers(&plan.command))
            });
        if !answered {
            problems.push(format!(
                "{}: nothing on the surface answers {} (cards: {:?})",
                R::KEY,
                R::describe_due(b.rules(), b.state(), &owed[0]).text,
                b.pending()
                    .iter()
                    .map(|c| c.what.clone())
                    .collect::<Vec<_>>()
            ));
        }
    });
    assert!(problems.is_empty(), "{}", super::report(&problems));
}

/// Whether `question` (a card's answer that settles nothing) is accepted in `state` beside
/// everything owed, and then a card settles what is owed, or another question leads there
/// (at most `depth` questions in all).
fn asked_then_settled<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    question: &R::Command,
    depth: usize,
) -> bool {
    if depth == 0 {
        return false;
    }
    let Ok(events) = events_of::<R>(rules, state, question, &mut RngDice::seeded(9)) else {
        return false;
    };
    if !R::dues(state)
        .iter()
        .all(|d| R::interleaves(rules, state, d, question).is_some())
    {
        return false;
    }
    let mut after = state.clone();
    let at = ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    };
    if events
        .iter()
        .any(|e| apply_event::<R>(rules, &mut after, e, at).is_err())
    {
        return false;
    }
    card_commands::<R>(rules, &after).iter().any(|(_, then)| {
        events_of::<R>(rules, &after, then, &mut RngDice::seeded(9))
            .is_ok_and(|e| settles::<R>(&after, &e))
            || (then != question && asked_then_settled::<R>(rules, &after, then, depth - 1))
    })
}

/// Default 3: a command one value away from what the surface offers (another unit, a flag the
/// umpire did not tick, a number the form does not allow) is accepted only if the surface
/// offers it too: the engine takes no declaration the app would not let the umpire make.
pub fn declared_triggers_are_checked<R: RuleSet>(house: &HouseRules, seeds: u64, steps: usize) {
    let problems = walk::<R>(house, seeds, steps, |b, step, rng, problems| {
        if step % 5 != 0 {
            return;
        }
        let base = offered_sample(b, rng, 4);
        let mut offered: Option<Option<super::offered::Offered>> = None;
        for command in base.iter().flat_map(|c| neighbours::<R>(c, rng, 2)) {
            if accepted(b, &command).is_none() {
                continue;
            }
            let all = offered.get_or_insert_with(|| super::offered::everything(b));
            let Some(all) = all else {
                return;
            };
            let text = ron::to_string(&command).unwrap_or_default();
            if !all.contains(&text) {
                problems.push(format!(
                    "{}: {text} is accepted though no card or form offers it ({})",
                    R::KEY,
                    b.view().phase
                ));
            }
        }
    });
    assert!(problems.is_empty(), "{}", super::report(&problems));
}

/// Default 4: a unit out of play has no orders, and no event names it but to drop its dues.
pub fn what_is_gone_takes_no_part<R: RuleSet>(house: &HouseRules, seeds: u64, steps: usize) {
    let at = ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    };
    let problems = walk::<R>(house, seeds, steps, |b, _, rng, problems| {
        let gone_in = |state: &R::State| -> HashSet<String> {
            R::view(b.rules(), state)
                .sides
                .iter()
                .flat_map(|s| &s.groups)
                .flat_map(|g| &g.units)
                .filter(|u| !u.in_play)
                .map(|u| u.id.clone())
                .collect()
        };
        let gone = gone_in(b.state());
        for id in &gone {
            let orders: Vec<String> = R::action_forms(b.rules(), b.state(), id)
                .into_iter()
                .filter(|f| !f.record)
                .map(|f| f.label)
                .collect();
            if !orders.is_empty() {
                problems.push(format!(
                    "{}: {id} is out of play but offers {orders:?}",
                    R::KEY
                ));
            }
        }
        for (command, events) in accepted_near(b, rng, 8) {
            let mut state = b.state().clone();
            for event in &events {
                let gone = gone_in(&state);
                let sentence = describe_in_place::<R>(
                    b.rules(),
                    &mut state.clone(),
                    std::slice::from_ref(event),
                    at,
                )
                .ok()
                .and_then(|mut s| s.pop());
                if R::due_change(event).is_none()
                    && let Some(s) = sentence
                    && let Some(id) = s.units.iter().find(|u| gone.contains(*u))
                {
                    problems.push(format!(
                        "{}: {command:?} names {id}, out of play: {}",
                        R::KEY,
                        s.text
                    ));
                }
                if apply_event::<R>(b.rules(), &mut state, event, at).is_err() {
                    break;
                }
            }
        }
    });
    assert!(problems.is_empty(), "{}", super::report(&problems));
}

#[test]
fn value_spots_find_numbers_and_flags_but_not_names() {
    let text = r#"Fire(unit:UnitRef(0,1,2),in_range:true,x2:3,name:"wall \"2\" 3",n:4)"#;
    let spots: Vec<&str> = value_spots(text)
        .iter()
        .map(|(a, b)| &text[*a..*b])
        .collect();
    assert_eq!(spots, vec!["0", "1", "2", "true", "3", "4"]);
}
