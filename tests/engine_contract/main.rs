//! The engine's contract, held by every rule set, checked through random play on the app's
//! surface (check cards and action forms, as an umpire would give them):
//!
//! - every card's odds equal what its roll answer gives over every face its dice can show
//!   (enumerated for small pools, sampled for large ones), read through the rule set's own
//!   measures of the result; a card that rolls shows its dice and at least one checked odds
//!   line, has one roll answer at most, and its decisions roll nothing;
//! - the same for every action form's preview;
//! - no dead end: until the battle ends, some command on the surface is legal;
//! - a journal whose events were edited (numbers, ids, sides) replays or is refused naming its
//!   line, and never panics.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use gunbai::dice::{DiceError, DiceSource, RngDice};
use gunbai::engine::check::Outcome;
use gunbai::engine::exec::events_of;
use gunbai::engine::surface::{self, card_commands, random_form_plan, unit_ids};
use gunbai::engine::{Battle, Check, CommandError, RuleSet};

mod causes;
mod daimyo_causes;
mod defaults;
mod offered;
mod sky_causes;
use gunbai::reference::HouseRules;
use gunbai::rules::{
    self, daimyo::Daimyo, kozeriai::Kozeriai, simple::Simple, skirmish::Skirmish, sky::Sky,
};
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

/// Every face sequence a command's dice can show, one run at a time, depth first.
struct Enumerate {
    /// (face, sides) of each die rolled on the current path.
    path: Vec<(u32, u32)>,
    at: usize,
    /// A run that would roll more dice than this is cut off (ties re-rolled without end).
    depth: usize,
    cut: bool,
}

impl DiceSource for Enumerate {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if self.at >= self.depth {
            self.cut = true;
            return Err(DiceError::NotEnoughFaces {
                needed_at_least: self.at + 1,
                typed: self.at,
            });
        }
        if self.at < self.path.len() && self.path[self.at].1 != sides {
            self.path.truncate(self.at);
        }
        if self.at == self.path.len() {
            self.path.push((1, sides));
        }
        let face = self.path[self.at].0;
        self.at += 1;
        Ok(face)
    }
}

impl Enumerate {
    fn new() -> Self {
        Self {
            path: Vec::new(),
            at: 0,
            depth: 24,
            cut: false,
        }
    }

    fn weight(&self) -> f64 {
        self.path.iter().map(|(_, s)| 1.0 / f64::from(*s)).product()
    }

    /// The next path, after a run used the first `at` dice; false when all are done.
    fn advance(&mut self) -> bool {
        self.path.truncate(self.at);
        self.at = 0;
        self.cut = false;
        while let Some((face, sides)) = self.path.pop() {
            if face < sides {
                self.path.push((face + 1, sides));
                return true;
            }
        }
        false
    }
}

/// A source that has no dice: what a decision must never ask for.
struct NoDice;

impl DiceSource for NoDice {
    fn roll(&mut self, _sides: u32) -> Result<u32, DiceError> {
        Err(DiceError::NotEnoughFaces {
            needed_at_least: 1,
            typed: 0,
        })
    }
}

/// How often each measure's condition held, weighted by the chance of the faces.
struct Tally {
    /// For each odds line: the weight of the runs where it held.
    held: Vec<f64>,
    /// Weight of runs cut off or refused.
    lost: f64,
    /// Weight of all runs.
    total: f64,
    /// Runs that rolled no die at all.
    rolled_nothing: bool,
    /// Why a run was refused (not for want of dice).
    refused: Option<String>,
    sampled: bool,
}

fn holds<R: RuleSet>(
    rules: &R::Rules,
    before: &R::State,
    events: &[R::Event],
    odds: &[gunbai::engine::Odds],
) -> Vec<bool> {
    let measures = R::measures(rules, before, events);
    odds.iter()
        .map(|o| match o.of {
            Outcome::Measure(name, op, n) => {
                let value = measures
                    .iter()
                    .find(|(m, _)| *m == name)
                    .map_or(0, |(_, v)| *v);
                op.holds(value, n)
            }
            Outcome::Shown => false,
        })
        .collect()
}

const MAX_RUNS: usize = 3000;
const SAMPLES: usize = 1200;

