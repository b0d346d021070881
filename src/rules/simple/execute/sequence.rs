//! The sequence: Home roll, the deck, turns, cards, allied clans, Formation Fail, moves.

use super::{Ctx, illegal};
use crate::engine::error::CommandError;
use crate::engine::exec::refuse;
use crate::rules::simple::command::{FailCause, Fighter, Going, MoveKind};
use crate::rules::simple::event::Event;
use crate::rules::simple::numbers;
use crate::rules::simple::order::{self, Deed};
use crate::rules::simple::order::{EVENT_CARDS, FORMATION_FAIL, MORALE};
use crate::rules::simple::roster::{Formation, Koku, Troop, Weapon};
use crate::rules::simple::state::{Due, GroupRef, MoraleCause, Phase, State, UnitRef, UnitState};
use crate::rules::simple::tables::FormationChange;

/// The Movement section.
const MOVEMENT: &str = "simple: Movement";

pub(super) fn roll_for_home(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Setup || ctx.state().home.is_some() {
        return Err(illegal("the Home Daimyo is already known"));
    }
    // Ruling home_tie: equal rolls are rolled again, within the one roll for Home.
    loop {
        let faces = ctx.roll_n(2, ctx.rules().t.sequence.home_die)?;
        let home = match faces[0].cmp(&faces[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        ctx.emit(Event::HomeRolled { faces, home })?;
        if home.is_some() {
            return Ok(());
        }
    }
}

pub(super) fn shuffle(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Setup {
        return Err(illegal("the deck is shuffled before the battle"));
    }
    let n = u8::try_from(ctx.rules().t.cards.deck)
        .unwrap_or(u8::MAX)
        .max(2);
    let mut order: Vec<u8> = (1..=n).collect();
    let mut faces = Vec::new();
    // Fisher-Yates with dice: a d(n) picks the card for the last place, then d(n-1)...
    for i in (1..order.len()).rev() {
        let face = ctx.roll(i as u32 + 1)?;
        faces.push(face);
        order.swap(i, face as usize - 1);
    }
    ctx.emit(Event::DeckShuffled { order, faces })
}

/// The Invader: the side that is not Home.
pub fn invader(state: &State) -> u8 {
    state.home.map_or(0, |h| 1 - h)
}

pub(super) fn begin(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Setup {
        return Err(illegal("the battle has begun"));
    }
    if ctx.state().home.is_none() {
        return Err(illegal("roll for the Home Daimyo first"));
    }
    if ctx.state().deck.is_empty() {
        return Err(illegal("shuffle the event deck first"));
    }
    let side = invader(ctx.state());
    ctx.emit(Event::TurnBegins { turn: 1, side })?;
    ctx.require(Due::DrawCard(side))
}

/// After the card: allied clans roll, Formation Fails test, retreats move.
pub(super) fn start_of_turn_tests(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    // Found in one pass over the groups and units, then required in that order: requiring
    // changes only what is due, which none of the tests reads.
    let dues = start_of_turn_dues(ctx.state());
    for due in dues {
        ctx.require(due)?;
    }
    Ok(())
}

/// What the start of the acting side's turn requires, in order: allied clans' rolls, then
/// each unit's retreat move or Formation Fail test (its units in the order of
/// [`State::present_units_of`], the village's peasants last).
fn start_of_turn_dues(state: &State) -> Vec<Due> {
    let side = state.acting;
    let mut allies = Vec::new();
    let mut dues = Vec::new();
    for (s, group_side) in state.sides.iter().enumerate() {
        for (g, grp) in group_side.groups.iter().enumerate() {
            let leads = grp.daimyo.as_ref().is_some_and(|d| d.alive);
            if grp.owner == side && grp.koku.is_some() && leads && !grp.acting {
                allies.push(Due::AllyActivation(GroupRef(s as u8, g as u8)));
            }
            for (i, x) in grp.units.iter().enumerate() {
                // The side it fights for now, as `State::owner` says.
                if x.present() && x.held_by.unwrap_or(grp.owner) == side {
                    let u = UnitRef(s as u8, g as u8, i as u8);
                    dues.extend(unit_due(state, u, x));
                }
            }
        }
    }
    // The village's peasants belong to no one; they test in the Home Daimyo's turn.
    if state.home == Some(side)
        && let Some(u) = super::places::village_unit(state)
        && let Some(x) = state.unit(u)
    {
        dues.extend(unit_due(state, u, x));
    }
    allies.append(&mut dues);
    allies
}

/// A unit's retreat move or Formation Fail test at the start of its turn, if any.
fn unit_due(state: &State, u: UnitRef, x: &UnitState) -> Option<Due> {
    // An army falling back after its Daimyo's death stays in Retreat, and so keeps its
    // Formation Fail: no test.
    let army_falls_back = state
        .sides
        .get(state.owner(u))
        .is_some_and(|s| s.army_retreating);
    if x.retreating() {
        Some(Due::RetreatMove(u))
    } else if x.formation_fail
        && !army_falls_back
        && !x.in_melee()
        && !x.crossing
        && x.spec.troop != Troop::Animals
    {
        Some(Due::FormationTest(u))
    } else {
        None
    }
}

pub(super) fn ally(ctx: &mut Ctx<'_>, g: GroupRef) -> Result<(), CommandError> {
    ctx.settle(Due::AllyActivation(g))?;
    let a = &ctx.rules().t.allies;
    let sides = match ctx.state().group(g).and_then(|x| x.koku) {
        Some(Koku::K5000) => a.die_5000_koku,
        _ => a.die_10000_koku,
    };
    let face = ctx.roll(sides)?;
    let acts = face >= a.acts_on;
    ctx.emit(Event::AllyRolled {
        group: g,
        sides,
        face,
        acts,
    })?;
    // A clan that acts sends its cavalry forward too when card 29 was drawn.
    // Its units on the table that fight for the acting side (as `State::present_units_of`
    // finds them), looked for in the clan alone.
    let acting = ctx.state().acting;
    let units: Vec<UnitRef> = ctx.state().group(g).map_or_else(Vec::new, |grp| {
        let ours = |x: &UnitState| x.present() && x.held_by.unwrap_or(grp.owner) == acting;
        let unit = |i: usize| UnitRef(g.0, g.1, i as u8);
        grp.units
            .iter()
            .enumerate()
            .filter(|(_, x)| ours(x))
            .map(|(i, _)| unit(i))
            .collect()
    });
    super::cards::cavalry_advance(ctx, &units)
}

pub(super) fn formation_test(ctx: &mut Ctx<'_>, u: UnitRef) -> Result<(), CommandError> {
    ctx.settle(Due::FormationTest(u))?;
    let sides = numbers::troop_die(ctx.rules(), ctx.unit(u)?.spec.troop);
    let face = ctx.roll(sides)?;
    let passed = face >= ctx.rules().t.formation_fail.pass_on;
    ctx.emit(Event::FormationTested {
        unit: u,
        sides,
        face,
        passed,
    })
}

/// Refuses a move beyond the unit's allowance over its going (Movement).
fn within_allowance(
    ctx: &Ctx<'_>,
    u: UnitRef,
    (distance, going): (u32, Going),
) -> Result<(), CommandError> {
    let x = ctx.unit(u)?;
    let in_retreat = ctx.state().in_retreat(u);
    match numbers::too_far(ctx.rules(), x, (distance, going), in_retreat) {
        Some(why) => Err(refuse(why, MOVEMENT)),
        None => Ok(()),
    }
}

/// Whether a kind of move is made where the unit stands, taking its whole move (Movement: a
/// change of formation, mounting or limbering takes a full move).
fn in_place(kind: MoveKind) -> bool {
    matches!(
        kind,
        MoveKind::ChangeFormation(_)
            | MoveKind::MountDismount
            | MoveKind::Limber
            | MoveKind::Unlimber
    )
}

/// Refuses a move the unit may not make now, whatever its kind: retreating, moved already,
/// after a volley, or stopped by a card or by its army's retreat.
fn may_move(ctx: &Ctx<'_>, u: UnitRef, kind: MoveKind) -> Result<(), CommandError> {
    let x = ctx.acting_unit(u)?;
    let limits = ctx.state().sides[ctx.state().owner(u)].limits;
    let name = &x.spec.name;
    let in_retreat = ctx.state().in_retreat(u);
    if x.retreating() {
        return Err(illegal(format!(
            "{name} is retreating: make its retreat move"
        )));
    }
    if x.moved {
        return Err(illegal(format!("{name} has moved this turn")));
    }
    if x.volleyed {
        return Err(illegal(format!(
            "{name} fired a volley: it may not move this turn"
        )));
    }
    // Card 3: no movement for any unit, unless in retreat.
    if limits.no_move && !in_retreat {
        return Err(refuse(
            "the messenger brought the wrong orders: no movement this turn but in retreat",
            EVENT_CARDS,
        ));
    }
    // Card 11: Samurai do not move (those in melee disengaged when it was drawn).
    if limits.samurai_idle && numbers::is_samurai(x.spec.troop) {
        return Err(refuse(
            "the Daimyo's tea ceremony: Samurai do not move this turn",
            EVENT_CARDS,
        ));
    }
    if ctx.state().sides[ctx.state().owner(u)].army_retreating
        && !in_place(kind)
        && kind != MoveKind::Back
    {
        return Err(refuse(
            format!(
                "{name}'s Daimyo is dead: the army falls back to its base line and may not move forward or toward the enemy"
            ),
            MORALE,
        ));
    }
    Ok(())
}

/// A unit moves: `step` is the distance (cm) and going of a move the umpire measured; a move
/// into or out of a building made along with taking post there has none.
pub(super) fn move_unit(
    ctx: &mut Ctx<'_>,
    u: UnitRef,
    kind: MoveKind,
    step: Option<(u32, Going)>,
    surrounded: Option<bool>,
) -> Result<(), CommandError> {
    let ambush = ctx.state().ambush.is_some_and(|(a, _)| a == u)
        && ctx.state().unit(u).is_some_and(|x| x.in_ambush);
    if ambush {
        // The Home Daimyo springs the ambush: the unit is placed and moves in his turn.
        if ctx.state().home != Some(ctx.state().acting) {
            return Err(illegal("the ambush is sprung in the Home Daimyo's turn"));
        }
        // Placed base to base with the invader that entered its square: no distance moved.
        if kind != MoveKind::Normal || step.is_some_and(|s| s != (0, Going::Standard)) {
            return Err(refuse(
                "the ambush unit is placed base to base with the invader, not moved",
                "simple: Terrain",
            ));
        }
        ctx.emit(Event::AmbushRevealed(u))?;
    }
    may_move(ctx, u, kind)?;
    // A change of formation measures its furthest figure: the moves it still needs after this.
    let reform_left = reform_moves_left(ctx, u, kind, step)?;
    match step {
        _ if reform_left.is_some() => {}
        Some((distance, going))
            if in_place(kind) && (distance != 0 || going != Going::Standard) =>
        {
            return Err(refuse(
                "mounting or limbering takes the unit's whole move where it stands",
                MOVEMENT,
            ));
        }
        Some(_) if in_place(kind) => {}
        Some(step) => within_allowance(ctx, u, step)?,
        None => {}
    }
    order::permits(&ctx.state().ledger, Fighter::Unit(u), Deed::Move)?;
    let away = moves_away(ctx, u, kind, step, surrounded)?;
    let x = ctx.unit(u)?;
    let (name, troop, weapon, limbered) =
        (x.spec.name.clone(), x.spec.troop, x.spec.weapon, x.limbered);
    let fail = |cause| Event::FormationFailed { unit: u, cause };
    // Checks first: nothing is emitted for a move the kind forbids.
    match kind {
        MoveKind::ChangeFormation(Formation::Skirmish) if weapon != Weapon::Bow => {
            return Err(refuse("only archers can skirmish", FORMATION_FAIL));
        }
        MoveKind::MountDismount if !troop.mounted() => {
            return Err(illegal(format!("{name} has no horses")));
        }
        MoveKind::Limber | MoveKind::Unlimber if !matches!(weapon, Weapon::Gun | Weapon::Wagon) => {
            return Err(illegal(format!("{name} has nothing to limber")));
        }
        MoveKind::Limber if limbered => return Err(illegal(format!("{name} is limbered"))),
        MoveKind::Unlimber if !limbered => {
            return Err(illegal(format!("{name} is not limbered")));
        }
        MoveKind::ThroughSkirmishers(other) => through_skirmishers(ctx, u, other)?,
        MoveKind::ClearOfCover if !ctx.unit(u)?.crossing => {
            return Err(refuse(
                format!("{name} is crossing no cover to come clear of"),
                FORMATION_FAIL,
            ));
        }
        _ => {}
    }
    // Settled before the move is recorded: once the unit has moved its advance is moot.
    super::cards::advanced(ctx, u, kind)?;
    ctx.emit(Event::Moved { unit: u, kind })?;
    if away {
        ctx.emit(Event::MovedAway(u))?;
    }
    match kind {
        MoveKind::Normal | MoveKind::ClearOfCover | MoveKind::Back => {}
        MoveKind::IntoVillage => {
            if super::places::village_unit(ctx.state()).is_some() {
                ctx.require(Due::VillagersAttack(u))?;
            }
        }
        MoveKind::CrossCover | MoveKind::OverCover => ctx.emit(fail(FailCause::CrossingCover))?,
        MoveKind::ChangeFormation(f) => {
            match reform_left {
                Some(moves_left @ 1..) => ctx.emit(Event::FormationChangeGoesOn {
                    unit: u,
                    formation: f,
                    moves_left,
                })?,
                _ => ctx.emit(Event::FormationChanged {
                    unit: u,
                    formation: f,
                })?,
            }
            ctx.emit(fail(FailCause::ChangingFormation))?;
        }
        MoveKind::MountDismount => ctx.emit(fail(FailCause::Mounting))?,
        MoveKind::Limber | MoveKind::Unlimber => ctx.emit(fail(FailCause::Limbering))?,
        MoveKind::Building => ctx.emit(fail(FailCause::Buildings))?,
        MoveKind::ThroughSkirmishers(other) => {
            ctx.emit(fail(FailCause::MovedThrough))?;
            if let Some(o) = other {
                ctx.emit(fail_of(o, FailCause::MovedThrough))?;
            }
        }
    }
    Ok(())
}

/// Whether the move takes a unit in melee away from it, which it may do unless 3 or 4 enemy
/// figures surround it: the table's word, which the Move form asks of a unit in melee (Melee).
/// Refuses a unit in melee without that word or surrounded, and the word for a unit in none.
fn moves_away(
    ctx: &Ctx<'_>,
    u: UnitRef,
    kind: MoveKind,
    step: Option<(u32, Going)>,
    surrounded: Option<bool>,
) -> Result<bool, CommandError> {
    let x = ctx.unit(u)?;
    let name = &x.spec.name;
    // A move over the ground: not one made where it stands, nor taking post.
    let over_ground = step.is_some() && !in_place(kind);
    if !(x.in_melee() && over_ground) {
        return match surrounded {
            Some(_) => Err(illegal(format!(
                "{name} is moving away from no melee: whether it is surrounded is not asked"
            ))),
            None => Ok(false),
        };
    }
    match surrounded {
        None => Err(refuse(
            format!("{name} is in melee: say whether 3 or 4 enemy figures surround it"),
            order::MELEE,
        )),
        Some(true) => Err(refuse(
            format!("{name} cannot move away: 3 or 4 enemy figures surround it"),
            order::MELEE,
        )),
        Some(false) => Ok(true),
    }
}

/// For a change of formation, the moves it still needs once this move is made (0: done now);
/// `None` for any other move. Refuses any other move of a unit whose change is under way, a
/// change to the formation it has, and a continued change given a distance.
///
/// The first move of a change measures the furthest figure over its going: within the unit's
/// move the change is made now; beyond it, ruling `formation_change` says how many more moves
/// it takes (Movement: a change not completed requires a further move).
fn reform_moves_left(
    ctx: &Ctx<'_>,
    u: UnitRef,
    kind: MoveKind,
    step: Option<(u32, Going)>,
) -> Result<Option<u32>, CommandError> {
    let x = ctx.unit(u)?;
    let name = &x.spec.name;
    if let Some(r) = x.reforming {
        if kind != MoveKind::ChangeFormation(r.to) {
            return Err(refuse(
                format!(
                    "{name} is changing to {}: its move goes to finishing the change",
                    r.to.name()
                ),
                MOVEMENT,
            ));
        }
        if step.is_some_and(|s| s != (0, Going::Standard)) {
            return Err(refuse(
                format!("{name} finishes its change of formation where it stands"),
                MOVEMENT,
            ));
        }
        return Ok(Some(r.moves_left.saturating_sub(1)));
    }
    let MoveKind::ChangeFormation(to) = kind else {
        return Ok(None);
    };
    if to == x.formation {
        return Err(illegal(format!("{name} is in {} already", to.name())));
    }
    let (distance, going) = step.unwrap_or((0, Going::Standard));
    let in_retreat = ctx.state().in_retreat(u);
    let Some(most) = numbers::move_allowance(ctx.rules(), x, going, in_retreat) else {
        return Err(refuse(
            format!("{name} cannot cross hard cover: no wagon, limber or gun can"),
            MOVEMENT,
        ));
    };
    if f64::from(distance) <= most {
        return Ok(Some(0));
    }
    Ok(Some(match ctx.rules().rulings.formation_change {
        FormationChange::OneFurtherMove => 1,
        // Each further move takes the furthest figure one move's distance.
        FormationChange::MoveByMove => {
            (f64::from(distance) / most.max(f64::MIN_POSITIVE)).ceil() as u32 - 1
        }
    }))
}

fn fail_of(unit: UnitRef, cause: FailCause) -> Event {
    Event::FormationFailed { unit, cause }
}

/// Refuses a move through a unit it may not pass (ruling `pass_through`): a friendly unit in
/// skirmish order, or archers who can form skirmish, may be moved through (or move through
/// another), both then having a Formation Fail; units base to base go round one another.
fn through_skirmishers(
    ctx: &Ctx<'_>,
    u: UnitRef,
    other: Option<UnitRef>,
) -> Result<(), CommandError> {
    let Some(o) = other else {
        return Err(illegal("name the unit it moves through"));
    };
    if numbers::may_pass_through(ctx.rules(), ctx.state(), u, o) {
        Ok(())
    } else {
        Err(refuse(
            "units base to base go round one another: one of the two must be in skirmish order or be archers, who can form skirmish",
            FORMATION_FAIL,
        ))
    }
}

pub(super) fn retreat_move(ctx: &mut Ctx<'_>, u: UnitRef, left: bool) -> Result<(), CommandError> {
    let x = ctx.unit(u)?;
    if !x.retreating() {
        return Err(illegal(format!("{} is not retreating", x.spec.name)));
    }
    ctx.settle(Due::RetreatMove(u))?;
    ctx.emit(Event::RetreatMoved(u))?;
    if left {
        return ctx.emit(Event::LeftField {
            unit: u,
            why: "retreated off the battlefield".into(),
        });
    }
    if ctx.unit(u)?.retreat_moves == 0 {
        // Ruling retreat_end: a new morale test after the third move.
        ctx.require(Due::Morale(u, MoraleCause::AfterRetreat))?;
    }
    Ok(())
}

pub(super) fn attach(ctx: &mut Ctx<'_>, g: GroupRef, unit: Option<u8>) -> Result<(), CommandError> {
    let grp = ctx
        .state()
        .group(g)
        .ok_or_else(|| illegal("no such group"))?;
    let d = grp
        .daimyo
        .as_ref()
        .ok_or_else(|| illegal("that group has no Daimyo"))?;
    if !d.alive {
        return Err(illegal("that Daimyo is dead"));
    }
    if let Some(i) = unit
        && !grp.units.get(usize::from(i)).is_some_and(|u| u.present())
    {
        return Err(illegal("that unit is not on the table"));
    }
    if d.attached == unit {
        return Err(illegal("the Daimyo is already there"));
    }
    ctx.emit(Event::Attached { group: g, unit })
}

pub(super) fn end_turn(ctx: &mut Ctx<'_>) -> Result<(), CommandError> {
    if ctx.state().phase != Phase::Turn {
        return Err(illegal("the battle has not begun"));
    }
    ctx.nothing_due()?;
    let side = ctx.state().acting;
    ctx.emit(Event::TurnEnded(side))?;
    let inv = invader(ctx.state());
    if side != inv {
        // The Home turn closes the sequence: fires spread and burn down.
        super::places::sequence_ends(ctx)?;
    }
    let (turn, next) = if side == inv {
        (ctx.state().turn, 1 - inv)
    } else {
        (ctx.state().turn + 1, inv)
    };
    ctx.emit(Event::TurnBegins { turn, side: next })?;
    if ctx.state().spent.len() < ctx.state().deck.len() {
        ctx.require(Due::DrawCard(next))
    } else {
        start_of_turn_tests(ctx)
    }
}
