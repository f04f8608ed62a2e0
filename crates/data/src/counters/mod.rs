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

pub mod mix;

pub use mix::*;

use crate::DataError;

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
            text: include_str!("../../../../data/hunt/counters.json"),
        },
    },
    CounterGame {
        game: "sensuikan",
        mix: MixSource::File {
            file: "data/sensuikan/counters.json",
            text: include_str!("../../../../data/sensuikan/counters.json"),
        },
    },
    CounterGame {
        game: "atlantic",
        mix: MixSource::File {
            file: "data/atlantic/counters.json",
            text: include_str!("../../../../data/atlantic/counters.json"),
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
