//! Leaders: attaching and leaving units, the General's initiative, challenges and duels, and
//! unattached leaders caught by enemy units.

use super::moves::MAX_CM;
use super::{Ctx, busy, illegal};
use crate::dice::{CmpOp, Comparison, Expr};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::daimyo::event::Event;
use crate::rules::daimyo::numbers::cm;
use crate::rules::daimyo::state::State;
use crate::rules::daimyo::state::{Due, Leader, Rank};

/// The most rolls a duel may take before Gunbai gives up (every one a tie: chance 6^-200).
const MAX_DUEL_ROLLS: usize = 200;

fn alive(ctx: &Ctx<'_>, leader: usize) -> Result<Leader, CommandError> {
    let l = ctx
        .state()
        .leader(leader)
        .ok_or_else(|| illegal(format!("there is no leader {leader}")))?;
    match &l.killed {
        Some(how) => Err(illegal(format!("{} is dead ({how})", l.name))),
        None => Ok(l.clone()),
    }
}

/// A Daimyo acts only while his clan is active (ruling `general_joins`: the General any time).
fn in_his_activation(ctx: &Ctx<'_>, l: &Leader) -> Result<(), CommandError> {
    match l.rank {
        Rank::Daimyo(group) if ctx.state().active != Some(group) => {
            Err(illegal(format!("{} acts while his clan is active", l.name)))
        }
        _ => Ok(()),
    }
}

/// The General activates the unit he accompanies ahead of its clan.
pub(super) fn initiative(ctx: &mut Ctx<'_>, leader: usize) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let l = alive(ctx, leader)?;
    if l.rank != Rank::General {
        return Err(illegal("only the General may activate a unit early"));
    }
    let unit = l
        .attached
        .ok_or_else(|| illegal(format!("{} is not with a unit", l.name)))?;
    let u = ctx.present(unit)?;
    let group_done = ctx.state().groups.get(u.group).is_some_and(|g| g.activated);
    if group_done || u.turn.early || ctx.state().active == Some(u.group) {
        return Err(illegal(format!(
            "{} has already been activated this turn",
            u.spec.name
        )));
    }
    if ctx.state().active.is_some() {
        return Err(refuse(
            "finish the active clan's activation first",
            "daimyo: Leaders; ruling initiative_between_clans",
        ));
    }
    ctx.emit(Event::Initiative { leader, unit })
}

/// Where the leaders' rules come from.
pub const LEADERS: &str = "daimyo: Leaders";

/// What is left of a leader's move this turn, in mm: the roster's leader move less what he
/// has moved (on his own, and a Daimyo with units).
pub fn leader_move_left(state: &State, leader: usize) -> i64 {
    state.leader(leader).map_or(0, |l| {
        state.armies[l.side.min(1)].leader_move * 10 - l.moved_mm
    })
}

/// Why a leader may not move `mm` on his own now, if he may not: his movement is over after
/// a challenge, and he never goes beyond his maximum move in a turn.
pub fn leader_refusal(state: &State, leader: usize, mm: i64) -> Option<String> {
    let l = state.leader(leader)?;
    if !(0..=MAX_CM * 10).contains(&mm) {
        return Some(format!("distances are 0 to {MAX_CM} cm"));
    }
    if l.move_over {
        return Some(format!(
            "{}'s movement is over this turn: he made a challenge",
            l.name
        ));
    }
    let left = leader_move_left(state, leader);
    if mm > left {
        return Some(format!(
            "{} has {} of his move left this turn; this needs {}",
            l.name,
            cm(left.max(0)),
            cm(mm)
        ));
    }
    None
}

/// Moves a leader on his own, within his move (a no-op for no distance).
fn move_leader(ctx: &mut Ctx<'_>, leader: usize, cm: i64) -> Result<(), CommandError> {
    let mm = cm.saturating_mul(10);
    if let Some(why) = leader_refusal(ctx.state(), leader, mm) {
        return Err(refuse(why, LEADERS));
    }
    if mm > 0 {
        ctx.emit(Event::LeaderMoved { leader, mm })?;
    }
    Ok(())
}

/// An unattached leader moves on his own.
pub(super) fn leader_move(ctx: &mut Ctx<'_>, leader: usize, cm: i64) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let l = alive(ctx, leader)?;
    if l.attached.is_some() {
        return Err(refuse(
            format!("{} moves with his unit: leave it first", l.name),
            LEADERS,
        ));
    }
    if cm <= 0 {
        return Err(illegal("enter how far he moves"));
    }
    in_his_activation(ctx, &l)?;
    move_leader(ctx, leader, cm)
}

