//! The record every roll leaves: which chart, which dice, the faces, each modifier with its reason and
//! rule case, the clamped result and what it meant.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

/// One modifier applied to a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    fn modifiers_are_clamped_to_the_chart() {
        let r = RollRecord::new(
            "Detection",
            "Enemy.1",
            Dice::D1D6,
            vec![2],
            vec![Modifier::new(-3, "attacking an enemy submarine", "Ships.1")],
            (1, 6),
        );
        assert_eq!((r.natural, r.result), (2, 1));
    }
}
