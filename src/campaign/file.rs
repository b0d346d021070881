//! The campaign file: `NAME.campaign.ron` beside the journals, written atomically like a
//! roster, read with every problem at its place (`file:line:column`, or the field it is
//! about), never a panic, and never more than [`MAX_CAMPAIGN_BYTES`] read.

use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::change::Change;
use super::seam::{CampaignInfo, find};
use super::summary::Summary;
use crate::engine::BattleError;

/// The format this build writes and reads.
pub const FORMAT: u32 = 1;
/// How a campaign file's name ends.
pub const SUFFIX: &str = ".campaign.ron";
/// The most bytes read of a campaign file: both armies twice (as mustered and as they
/// stand) at a roster's largest, and battles to spare.
pub const MAX_CAMPAIGN_BYTES: usize = 8 * 1024 * 1024;
/// The most battles a campaign file may list: the app's own bound, far above any season.
pub const MAX_BATTLES: usize = 500;

/// A campaign: its armies, rulings and battles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// [`FORMAT`] when written.
    pub format: u32,
    /// Its name.
    pub name: String,
    /// The rule set's key.
    pub ruleset: String,
    /// The campaign rulings chosen where they differ from our defaults.
    #[serde(default)]
    pub rulings: BTreeMap<String, String>,
    /// Both armies as mustered, as roster files.
    pub mustered: [String; 2],
    /// Both armies as they stand now (after every battle's changes kept), as roster files.
    pub armies: [String; 2],
    /// Why the armies cannot take the field as the last battle left them, if they cannot:
    /// `armies` is then what they were before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked: Vec<String>,
    /// The battles, in order.
    #[serde(default)]
    pub battles: Vec<BattleRecord>,
}

/// One battle of a campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRecord {
    /// Its journal's file name, beside the campaign file.
    pub journal: String,
    /// When it began.
    pub started: DateTime<Utc>,
    /// Its result as the table called it, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// How it ended, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Summary>,
    /// What it carried into the next battle, once the next began (set-asides with their
    /// reasons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<Vec<Change>>,
}

/// Why a campaign file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// The file is not a campaign as written: where, and what.
    #[error("{file}:{line}:{column}: {message}")]
    Damaged {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A value of the file does not hold: which, and why.
    #[error("{file}: {field}: {message}")]
    Invalid {
        /// The file.
        file: String,
        /// The field: `battles[2].journal`.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The file cannot be read or written at all.
    #[error("{0}")]
    Io(String),
}

impl CampaignError {
    /// Whether the file is there but not a sound campaign (so its journals may rebuild it).
    pub fn damaged(&self) -> bool {
        !matches!(self, CampaignError::Io(_))
    }
}

/// The campaign file of `name` in the battles folder `dir`.
pub fn path_for(dir: &Path, name: &str) -> PathBuf {
    let stem = crate::roster::store::file_name(name);
    let stem = stem.strip_suffix(".ron").unwrap_or(&stem);
    dir.join(format!("{stem}{SUFFIX}"))
}

/// Whether a path names a campaign file.
pub fn is_campaign_file(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().ends_with(SUFFIX))
}

