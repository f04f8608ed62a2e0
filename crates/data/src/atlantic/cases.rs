//! Atlantic Sentinels' rule case ids, and the citations of them in the data's text.
//!
//! The ids are those of `data/atlantic/rules.json`: the checklist's case numbers (`7.1.3`), the errata of
//! 27 September 2024 under their own ids (`5.2.3 ERRATA` for an item on a case, `ERRATA B4` for an item on
//! a chart), the two summaries the rulebook prints (`Detection Sequence`, `B8`) and the Example of Play
//! (`8.0`). A citation in free text is written as the checklist writes it (`[7.1.3 Important]`,
//! `[6.1 2A]`, `[6.1c]`) and resolves to one of those ids by [`resolve`].

use std::collections::BTreeSet;

/// The two summaries the rulebook prints, cited by name.
const NAMED: &[&str] = &["Detection Sequence", "B8"];

/// `4.1`, `7.1.3`, `12.3`: numbers joined by dots.
fn is_number(id: &str) -> bool {
    let parts: Vec<&str> = id.split('.').collect();
    parts.len() >= 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 2 && p.chars().all(|c| c.is_ascii_digit()))
}

/// Whether `id` has the shape of an Atlantic case id: `N.N[.N]`, `N.N ERRATA`, `ERRATA <chart>`, or one
/// of the printed summaries. Sensuikan's `rules::is_case_id` accepts only the first.
pub fn is_case_id(id: &str) -> bool {
    if let Some(n) = id.strip_suffix(" ERRATA") {
        return is_number(n);
    }
    if let Some(chart) = id.strip_prefix("ERRATA ") {
        return !chart.is_empty()
            && chart
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
    }
    is_number(id) || NAMED.contains(&id)
}

/// The case ids of `rules.json`, which every provenance `case` and every citation must name.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CaseIds(BTreeSet<String>);

impl CaseIds {
    pub fn new(ids: impl IntoIterator<Item = String>) -> Self {
        Self(ids.into_iter().collect())
    }

    pub fn contains(&self, id: &str) -> bool {
        self.0.contains(id)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The case id a citation names, if any: the whole text (`ERRATA B4`, `5.2.3 ERRATA`), else the erratum
/// of a case (`7.1.5 ERRATA, Chart B3` is `7.1.5 ERRATA`), else its first word (`7.1.3 Important` is
/// `7.1.3`), else that word without a trailing lower-case letter (`6.1c` is `6.1`).
pub fn resolve(citation: &str, ids: &CaseIds) -> Option<String> {
    let text = citation.trim();
    if ids.contains(text) {
        return Some(text.to_string());
    }
    let first = text.split_whitespace().next().unwrap_or("");
    let erratum = format!("{first} ERRATA");
    if text.starts_with(&erratum) && ids.contains(&erratum) {
        return Some(erratum);
    }
    if ids.contains(first) {
        return Some(first.to_string());
    }
    let bare = first.trim_end_matches(|c: char| c.is_ascii_lowercase());
    ids.contains(bare).then(|| bare.to_string())
}

/// The bracketed citations of a text: `[…]` whose first word is a case number (`[7.1.3]`, `[6.1 2A]`,
/// `[6.1c]`), an erratum (`[ERRATA B4]`) or a printed summary (`[B8]`). Other brackets are not
/// citations.
pub fn citations(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            break;
        };
        let inside = &after[..close];
        let first = inside.split_whitespace().next().unwrap_or("");
        let numbered = first.starts_with(|c: char| c.is_ascii_digit())
            && is_number(first.trim_end_matches(|c: char| c.is_ascii_lowercase()));
        if numbered || first == "ERRATA" || NAMED.contains(&inside.trim()) {
            found.push(inside);
        }
        rest = &after[close + 1..];
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids() -> CaseIds {
        CaseIds::new(
            [
                "6.1",
                "7.1.3",
                "7.1.5 ERRATA",
                "ERRATA B4",
                "B8",
                "Detection Sequence",
                "8.0",
            ]
            .map(String::from),
        )
    }

    #[test]
    fn case_ids_take_the_errata_and_the_printed_summaries() {
        for id in [
            "4.1",
            "7.1.3",
            "12.3",
            "5.2.3 ERRATA",
            "ERRATA B4",
            "ERRATA T-1B",
            "B8",
            "Detection Sequence",
        ] {
            assert!(is_case_id(id), "{id}");
        }
        for id in ["4", "7.1.3x", "ERRATA", "ERRATA b4", "7.1.3 errata", "B9", ""] {
            assert!(!is_case_id(id), "{id}");
        }
    }

    #[test]
    fn a_citation_resolves_as_the_checklist_writes_it() {
        let ids = ids();
        for (cite, id) in [
            ("7.1.3", "7.1.3"),
            ("7.1.3 Important", "7.1.3"),
            ("6.1 2A", "6.1"),
            ("6.1c", "6.1"),
            ("7.1.5 ERRATA, Chart B3", "7.1.5 ERRATA"),
            ("ERRATA B4", "ERRATA B4"),
            ("Detection Sequence", "Detection Sequence"),
        ] {
            assert_eq!(resolve(cite, &ids).as_deref(), Some(id), "{cite}");
        }
        assert_eq!(resolve("9.9", &ids), None);
        assert_eq!(resolve("ERRATA C7", &ids), None);
    }

    #[test]
    fn only_brackets_that_cite_a_case_are_citations() {
        assert_eq!(
            citations("a [7.1.3] b [6.1 2A] [K-B] [ERRATA B4] [B8] [note] [6.1c]"),
            ["7.1.3", "6.1 2A", "ERRATA B4", "B8", "6.1c"]
        );
        assert!(citations("no brackets, or an open [ one").is_empty());
    }
}
