//! The neutral picture of a Daimyo battle: clans with their Daimyos, units with their order,
//! formation and what they have done this turn, and each leader as a row of his own.

use super::numbers::cm;
use super::state::{Formation, Leader, Rank, State, Unit};
use super::tables::Rules;
use crate::engine::check::Modifier;
use crate::engine::view::{Badge, BattleView, GroupView, LeaderView, SideView, Tone, UnitView};

/// The phase and what follows, in words.
pub fn phase_words(state: &State) -> (String, String) {
    if state.ended {
        return ("Battle over".into(), String::new());
    }
    if let Some(c) = state.charge() {
        return (
            format!(
                "Charge: {} on {}",
                state.unit_name(c.charger),
                state.unit_name(c.target)
            ),
            "the charge's tests, response and outcome".into(),
        );
    }
    if state.challenge().is_some() {
        return ("Challenge".into(), "refusal or duel".into());
    }
    match state.active.and_then(|g| state.groups.get(g)) {
        Some(g) => (format!("{} active", g.name), "the next clan".into()),
        None if state
            .units
            .iter()
            .any(|u| u.turn.early && !state.groups[u.group].activated) =>
        {
            ("General's initiative".into(), "the next clan".into())
        }
        None => (
            "Between activations".into(),
            "activate a clan or end the turn".into(),
        ),
    }
}

fn leader_view(state: &State, l: &Leader) -> LeaderView {
    let mut badges = Vec::new();
    if let Some(how) = &l.killed {
        badges.push(Badge::new("Killed", Tone::Danger, how.clone()));
    }
    if let Some(u) = l.attached {
        badges.push(Badge::new(
            format!("With {}", state.unit_name(u)),
            Tone::Info,
            "attached: moves at the unit's speed",
        ));
    }
    let mut parts = vec![Modifier::total(
        l.starting_rating,
        "rating at the start",
        "daimyo: Obedience",
    )];
    parts.extend(
        l.history
            .iter()
            .map(|h| Modifier::total(h.delta, h.reason.clone(), "daimyo: Leaders")),
    );
    LeaderView {
        name: l.name.clone(),
        rating_name: "Command".into(),
        rating: l.rating,
        parts,
        history: l.history.clone(),
        badges,
    }
}

fn leader_row(state: &State, i: usize, l: &Leader) -> UnitView {
    let rank = match l.rank {
        Rank::General => "General",
        Rank::Daimyo(_) => "Daimyo",
    };
    let view = leader_view(state, l);
    let mut badges = view.badges;
    if l.unattached() {
        badges.push(Badge::new(
            "Unattached",
            Tone::Info,
            "may challenge enemy leaders; killed if an enemy unit reaches him",
        ));
    }
    UnitView {
        id: format!("l{i}"),
        name: l.name.clone(),
        kind: format!("{rank}, Command {}", l.rating),
        strength: u32::from(l.killed.is_none()),
        starting_strength: 1,
        measure: "leader".into(),
        marked_hits: 0,
        in_play: l.killed.is_none(),
        badges,
        details: vec![(
            "Move".into(),
            format!("{} cm unattached", state.armies[l.side.min(1)].leader_move),
        )],
    }
}

fn unit_badges(state: &State, rules: &Rules, i: usize, u: &Unit) -> Vec<Badge> {
    let mut b = Vec::new();
    if let Some(why) = &u.removed {
        b.push(Badge::new("Removed", Tone::Danger, why.clone()));
        return b;
    }
    let f = &rules.t.formation;
    // Line is the normal battle formation; only a column is worth a badge.
    if state.formation(u, f) == Formation::Column {
        b.push(Badge::new(
            "Column",
            Tone::Info,
            "one stand wide, or three or more deep: +3 cm on good going, double on a road",
        ));
    }
    let flags = [
        (u.routing, "Routing", Tone::Danger, "makes rout moves only"),
        (
            u.disordered,
            "Disordered",
            Tone::Warning,
            "wheels at half speed, turns cost double; reform to regain order",
        ),
        (
            u.in_melee,
            "In melee",
            Tone::Warning,
            "no voluntary movement",
        ),
        (
            u.turn.halted,
            "Halted",
            Tone::Warning,
            "failed its obedience test this turn",
        ),
        (
            u.turn.early,
            "Initiative",
            Tone::Good,
            "activated early with the General",
        ),
        (
            u.turn.penetrated,
            "Move over",
            Tone::Info,
            "may not move again this turn",
        ),
        (
            u.turn.missile_passed,
            "Passed through",
            Tone::Warning,
            "missile ashigaru passed through: moving this turn disorders it",
        ),
        (
            u.turn.reformed,
            "Reformed",
            Tone::Info,
            "no other movement or firing this turn",
        ),
        (u.turn.fired, "Fired", Tone::Info, "has fired this turn"),
    ];
    for (on, label, tone, why) in flags {
        if on {
            b.push(Badge::new(label, tone, why));
        }
    }
    // What it moved, as spent: a charge runs on its own allowance, and a reform or a rout
    // move spends none (their own badges say them), so "Moved 0 cm" is never shown.
    if u.turn.moved && !u.turn.penetrated && u.turn.spent_mm > 0 {
        b.push(Badge::new(
            format!("Moved {}", cm(u.turn.spent_mm)),
            Tone::Info,
            "allowance spent this turn",
        ));
    }
    if u.turn.charged_cm > 0 {
        b.push(Badge::new(
            format!("Charged {}", cm(u.turn.charged_cm * 10)),
            Tone::Info,
            "the charge's run this turn, as measured",
        ));
    }
    for l in state.attached_to(i) {
        b.push(Badge::new(
            format!("{} attached", state.leader_name(l)),
            Tone::Good,
            "a leader accompanies this unit",
        ));
    }
    b
}

