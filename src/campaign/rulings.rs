//! Campaign rulings: what a rules text leaves unsettled between battles, chosen once for a
//! campaign. Each rule set records its own in the `campaign` section of `reference/<key>.ron`,
//! in the form of its battle rulings (what the text says, what we do, the options, the first
//! being our default); the code reads them typed, so an unknown one is an error.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::reference::{HouseRules, ReferenceError, Ruling};

/// What comes back of what was lost: stands, figures or wounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recovery {
    /// Nothing: what was lost stays lost.
    None,
    /// Half, rounded down.
    Half,
    /// Everything.
    All,
}

/// Whether a change the text makes to a rating outlasts the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasting {
    /// It stays with the leader.
    Carries,
    /// It ends with the battle.
    BattleOnly,
}

/// What becomes of a unit that left the field alive (routed off the table, fled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftField {
    /// It rejoins the army with what it had.
    Returns,
    /// It is lost with the battle.
    Lost,
}

/// What becomes of a leader killed in battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FallenLeaders {
    /// He stays dead: the next battle begins without him.
    StayDead,
    /// A successor with his rating takes his place.
    Successor,
}

/// What becomes of figures killed in a skirmish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Replacements {
    /// Nobody: the dead are gone.
    None,
    /// A fresh figure of the same kind takes each place.
    All,
}

/// A unit's starting strength in a later battle (one reading only, recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartingStrength {
    /// What it brings to that battle.
    ThisBattle,
}

/// What a figure at rest between battles recovers (one reading only, recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rest {
    /// Distractions, stamina and knock-outs, at the text's own rates.
    Recovered,
}

/// Each option's key as the reference writes it, for a change's citation.
macro_rules! option_names {
    ($($t:ty { $($v:ident => $n:literal),+ })+) => {$(
        impl $t {
            /// The option's key, as `reference/<key>.ron` writes it.
            pub fn option(self) -> &'static str {
                match self { $(Self::$v => $n),+ }
            }
        }
    )+};
}

option_names! {
    Recovery { None => "none", Half => "half", All => "all" }
    Lasting { Carries => "carries", BattleOnly => "battle_only" }
    LeftField { Returns => "returns", Lost => "lost" }
    FallenLeaders { StayDead => "stay_dead", Successor => "successor" }
    Replacements { None => "none", All => "all" }
}

/// The campaign rulings a rule set records, as its reference text holds them.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CampaignChoices {
    /// The rulings by key.
    #[serde(default)]
    pub campaign: BTreeMap<String, Ruling>,
}

impl CampaignChoices {
    /// What rule set `key` records (nothing for an unknown key).
    pub fn of(key: &str) -> Self {
        crate::reference::text(key)
            .and_then(|t| ron::from_str(t).ok())
            .unwrap_or_default()
    }

    /// The rulings the umpire may switch (more than one option), by key.
    pub fn switchable(&self) -> impl Iterator<Item = (&String, &Ruling)> {
        self.campaign.iter().filter(|(_, r)| r.options.len() > 1)
    }
}

/// Reads rule set `key`'s campaign rulings typed, with the options `chosen` where they
/// differ from our defaults.
///
/// # Errors
/// A chosen ruling or option the rule set does not record, or a recorded ruling the code
/// does not know.
pub fn typed<T: DeserializeOwned>(
    key: &'static str,
    chosen: &BTreeMap<String, String>,
) -> Result<T, ReferenceError> {
    let recorded = CampaignChoices::of(key).campaign;
    let house = HouseRules {
        rulings: chosen.clone(),
        ..HouseRules::default()
    };
    crate::reference::check_choices(&recorded, &BTreeMap::new(), &house)
        .map_err(|e| campaign_error(&e))?;
    crate::reference::typed_rulings(key, &recorded, &house)
}

/// A reference error said of a campaign ruling.
fn campaign_error(e: &ReferenceError) -> ReferenceError {
    match e {
        ReferenceError::UnknownRuling(k) => {
            ReferenceError::UnknownRuling(format!("{k} (no such campaign ruling)"))
        }
        other => other.clone(),
    }
}

/// Every campaign ruling of rule set `key` with the option in force: `(key, ruling, option)`.
pub fn in_force(key: &str, chosen: &BTreeMap<String, String>) -> Vec<(String, Ruling, String)> {
    let house = HouseRules {
        rulings: chosen.clone(),
        ..HouseRules::default()
    };
    let recorded = CampaignChoices::of(key).campaign;
    recorded
        .iter()
        .map(|(k, r)| {
            let option = crate::reference::chosen(&recorded, &house, k).to_owned();
            (k.clone(), r.clone(), option)
        })
        .collect()
}

/// `campaign ruling recovery: none`, for a change's rule.
pub fn cite(key: &str, option: &str) -> String {
    format!(
        "campaign ruling {}: {}",
        key.replace('_', " "),
        option.replace('_', " ")
    )
}
