//! The companion's rule book for the rules reference: our one-line summaries of the expansion's cases
//! (`data/silent_war_ijn/rules.json`), labelled as the checklist labels them (`3.41*`, `3.7 Oyodo`). A
//! base-game case the expansion cites (`[SW19.2]`) is not ours, so it is never a link.

use periscope_data::rule_summaries::RuleSummaries;

use crate::panels::rules_reference::{self, Cited, RuleBook as _, SummaryBook};

/// The book, as the registry and the companion's own screens hand it out: only the cases we summarise,
/// never a base-game case.
pub static BOOK: SummaryBook = SummaryBook {
    id: "silent-war-ijn",
    name: "Silent War: IJN",
    summaries,
    cited: Cited::Summarised,
    steps: false,
    paragraphs: None,
    first_path: false,
};

/// The shipped data, read once (the rule summaries and the names the set-up page shows).
pub use periscope_boards::silent_war_ijn::rules::shipped;

fn summaries() -> Option<&'static RuleSummaries> {
    shipped().map(|d| &d.rules)
}

/// A rule case as a link to the reference: the whole label when it is one of ours (`[3.7 Oyodo]`),
/// else the cases cited in it, else plain text (a base-game case).
pub fn link(ui: &mut egui::Ui, rule: &str) {
    if rule.is_empty() {
        return;
    }
    if BOOK.is_case(rule) {
        rules_reference::case_link(ui, &BOOK, rule);
        return;
    }
    let cases = rules_reference::cited_cases(&BOOK, &format!("[{rule}]"));
    if cases.is_empty() {
        ui.label(egui::RichText::new(format!("[{rule}]")).weak());
    }
    for case in cases {
        rules_reference::case_link(ui, &BOOK, &case);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [3.41*] [3.7 Oyodo] Our labels are cases of the book; a base-game case [SW19.2] is not.
    #[test]
    fn the_books_cases_are_the_checklists_labels() {
        assert!(BOOK.available());
        assert!(BOOK.is_case("3.41*"));
        assert!(BOOK.is_case("3.7 Oyodo"));
        assert!(!BOOK.is_case("SW19.2"));
        assert!(BOOK.get("3.51*").is_some_and(|l| !l.summary.is_empty()));
    }
}
