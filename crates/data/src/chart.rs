//! Dice charts: rows keyed by a range of (modified) rolls, each with its result and provenance.
//!
//! Every game's charts use this one shape, so coverage (each possible roll answered exactly once) is
//! checked in one place, and errors name the file, the chart and the row.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{DataError, Provenance};

/// The dice a chart is read with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChartDice {
    #[serde(rename = "1d6")]
    D6,
    #[serde(rename = "2d6")]
    D2D6,
    #[serde(rename = "3d6")]
    D3D6,
    #[serde(rename = "1d10")]
    D10,
    #[serde(rename = "1d20")]
    D20,
    /// Tens and units d10, "00" = 100.
    #[serde(rename = "d100")]
    D100,
    /// The Silent War die: one d10 whose faces read 0 to 9.
    #[serde(rename = "1d10z")]
    D10Zero,
    /// Two d6 read as tens and units: the 36 results 11-16, 21-26 … 61-66 (Atlantic Sentinels' B5).
    #[serde(rename = "d66")]
    D66,
    /// A band die, whose section gives a number, added to a d20 (Atlantic Sentinels' H-1 and H-2). The
    /// chart's span runs from 1 + the lowest band to 20 + the highest; totals on its reroll list are
    /// rolled again. See `atlantic::charts::ScenarioShips`.
    #[serde(rename = "band+1d20")]
    BandD20,
}

impl ChartDice {
    /// Lowest and highest natural roll.
    pub fn natural_range(self) -> (i32, i32) {
        match self {
            ChartDice::D6 => (1, 6),
            ChartDice::D2D6 => (2, 12),
            ChartDice::D3D6 => (3, 18),
            ChartDice::D10 => (1, 10),
            ChartDice::D20 => (1, 20),
            ChartDice::D100 => (1, 100),
            ChartDice::D10Zero => (0, 9),
            ChartDice::D66 => (11, 66),
            // The d20 alone: a band+1d20 chart gives its span from its band.
            ChartDice::BandD20 => (1, 20),
        }
    }

    /// Whether the dice can give `roll`: a d66 gives only numbers whose two digits are 1-6; every
    /// number of the span is a result of the other dice.
    pub fn is_result(self, roll: i32) -> bool {
        match self {
            ChartDice::D66 => (1..=6).contains(&(roll / 10)) && (1..=6).contains(&(roll % 10)),
            _ => true,
        }
    }

    /// The first result at or after `roll` (past 66 for a d66, the number after its last result).
    pub fn result_at_or_after(self, roll: i32) -> i32 {
        let mut r = roll;
        if self == ChartDice::D66 {
            while r <= 66 && !self.is_result(r) {
                r += 1;
            }
        }
        r
    }
}

/// Walks a chart's rows in roll order, checking that every result of the span is answered exactly once
/// (for a d66, its 36 results; the numbers between them are skipped). [`Chart::problems`] uses it, and
/// a family whose rolls are answered by more than its rows (the rerolls of a band+1d20 chart) walks it
/// over all of them.
#[derive(Debug, Clone)]
pub struct Coverage {
    dice: ChartDice,
    lo: i32,
    hi: i32,
    next: i32,
    first: bool,
}

impl Coverage {
    pub fn new(dice: ChartDice, (lo, hi): (i32, i32)) -> Self {
        Self {
            dice,
            lo,
            hi,
            next: dice.result_at_or_after(lo),
            first: true,
        }
    }

    /// What is wrong with the next row, which answers `roll`.
    pub fn row(&mut self, roll: RollRange) -> Option<String> {
        let first = std::mem::replace(&mut self.first, false);
        let (lo, hi) = (self.lo, self.hi);
        let msg = if let Some(bad) = [roll.low, roll.high]
            .into_iter()
            .find(|r| !self.dice.is_result(*r))
        {
            Some(format!("{bad} is not a d66 result: each die reads 1 to 6"))
        } else if roll.low != self.next {
            Some(if first && roll.low < lo {
                format!("starts at roll {}, below the chart's span {lo}..{hi}", roll.low)
            } else if roll.low < self.next {
                format!("overlaps the row before (roll {} is answered twice)", roll.low)
            } else {
                format!("leaves a gap: roll {} is not answered", self.next)
            })
        } else {
            None
        };
        self.next = self.next.max(self.dice.result_at_or_after(roll.high + 1));
        msg
    }

