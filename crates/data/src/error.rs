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
            chart: bounded(chart.into(), 200),
            entry: bounded(entry.into(), 200),
            message: bounded(message.into(), MESSAGE_CHARS),
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

/// How much of a message an error keeps: a damaged file can hold a value megabytes long, which a message
/// quoting it must not carry whole.
const MESSAGE_CHARS: usize = 600;

/// `text` whole up to `max` characters; else its start, and how long it was.
pub fn bounded(text: String, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text;
    }
    let start: String = text.chars().take(max).collect();
    format!("{start}… ({n} characters in all)")
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A message quoting a huge value keeps its start and says how long it was; a short one is whole.
    #[test]
    fn a_huge_message_is_cut_short_and_says_so() {
        let e = DataError::new(
            "f.json",
            "c",
            "row 1",
            format!("bad value \"{}\"", "W".repeat(100_000)),
        );
        assert!(e.message.chars().count() < MESSAGE_CHARS + 40);
        assert!(
            e.message.ends_with("(100012 characters in all)"),
            "{}",
            &e.message[e.message.len() - 40..]
        );
        assert_eq!(DataError::new("f", "", "", "short").message, "short");
    }
}
