//! What the cards and the quick reference say of their numbers (issue 40): a target is the
//! target, never shown as a modifier ("+9 Samurai Bushi", "+4 to hit: 4+"); a reduction
//! carries its minus sign; and no number stands for "out of range".
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use gunbai::engine::Check;
use gunbai::reference::{HouseRules, RefRow};
use rand::SeedableRng as _;

/// Every card met in random play of a rule set's demo battle: the checks due, and the
/// previews of every unit's action forms with values picked at random.
fn cards_met(key: &str) -> Vec<Check<()>> {
    let mut cards = Vec::new();
    for seed in 0..3u64 {
        let rosters = gunbai::rules::demo_rosters(key).unwrap();
        let mut game =
            gunbai::rules::start_battle(key, &rosters, HouseRules::default(), None).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for step in 0..200 {
            cards.extend(game.checks());
            // Every few steps, what each unit's forms would roll.
            if step % 5 == 0 {
                let view = game.view();
                for unit in view
                    .sides
                    .iter()
                    .flat_map(|s| &s.groups)
                    .flat_map(|g| &g.units)
                {
                    for form in game.action_forms(&unit.id) {
                        let values = gunbai::engine::surface::random_values(&form, &mut rng);
                        if let Ok(Some(card)) = game
                            .preview_action(&unit.id, &form.key, &values)
                            .map(|plan| plan.preview)
                        {
                            cards.push(card);
                        }
                    }
                }
            }
            if !game.random_step(&mut rng, &mut dice).unwrap() {
                break;
            }
        }
    }
    cards
}

/// The number a reason says each die needs, when it says one: `to hit Samurai: 6+` → 6.
fn needs(reason: &str) -> Option<i64> {
    reason
        .strip_suffix('+')
        .and_then(|r| r.rsplit([' ', ':']).next())
        .and_then(|n| n.parse().ok())
}

/// No card of any rule set lists its target among its modifiers: not the number each die
/// needs ("each die counts on 3+", "to hit Ashigaru: 4+"), nor the rating a roll-under test
/// is made against ("+9 Samurai Bushi", "+8 Kōsaka's Command").
#[test]
fn no_rule_sets_card_shows_its_target_as_a_modifier() {
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let cards = cards_met(key);
        assert!(cards.len() > 50, "{key}: {} cards met", cards.len());
        for card in cards {
            let roll_under = card.target.contains("at or under");
            for m in &card.modifiers {
                let shown = format!(
                    "{key}: {}: {:+} {} ({})",
                    card.what, m.value, m.reason, card.target
                );
                assert!(
                    needs(&m.reason) != Some(m.value) && !m.reason.contains("counts on"),
                    "the number needed as a modifier: {shown}"
                );
                assert!(
                    !(roll_under
                        && (m.reason.ends_with(" Bushi") || m.reason.ends_with("'s Command"))),
                    "the rating tested as a modifier: {shown}"
                );
            }
        }
    }
}

/// sky: the target says the rating and whose it is, so no modifier has to.
#[test]
fn sky_a_bushi_tests_target_names_the_rating_it_is_made_against() {
    let cards = cards_met("sky");
    let bushi = cards
        .iter()
        .find(|c| c.target.contains("at or under Bushi"))
        .expect("a Bushi test was met");
    assert!(bushi.target.contains(" Bushi)"), "{}", bushi.target);
    let fire = cards
        .iter()
        .find(|c| c.what == "Fire")
        .expect("a fire card");
    assert!(fire.target.contains("+ hits (to hit "), "{}", fire.target);
}

fn rows(key: &str) -> Vec<RefRow> {
    gunbai::reference::rows(gunbai::reference::text(key).unwrap())
}

fn value(rows: &[RefRow], keys: &str) -> String {
    rows.iter()
        .find(|r| r.keys == keys)
        .unwrap_or_else(|| panic!("no row {keys}"))
        .value
        .clone()
}

/// The quick reference gives every reduction its minus sign (the reference holds it so), and
/// a plain value none: sky's Command one lower for an attached leader is "-1", its two dice
/// "2".
#[test]
fn the_quick_reference_gives_every_reduction_its_minus_sign() {
    let sky = rows("sky");
    for (keys, shown) in [
        ("command_rolls attached_leader_command", "-1"),
        ("command_rolls last_side_command", "-1"),
        ("bushi_test attached_leader_dice", "-2"),
        ("injury command_change", "-1"),
        ("dishonor command_change", "-1"),
        ("movement_inches tedate", "-2"),
        ("movement_inches foot_charge_bonus", "+4"),
        ("honor command_gain", "+1"),
        ("command_rolls dice", "2"),
        ("bushi_test sides", "6"),
    ] {
        assert_eq!(value(&sky, keys), shown, "{keys}");
    }
    assert_eq!(value(&rows("simple"), "melee max_attackers"), "4");
    assert_eq!(value(&rows("simple"), "melee flank"), "+1");
}

/// kozeriai: a weapon out of range has no score, said so, never -1; a horse that never throws
/// its rider over a gap says so too.
#[test]
fn kozeriai_the_reference_never_uses_minus_one_for_out_of_range() {
    use gunbai::rules::kozeriai::numbers::shooting::needed;
    use gunbai::rules::kozeriai::tables::Rules;
    use gunbai::rules::kozeriai::tables::weapons::Shoots;
    let k = rows("kozeriai");
    assert_eq!(value(&k, "ranges thrown"), "7, 12, none, none");
    for key in ["sky", "daimyo", "kozeriai", "simple", "skirmish"] {
        let text = gunbai::reference::text(key).unwrap();
        assert!(
            !text.contains("-1: out of range") && !text.contains("-1: never"),
            "{key}: -1 stands for something"
        );
    }
    let rules = Rules::new(&HouseRules::default()).unwrap();
    assert_eq!(needed(&rules, Shoots::Thrown, 40), Some(12));
    assert_eq!(needed(&rules, Shoots::Thrown, 41), None);
    assert_eq!(needed(&rules, Shoots::Bow, 81), Some(12));
}
