//! Periscope's own one-line summaries of the Atlantic Sentinels rule cases (`data/atlantic/rules.json`),
//! for the rules reference: our words, never the rulebook's. Their ids are the case ids every provenance
//! and citation of the game's data names ([`super::cases`]).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::cases::{CaseIds, is_case_id};
use crate::DataError;

/// The shipped file, embedded so the app needs no data folder.
pub const SHIPPED_RULES: &str = include_str!("../../../../data/atlantic/rules.json");
pub const SHIPPED_NAME: &str = "data/atlantic/rules.json";

/// One rule case: its id (`7.1.3`, `5.2.3 ERRATA`, `ERRATA B4`), a short title and our summary.
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

/// The validated summaries, in the file's (rulebook) order, looked up by case id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSummaries {
    cases: Vec<RuleCase>,
    index: BTreeMap<String, usize>,
}

impl RuleSummaries {
    /// The summaries as shipped (checked by a test, so this cannot fail in a release).
    pub fn shipped() -> Result<Self, DataError> {
        Self::parse(SHIPPED_NAME, SHIPPED_RULES).map_err(|mut e| e.swap_remove(0))
    }

    /// Parses and validates a summaries file; every bad entry is reported.
    pub fn parse(file: &str, text: &str) -> Result<Self, Vec<DataError>> {
        let raw: RawRules = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
        let mut errors = Vec::new();
        let mut index = BTreeMap::new();
        for (i, c) in raw.cases.iter().enumerate() {
            let mut err = |m: String| {
                errors.push(DataError::new(
                    file,
                    "cases",
                    format!("case {} ({})", i + 1, c.case),
                    m,
                ))
            };
            if !is_case_id(&c.case) {
                err(format!(
                    "'{}' is not a case id like 7.1.3, 5.2.3 ERRATA or ERRATA B4",
                    c.case
                ));
            }
            if c.title.trim().is_empty() || c.summary.trim().is_empty() {
                err("the title and the summary must not be empty".into());
            }
            if c.summary.contains('\n') || c.summary.chars().count() > 160 {
                err("the summary must be one line of at most 160 characters".into());
            }
            if index.insert(c.case.clone(), i).is_some() {
                err("this case appears twice".into());
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

    /// Every case, in rulebook order.
    pub fn all(&self) -> &[RuleCase] {
        &self.cases
    }

    /// The ids every provenance and citation of the game's data must name.
    pub fn ids(&self) -> CaseIds {
        CaseIds::new(self.cases.iter().map(|c| c.case.clone()))
    }

    /// The cases whose id, title or summary contains the text (case-insensitive); all for an empty text.
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
