//! Our one-line summaries of the expansion's rule cases (`rules.json`), for the rules reference; the
//! labels are the checklist's (`3.41*`, `3.7 Oyodo`, `3.0 / SW3.3`). Our words, never the rulebook's.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::DataError;

/// One rule case: its label as the checklist writes it, a short title and our summary.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleCase {
    pub case: String,
    pub title: String,
    pub summary: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    #[allow(dead_code)]
    about: String,
    cases: Vec<RuleCase>,
}

/// The validated summaries, in the file's order, looked up by label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSummaries {
    cases: Vec<RuleCase>,
    index: BTreeMap<String, usize>,
}

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

impl RuleSummaries {
    /// Parses and validates a summaries file; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        Self::read(file, text).map_err(|mut e| e.remove(0))
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<Self, Vec<DataError>> {
        let raw: RawRules = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
        let mut errors = Vec::new();
        let mut index = BTreeMap::new();
        for (i, c) in raw.cases.iter().enumerate() {
            let err = |m: &str| DataError::new(file, "cases", c.case.clone(), m);
            if !is_case_label(&c.case) {
                errors.push(DataError::new(
                    file,
                    "cases",
                    format!("row {}", i + 1),
                    format!("'{}' is not a case label like 3.1, 3.41* or 3.7 Oyodo", c.case),
                ));
            }
            if c.title.trim().is_empty() || c.summary.trim().is_empty() {
                errors.push(err("the title and the summary must not be empty"));
            }
            if c.summary.contains('\n') || c.summary.chars().count() > 160 {
                errors.push(err("the summary must be one line of at most 160 characters"));
            }
            if index.insert(c.case.clone(), i).is_some() {
                errors.push(err("this case appears twice"));
            }
        }
        if raw.cases.is_empty() {
            errors.push(DataError::new(file, "cases", "", "no case"));
        }
        if errors.is_empty() {
            Ok(Self {
                cases: raw.cases,
                index,
            })
        } else {
            Err(errors)
        }
    }

    /// The summary of a case, if we have one.
    pub fn get(&self, case: &str) -> Option<&RuleCase> {
        self.index.get(case).and_then(|&i| self.cases.get(i))
    }

    /// Every case, in the checklist's order.
    pub fn all(&self) -> &[RuleCase] {
        &self.cases
    }

    /// The cases whose label, title or summary contains the text (case-insensitive); all for none.
    pub fn search(&self, text: &str) -> Vec<&RuleCase> {
        let needle = text.trim().to_lowercase();
        self.cases
            .iter()
            .filter(|c| {
                needle.is_empty()
                    || c.case.to_lowercase().starts_with(&needle)
                    || c.title.to_lowercase().contains(&needle)
                    || c.summary.to_lowercase().contains(&needle)
            })
            .collect()
    }
}
