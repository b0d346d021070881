//! A battle of any rule set behind one interface, for the shared screens and the CLI.

use std::any::Any;
use std::path::PathBuf;

use chrono::{DateTime, Utc};
use rand_chacha::ChaCha8Rng;

use super::action::{ActionForm, ActionPlan};
use super::battle::{Battle, LogEntry};
use super::check::Check;
use super::error::{BattleError, CommandError};
use super::ruleset::RuleSet;
use super::view::BattleView;
use crate::dice::{DiceSource, TableDice};
use crate::reference::HouseRules;

/// Where the dice for a command come from.
pub enum Dice<'a> {
    /// Gunbai rolls.
    Roll(&'a mut dyn DiceSource),
    /// The faces rolled at the table; every one must be used.
    Table(TableDice),
}

/// Any battle, whatever its rule set.
pub trait Game {
    /// The rule set key.
    fn key(&self) -> &'static str;
    /// The rule set's title.
    fn title(&self) -> &'static str;
    /// Goes up with every change.
    fn version(&self) -> u64;
    /// The neutral picture.
    fn view(&self) -> BattleView;
    /// The units (by view id) the rules keep from the players now (an ambush still hidden).
    fn kept_from_players(&self) -> Vec<String>;
    /// The checks due now, each with its key; answer one with [`Game::answer`].
    fn checks(&self) -> Vec<Check<()>>;
    /// Settles the check with key `check`, as shown at battle version `version`, with its
    /// answer `answer`. A check answered from an older version is refused: the queue may
    /// have changed under the umpire's pointer.
    ///
    /// # Errors
    /// Stale, refused, bad table faces, or the journal could not be written; nothing
    /// changes then.
    fn answer(
        &mut self,
        check: &str,
        answer: usize,
        version: u64,
        dice: Dice<'_>,
    ) -> Result<(), BattleError>;
    /// The log of commands in effect.
    fn log(&self) -> &[LogEntry];
    /// Takes back the last `count` commands.
    ///
    /// # Errors
    /// Fewer are in effect, or the journal could not be written.
    fn undo(&mut self, count: usize) -> Result<(), BattleError>;
    /// Puts back the last `count` commands undone.
    ///
    /// # Errors
    /// Fewer can be redone, or the journal could not be written.
    fn redo(&mut self, count: usize) -> Result<(), BattleError>;
    /// How many commands could be redone.
    fn redoable(&self) -> usize;
    /// Journal entries, undo entries included.
    fn entries(&self) -> usize;
    /// The journal file, if any.
    fn journal_path(&self) -> Option<PathBuf>;
    /// Why the battle is read-only, if it is: opened read-only, or its journal could not be
    /// written (then every change is refused, and the reason says what became of the file).
    fn read_only(&self) -> Option<String>;
    /// The whole battle as a fresh journal, for Save As (in its journal's format).
    ///
    /// # Errors
    /// An entry cannot be encoded.
    fn journal_text(&self) -> Result<Vec<u8>, String>;
    /// What replay said of the entries of an older journal that could not be run again and
    /// were taken as recorded (which, and the checks skipped), if any.
    fn taken_as_recorded(&self) -> Option<String>;
    /// The two armies' names.
    fn army_names(&self) -> [String; 2];
    /// The house rules in force.
    fn house_rules(&self) -> &HouseRules;
    /// When the battle started.
    fn started(&self) -> DateTime<Utc>;
    /// Whether the umpire ended it.
    fn ended(&self) -> bool;
    /// Whether the umpire may end the battle now.
    fn can_end(&self) -> bool;
    /// Ends the battle, as decided at battle version `version` (durable before it returns).
    ///
    /// # Errors
    /// Stale, refused, or the journal cannot be written.
    fn end_battle(&mut self, version: u64) -> Result<(), BattleError>;
    /// The actions open to a unit (by its view id) now.
    fn action_forms(&self, unit: &str) -> Vec<ActionForm>;
    /// What an action with these values comes to: its preview card (none when it rolls no
    /// dice) and what it asks before it is carried out; or why the values do not fit.
    ///
    /// # Errors
    /// The form is not open, a value is missing or out of its bounds, or the values do not
    /// fit the unit now.
    fn preview_action(
        &self,
        unit: &str,
        form: &str,
        values: &[usize],
    ) -> Result<ActionPlan<()>, String>;
    /// Carries out an action chosen at battle version `version` (durable before it returns).
    ///
    /// # Errors
    /// Stale, the values do not fit, the command is refused, or the journal cannot be
    /// written.
    fn do_action(
        &mut self,
        unit: &str,
        form: &str,
        values: &[usize],
        version: u64,
        dice: Dice<'_>,
    ) -> Result<(), BattleError>;
    /// Each side's strength at the end of every turn: `(turn, [side 0, side 1])`.
    fn strength_history(&self) -> Vec<(u32, [u32; 2])>;
    /// Plays one random legal command (for `simulate`); `false` when none could be found.
    ///
    /// # Errors
    /// The journal could not be written.
    fn random_step(
        &mut self,
        rng: &mut ChaCha8Rng,
        dice: &mut dyn DiceSource,
    ) -> Result<bool, BattleError>;
    /// The concrete battle, for a rule set's own action forms.
    fn as_any(&self) -> &dyn Any;
    /// The concrete battle, mutably.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<R: RuleSet> Battle<R> {
    /// Refuses what the umpire chose on a screen drawn before the battle last changed.
    fn fresh(&self, version: u64) -> Result<(), CommandError> {
        if version == self.version() {
            Ok(())
        } else {
            Err(CommandError::Stale)
        }
    }
}

