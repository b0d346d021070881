//! The shoot and attack forms, with live previews of their odds.

use super::super::command::{
    ClashKind, ClashOrder, Command, Fighter, ShotOrder, Situation, Visibility,
};
use super::super::numbers::clash::UNARMED;
use super::super::pending::cards;
use super::super::state::{FigureRef, State};
use super::super::tables::Rules;
use super::super::tables::weapons::{Class, WeaponInfo};
use super::{enemies, names};
use crate::engine::action::{ActionForm, ActionPlan, FormValues};

const VISIBILITY: [Visibility; 3] = [Visibility::Clear, Visibility::Partly, Visibility::Minimal];
const OUTNUMBERED: [u32; 6] = [0, 2, 3, 4, 5, 6];
/// Ranges an attack may be made at, in hexes (the longest reach in the glossary is 4).
const RANGES: [u32; 4] = [1, 2, 3, 4];
const TOGGLES: [&str; 10] = [
    "Ni-Ten Jitsu",
    "Iaijutsu draw",
    "Drawing or changing weapon",
    "Wading",
    "In a body hex",
    "Rough ground",
    "In undergrowth",
    "Attacked from its weak zone",
    "Opponent outside the horse's forward arc",
    "On a slippery surface (mud, snow, ice)",
];

/// The missile weapons a figure has, loaded or not.
fn missiles(rules: &Rules, state: &State, f: FigureRef) -> Vec<String> {
    state.figure(f).map_or_else(Vec::new, |x| {
        x.spec
            .skills
            .keys()
            .filter(|w| rules.weapon(w).is_some_and(|i| i.shoots().is_some()))
            .cloned()
            .collect()
    })
}

/// The weapons a figure can fight with: its hand weapons, and bare hands.
fn hand_weapons(rules: &Rules, state: &State, f: FigureRef) -> Vec<String> {
    let mut out: Vec<String> = state.figure(f).map_or_else(Vec::new, |x| {
        x.spec
            .skills
            .keys()
            .filter(|w| rules.weapon(w).is_some_and(|i| i.melee_class().is_some()))
            .cloned()
            .collect()
    });
    if !out.iter().any(|w| w == UNARMED) {
        out.push(UNARMED.into());
    }
    out
}

/// Each enemy with each weapon it can fight with: the defender and its weapon are one answer,
/// so no weapon is chosen for a figure that does not carry it.
fn foes_armed(rules: &Rules, state: &State, foes: &[FigureRef]) -> Vec<(FigureRef, String)> {
    foes.iter()
        .flat_map(|&o| {
            hand_weapons(rules, state, o)
                .into_iter()
                .map(move |w| (o, w))
        })
        .collect()
}

/// The weapons a figure can grapple with: close-in ones, and bare hands (Grappling).
fn grapple_weapons(rules: &Rules, state: &State, f: FigureRef) -> Vec<String> {
    hand_weapons(rules, state, f)
        .into_iter()
        .filter(|w| {
            rules
                .weapon(w)
                .and_then(WeaponInfo::melee_class)
                .is_some_and(|c| matches!(c, Class::CloseIn | Class::Unarmed))
        })
        .collect()
}

/// The figure `f` grapples, or may elect to grapple after a body charge.
fn grapple_partner(state: &State, f: FigureRef) -> Option<FigureRef> {
    let x = state.figure(f)?;
    x.grappling.or_else(|| x.may_grapple_with(state.turn))
}

/// Grapple: the figure it grapples or may elect to grapple, each with a close-in weapon.
pub fn grapple_form(rules: &Rules, state: &State, f: FigureRef) -> Option<ActionForm> {
    let partner = grapple_partner(state, f)?;
    Some(
        ActionForm::new(
            "grapple",
            &format!("Grapple {}", state.figure_name(partner)),
            "after a body charge went home; only close-in weapons serve",
        )
        .choice("Weapon", grapple_weapons(rules, state, f))
        .choice("Opponent's weapon", grapple_weapons(rules, state, partner)),
    )
}

