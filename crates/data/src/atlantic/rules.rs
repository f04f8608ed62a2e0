//! Periscope's own one-line summaries of the Atlantic Sentinels rule cases (`data/atlantic/rules.json`),
//! for the rules reference: our words, never the rulebook's. Their ids are the case ids every provenance
//! and citation of the game's data names ([`super::cases`]).

use super::cases::{CaseIds, is_case_id};
use crate::DataError;
use crate::rule_summaries::CaseShape;
pub use crate::rule_summaries::{RuleCase, RuleSummaries};

/// The shipped file, embedded so the app needs no data folder.
pub const SHIPPED_RULES: &str = include_str!("../../../../data/atlantic/rules.json");
pub const SHIPPED_NAME: &str = "data/atlantic/rules.json";

/// Atlantic Sentinels' case ids (`7.1.3`, `5.2.3 ERRATA`, `ERRATA B4`), for the shared loader.
pub const SHAPE: CaseShape = CaseShape {
    is_case: is_case_id,
    like: "7.1.3, 5.2.3 ERRATA or ERRATA B4",
};

/// The summaries as shipped (checked by a test, so this cannot fail in a release).
pub fn shipped() -> Result<RuleSummaries, DataError> {
    parse(SHIPPED_NAME, SHIPPED_RULES).map_err(|mut e| e.swap_remove(0))
}

/// Parses and validates a summaries file; every bad entry is reported.
pub fn parse(file: &str, text: &str) -> Result<RuleSummaries, Vec<DataError>> {
    RuleSummaries::read(file, text, &SHAPE)
}

/// The ids every provenance and citation of the game's data must name.
pub fn ids(rules: &RuleSummaries) -> CaseIds {
    CaseIds::new(rules.all().iter().map(|c| c.case.clone()))
}
