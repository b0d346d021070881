//! Kozeriai: *when* each procedure applies, one test per rule, named after it, driving the
//! engine with the faces a table would roll (a d10 read 0-9: the 0 face is typed as 10).
//! Sections are those of the rules text, `../shared/rules/kozeriai.txt`.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::too_many_lines,
    missing_docs
)]

use chrono::{DateTime, Utc};
use gunbai::engine::RuleSet as _;
use gunbai::engine::ruleset::ApplyContext;
use gunbai::reference::HouseRules;
use gunbai::rules::kozeriai::Kozeriai;
use rand::SeedableRng as _;

/// Plays at random on the app's surface (cards and forms), as `simulate` does, and gathers
/// the kinds of event reached.
fn reached(house: &HouseRules, seeds: u64, steps: usize) -> std::collections::BTreeSet<String> {
    let rosters = gunbai::rules::demo_rosters("kozeriai").expect("demo");
    let armies = rosters.map(|r| Kozeriai::load_army(&r).expect("loads").army);
    let rules = Kozeriai::rules(house).expect("rules");
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..seeds {
        let mut state = Kozeriai::start(&rules, &armies);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for _ in 0..steps {
            let Some(command) =
                gunbai::engine::surface::random_command::<Kozeriai>(&rules, &state, &mut rng)
            else {
                break;
            };
            let Ok(events) =
                gunbai::engine::exec::events_of::<Kozeriai>(&rules, &state, &command, &mut dice)
            else {
                continue;
            };
            let context = ApplyContext {
                at: DateTime::<Utc>::UNIX_EPOCH,
            };
            for e in &events {
                gunbai::engine::exec::apply_event::<Kozeriai>(&rules, &mut state, e, context)
                    .unwrap();
                let name = format!("{e:?}");
                seen.insert(name.split([' ', '{', '(']).next().unwrap().to_owned());
            }
        }
    }
    seen
}

#[test]
fn random_play_reaches_every_procedure() {
    let mut house = HouseRules::default();
    house.optional.extend(
        ["exhaustion", "heroic", "variable_wounds"]
            .iter()
            .map(|k| (*k).to_owned()),
    );
    let mut seen = reached(&HouseRules::default(), 10, 900);
    seen.extend(reached(&house, 10, 900));
    for kind in [
        "Acted",
        "Reloaded",
        "Shot",
        "Clash",
        "GrappleSplit",
        "Wounded",
        "Distracted",
        "Died",
        "KnockedOut",
        "Grappling",
        "KiAi",
        "Tripped",
        "Jumped",
        "FallRoll",
        "Required",
        "Settled",
        "Recovered",
        "CameRound",
        "Stamina",
        "StageBegins",
        "TurnBegins",
    ] {
        assert!(
            seen.contains(kind),
            "random play never reached {kind}: {seen:?}"
        );
    }
}
