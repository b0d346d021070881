//! The shoot and attack forms, with live previews of their odds.

use super::super::command::{
    ClashKind, ClashOrder, Command, Fighter, ShotOrder, Situation, Visibility,
};
use super::super::numbers::clash::{self, UNARMED};
use super::super::order::may_charge;
use super::super::pending::cards;
use super::super::state::{FigureRef, FigureState, State};
use super::super::tables::Rules;
use super::super::tables::weapons::{Class, WeaponInfo};
use super::{enemies, names};
use crate::engine::action::{ActionForm, ActionPlan, FormValues};

const VISIBILITY: [Visibility; 3] = [Visibility::Clear, Visibility::Partly, Visibility::Minimal];
const OUTNUMBERED: [u32; 6] = [0, 2, 3, 4, 5, 6];
/// Ranges an attack may be made at, in hexes (the longest reach in the glossary is 4).
const RANGES: [u32; 4] = [1, 2, 3, 4];
const TECHNIQUES: [&str; 2] = ["Ni-Ten Jitsu", "Iaijutsu draw"];
const TOGGLES: [&str; 8] = [
    "Drawing or changing weapon",
    "Wading",
    BODY_HEX,
    "Rough ground",
    "In undergrowth",
    "Attacked from its weak zone",
    "Opponent outside the horse's forward arc",
    "On a slippery surface (mud, snow, ice)",
];
const BODY_HEX: &str = "In a body hex";
/// The engagement zone question: the diagram's "can attack this hex" or "CANNOT attack
/// this hex" for the hex the opponent stands in: unanswered until the umpire answers, and
/// read for every attack but a body charge and tearing free, which no diagram governs.
const ATTACKABLE: &str = "Opponent in a hex its weapon can attack (its zone diagram)";
const ATTACKABLE_ANSWERS: [&str; 2] = ["yes", "no: CANNOT attack this hex"];

/// What the attack form offers a figure, as the state allows: the attacks its weapons and
/// state can make, the ranges its weapons reach, and for each side what may be said of it.
/// Shared by the form and its plan, so an index names the same thing in both.
struct Offer {
    kinds: Vec<ClashKind>,
    ranges: Vec<u32>,
    /// The attacker's, and the defender's (any of the enemies).
    sides: [SideOffer; 2],
}

/// What may be said of one side of an attack.
struct SideOffer {
    /// It has a Ni-Ten Jitsu skill, an Iaijutsu skill.
    techniques: [bool; 2],
    /// A figure lies on the ground, so it may stand in a body hex.
    body: bool,
    /// How far it may be outnumbered: by as many enemies as are still fighting.
    outnumbered: Vec<u32>,
}

impl Offer {
    fn new(rules: &Rules, state: &State, f: FigureRef) -> Self {
        let weapons: Vec<&WeaponInfo> = hand_weapons(rules, state, f)
            .iter()
            .filter_map(|w| rules.weapon(w))
            .collect();
        // A weapon whose reach is the umpire's to read (ruling `engagement_zones`) may
        // attack at any range the form has.
        let longest = weapons
            .iter()
            .flat_map(|i| ClashKind::ALL.map(|k| clash::reach(rules, i, k)))
            .map(|r| r.unwrap_or(u32::MAX))
            .max()
            .unwrap_or(1);
        let me = state.figure(f);
        let kinds = ClashKind::ALL
            .into_iter()
            .filter(|k| match k {
                ClashKind::Strike => true,
                ClashKind::Chain => weapons.iter().any(|i| i.chain),
                ClashKind::Entangle => weapons.iter().any(|i| i.entangles),
                ClashKind::Trip => weapons.iter().any(|i| i.trips),
                ClashKind::BodyCharge => me.is_some_and(|x| may_charge(x).is_ok()),
                // Grappling has a form of its own.
                ClashKind::Grapple => false,
                ClashKind::TearFree => me.is_some_and(|x| x.entangled),
            })
            .collect();
        let body = super::super::order::body_lies(rules, state, &[f]);
        let upto = |n: usize| -> Vec<u32> {
            OUTNUMBERED
                .into_iter()
                .filter(|o| usize::try_from(*o).is_ok_and(|o| o <= n))
                .collect()
        };
        let side = f.side();
        let skilled = |figures: &[FigureRef]| {
            let has = |skill: fn(&FigureState) -> bool| {
                figures.iter().any(|g| state.figure(*g).is_some_and(skill))
            };
            [
                has(|x| x.spec.ni_ten.is_some()),
                has(|x| x.spec.iaijutsu.is_some()),
            ]
        };
        Self {
            kinds,
            ranges: RANGES
                .into_iter()
                .filter(|r| *r <= longest.max(1))
                .collect(),
            sides: [
                SideOffer {
                    techniques: skilled(&[f]),
                    body,
                    outnumbered: upto(state.active_of(1 - side).len()),
                },
                SideOffer {
                    techniques: skilled(&enemies(state, f)),
                    body,
                    outnumbered: upto(state.active_of(side).len()),
                },
            ],
        }
    }
}

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
        attackable: None,
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

