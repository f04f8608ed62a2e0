//! The player's chart overrides (`overrides/<game>.json`), checked for the start screen against the games
//! the app was built with: each game's [`Overrides`] says how its files are checked and whether it plays
//! on them.

use crate::entry::Overrides;
use crate::storage::{Storage, regular_files};

/// The most errors of one file the start screen lists; the rest are counted.
pub const MAX_ERRORS: usize = 20;

/// What the player's override files did, one line per file and per error, for the start screen.
/// A bad file never stops anything: its charts are refused and the shipped ones stay in force. Every
/// file of `overrides/` is checked: by the app game it names, else against the data crate's registry of
/// games with overrides (`periscope_data::overrides::check`), which also says what is wrong with a file
/// that names no such game. A file of a game the app was built without is checked all the same.
pub fn check_overrides(storage: &Storage, games: &[Overrides]) -> Vec<String> {
    let mut lines = Vec::new();
    let paths = regular_files(&storage.overrides_dir(), &["json"], &mut lines);
    for path in paths {
        let name = path.display().to_string();
        let text = match Storage::read_capped(&path, periscope_data::bounded::OVERRIDES) {
            Ok(t) => t,
            Err(e) => {
                lines.push(e);
                continue;
            }
        };
        let named = periscope_data::bounded::strict_json(&text)
            .ok()
            .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_string));
        let game = games.iter().find(|g| named.as_deref() == Some(g.game));
        let check = game.map_or(periscope_data::overrides::check as fn(&str, &str) -> _, |g| {
            g.check
        });
        match check(&name, &text) {
            Err(e) => lines.push(format!("Override refused, shipped charts in force: {e}")),
            Ok(report) => {
                if !report.charts.is_empty() || !report.classes.is_empty() || !report.counters.is_empty() {
                    let mut used = report.charts.clone();
                    used.extend(report.classes.iter().cloned());
                    used.extend(report.counters.iter().cloned());
                    // A game that plays on the file says where (a game takes the file when it begins and
                    // carries it in its save); one that does not only checks it (Track mode's look-up uses
                    // it).
                    lines.push(if let Some(played_by) = game.and_then(|g| g.played_by) {
                        format!(
                            "{name}: your values for {} are in force in {played_by}.",
                            used.join(", ")
                        )
                    } else {
                        format!(
                            "{name}: your values for {} are valid; this version still plays the game on \
                             its own values.",
                            used.join(", ")
                        )
                    });
                }
                for e in report.errors.iter().take(MAX_ERRORS) {
                    lines.push(format!("Override refused, shipped chart in force: {e}"));
                }
                if report.errors.len() > MAX_ERRORS {
                    lines.push(format!(
                        "{name}: and {} more errors (periscope-cli charts check {name} lists them all).",
                        report.errors.len() - MAX_ERRORS
                    ));
                }
            }
        }
    }
    lines
}

/// The player's override file for a game (`overrides/<game>.json`), for a new game of it to carry; none
/// when there is no such file or it cannot be read (the start screen says why).
pub fn player_file(storage: &Storage, game: &str) -> Option<periscope_engine::game::PlayerData> {
    let path = storage.overrides_dir().join(format!("{game}.json"));
    let text = Storage::read_capped(&path, periscope_data::bounded::OVERRIDES).ok()?;
    Some(periscope_engine::game::PlayerData {
        file: format!("overrides/{game}.json"),
        text,
    })
}
