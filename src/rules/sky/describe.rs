//! A plain sentence for every Sky event, for the battle log and the report.
//!
//! A sentence is written for every event of every entry a reopen runs again, so each is
//! written in one go: names borrowed from the state, faces, modifiers and counts written
//! straight into the sentence rather than into `String`s of their own first.

use std::fmt::{self, Display, Write as _};

use super::event::{Event, MeleeRoll, Test};
use super::numbers::morale_words;
use super::roster::Formation;
use super::state::{ActionKind, ChargeStage, Due, MoraleKind, Phase, State, UnitRef};
use crate::engine::ruleset::Sentence;
use crate::engine::words;

/// Faces as the log shows them: `6 5 1`.
struct Faces<'a>(&'a [u32]);

impl Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_char(' ')?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// Appends faces as the log shows them: `6 5 1`.
fn push_faces(text: &mut String, faces: &[u32]) {
    for (i, &face) in faces.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        words::push_number(text, face.into());
    }
}

/// A modifier as the log adds it to a roll: ` + 2`, ` - 1`, or nothing for none.
struct Signed(i64);

impl Display for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => Ok(()),
            m if m > 0 => write!(f, " + {m}"),
            m => write!(f, " - {}", m.unsigned_abs()),
        }
    }
}

/// The sentence for an event, read against the state just before it.
// One arm per event, so every sentence of the log can be read in one place.
#[allow(clippy::too_many_lines)]
pub fn describe(state: &State, event: &Event) -> Sentence {
    let name = |u: UnitRef| state.unit_label(u);
    let about = |text: String, units: &[UnitRef]| {
        Sentence::new(text, units.iter().map(|u| u.id()).collect())
    };
    let none = |text: String| Sentence::new(text, Vec::new());
    match event {
        Event::Initiative {
            faces: f,
            clans,
            first,
        } => {
            // Every turn begins with this roll: written piece by piece, without `format!`.
            // `Initiative: Takeda rolled 6 2 + 3 clans = 11; Uesugi rolled …; Takeda takes
            // the first round.`
            let names = state.sides.iter().map(|s| s.name.len()).sum::<usize>();
            let mut text = String::with_capacity(96 + 2 * names);
            text.push_str("Initiative: ");
            for i in 0..2 {
                text.push_str(&state.sides[i].name);
                text.push_str(" rolled ");
                push_faces(&mut text, &f[i]);
                text.push_str(" + ");
                words::push_number(&mut text, clans[i].into());
                text.push_str(" clans = ");
                words::push_number(&mut text, (f[i].iter().sum::<u32>() + clans[i]).into());
                text.push_str("; ");
            }
            match first {
                Some(s) => {
                    text.push_str(&state.sides[*s].name);
                    text.push_str(" takes the first round.");
                }
                None => text.push_str("a tie: roll again."),
            }
            none(text)
        }
        Event::Tested {
            test,
            faces: f,
            modifier,
            target,
            passed,
        } => {
            let total = f.iter().map(|&x| i64::from(x)).sum::<i64>() + modifier;
            let verdict = if *passed { "passed" } else { "failed" };
            let roll = Roll {
                faces: f,
                modifier: *modifier,
                total,
                target: *target,
            };
            match test {
                Test::Activation { clan, by_general } => {
                    let c = state.clan(*clan).map_or("?", |c| c.name.as_str());
                    let who = if *by_general {
                        "The General"
                    } else {
                        "The Clan Leader"
                    };
                    none(format!("{who} {roll} to activate the {c} clan: {verdict}."))
                }
                Test::Charge(u) => about(
                    format!("{} {roll} to close with the enemy: {verdict}.", name(*u)),
                    &[*u],
                ),
                Test::Stand(u) => about(
                    format!(
                        "{} {roll} to stand against the charge: {verdict}.",
                        name(*u)
                    ),
                    &[*u],
                ),
                // What the verdict means is told once, by the events that follow it (disordered
                // and bound to charge, or doing as ordered).
                Test::Impetus(u) => about(
                    format!(
                        "{} {roll} on its Bushi against the order: {verdict}.",
                        name(*u)
                    ),
                    &[*u],
                ),
                Test::Route(u) => about(
                    format!("Route test for {}: {roll}: {verdict}.", name(*u)),
                    &[*u],
                ),
                Test::Morale {
                    unit,
                    kind,
                    by_general,
                } => {
                    let who = if *by_general {
                        "the General"
                    } else {
                        "its Clan Leader"
                    };
                    about(
                        format!(
                            "Attempt to {} {} by {who}: {roll}: {verdict}.",
                            morale_words(*kind),
                            name(*unit)
                        ),
                        &[*unit],
                    )
                }
            }
        }
        Event::PhaseBegins(phase) => none(match phase {
            Phase::Initiative => "Initiative is due.".into(),
            Phase::Rounds { side } => format!("{}'s round.", state.sides[*side].name),
            Phase::Activation { clan } => format!(
                "The {} clan is activated.",
                state.clan(*clan).map_or("?", |c| c.name.as_str())
            ),
            Phase::Morale => "All clans have had their chance: the Morale phase begins.".into(),
            Phase::EndOfTurn => format!("End of turn {}: roll call.", state.turn),
        }),
        Event::TurnBegins(t) => none(format!("Turn {t} begins.")),
        Event::InterventionOffered(_) => {
            none("The General may step in for the clan that missed.".into())
        }
        Event::InterventionClosed => none("The General's chance to step in is settled.".into()),
        Event::GeneralBarred(s) => none(format!(
            "{}'s General failed: he may do nothing else this turn.",
            state.sides[*s].name
        )),
        Event::ActionsRolled { faces: f, actions } => none(format!(
            "Actions: rolled {}, the clan has {}.",
            Faces(f),
            words::counted(*actions, "action")
        )),
        Event::Required(due) => due_sentence(state, *due),
        // An attempt passed up says so; other settlements come with their own events.
        Event::Settled(Due::Rally(u)) => about(format!("{}: no rally is tried.", name(*u)), &[*u]),
        Event::Settled(Due::Reorder(u)) => {
            about(format!("{}: no re-order is tried.", name(*u)), &[*u])
        }
        Event::Settled(Due::GeneralRetry(u, k)) => about(
            format!(
                "The General does not try to {} {}.",
                morale_words(*k),
                name(*u)
            ),
            &[*u],
        ),
        // Whether the fleeing unit was caught is the umpire's word: the entry says the charge
        // is over either way (a catch is its own event after this one).
        Event::Settled(Due::Charge(c)) if c.stage == ChargeStage::StillContacted => about(
            format!("The charge on {} is over.", name(c.target)),
            &[c.target],
        ),
        Event::Settled(_) | Event::Dropped(_) => none(String::new()),
        Event::ActionTaken { unit, kind, cost } => {
            let what = match kind {
                ActionKind::Move => "moves",
                ActionKind::Charge => "charges",
                ActionKind::CrossObstacle => "crosses an obstacle",
                ActionKind::Reload => "reloads",
                ActionKind::Fire => "fires",
                ActionKind::FireArquebus => "fires its arquebuses",
                ActionKind::Melee => "fights",
                ActionKind::RoutMove => "routs",
            };
            // A routing unit's move is told by its own sentence; only a cost is worth a word.
            if *kind == ActionKind::RoutMove && *cost == 0 {
                return none(String::new());
            }
            about(
                format!(
                    "{} {what} ({cost} action{}).",
                    name(*unit),
                    if *cost == 1 { "" } else { "s" }
                ),
                &[*unit],
            )
        }
        Event::RoutMoved(u) => about(
            format!("{} routs a full move to the rear.", name(*u)),
            &[*u],
        ),
        Event::Removed { unit, why } => {
            about(format!("{} is removed: {why}.", name(*unit)), &[*unit])
        }
        Event::ImpetusSettled { unit, obeyed } => about(
            if *obeyed {
                format!("{} does as the player orders.", name(*unit))
            } else {
                format!(
                    "{} has no enemy Samurai within charge distance.",
                    name(*unit)
                )
            },
            &[*unit],
        ),
        Event::Moved { unit, obstacle } => about(
            format!(
                "{} moved{}.",
                name(*unit),
                if *obstacle {
                    ", crossing an obstacle"
                } else {
                    ""
                }
            ),
            &[*unit],
        ),
        Event::Reloaded(u) => about(format!("{} reloaded its arquebuses.", name(*u)), &[*u]),
        Event::Fired {
            unit,
            target,
            weapon,
            faces: f,
            needed,
            hits,
            counted,
            in_range,
            cover,
            defensive,
        } => {
            let kind = if *defensive { "defensive fire" } else { "fire" };
            let text = if *in_range {
                let mut text = format!(
                    "{} ({}, {kind}) at {}: {} needing {needed}+: {}",
                    name(*unit),
                    weapon.name(),
                    name(*target),
                    f.rolled(),
                    words::counted(*hits, "hit")
                );
                if *cover {
                    let _ = write!(text, ", {counted} count in cover");
                }
                text.push('.');
                text
            } else {
                format!(
                    "{} ({}, {kind}) at {}: out of range, no effect.",
                    name(*unit),
                    weapon.name(),
                    name(*target)
                )
            };
            about(text, &[*unit, *target])
        }
        Event::Unloaded(u) => about(format!("{}'s arquebuses are empty.", name(*u)), &[*u]),
        Event::Casualties {
            unit,
            hits,
            stands_lost,
            marked,
        } => about(
            format!(
                "{} takes {}: {} lost, {} marked.",
                name(*unit),
                words::counted(*hits, "hit"),
                words::counted(*stands_lost, "stand"),
                words::counted(*marked, "hit")
            ),
            &[*unit],
        ),
        Event::Disordered { unit, why } => {
            about(format!("{} is disordered ({why}).", name(*unit)), &[*unit])
        }
        Event::Reordered(u) => about(format!("{} is back in good order.", name(*u)), &[*u]),
        Event::Routed(u) => about(
            format!("{} routs: a full move to the rear, facing away.", name(*u)),
            &[*u],
        ),
        Event::Rallied(u) => about(
            format!("{} rallies and turns about, disordered.", name(*u)),
            &[*u],
        ),
        Event::TedateLost(u) => about(format!("{} abandons its Tedate.", name(*u)), &[*u]),
        Event::ChargeDeclared(c) if c.charging => about(
            format!(
                "{} declares a charge on {}.",
                name(c.charger),
                name(c.target)
            ),
            &[c.charger, c.target],
        ),
        Event::ChargeDeclared(c) => about(
            format!(
                "{} fights {} again, still in contact.",
                name(c.charger),
                name(c.target)
            ),
            &[c.charger, c.target],
        ),
        Event::ChargeFailed(u) => about(
            format!("{} falters: it moves half the charge distance.", name(*u)),
            &[*u],
        ),
        Event::Fled(u) => about(
            format!("{} will not stand: it moves away a full move.", name(*u)),
            &[*u],
        ),
        Event::Melee(rolls) => {
            let side = |r: &MeleeRoll| {
                format!(
                    "{} rolled {} needing {}+ ({}): {}",
                    name(r.unit),
                    words::counted(r.faces.dice(), "die"),
                    r.needed,
                    r.faces.words(),
                    words::counted(r.hits, "hit")
                )
            };
            about(
                format!("Melee: {}; {}.", side(&rolls[0]), side(&rolls[1])),
                &[rolls[0].unit, rolls[1].unit],
            )
        }
        Event::Withdrew(u) => about(
            format!(
                "{} took more hits and withdraws a full move, facing the enemy.",
                name(*u)
            ),
            &[*u],
        ),
        Event::CommandChanged {
            clan,
            side,
            delta,
            reason,
            ..
        } => {
            let leader = match clan.and_then(|c| state.clan(c)) {
                Some(c) => &c.leader.name,
                None => &state.sides[*side].general.name,
            };
            none(format!("{leader}: Command {delta:+} ({reason})."))
        }
        Event::InjuryRolled {
            unit,
            face,
            injured,
        } => {
            let leader = state
                .clan(unit.clan())
                .map_or("", |c| c.leader.name.as_str());
            none(format!(
                "{leader} rolled {face} for injury: {}.",
                if *injured { "injured" } else { "unhurt" }
            ))
        }
        Event::SpiritRolled { unit, face, change } => about(
            format!(
                "{} rolled {face} before its first Bushi test: Bushi {change:+}.",
                name(*unit)
            ),
            &[*unit],
        ),
        Event::ActivationEnded(c) => none(format!(
            "The {} clan's activation ends.",
            state.clan(*c).map_or("?", |c| c.name.as_str())
        )),
        Event::Attached { clan, unit } => {
            let c = state.clan(*clan);
            let leader = c.map_or("", |c| c.leader.name.as_str());
            match unit {
                Some(i) => about(
                    format!(
                        "{leader} attaches to {}.",
                        name(UnitRef(clan.0, clan.1, *i))
                    ),
                    &[UnitRef(clan.0, clan.1, *i)],
                ),
                None => none(format!("{leader} detaches.")),
            }
        }
        // As it stands: a unit of fewer stands than the line's width forms a narrower line.
        Event::FormationSet { unit, formation } => {
            let stood = match (formation, state.unit(*unit)) {
                (Formation::Line(width), Some(u)) => Formation::Line(u.stands.min(*width)),
                _ => *formation,
            };
            about(format!("{} forms {stood}.", name(*unit)), &[*unit])
        }
        Event::BattleEnded => none("The umpire declares the battle over.".into()),
        Event::CountCorrected {
            unit,
            stands,
            marked,
        } => about(
            format!(
                "Roll call: {} corrected to what the table shows, {} and {} marked.",
                name(*unit),
                words::counted(*stands, "stand"),
                words::counted(*marked, "hit")
            ),
            &[*unit],
        ),
        Event::Bound { unit, .. } => about(
            format!(
                "{} is committed to charge the enemy Samurai: that charge is its next action.",
                name(*unit)
            ),
            &[*unit],
        ),
        Event::Released(_) | Event::RouteOwed { .. } => none(String::new()),
        Event::ContactKept(a, b) => about(
            format!(
                "Neither withdraws: {} and {} stay in contact.",
                name(*a),
                name(*b)
            ),
            &[*a, *b],
        ),
    }
}

