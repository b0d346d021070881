//! The app's part in a campaign: from a campaign file (or a battle's end) to the next battle's
//! New battle dialog, the battle it begins recorded in the campaign file, and the campaign
//! windows' requests carried out.

use std::path::{Path, PathBuf};

use super::app::App;
use super::campaign_next::NextBattle;
use super::campaign_page::{CampaignAction, CampaignPage};
use crate::campaign::Campaign;
use crate::campaign::file::path_for;
use crate::campaign::rebuild::read_or_rebuild;
use crate::engine::Game;

/// The campaign file of a battle of the campaign `name`: beside its journal, or else in the
/// data directory's battles folder.
fn campaign_file(game: &dyn Game, battles: &Path, name: &str) -> PathBuf {
    let beside = game
        .journal_path()
        .and_then(|j| j.parent().map(|d| path_for(d, name)));
    match beside {
        Some(p) if p.exists() => p,
        _ => path_for(battles, name),
    }
}

impl App {
    /// The campaign file at `path` (named `name`), read, or rebuilt from its journals when
    /// damaged (said across the top); `None` with the reason across the top when neither.
    fn read_campaign(&mut self, path: &Path, name: &str) -> Option<Campaign> {
        match read_or_rebuild(path, name) {
            Ok((campaign, rebuilt)) => {
                if let Some(said) = rebuilt {
                    self.banner = Some((said, true));
                }
                Some(campaign)
            }
            Err(e) => {
                self.banner = Some((format!("Cannot open the campaign: {e}"), true));
                None
            }
        }
    }

    /// Goes on with the campaign at `path`: the next battle's New battle dialog with both
    /// armies as they now stand, or its last battle, resumed, while that is under way.
    pub(super) fn continue_campaign(&mut self, path: &Path, name: &str) {
        let Some(campaign) = self.read_campaign(path, name) else {
            return;
        };
        let next = match campaign.last_journal(path) {
            None => campaign.next(path),
            Some(journal) if self.live.as_ref().is_some_and(|l| l.writes_to(&journal)) => {
                let game = self.live.as_ref().map(|l| l.game.as_ref());
                game.map_or_else(|| campaign.next(path), |g| campaign.next_from(g))
            }
            Some(journal) => match crate::rules::open_journal(&journal, true, false) {
                Ok((game, _)) if !game.ended() => {
                    drop(game);
                    self.open(&journal, false);
                    let place = campaign.battles.len();
                    self.banner = Some((
                        format!(
                            "Battle {place} of {} is under way: End battle… carries it into the next.",
                            campaign.name
                        ),
                        false,
                    ));
                    return;
                }
                Ok((game, _)) => campaign.next_from(game.as_ref()),
                Err(e) => Err(format!("cannot read {}: {e}", journal.display())),
            },
        };
        match next {
            Ok(next) => {
                self.resume_offer = None;
                self.campaign.page = None;
                self.new_battle
                    .continue_campaign(NextBattle::new(path.to_owned(), campaign, next));
            }
            Err(e) => {
                self.campaign.message = Some((e.clone(), true));
                self.banner = Some((e, true));
            }
        }
    }

    /// After a battle began from the campaign's New battle dialog: the campaign file records
    /// it (its journal, the result the table gave the battle before, what carried).
    pub(super) fn campaign_began(&mut self) {
        let Some(mut prepared) = self.new_battle.campaign.take() else {
            return;
        };
        let Some(live) = &self.live else { return };
        let tag = live.game.house_rules().campaign.as_deref().cloned();
        if tag.is_none_or(|t| t.name != prepared.campaign.name || t.battle != prepared.next.battle)
        {
            return;
        }
        let Some(journal) = live.journal() else {
            self.banner = Some((
                "This battle is NOT being saved, so the campaign cannot carry it on.".to_owned(),
                true,
            ));
            return;
        };
        let started = live.game.started();
        prepared.campaign.began(&prepared.next, &journal, started);
        match prepared.campaign.write(&prepared.path) {
            Ok(()) => {
                self.banner = Some((
                    format!(
                        "Battle {} of the campaign {} has begun.",
                        prepared.next.battle, prepared.campaign.name
                    ),
                    false,
                ));
            }
            Err(e) => {
                self.banner = Some((
                    format!(
                        "The battle has begun, but the campaign file could not be written ({e}); its journals will rebuild it."
                    ),
                    true,
                ));
            }
        }
    }

    /// The battle just ended: a campaign's battle offers to continue the campaign.
    pub(super) fn campaign_battle_ended(&mut self) {
        let Some(live) = &self.live else { return };
        let Some(tag) = live.game.house_rules().campaign.as_deref() else {
            return;
        };
        let path = campaign_file(
            live.game.as_ref(),
            &self.data.root().join("battles"),
            &tag.name,
        );
        self.campaign.offer = Some((path, tag.name.clone(), tag.battle));
    }

    /// The toolbar's Campaign button, when the battle on screen belongs to a campaign.
    pub(super) fn campaign_button_ui(&mut self, ui: &mut eframe::egui::Ui) {
        let in_campaign = self
            .live
            .as_ref()
            .is_some_and(|l| l.game.house_rules().campaign.is_some());
        if in_campaign
            && ui
                .button("Campaign")
                .on_hover_text("The campaign this battle belongs to: its page")
                .clicked()
        {
            self.show_campaign_of_battle();
        }
    }

    /// Opens the page of the campaign the battle on screen belongs to.
    fn show_campaign_of_battle(&mut self) {
        let Some(live) = &self.live else { return };
        let Some(tag) = live.game.house_rules().campaign.as_deref() else {
            return;
        };
        let name = tag.name.clone();
        let path = campaign_file(live.game.as_ref(), &self.data.root().join("battles"), &name);
        self.show_campaign(&path, &name);
    }

    /// Opens the page of the campaign at `path`.
    pub(super) fn show_campaign(&mut self, path: &Path, name: &str) {
        if let Some(campaign) = self.read_campaign(path, name) {
            self.campaign.message = None;
            self.campaign.page = Some(CampaignPage::new(path.to_owned(), campaign));
        }
    }

    /// Draws the campaign windows and carries out what they ask.
    pub(super) fn campaign_windows(&mut self, ctx: &eframe::egui::Context) {
        match self.campaign.ui(ctx) {
            Some(CampaignAction::Continue(path, name)) => self.continue_campaign(&path, &name),
            Some(CampaignAction::Show(path, name)) => self.show_campaign(&path, &name),
            Some(CampaignAction::Report(path, name)) => {
                let written = self.read_campaign(&path, &name).map(|c| {
                    let to = self.data.report_path("html");
                    super::files::write_file(
                        &to,
                        crate::campaign::report::html(&c, &path).as_bytes(),
                    )
                    .map(|()| to)
                });
                self.campaign.message = written.map(|r| match r {
                    Ok(to) => (
                        format!("Wrote the campaign's report to {}", to.display()),
                        false,
                    ),
                    Err(e) => (e, true),
                });
            }
            None => {}
        }
    }
}