/// The grapple the grapple form's values name.
///
/// # Errors
/// No one to grapple, a value out of range, or a clash that cannot be fought.
pub fn grapple_plan(
    rules: &Rules,
    state: &State,
    f: FigureRef,
    v: &mut FormValues<'_>,
) -> Result<ActionPlan<Command>, String> {
    let partner = grapple_partner(state, f).ok_or("no one to grapple")?;
    let order = ClashOrder {
        attacker: fighter(f, v.pick(&grapple_weapons(rules, state, f), "weapon")?),
        defender: fighter(
            partner,
            v.pick(&grapple_weapons(rules, state, partner), "opponent's weapon")?,
        ),
        kind: ClashKind::Grapple,
        both_strike: false,
        closing: false,
        moving: false,
        range: 1,
    };
    let preview = cards::clash_card(rules, state, &order)?;
    Ok(ActionPlan {
        confirm: None,
        command: Command::Clash(order),
        preview: Some(preview),
    })
}

fn fighter(figure: FigureRef, weapon: String) -> Fighter {
    Fighter {
        figure,
        weapon,
        ni_ten: false,
        iaijutsu: false,
        situation: Situation::default(),
    }
}

/// The range bands as hexes: the top of each band, then one past the last.
fn bands(rules: &Rules) -> Vec<u32> {
    let b = &rules.t.ranges.band_hexes;
    b.iter().copied().chain(b.last().map(|l| l + 1)).collect()
}

/// Shoot: weapon, target, range band and the factors the table shows.
pub fn shoot_form(rules: &Rules, state: &State, f: FigureRef) -> Option<ActionForm> {
    let weapons = missiles(rules, state, f);
    if weapons.is_empty() {
        return None;
    }
    let ranges = bands(rules)
        .iter()
        .enumerate()
        .map(|(i, h)| {
            if i + 1 == bands(rules).len() {
                format!("over {}", h - 1)
            } else {
                format!("up to {h}")
            }
        })
        .collect();
    Some(
        ActionForm::new("shoot", "Shoot", "the figure's action for the turn")
            .choice("Weapon", weapons)
            .choice("Target", names(state, &enemies(state, f)))
            .choice("Range (hexes)", ranges)
            .choice(
                "Target is",
                vec![
                    "in plain view".into(),
                    "partly obscured".into(),
                    "minimally visible".into(),
                ],
            )
            .toggle("Shooter is being shot at")
            .toggle("Raining")
            .choice(
                "Target deflects (Yadomejutsu) with",
                std::iter::once("no attempt".to_owned())
                    .chain(rules.t.yadomejutsu_weapons.list.iter().cloned())
                    .collect(),
            ),
    )
}

/// The shot the shoot form's values name.
///
/// # Errors
/// A value out of range, or a shot that cannot be made.
pub fn shoot_plan(
    rules: &Rules,
    state: &State,
    f: FigureRef,
    v: &mut FormValues<'_>,
) -> Result<ActionPlan<Command>, String> {
    let target = {
        let weapon = v.pick(&missiles(rules, state, f), "weapon")?;
        (weapon, v.pick(&enemies(state, f), "target")?)
    };
    // The referee counts the missiles the target already tried to deflect this turn.
    let earlier = state
        .figure(target.1)
        .map_or(0, |x| x.this_turn.deflections);
    let mut order = ShotOrder {
        shooter: f,
        weapon: target.0,
        target: target.1,
        range_hexes: v.pick(&bands(rules), "range")?,
        visibility: v.pick(&VISIBILITY, "visibility")?,
        shot_at: v.on(),
        rain: v.on(),
        in_hand: match v.index() {
            0 => None,
            i => Some(
                rules
                    .t
                    .yadomejutsu_weapons
                    .list
                    .get(i - 1)
                    .ok_or("no such weapon")?
                    .clone(),
            ),
        },
        deflect: false,
        earlier_arrows: earlier,
    };
    order.deflect = order.in_hand.is_some();
    let preview = cards::shot_card(rules, state, &order)?;
    Ok(ActionPlan {
        confirm: None,
        command: Command::Shoot(order),
        preview: Some(preview),
    })
}

