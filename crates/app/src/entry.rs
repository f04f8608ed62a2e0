//! What a game gives the app to join it: its [`GameEntry`] (its ids, its card on the start screen, how a
//! new game starts, how a save opens on its table, its Track layout, its rule book and its chart
//! overrides), and the helpers a game on the shared table builds its entry from ([`start`], [`open`]).
//! Each game writes its entry in its own folder (`hunt::ENTRY`); the list of them is `games.rs`.

use std::path::PathBuf;

use periscope_data::DataError;
use periscope_data::overrides::OverrideReport;
use periscope_engine::games::GameInfo;
use periscope_engine::save::SaveFile;
use periscope_engine::{DiceMode, LoadError, Session};

use crate::panels::chart_editor::Editables;
use crate::panels::rules_reference::RuleBook;
use crate::screen::{AnyScreen, GameScreen, TableGame};
use crate::stats::HallPanel;
use crate::storage::Storage;
use crate::track::TrackLayout;

/// A game's card on the start screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    pub title: &'static str,
    pub blurb: &'static str,
    /// The first button: a new game.
    pub new_label: &'static str,
    /// The second button: continue the autosave.
    pub continue_label: &'static str,
}

/// What the start screen asks for a new game: the dice and the seed (`None`: a fresh random one).
pub struct NewGame<'a> {
    pub physical: bool,
    pub seed: Option<u64>,
    pub storage: &'a Storage,
}

/// How a screen of the game is made; `Err` carries the message for the start screen.
pub type MakeScreen = fn(&NewGame<'_>) -> Result<Box<dyn AnyScreen>, String>;

/// Where a save being opened comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opened {
    /// The game's own autosave (Continue), at this path: the table keeps writing it.
    Autosave(PathBuf),
    /// A file: Save writes back to it; the first action moves the game in the autosave to the saved
    /// games before this one takes its place.
    File(PathBuf),
}

/// How a save opens on its game's table.
pub type OpenSave = fn(SaveFile, Opened) -> Result<Box<dyn AnyScreen>, LoadError>;

/// A game's chart overrides (`overrides/<file>.json` naming `game`), checked on the start screen.
#[derive(Debug, Clone, Copy)]
pub struct Overrides {
    /// The `game` an override file of this game names.
    pub game: &'static str,
    /// Checks a file against the shipped data (what `periscope-cli charts check` runs).
    pub check: fn(&str, &str) -> Result<OverrideReport, DataError>,
    /// What plays on a valid file's values (`the careers you begin …`), as the start screen and the
    /// chart editor say it; `None` when the game still plays on Periscope's own (the file is only checked).
    pub played_by: Option<&'static str>,
    /// Everything of the game the chart editor can edit (its folder's `chart_items.rs`).
    pub editables: Editables,
}

/// "Learn by playing…" on a game's card and in the Help menu: its guided first game.
#[derive(Debug, Clone, Copy)]
pub struct Learn {
    /// The button's words (`Learn by playing the book's example`).
    pub label: &'static str,
    /// The guided game on its table ([`learn`]).
    pub make: MakeScreen,
    /// The game it teaches, as players know it.
    pub name: &'static str,
}

/// One game of the app.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// Its id, name and old save ids, from the engine's list (`periscope_engine::games`).
    pub info: GameInfo,
    pub card: Card,
    /// What the card's first button opens: the table on the shipped options, or a game's own setup.
    pub new_game: MakeScreen,
    /// A game on the shipped options, straight onto its table.
    pub start: MakeScreen,
    /// A save (of today's id or an old one) on its table.
    pub open: OpenSave,
    /// Its Track-mode table, if it has one.
    pub track: Option<&'static dyn TrackLayout>,
    /// Its rules reference, if it has one.
    pub rules: Option<&'static dyn RuleBook>,
    pub overrides: Option<Overrides>,
    /// Its own panels of the Statistics screen, below the plots (Sensuikan's tournaments).
    pub hall_panels: &'static [HallPanel],
    /// Its guided first game, if it has one.
    pub learn: Option<Learn>,
}

impl GameEntry {
    /// The entry of a game played on the shared table: New game starts it on its shipped options; no
    /// Track table, no overrides; the rule book is the table's.
    pub const fn table<G: TableGame>(card: Card) -> Self {
        Self {
            info: GameInfo::of::<G>(),
            card,
            new_game: start::<G>,
            start: start::<G>,
            open: open::<G>,
            track: None,
            rules: G::RULES,
            overrides: None,
            hall_panels: &[],
            learn: None,
        }
    }

    /// The game's guided first game, played as `L` (the game itself, or the part of it the example
    /// plays): `label` on its card and in the Help menu.
    pub const fn learn<L: TableGame>(mut self, label: &'static str) -> Self {
        self.learn = Some(Learn {
            label,
            make: learn::<L>,
            name: L::NAME,
        });
        self
    }

    /// New game opens this instead of the table (a setup wizard).
    pub const fn new_game(mut self, new_game: MakeScreen) -> Self {
        self.new_game = new_game;
        self
    }

