//! Counter sheets: every counter a physical game has, in the numbers its component list gives, for Track
//! mode's tray (`data/<game>/counters.json`).
//!
//! A game's mix is data, not code, for the reason its charts are: the numbers come from the rulebook's
//! component list (Sensuikan's [3.3.2]) where it gives them and are estimated where it does not, and each
//! kind of counter says which, with its provenance, exactly as a chart row does. A player can read the
//! file, the shipped-data test checks it, and a game that joins the house (Atlantic Sentinels, the Silent
//! War companion) hands its mix in the same way: a file (or its own data) and one line in [`REGISTRY`].
//!
//! ```json
//! {"game": "sensuikan", "title": "…", "notes": ["…"],
//!  "kinds": [{"id": "rank", "label": "RANK", "name": "Officer rank marker", "group": "Career",
//!             "side": "marker", "symbol": "star", "count": 3,
//!             "faces": [{"mark": "1"}, {"mark": "2"}, {"mark": "3"}],
//!             "provenance": {"source": "rule", "case": "3.3.2"}}]}
//! ```

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

/// Where a game's counter mix comes from.
#[derive(Debug, Clone, Copy)]
pub enum MixSource {
    /// A shipped file (`data/<game>/counters.json`): its path and its text.
    File { file: &'static str, text: &'static str },
    /// Built from the game's own data (a game whose counters are its set's catalog).
    Built(fn() -> Result<CounterMix, DataError>),
}

/// A game with a counter mix: its id and where its mix comes from.
#[derive(Debug, Clone, Copy)]
pub struct CounterGame {
    pub game: &'static str,
    pub mix: MixSource,
}

/// Every game with a counter mix, one line each, in the start screen's order: the one list that names
/// them. Track mode's tray, the boards' counter ids and the player's own counter art
/// (`periscope-cli counters list GAME`) all read it.
pub const REGISTRY: &[CounterGame] = &[
    CounterGame {
        game: "hunt",
        mix: MixSource::File {
            file: "data/hunt/counters.json",
            text: include_str!("../../../data/hunt/counters.json"),
        },
    },
    CounterGame {
        game: "sensuikan",
        mix: MixSource::File {
            file: "data/sensuikan/counters.json",
            text: include_str!("../../../data/sensuikan/counters.json"),
        },
    },
    CounterGame {
        game: "atlantic",
        mix: MixSource::File {
            file: "data/atlantic/counters.json",
            text: include_str!("../../../data/atlantic/counters.json"),
        },
    },
    CounterGame {
        game: crate::silent_war_ijn::GAME,
        mix: MixSource::Built(crate::silent_war_ijn::counters::mix),
    },
];

/// Every game with a counter mix, in the start screen's order ([`REGISTRY`]'s games).
pub const GAMES: &[&str] = &{
    let mut games = [""; REGISTRY.len()];
    let mut i = 0;
    while i < REGISTRY.len() {
        games[i] = REGISTRY[i].game;
        i += 1;
    }
    games
};

/// The mix `game` ships in a file, validated (a test validates every one, so this cannot fail in a
/// release); `None` when the game ships no file.
pub fn shipped(game: &str) -> Option<Result<CounterMix, DataError>> {
    let (file, text) = REGISTRY
        .iter()
        .find(|g| g.game == game)
        .and_then(|g| match g.mix {
            MixSource::File { file, text } => Some((file, text)),
            MixSource::Built(_) => None,
        })?;
    Some(read_shipped(game, file, text))
}

/// A shipped file's mix, which must be for `game`.
fn read_shipped(game: &str, file: &str, text: &str) -> Result<CounterMix, DataError> {
    CounterMix::parse(file, text).and_then(|mix| {
        if mix.game == game {
            Ok(mix)
        } else {
            Err(DataError::new(
                file,
                "",
                "field game",
                format!("the file is for '{}', not '{game}'", mix.game),
            ))
        }
    })
}

/// The counter mix of `game`, whichever way the game keeps it ([`MixSource`]): its shipped file, or built
/// from its own data. `None` for a game without counters.
pub fn of_game(game: &str) -> Option<Result<CounterMix, DataError>> {
    REGISTRY.iter().find(|g| g.game == game).map(CounterGame::mix)
}

impl CounterGame {
    /// The game's mix, whichever way it keeps it ([`MixSource`]): what [`of_game`] reads for a game of
    /// [`REGISTRY`] (a test reads a line of its own game through it).
    pub fn mix(&self) -> Result<CounterMix, DataError> {
        match self.mix {
            MixSource::File { file, text } => read_shipped(self.game, file, text),
            MixSource::Built(build) => build(),
        }
    }
}

/// A printed counter's mark holds at most this many characters ([`CounterMix::problems`]).
pub(crate) const MARK_CHARS: usize = 8;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    #[test]
    fn every_shipped_mix_is_valid() {
        for g in REGISTRY {
            if let MixSource::File { file, text } = g.mix {
                let mix = CounterMix::parse(file, text).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(mix.game, g.game, "{file}");
            }
        }
    }

    /// Every game's mix, those built from a game's own data too, is valid: the player's counter art is
    /// filed under these ids.
    #[test]
    fn every_game_has_a_valid_mix() {
        for &game in GAMES {
            let mix = of_game(game).unwrap_or_else(|| panic!("{game}")).unwrap();
            assert_eq!(mix.game, game);
            assert_eq!(mix.problems(game), Vec::new(), "{game}");
        }
        assert_eq!(GAMES.len(), REGISTRY.len());
        assert!(of_game("monopoly").is_none());
    }

    #[test]
    fn mistakes_are_named_by_kind() {
        let text = r#"{"game": "x", "title": "t", "kinds": [
            {"id": "a", "label": "TOO LONG", "name": "A", "group": "G", "side": "marker", "symbol": "star",
             "count": 2, "faces": [{"mark": "1"}], "provenance": {"source": "rule", "case": ""}},
            {"id": "a", "label": "B", "name": "B", "group": "G", "side": "enemy", "symbol": "ship",
             "count": 0, "provenance": {"source": "reconstructed", "reason": "test"}}]}"#;
        let m: CounterMix = serde_json::from_str(text).unwrap();
        let problems: Vec<String> = m.problems("t.json").iter().map(|e| e.to_string()).collect();
        assert_eq!(
            problems,
            [
                "t.json, chart kinds, entry kind 1 (a): the label 'TOO LONG' must be 1 to 7 characters",
                "t.json, chart kinds, entry kind 1 (a): 1 faces for 2 counters: give one per counter, or none",
                "t.json, chart kinds, entry kind 1 (a): provenance names no rule case",
                "t.json, chart kinds, entry kind 2 (a): this id appears twice",
                "t.json, chart kinds, entry kind 2 (a): a kind has at least one counter",
            ]
        );
        assert!(
            CounterMix::parse("t.json", text)
                .unwrap_err()
                .message
                .contains("(and 4 more problems)")
        );
    }
}
