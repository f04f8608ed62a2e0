//! Where Periscope keeps the player's files: autosaves, the saved games they were replaced by, exports,
//! the Track-mode tables and settings, the hall of fame, in the platform's data folder (or
//! `PERISCOPE_DATA_DIR`, which tests use); and how the player picks other files (the desktop's dialog or Periscope's own).

use std::path::{Path, PathBuf};

use periscope_data::bounded;

use crate::files::{Dialogs, ExportTo};

/// The folder name inside the platform's data folder: lower case on Linux, as XDG folders are.
const FOLDER: &str = if cfg!(any(target_os = "windows", target_os = "macos")) {
    "Periscope"
} else {
    "periscope"
};

/// The platform's data folder for Periscope, where every earlier version kept its files: Linux
/// `$XDG_DATA_HOME/periscope` or `~/.local/share/periscope`, macOS `~/Library/Application
/// Support/Periscope`, Windows `%APPDATA%\Periscope`.
///
/// `directories::BaseDirs` gives the base of each exactly. Its `ProjectDirs` is not used: on Windows it
/// adds a `data` folder below the project (`%APPDATA%\Periscope\data`), which would lose every
/// autosave. As the XDG rules say, a relative `XDG_DATA_HOME` is ignored.
fn platform_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.data_dir().join(FOLDER))
}

#[derive(Debug, Clone)]
pub struct Storage {
    pub dir: PathBuf,
    /// Whether the desktop's file dialogs are used (tests and desktops without a portal use Periscope's).
    pub dialogs: Dialogs,
}

impl Storage {
    /// The platform's data folder for Periscope, or `PERISCOPE_DATA_DIR` when it is set (tests use it).
    pub fn from_env() -> Self {
        let dir = match std::env::var_os("PERISCOPE_DATA_DIR") {
            Some(dir) => PathBuf::from(dir),
            None => platform_dir().unwrap_or_else(|| PathBuf::from(".periscope")),
        };
        Self::at(dir)
    }

    pub fn at(dir: impl Into<PathBuf>) -> Self {
        Self {
            dir: dir.into(),
            dialogs: Dialogs::from_env(),
        }
    }

    /// The same folder, with Periscope's own file prompts instead of the desktop's dialogs.
    pub fn without_file_dialogs(mut self) -> Self {
        self.dialogs = Dialogs::in_app();
        self
    }

    /// The autosave of a game (`autosave-hunt.json`).
    pub fn autosave(&self, game: &str) -> PathBuf {
        self.dir.join(format!("autosave-{game}.json"))
    }

    /// Where the autosave of a replaced game goes, so that no game is lost by starting another.
    pub fn saved_games_dir(&self) -> PathBuf {
        self.dir.join("saved-games")
    }

    /// Where saves and exports go when the desktop has no file dialog.
    pub fn exports_dir(&self) -> PathBuf {
        self.dir.join("exports")
    }

