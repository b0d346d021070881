//! Firing (lines 65-109): who may fire, at what, and with how many dice.

use gunbai::rules::simple::command::Command;
use gunbai::rules::simple::state::UnitRef;

use super::*;

/// A gun added to the Oda army, to man what it captures.
const ODA_GUN: UnitRef = UnitRef(0, 0, 12);

fn oda_with_a_gun() -> gunbai::rules::simple::Army {
    army_with(
        "oda.ron",
        "flagbearers: 2),\n    ],\n    allies",
        "flagbearers: 2),\n        (name: \"Oda Gun\", troop: Ashigaru, weapon: Gun),\n    ],\n    allies",
    )
}

#[test]
fn firing_a_gun_fires_with_the_crew_it_has_and_is_silent_once_they_are_shot_down() {
    let mut b = begun_between(oda_with_a_gun(), army("imagawa.ron"));
    to_oda_turn_passing_tests(&mut b);
    // One artilleryman shot: nobody replaces him, and the gun fires with two.
    ok(
        &mut b,
        fire(ODA_TEPPO_1, IMA_GUN, false),
        &[6, 5, 1, 1, 1, 1],
    );
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, IMA_GUN), 2);
    to_imagawa_turn_passing_tests(&mut b);
    ok(&mut b, fire(IMA_GUN, ODA_YARI, false), &[6, 6, 4, 1]);
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, ODA_YARI), 4, "two dice: two hits, one save");
    // The other two shot down: the gun is silent, and no one's to take.
    to_oda_turn_passing_tests(&mut b);
    ok(
        &mut b,
        fire(ODA_TEPPO_2, IMA_GUN, false),
        &[6, 6, 1, 1, 1, 1, 1],
    );
    let gun = b.state().unit(IMA_GUN).unwrap();
    assert_eq!((gun.alive, gun.captured_by), (0, None));
    let man = Command::CrewCapturedGun {
        gun: IMA_GUN,
        crew: ODA_GUN,
    };
    assert!(refused(&mut b, man, &[]).contains("replaced"));
    to_imagawa_turn_passing_tests(&mut b);
    let err = refused(&mut b, fire(IMA_GUN, ODA_YARI, false), &[6, 6, 6]);
    assert!(err.contains("not on the table"), "{err}");
}
