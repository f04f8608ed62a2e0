//! Our one-line summaries of a rulebook's cases (`data/<game>/rules.json`), for the rules reference: one
//! loader for every game. Our words, never the rulebook's. A game says only what its case ids look like
//! ([`CaseShape`]); reading, validating, looking up and searching are the same for all.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::DataError;

/// What a game's case ids look like, for validating a summaries file.
#[derive(Debug, Clone, Copy)]
pub struct CaseShape {
    /// Whether a case id has the game's shape.
    pub is_case: fn(&str) -> bool,
    /// Examples for the error message (`4.1 or 6.2.1A`).
    pub like: &'static str,
}

/// One rule case: its id as the game's rulebook or checklist writes it, a short title and our summary.
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

/// The validated summaries, in the file's order, looked up by case id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSummaries {
    cases: Vec<RuleCase>,
    index: BTreeMap<String, usize>,
}

/// The longest summary, in characters: one line of the reference.
const LONGEST: usize = 160;

impl RuleSummaries {
    /// Parses and validates a summaries file; every bad entry is reported, named by its row and case.
    pub fn read(file: &str, text: &str, shape: &CaseShape) -> Result<Self, Vec<DataError>> {
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
            if !(shape.is_case)(&c.case) {
                err(format!("'{}' is not a case id like {}", c.case, shape.like));
            }
            if c.title.trim().is_empty() || c.summary.trim().is_empty() {
                err("the title and the summary must not be empty".into());
            }
            if c.summary.contains('\n') || c.summary.chars().count() > LONGEST {
                err(format!(
                    "the summary must be one line of at most {LONGEST} characters"
                ));
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

    /// Every case, in the file's (rulebook) order.
    pub fn all(&self) -> &[RuleCase] {
        &self.cases
    }

    /// The cases whose id starts with the text, or whose title or summary contains it (case-insensitive);
    /// all for an empty text.
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

/// The most of a case's paragraphs the reference shows, in bytes: a printed case is a few hundred; a
/// damaged or hostile file can make one "paragraph" of the whole file, which would cost gigabytes to lay
/// out on the screen.
pub const PARAGRAPH_BYTES: usize = 20_000;

/// Collects a case's lines (each trimmed at its end) up to [`PARAGRAPH_BYTES`], then says the rest was
/// cut.
struct Paragraph<'a> {
    lines: Vec<&'a str>,
    bytes: usize,
    cut: bool,
}

impl<'a> Paragraph<'a> {
    fn new(first: &'a str) -> Self {
        let mut p = Self {
            lines: Vec::new(),
            bytes: 0,
            cut: false,
        };
        p.push(first);
        p
    }

    fn push(&mut self, line: &'a str) {
        if self.cut {
            return;
        }
        if self.bytes + line.len() > PARAGRAPH_BYTES {
            let mut end = PARAGRAPH_BYTES.saturating_sub(self.bytes).min(line.len());
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            self.lines.push(&line[..end]);
            self.cut = true;
            return;
        }
        self.bytes += line.len() + 1;
        self.lines.push(line);
    }

    fn text(self) -> String {
        let mut out = self.lines.join("\n");
        if self.cut {
            out.push_str(&format!(
                "… (cut here: Periscope shows at most {PARAGRAPH_BYTES} bytes of a case)"
            ));
        }
        out
    }
}

/// The paragraph(s) of the player's own rulebook text for a case of a numbered rulebook: from the line
/// that starts with the case id (`7.1.3 ` or `[7.1.3]`) up to the next line that starts another case id
/// (`is_case` says which ids are) or a blank line after text, at most [`PARAGRAPH_BYTES`] of it. The
/// text is walked line by line once, never copied whole. Periscope ships no rulebook text; this reads
/// only the file the player chose.
pub fn numbered_paragraphs(text: &str, case: &str, is_case: fn(&str) -> bool) -> Option<String> {
    let starts_case = |line: &str, id: &str| {
        let l = line.trim_start().trim_start_matches('[');
        l.strip_prefix(id)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ']', '\t', ':', ')']))
    };
    let mut lines = text.lines();
    let first = lines.by_ref().find(|l| starts_case(l, case))?;
    let mut out = Paragraph::new(first.trim_end());
    for line in lines {
        let head = line
            .trim_start()
            .trim_start_matches('[')
            .split([' ', ']', '\t'])
            .next()
            .unwrap_or("");
        let next_id = head.trim_end_matches(['.', ':', ')']);
        if is_case(next_id) || (line.trim().is_empty() && out.lines.len() > 1) || out.cut {
            break;
        }
        if !line.trim().is_empty() {
            out.push(line.trim_end());
        }
    }
    Some(out.text())
}