fn tally<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    command: &R::Command,
    odds: &[gunbai::engine::Odds],
) -> Tally {
    let mut t = Tally {
        held: vec![0.0; odds.len()],
        lost: 0.0,
        total: 0.0,
        rolled_nothing: false,
        refused: None,
        sampled: false,
    };
    let mut dice = Enumerate::new();
    for _ in 0..MAX_RUNS {
        let result = events_of::<R>(rules, state, command, &mut dice);
        let w = dice.weight();
        t.total += w;
        match result {
            Ok(events) => {
                if dice.at == 0 {
                    t.rolled_nothing = true;
                }
                for (h, yes) in t
                    .held
                    .iter_mut()
                    .zip(holds::<R>(rules, state, &events, odds))
                {
                    if yes {
                        *h += w;
                    }
                }
            }
            Err(CommandError::Dice(_)) if dice.cut => t.lost += w,
            Err(e) => {
                t.lost += w;
                t.refused.get_or_insert(e.to_string());
            }
        }
        if !dice.advance() {
            return t;
        }
    }
    // Too many faces to show them all: sample instead.
    t = Tally {
        held: vec![0.0; odds.len()],
        lost: 0.0,
        total: 0.0,
        rolled_nothing: false,
        refused: None,
        sampled: true,
    };
    let mut dice = RngDice::seeded(11);
    for _ in 0..SAMPLES {
        t.total += 1.0;
        match events_of::<R>(rules, state, command, &mut dice) {
            Ok(events) => {
                for (h, yes) in t
                    .held
                    .iter_mut()
                    .zip(holds::<R>(rules, state, &events, odds))
                {
                    if yes {
                        *h += 1.0;
                    }
                }
            }
            Err(e) => {
                t.lost += 1.0;
                t.refused.get_or_insert(e.to_string());
            }
        }
    }
    t
}

/// Checks one card (or preview) whose roll is `command`: its odds against the roll.
fn check_roll<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    card: &Check<R::Command>,
    command: &R::Command,
    problems: &mut Vec<String>,
) {
    let name = format!("{}: {} ({})", R::KEY, card.what, card.who);
    if card.roll.as_ref().is_none_or(|r| r.dice_count() == 0) {
        problems.push(format!("{name}: a roll with no dice shown on its card"));
    }
    if !card
        .odds
        .iter()
        .any(|o| matches!(o.of, Outcome::Measure(..)))
    {
        problems.push(format!(
            "{name}: no odds line says what it is the chance of"
        ));
        return;
    }
    let t = tally::<R>(rules, state, command, &card.odds);
    if let Some(why) = &t.refused {
        problems.push(format!("{name}: its roll is refused: {why}"));
        return;
    }
    if t.rolled_nothing {
        problems.push(format!("{name}: its roll answer rolled no die"));
    }
    for (odds, held) in card.odds.iter().zip(&t.held) {
        if odds.of == Outcome::Shown {
            continue;
        }
        let found = held / t.total;
        let p = odds.probability;
        let slack = if t.sampled {
            5.0 * (p * (1.0 - p) / t.total).sqrt() + 2.0 / t.total
        } else {
            1e-9 + t.lost / t.total
        };
        if (found - p).abs() > slack {
            problems.push(format!(
                "{name}: card says {} {:.4}, the roll gives {found:.4}{}",
                odds.outcome,
                p,
                if t.sampled { " (sampled)" } else { "" }
            ));
        }
    }
}

/// Checks every card due now: answers, dice, and odds against the roll.
fn check_cards<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    seen: &mut HashMap<String, usize>,
    problems: &mut Vec<String>,
) {
    for card in R::pending(rules, state) {
        let name = format!("{}: {}", R::KEY, card.what);
        let rolls = card.answers.iter().filter(|a| a.rolls).count();
        if rolls > 1 {
            problems.push(format!("{name}: {rolls} roll answers on one card"));
        }
        for a in card.answers.iter().filter(|a| !a.rolls) {
            if let Err(CommandError::Dice(_)) =
                events_of::<R>(rules, state, &a.command, &mut NoDice)
            {
                problems.push(format!("{name}: the decision `{}` rolls dice", a.label));
            }
        }
        let count = seen.entry(card.what.clone()).or_default();
        *count += 1;
        if *count > 6 {
            continue;
        }
        if let Some(a) = card.answers.iter().find(|a| a.rolls) {
            check_roll::<R>(rules, state, &card, &a.command, problems);
        }
    }
}

/// Checks a few random action forms' previews against their rolls.
fn check_previews<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    rng: &mut ChaCha8Rng,
    seen: &mut HashMap<String, usize>,
    problems: &mut Vec<String>,
) {
    let units = unit_ids(&R::view(rules, state));
    for _ in 0..4 {
        let Some((_, plan)) = random_form_plan::<R>(rules, state, &units, rng) else {
            continue;
        };
        let Some(preview) = plan.preview else {
            continue;
        };
        if preview.roll.is_none() {
            continue;
        }
        let count = seen.entry(format!("preview {}", preview.what)).or_default();
        *count += 1;
        if *count > 6 {
            continue;
        }
        // A preview of an action that will be refused has nothing to check.
        if events_of::<R>(rules, state, &plan.command, &mut RngDice::seeded(1)).is_err() {
            continue;
        }
        check_roll::<R>(rules, state, &preview, &plan.command, problems);
    }
}

