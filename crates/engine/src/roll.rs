//! The record every roll leaves: which chart, which dice, the faces, each modifier with its reason and
//! rule case, the clamped result and what it meant.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

/// Whether a game is quiet: played for a simulation that throws its roll records away, so it writes none
/// (no `Rolled` events, no latest roll kept) while every rule and every other event stays exactly as in
/// the normal game ([`crate::game::Game::quiet`]); or silent, for a simulation that reads only how the
/// game ended, so it writes no event at all ([`crate::game::Game::silent`]). It is how a game is played,
/// not where it stands: two games that differ only in it are equal.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet(u8);

impl Quiet {
    /// Quiet from now on (a silent game stays silent).
    pub(crate) fn hush(&mut self) {
        self.0 = self.0.max(1);
    }

    /// Silent from now on: no records and no events.
    pub(crate) fn silence(&mut self) {
        self.0 = 2;
    }

    /// Whether the game writes its records (`false` when quiet or silent).
    pub(crate) fn records(self) -> bool {
        self.0 == 0
    }

    /// Whether the game writes its events (`false` when silent).
    pub(crate) fn events(self) -> bool {
        self.0 < 2
    }
}

impl PartialEq for Quiet {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Quiet {}

/// One modifier applied to a roll.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub reason: String,
    /// The rule case, as the checklist writes it (`Enemy.4`, `8.2.6`).
    pub rule: String,
}

impl Modifier {
    pub fn new(value: i32, reason: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            value,
            reason: reason.into(),
            rule: rule.into(),
        }
    }
}

/// A roll as it happened, for the chart panel, the log and the tests.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// The chart or procedure the roll is made on.
    pub chart: String,
    /// The rule case that calls for the roll.
    pub rule: String,
    pub dice: Dice,
    pub faces: Vec<u8>,
    /// The faces read as the dice read them (sum, or d100).
    pub natural: i32,
    pub modifiers: Vec<Modifier>,
    /// Natural plus modifiers, clamped to the chart's ends: modifiers never push past a table.
    pub result: i32,
    /// What the result meant, in a short sentence.
    pub outcome: String,
    /// The ends `result` was clamped to, for the distribution of the roll ([`crate::odds::of_roll`]),
    /// so that every throw of the same roll is read against the same ends. A property of the chart, not of
    /// the throw: not written to files (a record read back from one has `None`).
    #[serde(skip)]
    pub ends: Option<(i32, i32)>,
}

/// Field by field, so that `clone_from` reuses the buffers of the record it overwrites: a game keeps
/// its latest roll by overwriting the one before.
impl Clone for Modifier {
    fn clone(&self) -> Self {
        Self {
            value: self.value,
            reason: self.reason.clone(),
            rule: self.rule.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.value = source.value;
        self.reason.clone_from(&source.reason);
        self.rule.clone_from(&source.rule);
    }
}

/// Field by field, as [`Modifier`]'s.
impl Clone for RollRecord {
    fn clone(&self) -> Self {
        Self {
            chart: self.chart.clone(),
            rule: self.rule.clone(),
            dice: self.dice,
            faces: self.faces.clone(),
            natural: self.natural,
            modifiers: self.modifiers.clone(),
            result: self.result,
            outcome: self.outcome.clone(),
            ends: self.ends,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.chart.clone_from(&source.chart);
        self.rule.clone_from(&source.rule);
        self.dice = source.dice;
        self.faces.clone_from(&source.faces);
        self.natural = source.natural;
        self.modifiers.clone_from(&source.modifiers);
        self.result = source.result;
        self.outcome.clone_from(&source.outcome);
        self.ends = source.ends;
    }
}

/// Keeps `roll` as a game's latest roll in `last`, reusing the buffers of the one it replaces.
pub(crate) fn keep_latest(last: &mut Option<RollRecord>, roll: &RollRecord) {
    match last {
        Some(kept) => kept.clone_from(roll),
        None => *last = Some(roll.clone()),
    }
}

impl RollRecord {
    /// Builds a record, clamping the modified result to `low..=high`.
    pub fn new(
        chart: impl Into<String>,
        rule: impl Into<String>,
        dice: Dice,
        faces: Vec<u8>,
        modifiers: Vec<Modifier>,
        (low, high): (i32, i32),
    ) -> Self {
        let natural = dice.read(&faces);
        let total: i32 = natural + modifiers.iter().map(|m| m.value).sum::<i32>();
        Self {
            chart: chart.into(),
            rule: rule.into(),
            dice,
            faces,
            natural,
            modifiers,
            result: total.clamp(low, high),
            outcome: String::new(),
            ends: Some((low, high)),
        }
    }

    pub fn with_outcome(mut self, outcome: impl Into<String>) -> Self {
        self.outcome = outcome.into();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_roll_is_the_roll_it_copies() {
        let first = RollRecord::new(
            "B4",
            "8.2.5",
            Dice::D2D6,
            vec![3, 4],
            vec![
                Modifier::new(-1, "prior detection", "8.2.5"),
                Modifier::new(2, "short range", "8.2.5"),
            ],
            (2, 12),
        )
        .with_outcome("detected");
        let second = RollRecord::new("A3", "6.2.2B", Dice::D2D6, vec![6, 6], vec![], (2, 12));
        let mut last = None;
        keep_latest(&mut last, &first);
        assert_eq!(last.as_ref(), Some(&first));
        keep_latest(&mut last, &second);
        assert_eq!(last.as_ref(), Some(&second));
        keep_latest(&mut last, &first);
        assert_eq!(last, Some(first));
    }

    #[test]
    fn modifiers_are_clamped_to_the_chart() {
        let r = RollRecord::new(
            "X",
            "0",
            Dice::D1D6,
            vec![2],
            vec![Modifier::new(-3, "a chart from 1 to 6", "0")],
            (1, 6),
        );
        assert_eq!((r.natural, r.result), (2, 1));
    }
}
