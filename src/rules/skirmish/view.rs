//! The neutral picture of a skirmish: sides, units (with their leaders), figures, badges.

use super::numbers;
use super::state::{FigureRef, FigureState, Section, State, UnitRef, UnitState, Wound};
use super::tables::Rules;
use crate::engine::check::Modifier;
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

/// The section now and what follows, in words.
pub fn phase_words(state: &State) -> (String, String) {
    let now = format!("{} section", state.section.name());
    let next = match state.section.next() {
        Some(Section::Firing) => "the Firing section".into(),
        Some(s) => format!("the {} section", s.name()),
        None => format!("turn {}", state.turn + 1),
    };
    (now, next)
}

fn side(rules: &Rules, state: &State, s: usize) -> SideView {
    SideView {
        name: state.sides[s].name.clone(),
        general: None,
        groups: state
            .units_of(s)
            .into_iter()
            .filter_map(|u| group(rules, state, u))
            .collect(),
    }
}

fn group(rules: &Rules, state: &State, u: UnitRef) -> Option<GroupView> {
    let x = state.unit(u)?;
    let mut badges = Vec::new();
    if x.routed {
        badges.push(Badge::new(
            "Routed",
            Tone::Danger,
            "failed its morale test: removed from the game",
        ));
    }
    if x.holding(state.now()) {
        badges.push(Badge::new(
            "Holding",
            Tone::Warning,
            format!(
                "{} {}+ on its morale test: holds its ground for a turn; in melee its hits only \
                 parry",
                rules.t.morale.rout_below, rules.t.morale.counts_at
            ),
        ));
    }
    let (mv, melee, fire) = (
        &rules.t.movement_inches,
        &rules.t.melee_modifiers,
        &rules.t.fire_modifiers,
    );
    if let Some(t) = x.charging.filter(|_| x.on_table()) {
        badges.push(Badge::new(
            format!("Charging {}", state.unit_name(t)),
            Tone::Info,
            format!(
                "{:+} die in melee against that unit this turn; {:+}\" move (Ninja {:+}\")",
                melee.charged, mv.charge, mv.ninja_charge
            ),
        ));
    }
    if x.moved && x.on_table() {
        badges.push(Badge::new(
            "Moved",
            Tone::Info,
            format!(
                "{:+} die when its figures shoot this turn",
                fire.firer_moved
            ),
        ));
    }
    if state.in_melee(u) {
        badges.push(Badge::new(
            "In melee",
            Tone::Warning,
            "its figures fight bouts in the melee section",
        ));
    }
    let leader = x.leader().map(|l| {
        let dice = numbers::troop_dice(rules, l.spec.troop);
        let mut badges = Vec::new();
        if l.dead {
            badges.push(Badge::new(
                "Dead",
                Tone::Danger,
                format!(
                    "the unit's morale tests take {:+} dice",
                    rules.t.morale.leader_dead
                ),
            ));
        }
        LeaderView {
            name: l.spec.name.clone(),
            rating_name: "No. of D6".into(),
            rating: dice,
            parts: vec![Modifier::dice(
                dice,
                format!("{} leader", l.spec.troop.name()),
                "skirmish: Troop 'to hit' rolls",
            )],
            history: Vec::new(),
            badges,
        }
    });
    Some(GroupView {
        in_strength: true,
        name: format!("{} ({} unit)", x.name, x.kind.name()),
        leader,
        badges,
        units: state
            .figures_of(u)
            .into_iter()
            .filter_map(|f| figure(rules, state, x, f))
            .collect(),
    })
}

fn figure(rules: &Rules, state: &State, unit: &UnitState, f: FigureRef) -> Option<UnitView> {
    let x = state.figure(f)?;
    let mut badges = Vec::new();
    if x.dead {
        badges.push(Badge::new(
            "Dead",
            Tone::Danger,
            "killed, or too badly wounded to fight",
        ));
    } else if unit.routed {
        badges.push(Badge::new(
            "Routed",
            Tone::Danger,
            "left the game with its unit",
        ));
    }
    if x.spec.leader {
        badges.push(Badge::new(
            "Leader",
            Tone::Good,
            format!(
                "the unit keeps within {}\" and sight of him",
                rules.t.coherency_inches.leader
            ),
        ));
    }
    if !x.dead {
        badges.extend(wound_badges(rules, state, f, x));
    }
    let kill = numbers::wounds_to_kill(rules, x.spec.troop);
    let (inches, parts) = numbers::move_allowance(rules, x, false, 0, false);
    let mut details = vec![
        (
            "No. of D6".into(),
            numbers::troop_dice(rules, x.spec.troop).to_string(),
        ),
        ("Move".into(), format!("{inches}\" ({})", parts.join(", "))),
        (
            "Wounds".into(),
            match kill {
                Some(k) => format!("{} of {k}", x.wounds.len()),
                None => "any hit kills".to_owned(),
            },
        ),
    ];
    if x.spec.weapon.missile() {
        let h = &rules.t.fire_hit;
        details.push((
            "Shoots".into(),
            format!(
                "{}+",
                if x.spec.trained {
                    h.trained
                } else {
                    h.untrained
                }
            ),
        ));
    }
    let alive = u32::from(!x.dead && !unit.routed);
    Some(UnitView {
        id: f.id(),
        name: x.spec.name.clone(),
        kind: x.spec.kind(),
        strength: alive,
        starting_strength: 1,
        measure: "figures".into(),
        marked_hits: x.pending_hits,
        in_play: alive == 1,
        badges,
        details,
    })
}

/// A living figure's wounds, hits still to resolve, and reloading, as badges.
fn wound_badges(rules: &Rules, state: &State, f: FigureRef, x: &FigureState) -> Vec<Badge> {
    let mut badges = Vec::new();
    let legs = x.count(Wound::Leg);
    if legs > 0 {
        badges.push(Badge::new(
            format!("Leg wound x{legs}"),
            Tone::Warning,
            format!("{:+}\" move each", rules.t.movement_inches.leg_wound),
        ));
    }
    let arms = x.count(Wound::Arm);
    if arms > 0 {
        badges.push(Badge::new(
            format!("Arm wound x{arms}"),
            Tone::Warning,
            format!(
                "cannot shoot; {:+} die in combat each",
                rules.t.melee_modifiers.arm_wound
            ),
        ));
    }
    if x.pending_hits > 0 {
        badges.push(Badge::new(
            crate::engine::words::counted(x.pending_hits, "hit").to_string(),
            Tone::Danger,
            "to be resolved in the Results section",
        ));
    }
    if numbers::reloading(rules, state, f) {
        badges.push(Badge::new(
            "Reloading",
            Tone::Info,
            format!(
                "an arquebus shoots once per {} firing sections",
                rules.t.rate_of_fire.arquebus_sections_per_shot
            ),
        ));
    }
    badges
}
