//! The table's dice, held for every rule set through random play on the app's surface: for
//! every card (and action form) met whose answer rolls,
//!
//! - the faces Gunbai would have rolled, typed at the table, give the same events;
//! - counts of successes, typed for pools whose successes alone count, give the same result
//!   (the same state, the same measures) as the faces they count;
//! - the card says how many faces its roll takes: exactly, unless it says what only some
//!   results call for;
//! - a form whose preview shows no dice rolls none (no button rolls silently).

use std::collections::BTreeSet;

use gunbai::dice::{DiceError, DiceSource, RngDice, TableDice};
use gunbai::engine::exec::Exec;
use gunbai::engine::ruleset::ApplyContext;
use gunbai::engine::surface::{self, random_form_plan, unit_ids};
use gunbai::engine::{Battle, Check, CommandError, RollSpec, RuleSet};
use gunbai::reference::HouseRules;
use gunbai::rules::{
    self, daimyo::Daimyo, kozeriai::Kozeriai, simple::Simple, skirmish::Skirmish, sky::Sky,
};
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

/// Gunbai's dice, noting every face.
struct Recording {
    dice: RngDice,
    faces: Vec<u32>,
}

impl DiceSource for Recording {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let face = self.dice.roll(sides)?;
        self.faces.push(face);
        Ok(face)
    }
}

/// A source with no dice at all: what an action that shows no dice must never ask for.
struct NoDice;

impl DiceSource for NoDice {
    fn roll(&mut self, _sides: u32) -> Result<u32, DiceError> {
        Err(DiceError::NotEnoughFaces {
            needed_at_least: 1,
            typed: 0,
        })
    }
}

fn at() -> ApplyContext {
    ApplyContext {
        at: chrono::DateTime::UNIX_EPOCH,
    }
}

/// What was met and what went wrong.
#[derive(Default)]
struct Findings {
    met: BTreeSet<String>,
    problems: Vec<String>,
}

/// One roll, as a card (or a form's preview) shows it and as its command rolls it.
fn check_roll<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    card: &Check<R::Command>,
    command: &R::Command,
    seed: u64,
    found: &mut Findings,
) {
    let name = format!("{}: {}", R::KEY, card.what);
    let mut app = Recording {
        dice: RngDice::seeded(seed),
        faces: Vec::new(),
    };
    // A roll the rules refuse now (a preview of an action not open) has nothing to type.
    let Ok(rolled) = Exec::<R>::run(rules, state, command, &mut app, at()) else {
        return;
    };
    found.met.insert(name.clone());
    let mut table = TableDice::new(app.faces.clone());
    match Exec::<R>::run(rules, state, command, &mut table, at()) {
        Ok(typed) if typed.events == rolled.events => {
            if let Err(e) = table.finish() {
                found.problems.push(format!("{name}: faces left over: {e}"));
            }
        }
        Ok(_) => found.problems.push(format!(
            "{name}: the faces {:?} typed give other events than rolled",
            app.faces
        )),
        Err(e) => found.problems.push(format!(
            "{name}: the faces {:?} typed are refused: {e}",
            app.faces
        )),
    }
    let wanted = card.table_faces();
    let used = app.faces.len() as u32;
    let honest = if wanted.then.is_some() {
        used >= wanted.total()
    } else {
        used == wanted.total()
    };
    if !honest {
        found.problems.push(format!(
            "{name}: the card asks for {} faces, the roll used {used}",
            wanted.words()
        ));
    }
    let Some(pools) = card.roll.as_ref().and_then(RollSpec::counted_pools) else {
        return;
    };
    if pools.iter().map(|p| p.dice).sum::<u32>() != used {
        found.problems.push(format!(
            "{name}: counts are offered, but the roll used {used} faces, not its pools' dice"
        ));
        return;
    }
    let mut rest = app.faces.as_slice();
    let counts: Vec<u32> = pools
        .iter()
        .map(|p| {
            let (mine, later) = rest.split_at(p.dice as usize);
            rest = later;
            mine.iter().filter(|f| p.success.is_success(**f)).count() as u32
        })
        .collect();
    match Exec::<R>::run(
        rules,
        state,
        command,
        &mut TableDice::counts(counts.clone()),
        at(),
    ) {
        Ok(counted) => {
            if counted.state != rolled.state {
                found.problems.push(format!(
                    "{name}: the counts {counts:?} leave another state than the faces {:?}",
                    app.faces
                ));
            }
            let m = |events| R::measures(rules, state, events);
            if m(&counted.events) != m(&rolled.events) {
                found
                    .problems
                    .push(format!("{name}: the counts {counts:?} measure otherwise"));
            }
        }
        Err(e) => found
            .problems
            .push(format!("{name}: the counts {counts:?} are refused: {e}")),
    }
}