impl<R: RuleSet> Game for Battle<R> {
    fn key(&self) -> &'static str {
        R::KEY
    }

    fn title(&self) -> &'static str {
        R::NAME
    }

    fn version(&self) -> u64 {
        Battle::version(self)
    }

    fn view(&self) -> BattleView {
        Battle::view(self)
    }

    fn kept_from_players(&self) -> Vec<String> {
        R::kept_from_players(self.state())
    }

    fn checks(&self) -> Vec<Check<()>> {
        self.pending().into_iter().map(|c| c.map(|_| ())).collect()
    }

    fn answer(
        &mut self,
        check: &str,
        answer: usize,
        version: u64,
        dice: Dice<'_>,
    ) -> Result<(), BattleError> {
        self.fresh(version)?;
        let command = self
            .pending()
            .into_iter()
            .find(|c| c.key == check)
            .and_then(|c| c.answers.into_iter().nth(answer))
            .map(|a| a.command)
            .ok_or_else(|| CommandError::illegal("that check is no longer due"))?;
        self.execute_with(command, dice).map(|_| ())
    }

    fn log(&self) -> &[LogEntry] {
        Battle::log(self)
    }

    fn undo(&mut self, count: usize) -> Result<(), BattleError> {
        Battle::undo(self, count)
    }

    fn redo(&mut self, count: usize) -> Result<(), BattleError> {
        Battle::redo(self, count)
    }

    fn redoable(&self) -> usize {
        Battle::redoable(self)
    }

    fn entries(&self) -> usize {
        Battle::entries(self).len()
    }

    fn journal_path(&self) -> Option<PathBuf> {
        Battle::journal_path(self)
    }

    fn read_only(&self) -> Option<String> {
        Battle::read_only(self).map(str::to_owned)
    }

    fn journal_text(&self) -> Result<Vec<u8>, String> {
        Battle::journal_text(self)
    }

    fn taken_as_recorded(&self) -> Option<String> {
        Battle::taken_as_recorded(self)
    }

    fn army_names(&self) -> [String; 2] {
        let views = Battle::view(self);
        let name = |i: usize| {
            views
                .sides
                .get(i)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        [name(0), name(1)]
    }

    fn house_rules(&self) -> &HouseRules {
        &self.header().house_rules
    }

    fn started(&self) -> DateTime<Utc> {
        self.header().started
    }

    fn ended(&self) -> bool {
        R::ended(self.state())
    }

    fn can_end(&self) -> bool {
        !R::ended(self.state()) && R::end_battle().is_some()
    }

    fn end_battle(&mut self, version: u64) -> Result<(), BattleError> {
        self.fresh(version)?;
        let command = R::end_battle()
            .ok_or_else(|| CommandError::illegal("this rule set has no end of battle"))?;
        self.execute_with(command, Dice::Table(TableDice::new(Vec::new())))
            .map(|_| ())
    }

    fn action_forms(&self, unit: &str) -> Vec<ActionForm> {
        R::action_forms(self.rules(), self.state(), unit)
    }

    fn preview_action(
        &self,
        unit: &str,
        form: &str,
        values: &[usize],
    ) -> Result<ActionPlan<()>, String> {
        super::surface::form_plan::<R>(self.rules(), self.state(), unit, form, values)
            .map(|plan| plan.map(|_| ()))
    }

    fn do_action(
        &mut self,
        unit: &str,
        form: &str,
        values: &[usize],
        version: u64,
        dice: Dice<'_>,
    ) -> Result<(), BattleError> {
        self.fresh(version)?;
        let plan = super::surface::form_plan::<R>(self.rules(), self.state(), unit, form, values)
            .map_err(CommandError::Illegal)?;
        self.execute_with(plan.command, dice).map(|_| ())
    }

    fn strength_history(&self) -> Vec<(u32, [u32; 2])> {
        Battle::strength_history(self)
    }

    fn random_step(
        &mut self,
        rng: &mut ChaCha8Rng,
        dice: &mut dyn DiceSource,
    ) -> Result<bool, BattleError> {
        for _ in 0..50 {
            let Some(command) =
                super::surface::random_command::<R>(self.rules(), self.state(), rng)
            else {
                return Ok(false);
            };
            match self.execute(command, dice) {
                Ok(_) => return Ok(true),
                Err(BattleError::Command(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
