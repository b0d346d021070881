//! Item 2 through the real app: a form never starts on an answer the umpire did not give.
//! For every rule set, random play on the app's surface; at a few of its states every form
//! of the units shown is opened in the app: each field the state does not answer is listed as
//! still to answer, and the order cannot be carried out until it is.

use std::collections::BTreeSet;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gunbai::engine::Field;
use gunbai::ui::App;
use rand::SeedableRng as _;

use super::common::select;
use super::ui_support;

/// Opens every form of the units `ids` now, checking each; returns the forms met.
fn open_every_form(h: &mut Harness<'static, App>, ids: &[String]) -> BTreeSet<String> {
    let mut met = BTreeSet::new();
    let key = h.state().game().unwrap().key().to_owned();
    for unit in ui_support::units(h).iter().filter(|u| ids.contains(&u.id)) {
        let forms = h.state().game().unwrap().action_forms(&unit.id);
        if forms.is_empty() {
            continue;
        }
        select(h, &unit.name);
        for form in forms {
            let Some(tab) = h
                .get_all_by_label(&form.label)
                .find(|n| n.accesskit_node().role() == eframe::egui::accesskit::Role::Button)
            else {
                panic!("{key}: {}'s {} has no tab", unit.name, form.label)
            };
            tab.click_accesskit();
            h.run();
            met.insert(format!("{key} {}", form.key));
            let unanswered: Vec<&str> = form
                .fields
                .iter()
                .filter(|f| f.start().is_none())
                .map(Field::label)
                .collect();
            if unanswered.is_empty() {
                continue;
            }
            let wanted = format!("To answer: {}", unanswered.join("; "));
            assert!(
                h.query_all_by_label(&wanted).next().is_some(),
                "{key}: {}'s {} opens without \"{wanted}\"",
                unit.name,
                form.label
            );
            assert_eq!(
                h.query_all_by_label("Roll (app dice)").count(),
                0,
                "{key}: {}'s {} rolls before it is answered",
                unit.name,
                form.label
            );
            for resolve in h.query_all_by_label("Resolve") {
                assert!(
                    resolve.accesskit_node().is_disabled(),
                    "{key}: {}'s {} may be resolved before it is answered",
                    unit.name,
                    form.label
                );
            }
        }
    }
    met
}

/// Plays rule set `key`'s demo battle at random; whenever a unit has a form of `wanted` not
/// yet met, every form of that unit is opened in the app and checked. Returns the forms met.
fn every_form_asks(key: &str, wanted: &[&str]) -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_launched(dir.path(), &["new", "--ruleset", key], (1280.0, 720.0));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut dice = gunbai::dice::RngDice::seeded(11);
    let mut met = BTreeSet::new();
    for _ in 0..400 {
        let game = h.state().game().unwrap();
        let ids: Vec<String> = ui_support::units(&h)
            .into_iter()
            .filter(|u| {
                game.action_forms(&u.id).iter().any(|f| {
                    let name = format!("{key} {}", f.key);
                    wanted.contains(&name.as_str()) && !met.contains(&name)
                })
            })
            .map(|u| u.id)
            .collect();
        if !ids.is_empty() {
            h.run();
            met.extend(open_every_form(&mut h, &ids));
        }
        if wanted.iter().all(|w| met.contains(*w)) {
            break;
        }
        let game = h.state_mut().game_mut().unwrap();
        if !game.random_step(&mut rng, &mut dice).unwrap() {
            break;
        }
    }
    for form in wanted {
        assert!(met.contains(*form), "{form} never met: {met:?}");
    }
    met
}

#[test]
fn sky_every_form_starts_with_only_what_the_state_gives() {
    every_form_asks("sky", &["sky fire", "sky move", "sky charge", "sky count"]);
}

#[test]
fn daimyo_every_form_starts_with_only_what_the_state_gives() {
    every_form_asks(
        "daimyo",
        &[
            "daimyo move",
            "daimyo fall_back",
            "daimyo charge",
            "daimyo challenge",
            "daimyo lose_stands",
        ],
    );
}

#[test]
fn kozeriai_every_form_starts_with_only_what_the_state_gives() {
    every_form_asks(
        "kozeriai",
        &[
            "kozeriai shoot",
            "kozeriai attack",
            "kozeriai step",
            "kozeriai kiai",
        ],
    );
}

#[test]
fn simple_every_form_starts_with_only_what_the_state_gives() {
    every_form_asks("simple", &["simple fire", "simple move", "simple melee"]);
}

#[test]
fn skirmish_every_form_starts_with_only_what_the_state_gives() {
    every_form_asks(
        "skirmish",
        &["skirmish move", "skirmish fire", "skirmish melee"],
    );
}

#[test]
fn skirmish_a_charged_units_defensive_fire_starts_with_no_distance_for_the_charger() {
    use gunbai::dice::TableDice;
    use gunbai::engine::Dice;
    let mut game = super::common::game("skirmish");
    super::common::answer(game.as_mut(), "Precedence", "Roll", &[6, 1]);
    super::common::answer(game.as_mut(), "Who moves first?", "moves first", &[]);
    // The Ninja declare a charge on Kinoshita's bowmen.
    let charge = game
        .action_forms("1.1.0")
        .into_iter()
        .find(|f| f.key == "charge")
        .unwrap();
    let Field::Choice { options, .. } = &charge.fields[0] else {
        panic!("the target first")
    };
    let bowmen = options
        .iter()
        .position(|o| o == "Kinoshita's bowmen")
        .unwrap();
    let dice = Dice::Table(TableDice::new(Vec::new()));
    game.do_action("1.1.0", "charge", &[bowmen], game.version(), dice)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut h = ui_support::app_with(dir.path(), game);
    select(&mut h, "Kinoshita Tokichirō 木下藤吉郎");
    ui_support::open_form(&mut h, "Defensive fire");
    assert_eq!(
        h.get_by_label("Charger started at")
            .value()
            .unwrap_or_default(),
        "",
        "no distance nobody measured"
    );
    assert!(
        h.query_all_by_label_contains("Charger started at")
            .any(|n| n.value().is_some_and(|v| v.starts_with("To answer:"))),
        "asked for"
    );
    assert_eq!(h.query_all_by_label("Roll (app dice)").count(), 0);
}
