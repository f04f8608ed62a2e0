//! A book's example of play as a guided first game (`data/<game>/walkthrough.json`): how the game is set
//! up, the dice the book gives (with ours where it gives none), and for each decision on the example's
//! path the choice it takes, what the rules do there in our own words with the cases cited, what the
//! table should point at, and what each roll the choice sets off is for. Read here and checked; the
//! engine's `walkthrough` plays it on any game, which parses the options and the choices.
//!
//! Nothing here names a game: a game ships its file and reaches it through its own data module.

use serde::Deserialize;

use crate::error::DataError;
use crate::provenance::Provenance;

/// The longest text a walkthrough's field may hold, and the most steps and dice it may have: the file is
/// shipped, but a player's copy is read through the same checks.
const MAX_TEXT: usize = 4_000;
const MAX_STEPS: usize = 500;
const MAX_FACES: usize = 10_000;

/// A walkthrough, checked.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Walkthrough {
    /// Its id, saved with the game (`sensuikan-12.0`).
    pub id: String,
    /// The example's name on the start card and in the Help menu.
    pub title: String,
    /// Where the example is in the book (`Rule 12.0, the Example of Play`).
    pub source: String,
    /// What the player is about to play, before the first decision.
    pub introduction: String,
    /// The cases the introduction cites.
    #[serde(default)]
    pub cases: Vec<String>,
    /// What to point at before the first decision.
    #[serde(default)]
    pub focus: Focus,
    /// The rolls the game makes as it is set up, before the first decision.
    #[serde(default)]
    pub opening: Vec<RollNote>,
    /// The game's seed (its names, and the program's dice once the example is left or when it has none).
    pub seed: u64,
    /// The game's options, as the game's saves write them.
    #[serde(default)]
    pub options: serde_json::Value,
    /// The example's dice, every face in the order the game rolls them; none for a guided game played on
    /// the program's dice from its seed.
    #[serde(default)]
    pub dice: Option<Vec<u8>>,
    /// The decisions on the example's path, in order.
    pub steps: Vec<Step>,
    /// What the player reads once the path is walked, and how the game goes on from there.
    pub ending: String,
    pub provenance: Provenance,
}

/// One decision on the example's path.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The action the example takes, as the game's scripts write it (`attack medium submerged`).
    pub choice: String,
    /// A few words for the step's heading.
    pub title: String,
    /// What the rules do now and why, in our own words.
    pub text: String,
    /// The cases the text applies: links into the rules reference.
    #[serde(default)]
    pub cases: Vec<String>,
    /// What the table points at while the decision waits.
    #[serde(default)]
    pub focus: Focus,
    /// The rolls the choice sets off, in order, each with what it is for; fewer than the rolls made
    /// leaves the rest without a note.
    #[serde(default)]
    pub rolls: Vec<RollNote>,
    /// How the example goes on from here, said when the player takes another choice.
    #[serde(default)]
    pub otherwise: String,
}

/// A roll of the example, as the chart panel will show it: its chart, what it decides, and whether its
/// faces are the book's or ours.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollNote {
    /// The chart it is read on, as the roll records name it (`A2`, `T1`).
    pub chart: String,
    pub text: String,
    /// The book does not give these faces: they are ours, chosen to fit its story.
    #[serde(default)]
    pub ours: bool,
}

/// What the table points at: a board by the name its menu button carries, and a counter by its id or
/// its printed label.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Focus {
    #[serde(default)]
    pub board: Option<String>,
    #[serde(default)]
    pub counter: Option<String>,
    /// How the guide names the counter, when its id is not words (`the Hull marker`).
    #[serde(default)]
    pub name: Option<String>,
}

impl Focus {
    /// The counter as the guide names it.
    pub fn counter_name(&self) -> Option<&str> {
        self.name.as_deref().or(self.counter.as_deref())
    }

    pub fn is_empty(&self) -> bool {
        self.board.is_none() && self.counter.is_none()
    }
}

impl Walkthrough {
    /// Reads and checks a walkthrough file; errors name the file, the step and the field.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        if text.len() > MAX_TEXT * (MAX_STEPS + 4) {
            return Err(DataError::new(
                file,
                "",
                "",
                "the file is too long for a walkthrough",
            ));
        }
        let w: Walkthrough = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        w.check(file)?;
        Ok(w)
    }

    fn check(&self, file: &str) -> Result<(), DataError> {
        let bad = |entry: String, message: String| Err(DataError::new(file, "walkthrough", entry, message));
        for (field, value) in [
            ("id", &self.id),
            ("title", &self.title),
            ("source", &self.source),
            ("introduction", &self.introduction),
            ("ending", &self.ending),
        ] {
            if let Err(e) = text_field(value) {
                return bad(field.into(), e);
            }
        }
        if !self
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c))
        {
            return bad("id".into(), "an id is letters, digits, '-', '.' and '_'".into());
        }
        if let Err(e) = self.provenance.validate() {
            return bad("provenance".into(), e);
        }
        if self.steps.is_empty() || self.steps.len() > MAX_STEPS {
            return bad(
                "steps".into(),
                format!("a walkthrough has 1 to {MAX_STEPS} steps"),
            );
        }
        if let Some(dice) = &self.dice {
            if dice.is_empty() || dice.len() > MAX_FACES {
                return bad("dice".into(), format!("the dice are 1 to {MAX_FACES} faces"));
            }
            if let Some(f) = dice.iter().find(|f| !(0..=20).contains(*f)) {
                return bad("dice".into(), format!("{f} is no die's face"));
            }
        }
        check_cases(&self.cases).or_else(|e| bad("cases".into(), e))?;
        check_notes(&self.opening).or_else(|e| bad("opening".into(), e))?;
        for (i, step) in self.steps.iter().enumerate() {
            let at = format!("step {} ({})", i + 1, step.choice);
            for (field, value) in [
                ("choice", &step.choice),
                ("title", &step.title),
                ("text", &step.text),
            ] {
                if let Err(e) = text_field(value) {
                    return bad(at, format!("{field}: {e}"));
                }
            }
            if step.otherwise.len() > MAX_TEXT {
                return bad(at, "otherwise: too long".into());
            }
            check_cases(&step.cases).or_else(|e| bad(at.clone(), e))?;
            check_notes(&step.rolls).or_else(|e| bad(at.clone(), e))?;
        }
        Ok(())
    }

    /// The step waiting after `taken` actions on the example's path, if the path goes on.
    pub fn step(&self, taken: usize) -> Option<&Step> {
        self.steps.get(taken)
    }

    /// The notes on the rolls of the step reached by `taken` actions: the opening's before the first.
    pub fn roll_notes(&self, taken: usize) -> &[RollNote] {
        match taken.checked_sub(1) {
            None => &self.opening,
            Some(i) => self.steps.get(i).map_or(&[], |s| &s.rolls),
        }
    }
}

