//! The movement calculator: how far a figure may move this turn, and why.

use super::roster::Troop;
use super::state::{FigureState, Wound};
use super::tables::Rules;

/// How far a figure may move, in inches, with the reasons (the movement calculator).
pub fn move_allowance(
    rules: &Rules,
    f: &FigureState,
    charging: bool,
    obstacles: u32,
    difficult: bool,
) -> (f64, Vec<String>) {
    let m = &rules.t.movement_inches;
    let ninja = f.spec.troop == Troop::Ninja;
    let (base, what) = if f.spec.mounted {
        (m.mounted, "mounted")
    } else if ninja {
        (m.ninja, "Ninja")
    } else {
        (m.foot, "foot")
    };
    let mut parts = vec![format!("{what} {base}\"")];
    let mut inches = base;
    if ninja {
        if charging {
            inches += m.ninja_charge;
            parts.push(format!("charging {:+}\"", m.ninja_charge));
        }
        if obstacles > 0 || difficult {
            parts.push("Ninja ignore obstacles and difficult ground".into());
        }
    } else {
        if charging {
            inches += m.charge;
            parts.push(format!("charging {:+}\"", m.charge));
        }
        if obstacles > 0 {
            inches += m.obstacle * i64::from(obstacles);
            parts.push(format!(
                "{obstacles} obstacle(s) {:+}\"",
                m.obstacle * i64::from(obstacles)
            ));
        }
    }
    let legs = i64::from(f.count(Wound::Leg));
    if legs > 0 {
        inches += m.leg_wound * legs;
        parts.push(format!("leg wound x{legs} {:+}\"", m.leg_wound * legs));
    }
    let mut inches = inches.max(0) as f64;
    if difficult && !ninja {
        inches /= m.difficult_divisor.max(1) as f64;
        parts.push("difficult ground: half".into());
    }
    (inches, parts)
}
