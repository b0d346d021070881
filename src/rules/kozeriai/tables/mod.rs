//! The typed view of `reference/kozeriai.ron`, and the rules in force for one battle.

mod bounds;
mod rulings;
pub mod weapons;

pub use rulings::*;

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::reference::{InForce, OptionalRule, Ruling};
use weapons::WeaponInfo;

#[allow(missing_docs)]
mod raw {
    use super::Deserialize;

    #[derive(Debug, Deserialize)]
    pub struct Dice {
        pub sides: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Resilience {
        pub wounds: u32,
        pub distractions: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct VariableWounds {
        pub puny: u32,
        pub unfit: u32,
        pub average: u32,
        pub tough: u32,
        pub hard_case: u32,
        pub exceptional: u32,
    }

    impl VariableWounds {
        /// The scale, weakest first, with each rating's name.
        pub fn scale(&self) -> [(u32, &'static str); 6] {
            [
                (self.puny, "puny weakling"),
                (self.unfit, "unfit non-combatant"),
                (self.average, "average person in the street"),
                (self.tough, "tough fighting man or woman"),
                (self.hard_case, "hard case"),
                (self.exceptional, "exceptionally large or tough"),
            ]
        }
    }
    #[derive(Debug, Deserialize)]
    pub struct Characters {
        pub samurai_main: i64,
        pub samurai_secondary: i64,
        pub ronin_main: i64,
        pub ronin_secondary: i64,
        pub ashigaru_spear: i64,
        pub ashigaru_sword: i64,
        pub musketeer_musket: i64,
        pub musketeer_sword: i64,
        pub master_main: i64,
        pub master_secondary: i64,
        pub monk_main: i64,
        pub monk_secondary: i64,
        pub shinobi_shuriken: i64,
        pub shinobi_secondary: i64,
        pub farmer: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Movement {
        pub dash_min: u32,
        pub dash_max: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct Horses {
        pub walk: u32,
        pub trot: u32,
        pub canter: u32,
        pub gallop: u32,
        pub max_speed_change: u32,
        pub canter_bonus: i64,
        pub gallop_bonus: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Reload {
        pub bow: Vec<u32>,
        pub thrown: Vec<u32>,
        pub musket: Vec<u32>,
        pub skill_bands: Vec<i64>,
    }
    #[derive(Debug, Deserialize)]
    pub struct Ranges {
        pub band_hexes: Vec<u32>,
        /// The score to hit in each band; none where the weapon does not reach.
        pub bow: Vec<Option<i64>>,
        /// As `bow`, for hand thrown weapons.
        pub thrown: Vec<Option<i64>>,
        /// As `bow`, for muskets.
        pub musket: Vec<Option<i64>>,
    }
    #[derive(Debug, Deserialize)]
    pub struct Shooting {
        pub natural_miss: u32,
        pub aim_per_move: i64,
        pub aim_max: u32,
        pub target_galloping: i64,
        pub minimally_visible: i64,
        pub partly_obscured: i64,
        pub horse_still_or_walk: i64,
        pub horse_trot_or_canter: i64,
        pub horse_gallop: i64,
        pub per_wound: i64,
        pub per_distraction: i64,
        pub being_shot_at: i64,
        pub misfire_at_most: i64,
        pub rain: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct HitEffect {
        pub arrow: i64,
        pub shuriken: i64,
        pub unarmoured: i64,
        pub part: i64,
        pub armoured: i64,
        pub full: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct ArmourIgnores {
        pub none: i64,
        pub part: i64,
        pub armoured: i64,
        pub full: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Clash {
        pub push_back_at: i64,
        pub wounds_over: i64,
        pub closing_deflection: i64,
        pub engagement_zone: i64,
        pub no_defence: i64,
        pub surprise: i64,
    }
    /// The reach in hexes of each engagement zone diagram's weapons (ruling
    /// `engagement_zones`).
    #[derive(Debug, Deserialize)]
    pub struct ZoneReach {
        pub katana: u32,
        pub yari: u32,
        pub naginata: u32,
        pub bo: u32,
        pub tetsubo: u32,
        pub tessen: u32,
        pub short_spear: u32,
    }
    #[derive(Debug, Deserialize)]
    pub struct RelativeWeapons {
        pub standard_vs_unarmed: i64,
        pub standard_vs_close_in: i64,
        pub standard_vs_short: i64,
        pub short_vs_unarmed: i64,
        pub short_vs_close_in: i64,
        pub close_in_vs_unarmed: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Tactical {
        pub wading: i64,
        pub body_hex: i64,
        pub rough_ground: i64,
        pub lying: i64,
        pub undergrowth: i64,
        pub per_two_wounds: i64,
        pub per_distraction: i64,
        pub entangled: i64,
        pub drawing: i64,
        pub outnumbered_per_enemy: i64,
        pub outnumbered_from: u32,
        pub dashing: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Special {
        pub entangle_by: i64,
        pub trip_by: i64,
        pub kawa_nawa_trip_distractions: u32,
        pub body_charge_distractions: u32,
        pub grapple_distractions: u32,
        pub ki_ai_distractions: u32,
        pub ni_ten_wounds: i64,
        pub ni_ten_defence: i64,
        /// The class two swords fight in together (the glossary's Ni-Ten Jutsu row).
        pub ni_ten_class: super::weapons::Class,
        pub iaijutsu_min_skill: i64,
        pub yadomejutsu_dice: u32,
        pub yadomejutsu_per_arrow: i64,
        pub yadomejutsu_shuriken: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Tripping {
        pub body: i64,
        pub obstacle_or_entangled: i64,
        pub jump_unarmoured: i64,
        pub jump_armoured: i64,
        pub uphill: i64,
        pub slippery: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Jump {
        /// At or under this the horse throws its rider; none where it never does.
        pub thrown: Option<i64>,
        pub refuse: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct HorseJumps {
        pub low_hedge: Jump,
        pub high_hedge: Jump,
        pub barricade: Jump,
        pub gap_1: Jump,
        pub gap_2: Jump,
        pub gap_3: Jump,
    }
    #[derive(Debug, Deserialize)]
    pub struct Fall {
        pub both: i64,
        pub defender: i64,
        pub attacker: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Falling {
        pub stationary: Fall,
        pub moving: Fall,
    }
    #[derive(Debug, Deserialize)]
    pub struct Exhaustion {
        pub min: i64,
        pub max: i64,
        pub far_on_foot_hexes: u32,
        pub far_on_foot: i64,
        pub jump_or_climb: i64,
        pub armour_fighting: i64,
        pub full_armour_fighting: i64,
        pub per_wound: i64,
        pub per_exchange: i64,
        pub heavy_weapon: i64,
        pub rest: i64,
        pub lying_moves: u32,
        pub lying_rest: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct Heroic {
        pub actions: u32,
        pub ignore_wounds: i64,
    }
    #[derive(Debug, Deserialize)]
    pub struct WeaponList {
        pub list: Vec<String>,
    }
}

pub use raw::*;

impl ZoneReach {
    /// The reach of a diagram's weapons, in hexes.
    pub fn of(&self, zone: weapons::Zone) -> u32 {
        use weapons::Zone;
        match zone {
            Zone::Katana => self.katana,
            Zone::Yari => self.yari,
            Zone::Naginata => self.naginata,
            Zone::Bo => self.bo,
            Zone::Tetsubo => self.tetsubo,
            Zone::Tessen => self.tessen,
            Zone::ShortSpear => self.short_spear,
        }
    }
}

/// Every table of Kozeriai, as the engine reads them.
#[allow(missing_docs)]
#[derive(Debug, Deserialize)]
pub struct KozeriaiTables {
    pub dice: Dice,
    pub resilience: Resilience,
    pub variable_wounds: VariableWounds,
    pub characters: Characters,
    pub movement: Movement,
    pub horses: Horses,
    pub reload_turns: Reload,
    pub ranges: Ranges,
    pub shooting: Shooting,
    pub hit_effect: HitEffect,
    pub armour_ignores: ArmourIgnores,
    pub clash: Clash,
    pub relative_weapons: RelativeWeapons,
    pub zone_reach: ZoneReach,
    pub tactical: Tactical,
    pub special: Special,
    pub tripping: Tripping,
    pub horse_jumps: HorseJumps,
    pub falling: Falling,
    pub exhaustion: Exhaustion,
    pub heroic: Heroic,
    pub weapons: BTreeMap<String, WeaponInfo>,
    pub yadomejutsu_weapons: WeaponList,
    pub rulings: BTreeMap<String, Ruling>,
    pub optional: BTreeMap<String, OptionalRule>,
}

crate::reference_tables!(KozeriaiTables, "kozeriai", KozeriaiRulings, bounds::BOUNDS);

/// The rules in force for one battle: the tables with house overrides, and chosen rulings.
pub type Rules = InForce<KozeriaiTables>;

impl InForce<KozeriaiTables> {
    /// A weapon of the glossary, by its name.
    pub fn weapon(&self, name: &str) -> Option<&WeaponInfo> {
        self.t.weapons.get(name)
    }

    /// A figure's stamina total: its roster's, else the typical range's lowest or middle
    /// (Exhaustion; ruling `default_stamina`).
    pub fn stamina_total(&self, roster: Option<i64>) -> i64 {
        let e = &self.t.exhaustion;
        roster.unwrap_or(match self.rulings.default_stamina {
            DefaultStamina::Lowest => e.min,
            DefaultStamina::Middle => e.min.saturating_add(e.max) / 2,
        })
    }
}