/// The factors that may be said of one side, in the order of its `which apply` list: the
/// techniques it has, then the table's situations (a body hex only where a body lies).
fn side_flags(offer: &SideOffer) -> Vec<&'static str> {
    TECHNIQUES
        .iter()
        .zip(offer.techniques)
        .filter(|(_, has)| *has)
        .map(|(t, _)| *t)
        .chain(
            TOGGLES
                .iter()
                .filter(|t| offer.body || **t != BODY_HEX)
                .copied(),
        )
        .collect()
}

fn side_fields(form: ActionForm, who: &str, offer: &SideOffer) -> ActionForm {
    let form = form.flags(
        &format!("{who}: which apply"),
        side_flags(offer).into_iter().map(str::to_owned).collect(),
    );
    form.choice(
        &format!("{who}: outnumbered by unengaged enemies"),
        offer
            .outnumbered
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
    (figure, weapon): (FigureRef, String),
    offer: &SideOffer,
) -> Result<Fighter, String> {
    // One bit per factor offered, in the order of `side_flags`.
    let flags = v.index();
    let offered = side_flags(offer);
    let on = |name: &str| {
        offered
            .iter()
            .position(|t| *t == name)
            .is_some_and(|i| flags & (1 << i) != 0)
    };
    let (ni_ten, iaijutsu) = (on(TECHNIQUES[0]), on(TECHNIQUES[1]));
    let situation = Situation {
        drawing: on(TOGGLES[0]),
        wading: on(TOGGLES[1]),
        body_hex: on(BODY_HEX),
        rough: on(TOGGLES[3]),
        undergrowth: on(TOGGLES[4]),
        zone: on(TOGGLES[5]),
        off_arc: on(TOGGLES[6]),
        slippery: on(TOGGLES[7]),
        outnumbered: v.pick(&offer.outnumbered, "outnumbering")?,
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
    let offer = Offer::new(rules, state, f);
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
            offer.kinds.iter().map(|k| k.name().to_owned()).collect(),
        )
        .choice("Weapon", hand_weapons(rules, state, f))
        .toggle("Opponent strikes too")
        .toggle("Both were moving (body charge)")
        .choice(
            "Range (hexes)",
            offer.ranges.iter().map(ToString::to_string).collect(),
        )
        .choice(
            ATTACKABLE,
            ATTACKABLE_ANSWERS.iter().map(|a| (*a).to_owned()).collect(),
        );
    let form = side_fields(form, "Attacker", &offer.sides[0]);
    Some(side_fields(form, "Defender", &offer.sides[1]))
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
    let offer = Offer::new(rules, state, f);
    let (defender, their_weapon) = v.pick(&foes_armed(rules, state, &foes), "opponent")?;
    let kind = v.pick(&offer.kinds, "attack")?;
    let mut weapon = v.pick(&hand_weapons(rules, state, f), "weapon")?;
    let both_strike = v.on();
    let moving = v.on();
    let range = v.pick(&offer.ranges, "range")?;
    // A body charge moves into the opponent's hex and tearing free is fought where the
    // restraint holds: no diagram is read for them.
    let zoned = !matches!(kind, ClashKind::BodyCharge | ClashKind::TearFree);
    let attackable = match v.index() {
        _ if !zoned => None,
        0 => Some(true),
        _ => Some(false),
    };
    if kind == ClashKind::BodyCharge {
        weapon = UNARMED.into();
    }
    let order = ClashOrder {
        attacker: side_values(v, (f, weapon), &offer.sides[0])?,
        defender: side_values(v, (defender, their_weapon), &offer.sides[1])?,
        kind,
        both_strike,
        closing,
        moving,
        range,
        attackable,
    };
    let preview = cards::clash_card(rules, state, &order)?;
    Ok(ActionPlan {
        confirm: None,
        command: Command::Clash(order),
        preview: Some(preview),
    })
}
