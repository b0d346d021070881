//! The order of a unit's actions in an activation (Clan Activation), as rules the engine's
//! activity ledger enforces.

use super::state::ActionKind;
use crate::engine::ledger::{OrderRule, Scope};

/// The section the order rules come from.
pub const ACTIVATION: &str = "sky: Clan Activation";

/// How a unit's actions follow each other within its clan's activation.
pub const ORDER: &[OrderRule<ActionKind>] = &[
    // Perform all actions for one unit at a time.
    OrderRule::OneAtATime {
        scope: Scope::Activation,
        citation: ACTIVATION,
    },
    // Move, shoot and reload come first; melee, if a charge brought one, comes last.
    OrderRule::Ends {
        kind: |k| *k == ActionKind::Melee,
        scope: Scope::Activation,
        words: "melee comes last: a unit that has fought does nothing more this activation",
        citation: ACTIVATION,
    },
    OrderRule::Excludes {
        a: |k| *k == ActionKind::FireArquebus,
        b: |k| matches!(k, ActionKind::Move | ActionKind::Charge),
        scope: Scope::Activation,
        words: "a unit firing its arquebus may not move or charge in the same activation",
        citation: ACTIVATION,
    },
    OrderRule::Excludes {
        a: |k| *k == ActionKind::Move,
        b: |k| *k == ActionKind::Charge,
        scope: Scope::Activation,
        words: "a unit moves or charges, not both, in one activation",
        citation: ACTIVATION,
    },
    // Each type of action at most once, even those that cost nothing.
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Move,
        n: 1,
        scope: Scope::Activation,
        words: "a unit moves once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Charge,
        n: 1,
        scope: Scope::Activation,
        words: "a unit charges once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::CrossObstacle,
        n: 1,
        scope: Scope::Activation,
        words: "a unit crosses a wall or obstacle once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Reload,
        n: 1,
        scope: Scope::Activation,
        words: "a unit reloads once per activation",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| k.is_fire(),
        n: 1,
        scope: Scope::Activation,
        words: "a unit fires once per activation, with one weapon",
        citation: ACTIVATION,
    },
    OrderRule::AtMost {
        kind: |k| *k == ActionKind::Melee,
        n: 1,
        scope: Scope::Activation,
        words: "a unit fights one melee per activation",
        citation: ACTIVATION,
    },
];
