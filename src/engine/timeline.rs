//! Which journal entries are in effect, after any number of undos and redos.
//!
//! Like helix's `History`, undo never deletes: an undo entry moves commands from the
//! "in effect" list to the redo stack, and a redo moves them back. A new command clears
//! the redo stack. The journal itself stays append-only.

/// Commands in effect and commands undone, by journal entry index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    effective: Vec<usize>,
    undone: Vec<usize>,
}

impl Timeline {
    /// Records a new command entry: it takes effect and the redo stack is cleared.
    pub fn command(&mut self, entry: usize) {
        self.effective.push(entry);
        self.undone.clear();
    }

    /// Takes back the last `count` commands.
    ///
    /// # Errors
    /// Fewer than `count` commands are in effect.
    pub fn undo(&mut self, count: usize) -> Result<(), String> {
        if count == 0 || count > self.effective.len() {
            return Err(format!(
                "cannot undo {count}: {} entries in effect",
                self.effective.len()
            ));
        }
        for _ in 0..count {
            if let Some(e) = self.effective.pop() {
                self.undone.push(e);
            }
        }
        Ok(())
    }

    /// Puts back the last `count` commands undone.
    ///
    /// # Errors
    /// Fewer than `count` commands can be redone.
    pub fn redo(&mut self, count: usize) -> Result<(), String> {
        if count == 0 || count > self.undone.len() {
            return Err(format!(
                "cannot redo {count}: {} entries undone",
                self.undone.len()
            ));
        }
        for _ in 0..count {
            if let Some(e) = self.undone.pop() {
                self.effective.push(e);
            }
        }
        Ok(())
    }

    /// Journal indices of the commands in effect, oldest first.
    pub fn effective(&self) -> &[usize] {
        &self.effective
    }

    /// How many undone commands could be redone.
    pub fn redoable(&self) -> usize {
        self.undone.len()
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
