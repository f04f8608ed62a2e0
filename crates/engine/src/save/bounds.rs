//! A save's text is bounded before it is read: every string in it (the options' commander and hull
//! number, the actions' ids, the summary, `written_by`, the game's id, the rules digest) at most
//! [`MAX_TEXT`] characters, and its nesting at most [`MAX_DEPTH`] deep. A save with a commander megabytes
//! long is refused at once, naming the field, instead of taking a minute and gigabytes to print.

use serde_json::Value;

use super::LoadError;

/// The longest text a save holds legitimately is a name the player typed or the generator made (a
/// commander, a hull number, an escort group's SOE, a ship) or the summary line, well under a hundred
/// characters; 400 leaves room for any script and any player.
pub const MAX_TEXT: usize = 400;

/// The longest name the app lets a player type (a commander, a hull number, an SOE, a table's name): well
/// inside [`MAX_TEXT`], so a save always holds what was typed.
pub const MAX_NAME: usize = 80;

/// A save's options may carry the player's override file whole (a Sensuikan career's
/// `options.overrides.text`), which is bounded as the override file itself is: 4 MiB.
pub const MAX_CARRIED_FILE: usize = 4 << 20;

/// The deepest a save's JSON nests; the saves Periscope writes nest four or five deep.
pub const MAX_DEPTH: usize = 64;

/// Refuses a name given in a game's options (a commander, a hull number, an SOE) longer than
/// [`MAX_TEXT`]: a game is never started with a text its save could not be read back with.
pub fn name_fits(field: &str, text: &str) -> Result<(), crate::refusal::Refused> {
    let n = text.chars().count();
    if n > MAX_TEXT {
        return Err(crate::refusal::Refused::BadOptions(format!(
            "the {field} is {n} characters long; at most {MAX_TEXT}"
        )));
    }
    Ok(())
}

/// Where a string sits in the save, for the message: `options.commander`, `actions[3].ship`.
fn field(path: &[Step<'_>]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&periscope_data::error::bounded(k.to_string(), 40));
            }
            Step::Index(i) => out.push_str(&format!("[{}]", i + 1)),
        }
    }
    out
}

