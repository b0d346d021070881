//! Checking Sky commands and turning them into events.
//!
//! Each command is worked out against a scratch copy of the state: every event is applied
//! to the scratch as it is emitted, so later steps see its effect (a stand lost before the
//! Route test it triggers). Only the events leave this module.

mod combat;
mod flow;

use super::Sky;
use super::command::Command;
use super::event::{Event, Test};
use super::numbers::{self, TestNumbers};
use super::order::{ACTIVATION, ORDER};
use super::state::{ActionKind, Binding, ClanRef, Due, Phase, State, UnitRef, UnitState};
use super::tables::Rules;
use crate::engine::error::CommandError;
use crate::engine::exec::{Exec, refuse};
use crate::rules::sky::tables::SpiritRollScope;

/// The engine's execution context, for a Sky command.
pub(super) type Ctx<'a> = Exec<'a, Sky>;

impl Ctx<'_> {
    fn unit(&self, u: UnitRef) -> Result<&UnitState, CommandError> {
        self.state()
            .unit(u)
            .ok_or_else(|| CommandError::illegal(format!("there is no unit {}", u.id())))
    }

    fn name(&self, u: UnitRef) -> String {
        self.state().unit_name(u)
    }

    /// Rolls a 2d6 test and records it.
    fn test(&mut self, test: Test, numbers: &TestNumbers) -> Result<bool, CommandError> {
        let faces = self.roll_n(numbers.dice, numbers.sides)?;
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
        if spirit_owed(self.rules(), self.state(), unit, test) {
            return Err(CommandError::illegal(format!(
                "{} must first make its first-Bushi-test roll (optional rule)",
                self.name(unit)
            )));
        }
        let numbers = numbers::bushi(self.rules(), self.state(), test);
        self.test(test, &numbers)
    }
}

/// Requires a test of a unit against Bushi, after the optional first Bushi roll when that is
/// still owed (it comes first: `order::precedes`).
fn owe_test(ctx: &mut Ctx<'_>, due: Due, unit: UnitRef, test: Test) -> Result<(), CommandError> {
    if spirit_owed(ctx.rules(), ctx.state(), unit, test) {
        ctx.require(Due::Spirit(unit))?;
    }
    ctx.require(due)
}

