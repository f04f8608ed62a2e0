//! Saves: the game, its options, the seed, the dice mode and the list of actions. Loading replays them;
//! undo replays one action fewer, and redo keeps the dropped tail.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dice::DiceMode;
use crate::game::{Game, Pending};

/// The marker every save file starts with, so a foreign JSON file is told apart from a damaged save.
pub const SAVE_FORMAT: &str = "periscope-save";
/// The newest save version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// A save as written to disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub game: String,
    pub seed: u64,
    pub dice: DiceMode,
    pub options: Value,
    pub actions: Vec<Value>,
}

/// Why a save cannot be loaded. The file itself is never touched by a failed load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum LoadError {
    /// Not JSON at all, or cut short.
    Corrupt(String),
    /// JSON, but not a Periscope save.
    Foreign(String),
    /// Written by a newer Periscope.
    NewerVersion { found: u32, supported: u32 },
    /// A save of another game.
    WrongGame { found: String, expected: String },
    /// The options do not fit this game.
    BadOptions(String),
    /// Action number `index` (from 1) cannot be read or is not legal when replayed.
    BadAction { index: usize, message: String },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Corrupt(m) => write!(f, "the save is damaged or incomplete ({m})"),
            LoadError::Foreign(m) => write!(f, "this is not a Periscope save ({m})"),
            LoadError::NewerVersion { found, supported } => write!(
                f,
                "this save was written by a newer Periscope (save version {found}; this one reads up to {supported})"
            ),
            LoadError::WrongGame { found, expected } => {
                write!(f, "this is a save of '{found}', not of '{expected}'")
            }
            LoadError::BadOptions(m) => write!(f, "the save's options cannot be read ({m})"),
            LoadError::BadAction { index, message } => {
                write!(f, "action {index} of the save cannot be replayed: {message}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Why a game cannot be written as a save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError(pub String);

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the game cannot be saved: {}", self.0)
    }
}

impl std::error::Error for SaveError {}

/// Reads the header of a save without replaying it: which game it is for.
pub fn peek(text: &str) -> Result<SaveFile, LoadError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            LoadError::Corrupt(format!("it ends early, at line {}", e.line()))
        } else {
            LoadError::Corrupt(e.to_string())
        }
    })?;
    match value.get("format").and_then(Value::as_str) {
        Some(SAVE_FORMAT) => {}
        Some(other) => return Err(LoadError::Foreign(format!("its format is '{other}'"))),
        None => return Err(LoadError::Foreign("it has no 'format' field".into())),
    }
    let version = value.get("version").and_then(Value::as_u64).unwrap_or(0);
    if version > u64::from(SAVE_VERSION) {
        return Err(LoadError::NewerVersion {
            found: u32::try_from(version).unwrap_or(u32::MAX),
            supported: SAVE_VERSION,
        });
    }
    serde_json::from_value(value).map_err(|e| LoadError::Corrupt(e.to_string()))
}

/// A game being played: the state plus everything needed to save, undo and redo it.
#[derive(Debug, Clone)]
pub struct Session<G: Game> {
    options: G::Options,
    seed: u64,
    dice: DiceMode,
    game: G,
    actions: Vec<G::Action>,
    /// Actions undone, most recent last; cleared by any new action.
    redo: Vec<G::Action>,
    /// Events of the whole game so far, in order.
    events: Vec<G::Event>,
}

impl<G: Game> Session<G> {
    pub fn new(options: G::Options, seed: u64, dice: DiceMode) -> Result<Self, G::Error> {
        let game = G::new(options.clone(), seed, dice.clone())?;
        Ok(Self {
            options,
            seed,
            dice,
            game,
            actions: Vec::new(),
            redo: Vec::new(),
            events: Vec::new(),
        })
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn options(&self) -> &G::Options {
        &self.options
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn dice_mode(&self) -> &DiceMode {
        &self.dice
    }

    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    pub fn events(&self) -> &[G::Event] {
        &self.events
    }

    pub fn pending(&self) -> Pending<G::Action> {
        self.game.pending()
    }

    /// Plays an action. On error nothing changes (the game's `apply` guarantees it for the state; the
    /// session only records successful actions).
    pub fn apply(&mut self, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
        let events = self.game.apply(action.clone())?;
        self.actions.push(action);
        self.redo.clear();
        self.events.extend(events.iter().cloned());
        Ok(events)
    }

    pub fn can_undo(&self) -> bool {
        !self.actions.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last action by replaying all the others from the start.
    pub fn undo(&mut self) -> Result<(), G::Error> {
        let Some(last) = self.actions.last().cloned() else {
            return Ok(());
        };
        let keep = self.actions.len() - 1;
        let mut fresh = Self::new(self.options.clone(), self.seed, self.dice.clone())?;
        for a in self.actions.iter().take(keep) {
            fresh.apply(a.clone())?;
        }
        let mut redo = std::mem::take(&mut self.redo);
        redo.push(last);
        *self = fresh;
        self.redo = redo;
        Ok(())
    }

    /// Plays again the last action undone.
    pub fn redo(&mut self) -> Result<(), G::Error> {
        let Some(next) = self.redo.pop() else {
            return Ok(());
        };
        let rest = std::mem::take(&mut self.redo);
        let result = self.apply(next);
        self.redo = rest;
        result.map(|_| ())
    }

    /// The save of this game as it stands. A value JSON cannot hold is an error, never a `null` in the
    /// file that would not load again.
    pub fn to_save(&self) -> Result<SaveFile, SaveError> {
        let value = |what: &str, v: serde_json::Result<Value>| {
            v.map_err(|e| SaveError(format!("{what} cannot be written: {e}")))
        };
        Ok(SaveFile {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            game: G::ID.into(),
            seed: self.seed,
            dice: self.dice.clone(),
            options: value("the options", serde_json::to_value(&self.options))?,
            actions: self
                .actions
                .iter()
                .enumerate()
                .map(|(i, a)| value(&format!("action {}", i + 1), serde_json::to_value(a)))
                .collect::<Result<_, _>>()?,
        })
    }

    /// The save as pretty JSON text.
    pub fn to_json(&self) -> Result<String, SaveError> {
        serde_json::to_string_pretty(&self.to_save()?).map_err(|e| SaveError(e.to_string()))
    }

    /// Loads a save's text by replaying it.
    pub fn load(text: &str) -> Result<Self, LoadError> {
        Self::from_save(peek(text)?)
    }

    /// Rebuilds a game from a parsed save by replaying every action.
    pub fn from_save(save: SaveFile) -> Result<Self, LoadError> {
        if save.game != G::ID && !G::OLD_IDS.contains(&save.game.as_str()) {
            return Err(LoadError::WrongGame {
                found: save.game,
                expected: G::ID.into(),
            });
        }
        let options: G::Options =
            serde_json::from_value(save.options).map_err(|e| LoadError::BadOptions(e.to_string()))?;
        let mut session =
            Self::new(options, save.seed, save.dice).map_err(|e| LoadError::BadOptions(e.to_string()))?;
        for (i, raw) in save.actions.into_iter().enumerate() {
            let action: G::Action = serde_json::from_value(raw).map_err(|e| LoadError::BadAction {
                index: i + 1,
                message: e.to_string(),
            })?;
            session.apply(action).map_err(|e| LoadError::BadAction {
                index: i + 1,
                message: e.to_string(),
            })?;
        }
        Ok(session)
    }
}
