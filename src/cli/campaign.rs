//! `gunbai campaign new|next|report`: a campaign mustered, its next battle in the app, and its
//! report.
//!
//! A campaign is named as the umpire calls it ("Kawanakajima 1561"); its file lives beside
//! the journals in the data directory (`battles/kawanakajima-1561.campaign.ron`). A path to a
//! campaign file is taken as well.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::campaign::file::{Campaign, SUFFIX, is_campaign_file, path_for};
use crate::campaign::rebuild::read_or_rebuild;
use crate::campaign::rulings::CampaignChoices;
use crate::escape::terminal;
use crate::roster::RosterText;
use crate::rules::demo_rosters;

/// Arguments of `gunbai campaign`.
#[derive(Debug, clap::Args)]
pub struct CampaignArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: CampaignCommand,
}

/// The campaign subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum CampaignCommand {
    /// Muster a campaign between two armies (the rule set's demo armies when none is given).
    New {
        /// The rule set: sky, simple, skirmish, daimyo or kozeriai.
        #[arg(long, value_name = "KEY")]
        ruleset: String,
        /// Its name, as the club calls it.
        name: String,
        /// A side's army (RON), the first side's first: give two, or none.
        #[arg(long = "roster", value_name = "FILE")]
        rosters: Vec<PathBuf>,
        /// A campaign ruling set to another option, as RULING=OPTION (repeatable): what
        /// carries between battles where the rules text does not say.
        #[arg(long = "ruling", value_name = "RULING=OPTION")]
        rulings: Vec<String>,
    },
    /// Open the campaign's next battle in the app (or its last battle, while it is under way).
    Next {
        /// The campaign's name, or its file.
        name: String,
    },
    /// Write the campaign's report: each battle's result and turning points, the losses
    /// carried, the leaders' fortunes.
    Report {
        /// The campaign's name, or its file.
        name: String,
        /// Output format.
        #[arg(long, value_enum, default_value = "md")]
        format: super::report::Format,
        /// Output file (written safely: a temporary file, then renamed). Standard output if
        /// absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

/// The campaign file a name (or a path) given on the command line stands for, and the
/// campaign's name as far as the file's name tells.
pub fn locate(name: &str) -> (PathBuf, String) {
    let given = PathBuf::from(name);
    if is_campaign_file(&given) {
        let stem = given
            .file_name()
            .map(|n| n.to_string_lossy().trim_end_matches(SUFFIX).to_owned())
            .unwrap_or_default();
        return (given, stem);
    }
    let dir = crate::roster::store::data_root().join("battles");
    (path_for(&dir, name), name.to_owned())
}

/// Runs `gunbai campaign new` or `report` (`next` opens the app: see [`super::Cli::request`]).
pub fn run(args: &CampaignArgs) -> ExitCode {
    let result = match &args.command {
        CampaignCommand::New {
            ruleset,
            name,
            rosters,
            rulings,
        } => muster(ruleset, name, rosters, rulings),
        CampaignCommand::Report {
            name,
            format,
            output,
        } => report(name, *format, output.as_ref()),
        CampaignCommand::Next { name } => Err(vec![format!(
            "gunbai campaign next {name} opens the app: this build cannot"
        )]),
    };
    match result {
        Ok(said) => {
            // Line by line: a name's own control characters are shown escaped, not ours.
            for line in said.lines() {
                super::say(&terminal(line));
            }
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in problems {
                super::say(&format!("error: {}", terminal(&p)));
            }
            ExitCode::from(2)
        }
    }
}

fn muster(
    key: &str,
    name: &str,
    rosters: &[PathBuf],
    pairs: &[String],
) -> Result<String, Vec<String>> {
    let rosters = match rosters {
        [] => demo_rosters(key).ok_or_else(|| vec![format!("no rule set `{key}`")])?,
        [a, b] => {
            let read = |p: &PathBuf| RosterText::read(p).map_err(|e| vec![e.to_string()]);
            [read(a)?, read(b)?]
        }
        more => {
            return Err(vec![format!(
                "give two rosters, one for each side (--roster A.ron --roster B.ron), or none for the demo armies: {} given",
                more.len()
            )]);
        }
    };
    let chosen = rulings(key, pairs)?;
    let mut campaign = Campaign::muster(name, key, &rosters, chosen)?;
    let (path, _) = locate(name);
    if path.exists() {
        return Err(vec![format!(
            "{} is already a campaign: choose another name",
            path.display()
        )]);
    }
    campaign.write(&path).map_err(|e| vec![e.to_string()])?;
    let mut said = format!(
        "Mustered the campaign {}: {}",
        campaign.name,
        path.display()
    );
    for (key, ruling, option) in crate::campaign::rulings::in_force(key, &campaign.rulings) {
        if ruling.options.len() > 1 {
            said.push_str(&format!("\n  {key}: {}", ruling.choice(&option)));
        }
    }
    said.push_str(&format!(
        "\nIts first battle: gunbai campaign next \"{}\"",
        campaign.name
    ));
    Ok(said)
}

/// Campaign rulings from `RULING=OPTION` pairs, checked against those rule set `key` records.
fn rulings(key: &str, pairs: &[String]) -> Result<BTreeMap<String, String>, Vec<String>> {
    let recorded = CampaignChoices::of(key).campaign;
    let mut chosen = BTreeMap::new();
    let mut problems = Vec::new();
    for pair in pairs {
        let Some((k, v)) = pair.split_once('=').map(|(k, v)| (k.trim(), v.trim())) else {
            problems.push(format!("--ruling {pair}: write it as RULING=OPTION"));
            continue;
        };
        match recorded.get(k) {
            None => {
                let known: Vec<&str> = recorded.keys().map(String::as_str).collect();
                problems.push(format!(
                    "--ruling {pair}: {key} has no campaign ruling `{k}`; its campaign rulings are {}",
                    known.join(", ")
                ));
            }
            Some(r) if !r.options.iter().any(|o| o == v) => problems.push(format!(
                "--ruling {pair}: `{v}` is not an option of `{k}`; its options are {} (the first is our default)",
                r.options.join(", ")
            )),
            Some(r) if r.options.first().map(String::as_str) == Some(v) => {}
            Some(_) => {
                chosen.insert(k.to_owned(), v.to_owned());
            }
        }
    }
    if problems.is_empty() {
        Ok(chosen)
    } else {
        Err(problems)
    }
}

fn report(
    name: &str,
    format: super::report::Format,
    output: Option<&PathBuf>,
) -> Result<String, Vec<String>> {
    let (path, name) = locate(name);
    let (campaign, rebuilt) = read_or_rebuild(&path, &name).map_err(|e| vec![e])?;
    let text = match format {
        super::report::Format::Md => crate::campaign::report::markdown(&campaign, &path),
        super::report::Format::Html => crate::campaign::report::html(&campaign, &path),
    };
    match output {
        Some(to) => crate::engine::journal::write_atomically(to, text.as_bytes())
            .map_err(|e| vec![e.to_string()])?,
        // A reader that has gone (`| head`) has all it wanted: nothing more to say.
        None => {
            if let Err(e) = super::out(&text)
                && e.kind() != std::io::ErrorKind::BrokenPipe
            {
                return Err(vec![e.to_string()]);
            }
        }
    }
    Ok(rebuilt.unwrap_or_default())
}
