//! The range of every number of Kozeriai's tables a house rule may change.

use crate::reference::bounds::{
    MAX_DICE_EACH, MAX_MODIFIER, MAX_SIDES, amount, distance, modifier, sides,
};
use crate::reference::{Bound, Bounds, Order};

/// Wounds, distractions or actions a figure counts.
const COUNT: &str = "wounds, distractions or actions a figure counts";

/// A weapon skill: as wide as a roster's (twice a die's largest faces either way).
const SKILL: &str = "a weapon skill (twice a die's faces either way)";

/// The ranges, orders and rolls of Kozeriai's tables.
pub(super) const BOUNDS: Bounds = Bounds {
    ranges: &[
        sides("dice.sides"),
        Bound::new("resilience.*", 1, 100, COUNT),
        Bound::new("variable_wounds.*", 1, 100, COUNT),
        Bound::new("characters.*", -2 * MAX_SIDES, 2 * MAX_SIDES, SKILL),
        distance("movement.*"),
        distance("zone_reach.*"),
        distance("horses.walk"),
        distance("horses.trot"),
        distance("horses.canter"),
        distance("horses.gallop"),
        distance("horses.max_speed_change"),
        modifier("horses.*_bonus"),
        Bound::new(
            "shooting.natural_miss",
            0,
            MAX_SIDES - 1,
            "a face of the zero-based die",
        ),
        Bound::new(
            "shooting.misfire_at_most",
            -1,
            MAX_SIDES - 1,
            "a face of the zero-based die (-1: none)",
        ),
        Bound::new("shooting.aim_max", 0, 100, "turns of aim that count"),
        modifier("shooting.*"),
        modifier("hit_effect.*"),
        modifier("armour_ignores.*"),
        modifier("clash.*"),
        modifier("relative_weapons.*"),
        Bound::new(
            "tactical.outnumbered_from",
            1,
            crate::roster::MAX_LISTED as i64,
            "enemies that outnumber a figure",
        ),
        modifier("tactical.*"),
        amount("blunt.*"),
        Bound::new("special.*_distractions", 0, 100, COUNT),
        Bound::new(
            "special.iaijutsu_min_skill",
            -2 * MAX_SIDES,
            2 * MAX_SIDES,
            SKILL,
        ),
        Bound::new(
            "special.yadomejutsu_dice",
            1,
            MAX_DICE_EACH,
            "dice of a Yadomejutsu roll",
        ),
        modifier("special.*"),
        modifier("tripping.*"),
        modifier("horse_jumps.*.*"),
        modifier("falling.*.*"),
        Bound::new("exhaustion.min", 1, MAX_MODIFIER, "a figure's stamina"),
        Bound::new("exhaustion.max", 1, MAX_MODIFIER, "a figure's stamina"),
        distance("exhaustion.far_on_foot_hexes"),
        Bound::new(
            "exhaustion.lying_moves",
            0,
            100,
            "moves lying down that rest",
        ),
        amount("exhaustion.*"),
        Bound::new("heroic.actions", 0, 10, "extra actions of a hero"),
        amount("heroic.*"),
        distance("weapons.*.reach"),
        distance("weapons.*.recover_from"),
        Bound::new("weapons.*.extra_distractions", 0, 100, COUNT),
    ],
    orders: &[
        Order::at_most("movement.dash_min", "movement.dash_max"),
        Order::below("shooting.natural_miss", "dice.sides"),
        Order::below("shooting.misfire_at_most", "dice.sides"),
        Order::at_most("exhaustion.min", "exhaustion.max"),
    ],
    rolls: &[],
};
