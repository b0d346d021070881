//! Checking Sky commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a stand lost before the
//! Route test it triggers). Only the events leave this module.

mod combat;
mod flow;

use super::apply::apply;
use super::command::Command;
use super::event::{Event, Test};
use super::numbers::{self, TestNumbers};
use super::state::{ActionKind, ClanRef, Due, Phase, State, UnitRef, UnitState};
use super::tables::Rules;
use crate::dice::DiceSource;
use crate::engine::error::CommandError;
use crate::engine::ruleset::ApplyContext;

/// Events being built for one command, with the state as they leave it.
pub(super) struct Ctx<'a> {
    rules: &'a Rules,
    state: State,
    events: Vec<Event>,
    dice: &'a mut dyn DiceSource,
}

impl Ctx<'_> {
    /// Records an event and applies it to the scratch state.
    fn emit(&mut self, event: Event) -> Result<(), CommandError> {
        let at = ApplyContext {
            at: chrono::DateTime::UNIX_EPOCH,
        };
        apply(&mut self.state, &event, at).map_err(CommandError::Illegal)?;
        self.events.push(event);
        Ok(())
    }

    /// Rolls `n` dice of `sides`.
    fn roll(&mut self, n: u32, sides: u32) -> Result<Vec<u32>, CommandError> {
        (0..n)
            .map(|_| self.dice.roll(sides).map_err(CommandError::from))
            .collect()
    }

    fn unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        self.state
            .unit(u)
            .ok_or_else(|| CommandError::illegal(format!("there is no unit {}", u.id())))
    }

    fn name(&self, u: UnitRef) -> String {
        self.state.unit_name(u)
    }

    /// Requires something, unless it is already due.
    fn require(&mut self, due: Due) -> Result<(), CommandError> {
        if self.state.due.contains(&due) {
            Ok(())
        } else {
            self.emit(Event::Required(due))
        }
    }

    /// Settles something due; refused when it is not due.
    fn settle(&mut self, due: Due) -> Result<(), CommandError> {
        if !self.state.due.contains(&due) {
            return Err(CommandError::illegal("that is not due now"));
        }
        self.emit(Event::Settled(due))
    }

    /// Rolls a 2d6 test and records it.
    fn test(&mut self, test: Test, numbers: &TestNumbers) -> Result<bool, CommandError> {
        let faces = self.roll(numbers.dice, 6)?;
        let passed = numbers.passes(&faces);
        self.emit(Event::Tested {
            test,
            faces,
            modifier: numbers.modifier,
            target: numbers.target,
            passed,
        })?;
        Ok(passed)
    }

    /// Rolls a Bushi or Route test, after the optional first-test roll if it is still owed.
    fn bushi_test(&mut self, test: Test, unit: UnitRef) -> Result<bool, CommandError> {
        if spirit_owed(self.rules, &self.state, unit, test) {
            return Err(CommandError::illegal(format!(
                "{} must first make its first-Bushi-test roll (optional rule)",
                self.name(unit)
            )));
        }
        let numbers = numbers::bushi(self.rules, &self.state, test);
        self.test(test, &numbers)
    }
}

/// Whether the optional first-Bushi-test roll is owed before this test.
pub fn spirit_owed(rules: &Rules, state: &State, unit: UnitRef, test: Test) -> bool {
    let applies = match test {
        Test::Route(_) => rules.ruling("spirit_roll_scope") == "any_test_against_bushi",
        Test::Charge(_) | Test::Stand(_) | Test::Impetus(_) => true,
        Test::Activation { .. } | Test::Morale { .. } => false,
    };
    applies
        && rules.optional("first_bushi_roll")
        && state.unit(unit).is_some_and(|u| u.spirit.is_none())
}

