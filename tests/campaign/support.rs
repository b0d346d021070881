//! What every campaign test does: muster a campaign of a rule set's demo armies, begin its
//! battles through the campaign (journalled beside its file, as the app does), play them with
//! the table's faces, end them, and continue.

use std::collections::BTreeMap;
use std::path::PathBuf;

use gunbai::campaign::{Campaign, Change, Next};
use gunbai::dice::TableDice;
use gunbai::engine::{Battle, Dice, Game, RuleSet};
use gunbai::reference::HouseRules;
use gunbai::rules::{self, demo_rosters};

/// A campaign on disk: its folder, file and contents.
pub struct OnDisk {
    pub dir: tempfile::TempDir,
    pub path: PathBuf,
    pub campaign: Campaign,
}

/// Campaign rulings from `key=option` pairs.
pub fn rulings(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// A campaign of rule set `key`'s demo armies, written to a fresh folder.
pub fn muster(key: &str, chosen: &[(&str, &str)]) -> OnDisk {
    let dir = tempfile::tempdir().unwrap();
    let rosters = demo_rosters(key).unwrap();
    let mut campaign = Campaign::muster("Test campaign", key, &rosters, rulings(chosen)).unwrap();
    let path = gunbai::campaign::file::path_for(dir.path(), &campaign.name);
    campaign.write(&path).unwrap();
    OnDisk {
        dir,
        path,
        campaign,
    }
}

impl OnDisk {
    /// Begins the next battle as the app does: its journal beside the campaign file, the
    /// campaign file written after.
    pub fn begin(&mut self, next: &Next) -> Box<dyn Game> {
        self.begin_with(next, HouseRules::default())
    }

    /// Begins the next battle with the battle's own house rules.
    pub fn begin_with(&mut self, next: &Next, house: HouseRules) -> Box<dyn Game> {
        let request = self
            .campaign
            .request(next, house)
            .unwrap_or_else(|p| panic!("the next battle cannot begin: {p:?}"));
        let journal = self.dir.path().join(format!("battle-{}.ron", next.battle));
        let game =
            rules::start_battle(request.key, &request.rosters, request.house, Some(&journal))
                .unwrap();
        self.campaign.began(next, &journal, game.started());
        self.campaign.write(&self.path).unwrap();
        game
    }

    /// The first battle.
    pub fn first(&mut self) -> Box<dyn Game> {
        self.first_with(HouseRules::default())
    }

    /// The first battle, with the battle's own house rules.
    pub fn first_with(&mut self, house: HouseRules) -> Box<dyn Game> {
        let next = self.campaign.next(&self.path).unwrap();
        assert_eq!(next.battle, 1);
        self.begin_with(&next, house)
    }

    /// What the finished `game` carries, under the campaign's rulings with `chosen` switched.
    pub fn next_under(&self, game: &dyn Game, chosen: &[(&str, &str)]) -> Next {
        let mut c = self.campaign.clone();
        c.rulings = rulings(chosen);
        c.next_from(game).unwrap()
    }

    /// The armies the next battle would begin with under `chosen`.
    pub fn armies_under<R: RuleSet>(
        &self,
        game: &dyn Game,
        chosen: &[(&str, &str)],
    ) -> [R::Army; 2] {
        let next = self.next_under(game, chosen);
        let mut c = self.campaign.clone();
        c.rulings = rulings(chosen);
        let texts = c.next_armies(&next).unwrap_or_else(|p| panic!("{p:?}"));
        texts.map(|t| {
            R::load_army(&gunbai::roster::RosterText {
                file: "next".into(),
                source: t,
            })
            .unwrap()
            .army
        })
    }
}

/// The concrete battle behind a game.
pub fn battle<R: RuleSet>(game: &mut Box<dyn Game>) -> &mut Battle<R> {
    game.as_any_mut().downcast_mut::<Battle<R>>().unwrap()
}

/// Carries out a command with the table's faces, which must succeed.
pub fn ok<R: RuleSet>(game: &mut Box<dyn Game>, command: R::Command, faces: &[u32]) {
    let b = battle::<R>(game);
    if let Err(e) = b.execute_with(command.clone(), Dice::Table(TableDice::new(faces.to_vec()))) {
        panic!("{command:?} with {faces:?} refused: {e}");
    }
}

/// Ends the battle by the umpire's word.
pub fn end(game: &mut Box<dyn Game>) {
    let version = game.version();
    game.end_battle(version).unwrap();
    assert!(game.ended());
}

/// The armies a battle began with.
pub fn armies<R: RuleSet>(game: &mut Box<dyn Game>) -> [R::Army; 2] {
    battle::<R>(game).header().armies.clone()
}

/// The changes in a few words each, for asserting: `who: effect`.
pub fn effects(changes: &[Change], noun: &str) -> Vec<String> {
    changes
        .iter()
        .map(|c| format!("{}: {}", c.who, c.effect(noun)))
        .collect()
}
