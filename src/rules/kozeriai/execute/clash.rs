//! The clash of blades, resolved in the contingent's fighting stage (and a closing attack
//! whenever the table shows one).

use super::super::command::{ClashKind, ClashOrder};
use super::super::event::{ClashDice, Event};
use super::super::numbers::clash::{self, chain_attack};
use super::super::numbers::grapple;
use super::super::order as when;
use super::super::state::{Due, FigureRef, Stage, TripCause};
use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::kozeriai::tables::ClosingAttack;

/// Whether the attacker may make this attack now.
fn may_attack(ctx: &Ctx<'_>, order: &ClashOrder) -> Result<(), CommandError> {
    let a = order.attacker.figure;
    if order.closing {
        // The longer weapon's attack comes whenever the shorter one tries to close.
    } else {
        if ctx.state().stage != Stage::Fighting {
            return Err(refuse(
                "clashes are resolved in the contingent's fighting stage",
                "kozeriai: Order of Movement",
            ));
        }
        ctx.of_contingent(a)?;
    }
    let x = ctx.active(a)?;
    let name = &x.spec.name;
    let extra = order.closing && ctx.rules().rulings.closing_attack == ClosingAttack::ExtraStroke;
    when::may_strike(x, order.kind, extra)?;
    if order.kind == ClashKind::BodyCharge {
        when::may_charge(x)?;
    }
    within_reach(ctx, order)?;
    let info = ctx.rules().weapon(&order.attacker.weapon);
    let turn = ctx.state().turn;
    if info.is_some_and(|i| chain_attack(ctx.rules(), i, order.kind, order.range))
        && x.last_chain.is_some_and(|t| t.saturating_add(1) >= turn)
    {
        return Err(refuse(
            format!("{name}'s chain is being recovered: a chain attack every other turn"),
            "kozeriai: Kusarigama or Nagegama",
        ));
    }
    match order.kind {
        ClashKind::Grapple
            if x.grappling != Some(order.defender.figure)
                && x.may_grapple_with(ctx.state().turn) != Some(order.defender.figure) =>
        {
            Err(refuse(
                "grappling follows a successful body charge between the two, elected on their next action phase",
                "kozeriai: Grappling",
            ))
        }
        ClashKind::TearFree if !x.entangled => Err(illegal(format!("{name} is not entangled"))),
        ClashKind::TearFree if x.entangled_by.is_some_and(|by| by != order.defender.figure) => {
            Err(refuse(
                format!(
                    "{name} is held by {}: it tears free against the figure holding it",
                    x.entangled_by
                        .map_or_else(String::new, |by| ctx.state().figure_name(by))
                ),
                "kozeriai: Mojiri and Sodegarami",
            ))
        }
        ClashKind::TearFree if x.lying => Err(refuse(
            format!("{name} is down: an entangled figure tears free only if it kept its feet"),
            "kozeriai: Mojiri and Sodegarami",
        )),
        _ if x.mounted && x.this_turn.ran_down.contains(&order.defender.figure) => Err(refuse(
            format!(
                "{name} cannot engage {}, fallen under the horse",
                ctx.state().figure_name(order.defender.figure)
            ),
            "kozeriai: Horses in Combat",
        )),
        _ => Ok(()),
    }
}

/// Whether the attack reaches its opponent: no further than the weapon reaches (a body
/// charge is a move into the defender's hex, and tearing free is fought where the restraint
/// holds); and a closing attack is the longer weapon's, so its reach must outreach the
/// shorter one's (Closing Rule; Combat Engagement Zones, ruling `engagement_zones`).
fn within_reach(ctx: &Ctx<'_>, order: &ClashOrder) -> Result<(), CommandError> {
    if matches!(order.kind, ClashKind::BodyCharge | ClashKind::TearFree) {
        return Ok(());
    }
    let rules = ctx.rules();
    let zones = "kozeriai: Combat Engagement Zones";
    let (aw, dw) = (&order.attacker.weapon, &order.defender.weapon);
    let reach_a = rules
        .weapon(aw)
        .and_then(|i| clash::reach(rules, i, order.kind));
    if let Some(reach) = reach_a.filter(|r| order.range > *r) {
        return Err(refuse(
            format!(
                "a {aw} reaches {}, not {}",
                crate::engine::words::counted(reach, "hex"),
                order.range
            ),
            zones,
        ));
    }
    if !order.closing {
        return Ok(());
    }
    let reach_d = rules
        .weapon(dw)
        .and_then(|i| clash::reach(rules, i, ClashKind::Strike));
    match (reach_a, reach_d) {
        (Some(a), Some(d)) if a <= d => Err(refuse(
            format!(
                "a {aw} (reach {a}) does not outreach a {dw} (reach {d}): only the longer weapon attacks a figure closing"
            ),
            "kozeriai: Closing Rule",
        )),
        _ => Ok(()),
    }
}

