//! The hall of fame on disk: `hall-of-fame.jsonl` in the data folder, one finished career per line
//! (`periscope_data::hall` reads and writes the lines), and each career's save copied to
//! `careers/<id>.json` beside it. A career is appended once, as one whole line followed by a newline and
//! flushed to disk; if the file's last line was torn by a crash, a newline goes first so the new line is
//! never glued to the torn one. The copy of the save is written atomically before the line that points
//! to it.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use periscope_data::hall::{self, Entry, LineError, Outcome};
use periscope_engine::{DiceMode, Game, Session};
use serde::Serialize;

use crate::storage::Storage;

/// What the hall of fame reads of a game: its line once it is finished and where it stands in a line.
/// Every table game has both (`table::TableGame` gives them), so the hall needs nothing above it.
pub trait HallGame: Game {
    /// The game's line once it is finished; `None` while it goes on.
    fn hall_line(&self) -> Option<Entry>;
    /// Where the game stands, for the save copied beside the line.
    fn standing(&self) -> Option<String>;
}

/// The hall of fame as read from disk.
#[derive(Debug, Clone, Default)]
pub struct Hall {
    pub entries: Vec<Entry>,
    /// The lines that could not be read, each skipped.
    pub errors: Vec<LineError>,
    /// Why the file could not be read at all (it is there but unreadable).
    pub unreadable: Option<String>,
    /// The file, for the messages.
    pub path: PathBuf,
}

impl Hall {
    /// Where a career's save is kept.
    pub fn save_of(&self, entry: &Entry) -> Option<PathBuf> {
        let relative = Path::new(&entry.save);
        if entry.save.is_empty() || relative.is_absolute() || entry.save.contains("..") {
            return None;
        }
        self.path.parent().map(|dir| dir.join(relative))
    }
}

/// Reads the hall of fame; a missing file is an empty hall.
pub fn read(storage: &Storage) -> Hall {
    let path = storage.hall_of_fame();
    let mut hall = Hall {
        path: path.clone(),
        ..Hall::default()
    };
    match periscope_data::bounded::read_bytes(&path, periscope_data::bounded::HALL) {
        Ok(bytes) => {
            let (entries, errors) = hall::parse_bytes(&bytes);
            hall.entries = entries;
            hall.errors = errors;
        }
        Err(e) if e.is_missing() => {}
        Err(e) => hall.unreadable = Some(e.to_string()),
    }
    hall
}

/// Records a finished career with its save, unless the hall holds its id already; true when it was
/// added.
pub fn record(storage: &Storage, mut entry: Entry, save_text: &str) -> Result<bool, String> {
    let path = storage.hall_of_fame();
    let hall = read(storage);
    if let Some(e) = hall.unreadable {
        return Err(e);
    }
    if hall.entries.iter().any(|e| e.id == entry.id) {
        return Ok(false);
    }
    let stem = hall::file_stem(&entry.id);
    let save = storage.careers_dir().join(format!("{stem}.json"));
    Storage::write(&save, save_text)?;
    entry.save = format!("careers/{stem}.json");
    let line = entry.to_line()?;
    append_line(&path, &line).map_err(|e| format!("Could not add to {}: {e}", path.display()))?;
    Ok(true)
}

