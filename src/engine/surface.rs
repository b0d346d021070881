//! The app's surface: every command an umpire can give, from a check card or a unit's action
//! form. Random play (`simulate`) plays only through it, so whatever random play reaches, the
//! app reaches too, and a battle that random play cannot move on is a dead end in the app.

use rand::Rng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;

use super::action::{ActionForm, ActionPlan, Field};
use super::ruleset::RuleSet;
use super::view::BattleView;

/// Where a command on the surface comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// An answer on a check card.
    Card {
        /// The card's key.
        check: String,
        /// The answer's label.
        answer: String,
        /// Whether the answer rolls.
        rolls: bool,
    },
    /// A unit's action form.
    Form {
        /// The unit's view id.
        unit: String,
        /// The form's key.
        form: String,
        /// The values chosen.
        values: Vec<usize>,
    },
}

/// Every answer on every card due now, with where it comes from.
pub fn card_commands<R: RuleSet>(rules: &R::Rules, state: &R::State) -> Vec<(Source, R::Command)> {
    R::pending(rules, state)
        .into_iter()
        .flat_map(|check| {
            let key = format!("{}: {}", check.what, check.who);
            check.answers.into_iter().map(move |a| {
                let source = Source::Card {
                    check: key.clone(),
                    answer: a.label,
                    rolls: a.rolls,
                };
                (source, a.command)
            })
        })
        .collect()
}

/// The ids of every unit (and leader row) the roster panel shows, in order.
pub fn unit_ids(view: &BattleView) -> Vec<String> {
    view.sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.units)
        .map(|u| u.id.clone())
        .collect()
}

/// Values for a form, each picked at random among those the form offers.
pub fn random_values(form: &ActionForm, rng: &mut ChaCha8Rng) -> Vec<usize> {
    form.fields
        .iter()
        .map(|field| match field {
            Field::Choice { options, .. } => rng.random_range(0..options.len().max(1)),
            Field::Toggle { .. } => usize::from(rng.random_bool(0.5)),
            Field::Flags { options, .. } => options
                .iter()
                .enumerate()
                .filter(|_| rng.random_bool(0.5))
                .fold(0, |mask, (i, _)| mask | (1 << i)),
            Field::Number { bounds, .. } => {
                rng.random_range(bounds.min..=bounds.max.max(bounds.min))
            }
        })
        .collect()
}

/// What the values of form `form` of `unit` come to, as the app would carry them out: only a
/// form open to the unit now, and only values it takes (one for every field, each number
/// within its bounds), reach the rule set; anything else is refused with the field and rule.
///
/// # Errors
/// The form is not open, a value is missing or out of bounds, or the rule set refuses them.
pub fn form_plan<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    unit: &str,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<R::Command>, String> {
    let forms = R::action_forms(rules, state, unit);
    let open = forms
        .iter()
        .find(|f| f.key == form)
        .ok_or_else(|| format!("no `{form}` order is open to this unit now"))?;
    open.check(values)?;
    R::action(rules, state, unit, form, values)
}

/// A random form of any unit, with random values, as the plan it gives (if the values fit):
/// orders before records (nine times in ten, when there are orders), every form of the kind
/// chosen equally likely, so units with more to do are chosen more often.
pub fn random_form_plan<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    units: &[String],
    rng: &mut ChaCha8Rng,
) -> Option<(Source, ActionPlan<R::Command>)> {
    let (records, orders): (Vec<_>, Vec<_>) = units
        .iter()
        .flat_map(|u| {
            R::action_forms(rules, state, u)
                .into_iter()
                .map(move |f| (u, f))
        })
        .partition(|(_, f)| f.record);
    let pick_orders = !orders.is_empty() && (records.is_empty() || rng.random_bool(0.9));
    let (unit, form) = if pick_orders { &orders } else { &records }.choose(rng)?;
    let values = random_values(form, rng);
    form.check(&values).ok()?;
    let plan = R::action(rules, state, unit, &form.key, &values).ok()?;
    let source = Source::Form {
        unit: (*unit).clone(),
        form: form.key.clone(),
        values,
    };
    Some((source, plan))
}

/// A random command from the surface, as an umpire might give it: answers to required cards
/// first (rolling more often than deciding, so the battle moves on), otherwise an action form
/// or an offered card. It may still be refused; the caller tries again.
pub fn random_command<R: RuleSet>(
    rules: &R::Rules,
    state: &R::State,
    rng: &mut ChaCha8Rng,
) -> Option<R::Command> {
    if R::ended(state) {
        return None;
    }
    // Now and then the umpire calls the battle over, from the toolbar.
    if rng.random_ratio(1, 600)
        && let Some(end) = R::end_battle()
    {
        return Some(end);
    }
    let checks = R::pending(rules, state);
    let required: Vec<_> = checks.iter().filter(|c| c.required).collect();
    let answers_of = |cards: &[&super::check::Check<R::Command>], rolling: bool| {
        cards
            .iter()
            .flat_map(|c| &c.answers)
            .filter(|a| !rolling || a.rolls)
            .map(|a| a.command.clone())
            .collect::<Vec<_>>()
    };
    if !required.is_empty() && rng.random_bool(0.8) {
        let rolls = answers_of(&required, true);
        if !rolls.is_empty() && rng.random_bool(0.7) {
            return rolls.choose(rng).cloned();
        }
        return answers_of(&required, false).choose(rng).cloned();
    }
    if rng.random_bool(0.6) {
        let units = unit_ids(&R::view(rules, state));
        for _ in 0..8 {
            if let Some((_, plan)) = random_form_plan::<R>(rules, state, &units, rng) {
                return Some(plan.command);
            }
        }
    }
    let all: Vec<_> = checks.iter().collect();
    answers_of(&all, false).choose(rng).cloned()
}
