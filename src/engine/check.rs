//! Checks: the tests the rules require right now, as data the UI and the command line show.

use crate::dice::{CmpOp, Comparison, Expr, SuccessCount, TermKind};

/// One signed adjustment to a roll, with the reason and the rule it comes from.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Modifier {
    /// The signed amount (`-2`, `+1`).
    pub value: i64,
    /// What the amount counts: `""` for the total, `"dice"` for the size of a pool.
    pub unit: &'static str,
    /// Why it applies, in a few words.
    pub reason: String,
    /// The rule it comes from, like `sky: Melee Adjudication`.
    pub citation: String,
}

impl Modifier {
    /// A modifier to the total rolled (or to a rating, shown as its parts).
    pub fn total(value: i64, reason: impl Into<String>, citation: impl Into<String>) -> Self {
        Self {
            value,
            unit: "",
            reason: reason.into(),
            citation: citation.into(),
        }
    }

    /// A modifier to the number of dice in a pool.
    pub fn dice(value: i64, reason: impl Into<String>, citation: impl Into<String>) -> Self {
        Self {
            value,
            unit: "dice",
            reason: reason.into(),
            citation: citation.into(),
        }
    }

    /// `+2 dice: charging (sky: Melee Adjudication)`.
    pub fn sentence(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!(
            "{:+}{unit}: {} ({})",
            self.value, self.reason, self.citation
        )
    }
}

/// The dice of a check and what counts as success.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum RollSpec {
    /// A pass/fail test: the comparison holds on success (`2d6+1 <= 9`).
    Test(Comparison),
    /// A pool or a total whose value the rule set reads (`8d6cs>=5` hits, `2d6kh1` actions).
    Value(Expr),
    /// Two sides rolling against each other (initiative, melee): each pool with its reading.
    Opposed(Expr, Expr),
}

impl RollSpec {
    /// The notation shown on the card, the same the dice tray and `gunbai odds` take.
    pub fn notation(&self) -> String {
        match self {
            RollSpec::Test(c) => c.to_string(),
            RollSpec::Value(e) => e.to_string(),
            RollSpec::Opposed(a, b) => format!("{a} vs {b}"),
        }
    }

    /// The pools of the roll, in the order they are rolled, when only each pool's number of
    /// successes matters: the table may then type counts ("7 hits") instead of every face.
    pub fn counted_pools(&self) -> Option<Vec<CountedPool>> {
        match self {
            RollSpec::Value(e) => Some(vec![CountedPool::of(e)?]),
            RollSpec::Opposed(a, b) => Some(vec![CountedPool::of(a)?, CountedPool::of(b)?]),
            RollSpec::Test(_) => None,
        }
    }

    /// How many dice one roll of this check needs, to prompt for the table's faces.
    pub fn dice_count(&self) -> u32 {
        match self {
            RollSpec::Test(c) => c.left.dice_count() + c.right.dice_count(),
            RollSpec::Value(e) => e.dice_count(),
            RollSpec::Opposed(a, b) => a.dice_count() + b.dice_count(),
        }
    }
}

/// What an odds line is the probability of, in terms of the roll's result: the
/// odds-versus-roll test reads the same measure from the events the roll gives
/// ([`crate::engine::RuleSet::measures`]) and checks the card against every face the dice
/// can show.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub enum Outcome {
    /// A measure of the result compared with a number: `("hits", Ge, 3)`.
    Measure(&'static str, CmpOp, i64),
    /// Shown for information only; no measure of the result says whether it happened.
    Shown,
}

/// A pool whose successes alone matter: so many dice of so many sides, and what succeeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountedPool {
    /// Dice rolled.
    pub dice: u32,
    /// Sides of each die.
    pub sides: u32,
    /// What a success is.
    pub success: SuccessCount,
}