/// Whether some command on the surface is legal now.
fn some_command_is_legal<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    rng: &mut ChaCha8Rng,
) -> bool {
    let mut dice = RngDice::seeded(3);
    if card_commands::<R>(rules, state)
        .iter()
        .any(|(_, c)| events_of::<R>(rules, state, c, &mut dice).is_ok())
    {
        return true;
    }
    let units = unit_ids(&R::view(rules, state));
    (0..600).any(|_| {
        random_form_plan::<R>(rules, state, &units, rng)
            .is_some_and(|(_, plan)| events_of::<R>(rules, state, &plan.command, &mut dice).is_ok())
    })
}

fn battle<R: RuleSet>(house: &HouseRules) -> Battle<R> {
    let rosters = rules::demo_rosters(R::KEY).expect("demo rosters");
    let armies = rosters.map(|r| R::load_army(&r).expect("demo roster loads").army);
    Battle::<R>::start(armies, house.clone(), None).expect("starts")
}

/// Plays on the surface, checking the cards and previews of every state reached.
fn play_and_check<R: RuleSet>(house: &HouseRules, seeds: u64, steps: usize) {
    let mut problems = Vec::new();
    let mut seen = HashMap::new();
    for seed in 0..seeds {
        let mut b = battle::<R>(house);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        for step in 0..steps {
            if R::ended(b.state()) {
                break;
            }
            check_cards::<R>(b.rules(), b.state(), &mut seen, &mut problems);
            check_previews::<R>(b.rules(), b.state(), &mut rng, &mut seen, &mut problems);
            let mut moved = false;
            for _ in 0..60 {
                let Some(command) = surface::random_command::<R>(b.rules(), b.state(), &mut rng)
                else {
                    break;
                };
                if b.execute(command, &mut dice).is_ok() {
                    moved = true;
                    break;
                }
            }
            if !moved && !some_command_is_legal::<R>(b.rules(), b.state(), &mut rng) {
                problems.push(format!(
                    "{}: a dead end at step {step} of seed {seed}: {:?}; cards: {:?}",
                    R::KEY,
                    b.view().phase,
                    b.pending().iter().map(|c| &c.what).collect::<Vec<_>>()
                ));
                break;
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", report(&problems));
}

/// The first problems found, with their count.
fn report(problems: &[String]) -> String {
    format!(
        "{} problems:\n{}",
        problems.len(),
        problems
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    )
}

/// Plays into a journal, then edits numbers inside its entries: every edit replays or is
/// refused naming a line, and none panics.
fn edited_journals_never_panic(key: &str, edits: usize) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.ron");
    let rosters = rules::demo_rosters(key).unwrap();
    let mut game = rules::start_battle(key, &rosters, HouseRules::default(), Some(&path)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut dice = RngDice::seeded(5);
    for _ in 0..150 {
        if !game.random_step(&mut rng, &mut dice).unwrap() {
            break;
        }
    }
    drop(game);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 3, "{key}: random play made entries");
    let number = regex_numbers();
    let values = [
        "0",
        "1",
        "2",
        "3",
        "7",
        "9",
        "63",
        "255",
        "256",
        "65535",
        "4294967295",
        "18446744073709551615",
    ];
    for edit in 0..edits {
        let line = rng.random_range(1..lines.len());
        // Numbers inside the entry, not in its checksum: the edit is resealed below, as a
        // forger would, so it reaches the rule set rather than the checksum.
        let body_len = lines[line].len().saturating_sub(SEAL_LEN);
        let spots: Vec<(usize, usize)> = number(&lines[line][..body_len]);
        if spots.is_empty() {
            continue;
        }
        let (start, end) = spots[rng.random_range(0..spots.len())];
        let value = values[rng.random_range(0..values.len())];
        let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        edited[line] = reseal(&format!(
            "{}{value}{}",
            &lines[line][..start],
            &lines[line][end..body_len]
        ));
        let bad = dir.path().join(format!("edit{edit}.ron"));
        std::fs::write(&bad, edited.join("\n") + "\n").unwrap();
        for recover in [false, true] {
            let result = catch_unwind(AssertUnwindSafe(|| {
                rules::open_journal(&bad, recover, false)
            }));
            match result {
                Err(_) => panic!(
                    "{key}: replaying an edit of line {} panicked (recover {recover}): {}",
                    line + 1,
                    edited[line]
                ),
                Ok(Err(e)) => {
                    let message = e.to_string();
                    let names_a_line = message.split(".ron:").nth(1).is_some_and(|rest| {
                        rest.split(':')
                            .next()
                            .is_some_and(|n| n.parse::<usize>().is_ok())
                    });
                    assert!(names_a_line, "{key}: the refusal names no line: {message}");
                }
                Ok(Ok(_)) => {}
            }
        }
    }
}

/// `,crc:"xxxxxxxx")`: the seal that ends a format-2 journal line.
const SEAL_LEN: usize = 16;

/// A line's body with its checksum written afresh, `)` closing it.
fn reseal(body: &str) -> String {
    format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()))
}

