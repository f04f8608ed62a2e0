//! The move log another player can read: every move, flip, stack, note and card step of the history
//! ([`super::history`]) and every roll of the dice tray since the table was opened, in plain words with
//! the local time, oldest first. It is shown in the Moves tab and written beside the table file as text
//! or as a Markdown report with the table's picture (File → Export).
//!
//! The log is read from the history, not kept beside it: a step undone leaves the log, a step redone
//! comes back. The rolls are the table's own (they are never undone); each step remembers how many rolls
//! the table had when it was done, so the two interleave in the order they happened.

use super::history::History;
use super::table::{DiceRoll, FreeCounter, TrackTable};

/// One line of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// When, in seconds since 1970 (`None`: a roll from before the tray kept its time).
    pub at: Option<u64>,
    pub text: String,
}

impl Line {
    /// `2026-12-07 15:30:07 · SUB moved from …`.
    pub fn shown(&self) -> String {
        format!("{} · {}", stamp(self.at), self.text)
    }
}

/// A time in seconds since 1970 as the start screen writes times, to the second, in local time.
pub fn stamp(at: Option<u64>) -> String {
    match at {
        Some(secs) => {
            let day = crate::files::local_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
            format!("{day}:{:02}", secs % 60)
        }
        None => "before the history was kept".into(),
    }
}

/// `rolled 2d6: 4 3 = 7 for B4`.
pub fn roll_words(r: &DiceRoll) -> String {
    if r.label.is_empty() {
        format!("rolled {}", r.describe())
    } else {
        format!("rolled {} for {}", r.describe(), r.label)
    }
}

/// The log: the history's steps done and the rolls from `first_roll` on, in the order they happened.
pub fn lines(history: &History, rolls: &[DiceRoll], first_roll: usize) -> Vec<Line> {
    let mut out = Vec::new();
    let mut next = first_roll;
    let mut roll_up_to = |n: usize, out: &mut Vec<Line>| {
        while next < n.min(rolls.len()) {
            out.push(Line {
                at: rolls[next].at,
                text: roll_words(&rolls[next]),
            });
            next += 1;
        }
    };
    for step in history.steps() {
        roll_up_to(step.rolls, &mut out);
        out.push(Line {
            at: Some(step.at),
            text: step.what.clone(),
        });
    }
    roll_up_to(rolls.len(), &mut out);
    out
}

/// The log as plain text, one line each, under the table's name.
pub fn text(name: &str, lines: &[Line]) -> String {
    let mut s = format!("Move log of {name}\n\n");
    if lines.is_empty() {
        s.push_str("No move yet since the table was opened.\n");
    }
    for l in lines {
        s.push_str(&l.shown());
        s.push('\n');
    }
    s
}

/// The player's words inside a line of Markdown: the print crate's escaping ([`periscope_print::md_text`]),
/// a note's line breaks read as spaces (a log line is one line).
fn md_words(text: &str) -> String {
    periscope_print::md_text(&text.replace(['\n', '\r', '\t'], " "))
}

/// A line of the player's text as it starts a Markdown line: escaped, and its start not read as a
/// list (`- `, `+ `, `1. `).
fn md_line(text: &str) -> String {
    let s = md_words(text);
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if s.starts_with(['-', '+']) {
        format!("\\{s}")
    } else if digits > 0 && s[digits..].starts_with(['.', ')']) {
        format!("{}\\{}", &s[..digits], &s[digits..])
    } else {
        s
    }
}

/// The Markdown report of a table: its name, its picture (`picture`, a file beside the report, when
/// there is one), the counters the player marked or wrote a note on, its notes and its move log. Every
/// text the player wrote is escaped.
pub fn markdown(name: &str, table: &TrackTable, picture: Option<&str>, lines: &[Line]) -> String {
    let mut s = format!("# {}\n\n", md_words(name));
    if let Some(file) = picture {
        s.push_str(&format!("![The table]({})\n\n", file.replace(' ', "%20")));
    }
    let noted: Vec<&FreeCounter> = table
        .counters
        .iter()
        .filter(|c| !c.note.is_empty() || !c.tint.is_none())
        .collect();
    if !noted.is_empty() {
        s.push_str("## Counters marked or noted\n\n");
        for c in noted {
            let mut line = format!("- **{}**", md_words(&super::scene::name_of(c)));
            if !c.tint.is_none() {
                line.push_str(&format!(" ({})", c.tint.name()));
            }
            if !c.note.is_empty() {
                line.push_str(&format!(": {}", md_words(&c.note)));
            }
            s.push_str(&line);
            s.push('\n');
        }
        s.push('\n');
    }
    if !table.notes.trim().is_empty() {
        s.push_str("## Notes\n\n");
        for l in table.notes.lines() {
            s.push_str(&format!("> {}\n", md_line(l)));
        }
        s.push('\n');
    }
    s.push_str("## Move log\n\n");
    if lines.is_empty() {
        s.push_str("No move yet since the table was opened.\n");
    }
    for (i, l) in lines.iter().enumerate() {
        s.push_str(&format!("{}. {} · {}\n", i + 1, stamp(l.at), md_words(&l.text)));
    }
    s
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use crate::track::history::Part;
    use periscope_engine::Dice;

    fn roll(label: &str) -> DiceRoll {
        DiceRoll {
            dice: Some(Dice::D2D6),
            faces: vec![4, 3],
            label: label.into(),
            at: Some(0),
        }
    }

    #[test]
    fn steps_and_rolls_interleave_as_they_happened_and_undo_takes_a_step_out() {
        let mut t = TrackTable::empty("hunt");
        let mut h = History::default();
        h.record_step("A moved", Part::Counters(Vec::new()), vec![1], 0);
        h.record_step("B moved", Part::Counters(Vec::new()), vec![2], 1);
        let rolls = [roll("B4"), roll("")];
        let words: Vec<String> = lines(&h, &rolls, 0).into_iter().map(|l| l.text).collect();
        assert_eq!(
            words,
            [
                "A moved",
                "rolled 2d6: 4 3 = 7 for B4",
                "B moved",
                "rolled 2d6: 4 3 = 7"
            ]
        );
        assert_eq!(
            lines(&h, &rolls, 2).len(),
            2,
            "the rolls before the table was opened are left out"
        );
        h.undo(&mut t);
        let words: Vec<String> = lines(&h, &rolls, 0).into_iter().map(|l| l.text).collect();
        assert_eq!(
            words,
            ["A moved", "rolled 2d6: 4 3 = 7 for B4", "rolled 2d6: 4 3 = 7"]
        );
    }

    #[test]
    fn the_players_words_are_escaped_in_markdown() {
        assert_eq!(
            md_words("*bold* [x](y) <b>\nnext"),
            "\\*bold\\* \\[x\\](y) \\<b\\> next"
        );
        assert_eq!(md_line("- not a list"), "\\- not a list");
        assert_eq!(md_line("12. not a list"), "12\\. not a list");
        let mut t = TrackTable::empty("hunt");
        let mut c = crate::track::counter_at(
            "SUB",
            crate::theme::Side::Submarine,
            crate::widgets::counter::Symbol::Submarine,
            egui::pos2(1.0, 1.0),
        );
        c.note = "![x](http://a) # hit".into();
        t.counters.push(c);
        let md = markdown("My [table]", &t, Some("my table.png"), &[]);
        assert!(md.starts_with("# My \\[table\\]\n"), "{md}");
        assert!(md.contains("![The table](my%20table.png)"), "{md}");
        assert!(md.contains("- **SUB**: \\!\\[x\\](http://a) \\# hit"), "{md}");
    }
}
