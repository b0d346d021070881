//! Rulings: every ruling an umpire can switch changes what the code reads (a switch that does
//! nothing would be a rule silently dropped), and every option recorded starts a battle.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use gunbai::reference::{HouseRules, InForce, Tables};
use gunbai::rules::{daimyo, kozeriai, simple, skirmish, sky};

fn every_switchable_ruling_is_read_by_the_code<T: Tables>() {
    let t: InForce<T> = InForce::new(&HouseRules::default()).expect("the defaults load");
    let default = format!("{:?}", t.rulings);
    for (key, ruling) in t.t.rulings() {
        for option in ruling.options.iter().skip(1) {
            let mut house = HouseRules::default();
            house.rulings.insert(key.clone(), option.clone());
            let switched: InForce<T> = InForce::new(&house)
                .unwrap_or_else(|e| panic!("{}: ruling `{key}` option `{option}`: {e}", T::KEY));
            assert_ne!(
                format!("{:?}", switched.rulings),
                default,
                "{}: switching ruling `{key}` to `{option}` changes nothing the code reads",
                T::KEY
            );
        }
    }
}

#[test]
fn sky_rulings_that_can_be_switched_change_the_game() {
    every_switchable_ruling_is_read_by_the_code::<sky::tables::SkyTables>();
}

#[test]
fn simple_rulings_that_can_be_switched_change_the_game() {
    every_switchable_ruling_is_read_by_the_code::<simple::tables::SimpleTables>();
}

#[test]
fn skirmish_rulings_that_can_be_switched_change_the_game() {
    every_switchable_ruling_is_read_by_the_code::<skirmish::tables::SkirmishTables>();
}

#[test]
fn daimyo_rulings_that_can_be_switched_change_the_game() {
    every_switchable_ruling_is_read_by_the_code::<daimyo::tables::DaimyoTables>();
}

#[test]
fn kozeriai_rulings_that_can_be_switched_change_the_game() {
    every_switchable_ruling_is_read_by_the_code::<kozeriai::tables::KozeriaiTables>();
}
