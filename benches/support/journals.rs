//! Journals for the replay benches, in every rule set, played as an umpire plays a battle
//! rather than as random play picks among everything offered (which in a skirmish ends one
//! section after another: half a journal of `EndSection`).
//!
//! The umpire answers what the rules require first (rolling more often than deciding), then
//! gives units their orders, and ends a stage, section or turn only when nothing else is
//! wanted; now and then takes an entry or three back, and puts some back. When the battle
//! ends, or nothing can be done, the last few dozen entries are taken back and play goes on,
//! so a journal of any length is one battle.

use std::path::Path;

use gunbai::dice::RngDice;
use gunbai::engine::surface::{random_values, unit_ids};
use gunbai::engine::{Battle, BattleError, RuleSet};
use gunbai::reference::HouseRules;
use gunbai::rules::{
    self, daimyo::Daimyo, kozeriai::Kozeriai, simple::Simple, skirmish::Skirmish, sky::Sky,
};
use rand::prelude::IndexedRandom as _;
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

/// Every rule set, by key.
pub const RULE_SETS: [&str; 5] = ["sky", "simple", "skirmish", "daimyo", "kozeriai"];

/// Writes a journal of `entries` entries of rule set `key`'s demo battle at `path`.
pub fn write(key: &str, entries: usize, path: &Path) {
    let text = match key {
        "sky" => play::<Sky>(entries),
        "simple" => play::<Simple>(entries),
        "skirmish" => play::<Skirmish>(entries),
        "daimyo" => play::<Daimyo>(entries),
        "kozeriai" => play::<Kozeriai>(entries),
        other => panic!("no rule set {other}"),
    };
    std::fs::write(path, text).expect("write");
}

/// A battle of `entries` entries, as its journal's text (played in memory: no fsync).
fn play<R: RuleSet>(entries: usize) -> Vec<u8> {
    let rosters = rules::demo_rosters(R::KEY).expect("demo");
    let armies = rosters.map(|r| R::load_army(&r).expect("a demo army").army);
    let mut battle = Battle::<R>::start(armies, HouseRules::default(), None).expect("starts");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut dice = RngDice::seeded(1);
    // Ending one turn after another with nothing else to do is a battle that is over in all
    // but name: an umpire would call it, so it is taken back as an ended one is.
    let mut idle = 0;
    while battle.entries().len() < entries {
        let went_on = step(&mut battle, &mut rng, &mut dice);
        idle = match went_on {
            Some(true) => 0,
            Some(false) => idle + 1,
            None => IDLE,
        };
        if idle >= IDLE {
            let back = battle.log().len().min(40 + idle);
            battle.undo(back).expect("undo");
            idle = 0;
            continue;
        }
        if rng.random_ratio(1, 25) && !battle.log().is_empty() {
            let n = rng.random_range(1..=battle.log().len().min(3));
            battle.undo(n).expect("undo");
            if rng.random_bool(0.5) {
                battle.redo(rng.random_range(1..=n)).expect("redo");
            }
        }
    }
    battle.journal_text().expect("encodes")
}

/// How many ending commands in a row, with nothing else on offer, make a battle over.
const IDLE: usize = 30;

/// One command as an umpire would give it: whether it did something (`false`: it only ended
/// a stage, section or turn, nothing else being offered); `None` when the battle is over or
/// nothing can be done.
fn step<R: RuleSet>(
    battle: &mut Battle<R>,
    rng: &mut ChaCha8Rng,
    dice: &mut RngDice,
) -> Option<bool> {
    for _ in 0..50 {
        let (command, something) = umpire::<R>(battle.rules(), battle.state(), rng)?;
        match battle.execute(command, dice) {
            Ok(_) => return Some(something),
            Err(BattleError::Command(_)) => {}
            Err(e) => panic!("{e}"),
        }
    }
    None
}

/// What an umpire does next: what the rules require (rolling more often than deciding),
/// else an order (one that rolls dice, a fire or a melee, more often than a move), now and
/// then a record of the table, else what the cards offer, ending a stage, section or turn
/// last, even where that is what the rules wait for.
fn umpire<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    rng: &mut ChaCha8Rng,
) -> Option<(R::Command, bool)> {
    if R::ended(state) {
        return None;
    }
    let checks = R::pending(rules, state);
    let (ending, other): (Vec<_>, Vec<_>) = checks
        .iter()
        .flat_map(|c| c.answers.iter().map(move |a| (c.required, a)))
        .partition(|(_, a)| a.ends);
    let required: Vec<_> = other.iter().filter(|(r, _)| *r).map(|(_, a)| a).collect();
    if !required.is_empty() {
        let rolls: Vec<_> = required.iter().filter(|a| a.rolls).collect();
        if !rolls.is_empty() && rng.random_bool(0.7) {
            return rolls.choose(rng).map(|a| (a.command.clone(), true));
        }
        return required.choose(rng).map(|a| (a.command.clone(), true));
    }
    if rng.random_bool(0.9)
        && let Some(order) = order::<R>(rules, state, rng, false)
    {
        return Some((order, true));
    }
    if rng.random_bool(0.05)
        && let Some(record) = order::<R>(rules, state, rng, true)
    {
        return Some((record, true));
    }
    if !other.is_empty() && (ending.is_empty() || rng.random_bool(0.75)) {
        return other.choose(rng).map(|(_, a)| (a.command.clone(), true));
    }
    // An ending with something else still to do is a battle going on.
    let something = !other.is_empty() || order::<R>(rules, state, rng, false).is_some();
    ending
        .choose(rng)
        .map(|(_, a)| (a.command.clone(), something))
}

/// An order for some unit (or, `record`, a record of the table), its values at random:
/// of a few tried, one that rolls dice when there is one.
fn order<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    rng: &mut ChaCha8Rng,
    record: bool,
) -> Option<R::Command> {
    let forms: Vec<_> = unit_ids(&R::view(rules, state))
        .into_iter()
        .flat_map(|u| {
            R::action_forms(rules, state, &u)
                .into_iter()
                .filter(|f| f.record == record)
                .map(move |f| (u.clone(), f))
        })
        .collect();
    let mut plans = Vec::new();
    for _ in 0..12 {
        let Some((unit, form)) = forms.choose(rng) else {
            break;
        };
        let values = random_values(form, rng);
        if let Ok(plan) = R::action(rules, state, unit, &form.key, &values) {
            plans.push(plan);
        }
    }
    let rolling: Vec<_> = plans.iter().filter(|p| p.preview.is_some()).collect();
    if !rolling.is_empty() && rng.random_bool(0.8) {
        return rolling.choose(rng).map(|p| p.command.clone());
    }
    plans.choose(rng).map(|p| p.command.clone())
}
