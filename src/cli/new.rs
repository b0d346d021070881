//! `gunbai new --ruleset KEY [--roster A.ron --roster B.ron] [--house RULING=OPTION…]
//! [--house TABLE.VALUE=NUMBER…]`: the
//! arguments as typed, and their check into a battle the app can start at once.
//!
//! Everything is checked here, before a window opens, so a mistyped ruling is refused on the
//! terminal it was typed in, with the choices there are, rather than in a dialog.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::reference::{self, Choices, HouseRules};
use crate::roster::RosterText;
use crate::rules::{self, RULE_SETS, StartRequest, check_roster, demo_rosters};

/// Arguments of `gunbai new`, as typed.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The rule set: sky, simple, skirmish, daimyo or kozeriai.
    #[arg(long, value_name = "KEY")]
    pub ruleset: String,
    /// A side's army (RON), the first side's first: give two, or none for the rule set's demo
    /// armies.
    #[arg(long = "roster", value_name = "FILE")]
    pub rosters: Vec<PathBuf>,
    /// One of our rulings set to another option, as RULING=OPTION, or a number of the rule
    /// set's tables replaced, as TABLE.VALUE=NUMBER (`movement_inches.foot=5`) (repeatable);
    /// an unknown ruling or option is refused with the choices there are, a number outside
    /// the range its rule allows with that range.
    #[arg(long = "house", value_name = "RULING=OPTION|TABLE.VALUE=NUMBER")]
    pub house: Vec<String>,
    /// Switch on an optional rule of the rule set (repeatable).
    #[arg(long = "optional", value_name = "RULE")]
    pub optional: Vec<String>,
}

/// Why `gunbai new` starts nothing: every problem found, one per line.
#[derive(Debug, thiserror::Error)]
#[error("{}", .0.join("\n"))]
pub struct NewBattleError(pub Vec<String>);

impl NewArgs {
    /// The battle these arguments ask for: the rule set known, both rosters read and valid
    /// for it (the demo armies when none is given), every ruling and optional rule one it
    /// offers.
    ///
    /// # Errors
    /// Every problem found: an unknown rule set, a roster count other than none or two, a
    /// roster that cannot be read or has errors (`file:line:col`), a ruling, option or
    /// optional rule the rule set does not have, or a ruling given twice.
    pub fn request(&self) -> Result<StartRequest, NewBattleError> {
        let Some(info) = rules::find(&self.ruleset) else {
            let known: Vec<&str> = RULE_SETS.iter().map(|r| r.key).collect();
            return Err(NewBattleError(vec![format!(
                "--ruleset {}: there is no such rule set; the rule sets are {}",
                self.ruleset,
                known.join(", ")
            )]));
        };
        let mut problems = Vec::new();
        let rosters = self.rosters(info.key, &mut problems);
        let house = self.house(info.key, &mut problems);
        // The table values given, checked as a journal's header is: each within its range.
        if !house.overrides.is_empty()
            && let Err(e) = info.check_house(&house)
        {
            problems.push(format!("--house: {e}"));
        }
        match rosters {
            Some(rosters) if problems.is_empty() => Ok(StartRequest {
                key: info.key,
                rosters,
                house,
            }),
            _ => Err(NewBattleError(problems)),
        }
    }

    /// Both rosters read and checked for rule set `key`, or the demo armies.
    fn rosters(&self, key: &str, problems: &mut Vec<String>) -> Option<[RosterText; 2]> {
        match self.rosters.as_slice() {
            [] => demo_rosters(key),
            [first, second] => {
                let before = problems.len();
                let mut read = Vec::with_capacity(2);
                for path in [first, second] {
                    match RosterText::read(path) {
                        Ok(text) => {
                            if let Err(errors) = check_roster(key, &text) {
                                problems.extend(errors.iter().map(ToString::to_string));
                            }
                            read.push(text);
                        }
                        Err(problem) => problems.push(problem.to_string()),
                    }
                }
                read.try_into().ok().filter(|_| problems.len() == before)
            }
            more => {
                problems.push(format!(
                    "give two rosters, one for each side (--roster A.ron --roster B.ron), or none for the demo armies: {} given",
                    more.len()
                ));
                None
            }
        }
    }

