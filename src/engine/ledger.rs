//! The activity ledger: what each unit (or leader, or figure) did in the current activation,
//! section, phase and turn, in order, and what an umpire's answer bound it to.
//!
//! Rules about *order* — one unit's actions before the next unit's, melee last, no fire
//! after a move — are stated by each rule set as [`OrderRule`]s against the ledger, and the
//! ledger refuses a deed that breaks one, with the rule's citation. The ledger lives in the
//! rule set's state and changes only when the rule set applies an event, so replay rebuilds
//! it exactly.

use serde::{Deserialize, Serialize};

/// How far back a question about deeds looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    /// The current activation (a clan's, a unit's, a contingent's).
    Activation,
    /// The current section of the turn (skirmish: movement, shooting, melee...).
    Section,
    /// The current phase.
    Phase,
    /// The whole turn.
    Turn,
}

/// One thing an actor did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deed<A, K> {
    /// Who did it.
    pub actor: A,
    /// What kind of deed it was.
    pub kind: K,
    /// At whom, if anyone.
    pub target: Option<A>,
    /// The activation, section and phase counters when it was done.
    marks: [u32; 3],
}

/// A rule about the order of deeds, as a rule set states it.
#[derive(Clone, Copy, Debug)]
pub enum OrderRule<K: 'static> {
    /// All of one actor's deeds come before the next actor's: once another actor has acted
    /// in the scope, an earlier one may not act again.
    OneAtATime {
        /// Where the rule holds.
        scope: Scope,
        /// The rule, like `sky: Clan Activation`.
        citation: &'static str,
    },
    /// A deed of this kind ends the actor's deeds in the scope (melee comes last).
    Ends {
        /// The kinds that end.
        kind: fn(&K) -> bool,
        /// Where the rule holds.
        scope: Scope,
        /// What the rule says, in our words: `melee ends a unit's actions`.
        words: &'static str,
        /// The rule.
        citation: &'static str,
    },
    /// An actor may not do deeds of both kinds in the scope, in either order.
    Excludes {
        /// One group of kinds.
        a: fn(&K) -> bool,
        /// The other.
        b: fn(&K) -> bool,
        /// Where the rule holds.
        scope: Scope,
        /// What the rule says, in our words.
        words: &'static str,
        /// The rule.
        citation: &'static str,
    },
    /// An actor does at most `n` deeds of these kinds in the scope.
    AtMost {
        /// The kinds counted.
        kind: fn(&K) -> bool,
        /// How many are allowed.
        n: usize,
        /// Where the rule holds.
        scope: Scope,
        /// What the rule says, in our words.
        words: &'static str,
        /// The rule.
        citation: &'static str,
    },
}

/// A deed the order rules refuse: why, and the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Why, in words.
    pub reason: String,
    /// The rule it comes from.
    pub citation: &'static str,
}

/// What every actor did this turn, and what binds whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger<A, K, B = ()> {
    /// Activation, section and phase counters: a new one begins when its counter moves.
    marks: [u32; 3],
    deeds: Vec<Deed<A, K>>,
    bindings: Vec<(A, B)>,
}

impl<A, K, B> Default for Ledger<A, K, B> {
    fn default() -> Self {
        Self {
            marks: [0; 3],
            deeds: Vec::new(),
            bindings: Vec::new(),
        }
    }
}

fn slot(scope: Scope) -> Option<usize> {
    match scope {
        Scope::Activation => Some(0),
        Scope::Section => Some(1),
        Scope::Phase => Some(2),
        Scope::Turn => None,
    }
}

impl<A: Copy + PartialEq, K: PartialEq, B> Ledger<A, K, B> {
    /// A new activation, section, phase or turn begins. A new turn forgets every deed (the
    /// ledger never grows beyond one turn) but keeps bindings, which only their release ends;
    /// a wider scope begins the narrower ones too.
    pub fn begin(&mut self, scope: Scope) {
        match slot(scope) {
            None => {
                self.deeds.clear();
                for m in &mut self.marks {
                    *m = m.wrapping_add(1);
                }
            }
            Some(i) => {
                for m in &mut self.marks[..=i] {
                    *m = m.wrapping_add(1);
                }
            }
        }
    }

    /// Records a deed.
    pub fn record(&mut self, actor: A, kind: K, target: Option<A>) {
        self.deeds.push(Deed {
            actor,
            kind,
            target,
            marks: self.marks,
        });
    }

    fn in_scope(&self, deed: &Deed<A, K>, scope: Scope) -> bool {
        match slot(scope) {
            None => true,
            Some(i) => deed.marks[i] == self.marks[i],
        }
    }

    /// Every deed done in the scope, oldest first.
    pub fn deeds(&self, scope: Scope) -> impl Iterator<Item = &Deed<A, K>> {
        self.deeds.iter().filter(move |d| self.in_scope(d, scope))
    }

    /// What `actor` did in the scope, oldest first.
    pub fn deeds_of(&self, actor: A, scope: Scope) -> impl Iterator<Item = &K> {
        self.deeds(scope)
            .filter(move |d| d.actor == actor)
            .map(|d| &d.kind)
    }

    /// Whether `actor` did a deed of a kind `is` picks out in the scope.
    pub fn has_done(&self, actor: A, scope: Scope, is: impl Fn(&K) -> bool) -> bool {
        self.deeds_of(actor, scope).any(is)
    }

