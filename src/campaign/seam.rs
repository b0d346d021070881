//! The seam a rule set's campaign plugs into, beside [`RuleSet`]: what a battle carries into
//! the next, as a pure function of its final state and the campaign rulings, and how each
//! change is applied to an army. The registry reaches every rule set's through one line.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::de::DeserializeOwned;

use super::change::{Change, What};
use crate::engine::{Battle, Game, RuleSet};
use crate::reference::ReferenceError;
use crate::roster::RosterText;

/// A rule set's campaign: what carries between its battles.
pub trait CampaignRules: RuleSet {
    /// The campaign rulings the code reads, typed (the `campaign` section of the reference).
    type CampaignRulings: DeserializeOwned + Debug;
    /// What the rule set counts strength in, for the words of a loss: `stand`, `figure`.
    const NOUN: &'static str;

    /// What carries out of a battle: a pure function of its final state (and the events in
    /// effect, for what the state no longer shows), the armies as they took the field, and
    /// the rulings. Every change names its cause and its rule.
    fn carry(
        rulings: &Self::CampaignRulings,
        armies: &[Self::Army; 2],
        state: &Self::State,
        events: &[&Self::Event],
    ) -> Vec<Change>;

    /// Applies one change to the army of its side.
    ///
    /// # Errors
    /// The change names a place the army does not have, or leaves an army that cannot take
    /// the field (the reason, in words).
    fn apply_change(army: &mut Self::Army, change: &Change) -> Result<(), String>;
}

/// Both armies as roster files after the batches of changes that could be applied, and why
/// the first that could not be was not (empty when all were).
pub type Applied = ([String; 2], Vec<String>);

/// What a finished battle carries, under chosen campaign rulings.
type CarryFn = fn(&dyn Game, &BTreeMap<String, String>) -> Result<Vec<Change>, String>;

/// Armies as roster files with batches of changes applied.
type ApplyFn = fn(&[String; 2], &[&[Change]]) -> Result<Applied, Vec<String>>;

/// One rule set's campaign, reached by key.
#[derive(Clone, Copy, Debug)]
pub struct CampaignInfo {
    /// The rule set's key.
    pub key: &'static str,
    /// What strength is counted in.
    pub noun: &'static str,
    carry: CarryFn,
    apply: ApplyFn,
    rulings: fn(&BTreeMap<String, String>) -> Result<(), ReferenceError>,
    header_armies: fn(&dyn Game) -> Result<[String; 2], String>,
}

const fn entry<R: CampaignRules>() -> CampaignInfo {
    CampaignInfo {
        key: R::KEY,
        noun: R::NOUN,
        carry: carry_game::<R>,
        apply: apply_batches::<R>,
        rulings: |chosen| super::rulings::typed::<R::CampaignRulings>(R::KEY, chosen).map(drop),
        header_armies: header_armies::<R>,
    }
}

/// Every rule set's campaign.
pub const CAMPAIGNS: &[CampaignInfo] = &[
    entry::<crate::rules::sky::Sky>(),
    entry::<crate::rules::simple::Simple>(),
    entry::<crate::rules::skirmish::Skirmish>(),
    entry::<crate::rules::daimyo::Daimyo>(),
    entry::<crate::rules::kozeriai::Kozeriai>(),
];

/// The campaign of rule set `key`.
pub fn find(key: &str) -> Option<&'static CampaignInfo> {
    CAMPAIGNS.iter().find(|c| c.key == key)
}

impl CampaignInfo {
    /// What a finished battle carries into the next under the campaign rulings `chosen`.
    ///
    /// # Errors
    /// The battle is of another rule set, or a ruling is unknown.
    pub fn carry(
        &self,
        game: &dyn Game,
        chosen: &BTreeMap<String, String>,
    ) -> Result<Vec<Change>, String> {
        (self.carry)(game, chosen)
    }

    /// The armies `mustered` (roster texts) with the batches of changes applied in order,
    /// written back as roster texts: those after the last batch that could be applied, and
    /// why the next could not (a change that names no place, or armies that would not load
    /// as rosters); later batches are not tried.
    ///
    /// # Errors
    /// A mustered army that does not load: its problems.
    pub fn apply(
        &self,
        mustered: &[String; 2],
        batches: &[&[Change]],
    ) -> Result<Applied, Vec<String>> {
        (self.apply)(mustered, batches)
    }

