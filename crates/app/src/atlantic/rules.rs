//! Atlantic Sentinels' rule book for the rules reference: our shipped summaries of the rulebook's cases
//! (`data/atlantic/rules.json`: `7.1.3`, `6.1 2A`, `5.2.3 ERRATA`). The player's own rulebook text is one
//! path today, read as Sensuikan's, so this book shows no paragraphs of it.

use std::sync::OnceLock;

use periscope_data::atlantic::rules::{self as data, RuleSummaries};

use crate::panels::rules_reference::{Cited, SummaryBook};

/// The book, as the registry and the Atlantic screens hand it out: the cases we summarise, and their
/// steps (`6.1 2A`), are links.
pub static BOOK: SummaryBook = SummaryBook {
    id: "atlantic",
    name: "Atlantic Sentinels",
    summaries,
    cited: Cited::Summarised,
    steps: true,
    paragraphs: None,
};

/// The shipped summaries (validated by the data crate's tests).
pub fn summaries() -> Option<&'static RuleSummaries> {
    static RULES: OnceLock<Option<RuleSummaries>> = OnceLock::new();
    RULES.get_or_init(|| data::shipped().ok()).as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::rules_reference::{RuleBook as _, cited_cases};

    /// The engine's citations are links to our summaries: the travel box's A2 [6.1 2A] (a step of
    /// [6.1]), the hunt [7.1.3], the errata's moving penalty [7.1.3 ERRATA]; a number that is no case of
    /// ours is not.
    #[test]
    fn the_engines_citations_open_our_summaries() {
        assert!(BOOK.available());
        for case in ["6.1 2A", "7.1.3", "7.1.3 ERRATA", "5.2.2"] {
            assert!(BOOK.is_case(case), "{case}");
            assert!(BOOK.get(case).is_some_and(|l| !l.summary.is_empty()), "{case}");
        }
        assert_eq!(
            cited_cases(&BOOK, "B4 [7.1.3]: 2d6 and [6.1 2A]"),
            vec!["7.1.3", "6.1"]
        );
        assert_eq!(BOOK.get("6.1 2A").map(|l| l.case), Some("6.1"));
        assert_eq!(BOOK.get("7.1.3 ERRATA").map(|l| l.case), Some("7.1.3 ERRATA"));
        assert!(!BOOK.is_case("99.9") && !BOOK.is_case("99.9 1A"));
        assert!(!BOOK.search("wolfpack").is_empty());
    }
}
