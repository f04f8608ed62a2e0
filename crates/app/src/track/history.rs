//! Undo and redo of a Track table: every counter move and flip, every note and every card action is a
//! step; undoing a step puts back what it changed, redoing it brings the change again.
//!
//! A step keeps the part of the table it changed (the counters, the notes or the cards) as it was on the
//! other side of the step, and undo or redo swaps it with the table's: a step touches only its own part,
//! so undoing a note never moves a counter. The history lasts while the table is open; the table itself
//! is saved after every change.

use super::cards::CardTable;
use super::table::{FreeCounter, TrackTable};

/// The most steps kept: the oldest go first.
const MOST: usize = 500;

/// The part of the table a step changed, as it is on the step's other side.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Counters(Vec<FreeCounter>),
    Notes(String),
    Cards(CardTable),
}

impl Part {
    /// Swaps this part with the table's.
    fn swap(&mut self, table: &mut TrackTable) {
        match self {
            Part::Counters(c) => std::mem::swap(c, &mut table.counters),
            Part::Notes(n) => std::mem::swap(n, &mut table.notes),
            Part::Cards(c) => std::mem::swap(c, &mut table.cards),
        }
    }
}

/// One step: what it did, in words, and the part it changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub what: String,
    other: Part,
}

/// The steps done, oldest first, and the steps undone, the next to redo last.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct History {
    done: Vec<Step>,
    undone: Vec<Step>,
}

impl History {
    /// Records a step that changed a part of the table from `before`; what was undone can no longer be
    /// redone.
    pub fn record(&mut self, what: impl Into<String>, before: Part) {
        self.done.push(Step {
            what: what.into(),
            other: before,
        });
        if self.done.len() > MOST {
            self.done.remove(0);
        }
        self.undone.clear();
    }

    /// Undoes the last step; returns what it did.
    pub fn undo(&mut self, table: &mut TrackTable) -> Option<String> {
        let mut step = self.done.pop()?;
        step.other.swap(table);
        let what = step.what.clone();
        self.undone.push(step);
        Some(what)
    }

    /// Redoes the last step undone; returns what it did.
    pub fn redo(&mut self, table: &mut TrackTable) -> Option<String> {
        let mut step = self.undone.pop()?;
        step.other.swap(table);
        let what = step.what.clone();
        self.done.push(step);
        Some(what)
    }

    /// The steps done, oldest first.
    pub fn done(&self) -> impl DoubleEndedIterator<Item = &str> {
        self.done.iter().map(|s| s.what.as_str())
    }

    /// The steps undone, the next to redo first.
    pub fn undone(&self) -> impl Iterator<Item = &str> {
        self.undone.iter().rev().map(|s| s.what.as_str())
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use crate::theme::Side;
    use crate::track::counter_at;
    use crate::widgets::counter::Symbol;
    use egui::pos2;

    #[test]
    fn undo_puts_back_a_move_a_flip_and_a_note_each_on_its_own() {
        let mut t = TrackTable::empty("hunt");
        t.counters.push(counter_at(
            "SUB",
            Side::Submarine,
            Symbol::Submarine,
            pos2(1.0, 1.0),
        ));
        let start = t.clone();
        let mut h = History::default();

        let before = t.counters.clone();
        t.counters[0].pos = [50.0, 50.0];
        h.record("SUB moved", Part::Counters(before));
        let before = t.notes.clone();
        t.notes = "B4 rolled".into();
        h.record("Notes", Part::Notes(before));
        let before = t.counters.clone();
        t.counters[0].flipped = true;
        h.record("SUB flipped", Part::Counters(before));
        let end = t.clone();

        assert_eq!(h.undo(&mut t).as_deref(), Some("SUB flipped"));
        assert!(!t.counters[0].flipped);
        assert_eq!(t.notes, "B4 rolled", "undoing a flip leaves the notes");
        assert_eq!(h.undo(&mut t).as_deref(), Some("Notes"));
        assert_eq!(
            t.counters[0].pos,
            [50.0, 50.0],
            "undoing a note leaves the counters"
        );
        assert_eq!(h.undo(&mut t).as_deref(), Some("SUB moved"));
        assert_eq!(t, start);
        assert!(h.undo(&mut t).is_none());
        assert_eq!(
            h.undone().collect::<Vec<_>>(),
            ["SUB moved", "Notes", "SUB flipped"]
        );
        while h.redo(&mut t).is_some() {}
        assert_eq!(t, end);

        h.undo(&mut t);
        let before = t.counters.clone();
        t.counters[0].pos = [9.0, 9.0];
        h.record("SUB moved again", Part::Counters(before));
        assert!(!h.can_redo(), "a new step drops what was undone");
    }
}
