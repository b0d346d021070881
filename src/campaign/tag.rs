//! The campaign a battle belongs to, written into its journal's header with its house rules:
//! enough for the journals alone to rebuild a damaged campaign file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::change::Change;

/// A battle's place in a campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignTag {
    /// The campaign's name.
    pub name: String,
    /// The battle's place in it, from 1.
    pub battle: u32,
    /// The campaign rulings chosen where they differ from our defaults.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rulings: BTreeMap<String, String>,
    /// What the battle before carried into this one, the changes the table set aside among
    /// them with their reasons (none for the first battle).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<Change>,
    /// The battle before's result as the table called it, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_before: Option<String>,
}
