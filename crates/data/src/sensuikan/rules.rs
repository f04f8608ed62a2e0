//! Periscope's own one-line summaries of the Sensuikan rule cases (`data/sensuikan/rules.json`), for the
//! app's rules reference. Our words, never the rulebook's: the player may point Periscope at their own copy
//! of the rulebook to read the printed paragraphs beside them.

use crate::DataError;
use crate::rule_summaries::CaseShape;
pub use crate::rule_summaries::{RuleCase, RuleSummaries};

/// The shipped file, embedded so the app needs no data folder.
pub const SHIPPED_RULES: &str = include_str!("../../../../data/sensuikan/rules.json");
const SHIPPED_NAME: &str = "data/sensuikan/rules.json";

/// Whether a case id has the rulebook's shape: numbers joined by dots, perhaps one capital letter after
/// (`4.1`, `8.5.9.1`, `6.2.1A`).
pub fn is_case_id(id: &str) -> bool {
    let body = id.strip_suffix(|c: char| c.is_ascii_uppercase()).unwrap_or(id);
    let parts: Vec<&str> = body.split('.').collect();
    parts.len() >= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 2 && p.chars().all(|c| c.is_ascii_digit()))
}

/// Sensuikan's case ids, for the shared loader.
pub const SHAPE: CaseShape = CaseShape {
    is_case: is_case_id,
    like: "4.1 or 6.2.1A",
};

/// The summaries as shipped (checked by a test, so this cannot fail in a release).
pub fn shipped() -> Result<RuleSummaries, DataError> {
    parse(SHIPPED_NAME, SHIPPED_RULES)
}

/// Parses and validates a summaries file; `file` names it in the first error.
pub fn parse(file: &str, text: &str) -> Result<RuleSummaries, DataError> {
    RuleSummaries::read(file, text, &SHAPE).map_err(|mut e| e.swap_remove(0))
}

/// The paragraph(s) of the player's own rulebook text for a case: from the line that starts with the case
/// id (`8.2.6 ` or `[8.2.6]`) up to the next line that starts another case id or a blank line after text.
/// Periscope ships no rulebook text; this reads only the file the player chose.
pub fn rulebook_paragraphs(text: &str, case: &str) -> Option<String> {
    crate::rule_summaries::numbered_paragraphs(text, case, is_case_id)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    const CHECKLIST_CASES: [&str; 8] = [
        "4.1", "4.7.1", "5.2.2", "6.2.1A", "8.2.6", "8.5.9.1", "11.1", "11.8",
    ];

    #[test]
    fn shipped_summaries_validate_and_cover_the_checklist_cases() {
        let rules = shipped().unwrap();
        assert!(rules.all().len() >= 170, "one line per checklist case");
        for id in CHECKLIST_CASES {
            let c = rules.get(id).unwrap_or_else(|| panic!("no summary for [{id}]"));
            assert!(!c.summary.is_empty());
        }
        assert_eq!(rules.get("4.7.1").unwrap().title, "First base");
    }

    #[test]
    fn a_bad_entry_is_named_with_its_file() {
        let twice = r#"{"about":"x","cases":[{"case":"4.1","title":"a","summary":"b"},
            {"case":"4.1","title":"c","summary":"d"}]}"#;
        let e = parse("my.json", twice).unwrap_err();
        assert_eq!((e.file.as_str(), e.entry.as_str()), ("my.json", "case 2 (4.1)"));
        assert!(e.message.contains("twice"));
        let bad = r#"{"about":"x","cases":[{"case":"four","title":"a","summary":"b"}]}"#;
        let e = parse("my.json", bad).unwrap_err();
        assert_eq!(e.entry, "case 1 (four)");
        let empty = r#"{"about":"x","cases":[{"case":"4.1","title":"a","summary":" "}]}"#;
        assert!(parse("my.json", empty).is_err());
    }

    #[test]
    fn search_finds_by_id_title_and_words() {
        let rules = shipped().unwrap();
        assert!(rules.search("11.7").iter().any(|c| c.case == "11.7"));
        assert!(rules.search("yokosuka").iter().any(|c| c.case == "4.7.1"));
        assert_eq!(rules.search("").len(), rules.all().len());
    }

    #[test]
    fn the_players_rulebook_paragraph_is_found_by_case_id() {
        let text = "4.7 BASES\nsome words\n4.7.1 First line of the case.\ncontinued here.\n\
                    4.7.2 Another case.\n";
        assert_eq!(
            rulebook_paragraphs(text, "4.7.1").unwrap(),
            "4.7.1 First line of the case.\ncontinued here."
        );
        assert_eq!(rulebook_paragraphs(text, "4.7").unwrap(), "4.7 BASES\nsome words");
        assert!(rulebook_paragraphs(text, "9.9").is_none());
        // "4.7.1" is not found by "4.7" alone.
        assert!(rulebook_paragraphs("4.7.1 x\n", "4.7").is_none());
    }
}
