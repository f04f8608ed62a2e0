//! Undo and redo of a Track table: every counter move and flip, every note and every card action is a
//! step; undoing a step puts back what it changed, redoing it brings the change again.
//!
//! A step keeps the part of the table it changed (the counters, the notes or the cards) as it was on the
//! other side of the step, and undo or redo swaps it with the table's: a step touches only its own part,
//! so undoing a note never moves a counter. The history lasts while the table is open; the table itself
//! is saved after every change.
//!
//! Each step also keeps when it was done and which counters it moved, flipped, stacked or marked: the
//! steps done are the table's move log (`log.rs`), and the counters of the last counter steps carry the
//! last-move mark ([`History::marked`]), so undo and redo move the mark and the log with the history.

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
    /// When it was done, in seconds since 1970.
    pub at: u64,
    /// The ids of the counters it moved, flipped, stacked or marked; empty for a step of the notes or
    /// the cards.
    pub touched: Vec<u32>,
    /// How many rolls the table's dice tray had kept when it was done: where it falls among the rolls
    /// in the move log.
    pub rolls: usize,
}

/// Now, in seconds since 1970.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
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
        self.record_step(what, before, Vec::new(), 0);
    }

    /// Records a step that changed the counters `touched` (their ids) from `before`, done when the dice
    /// tray had kept `rolls` rolls.
    pub fn record_step(&mut self, what: impl Into<String>, before: Part, touched: Vec<u32>, rolls: usize) {
        self.done.push(Step {
            what: what.into(),
            other: before,
            at: now_secs(),
            touched,
            rolls,
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

    /// The steps done, oldest first, with their times: the move log.
    pub fn steps(&self) -> &[Step] {
        &self.done
    }

    /// The counters the last `last` steps that touched counters moved, flipped, stacked or marked: the
    /// ones the table marks.
    pub fn marked(&self, last: usize) -> Vec<u32> {
        let mut ids: Vec<u32> = self
            .done
            .iter()
            .rev()
            .filter(|s| !s.touched.is_empty())
            .take(last)
            .flat_map(|s| s.touched.iter().copied())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
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

    #[test]
    fn the_mark_follows_the_last_counter_steps_through_undo_and_redo() {
        let mut t = TrackTable::empty("hunt");
        let mut h = History::default();
        h.record_step("A moved", Part::Counters(Vec::new()), vec![1], 0);
        h.record_step("B and C stacked", Part::Counters(Vec::new()), vec![2, 3], 0);
        h.record("Notes", Part::Notes(String::new()));
        assert_eq!(h.marked(1), [2, 3], "a note does not take the mark away");
        assert_eq!(h.marked(2), [1, 2, 3]);
        assert_eq!(h.marked(0), Vec::<u32>::new());
        h.undo(&mut t);
        h.undo(&mut t);
        assert_eq!(h.marked(1), [1], "undo moves the mark back");
        h.redo(&mut t);
        assert_eq!(h.marked(1), [2, 3], "redo brings it on again");
        assert_eq!(h.steps().len(), 2);
    }
}
