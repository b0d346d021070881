//! Sky's events as journals of format 1 recorded them, read as today's.
//!
//! Format 1 kept a charge under way on the state: `ChargeDeclared` put it there,
//! `ChargeStage` moved it to its next step and `ChargeOver` ended it. Today each step of a
//! charge is owed ([`Due::Charge`]), raised and settled by `Required` and `Settled` like any
//! other due. What those old events come to depends on the charge under way before them, so
//! they are read entry by entry as replay reaches it, given the state before it.

use ron::value::RawValue;
use serde::Deserialize;

use super::event::Event;
use super::state::{Charge, ChargeStage, Due};
use crate::engine::journal::read::read_recorded;

/// The events of format 1 that today's event type no longer has.
#[derive(Debug, Deserialize)]
enum Older {
    /// The charge under way moved on to this step.
    ChargeStage(ChargeStage),
    /// The charge under way ended.
    ChargeOver,
}

/// Today's events for those an entry of a format 1 journal records, given the charge under
/// way before it (`current`, the state's): `ChargeDeclared(c)` is followed by `Required(Charge(c))` (unless the
/// entry already requires it), `ChargeStage(s)` becomes `Settled` of the charge under way
/// and `Required` of it at step `s`, and `ChargeOver` becomes `Settled` of the charge under
/// way. Every other event is taken as it is. The step settled is settled where today's
/// commands settle it, before what they do: first for a charge under way before the entry,
/// else right after it was raised (the step's `Required` stays where the step moved on).
///
/// # Errors
/// An event that reads neither as today's nor as an older one, or an old one that moves on
/// or ends a charge when none is under way.
pub(super) fn upgrade_events(
    mut current: Option<Charge>,
    recorded: &[Box<RawValue>],
) -> Result<Vec<Event>, String> {
    let mut events = Vec::with_capacity(recorded.len() + 2);
    // Where the step under way is settled: before the entry's events for a charge under way
    // before it, else after the events that raised it.
    let mut settle_at = 0;
    for (index, text) in recorded.iter().enumerate() {
        let today = match read_recorded::<Event>(index, text) {
            Ok(event) => event,
            Err(why) => {
                let older = read_recorded::<Older>(index, text).map_err(|_| why)?;
                let Some(charge) = current else {
                    return Err(format!(
                        "event {}: a charge moves on or ends, but no charge is under way",
                        index + 1
                    ));
                };
                // Today a command settles the step it takes before anything else it does.
                events.insert(settle_at, Event::Settled(Due::Charge(charge)));
                current = match older {
                    Older::ChargeStage(stage) => {
                        let next = Charge { stage, ..charge };
                        events.push(Event::Required(Due::Charge(next)));
                        Some(next)
                    }
                    Older::ChargeOver => None,
                };
                settle_at = events.len();
                continue;
            }
        };
        let declared = match &today {
            Event::ChargeDeclared(charge) => Some(*charge),
            _ => None,
        };
        events.push(today);
        if let Some(charge) = declared {
            current = Some(charge);
            let required = Event::Required(Due::Charge(charge));
            let next = recorded
                .get(index + 1)
                .map(|t| read_recorded::<Event>(index + 1, t));
            if !matches!(next, Some(Ok(ref e)) if *e == required) {
                events.push(required);
            }
            settle_at = events.len();
        }
    }
    Ok(events)
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;
    use crate::rules::sky::state::UnitRef;

    fn recorded(events: &[&str]) -> Vec<Box<RawValue>> {
        let read = |e: &&str| RawValue::from_boxed_ron(Box::from(*e)).expect("ron");
        events.iter().map(read).collect()
    }

    fn charge(stage: ChargeStage) -> Charge {
        Charge {
            charger: UnitRef(0, 0, 0),
            target: UnitRef(1, 0, 0),
            stage,
            charging: true,
        }
    }

    #[test]
    fn a_declared_charge_is_owed_and_its_old_steps_settle_and_raise_it() {
        let declared =
            "ChargeDeclared((charger:(0,0,0),target:(1,0,0),stage:ChargerTest,charging:true))";
        let tested = "Tested(test:Charge((0,0,0)),faces:[2,2],modifier:0,target:7,passed:true)";
        let events = upgrade_events(
            None,
            &recorded(&[declared, tested, "ChargeStage(TargetTest)", "ChargeOver"]),
        )
        .expect("upgrades");
        let tested: Event = ron::from_str(tested).expect("today's");
        let (first, second) = (
            charge(ChargeStage::ChargerTest),
            charge(ChargeStage::TargetTest),
        );
        assert_eq!(
            events,
            vec![
                Event::ChargeDeclared(first),
                Event::Required(Due::Charge(first)),
                Event::Settled(Due::Charge(first)),
                tested,
                Event::Required(Due::Charge(second)),
                Event::Settled(Due::Charge(second)),
            ]
        );
    }

    #[test]
    fn a_step_of_a_charge_under_way_is_settled_before_what_the_entry_does() {
        let (under_way, next) = (charge(ChargeStage::ChargerTest), charge(ChargeStage::Melee));
        let removed = r#"Removed(unit:(1,0,0),why:"caught")"#;
        let events = upgrade_events(
            Some(under_way),
            &recorded(&[
                removed,
                "ChargeStage(Melee)",
                "ChargeDeclared((charger:(0,0,0),target:(1,0,0),stage:Melee,charging:false))",
                "ChargeOver",
            ]),
        )
        .expect("upgrades");
        let removed: Event = ron::from_str(removed).expect("today's");
        let in_contact = Charge {
            charging: false,
            ..next
        };
        assert_eq!(
            events,
            vec![
                Event::Settled(Due::Charge(under_way)),
                removed,
                Event::Required(Due::Charge(next)),
                Event::ChargeDeclared(in_contact),
                Event::Required(Due::Charge(in_contact)),
                Event::Settled(Due::Charge(in_contact)),
            ]
        );
    }

    #[test]
    fn an_old_step_with_no_charge_under_way_or_an_unknown_event_is_refused() {
        let err = upgrade_events(None, &recorded(&["ChargeOver"])).expect_err("no charge");
        assert!(
            err.contains("event 1") && err.contains("no charge"),
            "{err}"
        );
        let err = upgrade_events(None, &recorded(&["ChargeAbandoned"])).expect_err("unknown");
        assert!(err.starts_with("event 1, column"), "{err}");
    }
}