/// Appends one line and flushes it to disk: a newline first when the file does not end with one.
fn append_line(path: &Path, line: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // Only a regular file is appended to: opening a FIFO would block the app.
    if let Some(e) = periscope_data::bounded::refused_entry(path) {
        return Err(std::io::Error::other(e.to_string()));
    }
    let torn = match std::fs::File::open(path) {
        Ok(mut f) => {
            let len = f.metadata()?.len();
            if len == 0 {
                false
            } else {
                f.seek(SeekFrom::End(-1))?;
                let mut last = [0u8; 1];
                f.read_exact(&mut last)?;
                last[0] != b'\n'
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(e),
    };
    let mut text = String::with_capacity(line.len() + 2);
    if torn {
        text.push('\n');
    }
    text.push_str(line);
    text.push('\n');
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()
}

/// The line of a game as its `hall.rs` starts it: what it came to, the rest empty for the game to fill
/// and for [`record_finished`] to complete.
pub fn blank(level: impl Into<String>, rank: u32, tonnage: u64, survived: bool) -> Entry {
    Entry {
        v: hall::VERSION,
        id: String::new(),
        finished: String::new(),
        game: String::new(),
        game_name: String::new(),
        class: String::new(),
        commander: String::new(),
        dice: String::new(),
        tutorial: false,
        options: Vec::new(),
        started: String::new(),
        result: Outcome {
            level: level.into(),
            rank,
        },
        tonnage,
        counts: hall::Counts::Sunk,
        decorations: Vec::new(),
        months: None,
        sorties: 0,
        sortie: String::new(),
        survived,
        cause: String::new(),
        by_year: Vec::new(),
        save: String::new(),
    }
}

/// The options that are on, in words: every `true` switch of the options as written in a save
/// (`standard_tonnage` → `standard tonnage`), nested ones too.
pub fn options_in_words(options: &impl Serialize) -> Vec<String> {
    fn walk(value: &serde_json::Value, out: &mut Vec<String>) {
        if let serde_json::Value::Object(map) = value {
            for (key, v) in map {
                match v {
                    serde_json::Value::Bool(true) => out.push(key.replace('_', " ")),
                    serde_json::Value::Object(_) => walk(v, out),
                    _ => {}
                }
            }
        }
    }
    let mut out = Vec::new();
    if let Ok(value) = serde_json::to_value(options) {
        walk(&value, &mut out);
    }
    out.sort();
    out
}

/// The dice in a word.
pub fn dice_words(dice: &DiceMode) -> &'static str {
    match dice {
        DiceMode::Seeded => "digital",
        DiceMode::Physical => "physical",
        DiceMode::Scripted { .. } => "scripted",
        DiceMode::ScriptedThenSeeded { .. } => "scripted, then digital",
    }
}

/// Records the game of a session in the hall of fame if it has just finished (as it will stand once the
/// rolls still being shown are made): its game's line, with the id, the date, the dice and the save
/// filled in. Recording the same game again changes nothing. True when a line was added.
pub fn record_finished<G: HallGame>(session: &Session<G>, storage: &Storage) -> Result<bool, String> {
    let game = session.settled_game();
    let Some(mut entry) = game.hall_line() else {
        return Ok(false);
    };
    let save = session
        .to_save()
        .map_err(|e| format!("The hall of fame could not take this game: {e}"))?;
    let played = serde_json::to_vec(&(&save.options, &save.actions, &save.dice)).unwrap_or_default();
    entry.v = hall::VERSION;
    entry.id = hall::career_id(G::ID, session.seed(), save.actions.len(), hall::digest(&played));
    entry.finished = crate::files::stamp(SystemTime::now());
    entry.game = G::ID.to_string();
    entry.game_name = <G as Game>::NAME.to_string();
    entry.dice = dice_words(session.dice_mode()).to_string();
    entry.tutorial = session.tutorial().is_some();
    let text = session
        .to_json_with_summary(game.standing())
        .map_err(|e| format!("The hall of fame could not take this game: {e}"))?;
    record(storage, entry, &text).map_err(|e| format!("The hall of fame could not be written: {e}"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn storage(name: &str) -> Storage {
        let dir = std::env::temp_dir().join(format!("periscope-hall-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Storage::at(dir)
    }

    fn entry(id: &str) -> Entry {
        let mut e = blank("Won", 1, 55, true);
        e.id = id.into();
        e.game = "hunt".into();
        e.finished = "2026-12-01 15:30".into();
        e
    }

    #[test]
    fn a_career_is_recorded_once_with_its_save() {
        let s = storage("once");
        assert!(record(&s, entry("a"), "{\"save\":1}").unwrap());
        assert!(
            !record(&s, entry("a"), "{\"save\":2}").unwrap(),
            "the same id twice"
        );
        let hall = read(&s);
        assert_eq!(hall.entries.len(), 1);
        let save = hall.save_of(&hall.entries[0]).unwrap();
        assert_eq!(std::fs::read_to_string(save).unwrap(), "{\"save\":1}");
    }

    #[test]
    fn a_torn_last_line_never_swallows_the_next() {
        let s = storage("torn");
        record(&s, entry("a"), "{}").unwrap();
        let path = s.hall_of_fame();
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("{\"v\":1,\"id\":\"torn\",\"fin");
        std::fs::write(&path, text).unwrap();
        record(&s, entry("b"), "{}").unwrap();
        let hall = read(&s);
        let ids: Vec<&str> = hall.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(hall.errors.len(), 1);
        assert_eq!(hall.errors[0].line, 2);
    }

    #[test]
    fn a_save_path_outside_the_folder_is_not_followed() {
        let hall = Hall {
            path: PathBuf::from("/data/hall-of-fame.jsonl"),
            ..Hall::default()
        };
        let mut e = entry("x");
        e.save = "../../etc/passwd".into();
        assert!(hall.save_of(&e).is_none());
        e.save = "/etc/passwd".into();
        assert!(hall.save_of(&e).is_none());
        e.save = "careers/x.json".into();
        assert_eq!(hall.save_of(&e).unwrap(), PathBuf::from("/data/careers/x.json"));
    }

    #[test]
    fn options_in_words_lists_the_switches_that_are_on() {
        #[derive(Serialize)]
        struct Rules {
            escort_quality: bool,
            aircrew_quality: bool,
        }
        #[derive(Serialize)]
        struct Options {
            standard_tonnage: bool,
            commander: String,
            rules: Rules,
        }
        let words = options_in_words(&Options {
            standard_tonnage: true,
            commander: "x".into(),
            rules: Rules {
                escort_quality: false,
                aircrew_quality: true,
            },
        });
        assert_eq!(words, ["aircrew quality", "standard tonnage"]);
    }
}
