//! What a counter sheet holds: the kinds of counter, their faces and sides, and a game's whole mix, read
//! and checked from its file. Below the registry ([`super`]), so a game that builds its mix from its own
//! data imports these types without importing the list that names it.

use serde::{Deserialize, Serialize};

use crate::{DataError, Provenance};

/// The colour family of a counter: the player's boat and its stores, the enemy, or a neutral marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterSide {
    Submarine,
    Enemy,
    Marker,
}

/// The symbol drawn on a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterSymbol {
    Submarine,
    Torpedo,
    Ship,
    Star,
    Gauge,
    Die,
    Flag,
    Plane,
    Medal,
    Shell,
}

/// What tells one counter of a kind from the others (the class of a submarine marker, the number of a
/// rank marker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// The catalog entry it stands for, when there is one (`type_c`, `pearl_harbor`): a test checks the
    /// faces against the game's catalogs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Printed on the counter, short (at most 8 characters).
    pub mark: String,
    /// Its full name, for the tray's search (`Type C`, `Pearl Harbor`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The back's label when it differs from the kind's (`VET` behind `TRN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
}

/// One kind of counter and how many the game has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterKind {
    /// Stable id (`t95`).
    pub id: String,
    /// Printed on the counter, short (at most 7 characters: `T95`).
    pub label: String,
    /// What it is, for the tray's search (`Type 95 oxygen torpedo`).
    pub name: String,
    /// The tray's section it sits in (`Armament`).
    pub group: String,
    pub side: CounterSide,
    pub symbol: CounterSymbol,
    /// How many the physical game has.
    pub count: u32,
    /// What the back reads when the counter is flipped (`INOP` behind a damage marker); none: the label on
    /// a plain back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
    /// One per counter when the counters of the kind differ; empty when they are all alike.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<Face>,
    /// Where the count comes from: the component list's case, or why it is estimated.
    pub provenance: Provenance,
}

impl CounterKind {
    /// The face of the kind's `i`-th counter, when its counters differ.
    pub fn face(&self, i: usize) -> Option<&Face> {
        self.faces.get(i)
    }
}

/// A game's whole counter mix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterMix {
    pub game: String,
    pub title: String,
    /// What the file says about its numbers, in our own words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    pub kinds: Vec<CounterKind>,
}

impl CounterMix {
    /// Parses and validates a mix; `file` names it in errors. The first problem is returned, with the
    /// number of others.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let mix: CounterMix = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        let mut problems = mix.problems(file);
        if problems.is_empty() {
            return Ok(mix);
        }
        let more = problems.len() - 1;
        let mut first = problems.swap_remove(0);
        if more > 0 {
            first.message = format!("{} (and {more} more problems)", first.message);
        }
        Err(first)
    }

    /// Every problem of the mix, kind by kind: ids given once, labels and marks short enough to print,
    /// a count of at least one, one face per counter when faces are given, and a provenance for each count.
    pub fn problems(&self, file: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        let mut err = |entry: String, msg: String| out.push(DataError::new(file, "kinds", entry, msg));
        if self.game.trim().is_empty() {
            err(String::new(), "the mix names no game".into());
        }
        if self.kinds.is_empty() {
            err(String::new(), "the mix has no counters".into());
        }
        for (i, k) in self.kinds.iter().enumerate() {
            let entry = format!("kind {} ({})", i + 1, k.id);
            if k.id.trim().is_empty() {
                err(entry.clone(), "a kind needs an id".into());
            }
            if self.kinds[..i].iter().any(|o| o.id == k.id) {
                err(entry.clone(), "this id appears twice".into());
            }
            let chars = k.label.chars().count();
            if chars == 0 || chars > 7 {
                err(
                    entry.clone(),
                    format!("the label '{}' must be 1 to 7 characters", k.label),
                );
            }
            if k.name.trim().is_empty() || k.group.trim().is_empty() {
                err(entry.clone(), "a kind needs a name and a group".into());
            }
            if k.count == 0 {
                err(entry.clone(), "a kind has at least one counter".into());
            }
            if !k.faces.is_empty() && k.faces.len() != k.count as usize {
                err(
                    entry.clone(),
                    format!(
                        "{} faces for {} counters: give one per counter, or none",
                        k.faces.len(),
                        k.count
                    ),
                );
            }
            for (j, f) in k.faces.iter().enumerate() {
                let n = f.mark.chars().count();
                if n == 0 || n > 8 {
                    err(
                        format!("{entry}, face {}", j + 1),
                        format!("the mark '{}' must be 1 to 8 characters", f.mark),
                    );
                }
            }
            if let Err(m) = k.provenance.validate() {
                err(entry, m);
            }
        }
        out
    }

    /// The kind `id`.
    pub fn kind(&self, id: &str) -> Option<&CounterKind> {
        self.kinds.iter().find(|k| k.id == id)
    }

    /// How many counters of kind `id` the game has (0 when it has no such kind).
    pub fn count(&self, id: &str) -> u32 {
        self.kind(id).map_or(0, |k| k.count)
    }

    /// How many counters the game has in all.
    pub fn total(&self) -> u32 {
        self.kinds.iter().map(|k| k.count).sum()
    }
}

/// A printed counter's mark holds at most this many characters ([`CounterMix::problems`]).
pub(crate) const MARK_CHARS: usize = 8;
