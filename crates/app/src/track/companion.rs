//! A Track table that carries a companion's game (the Silent War IJN companion): the companion's save
//! rides inside the table file, so each named table is one physical game with its bookkeeping.
//!
//! The player carries the companion into the table (its autosave is copied in); from then on, each time
//! the table is saved, a companion autosave that *continues* the carried game (same game and seed, the
//! carried actions first) replaces the copy, and one that does not (another game started since) is left
//! alone. Open its companion writes the carried save to the saved games and opens it there, where the
//! first action puts any other game in progress aside (issue 13's rule: no click loses a game).

use std::path::PathBuf;

use periscope_engine::save::{SaveFile, peek};
use serde_json::Value;

use super::table::TrackTable;
use crate::storage::Storage;

/// The carried save, read as a save file.
fn carried(table: &TrackTable) -> Option<SaveFile> {
    let value = table.companion.as_ref()?;
    serde_json::from_value(value.clone()).ok()
}

/// The companion's autosave as JSON and as a save, when there is one that reads.
fn autosave(storage: &Storage, game: &str) -> Result<(Value, SaveFile), String> {
    let path = storage.autosave(game);
    if !path.exists() {
        return Err("There is no companion in progress to carry: start one from the start screen.".into());
    }
    let text = Storage::read(&path)?;
    let save = peek(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if save.game != game {
        return Err(format!(
            "{}: a save of '{}', not the companion",
            path.display(),
            save.game
        ));
    }
    let value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((value, save))
}

/// What the carried game is, in a line (`Carries: April 1942, week 1 · 12 steps`).
pub fn describe(table: &TrackTable) -> Option<String> {
    let save = carried(table)?;
    let steps = match save.actions.len() {
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    };
    Some(match save.summary {
        Some(s) => format!("{s} · {steps}"),
        None => steps,
    })
}

/// Copies the companion's autosave into the table; says what was carried.
pub fn carry(table: &mut TrackTable, storage: &Storage, game: &str) -> Result<String, String> {
    let (value, _) = autosave(storage, game)?;
    table.companion = Some(value);
    Ok(format!(
        "This table now carries the companion: {}",
        describe(table).unwrap_or_default()
    ))
}

/// Whether `later` is `earlier` played on: the same game and seed, `earlier`'s actions first.
fn continues(earlier: &SaveFile, later: &SaveFile) -> bool {
    earlier.game == later.game
        && earlier.seed == later.seed
        && later.actions.len() >= earlier.actions.len()
        && later.actions.starts_with(&earlier.actions)
}

/// Before the table is written: a companion autosave that continues the carried game replaces it.
/// Returns whether the carried game changed.
pub fn refresh(table: &mut TrackTable, storage: &Storage, game: &str) -> bool {
    let Some(old) = carried(table) else {
        return false;
    };
    match autosave(storage, game) {
        Ok((value, new)) if continues(&old, &new) && table.companion.as_ref() != Some(&value) => {
            table.companion = Some(value);
            true
        }
        _ => false,
    }
}

/// Writes the carried save to the saved games (`<table> - companion.json`) for the app to open.
pub fn write_out(table: &TrackTable, storage: &Storage, table_name: &str) -> Result<PathBuf, String> {
    let value = table
        .companion
        .as_ref()
        .ok_or_else(|| "This table carries no companion yet.".to_string())?;
    let safe: String = table_name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == ' ' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let path = storage
        .saved_games_dir()
        .join(format!("{} - companion.json", safe.trim()));
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    Storage::write(&path, &text)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn save(seed: u64, actions: &[&str]) -> String {
        serde_json::json!({
            "format": "periscope-save",
            "version": 1,
            "game": "silent-war-ijn",
            "seed": seed,
            "dice": {"mode": "seeded"},
            "options": {},
            "actions": actions,
        })
        .to_string()
    }

    fn storage(name: &str) -> Storage {
        let dir = std::env::temp_dir().join(format!("periscope-companion-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Storage::at(dir)
    }

    /// Carrying copies the autosave; a later autosave of the same game replaces the copy, another game's
    /// does not; writing out gives back the carried save.
    #[test]
    fn the_carried_game_follows_its_own_continuation_only() {
        let s = storage("follow");
        let game = "silent-war-ijn";
        let mut t = TrackTable::empty("silent_war_ijn");
        assert!(carry(&mut t, &s, game).is_err(), "nothing to carry yet");
        Storage::write(&s.autosave(game), &save(4, &["scenario 1941"])).unwrap();
        carry(&mut t, &s, game).unwrap();
        assert_eq!(describe(&t).as_deref(), Some("1 step"));
        Storage::write(&s.autosave(game), &save(4, &["scenario 1941", "start 4/42"])).unwrap();
        assert!(refresh(&mut t, &s, game));
        assert_eq!(describe(&t).as_deref(), Some("2 steps"));
        assert!(!refresh(&mut t, &s, game), "nothing new");
        // Another companion started since: the table keeps its own game.
        Storage::write(&s.autosave(game), &save(9, &["scenario 1932"])).unwrap();
        assert!(!refresh(&mut t, &s, game));
        assert_eq!(describe(&t).as_deref(), Some("2 steps"));
        let out = write_out(&t, &s, "Game/at Bob's").unwrap();
        assert!(out.starts_with(s.saved_games_dir()));
        let back = peek(&Storage::read(&out).unwrap()).unwrap();
        assert_eq!((back.seed, back.actions.len()), (4, 2));
    }

    /// A table without a companion has nothing to open; a save of another game is not carried.
    #[test]
    fn nothing_to_open_and_no_other_game_carried() {
        let s = storage("refuse");
        let t = TrackTable::empty("silent_war_ijn");
        assert!(write_out(&t, &s, "x").is_err());
        let mut t = t;
        let other = save(1, &[]).replace("silent-war-ijn", "hunt");
        Storage::write(&s.autosave("silent-war-ijn"), &other).unwrap();
        let e = carry(&mut t, &s, "silent-war-ijn").unwrap_err();
        assert!(e.contains("not the companion"), "{e}");
        assert!(t.companion.is_none());
    }
}