/// A roll against its target: `rolled 6 5 + 1 = 12 against 8`.
struct Roll<'a> {
    faces: &'a [u32],
    modifier: i64,
    total: i64,
    target: i64,
}

impl Display for Roll<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rolled {}{} = {} against {}",
            Faces(self.faces),
            Signed(self.modifier),
            self.total,
            self.target
        )
    }
}

/// Whether an event's sentence would contradict a later one of the same command: an attempt
/// to rally or re-order is settled before it is rolled, and "no rally is tried" is said only
/// of an attempt passed up.
pub fn told_later(event: &Event, later: &[Event]) -> bool {
    let Event::Settled(Due::Rally(u) | Due::Reorder(u) | Due::GeneralRetry(u, _)) = event else {
        return false;
    };
    later
        .iter()
        .any(|e| matches!(e, Event::Tested { test: Test::Morale { unit, .. }, .. } if unit == u))
}

fn due_sentence(state: &State, due: Due) -> Sentence {
    let (text, unit) = match due {
        Due::Route(u) => (
            format!("{} must take a Route test.", state.unit_name(u)),
            Some(u),
        ),
        Due::Injury(u) => (
            format!(
                "The Clan Leader with {} must test for injury.",
                state.unit_name(u)
            ),
            Some(u),
        ),
        Due::ImpetusCharge(u) => (
            format!(
                "{} must charge the nearest enemy Samurai.",
                state.unit_name(u)
            ),
            Some(u),
        ),
        Due::ImpetusTest(u) => (
            format!(
                "{} is ordered otherwise: it tests Bushi to obey.",
                state.unit_name(u)
            ),
            Some(u),
        ),
        Due::GeneralRetry(u, k) => (
            format!(
                "The General may try to {} {}.",
                morale_words(k),
                state.unit_name(u)
            ),
            Some(u),
        ),
        Due::Charge(c) => (
            match c.stage {
                ChargeStage::ChargerTest => "The charger tests its Bushi.".into(),
                ChargeStage::TargetTest => "Contact: the target tests its Bushi to stand.".into(),
                ChargeStage::Melee => "The units meet in melee.".into(),
                ChargeStage::StillContacted => "Is the fleeing unit still in contact?".into(),
                ChargeStage::DefensiveFire => String::new(),
            },
            None,
        ),
        _ => (String::new(), None),
    };
    Sentence::new(text, unit.map(|u| vec![u.id()]).unwrap_or_default())
}