impl CountedPool {
    fn of(expr: &Expr) -> Option<Self> {
        match expr.terms.as_slice() {
            [term] if term.sign > 0 => match term.kind {
                TermKind::Dice {
                    count,
                    sides,
                    keep: None,
                    success: Some(success),
                } => Some(Self {
                    dice: count,
                    sides,
                    success,
                }),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The exact odds of a check, as the card shows them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Odds {
    /// What the probability is of, like `pass` or `Takeda first`.
    pub outcome: String,
    /// The exact probability, 0..=1.
    pub probability: f64,
    /// What it is the probability of, as a measure of the roll's result.
    pub of: Outcome,
}

impl Odds {
    /// The probability that a measure of the result compares with `n`: `("hits", Ge, 3)`.
    pub fn of(
        outcome: impl Into<String>,
        probability: f64,
        measure: &'static str,
        op: CmpOp,
        n: i64,
    ) -> Self {
        Self {
            outcome: outcome.into(),
            probability,
            of: Outcome::Measure(measure, op, n),
        }
    }

    /// The probability that a test passes (the measure `passed` is 1).
    pub fn pass(probability: f64) -> Self {
        Self::of("pass", probability, "passed", CmpOp::Eq, 1)
    }

    /// A probability shown for information, which no measure checks.
    pub fn shown(outcome: impl Into<String>, probability: f64) -> Self {
        Self {
            outcome: outcome.into(),
            probability,
            of: Outcome::Shown,
        }
    }
}

/// One way to settle a check: a button on its card. Each answer is either a **roll** (the
/// dice on the card: Gunbai's or the table's faces) or a **decision** (the umpire's choice,
/// which rolls nothing). Roll keys only ever take a roll answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer<C> {
    /// The button's label: `Roll`, `Moved to the rear`, `Left the table`.
    pub label: String,
    /// The command it sends.
    pub command: C,
    /// A roll (true: the command rolls the card's dice, so typed table faces apply to it)
    /// or a decision (false: it rolls nothing).
    pub rolls: bool,
    /// The unit (view id) and action form the umpire goes on with after this answer, which
    /// the app opens: "will charge them" opens that unit's Charge form.
    pub opens: Option<(String, String)>,
    /// What the answer throws away, when it ends an activation, a round or a turn while
    /// something could still be done ("4 actions are left"): the app asks once before
    /// taking it, so a key pressed once too often ends nothing.
    pub confirm: Option<String>,
    /// The umpire's step that ends an activation, a section, a round or a turn: it takes
    /// the same key (E) whatever its place on its card and whichever card carries it.
    pub ends: bool,
    /// One of a list the umpire picks from rather than a button of its own (the card drawn
    /// from a real deck): the list's name. Answers with the same name make one list.
    pub pick: Option<String>,
}

/// A test the rules require (or offer) right now.
#[derive(Clone, Debug, PartialEq)]
pub struct Check<C> {
    /// What it is about, stable while it is due: the UI answers a check by its key and the
    /// battle version it was shown at. Empty: the engine makes one from who and what.
    pub key: String,
    /// What kind of card it is, for a test to enumerate every kind a battle shows: the
    /// command its one roll gives (or, rolling nothing, its first answer), by the name the
    /// journal writes it under (`Morale`, `EndTurn`); a card with no answer, by its title.
    /// Filled by the battle.
    pub kind: String,
    /// Who tests: a unit, a leader, a side.
    pub who: String,
    /// What the test is: `Route test`, `Activate the Baba clan`.
    pub what: String,
    /// The trigger: why the rules require it now.
    pub why: String,
    /// The rule it comes from.
    pub citation: String,
    /// The dice, if any are rolled.
    pub roll: Option<RollSpec>,
    /// The target in words: `2d6 + 2 at or under Bushi 9`.
    pub target: String,
    /// Every modifier, each with its reason.
    pub modifiers: Vec<Modifier>,
    /// The exact odds of the outcomes that matter.
    pub odds: Vec<Odds>,
    /// Required by the rules (true) or merely offered (false: it may be declined).
    pub required: bool,
    /// The ways to settle it: at most one roll, and any decisions.
    pub answers: Vec<Answer<C>>,
    /// Further lines to show, like the roll call's list of units.
    pub notes: Vec<String>,
    /// The table's faces its roll takes, group by group, when the dice alone do not say it
    /// (a tie rolled again, saves after hits). Empty: read from the dice.
    pub faces: TableFaces,
}

/// The faces the table types for a card's roll, in order: each group with what it is for,
/// and what only some results call for. The card shows it before anything is typed, and an
/// error about the faces repeats it, so the umpire learns the whole count at once.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TableFaces {
    /// Each group: how many faces, and what they are for (`the shot`, `Takeda`); empty
    /// words for a single group that needs none.
    pub groups: Vec<(u32, String)>,
    /// Faces that only some results call for: `1 save per hit`, `4 more for each tie`.
    pub then: Option<String>,
}

impl TableFaces {
    /// Groups of faces, and what follows on some results.
    pub fn new(groups: Vec<(u32, String)>, then: Option<String>) -> Self {
        Self { groups, then }
    }

    /// How many faces the groups take (what follows on some results not counted).
    pub fn total(&self) -> u32 {
        self.groups.iter().map(|(n, _)| n).sum()
    }

    /// `4: 2 for Takeda, then 2 for Uesugi; and 4 more for each tie`; `2`.
    pub fn words(&self) -> String {
        let total = self.total();
        let named: Vec<String> = self
            .groups
            .iter()
            .filter(|(_, what)| !what.is_empty())
            .map(|(n, what)| format!("{n} for {what}"))
            .collect();
        let mut out = match (self.groups.as_slice(), named.as_slice()) {
            (_, []) => total.to_string(),
            ([_], [one]) => one.clone(),
            _ => format!("{total}: {}", named.join(", then ")),
        };
        if let Some(then) = &self.then {
            out = format!("{out}; and {then}");
        }
        out
    }
}

impl<C> Answer<C> {
    /// A button sending `command`; `rolls` when the command rolls dice.
    pub fn new(label: impl Into<String>, command: C, rolls: bool) -> Self {
        Self {
            label: label.into(),
            command,
            rolls,
            opens: None,
            confirm: None,
            ends: false,
            pick: None,
        }
    }

    /// Makes the answer one of the list `list` the umpire picks from.
    #[must_use]
    pub fn in_pick(mut self, list: impl Into<String>) -> Self {
        self.pick = Some(list.into());
        self
    }

    /// Marks the answer as the step that ends an activation, a section, a round or a turn.
    #[must_use]
    pub fn ending(mut self) -> Self {
        self.ends = true;
        self
    }

    /// The app asks before taking this answer, saying what it throws away: `4 actions are
    /// left`. `None` (nothing would be lost) leaves the answer as it is.
    #[must_use]
    pub fn confirming(mut self, lost: Option<String>) -> Self {
        self.confirm = lost;
        self
    }

    /// After this answer, the app opens the form `form` of unit `unit` (a view id).
    #[must_use]
    pub fn opening(mut self, unit: impl Into<String>, form: impl Into<String>) -> Self {
        self.opens = Some((unit.into(), form.into()));
        self
    }

    /// A roll: the command rolls the card's dice.
    pub fn roll(label: impl Into<String>, command: C) -> Self {
        Self::new(label, command, true)
    }

    /// A decision: the umpire's choice, rolling nothing.
    pub fn decision(label: impl Into<String>, command: C) -> Self {
        Self::new(label, command, false)
    }
}

impl<C> Check<C> {
    /// A card with no dice, odds or answers yet: who, what, why and the rule it comes from.
    /// Rule sets fill in the rest.
    pub fn card(
        who: impl Into<String>,
        what: impl Into<String>,
        why: impl Into<String>,
        citation: impl Into<String>,
    ) -> Self {
        Self {
            key: String::new(),
            kind: String::new(),
            who: who.into(),
            what: what.into(),
            why: why.into(),
            citation: citation.into(),
            roll: None,
            target: String::new(),
            modifiers: Vec::new(),
            odds: Vec::new(),
            required: false,
            answers: Vec::new(),
            notes: Vec::new(),
            faces: TableFaces::default(),
        }
    }

    /// The faces the table types for this card's roll: as the rule set describes them, or
    /// else one group per side of the dice shown.
    pub fn table_faces(&self) -> TableFaces {
        let mut faces = self.faces.clone();
        if faces.groups.is_empty() {
            faces.groups = match &self.roll {
                Some(RollSpec::Opposed(a, b)) => vec![
                    (a.dice_count(), "the first side".to_owned()),
                    (b.dice_count(), "the second side".to_owned()),
                ],
                Some(spec) => vec![(spec.dice_count(), String::new())],
                None => Vec::new(),
            };
        }
        faces
    }

    /// The one roll answer, if the card has exactly one: what a roll key takes.
    pub fn roll_answer(&self) -> Option<usize> {
        let mut rolls = self.answers.iter().enumerate().filter(|(_, a)| a.rolls);
        match (rolls.next(), rolls.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    }

    /// Maps the command type, so a rule set's checks can be shown by the shared screens.
    pub fn map<D>(self, f: impl Fn(C) -> D) -> Check<D> {
        Check {
            key: self.key,
            kind: self.kind,
            who: self.who,
            what: self.what,
            why: self.why,
            citation: self.citation,
            roll: self.roll,
            target: self.target,
            modifiers: self.modifiers,
            odds: self.odds,
            required: self.required,
            answers: self
                .answers
                .into_iter()
                .map(|a| Answer {
                    label: a.label,
                    command: f(a.command),
                    rolls: a.rolls,
                    opens: a.opens,
                    confirm: a.confirm,
                    ends: a.ends,
                    pick: a.pick,
                })
                .collect(),
            notes: self.notes,
            faces: self.faces,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn only_pools_whose_successes_alone_count_take_counts() {
        let spec = RollSpec::Opposed(
            Expr::success_count(4, 6, CmpOp::Ge, 5),
            Expr::success_count(3, 6, CmpOp::Ge, 6),
        );
        let pools = spec.counted_pools().unwrap();
        assert_eq!((pools[0].dice, pools[1].dice), (4, 3));
        assert!(RollSpec::Value(Expr::dice(2, 6)).counted_pools().is_none());
    }

    #[test]
    fn table_faces_say_every_group_and_what_follows() {
        let mut card: Check<()> = Check::card("Takeda and Uesugi", "Initiative", "", "");
        card.roll = Some(RollSpec::Opposed(Expr::dice(2, 6), Expr::dice(2, 6)));
        assert_eq!(
            card.table_faces().words(),
            "4: 2 for the first side, then 2 for the second side"
        );
        card.faces = TableFaces::new(
            vec![(2, "Takeda".into()), (2, "Uesugi".into())],
            Some("4 more for each tie".into()),
        );
        assert_eq!(
            card.table_faces().words(),
            "4: 2 for Takeda, then 2 for Uesugi; and 4 more for each tie"
        );
        card.roll = Some(RollSpec::Value(Expr::dice(2, 6)));
        card.faces = TableFaces::new(vec![(2, "the shot".into())], Some("1 save per hit".into()));
        assert_eq!(
            card.table_faces().words(),
            "2 for the shot; and 1 save per hit"
        );
        card.faces = TableFaces::default();
        assert_eq!(card.table_faces().words(), "2");
    }
}