    /// What is wrong once every row is walked: rolls left unanswered, or answered beyond the span.
    pub fn finish(&self) -> Option<String> {
        let (lo, hi, next) = (self.lo, self.hi, self.next);
        if next <= hi {
            Some(format!("rolls {next} to {hi} are not answered"))
        } else if next > self.dice.result_at_or_after(hi + 1) {
            Some(format!(
                "rolls {} to {} lie beyond the chart's span {lo}..{hi}",
                hi + 1,
                next - 1
            ))
        } else {
            None
        }
    }
}

/// An inclusive range of rolls, written `"7"` or `"2-4"` in JSON (negative numbers allowed: `"-1-1"`
/// reads as -1 to 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RollRange {
    pub low: i32,
    pub high: i32,
}

impl RollRange {
    pub fn contains(self, roll: i32) -> bool {
        self.low <= roll && roll <= self.high
    }
}

impl TryFrom<String> for RollRange {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let t = s.trim();
        // Split on a '-' that is not a leading minus sign.
        let split = t.char_indices().skip(1).find(|&(_, c)| c == '-').map(|(i, _)| i);
        let (low, high) = match split {
            Some(i) => (&t[..i], &t[i + 1..]),
            None => (t, t),
        };
        let parse = |x: &str| {
            x.trim()
                .parse::<i32>()
                .map_err(|_| format!("'{s}' is not a roll or a range like 2-4"))
        };
        let r = RollRange {
            low: parse(low)?,
            high: parse(high)?,
        };
        if r.low > r.high {
            return Err(format!("'{s}' runs backwards"));
        }
        Ok(r)
    }
}

impl From<RollRange> for String {
    fn from(r: RollRange) -> String {
        if r.low == r.high {
            r.low.to_string()
        } else {
            format!("{}-{}", r.low, r.high)
        }
    }
}

/// One row of a chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row<T> {
    pub roll: RollRange,
    pub result: T,
    pub provenance: Provenance,
}

/// A chart as written in JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chart<T> {
    /// The chart's id as the player aid prints it (`A2`, `B4`, `T1`).
    pub id: String,
    pub title: String,
    pub dice: ChartDice,
    /// The rolls the chart answers, when modifiers can take a roll past the natural range (`[0, 14]`).
    /// Defaults to the dice's natural range; modified rolls beyond it are clamped to its ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<(i32, i32)>,
    pub rows: Vec<Row<T>>,
    /// Notes printed under the chart, in our own words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl<T> Chart<T> {
    /// The rolls this chart answers.
    pub fn span(&self) -> (i32, i32) {
        self.span.unwrap_or_else(|| self.dice.natural_range())
    }

    /// The row for a (modified) roll, clamped to the chart's span.
    pub fn lookup(&self, roll: i32) -> Option<&Row<T>> {
        let (lo, hi) = self.span();
        let roll = roll.clamp(lo, hi);
        self.rows.iter().find(|r| r.roll.contains(roll))
    }

    /// Checks every roll of the span is answered exactly once, rows are in order, and every row says where
    /// its numbers come from. `file` names the file in errors.
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        match self.problems(file).into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Every coverage and provenance problem of the chart, in row order (empty when it is sound), so a
    /// player fixing a file sees all of them at once. [`Chart::validate`] reports the first.
    pub fn problems(&self, file: &str) -> Vec<DataError> {
        let err = |entry: String, msg: String| DataError::new(file, &self.id, entry, msg);
        let (lo, hi) = self.span();
        let (nlo, nhi) = self.dice.natural_range();
        if lo > nlo || hi < nhi {
            return vec![err(
                String::new(),
                format!("span {lo}..{hi} does not cover the natural rolls {nlo}..{nhi}"),
            )];
        }
        let mut problems = Vec::new();
        let mut coverage = Coverage::new(self.dice, (lo, hi));
        for (i, row) in self.rows.iter().enumerate() {
            let entry = format!("row {} ({})", i + 1, String::from(row.roll));
            if let Err(m) = row.provenance.validate() {
                problems.push(err(entry.clone(), m));
            }
            if let Some(m) = coverage.row(row.roll) {
                problems.push(err(entry, m));
            }
        }
        if let Some(m) = coverage.finish() {
            problems.push(err(String::new(), m));
        }
        problems
    }
}

impl<T: DeserializeOwned> Chart<T> {
    /// Parses and validates one chart from JSON text.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let chart: Chart<T> = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        chart.validate(file)?;
        Ok(chart)
    }

    /// Parses and validates one chart from a JSON value (a chart inside a larger file).
    pub fn from_value(file: &str, value: serde_json::Value) -> Result<Self, DataError> {
        let id = value.get("id").and_then(|v| v.as_str()).unwrap_or("").to_string();
        let chart: Chart<T> =
            serde_json::from_value(value).map_err(|e| DataError::new(file, id, "", e.to_string()))?;
        chart.validate(file)?;
        Ok(chart)
    }
}

