//! A campaign from one battle to the next: mustering it, working out what the last battle
//! carries, and beginning the next battle with the armies as they now stand.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::change::Change;
use super::file::{BattleRecord, Campaign, FORMAT};
use super::seam::find;
use super::summary::Summary;
use super::tag::CampaignTag;
use crate::engine::Game;
use crate::reference::HouseRules;
use crate::roster::RosterText;
use crate::rules::{StartRequest, check_roster};

/// The next battle of a campaign before it begins: its place, and what the battle before
/// carries into it, which the table may set aside change by change with a reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Next {
    /// Its place in the campaign, from 1.
    pub battle: u32,
    /// What the battle before carries (none before the first).
    pub changes: Vec<Change>,
    /// How the battle before ended.
    pub summary: Option<Summary>,
    /// The battle before's result as the table calls it (empty: the strength each kept).
    pub result: String,
}

impl Campaign {
    /// A new campaign between two armies under rule set `key`, with the campaign rulings
    /// `rulings` (where they differ from our defaults).
    ///
    /// # Errors
    /// An empty name, an unknown rule set or ruling, or a roster with errors: every problem.
    pub fn muster(
        name: &str,
        key: &str,
        rosters: &[RosterText; 2],
        rulings: BTreeMap<String, String>,
    ) -> Result<Self, Vec<String>> {
        let mut problems = Vec::new();
        if name.trim().is_empty() {
            problems.push("a campaign needs a name".to_owned());
        }
        let Some(info) = find(key) else {
            let known: Vec<&str> = super::CAMPAIGNS.iter().map(|c| c.key).collect();
            return Err(vec![format!(
                "no rule set `{key}`; known: {}",
                known.join(", ")
            )]);
        };
        if let Err(e) = info.check_rulings(&rulings) {
            problems.push(format!("campaign {e}"));
        }
        for roster in rosters {
            if let Err(errors) = check_roster(key, roster) {
                problems.extend(errors.iter().map(ToString::to_string));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mustered = [rosters[0].source.clone(), rosters[1].source.clone()];
        Ok(Self {
            format: FORMAT,
            name: name.trim().to_owned(),
            ruleset: key.to_owned(),
            rulings,
            armies: mustered.clone(),
            mustered,
            blocked: Vec::new(),
            battles: Vec::new(),
        })
    }

    /// The last battle's journal, beside the campaign file at `path`.
    pub fn last_journal(&self, path: &Path) -> Option<PathBuf> {
        let dir = path.parent().unwrap_or(Path::new("."));
        self.battles.last().map(|b| dir.join(&b.journal))
    }

    /// The next battle, its changes read from the last battle's journal (beside the
    /// campaign file at `path`), opened read-only.
    ///
    /// # Errors
    /// The journal cannot be opened, or the battle has not ended.
    pub fn next(&self, path: &Path) -> Result<Next, String> {
        let Some(journal) = self.last_journal(path) else {
            return Ok(self.first());
        };
        let (game, _) = crate::rules::open_journal(&journal, true, false)
            .map_err(|e| format!("cannot read {}: {e}", journal.display()))?;
        self.next_from(game.as_ref())
    }

    /// The first battle: nothing carried yet.
    fn first(&self) -> Next {
        Next {
            battle: 1,
            changes: Vec::new(),
            summary: None,
            result: String::new(),
        }
    }

    /// The next battle, its changes worked out from `game`, the campaign's last battle.
    ///
    /// # Errors
    /// The battle has not ended, or is not this campaign's last.
    pub fn next_from(&self, game: &dyn Game) -> Result<Next, String> {
        let Some(last) = self.battles.len().checked_sub(1) else {
            return Ok(self.first());
        };
        let place = last + 1;
        let tag = game.house_rules().campaign.as_deref();
        if tag.is_none_or(|t| t.name != self.name || t.battle as usize != place) {
            return Err(format!(
                "that battle is not battle {place} of the campaign {}",
                self.name
            ));
        }
        if !game.ended() {
            return Err(format!(
                "battle {place} of {} has not ended: end it (End battle…) to carry it into the next",
                self.name
            ));
        }
        let info = self.info()?;
        Ok(Next {
            battle: u32::try_from(place + 1).unwrap_or(u32::MAX),
            changes: info.carry(game, &self.rulings)?,
            summary: Some(Summary::of(game)),
            result: String::new(),
        })
    }

    /// The armies the next battle begins with: those standing with its changes kept.
    ///
    /// # Errors
    /// Why they cannot take the field (a change the army cannot bear, or the mustered armies'
    /// problems).
    pub fn next_armies(&self, next: &Next) -> Result<[String; 2], Vec<String>> {
        match self.armies_now(&next.changes) {
            (Ok(armies), blocked) if blocked.is_empty() => Ok(armies),
            (Ok(_), blocked) => Err(blocked),
            (Err(problems), _) => Err(problems),
        }
    }

    /// The request that begins the next battle, with the battle's own house rules `house`:
    /// its armies as they stand, its journal tagged with the campaign.
    ///
    /// # Errors
    /// The armies cannot take the field.
    pub fn request(&self, next: &Next, mut house: HouseRules) -> Result<StartRequest, Vec<String>> {
        let armies = self.next_armies(next)?;
        let key = self.info().map_err(|e| vec![e])?.key;
        house.campaign = Some(Box::new(CampaignTag {
            name: self.name.clone(),
            battle: next.battle,
            rulings: self.rulings.clone(),
            carried: next.changes.clone(),
            result_before: Some(next.result.trim().to_owned()).filter(|r| !r.is_empty()),
        }));
        let roster = |side: usize, text: &str| RosterText {
            file: format!(
                "{}, army {} before battle {}",
                self.name,
                side + 1,
                next.battle
            ),
            source: text.to_owned(),
        };
        Ok(StartRequest {
            key,
            rosters: [roster(0, &armies[0]), roster(1, &armies[1])],
            house,
        })
    }

    /// Records that the next battle began, journalled at `journal` at `started`: the battle
    /// before keeps its result, summary and what it carried.
    pub fn began(&mut self, next: &Next, journal: &Path, started: DateTime<Utc>) {
        if let Some(last) = self.battles.last_mut() {
            last.carried = Some(next.changes.clone());
            last.summary = next.summary.clone();
            last.result = Some(next.result.trim().to_owned()).filter(|r| !r.is_empty());
        }
        self.battles.push(BattleRecord {
            journal: journal
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            started,
            result: None,
            summary: None,
            carried: None,
        });
    }
}
