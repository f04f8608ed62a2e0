//! The odds' values: the odds of a roll's outcomes ([`Odds`]) and the distribution of a roll already
//! made ([`RollDistribution`]). Plain data, below the machine: a game's `Rules::roll_odds` gives them,
//! and `odds` computes them.

use serde::Serialize;

/// The odds of one roll's outcomes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    /// The rule case that calls for the roll (`8.2.3`).
    pub rule: String,
    /// The chart it is read on (`B1`).
    pub chart: String,
    /// Each outcome with its exact probability, sorted by outcome (the order the game lists them, numbers
    /// in numeric order, the rest in the chart's order); they sum to 1.
    pub outcomes: Vec<Outcome>,
    /// What the figure covers, and what it leaves to later rolls or decisions.
    pub covers: String,
}

/// One outcome of a roll and its probability.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    pub label: String,
    /// The share of all face combinations that give this outcome.
    pub probability: f64,
    /// How many of the `of` equally likely face combinations give it: the exact fraction.
    pub ways: u32,
    pub of: u32,
}

impl Odds {
    /// The probability of the outcome labelled `label` (0 if none is).
    pub fn of(&self, label: &str) -> f64 {
        self.outcomes
            .iter()
            .filter(|o| o.label == label)
            .map(|o| o.probability)
            .sum()
    }

    /// `hit 58 % · miss 42 %`; an outcome that can happen never reads 0 % (`home <1 %`), nor one that
    /// can fail 100 %.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .outcomes
            .iter()
            .map(|o| format!("{} {}", o.label, percent(o.ways, o.of)))
            .collect();
        parts.join(" · ")
    }
}

/// `ways` of `of` as a whole percentage, with `<1 %` and `>99 %` for what rounds to a certainty it is not.
fn percent(ways: u32, of: u32) -> String {
    let share = 100.0 * f64::from(ways) / f64::from(of.max(1));
    if ways > 0 && share < 0.5 {
        "<1 %".to_string()
    } else if ways < of && share >= 99.5 {
        ">99 %".to_string()
    } else {
        format!("{share:.0} %")
    }
}

#[cfg(test)]
mod summary_tests {
    use super::percent;

    /// A rare outcome reads `<1 %`, a near-certain one `>99 %`; impossible and certain ones read 0 % and
    /// 100 %.
    #[test]
    fn percentages_never_round_a_chance_away() {
        assert_eq!(percent(1, 216), "<1 %");
        assert_eq!(percent(215, 216), ">99 %");
        assert_eq!(percent(0, 6), "0 %");
        assert_eq!(percent(6, 6), "100 %");
        assert_eq!(percent(4, 6), "67 %");
    }
}

/// The distribution of a roll already made: the share of every result its dice could have given under the
/// same modifiers, with the result it gave, for the chart panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RollDistribution {
    /// Each result the roll could give, lowest first, with how many of `of` face combinations give it.
    pub results: Vec<(i32, u32)>,
    pub of: u32,
    /// The result the roll gave.
    pub rolled: i32,
}

impl RollDistribution {
    /// The probability of result `result` (0 if the dice cannot give it).
    pub fn of(&self, result: i32) -> f64 {
        self.results
            .iter()
            .find(|(r, _)| *r == result)
            .map_or(0.0, |(_, ways)| f64::from(*ways) / f64::from(self.of.max(1)))
    }
}
