//! Saves: the game, its options, the seed, the dice mode and the list of actions. Loading replays them;
//! undo replays one action fewer, and redo keeps the dropped tail. An action may also be played paced
//! ([`Session::begin`]): recorded once at once, its rolls then shown one at a time; the save, undo and
//! redo are the same, because completing the rolls is deterministic.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dice::DiceMode;
use crate::game::{Game, Paced, Pending};

mod bounds;
pub use bounds::{MAX_CARRIED_FILE, MAX_NAME, MAX_TEXT, name_fits};

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
    /// A line on where the game stands (`Turn 17 · 35 Sink Points`), written by the desktop app so its
    /// start screen can say what a save resumes without replaying it. Never read back into the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// What the game had come to every [`CHECK_EVERY`] actions when it was saved: a replay under
    /// changed rules is told apart from the game recorded ([`Session::from_save_checked`]). Saves written
    /// before these existed have none and load as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<Check>,
    /// The Periscope that wrote the save (`periscope 0.1.0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written_by: Option<String>,
    /// How the checks were digested: 1 (saves before this field) folds every event as written, wording
    /// and all; 2 folds only what the rules decided ([`CHECKS_VERSION`]).
    #[serde(default = "first_checks_version")]
    pub checks_version: u32,
    /// The digest of the rules data the game was played under ([`periscope_data::digest`]): when a replay
    /// diverges, it tells a change of the rules data from a change of Periscope's code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The book's example this game was begun from, when it was ([`Tutorial`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tutorial: Option<Tutorial>,
}

/// A game begun as a walkthrough of a book's example ([`crate::walkthrough`]): which one, and where the
/// player left the example's path to play on as an ordinary game. The hall of fame records such a game as a
/// tutorial, not a career.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tutorial {
    /// The walkthrough's id (`sensuikan-12.0`).
    pub walkthrough: String,
    /// The number of actions on the example's path when the player left it; none while they follow it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_at: Option<usize>,
}

/// The digest of the checks this build writes: what the rules decided (every roll's faces, modifiers and
/// result, the events' kinds, numbers and ids), not how the log words it, so a save does not read as
/// divergent when only a sentence changed. From 3, the digest starts from the seed (a seed changed
/// before the first roll is a divergence too) and a check follows the last action whatever the count.
pub const CHECKS_VERSION: u32 = 3;

/// Where a save's digest starts: from version 3, from the save's seed.
fn start_digest(version: u32, seed: u64) -> u64 {
    if version < 3 {
        FNV_START
    } else {
        fnv(fnv(FNV_START, b"seed"), &seed.to_le_bytes())
    }
}

fn first_checks_version() -> u32 {
    1
}

/// How often a save records what the game had come to (and after its last action, whatever the count).
pub const CHECK_EVERY: usize = 10;

/// A save's record of the game after `after` actions: a digest of every event up to there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    pub after: usize,
    pub digest: String,
}

/// Where a save's replay under today's rules first parts from the game it recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// The last check that still agrees: the game is the recorded one up to this many actions.
    pub agrees_to: usize,
    /// The check that does not: the rules changed something within the actions after `agrees_to`, up
    /// to this one.
    pub parts_by: usize,
    /// The actions the save holds.
    pub recorded: usize,
    /// Who wrote the save, when it says.
    pub written_by: Option<String>,
    /// Whether the rules data differs from the one the save was played under (`None` when the save does
    /// not say which it was played under).
    pub rules_changed: Option<bool>,
    /// The rolls today's rules make in the actions that part, as `chart [case]`: where to look.
    pub rolls: Vec<String>,
    /// Why today's rules refuse action `parts_by`, when the save parts there by an action no longer legal
    /// (rather than by another result).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.refused {
            Some(why) if self.agrees_to + 1 == self.parts_by => write!(
                f,
                "action {} of the save's {} is not possible under this version's rules ({})",
                self.parts_by,
                self.recorded,
                periscope_data::error::bounded(why.clone(), 300)
            )?,
            Some(why) => write!(
                f,
                "the save diverges between actions {} and {} of its {}: this version's rules play them \
                 differently, and action {} is no longer possible ({})",
                self.agrees_to + 1,
                self.parts_by,
                self.recorded,
                self.parts_by,
                periscope_data::error::bounded(why.clone(), 300)
            )?,
            None => write!(
                f,
                "the save diverges between actions {} and {} of its {}: this version's rules play them \
                 differently",
                self.agrees_to + 1,
                self.parts_by,
                self.recorded
            )?,
        }
        match self.rules_changed {
            Some(true) => write!(
                f,
                ", and its rules data differs from the one the save was played under"
            )?,
            Some(false) => write!(f, " on the same rules data, so its code changed")?,
            None => {}
        }
        if !self.rolls.is_empty() {
            write!(f, " (the rolls there: {})", self.rolls.join(", "))?;
        }
        if let Some(w) = &self.written_by {
            write!(f, " (it was written by {w})")?;
        }
        Ok(())
    }
}

/// The Periscope that writes saves.
pub fn writer() -> String {
    format!("periscope {}", env!("CARGO_PKG_VERSION"))
}

