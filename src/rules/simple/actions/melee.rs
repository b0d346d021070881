//! The Melee form: figures of a unit (or a Daimyo) setting on one defending figure, where he
//! fights, the side they strike, the friends in contact, and how many set on him.

use super::{COVERS, FACINGS, SUPPORT, target_name, targets};
use crate::engine::action::{ActionForm, ActionPlan};
use crate::engine::check::{Check, Odds, RollSpec};
use crate::rules::simple::command::{Attacker, Command, Fighter, MeleeOrder};
use crate::rules::simple::numbers::preview;
use crate::rules::simple::state::{Cover, State, Target};
use crate::rules::simple::tables::Rules;

/// The melee form, for a unit's figure or a Daimyo: one attacking figure, the defender, where
/// it strikes, a friend behind the defender, contacts and where it is fought.
pub(in crate::rules::simple::actions) fn melee_form(
    rules: &Rules,
    state: &State,
    fighter: Fighter,
) -> ActionForm {
    let side = side_of(state, fighter);
    let form = ActionForm::new(
        "melee",
        "Melee",
        "in your own turn; the attacker kills on a higher score",
    )
    .choice(
        "Defender",
        targets(state, side)
            .into_iter()
            .map(|t| target_name(state, t))
            .collect(),
    )
    .choice(
        "Where the defender fights",
        vec![
            "in the open".into(),
            "behind soft cover".into(),
            "behind hard cover".into(),
            "inside a building (no modifiers)".into(),
            "at the door of its building (hard cover)".into(),
        ],
    )
    .choice(
        "Attacking its",
        vec!["front".into(), "flank".into(), "rear".into()],
    )
    .choice(
        "Friend behind the defender",
        vec!["none".into(), "with spear".into(), "with pike".into()],
    )
    .toggle("Attacker touches a friend")
    .toggle("Defender touches a friend");
    // How many figures set on this one defender (Melee: up to 4, 3 when he touches a friend;
    // ruling `attackers_limit`), the table's count, each figure throwing once until one kills:
    // one of the unit's figures up to the most the rules allow (the order is refused beyond
    // what this defender allows); the Daimyo is one figure.
    let most = match fighter {
        Fighter::Daimyo(_) => 1,
        Fighter::Unit(_) => rules.t.melee.max_attackers,
    };
    form.choice(
        ATTACKING,
        (1..=most)
            .map(|n| match n {
                1 => "1 figure".to_owned(),
                n if n > rules.t.melee.max_attackers_touching_friend => {
                    format!("{n} figures (not on one touching a friend)")
                }
                n => format!("{n} figures"),
            })
            .collect(),
    )
}

/// The Melee form's count of figures setting on the defender.
pub(super) const ATTACKING: &str = "Figures setting on this defender (base to base)";

/// The side a fighter attacks for.
fn side_of(state: &State, fighter: Fighter) -> usize {
    match fighter {
        Fighter::Unit(u) => state.owner(u),
        Fighter::Daimyo(g) => state
            .group(g)
            .map_or(usize::from(g.0), |x| usize::from(x.owner)),
    }
}

/// A melee order from the form (a unit's figure or a Daimyo attacking), with its odds.
pub(in crate::rules::simple::actions) fn plan(
    rules: &Rules,
    state: &State,
    fighter: Fighter,
    values: &[usize],
) -> Result<ActionPlan<Command>, String> {
    let value = |i: usize| values.get(i).copied().unwrap_or(0);
    let side = side_of(state, fighter);
    let defender = *targets(state, side)
        .get(value(0))
        .ok_or("pick a defender")?;
    // Where the defender fights: the cover the table sees, inside a building, or at its door.
    let (defender_cover, in_building, at_door) = match value(1) {
        0..=2 => (*COVERS.get(value(1)).ok_or("pick where")?, false, false),
        3 => (Cover::Hard, true, false),
        4 => (Cover::Hard, false, true),
        _ => return Err("pick where the defender fights".into()),
    };
    let order = MeleeOrder {
        defender,
        defender_cover: Some(defender_cover),
        attackers: vec![
            Attacker {
                fighter,
                facing: *FACINGS.get(value(2)).ok_or("pick a side")?,
                touches_friend: value(4) == 1,
            };
            value(6) + 1
        ],
        rear_support: *SUPPORT.get(value(3)).ok_or("pick the support")?,
        defender_touches_friend: value(5) == 1,
        in_building,
        door: match defender {
            Target::Unit(t) if at_door => state.unit(t).and_then(|x| x.structure),
            _ => None,
        },
    };
    let bouts = preview::melee(rules, state, &order);
    let who = match fighter {
        Fighter::Unit(u) => state.unit_name(u),
        Fighter::Daimyo(g) => state.daimyo_name(g),
    };
    let preview = bouts.first().map(|b| {
        let mut modifiers = b.attacker.clone();
        modifiers.extend(b.defender.iter().cloned());
        Check {
            key: String::new(),
            kind: String::new(),
            who,
            what: "Melee".into(),
            why: format!("attacking {}", target_name(state, defender)),
            citation: "simple: Melee".into(),
            roll: Some(RollSpec::Test(b.kills.clone())),
            target: format!("{} : the attacker kills on a higher score", b.kills),
            modifiers,
            odds: vec![Odds::of(
                format!(
                    "the defending figure is killed ({} bout{})",
                    bouts.len(),
                    if bouts.len() == 1 {
                        ""
                    } else {
                        "s, each until one kills"
                    }
                ),
                1.0 - bouts.iter().map(|b| 1.0 - b.odds).product::<f64>(),
                "killed",
                crate::dice::CmpOp::Ge,
                1,
            )],
            required: false,
            answers: Vec::new(),
            notes: Vec::new(),
            // Each bout throws the attacker's die, then the defender's; a further figure
            // throws only while none has killed.
            faces: crate::engine::check::TableFaces::new(
                vec![(2, "the first bout, the attacker's die first".into())],
                (bouts.len() > 1).then(|| "2 more for each further bout until one kills".into()),
            ),
        }
    });
    Ok(ActionPlan {
        confirm: None,
        command: Command::Melee(order),
        preview,
    })
}
