//! Morale (lines 164-168): who asks for the test, and on which triggers.

use gunbai::engine::RuleSet as _;
use gunbai::rules::simple::command::Facing;
use gunbai::rules::simple::state::{Due, MoraleCause, UnitRef};
use gunbai::rules::simple::{Command, Simple};

use super::*;

/// Oda Yari 2 with 4 figures: half its strength is a whole number of figures.
const ODA_YARI_2: UnitRef = UnitRef(0, 0, 5);

fn call(unit: UnitRef, cause: MoraleCause) -> Command {
    Command::CallMorale { unit, cause }
}

/// Whether the opponent's cards offer a call for the unit's test at half strength.
fn half_strength_call_offered(b: &gunbai::engine::Battle<Simple>, unit: UnitRef) -> bool {
    Simple::pending(b.rules(), b.state()).iter().any(|c| {
        c.answers
            .iter()
            .any(|a| a.command == call(unit, MoraleCause::HalfStrength))
    })
}

#[test]
fn morale_the_opponent_calls_a_test_at_half_strength_or_less_and_not_before() {
    let oda = army_with(
        "oda.ron",
        "(name: \"Oda Yari 2\", troop: Ashigaru, weapon: Spear)",
        "(name: \"Oda Yari 2\", troop: Ashigaru, weapon: Spear, figures: 4)",
    );
    let mut b = begun_between(oda, army("imagawa.ron"));
    // Whole, then 3 of 4 and 3 of 5: more than half its starting figures, no call.
    let err = refused(&mut b, call(ODA_YARI_2, MoraleCause::HalfStrength), &[]);
    assert!(err.contains("does not meet that trigger"), "{err}");
    let one_hit = [6, 1, 1, 1, 1, 1];
    ok(&mut b, fire(IMA_TEPPO, ODA_YARI_2, false), &one_hit);
    pass_morale_dues(&mut b);
    ok(&mut b, fire(UnitRef(1, 0, 2), ODA_YARI, false), &one_hit);
    pass_morale_dues(&mut b);
    ok(&mut b, fire(IMA_ARCHERS, ODA_YARI, false), &one_hit);
    pass_morale_dues(&mut b);
    assert_eq!((alive(&b, ODA_YARI_2), alive(&b, ODA_YARI)), (3, 3));
    for unit in [ODA_YARI_2, ODA_YARI] {
        let err = refused(&mut b, call(unit, MoraleCause::HalfStrength), &[]);
        assert!(err.contains("simple: Morale"), "{err}");
        assert!(!half_strength_call_offered(&b, unit));
    }
    // 2 of 4 is half its strength: the card offers the call and the engine takes it.
    ok(
        &mut b,
        fire(UnitRef(1, 0, 0), ODA_YARI_2, false),
        &[1, 1, 1, 1, 6, 1],
    );
    pass_morale_dues(&mut b);
    assert_eq!(alive(&b, ODA_YARI_2), 2);
    assert!(half_strength_call_offered(&b, ODA_YARI_2));
    ok(&mut b, call(ODA_YARI_2, MoraleCause::HalfStrength), &[]);
    assert!(
        b.state()
            .due
            .contains(&Due::Morale(ODA_YARI_2, MoraleCause::HalfStrength))
    );
}

#[test]
fn morale_losses_to_fire_or_as_a_melee_defender_call_a_test_at_once_and_none_without() {
    let mut b = begun();
    // Fire that kills nobody calls for nothing; one figure lost to fire calls the test.
    ok(&mut b, fire(IMA_TEPPO, ODA_YARI, false), &[1, 1, 1, 1, 1]);
    assert!(b.state().due.is_empty());
    ok(
        &mut b,
        fire(UnitRef(1, 0, 2), ODA_YARI, false),
        &[6, 1, 1, 1, 1, 3],
    );
    assert_eq!(
        b.state().due,
        vec![Due::Morale(ODA_YARI, MoraleCause::FireLosses)]
    );
    pass_morale_dues(&mut b);
    // A melee the defender survives calls for nothing; a figure lost as defender does.
    let bout = Command::Melee(one_on_one(IMA_SWORD_SAMURAI, ODA_TEPPO_1, Facing::Front));
    ok(&mut b, bout.clone(), &[1, 6]);
    assert!(b.state().due.is_empty());
    ok(&mut b, bout, &[10, 1]);
    assert_eq!(
        b.state().due,
        vec![Due::Morale(ODA_TEPPO_1, MoraleCause::MeleeLosses)]
    );
    pass_morale_dues(&mut b);
    // Losses are the engine's to see: the opponent cannot call them, nor the end of a retreat.
    for cause in [
        MoraleCause::FireLosses,
        MoraleCause::MeleeLosses,
        MoraleCause::AfterRetreat,
    ] {
        let err = refused(&mut b, call(ODA_TEPPO_2, cause), &[]);
        assert!(
            err.contains("does not meet that trigger"),
            "{cause:?}: {err}"
        );
    }
}
