//! Item 1, for every rule set: a number is never changed. Random play on the app's surface
//! (the demo battles), and at every step every number field of every form open to every unit
//! is driven out of its bounds: the order is refused naming the field and the bound, nothing
//! is journalled; and a number within its bounds that is carried out is recorded as typed.

use gunbai::dice::{RngDice, TableDice};
use gunbai::engine::surface::{random_values, unit_ids};
use gunbai::engine::{ActionForm, Dice, Field, Game};
use gunbai::reference::HouseRules;
use gunbai::rules::{demo_rosters, start_battle};
use rand::Rng as _;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

/// What the property met and what went wrong.
#[derive(Default)]
struct Findings {
    /// Number fields driven out of their bounds, as `form: field`.
    driven: std::collections::BTreeSet<String>,
    /// Numbers carried out within their bounds.
    kept: usize,
    problems: Vec<String>,
}

/// A number field of a form: its place, label, least and most.
type NumberField = (usize, String, usize, usize);

/// The number fields of a form: their place, label and bounds.
fn numbers(form: &ActionForm) -> Vec<NumberField> {
    form.fields
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f {
            Field::Number { label, bounds, .. } => Some((i, label.clone(), bounds.min, bounds.max)),
            _ => None,
        })
        .collect()
}

/// Values out of a field's bounds: a little and far past the most, and one under the least.
fn out_of_bounds(min: usize, max: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut out = vec![
        max.saturating_add(1),
        max.saturating_add(rng.random_range(2..=60)),
    ];
    if min > 0 {
        out.push(min - 1);
    }
    out.retain(|v| *v > max || *v < min);
    out
}

/// Drives every number field open now out of its bounds, and one form's numbers within.
fn drive(game: &mut Box<dyn Game>, rng: &mut ChaCha8Rng, found: &mut Findings) {
    let key = game.key().to_owned();
    for unit in unit_ids(&game.view()) {
        for form in game.action_forms(&unit) {
            let fields = numbers(&form);
            if fields.is_empty() {
                continue;
            }
            let values = random_values(&form, rng);
            for (i, label, min, max) in &fields {
                for wrong in out_of_bounds(*min, *max, rng) {
                    let mut typed = values.clone();
                    typed[*i] = wrong;
                    let name = format!("{key} {}: {label}", form.key);
                    found.driven.insert(name.clone());
                    let before = (game.entries(), game.version());
                    match game.preview_action(&unit, &form.key, &typed) {
                        Ok(_) => found
                            .problems
                            .push(format!("{name}: {wrong} was taken (bounds {min}-{max})")),
                        Err(why)
                            if !why.starts_with(label.as_str())
                                || !why.contains(&wrong.to_string()) =>
                        {
                            found.problems.push(format!(
                                "{name}: {wrong} refused without naming the field and the value: {why}"
                            ));
                        }
                        Err(_) => {}
                    }
                    let dice = Dice::Table(TableDice::new(vec![1; 64]));
                    let done = game.do_action(&unit, &form.key, &typed, game.version(), dice);
                    if done.is_ok() || (game.entries(), game.version()) != before {
                        found
                            .problems
                            .push(format!("{name}: {wrong} was carried out or journalled"));
                    }
                }
            }
            // Now and then the numbers within their bounds are carried out: recorded as typed.
            // The battle has changed: the forms are read again at the next step.
            if rng.random_ratio(1, 6) && carry_out(game, (&unit, &form), (&values, &fields), found)
            {
                return;
            }
        }
    }
}

/// Carries a form out with numbers within their bounds (Gunbai's dice), and checks that the
/// journalled command holds each number as typed. Whether it was carried out.
fn carry_out(
    game: &mut Box<dyn Game>,
    (unit, form): (&str, &ActionForm),
    (values, fields): (&[usize], &[NumberField]),
    found: &mut Findings,
) -> bool {
    let mut dice = RngDice::seeded(values.iter().sum::<usize>() as u64);
    if game
        .do_action(
            unit,
            &form.key,
            values,
            game.version(),
            Dice::Roll(&mut dice),
        )
        .is_err()
    {
        return false;
    }
    found.kept += 1;
    let Some(path) = game.journal_path() else {
        return true;
    };
    let journal = std::fs::read_to_string(path).unwrap_or_default();
    let last = journal.lines().last().unwrap_or_default();
    for (i, label, ..) in fields {
        let n = values[*i];
        if !last.contains(&format!(": {n}")) && !last.contains(&format!(":{n}")) {
            found.problems.push(format!(
                "{} {}: {label} typed {n}, not in the journal's entry: {last}",
                game.key(),
                form.key
            ));
        }
    }
    true
}

/// Plays rule set `key`'s demo battle at random for `steps` steps, driving the numbers at each.
fn play(key: &str, seed: u64, steps: usize, found: &mut Findings) {
    let dir = tempfile::tempdir().unwrap();
    let rosters = demo_rosters(key).unwrap();
    let mut game = start_battle(
        key,
        &rosters,
        HouseRules::default(),
        Some(&dir.path().join("b.ron")),
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = RngDice::seeded(seed);
    for _ in 0..steps {
        drive(&mut game, &mut rng, found);
        if !game.random_step(&mut rng, &mut dice).unwrap() {
            break;
        }
    }
}

fn holds(key: &str, least_fields: usize, steps: usize) {
    let mut found = Findings::default();
    for seed in 0..3 {
        play(key, seed, steps, &mut found);
    }
    assert!(
        found.problems.is_empty(),
        "{} problems:\n{}",
        found.problems.len(),
        found.problems.join("\n")
    );
    assert!(
        found.driven.len() >= least_fields,
        "{key}: only {:?} number fields met",
        found.driven
    );
    assert!(
        least_fields == 0 || found.kept > 0,
        "{key}: no number carried out within its bounds"
    );
}

#[test]
fn kozeriai_asks_no_number_its_ranges_are_bands_chosen() {
    holds("kozeriai", 0, 60);
}

#[test]
fn sky_a_number_out_of_its_bounds_is_refused_and_nothing_is_recorded_that_was_not_typed() {
    holds("sky", 1, 300);
}

#[test]
fn daimyo_a_number_out_of_its_bounds_is_refused_and_nothing_is_recorded_that_was_not_typed() {
    holds("daimyo", 8, 60);
}

#[test]
fn simple_a_number_out_of_its_bounds_is_refused_and_nothing_is_recorded_that_was_not_typed() {
    holds("simple", 3, 60);
}

#[test]
fn skirmish_a_number_out_of_its_bounds_is_refused_and_nothing_is_recorded_that_was_not_typed() {
    holds("skirmish", 2, 60);
}