/// What a due is, in a few words: `Route test of Baba Ashigaru`.
pub fn due_name(state: &State, due: Due) -> Sentence {
    let unit = |u: UnitRef| (state.unit_name(u), vec![u.id()]);
    let (text, units) = match due {
        Due::Actions(clan) => (
            format!(
                "The actions roll of the {} clan",
                state.clan(clan).map_or("?", |c| c.name.as_str())
            ),
            Vec::new(),
        ),
        Due::RoutMove(u) => {
            let (n, ids) = unit(u);
            (format!("The rout move of {n}"), ids)
        }
        Due::Impetus(u) | Due::ImpetusTest(u) | Due::ImpetusCharge(u) => {
            let (n, ids) = unit(u);
            (format!("The Samurai impetus of {n}"), ids)
        }
        Due::Route(u) => {
            let (n, ids) = unit(u);
            (format!("The Route test of {n}"), ids)
        }
        Due::Injury(u) => {
            let (n, ids) = unit(u);
            (format!("The injury test of the Clan Leader with {n}"), ids)
        }
        Due::Rally(u) | Due::GeneralRetry(u, MoraleKind::Rally) => {
            let (n, ids) = unit(u);
            (format!("The rally of {n}"), ids)
        }
        Due::Reorder(u) | Due::GeneralRetry(u, MoraleKind::Reorder) => {
            let (n, ids) = unit(u);
            (format!("The re-ordering of {n}"), ids)
        }
        Due::Spirit(u) => {
            let (n, ids) = unit(u);
            (format!("The first Bushi roll of {n}"), ids)
        }
        Due::Charge(c) => {
            let verb = if c.charging {
                "charge on"
            } else {
                "melee with"
            };
            (
                format!(
                    "{}'s {verb} {}",
                    state.unit_name(c.charger),
                    state.unit_name(c.target)
                ),
                vec![c.charger.id(), c.target.id()],
            )
        }
    };
    Sentence::new(text, units)
}