    /// The armies a battle of this rule set began with, as roster files.
    ///
    /// # Errors
    /// The battle is of another rule set, or an army cannot be written.
    pub fn header_armies(&self, game: &dyn Game) -> Result<[String; 2], String> {
        (self.header_armies)(game)
    }

    /// Checks chosen campaign rulings against those the rule set records.
    ///
    /// # Errors
    /// An unknown ruling or option.
    pub fn check_rulings(&self, chosen: &BTreeMap<String, String>) -> Result<(), ReferenceError> {
        (self.rulings)(chosen)
    }
}

/// The armies a battle began with (its journal's header), written as roster files.
fn header_armies<R: CampaignRules>(game: &dyn Game) -> Result<[String; 2], String> {
    let battle = game
        .as_any()
        .downcast_ref::<Battle<R>>()
        .ok_or_else(|| format!("the battle is not one of {}", R::NAME))?;
    written::<R>(&battle.header().armies).map_err(|p| p.join("; "))
}

fn carry_game<R: CampaignRules>(
    game: &dyn Game,
    chosen: &BTreeMap<String, String>,
) -> Result<Vec<Change>, String> {
    let battle = game
        .as_any()
        .downcast_ref::<Battle<R>>()
        .ok_or_else(|| format!("the battle is not one of {}", R::NAME))?;
    let rulings =
        super::rulings::typed::<R::CampaignRulings>(R::KEY, chosen).map_err(|e| e.to_string())?;
    let events: Vec<&R::Event> = battle.events_in_effect().collect();
    Ok(R::carry(
        &rulings,
        &battle.header().armies,
        battle.state(),
        &events,
    ))
}

/// Loads an army of the campaign, naming it in any problem.
fn load<R: RuleSet>(text: &str, side: usize) -> Result<R::Army, Vec<String>> {
    let roster = RosterText {
        file: format!("army {}", side + 1),
        source: text.to_owned(),
    };
    R::load_army(&roster)
        .map(|l| l.army)
        .map_err(|problems| problems.iter().map(ToString::to_string).collect())
}

fn apply_batches<R: CampaignRules>(
    mustered: &[String; 2],
    batches: &[&[Change]],
) -> Result<Applied, Vec<String>> {
    let mut problems = Vec::new();
    let mut loaded = Vec::new();
    for (side, text) in mustered.iter().enumerate() {
        match load::<R>(text, side) {
            Ok(army) => loaded.push(army),
            Err(p) => problems.extend(p),
        }
    }
    let Ok(mut armies) = <[R::Army; 2]>::try_from(loaded) else {
        return Err(problems);
    };
    let mut texts = written::<R>(&armies)?;
    for batch in batches {
        let mut next = armies.clone();
        let blocked = apply_batch::<R>(&mut next, batch)
            .and_then(|()| written::<R>(&next).map(|t| (t, next)));
        match blocked {
            Ok((t, a)) => (texts, armies) = (t, a),
            Err(problems) => return Ok((texts, problems)),
        }
    }
    Ok((texts, Vec::new()))
}

/// One battle's changes kept, applied to both armies.
fn apply_batch<R: CampaignRules>(
    armies: &mut [R::Army; 2],
    batch: &[Change],
) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    // A group that leaves the army goes last, the highest place first, so the places the
    // batch's other changes name are those the battle had.
    let mut leaving: Vec<&Change> = batch
        .iter()
        .filter(|c| c.applies() && c.what == What::Leaves)
        .collect();
    leaving.sort_by_key(|c| std::cmp::Reverse(c.target));
    let rest = batch
        .iter()
        .filter(|c| c.applies() && c.what != What::Leaves);
    for change in rest.chain(leaving) {
        let Some(army) = armies.get_mut(change.side) else {
            problems.push(format!("{}: no side {}", change.who, change.side + 1));
            continue;
        };
        if let Err(e) = R::apply_change(army, change) {
            problems.push(format!("{}: {e}", change.who));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Both armies written as roster files, each checked to load as a roster does: a battle
/// starts only from one.
fn written<R: RuleSet>(armies: &[R::Army; 2]) -> Result<[String; 2], Vec<String>> {
    let mut texts = Vec::new();
    for (side, army) in armies.iter().enumerate() {
        let text = R::army_roster(army).map_err(|e| vec![e])?;
        load::<R>(&text, side)?;
        texts.push(text);
    }
    texts.try_into().map_err(|_| vec!["two armies".to_owned()])
}
