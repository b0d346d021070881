//! The morale cards: a test due (its questions first, a friend seen retreating and the cover
//! it stands in, then its roll), and the tests the opponent may call for.

use super::{answer, card, test};
use crate::engine::check::{Answer, Check};
use crate::rules::simple::command::Command;
use crate::rules::simple::numbers;
use crate::rules::simple::state::{MoraleCause, State, UnitRef};
use crate::rules::simple::tables::Rules;

/// The morale card's question of the cover the unit stands in (Morale: its figures' dice go
/// by it), none below what the state proves (the building it is in, the structure it is
/// behind, smoke from a fire over it). Before it is told for this test every cover is offered,
/// the unit's record marked as such; once told, the others, to change it until the roll.
fn morale_cover_answers(rules: &Rules, state: &State, u: UnitRef) -> Vec<Answer<Command>> {
    use crate::rules::simple::state::Cover;
    let (Some(x), now, floor) = (state.unit(u), state.cover_of(u), state.cover_floor(u)) else {
        return Vec::new();
    };
    [Cover::Open, Cover::Soft, Cover::Hard]
        .into_iter()
        .filter(|c| *c >= floor && !(x.cover_told && *c == now))
        .map(|c| {
            let sides = numbers::morale(rules, x, c, false).own_sides;
            let label = match c {
                Cover::Open => "It stands in the open",
                Cover::Soft => "It stands behind soft cover",
                Cover::Hard => "It stands behind hard cover",
            };
            let recorded = if c == now { ", recorded" } else { "" };
            answer(
                &format!("{label} (1d{sides} a figure alive{recorded})"),
                Command::SetStatus {
                    unit: u,
                    status: crate::rules::simple::command::Status::Cover(c),
                },
                false,
            )
        })
        .collect()
}

pub(super) fn morale_card(
    rules: &Rules,
    state: &State,
    u: UnitRef,
    cause: MoraleCause,
    due: bool,
) -> Check<Command> {
    let Some(x) = state.unit(u) else {
        return card(
            u.id(),
            "Morale test",
            cause.words().into(),
            "simple: Morale",
        );
    };
    let sees = numbers::sees_friend_retreat(x, cause);
    let dice = numbers::morale(rules, x, state.cover_of(u), sees);
    let cmp = dice.comparison(rules);
    let mut c = card(
        x.spec.name.clone(),
        "Morale test",
        cause.words().into(),
        "simple: Morale",
    );
    c.modifiers = dice.reasons.clone();
    c.required = due;
    // A friendly unit is in Retreat: whether this unit sees it within reach is the table's
    // to tell, asked before the roll (never assumed either way).
    let ask = due && crate::rules::simple::execute::morale_waits_on_retreat_answer(state, u, cause);
    if ask {
        let within = rules.t.morale.friend_retreating_within_cm;
        let told = |label: String, sees: bool| {
            answer(
                &label,
                Command::SetStatus {
                    unit: u,
                    status: crate::rules::simple::command::Status::SeesRetreat(sees),
                },
                false,
            )
        };
        c.notes.push(format!(
            "A friendly unit is in Retreat: does {} see it within {within} cm? Answer before the roll.",
            x.spec.name
        ));
        c.answers.push(told(
            format!("Sees a friend retreat within {within} cm (+1d10 against)"),
            true,
        ));
        c.answers.push(told(
            format!("Sees no friend retreat within {within} cm"),
            false,
        ));
    } else if due && !x.cover_told {
        // Where it stands is the table's to tell, asked before the roll: no dice or odds are
        // shown for a cover nobody gave.
        c.notes.push(format!(
            "Where does {} stand for this test? Its figures' dice go by its cover. Answer before the roll.",
            x.spec.name
        ));
        c.answers.extend(morale_cover_answers(rules, state, u));
        // The first reason is the living figures' die, which goes by the cover not yet told.
        if !c.modifiers.is_empty() {
            c.modifiers.remove(0);
        }
        return c;
    } else if due {
        let cover = Some(state.cover_of(u));
        c.answers
            .push(answer("Roll", Command::Morale { unit: u, cover }, true));
        c.answers.extend(morale_cover_answers(rules, state, u));
    } else {
        c.answers.push(answer(
            "Call for the test",
            Command::CallMorale { unit: u, cause },
            false,
        ));
    }
    // Dice and odds go by answers the table has not given yet (where the unit stands, whether
    // it sees a friend retreat): none are shown until it has; the test's card asks them.
    if ask || !x.cover_told {
        c.modifiers.clear();
        return c;
    }
    test(
        c,
        cmp.clone(),
        format!("{cmp}: carry on when the living figures' dice total at least the d10s"),
        "carry on",
        "passed",
    )
}

/// The opponent may call for morale tests: units with a Formation Fail or at half strength.
pub(super) fn morale_calls(rules: &Rules, state: &State) -> Vec<Check<Command>> {
    let mut out = Vec::new();
    for u in state.units() {
        let Some(x) = state.unit(u) else { continue };
        if !x.present() || !numbers::takes_morale(x) || x.retreating() || x.called {
            continue;
        }
        if numbers::half_strength(x) {
            out.push(morale_card(
                rules,
                state,
                u,
                MoraleCause::HalfStrength,
                false,
            ));
        } else if x.formation_fail {
            out.push(morale_card(
                rules,
                state,
                u,
                MoraleCause::FormationFail,
                false,
            ));
        }
    }
    out
}