impl<T> Chart<T> {
    /// This chart, checked to answer every roll of its span exactly once, as a [`CoveredChart`] whose
    /// reading never fails. `file` names the file in errors.
    pub fn covered(self, file: &str) -> Result<CoveredChart<T>, DataError> {
        self.validate(file)?;
        if self.rows.is_empty() {
            return Err(DataError::new(file, &self.id, "", "the chart has no rows"));
        }
        Ok(CoveredChart { chart: self })
    }
}

/// A chart validated to answer every roll of its span exactly once: [`CoveredChart::read`] always has a
/// result, so a reader needs no fallback. Made by [`Chart::covered`].
#[derive(Debug, Clone, PartialEq)]
pub struct CoveredChart<T> {
    chart: Chart<T>,
}

impl<T> CoveredChart<T> {
    /// The result of a (modified) roll, clamped to the chart's span.
    pub fn read(&self, roll: i32) -> &T {
        let (lo, hi) = self.chart.span();
        let roll = roll.clamp(lo, hi);
        // The rows are in order and cover the span without gaps: the first row reaching the roll holds it.
        let last = self.chart.rows.len().saturating_sub(1);
        let i = self.chart.rows.partition_point(|r| r.roll.high < roll).min(last);
        &self.chart.rows[i].result
    }

    /// The chart as written (id, title, dice, span, rows).
    pub fn chart(&self) -> &Chart<T> {
        &self.chart
    }
}

impl<T> std::ops::Deref for CoveredChart<T> {
    type Target = Chart<T>;
    fn deref(&self) -> &Chart<T> {
        &self.chart
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(rows: &str) -> Result<Chart<String>, DataError> {
        Chart::parse(
            "t.json",
            &format!("{{\"id\": \"X1\", \"title\": \"Test\", \"dice\": \"2d6\", \"rows\": [{rows}]}}"),
        )
    }

    const P: &str = "\"provenance\": {\"source\": \"reconstructed\", \"reason\": \"test\"}";

    #[test]
    fn a_chart_must_answer_every_roll_once() {
        let ok = chart(&format!(
            "{{\"roll\": \"2-6\", \"result\": \"a\", {P}}}, {{\"roll\": \"7-12\", \"result\": \"b\", {P}}}"
        ));
        let ok = ok.unwrap();
        assert_eq!(ok.lookup(7).map(|r| r.result.as_str()), Some("b"));
        assert_eq!(
            ok.lookup(15).map(|r| r.result.as_str()),
            Some("b"),
            "clamped to the end"
        );
        assert_eq!(ok.lookup(-3).map(|r| r.result.as_str()), Some("a"));

        let gap = chart(&format!(
            "{{\"roll\": \"2-6\", \"result\": \"a\", {P}}}, {{\"roll\": \"8-12\", \"result\": \"b\", {P}}}"
        ));
        let e = gap.unwrap_err();
        assert_eq!((e.chart.as_str(), e.entry.as_str()), ("X1", "row 2 (8-12)"));
        assert!(e.message.contains("roll 7"), "{e}");

        let overlap = chart(&format!(
            "{{\"roll\": \"2-7\", \"result\": \"a\", {P}}}, {{\"roll\": \"7-12\", \"result\": \"b\", {P}}}"
        ));
        assert!(overlap.unwrap_err().message.contains("answered twice"));

        let short = chart(&format!("{{\"roll\": \"2-11\", \"result\": \"a\", {P}}}")).unwrap_err();
        assert!(short.message.contains("12 to 12"), "{short}");
    }

    #[test]
    fn every_problem_of_a_chart_is_reported() {
        let bad: Chart<String> = serde_json::from_str(&format!(
            "{{\"id\": \"X1\", \"title\": \"Test\", \"dice\": \"2d6\", \"rows\": [\
             {{\"roll\": \"2-4\", \"result\": \"a\", {P}}}, \
             {{\"roll\": \"6-8\", \"result\": \"b\", \"provenance\": {{\"source\": \"rule\", \"case\": \"\"}}}}, \
             {{\"roll\": \"8-10\", \"result\": \"c\", {P}}}]}}"
        ))
        .unwrap();
        let problems = bad.problems("t.json");
        let entries: Vec<&str> = problems.iter().map(|e| e.entry.as_str()).collect();
        assert_eq!(entries, ["row 2 (6-8)", "row 2 (6-8)", "row 3 (8-10)", ""]);
        assert!(problems[1].message.contains("roll 5"), "{}", problems[1]);
        assert!(problems[2].message.contains("answered twice"));
        assert!(problems[3].message.contains("11 to 12"));
        assert_eq!(bad.validate("t.json").unwrap_err(), problems[0]);
    }

    fn d66(rows: &[&str]) -> Result<Chart<String>, Vec<DataError>> {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| format!("{{\"roll\": \"{r}\", \"result\": \"x\", {P}}}"))
            .collect();
        let chart: Chart<String> = serde_json::from_str(&format!(
            "{{\"id\": \"B5\", \"title\": \"Damage\", \"dice\": \"d66\", \"rows\": [{}]}}",
            rows.join(", ")
        ))
        .map_err(|e| vec![DataError::new("t.json", "B5", "", e.to_string())])?;
        let problems = chart.problems("t.json");
        if problems.is_empty() {
            Ok(chart)
        } else {
            Err(problems)
        }
    }