/// Every card due now with a roll answer, and a few action forms.
fn check_state<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    rng: &mut ChaCha8Rng,
    seed: u64,
    found: &mut Findings,
) {
    for card in R::pending(rules, state) {
        if let Some(a) = card.answers.iter().find(|a| a.rolls) {
            check_roll::<R>(rules, state, &card, &a.command, seed, found);
        }
    }
    let units = unit_ids(&R::view(rules, state));
    for _ in 0..3 {
        let Some((source, plan)) = random_form_plan::<R>(rules, state, &units, rng) else {
            continue;
        };
        match &plan.preview {
            Some(card) if card.roll.is_some() => {
                check_roll::<R>(rules, state, card, &plan.command, seed, found);
            }
            _ => {
                let result = Exec::<R>::run(rules, state, &plan.command, &mut NoDice, at());
                if let Err(CommandError::Dice(_)) = result {
                    found.problems.push(format!(
                        "{}: {source:?} rolls dice its form does not show",
                        R::KEY
                    ));
                }
            }
        }
    }
}

fn battle<R: RuleSet>() -> Battle<R> {
    let rosters = rules::demo_rosters(R::KEY).expect("demo rosters");
    let armies = rosters.map(|r| R::load_army(&r).expect("demo roster loads").army);
    Battle::<R>::start(armies, HouseRules::default(), None).expect("starts")
}

fn play<R: RuleSet>(seeds: u64, steps: usize) {
    let mut found = Findings::default();
    for seed in 0..seeds {
        let mut b = battle::<R>();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        for step in 0..steps {
            if R::ended(b.state()) {
                break;
            }
            check_state::<R>(
                b.rules(),
                b.state(),
                &mut rng,
                seed * 1000 + step as u64,
                &mut found,
            );
            for _ in 0..60 {
                let Some(command) = surface::random_command::<R>(b.rules(), b.state(), &mut rng)
                else {
                    break;
                };
                if let Ok(entry) = b.execute(command.clone(), &mut dice) {
                    // The log and the report say what every entry did: none is left blank.
                    if entry.lines.is_empty() {
                        found.problems.push(format!(
                            "{}: a {} entry says nothing: {command:?}",
                            R::KEY,
                            entry.kind
                        ));
                    }
                    break;
                }
            }
        }
    }
    found.problems.sort();
    found.problems.dedup();
    assert!(
        found.problems.is_empty(),
        "{} problems (cards met: {:?}):\n{}",
        found.problems.len(),
        found.met,
        found.problems[..found.problems.len().min(25)].join("\n")
    );
    assert!(
        found.met.len() >= 2,
        "{}: too few rolls met: {:?}",
        R::KEY,
        found.met
    );
}

macro_rules! table_dice {
    ($module:ident, $rules:ty) => {
        mod $module {
            use super::*;

            #[test]
            fn typing_the_apps_faces_at_the_table_gives_the_same_events_and_counts_the_same_result()
            {
                super::play::<$rules>(3, 150);
            }
        }
    };
}

table_dice!(sky, Sky);
table_dice!(simple, Simple);
table_dice!(skirmish, Skirmish);
table_dice!(daimyo, Daimyo);
table_dice!(kozeriai, Kozeriai);