/// Whether the optional first-Bushi-test roll is owed before this test.
pub fn spirit_owed(rules: &Rules, state: &State, unit: UnitRef, test: Test) -> bool {
    let applies = match test {
        Test::Route(_) => rules.rulings.spirit_roll_scope == SpiritRollScope::AnyTestAgainstBushi,
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
pub fn execute(ctx: &mut Ctx<'_>, command: &Command) -> Result<(), CommandError> {
    if ctx.state().ended && *command != Command::EndBattle {
        return Err(CommandError::illegal("the battle is over"));
    }
    let ctx = &mut *ctx;
    match command {
        Command::RollInitiative => flow::initiative(ctx)?,
        Command::TryActivation(clan) => flow::try_activation(ctx, *clan)?,
        Command::GeneralStepsIn => flow::general_steps_in(ctx)?,
        Command::DeclineGeneral => flow::decline_general(ctx)?,
        Command::RollActions => flow::roll_actions(ctx)?,
        Command::RoutMove { unit, left_table } => flow::rout_move(ctx, *unit, *left_table)?,
        Command::NoImpetus(unit) => flow::no_impetus(ctx, *unit, false)?,
        Command::ImpetusObeyed(unit) => flow::no_impetus(ctx, *unit, true)?,
        Command::ImpetusBlocked(unit) => {
            ctx.settle(Due::ImpetusCharge(*unit))?;
            ctx.emit(Event::ImpetusSettled {
                unit: *unit,
                obeyed: false,
            })?;
        }
        Command::Melee { unit, target } => combat::melee_in_contact(ctx, *unit, *target)?,
        Command::ImpetusOrderedOtherwise(unit) => flow::ordered_otherwise(ctx, *unit)?,
        Command::ImpetusTest(unit) => flow::impetus_test(ctx, *unit)?,
        Command::EndActivation => flow::end_activation(ctx)?,
        Command::Morale {
            unit,
            kind,
            by_general,
        } => flow::morale(ctx, *unit, *kind, *by_general)?,
        Command::SkipMorale(unit) => flow::skip_morale(ctx, *unit)?,
        Command::EndMorale => flow::end_morale(ctx)?,
        Command::NextTurn => flow::next_turn(ctx)?,
        Command::CorrectCount {
            unit,
            stands,
            marked,
        } => flow::correct_count(ctx, *unit, *stands, *marked)?,
        Command::SpiritRoll(unit) => flow::spirit_roll(ctx, *unit)?,
        Command::RouteTest(unit) => combat::route_test(ctx, *unit)?,
        Command::InjuryRoll(unit) => combat::injury_roll(ctx, *unit)?,
        Command::Move {
            unit,
            cross_obstacle,
        } => combat::move_unit(ctx, *unit, *cross_obstacle)?,
        Command::Reload(unit) => combat::reload(ctx, *unit)?,
        Command::Fire {
            unit,
            weapon,
            target,
            in_range,
            cover,
        } => {
            combat::fire(ctx, *unit, *weapon, *target, *in_range, *cover)?;
        }
        Command::Charge {
            unit,
            target,
            cross_obstacle,
        } => combat::charge(ctx, *unit, *target, *cross_obstacle)?,
        Command::DefensiveFire {
            weapon,
            in_range,
            cover,
        } => {
            combat::defensive_fire(ctx, Some((*weapon, *in_range, *cover)))?;
        }
        Command::SkipDefensiveFire => combat::defensive_fire(ctx, None)?,
        Command::ChargerTest => combat::charger_test(ctx)?,
        Command::TargetTest => combat::target_test(ctx)?,
        Command::StillContacted(contacted) => combat::still_contacted(ctx, *contacted)?,
        Command::FightMelee => combat::melee(ctx)?,
        Command::Attach { clan, unit } => attach(ctx, *clan, *unit)?,
        Command::SetFormation { unit, formation } => {
            let u = ctx.unit(*unit)?;
            if u.removed {
                return Err(CommandError::illegal("that unit is no longer on the table"));
            }
            if let Err(why) =
                super::roster::line_fits(ctx.rules(), u.spec.mounted, u.stands, *formation)
            {
                return Err(refuse(why, "sky: Units and organization"));
            }
            ctx.emit(Event::FormationSet {
                unit: *unit,
                formation: *formation,
            })?;
        }
        Command::EndBattle => {
            if ctx.state().ended {
                return Err(CommandError::illegal("the battle is already over"));
            }
            ctx.emit(Event::BattleEnded)?;
        }
    }
    Ok(())
}

fn attach(ctx: &mut Ctx<'_>, clan: ClanRef, unit: Option<u8>) -> Result<(), CommandError> {
    let c = ctx
        .state()
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

/// Whether a unit is committed to charging the enemy Samurai.
fn bound_to_charge(ctx: &Ctx<'_>, unit: UnitRef) -> bool {
    ctx.state().ledger.binding(unit) == Some(&Binding::ChargeSamurai)
}

/// Refuses an action when checks are due, a charge is under way, the unit cannot act, or the
/// order of actions forbids it: `kinds` are the actions the command takes, all at once.
fn acting_unit(ctx: &Ctx<'_>, unit: UnitRef, kinds: &[ActionKind]) -> Result<(), CommandError> {
    let Phase::Activation { clan } = ctx.state().phase else {
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
    // What is due (Samurai to handle, a charge under way, tests) blocks this by the engine's
    // default; a Samurai committed to charge the enemy Samurai makes that charge first.
    let charging = kinds.contains(&ActionKind::Charge);
    let driven = charging && (ctx.is_due(&Due::ImpetusCharge(unit)) || bound_to_charge(ctx, unit));
    if !driven && let Some((b, _)) = ctx.state().ledger.bindings().next() {
        return Err(refuse(
            format!(
                "{} must first make the charge at the enemy Samurai it was committed to (or be ordered otherwise, with its Bushi test)",
                ctx.name(*b)
            ),
            ACTIVATION,
        ));
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
    for kind in kinds {
        ctx.state()
            .ledger
            .permits(unit, kind, ORDER)
            .map_err(|r| refuse(format!("{}: {}", u.spec.name, r.reason), r.citation))?;
    }
    Ok(())
}

/// Spends the actions a command's parts cost, refusing to overspend: every part is recorded in
/// the activity ledger.
fn spend(
    ctx: &mut Ctx<'_>,
    unit: UnitRef,
    parts: &[(ActionKind, u32)],
) -> Result<(), CommandError> {
    let cost: u32 = parts.iter().map(|(_, c)| c).sum();
    let left = ctx.state().actions_left.unwrap_or(0);
    if cost > left {
        return Err(refuse(
            format!(
                "that costs {cost} {}; the clan has {left} left",
                plural(cost, "action", "actions")
            ),
            "sky: Clan Activation",
        ));
    }
    for &(kind, cost) in parts {
        ctx.emit(Event::ActionTaken { unit, kind, cost })?;
    }
    Ok(())
}

/// `1 action`, `2 actions`.
pub fn plural<'a>(n: u32, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