    /// Where an export goes: the desktop's dialog, else [`Self::exports_dir`].
    pub fn export_to(&self) -> ExportTo<'_> {
        ExportTo {
            dialogs: &self.dialogs,
            folder: self.exports_dir(),
        }
    }

    /// Moves a game's autosave to the saved games (`saved-games/hunt-2026-12-01-1530.json`), before a new
    /// game takes its place; returns where it went (nothing when there was no autosave).
    pub fn archive_autosave(&self, game: &str) -> Result<Option<PathBuf>, String> {
        let from = self.autosave(game);
        if !from.exists() {
            return Ok(None);
        }
        // A game nobody played (not one action: a career still being set up) is not worth a place
        // among the saved games: it goes, and the new game takes its place.
        if Self::read(&from)
            .ok()
            .and_then(|t| periscope_engine::save::peek(&t).ok())
            .is_some_and(|save| save.actions.is_empty())
        {
            std::fs::remove_file(&from).map_err(|e| format!("Could not remove {}: {e}", from.display()))?;
            return Ok(None);
        }
        let dir = self.saved_games_dir();
        std::fs::create_dir_all(&dir).map_err(|e| format!("Could not create {}: {e}", dir.display()))?;
        let when = std::fs::metadata(&from)
            .and_then(|m| m.modified())
            .unwrap_or_else(|_| std::time::SystemTime::now());
        let base = format!("{game}-{}", crate::files::stamp(when).replace([' ', ':'], "-"));
        let mut to = dir.join(format!("{base}.json"));
        let mut n = 2;
        while to.exists() {
            to = dir.join(format!("{base}-{n}.json"));
            n += 1;
        }
        std::fs::rename(&from, &to)
            .or_else(|e| {
                // Copying opens the file: never what is not a regular file (a FIFO would block).
                if bounded::refused_entry(&from).is_some() {
                    return Err(e);
                }
                std::fs::copy(&from, &to).and_then(|_| std::fs::remove_file(&from))
            })
            .map_err(|e| format!("Could not keep {} as {}: {e}", from.display(), to.display()))?;
        Ok(Some(to))
    }

    /// The Track-mode table of a layout (`track-table-hunt.json`); a layout names the files earlier
    /// versions used (see `track::saved_file`).
    pub fn track_table(&self, layout: &str) -> PathBuf {
        self.dir.join(format!("track-table-{layout}.json"))
    }

    /// A game's other Track tables, past its first (`track-tables/hunt-patrol-2.json`; see
    /// `track::tables`).
    pub fn track_tables_dir(&self) -> PathBuf {
        self.dir.join("track-tables")
    }

    /// The player's chart overrides: one JSON file per game (`overrides/sensuikan.json`).
    pub fn overrides_dir(&self) -> PathBuf {
        self.dir.join("overrides")
    }

    /// The player's own counter art: one folder per game, one picture per counter id
    /// (`counters/hunt/mode.png`; see `widgets::counter_art`).
    pub fn counter_art_dir(&self) -> PathBuf {
        self.dir.join("counters")
    }

    /// The hall of fame: one finished career per line (see `stats::store`).
    pub fn hall_of_fame(&self) -> PathBuf {
        self.dir.join("hall-of-fame.jsonl")
    }

    /// The saves of the hall of fame's careers, one per career (`careers/<id>.json`).
    pub fn careers_dir(&self) -> PathBuf {
        self.dir.join("careers")
    }

    pub fn settings(&self) -> PathBuf {
        self.dir.join("settings.json")
    }

    /// Where a crash writes its report (see `crash`), for the player to send if they choose.
    pub fn crash_reports_dir(&self) -> PathBuf {
        self.dir.join("crash-reports")
    }

    /// Writes a file atomically, with a message fit for the player on failure.
    pub fn write(path: &Path, text: &str) -> Result<(), String> {
        periscope_data::files::write_atomically(path, text.as_bytes())
            .map_err(|e| format!("Could not write {}: {e}", path.display()))
    }

    /// Reads a save (or any file no smaller cap fits), with a message fit for the player on failure:
    /// only a regular file, and at most [`bounded::SAVE`]'s size (see [`Self::read_capped`]).
    pub fn read(path: &Path) -> Result<String, String> {
        Self::read_capped(path, bounded::SAVE)
    }

    /// Reads a file of a kind with its own size cap (`bounded::SETTINGS`, `bounded::OVERRIDES`...): a
    /// FIFO, a device, a folder or a link to one is refused without being opened, a larger file with
    /// its size and the cap, each message naming the file.
    pub fn read_capped(path: &Path, cap: bounded::Cap) -> Result<String, String> {
        bounded::read_text(path, cap).map_err(|e| e.to_string())
    }
}

/// The regular files of a folder of the player's with one of `extensions` (lower case; compared without
/// case), sorted; none when there is no folder. Whatever else is there with such a name (a FIFO, a device,
/// a folder, a link to one of those) is skipped, with a line naming it added to `skipped`: reading it
/// would block the app or never end.
pub fn regular_files(dir: &Path, extensions: &[&str], skipped: &mut Vec<String>) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .is_some_and(|x| extensions.contains(&x.to_string_lossy().to_lowercase().as_str()))
        })
        .collect();
    paths.sort();
    paths.retain(|p| match bounded::refused_entry(p) {
        Some(e) => {
            skipped.push(format!("Skipped: {e}."));
            false
        }
        None => true,
    });
    paths
}

/// A reason quoting a file cut short: a damaged file can hold a value megabytes long.
pub fn cut(reason: &str) -> String {
    periscope_data::error::bounded(reason.to_string(), 600)
}