/// Checks a command and returns its events.
///
/// # Errors
/// The command is not allowed now, or the dice could not be had.
pub fn execute(
    rules: &Rules,
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, CommandError> {
    if state.ended && *command != Command::EndBattle {
        return Err(CommandError::illegal("the battle is over"));
    }
    let mut ctx = Ctx {
        rules,
        state: state.clone(),
        events: Vec::new(),
        dice,
    };
    match command {
        Command::RollInitiative => flow::initiative(&mut ctx)?,
        Command::TryActivation(clan) => flow::try_activation(&mut ctx, *clan)?,
        Command::GeneralStepsIn => flow::general_steps_in(&mut ctx)?,
        Command::DeclineGeneral => flow::decline_general(&mut ctx)?,
        Command::RollActions => flow::roll_actions(&mut ctx)?,
        Command::RoutMove { unit, left_table } => flow::rout_move(&mut ctx, *unit, *left_table)?,
        Command::NoImpetus(unit) => flow::no_impetus(&mut ctx, *unit, false)?,
        Command::ImpetusObeyed(unit) => flow::no_impetus(&mut ctx, *unit, true)?,
        Command::ImpetusBlocked(unit) => {
            ctx.settle(Due::ImpetusCharge(*unit))?;
            ctx.emit(Event::ImpetusSettled {
                unit: *unit,
                obeyed: false,
            })?;
        }
        Command::Melee { unit, target } => combat::melee_in_contact(&mut ctx, *unit, *target)?,
        Command::ImpetusTest(unit) => flow::impetus_test(&mut ctx, *unit)?,
        Command::EndActivation => flow::end_activation(&mut ctx)?,
        Command::Morale {
            unit,
            kind,
            by_general,
        } => flow::morale(&mut ctx, *unit, *kind, *by_general)?,
        Command::SkipMorale(unit) => flow::skip_morale(&mut ctx, *unit)?,
        Command::EndMorale => flow::end_morale(&mut ctx)?,
        Command::NextTurn => flow::next_turn(&mut ctx)?,
        Command::SpiritRoll(unit) => flow::spirit_roll(&mut ctx, *unit)?,
        Command::RouteTest(unit) => combat::route_test(&mut ctx, *unit)?,
        Command::InjuryRoll(unit) => combat::injury_roll(&mut ctx, *unit)?,
        Command::Move {
            unit,
            cross_obstacle,
        } => combat::move_unit(&mut ctx, *unit, *cross_obstacle)?,
        Command::Reload(unit) => combat::reload(&mut ctx, *unit)?,
        Command::Fire {
            unit,
            weapon,
            target,
            in_range,
            cover,
        } => {
            combat::fire(&mut ctx, *unit, *weapon, *target, *in_range, *cover)?;
        }
        Command::Charge { unit, target } => combat::charge(&mut ctx, *unit, *target)?,
        Command::DefensiveFire {
            weapon,
            in_range,
            cover,
        } => {
            combat::defensive_fire(&mut ctx, Some((*weapon, *in_range, *cover)))?;
        }
        Command::SkipDefensiveFire => combat::defensive_fire(&mut ctx, None)?,
        Command::ChargerTest => combat::charger_test(&mut ctx)?,
        Command::TargetTest => combat::target_test(&mut ctx)?,
        Command::StillContacted(contacted) => combat::still_contacted(&mut ctx, *contacted)?,
        Command::FightMelee => combat::melee(&mut ctx)?,
        Command::Attach { clan, unit } => attach(&mut ctx, *clan, *unit)?,
        Command::SetFormation { unit, formation } => {
            let u = ctx.unit(*unit)?;
            if u.removed {
                return Err(CommandError::illegal("that unit is no longer on the table"));
            }
            ctx.emit(Event::FormationSet {
                unit: *unit,
                formation: *formation,
            })?;
        }
        Command::EndBattle => {
            if state.ended {
                return Err(CommandError::illegal("the battle is already over"));
            }
            ctx.emit(Event::BattleEnded)?;
        }
    }
    Ok(ctx.events)
}

fn attach(ctx: &mut Ctx<'_>, clan: ClanRef, unit: Option<u8>) -> Result<(), CommandError> {
    let c = ctx
        .state
        .clan(clan)
        .ok_or_else(|| CommandError::illegal("there is no such clan"))?;
    if c.attached_to == unit {
        return Err(CommandError::illegal("the Clan Leader is already there"));
    }
    if let Some(i) = unit {
        let u = c
            .units
            .get(usize::from(i))
            .ok_or_else(|| CommandError::illegal("there is no such unit"))?;
        if u.removed {
            return Err(CommandError::illegal("that unit is no longer on the table"));
        }
    }
    ctx.emit(Event::Attached { clan, unit })
}

/// Refuses an action when checks are due, a charge is under way, or the unit cannot act.
fn acting_unit(ctx: &Ctx<'_>, unit: UnitRef, kind: ActionKind) -> Result<(), CommandError> {
    let Phase::Activation { clan } = ctx.state.phase else {
        return Err(CommandError::illegal(
            "units act only while their clan is activated",
        ));
    };
    if unit.clan() != clan {
        return Err(CommandError::illegal(format!(
            "{} is not in the activated clan",
            ctx.name(unit)
        )));
    }
    // A charge driven by Bushi happens while the other Samurai are still being asked.
    let impetus_step = |d: &&Due| {
        matches!(
            d,
            Due::Impetus(_) | Due::ImpetusTest(_) | Due::ImpetusCharge(_)
        )
    };
    let blocking = ctx
        .state
        .due
        .iter()
        .find(|d| !(kind == ActionKind::Charge && impetus_step(d)));
    if let Some(due) = blocking {
        return Err(CommandError::illegal(format!(
            "settle what is required first ({due:?})"
        )));
    }
    if ctx.state.charge.is_some() {
        return Err(CommandError::illegal("finish the charge under way first"));
    }
    let u = ctx.unit(unit)?;
    if u.removed {
        return Err(CommandError::illegal(format!(
            "{} is no longer on the table",
            u.spec.name
        )));
    }
    if u.routing {
        return Err(CommandError::illegal(format!(
            "{} is routing and cannot be ordered",
            u.spec.name
        )));
    }
    if u.has_taken(kind) {
        return Err(CommandError::illegal(format!(
            "{} has already taken that action this activation",
            u.spec.name
        )));
    }
    Ok(())
}

/// Spends actions, refusing to overspend.
fn spend(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    kind: ActionKind,
    cost: u32,
) -> Result<(), CommandError> {
    let left = ctx.state.actions_left.unwrap_or(0);
    if cost > left {
        return Err(CommandError::illegal(format!(
            "that costs {cost} action(s); the clan has {left} left"
        )));
    }
    ctx.emit(Event::ActionTaken { unit, kind, cost })
}