/// A leader joins a unit, moving `cm` to reach it.
pub(super) fn attach(
    ctx: &mut Ctx<'_>,
    leader: usize,
    unit: usize,
    cm: i64,
) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let l = alive(ctx, leader)?;
    let u = ctx.present(unit)?;
    if u.side != l.side {
        return Err(illegal("a leader joins a unit of his own army"));
    }
    if let Rank::Daimyo(group) = l.rank
        && u.group != group
    {
        return Err(illegal(format!(
            "{} may only join units of his own clan",
            l.name
        )));
    }
    if l.attached == Some(unit) {
        return Err(illegal(format!(
            "{} is already with {}",
            l.name, u.spec.name
        )));
    }
    in_his_activation(ctx, &l)?;
    if l.attached.is_some() {
        ctx.emit(Event::Detached { leader })?;
    }
    move_leader(ctx, leader, cm)?;
    ctx.emit(Event::Attached { leader, unit })
}

/// A leader leaves his unit.
pub(super) fn detach(ctx: &mut Ctx<'_>, leader: usize) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let l = alive(ctx, leader)?;
    if l.attached.is_none() {
        return Err(illegal(format!("{} is not with a unit", l.name)));
    }
    in_his_activation(ctx, &l)?;
    ctx.emit(Event::Detached { leader })
}

/// An unattached leader challenges an unattached enemy leader.
pub(super) fn challenge(
    ctx: &mut Ctx<'_>,
    challenger: usize,
    challenged: usize,
    cm: i64,
) -> Result<(), CommandError> {
    busy(ctx.state())?;
    let (a, b) = (alive(ctx, challenger)?, alive(ctx, challenged)?);
    if a.side == b.side {
        return Err(illegal("a challenge is made to an enemy leader"));
    }
    if a.attached.is_some() || b.attached.is_some() {
        return Err(illegal(
            "only unattached leaders challenge or are challenged",
        ));
    }
    in_his_activation(ctx, &a)?;
    // He moves into contact; his movement is then over for the turn.
    move_leader(ctx, challenger, cm)?;
    ctx.emit(Event::Challenged {
        challenger,
        challenged,
    })?;
    ctx.require(Due::Answer {
        challenger,
        challenged,
    })
}

/// The challenged leader refuses (losing face) or fights.
pub(super) fn answer(ctx: &mut Ctx<'_>, accept: bool) -> Result<(), CommandError> {
    let (challenger, challenged) = ctx
        .state()
        .challenge()
        .ok_or_else(|| illegal("no challenge is waiting"))?;
    let (a, b) = (alive(ctx, challenger)?, alive(ctx, challenged)?);
    ctx.settle(Due::Answer {
        challenger,
        challenged,
    })?;
    let l = &ctx.rules().t.leaders;
    if !accept {
        // A General refusing a mere Daimyo keeps his rating.
        let exempt = b.rank == Rank::General && matches!(a.rank, Rank::Daimyo(_));
        let delta = if exempt {
            0
        } else {
            (b.rating + l.refusal).max(l.rating_min) - b.rating
        };
        return ctx.emit(Event::Refused {
            leader: challenged,
            delta,
            retreat_mm: l.refusal_retreat_cm * 10,
        });
    }
    let die = l.duel_die;
    let mut rolls = Vec::new();
    let winner = loop {
        if rolls.len() >= MAX_DUEL_ROLLS {
            return Err(illegal("the duel tied every time"));
        }
        let (x, y) = (ctx.roll(die)?, ctx.roll(die)?);
        rolls.push((x, y));
        let (sa, sb) = (i64::from(x) + a.rating, i64::from(y) + b.rating);
        if sa != sb {
            break if sa > sb { challenger } else { challenged };
        }
    };
    let (won, loser) = if winner == challenger {
        (&a, challenged)
    } else {
        (&b, challenger)
    };
    let delta = (won.rating + l.duel_win).min(l.rating_max) - won.rating;
    let how = format!("killed in a duel with {}", won.name);
    ctx.emit(Event::Duel {
        challenger,
        challenged,
        rolls,
        winner,
        delta,
    })?;
    ctx.emit(Event::LeaderKilled { leader: loser, how })
}

/// A non-routing enemy unit's move reaches an unattached leader: he dies gloriously.
pub(super) fn contacted(ctx: &mut Ctx<'_>, leader: usize, unit: usize) -> Result<(), CommandError> {
    let l = alive(ctx, leader)?;
    let u = ctx.present(unit)?;
    if u.side == l.side {
        return Err(illegal("only an enemy unit kills a leader it reaches"));
    }
    if l.attached.is_some() {
        return Err(illegal(format!("{} is with a unit", l.name)));
    }
    if u.routing {
        return Err(illegal("a routing unit passes unattached leaders by"));
    }
    let how = format!("reached by {}", u.spec.name);
    ctx.emit(Event::LeaderKilled { leader, how })
}

/// The chance the first leader wins a duel, ties being rolled again: of the rolls that settle
/// it, the share the first leader wins.
pub fn duel_odds(first: i64, second: i64, die: u32) -> f64 {
    let (a, b) = (
        Expr::dice(1, die).offset(first),
        Expr::dice(1, die).offset(second),
    );
    let wins = Comparison::new(a.clone(), CmpOp::Gt, b.clone()).probability();
    let losses = Comparison::new(a, CmpOp::Lt, b).probability();
    if wins + losses > 0.0 {
        wins / (wins + losses)
    } else {
        0.5
    }
}