/// Settings that outlive a game.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// UI scale (1.0 = 100%).
    pub ui_scale: f32,
    /// The player's own copy of the rulebook text, shown beside our summaries in the rules reference
    /// (Periscope ships no publisher text): the first book's (the path every settings file before the
    /// other books had).
    pub rulebook: Option<PathBuf>,
    /// The player's rulebook text of every other book, by the book's id.
    pub rulebooks: std::collections::BTreeMap<String, PathBuf>,
    /// How fast the table shows what an action causes.
    pub pacing: Pacing,
    /// Whether the decision panel shows the exact odds of each choice's roll, and the chart panel the
    /// distribution of the roll just made (off for players who want the cardboard's uncertainty). A
    /// settings file older than the setting reads as on.
    pub show_odds: bool,
    /// Where the window was and how large, restored at the next start.
    pub window: Option<WindowPlace>,
    /// The saves and Track tables opened last, newest first (at most [`RECENT`]).
    pub recent: Vec<PathBuf>,
    /// Each game's view of its boards when it was last left (by the game's id), restored when its
    /// table opens again.
    pub views: std::collections::BTreeMap<String, [f32; 4]>,
}

/// How many recently opened files the settings keep.
pub const RECENT: usize = 10;

/// The window's place on the desktop, in points.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WindowPlace {
    /// The top-left corner of the window's inside, where the desktop tells it (not on Wayland).
    pub x: Option<f32>,
    pub y: Option<f32>,
    pub width: f32,
    pub height: f32,
    pub maximized: bool,
}

impl WindowPlace {
    /// The place when it is one a window can take: finite, and a size between the app's smallest and a
    /// very large desktop (a hand-edited file cannot open a window of a million points).
    pub fn sane(self) -> Option<Self> {
        let size_ok = |v: f32| v.is_finite() && (200.0..=16_384.0).contains(&v);
        let pos_ok = |v: Option<f32>| v.is_none_or(|v| v.is_finite() && v.abs() <= 65_536.0);
        (size_ok(self.width) && size_ok(self.height) && pos_ok(self.x) && pos_ok(self.y)).then_some(self)
    }
}

/// How the table shows the rolls an action sets off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pacing {
    /// All at once: the boards show where the action ends.
    Instant,
    /// One roll after another, a moment apart.
    #[default]
    Brisk,
    /// One roll at each Continue (Space).
    StepByStep,
}

impl Pacing {
    pub const ALL: [Pacing; 3] = [Pacing::Instant, Pacing::Brisk, Pacing::StepByStep];

    pub fn name(self) -> &'static str {
        match self {
            Pacing::Instant => "Instant",
            Pacing::Brisk => "Brisk",
            Pacing::StepByStep => "Step by step",
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            rulebook: None,
            rulebooks: std::collections::BTreeMap::new(),
            pacing: Pacing::default(),
            show_odds: true,
            window: None,
            recent: Vec::new(),
            views: std::collections::BTreeMap::new(),
        }
    }
}

impl Settings {
    /// Loads settings; a missing or damaged file gives the defaults (the file is left alone).
    pub fn load(storage: &Storage) -> Self {
        Self::read(storage).0
    }

    /// The settings, and why the file could not be used when it is there but damaged (the defaults are
    /// used and the file is left for the player to mend or delete; the next change of a setting writes it
    /// anew).
    pub fn read(storage: &Storage) -> (Self, Option<String>) {
        let path = storage.settings();
        if !path.exists() {
            return (Self::default(), None);
        }
        match Storage::read_capped(&path, bounded::SETTINGS).and_then(|t| {
            bounded::strict_json(&t)
                .and_then(|v| serde_json::from_value(v).map_err(|e| e.to_string()))
                .map_err(|e| format!("{}: {}", path.display(), cut(&e)))
        }) {
            Ok(settings) => (Self::sane(settings), None),
            Err(e) => (
                Self::default(),
                Some(format!(
                    "The settings could not be read, so the defaults are used: {e}"
                )),
            ),
        }
    }

    /// What a hand-edited or damaged file cannot make the app do: open a window no desktop can show,
    /// keep an endless list of recent files, or set a view that is not a place on the boards.
    fn sane(mut self) -> Self {
        self.window = self.window.and_then(WindowPlace::sane);
        self.recent.truncate(RECENT);
        self.views
            .retain(|_, v| v.iter().all(|x| x.is_finite() && x.abs() < 1.0e6) && v[2] > v[0] && v[3] > v[1]);
        self
    }

    /// Puts a file at the head of the recent files (once), keeping [`RECENT`].
    pub fn opened(&mut self, path: &Path) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT);
    }

    pub fn save(&self, storage: &Storage) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        Storage::write(&storage.settings(), &text)
    }
}