fn unit_row(state: &State, rules: &Rules, i: usize, u: &Unit) -> UnitView {
    let rate = state.army_of(u).rate(u.spec.troop);
    let deep = u.stands.div_ceil(u.wide.max(1));
    let mut kind = format!("{}, {}", u.spec.troop.name(), u.spec.quality.name());
    if u.spec.frenzied {
        kind.push_str(", frenzied");
    }
    UnitView {
        id: format!("u{i}"),
        name: u.spec.name.clone(),
        kind,
        strength: if u.removed.is_some() { 0 } else { u.stands },
        starting_strength: u.spec.stands,
        measure: "stands".into(),
        marked_hits: 0,
        in_play: u.removed.is_none(),
        badges: unit_badges(state, rules, i, u),
        details: vec![
            ("Frontage".into(), format!("{} wide, {deep} deep", u.wide)),
            (
                "Move".into(),
                format!("{} cm, charge {} cm", rate.normal, rate.charge),
            ),
            ("Spent this turn".into(), cm(u.turn.spent_mm)),
        ],
    }
}

/// The battle as the shared screens show it.
pub fn view(rules: &Rules, state: &State) -> BattleView {
    let (phase, next) = phase_words(state);
    let sides = (0..2)
        .map(|side| {
            let army = &state.armies[side];
            let general = state.general(side);
            let groups = state
                .groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.side == side)
                .map(|(gi, g)| {
                    let leader = state.leader(g.leader);
                    let mut units: Vec<UnitView> = Vec::new();
                    if let Some(l) = leader {
                        units.push(leader_row(state, g.leader, l));
                    }
                    units.extend(
                        state
                            .units
                            .iter()
                            .enumerate()
                            .filter(|(_, u)| u.group == gi)
                            .map(|(i, u)| unit_row(state, rules, i, u)),
                    );
                    let mut badges = Vec::new();
                    if state.active == Some(gi) {
                        badges.push(Badge::new("Active", Tone::Good, "its units act now"));
                    } else if g.activated {
                        badges.push(Badge::new("Activated", Tone::Info, "has had its turn"));
                    }
                    GroupView {
                        in_strength: true,
                        name: g.name.clone(),
                        // The General is shown once, as the side's commander.
                        leader: leader
                            .filter(|l| l.rank != Rank::General)
                            .map(|l| leader_view(state, l)),
                        badges,
                        units,
                    }
                })
                .collect::<Vec<_>>();
            let mut groups = groups;
            // The General is a row of his own, so his orders (attach, challenge) have a place:
            // in his hatamoto's group, or a group of his own when he has none.
            if let Some(gi) = general
                && let Some(l) = state.leader(gi)
                && !state
                    .groups
                    .iter()
                    .any(|g| g.side == side && g.leader == gi)
            {
                groups.insert(
                    0,
                    GroupView {
                        in_strength: true,
                        name: "General".into(),
                        leader: None,
                        badges: Vec::new(),
                        units: vec![leader_row(state, gi, l)],
                    },
                );
            }
            SideView {
                name: army.name.clone(),
                general: general
                    .and_then(|g| state.leader(g))
                    .map(|l| leader_view(state, l)),
                groups,
            }
        })
        .collect();
    BattleView {
        turn: state.turn,
        phase,
        next,
        ended: state.ended,
        sides,
    }
}
