//! Every command random play issues comes from the app's surface (a check card or an action
//! form: `engine::surface`); so if random play gets a battle past its turns, the app can too.
//! A turn that no card or form can end would leave random play stuck in the first turn.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use gunbai::dice::RngDice;
use gunbai::engine::surface;
use gunbai::engine::{Battle, RuleSet};
use gunbai::reference::HouseRules;
use gunbai::rules::{
    self, daimyo::Daimyo, kozeriai::Kozeriai, simple::Simple, skirmish::Skirmish, sky::Sky,
};
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

/// The highest turn random play on the surface reaches, over a few seeds.
fn turns_reached<R: RuleSet>(seeds: u64, steps: usize) -> u32 {
    let rosters = rules::demo_rosters(R::KEY).expect("demo rosters");
    let armies = rosters.map(|r| R::load_army(&r).expect("demo roster loads").army);
    let mut most = 0;
    for seed in 0..seeds {
        let mut b = Battle::<R>::start(armies.clone(), HouseRules::default(), None).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut dice = RngDice::seeded(seed);
        for _ in 0..steps {
            let Some(command) = surface::random_command::<R>(b.rules(), b.state(), &mut rng) else {
                break;
            };
            let _ = b.execute(command, &mut dice);
            most = most.max(R::turn_and_phase(b.state()).0);
        }
    }
    most
}

macro_rules! turns_end {
    ($name:ident, $rules:ty) => {
        #[test]
        fn $name() {
            let reached = turns_reached::<$rules>(3, 1500);
            assert!(
                reached >= 2,
                "{}: random play on the app's surface never got past turn {reached}: some turn cannot be ended from a card or form",
                <$rules as RuleSet>::KEY
            );
        }
    };
}

turns_end!(sky_turns_end_from_the_surface, Sky);
turns_end!(simple_turns_end_from_the_surface, Simple);
turns_end!(skirmish_turns_end_from_the_surface, Skirmish);
turns_end!(daimyo_turns_end_from_the_surface, Daimyo);
turns_end!(kozeriai_turns_end_from_the_surface, Kozeriai);