#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The cap of the string at `path`: the override file a career carries, or a line of text.
fn cap(path: &[Step<'_>]) -> usize {
    match path {
        [Step::Key("options"), Step::Key("overrides"), Step::Key("text")] => MAX_CARRIED_FILE,
        _ => MAX_TEXT,
    }
}

/// Refuses a save holding a string longer than its cap, or nesting deeper than [`MAX_DEPTH`]; the
/// message names the field and its length.
pub fn bounded_text(value: &Value) -> Result<(), LoadError> {
    let mut path = Vec::new();
    walk(value, &mut path)
}

fn too_long(path: &[Step<'_>], text: &str) -> Result<(), LoadError> {
    let max = cap(path);
    // Counting characters is linear; a string of fewer bytes than the cap cannot exceed it.
    if text.len() <= max {
        return Ok(());
    }
    let n = text.chars().count();
    if n <= max {
        return Ok(());
    }
    Err(LoadError::Corrupt(format!(
        "its field {} is {n} characters long; at most {max}",
        field(path)
    )))
}

fn walk<'a>(value: &'a Value, path: &mut Vec<Step<'a>>) -> Result<(), LoadError> {
    if path.len() >= MAX_DEPTH {
        return Err(LoadError::Corrupt(format!(
            "it nests deeper than {MAX_DEPTH} levels, at {}",
            field(path)
        )));
    }
    match value {
        Value::String(s) => too_long(path, s),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                walk(item, path)?;
                path.pop();
            }
            Ok(())
        }
        Value::Object(map) => {
            for (key, item) in map {
                path.push(Step::Key(key));
                too_long(path, key).map_err(|_| {
                    LoadError::Corrupt(format!(
                        "a field name in it is {} characters long; at most {MAX_TEXT}",
                        key.chars().count()
                    ))
                })?;
                walk(item, path)?;
                path.pop();
            }
            Ok(())
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::save::peek;

    fn save(options: &str, actions: &str) -> String {
        format!(
            r#"{{"format":"periscope-save","version":1,"game":"sensuikan-career","seed":3,"dice":{{"mode":"seeded"}},
               "options":{options},"actions":{actions}}}"#
        )
    }

    fn refusal(text: &str) -> String {
        match peek(text) {
            Err(e @ LoadError::Corrupt(_)) => e.to_string(),
            other => panic!("not refused as damaged: {other:?}"),
        }
    }

    /// A commander 2 MB long is refused, naming the field and its length; one of [`MAX_TEXT`] characters
    /// (in any script) is read.
    #[test]
    fn a_text_field_longer_than_its_cap_is_refused_naming_it() {
        let long = "W".repeat(2 << 20);
        let e = refusal(&save(&format!(r#"{{"commander":"{long}"}}"#), "[]"));
        assert!(
            e.contains("its field options.commander is 2097152 characters long; at most 400"),
            "{e}"
        );
        assert!(
            e.len() < 300,
            "the message does not quote the field: {} bytes",
            e.len()
        );
        let most = "伊".repeat(MAX_TEXT);
        assert!(peek(&save(&format!(r#"{{"commander":"{most}"}}"#), "[]")).is_ok());
        let one_more = "伊".repeat(MAX_TEXT + 1);
        let e = refusal(&save(&format!(r#"{{"hull_number":"{one_more}"}}"#), "[]"));
        assert!(e.contains("options.hull_number is 401 characters long"), "{e}");
    }

    /// Every part of the save is bounded: the actions, the summary, `written_by`, the game's id, the
    /// rules digest, and the field names themselves.
    #[test]
    fn every_string_of_the_save_is_bounded() {
        let long = "x".repeat(MAX_TEXT + 1);
        let e = refusal(&save(
            "{}",
            &format!(r#"[{{"choose_class":{{"class":"kd6"}}}},"{long}"]"#),
        ));
        assert!(e.contains("its field actions[2] is 401 characters"), "{e}");
        for key in ["summary", "written_by", "rules"] {
            let text = save("{}", "[]").replacen('{', &format!(r#"{{"{key}":"{long}","#), 1);
            assert!(
                refusal(&text).contains(&format!("its field {key} is 401")),
                "{key}"
            );
        }
        let text = save("{}", "[]").replace("sensuikan-career", &long);
        assert!(refusal(&text).contains("its field game is 401"));
        let e = refusal(&save(&format!(r#"{{"{long}":1}}"#), "[]"));
        assert!(e.contains("a field name in it is 401 characters long"), "{e}");
    }

    /// The override file a career carries may be as long as an override file; longer is refused.
    #[test]
    fn the_carried_override_file_has_the_override_files_cap() {
        let text = "a".repeat(100_000);
        let ok = save(
            &format!(r#"{{"overrides":{{"file":"mine.json","text":"{text}"}}}}"#),
            "[]",
        );
        assert!(peek(&ok).is_ok());
        let text = "a".repeat(MAX_CARRIED_FILE + 1);
        let e = refusal(&save(
            &format!(r#"{{"overrides":{{"file":"mine.json","text":"{text}"}}}}"#),
            "[]",
        ));
        assert!(
            e.contains("options.overrides.text is 4194305 characters long; at most 4194304"),
            "{e}"
        );
    }

    /// A name longer than a save may hold is refused when the game is set up; one that fits is taken.
    #[test]
    fn a_name_longer_than_a_save_holds_is_refused_at_entry() {
        assert!(name_fits("commander", &"伊".repeat(MAX_TEXT)).is_ok());
        let e = name_fits("commander", &"W".repeat(MAX_TEXT + 1)).unwrap_err();
        assert_eq!(
            e,
            crate::refusal::Refused::BadOptions("the commander is 401 characters long; at most 400".into())
        );
    }

    /// JSON nested 65 deep is refused; the saves Periscope writes nest a few levels.
    #[test]
    fn deep_nesting_is_refused() {
        let deep = |n: usize| format!("[{}{}]", "[".repeat(n), "]".repeat(n));
        assert!(peek(&save("{}", &deep(MAX_DEPTH - 3))).is_ok());
        let e = refusal(&save("{}", &deep(MAX_DEPTH)));
        assert!(
            e.contains("it nests deeper than 64 levels, at actions[1][1]"),
            "{e}"
        );
    }
}