    /// The game's Track-mode table.
    pub const fn track(mut self, layout: &'static dyn TrackLayout) -> Self {
        self.track = Some(layout);
        self
    }

    /// The game's chart overrides.
    pub const fn overrides(mut self, overrides: Overrides) -> Self {
        self.overrides = Some(overrides);
        self
    }

    /// The game's own panels of the Statistics screen.
    pub const fn hall_panels(mut self, panels: &'static [HallPanel]) -> Self {
        self.hall_panels = panels;
        self
    }

    /// The autosave files this game may have, today's name first, then those of its old ids.
    pub fn autosaves(&self, storage: &Storage) -> Vec<PathBuf> {
        std::iter::once(self.info.id)
            .chain(self.info.old_ids.iter().copied())
            .map(|id| storage.autosave(id))
            .collect()
    }

    /// The autosave to continue: the first of [`Self::autosaves`] that exists.
    pub fn autosave(&self, storage: &Storage) -> Option<PathBuf> {
        self.autosaves(storage).into_iter().find(|p| p.exists())
    }

    /// What Continue resumes, in a line: the summary the autosave holds, or when it was saved.
    /// What Continue resumes, when the autosave holds a game begun: a game with no action yet is
    /// replaced without a question (and not kept, see `Storage::archive_autosave`).
    pub fn resumes(&self, storage: &Storage) -> Option<String> {
        let path = self.autosave(storage)?;
        let unplayed = Storage::read(&path)
            .ok()
            .and_then(|t| periscope_engine::save::peek(&t).ok())
            .is_some_and(|save| save.actions.is_empty());
        (!unplayed).then(|| saved_line(&path))
    }
}

/// A save's line for the start screen: its summary (written with it), or the time it was saved.
pub fn saved_line(path: &std::path::Path) -> String {
    let summary = Storage::read(path)
        .ok()
        .and_then(|t| periscope_engine::save::peek(&t).ok())
        .and_then(|s| s.summary);
    let when = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map(crate::files::local_stamp)
        .unwrap_or_default();
    match summary {
        Some(s) => format!("{s} · saved {when}"),
        None => format!("saved {when}"),
    }
}

/// A new game of `G` on its shipped options; the autosave is replaced at once.
pub fn start<G: TableGame>(new: &NewGame<'_>) -> Result<Box<dyn AnyScreen>, String> {
    let seed = new.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let dice = if new.physical {
        DiceMode::Physical
    } else {
        DiceMode::Seeded
    };
    let session = Session::<G>::new(G::Options::default(), seed, dice)
        .map_err(|e| format!("Could not start the game: {e}"))?;
    let mut screen = GameScreen::new(session);
    screen.act_none(new.storage);
    Ok(G::screen(screen))
}

/// The guided first game of `G` ([`TableGame::WALKTHROUGH`]): set up as its example sets it up, with
/// the book's dice, on its table with the guide beside the boards; the autosave is replaced at once.
pub fn learn<G: TableGame>(new: &NewGame<'_>) -> Result<Box<dyn AnyScreen>, String> {
    let make = G::WALKTHROUGH.ok_or_else(|| format!("{} has no guided game.", G::NAME))?;
    let book = make().map_err(|e| format!("The guided game cannot be read: {e}"))?;
    let guide = periscope_engine::walkthrough::Guide::<G>::new(book)?;
    let session = guide
        .session()
        .map_err(|e| format!("Could not set up the guided game: {e}"))?;
    let mut screen = GameScreen::new(session);
    screen.act_none(new.storage);
    Ok(G::screen(screen))
}

/// How many actions the save being opened has replayed so far, for the window that shows a long save's
/// progress (`opening.rs`; the app opens one save at a time).
pub static REPLAYED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A save of `G` replayed onto its table. A save that parts from today's rules is shown as far as it
/// agrees, read-only, with the offer to play on from there into a new save.
pub fn open<G: TableGame>(save: SaveFile, opened: Opened) -> Result<Box<dyn AnyScreen>, LoadError> {
    let (session, divergence) = Session::<G>::from_save_counting(save, &REPLAYED)?;
    let screen = GameScreen::new(session);
    // Where the game stood when it last agreed (`Patrol 4 · 12/42`), in the game's own words.
    let stood = screen.session.game().summary();
    let mut screen = match opened {
        Opened::Autosave(path) => screen.continued(&path),
        Opened::File(path) => screen.opened_from(path),
    };
    if let Some(d) = divergence {
        let at = stood.map(|s| format!(" ({s})")).unwrap_or_default();
        // The save's own words (who wrote it) are shown, never obeyed.
        let why = periscope_data::shown::shown(&format!(
            "{d}. It is shown as recorded up to action {}{at}, read-only; the file is left as it is. \
             Play on from here under this version's rules to continue it in a new save.",
            d.agrees_to
        ))
        .into_owned();
        screen.status = Some(why.clone());
        screen.read_only = Some(why);
        screen.writing.forkable = Some(d.agrees_to);
    }
    Ok(G::screen(screen))
}
