//! Simple Samurai Rules – Late Period, read clause by clause (`docs/rules/simple.md`): a test
//! for every clause the reading found unasserted or refereed wrongly, named after its rule,
//! driving the engine with the faces a table would roll.
#![allow(clippy::expect_used, clippy::unwrap_used, missing_docs)]

#[path = "../simple_support/mod.rs"]
mod simple_support;

mod cards;
mod firing;
mod formation;
mod melee;
mod morale;
mod movement;
mod roster;
mod rulings;
mod structures;

use gunbai::engine::{Battle, RuleSet as _};
use gunbai::reference::HouseRules;
use gunbai::roster::RosterText;
use gunbai::rules::simple::{Army, Command, Simple};

pub use simple_support::*;

/// A demo army with one passage of its roster replaced (a unit of 4 figures, a gun...).
pub fn army_with(file: &str, from: &str, to: &str) -> Army {
    let path = format!("{}/rosters/simple/{file}", env!("CARGO_MANIFEST_DIR"));
    let mut text = RosterText::read(std::path::Path::new(&path)).expect("demo roster readable");
    assert!(text.source.contains(from), "{file} holds {from}");
    text.source = text.source.replacen(from, to, 1);
    Simple::load_army(&text)
        .expect("the edited roster is valid")
        .army
}

/// The opening of the demo battle (Oda Home, Imagawa's first turn) with these armies.
pub fn begun_between(oda: Army, imagawa: Army) -> Battle<Simple> {
    begun_from(
        Battle::<Simple>::start([oda, imagawa], HouseRules::default(), None).expect("starts"),
    )
}

/// The refusal of a command, which must be refused.
pub fn refused(b: &mut Battle<Simple>, c: Command, faces: &[u32]) -> String {
    match run(b, c.clone(), faces) {
        Ok(lines) => panic!("{c:?} was carried out: {lines:?}"),
        Err(e) => e.to_string(),
    }
}

/// Ends the turn and begins the other side's with a blank card, its allied clans acting and
/// every Formation Fail test due passed (the die's highest face).
pub fn next_turn_passing_tests(b: &mut Battle<Simple>) {
    use gunbai::rules::simple::state::Due;
    ok(b, Command::EndTurn, &[]);
    draw_blank(b);
    while let Some(due) = b.state().due.first().copied() {
        match due {
            Due::AllyActivation(g) => ok(b, Command::AllyActivation(g), &[7]),
            Due::FormationTest(u) => {
                let x = b.state().unit(u).expect("unit");
                let die = gunbai::rules::simple::numbers::troop_die(b.rules(), x.spec.troop);
                ok(b, Command::FormationTest(u), &[die])
            }
            other => panic!("{other:?} is due"),
        };
    }
}

/// Ends Imagawa's turn and begins Oda's (see [`next_turn_passing_tests`]).
pub fn to_oda_turn_passing_tests(b: &mut Battle<Simple>) {
    assert_eq!(b.state().acting, 1, "Imagawa's turn");
    next_turn_passing_tests(b);
}

/// Ends Oda's turn and begins Imagawa's (see [`next_turn_passing_tests`]).
pub fn to_imagawa_turn_passing_tests(b: &mut Battle<Simple>) {
    assert_eq!(b.state().acting, 0, "Oda's turn");
    next_turn_passing_tests(b);
}
