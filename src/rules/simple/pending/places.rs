//! Checks of places: the village's peasants attacking, figures escaping a burning
//! building, and the fires' spread and smoke the umpire keeps an eye on.

use crate::dice::{CmpOp, Expr};
use crate::engine::check::{Answer, Check, Odds, RollSpec};
use crate::rules::simple::command::{Command, Kindling, MeleeOrder, Status};
use crate::rules::simple::describe::words::kindling;
use crate::rules::simple::execute::village_unit;
use crate::rules::simple::numbers::preview;
use crate::rules::simple::pending::{answer, at_least, card, test};
use crate::rules::simple::state::{Blaze, Cover, State, Target, UnitRef};
use crate::rules::simple::tables::Rules;

/// The peasants' attack on a unit that came into the village, with the odds of a bout.
pub fn villagers_card(rules: &Rules, state: &State, u: UnitRef, why: String) -> Check<Command> {
    let mut c = card(
        "The village".into(),
        "Villagers attack",
        why,
        "simple: Terrain",
    );
    let Some(v) = village_unit(state) else {
        return c;
    };
    // Where the figure fights is the table's to tell, asked before the roll (its cover adds to
    // its score in melee): no dice or odds are shown for a cover nobody gave.
    let told = state.unit(u).is_some_and(|x| x.cover_told);
    c.answers.extend(cover_answers(rules, state, u, told));
    if !told {
        c.notes.push(format!(
            "Where does the figure of {} the peasants set on fight? Answer before the roll.",
            state.unit_name(u)
        ));
        return c;
    }
    let cover = state.cover_of(u);
    c.answers.insert(
        0,
        answer("Roll", Command::VillagersAttackIn { unit: u, cover }, true),
    );
    let order = MeleeOrder {
        defender: Target::Unit(u),
        attackers: vec![crate::rules::simple::command::Attacker {
            fighter: crate::rules::simple::command::Fighter::Unit(v),
            facing: crate::rules::simple::command::Facing::Front,
            touches_friend: true,
        }],
        defender_touches_friend: crate::rules::simple::numbers::villager_target_touches_friend(
            state,
            u,
            Some(cover),
        ),
        rear_support: None,
        in_building: false,
        door: None,
        defender_cover: Some(cover),
    };
    let attackers = crate::rules::simple::numbers::villagers_attacking(rules, state, v, &order);
    c.notes.push(format!(
        "{} one figure; each throws once until one kills",
        if attackers == 1 {
            "1 peasant attacks".to_owned()
        } else {
            format!("{attackers} peasants attack")
        }
    ));
    match preview::melee(rules, state, &order).first() {
        Some(b) => {
            let mut c = test(
                c,
                b.kills.clone(),
                format!("{}: a peasant kills on a higher score", b.kills),
                "a bout kills",
                "killed",
            );
            let n = i32::try_from(attackers).unwrap_or(i32::MAX);
            c.odds = vec![
                Odds::shown("one bout kills", b.odds),
                Odds::of(
                    "the figure is killed",
                    1.0 - (1.0 - b.odds).powi(n),
                    "killed",
                    CmpOp::Ge,
                    1,
                ),
            ];
            c.modifiers = b.attacker.iter().chain(&b.defender).cloned().collect();
            // Each bout throws a peasant's die, then the figure's; another peasant throws only
            // while none has killed.
            c.faces = crate::engine::check::TableFaces::new(
                vec![(2, "the first bout, the peasant's die first".into())],
                (attackers > 1).then(|| "2 more for each further bout until one kills".into()),
            );
            c
        }
        None => c,
    }
}

/// The villagers' card's question of the cover the figure fights from, none below what the
/// state proves: every cover before it is told (the record marked), then the others, to change
/// it until the roll.
fn cover_answers(rules: &Rules, state: &State, u: UnitRef, told: bool) -> Vec<Answer<Command>> {
    let (now, floor) = (state.cover_of(u), state.cover_floor(u));
    let m = &rules.t.melee;
    [
        (Cover::Open, "The figure fights in the open", 0),
        (
            Cover::Soft,
            "The figure fights behind soft cover",
            m.soft_cover,
        ),
        (
            Cover::Hard,
            "The figure fights behind hard cover",
            m.hard_cover,
        ),
    ]
    .into_iter()
    .filter(|(c, ..)| *c >= floor && !(told && *c == now))
    .map(|(c, label, bonus)| {
        let recorded = if c == now { ", recorded" } else { "" };
        answer(
            &format!("{label} ({bonus:+}{recorded})"),
            Command::SetStatus {
                unit: u,
                status: Status::Cover(c),
            },
            false,
        )
    })
    .collect()
}

/// Figures inside a burning building roll 1d6 each to get out.
pub fn escape_card(rules: &Rules, state: &State, u: UnitRef, why: String) -> Check<Command> {
    let figures = state.unit(u).map_or(0, |x| x.alive);
    escape_card_for(rules, state, u, why, figures)
}

/// The card of `figures` of a unit rolling to escape a fire: the due's card (every figure
/// inside) and the preview of the table's "caught near a fire" record (those it counts).
pub fn escape_card_for(
    rules: &Rules,
    state: &State,
    u: UnitRef,
    why: String,
    figures: u32,
) -> Check<Command> {
    let b = &rules.t.burning;
    let mut c = card(state.unit_name(u), "Escape the fire", why, "simple: Fire");
    c.answers.push(answer(
        "Roll",
        Command::EscapeFire { unit: u, figures },
        true,
    ));
    let one = at_least(b.die, b.escape_on);
    let p = one.probability();
    c.roll = Some(RollSpec::Value(Expr::dice(figures, b.die)));
    c.target = format!("1d{} at {}+ per figure ({figures})", b.die, b.escape_on);
    c.odds = vec![
        Odds::shown("a figure gets out", p),
        Odds::of(
            "every figure gets out",
            p.powi(i32::try_from(figures).unwrap_or(i32::MAX)),
            "killed",
            CmpOp::Eq,
            0,
        ),
    ];
    c
}

fn blaze_words(state: &State, b: &Blaze) -> String {
    let at = b
        .structure
        .and_then(|s| state.structures.get(usize::from(s)))
        .map_or(String::new(), |s| format!(" at {}", s.name));
    format!("{}{at}", kindling(b.what))
}

/// One card per fire still burning: its spread, its smoke, and what the table must do.
pub fn fire_cards(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for b in state.blazes.iter().filter(|b| !b.out) {
        let mut c = card(
            "Umpire".into(),
            "Fire burning",
            format!(
                "{} has burnt {} and spread {}",
                blaze_words(state, b),
                crate::engine::words::counted(b.sequences, "sequence"),
                crate::engine::words::counted(b.spread_inches, "inch")
            ),
            "simple: Fire",
        );
        c.required = false;
        let wind = state.weather.as_deref().unwrap_or("wind not rolled");
        c.notes.push(format!(
            "smoke reaches {} cm downwind ({wind}); figures under it are in soft cover",
            b.smoke_cm
        ));
        c.notes.push(format!(
            "figures within 1 inch roll 1d{} each and need {}+ to survive",
            rules.t.burning.die, rules.t.burning.escape_on
        ));
        if let (Some(s), Kindling::Building, None) = (b.structure, b.what, b.engulfed_since) {
            c.answers
                .push(answer("Wholly ablaze", Command::Engulfed(s), false));
        }
        out.push(c);
    }
    out
}
