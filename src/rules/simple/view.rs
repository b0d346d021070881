//! The neutral picture of a Simple Samurai battle: sides, groups, units, badges.

use super::numbers;
use super::state::{Cover, GroupRef, Phase, State, UnitRef, UnitState};
use super::tables::Rules;
use crate::engine::view::{
    Badge, BattleView, GroupView, LeaderView, SideView, Tone, UnitView, push_if,
};

/// The view of the whole battle.
pub fn view(rules: &Rules, state: &State) -> BattleView {
    let (phase, next) = phase_words(state);
    BattleView {
        turn: state.turn,
        phase,
        next,
        ended: state.ended,
        sides: (0..state.sides.len())
            .map(|s| side(rules, state, s))
            .collect(),
    }
}

/// The phase now and what follows, in words.
pub fn phase_words(state: &State) -> (String, String) {
    match state.phase {
        Phase::Setup => ("Set-up".into(), "the Invader's first turn".into()),
        Phase::Turn => {
            let name = state
                .sides
                .get(usize::from(state.acting))
                .map_or("", |s| s.name.as_str());
            let role = if state.home == Some(state.acting) {
                "Home"
            } else {
                "Invader"
            };
            (
                format!("{role} turn: {name}"),
                "the other Daimyo's turn".into(),
            )
        }
    }
}

fn leader(rules: &Rules, state: &State, g: GroupRef) -> Option<LeaderView> {
    let d = state.group(g)?.daimyo.as_ref()?;
    let mut badges = Vec::new();
    if !d.alive {
        badges.push(Badge::new("Killed", Tone::Danger, "this Daimyo is dead"));
    }
    if let Some(u) = d.attached {
        let name = state.unit_name(UnitRef(g.0, g.1, u));
        badges.push(Badge::new(
            format!("With {name}"),
            Tone::Info,
            "not a target until the unit's figures are killed",
        ));
    }
    Some(LeaderView {
        name: d.leader.name.clone(),
        rating_name: "Die".into(),
        rating: i64::from(rules.t.troop_dice.daimyo),
        parts: Vec::new(),
        history: Vec::new(),
        badges,
    })
}

fn side(rules: &Rules, state: &State, s: usize) -> SideView {
    let side = &state.sides[s];
    let mut groups = Vec::new();
    for g in state.groups() {
        let Some(grp) = state.group(g) else { continue };
        // The village's peasants fight for no one: they are shown beside the Home side's
        // books, never counted in its strength.
        let shown_by = if grp.village { g.0 } else { grp.owner };
        if usize::from(shown_by) != s {
            continue;
        }
        if grp.village {
            badges_village(&mut groups, rules, state, g);
            continue;
        }
        let mut badges = Vec::new();
        if let Some(k) = grp.koku {
            badges.push(Badge::new(
                k.name(),
                Tone::Info,
                "allied clan: rolls each turn to act",
            ));
            if state.phase == Phase::Turn && state.acting == grp.owner {
                badges.push(if grp.acting {
                    Badge::new(
                        "Acting",
                        Tone::Good,
                        "rolled 5+: moves, fires and fights this turn",
                    )
                } else {
                    Badge::new(
                        "Holding",
                        Tone::Warning,
                        "did not roll 5+: fights only if attacked",
                    )
                });
            }
        }
        if usize::from(g.0) != s {
            badges.push(Badge::new(
                "Turncoat",
                Tone::Warning,
                "changed sides by event card",
            ));
        }
        groups.push(GroupView {
            in_strength: true,
            name: grp.name.clone(),
            // The army's own Daimyo is shown once, as its general.
            leader: if g.1 == 0 {
                None
            } else {
                leader(rules, state, g)
            },
            badges,
            units: daimyo_row(rules, state, g)
                .into_iter()
                .chain(
                    (0..grp.units.len())
                        .filter_map(|i| unit(rules, state, UnitRef(g.0, g.1, i as u8))),
                )
                .collect(),
        });
    }
    SideView {
        name: side.name.clone(),
        general: leader(rules, state, GroupRef(s as u8, 0)),
        groups,
    }
}

fn badges_village(groups: &mut Vec<GroupView>, rules: &Rules, state: &State, g: GroupRef) {
    let Some(grp) = state.group(g) else { return };
    groups.push(GroupView {
        // Nobody's troops: shown beside the Home side, never counted in its strength.
        in_strength: false,
        name: grp.name.clone(),
        leader: None,
        badges: vec![Badge::new(
            "Villagers",
            Tone::Warning,
            "nobody's troops, not counted in either side's strength: they attack any unit that comes into the village and never leave it",
        )],
        units: (0..grp.units.len())
            .filter_map(|i| unit(rules, state, UnitRef(g.0, g.1, i as u8)))
            .collect(),
    });
}