/// A clash of blades.
pub fn clash(ctx: &mut Ctx<'_>, order: &ClashOrder) -> Result<(), CommandError> {
    if order.attacker.figure.side() == order.defender.figure.side() {
        return Err(illegal("a clash is between figures of the two sides"));
    }
    may_attack(ctx, order)?;
    let d = ctx.figure(order.defender.figure)?;
    if d.dead {
        return Err(illegal(format!("{} is dead", d.spec.name)));
    }
    let elects = order.kind == ClashKind::Grapple && d.grappling != Some(order.attacker.figure);
    if order.both_strike {
        // Striking back is the defender's own attacking blow, with its limits.
        let d = ctx.active(order.defender.figure)?;
        when::may_strike(d, ClashKind::Strike, false)?;
    }
    let mut order = order.clone();
    // Electing to grapple after a body charge: from now the two grapple (Body Charges).
    if elects {
        ctx.emit(Event::Grappled(
            order.attacker.figure,
            order.defender.figure,
        ))?;
    }
    if let Some(partner) = grapple::grapple_partner(ctx.state(), &order) {
        // An outsider's hit on grapplers falls on either, 50:50 (ruling `grapple_hits`).
        let die = ctx.d10()?;
        let falls_on = if grapple::split_keeps_target(ctx.rules(), die) {
            order.defender.figure
        } else {
            order = grapple::struck_partner(&order, partner);
            partner
        };
        ctx.emit(Event::GrappleSplit { die, falls_on })?;
    }
    let n = clash::numbers(ctx.rules(), ctx.state(), &order).map_err(illegal)?;
    let mut draws = [None, None];
    for (i, side) in n.sides.iter().enumerate() {
        if let Some((skill, _)) = side.iaijutsu {
            let die = ctx.d10()?;
            draws[i] = Some((die, i64::from(die) <= skill));
        }
    }
    let dice = [ctx.d10()?, ctx.d10()?];
    let totals: [i64; 2] = std::array::from_fn(|i| {
        let failed = draws[i].is_some_and(|(_, ok)| !ok);
        let penalty = n.sides[i].iaijutsu.map_or(0, |(_, p)| p);
        i64::from(dice[i]) + n.sides[i].total() + if failed { penalty } else { 0 }
    });
    let outcome = n.outcome(ctx.rules(), totals[0] - totals[1]);
    ctx.emit(Event::Clash {
        order: order.clone(),
        dice: ClashDice {
            draws,
            dice,
            totals,
            outcome: outcome.clone(),
        },
    })?;
    results(ctx, &order, &outcome)
}

/// What the clash did to the loser (or the winner, for a torn-free attacker).
fn results(ctx: &mut Ctx<'_>, order: &ClashOrder, o: &clash::Outcome) -> Result<(), CommandError> {
    let figures = [order.attacker.figure, order.defender.figure];
    if o.freed {
        ctx.emit(Event::Freed(figures[0]))?;
    }
    if let Some(loser) = o.loser().and_then(|l| figures.get(l).copied()) {
        loser_results(ctx, order, o, loser)?;
    }
    // Engaging in combat on a slippery surface: a trip roll, once a turn (Tripping Over;
    // ruling `slippery_trip`).
    for (f, fighter) in figures.into_iter().zip([&order.attacker, &order.defender]) {
        let x = ctx.figure(f)?;
        if fighter.situation.slippery && !x.mounted && !x.lying && !x.this_turn.slipped {
            ctx.require(Due::Trip(f, TripCause::Slippery))?;
        }
    }
    Ok(())
}

/// What the clash did to its loser.
fn loser_results(
    ctx: &mut Ctx<'_>,
    order: &ClashOrder,
    o: &clash::Outcome,
    loser: FigureRef,
) -> Result<(), CommandError> {
    let figures = [order.attacker.figure, order.defender.figure];
    ctx.hurt(loser, o.wounds, o.distractions)?;
    if o.entangled {
        ctx.emit(Event::Entangled(loser))?;
        // Only the weapons the text names make the victim dice for tripping.
        let trips = ctx
            .rules()
            .weapon(&order.attacker.weapon)
            .is_some_and(|w| w.entangle_trips);
        if trips && !ctx.figure(loser)?.mounted {
            ctx.require(Due::Trip(loser, TripCause::Entangled))?;
        }
    }
    if o.thrown {
        thrown(ctx, loser)?;
    }
    if o.charge_home {
        ctx.emit(Event::Grappling(figures[0], figures[1]))?;
        ctx.require(Due::Fall {
            attacker: figures[0],
            defender: figures[1],
            moving: order.moving,
        })?;
    }
    if o.push_back && !o.charge_home {
        ctx.require(Due::PushedBack(loser))?;
    }
    Ok(())
}

/// A figure thrown down: off its horse if it rides.
fn thrown(ctx: &mut Ctx<'_>, f: FigureRef) -> Result<(), CommandError> {
    let x = ctx.figure(f)?;
    if x.dead {
        return Ok(());
    }
    if x.mounted {
        ctx.emit(Event::Unhorsed(f))
    } else {
        ctx.emit(Event::Fell(f))
    }
}
