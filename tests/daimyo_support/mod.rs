//! Shared helpers for the daimyo tests: two test armies with a unit of every kind the chapter
//! tells apart, a game driven with the faces a table would roll, and the runs and moves the
//! tests measure.
#![allow(
    dead_code,
    unused_imports,
    clippy::expect_used,
    clippy::unwrap_used,
    missing_docs
)]

pub use chrono::{DateTime, Utc};

pub use gunbai::dice::TableDice;
pub use gunbai::engine::ruleset::{ApplyContext, RuleSet};
pub use gunbai::reference::HouseRules;
pub use gunbai::roster::RosterText;
pub use gunbai::rules::daimyo::command::{ChargePlan, Crossed, Response, Run};
pub use gunbai::rules::daimyo::event::{Cause, Event};
pub use gunbai::rules::daimyo::execute::duel_odds;
pub use gunbai::rules::daimyo::numbers::{MovePlan, TurnMade};
pub use gunbai::rules::daimyo::state::{ChargeStage, Due, Formation};
pub use gunbai::rules::daimyo::{Command, Daimyo, Rules, State};

// Unit indices in the test armies below.
pub const SAMURAI: usize = 0; // side 0, clan A: Veteran samurai foot, 4 stands 2 wide
pub const SEASONED: usize = 1; // side 0, clan A: Seasoned spear, 4 wide 1 deep
pub const RAW: usize = 2; // side 0, clan A: Raw spear
pub const BOWS: usize = 3; // side 0, clan A: Veteran bows
pub const PEASANTS: usize = 4; // side 0, clan A: peasants
pub const ELITE_HORSE: usize = 5; // side 0, clan B: Elite cavalry
pub const FOE_HORSE: usize = 6; // side 1: Seasoned cavalry
pub const FOE_SPEAR: usize = 7; // side 1: Seasoned spear
pub const FOE_ELITE: usize = 8; // side 1: Elite spear
pub const FOE_GUNS: usize = 9; // side 1: arquebus
pub const FOE_FRENZIED: usize = 10; // side 1: frenzied samurai

// Leaders: 0 General of side 0, 1 Daimyo of clan A, 2 Daimyo of clan B, 3 General of side 1,
// 4 Daimyo of side 1's clan.
pub const GENERAL: usize = 0;
pub const DAIMYO_A: usize = 1;
pub const DAIMYO_B: usize = 2;
pub const FOE_GENERAL: usize = 3;
pub const FOE_DAIMYO: usize = 4;

pub const MOVES: &str = r"moves: [
        (troop: SamuraiFoot, normal: 10, charge: 15),
        (troop: AshigaruSpear, normal: 10, charge: 15),
        (troop: AshigaruBow, normal: 10, charge: 12),
        (troop: AshigaruArquebus, normal: 10, charge: 12),
        (troop: Peasants, normal: 10, charge: 15),
        (troop: Cavalry, normal: 20, charge: 30),
    ],";

pub fn army_a() -> String {
    format!(
        r#"(
    name: "East",
    general: (name: "Ieyasu", rating: 3),
    leader_move: 30,
    command_radius: 30,
    {MOVES}
    clans: [
        (name: "A", daimyo: (name: "Naomasa", rating: 2), units: [
            (name: "Samurai", troop: SamuraiFoot, quality: Veteran, stands: 4, wide: 2),
            (name: "Seasoned spear", troop: AshigaruSpear, quality: Seasoned, stands: 4, wide: 4),
            (name: "Raw spear", troop: AshigaruSpear, quality: Raw, stands: 4, wide: 2),
            (name: "Bows", troop: AshigaruBow, quality: Veteran, stands: 4, wide: 4),
            (name: "Peasants", troop: Peasants, quality: Raw, stands: 6, wide: 3),
        ]),
        (name: "B", daimyo: (name: "Tadakatsu", rating: 4), units: [
            (name: "Elite horse", troop: Cavalry, quality: Elite, stands: 4, wide: 2),
        ]),
    ],
)"#
    )
}

