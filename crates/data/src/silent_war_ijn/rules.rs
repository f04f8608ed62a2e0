//! Our one-line summaries of the expansion's rule cases (`rules.json`), for the rules reference; the
//! labels are the checklist's (`3.41*`, `3.7 Oyodo`, `3.0 / SW3.3`). Our words, never the rulebook's.

use crate::DataError;
use crate::rule_summaries::CaseShape;
pub use crate::rule_summaries::{RuleCase, RuleSummaries};

/// Whether a label has the checklist's shape: a number like `3.1` (perhaps `3.1.1`), perhaps a `*` for a
/// number the checklist infers and one capital letter (`3.52*A`), then perhaps words or a base-game case
/// (`3.7 Oyodo`, `2.1.1 NOTE`, `3.0 / SW3.3`).
pub fn is_case_label(label: &str) -> bool {
    let (head, rest) = label.split_once(' ').unwrap_or((label, ""));
    let head = head
        .strip_suffix(|c: char| c.is_ascii_uppercase())
        .unwrap_or(head);
    let head = head.strip_suffix('*').unwrap_or(head);
    let parts: Vec<&str> = head.split('.').collect();
    let number = parts.len() >= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 2 && p.chars().all(|c| c.is_ascii_digit()));
    number
        && rest.trim() == rest
        && (rest.is_empty()
            || rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || " /.*".contains(c)))
}

/// The expansion's case labels, for the shared loader.
pub const SHAPE: CaseShape = CaseShape {
    is_case: is_case_label,
    like: "3.1, 3.41* or 3.7 Oyodo",
};

/// Parses and validates a summaries file; `file` names it in the first error.
pub fn parse(file: &str, text: &str) -> Result<RuleSummaries, DataError> {
    read(file, text).map_err(|mut e| e.remove(0))
}

/// Parses and validates a summaries file; every bad entry is reported.
pub(crate) fn read(file: &str, text: &str) -> Result<RuleSummaries, Vec<DataError>> {
    RuleSummaries::read(file, text, &SHAPE)
}