/// A Daimyo's own row, so his orders (standing with a unit or alone, attacking) have a place:
/// he is a figure, in play while he lives.
fn daimyo_row(rules: &Rules, state: &State, g: GroupRef) -> Option<UnitView> {
    let d = state.group(g)?.daimyo.as_ref()?;
    let view = leader(rules, state, g)?;
    Some(UnitView {
        id: super::actions::daimyo_id(g),
        name: d.leader.name.clone(),
        kind: format!(
            "Daimyo, {}, d{}",
            if d.leader.mounted {
                "mounted"
            } else {
                "on foot"
            },
            rules.t.troop_dice.daimyo
        ),
        strength: u32::from(d.alive),
        starting_strength: 1,
        measure: "figures".into(),
        marked_hits: 0,
        in_play: d.alive,
        badges: view.badges,
        details: Vec::new(),
    })
}

fn unit(rules: &Rules, state: &State, r: UnitRef) -> Option<UnitView> {
    let u = state.unit(r)?;
    Some(UnitView {
        id: r.id(),
        name: u.spec.name.clone(),
        kind: u.spec.kind(),
        strength: u.alive,
        starting_strength: u.spec.figures,
        measure: "figures".into(),
        marked_hits: 0,
        in_play: u.in_play(),
        badges: badges(state, r, u),
        details: vec![
            ("Formation".into(), u.formation.name().into()),
            ("Cover".into(), u.cover.name().into()),
            (
                "Die".into(),
                format!("d{}", numbers::troop_die(rules, u.spec.troop)),
            ),
            ("Dead".into(), u.dead().to_string()),
        ],
    })
}

fn badges(state: &State, r: UnitRef, u: &UnitState) -> Vec<Badge> {
    let mut b = Vec::new();
    if u.gone {
        b.push(Badge::new(
            "Left the field",
            Tone::Danger,
            "fled, in hiding, or left with its clan",
        ));
        return b;
    }
    push_if(
        &mut b,
        u.alive == 0,
        if u.spec.weapon == super::roster::Weapon::Gun {
            "Captured"
        } else {
            "Destroyed"
        },
        Tone::Danger,
        "every figure is dead",
    );
    push_if(
        &mut b,
        u.in_ambush,
        "In ambush",
        Tone::Info,
        "kept off the table by the Home Daimyo",
    );
    push_if(
        &mut b,
        u.formation_fail,
        "Formation Fail",
        Tone::Warning,
        "no volley, -1 in melee, +1d10 against in morale; targets save more easily",
    );
    push_if(
        &mut b,
        u.retreating(),
        format!("Retreating ({} moves)", u.retreat_moves),
        Tone::Danger,
        "failed morale: retreats for 3 moves",
    );
    push_if(
        &mut b,
        state
            .sides
            .get(state.owner(r))
            .is_some_and(|s| s.army_retreating),
        "Army retreating",
        Tone::Danger,
        "its Daimyo is dead: toward its base line, fights only if attacked",
    );
    push_if(
        &mut b,
        u.smoke,
        "In smoke",
        Tone::Info,
        "its own smoke hides targets to its front",
    );
    push_if(
        &mut b,
        u.cover != Cover::Open,
        u.cover.name(),
        Tone::Info,
        "harder to hit, better in melee and morale",
    );
    push_if(
        &mut b,
        u.in_melee(),
        "In melee",
        Tone::Warning,
        "no Formation Fail test while in melee",
    );
    push_if(
        &mut b,
        u.crossing,
        "Crossing cover",
        Tone::Info,
        "no Formation Fail test while crossing",
    );
    push_if(
        &mut b,
        u.limbered,
        "Limbered",
        Tone::Info,
        "a limbered gun cannot fire",
    );
    push_if(
        &mut b,
        u.realigning,
        "Realigning",
        Tone::Info,
        "finishes realigning next move",
    );
    push_if(&mut b, u.fired, "Fired", Tone::Info, "has fired this turn");
    place_badges(state, r, u, &mut b);
    b
}

/// Badges of places: captured guns, posts in structures, smoke from fires, a gun's aim.
fn place_badges(state: &State, r: UnitRef, u: &UnitState, b: &mut Vec<Badge>) {
    push_if(
        b,
        u.alive == 0 && u.captured_by.is_some(),
        "Captured gun",
        Tone::Warning,
        "only the captors' artillerymen can fire it",
    );
    push_if(
        b,
        u.held_by.is_some_and(|s| usize::from(s) != r.side()),
        "Crewed by the captors",
        Tone::Warning,
        "a captured gun manned by the enemy's artillerymen",
    );
    push_if(
        b,
        u.fire_smoke,
        "Under fire smoke",
        Tone::Info,
        "smoke from a fire: classed as in soft cover",
    );
    if let Some(s) = u
        .structure
        .and_then(|s| state.structures.get(usize::from(s)))
    {
        b.push(Badge::new(
            format!("In {}", s.name),
            Tone::Info,
            "in or behind a structure: removed if it is ruined",
        ));
    }
    if let Some(t) = u.aim {
        b.push(Badge::new(
            format!("Laid on {}", state.target_name(t)),
            Tone::Info,
            "another target needs a 1d4 realignment first",
        ));
    }
}
