//! Campaigns: a series of battles where what happened in one carries into the next.
//!
//! A campaign file (`NAME.campaign.ron`, beside the journals) holds its name, rule set and
//! campaign rulings, both armies as mustered and as they stand now, and the battles played
//! in order, each with its journal, date, result and what it carried into the next. What
//! carries is each rule set's ([`seam::CampaignRules`]): a pure function of a battle's final
//! state and the campaign rulings. The journals stay the record: each battle's header names
//! its campaign and what carried into it ([`CampaignTag`]), so a damaged campaign file is
//! rebuilt from them.

pub mod change;
pub mod file;
pub mod flow;
pub mod rebuild;
pub mod report;
pub mod rulings;
pub mod seam;
pub mod series;
pub mod summary;
mod tag;

pub use change::{Change, Target, What};
pub use file::{BattleRecord, Campaign, CampaignError};
pub use flow::Next;
pub use seam::{CAMPAIGNS, CampaignInfo, CampaignRules};
pub use summary::Summary;
pub use tag::CampaignTag;

/// Whether a count is zero (a campaign field left out of a roster when it is).
#[allow(clippy::trivially_copy_pass_by_ref)]
pub fn is_zero(n: &u32) -> bool {
    *n == 0
}
