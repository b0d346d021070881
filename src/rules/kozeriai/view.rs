//! The neutral picture of a Kozeriai battle: sides, contingents, figures, badges.

use super::state::{FigureRef, FigureState, Stage, State};
use super::tables::Rules;
use std::borrow::Cow;

use crate::engine::view::{Badge, BattleView, GroupView, SideView, Tone, UnitView, push_if};
use crate::engine::words::counted;

/// The view of the whole battle.
pub fn view(rules: &Rules, state: &State) -> BattleView {
    BattleView {
        turn: state.turn,
        phase: phase_now(state),
        next: phase_next(rules, state),
        ended: state.ended,
        sides: (0..2).map(|s| side(rules, state, s)).collect(),
    }
}

/// A contingent's stage in words: `P1 moves`, `P1 shoots and fights`.
fn stage_words(state: &State, contingent: usize, stage: Stage) -> String {
    let player = state
        .contingents
        .get(contingent)
        .map_or_else(|| "?".to_owned(), |c| c.player.clone());
    match stage {
        Stage::Moving => format!("{player} moves"),
        Stage::Fighting => format!("{player} shoots and fights"),
    }
}

/// The stage now, in words.
pub fn phase_now(state: &State) -> String {
    stage_words(state, state.current, state.stage)
}

/// What follows the stage now, in words (ruling `combat_timing`).
pub fn phase_next(rules: &Rules, state: &State) -> String {
    match super::execute::next_stage(rules, state) {
        Some((contingent, stage)) => stage_words(state, contingent, stage),
        None => format!("turn {}", state.turn.saturating_add(1)),
    }
}

fn side(rules: &Rules, state: &State, s: usize) -> SideView {
    let groups = state
        .contingents
        .iter()
        .filter(|c| c.side == s)
        .map(|c| GroupView {
            in_strength: true,
            name: c.player.clone(),
            leader: None,
            badges: Vec::new(),
            units: state
                .figures_of(s)
                .into_iter()
                .filter(|&f| state.figure(f).is_some_and(|x| x.spec.player == c.player))
                .filter_map(|f| unit(rules, state, f))
                .collect(),
        })
        .collect();
    SideView {
        name: state
            .sides
            .get(s)
            .map_or_else(String::new, |x| x.name.clone()),
        general: None,
        groups,
    }
}

fn unit(rules: &Rules, state: &State, f: FigureRef) -> Option<UnitView> {
    let x = state.figure(f)?;
    let left = if x.dead { 0 } else { x.wounds_left() };
    Some(UnitView {
        id: f.id(),
        name: x.spec.name.clone(),
        kind: x.spec.kind(),
        strength: left,
        starting_strength: x.out_at(),
        measure: "wounds to death".into(),
        // Distractions are not hits toward a loss: they show as their own badge.
        marked_hits: 0,
        in_play: !x.dead,
        badges: badges(x),
        details: details(rules, state, x),
    })
}

/// Status badges for a figure.
pub fn badges(x: &FigureState) -> Vec<Badge> {
    let mut out = Vec::new();
    let alive = !x.dead;
    push_if(
        &mut out,
        x.dead,
        "Dead",
        Tone::Danger,
        "wounds past its capacity",
    );
    push_if(
        &mut out,
        alive && x.knocked_out,
        "Knocked out",
        Tone::Danger,
        format!("{} distractions", x.distractions),
    );
    push_if(
        &mut out,
        alive && x.collapsed,
        "Collapsed",
        Tone::Danger,
        "stamina below minus its total",
    );
    let hurt = !x.dead && x.wounds > 0;
    push_if(
        &mut out,
        hurt,
        "Wounded",
        Tone::Warning,
        format!("{} wounds, out at {}", x.wounds, x.out_at()),
    );
    let distracted = x.distractions > 0 && !x.knocked_out;
    push_if(
        &mut out,
        distracted,
        format!("Distracted {}", x.distractions),
        Tone::Warning,
        format!("{}: -1 each", counted(x.distractions, "distraction")),
    );
    push_if(
        &mut out,
        alive && x.lying,
        "Lying down",
        Tone::Warning,
        "-2 in the clash",
    );
    push_if(
        &mut out,
        alive && x.entangled,
        "Entangled",
        Tone::Warning,
        "-3 in the clash",
    );
    push_if(
        &mut out,
        alive && x.grappling.is_some(),
        "Grappling",
        Tone::Info,
        "cannot defend against others",
    );
    push_if(
        &mut out,
        alive && x.grappling.is_none() && x.may_grapple.is_some(),
        "May grapple",
        Tone::Info,
        "a body charge went home: either may elect to grapple",
    );
    push_if(
        &mut out,
        alive && x.mounted,
        "Mounted",
        Tone::Info,
        format!("horse {}", x.speed.name()),
    );
    push_if(
        &mut out,
        alive && x.spent(),
        "Exhausted",
        Tone::Warning,
        "no stamina: may only turn",
    );
    for (w, n) in &x.reload {
        push_if(
            &mut out,
            alive,
            "Reloading",
            Tone::Info,
            format!("{w}: {} to go", counted(*n, "turn")),
        );
    }
    if let Some((_, n)) = x.aiming.filter(|_| alive) {
        push_if(
            &mut out,
            true,
            "Aiming",
            Tone::Good,
            format!("{} aimed", counted(n, "move")),
        );
    }
    out
}

fn details(rules: &Rules, state: &State, x: &FigureState) -> Vec<(Cow<'static, str>, String)> {
    let mut out = vec![
        ("Player".into(), x.spec.player.clone()),
        ("Armour".into(), x.spec.armour.name().to_owned()),
        (
            "Wounds".into(),
            format!("{} (dies at {})", x.wounds, x.out_at()),
        ),
        (
            "Distractions".into(),
            format!("{} (knocked out at {})", x.distractions, x.knocked_out_at()),
        ),
    ];
    for (w, s) in &x.spec.skills {
        let class = rules
            .weapon(w)
            .map(|i| {
                i.class
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .unwrap_or_default();
        out.push((w.clone().into(), format!("{s:+} ({class})")));
    }
    let special = [
        ("Iaijutsu", x.spec.iaijutsu),
        ("Ki-ai", x.spec.ki_ai),
        ("Ni-Ten Jitsu", x.spec.ni_ten),
    ];
    for (label, s) in special {
        if let Some(s) = s {
            out.push((label.into(), format!("{s:+}")));
        }
    }
    for (w, s) in &x.spec.yadomejutsu {
        out.push((format!("Yadomejutsu ({w})").into(), s.to_string()));
    }
    if let Some(s) = x.stamina {
        out.push(("Stamina".into(), s.to_string()));
    }
    if let Some((t, n)) = x.aiming {
        out.push((
            "Aiming at".into(),
            format!("{} ({})", state.figure_name(t), counted(n, "move")),
        ));
    }
    out
}
