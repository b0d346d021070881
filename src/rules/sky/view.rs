//! The neutral picture of a Sky battle: sides, clans, units, leaders, badges.

use super::numbers;
use super::state::{ChangeKind, ClanRef, LeaderState, Phase, State, UnitRef, UnitState};
use super::tables::Rules;
use crate::engine::view::{Badge, BattleView, GroupView, LeaderView, SideView, Tone, UnitView};

/// The view of the whole battle.
pub fn view(rules: &Rules, state: &State) -> BattleView {
    let (phase, next) = phase_words(state);
    BattleView {
        turn: state.turn,
        phase,
        next,
        ended: state.ended,
        sides: (0..2).map(|s| side(rules, state, s)).collect(),
    }
}

/// The phase now and what follows, in words.
pub fn phase_words(state: &State) -> (String, String) {
    let clan = |c: ClanRef| state.clan(c).map_or(String::new(), |c| c.name.clone());
    match state.phase {
        Phase::Initiative => ("Initiative".into(), "rounds of clan activation".into()),
        Phase::Rounds { side } => (
            format!("Round: {}", state.sides[side].name),
            "a clan activates, or the round passes".into(),
        ),
        Phase::Activation { clan: c } => {
            let left = state.actions_left.map_or("actions to roll".into(), |a| {
                format!("{} left", crate::engine::words::count(a, "action"))
            });
            (
                format!("Activation: {} clan ({left})", clan(c)),
                "the other side's round".into(),
            )
        }
        Phase::Morale => ("Morale".into(), "roll call".into()),
        Phase::EndOfTurn => (
            "Roll call".into(),
            format!("turn {}", state.turn.saturating_add(1)),
        ),
    }
}

fn side(rules: &Rules, state: &State, s: usize) -> SideView {
    let side = &state.sides[s];
    let general = leader_view(rules, state, &side.general, s, None);
    SideView {
        name: side.name.clone(),
        general: Some(general),
        groups: state
            .clans_of(s)
            .into_iter()
            .filter_map(|c| {
                let clan = state.clan(c)?;
                let mut badges = Vec::new();
                if let Phase::Activation { clan: active } = state.phase
                    && active == c
                {
                    badges.push(Badge::new(
                        "Active",
                        Tone::Good,
                        "this clan is activated now",
                    ));
                }
                if clan.tried && !clan.activated {
                    badges.push(Badge::new(
                        "Missed",
                        Tone::Info,
                        "failed to activate this turn",
                    ));
                } else if clan.activated {
                    badges.push(Badge::new(
                        "Activated",
                        Tone::Info,
                        "has activated this turn",
                    ));
                }
                Some(GroupView {
                    in_strength: true,
                    name: clan.name.clone(),
                    leader: Some(leader_view(rules, state, &clan.leader, s, Some(c))),
                    badges,
                    units: state
                        .units_of(c)
                        .into_iter()
                        .filter_map(|u| unit_view(rules, state, u))
                        .collect(),
                })
            })
            .collect(),
    }
}

fn leader_view(
    rules: &Rules,
    state: &State,
    leader: &LeaderState,
    side: usize,
    clan: Option<ClanRef>,
) -> LeaderView {
    // The Command that applies now: the rounds' activation roll of a clan still to try (with
    // the only-one-side -1 when it applies); for a clan that has had its chance this turn,
    // and from the Morale phase on, the rally and re-order rolls (Turn Sequence: the -1 is for
    // the Clan Leaders still to roll, of the one side with clans left).
    let activation = !matches!(state.phase, Phase::Morale | Phase::EndOfTurn)
        && clan.is_none_or(|c| state.untried(side).contains(&c));
    let numbers = numbers::command(rules, state, side, clan, activation);
    let mut badges = Vec::new();
    if let Some(c) = clan.and_then(|c| state.clan(c)) {
        if let Some(i) = c.attached_to {
            let u = c
                .units
                .get(usize::from(i))
                .map_or("?", |u| u.spec.name.as_str());
            badges.push(Badge::new(
                format!("With {u}"),
                Tone::Info,
                "attached: Command -1, fights as a Samurai stand, may be injured",
            ));
        }
    } else {
        let g = state.sides[side].general_turn;
        if g.barred {
            badges.push(Badge::new(
                "Barred",
                Tone::Danger,
                "failed to step in this turn: may do nothing else",
            ));
        } else if g.intervened {
            badges.push(Badge::new(
                "Stepped in",
                Tone::Info,
                "has made his one activation attempt this turn: no morale retries",
            ));
        }
    }
    if leader.total(ChangeKind::Injury) != 0 {
        badges.push(Badge::new(
            "Injured",
            Tone::Warning,
            "each injury costs 1 Command for good",
        ));
    }
    LeaderView {
        name: leader.name.clone(),
        rating_name: "Command".into(),
        rating: numbers.target,
        parts: numbers.rating_parts(),
        history: leader.changes.iter().map(|(_, c)| c.clone()).collect(),
        badges,
    }
}

fn unit_view(rules: &Rules, state: &State, unit: UnitRef) -> Option<UnitView> {
    let u = state.unit(unit)?;
    Some(UnitView {
        id: unit.id(),
        name: u.spec.name.clone(),
        kind: u.spec.kind(),
        strength: u.stands,
        starting_strength: u.spec.stands,
        measure: "stands".into(),
        marked_hits: u.marked_hits,
        in_play: !u.removed,
        badges: badges(state, unit, u),
        details: vec![
            ("Bushi".into(), u.bushi().to_string()),
            ("Formation".into(), u.formation_as_stood().to_string()),
            (
                "Hits to hit it".into(),
                format!("{}+", numbers::hit_target(rules, u)),
            ),
        ],
    })
}

fn badges(state: &State, unit: UnitRef, u: &UnitState) -> Vec<Badge> {
    let mut b = Vec::new();
    if u.removed {
        b.push(Badge::new(
            "Removed",
            Tone::Danger,
            "destroyed or off the table",
        ));
        return b;
    }
    if u.routing {
        b.push(Badge::new(
            "Routing",
            Tone::Danger,
            "failed a Route test: moves to the rear each activation until rallied",
        ));
    }
    if u.disordered {
        b.push(Badge::new(
            "Disordered",
            Tone::Warning,
            "half dice in fire and melee until re-ordered",
        ));
    }
    if u.spec.weapons.contains(&super::roster::Weapon::Arquebus) && !u.loaded {
        b.push(Badge::new(
            "Unloaded",
            Tone::Warning,
            "fired its arquebuses: reload for 1 action",
        ));
    }
    if u.spec.tedate && !u.tedate {
        b.push(Badge::new(
            "Tedate lost",
            Tone::Info,
            "charged or routed: no longer counts as in cover",
        ));
    } else if u.tedate {
        b.push(Badge::new(
            "Tedate",
            Tone::Info,
            "in cover when fired at: half the hits count; moves 2\" slower",
        ));
    }
    if state.leader_attached(unit) {
        b.push(Badge::new(
            "Leader attached",
            Tone::Good,
            "Clan Leader fights with it; Bushi tests to charge or stand at -2 on the dice",
        ));
    }
    if let Some(s) = u.spirit.filter(|s| *s != 0) {
        b.push(Badge::new(
            format!("Bushi {s:+}"),
            Tone::Info,
            "first Bushi test roll (optional rule)",
        ));
    }
    b
}