pub fn army_b() -> String {
    format!(
        r#"(
    name: "West",
    general: (name: "Mitsunari", rating: 2),
    leader_move: 30,
    {MOVES}
    clans: [
        (name: "C", daimyo: (name: "Yoshihiro", rating: 1), units: [
            (name: "Foe horse", troop: Cavalry, quality: Seasoned, stands: 4, wide: 2),
            (name: "Foe spear", troop: AshigaruSpear, quality: Seasoned, stands: 4, wide: 2),
            (name: "Foe elite", troop: AshigaruSpear, quality: Elite, stands: 4, wide: 2),
            (name: "Foe guns", troop: AshigaruArquebus, quality: Veteran, stands: 4, wide: 4),
            (name: "Foe frenzied", troop: SamuraiFoot, quality: Seasoned, frenzied: true, stands: 4, wide: 2),
        ]),
    ],
)"#
    )
}

pub fn roster(file: &str, source: String) -> RosterText {
    RosterText {
        file: file.into(),
        source,
    }
}

pub struct Game {
    pub rules: Rules,
    pub state: State,
}

impl Game {
    pub fn new() -> Self {
        Self::with(HouseRules::default())
    }

    pub fn with(house: HouseRules) -> Self {
        Self::edited(house, |a| a, |b| b)
    }

    /// A game with the option `option` of the ruling `key` in force.
    pub fn ruled(key: &str, option: &str) -> Self {
        let mut house = HouseRules::default();
        house.rulings.insert(key.into(), option.into());
        Self::with(house)
    }

    /// A game of the test armies as `edit_a` and `edit_b` rewrite their roster texts.
    pub fn edited(
        house: HouseRules,
        edit_a: impl Fn(String) -> String,
        edit_b: impl Fn(String) -> String,
    ) -> Self {
        let a = Daimyo::load_army(&roster("a.ron", edit_a(army_a())))
            .expect("army a")
            .army;
        let b = Daimyo::load_army(&roster("b.ron", edit_b(army_b())))
            .expect("army b")
            .army;
        let rules = Daimyo::rules(&house).expect("rules");
        let state = Daimyo::start(&rules, &[a, b]);
        Self { rules, state }
    }

    /// Whether the engine would carry the command out now with these faces (nothing changes).
    pub fn accepts(&self, command: &Command, faces: &[u32]) -> bool {
        let mut dice = TableDice::new(faces.to_vec());
        gunbai::engine::exec::events_of::<Daimyo>(&self.rules, &self.state, command, &mut dice)
            .is_ok()
    }

    /// The longest plan `plan_of(cm)` the engine lets the unit move now, in whole cm.
    pub fn longest(&self, unit: usize, plan_of: impl Fn(i64) -> MovePlan) -> i64 {
        (0..=60)
            .rev()
            .find(|&cm| {
                self.accepts(
                    &Command::Move {
                        unit,
                        plan: plan_of(cm),
                        out_of_command: false,
                        through: None,
                    },
                    &[],
                )
            })
            .unwrap_or(-1)
    }

    /// The longest straight run through open ground the engine lets the unit charge now, with
    /// `extra` (terrain on the way) added to the plan.
    pub fn longest_charge(&self, unit: usize, target: usize, extra: ChargePlan) -> i64 {
        (1..=60)
            .rev()
            .find(|&cm| {
                self.accepts(
                    &Command::Charge {
                        unit,
                        target,
                        plan: ChargePlan {
                            open_cm: cm,
                            ..extra
                        },
                    },
                    &[],
                )
            })
            .unwrap_or(-1)
    }

    /// The unit reforms, in command, to `wide` stands in front.
    pub fn reform(&mut self, unit: usize, wide: u32) -> Vec<Event> {
        self.run(
            Command::Reform {
                unit,
                wide,
                out_of_command: false,
            },
            &[],
        )
    }

