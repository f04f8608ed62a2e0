//! Sensuikan's rule book for the rules reference: our shipped summaries of the rulebook's cases
//! (`data/sensuikan/rules.json`), its case ids (`8.2.6`, `6.2.1A`), and the paragraphs of the player's own
//! rulebook text.

use std::sync::OnceLock;

use periscope_data::sensuikan::rules::{RuleCase, RuleSummaries, is_case_id, rulebook_paragraphs};

use crate::panels::rules_reference::{self, RuleBook, RuleLine};

/// The book, as the registry and Sensuikan's own screens hand it out.
pub static BOOK: SensuikanRules = SensuikanRules;

/// Sensuikan's rule book.
pub struct SensuikanRules;

/// The shipped summaries (validated by the data crate's tests).
pub fn summaries() -> Option<&'static RuleSummaries> {
    static RULES: OnceLock<Option<RuleSummaries>> = OnceLock::new();
    RULES.get_or_init(|| RuleSummaries::shipped().ok()).as_ref()
}

fn line(c: &RuleCase) -> RuleLine<'_> {
    RuleLine {
        case: &c.case,
        title: &c.title,
        summary: &c.summary,
    }
}

impl RuleBook for SensuikanRules {
    fn id(&self) -> &'static str {
        "sensuikan"
    }

    fn name(&self) -> &'static str {
        "Sensuikan"
    }

    fn available(&self) -> bool {
        summaries().is_some()
    }

    fn is_case(&self, id: &str) -> bool {
        is_case_id(id)
    }

    fn get(&self, case: &str) -> Option<RuleLine<'_>> {
        summaries().and_then(|s| s.get(case)).map(line)
    }

    fn search(&self, query: &str) -> Vec<RuleLine<'_>> {
        summaries().map_or_else(Vec::new, |s| s.search(query).into_iter().map(line).collect())
    }

    fn paragraphs(&self, rulebook: &str, case: &str) -> Option<String> {
        rulebook_paragraphs(rulebook, case)
    }
}

/// A link to a Sensuikan case: `[8.2.6]`, which opens the reference at it.
pub fn link(ui: &mut egui::Ui, case: &str) {
    rules_reference::case_link(ui, &BOOK, case);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::rules_reference::cited_cases;

    #[test]
    fn cited_cases_are_read_from_brackets() {
        assert_eq!(
            cited_cases(&BOOK, "[4.8.1] F1: commander [8.2.6 ¶] and [Modes.1] [6.2.1A]"),
            vec!["4.8.1", "8.2.6", "6.2.1A"]
        );
        assert!(cited_cases(&BOOK, "no case here").is_empty());
    }
}