/// The section of the player's own rulebook text under a heading line (one of `headings`, matched whole
/// and ignoring case), up to the next such heading, at most [`PARAGRAPH_BYTES`] of it: for a rulebook
/// that prints headings, not numbers.
pub fn headed_section(text: &str, heading: &str, headings: &[&str]) -> Option<String> {
    let is_heading = |line: &str, h: &str| line.trim().eq_ignore_ascii_case(h);
    let mut lines = text.lines();
    let first = lines.by_ref().find(|l| is_heading(l, heading))?;
    let mut out = Paragraph::new(first.trim());
    for line in lines {
        if headings.iter().any(|h| is_heading(line, h)) || out.cut {
            break;
        }
        if !line.trim().is_empty() {
            out.push(line.trim_end());
        }
    }
    Some(out.text())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    const DOTTED: CaseShape = CaseShape {
        is_case: |id| id.split('.').count() >= 2 && id.split('.').all(|p| p.parse::<u8>().is_ok()),
        like: "4.1",
    };

    #[test]
    fn every_bad_entry_is_named_by_row_and_case() {
        let text = r#"{"about":"x","cases":[{"case":"4.1","title":"a","summary":"b"},
            {"case":"4.1","title":"c","summary":"d"}, {"case":"seven","title":"","summary":"f"}]}"#;
        let errors: Vec<String> = RuleSummaries::read("my.json", text, &DOTTED)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            errors,
            [
                "my.json, chart cases, entry case 2 (4.1): this case appears twice",
                "my.json, chart cases, entry case 3 (seven): 'seven' is not a case id like 4.1",
                "my.json, chart cases, entry case 3 (seven): the title and the summary must not be empty",
            ]
        );
        let long = format!(
            r#"{{"about":"x","cases":[{{"case":"4.1","title":"a","summary":"{}"}}]}}"#,
            "w".repeat(161)
        );
        assert!(RuleSummaries::read("my.json", &long, &DOTTED).is_err());
        let fits = long.replace(&"w".repeat(161), &"w".repeat(160));
        assert!(RuleSummaries::read("my.json", &fits, &DOTTED).is_ok());
        assert!(RuleSummaries::read("my.json", r#"{"about":"x","cases":[]}"#, &DOTTED).is_err());
    }

    #[test]
    fn a_numbered_paragraph_runs_to_the_next_case() {
        let is_case = DOTTED.is_case;
        let text = "[7.1] GENERAL\n[7.1.3] Wolfpacks come.\nMore of it.\nErrata: 7.1.3 also this.\n\
                    [7.1.4] Next.\n";
        assert_eq!(
            numbered_paragraphs(text, "7.1.3", is_case).unwrap(),
            "[7.1.3] Wolfpacks come.\nMore of it.\nErrata: 7.1.3 also this."
        );
        assert_eq!(
            numbered_paragraphs(text, "7.1", is_case).unwrap(),
            "[7.1] GENERAL"
        );
        assert!(numbered_paragraphs(text, "7.2", is_case).is_none());
        assert!(numbered_paragraphs("7.1.3 x\n", "7.1", is_case).is_none());
    }

    /// A "case" that runs on for megabytes (a damaged or hostile rulebook file) is cut at
    /// PARAGRAPH_BYTES, saying so, rather than handed whole to the screen.
    #[test]
    fn a_case_that_runs_on_for_megabytes_is_cut() {
        let is_case = DOTTED.is_case;
        let long = format!("1.0 The start\n{}\n2.0 Next\n", "word ".repeat(400_000));
        let p = numbered_paragraphs(&long, "1.0", is_case).unwrap();
        assert!(p.len() < PARAGRAPH_BYTES + 200, "{}", p.len());
        assert!(p.starts_with("1.0 The start\nword word"));
        assert!(p.ends_with("bytes of a case)"), "{}", &p[p.len() - 80..]);
        let many = format!(
            "1.0 The start\n{}2.0 Next\n",
            "a line of the case\n".repeat(100_000)
        );
        let p = numbered_paragraphs(&many, "1.0", is_case).unwrap();
        assert!(p.len() < PARAGRAPH_BYTES + 200);
        let short = numbered_paragraphs("1.0 The start\nmore\n2.0 Next\n", "1.0", is_case).unwrap();
        assert_eq!(short, "1.0 The start\nmore");
        let headed = format!("Setup\n{}\nEnd\n", "é".repeat(50_000));
        let h = headed_section(&headed, "Setup", &["Setup", "End"]).unwrap();
        assert!(h.len() < PARAGRAPH_BYTES + 200 && h.ends_with("bytes of a case)"));
    }

    #[test]
    fn a_headed_section_runs_to_the_next_heading() {
        let text = "Title\n\nObjective\n\nWin it.\n\nThe Hunt\n\nRoll.\nTurn.\n\nWinning\nHome.\n";
        let headings = ["Objective", "The Hunt", "Winning"];
        assert_eq!(
            headed_section(text, "The Hunt", &headings).unwrap(),
            "The Hunt\nRoll.\nTurn."
        );
        assert_eq!(
            headed_section(text, "objective", &headings).unwrap(),
            "Objective\nWin it."
        );
        assert_eq!(
            headed_section(text, "Winning", &headings).unwrap(),
            "Winning\nHome."
        );
        assert!(headed_section(text, "Ships", &headings).is_none());
    }

    #[test]
    fn cases_are_found_by_id_and_searched_by_words() {
        let text = r#"{"about":"x","cases":[{"case":"4.1","title":"Bases","summary":"Where boats refit"},
            {"case":"4.10","title":"Patrols","summary":"Out and back"}]}"#;
        let rules = RuleSummaries::read("my.json", text, &DOTTED).unwrap();
        assert_eq!(rules.get("4.10").unwrap().title, "Patrols");
        assert!(rules.get("4.2").is_none());
        let ids = |found: Vec<&RuleCase>| found.iter().map(|c| c.case.clone()).collect::<Vec<_>>();
        assert_eq!(ids(rules.search("4.1")), ["4.1", "4.10"]);
        assert_eq!(ids(rules.search("REFIT")), ["4.1"]);
        assert_eq!(rules.search("  ").len(), 2);
    }
}
