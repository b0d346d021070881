//! Notes (lines 299-311): the basic army, which players may adjust, read against the roster's
//! checks: what departs from it is said, never refused.

use gunbai::engine::RuleSet as _;
use gunbai::roster::RosterText;
use gunbai::rules::simple::Simple;

fn warnings_of(from: &str, to: &str) -> Vec<String> {
    let path = format!("{}/rosters/simple/oda.ron", env!("CARGO_MANIFEST_DIR"));
    let mut text = RosterText::read(std::path::Path::new(&path)).unwrap();
    assert!(text.source.contains(from), "{from}");
    text.source = text.source.replacen(from, to, 1);
    Simple::load_army(&text)
        .expect("valid with warnings")
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn notes_the_basic_armys_ashigaru_are_2_archer_2_arquebus_and_3_spear_units_and_one_samurai_unit_may_have_pike()
 {
    let basic = warnings_of("Oda 織田", "Oda 織田");
    assert!(
        !basic
            .iter()
            .any(|w| w.contains("archer") || w.contains("pike")),
        "the demo army is the basic one: {basic:?}"
    );
    let split = warnings_of(
        "(name: \"Oda Yari 1\", troop: Ashigaru, weapon: Spear)",
        "(name: \"Oda Yari 1\", troop: Ashigaru, weapon: Bow)",
    );
    assert!(
        split
            .iter()
            .any(|w| w.contains("2 archer, 2 arquebus and 3 spear") && w.contains("3, 2 and 2")),
        "{split:?}"
    );
    let pikes = warnings_of(
        "(name: \"Niwa's Samurai\", troop: SamuraiFoot, weapon: Naginata)",
        "(name: \"Niwa's Samurai\", troop: SamuraiFoot, weapon: Pike)",
    );
    assert!(
        pikes.iter().any(|w| w.contains("2 pike units")),
        "{pikes:?}"
    );
    let ashigaru_pike = warnings_of(
        "(name: \"Oda Naginata\", troop: Ashigaru, weapon: Naginata)",
        "(name: \"Oda Naginata\", troop: Ashigaru, weapon: Pike)",
    );
    assert!(
        ashigaru_pike
            .iter()
            .any(|w| w.contains("not all of them Samurai foot")),
        "{ashigaru_pike:?}"
    );
}
