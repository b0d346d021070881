//! Every declared cause checked: a command the surface offers, with a cause, trigger or fact
//! it names swapped for another of the same kind (a cause of Formation Fail, a morale trigger,
//! a kind of move...), is accepted only if the surface offers it too. The kinds are each rule
//! set's, listed with its contract: the engine takes no cause the state contradicts.

use gunbai::engine::{Battle, RuleSet};
use gunbai::reference::HouseRules;

use super::defaults::{accepted, offered_sample, walk};

/// The commands `command` gives with one named cause swapped for another of its kind.
fn swapped<R: RuleSet>(command: &R::Command, kinds: &[&[&str]]) -> Vec<R::Command> {
    let Ok(text) = ron::to_string(command) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for kind in kinds {
        for word in *kind {
            for (at, _) in text.match_indices(word) {
                let before = text[..at].chars().next_back();
                let after = text[at + word.len()..].chars().next();
                let whole = |c: Option<char>| {
                    !c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '"')
                };
                if !whole(before) || !whole(after) {
                    continue;
                }
                for other in kind.iter().filter(|o| *o != word) {
                    let edited = format!("{}{other}{}", &text[..at], &text[at + word.len()..]);
                    if let Ok(c) = ron::from_str::<R::Command>(&edited) {
                        out.push(c);
                    }
                }
            }
        }
    }
    out
}

/// Over random play on the surface: each offered command with a cause swapped is accepted
/// only if the surface offers it.
pub fn declared_causes_are_checked<R: RuleSet>(
    house: &HouseRules,
    seeds: u64,
    steps: usize,
    kinds: &[&[&str]],
) {
    let problems = walk::<R>(house, seeds, steps, |b: &Battle<R>, step, rng, problems| {
        if step % 3 != 0 {
            return;
        }
        let mut offered = None;
        for command in offered_sample(b, rng, 6)
            .iter()
            .flat_map(|c| swapped::<R>(c, kinds))
        {
            if accepted(b, &command).is_none() {
                continue;
            }
            let all = offered.get_or_insert_with(|| super::offered::everything(b));
            let Some(all) = all else {
                return;
            };
            let text = ron::to_string(&command).unwrap_or_default();
            if !all.contains(&text) {
                problems.push(format!(
                    "{}: {text} is accepted though no card or form offers it ({})",
                    R::KEY,
                    b.view().phase
                ));
            }
        }
    });
    assert!(problems.is_empty(), "{}", super::report(&problems));
}
