//! Sensuikan's rule book for the rules reference: our shipped summaries of the rulebook's cases
//! (`data/sensuikan/rules.json`), its case ids (`8.2.6`, `6.2.1A`), and the paragraphs of the player's own
//! rulebook text.

use std::sync::OnceLock;

use periscope_data::sensuikan::rules::{self as data, RuleSummaries, is_case_id, rulebook_paragraphs};

use crate::panels::rules_reference::{self, Cited, SummaryBook};

/// The book, as the registry and Sensuikan's own screens hand it out: every rulebook-shaped id is a link.
pub static BOOK: SummaryBook = SummaryBook {
    id: "sensuikan",
    name: "Sensuikan",
    summaries,
    cited: Cited::Shaped(is_case_id),
    steps: false,
    paragraphs: Some(rulebook_paragraphs),
    first_path: true,
};

/// The shipped summaries (validated by the data crate's tests).
pub fn summaries() -> Option<&'static RuleSummaries> {
    static RULES: OnceLock<Option<RuleSummaries>> = OnceLock::new();
    RULES.get_or_init(|| data::shipped().ok()).as_ref()
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