/// The note of each roll, by chart: the notes are matched in order to the rolls whose chart they name,
/// skipping rolls without one. Returns a note (or none) per roll, and how many notes found their roll.
pub fn notes_of<'a>(notes: &'a [RollNote], charts: &[&str]) -> (Vec<Option<&'a RollNote>>, usize) {
    let mut next = notes.iter().peekable();
    let mut matched = 0;
    let each = charts
        .iter()
        .map(|chart| {
            let note = next.next_if(|n| n.chart == *chart);
            matched += usize::from(note.is_some());
            note
        })
        .collect();
    (each, matched)
}

fn text_field(value: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        return Err("empty".into());
    }
    if value.len() > MAX_TEXT {
        return Err(format!("longer than {MAX_TEXT} bytes"));
    }
    Ok(())
}

fn check_cases(cases: &[String]) -> Result<(), String> {
    match cases
        .iter()
        .find(|c| c.trim().is_empty() || c.len() > 40 || c.contains(['[', ']']))
    {
        Some(c) => Err(format!("'{c}' is not a case id (written without brackets)")),
        None => Ok(()),
    }
}

fn check_notes(notes: &[RollNote]) -> Result<(), String> {
    for (k, n) in notes.iter().enumerate() {
        if n.chart.trim().is_empty() || n.chart.len() > 40 {
            return Err(format!("roll {}: no chart", k + 1));
        }
        text_field(&n.text).map_err(|e| format!("roll {} ({}): {e}", k + 1, n.chart))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    const SMALL: &str = r#"{
        "id": "toy-1", "title": "A toy", "source": "Rule 1", "introduction": "Play.",
        "seed": 3, "dice": [1, 2],
        "steps": [{"choice": "go", "title": "Go", "text": "Going.", "cases": ["1.1"],
                   "rolls": [{"chart": "A1", "text": "a roll", "ours": true}]}],
        "ending": "Done.",
        "provenance": {"source": "example", "case": "1"}
    }"#;

    #[test]
    fn a_walkthrough_is_read_with_its_steps_and_notes() {
        let w = Walkthrough::parse("toy.json", SMALL).unwrap();
        assert_eq!(w.step(0).map(|s| s.choice.as_str()), Some("go"));
        assert!(w.step(1).is_none());
        assert!(w.roll_notes(0).is_empty(), "no opening rolls");
        assert_eq!(w.roll_notes(1)[0].chart, "A1");
        assert!(w.roll_notes(1)[0].ours);
    }

    /// Notes find their rolls in order, skipping rolls without a note.
    #[test]
    fn notes_are_matched_to_their_rolls_by_chart_in_order() {
        let note = |chart: &str| RollNote {
            chart: chart.into(),
            text: chart.into(),
            ours: false,
        };
        let notes = [note("A"), note("C"), note("A")];
        let (each, matched) = notes_of(&notes, &["A", "B", "C", "C", "A"]);
        let shown: Vec<Option<&str>> = each.iter().map(|n| n.map(|n| n.chart.as_str())).collect();
        assert_eq!(shown, [Some("A"), None, Some("C"), None, Some("A")]);
        assert_eq!(matched, 3);
        let (each, matched) = notes_of(&notes, &["C", "A"]);
        assert!(each[0].is_none(), "the first note waits for an A: the C has none");
        assert_eq!(matched, 1);
    }

    #[test]
    fn a_bad_walkthrough_names_the_step_and_field() {
        let e = Walkthrough::parse("toy.json", &SMALL.replace("\"Going.\"", "\"  \"")).unwrap_err();
        assert_eq!(e.file, "toy.json");
        assert!(e.entry.contains("step 1 (go)"), "{e}");
        assert!(e.message.contains("text"), "{e}");
        let e = Walkthrough::parse("toy.json", &SMALL.replace("\"1.1\"", "\"[1.1]\"")).unwrap_err();
        assert!(e.message.contains("not a case id"), "{e}");
        let e = Walkthrough::parse("toy.json", &SMALL.replace("[1, 2]", "[1, 99]")).unwrap_err();
        assert!(e.message.contains("99"), "{e}");
        let e = Walkthrough::parse("toy.json", &SMALL.replace("\"toy-1\"", "\"a b\"")).unwrap_err();
        assert_eq!(e.entry, "id");
        let e = Walkthrough::parse("toy.json", "{").unwrap_err();
        assert!(e.message.contains("line"), "{e}");
    }
}