    /// Whether the unit is disordered now.
    pub fn disordered(&self, unit: usize) -> bool {
        self.state.units[unit].disordered
    }

    /// Records the unit disordered (another chapter's result).
    pub fn disorder(&mut self, unit: usize) {
        self.run(
            Command::SetDisordered {
                unit,
                disordered: true,
            },
            &[],
        );
    }

    /// Runs a command with these faces; every face must be used.
    pub fn run(&mut self, command: Command, faces: &[u32]) -> Vec<Event> {
        self.try_run(command.clone(), faces)
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"))
    }

    pub fn try_run(&mut self, command: Command, faces: &[u32]) -> Result<Vec<Event>, String> {
        let mut dice = TableDice::new(faces.to_vec());
        let events = gunbai::engine::exec::events_of::<Daimyo>(
            &self.rules,
            &self.state,
            &command,
            &mut dice,
        )
        .map_err(|e| e.to_string())?;
        dice.finish().expect("every face used");
        let context = ApplyContext {
            at: DateTime::<Utc>::UNIX_EPOCH,
        };
        for e in &events {
            gunbai::engine::exec::apply_event::<Daimyo>(&self.rules, &mut self.state, e, context)
                .expect("applies");
        }
        Ok(events)
    }

    /// Runs a command and returns its events but the changes to what is due, for tests
    /// about what the step itself did.
    pub fn run_step(&mut self, command: Command, faces: &[u32]) -> Vec<Event> {
        self.run(command, faces)
            .into_iter()
            .filter(|e| {
                !matches!(
                    e,
                    Event::Required(_) | Event::Settled(_) | Event::Dropped(_)
                )
            })
            .collect()
    }

    /// The charge under way strikes home and the melee is over at once: the two units are
    /// free again for the rest of a test about something else.
    pub fn strike_and_part(&mut self) {
        let c = self.state.charge().cloned().expect("a charge under way");
        self.run(Command::ChargeOutcome { contact: true }, &[]);
        self.run(Command::EndMelee { unit: c.charger }, &[]);
        self.run(Command::EndMelee { unit: c.target }, &[]);
    }

    pub fn refused(&mut self, command: Command, needle: &str) {
        let before = self.state.clone();
        let err = self.try_run(command, &[]).expect_err("should be refused");
        assert!(err.contains(needle), "{err:?} lacks {needle:?}");
        assert_eq!(self.state, before, "a refused command changes nothing");
    }

    /// Activates the group holding a unit.
    pub fn activate_for(&mut self, unit: usize) {
        let group = self.state.units[unit].group;
        // One clan at a time: finish the active one first.
        if self.state.active.is_some() {
            self.run(Command::FinishActivation, &[]);
        }
        self.run(Command::Activate { group }, &[]);
    }

    pub fn mv(&mut self, unit: usize, plan: MovePlan) -> Result<Vec<Event>, String> {
        self.try_run(
            Command::Move {
                unit,
                plan,
                out_of_command: false,
                through: None,
            },
            &[],
        )
    }

    pub fn spent(&self, unit: usize) -> i64 {
        self.state.units[unit].turn.spent_mm
    }

    pub fn charge(&mut self, unit: usize, target: usize, plan: ChargePlan) -> Vec<Event> {
        self.run(Command::Charge { unit, target, plan }, &[])
    }
}

pub fn straight(cm: i64) -> ChargePlan {
    ChargePlan {
        open_cm: cm,
        target_in_open: true,
        ..ChargePlan::default()
    }
}

/// A straight counter-charge of `cm` through open ground.
pub fn counter(cm: i64) -> Response {
    Response::CounterCharge {
        run: Run {
            open_cm: cm,
            ..Run::default()
        },
    }
}

pub fn open(cm: i64) -> MovePlan {
    MovePlan {
        open_cm: cm,
        ..MovePlan::default()
    }
}