fn side_fields(form: ActionForm, who: &str) -> ActionForm {
    let form = form.flags(
        &format!("{who}: which apply"),
        TOGGLES.iter().map(|t| (*t).to_owned()).collect(),
    );
    form.choice(
        &format!("{who}: outnumbered by unengaged enemies"),
        OUTNUMBERED
            .iter()
            .map(|n| {
                if *n == 0 {
                    "no".into()
                } else {
                    format!("{n}-1")
                }
            })
            .collect(),
    )
}

fn side_values(
    v: &mut FormValues<'_>,
    figure: FigureRef,
    weapon: String,
) -> Result<Fighter, String> {
    // One bit per factor, in the order of `TOGGLES`.
    let flags = v.index();
    let on = |i: usize| flags & (1 << i) != 0;
    let ni_ten = on(0);
    let iaijutsu = on(1);
    let situation = Situation {
        drawing: on(2),
        wading: on(3),
        body_hex: on(4),
        rough: on(5),
        undergrowth: on(6),
        zone: on(7),
        off_arc: on(8),
        slippery: on(9),
        outnumbered: v.pick(&OUTNUMBERED, "outnumbering")?,
    };
    Ok(Fighter {
        figure,
        weapon,
        ni_ten,
        iaijutsu,
        situation,
    })
}

/// Attack (or the closing rule's attack): opponent, kind, weapons, both sides' factors.
pub fn attack_form(
    rules: &Rules,
    state: &State,
    f: FigureRef,
    closing: bool,
) -> Option<ActionForm> {
    let foes = enemies(state, f);
    foes.first()?;
    let (key, label, note) = if closing {
        (
            "closing",
            "Closing attack",
            "the longer weapon strikes as a shorter one closes",
        )
    } else {
        (
            "attack",
            "Attack",
            "one attacking stroke a turn; parries are free",
        )
    };
    let mut form = ActionForm::new(key, label, note);
    if closing {
        // Open to every figure at any moment, as the table shows a shorter weapon closing:
        // the umpire's record of what happened rather than a contingent's order.
        form = form.as_record();
    }
    let opponents = foes_armed(rules, state, &foes)
        .into_iter()
        .map(|(o, w)| format!("{} with {w}", state.figure_name(o)))
        .collect();
    let form = form
        .choice("Opponent, and the weapon it fights with", opponents)
        .choice(
            "Attack",
            ClashKind::ALL.iter().map(|k| k.name().to_owned()).collect(),
        )
        .choice("Weapon", hand_weapons(rules, state, f))
        .toggle("Opponent strikes too")
        .toggle("Both were moving (body charge)")
        .choice(
            "Range (hexes)",
            RANGES.iter().map(ToString::to_string).collect(),
        );
    let form = side_fields(form, "Attacker");
    Some(side_fields(form, "Defender"))
}

/// The clash the attack form's values name.
///
/// # Errors
/// A value out of range, or a clash that cannot be fought.
pub fn attack_plan(
    rules: &Rules,
    state: &State,
    f: FigureRef,
    v: &mut FormValues<'_>,
    closing: bool,
) -> Result<ActionPlan<Command>, String> {
    let foes = enemies(state, f);
    let (defender, their_weapon) = v.pick(&foes_armed(rules, state, &foes), "opponent")?;
    let kind = v.pick(&ClashKind::ALL, "attack")?;
    let mut weapon = v.pick(&hand_weapons(rules, state, f), "weapon")?;
    let both_strike = v.on();
    let moving = v.on();
    let range = v.pick(&RANGES, "range")?;
    if kind == ClashKind::BodyCharge {
        weapon = UNARMED.into();
    }
    let order = ClashOrder {
        attacker: side_values(v, f, weapon)?,
        defender: side_values(v, defender, their_weapon)?,
        kind,
        both_strike,
        closing,
        moving,
        range,
    };
    let preview = cards::clash_card(rules, state, &order)?;
    Ok(ActionPlan {
        confirm: None,
        command: Command::Clash(order),
        preview: Some(preview),
    })
}