    /// How many deeds of a kind `is` picks out `actor` did in the scope.
    pub fn count(&self, actor: A, scope: Scope, is: impl Fn(&K) -> bool) -> usize {
        self.deeds_of(actor, scope).filter(|k| is(k)).count()
    }

    /// Whether anyone acted in the scope.
    pub fn anyone_acted(&self, scope: Scope) -> bool {
        self.deeds(scope).next().is_some()
    }

    /// The last actor to act in the scope.
    pub fn last_actor(&self, scope: Scope) -> Option<A> {
        self.deeds(scope).last().map(|d| d.actor)
    }

    /// Whether `actor` acted in the scope and someone else acted after it.
    pub fn others_acted_since(&self, actor: A, scope: Scope) -> bool {
        let mut seen = false;
        for d in self.deeds(scope) {
            if d.actor == actor {
                seen = true;
            } else if seen {
                return true;
            }
        }
        false
    }

    /// Checks a deed `actor` is about to do against the order rules.
    ///
    /// # Errors
    /// The first rule the deed would break, with its reason and citation.
    pub fn permits(&self, actor: A, kind: &K, rules: &[OrderRule<K>]) -> Result<(), Refusal> {
        for rule in rules {
            match *rule {
                OrderRule::OneAtATime { scope, citation } => {
                    if self.others_acted_since(actor, scope) {
                        return Err(Refusal {
                            reason: "another unit has acted since: all of one unit's actions come before the next unit's".into(),
                            citation,
                        });
                    }
                }
                OrderRule::Ends {
                    kind: ends,
                    scope,
                    words,
                    citation,
                } => {
                    if self.has_done(actor, scope, ends) {
                        return Err(Refusal {
                            reason: words.into(),
                            citation,
                        });
                    }
                }
                OrderRule::Excludes {
                    a,
                    b,
                    scope,
                    words,
                    citation,
                } => {
                    let clash = (a(kind) && self.has_done(actor, scope, b))
                        || (b(kind) && self.has_done(actor, scope, a));
                    if clash {
                        return Err(Refusal {
                            reason: words.into(),
                            citation,
                        });
                    }
                }
                OrderRule::AtMost {
                    kind: counted,
                    n,
                    scope,
                    words,
                    citation,
                } => {
                    if counted(kind) && self.count(actor, scope, counted) >= n {
                        return Err(Refusal {
                            reason: words.into(),
                            citation,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Binds `actor` (an umpire's answer committed it), replacing any earlier binding.
    pub fn bind(&mut self, actor: A, binding: B) {
        self.release(actor);
        self.bindings.push((actor, binding));
    }

    /// What binds `actor`, if anything.
    pub fn binding(&self, actor: A) -> Option<&B> {
        self.bindings
            .iter()
            .find(|(a, _)| *a == actor)
            .map(|(_, b)| b)
    }

    /// Ends what bound `actor`: the binding was met, or the rules released it.
    pub fn release(&mut self, actor: A) {
        self.bindings.retain(|(a, _)| *a != actor);
    }

    /// Every binding, oldest first.
    pub fn bindings(&self) -> impl Iterator<Item = &(A, B)> {
        self.bindings.iter()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Kind {
        Move,
        Fire,
        Melee,
    }

    const ORDER: &[OrderRule<Kind>] = &[
        OrderRule::OneAtATime {
            scope: Scope::Activation,
            citation: "test: one at a time",
        },
        OrderRule::Ends {
            kind: |k| *k == Kind::Melee,
            scope: Scope::Activation,
            words: "melee ends its actions",
            citation: "test: melee last",
        },
        OrderRule::Excludes {
            a: |k| *k == Kind::Fire,
            b: |k| *k == Kind::Move,
            scope: Scope::Activation,
            words: "no fire and move together",
            citation: "test: fire or move",
        },
    ];

    #[test]
    fn an_earlier_unit_may_not_act_after_another() {
        let mut l: Ledger<u8, Kind> = Ledger::default();
        l.record(1, Kind::Move, None);
        assert!(l.permits(1, &Kind::Melee, ORDER).is_ok());
        l.record(2, Kind::Move, None);
        assert_eq!(
            l.permits(1, &Kind::Melee, ORDER).unwrap_err().citation,
            "test: one at a time"
        );
        l.begin(Scope::Activation);
        assert!(l.permits(1, &Kind::Melee, ORDER).is_ok());
    }

    #[test]
    fn melee_ends_and_exclusions_hold_both_ways() {
        let mut l: Ledger<u8, Kind> = Ledger::default();
        l.record(1, Kind::Fire, None);
        assert_eq!(
            l.permits(1, &Kind::Move, ORDER).unwrap_err().citation,
            "test: fire or move"
        );
        l.record(1, Kind::Melee, None);
        assert_eq!(
            l.permits(1, &Kind::Fire, ORDER).unwrap_err().citation,
            "test: melee last"
        );
    }

    #[test]
    fn a_new_turn_forgets_deeds_but_not_bindings() {
        let mut l: Ledger<u8, Kind, &str> = Ledger::default();
        l.record(1, Kind::Fire, Some(3));
        l.bind(1, "charge");
        l.begin(Scope::Turn);
        assert!(!l.anyone_acted(Scope::Turn));
        assert_eq!(l.binding(1), Some(&"charge"));
        l.release(1);
        assert_eq!(l.binding(1), None);
    }
}
