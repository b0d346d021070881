//! A journal's header checked like a roster, before anything is replayed.
//!
//! The header holds both armies as they were loaded when the battle began. A battle can only
//! have begun with armies its rule set's roster validation accepted, so the header's armies
//! must pass that validation again, bounds included, and come out of it unchanged: written
//! as an army file ([`RuleSet::army_roster`]), each is read back by the rule set's own loader. One check, the same as
//! `gunbai check`, for every rule set; nothing is built from an army before it passes.

use std::path::Path;

use super::super::error::BattleError;
use super::super::journal::{Header, damaged};
use super::super::ruleset::RuleSet;
use crate::roster::RosterText;

/// Checks both armies of a header with the rule set's roster validation.
///
/// # Errors
/// Damage at line 1, naming the army and its first problem.
pub(super) fn check_armies<R: RuleSet>(
    path: &Path,
    header: &Header<R::Army>,
) -> Result<(), BattleError> {
    for (side, army) in header.armies.iter().enumerate() {
        check_army::<R>(army).map_err(|why| {
            damaged(
                path,
                1,
                &format!(
                    "the header's army {} is not one Gunbai could have begun a battle with: {why}",
                    side + 1
                ),
            )
        })?;
    }
    Ok(())
}

/// A header's house rules that do not fit the rule set's tables (a table value overridden
/// out of its range, a ruling it does not have) are damage at line 1, naming the house rule.
pub(super) fn house_rules_at_line_1(path: &Path, error: BattleError) -> BattleError {
    match error {
        BattleError::Reference(e) => damaged(path, 1, &e.to_string()),
        other => other,
    }
}

/// One army written as a roster and validated again.
fn check_army<R: RuleSet>(army: &R::Army) -> Result<(), String> {
    let source = R::army_roster(army).map_err(|e| format!("it is no army file: {e}"))?;
    let roster = RosterText {
        file: "header".into(),
        source,
    };
    match R::load_army(&roster) {
        Ok(loaded) if loaded.army == *army => Ok(()),
        Ok(_) => Err("it is not as the rules would load it".into()),
        Err(problems) => {
            let first = problems.first().map_or_else(String::new, |p| {
                if p.path.steps().is_empty() {
                    p.message.clone()
                } else {
                    format!("{}: {}", p.path, p.message)
                }
            });
            let more = problems.len().saturating_sub(1);
            Err(if more == 0 {
                first
            } else {
                format!("{first} (and {more} more)")
            })
        }
    }
}
