//! A Daimyo's own row and forms: he stands with a unit of his group or alone, and attacks a
//! figure in melee like any figure (he is one).

use super::melee::{melee_form, plan as melee_plan};
use crate::engine::action::{ActionForm, ActionPlan};
use crate::rules::simple::command::{Command, Fighter};
use crate::rules::simple::state::{GroupRef, State, UnitRef};
use crate::rules::simple::tables::Rules;

/// A Daimyo's view id: `d0.1` for the Daimyo of side 0's group 1.
pub fn daimyo_id(g: GroupRef) -> String {
    format!("d{}", g.id())
}

/// Reads a Daimyo's view id.
pub fn daimyo_ref(id: &str) -> Option<GroupRef> {
    let rest = id.strip_prefix('d')?;
    crate::engine::view::parse_id::<2>(rest).map(|[s, g]| GroupRef(s, g))
}

/// The units of his group a Daimyo may stand with: those on the table.
fn companions(state: &State, g: GroupRef) -> Vec<UnitRef> {
    let n = state.group(g).map_or(0, |x| x.units.len());
    (0..n)
        .map(|i| UnitRef(g.0, g.1, i as u8))
        .filter(|&u| state.unit(u).is_some_and(|x| x.present()))
        .collect()
}

/// A living Daimyo's forms.
pub fn forms(rules: &Rules, state: &State, g: GroupRef) -> Vec<ActionForm> {
    let Some(grp) = state.group(g) else {
        return Vec::new();
    };
    if !grp.daimyo.as_ref().is_some_and(|d| d.alive) {
        return Vec::new();
    }
    let mut places = vec!["alone".to_owned()];
    places.extend(companions(state, g).iter().map(|u| state.unit_name(*u)));
    vec![
        ActionForm::new(
            "attach",
            "Stands with",
            "with a unit he is no target until its figures are killed; alone he may be shot at",
        )
        .choice("With", places),
        melee_form(rules, state, Fighter::Daimyo(g)),
    ]
}

/// A Daimyo's form as a command.
///
/// # Errors
/// A value that does not fit him now.
pub fn plan(
    rules: &Rules,
    state: &State,
    g: GroupRef,
    form: &str,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    match form {
        "attach" => {
            let unit = match value(0) {
                0 => None,
                i => Some(companions(state, g).get(i - 1).ok_or("pick a unit")?.2),
            };
            Ok(ActionPlan::plain(Command::Attach { group: g, unit }))
        }
        "melee" => melee_plan(rules, state, Fighter::Daimyo(g), values),
        other => Err(format!("no action `{other}`")),
    }
}
