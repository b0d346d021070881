//! Which journal entries are in effect, after any number of undos and redos.
//!
//! Like helix's `History`, undo never deletes: an undo entry moves commands from the
//! "in effect" list to the redo stack, and a redo moves them back. A new command clears
//! the redo stack. The journal itself stays append-only.

/// Commands in effect and commands undone, by journal entry index.
///
/// Both live in one stack: the commands in effect are its first `in_effect`, the undone
/// ones the rest, the most recently undone first after them. An undo or a redo only moves
/// the boundary, so each costs the same whatever its count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    stack: Vec<usize>,
    in_effect: usize,
}

impl Timeline {
    /// Records a new command entry: it takes effect and the redo stack is cleared.
    pub fn command(&mut self, entry: usize) {
        self.stack.truncate(self.in_effect);
        self.stack.push(entry);
        self.in_effect += 1;
    }

    /// Takes back the last `count` commands.
    ///
    /// # Errors
    /// Fewer than `count` commands are in effect.
    pub fn undo(&mut self, count: usize) -> Result<(), String> {
        if count == 0 || count > self.in_effect {
            return Err(format!(
                "cannot undo {count}: {} entries in effect",
                self.in_effect
            ));
        }
        self.in_effect -= count;
        Ok(())
    }

    /// Puts back the last `count` commands undone.
    ///
    /// # Errors
    /// Fewer than `count` commands can be redone.
    pub fn redo(&mut self, count: usize) -> Result<(), String> {
        if count == 0 || count > self.redoable() {
            return Err(format!(
                "cannot redo {count}: {} entries undone",
                self.redoable()
            ));
        }
        self.in_effect += count;
        Ok(())
    }

    /// Journal indices of the commands in effect, oldest first.
    pub fn effective(&self) -> &[usize] {
        &self.stack[..self.in_effect]
    }

    /// How many undone commands could be redone.
    pub fn redoable(&self) -> usize {
        self.stack.len() - self.in_effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_then_redo_restores_the_same_entries() {
        let mut t = Timeline::default();
        for e in 0..5 {
            t.command(e);
        }
        let before = t.clone();
        assert!(t.undo(3).is_ok());
        assert_eq!(t.effective(), &[0, 1]);
        assert!(t.redo(3).is_ok());
        assert_eq!(t, before);
    }

    #[test]
    fn a_new_command_clears_the_redo_stack() {
        let mut t = Timeline::default();
        t.command(0);
        t.command(1);
        assert!(t.undo(1).is_ok());
        t.command(3);
        assert_eq!(t.redoable(), 0);
        assert_eq!(t.effective(), &[0, 3]);
    }

    #[test]
    fn undoing_more_than_is_in_effect_is_refused() {
        let mut t = Timeline::default();
        t.command(0);
        assert!(t.undo(2).is_err());
        assert!(t.redo(1).is_err());
        assert_eq!(t.effective(), &[0]);
    }
}