    #[test]
    fn a_d66_chart_answers_its_36_results_and_skips_the_numbers_between() {
        let ok = d66(&["11-16", "21-26", "31-36", "41-45", "46", "51-56", "61-66"]).unwrap();
        assert_eq!(ok.span(), (11, 66));
        assert_eq!(ok.lookup(46).map(|r| r.roll.low), Some(46));
        // A row may run across the numbers that are no d66 result (16 to 21 skips 17-20).
        assert!(d66(&["11-21", "22-26", "31-66"]).is_ok());
        let gap = d66(&["11-16", "21-26", "31-36", "41-46", "51-56", "62-66"]).unwrap_err();
        assert_eq!(gap.len(), 1, "{gap:?}");
        assert_eq!(gap[0].entry, "row 6 (62-66)");
        assert!(gap[0].message.contains("roll 61 is not answered"), "{}", gap[0]);
        let bad = d66(&["11-17", "21-66"]).unwrap_err();
        assert_eq!(bad[0].entry, "row 1 (11-17)");
        assert!(bad[0].message.contains("17 is not a d66 result"), "{}", bad[0]);
        let short = d66(&["11-16", "21-26", "31-36", "41-46", "51-56"]).unwrap_err();
        assert!(
            short[0].message.contains("rolls 61 to 66 are not answered"),
            "{}",
            short[0]
        );
        for (roll, result) in [
            (11, true),
            (16, true),
            (17, false),
            (20, false),
            (66, true),
            (67, false),
            (70, false),
        ] {
            assert_eq!(ChartDice::D66.is_result(roll), result, "{roll}");
        }
        assert_eq!(ChartDice::D66.result_at_or_after(17), 21);
        assert_eq!(ChartDice::D2D6.result_at_or_after(17), 17);
    }

    #[test]
    fn ranges_parse_with_negative_numbers() {
        assert_eq!(
            RollRange::try_from("2-4".to_string()),
            Ok(RollRange { low: 2, high: 4 })
        );
        assert_eq!(
            RollRange::try_from("-1-1".to_string()),
            Ok(RollRange { low: -1, high: 1 })
        );
        assert_eq!(
            RollRange::try_from("12".to_string()),
            Ok(RollRange { low: 12, high: 12 })
        );
        assert!(RollRange::try_from("5-3".to_string()).is_err());
        assert!(RollRange::try_from("x".to_string()).is_err());
    }

    #[test]
    fn a_covered_chart_reads_every_roll() {
        let c = chart(&format!(
            "{{\"roll\": \"2-6\", \"result\": \"a\", {P}}}, {{\"roll\": \"7\", \"result\": \"b\", {P}}}, \
             {{\"roll\": \"8-12\", \"result\": \"c\", {P}}}"
        ))
        .unwrap()
        .covered("t.json")
        .unwrap();
        let read: Vec<&str> = (0..=14).map(|r| c.read(r).as_str()).collect();
        assert_eq!(
            read,
            [
                "a", "a", "a", "a", "a", "a", "a", "b", "c", "c", "c", "c", "c", "c", "c"
            ]
        );
        assert_eq!(c.title, "Test");
        let unread: Chart<String> = serde_json::from_str(&format!(
            "{{\"id\": \"X1\", \"title\": \"Test\", \"dice\": \"2d6\", \"rows\": [{{\"roll\": \"2-6\", \"result\": \"a\", {P}}}]}}"
        ))
        .unwrap();
        assert!(unread.covered("t.json").unwrap_err().message.contains("7 to 12"));
    }
}
