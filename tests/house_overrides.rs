//! A battle's house rules may override any number of its rule set's reference tables
//! (`house_rules.overrides` in a journal's header, by dotted path). Every override is checked
//! against the range its rule allows: whatever number a header holds, the battle is refused
//! cleanly, naming the path, the value and the range, or it plays and replays promptly.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use gunbai::dice::RngDice;
use gunbai::reference::{self, Bounds, HouseRules, ReferenceError, Tables};
use gunbai::rules::{self, RULE_SETS};
use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

/// The values the hostile headers of issue 41 held, and the ones around them.
const HOSTILE: [i64; 6] = [0, -1, 100_000, 4_294_967_295, i64::MIN, i64::MAX];

/// How many random commands a battle with an override plays before it is replayed: enough
/// to pass through its first rolls; the in-range property plays longer battles.
const STEPS: usize = 12;

/// Each rule set's bounds, by key.
fn bounds(key: &str) -> Bounds {
    use gunbai::rules::{daimyo, kozeriai, simple, skirmish, sky};
    match key {
        "sky" => sky::tables::SkyTables::BOUNDS,
        "simple" => simple::tables::SimpleTables::BOUNDS,
        "skirmish" => skirmish::tables::SkirmishTables::BOUNDS,
        "daimyo" => daimyo::tables::DaimyoTables::BOUNDS,
        "kozeriai" => kozeriai::tables::KozeriaiTables::BOUNDS,
        other => panic!("no bounds for {other}"),
    }
}

fn house(path: &str, value: i64) -> HouseRules {
    HouseRules {
        overrides: BTreeMap::from([(path.to_owned(), value)]),
        ..HouseRules::default()
    }
}

/// What became of a battle with one override.
enum Fate {
    Refused(String),
    Replayed(Duration),
}

