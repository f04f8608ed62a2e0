//! Errors that name the file, the chart and the entry at fault.

use std::fmt;

/// A data file that cannot be used, with enough context for a player to find the mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// The file, as the player or the shipped data names it (`data/hunt/rules.json`).
    pub file: String,
    /// The chart or catalog within the file (`modes`), empty when the file as a whole is wrong.
    pub chart: String,
    /// The row or entry within the chart (`surface`, `row 3`), empty when the chart as a whole is wrong.
    pub entry: String,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl DataError {
    pub fn new(
        file: impl Into<String>,
        chart: impl Into<String>,
        entry: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            file: file.into(),
            chart: chart.into(),
            entry: entry.into(),
            message: message.into(),
        }
    }

    /// A file that is not valid JSON of the expected shape.
    pub fn parse(file: impl Into<String>, err: &serde_json::Error) -> Self {
        Self::new(
            file,
            "",
            "",
            format!("line {}, column {}: {err}", err.line(), err.column()),
        )
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if !self.chart.is_empty() {
            write!(f, ", chart {}", self.chart)?;
        }
        if !self.entry.is_empty() {
            write!(f, ", entry {}", self.entry)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for DataError {}
