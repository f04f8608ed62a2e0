//! Submarine Hunt's rule book for the rules reference: our one-line summaries (`data/hunt/summaries.json`)
//! of each rule of the rules' sections, cited as the checklist numbers them (`[Modes.1]`, `[Each Turn.3]`:
//! the section's heading and the rule's place in it, the rules printing no case numbers), and the section
//! of the player's own rules text beside them.

use std::sync::OnceLock;

use periscope_data::rule_summaries::{CaseShape, RuleSummaries, headed_section};

use crate::panels::rules_reference::{Cited, SummaryBook};

/// The shipped file, embedded so the app needs no data folder.
const SHIPPED: &str = include_str!("../../../../data/hunt/summaries.json");
const SHIPPED_NAME: &str = "data/hunt/summaries.json";

/// The sections of the rules, as the checklist names them, with the heading the rules print for each.
const SECTIONS: [(&str, &str); 9] = [
    ("Objective", "Objective"),
    ("Each Turn", "Each Turn"),
    ("Modes", "Cruising Modes"),
    ("Hunt", "The Hunt"),
    ("Attacking", "Attacking"),
    ("Ships", "Ships"),
    ("Enemy", "Enemy Detection & Attack"),
    ("Return", "Returning to Base"),
    ("Winning", "Winning"),
];

/// Whether an id is a rule of a section: `Modes.1`, `Each Turn.3`.
pub fn is_case_id(id: &str) -> bool {
    id.rsplit_once('.').is_some_and(|(section, n)| {
        SECTIONS.iter().any(|(s, _)| *s == section) && !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
    })
}

const SHAPE: CaseShape = CaseShape {
    is_case: is_case_id,
    like: "Modes.1 or Each Turn.3",
};

/// The book, as the registry and the Hunt screens hand it out: the rules we summarise are links.
pub static BOOK: SummaryBook = SummaryBook {
    id: "hunt",
    name: "Submarine Hunt",
    summaries,
    cited: Cited::Summarised,
    steps: false,
    paragraphs: Some(rulebook_section),
    first_path: false,
};

/// The shipped summaries, read once (`None` if the file could not be read, which a test rules out).
pub fn summaries() -> Option<&'static RuleSummaries> {
    static RULES: OnceLock<Option<RuleSummaries>> = OnceLock::new();
    RULES
        .get_or_init(|| RuleSummaries::read(SHIPPED_NAME, SHIPPED, &SHAPE).ok())
        .as_ref()
}

/// The section of the player's rules text a rule belongs to: `Modes.1` reads the Cruising Modes section.
pub fn rulebook_section(text: &str, case: &str) -> Option<String> {
    let (section, _) = case.rsplit_once('.')?;
    let heading = SECTIONS.iter().find(|(s, _)| *s == section)?.1;
    let headings: Vec<&str> = SECTIONS.iter().map(|(_, h)| *h).collect();
    headed_section(text, heading, &headings)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::panels::rules_reference::{RuleBook as _, cited_cases};

    /// Every rule of the checklist has a summary: the five of [Objective], four of [Each Turn], three of
    /// [Modes], six of [Hunt], six of [Attacking], five of [Ships], six of [Enemy], four of [Return] and
    /// [Winning.1].
    #[test]
    fn every_rule_of_the_checklist_is_summarised() {
        let rules = RuleSummaries::read(SHIPPED_NAME, SHIPPED, &SHAPE).expect("the shipped file reads");
        let counts = [
            ("Objective", 5),
            ("Each Turn", 4),
            ("Modes", 3),
            ("Hunt", 6),
            ("Attacking", 6),
            ("Ships", 5),
            ("Enemy", 6),
            ("Return", 4),
            ("Winning", 1),
        ];
        for (section, n) in counts {
            for i in 1..=n {
                let id = format!("{section}.{i}");
                assert!(rules.get(&id).is_some(), "no summary of [{id}]");
            }
            assert!(rules.get(&format!("{section}.{}", n + 1)).is_none());
        }
        assert_eq!(rules.all().len(), 40);
        assert!(!is_case_id("Modes.x") && !is_case_id("Sonar.1") && !is_case_id("7.1"));
    }

    /// A citation with a space in its heading is one link; the decision's "[Each Turn.1]" opens it.
    #[test]
    fn citations_with_spaces_open_their_summary() {
        assert_eq!(
            cited_cases(&BOOK, "[Each Turn.1] and [Modes.3, Enemy.4] [Hunt]"),
            vec!["Each Turn.1", "Modes.3", "Enemy.4"]
        );
        assert_eq!(BOOK.get("Ships.3").unwrap().title, "Destroyer");
    }

    /// The player's rules text is read section by section.
    #[test]
    fn the_players_text_is_read_by_section() {
        let text = "Title\n\nCruising Modes\n\nSurface and diving.\n\nThe Hunt\n\nRoll.\n";
        assert_eq!(
            BOOK.paragraphs(text, "Modes.2").unwrap(),
            "Cruising Modes\nSurface and diving."
        );
        assert_eq!(BOOK.paragraphs(text, "Hunt.6").unwrap(), "The Hunt\nRoll.");
        assert!(BOOK.paragraphs(text, "Winning.1").is_none());
    }
}