/// Starts the demo battle of `key` with `path` set to `value`, plays it a little and
/// replays its journal.
fn play_and_replay(key: &str, path: &str, value: i64, steps: usize) -> Fate {
    let rosters = rules::demo_rosters(key).expect("demo rosters");
    // Played in memory and written once (Save As), as no fsync for each entry is needed here.
    let mut game = match rules::start_battle(key, &rosters, house(path, value), None) {
        Ok(game) => game,
        Err(e) => return Fate::Refused(e.to_string()),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut dice = RngDice::seeded(3);
    for _ in 0..steps {
        if game.ended() || !game.random_step(&mut rng, &mut dice).expect("plays") {
            break;
        }
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    std::fs::write(&journal, game.journal_text().expect("its journal")).expect("written");
    let started = Instant::now();
    match rules::open_journal(&journal, false, false) {
        Ok(_) => Fate::Replayed(started.elapsed()),
        Err(e) => panic!("its own journal does not replay: {e}"),
    }
}

/// Every number of every reference has a bound that holds its value, and a bound's ends
/// fit the table (refused, if at all, only for the order or roll they make with others).
#[test]
fn every_number_of_every_reference_has_a_range_holding_its_value() {
    for info in RULE_SETS {
        let bounds = bounds(info.key);
        for (path, value) in reference::numbers(info.reference) {
            let bound = bounds
                .range_of(&path)
                .unwrap_or_else(|| panic!("{} {path}: no range", info.key));
            assert!(
                (bound.min..=bound.max).contains(&value),
                "{} {path} = {value}: outside its range {} to {}",
                info.key,
                bound.min,
                bound.max
            );
            for end in [bound.min, bound.max] {
                match info.check_house(&house(&path, end)) {
                    Ok(()) => {}
                    Err(ReferenceError::OutOfOrder { .. } | ReferenceError::Roll { .. }) => {}
                    Err(e) => panic!("{} {path} = {end}, an end of its range: {e}", info.key),
                }
            }
        }
    }
}

/// Plays and replays a battle with one override, saying what went wrong, if anything:
/// a panic, a refusal that does not name the path and the value, a replay over a second.
fn failure(key: &str, path: &str, value: i64, steps: usize) -> Option<String> {
    let case = format!("{key} {path} = {value}");
    match catch_unwind(AssertUnwindSafe(|| {
        play_and_replay(key, path, value, steps)
    })) {
        Err(_) => Some(format!("{case}: panicked")),
        Ok(Fate::Refused(why)) => (!why.contains(&format!("`{path}`"))
            || !why.contains(&value.to_string()))
        .then(|| format!("{case}: refused without naming it: {why}")),
        Ok(Fate::Replayed(took)) => {
            (took > Duration::from_secs(1)).then(|| format!("{case}: the replay took {took:?}"))
        }
    }
}

/// The property of issue 41: every numeric path of every reference overridden with 0, -1,
/// 10^5, 2^32-1, i64::MIN and i64::MAX either is refused naming the path and the value, or
/// plays and replays, the replay within a second.
#[test]
fn every_hostile_override_is_refused_naming_it_or_replays_within_a_second() {
    let mut failures = Vec::new();
    let mut played = 0;
    for info in RULE_SETS {
        for (path, _) in reference::numbers(info.reference) {
            for value in HOSTILE {
                if info.check_house(&house(&path, value)).is_ok() {
                    played += 1;
                }
                failures.extend(failure(info.key, &path, value, STEPS));
            }
        }
    }
    eprintln!("{played} played");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any value a range allows, its ends most of all, plays and replays within a second
    /// (or is refused, naming it, for the order or roll it makes with the others).
    #[test]
    fn every_value_in_range_replays_within_a_second(
        pick in any::<prop::sample::Index>(),
        end in 0..4_u8,
        inside in any::<prop::sample::Index>(),
    ) {
        let all: Vec<(&str, String)> = RULE_SETS
            .iter()
            .flat_map(|info| {
                reference::numbers(info.reference)
                    .into_iter()
                    .map(move |(path, _)| (info.key, path))
            })
            .collect();
        let (key, path) = pick.get(&all);
        let bound = *bounds(key).range_of(path).expect("a range");
        let value = match end {
            0 => bound.min,
            1 => bound.max,
            _ => bound.min + i64::try_from(inside.index(
                usize::try_from(bound.max - bound.min + 1).unwrap_or(usize::MAX),
            )).unwrap_or(0),
        };
        prop_assert_eq!(failure(key, path, value, 4 * STEPS), None);
    }
}

/// A journal of `key`'s demo battle whose header's overrides are edited to `overrides`
/// (its checksum made right again), opened.
fn open_with_header_overrides(key: &str, overrides: &str) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("b.ron");
    let rosters = rules::demo_rosters(key).expect("demo rosters");
    let mut game = rules::start_battle(key, &rosters, HouseRules::default(), None).expect("starts");
    let (mut rng, mut dice) = (ChaCha8Rng::seed_from_u64(1), RngDice::seeded(1));
    for _ in 0..STEPS {
        game.random_step(&mut rng, &mut dice).expect("plays");
    }
    let text = String::from_utf8(game.journal_text().expect("journal")).expect("text");
    let (header, rest) = text.split_once('\n').expect("a header line");
    let body = &header[..header.len() - 16];
    let body = body.replace("overrides:{}", &format!("overrides:{{{overrides}}}"));
    let header = format!("{body},crc:\"{:08x}\")", crc32fast::hash(body.as_bytes()));
    std::fs::write(&journal, format!("{header}\n{rest}")).expect("written");
    match rules::open_journal(&journal, false, false) {
        Ok(_) => "opened".into(),
        Err(e) => e
            .to_string()
            .replace(&journal.display().to_string(), "b.ron"),
    }
}

/// Issue 41's headers: each refused at line 1, naming the path, the value and the range.
#[test]
fn a_header_overriding_out_of_range_is_refused_at_line_1_naming_path_value_and_range() {
    for (key, overrides, said) in [
        (
            "skirmish",
            r#""dice.always_hits":0"#,
            "b.ron:1: house rule `dice.always_hits` = 0: out of range; a face of a die must be 1 to 1000",
        ),
        (
            "skirmish",
            r#""dice.always_hits":1"#,
            "b.ron:1: house rule `dice.always_hits` = 1: it must be above `dice.always_misses` (1)",
        ),
        (
            "sky",
            r#""command_rolls.sides":4294967295"#,
            "b.ron:1: house rule `command_rolls.sides` = 4294967295: out of range; a die's faces (the notation's limits) must be 2 to 1000",
        ),
        (
            "simple",
            r#""cards.deck":100000000"#,
            "b.ron:1: house rule `cards.deck` = 100000000: out of range; cards in the event deck (numbered in a byte) must be 2 to 255",
        ),
        (
            "sky",
            r#""command_rolls.dice":1000,"command_rolls.sides":1000"#,
            "b.ron:1: house rule `command_rolls.dice` = 1000, `command_rolls.sides` = 1000: 1000d1000 is not a roll Gunbai can make: exact odds of this expression would take too long (about 50 times the limit): use fewer dice, fewer faces or fewer kept dice",
        ),
        (
            "sky",
            r#""no_such.value":3"#,
            "b.ron:1: house rule `no_such.value`: no such table value",
        ),
    ] {
        assert_eq!(open_with_header_overrides(key, overrides), said);
    }
}
