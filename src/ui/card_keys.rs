//! The keys that answer the queue's cards. They take only what the buttons show them on
//! (`[R] Roll`, `[2] Stand`, `[E] End activation`), never roll over what the umpire typed,
//! and never end more than he meant:
//!
//! - R or Space take the roll of the card on stage (the head of the queue, or the card chosen
//!   from it), only when the rules require it and nothing is typed in its faces or counts
//!   (what is typed is used with Enter, in its field);
//! - 1 to 9 take its other answers by the place each was first given, so a number pressed
//!   twice never lands on another answer; E takes the step that ends an activation, a
//!   section, a round or a turn, whichever card carries it (its question is asked on stage);
//! - an answer that throws something away (actions left) asks first: Enter then takes it, Esc
//!   does not (Shift with its key takes it at once);
//! - T and H put the keyboard in the top card's faces and counts fields;
//! - keys wait a moment after the cards change, as clicks do, so a key pressed once too often
//!   does not land on the card that slid into place.

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

use super::Intent;
use super::app::App;
use super::check_card::{AnswerKey, DECISION_KEYS, answer_key};
use super::table_entry::EntryField;
use crate::engine::{Check, RollSpec};

/// A key pressed for an answer, and whether Shift was held.
type Pressed = (AnswerKey, bool);

impl App {
    /// Reads the keys for the cards last drawn into intents.
    pub(super) fn card_keys(&mut self, ctx: &egui::Context, intents: &mut Vec<Intent>) {
        let Some(live) = self.live.as_ref() else {
            return;
        };
        let pressed = |m: Modifiers, k: Key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        // The cards last drawn, and the version they showed: a key answers what was seen.
        let version = live.shown_version();
        let checks = &live.derived().checks;
        let answer = |check: &Check<()>, answer: usize| Intent::Answer {
            check: check.key.clone(),
            answer,
            version,
            table: None,
        };
        let asked = checks
            .iter()
            .find_map(|c| self.turn.asking(&c.key).map(|i| (c, i)));
        if let Some((check, i)) = asked {
            if pressed(Modifiers::NONE, Key::Enter) {
                self.turn.ask(&check.key, None);
                intents.push(answer(check, i));
            } else if pressed(Modifiers::NONE, Key::Escape) {
                self.turn.ask(&check.key, None);
            }
            // Nothing else answers while the question stands.
            return;
        }
        let Some((staged, top)) = self.turn.on_stage(checks) else {
            return;
        };
        if pressed(Modifiers::NONE, Key::T) && top.roll_answer().is_some() {
            self.turn.focus(&top.key, EntryField::Faces);
        }
        let counted = top
            .roll
            .as_ref()
            .and_then(RollSpec::counted_pools)
            .is_some();
        if pressed(Modifiers::NONE, Key::H) && counted && top.roll_answer().is_some() {
            self.turn.focus(&top.key, EntryField::Counts);
        }
        let Some((key, at_once)) = answer_keys(&pressed) else {
            return;
        };
        let ending = checks.iter().position(|c| c.answers.iter().any(|a| a.ends));
        // The answer whose button shows the key pressed, on the card it is shown on.
        let found = checks.iter().enumerate().find_map(|(at, c)| {
            (0..c.answers.len())
                .find(|i| {
                    let place = self.turn.place_of(c, *i);
                    answer_key(c, (*i, place), at == staged, ending == Some(at)) == Some(key)
                })
                .map(|i| (c, i))
        });
        let Some((check, i)) = found else {
            return;
        };
        let Some(a) = check.answers.get(i) else {
            return;
        };
        let now = ctx.input(|i| i.time);
        if live.hold_left(now) > 0.0 {
            self.turn.note(
                &check.key,
                "The cards just changed: look, then press again.",
            );
        } else if a.rolls && self.turn.holds_text(&check.key) {
            self.turn.note(
                &check.key,
                "Table dice are typed in: press Enter in their field, or clear it to roll Gunbai's.",
            );
        } else if a.confirm.is_some() && !at_once {
            self.turn.ask(&check.key, Some(i));
        } else {
            intents.push(answer(check, i));
        }
    }
}

/// The answer key pressed this frame, if any.
fn answer_keys(pressed: &dyn Fn(Modifiers, Key) -> bool) -> Option<Pressed> {
    let mut found = None;
    // Shift first: a plain key's shortcut also matches it with Shift held.
    if pressed(Modifiers::SHIFT, Key::E) {
        found = Some((AnswerKey::End, true));
    } else if pressed(Modifiers::NONE, Key::E) {
        found = Some((AnswerKey::End, false));
    }
    if pressed(Modifiers::NONE, Key::R) | pressed(Modifiers::NONE, Key::Space) {
        found = Some((AnswerKey::Roll, false));
    }
    for (i, k) in DECISION_KEYS.iter().enumerate() {
        if pressed(Modifiers::SHIFT, *k) {
            found = Some((AnswerKey::Number(i + 1), true));
        } else if pressed(Modifiers::NONE, *k) {
            found = Some((AnswerKey::Number(i + 1), false));
        }
    }
    found
}