/// A stable 64-bit digest (FNV-1a): the same on every platform and version of Rust.
fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(seed, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

const FNV_START: u64 = 0xCBF2_9CE4_8422_2325;

/// Folds one event into a check's digest, as the save's checks were digested.
fn fold_event<E: Serialize>(version: u32, digest: u64, event: &E) -> u64 {
    if version < 2 {
        return fnv(digest, &serde_json::to_vec(event).unwrap_or_default());
    }
    serde_json::to_value(event)
        .map(|v| fold_decided(digest, &v))
        .unwrap_or(digest)
}

/// Whether a value is a roll record: its rule, faces and result are what the rules decided.
fn is_roll(map: &serde_json::Map<String, Value>) -> bool {
    map.contains_key("faces") && map.contains_key("result") && map.contains_key("rule")
}

/// Folds what the rules decided: keys, numbers, booleans, ids (strings without a space) and the numbers
/// a sentence states, not the sentence's words; of a roll, its rule, faces, natural, modifier values,
/// result and the numbers of its outcome.
fn fold_decided(digest: u64, value: &Value) -> u64 {
    match value {
        Value::Null => fnv(digest, b"~"),
        Value::Bool(b) => fnv(digest, if *b { b"T" } else { b"F" }),
        Value::Number(n) => fold_number(digest, n),
        Value::String(s) if s.contains(' ') => {
            numbers_in(s).fold(fnv(digest, b"#"), |d, n| fnv(fnv(d, b","), n.as_bytes()))
        }
        Value::String(s) => fnv(fnv(digest, b"\""), s.as_bytes()),
        Value::Array(items) => items.iter().fold(fnv(digest, b"["), fold_decided),
        Value::Object(map) if is_roll(map) => {
            let mut d = fnv(digest, b"roll");
            for key in ["rule", "faces", "natural", "result", "outcome"] {
                d = fold_decided(fnv(d, key.as_bytes()), map.get(key).unwrap_or(&Value::Null));
            }
            let values = map
                .get("modifiers")
                .and_then(Value::as_array)
                .into_iter()
                .flatten();
            values.fold(d, |d, m| fold_decided(d, m.get("value").unwrap_or(&Value::Null)))
        }
        // Keys in sorted order whatever the map keeps (serde_json's `preserve_order` feature, turned on
        // by any dependency, would otherwise change every digest).
        Value::Object(map) => {
            let fold = |d, (k, v): (&String, &Value)| fold_decided(fnv(d, k.as_bytes()), v);
            if map.keys().is_sorted() {
                map.iter().fold(fnv(digest, b"{"), fold)
            } else {
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_unstable_by_key(|(k, _)| *k);
                entries.into_iter().fold(fnv(digest, b"{"), fold)
            }
        }
    }
}

/// Folds a number as its decimal text, without writing the text out for a whole number.
fn fold_number(digest: u64, n: &serde_json::Number) -> u64 {
    let (negative, magnitude) = match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => (false, u),
        (None, Some(i)) => (true, i.unsigned_abs()),
        _ => return fnv(digest, n.to_string().as_bytes()),
    };
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = magnitude;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let digest = if negative { fnv(digest, b"-") } else { digest };
    fnv(digest, digits.get(at..).unwrap_or_default())
}

/// The numbers a sentence states (`3 damage`, `4,200 tons`), outside the cases it cites in brackets: a
/// sentence reworded keeps them, a rule that decides otherwise changes them.
fn numbers_in(text: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0u32;
    text.split(move |c: char| {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        !c.is_ascii_digit() || depth > 0
    })
    .filter(|run| !run.is_empty())
}

/// The rolls among events, as `chart [case]`, each once, in their order.
fn rolls_in<E: Serialize>(events: &[E]) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) if is_roll(map) => {
                let text = |k: &str| map.get(k).and_then(Value::as_str).unwrap_or_default();
                let name = format!("{} [{}]", text("chart"), text("rule"));
                if !out.contains(&name) {
                    out.push(name);
                }
            }
            Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for e in events {
        if let Ok(v) = serde_json::to_value(e) {
            walk(&v, &mut out);
        }
    }
    out
}

