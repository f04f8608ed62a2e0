//! Atlantic Sentinels' rule book for the rules reference: our shipped summaries of the rulebook's cases
//! (`data/atlantic/rules.json`: `7.1.3`, `6.1 2A`, `5.2.3 ERRATA`), and the paragraphs of the player's
//! own rulebook text beside them: a case's paragraphs, an erratum's lines.

use std::sync::OnceLock;

use periscope_data::atlantic::cases::is_case_id;
use periscope_data::atlantic::rules::{self as data, RuleSummaries};
use periscope_data::rule_summaries::numbered_paragraphs;

use crate::panels::rules_reference::{Cited, SummaryBook};

/// The book, as the registry and the Atlantic screens hand it out: the cases we summarise, and their
/// steps (`6.1 2A`), are links.
pub static BOOK: SummaryBook = SummaryBook {
    id: "atlantic",
    name: "Atlantic Sentinels",
    summaries,
    cited: Cited::Summarised,
    steps: true,
    paragraphs: Some(rulebook_paragraphs),
    first_path: false,
};

/// The shipped summaries (validated by the data crate's tests).
pub fn summaries() -> Option<&'static RuleSummaries> {
    static RULES: OnceLock<Option<RuleSummaries>> = OnceLock::new();
    RULES.get_or_init(|| data::shipped().ok()).as_ref()
}

/// Whether a line of the rulebook starts a numbered case (`[7.1.4] Single U-boat`, `7.2 AIR`).
fn numbered(id: &str) -> bool {
    is_case_id(id) && id.starts_with(|c: char| c.is_ascii_digit()) && !id.contains(' ')
}

/// The player's own text of a case: an erratum (`7.1.3 ERRATA`, `ERRATA B4`) is every line of the
/// errata that names its case or chart; a step (`6.1 2A`) reads its case's paragraphs; a case (`7.1.3`,
/// `B8`) its paragraphs, up to the next numbered case.
pub fn rulebook_paragraphs(text: &str, case: &str) -> Option<String> {
    let erratum = case
        .strip_suffix(" ERRATA")
        .map(|n| format!(", {n} "))
        .or_else(|| case.strip_prefix("ERRATA ").map(|c| format!("[{c}]")));
    if let Some(names) = erratum {
        // At most PARAGRAPH_BYTES of them: a hostile file can repeat an erratum's line for megabytes.
        let mut bytes = 0;
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| {
                l.get(..6).is_some_and(|h| h.eq_ignore_ascii_case("errata"))
                    && l.split(':').next().is_some_and(|head| head.contains(&names))
            })
            .take_while(|l| {
                bytes += l.len() + 1;
                bytes <= periscope_data::rule_summaries::PARAGRAPH_BYTES
            })
            .collect();
        return (!lines.is_empty()).then(|| lines.join("\n"));
    }
    let case = case.split_once(' ').map_or(case, |(c, step)| {
        if step.chars().next().is_some_and(|s| s.is_ascii_digit()) {
            c
        } else {
            case
        }
    });
    numbered_paragraphs(text, case, numbered)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
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
        assert_eq!(cited_cases(&BOOK, "[7.1.3 ERRATA]"), vec!["7.1.3 ERRATA"]);
        assert_eq!(BOOK.get("6.1 2A").map(|l| l.case), Some("6.1"));
        assert_eq!(BOOK.get("7.1.3 ERRATA").map(|l| l.case), Some("7.1.3 ERRATA"));
        assert!(!BOOK.is_case("99.9") && !BOOK.is_case("99.9 1A"));
        assert!(!BOOK.search("wolfpack").is_empty());
    }

    /// The player's text, laid out as the rulebook is: a case runs to the next numbered case (its errata
    /// lines with it); an erratum is read alone, by its case or chart; a step reads its case.
    #[test]
    fn the_players_rulebook_text_is_read_by_case_erratum_and_step() {
        let text = "[7.1] General Procedures\n[7.1.3] Wolfpack Encounter. Words of mine.\n\
                    Errata (1 Jan 2000), 7.1.3 (addition): more words.\n\
                    [7.1.4] Single U-boat. Other words.\n\
                    Errata (1 Jan 2000), Chart [B4]: a chart's fix.\n\
                    [6.1] Travel. Steps.\n1. A step.\n[6.2] Next.\n";
        let p = BOOK.paragraphs(text, "7.1.3").unwrap();
        assert!(p.starts_with("[7.1.3] Wolfpack") && p.contains("more words") && !p.contains("7.1.4"));
        assert_eq!(
            BOOK.paragraphs(text, "7.1.3 ERRATA").unwrap(),
            "Errata (1 Jan 2000), 7.1.3 (addition): more words."
        );
        assert_eq!(
            BOOK.paragraphs(text, "ERRATA B4").unwrap(),
            "Errata (1 Jan 2000), Chart [B4]: a chart's fix."
        );
        assert_eq!(
            BOOK.paragraphs(text, "6.1 2A").unwrap(),
            "[6.1] Travel. Steps.\n1. A step."
        );
        assert!(BOOK.paragraphs(text, "7.1.5 ERRATA").is_none());
        assert!(BOOK.paragraphs(text, "9.9").is_none());
    }
}
