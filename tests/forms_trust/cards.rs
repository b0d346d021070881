//! Every kind of card each rule set's demo shows, whole at 1280×720 with its answers in view:
//! the engine plays the demo at random over seeds (fast, with no app) and says where each kind
//! of card ([`kinds::cards`]) is first shown, preferring the head of the queue; the app is
//! opened on that very state, the card brought on stage, and its title, answers and faces
//! field must lie inside the window, on the stage, left of the turn panel.

use std::collections::{BTreeMap, BTreeSet};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT as _, Queryable as _};
use gunbai::engine::Check;
use gunbai::ui::App;
use rand::SeedableRng as _;

use super::common::centre_right;
use super::ui_support;
use super::{kinds, reach};

const SMALL: (f32, f32) = (1280.0, 720.0);

/// How many seeds of random play are tried at most, and how many commands each plays.
const SEEDS: u64 = 40;
const STEPS: usize = 800;

/// Where a card kind was first shown: after `steps` commands of seed `seed`, at the head of
/// the queue or not.
struct Shown {
    seed: u64,
    steps: usize,
    at_head: bool,
}

/// Where random play of rule set `key`'s demo first shows each kind of card (at the head of
/// the queue where any seed tried does), over every seed tried. A card of a kind not listed
/// fails here.
fn where_shown(key: &str) -> BTreeMap<String, Shown> {
    let listed = kinds::cards(key);
    let mut found: BTreeMap<String, Shown> = BTreeMap::new();
    let mut unlisted = BTreeMap::new();
    for seed in 0..SEEDS {
        let mut game = super::common::game(key);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut dice = gunbai::dice::RngDice::seeded(seed);
        for steps in 0..STEPS {
            for (i, card) in game.checks().into_iter().enumerate() {
                if !listed.contains(&card.kind) {
                    unlisted.insert(card.kind.clone(), format!("{}: {}", card.what, card.who));
                }
                let better = found.get(&card.kind).is_none_or(|s| !s.at_head && i == 0);
                if better {
                    let shown = Shown {
                        seed,
                        steps,
                        at_head: i == 0,
                    };
                    found.insert(card.kind, shown);
                }
            }
            if !game.random_step(&mut rng, &mut dice).unwrap() {
                break;
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "{key}: cards of kinds not listed in kinds::CARDS (kind, a card): {unlisted:?}"
    );
    found
}

/// Brings the first card of kind `kind` on stage (from the queue if it is not at its head)
/// and checks it whole.
fn on_stage_whole(h: &mut Harness<'static, App>, key: &str, kind: &str) {
    let checks = h.state().game().unwrap().checks();
    let (at, card) = checks
        .iter()
        .enumerate()
        .find(|(_, c)| c.kind == kind)
        .unwrap_or_else(|| panic!("{key}: no {kind} card"));
    let what = format!("{key}'s {kind} card ({}: {})", card.what, card.who);
    if at != 0 {
        let right = centre_right(h);
        // Cards with the same title and subject (two fires burning) have a row each, in the
        // queue's order (the card on stage, the head, has none): take this card's.
        let twins = checks[1..at]
            .iter()
            .filter(|c| c.what == card.what && c.who == card.who)
            .count();
        h.get_all_by_label_contains(&card.what)
            .filter(|n| {
                n.rect().left() >= right
                    && n.accesskit_node().role() == egui::accesskit::Role::Button
                    && n.accesskit_node()
                        .label()
                        .is_some_and(|l| l.contains(&card.who))
            })
            .nth(twins)
            .unwrap_or_else(|| panic!("{what}: no row in the queue"))
            .click_accesskit();
        h.run();
    }
    h.run();
    whole(h, &what, card);
}

/// The card on stage is whole: its title and every answer (a button, or its list) inside the
/// window, on the stage (above the unit part of the centre) and left of the turn panel; a
/// card that rolls shows its faces field there too.
fn whole(h: &Harness<'static, App>, what: &str, card: &Check<()>) {
    let window = h.ctx.content_rect();
    let right = centre_right(h);
    let stage_end = h
        .query_by_label_contains("Select a unit in the roster")
        .map_or(window.bottom(), |n| n.rect().top());
    let on_stage = |part: &str, rect: egui::Rect| {
        assert!(
            window.contains_rect(rect) && rect.right() <= right + 1.0 && rect.bottom() <= stage_end,
            "{what}: {part} at {rect:?} is out of view (window {window:?}, stage to x {right}, y {stage_end})"
        );
    };
    let title = h
        .query_all_by_label(&card.what)
        .find(|n| n.rect().right() <= right)
        .unwrap_or_else(|| panic!("{what}: no title on stage"));
    on_stage("its title", title.rect());
    let mut lists = BTreeSet::new();
    for answer in &card.answers {
        if let Some(list) = &answer.pick {
            lists.insert(list.clone());
            continue;
        }
        let by = By::new()
            .label_contains(&answer.label)
            .role(egui::accesskit::Role::Button);
        let button = h
            .query_all(by)
            .find(|b| {
                let label = b.accesskit_node().label().unwrap_or_default();
                b.rect().right() <= right
                    && (label == answer.label
                        || (label.starts_with('[') && label.ends_with(&answer.label)))
            })
            .unwrap_or_else(|| panic!("{what}: no {} button on stage", answer.label));
        on_stage(&answer.label, button.rect());
    }
    for list in lists {
        let node = h
            .query_all_by_label_contains(&list)
            .find(|n| n.rect().right() <= right)
            .unwrap_or_else(|| panic!("{what}: no {list} list on stage"));
        on_stage(&list, node.rect());
    }
    if card.roll_answer().is_some() {
        on_stage("the faces field", h.get_by_label("Table faces").rect());
    }
}

/// Opens every kind of card rule set `key`'s demo shows in seeded play, each on the state
/// where it was first shown, and checks it whole at 1280×720; every listed kind is shown.
fn every_card_whole(key: &str) {
    let shown = where_shown(key);
    let listed = kinds::cards(key);
    let unshown: BTreeSet<&String> = listed.iter().filter(|k| !shown.contains_key(*k)).collect();
    assert!(
        unshown.is_empty(),
        "{key}: no seed tried shows {unshown:?}: leave them out of kinds::CARDS"
    );
    for (kind, at) in &shown {
        let dir = tempfile::tempdir().unwrap();
        let game = reach::played(key, at.seed, at.steps);
        let mut h = ui_support::app_with_at(dir.path(), game, SMALL);
        on_stage_whole(&mut h, key, kind);
    }
}

#[test]
fn at_1280_by_720_every_card_of_skys_demo_is_whole_with_its_answers_in_view() {
    every_card_whole("sky");
}

#[test]
fn at_1280_by_720_every_card_of_daimyos_demo_is_whole_with_its_answers_in_view() {
    every_card_whole("daimyo");
}

#[test]
fn at_1280_by_720_every_card_of_kozeriais_demo_is_whole_with_its_answers_in_view() {
    every_card_whole("kozeriai");
}

#[test]
fn at_1280_by_720_every_card_of_simples_demo_is_whole_with_its_answers_in_view() {
    every_card_whole("simple");
}

#[test]
fn at_1280_by_720_every_card_of_skirmishs_demo_is_whole_with_its_answers_in_view() {
    every_card_whole("skirmish");
}
