//! Reaching the forms a short game rarely offers: the engine plays its demo battle at random
//! over several seeds (fast, with no app), and says where each kind of form was first
//! offered, so the app can be opened on that very state.

use std::collections::{BTreeMap, BTreeSet};

use gunbai::engine::Game;
use rand::SeedableRng as _;

/// How many seeds of random play are tried, and how many commands each plays at most.
const SEEDS: u64 = 30;
const STEPS: usize = 400;

/// Where a form kind was first offered: after `steps` commands of seed `seed`, to the unit
/// with view id `id`, named `name` in the roster.
pub struct Offered {
    pub seed: u64,
    pub steps: usize,
    pub id: String,
    pub name: String,
}

/// Rule set `key`'s demo battle after `steps` random commands of seed `seed`.
pub fn played(key: &str, seed: u64, steps: usize) -> Box<dyn Game> {
    let mut game = super::common::game(key);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut dice = gunbai::dice::RngDice::seeded(seed);
    for _ in 0..steps {
        if !game.random_step(&mut rng, &mut dice).unwrap() {
            break;
        }
    }
    game
}

/// Where random play first offers each form kind of `wanted` that it offers at all.
pub fn where_offered(key: &str, wanted: &BTreeSet<String>) -> BTreeMap<String, Offered> {
    let mut found = BTreeMap::new();
    for seed in 0..SEEDS {
        let mut game = super::common::game(key);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for steps in 0..STEPS {
            let units = game.view().sides.into_iter().flat_map(|s| s.groups);
            for unit in units.flat_map(|g| g.units) {
                for form in game.action_forms(&unit.id) {
                    if wanted.contains(&form.key) && !found.contains_key(&form.key) {
                        let offered = Offered {
                            seed,
                            steps,
                            id: unit.id.clone(),
                            name: unit.name.clone(),
                        };
                        found.insert(form.key, offered);
                    }
                }
            }
            if found.len() == wanted.len() || !game.random_step(&mut rng, &mut dice).unwrap() {
                break;
            }
        }
        if found.len() == wanted.len() {
            break;
        }
    }
    found
}