/// The digest of the rules data game `G` is played under, as this build ships it.
fn rules_of<G: Game>() -> Option<String> {
    G::RULES_DATA
        .and_then(periscope_data::digest::rules_digest)
        .map(str::to_string)
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
    /// A reason quoting the file (a damaged save can hold a value megabytes long) is cut short.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = |m: &str| periscope_data::error::bounded(m.to_string(), 600);
        match self {
            LoadError::Corrupt(m) => write!(f, "the save is damaged or incomplete ({})", cut(m)),
            LoadError::Foreign(m) => write!(f, "this is not a Periscope save ({})", cut(m)),
            LoadError::NewerVersion { found, supported } => write!(
                f,
                "this save was written by a newer Periscope (save version {found}; this one reads up to {supported})"
            ),
            LoadError::WrongGame { found, expected } => {
                write!(f, "this is a save of '{}', not of '{expected}'", cut(found))
            }
            LoadError::BadOptions(m) => write!(f, "the save's options cannot be read ({})", cut(m)),
            LoadError::BadAction { index, message } => {
                write!(
                    f,
                    "action {index} of the save cannot be replayed: {}",
                    cut(message)
                )
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
    // A key written twice is refused, naming it, never read as its last value.
    let value: Value = periscope_data::bounded::strict_json_value(text).map_err(|e| {
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
    bounds::bounded_text(&value)?;
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
    /// Where each action's events begin in `events`.
    action_starts: Vec<usize>,
    /// The rolls of the last action still to be shown, when it was played paced.
    settling: Option<Settling<G>>,
    /// The book's example the game was begun from, if any.
    tutorial: Option<Tutorial>,
    /// The save's checks as far as they were folded ([`Folded`]).
    folded: FoldedChecks,
}

/// The checks of every [`CHECK_EVERY`]-th action folded so far, and where the digest stands after the
/// last of them: a save (the app writes one after every action) folds only the events since the last
/// save, never the whole game again; replaying a game (a load, an undo) folds nothing.
#[derive(Debug, Clone)]
struct Folded {
    checks: Vec<Check>,
    digest: u64,
    /// How many events the digest has folded (a paced action's rolls still to be shown counted in).
    events: usize,
}

/// [`Folded`], advanced when a save is written (through `&self`: writing a save changes no game).
#[derive(Debug)]
struct FoldedChecks(std::sync::Mutex<Folded>);

impl FoldedChecks {
    fn new(seed: u64) -> Self {
        Self(std::sync::Mutex::new(Folded {
            checks: Vec::new(),
            digest: start_digest(CHECKS_VERSION, seed),
            events: 0,
        }))
    }

    /// The checks, for a moment: a panic while they were held leaves them as they were.
    fn lock(&self) -> std::sync::MutexGuard<'_, Folded> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Clone for FoldedChecks {
    fn clone(&self) -> Self {
        Self(std::sync::Mutex::new(self.lock().clone()))
    }
}

/// An action played paced whose rolls are not all shown yet: the game as it will stand once they are, and
/// what they cause.
#[derive(Debug, Clone)]
struct Settling<G: Game> {
    settled: G,
    /// The events of the rolls still to make, in order.
    events: Vec<G::Event>,
    /// How many of `events` the rolls made so far have caused.
    shown: usize,
    rolls_left: usize,
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
            action_starts: Vec::new(),
            settling: None,
            tutorial: None,
            folded: FoldedChecks::new(seed),
        })
    }

    /// The book's example this game was begun from ([`Tutorial`]), if any.
    pub fn tutorial(&self) -> Option<&Tutorial> {
        self.tutorial.as_ref()
    }

    /// Marks the game as begun from a book's example (or not): saved with it.
    pub fn set_tutorial(&mut self, tutorial: Option<Tutorial>) {
        self.tutorial = tutorial;
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

    /// The events of the last action so far (those of the rolls still to be shown come as they are made);
    /// none before the first action.
    pub fn last_action_events(&self) -> &[G::Event] {
        let from = self.action_starts.last().copied().unwrap_or(self.events.len());
        self.events.get(from..).unwrap_or_default()
    }

    /// The game as it will stand once the rolls still to be shown are made: the game itself when none are.
    pub fn settled_game(&self) -> &G {
        self.settling.as_ref().map_or(&self.game, |s| &s.settled)
    }

    /// How many rolls of the paced action are still to be shown.
    pub fn rolls_left(&self) -> usize {
        self.settling.as_ref().map_or(0, |s| s.rolls_left)
    }

    pub fn pending(&self) -> Pending<G::Action> {
        self.game.pending()
    }

    /// Plays an action. On error nothing changes (the game's `apply` guarantees it for the state; the
    /// session only records successful actions). The rolls of a paced action still to show are made
    /// first.
    pub fn apply(&mut self, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
        self.finish();
        let events = self.game.apply(action.clone())?;
        self.action_starts.push(self.events.len());
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

    /// Whether the last action was played paced and some of its rolls are still to be shown: the game
    /// stands between its step and its end (see [`Session::begin`]).
    pub fn settling(&self) -> bool {
        self.settling.is_some()
    }

    /// Makes every roll of the paced action still to be shown, at once: the game stands where `apply`
    /// would have left it. Returns the events of those rolls.
    pub fn finish(&mut self) -> Vec<G::Event> {
        let Some(s) = self.settling.take() else {
            return Vec::new();
        };
        let rest: Vec<G::Event> = s.events.into_iter().skip(s.shown).collect();
        self.events.extend(rest.iter().cloned());
        self.game = s.settled;
        rest
    }

    /// Takes back the last action by replaying all the others from the start.
    pub fn undo(&mut self) -> Result<(), G::Error> {
        self.finish();
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
        fresh.tutorial = self.tutorial.take();
        *self = fresh;
        self.redo = redo;
        Ok(())
    }

    /// Plays again the last action undone.
    pub fn redo(&mut self) -> Result<(), G::Error> {
        self.finish();
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
            summary: None,
            checks: self.checks(),
            written_by: Some(writer()),
            checks_version: CHECKS_VERSION,
            rules: rules_of::<G>(),
            tutorial: self.tutorial.clone(),
        })
    }

    /// The events of the paced action's rolls still to be shown (none when none are).
    fn rest(&self) -> &[G::Event] {
        self.settling
            .as_ref()
            .map(|s| s.events.get(s.shown..).unwrap_or_default())
            .unwrap_or_default()
    }

    /// The digest of the events up to every [`CHECK_EVERY`]-th action and up to the last, whatever the
    /// count (a paced action's rolls still to be shown counted as made, as the save will replay them):
    /// the checks folded before, those of the actions since, and the last action's.
    fn checks(&self) -> Vec<Check> {
        let rest = self.rest();
        let all = self.events.len() + rest.len();
        let event = |i: usize| match i.checked_sub(self.events.len()) {
            None => self.events.get(i),
            Some(k) => rest.get(k),
        };
        let fold = |mut digest: u64, from: usize, to: usize| {
            for e in (from..to).filter_map(event) {
                digest = fold_event(CHECKS_VERSION, digest, e);
            }
            digest
        };
        let last = self.actions.len();
        let mut folded = self.folded.lock();
        let mut next = (folded.checks.len() + 1) * CHECK_EVERY;
        while next <= last {
            let to = self.action_starts.get(next).copied().unwrap_or(all);
            folded.digest = fold(folded.digest, folded.events, to);
            folded.events = to;
            let digest = folded.digest;
            folded.checks.push(Check {
                after: next,
                digest: format!("{digest:016x}"),
            });
            next += CHECK_EVERY;
        }
        let mut out = folded.checks.clone();
        if last > 0 && !last.is_multiple_of(CHECK_EVERY) {
            let digest = fold(folded.digest, folded.events, all);
            out.push(Check {
                after: last,
                digest: format!("{digest:016x}"),
            });
        }
        out
    }

    /// [`Session::checks`] folded from the first event, as the saves were written before the checks
    /// were kept as the game goes: what the tests hold the kept checks to.
    #[cfg(test)]
    fn checks_from_scratch(&self) -> Vec<Check> {
        let events: Vec<&G::Event> = self.events.iter().chain(self.rest()).collect();
        let mut out = Vec::new();
        let mut digest = start_digest(CHECKS_VERSION, self.seed);
        let mut from = 0;
        let last = self.actions.len();
        let every = (CHECK_EVERY..=last).step_by(CHECK_EVERY);
        let end = (!last.is_multiple_of(CHECK_EVERY)).then_some(last);
        for after in every.chain(end) {
            let to = self.action_starts.get(after).copied().unwrap_or(events.len());
            for e in events.get(from..to).unwrap_or_default() {
                digest = fold_event(CHECKS_VERSION, digest, e);
            }
            from = to;
            out.push(Check {
                after,
                digest: format!("{digest:016x}"),
            });
        }
        out
    }

    /// The save as pretty JSON text.
    pub fn to_json(&self) -> Result<String, SaveError> {
        serde_json::to_string_pretty(&self.to_save()?).map_err(|e| SaveError(e.to_string()))
    }

    /// The save as pretty JSON text, with a line on where the game stands for the start screen.
    pub fn to_json_with_summary(&self, summary: Option<String>) -> Result<String, SaveError> {
        let mut save = self.to_save()?;
        save.summary = summary;
        serde_json::to_string_pretty(&save).map_err(|e| SaveError(e.to_string()))
    }

    /// Loads a save's text by replaying it.
    pub fn load(text: &str) -> Result<Self, LoadError> {
        Self::from_save(peek(text)?)
    }

    /// Rebuilds a game from a parsed save and checks it against what the save recorded: when today's
    /// rules play the actions differently (another result, or an action no longer legal), the game comes
    /// back only as far as it still agrees, with where it parts ([`Divergence`]) — never a silently changed
    /// game, never a refused career. A save without checks (written before them) replays as far as its
    /// actions are legal under today's rules.
    ///
    /// One pass over the actions, whatever the save's length: a divergence replays the agreeing actions
    /// once more, never a copy of the game per check.
    pub fn from_save_checked(save: SaveFile) -> Result<(Self, Option<Divergence>), LoadError> {
        Self::from_save_counting(save, &AtomicUsize::new(0))
    }

    /// [`Session::from_save_checked`], counting the actions replayed so far in `done`, for a window that
    /// shows the progress of a long save while it loads.
    pub fn from_save_counting(
        save: SaveFile,
        done: &AtomicUsize,
    ) -> Result<(Self, Option<Divergence>), LoadError> {
        let recorded = save.actions.len();
        let checks = save.checks.clone();
        let written_by = save.written_by.clone();
        let version = save.checks_version;
        let rules_changed = save.rules.as_ref().map(|r| Some(r) != rules_of::<G>().as_ref());
        let mut digest = start_digest(version, save.seed);
        let (mut session, actions) = Self::started(save)?;
        let fresh = session.clone();
        // The actions known to agree (up to the last check passed), and where their events end.
        let mut agreeing = (0, 0);
        let mut folded = 0;
        let mut parted = None;
        let mut sorted: Vec<&Check> = checks.iter().collect();
        sorted.sort_by_key(|c| c.after);
        let mut next = sorted.into_iter().peekable();
        for (i, action) in actions.iter().enumerate() {
            let n = i + 1;
            done.store(n, Ordering::Relaxed);
            if let Err(e) = session.apply(action.clone()) {
                // Without checks, every legal action agrees with the save as far as anyone can tell.
                if checks.is_empty() {
                    agreeing = (i, session.events().len());
                }
                parted = Some((n, Some(e.to_string())));
                break;
            }
            // The checks in order of their action, each met once: never a search per action.
            while next.peek().is_some_and(|c| c.after < n) {
                next.next();
            }
            let Some(check) = next.next_if(|c| c.after == n) else {
                continue;
            };
            for e in session.events().get(folded..).unwrap_or_default() {
                digest = fold_event(version, digest, e);
            }
            folded = session.events().len();
            if format!("{digest:016x}") != check.digest {
                parted = Some((n, None));
                break;
            }
            agreeing = (n, session.events().len());
        }
        let Some((at, refused)) = parted else {
            return Ok((session, None));
        };
        let divergence = Divergence {
            agrees_to: agreeing.0,
            parts_by: checks
                .iter()
                .map(|c| c.after)
                .find(|&after| after >= at && refused.is_none())
                .unwrap_or(at),
            recorded,
            written_by,
            rules_changed,
            rolls: rolls_in(session.events().get(agreeing.1..).unwrap_or_default()),
            refused,
        };
        let mut back = fresh;
        for action in actions.into_iter().take(agreeing.0) {
            back.apply(action).map_err(|e| LoadError::BadAction {
                index: back.actions.len() + 1,
                message: e.to_string(),
            })?;
        }
        Ok((back, Some(divergence)))
    }

    /// A save's game set up, and its actions read (not yet played).
    fn started(save: SaveFile) -> Result<(Self, Vec<G::Action>), LoadError> {
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
        session.tutorial = save.tutorial;
        let actions = save
            .actions
            .into_iter()
            .enumerate()
            .map(|(i, raw)| {
                serde_json::from_value(raw).map_err(|e| LoadError::BadAction {
                    index: i + 1,
                    message: e.to_string(),
                })
            })
            .collect::<Result<_, _>>()?;
        Ok((session, actions))
    }

    /// Rebuilds a game from a parsed save by replaying every action.
    pub fn from_save(save: SaveFile) -> Result<Self, LoadError> {
        let (mut session, actions) = Self::started(save)?;
        for (i, action) in actions.into_iter().enumerate() {
            session.apply(action).map_err(|e| LoadError::BadAction {
                index: i + 1,
                message: e.to_string(),
            })?;
        }
        Ok(session)
    }
}

impl<G: Paced> Session<G> {
    /// Plays an action paced: the whole action is checked (and refused with nothing changed, as by
    /// [`Session::apply`]), recorded once, and the game then stands after the action's own step; its rolls
    /// follow one at a time with [`Session::roll_one`], or all at once with [`Session::finish`]. Returns
    /// the events of the step.
    pub fn begin(&mut self, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
        self.finish();
        let mut stepped = self.game.clone();
        let first = stepped.step_only(action.clone())?;
        let mut settled = stepped.clone();
        let (events, rolls) = settled.roll_all()?;
        self.action_starts.push(self.events.len());
        self.actions.push(action);
        self.redo.clear();
        self.events.extend(first.iter().cloned());
        if rolls == 0 {
            self.game = settled;
        } else {
            self.game = stepped;
            self.settling = Some(Settling {
                settled,
                events,
                shown: 0,
                rolls_left: rolls,
            });
        }
        Ok(first)
    }

    /// Makes the next roll of the paced action: the game now stands after it. Returns its events (none
    /// when no roll was left).
    pub fn roll_one(&mut self) -> Vec<G::Event> {
        let Some(s) = &mut self.settling else {
            return Vec::new();
        };
        match self.game.roll_next() {
            Ok(Some(events)) if s.rolls_left > 1 => {
                s.shown += events.len();
                s.rolls_left -= 1;
                self.events.extend(events.iter().cloned());
                events
            }
            // The last roll (or, were the game not to roll as it did when the action was checked, the
            // rest at once): the game is exactly the state the checked action reached.
            _ => self.finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::dice::SeededRng;
    use crate::game::Paced;
    use crate::hunt::Hunt;
    use crate::policy::{Captain, Policy};
    use crate::sensuikan::career::Career;

    /// Plays the same game twice, once with `apply` and once paced (the step, then one roll at a time),
    /// and checks that every action ends in the same game, the same events and the same save; returns how
    /// many paced states were shown between actions.
    fn paced_equals_applied<G>(seed: u64, policy: Policy, actions: usize) -> usize
    where
        G: Paced + Captain + PartialEq + std::fmt::Debug,
        G::Event: PartialEq,
        G::Options: Default,
    {
        let mut whole = Session::<G>::new(G::Options::default(), seed, DiceMode::Seeded).unwrap();
        let mut paced = whole.clone();
        let mut rng = SeededRng::new(seed);
        let mut between = 0;
        for _ in 0..actions {
            let Some(action) = policy.choose(whole.game(), &mut rng) else {
                break;
            };
            whole.apply(action.clone()).unwrap();
            paced.begin(action).unwrap();
            assert_eq!(
                paced.actions(),
                whole.actions(),
                "the action is recorded once, at once"
            );
            // The checks kept as the game goes are those folded from the first event, at every
            // state: mid-action too.
            assert_eq!(whole.checks(), whole.checks_from_scratch());
            assert_eq!(paced.checks(), paced.checks_from_scratch());
            while paced.settling() {
                let before = paced.events().len();
                let events = paced.roll_one();
                assert_eq!(paced.events().len(), before + events.len());
                assert_eq!(paced.checks(), paced.checks_from_scratch());
                between += 1;
            }
            assert_eq!(paced.game(), whole.game());
            assert_eq!(paced.events(), whole.events());
            assert_eq!(paced.last_action_events(), whole.last_action_events());
            assert_eq!(paced.to_json().unwrap(), whole.to_json().unwrap());
        }
        // Undone and redone, the checks are rebuilt with the game.
        for _ in 0..CHECK_EVERY + 3 {
            paced.undo().unwrap();
            assert_eq!(paced.checks(), paced.checks_from_scratch());
        }
        paced.redo().unwrap();
        assert_eq!(paced.checks(), paced.checks_from_scratch());
        between
    }

    #[test]
    fn a_paced_hunt_ends_where_apply_does() {
        for seed in 1..6 {
            assert!(paced_equals_applied::<Hunt>(seed, Policy::Careful, 400) > 0);
        }
        paced_equals_applied::<Hunt>(9, Policy::Random, 400);
    }

    #[test]
    fn a_paced_career_ends_where_apply_does() {
        assert!(paced_equals_applied::<Career>(12, Policy::Careful, 200) > 0);
        paced_equals_applied::<Career>(3, Policy::Random, 200);
    }

    /// A paced action stops between its rolls: the boat is seen in each box of a patrol sailed in one
    /// click; undo, redo and a new action in the middle finish the rolls first; a refused action changes
    /// nothing.
    #[test]
    fn a_paced_action_shows_each_roll_and_undo_finishes_it() {
        let mut s = Session::<Hunt>::new(Default::default(), 3, DiceMode::Seeded).unwrap();
        let first = s.begin(crate::hunt::HuntAction::Hunt).unwrap();
        assert!(first.is_empty(), "the step itself only asks for the sonar dice");
        assert!(s.settling());
        assert!(matches!(s.game().phase(), crate::hunt::Phase::Roll { .. }));
        let rolled = s.roll_one();
        assert!(matches!(
            rolled.first(),
            Some(crate::hunt::HuntEvent::Rolled { .. })
        ));
        assert!(!s.settling(), "the sonar roll was the only one");
        assert!(s.begin(crate::hunt::HuntAction::BreakOff).is_err());
        assert_eq!(s.actions().len(), 1, "a refused action is not recorded");

        let pick = s.pending().choices()[0].action.clone();
        s.begin(pick).unwrap();
        assert!(s.settling(), "the enemy's detection roll follows the card");
        s.undo().unwrap();
        assert!(!s.settling());
        assert_eq!(s.actions().len(), 1);
        assert!(
            matches!(
                s.last_action_events().first(),
                Some(crate::hunt::HuntEvent::Rolled { .. })
            ),
            "after undo, the last action's events are the sonar roll's"
        );
        s.redo().unwrap();
        assert_eq!(s.actions().len(), 2);
        assert!(!s.settling(), "redo plays the action whole");

        let mut career = Session::<Career>::new(Default::default(), 7, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(7);
        let mut boxes_seen = Vec::new();
        while career.game().patrol().is_none() {
            let a = Policy::Careful.choose(career.game(), &mut rng).unwrap();
            career.begin(a).unwrap();
            while career.settling() {
                career.roll_one();
                if let Some(p) = career.game().patrol() {
                    boxes_seen.push(p.view().box_number);
                }
            }
        }
        boxes_seen.dedup();
        assert!(
            boxes_seen.len() > 3 && boxes_seen.windows(2).all(|w| w[1] == w[0] + 1 || w[1] <= 1),
            "the boat is seen box after box, patrol after patrol: {boxes_seen:?}"
        );
    }

    #[test]
    fn a_summary_is_written_and_old_saves_without_one_load() {
        let s = Session::<Hunt>::new(Default::default(), 3, DiceMode::Seeded).unwrap();
        let text = s.to_json_with_summary(Some("Turn 1".into())).unwrap();
        assert_eq!(peek(&text).unwrap().summary.as_deref(), Some("Turn 1"));
        let plain = s.to_json().unwrap();
        assert!(!plain.contains("summary"));
        assert_eq!(peek(&plain).unwrap().summary, None);
        assert_eq!(Session::<Hunt>::load(&text).unwrap().game(), s.game());
    }
}

#[cfg(test)]
mod check_tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::dice::SeededRng;
    use crate::hunt::Hunt;
    use crate::policy::Policy;
    use crate::sensuikan::career::Career;

    fn career(seed: u64) -> Session<Career> {
        let mut s = Session::<Career>::new(Default::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        while let Some(a) = Policy::Careful.choose(s.game(), &mut rng) {
            s.apply(a).unwrap();
        }
        s
    }

    /// A save records what the game came to every ten actions; replayed by the same rules it agrees.
    #[test]
    fn a_save_records_its_checks_and_replays_in_agreement() {
        let s = career(1);
        let save = s.to_save().unwrap();
        let n = s.actions().len();
        assert_eq!(save.checks.len(), n.div_ceil(CHECK_EVERY));
        assert_eq!(
            save.checks.last().map(|c| c.after),
            Some(n),
            "a check follows the last action"
        );
        assert_eq!(save.written_by.as_deref(), Some(writer().as_str()));
        let (again, divergence) = Session::<Career>::from_save_checked(save).unwrap();
        assert_eq!(divergence, None);
        assert_eq!(again.actions(), s.actions());
    }

    /// A save whose recorded game differs from today's replay (as a changed chart would make it: here its
    /// fourth check is altered) comes back only as far as it agrees, with where it parts; a save without
    /// checks (written before them) replays whole.
    #[test]
    fn a_divergent_save_comes_back_as_far_as_it_agrees() {
        let s = career(1);
        let mut save = s.to_save().unwrap();
        save.checks[3].digest = "0000000000000000".into();
        let (agreeing, divergence) = Session::<Career>::from_save_checked(save.clone()).unwrap();
        let d = divergence.unwrap();
        assert_eq!((d.agrees_to, d.parts_by, d.recorded), (30, 40, s.actions().len()));
        assert_eq!(agreeing.actions(), &s.actions()[..30]);
        assert!(d.to_string().contains("between actions 31 and 40"), "{d}");
        save.checks.clear();
        let (whole, none) = Session::<Career>::from_save_checked(save).unwrap();
        assert_eq!((whole.actions().len(), none), (s.actions().len(), None));
    }

    /// A save records the rules data it was played under; a divergence says whether that data changed
    /// (or the code did) and which rolls today's rules make where the save parts.
    #[test]
    fn a_divergence_tells_a_change_of_rules_data_from_a_change_of_code() {
        let s = career(1);
        let mut save = s.to_save().unwrap();
        assert_eq!(save.checks_version, CHECKS_VERSION);
        assert_eq!(save.rules, rules_of::<Career>());
        assert_eq!(save.rules.as_deref().map(str::len), Some(16));
        save.checks[3].digest = "0000000000000000".into();
        let (_, same) = Session::<Career>::from_save_checked(save.clone()).unwrap();
        let same = same.unwrap();
        assert_eq!(same.rules_changed, Some(false));
        assert!(
            same.to_string().contains("same rules data, so its code changed"),
            "{same}"
        );
        // The rolls named are the ones today's rules make in actions 31 to 40.
        let mut replay =
            Session::<Career>::new(s.options().clone(), s.seed(), s.dice_mode().clone()).unwrap();
        for a in &s.actions()[..30] {
            replay.apply(a.clone()).unwrap();
        }
        let from = replay.events().len();
        for a in &s.actions()[30..40] {
            replay.apply(a.clone()).unwrap();
        }
        let want = rolls_in(&replay.events()[from..]);
        assert!(!want.is_empty());
        assert_eq!(same.rolls, want);
        assert!(same.to_string().contains(&want[0]), "{same}");

        save.rules = Some("0123456789abcdef".into());
        let (_, changed) = Session::<Career>::from_save_checked(save.clone()).unwrap();
        let changed = changed.unwrap();
        assert_eq!(changed.rules_changed, Some(true));
        assert!(changed.to_string().contains("rules data differs"), "{changed}");
        save.rules = None;
        let (_, unknown) = Session::<Career>::from_save_checked(save).unwrap();
        assert_eq!(unknown.unwrap().rules_changed, None);
    }

    /// The checks digest what the rules decided, not their wording: a sentence reworded leaves a check
    /// as it was, another face, modifier value, result or id does not.
    #[test]
    fn checks_fold_what_the_rules_decided_not_the_wording() {
        let event = |outcome: &str, faces: [u8; 2], value: i32, ship: &str| {
            serde_json::json!({"Rolled": {"roll": {
                "chart": "B1 Torpedo attack", "rule": "8.2.3", "dice": "2d6", "faces": faces,
                "natural": faces[0] + faces[1], "modifiers": [{"reason": "a reason in words", "value": value}],
                "result": i32::from(faces[0] + faces[1]) + value, "outcome": outcome
            }, "ship": ship, "note": "Kongo Maru sinks"}})
        };
        let digest = |e: &Value| fold_event(CHECKS_VERSION, FNV_START, e);
        // A number folds as its decimal text, the sign included.
        for n in [0i64, 7, -7, 1234, i64::MIN, i64::MAX] {
            assert_eq!(
                fold_decided(FNV_START, &serde_json::json!(n)),
                fnv(FNV_START, n.to_string().as_bytes())
            );
        }
        assert_eq!(
            fold_decided(FNV_START, &serde_json::json!(u64::MAX)),
            fnv(FNV_START, u64::MAX.to_string().as_bytes())
        );
        let base = digest(&event("a hit, she sinks", [3, 4], 1, "kongo_maru"));
        assert_eq!(
            base,
            digest(&event("hit: the target goes down", [3, 4], 1, "kongo_maru"))
        );
        assert_ne!(base, digest(&event("a hit, she sinks", [4, 3], 1, "kongo_maru")));
        assert_ne!(base, digest(&event("a hit, she sinks", [3, 4], 2, "kongo_maru")));
        assert_ne!(base, digest(&event("a hit, she sinks", [3, 4], 1, "akagi")));
        // The numbers an outcome states are decided; the cases it cites are not.
        let three = digest(&event("3 damage [8.2.3]", [3, 4], 1, "kongo_maru"));
        assert_eq!(
            three,
            digest(&event("3 points of damage [8.2.4]", [3, 4], 1, "kongo_maru"))
        );
        assert_ne!(three, digest(&event("4 damage [8.2.3]", [3, 4], 1, "kongo_maru")));
        // The first saves' checks folded every byte, wording included.
        let v1 = |e: &Value| fold_event(1, FNV_START, e);
        assert_ne!(
            v1(&event("a hit, she sinks", [3, 4], 1, "kongo_maru")),
            v1(&event("hit: the target goes down", [3, 4], 1, "kongo_maru"))
        );
    }

    /// A career played to its end, as a save whose actions can be tampered with.
    fn hunt_save(seed: u64, actions: usize) -> (Session<Hunt>, SaveFile) {
        let mut s = Session::<Hunt>::new(Default::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..actions {
            let Some(a) = Policy::Careful.choose(s.game(), &mut rng) else {
                break;
            };
            s.apply(a).unwrap();
        }
        let save = s.to_save().unwrap();
        (s, save)
    }

    /// Every save is checked to its last action: swapping any two of its last ten actions (when they
    /// differ and still replay) is a divergence, and so is a changed seed, even in a save of three actions.
    #[test]
    fn every_save_is_checked_to_its_last_action() {
        let (s, save) = hunt_save(3, 10_000);
        let n = s.actions().len();
        assert!(n > 20, "{n}");
        let mut swaps = 0;
        for i in n - 10..n {
            for j in i + 1..n {
                let mut tampered = save.clone();
                if tampered.actions[i] == tampered.actions[j] {
                    continue;
                }
                tampered.actions.swap(i, j);
                let (back, d) = Session::<Hunt>::from_save_checked(tampered).unwrap();
                let d = d.unwrap_or_else(|| panic!("swapping actions {} and {} passed", i + 1, j + 1));
                assert!(d.agrees_to <= i, "{d:?}");
                assert_eq!(back.actions(), &s.actions()[..d.agrees_to]);
                swaps += 1;
            }
        }
        assert!(swaps > 0);
        let (_, short) = hunt_save(3, 3);
        assert_eq!(short.actions.len(), 3);
        assert_eq!(short.checks.len(), 1);
        let mut reseeded = short.clone();
        reseeded.seed += 1;
        let (back, d) = Session::<Hunt>::from_save_checked(reseeded).unwrap();
        let d = d.expect("a changed seed is a divergence");
        assert_eq!(d.agrees_to, 0, "{d:?}");
        assert!((1..=3).contains(&d.parts_by), "{d:?}");
        assert!(back.actions().is_empty());
        assert_eq!(Session::<Hunt>::from_save_checked(short).unwrap().1, None);
    }

    /// A save without checks (written before them) whose action is no longer legal comes back as far as
    /// its actions are legal, saying which action today's rules refuse and why.
    #[test]
    fn an_old_save_opens_as_far_as_its_actions_are_legal() {
        let s = career(1);
        let mut save = s.to_save().unwrap();
        save.checks.clear();
        save.checks_version = 1;
        // Action 18 replaced by one no longer possible where it stands: the first action (a class chosen
        // at the start of the career).
        save.actions[17] = save.actions[0].clone();
        let (back, d) = Session::<Career>::from_save_checked(save).unwrap();
        let d = d.unwrap();
        assert_eq!((d.agrees_to, d.parts_by, d.recorded), (17, 18, s.actions().len()));
        assert!(d.refused.is_some());
        assert_eq!(back.actions(), &s.actions()[..17]);
        assert!(
            d.to_string().starts_with(&format!(
                "action 18 of the save's {} is not possible under this version's rules (",
                s.actions().len()
            )),
            "{d}"
        );
    }

    /// The load counts the actions replayed, for a window showing its progress.
    #[test]
    fn a_load_counts_its_actions() {
        let (s, save) = hunt_save(5, 10_000);
        let done = AtomicUsize::new(0);
        let (back, d) = Session::<Hunt>::from_save_counting(save, &done).unwrap();
        assert_eq!((back.actions().len(), d), (s.actions().len(), None));
        assert_eq!(done.load(Ordering::Relaxed), s.actions().len());
    }
}