    /// The house rules asked for, checked against what rule set `key` offers. A ruling set to
    /// our default is left out, as the New battle dialog leaves it, so the journal records
    /// only what differs.
    fn house(&self, key: &str, problems: &mut Vec<String>) -> HouseRules {
        let choices = Choices::of(key);
        let numbers: BTreeSet<String> = rules::find(key)
            .map(|info| reference::numbers(info.reference))
            .unwrap_or_default()
            .into_iter()
            .map(|(path, _)| path)
            .collect();
        let mut house = HouseRules::default();
        let mut given = BTreeSet::new();
        // The rulings there are, listed once after the problems that call for them.
        let mut list_them = false;
        for pair in &self.house {
            let Some((ruling, option)) = pair.split_once('=') else {
                problems.push(format!(
                    "--house {pair}: write it as RULING=OPTION or TABLE.VALUE=NUMBER"
                ));
                list_them = true;
                continue;
            };
            let (ruling, option) = (ruling.trim(), option.trim());
            if numbers.contains(ruling) {
                match option.parse::<i64>() {
                    Ok(_) if house.overrides.contains_key(ruling) => problems.push(format!(
                        "--house {pair}: the table value `{ruling}` is given twice"
                    )),
                    Ok(n) => {
                        house.overrides.insert(ruling.to_owned(), n);
                    }
                    Err(_) => problems.push(format!(
                        "--house {pair}: the table value `{ruling}` takes a whole number"
                    )),
                }
                continue;
            }
            let Some(offered) = choices.rulings.get(ruling) else {
                let what = if ruling.contains('.') {
                    "table value"
                } else {
                    "ruling"
                };
                problems.push(format!("--house {pair}: {key} has no {what} `{ruling}`"));
                list_them = true;
                continue;
            };
            if !offered.options.iter().any(|o| o == option) {
                problems.push(format!(
                    "--house {pair}: `{option}` is not an option of the ruling `{ruling}`; its options are {} (the first is our default)",
                    offered.options.join(", ")
                ));
                continue;
            }
            if !given.insert(ruling.to_owned()) {
                problems.push(format!(
                    "--house {pair}: the ruling `{ruling}` is given twice"
                ));
                continue;
            }
            if offered.options.first().map(String::as_str) != Some(option) {
                house.rulings.insert(ruling.to_owned(), option.to_owned());
            }
        }
        if list_them {
            problems.push(switchable(key, &choices));
        }
        for rule in &self.optional {
            if choices.optional.contains_key(rule) {
                house.optional.insert(rule.clone());
            } else {
                let known: Vec<&str> = choices.optional.keys().map(String::as_str).collect();
                problems.push(format!(
                    "--optional {rule}: {key} has no optional rule `{rule}`; {}",
                    if known.is_empty() {
                        "it has none".to_owned()
                    } else {
                        format!("its optional rules are {}", known.join(", "))
                    }
                ));
            }
        }
        house
    }
}

/// The rulings of rule set `key` an umpire may switch, one a line with their options (the
/// first is our default), for a refusal to show what could have been typed.
fn switchable(key: &str, choices: &Choices) -> String {
    let lines: Vec<String> = choices
        .rulings
        .iter()
        .filter(|(_, r)| r.options.len() > 1)
        .map(|(name, r)| format!("    {name}={}", r.options.join("|")))
        .collect();
    if lines.is_empty() {
        return format!("{key} has no ruling an umpire may switch");
    }
    format!(
        "the rulings of {key} an umpire may switch, as RULING=OPTION|OPTION (the first option is our default):\n{}",
        lines.join("\n")
    )
}