/// The byte ranges of the whole numbers in a line.
fn regex_numbers() -> impl Fn(&str) -> Vec<(usize, usize)> {
    |line: &str| {
        let bytes = line.as_bytes();
        let mut spots = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                spots.push((start, i));
            } else {
                i += 1;
            }
        }
        spots
    }
}

/// The house rules that switch every optional rule of a rule set on.
fn every_option<R: RuleSet>() -> HouseRules {
    let text = R::REFERENCE;
    let value: ron::Value = ron::from_str(text).unwrap();
    let mut house = HouseRules::default();
    if let ron::Value::Map(map) = value
        && let Some(ron::Value::Map(optional)) = map.get(&ron::Value::String("optional".into()))
    {
        for key in optional.keys() {
            if let ron::Value::String(k) = key {
                house.optional.insert(k.clone());
            }
        }
    }
    house
}

/// The contract's tests for one rule set: the odds of every card, journals edited at random,
/// and the engine's four defaults (they hold for every rule set; none is ignored).
macro_rules! contract {
    ($module:ident, $rules:ty) => {
        mod $module {
            use super::*;

            #[test]
            fn every_card_and_preview_shows_the_odds_of_its_own_roll_and_play_never_dead_ends() {
                play_and_check::<$rules>(&HouseRules::default(), 3, 220);
            }

            #[test]
            fn with_every_optional_rule_the_odds_still_match_and_play_never_dead_ends() {
                play_and_check::<$rules>(&every_option::<$rules>(), 2, 160);
            }

            #[test]
            fn edited_journal_events_are_refused_or_replay_never_panic() {
                edited_journals_never_panic(<$rules as RuleSet>::KEY, 60);
            }

            #[test]
            fn a_required_check_blocks_every_command_but_those_that_settle_it() {
                defaults::a_required_check_blocks::<$rules>(&every_option::<$rules>(), 3, 200);
            }

            #[test]
            fn a_due_nobody_can_answer_is_dropped_and_none_waits_for_ever() {
                defaults::a_due_nobody_can_answer_is_dropped::<$rules>(
                    &every_option::<$rules>(),
                    3,
                    200,
                );
            }

            #[test]
            fn a_declared_trigger_the_app_would_not_offer_is_refused() {
                defaults::declared_triggers_are_checked::<$rules>(&HouseRules::default(), 2, 150);
            }

            #[test]
            fn what_is_gone_takes_no_part() {
                defaults::what_is_gone_takes_no_part::<$rules>(&every_option::<$rules>(), 3, 200);
            }
        }
    };
}

contract!(sky, Sky);
contract!(simple, Simple);

/// Simple's declared causes, each kind swapped within itself (issue 44).
mod simple_causes {
    use super::*;

    /// The causes a Simple command names: of Formation Fail, of a morale test, what is set
    /// alight, how a unit moves, where a figure is attacked, what cover it has.
    const KINDS: &[&[&str]] = &[
        &[
            "ChangingFormation",
            "CrossingCover",
            "OutOfSight",
            "AfterMelee",
            "NotInContact",
            "Mounting",
            "Limbering",
            "Buildings",
            "SkirmishersTooClose",
            "Retreat",
            "MovedThrough",
        ],
        &[
            "FireLosses",
            "MeleeLosses",
            "HalfStrength",
            "FormationFail",
            "FriendRetreating",
            "AfterRetreat",
        ],
        &["Cart", "Haystack", "Building", "BuildingWhileBurning"],
        &[
            "Normal",
            "CrossCover",
            "ClearOfCover",
            "MountDismount",
            "Limber",
            "Unlimber",
            "Back",
            "IntoVillage",
            "OverCover",
        ],
        &["Front", "Flank", "Rear"],
        &["Open", "Soft", "Hard"],
        &["Line", "Column", "Skirmish"],
    ];

    #[test]
    fn every_declared_cause_the_state_contradicts_is_refused() {
        causes::declared_causes_are_checked::<Simple>(&HouseRules::default(), 2, 100, KINDS);
    }
}
contract!(skirmish, Skirmish);
contract!(daimyo, Daimyo);
contract!(kozeriai, Kozeriai);
