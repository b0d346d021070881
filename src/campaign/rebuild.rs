//! A damaged campaign file rebuilt from its journals: each battle's journal names its
//! campaign, its place in it, the campaign rulings and what carried into it, and the first
//! battle's header holds the armies as mustered. The journals stay the record.

use std::path::{Path, PathBuf};

use super::file::{BattleRecord, Campaign, FORMAT, SUFFIX};
use super::summary::Summary;
use super::tag::CampaignTag;
use crate::engine::journal::{Header, JournalReader};
use crate::reference::HouseRules;

/// The most journals a rebuild looks at: the battles folder of a club's whole history and
/// more, read header only.
const MOST_JOURNALS: usize = 20_000;

/// A header read only for its house rules (the armies are left unread).
type TagOnly = Header<serde::de::IgnoredAny>;

/// The campaign `name`'s journals in `dir`, by their place in it: `(battle, tag, path)`.
fn journals_of(dir: &Path, name: &str) -> Vec<(u32, CampaignTag, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(u32, CampaignTag, PathBuf)> = entries
        .flatten()
        .take(MOST_JOURNALS)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "ron")
                && !p.to_string_lossy().ends_with(SUFFIX)
                && p.is_file()
        })
        .filter_map(|p| {
            let header: TagOnly = JournalReader::open(&p).ok()?.header().ok()?;
            let HouseRules { campaign, .. } = header.house_rules;
            // Named as the file is: `Kawanakajima 1561` and `kawanakajima-1561` are one.
            let tag = *campaign.filter(|t| same_name(&t.name, name))?;
            Some((tag.battle, tag, p))
        })
        .collect();
    found.sort_by(|a, b| (a.0, &a.2).cmp(&(b.0, &b.2)));
    found
}

/// Whether two campaign names are one: the same file name.
fn same_name(a: &str, b: &str) -> bool {
    crate::roster::store::file_name(a) == crate::roster::store::file_name(b)
}

/// Rebuilds campaign `name` from the journals in `dir` that name it (as its file is named).
///
/// # Errors
/// No journal names it, its battles are not numbered 1, 2, 3…, or the first battle's
/// journal cannot be read.
pub fn rebuild(dir: &Path, name: &str) -> Result<Campaign, String> {
    let journals = journals_of(dir, name);
    if journals.is_empty() {
        return Err(format!(
            "no journal in {} names the campaign {name}: nothing to rebuild it from",
            dir.display()
        ));
    }
    for (i, (battle, _, path)) in journals.iter().enumerate() {
        if *battle as usize != i + 1 {
            return Err(format!(
                "{} says it is battle {battle} of {name}, where battle {} was expected",
                path.display(),
                i + 1
            ));
        }
    }
    let first = &journals[0].2;
    let (game, _) = crate::rules::open_journal(first, true, false)
        .map_err(|e| format!("cannot read {}: {e}", first.display()))?;
    let key = game.key();
    let info = super::seam::find(key).ok_or_else(|| format!("no rule set `{key}`"))?;
    let mustered = info.header_armies(game.as_ref())?;
    let mut campaign = Campaign {
        format: FORMAT,
        name: journals[0].1.name.clone(),
        ruleset: key.to_owned(),
        rulings: journals[0].1.rulings.clone(),
        armies: mustered.clone(),
        mustered,
        blocked: Vec::new(),
        battles: Vec::new(),
    };
    for (i, (_, _, path)) in journals.iter().enumerate() {
        let next = journals.get(i + 1).map(|(_, tag, _)| tag);
        let summary = crate::rules::open_journal(path, true, false)
            .ok()
            .map(|(game, _)| Summary::of(game.as_ref()));
        let header: Option<TagOnly> = JournalReader::open(path).ok().and_then(|r| r.header().ok());
        campaign.battles.push(BattleRecord {
            journal: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            started: header.map_or_else(chrono::Utc::now, |h| h.started),
            result: next.and_then(|t| t.result_before.clone()),
            summary: next.and(summary),
            carried: next.map(|t| t.carried.clone()),
        });
    }
    Ok(campaign)
}

/// Reads campaign file `path`; when it is damaged, rebuilds it from the journals beside it,
/// moves the damaged file aside and writes the rebuilt one. Returns the campaign and, when it
/// was rebuilt, what was done, in words.
///
/// # Errors
/// The file cannot be read and no journal rebuilds it: both reasons.
pub fn read_or_rebuild(path: &Path, name: &str) -> Result<(Campaign, Option<String>), String> {
    let damage = match Campaign::read(path) {
        Ok(c) => return Ok((c, None)),
        Err(e) if e.damaged() || !path.exists() => e.to_string(),
        Err(e) => return Err(e.to_string()),
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut campaign = rebuild(dir, name).map_err(|why| format!("{damage}; {why}"))?;
    let mut said = format!(
        "{damage}: rebuilt from its {}",
        crate::engine::words::counted(campaign.battles.len(), "journal")
    );
    if path.exists() {
        let aside = path.with_file_name(format!(
            "{}.damaged-{}",
            path.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default(),
            chrono::Utc::now().format("%Y%m%dT%H%M%SZ")
        ));
        std::fs::rename(path, &aside)
            .map_err(|e| format!("{said}, but cannot move the damaged file aside: {e}"))?;
        said.push_str(&format!(
            "; the damaged file is kept as {}",
            aside.display()
        ));
    }
    campaign
        .write(path)
        .map_err(|e| format!("{said}, but cannot write it: {e}"))?;
    Ok((campaign, Some(said)))
}