impl Campaign {
    /// The rule set's campaign.
    ///
    /// # Errors
    /// An unknown rule set.
    pub fn info(&self) -> Result<&'static CampaignInfo, String> {
        find(&self.ruleset).ok_or_else(|| format!("no rule set `{}`", self.ruleset))
    }

    /// Reads and checks a campaign file.
    ///
    /// # Errors
    /// Not a plain file, too large, not UTF-8, not a campaign (at its line and column), or a
    /// value that does not hold (at its field).
    pub fn read(path: &Path) -> Result<Self, CampaignError> {
        let file = path.display().to_string();
        let text = read_bounded(path)?;
        let campaign: Campaign = ron::from_str(&text).map_err(|e| CampaignError::Damaged {
            file: file.clone(),
            line: e.span.start.line.max(1),
            column: e.span.start.col.max(1),
            message: e.code.to_string(),
        })?;
        campaign
            .check()
            .map_err(|(field, message)| CampaignError::Invalid {
                file,
                field,
                message,
            })?;
        Ok(campaign)
    }

    /// Checks what the file's form cannot: the format, rule set, rulings, names, bounds, and
    /// that the armies as they stand follow from the armies mustered and the changes kept.
    ///
    /// # Errors
    /// The field at fault and why.
    pub fn check(&self) -> Result<(), (String, String)> {
        let field = |f: &str, m: String| (f.to_owned(), m);
        if self.format != FORMAT {
            return Err(field(
                "format",
                format!("format {} (this Gunbai reads format {FORMAT})", self.format),
            ));
        }
        if self.name.trim().is_empty() {
            return Err(field("name", "a campaign needs a name".into()));
        }
        let info = self.info().map_err(|m| field("ruleset", m))?;
        info.check_rulings(&self.rulings)
            .map_err(|e| field("rulings", e.to_string()))?;
        if self.battles.len() > MAX_BATTLES {
            return Err(field(
                "battles",
                format!(
                    "{} battles: at most {MAX_BATTLES} are read",
                    self.battles.len()
                ),
            ));
        }
        for (i, b) in self.battles.iter().enumerate() {
            plain_journal_name(&b.journal)
                .map_err(|m| field(&format!("battles[{i}].journal"), m))?;
            let carried = b.carried.is_some();
            if carried && i + 1 == self.battles.len() {
                return Err(field(
                    &format!("battles[{i}].carried"),
                    "the last battle has carried nothing yet: no battle follows it".into(),
                ));
            }
            if !carried && i + 1 < self.battles.len() {
                return Err(field(
                    &format!("battles[{i}].carried"),
                    "a battle that another follows says what it carried into it".into(),
                ));
            }
        }
        let (armies, blocked) = self.armies_now(&[]);
        let armies = armies.map_err(|p| field("mustered", p.join("; ")))?;
        if armies != self.armies || blocked != self.blocked {
            return Err(field(
                "armies",
                "the armies do not follow from those mustered and the changes kept since".into(),
            ));
        }
        Ok(())
    }

    /// The armies as they stand after every battle's changes kept, and then `next`: the
    /// armies, or the problems of those mustered; and why the last batch cannot be applied,
    /// if it cannot (the armies are then those before it).
    pub fn armies_now(&self, next: &[Change]) -> (Result<[String; 2], Vec<String>>, Vec<String>) {
        let Ok(info) = self.info() else {
            return (
                Err(vec![format!("no rule set `{}`", self.ruleset)]),
                Vec::new(),
            );
        };
        let mut batches: Vec<&[Change]> = self
            .battles
            .iter()
            .filter_map(|b| b.carried.as_deref())
            .collect();
        if !next.is_empty() {
            batches.push(next);
        }
        match info.apply(&self.mustered, &batches) {
            Ok((armies, blocked)) => (Ok(armies), blocked),
            Err(p) => (Err(p), Vec::new()),
        }
    }

    /// Writes the campaign atomically, its armies as they stand worked out again first.
    ///
    /// # Errors
    /// The mustered armies do not load, or the file cannot be written.
    pub fn write(&mut self, path: &Path) -> Result<(), CampaignError> {
        let (armies, blocked) = self.armies_now(&[]);
        self.armies = armies.map_err(|p| CampaignError::Io(p.join("; ")))?;
        self.blocked = blocked;
        self.format = FORMAT;
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| CampaignError::Io(e.to_string()))?;
        let text = format!(
            "// A Gunbai campaign: its armies as mustered and as they stand, and its battles.\n\
             // Written by Gunbai; the journals beside it are the record it is rebuilt from.\n{body}\n"
        );
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| CampaignError::Io(format!("cannot make {}: {e}", dir.display())))?;
        }
        crate::engine::journal::write_atomically(path, text.as_bytes())
            .map_err(|e| CampaignError::Io(e.to_string()))
    }
}

/// A journal named in a campaign: a plain `.ron` file name beside it, never a path that
/// leads elsewhere.
fn plain_journal_name(name: &str) -> Result<(), String> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', '\0'])
        && name.ends_with(".ron")
        && !name.ends_with(SUFFIX);
    if plain {
        Ok(())
    } else {
        Err(format!(
            "`{}` is not the file name of a journal beside the campaign",
            crate::escape::terminal(name)
        ))
    }
}

/// The file's text: a plain file, at most [`MAX_CAMPAIGN_BYTES`], UTF-8.
fn read_bounded(path: &Path) -> Result<String, CampaignError> {
    let file = path.display().to_string();
    let opened = crate::engine::journal::open_regular(path, std::fs::OpenOptions::new().read(true))
        .map_err(|e| {
            CampaignError::Io(match e {
                BattleError::NotAFile { kind, .. } => {
                    format!("{file}: {kind}, not a plain file: only a campaign file is read")
                }
                other => format!("{file}: {other}"),
            })
        })?;
    let mut bytes = Vec::new();
    opened
        .take(MAX_CAMPAIGN_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CampaignError::Io(format!("{file}: cannot read: {e}")))?;
    if bytes.len() > MAX_CAMPAIGN_BYTES {
        return Err(CampaignError::Damaged {
            file,
            line: 1,
            column: 1,
            message: format!("more than {MAX_CAMPAIGN_BYTES} bytes: too large for a campaign"),
        });
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(e.as_bytes());
        let (line, column) = crate::roster::position_of_byte(&text, valid);
        CampaignError::Damaged {
            file,
            line,
            column,
            message: "not UTF-8 text".into(),
        }
    })
}
